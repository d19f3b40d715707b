//! The page (`web/`), embedded in the binary: `index.html` for `/` and `/g/{id}`, and
//! every other file under `/assets/`.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// Every file of `crates/ashta-server/web/`.
#[derive(RustEmbed)]
#[folder = "web/"]
struct Web;

fn file(path: &str, cache: &'static str) -> Option<Response> {
    let found = Web::get(path)?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    Some(
        (
            [
                (header::CONTENT_TYPE, mime.as_ref().to_string()),
                (header::CACHE_CONTROL, cache.to_string()),
            ],
            found.data.into_owned(),
        )
            .into_response(),
    )
}

/// `GET /` and `GET /g/{id}`: the page.
pub async fn index() -> Response {
    file("index.html", "no-cache").unwrap_or_else(|| {
        (
            StatusCode::NOT_FOUND,
            "this server was built without its page (crates/ashta-server/web/index.html)",
        )
            .into_response()
    })
}

/// `GET /assets/{*path}`: a file of the page, looked up under `web/assets/` and then
/// under `web/`.
pub async fn asset(Path(path): Path<String>) -> Response {
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return (StatusCode::NOT_FOUND, "no such asset").into_response();
    }
    file(&format!("assets/{path}"), "no-cache")
        .or_else(|| file(&path, "no-cache"))
        .unwrap_or_else(|| (StatusCode::NOT_FOUND, "no such asset").into_response())
}

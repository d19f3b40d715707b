//! The page (`web/`), embedded in the binary: `index.html` for `/` and `/g/{id}`, and
//! every other file under `/assets/`; and the browser module (`scripts/build-wasm`'s
//! `target/wasm-pkg`) under `/assets/wasm/`, read once when the server starts and sent
//! gzipped to browsers that take it. Without the module the page plays online only.

use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// Every file of `crates/ashta-server/web/`.
#[derive(RustEmbed)]
#[folder = "web/"]
struct Web;

/// Whether the request takes a gzipped body.
fn takes_gzip(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")))
}

fn gzip(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(data)?;
    gz.finish()
}

/// A file's response: 304 when the browser holds this version (`etag`), else the
/// body, gzipped when `gzipped` is given and the browser takes it.
fn respond(
    name: &str,
    etag: &str,
    plain: Bytes,
    gzipped: impl FnOnce() -> Option<Bytes>,
    headers: &HeaderMap,
) -> Response {
    let etag = format!("\"{etag}\"");
    let cache = [
        (header::CACHE_CONTROL, "no-cache".to_string()),
        (header::ETAG, etag.clone()),
        (header::VARY, "accept-encoding".to_string()),
    ];
    if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == etag.as_bytes())
    {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let body = takes_gzip(headers).then(gzipped).flatten();
    let gzip = body.is_some();
    let mut response = (
        [(header::CONTENT_TYPE, mime.as_ref().to_string())],
        cache,
        body.unwrap_or(plain),
    )
        .into_response();
    if gzip {
        let value = header::HeaderValue::from_static("gzip");
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, value);
    }
    response
}

fn file(path: &str, headers: &HeaderMap) -> Option<Response> {
    let found = Web::get(path)?;
    let etag = hex::encode(&found.metadata.sha256_hash()[..16]);
    let plain = Bytes::from(found.data.into_owned());
    let compressible = !path.ends_with(".png");
    let gzipped = || {
        compressible
            .then(|| gzip(&plain).ok().map(Bytes::from))
            .flatten()
    };
    Some(respond(path, &etag, plain.clone(), gzipped, headers))
}

/// `GET /` and `GET /g/{id}`: the page.
pub async fn index(headers: HeaderMap) -> Response {
    file("index.html", &headers).unwrap_or_else(|| {
        (
            StatusCode::NOT_FOUND,
            "this server was built without its page (crates/ashta-server/web/index.html)",
        )
            .into_response()
    })
}

/// `GET /assets/{*path}`: a file of the page, looked up under `web/assets/` and then
/// under `web/`; `wasm/…` is a file of the browser module.
pub async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return (StatusCode::NOT_FOUND, "no such asset").into_response();
    }
    if let Some(name) = path.strip_prefix("wasm/") {
        return module_file(name, &headers);
    }
    if path == "sw.js" {
        // The service worker sits under /assets/ but looks after the whole page.
        if let Some(mut response) = file(&path, &headers) {
            let allowed = header::HeaderValue::from_static("/");
            response
                .headers_mut()
                .insert("service-worker-allowed", allowed);
            return response;
        }
    }
    file(&format!("assets/{path}"), &headers)
        .or_else(|| file(&path, &headers))
        .unwrap_or_else(|| (StatusCode::NOT_FOUND, "no such asset").into_response())
}

/// The files of the browser module that the page loads.
const MODULE_FILES: [&str; 2] = ["ashta_wasm.js", "ashta_wasm_bg.wasm"];

/// One file of the browser module, as read and as gzipped, with its version tag.
struct ModuleFile {
    name: &'static str,
    etag: String,
    plain: Bytes,
    gzip: Bytes,
}

static MODULE: OnceLock<Result<Vec<ModuleFile>, String>> = OnceLock::new();

/// Where the browser module is read from: `ASHTA_WASM_PKG`, else the `target/wasm-pkg`
/// of the source tree this server was built from.
pub fn module_dir() -> PathBuf {
    std::env::var_os("ASHTA_WASM_PKG").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../target/wasm-pkg"
            ))
        },
        PathBuf::from,
    )
}

fn read_module(dir: &std::path::Path) -> Result<Vec<ModuleFile>, String> {
    MODULE_FILES
        .iter()
        .map(|&name| {
            let path = dir.join(name);
            let plain = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let gzip = gzip(&plain).map_err(|e| e.to_string())?;
            let mut hasher = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(&plain, &mut hasher);
            Ok(ModuleFile {
                name,
                etag: format!("{:016x}", std::hash::Hasher::finish(&hasher)),
                plain: plain.into(),
                gzip: gzip.into(),
            })
        })
        .collect()
}

fn module() -> &'static Result<Vec<ModuleFile>, String> {
    MODULE.get_or_init(|| read_module(&module_dir()))
}

/// Reads the browser module once and says in the log whether offline play is on.
pub fn announce_module() {
    match module() {
        Ok(files) => tracing::info!(
            "browser module served from {} ({} bytes gzipped): offline play on",
            module_dir().display(),
            files.iter().map(|f| f.gzip.len()).sum::<usize>()
        ),
        Err(e) => tracing::warn!(
            "no browser module ({e}); run scripts/build-wasm for offline play. Online play is served as usual"
        ),
    }
}

fn module_file(name: &str, headers: &HeaderMap) -> Response {
    let Ok(files) = module() else {
        return (
            StatusCode::NOT_FOUND,
            "this server has no browser module (run scripts/build-wasm)",
        )
            .into_response();
    };
    let Some(found) = files.iter().find(|f| f.name == name) else {
        return (StatusCode::NOT_FOUND, "no such file of the browser module").into_response();
    };
    respond(
        name,
        &found.etag,
        found.plain.clone(),
        || Some(found.gzip.clone()),
        headers,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_module_is_named_not_fatal() {
        let err = read_module(std::path::Path::new("/nonexistent/wasm-pkg"))
            .err()
            .expect("no module there");
        assert!(err.contains("/nonexistent/wasm-pkg/ashta_wasm.js"), "{err}");
    }

    #[test]
    fn the_module_is_sent_gzipped_to_a_browser_that_takes_it_and_304_when_held() {
        let dir = tempfile::tempdir().unwrap();
        for name in MODULE_FILES {
            std::fs::write(dir.path().join(name), "x".repeat(4000)).unwrap();
        }
        let files = read_module(dir.path()).unwrap();
        let f = &files[1];
        assert!(f.gzip.len() < f.plain.len());
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, "gzip, br".parse().unwrap());
        let r = respond(
            f.name,
            &f.etag,
            f.plain.clone(),
            || Some(f.gzip.clone()),
            &headers,
        );
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        let etag = r.headers()[header::ETAG].clone();
        headers.insert(header::IF_NONE_MATCH, etag);
        let r = respond(
            f.name,
            &f.etag,
            f.plain.clone(),
            || Some(f.gzip.clone()),
            &headers,
        );
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
        let plain = respond(
            f.name,
            &f.etag,
            f.plain.clone(),
            || Some(f.gzip.clone()),
            &HeaderMap::new(),
        );
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
    }
}

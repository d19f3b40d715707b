//! The page (`web/`), embedded in the binary: `index.html` for `/` and `/g/{id}`, and
//! every other file under `/assets/`; and the browser module (built by `build.rs` from
//! `crates/ashta-wasm`, also embedded) under `/assets/wasm/`, gzipped once when the
//! server starts and sent gzipped to browsers that take it.

use std::io::Write;
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
    // Pictures and fonts are compressed already.
    let compressible = !path.ends_with(".png") && !path.ends_with(".woff2");
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

/// Whether the browser module is built in: false when the build lacked the wasm32
/// target (`build.rs` then embeds empty files and says so), and the page plays online
/// only.
pub const BROWSER_MODULE_BUILT: bool = !cfg!(browser_module_missing);

/// The files of the browser module that the page loads.
const MODULE_FILES: [&str; 2] = ["ashta_wasm.js", "ashta_wasm_bg.wasm"];

/// The browser module as the build script made it (`build.rs`: `crates/ashta-wasm` for
/// wasm32, with its wasm-bindgen glue), in the order of [`MODULE_FILES`].
const EMBEDDED_MODULE: [&[u8]; 2] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/wasm-pkg/ashta_wasm.js")),
    include_bytes!(concat!(env!("OUT_DIR"), "/wasm-pkg/ashta_wasm_bg.wasm")),
];

/// One file of the browser module, as built and as gzipped, with its version tag.
struct ModuleFile {
    name: &'static str,
    etag: String,
    plain: Bytes,
    gzip: Bytes,
}

static MODULE: OnceLock<Vec<ModuleFile>> = OnceLock::new();

fn module_file_of(name: &'static str, data: &'static [u8]) -> ModuleFile {
    let mut hasher = std::hash::DefaultHasher::new();
    std::hash::Hash::hash(data, &mut hasher);
    ModuleFile {
        name,
        etag: format!("{:016x}", std::hash::Hasher::finish(&hasher)),
        plain: Bytes::from_static(data),
        // Compressing into memory cannot fail; an empty body would only cost the gzip.
        gzip: gzip(data).map(Bytes::from).unwrap_or_default(),
    }
}

/// The browser module, gzipped once, the first time it is asked for.
fn module() -> &'static [ModuleFile] {
    MODULE.get_or_init(|| {
        MODULE_FILES
            .iter()
            .zip(EMBEDDED_MODULE)
            .map(|(&name, data)| module_file_of(name, data))
            .collect()
    })
}

/// Prepares the browser module (gzips it) and says in the log that offline play is on.
pub fn announce_module() {
    if !BROWSER_MODULE_BUILT {
        tracing::warn!(
            "built without the browser module (the build lacked the wasm32-unknown-unknown target): offline play off"
        );
        return;
    }
    let files = module();
    tracing::info!(
        "browser module built in ({} bytes, {} gzipped): offline play on",
        files.iter().map(|f| f.plain.len()).sum::<usize>(),
        files.iter().map(|f| f.gzip.len()).sum::<usize>()
    );
}

/// Writes the embedded browser module (`ashta_wasm.js`, `ashta_wasm_bg.wasm`) into
/// `dir`, created if missing: the module the server serves, for tools that load it
/// outside a browser (the Node checks of `scripts/test`).
pub fn write_module(dir: &std::path::Path) -> std::io::Result<()> {
    if !BROWSER_MODULE_BUILT {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "this server was built without its browser module (rustup target add wasm32-unknown-unknown, then build again)",
        ));
    }
    std::fs::create_dir_all(dir)?;
    for (name, data) in MODULE_FILES.iter().zip(EMBEDDED_MODULE) {
        std::fs::write(dir.join(name), data)?;
    }
    Ok(())
}

fn module_file(name: &str, headers: &HeaderMap) -> Response {
    if !BROWSER_MODULE_BUILT {
        return (
            StatusCode::NOT_FOUND,
            "this server was built without its browser module",
        )
            .into_response();
    }
    let Some(found) = module().iter().find(|f| f.name == name) else {
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
    #[cfg_attr(
        browser_module_missing,
        ignore = "built without the wasm32-unknown-unknown target: no browser module"
    )]
    fn the_embedded_module_is_a_wasm_binary_with_its_glue() {
        let files = module();
        assert_eq!(files.len(), 2);
        assert!(files[1].plain.starts_with(b"\0asm"), "not a wasm binary");
        let glue = std::str::from_utf8(&files[0].plain).expect("the glue is text");
        assert!(
            glue.contains("ashta_wasm_bg.wasm"),
            "the glue loads its binary"
        );
        let dir = tempfile::tempdir().unwrap();
        write_module(&dir.path().join("pkg")).unwrap();
        let written = std::fs::read(dir.path().join("pkg/ashta_wasm_bg.wasm")).unwrap();
        assert_eq!(written, files[1].plain);
    }

    #[test]
    #[cfg(browser_module_missing)]
    fn a_server_built_without_the_module_says_so_instead_of_serving_empty_files() {
        let r = module_file("ashta_wasm_bg.wasm", &HeaderMap::new());
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
        let dir = tempfile::tempdir().unwrap();
        let error = write_module(&dir.path().join("pkg")).unwrap_err();
        assert!(error.to_string().contains("without its browser module"));
    }

    #[test]
    fn the_module_is_sent_gzipped_to_a_browser_that_takes_it_and_304_when_held() {
        let data: &'static [u8] = "x".repeat(4000).leak().as_bytes();
        let f = &module_file_of("ashta_wasm_bg.wasm", data);
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

    #[test]
    fn the_fonts_of_the_indian_scripts_are_served_as_woff2_and_never_gzipped_again() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, "gzip".parse().unwrap());
        for script in ["devanagari", "kannada", "telugu", "tamil"] {
            for weight in [400, 700] {
                let path = format!("fonts/noto-sans-{script}-{script}-{weight}-normal.woff2");
                let r = file(&path, &headers).unwrap_or_else(|| panic!("{path} is embedded"));
                assert_eq!(r.status(), StatusCode::OK, "{path}");
                assert_eq!(r.headers()[header::CONTENT_TYPE], "font/woff2", "{path}");
                assert!(
                    r.headers().get(header::CONTENT_ENCODING).is_none(),
                    "{path}"
                );
            }
        }
        assert!(
            file("fonts/OFL.txt", &headers).is_some(),
            "the fonts' licence is served with them"
        );
    }
}

//! Walking the repository's Markdown: its root, its files, and their prose.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root (two levels above this crate).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every Markdown file under `dir`, leaving out build output, installed packages and
/// hidden folders.
pub fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let skipped =
                name.starts_with('.') || ["target", "node_modules"].contains(&name.as_str());
            if !skipped {
                markdown_files(&path, found);
            }
        } else if name.ends_with(".md") {
            found.push(path);
        }
    }
}

/// The text of a Markdown file outside fenced code blocks with inline code removed, one
/// entry a line (a line of a fenced block, or a fence, is empty), so that entry `i` is
/// line `i + 1`.
pub fn prose_lines(text: &str) -> Vec<String> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            lines.push(String::new());
            continue;
        }
        if in_fence {
            lines.push(String::new());
            continue;
        }
        let mut prose = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                prose.push_str(part);
            }
        }
        lines.push(prose);
    }
    lines
}

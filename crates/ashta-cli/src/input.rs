//! Reading input files: positions (JSON or compact notation) and game records, from a
//! path or from standard input (`-`).

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use ashta_engine::{parse_any, Position, Variant};

/// How a path names itself in messages: `standard input` for `-`.
pub fn describe(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The largest input file read, in bytes: far above any position, record or saved game
/// (a long four-player record is about 100 KiB), far below what could exhaust memory.
pub const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// The whole text of a file, or of standard input when the path is `-`, refused when
/// it is larger than [`MAX_INPUT`].
pub fn read_text(path: &Path) -> Result<String> {
    let name = describe(path);
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
        )
    };
    let mut text = String::new();
    source
        .take(MAX_INPUT + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {name}"))?;
    if text.len() as u64 > MAX_INPUT {
        bail!("{name} is larger than {} MiB; not read", MAX_INPUT >> 20);
    }
    Ok(text)
}

/// The text of a game record: the file itself, or the `record` inside a game saved by
/// the full-screen `ashta play` (format `ashta-save/1`), so every command that reads
/// records also reads saved games.
pub fn read_record_text(path: &Path) -> Result<String> {
    let text = read_text(path)?;
    let saved = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .filter(|v| {
            v.get("format").and_then(|f| f.as_str()) == Some(ashta_bots::session::SAVE_FORMAT)
        });
    match saved.as_ref().and_then(|v| v.get("record")) {
        Some(record) => Ok(record.to_string()),
        None if saved.is_some() => bail!("{}: a saved game without a record", describe(path)),
        None => Ok(text),
    }
}

/// Reads and checks a position in JSON or compact notation; the error names the file
/// and what is wrong with the position.
pub fn load_position(path: &Path) -> Result<(Variant, Position)> {
    let text = read_text(path)?;
    let name = describe(path);
    if text.trim().is_empty() {
        bail!("{name} is empty: expected a position (JSON or compact notation)");
    }
    parse_any(&text).with_context(|| format!("bad position in {name}"))
}

//! The table file: a header naming the rules, the index version and the tolerance,
//! then the solved positions' indices (ascending, 64-bit) and their win and draw
//! chances (64-bit floats), then a CRC-32 of everything before it. All numbers are
//! little-endian.
//!
//! ```text
//! "ASHTASOL"  u32 index version  u32 rules length  rules (JSON)  f64 tolerance
//! u64 count   count × u64 index  count × f64 win   count × f64 draw   u32 CRC-32
//! ```
//!
//! The compact form ([`write_compact`], the endgame tables of `ashta solve --endgames`)
//! keeps no index: one 16-bit win and one 16-bit draw chance for every index of the
//! [`crate::Indexer`] in order (65,534 is 1; 65,535 marks a position not solved), so a
//! value is found by its index alone. Its tolerance is the solve's plus half a step of
//! 16 bits.
//!
//! ```text
//! "ASHTAEND"  u32 index version  u32 rules length  rules (JSON)  f64 tolerance
//! u64 length  length × u16 win   length × u16 draw   u32 CRC-32
//! ```

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use ashta_engine::{Rules, RulesObject};

use crate::board::Board;
use crate::error::SolveError;
use crate::index::INDEX_VERSION;
use crate::solution::Solution;

const MAGIC: &[u8; 8] = b"ASHTASOL";
const COMPACT_MAGIC: &[u8; 8] = b"ASHTAEND";
/// A chance of 1 in the compact form.
const SCALE: f64 = 65534.0;
/// A position the compact form holds no value for.
const ABSENT: u16 = u16::MAX;

/// The rules as the table's header writes them: every setting, as a JSON rules object.
pub fn rules_json(rules: &Rules) -> String {
    serde_json::to_string(&RulesObject::full(rules)).expect("rules serialize")
}

/// The file's name for a rule set: the preset, the pawns when not the board's default,
/// and a digest of the rules when they differ from the preset otherwise.
pub fn file_name(rules: &Rules) -> String {
    let mut name = format!("{}-2p", rules.preset.name());
    if let Some(p) = rules.pawns {
        if p as usize != rules.size as usize - 1 {
            name.push_str(&format!("-{p}pawns"));
        }
    }
    let mut plain = Rules::preset(rules.preset);
    plain.players = 2;
    plain.pawns = rules.pawns;
    if !plain.same_game(rules) {
        name.push_str(&format!(
            "-{:08x}",
            crc32fast::hash(rules_json(rules).as_bytes())
        ));
    }
    name.push_str(".solution");
    name
}

/// Where tables live by default: `$ASHTA_DATA`, else `$XDG_DATA_HOME/ashta`, else
/// `~/.local/share/ashta`, else `./ashta-data`.
pub fn data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("ASHTA_DATA") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME") {
        return PathBuf::from(d).join("ashta");
    }
    if let Some(h) = std::env::var_os("HOME") {
        return PathBuf::from(h).join(".local/share/ashta");
    }
    PathBuf::from("ashta-data")
}

/// The file name of the compact endgame table of a rule set (its pawns the table's).
pub fn endgame_file_name(rules: &Rules) -> String {
    file_name(rules).replace(".solution", ".endgames")
}

/// The default path of the table for a rule set.
pub fn default_path(rules: &Rules) -> PathBuf {
    data_dir().join(file_name(rules))
}

/// The command that builds the table for a rule set at its default path.
pub fn build_command(rules: &Rules) -> String {
    let mut cmd = format!("ashta solve --preset {}", rules.preset.name());
    if let Some(p) = rules.pawns {
        if p as usize != rules.size as usize - 1 {
            cmd.push_str(&format!(" --pawns {p}"));
        }
    }
    let mut plain = Rules::preset(rules.preset);
    plain.players = 2;
    plain.pawns = rules.pawns;
    if !plain.same_game(rules) {
        cmd.push_str(&format!(" --rules '{}'", rules_json(rules)));
    }
    cmd
}

/// The header of both forms: magic, index version, rules, tolerance.
fn header(magic: &[u8; 8], solution: &Solution, tolerance: f64, capacity: usize) -> Vec<u8> {
    let rules = rules_json(solution.variant().rules());
    let mut bytes = Vec::with_capacity(64 + rules.len() + capacity);
    bytes.extend(magic);
    bytes.extend(INDEX_VERSION.to_le_bytes());
    bytes.extend((rules.len() as u32).to_le_bytes());
    bytes.extend(rules.as_bytes());
    bytes.extend(tolerance.to_le_bytes());
    bytes
}

/// Writes a solution to `path` (written beside it, then renamed). Returns the CRC-32.
pub fn write(solution: &Solution, path: &Path) -> Result<u32, SolveError> {
    let (keys, win, draw) = solution.parts();
    let mut bytes = header(MAGIC, solution, solution.tolerance(), keys.len() * 24);
    bytes.extend((keys.len() as u64).to_le_bytes());
    for k in keys {
        bytes.extend(k.to_le_bytes());
    }
    for x in win.iter().chain(draw) {
        bytes.extend(x.to_le_bytes());
    }
    finish(bytes, path)
}

/// A chance in 16 bits.
fn quantize(x: f64) -> u16 {
    (x.clamp(0.0, 1.0) * SCALE).round() as u16
}

/// Writes a solution in the compact form (16-bit chances for every index, no keys) to
/// `path`. Returns the CRC-32.
pub fn write_compact(solution: &Solution, path: &Path) -> Result<u32, SolveError> {
    let len = solution.indexer().len() as usize;
    let mut win = vec![ABSENT; len];
    let mut draw = vec![ABSENT; len];
    let (keys, w, d) = solution.parts();
    for (i, &k) in keys.iter().enumerate() {
        win[k as usize] = quantize(w[i]);
        draw[k as usize] = quantize(d[i]);
    }
    let tolerance = solution.tolerance() + 0.5 / SCALE;
    let mut bytes = header(COMPACT_MAGIC, solution, tolerance, len * 4);
    bytes.extend((len as u64).to_le_bytes());
    for x in win.iter().chain(&draw) {
        bytes.extend(x.to_le_bytes());
    }
    finish(bytes, path)
}

/// Appends the CRC-32 and writes the file beside `path`, then renames it.
fn finish(mut bytes: Vec<u8>, path: &Path) -> Result<u32, SolveError> {
    let io = |error| SolveError::Io {
        path: path.to_path_buf(),
        error,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(io)?;
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend(crc.to_le_bytes());
    let tmp = path.with_extension("tmp");
    let mut f = fs::File::create(&tmp).map_err(io)?;
    f.write_all(&bytes).map_err(io)?;
    f.sync_all().map_err(io)?;
    fs::rename(&tmp, path).map_err(io)?;
    Ok(crc)
}

/// Reads a table, checking its header and checksum; `expect` (when given) must be the
/// rules it was solved for.
pub fn read(path: &Path, expect: Option<&Rules>) -> Result<Solution, SolveError> {
    let bad = |reason: String| SolveError::Table {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(match expect {
                Some(rules) => SolveError::MissingTable {
                    path: path.to_path_buf(),
                    command: build_command(rules),
                },
                None => SolveError::Io {
                    path: path.to_path_buf(),
                    error: e,
                },
            })
        }
        Err(error) => {
            return Err(SolveError::Io {
                path: path.to_path_buf(),
                error,
            })
        }
    };
    let compact = bytes.starts_with(COMPACT_MAGIC);
    if bytes.len() < MAGIC.len() + 4 || !(compact || bytes.starts_with(MAGIC)) {
        return Err(bad(
            "not a solution table (no ASHTASOL or ASHTAEND header)".into()
        ));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 4);
    let crc = u32::from_le_bytes(tail.try_into().expect("4 bytes"));
    if crc32fast::hash(body) != crc {
        return Err(bad(
            "checksum mismatch: the file is damaged or incomplete".into()
        ));
    }
    let mut r = Reader { bytes: body, at: 8 };
    let version = r.u32().ok_or_else(|| bad("truncated header".into()))?;
    if version != INDEX_VERSION {
        return Err(bad(format!(
            "index version {version}, but this program reads version {INDEX_VERSION}: rebuild it"
        )));
    }
    let len = r.u32().ok_or_else(|| bad("truncated header".into()))? as usize;
    let text = r
        .take(len)
        .and_then(|b| std::str::from_utf8(b).ok())
        .ok_or_else(|| bad("unreadable rules in the header".into()))?;
    let object: RulesObject =
        serde_json::from_str(text).map_err(|e| bad(format!("rules in the header: {e}")))?;
    let rules = object
        .to_rules()
        .map_err(|e| bad(format!("rules in the header: {e}")))?;
    if let Some(expect) = expect {
        if !expect.same_game(&rules) {
            return Err(bad(format!(
                "it solves other rules ({text}); build this game's with `{}`",
                build_command(expect)
            )));
        }
    }
    let tolerance = r.f64().ok_or_else(|| bad("truncated header".into()))?;
    let count = r.u64().ok_or_else(|| bad("truncated header".into()))? as usize;
    if compact {
        let board = Board::new(rules)?;
        let indexer = crate::index::Indexer::new(&board);
        if count as u64 != indexer.len() || r.bytes.len() - r.at != count * 4 {
            return Err(bad(format!(
                "{count} values announced, but the index or the file's size disagrees"
            )));
        }
        let values: Vec<u16> = (0..2 * count)
            .map(|_| r.u16().expect("size checked"))
            .collect();
        let (win, draw) = values.split_at(count);
        let mut keys = Vec::new();
        let (mut w, mut d) = (Vec::new(), Vec::new());
        for (k, (&a, &b)) in win.iter().zip(draw).enumerate() {
            if a == ABSENT {
                continue;
            }
            if b == ABSENT || a as u32 + b as u32 > SCALE as u32 + 1 {
                return Err(bad(format!("index {k} holds chances above 1")));
            }
            keys.push(k as u64);
            w.push(a as f64 / SCALE);
            d.push(b as f64 / SCALE);
        }
        return Ok(Solution::new(board, keys, w, d, tolerance));
    }
    if r.bytes.len() - r.at != count * 24 {
        return Err(bad(format!(
            "{count} positions announced, but the file's size disagrees"
        )));
    }
    let keys: Vec<u64> = (0..count).map(|_| r.u64().expect("size checked")).collect();
    let win: Vec<f64> = (0..count).map(|_| r.f64().expect("size checked")).collect();
    let draw: Vec<f64> = (0..count).map(|_| r.f64().expect("size checked")).collect();
    if keys.windows(2).any(|w| w[0] >= w[1]) {
        return Err(bad("its positions are not in index order".into()));
    }
    let board = Board::new(rules)?;
    Ok(Solution::new(board, keys, win, draw, tolerance))
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(out)
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn f64(&mut self) -> Option<f64> {
        Some(f64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

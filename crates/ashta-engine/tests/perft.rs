//! Runs the perft vectors in tests/perft/*.perft.
//!
//! Format: `id NAME`, `position <compact notation>`, then `perft DEPTH COUNT` lines; a
//! blank line between entries; `#` starts a comment. In debug builds counts above
//! [`DEBUG_LIMIT`] are skipped (they run in release).

use std::path::{Path, PathBuf};

use ashta_engine::{parse_any, PerftBranch};

const DEBUG_LIMIT: u64 = 1_000_000;

#[derive(Debug)]
struct Entry {
    file: String,
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn parse_file(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut out = Vec::new();
    let mut current: Option<Entry> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap().trim();
        let at = || format!("{file}:{}", n + 1);
        if line.is_empty() {
            if raw.trim().is_empty() {
                out.extend(current.take());
            }
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => {
                out.extend(current.take());
                current = Some(Entry {
                    file: file.clone(),
                    id: rest.trim().to_string(),
                    position: String::new(),
                    counts: Vec::new(),
                });
            }
            "position" => {
                let e = current
                    .as_mut()
                    .unwrap_or_else(|| panic!("{}: position before id", at()));
                e.position = rest.trim().to_string();
            }
            "perft" => {
                let e = current
                    .as_mut()
                    .unwrap_or_else(|| panic!("{}: perft before id", at()));
                let nums: Vec<u64> = rest
                    .split_whitespace()
                    .map(|x| {
                        x.parse()
                            .unwrap_or_else(|_| panic!("{}: bad number {x}", at()))
                    })
                    .collect();
                assert_eq!(nums.len(), 2, "{}: perft DEPTH COUNT", at());
                e.counts.push((nums[0] as u32, nums[1]));
            }
            other => panic!("{}: unknown line {other:?}", at()),
        }
    }
    out.extend(current);
    out
}

fn vector_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

fn entries() -> Vec<Entry> {
    vector_files().iter().flat_map(|f| parse_file(f)).collect()
}

#[test]
fn perft_vector_files_are_well_formed() {
    let all = entries();
    assert!(all.len() >= 20, "only {} entries", all.len());
    let mut ids: Vec<&str> = all.iter().map(|e| e.id.as_str()).collect();
    ids.sort();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "ids must be unique");
    for e in &all {
        assert!(!e.position.is_empty(), "{} {}: no position", e.file, e.id);
        assert!(!e.counts.is_empty(), "{} {}: no perft line", e.file, e.id);
        // Each position is written canonically, so the vectors stay readable.
        let (v, p) = parse_any(&e.position).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let canonical = v.to_notation(&p);
        if !e.position.contains("no-ones") {
            assert_eq!(canonical, e.position, "{}: not canonical", e.id);
        }
    }
}

#[test]
fn perft_vectors() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for e in entries() {
        let (v, p) = parse_any(&e.position).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        for &(depth, want) in &e.counts {
            if cfg!(debug_assertions) && want > DEBUG_LIMIT {
                continue;
            }
            let got = v.perft(&p, depth);
            checked += 1;
            if got != want {
                failures.push(format!(
                    "{} {}: perft {depth} = {got}, expected {want}",
                    e.file, e.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 50, "checked {checked}");
}

#[test]
fn perft_divide_adds_up_to_perft() {
    for e in entries() {
        let (v, p) = parse_any(&e.position).unwrap();
        for &(depth, want) in e.counts.iter().filter(|(d, n)| *d <= 4 && *n <= 20_000) {
            let divide = v.perft_divide(&p, depth);
            let sum: u64 = divide.iter().map(|(_, n)| n).sum();
            assert_eq!(sum, want, "{} perft {depth}", e.id);
            // Throws branch on the faces, moves on the legal moves.
            if p.phase() == ashta_engine::Phase::Throwing {
                assert!(divide
                    .iter()
                    .all(|(b, _)| matches!(b, PerftBranch::Throw(_))));
                assert_eq!(divide.len(), v.table().faces().len(), "{}", e.id);
            } else if !p.is_over() {
                assert!(divide
                    .iter()
                    .all(|(b, _)| matches!(b, PerftBranch::Move(_))));
            }
        }
    }
}

#[test]
fn perft_zero_is_one() {
    for e in entries() {
        let (v, p) = parse_any(&e.position).unwrap();
        assert_eq!(v.perft(&p, 0), 1, "{}", e.id);
    }
}

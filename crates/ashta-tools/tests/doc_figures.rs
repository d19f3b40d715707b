//! Every figure the docs quote is one of BENCHMARKS.md's: BENCHMARKS.md holds each
//! measured figure once, with its command, machine and date, and the docs link to it or
//! quote it.
//!
//! - **The docs** are `README.md`, every Markdown file under `docs/`, and each crate's
//!   `crates/*/README.md`. Not `CHANGELOG.md` (history, whose figures were true when
//!   written), nor `RULES.md` (the rules' numbers are the rules), nor BENCHMARKS.md itself.
//! - **A figure** is a number followed, after at most one space, by a unit of time (`µs`,
//!   `ms`, `s`, `min`, `minutes`, `h`, `hours`, `days`, `years`), of size (`bytes`, `KB`,
//!   `MB`, `GB`, `KiB`, `MiB`, `GiB`), of share (`%`) or of rate (`×`, `/s`), in prose or
//!   tables: text in fenced code blocks and in inline code is not read. The first number
//!   of a range (`80–87%`, `50.1 to 51.4%`) takes the unit of the second; `× 10` starts
//!   a power of ten, not a ratio.
//! - **A figure is held** when its number, as written but without thousands separators
//!   (`1,424 s` is 1424; `0.70%` is 0.70, not 0.7), is a number anywhere in
//!   BENCHMARKS.md.
//! - **A number that is not a measurement** (a default, a parameter, a limit, a rule's
//!   constant) is written in inline code (`` `10000 ms` ``), which the check does not
//!   read.

mod common;

use common::{markdown_files, prose_lines, root};
use std::collections::HashSet;
use std::fs;
use std::path::PathBuf;

/// The units a figure may carry, longest first where one begins another.
const UNITS: &[&str] = &[
    "µs", "ms", "minutes", "min", "hours", "h", "days", "years", "s", "bytes", "KiB", "MiB", "GiB",
    "KB", "MB", "GB", "%", "×", "/s",
];

/// A number of `chars` starting at `at`, if one starts there: digits, thousands groups
/// (`,` and three digits), then decimals. Returns the number without separators and the
/// index past it.
fn number_at(chars: &[char], at: usize) -> Option<(String, usize)> {
    let starts = chars[at].is_ascii_digit()
        && (at == 0 || !(chars[at - 1].is_alphanumeric() || ".,_".contains(chars[at - 1])));
    if !starts {
        return None;
    }
    let digits = |from: usize| {
        (from..chars.len())
            .take_while(|&i| chars[i].is_ascii_digit())
            .count()
    };
    let mut number = String::new();
    let mut end = at + digits(at);
    number.extend(&chars[at..end]);
    while end + 4 <= chars.len() && chars[end] == ',' && digits(end + 1) == 3 {
        number.extend(&chars[end + 1..end + 4]);
        end += 4;
    }
    if end + 1 < chars.len() && chars[end] == '.' && digits(end + 1) > 0 {
        let decimals = digits(end + 1);
        number.extend(&chars[end..end + 1 + decimals]);
        end += 1 + decimals;
    }
    Some((number, end))
}

/// The unit that follows a number ending at `end` (after at most one space), if any,
/// and the index past it.
fn unit_at(chars: &[char], end: usize) -> Option<usize> {
    let mut at = end;
    if at < chars.len() && [' ', '\u{a0}', '\u{202f}'].contains(&chars[at]) {
        at += 1;
    }
    let rest: String = chars[at..].iter().take(12).collect();
    let unit = UNITS.iter().find(|unit| {
        let Some(after) = rest.strip_prefix(*unit) else {
            return false;
        };
        let word_ends = !after.starts_with(|c: char| c.is_alphanumeric());
        let power_of_ten = **unit == "×" && after.trim_start().starts_with("10");
        word_ends && !power_of_ten
    })?;
    Some(at + unit.chars().count())
}

/// The figures of a line of prose: (number without separators, the figure as written).
fn figures(line: &str) -> Vec<(String, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = Vec::new();
    // The number, and where it starts, that a range joins to the number being read.
    let mut first: Option<(String, usize)> = None;
    let mut at = 0;
    while at < chars.len() {
        let Some((number, end)) = number_at(&chars, at) else {
            at += 1;
            continue;
        };
        let start = at;
        at = end;
        if let Some(unit_end) = unit_at(&chars, end) {
            let from = first.as_ref().map_or(start, |(_, from)| *from);
            let shown: String = chars[from..unit_end].iter().collect();
            if let Some((first, _)) = first.take() {
                found.push((first, shown.clone()));
            }
            found.push((number, shown));
            continue;
        }
        let rest: String = chars[end..].iter().take(4).collect();
        let joint = ["–", " – ", " to "]
            .iter()
            .find(|joint| rest.starts_with(**joint))
            .map(|joint| joint.chars().count());
        first = match joint {
            Some(skip) if end + skip < chars.len() && chars[end + skip].is_ascii_digit() => {
                at = end + skip;
                Some((number, first.map_or(start, |(_, from)| from)))
            }
            _ => None,
        };
    }
    found
}

/// Every number of a text, in code or not, without thousands separators.
fn numbers(text: &str) -> HashSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = HashSet::new();
    let mut at = 0;
    while at < chars.len() {
        match number_at(&chars, at) {
            Some((number, end)) => {
                found.insert(number);
                at = end;
            }
            None => at += 1,
        }
    }
    found
}

/// The docs: README.md, everything under docs/, and each crate's README.md.
fn docs() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    for entry in fs::read_dir(root.join("crates")).unwrap() {
        let readme = entry.unwrap().path().join("README.md");
        if readme.exists() {
            files.push(readme);
        }
    }
    files.sort();
    files
}

#[test]
fn every_figure_of_the_docs_is_one_of_benchmarks() {
    let root = root();
    let held = numbers(&fs::read_to_string(root.join("BENCHMARKS.md")).unwrap());
    let mut missing = Vec::new();
    for file in docs() {
        let name = file
            .strip_prefix(&root)
            .unwrap()
            .display()
            .to_string()
            .replace('\\', "/");
        let text = fs::read_to_string(&file).unwrap();
        for (i, line) in prose_lines(&text).iter().enumerate() {
            for (number, shown) in figures(line) {
                if !held.contains(&number) {
                    missing.push(format!("{name}:{}: {shown}", i + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} figures of the docs are not in BENCHMARKS.md (move the measurement there and \
         link to it, or quote BENCHMARKS' figure; a parameter goes in inline code):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn a_figure_is_a_number_with_a_unit() {
    let numbers_of = |line: &str| -> Vec<String> {
        figures(line)
            .into_iter()
            .map(|(number, _)| number)
            .collect()
    };
    assert_eq!(
        numbers_of("took 1,424 s (0.70% of it) on 2 cores, 3× faster"),
        ["1424", "0.70", "3"]
    );
    assert_eq!(
        numbers_of("draws 80–87%, 50.1 to 51.4%"),
        ["80", "87", "50.1", "51.4"]
    );
    assert_eq!(
        numbers_of("8 sweeps, 7.6 × 10⁻⁶, 5 seeds, 3.5 × 10⁹"),
        [] as [&str; 0]
    );
    assert_eq!(
        numbers_of("2.3 ms / 3.4 ms, 24 min, 4.0 GB, 96 KiB"),
        ["2.3", "3.4", "24", "4.0", "96"]
    );
    assert_eq!(figures("in 80–87%")[0].1, "80–87%");
    assert!(numbers("a 1,424 s run; .49969 and 3.4e-5").contains("1424"));
}

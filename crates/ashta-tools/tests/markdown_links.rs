//! Every relative link of the repository's Markdown files resolves: the file it names
//! exists, and an anchor (`FILE.md#heading` or `#heading`) names a heading of that file,
//! as GitHub spells a heading's anchor. Links to the web (`http:`, `https:`, `mailto:`)
//! are not followed; links inside code are not links.

mod common;

use common::{markdown_files, prose_lines, root};
use std::collections::HashSet;
use std::fs;

/// The anchor GitHub gives a heading: lower case, spaces to hyphens, and every
/// character but letters, digits, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, ...).
fn anchors(text: &str) -> HashSet<String> {
    let mut in_fence = false;
    let mut found = HashSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut n = 0;
        while found.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        found.insert(anchor);
    }
    found
}

/// The targets of the inline links `[text](target)` and images `![alt](target)` of a line.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(|c| c == '<' || c == '>').to_string());
        rest = &after[end..];
    }
    targets
}

#[test]
fn every_relative_link_of_the_markdown_files_resolves() {
    let root = root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("README.md")),
        "no README.md under {root:?}"
    );
    let mut broken = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (number, line) in prose_lines(&text).iter().enumerate() {
            for target in link_targets(line) {
                let external = ["http:", "https:", "mailto:"]
                    .iter()
                    .any(|s| target.starts_with(s));
                if target.is_empty() || external {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((path, anchor)) => (path, Some(anchor)),
                    None => (target.as_str(), None),
                };
                let linked = if path.is_empty() {
                    file.clone()
                } else {
                    file.parent().unwrap().join(path)
                };
                let shown = format!("{}: {target}", file.strip_prefix(&root).unwrap().display());
                if !linked.exists() {
                    broken.push(format!("{shown} (no such file)"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let is_markdown = linked.extension().is_some_and(|e| e == "md");
                    if is_markdown
                        && !anchors(&fs::read_to_string(&linked).unwrap()).contains(anchor)
                    {
                        broken.push(format!("{shown} (no such heading, line {})", number + 1));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_heading_s_anchor_is_spelled_as_github_spells_it() {
    assert_eq!(
        slug(" The gauntlet: `default` against every style"),
        "the-gauntlet-default-against-every-style"
    );
    assert_eq!(
        slug("4.3 Seeded throws (for developers; pinned forever)"),
        "43-seeded-throws-for-developers-pinned-forever"
    );
    assert_eq!(slug("Plain mode (`--plain`)"), "plain-mode---plain");
    assert!(anchors("# A\n## A\n").contains("a-1"));
}

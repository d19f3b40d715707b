//! `ashta completions` and `ashta man`: what a package or a user installs beside the binary.

mod common;
use common::{fails, ok};

#[test]
fn completions_of_each_shell_name_the_subcommands() {
    let bash = ok(&["completions", "bash"], "");
    assert!(bash.contains("complete -F"), "a bash completion function");
    for command in ["play", "serve", "analyze", "solve", "completions"] {
        assert!(bash.contains(command), "bash completes `{command}`");
    }
    let zsh = ok(&["completions", "zsh"], "");
    assert!(zsh.starts_with("#compdef ashta"), "a zsh completion file");
    let fish = ok(&["completions", "fish"], "");
    assert!(fish.contains("complete -c ashta"), "fish completions");
    assert!(!ok(&["completions", "powershell"], "").is_empty());
    assert!(!ok(&["completions", "elvish"], "").is_empty());
}

#[test]
fn completions_refuse_an_unknown_shell_and_name_the_known_ones() {
    let error = fails(&["completions", "tcsh"], "");
    assert!(error.contains("tcsh"), "names what was given: {error}");
    assert!(error.contains("zsh"), "lists the shells it knows: {error}");
}

#[test]
fn the_manual_page_is_roff_naming_every_subcommand() {
    let page = ok(&["man"], "");
    assert!(page.starts_with(".ie"), "roff: {}", &page[..40]);
    assert!(page.contains(".TH ashta 1"), "the page's title");
    for command in ["play", "serve", "hint", "man"] {
        assert!(page.contains(command), "the page lists `{command}`");
    }
}

#[test]
fn man_writes_one_page_per_subcommand_into_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man1");
    let listed = ok(&["man", "--dir", pages.to_str().unwrap()], "");
    for page in [
        "ashta.1",
        "ashta-play.1",
        "ashta-serve.1",
        "ashta-completions.1",
    ] {
        assert!(pages.join(page).is_file(), "{page} written");
        assert!(listed.contains(page), "{page} named on standard output");
    }
}

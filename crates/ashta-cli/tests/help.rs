//! `ashta --help`: the player's commands first, the tools under their own heading.

use std::process::Command;

fn help() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .arg("--help")
        .output()
        .expect("ashta runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("the help is text")
}

/// The command names listed under `heading` (up to the next blank line).
fn listed(help: &str, heading: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != heading)
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn the_help_lists_the_players_commands_first_and_the_tools_under_their_own_heading() {
    let help = help();
    let commands = listed(&help, "Commands:");
    assert_eq!(
        &commands[..5],
        ["play", "replay", "hint", "analyze", "serve"],
        "{help}"
    );
    let tools = listed(&help, "Tools:");
    for tool in [
        "moves", "plays", "perft", "rules", "selfplay", "verify", "solve",
    ] {
        assert!(
            tools.iter().any(|t| t == tool),
            "{tool} is not a tool: {help}"
        );
        assert!(
            !commands.iter().any(|c| c == tool),
            "{tool} among the player's commands: {help}"
        );
    }
    let at = |word: &str| help.find(word).expect("listed");
    assert!(at("Commands:") < at("Tools:"), "{help}");
}

#[test]
fn a_tool_still_runs_by_its_name() {
    let out = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .args(["rules", "--players", "2"])
        .output()
        .expect("ashta runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty());
}

//! # ashta-cli
//!
//! The `ashta` command: it may read files, flags and the environment and call every
//! crate below it, but it holds no rules and drives every game through the session.
//!
//! `ashta`: the command line of the Ashta Chamma (Chowka Bhara) engine. Play a game in
//! the terminal, list moves and plays of a position, count perft, draw boards, run
//! random self-play, and write and verify game records.

mod bar_chart;
mod board;
mod commands;
mod describe;
mod engine;
mod input;
mod play;
mod tuning;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use commands::{
    board as board_cmd, moves, perft, plays, record, rules, selfplay, start, tournament, verify,
};

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "ashta",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("ASHTA_GIT_COMMIT"), ")"),
    about = "Ashta Chamma (Chowka Bhara): play, analyse and simulate",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal: full screen, or line by line with --plain.
    Play(play::PlayArgs),
    /// Step through a saved game or record, forwards and backwards.
    Replay(commands::replay::ReplayArgs),
    /// Rank every play of a position's bag (or a saved game's) by rollouts, with win chances and errors.
    Hint(commands::hint::HintArgs),
    /// Review a recorded or saved game: each decision's error, each throw's luck, totals and bands.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Serve the web page: play in the browser against bots or each other (docs/web-api.md).
    #[cfg(feature = "server")]
    Serve(commands::serve::ServeArgs),
    /// The web server: not in this build (it needs the cargo feature `server`).
    #[cfg(not(feature = "server"))]
    Serve(commands::serve::ServeArgs),
    /// The host's tool on a server's database: players, games, backup, figures.
    #[cfg(feature = "server")]
    Admin(commands::admin::AdminArgs),
    /// List the legal moves of a position, one JSON object per line.
    Moves(moves::MovesArgs),
    /// List every distinct position reached by playing out the whole bag, one per line.
    Plays(plays::PlaysArgs),
    /// Count the leaves of the game tree to a depth (throws and moves are levels).
    Perft(perft::PerftArgs),
    /// Print the full rule set the flags give, as JSON.
    Rules(rules::RulesArgs),
    /// Print the start position of the rule set the flags give.
    Start(start::StartArgs),
    /// Draw a position as text.
    Board(board_cmd::BoardArgs),
    /// Play many games between random movers and print one line of statistics.
    Selfplay(selfplay::SelfplayArgs),
    /// Bots against each other: win rates with 95% intervals, or a rating list.
    Tournament(tournament::TournamentArgs),
    /// Play one seeded game between random movers and write its record.
    Record(record::RecordArgs),
    /// Replay a game record, checking every throw, move and the result.
    Verify(verify::VerifyArgs),
    /// Speak the engine protocol (docs/PROTOCOL.md) on standard input and output.
    Engine(commands::engine::EngineArgs),
    /// What the rules do in practice, over self-play: seats, lengths, draws, captures, gate, throws.
    Stats(commands::stats::StatsArgs),
    /// Solve the two-player game exactly (value iteration) and write its table, or
    /// print a position's exact value (`--value`).
    Solve(commands::solve::SolveArgs),
    /// Print the shell completion script of `ashta` (bash, elvish, fish, powershell, zsh).
    Completions(commands::completions::CompletionsArgs),
    /// Print the manual page of `ashta`, or write every page into a directory.
    Man(commands::man::ManArgs),
}

/// Runs one subcommand, writing its output to `out`. The commands that build bots
/// read the bots' tuning from their flags, else `ASHTA_NET` and `ASHTA_WEIGHTS`.
fn run(command: &Command, out: &mut dyn Write) -> Result<()> {
    match command {
        Command::Play(args) => {
            let echo = !io::stdin().is_terminal();
            play::run(args, &mut io::stdin().lock(), echo, out)
        }
        Command::Moves(args) => moves::run(args, out),
        Command::Plays(args) => plays::run(args, out),
        Command::Perft(args) => perft::run(args, out),
        Command::Rules(args) => rules::run(args, out),
        Command::Start(args) => start::run(args, out),
        Command::Board(args) => board_cmd::run(args, out),
        Command::Selfplay(args) => selfplay::run(args, out),
        Command::Tournament(args) => tournament::run(args, out),
        Command::Record(args) => record::run(args, out),
        Command::Verify(args) => verify::run(args, out),
        Command::Serve(args) => commands::serve::run(args, out),
        #[cfg(feature = "server")]
        Command::Admin(args) => commands::admin::run(args, out),
        Command::Hint(args) => commands::hint::run(args, out),
        Command::Analyze(args) => commands::analyze::run(args, out),
        Command::Engine(args) => commands::engine::run(args, out),
        Command::Stats(args) => commands::stats::run(args, out),
        Command::Replay(args) => commands::replay::run(args, out),
        Command::Solve(args) => commands::solve::run(args, out),
        Command::Completions(args) => commands::completions::run(args, Cli::command(), out),
        Command::Man(args) => commands::man::run(args, Cli::command(), out),
    }
}

/// Whether the error is a closed output pipe (`ashta plays ... | head`), which is no
/// failure.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The commands a player uses, listed first by `ashta --help`; every other command is
/// a tool, listed after them under its own heading.
const PLAYER_COMMANDS: [&str; 5] = ["play", "replay", "hint", "analyze", "serve"];

/// The command line as `ashta --help` shows it: the player's commands under "Commands",
/// the tools (still run by name) under "Tools", each with its one-line description.
fn command_line() -> clap::Command {
    let mut command = Cli::command();
    let tools: Vec<(String, String)> = command
        .get_subcommands()
        .filter(|c| !PLAYER_COMMANDS.contains(&c.get_name()))
        .map(|c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            (c.get_name().to_string(), about)
        })
        .collect();
    let width = tools.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut listing = String::from("Tools:\n");
    for (name, about) in &tools {
        listing.push_str(&format!("  {name:width$}  {about}\n"));
        command = command.mut_subcommand(name, |c| c.hide(true));
    }
    command.after_help(listing.trim_end().to_string())
}

fn main() -> ExitCode {
    let cli = match Cli::from_arg_matches(&command_line().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(&cli.command, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

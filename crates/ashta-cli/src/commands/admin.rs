//! `ashta admin --db FILE ...`: the host's tool on a server's database: players (list,
//! rename, ban a name or a network), games (list, delete), an online backup, and
//! figures. Everything goes through the server's community store
//! ([`ashta_server::people::PlayerStore`]).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use ashta_server::people::PlayerStore;
use clap::{Args, Subcommand};

/// Arguments of `ashta admin`.
#[derive(Args, Debug)]
pub struct AdminArgs {
    /// The server's SQLite file (it must exist).
    #[arg(long, value_name = "FILE")]
    db: PathBuf,
    #[command(subcommand)]
    what: What,
}

/// What `ashta admin` does.
#[derive(Subcommand, Debug)]
enum What {
    /// Players: list, rename, ban a name or a network.
    #[command(subcommand)]
    Players(Players),
    /// Stored games: list, delete.
    #[command(subcommand)]
    Games(Games),
    /// Copy the whole database to TO with SQLite's online backup (the server may run).
    Backup {
        /// The copy's file (overwritten).
        to: PathBuf,
    },
    /// Players, games a day and ratings per pool.
    Figures {
        /// Days of games a day shown.
        #[arg(long, default_value_t = 14)]
        days: i64,
    },
}

#[derive(Subcommand, Debug)]
enum Players {
    /// The newest players: name, made (UTC), network, banned.
    List {
        /// Most listed.
        #[arg(long, default_value_t = 100)]
        limit: usize,
    },
    /// Give a player another name (the name rules and uniqueness apply).
    Rename {
        /// The name now.
        old: String,
        /// The new name.
        new: String,
    },
    /// Ban a name: it plays no more games with others, and leaves the leaderboards.
    Ban {
        /// The name.
        name: String,
        /// Lift the ban instead.
        #[arg(long)]
        undo: bool,
    },
    /// Ban a network (as the server counts them: 203.0.113.0 for a /24): it makes no
    /// names and opens no seeks.
    BanNetwork {
        /// The network.
        network: String,
        /// Lift the ban instead.
        #[arg(long)]
        undo: bool,
    },
}

#[derive(Subcommand, Debug)]
enum Games {
    /// The newest games: id, status, made (UTC), creator, players.
    List {
        /// Most listed.
        #[arg(long, default_value_t = 100)]
        limit: usize,
    },
    /// Delete a game with its events (do it while the server is stopped).
    Delete {
        /// The game's id.
        id: String,
    },
}

/// A Unix time in ms as an HTTP date (UTC).
fn utc(ms: i64) -> String {
    let at = std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms.max(0) as u64);
    httpdate::fmt_http_date(at)
}

/// Runs `ashta admin`.
pub fn run(args: &AdminArgs, out: &mut dyn Write) -> Result<()> {
    if !args.db.is_file() {
        bail!("no database at {}", args.db.display());
    }
    let store =
        PlayerStore::open(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    match &args.what {
        What::Players(Players::List { limit }) => {
            for p in store.list_players(*limit)? {
                writeln!(
                    out,
                    "{}\t{}\t{}{}",
                    p.name,
                    utc(p.created_at),
                    p.network,
                    if p.banned { "\tbanned" } else { "" }
                )?;
            }
        }
        What::Players(Players::Rename { old, new }) => {
            let p = store.rename(old, new)?;
            writeln!(out, "renamed {old:?} to {:?}", p.name)?;
        }
        What::Players(Players::Ban { name, undo }) => {
            let p = store.ban_name(name, !undo)?;
            let done = if *undo { "unbanned" } else { "banned" };
            writeln!(out, "{done} {:?}", p.name)?;
        }
        What::Players(Players::BanNetwork { network, undo }) => {
            let network: std::net::IpAddr = network
                .parse()
                .with_context(|| format!("{network:?} is not a network address"))?;
            let now = ashta_server::now_ms();
            store.ban_network(&network.to_string(), !undo, now)?;
            let done = if *undo { "unbanned" } else { "banned" };
            writeln!(out, "{done} network {network}")?;
        }
        What::Games(Games::List { limit }) => {
            for g in store.list_games(*limit)? {
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}",
                    g.id,
                    g.status,
                    utc(g.created_at),
                    g.creator.as_deref().unwrap_or("-"),
                    g.players.join(", ")
                )?;
            }
        }
        What::Games(Games::Delete { id }) => {
            store.delete_game(id)?;
            writeln!(out, "deleted game {id}")?;
        }
        What::Backup { to } => {
            store
                .backup(to)
                .with_context(|| format!("backing up to {}", to.display()))?;
            writeln!(out, "backed up to {}", to.display())?;
        }
        What::Figures { days } => {
            let f = store.figures(ashta_server::now_ms(), *days)?;
            writeln!(out, "players\t{}\t(banned {})", f.players, f.banned)?;
            for (status, n) in &f.games {
                writeln!(out, "games {status}\t{n}")?;
            }
            for (day, n) in &f.games_a_day {
                writeln!(out, "games on {day}\t{n}")?;
            }
            for (pool, players, mean, games) in &f.pools {
                writeln!(
                    out,
                    "pool {pool}\t{players} players\tmean {mean:.0}\t{games} rated results"
                )?;
            }
        }
    }
    Ok(())
}

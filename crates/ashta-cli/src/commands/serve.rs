//! `ashta serve`: the web server. People play in the browser against the bots or each
//! other; every game is stored in SQLite and resumes after a restart.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use ashta_server::ServerConfig;
use clap::Args;

/// Arguments of `ashta serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; the address is printed).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    addr: String,
    /// The SQLite file holding every game (created if missing).
    #[arg(long, value_name = "FILE", default_value = "ashta.sqlite")]
    db: PathBuf,
    /// Pause before each bot throw or play, in milliseconds, so the page can animate.
    #[arg(long, value_name = "MS", default_value_t = 700)]
    bot_delay_ms: u64,
    /// Thinking time per bot decision, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    bot_time_ms: u64,
    /// Seconds a person who leaves an online game with no turn timer has to come back
    /// before a bot plays for them (until they return).
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    away_timer_secs: u64,
    /// Seconds every opponent still in an online game must have been away before the
    /// player still at the table may claim the win, call a draw, or play on against a
    /// bot at once.
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    claim_after_secs: u64,
    /// Games one address may create per minute.
    #[arg(long, value_name = "N", default_value_t = 60)]
    creates_per_minute: u32,
    /// Most connections open at once (WebSockets included).
    #[arg(long, value_name = "N", default_value_t = 2048)]
    max_connections: usize,
    /// Most connections one address (an IPv6 /64) may hold open at once, WebSockets and
    /// spectators included.
    #[arg(long, value_name = "N", default_value_t = 64)]
    max_connections_per_address: usize,
    /// Hints one network (--ipv4-network-bits, --ipv6-network-bits) may ask for per
    /// minute, all its addresses together.
    #[arg(long, value_name = "N", default_value_t = 60)]
    hints_per_minute: u32,
    /// Reviews of finished games one network may ask for per minute.
    #[arg(long, value_name = "N", default_value_t = 30)]
    reviews_per_minute: u32,
    /// Reads of the games (the list, a game, its events, its record) one network may
    /// make per second on average, in bursts of five seconds' worth.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    reads_per_second: u32,
    /// Games kept in memory at most; past it the least recently used games nobody is
    /// at leave memory (they load again when asked for).
    #[arg(long, value_name = "N", default_value_t = 3000, value_parser = clap::value_parser!(u64).range(10..))]
    max_games_in_memory: u64,
    /// Connections kept for seated players: a spectator is refused once fewer places
    /// than this are left of --max-connections.
    #[arg(long, value_name = "N", default_value_t = 200)]
    player_connection_reserve: usize,
    /// Hints and reviews computing at once, server-wide (a hint's rollouts use every
    /// core, at the lowest priority).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    max_hints_running: u64,
    /// Hints and reviews waiting for their turn, server-wide; past it one is refused
    /// at once with 503 ("busy, try again").
    #[arg(long, value_name = "N", default_value_t = 16)]
    max_queued_hints: usize,
    /// Games in play one address may have created (suspended games do not count).
    #[arg(long, value_name = "N", default_value_t = 40)]
    max_games_per_address: usize,
    /// Seconds after its creation by which a game must have had a move, or it is
    /// aborted (recorded "aborted": true) and frees its place.
    #[arg(long, value_name = "SECS", default_value_t = 180, value_parser = clap::value_parser!(u64).range(1..=2_592_000))]
    abort_after_secs: u64,
    /// Seconds after which a game whose people have all been away is suspended: it
    /// counts against no cap and leaves memory until one of its seats connects.
    #[arg(long, value_name = "SECS", default_value_t = 180, value_parser = clap::value_parser!(u64).range(1..=2_592_000))]
    suspend_after_secs: u64,
    /// Games in play with no person seated one address may have created.
    #[arg(long, value_name = "N", default_value_t = 2)]
    max_bot_games_per_address: usize,
    /// Games in play, server-wide.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    max_games: usize,
    /// Games in play with no person seated, server-wide.
    #[arg(long, value_name = "N", default_value_t = 32)]
    max_bot_games: usize,
    /// Finished games kept in the database (the newest); older ones are deleted.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    keep_finished: usize,
    /// Days after which a game in play with no move, that nobody is connected to, is
    /// abandoned and deleted.
    #[arg(long, value_name = "DAYS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=36_500))]
    abandoned_after_days: u64,
    /// Actions (throws, moves, undos) one seat may make per second, all its connections
    /// together.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    actions_per_seat_per_second: u32,
    /// Actions one game's seats may make per second, together.
    #[arg(long, value_name = "N", default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..))]
    actions_per_game_per_second: u32,
    /// Undos one game may have in all (undo is only for games against bots).
    #[arg(long, value_name = "N", default_value_t = 50)]
    max_undos_per_game: u32,
    /// Events one game may have in all; the event that reaches it ends the game as a
    /// draw with the reason "event limit" (far above the events of a real game).
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(16..))]
    max_events_per_game: u64,
    /// Most connections open at once for one seat.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    max_sockets_per_seat: u64,
    /// Most kilobytes of events a snapshot or a `state` message carries (the newest;
    /// older ones are read in pages from /api/games/ID/events).
    #[arg(long, value_name = "KB", default_value_t = 512, value_parser = clap::value_parser!(u64).range(4..=4096))]
    max_history_kb: u64,
    /// Seconds a WebSocket's client may take to read one message before the socket is
    /// closed as a slow reader.
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    ws_send_timeout_secs: u64,
    /// Kilobytes of the kernel's send buffer of each connection (SO_SNDBUF; 0: the
    /// kernel's own, which grows): what may wait for a client that stops reading.
    #[arg(long, value_name = "KB", default_value_t = 64, value_parser = clap::value_parser!(u64).range(0..=16_384))]
    socket_send_buffer_kb: u64,
    /// Leading bits of an IPv4 address that name its network, for the per-network
    /// shares (24: a /24).
    #[arg(long, value_name = "BITS", default_value_t = 24, value_parser = clap::value_parser!(u8).range(0..=32))]
    ipv4_network_bits: u8,
    /// Leading bits of an IPv6 address that name its network (56: a /56, what one
    /// customer of most providers is given).
    #[arg(long, value_name = "BITS", default_value_t = 56, value_parser = clap::value_parser!(u8).range(0..=128))]
    ipv6_network_bits: u8,
    /// Percent of each server-wide cap (connections, games in play, games of bots only)
    /// one network may hold.
    #[arg(long, value_name = "PERCENT", default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=100))]
    network_share_percent: u32,
    /// Games one network may create per minute, all its addresses together.
    #[arg(long, value_name = "N", default_value_t = 120)]
    network_creates_per_minute: u32,
    /// Player names one network may make in a day.
    #[arg(long, value_name = "N", default_value_t = 10)]
    names_per_network_per_day: u32,
    /// Seeks the lobby holds at once (a network holds its share of them).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_seeks: usize,
    /// Seconds a seek of three or four waits before its people may fill it with bots.
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=3600))]
    seek_bots_after_secs: u64,
    /// Megabytes (10^6 bytes) the database may hold; past it the oldest finished
    /// games, then the games in play nobody has touched longest, are deleted.
    #[arg(long, value_name = "MB", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    max_db_mb: u64,
    /// Megabytes the games created from one network may take in the database; past it
    /// that network's new games are refused.
    #[arg(long, value_name = "MB", default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..))]
    max_network_db_mb: u64,
    /// Kilobytes one game's stored events may take; the change that reaches it ends
    /// the game as a draw ("event limit").
    #[arg(long, value_name = "KB", default_value_t = 4000, value_parser = clap::value_parser!(u64).range(16..))]
    max_game_kb: u64,
    /// Minutes a finished game is kept whatever the database's bound.
    #[arg(long, value_name = "MINS", default_value_t = 60)]
    keep_finished_for_mins: u64,
    /// Days a game in play someone acted in is kept whatever the database's bound.
    #[arg(long, value_name = "DAYS", default_value_t = 7)]
    keep_playing_for_days: u64,
    /// The origin people reach the server at when it is not the listening address
    /// (`https://ashta.example`, behind a proxy). Without it, a request must name the
    /// listening address or `localhost` as its host (against DNS rebinding).
    #[arg(long, value_name = "URL", value_parser = public_origin)]
    public_origin: Option<String>,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
}

/// An origin: `http://` or `https://`, then a host (and port), nothing after.
fn public_origin(text: &str) -> Result<String, String> {
    let text = text.trim_end_matches('/');
    let host = text
        .strip_prefix("http://")
        .or_else(|| text.strip_prefix("https://"))
        .ok_or("an origin starts with http:// or https://")?;
    if host.is_empty() || host.contains(['/', '?', '#', '@', ' ']) {
        return Err("an origin is a scheme and a host, like https://ashta.example".into());
    }
    Ok(text.to_string())
}

/// Runs the server until Ctrl-C (or SIGTERM).
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<()> {
    ashta_server::init_logging();
    let mut config = ServerConfig::new(&args.db);
    config.bot_delay = Duration::from_millis(args.bot_delay_ms);
    config.bot_time = Duration::from_millis(args.bot_time_ms);
    config.away_timer = Duration::from_secs(args.away_timer_secs);
    config.claim_after = Duration::from_secs(args.claim_after_secs);
    config.creates_per_minute = args.creates_per_minute;
    config.max_connections = args.max_connections;
    config.max_connections_per_address = args.max_connections_per_address;
    config.hints_per_minute = args.hints_per_minute;
    config.reviews_per_minute = args.reviews_per_minute;
    config.max_hints_running = args.max_hints_running as usize;
    config.max_queued_hints = args.max_queued_hints;
    config.reads_per_second = args.reads_per_second;
    config.max_games_in_memory = args.max_games_in_memory as usize;
    config.player_connection_reserve = args.player_connection_reserve;
    if args.player_connection_reserve >= args.max_connections {
        anyhow::bail!(
            "--player-connection-reserve {} leaves no connection for spectators of --max-connections {}",
            args.player_connection_reserve,
            args.max_connections
        );
    }
    config.max_games_per_address = args.max_games_per_address;
    config.abort_after = Duration::from_secs(args.abort_after_secs);
    config.suspend_after = Duration::from_secs(args.suspend_after_secs);
    config.max_bot_games_per_address = args.max_bot_games_per_address;
    config.max_games = args.max_games;
    config.max_bot_games = args.max_bot_games;
    config.public_origin = args.public_origin.clone();
    config.bot_maker = args.tuning.maker()?;
    config.keep_finished = args.keep_finished;
    config.abandoned_after = Duration::from_secs(args.abandoned_after_days * 24 * 3600);
    config.actions_per_seat_per_second = args.actions_per_seat_per_second;
    config.actions_per_game_per_second = args.actions_per_game_per_second;
    config.max_undos_per_game = args.max_undos_per_game;
    config.max_events_per_game = args.max_events_per_game;
    config.max_sockets_per_seat = args.max_sockets_per_seat as usize;
    config.max_history_bytes = args.max_history_kb as usize * 1024;
    config.ws_send_timeout = Duration::from_secs(args.ws_send_timeout_secs);
    config.socket_send_buffer = args.socket_send_buffer_kb as usize * 1024;
    config.network_bits = ashta_server::NetworkBits {
        v4: args.ipv4_network_bits,
        v6: args.ipv6_network_bits,
    };
    config.network_share_percent = args.network_share_percent;
    config.network_creates_per_minute = args.network_creates_per_minute;
    config.names_per_network_per_day = args.names_per_network_per_day;
    config.max_seeks = args.max_seeks;
    config.seek_bots_after = Duration::from_secs(args.seek_bots_after_secs);
    config.max_db_bytes = args.max_db_mb * 1_000_000;
    config.max_network_db_bytes = args.max_network_db_mb * 1_000_000;
    config.max_game_bytes = args.max_game_kb * 1000;
    config.finished_retention = Duration::from_secs(args.keep_finished_for_mins * 60);
    config.playing_retention = Duration::from_secs(args.keep_playing_for_days * 24 * 3600);
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let addr = listener.local_addr()?;
        // The database opens before the address is announced, so "listening" means
        // ready; games in play load when first asked for.
        let app = ashta_server::App::open(config)
            .await
            .with_context(|| format!("opening the database {}", args.db.display()))?;
        writeln!(
            out,
            "ashta serve: listening on http://{addr} (database {})",
            args.db.display()
        )?;
        out.flush()?;
        tracing::info!("listening on http://{addr}");
        ashta_server::serve_app(app, listener, shutdown_signal()).await;
        Ok(())
    });
    // Searches stop at the shutdown; a thread still inside one step of one (or a
    // database write) is not waited for past this.
    runtime.shutdown_timeout(Duration::from_secs(1));
    served
}

/// Completes on Ctrl-C or, on Unix, SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
    tracing::info!("shutting down");
}

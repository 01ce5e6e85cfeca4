//! `weiqi loadtest`: the server's load generator (`server::loadtest`) — a server in this
//! process on a fresh SQLite file, N games, two WebSocket players per game over loopback,
//! one move per game every interval; reports moves/s and the round-trip percentiles.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args as ClapArgs;

/// `weiqi loadtest`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Concurrent games (two WebSocket players each).
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Seconds of measured play.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Milliseconds between two moves of one game.
    #[arg(long, default_value_t = 2000)]
    interval_ms: u64,
    /// Board size.
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// Directory for the temporary database (default: the system's temporary directory).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// A PostgreSQL database instead of the temporary SQLite file (postgres://…; it must not
    /// have an account named `loadtest` yet).
    #[arg(long, value_name = "URL")]
    database_url: Option<String>,
    /// Players act through an account holding their seats, with a session token (every
    /// command checks the session), instead of the seats' secret links.
    #[arg(long)]
    sessions: bool,
}

/// Runs the load test and prints the figures.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let opts = server::loadtest::Options {
        games: args.games,
        duration: Duration::from_secs(args.seconds),
        interval: Duration::from_millis(args.interval_ms),
        size: args.size,
        dir: args.dir.unwrap_or_else(std::env::temp_dir),
        database_url: args.database_url,
        sessions: args.sessions,
    };
    let rt = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let report = rt
        .block_on(server::loadtest::run(opts))
        .map_err(|e| anyhow::anyhow!("load test failed: {e}"))?;
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

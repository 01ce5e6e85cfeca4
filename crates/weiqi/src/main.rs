//! `weiqi`: the command-line entry point. Each subcommand lives in its own module under
//! `src/cmd/` and is a thin adapter over the library crates.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd;

#[derive(Parser)]
#[command(
    name = "weiqi",
    version,
    about = "Run Go competitions under the Chinese Go Competition Rules (2002)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Speak GTP v2 on stdin/stdout (for GUIs such as Sabaki or GoGui, and for engines).
    Gtp(cmd::gtp::Args),
    /// Replay the main line of each record under the rules; report the first problem per file.
    Check(cmd::check::Args),
    /// Count the final position of a record (Art. 9, 11) with the named groups dead.
    Score(cmd::score::Args),
    /// Print the board of a record as text, or write it as SVG.
    Show(cmd::show::Args),
    /// Run an event: players, pairing, results, withdrawals, standings (Art. 25-28).
    Event(cmd::event::Args),
    /// Play a match between two GTP engines, refereed under the rules, on real clocks.
    Match(cmd::match_cmd::Args),
    /// Start the server an event runs on: the JSON API, live games and WebSockets.
    Serve(cmd::serve::Args),
    /// Load-test the server: N games of WebSocket players over loopback; moves/s, p50/p99.
    Loadtest(cmd::loadtest::Args),
    /// Run an engine tournament (round robin or Swiss) stored as an event in the database.
    League(cmd::league::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Gtp(args) => cmd::gtp::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Score(args) => cmd::score::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Event(args) => cmd::event::run(args),
        Command::Match(args) => cmd::match_cmd::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Loadtest(args) => cmd::loadtest::run(args),
        Command::League(args) => cmd::league::run(args),
    };
    match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("weiqi: {e:#}");
            ExitCode::from(2)
        }
    }
}

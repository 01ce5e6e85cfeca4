//! How the server runs: its database, limits, sessions, time source and scorer.

use std::path::PathBuf;

/// How to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file (unused when `database_url` is given).
    pub db: PathBuf,
    /// A PostgreSQL database (`postgres://…`) instead of the SQLite file: the live games,
    /// accounts, roles and events live there (in the schema the URL's `search_path` names
    /// first), and several instances may share it.
    pub database_url: Option<String>,
    /// Requests per second per client (0: unlimited).
    pub rate_limit: u32,
    /// How long login sessions last (idle and in all).
    pub sessions: crate::auth::SessionLimits,
    /// The bounds on logins and connections.
    pub limits: crate::limits::Limits,
    /// The server sits behind TLS (a proxy that terminates HTTPS): responses carry HSTS.
    pub behind_tls: bool,
    /// Where the server reads the time: the system clock, or a test's held time.
    pub time: crate::time::Time,
    /// The external scorer asked for the dead stones when a game enters counting
    /// (`--scorer`, `--scorer-timeout`); `None`: the built-in proposal only.
    pub scorer: Option<arena::scorer::Scorer>,
}

impl Default for Config {
    /// `./weiqi.db`, 50 requests a second per client, sessions of 12 h idle and 7 days in all.
    fn default() -> Config {
        Config {
            db: PathBuf::from("weiqi.db"),
            database_url: None,
            rate_limit: 50,
            sessions: crate::auth::SessionLimits::default(),
            limits: crate::limits::Limits::default(),
            behind_tls: false,
            time: crate::time::Time::system(),
            scorer: None,
        }
    }
}

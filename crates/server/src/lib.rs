//! `weiqi serve`: the server an event runs on. An HTTP JSON API and a WebSocket over the
//! pure cores — the referee record of each game (`referee`), its clock (`clock`), and the
//! event, players, pairing, results and standings (`tournament` through `storage`) — in the
//! same SQLite file that `weiqi event` uses, or in PostgreSQL (the same schema that
//! `weiqi event --database-url` uses), which several instances can share.
//!
//! Main types:
//! - [`Server`]: opens the database (creating and migrating it), resumes the live games,
//!   and serves until SIGINT/SIGTERM ([`Server::serve`]); [`Server::router`] is the whole app
//!   for in-process tests.
//! - [`game::Hub`] and [`game::GameHandle`]: one tokio task per active game owns its
//!   `Referee`; commands for a game are serialised through it.
//! - [`db::Db`]: the database, SQLite (a thread which group-commits appended events) or
//!   PostgreSQL (whose `LISTEN/NOTIFY` tells every instance of every commit).
//! - [`error::ApiError`]: the one error type, mapped to status codes and JSON bodies.
//! - [`time::Time`]: where the server reads the time (the system clock, or a test's held
//!   time), in [`Config`].
//!
//! Key design decision: a game is its referee record, appended one event at a time under a
//! unique (game, seq) key, and an event is acknowledged or broadcast only after its
//! transaction has committed with `synchronous = FULL`. Every command names the sequence
//! number it was made for, so a command sent twice lands once (the repeat is acknowledged
//! as a duplicate) and a command made against an old state is refused with the current one.
//! The server owns the clocks: each game task sleeps until the clock crate's next
//! announcement. After a restart, a game whose clock was running gets a system pause from
//! the last instant the previous run was known alive (its heartbeat, written with the
//! commits) to the restart, so the time the server was down is charged to nobody.
//!
//! Scale-out (PostgreSQL): the unique (game, seq) key is what serialises a game's commands
//! across instances. An instance whose insert loses reads the event that won, and answers
//! as for a command that came late (a duplicate if it was the same command, else stale with
//! the current state); after each commit a `NOTIFY` makes the other instances that run the
//! game read the new events and push them to their WebSocket subscribers.

#![deny(missing_docs)]

pub mod account_name;
pub mod auth;
pub mod config;
pub mod db;
pub mod error;
pub mod game;
pub mod http;
pub mod imports;
pub mod limits;
pub mod plan;
pub mod qr;
pub mod refusals;
pub mod results;
pub mod scoring;
pub mod secret;
pub mod state;
pub mod time;
pub mod view;
pub mod wire;
pub mod words;

pub use config::Config;

/// An opened server: database, live games and the router.
pub struct Server {
    state: state::AppState,
}

impl Server {
    /// Opens (creating and migrating) the database and resumes every game that is not over.
    pub async fn open(config: &Config) -> Result<Server, String> {
        let (db, heartbeat, store, notes) = if let Some(url) = &config.database_url {
            let (db, heartbeat, notes) = db::Db::open_postgres(url, config.time.clone())
                .await
                .map_err(|e| e.to_string())?;
            // The event tables go in the same schema as the server's own (`server_*`) tables.
            let url = url.clone();
            let store = tokio::task::spawn_blocking(move || {
                Ok::<_, storage::StoreError>(game::EventStore::new(
                    storage::Store::open_postgres(&url)?,
                    storage::Store::open_postgres(&url)?,
                ))
            })
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| format!("the event tables on PostgreSQL: {e}"))?;
            (db, heartbeat, store, Some(notes))
        } else {
            let path = config.db.clone();
            let store = tokio::task::spawn_blocking(move || {
                Ok::<_, storage::StoreError>(game::EventStore::new(
                    storage::Store::open(&path)?,
                    storage::Store::open(&path)?,
                ))
            })
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| format!("{}: {e}", config.db.display()))?;
            let (db, heartbeat) = db::Db::open_sqlite(&config.db, config.time.clone()).map_err(|e| e.to_string())?;
            (db, heartbeat, store, None)
        };
        let scoring = match &config.scorer {
            Some(s) => {
                // The scorer's deadline is read from the server's one time source.
                let time = config.time.clone();
                scoring::Scoring::new(s.clone(), arena::Time::reading(move || clock::Instant(time.now_ms())))
            }
            None => scoring::Scoring::none(),
        };
        let hub = game::Hub::new(db, heartbeat, store.clone(), scoring);
        if let Some(notes) = notes {
            hub.follow(notes);
        }
        let n = hub.resume_all().await.map_err(|e| e.to_string())?;
        tracing::info!(games = n, "games resumed");
        // Final results the events lack (the server stopped between the two writes).
        let n = hub.write_back_missing().await.map_err(|e| e.to_string())?;
        if n > 0 {
            tracing::info!(results = n, "final results written into their events");
        }
        Ok(Server {
            state: state::AppState::new(hub, store, config),
        })
    }

    /// The application.
    pub fn router(&self) -> axum::Router {
        http::router(self.state.clone())
    }

    /// Serves on `listener` until SIGINT or SIGTERM, then finishes the requests in flight;
    /// within the connection limits of [`limits::serve`].
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        let limits = self.state.0.limits;
        limits::serve(listener, self.router(), limits, shutdown_signal()).await
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    tracing::info!("shutting down");
}

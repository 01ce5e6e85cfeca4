//! `weiqi serve`: start the server an event runs on (the `server` crate), on the same
//! database as `weiqi event`: `--database-url URL` (PostgreSQL), else `--db FILE` (SQLite),
//! else `$WEIQI_DATABASE_URL`, else `$WEIQI_DB`, else `./weiqi.db`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args as ClapArgs;

/// `weiqi serve`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// The SQLite database file (default: $WEIQI_DB, else ./weiqi.db).
    #[arg(long, value_name = "FILE", conflicts_with = "database_url")]
    db: Option<PathBuf>,
    /// A PostgreSQL database instead of SQLite (postgres://…; the schema is the URL's
    /// search_path). Default: $WEIQI_DATABASE_URL, unless --db is given.
    #[arg(long, value_name = "URL")]
    database_url: Option<String>,
    /// Requests per second per client address (0: no limit); bursts of twice that.
    #[arg(long, default_value_t = 50)]
    rate_limit: u32,
    /// A login session ends after this long without a request (90s, 30m, 12h, 7d).
    #[arg(long, value_name = "DURATION", default_value = "12h", value_parser = server::auth::parse_duration)]
    session_idle: std::time::Duration,
    /// A login session ends this long after the login, however busy.
    #[arg(long, value_name = "DURATION", default_value = "7d", value_parser = server::auth::parse_duration)]
    session_lifetime: std::time::Duration,
    /// Logs as JSON lines instead of text.
    #[arg(long)]
    log_json: bool,
}

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    init_logs(args.log_json);
    // The same choice as `weiqi event`: a flag wins over the environment, a URL over a file.
    let database_url = super::event::chosen_url(args.db.is_some(), args.database_url.clone());
    let db = super::event::db_path(args.db);
    let config = server::Config {
        db: db.clone(),
        database_url: database_url.clone(),
        rate_limit: args.rate_limit,
        sessions: server::auth::SessionLimits {
            idle: args.session_idle,
            lifetime: args.session_lifetime,
        },
    };
    let rt = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    rt.block_on(async move {
        let server = server::Server::open(&config)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open the database: {e}"))?;
        let listener = tokio::net::TcpListener::bind(&args.listen)
            .await
            .with_context(|| format!("cannot listen on {}", args.listen))?;
        let addr = listener.local_addr()?;
        let where_ = match &database_url {
            // The URL may carry a password: name only the kind of database.
            Some(_) => "PostgreSQL (--database-url or $WEIQI_DATABASE_URL)".to_string(),
            None => db.display().to_string(),
        };
        println!("weiqi serve: http://{addr}/ (database {where_})");
        tracing::info!(%addr, db = %where_, "listening");
        server.serve(listener).await.context("the server failed")?;
        Ok(ExitCode::SUCCESS)
    })
}

fn init_logs(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,tower_http=info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

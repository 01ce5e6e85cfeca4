//! `weiqi serve`: start the server an event runs on (the `server` crate), on the same
//! database as `weiqi event`: `--database-url URL` (PostgreSQL), else `--db FILE` (SQLite),
//! else `$WEIQI_DATABASE_URL`, else `$WEIQI_DB`, else `./weiqi.db`. `--scorer CMD` asks a GTP
//! engine for the dead stones of each game that enters counting, within `--scorer-timeout`
//! seconds, the built-in proposal being the fall-back (as `weiqi score --scorer`).

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
    /// Password checks run at once (default: twice the cores); beyond, a login is a 503.
    #[arg(long, default_value_t = server::limits::Limits::default().password_checks)]
    password_checks: usize,
    /// Failed logins per account and per address before each further one locks them out
    /// for a growing time (1 s, 2 s, 4 s, … up to 15 min).
    #[arg(long, default_value_t = 5)]
    free_failures: u32,
    /// Accounts created per client address per hour (0: no limit).
    #[arg(long, default_value_t = 20)]
    accounts_per_hour: u32,
    /// The longest time a client may take to send a request's headers.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = server::auth::parse_duration)]
    header_timeout: std::time::Duration,
    /// A connection with nothing sent either way and no request running is closed after this.
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = server::auth::parse_duration)]
    idle_timeout: std::time::Duration,
    /// Connections open at once, in total.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Connections open at once from one client address.
    #[arg(long, default_value_t = 64)]
    max_connections_per_address: usize,
    /// The server pings each WebSocket this often.
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = server::auth::parse_duration)]
    ws_ping: std::time::Duration,
    /// A WebSocket silent (not even a pong) for this long is closed.
    #[arg(long, value_name = "DURATION", default_value = "90s", value_parser = server::auth::parse_duration)]
    ws_idle: std::time::Duration,
    /// Games one WebSocket may subscribe to.
    #[arg(long, default_value_t = 100)]
    ws_subscriptions: usize,
    /// The server sits behind a proxy that terminates TLS: responses carry
    /// Strict-Transport-Security.
    #[arg(long)]
    behind_tls: bool,
    /// Logs as JSON lines instead of text.
    #[arg(long)]
    log_json: bool,
    /// Ask this GTP engine (a command line, split at spaces) for the dead stones when a game
    /// enters counting, instead of the built-in proposal, which stays the fall-back (the
    /// answers are kept in memory, not stored).
    #[arg(long, value_name = "CMD")]
    scorer: Option<String>,
    /// The scorer's deadline for the whole exchange, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    scorer_timeout: u64,
}

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    init_logs(args.log_json);
    let scorer = match args.scorer.as_deref() {
        None => None,
        Some(line) => Some(
            arena::scorer::Scorer::from_command_line(line, std::time::Duration::from_secs(args.scorer_timeout))
                .with_context(|| format!("--scorer {line:?}: no command"))?,
        ),
    };
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
        limits: server::limits::Limits {
            password_checks: args.password_checks,
            free_failures: args.free_failures,
            accounts_per_hour: args.accounts_per_hour,
            header_timeout: args.header_timeout,
            idle_timeout: args.idle_timeout,
            max_connections: args.max_connections,
            max_connections_per_address: args.max_connections_per_address,
            ws_ping: args.ws_ping,
            ws_idle: args.ws_idle,
            ws_subscriptions: args.ws_subscriptions,
        },
        behind_tls: args.behind_tls,
        time: server::time::Time::system(),
        scorer,
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

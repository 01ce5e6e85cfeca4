//! `weiqi loadtest`: N games played on a weiqi server by the `loadtest` crate's client, with
//! the server measured from outside (its CPU time per move, memory per game, fsyncs). The
//! server is a `weiqi serve` this command starts as a child process on a fresh database (by
//! default; `--pin` puts it and the client on different cores), one already running
//! (`--target URL`, measured when `--server-pid` names it), or, for convenience, one in this
//! very process (`--in-process`: client and server then share the cores, and only the
//! latencies are reported).

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Args as ClapArgs;

/// `weiqi loadtest`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Concurrent games.
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
    /// A server already running (http://host:port; started with --rate-limit 0 and a
    /// --max-connections-per-address above the sockets, since every player comes from one
    /// address) instead of one started for the test.
    #[arg(long, value_name = "URL", conflicts_with_all = ["in_process", "database_url", "dir", "pin"])]
    target: Option<String>,
    /// The process id of the --target server, to measure its CPU time, memory and fsyncs.
    #[arg(long, value_name = "PID", requires = "target")]
    server_pid: Option<u32>,
    /// Runs the server inside this process (client and server share the cores; no server
    /// figures).
    #[arg(long, conflicts_with = "pin")]
    in_process: bool,
    /// Pins the started server to the first core and this client to the others (taskset).
    #[arg(long)]
    pin: bool,
    /// Directory for the started server's temporary database and log (default: the system's
    /// temporary directory).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// The started server uses this PostgreSQL database instead of a temporary SQLite file
    /// (postgres://…; a fresh schema through the URL's options=-csearch_path%3D…).
    #[arg(long, value_name = "URL")]
    database_url: Option<String>,
    /// Players act through an account holding their seats, with a session token (every
    /// command checks the session), instead of the seats' secret links.
    #[arg(long)]
    sessions: bool,
    /// A game's two players share one socket (needed beyond ~9,000 games, when two sockets
    /// a game exceed the open files a process may hold).
    #[arg(long)]
    shared_socket: bool,
    /// Read-only sockets per game besides the players', as spectators' browsers.
    #[arg(long, default_value_t = 0)]
    spectators: usize,
}

/// Runs the load test and prints the figures.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let dir = args.dir.clone().unwrap_or_else(std::env::temp_dir);
    let stem = dir.join(format!("loadtest-{}", std::process::id()));
    let mut opts = loadtest::Options {
        target: String::new(),
        server_pid: None,
        games: args.games,
        duration: Duration::from_secs(args.seconds),
        interval: Duration::from_millis(args.interval_ms),
        size: args.size,
        sessions: args.sessions,
        shared_socket: args.shared_socket,
        spectators: args.spectators,
        account: format!("loadtest-{}", std::process::id()),
    };
    let mut child = None;
    if let Some(url) = &args.target {
        opts.target = url.clone();
        opts.server_pid = args.server_pid;
    } else if !args.in_process {
        let started = start_server(&args, &stem)?;
        opts.target = started.url.clone();
        opts.server_pid = Some(started.child.id());
        child = Some(started);
        if args.pin {
            pin_this_process()?;
        }
    }
    let rt = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let outcome = rt.block_on(async {
        if args.in_process {
            let config = server::Config {
                db: stem.with_extension("db"),
                database_url: args.database_url.clone(),
                rate_limit: 0,
                limits: server::limits::Limits {
                    max_connections: 1_000_000,
                    max_connections_per_address: 1_000_000,
                    ..server::limits::Limits::default()
                },
                ..server::Config::default()
            };
            let server = server::Server::open(&config)
                .await
                .map_err(|e| anyhow::anyhow!("cannot open the database: {e}"))?;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
            opts.target = format!("http://{}", listener.local_addr()?);
            tokio::spawn(server.serve(listener));
        }
        loadtest::run(&opts).await.context("the load test failed")
    });
    if let Some(mut started) = child {
        let _ = started.child.kill();
        let _ = started.child.wait();
        if outcome.is_err() {
            eprintln!("the server's log: {}", stem.with_extension("log").display());
        } else {
            remove_files(&stem, &["log"]);
        }
    }
    if args.target.is_none() {
        remove_files(&stem, &["db", "db-wal", "db-shm"]);
    }
    let report = outcome?;
    println!("{report}");
    if args.in_process {
        println!("(in process: the server's own CPU and memory are not separable from the client's)");
    }
    Ok(ExitCode::SUCCESS)
}

/// A `weiqi serve` started for the test.
struct Started {
    child: Child,
    url: String,
}

/// Starts `weiqi serve` on port 0 and reads the address from its first line.
fn start_server(args: &Args, stem: &Path) -> anyhow::Result<Started> {
    let exe = std::env::current_exe().context("cannot find this program to start the server")?;
    let mut cmd = if args.pin {
        if cores() < 2 {
            bail!("--pin needs two cores or more");
        }
        let mut c = Command::new("taskset");
        c.args(["-c", "0"]).arg(&exe);
        c
    } else {
        Command::new(&exe)
    };
    // Every player comes from one address: no rate limit, and no cap per address.
    cmd.args(["serve", "--listen", "127.0.0.1:0", "--rate-limit", "0"]);
    cmd.args([
        "--max-connections",
        "1000000",
        "--max-connections-per-address",
        "1000000",
    ]);
    match &args.database_url {
        Some(url) => cmd.args(["--database-url", url]),
        None => cmd.arg("--db").arg(stem.with_extension("db")),
    };
    let log = std::fs::File::create(stem.with_extension("log"))
        .with_context(|| format!("cannot write {}", stem.with_extension("log").display()))?;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .context("cannot start weiqi serve (or taskset, with --pin)")?;
    // Its first line names the address it listens on: `weiqi serve: http://ADDR/ (…)`.
    let mut line = String::new();
    let stdout = child.stdout.take().context("no output from weiqi serve")?;
    std::io::BufReader::new(stdout).read_line(&mut line)?;
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .map(|w| w.trim_end_matches('/').to_string());
    match url {
        Some(url) => Ok(Started { child, url }),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            bail!(
                "weiqi serve did not start (it said {:?}; its log: {})",
                line.trim(),
                stem.with_extension("log").display()
            )
        }
    }
}

/// Moves this process (every thread so far, and so every later one) off the server's core.
fn pin_this_process() -> anyhow::Result<()> {
    let cpus = format!("1-{}", cores() - 1);
    let status = Command::new("taskset")
        .args(["-a", "-cp", &cpus, &std::process::id().to_string()])
        .stdout(Stdio::null())
        .status()
        .context("cannot run taskset")?;
    if !status.success() {
        bail!("taskset could not pin the client to cores {cpus}");
    }
    Ok(())
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn remove_files(stem: &Path, extensions: &[&str]) {
    for ext in extensions {
        let _ = std::fs::remove_file(stem.with_extension(ext));
    }
}

//! The load client behind `weiqi loadtest`: N games on a running weiqi server, played over
//! loopback as browsers play them, and the server measured from outside.
//!
//! Setup goes through the HTTP API (an account, a login, the games; in `sessions` mode the
//! account takes both seats of every game). Then every socket connects and subscribes, and
//! only when all have does the measured phase start, so connecting is not in the figures.
//! Each game's players move in turn, one move per game every `interval`, a random legal
//! point of the position they keep with the rules crate; the round trip of each command,
//! sent to acknowledged, is measured (the server acknowledges only after the event is
//! committed). A game's two players have a socket each, or share one
//! ([`Options::shared_socket`]: a process may hold only so many open files, and 10,000
//! games with two sockets each are 20,000 on each side); spectators add sockets that only
//! read, as the watchers of a live game do.
//!
//! Key design decision: the client never asks the server how it is doing. Given the
//! server's process id, it reads what the kernel accounts for that process ([`procfs`]):
//! CPU time, resident memory, fsync calls. Those figures are the server's alone, whoever
//! else shares the machine, which wall-clock latencies on a busy machine are not.

#![deny(missing_docs)]

mod http;
pub mod procfs;

pub use http::Base;

use futures_util::{SinkExt, StreamExt};
use rules::{BoardSize, Color, Game, Move, Rules};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The server, `http://host:port`.
    pub target: String,
    /// The server's process, to measure (none: latencies only).
    pub server_pid: Option<u32>,
    /// Concurrent games.
    pub games: usize,
    /// How long the measured phase lasts.
    pub duration: Duration,
    /// One move per game this often.
    pub interval: Duration,
    /// Board size.
    pub size: u8,
    /// Players act through an account holding both seats, with a session token (every
    /// command checks the session), instead of the seats' secret links.
    pub sessions: bool,
    /// A game's two players share one socket instead of one each.
    pub shared_socket: bool,
    /// Read-only sockets per game besides the players'.
    pub spectators: usize,
    /// The name of the account the games are made under (it must not exist yet).
    pub account: String,
}

/// What went wrong.
#[derive(Debug)]
pub enum Error {
    /// The options cannot be run.
    Usage(String),
    /// An HTTP request of the setup failed.
    Http {
        /// The request's path.
        path: String,
        /// What happened.
        what: String,
    },
    /// A game's socket failed or the server said something unreadable.
    Socket {
        /// The game.
        game: i64,
        /// What happened.
        what: String,
    },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Usage(what) => write!(f, "{what}"),
            Error::Http { path, what } => write!(f, "{path}: {what}"),
            Error::Socket { game, what } => write!(f, "game {game}'s socket: {what}"),
        }
    }
}

impl std::error::Error for Error {}

/// What was measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// The games played.
    pub games: usize,
    /// The sockets open during the measured phase.
    pub sockets: usize,
    /// Acknowledged moves in the measured phase.
    pub moves: usize,
    /// Commands answered with an error.
    pub errors: usize,
    /// Events pushed to the spectators' sockets.
    pub spectator_pushes: u64,
    /// Length of the measured phase.
    pub elapsed: Duration,
    /// Round-trip percentiles, milliseconds: p50, p90, p99, max.
    pub latency_ms: [f64; 4],
    /// How long creating the games and connecting their sockets took.
    pub setup: Duration,
    /// The machine's load averages at the start and the end of the measured phase.
    pub load: [Option<[f64; 3]>; 2],
    /// The server's own figures, when its process was given.
    pub server: Option<ServerFigures>,
    /// This client's CPU time (user + system) in the measured phase: near a whole core, the
    /// client is the limit and the latencies measure it as much as the server.
    pub client_cpu: Option<Duration>,
}

/// The server process as the kernel saw it.
#[derive(Clone, Debug)]
pub struct ServerFigures {
    /// Before any game was made.
    pub idle: procfs::Sample,
    /// When the measured phase started (games made, sockets open).
    pub start: procfs::Sample,
    /// When it ended.
    pub end: procfs::Sample,
    /// Its `fsync`/`fdatasync` calls in the measured phase, or why they were not counted.
    pub fsyncs: Result<u64, String>,
}

impl Report {
    /// The server's CPU time (user + system) per acknowledged move in the measured phase.
    pub fn cpu_per_move(&self) -> Option<Duration> {
        let s = self.server.as_ref()?;
        let moves = u32::try_from(self.moves).ok().filter(|&m| m > 0)?;
        Some(s.end.cpu.saturating_sub(s.start.cpu) / moves)
    }

    /// The server's resident memory per live game at the end, over what it held idle, KiB.
    pub fn memory_per_game_kib(&self) -> Option<f64> {
        let s = self.server.as_ref()?;
        (self.games > 0).then(|| s.end.rss_kib.saturating_sub(s.idle.rss_kib) as f64 / self.games as f64)
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [p50, p90, p99, max] = self.latency_ms;
        let secs = self.elapsed.as_secs_f64();
        writeln!(
            f,
            "{} games, {} sockets: {} moves in {secs:.1} s = {:.0} moves/s, {} errors (setup {:.1} s)",
            self.games,
            self.sockets,
            self.moves,
            self.moves as f64 / secs,
            self.errors,
            self.setup.as_secs_f64()
        )?;
        write!(
            f,
            "round trip p50 {p50:.1} ms, p90 {p90:.1} ms, p99 {p99:.1} ms, max {max:.1} ms"
        )?;
        if self.spectator_pushes > 0 {
            write!(f, "; {} pushes to spectators", self.spectator_pushes)?;
        }
        if let Some(s) = &self.server {
            let cpu = s.end.cpu.saturating_sub(s.start.cpu);
            write!(
                f,
                "\nserver: {:.2} CPU-s in the phase ({:.0}% of a core), {} µs per move; resident {} MiB idle, {} MiB at the end ({:.1} KiB per game), peak {} MiB, {} threads",
                cpu.as_secs_f64(),
                100.0 * cpu.as_secs_f64() / secs,
                self.cpu_per_move().map_or("—".into(), |d| d.as_micros().to_string()),
                s.idle.rss_kib / 1024,
                s.end.rss_kib / 1024,
                self.memory_per_game_kib().unwrap_or(0.0),
                s.end.peak_kib / 1024,
                s.end.threads,
            )?;
            match &s.fsyncs {
                Ok(n) => write!(f, "; {n} fsyncs = {:.0}/s", *n as f64 / secs)?,
                Err(why) => write!(f, "; fsyncs not counted ({why})")?,
            }
        }
        if let Some(cpu) = self.client_cpu {
            write!(
                f,
                "\nclient: {:.2} CPU-s in the phase ({:.0}% of a core)",
                cpu.as_secs_f64(),
                100.0 * cpu.as_secs_f64() / secs
            )?;
        }
        let load = |l: &Option<[f64; 3]>| l.map_or("?".into(), |[a, b, c]| format!("{a:.2} {b:.2} {c:.2}"));
        write!(
            f,
            "\nload average at the start {}, at the end {}",
            load(&self.load[0]),
            load(&self.load[1])
        )
    }
}

/// One game as made: its id and its seats' secrets (Black's, White's).
struct Made {
    id: i64,
    secrets: [String; 2],
}

/// Runs the load test.
pub async fn run(opts: &Options) -> Result<Report, Error> {
    if opts.games == 0 || opts.duration.is_zero() || opts.interval.is_zero() {
        return Err(Error::Usage("games, duration and interval must be above zero".into()));
    }
    let size = BoardSize::new(opts.size).map_err(|e| Error::Usage(format!("board size {}: {e}", opts.size)))?;
    let base = Base::parse(&opts.target)?;
    let sample = |pid: u32| procfs::sample(pid).map_err(|e| Error::Usage(format!("the server's process {pid}: {e}")));
    let idle = opts.server_pid.map(sample).transpose()?;

    let setup_start = Instant::now();
    let creds = json!({ "name": opts.account, "password": "loadtest-password" });
    http::post(&base, "/api/accounts", None, &creds).await?;
    let login = http::post(&base, "/api/sessions", None, &creds).await?;
    let token = login["token"]
        .as_str()
        .ok_or_else(|| Error::Http {
            path: "/api/sessions".into(),
            what: format!("no token in {login}"),
        })?
        .to_string();
    let games = make_games(&base, &token, opts).await?;

    // Every socket connects and subscribes; the phase starts when all have.
    let ws_url = base.ws_url();
    let (ready_tx, mut ready_rx) = mpsc::channel::<()>(1024);
    let (start_tx, start_rx) = watch::channel::<Option<(Instant, Instant)>>(None);
    let mut tasks = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let seats: Vec<Vec<(Color, Who)>> = {
            let who = |c: Color| {
                if opts.sessions {
                    Who::Session
                } else {
                    Who::Seat(game.secrets[c.index()].clone())
                }
            };
            let (b, w) = ((Color::Black, who(Color::Black)), (Color::White, who(Color::White)));
            let mut s = if opts.shared_socket {
                vec![vec![b, w]]
            } else {
                vec![vec![b], vec![w]]
            };
            s.extend((0..opts.spectators).map(|_| Vec::new()));
            s
        };
        // Spread the games' first moves over one interval.
        let offset = opts.interval.mul_f64(i as f64 / opts.games as f64);
        for (k, seats) in seats.into_iter().enumerate() {
            let socket = Socket {
                url: ws_url.clone(),
                token: opts.sessions.then(|| token.clone()),
                game: game.id,
                seats,
                size,
                interval: opts.interval,
                offset,
                seed: (i as u64) << 8 | k as u64,
            };
            tasks.push(tokio::spawn(socket.run(ready_tx.clone(), start_rx.clone())));
        }
    }
    drop(ready_tx);
    let sockets = tasks.len();
    for _ in 0..sockets {
        if ready_rx.recv().await.is_none() {
            break; // a socket failed: its task says why below
        }
    }
    let setup = setup_start.elapsed();
    let start = Instant::now() + Duration::from_millis(500);
    let end = start + opts.duration;
    let started = opts.server_pid.map(sample).transpose()?;
    let fsyncs = opts
        .server_pid
        .map(|pid| procfs::FsyncCount::start(pid, end.saturating_duration_since(Instant::now())));
    let load_start = procfs::loadavg();
    let client_start = sample(std::process::id()).ok();
    start_tx.send_replace(Some((start, end)));

    let mut lat = Vec::new();
    let mut errors = 0;
    let mut spectator_pushes = 0;
    let mut failure = None;
    for t in tasks {
        match t.await {
            Ok(Ok(tally)) => {
                lat.extend(tally.round_trips_us);
                errors += tally.errors;
                spectator_pushes += tally.spectator_pushes;
            }
            Ok(Err(e)) => failure = failure.or(Some(e)),
            Err(e) => {
                failure = failure.or(Some(Error::Usage(format!("a socket's task failed: {e}"))));
            }
        }
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let load_end = procfs::loadavg();
    let client_cpu = match (client_start, sample(std::process::id())) {
        (Some(a), Ok(b)) => Some(b.cpu.saturating_sub(a.cpu)),
        _ => None,
    };
    let server = match (idle, started, opts.server_pid) {
        (Some(idle), Some(start), Some(pid)) => {
            let end = sample(pid)?;
            let fsyncs = match fsyncs {
                Some(Ok(count)) => count.finish().await,
                Some(Err(why)) => Err(why),
                None => Err("no process".into()),
            };
            Some(ServerFigures {
                idle,
                start,
                end,
                fsyncs,
            })
        }
        _ => None,
    };
    lat.sort_unstable();
    let pct = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            f64::from(lat[((lat.len() - 1) as f64 * p).round() as usize]) / 1000.0
        }
    };
    Ok(Report {
        games: games.len(),
        sockets,
        moves: lat.len(),
        errors,
        spectator_pushes,
        elapsed: opts.duration,
        latency_ms: [pct(0.5), pct(0.9), pct(0.99), pct(1.0)],
        setup,
        load: [load_start, load_end],
        server,
        client_cpu,
    })
}

/// Makes the games, 64 requests at a time, and in `sessions` mode takes both seats of each.
async fn make_games(base: &Base, token: &str, opts: &Options) -> Result<Vec<Made>, Error> {
    let mut games = Vec::with_capacity(opts.games);
    let mut body = json!({ "settings": {
        "players": [{ "name": "A", "rank": "1d" }, { "name": "B", "rank": "1d" }],
        "size": opts.size, "time": "1h+3x60s" } });
    if opts.sessions {
        // A free game's seats are for its links unless its creator opens them.
        body["seats"] = json!("open");
    }
    while games.len() < opts.games {
        let n = (opts.games - games.len()).min(64);
        let made =
            futures_util::future::join_all((0..n).map(|_| http::post(base, "/api/games", Some(token), &body))).await;
        for g in made {
            let g = g?;
            let secret = |c: &str| g["secrets"][c].as_str().map(str::to_string);
            let (Some(id), Some(black), Some(white)) = (g["game"].as_i64(), secret("black"), secret("white")) else {
                return Err(Error::Http {
                    path: "/api/games".into(),
                    what: format!("no game id or seat secrets in {g}"),
                });
            };
            games.push(Made {
                id,
                secrets: [black, white],
            });
        }
    }
    if opts.sessions {
        for chunk in games.chunks(32) {
            let joins = chunk.iter().flat_map(|g| {
                let path = format!("/api/games/{}/join", g.id);
                ["black", "white"].map(move |color| {
                    let path = path.clone();
                    async move { http::post(base, &path, Some(token), &json!({ "color": color })).await }
                })
            });
            for j in futures_util::future::join_all(joins).await {
                j?;
            }
        }
    }
    Ok(games)
}

/// How a player acts: its seat's secret link, or as its colour under the socket's session.
enum Who {
    Seat(String),
    Session,
}

/// One socket: a game's players (one or both), or a spectator (none).
struct Socket {
    url: String,
    token: Option<String>,
    game: i64,
    seats: Vec<(Color, Who)>,
    size: BoardSize,
    interval: Duration,
    offset: Duration,
    seed: u64,
}

/// What one socket measured.
#[derive(Default)]
struct Tally {
    /// Round trips of its acknowledged commands, microseconds.
    round_trips_us: Vec<u32>,
    errors: usize,
    spectator_pushes: u64,
}

impl Socket {
    async fn run(
        self,
        ready: mpsc::Sender<()>,
        mut start: watch::Receiver<Option<(Instant, Instant)>>,
    ) -> Result<Tally, Error> {
        let game = self.game;
        let fail = |what: String| Error::Socket { game, what };
        let mut req = self
            .url
            .as_str()
            .into_client_request()
            .map_err(|e| fail(e.to_string()))?;
        if let Some(t) = &self.token {
            let value = format!("Bearer {t}")
                .parse()
                .map_err(|_| fail("a token unfit for a header".into()))?;
            req.headers_mut().insert("authorization", value);
        }
        let (mut ws, _) = tokio_tungstenite::connect_async(req)
            .await
            .map_err(|e| fail(format!("cannot connect: {e}")))?;
        ws.send(Message::text(
            json!({ "type": "subscribe", "game": game, "since": 0 }).to_string(),
        ))
        .await
        .map_err(|e| fail(e.to_string()))?;
        let mut local = Game::new(Rules {
            size: self.size,
            ..Rules::CHINESE
        });
        let mut seq = 0u64;
        let mut tally = Tally::default();
        let mut pending: Vec<Value> = Vec::new();
        // Subscribed once the server's first answer is in (the game's record so far).
        match ws.next().await {
            Some(Ok(Message::Text(t))) => pending.push(serde_json::from_str(&t).map_err(|e| fail(e.to_string()))?),
            other => return Err(fail(format!("no answer to the subscription: {other:?}"))),
        }
        let _ = ready.send(()).await;
        drop(ready);
        let (first, end) = loop {
            if let Some(window) = *start.borrow_and_update() {
                break window;
            }
            tokio::select! {
                changed = start.changed() => changed.map_err(|_| fail("the run was abandoned".into()))?,
                msg = ws.next() => match msg {
                    Some(Ok(Message::Text(t))) => pending.push(serde_json::from_str(&t).map_err(|e| fail(e.to_string()))?),
                    Some(Ok(_)) => {}
                    other => return Err(fail(format!("closed before the start: {other:?}"))),
                },
            }
        };
        let mut slot = first + self.offset;
        let mut in_flight: Option<Instant> = None;
        let mut wait_for = 0u64;
        let mut rng = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let spectator = self.seats.is_empty();
        loop {
            for v in pending.drain(..) {
                match v["type"].as_str() {
                    Some("event") => {
                        let index = v["index"].as_u64().unwrap_or(0);
                        if index < seq {
                            continue;
                        }
                        seq = index + 1;
                        if spectator && Instant::now() >= first {
                            tally.spectator_pushes += 1;
                        }
                        let a = &v["event"]["action"];
                        let side = if v["event"]["actor"] == "black" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let mv = match a["type"].as_str() {
                            Some("play") => Some(Move::Play(
                                self.size
                                    .parse_gtp(a["point"].as_str().unwrap_or(""))
                                    .map_err(|e| fail(format!("a pushed move: {e}")))?,
                            )),
                            Some("pass") => Some(Move::Pass),
                            _ => None,
                        };
                        if let Some(mv) = mv {
                            local
                                .play_as(side, mv)
                                .map_err(|e| fail(format!("a pushed move: {e:?}")))?;
                            slot = slot.max(Instant::now() + self.interval);
                        }
                    }
                    Some("ack") => {
                        if let Some(t0) = in_flight.take() {
                            tally
                                .round_trips_us
                                .push(u32::try_from(t0.elapsed().as_micros()).unwrap_or(u32::MAX));
                        }
                        wait_for = v["seq"].as_u64().unwrap_or(seq);
                    }
                    Some("error") => {
                        in_flight = None;
                        tally.errors += 1;
                        if let Some(s) = v["seq"].as_u64() {
                            wait_for = s;
                        }
                    }
                    _ => {}
                }
            }
            let now = Instant::now();
            if local.end().is_some() || (now >= end && in_flight.is_none()) {
                break;
            }
            let mover = local.to_move();
            let mine = self.seats.iter().find(|(c, _)| *c == mover);
            // The record opens with the colours and the start: moves come after them.
            let my_turn = in_flight.is_none() && seq >= 2 && seq >= wait_for && mine.is_some() && now < end;
            // A command in flight at the end has five seconds more for its answer.
            let grace = end + Duration::from_secs(5);
            if now >= grace {
                break;
            }
            let timeout = if my_turn {
                slot.saturating_duration_since(now)
            } else if in_flight.is_some() {
                grace.saturating_duration_since(now)
            } else {
                end.saturating_duration_since(now)
            };
            match tokio::time::timeout(timeout, ws.next()).await {
                Err(_) if my_turn => {
                    let action = match random_legal(&local, mover, self.size, &mut rng) {
                        Some(p) => json!({ "type": "play", "point": self.size.gtp(p) }),
                        None => json!({ "type": "pass" }),
                    };
                    let mut cmd = json!({ "type": "command", "game": game, "seq": seq, "action": action });
                    match mine {
                        Some((_, Who::Seat(secret))) => cmd["secret"] = json!(secret),
                        _ => cmd["as"] = json!(if mover == Color::Black { "black" } else { "white" }),
                    }
                    in_flight = Some(Instant::now());
                    ws.send(Message::text(cmd.to_string()))
                        .await
                        .map_err(|e| fail(e.to_string()))?;
                }
                Err(_) => {} // the end, or the grace for an answer: seen at the top
                Ok(None) => break,
                Ok(Some(Err(e))) => return Err(fail(e.to_string())),
                Ok(Some(Ok(Message::Text(t)))) => {
                    pending.push(serde_json::from_str(&t).map_err(|e| fail(format!("unreadable push: {e}")))?)
                }
                Ok(Some(Ok(_))) => {}
            }
        }
        let _ = ws.close(None).await;
        Ok(tally)
    }
}

/// A random legal point for `color`: a few random points tried first (cheap: the client must
/// not cost more than the server it measures), else one of all the legal points; `None` when
/// there is none.
fn random_legal(game: &Game, color: Color, size: BoardSize, rng: &mut u64) -> Option<rules::Point> {
    let mut next = || {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        *rng
    };
    let n = u64::from(size.get());
    for _ in 0..16 {
        let r = next();
        let Some(p) = size.point((r % n) as u8, ((r / n) % n) as u8) else {
            continue;
        };
        if game.check(color, Move::Play(p)).is_ok() {
            return Some(p);
        }
    }
    let legal = game.legal_moves(color);
    (!legal.is_empty()).then(|| legal[(next() % legal.len() as u64) as usize])
}

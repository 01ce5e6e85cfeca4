//! The load generator behind `weiqi loadtest`: a server in this process on a fresh SQLite
//! file, N games, and one WebSocket per player over loopback. Each player follows its game
//! through the pushes, keeps the position with the rules crate, and when it is to move waits
//! for the game's next slot (one move per game every `interval`) and plays a random legal
//! point. The round trip of each command — sent to acknowledged, which the server does only
//! after the event is committed — is measured. The players act through their seats' secret
//! links, or (`sessions`) through an account bound to both seats with a session token, so
//! that every command checks the session as a logged-in player's does.

use crate::{Config, Server};
use futures_util::{SinkExt, StreamExt};
use rules::{Color, Game, Move, Rules};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Concurrent games (two WebSocket players each).
    pub games: usize,
    /// How long the measured phase lasts.
    pub duration: Duration,
    /// One move per game this often.
    pub interval: Duration,
    /// Board size.
    pub size: u8,
    /// Where to put the database (a fresh file is made in it).
    pub dir: PathBuf,
    /// A PostgreSQL database instead (`postgres://…`): it must not have an account named
    /// `loadtest` yet (a fresh schema through the URL's `options=-csearch_path%3D…` will do).
    pub database_url: Option<String>,
    /// Players act through an account bound to the seats, with a session token (every
    /// command checks the session), instead of the seats' secret links.
    pub sessions: bool,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// Acknowledged moves in the measured phase.
    pub moves: usize,
    /// Commands answered with an error.
    pub errors: usize,
    /// Length of the measured phase.
    pub elapsed: Duration,
    /// Round-trip percentiles, milliseconds: p50, p90, p99, max.
    pub latency_ms: [f64; 4],
    /// How long creating the games took.
    pub setup: Duration,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [p50, p90, p99, max] = self.latency_ms;
        write!(
            f,
            "{} moves in {:.1} s = {:.0} moves/s, {} errors; round trip p50 {p50:.1} ms, p90 {p90:.1} ms, p99 {p99:.1} ms, max {max:.1} ms (setup {:.1} s)",
            self.moves,
            self.elapsed.as_secs_f64(),
            self.moves as f64 / self.elapsed.as_secs_f64(),
            self.errors,
            self.setup.as_secs_f64()
        )
    }
}

async fn post(router: &axum::Router, path: &str, token: Option<&str>, body: Value) -> Result<Value, String> {
    let mut b = axum::http::Request::builder()
        .method("POST")
        .uri(path)
        .header("content-type", "application/json");
    if let Some(t) = token {
        b = b.header("authorization", format!("Bearer {t}"));
    }
    let req = b
        .body(axum::body::Body::from(body.to_string()))
        .map_err(|e| e.to_string())?;
    let resp = router.clone().oneshot(req).await.map_err(|e| e.to_string())?;
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 20)
        .await
        .map_err(|e| e.to_string())?;
    let v: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    if !status.is_success() {
        return Err(format!("{path}: {status} {v}"));
    }
    Ok(v)
}

/// Runs the load test.
pub async fn run(opts: Options) -> Result<Report, String> {
    let db = opts.dir.join(format!("loadtest-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let server = Server::open(&Config {
        db: db.clone(),
        database_url: opts.database_url.clone(),
        rate_limit: 0,
        ..Config::default()
    })
    .await?;
    let router = server.router();
    let creds = json!({ "name": "loadtest", "password": "loadtest-password" });
    post(&router, "/api/accounts", None, creds.clone()).await?;
    let token = post(&router, "/api/sessions", None, creds).await?["token"]
        .as_str()
        .ok_or("no token")?
        .to_string();
    let setup_start = Instant::now();
    let mut games = Vec::with_capacity(opts.games);
    for chunk in (0..opts.games).collect::<Vec<_>>().chunks(64) {
        let made = futures_util::future::join_all(chunk.iter().map(|_| {
            let body = json!({ "settings": {
                "players": [{ "name": "A", "rank": "1d" }, { "name": "B", "rank": "1d" }],
                "size": opts.size, "time": "1h+3x60s" }, "seats": "open" });
            post(&router, "/api/games", Some(&token), body)
        }))
        .await;
        for g in made {
            let g = g?;
            games.push((
                g["game"].as_i64().ok_or("no game id")?,
                g["secrets"]["black"].as_str().ok_or("no secret")?.to_string(),
                g["secrets"]["white"].as_str().ok_or("no secret")?.to_string(),
            ));
        }
    }
    if opts.sessions {
        // One account holds both seats of every game; each command names its colour.
        for chunk in games.chunks(32) {
            let paths: Vec<String> = chunk.iter().map(|(id, _, _)| format!("/api/games/{id}/join")).collect();
            let joined = futures_util::future::join_all(paths.iter().flat_map(|path| {
                ["black", "white"].map(|color| post(&router, path, Some(&token), json!({ "color": color })))
            }))
            .await;
            for j in joined {
                j?;
            }
        }
    }
    let setup = setup_start.elapsed();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| e.to_string())?;
    let url = format!("ws://{}/api/ws", listener.local_addr().map_err(|e| e.to_string())?);
    tokio::spawn(server.serve(listener));

    let start = Instant::now() + Duration::from_secs(2);
    let end = start + opts.duration;
    let mut tasks = Vec::new();
    for (i, (id, black, white)) in games.into_iter().enumerate() {
        // Spread the games' first moves over one interval.
        let offset = opts.interval.mul_f64(i as f64 / opts.games.max(1) as f64);
        for (color, secret) in [(Color::Black, black.clone()), (Color::White, white)] {
            let who = if opts.sessions {
                Who::Session(token.clone())
            } else {
                Who::Seat(secret)
            };
            let url = url.clone();
            let size = opts.size;
            let interval = opts.interval;
            tasks.push(tokio::spawn(async move {
                player(url, id, color, who, size, start + offset, end, interval, i as u64).await
            }));
        }
    }
    let mut lat = Vec::new();
    let mut errors = 0;
    for t in tasks {
        match t.await {
            Ok(Ok((l, e))) => {
                lat.extend(l);
                errors += e;
            }
            Ok(Err(e)) => return Err(e),
            Err(e) => return Err(e.to_string()),
        }
    }
    lat.sort_unstable();
    let pct = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
        }
    };
    let report = Report {
        moves: lat.len(),
        errors,
        elapsed: opts.duration,
        latency_ms: [pct(0.5), pct(0.9), pct(0.99), pct(1.0)],
        setup,
    };
    let _ = std::fs::remove_file(&db);
    let _ = std::fs::remove_file(db.with_extension("db-wal"));
    let _ = std::fs::remove_file(db.with_extension("db-shm"));
    Ok(report)
}

/// How a player acts: its seat's secret link, or a session token of the account holding
/// its seat.
enum Who {
    Seat(String),
    Session(String),
}

/// One player: the round trips it measured (microseconds) and its errors.
#[allow(clippy::too_many_arguments)]
async fn player(
    url: String,
    game: i64,
    color: Color,
    who: Who,
    size: u8,
    first: Instant,
    end: Instant,
    interval: Duration,
    seed: u64,
) -> Result<(Vec<u32>, usize), String> {
    let url = match &who {
        Who::Seat(_) => url,
        Who::Session(token) => format!("{url}?token={token}"),
    };
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .map_err(|e| e.to_string())?;
    ws.send(Message::text(
        json!({ "type": "subscribe", "game": game, "since": 0 }).to_string(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    let bs = rules::BoardSize::new(size).map_err(|e| e.to_string())?;
    let mut local = Game::new(Rules {
        size: bs,
        ..Rules::CHINESE
    });
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (color.index() as u64 + 1);
    let mut seq = 0u64;
    let mut slot = first;
    let mut in_flight: Option<Instant> = None;
    let mut wait_for = 0u64;
    let mut lat = Vec::new();
    let mut errors = 0;
    loop {
        let now = Instant::now();
        if now >= end && in_flight.is_none() {
            break;
        }
        let my_turn = in_flight.is_none() && seq >= 2 && seq >= wait_for && local.to_move() == color && now < end;
        let timeout = if my_turn {
            slot.saturating_duration_since(now)
        } else {
            end.saturating_duration_since(now) + Duration::from_secs(5)
        };
        match tokio::time::timeout(timeout, ws.next()).await {
            Err(_) if my_turn => {
                let legal = local.legal_moves(color);
                let mv = if legal.is_empty() {
                    json!({ "type": "pass" })
                } else {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    json!({ "type": "play", "point": bs.gtp(legal[(rng % legal.len() as u64) as usize]) })
                };
                let mut cmd = json!({ "type": "command", "game": game, "seq": seq, "action": mv });
                match &who {
                    Who::Seat(secret) => cmd["secret"] = json!(secret),
                    Who::Session(_) => cmd["as"] = json!(if color == Color::Black { "black" } else { "white" }),
                }
                in_flight = Some(Instant::now());
                ws.send(Message::text(cmd.to_string()))
                    .await
                    .map_err(|e| e.to_string())?;
            }
            Err(_) => break,
            Ok(None) => break,
            Ok(Some(Err(e))) => return Err(e.to_string()),
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: Value = serde_json::from_str(&t).map_err(|e| e.to_string())?;
                match v["type"].as_str() {
                    Some("event") => {
                        let index = v["index"].as_u64().unwrap_or(0);
                        if index + 1 > seq {
                            seq = index + 1;
                            let a = &v["event"]["action"];
                            let side = if v["event"]["actor"] == "black" {
                                Color::Black
                            } else {
                                Color::White
                            };
                            let mv = match a["type"].as_str() {
                                Some("play") => Some(Move::Play(
                                    bs.parse_gtp(a["point"].as_str().unwrap_or(""))
                                        .map_err(|e| e.to_string())?,
                                )),
                                Some("pass") => Some(Move::Pass),
                                _ => None,
                            };
                            if let Some(mv) = mv {
                                local.play_as(side, mv).map_err(|e| format!("game {game}: {e:?}"))?;
                                if side != color {
                                    slot = (Instant::now() + interval).max(slot);
                                }
                            }
                        }
                    }
                    Some("ack") => {
                        if let Some(t0) = in_flight.take() {
                            lat.push(t0.elapsed().as_micros() as u32);
                        }
                        wait_for = v["seq"].as_u64().unwrap_or(seq);
                    }
                    Some("error") => {
                        in_flight = None;
                        errors += 1;
                        if let Some(s) = v["seq"].as_u64() {
                            wait_for = s;
                        }
                    }
                    _ => {}
                }
                if local.end().is_some() {
                    break;
                }
            }
            Ok(Some(Ok(_))) => {}
        }
    }
    Ok((lat, errors))
}

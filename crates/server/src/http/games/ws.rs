//! The WebSocket: one per client, over which it subscribes to games and sends commands.
//!
//! Client messages (JSON text frames):
//! - `{"type":"subscribe","game":7,"since":12}`: the events from index 12 on (what the client
//!   missed), then every push; without `since`, or with one beyond the record, the full state.
//! - `{"type":"command","game":7,"seq":12,"action":{…},"ref":"c1","secret":"…","as":"referee"}`:
//!   as `POST /api/games/7/actions`; answered by an `ack` or an `error` carrying `ref`.
//! - `{"type":"state","game":7}`: the full state.
//!
//! A `proposal` push (`{"type":"proposal","game":7,"seq":40}`) says that the external scorer
//! answered (or failed) on the game's position: the view's `machine_*` fields changed.
//!
//! Every server message names its game and carries `seq`, the number of events recorded
//! when it was sent; event pushes arrive in order, each exactly once per subscription. An
//! `error` is the HTTP API's body for the same error (`error`, `message`; `article` for a
//! refusal; `state` and `seq` for `stale`) with the HTTP `status` and the command's `ref`;
//! one for a message that could not be read has `game: null`.
//! - `{"type":"auth","token":"…","secret":"…"}` (either or both): the credentials of the
//!   commands that follow, as a browser sends them (it cannot set headers on a WebSocket);
//!   answered by `{"type":"auth","account":…}` or the 401 for an ended session.
//!
//! Credentials come with the upgrade (`Authorization`, `X-Seat-Secret`), in an `auth`
//! message, or per command (`secret`); never in the URL, which ends up in logs.

use crate::error::ApiError;
use crate::http::extract::{self, BODY_LIMIT, Caller, ConnectInfoOpt, session_account};
use crate::http::games::{ActReq, submit};
use crate::state::{AppState, take_token};
use crate::wire::WAction;
use crate::wire::games::Frame;
use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::Value as Json;
use tokio::sync::{broadcast, mpsc};
use web::routes::{Route, get};

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
enum ClientMsg {
    Subscribe {
        game: i64,
        #[serde(default)]
        since: Option<u64>,
    },
    Command {
        game: i64,
        seq: u64,
        action: WAction,
        #[serde(default, rename = "ref")]
        reference: Option<Json>,
        #[serde(default)]
        secret: Option<String>,
        #[serde(default, rename = "as")]
        as_: Option<String>,
    },
    State {
        game: i64,
    },
    Auth {
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        secret: Option<String>,
    },
}

/// The route of the WebSocket, for the router ([`crate::http::routes`]).
pub(crate) fn routes() -> Vec<Route<AppState>> {
    vec![get("/api/ws", upgrade)]
}

/// The bytes a socket reads at a time.
const READ_BUFFER: usize = 4 * 1024;

/// The frames a socket gathers before it writes them without waiting for the flush: the
/// writer flushes after every batch it finds queued, so this only bounds a batch.
const WRITE_BUFFER: usize = 64 * 1024;

/// A message as a socket sends it: a [`Frame`], or a push the game's task made.
fn encoded(msg: &impl serde::Serialize) -> Utf8Bytes {
    // A frame is a tree of strings, numbers and JSON values, which always serialises.
    Utf8Bytes::from(serde_json::to_string(msg).expect("a frame serialises"))
}

/// `GET /api/ws`.
pub async fn upgrade(
    State(st): State<AppState>,
    ConnectInfoOpt(ip): ConnectInfoOpt,
    caller: Caller,
    ws: WebSocketUpgrade,
) -> Response {
    // A client's messages are small commands, but the WebSocket library reads into a
    // 128 KiB buffer per socket by default: two players and their spectators for each of
    // thousands of games made that most of the server's memory. A read grows the buffer as
    // far as a message needs (up to the body limit).
    ws.max_message_size(BODY_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .on_upgrade(move |socket| session(st, ip, caller, socket))
        .into_response()
}

/// One socket: the server pings it every `ws_ping` and closes it when nothing (not even a
/// pong) has come for `ws_idle`; every message draws on the client address's rate limit, as
/// an HTTP request does; it follows at most `ws_subscriptions` games, each once.
async fn session(st: AppState, ip: std::net::IpAddr, mut caller: Caller, socket: WebSocket) {
    let limits = st.0.limits;
    let (mut sink, mut stream) = socket.split();
    let (out, mut out_rx) = mpsc::channel::<Utf8Bytes>(1024);
    let (ping_tx, mut ping_rx) = mpsc::channel::<()>(1);
    let writer = tokio::spawn(async move {
        'socket: loop {
            let m = tokio::select! {
                m = out_rx.recv() => match m {
                    Some(msg) => Message::Text(msg),
                    None => break,
                },
                Some(()) = ping_rx.recv() => Message::Ping(Vec::new().into()),
            };
            if sink.feed(m).await.is_err() {
                break;
            }
            // What is queued already goes out in the same write: a command's ack and the
            // push of its event to the same socket cost one system call, not two.
            while let Ok(msg) = out_rx.try_recv() {
                if sink.feed(Message::Text(msg)).await.is_err() {
                    break 'socket;
                }
            }
            if sink.flush().await.is_err() {
                break;
            }
        }
    });
    let mut subscriptions: std::collections::HashMap<i64, tokio::task::JoinHandle<()>> =
        std::collections::HashMap::new();
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + limits.ws_ping, limits.ws_ping);
    let silence = tokio::time::sleep(limits.ws_idle);
    tokio::pin!(silence);
    loop {
        let msg = tokio::select! {
            m = stream.next() => match m {
                Some(Ok(m)) => m,
                _ => break,
            },
            _ = ping.tick() => {
                let _ = ping_tx.try_send(());
                continue;
            }
            () = &mut silence => {
                tracing::debug!(%ip, "WebSocket closed: silent too long");
                break;
            }
        };
        silence.as_mut().reset(tokio::time::Instant::now() + limits.ws_idle);
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(_) => break,
            _ => continue,
        };
        if !take_token(&st, ip) {
            if out
                .send(encoded(&described(ApiError::RateLimited, None, None)))
                .await
                .is_err()
            {
                break;
            }
            continue;
        }
        let reply = match serde_json::from_str::<ClientMsg>(&text) {
            Err(e) => Some(described(
                ApiError::BadRequest(crate::words::say!("ws.err.unreadable", why = e)),
                None,
                None,
            )),
            Ok(ClientMsg::Subscribe { game, .. })
                if subscriptions.len() >= limits.ws_subscriptions && !subscriptions.contains_key(&game) =>
            {
                Some(described(
                    ApiError::Conflict(crate::words::say!("ws.err.too_many", n = limits.ws_subscriptions)),
                    None,
                    Some(game),
                ))
            }
            Ok(ClientMsg::Subscribe { game, since }) => match subscribe(&st, game, since, out.clone()).await {
                Ok(task) => {
                    // Subscribing again to a game replaces the subscription: one copy per push.
                    if let Some(old) = subscriptions.insert(game, task) {
                        old.abort();
                    }
                    None
                }
                Err(e) => Some(described(e, None, Some(game))),
            },
            Ok(ClientMsg::Auth { token, secret }) => match extract::caller(&st, token.as_deref(), secret).await {
                Ok(c) => {
                    let account = c.account.as_ref().map(|a| a.name.clone());
                    caller = c;
                    Some(Frame::Auth { game: None, account })
                }
                Err(e) => Some(described(e, None, None)),
            },
            Ok(ClientMsg::State { game }) => Some(match st.0.hub.get(game).await {
                Ok(Some(h)) => match h.state().await {
                    Some(s) => Frame::State {
                        game,
                        seq: s["seq"].clone(),
                        state: s,
                    },
                    None => described(ApiError::Internal("game task gone".into()), None, Some(game)),
                },
                Ok(None) => described(
                    ApiError::NotFound(crate::words::say!("game.err.none", id = game)),
                    None,
                    Some(game),
                ),
                Err(e) => described(e.into(), None, Some(game)),
            }),
            Ok(ClientMsg::Command {
                game,
                seq,
                action,
                reference,
                secret,
                as_,
            }) => {
                let c = Caller {
                    account: caller.account.clone(),
                    secret: secret.or_else(|| caller.secret.clone()),
                    token: caller.token.clone(),
                };
                let r = command(&st, &c, game, ActReq { seq, action, as_ }).await;
                Some(match r {
                    Ok((ack, _)) => Frame::Ack {
                        ack,
                        reference: reference.unwrap_or(Json::Null),
                    },
                    Err(e) => described(e, reference, Some(game)),
                })
            }
        };
        if let Some(r) = reply
            && out.send(encoded(&r)).await.is_err()
        {
            break;
        }
    }
    for s in subscriptions.into_values() {
        s.abort();
    }
    drop(out);
    let _ = writer.await;
}

/// A command from the socket, as `POST /api/games/{game}/actions`.
async fn command(st: &AppState, c: &Caller, game: i64, r: ActReq) -> Result<(crate::wire::games::Ack, u64), ApiError> {
    if let (Some(t), Some(_)) = (&c.token, &c.account) {
        // The session may have ended (logged out, expired) since the upgrade.
        session_account(st, t).await?;
    }
    let h =
        st.0.hub
            .get(game)
            .await?
            .ok_or_else(|| ApiError::NotFound(crate::words::say!("game.err.none", id = game)))?;
    submit(st, &h, c, r).await
}

/// The error as a WebSocket message: the HTTP API's body for it (one table,
/// [`ApiError::status_and_body`]) with `type: "error"`, the game (none for a message that
/// could not be read), the HTTP status, the command's `ref`, and for `stale` the game's `seq`.
fn described(e: ApiError, reference: Option<Json>, game: Option<i64>) -> Frame {
    let (status, body) = e.status_and_body();
    Frame::Error {
        seq: body.state.as_ref().map(|s| s["seq"].clone()),
        body,
        game,
        status: status.as_u16(),
        reference: reference.unwrap_or(Json::Null),
    }
}

/// Sends what the client missed (or the full state), then forwards every push. Subscribing
/// to the broadcast before asking for the backlog means nothing falls between the two; what
/// comes twice is dropped by its index.
async fn subscribe(
    st: &AppState,
    game: i64,
    since: Option<u64>,
    out: mpsc::Sender<Utf8Bytes>,
) -> Result<tokio::task::JoinHandle<()>, ApiError> {
    let h =
        st.0.hub
            .get(game)
            .await?
            .ok_or_else(|| ApiError::NotFound(crate::words::say!("game.err.none", id = game)))?;
    let mut rx = h.subscribe();
    let mut next = match since.map(|s| (s, h.clone())) {
        Some((s, h)) => match h.since(s).await {
            Some(Ok(events)) => {
                let n = s + events.len() as u64;
                for e in events {
                    let _ = out.send(encoded(&e)).await;
                }
                n
            }
            _ => send_state(&h, game, &out).await,
        },
        None => send_state(&h, game, &out).await,
    };
    Ok(tokio::spawn(async move {
        loop {
            match rx.recv().await {
                Ok(push) => {
                    if let Some(index) = push.index {
                        if index < next {
                            continue;
                        }
                        next = index + 1;
                    }
                    if out.send(push.text.clone()).await.is_err() {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Too slow to follow: start again from the full state.
                    next = send_state(&h, game, &out).await;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    }))
}

async fn send_state(h: &crate::game::GameHandle, game: i64, out: &mpsc::Sender<Utf8Bytes>) -> u64 {
    match h.state().await {
        Some(s) => {
            let seq = s["seq"].as_u64().unwrap_or(0);
            let _ = out
                .send(encoded(&Frame::State {
                    game,
                    seq: seq.into(),
                    state: s,
                }))
                .await;
            seq
        }
        None => 0,
    }
}

//! The WebSocket over a real socket: pushes carry the sequence number, a reconnect with the
//! last number gets what was missed (or the full state), and the server's clock calls and
//! flag reach the subscribers.

use crate::support::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn serve(a: &mut App) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let s = a.server.take().unwrap();
    tokio::spawn(s.serve(listener));
    format!("ws://{addr}/api/ws")
}

pub async fn connect(url: &str) -> Socket {
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

pub async fn send(ws: &mut Socket, v: Value) {
    ws.send(Message::text(v.to_string())).await.unwrap();
}

pub async fn next(ws: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(20), ws.next())
            .await
            .expect("a message within 20 s")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

pub fn brief(v: &Value) -> String {
    match v["type"].as_str().unwrap() {
        "event" => format!("event seq={} {}", v["seq"], v["en"].as_str().unwrap()),
        "ack" => format!("ack seq={} duplicate={}", v["seq"], v["duplicate"]),
        "state" => format!("state seq={}", v["seq"]),
        "error" => format!("error {} {}", v["error"], v["seq"]),
        other => other.to_string(),
    }
}

#[tokio::test]
async fn subscribers_get_every_event_with_its_seq_and_catch_up_after_a_reconnect() {
    subscribers_get_every_event_with_its_seq_and_catch_up_after_a_reconnect_on(app().await).await;
}

#[tokio::test]
async fn subscribers_get_every_event_with_its_seq_and_catch_up_after_a_reconnect_on_postgres() {
    let db = PgSchema::new().await;
    subscribers_get_every_event_with_its_seq_and_catch_up_after_a_reconnect_on(db.app().await).await;
}

async fn subscribers_get_every_event_with_its_seq_and_catch_up_after_a_reconnect_on(mut a: App) {
    let token = login(&a.router, "li").await;
    let (id, black, white) = game(&a.router, &token, "none").await;
    let url = serve(&mut a).await;
    let mut watcher = connect(&url).await;
    send(&mut watcher, json!({ "type": "subscribe", "game": id, "since": 0 })).await;
    let mut seen = Vec::new();
    for _ in 0..2 {
        seen.push(brief(&next(&mut watcher).await));
    }
    let mut player = connect(&url).await;
    let moves = [(&black, "E5"), (&white, "C3"), (&black, "G7")];
    for (i, (secret, point)) in moves.iter().enumerate() {
        let cmd = json!({ "type": "command", "game": id, "seq": 2 + i, "secret": secret,
            "action": { "type": "play", "point": point }, "ref": i });
        send(&mut player, cmd).await;
        seen.push(format!("player: {}", brief(&next(&mut player).await)));
        seen.push(brief(&next(&mut watcher).await));
    }
    // The watcher goes away, two moves are made, and it comes back with its last number.
    drop(watcher);
    for (i, (secret, point)) in [(&white, "D4"), (&black, "F6")].iter().enumerate() {
        let cmd = json!({ "type": "command", "game": id, "seq": 5 + i, "secret": secret,
            "action": { "type": "play", "point": point } });
        send(&mut player, cmd).await;
        next(&mut player).await;
    }
    let mut back = connect(&url).await;
    send(&mut back, json!({ "type": "subscribe", "game": id, "since": 5 })).await;
    for _ in 0..2 {
        seen.push(format!("back: {}", brief(&next(&mut back).await)));
    }
    // A number beyond the record, or none: the full state.
    send(&mut back, json!({ "type": "subscribe", "game": id, "since": 99 })).await;
    seen.push(format!("back: {}", brief(&next(&mut back).await)));
    // A stale command over the socket: refused with the current number.
    let stale = json!({ "type": "command", "game": id, "seq": 3, "secret": white, "action": { "type": "pass" } });
    send(&mut player, stale).await;
    seen.push(format!("player: {}", brief(&next(&mut player).await)));
    expect_test::expect![[r#"
        event seq=1 Colours by the draw: Li takes Black (Art. 10)
        event seq=2 The game starts
        player: ack seq=3 duplicate=false
        event seq=3 Black plays E5
        player: ack seq=4 duplicate=false
        event seq=4 White plays C3
        player: ack seq=5 duplicate=false
        event seq=5 Black plays G7
        back: event seq=6 White plays D4
        back: event seq=7 Black plays F6
        back: state seq=7
        player: error "stale" 7
    "#]]
    .assert_eq(&(seen.join("\n") + "\n"));
}

#[tokio::test]
async fn the_server_calls_byo_yomi_and_records_the_flag() {
    the_server_calls_byo_yomi_and_records_the_flag_on(app().await).await;
}

#[tokio::test]
async fn the_server_calls_byo_yomi_and_records_the_flag_on_postgres() {
    let db = PgSchema::new().await;
    the_server_calls_byo_yomi_and_records_the_flag_on(db.app().await).await;
}

async fn the_server_calls_byo_yomi_and_records_the_flag_on(mut a: App) {
    let token = login(&a.router, "li").await;
    // Two periods of one second and no basic time: Black's flag falls 2 s after the start,
    // which waits until the subscription is answered (a loaded machine may take a second to
    // subscribe, and the first call would be missed).
    let (id, _, _) = game_not_started(&a.router, &token, "2x1s").await;
    let router = a.router.clone();
    let url = serve(&mut a).await;
    let mut ws = connect(&url).await;
    send(&mut ws, json!({ "type": "subscribe", "game": id, "since": 0 })).await;
    assert_eq!(
        brief(&next(&mut ws).await),
        "event seq=1 Colours by the draw: Li takes Black (Art. 10)"
    );
    start_game(&router, &token, id).await;
    let mut calls = Vec::new();
    loop {
        let m = next(&mut ws).await;
        match m["type"].as_str() {
            Some("call") => calls.push(format!(
                "{} {}",
                m["color"].as_str().unwrap(),
                m["en"].as_str().unwrap()
            )),
            Some("event") => {
                calls.push(brief(&m));
                if m["event"]["action"]["type"] == "flag" {
                    break;
                }
            }
            _ => {}
        }
    }
    expect_test::expect![[r#"
        event seq=2 The game starts
        black 1 second, 1 period left
        black 1, time is up
        event seq=3 Black's time ran out; result: white wins on time (Art. 22.5)
    "#]]
    .assert_eq(&(calls.join("\n") + "\n"));
}

#[tokio::test]
async fn an_error_frame_is_the_http_body_for_the_same_error() {
    let mut a = app().await;
    let token = login(&a.router, "li").await;
    let (id, black, white) = game(&a.router, &token, "none").await;
    act(&a.router, id, &black, 2, json!({ "type": "play", "point": "E5" })).await;
    let router = a.router.clone();
    let url = serve(&mut a).await;
    let mut ws = connect(&url).await;
    // (what, game, secret, seq, action): each sent over HTTP, then over the socket.
    let cases = [
        ("occupied", id, &white, 3, json!({ "type": "play", "point": "E5" })),
        ("stale", id, &white, 2, json!({ "type": "pass" })),
        ("not a vertex", id, &white, 3, json!({ "type": "play", "point": "Z99" })),
        ("not its turn", id, &black, 3, json!({ "type": "pass" })),
        ("a wrong secret", id, &"0".repeat(64), 3, json!({ "type": "pass" })),
        ("no such game", 999, &white, 3, json!({ "type": "pass" })),
    ];
    let mut seen = Vec::new();
    for (i, (what, game, secret, seq, action)) in cases.into_iter().enumerate() {
        let (status, mut body) = act(&router, game, secret, seq, action.clone()).await;
        let cmd = json!({ "type": "command", "game": game, "seq": seq, "secret": secret, "action": action, "ref": i });
        send(&mut ws, cmd).await;
        let mut frame = next(&mut ws).await;
        let o = frame.as_object_mut().unwrap();
        assert_eq!(
            (o.remove("type"), o.remove("game"), o.remove("ref"), o.remove("status")),
            (
                Some(json!("error")),
                Some(json!(game)),
                Some(json!(i)),
                Some(json!(status.as_u16()))
            ),
            "{what}"
        );
        // A stale answer carries the game's state, whose clock has moved on meanwhile: its
        // number is compared (the frame has it also at the top).
        if let Some(state) = o.remove("state") {
            assert_eq!(o.remove("seq"), Some(state["seq"].clone()), "{what}");
            assert_eq!(state["seq"], body["state"]["seq"], "{what}");
            body.as_object_mut().unwrap().remove("state");
        }
        assert_eq!(frame, body, "{what}");
        seen.push(format!("{what}: {} {body}", status.as_u16()));
    }
    // A message the socket cannot read: the same kind of body, for no game.
    ws.send(Message::text("{\"type\":\"command\"")).await.unwrap();
    let m = next(&mut ws).await;
    seen.push(format!(
        "unreadable: {} {} game={} {}",
        m["status"], m["error"], m["game"], m["message"]
    ));
    expect_test::expect![[r#"
        occupied: 422 {"article":"2","error":"refused","key":"referee.err.illegal","message":"illegal move: occupied point","zh":"不合法的着手：该点已有棋子"}
        stale: 409 {"error":"stale","key":"game.err.stale","message":"sequence number 2 is not the game's next (3): reload the game and send again","zh":"序号2不是本局的下一个（应为3）：请重新载入对局后再发送"}
        not a vertex: 400 {"error":"bad_request","key":"wire.err.point","message":"point \"Z99\" is not a vertex of the 9x9 board: coordinate \"Z99\" is off the 9x9 board","zh":"\"Z99\"不是9路棋盘上的点"}
        not its turn: 422 {"article":"2.3","error":"refused","key":"referee.err.not_your_turn","message":"it is not black's turn (Art. 2.3; a second move in a row is Art. 17.2)","zh":"现在不是黑方行棋（第2.3条；连下两手见第17.2条）"}
        a wrong secret: 403 {"error":"forbidden","key":"game.err.bad_secret","message":"the seat secret is not one of game 1's: use the link given for your seat","zh":"座位密钥不属于第1局：请使用发给你座位的链接"}
        no such game: 404 {"error":"not_found","key":"game.err.none","message":"no game 999","zh":"没有第999局"}
        unreadable: 400 "bad_request" game=null "unreadable message: EOF while parsing an object at line 1 column 17"
    "#]].assert_eq(&(seen.join("\n") + "\n"));
}

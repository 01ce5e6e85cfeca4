//! `weiqi serve --scorer CMD`: when a game enters counting the server asks a GTP engine for
//! the dead stones in the background (`server::scoring`), and the view shows its answer
//! instead of the built-in proposal, or why it failed (the built-in proposal then stands).
//! The engine is the arena's scripted one (`crates/arena/tests/data/fake_gtp.py`); its
//! deadline is read from the server's held time, which the test moves. Nothing here sleeps:
//! a test reads the view again on each `proposal` push, and waits for the engine's question
//! on the FIFO its log is written to.

use crate::support::{App, act, app_with, call, game, login};
use serde_json::{Value, json};
use std::time::Duration;

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../arena/tests/data/fake_gtp.py");

/// The server's held time at the start (2026-12-01, in milliseconds since the epoch): the
/// scorer's deadline is read from it too.
const T0: u64 = 1_764_547_200_000;

/// Black's and White's moves to a 9×9 position with a ko open (Black's F5 in atari, White to
/// move once play ends) and White's invader at B7: the game of `view::counted_with_open_ko`.
const OPEN_KO: [(&str, &str); 10] = [
    ("E9", "F9"),
    ("E8", "F8"),
    ("E7", "F7"),
    ("E6", "F6"),
    ("D5", "G5"),
    ("F5", "F4"),
    ("E4", "F3"),
    ("E3", "F2"),
    ("E2", "F1"),
    ("E1", "B7"),
];

/// A server whose scorer is `command` with a deadline of 10 s on the held time `time`.
async fn with_scorer(command: &[&str], time: &server::time::Time) -> App {
    let scorer = arena::scorer::Scorer {
        command: command.iter().map(|s| s.to_string()).collect(),
        timeout: Duration::from_secs(10),
    };
    let time = time.clone();
    app_with(move |c| {
        c.scorer = Some(scorer);
        c.time = time;
    })
    .await
}

async fn view(a: &App, id: i64) -> Value {
    let (s, v) = call(&a.router, "GET", &format!("/api/games/{id}/view"), None, None).await;
    assert_eq!(s, 200, "{v}");
    v
}

/// A 9×9 game played to counting through `OPEN_KO`; its id and Black's and White's secrets.
async fn counting(a: &App) -> (i64, String, String) {
    let r = &a.router;
    let token = login(r, "owner").await;
    let (id, black, white) = game(r, &token, "none").await;
    for (b, w) in OPEN_KO {
        for (secret, point) in [(&black, b), (&white, w)] {
            let seq = view(a, id).await["seq"].as_u64().unwrap();
            let (s, v) = act(r, id, secret, seq, json!({ "type": "play", "point": point })).await;
            assert_eq!(s, 200, "{point}: {v}");
        }
    }
    for (secret, action) in [(&black, "propose_end"), (&white, "accept_end")] {
        let seq = view(a, id).await["seq"].as_u64().unwrap();
        let (s, v) = act(r, id, secret, seq, json!({ "type": action })).await;
        assert_eq!(s, 200, "{action}: {v}");
    }
    (id, black, white)
}

/// A page following game `id` over the WebSocket: the server of `a` listening on port 0,
/// the game subscribed and its state received.
async fn watch(a: &mut App, id: i64) -> crate::ws::Socket {
    let url = crate::ws::serve(a).await;
    let mut watcher = crate::ws::connect(&url).await;
    crate::ws::send(&mut watcher, json!({ "type": "subscribe", "game": id })).await;
    assert_eq!(crate::ws::next(&mut watcher).await["type"], "state");
    watcher
}

/// The view once the scorer is no longer being asked, in brief: read at once, and again
/// after each `proposal` push the watcher receives (the server sends one when the scorer
/// answers or fails; `ws::next` bounds each wait).
async fn answered(a: &App, id: i64, watcher: &mut crate::ws::Socket) -> String {
    loop {
        let v = view(a, id).await;
        assert_eq!(v["phase"], "counting", "{v}");
        if v["machine_scorer"]["asking"] != true {
            let chains: Vec<String> = v["machine_chains"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    format!(
                        "{} {} {} {} / {} / {}",
                        c["color"], c["stones"], c["status"], c["reason"], c["en"], c["zh"]
                    )
                })
                .collect();
            // The engine's path as the tests' sources name it.
            return format!(
                "by {} scorer {}\nmarking {} unsure {}\n{}",
                v["machine_proposed_by"],
                v["machine_scorer"],
                v["machine_marking"],
                v["machine_unsure"],
                chains.join("\n")
            )
            .replace(FAKE, "fake_gtp.py");
        }
        while crate::ws::next(watcher).await["type"] != "proposal" {}
    }
}

/// A FIFO at `path` for the engine's `--log`, and a task that ends once the engine has
/// written a line with `needle` in it: a wait on what the engine shows, never on the clock.
/// The FIFO is opened for reading and writing, so the engine's opens never block and the
/// reader never sees an end between its lines.
fn log_line(path: &std::path::Path, needle: &'static str) -> tokio::task::JoinHandle<()> {
    let made = std::process::Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
    let path = path.to_path_buf();
    tokio::task::spawn_blocking(move || {
        use std::io::BufRead;
        let fifo = std::fs::OpenOptions::new().read(true).write(true).open(&path).unwrap();
        for line in std::io::BufReader::new(fifo).lines() {
            if line.unwrap().contains(needle) {
                return;
            }
        }
    })
}

#[tokio::test]
async fn the_scorers_answer_replaces_the_built_in_marking() {
    let time = server::time::Time::held(T0);
    let mut a = with_scorer(&["python3", FAKE, "--name", "Fake Scorer", "--dead", "F5 B7"], &time).await;
    let (id, black, white) = counting(&a).await;
    // At first the built-in proposal, while the scorer is asked.
    let v = view(&a, id).await;
    assert_eq!(v["machine_proposed_by"], "builtin");
    let mut watcher = watch(&mut a, id).await;
    expect_test::expect![[r#"
        by "scorer" scorer {"name":"Fake Scorer"}
        marking ["B7","F5"] unsure []
        "white" ["B7"] "dead" "scorer" / "proposed dead by Fake Scorer" / "由 Fake Scorer 提议为死子"
        "black" ["F5"] "dead" "scorer" / "proposed dead by Fake Scorer" / "由 Fake Scorer 提议为死子""#]]
    .assert_eq(&answered(&a, id, &mut watcher).await);
    // Both accept the scorer's marking: the record's last comment, after the count, names it.
    for (secret, action) in [
        (&black, json!({ "type": "mark_dead", "points": ["B7", "F5"] })),
        (&white, json!({ "type": "accept_marking" })),
    ] {
        let seq = view(&a, id).await["seq"].as_u64().unwrap();
        let (s, v) = act(&a.router, id, secret, seq, action).await;
        assert_eq!(s, 200, "{v}");
    }
    let (s, sgf) = call(&a.router, "GET", &format!("/api/games/{id}/sgf"), None, None).await;
    assert_eq!(s, 200);
    let sgf = sgf.as_str().unwrap();
    assert!(
        sgf.contains(r"dead: [B7 F5\]. Dead stones proposed by Fake Scorer.])"),
        "{sgf}"
    );
}

#[tokio::test]
async fn a_hanging_scorer_times_out_and_the_built_in_proposal_stays() {
    let time = server::time::Time::held(T0);
    let log = crate::support::temp_dir().join("scorer.log");
    let log_arg = log.to_str().unwrap().to_string();
    let mut a = with_scorer(
        &["python3", FAKE, "--hang-on", "final_status_list", "--log", &log_arg],
        &time,
    )
    .await;
    let asked = log_line(&log, "final_status_list");
    let (id, _, _) = counting(&a).await;
    let mut watcher = watch(&mut a, id).await;
    // The engine is set up and asked for its dead list, which it never answers; once it
    // has been asked (its log says so), held time moves past the 10 s deadline.
    tokio::time::timeout(Duration::from_secs(60), asked)
        .await
        .expect("the engine was asked for its dead list within 60 s")
        .unwrap();
    assert_eq!(view(&a, id).await["machine_scorer"], json!({ "asking": true }));
    time.advance(Duration::from_secs(11));
    // The page learns of the failure by a push (it then reads the view again).
    let seq = view(&a, id).await["seq"].clone();
    assert_eq!(
        crate::ws::next(&mut watcher).await,
        json!({ "type": "proposal", "game": id, "seq": seq })
    );
    expect_test::expect![[r#"
        by "builtin" scorer {"failed":{"message":"the scorer python3 fake_gtp.py --hang-on final_status_list --log LOG: no answer to \"final_status_list dead\" within 11.0 s","zh":"外部判断程序 python3 fake_gtp.py --hang-on final_status_list --log LOG 未在11秒内答复"}}
        marking ["B7"] unsure ["F5"]
        "white" ["B7"] "dead" "invader" / "an eyeless invader of enclosed territory" / "侵入对方围地、无眼位的孤子"
        "black" ["F5"] "unsure" "ko" / "its life hangs on a ko" / "死活取决于劫争""#]]
    .assert_eq(&answered(&a, id, &mut watcher).await.replace(&log_arg, "LOG"));
}

#[tokio::test]
async fn a_scorer_that_cannot_start_fails_cleanly_naming_the_command() {
    let time = server::time::Time::held(T0);
    let mut a = with_scorer(&["/nonexistent/scorer", "--mode", "gtp"], &time).await;
    let (id, _, _) = counting(&a).await;
    let mut watcher = watch(&mut a, id).await;
    expect_test::expect![[r#"
        by "builtin" scorer {"failed":{"message":"the scorer /nonexistent/scorer --mode gtp: cannot start \"/nonexistent/scorer\": No such file or directory (os error 2)","zh":"无法启动外部判断程序 /nonexistent/scorer --mode gtp"}}
        marking ["B7"] unsure ["F5"]
        "white" ["B7"] "dead" "invader" / "an eyeless invader of enclosed territory" / "侵入对方围地、无眼位的孤子"
        "black" ["F5"] "unsure" "ko" / "its life hangs on a ko" / "死活取决于劫争""#]].assert_eq(&answered(&a, id, &mut watcher).await);
}

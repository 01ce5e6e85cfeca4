//! A game's record downloaded from `weiqi serve` is the one converter's (`sgf::from_referee`,
//! the arena's too): the time control (`TM`/`OT`), the date, the place, and the referee's
//! notes — so `weiqi score` on the download counts the warnings of Art. 24 (regression: the
//! download was `Record::from_game`, without notes, and the score ignored them).

use serde_json::{Value, json};
use std::process::{Command, Stdio};

/// One HTTP/1.1 request; (status, body text).
fn http(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> (u16, String) {
    super::support::http(addr, method, path, headers, body).expect("the server answers")
}

fn json_of(r: (u16, String)) -> (u16, Value) {
    (r.0, serde_json::from_str(&r.1).unwrap_or(Value::Null))
}

#[test]
fn a_downloaded_game_keeps_its_warnings_and_weiqi_score_counts_them() {
    let dir = std::env::temp_dir().join(format!("weiqi-download-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["serve", "--listen", "127.0.0.1:0", "--rate-limit", "0", "--db"])
        .arg(dir.join("weiqi.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let addr = super::support::listening(&mut child);

    let creds = json!({ "name": "td", "password": "tournament director" });
    http(&addr, "POST", "/api/accounts", &[], Some(&creds));
    let (_, s) = json_of(http(&addr, "POST", "/api/sessions", &[], Some(&creds)));
    let bearer = format!("Bearer {}", s["token"].as_str().unwrap());
    let body = json!({ "settings": { "players": [{ "name": "Li", "rank": "2d" }, { "name": "Wang", "rank": "1d" }],
        "size": 9, "time": "1h+3x60s" } });
    let (status, g) = json_of(http(
        &addr,
        "POST",
        "/api/games",
        &[("authorization", &bearer)],
        Some(&body),
    ));
    assert_eq!(status, 201, "{g}");
    let id = g["game"].as_i64().unwrap();
    let seat = |c: &str| g["secrets"][c].as_str().unwrap().to_string();
    let (black, white) = (seat("black"), seat("white"));
    let act = |who: &[(&str, &str)], action: Value, official: bool| {
        let (_, v) = json_of(http(&addr, "GET", &format!("/api/games/{id}/view"), who, None));
        let mut cmd = json!({ "seq": v["seq"], "action": action });
        if official {
            cmd["as"] = json!("referee");
        }
        let r = json_of(http(
            &addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            who,
            Some(&cmd),
        ));
        assert!(r.0 < 300, "{cmd}: {r:?}");
    };
    let b: &[(&str, &str)] = &[("x-seat-secret", &black)];
    let w: &[(&str, &str)] = &[("x-seat-secret", &white)];
    let referee: &[(&str, &str)] = &[("authorization", &bearer)];
    let warn = |side: &str| json!({ "type": "ruling", "ruling": "discipline", "side": side, "offence": "talking", "penalty": "warning" });
    act(b, json!({ "type": "play", "point": "E5" }), false);
    // Art. 23, 24: a warning to each player (one stone each at the count).
    act(referee, warn("white"), true);
    act(w, json!({ "type": "play", "point": "C3" }), false);
    act(referee, warn("black"), true);
    act(b, json!({ "type": "play", "point": "G7" }), false);
    act(w, json!({ "type": "pass" }), false);
    act(b, json!({ "type": "pass" }), false);
    act(b, json!({ "type": "mark_dead", "points": [] }), false);
    act(w, json!({ "type": "accept_marking" }), false);
    let (_, view) = json_of(http(&addr, "GET", &format!("/api/games/{id}/view"), b, None));
    assert_eq!(view["warnings"], json!({ "black": 1, "white": 1 }), "{view}");
    let (status, sgf) = http(&addr, "GET", &format!("/api/games/{id}/sgf"), b, None);
    assert_eq!(status, 200, "{sgf}");
    child.kill().unwrap();
    child.wait().unwrap();

    // The one converter's game information and notes.
    let today = sgf::refereed::date_of(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64,
    );
    for want in [
        format!("DT[{today}]"),
        format!("PC[weiqi serve, http://{addr}/play/{id}]"),
        "TM[3600]".to_string(),
        "OT[1h+3x60s]".to_string(),
        "KM[7.5]".to_string(),
        "WQREF[warning:W:".to_string(),
        "WQREF[warning:B:".to_string(),
        "Referee: warning to White".to_string(),
        "Warnings (Art. 24): Black 1, White 1".to_string(),
    ] {
        assert!(sgf.contains(&want), "{want} is not in the download:\n{sgf}");
    }
    let file = dir.join("game.sgf");
    std::fs::write(&file, &sgf).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["score", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let score: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(score["penalties"], json!({ "B": 1, "W": 1 }), "{score}");
    // The score of the download is the server's result.
    let re = view["result"]["text"].as_str().unwrap_or_default().to_string();
    assert!(
        sgf.contains(&format!("RE[{}]", score["result"].as_str().unwrap())),
        "weiqi score says {score}, the server {re}:\n{sgf}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

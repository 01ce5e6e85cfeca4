//! Steps the layout, console, print and keyboard tests share: what a test sets up through the
//! JSON API (accounts, events, a seat's commands), Chrome DevTools emulation (a phone's or a
//! tablet's screen and touch, print media), full-page screenshots, and the keyboard.

use crate::support::{Rig, artefacts, click, fill, until};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// A Chrome DevTools command, through chromedriver's `goog/cdp/execute`.
#[derive(Debug)]
struct Cdp(Value);

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or("")))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.0.to_string()))
    }
}

/// Runs the DevTools command `cmd`; its answer.
pub async fn cdp(c: &Client, cmd: &str, params: Value) -> Value {
    c.issue_cmd(Cdp(json!({ "cmd": cmd, "params": params })))
        .await
        .unwrap_or_else(|e| panic!("{cmd}: {e}"))
}

/// Makes the page a `w` × `h` CSS-pixel screen; `mobile` emulates a phone or tablet (the
/// page's viewport meta applies, taps are touches).
pub async fn screen(c: &Client, w: u32, h: u32, mobile: bool) {
    cdp(
        c,
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": w, "height": h, "deviceScaleFactor": if mobile { 2 } else { 1 }, "mobile": mobile }),
    )
    .await;
    cdp(
        c,
        "Emulation.setTouchEmulationEnabled",
        json!({ "enabled": mobile, "maxTouchPoints": if mobile { 5 } else { 1 } }),
    )
    .await;
}

/// Emulates print media (`@media print`) or the screen again.
pub async fn print_media(c: &Client, on: bool) {
    cdp(
        c,
        "Emulation.setEmulatedMedia",
        json!({ "media": if on { "print" } else { "" } }),
    )
    .await;
}

/// Saves the whole page (not only what is on screen) as `target/web-artefacts/NAME.png`.
pub async fn full_shot(c: &Client, name: &str) {
    let r = cdp(
        c,
        "Page.captureScreenshot",
        json!({ "format": "png", "captureBeyondViewport": true }),
    )
    .await;
    let data = r["data"]
        .as_str()
        .unwrap_or_else(|| panic!("{name}: no screenshot data in {r}"));
    let png = base64(data).unwrap_or_else(|| panic!("{name}: the screenshot is not base64"));
    std::fs::write(artefacts().join(format!("{name}.png")), png).expect("screenshot saved");
}

/// Standard base64 (RFC 4648, with padding) to bytes; `None` on any other character.
pub fn base64(s: &str) -> Option<Vec<u8>> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let s = s.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    for chunk in s.chunks(4) {
        let mut n = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            n |= val(b)? << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Some(out)
}

/// Runs `fetch(method, path)` in the page with the browser's session token (if any) and the
/// seat secret `secret` (if any); the status and the parsed body, whatever the status.
pub async fn call(c: &Client, method: &str, path: &str, body: Value, secret: Option<&str>) -> (u64, Value) {
    let script = r#"
        const [method, path, body, secret, done] = arguments;
        const headers = { 'Content-Type': 'application/json' };
        const tok = localStorage.getItem('weiqi.token');
        if (tok) headers.Authorization = 'Bearer ' + tok;
        if (secret) headers['X-Seat-Secret'] = secret;
        fetch(path, { method, headers, body: body === null ? undefined : JSON.stringify(body) })
          .then(r => r.text().then(t => done({ status: r.status, body: t })));
    "#;
    let r = c
        .execute_async(script, vec![json!(method), json!(path), body, json!(secret)])
        .await
        .expect("fetch runs");
    let text = r["body"].as_str().unwrap_or("");
    (
        r["status"].as_u64().unwrap_or(0),
        serde_json::from_str(text).unwrap_or_else(|_| json!(text)),
    )
}

/// Fills the home page's form for a new event as a director types it: its id, name,
/// `system` (the select's value: `swiss`, `mc_mahon`, ...), rounds and time control; for a
/// McMahon event (`bar`, `floor`: ranks as written) opens its section and gives both. Not
/// sent: the test may change more fields first.
pub async fn new_event_form(
    c: &Client,
    id: &str,
    name: &str,
    system: &str,
    rounds: u32,
    time: &str,
    mcmahon: Option<(&str, &str)>,
) {
    until(c, "the event form", "document.getElementById('ev-id')").await;
    fill(c, "#ev-id", id).await;
    fill(c, "#ev-name", name).await;
    c.find(Locator::Css("#ev-system"))
        .await
        .unwrap()
        .select_by_value(system)
        .await
        .unwrap();
    fill(c, "#ev-rounds", &rounds.to_string()).await;
    fill(c, "#ev-time", time).await;
    if let Some((bar, floor)) = mcmahon {
        click(c, "#new-event details summary").await;
        fill(c, "#ev-bar", bar).await;
        fill(c, "#ev-floor", floor).await;
    }
}

/// Creates the account `name` and logs the browser in (the page must be one of the server's).
pub async fn account(rig: &Rig, c: &Client, name: &str) {
    let creds = json!({ "name": name, "password": "correct horse" });
    rig.api(c, "POST", "/api/accounts", creds.clone()).await;
    let s = rig.api(c, "POST", "/api/sessions", creds).await;
    c.execute(
        "localStorage.setItem('weiqi.token', arguments[0]); localStorage.setItem('weiqi.name', arguments[1]);",
        vec![s["token"].clone(), json!(name)],
    )
    .await
    .expect("the session is kept");
}

/// Creates event `id` (`system`, `rounds`) as the logged-in account and registers `players`
/// (name, rank).
pub async fn event(rig: &Rig, c: &Client, id: &str, system: &str, rounds: u32, players: &[(&str, &str)]) {
    event_of(rig, c, id, json!({ "kind": system }), rounds, players).await;
}

/// [`event`] with the system as the API takes it (`{"kind": "mc_mahon", "bar": "3d", …}`).
pub async fn event_of(rig: &Rig, c: &Client, id: &str, system: Value, rounds: u32, players: &[(&str, &str)]) {
    rig.api(
        c,
        "POST",
        "/api/events",
        json!({ "id": id, "name": format!("{id} open"), "system": system, "rounds": rounds,
                "time_control": "30m+3x30s" }),
    )
    .await;
    for (name, rank) in players {
        rig.api(
            c,
            "POST",
            &format!("/api/events/{id}/players"),
            json!({ "name": name, "rank": rank }),
        )
        .await;
    }
}

/// Opens the page's link `css` here (a print view opens in a new tab for a person); answers
/// its address.
pub async fn follow(rig: &Rig, c: &Client, css: &str) -> String {
    let href = c
        .find(fantoccini::Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .attr("href")
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{css} has no href"));
    c.goto(&format!("{}{href}", rig.base)).await.unwrap();
    href
}

/// A seat link's game and secret (`/play/7#secret=…`).
pub fn seat(link: &str) -> (i64, String) {
    let (path, query) = link.split_once('#').expect("a seat link has a fragment");
    let game = path.trim_start_matches("/play/").parse().expect("a game number");
    let secret = query.trim_start_matches("secret=").to_string();
    (game, secret)
}

/// The seat of `link` does `action` (at the sequence number it sees now); the status and body.
pub async fn seat_act(c: &Client, link: &str, action: Value) -> (u64, Value) {
    let (game, secret) = seat(link);
    let (_, view) = call(c, "GET", &format!("/api/games/{game}/view"), Value::Null, Some(&secret)).await;
    call(
        c,
        "POST",
        &format!("/api/games/{game}/actions"),
        json!({ "seq": view["seq"], "action": action }),
        Some(&secret),
    )
    .await
}

/// Like [`seat_act`], and the action must be accepted.
pub async fn seat_do(c: &Client, link: &str, action: Value) {
    let (status, body) = seat_act(c, link, action.clone()).await;
    assert!(status < 300, "{action}: {status} {body}");
}

/// Presses `key` (a character or a [`fantoccini::key::Key`]) wherever the focus is.
pub async fn press(c: &Client, key: impl Into<char>) {
    let k = key.into();
    c.perform_actions(
        KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: k })
            .then(KeyAction::Up { value: k }),
    )
    .await
    .expect("a key press");
}

/// Types `text` wherever the focus is.
pub async fn type_text(c: &Client, text: &str) {
    let mut keys = KeyActions::new("keyboard".into());
    for ch in text.chars() {
        keys = keys
            .then(KeyAction::Down { value: ch })
            .then(KeyAction::Up { value: ch });
    }
    c.perform_actions(keys).await.expect("typing");
}

/// What has the focus: its id, else its tag (`svg`, `body`, …).
pub async fn focused(c: &Client) -> String {
    c.execute(
        "const e = document.activeElement; return e ? (e.id || e.tagName.toLowerCase()) : '';",
        vec![],
    )
    .await
    .ok()
    .and_then(|v| v.as_str().map(str::to_string))
    .unwrap_or_default()
}

/// Presses Tab until the element `id` has the focus (at most `limit` times); the ids (or tags)
/// focused on the way, the last one `id`.
pub async fn tab_to(c: &Client, id: &str, limit: usize) -> Vec<String> {
    let mut seen = Vec::new();
    for _ in 0..limit {
        press(c, fantoccini::key::Key::Tab).await;
        let f = focused(c).await;
        seen.push(f.clone());
        if f == id {
            return seen;
        }
    }
    panic!("Tab did not reach #{id} in {limit} presses; focus went {seen:?}");
}

/// Latin words of three letters or more that a Chinese page may show: names of file formats,
/// encodings and of the software, written so in Chinese too, and the language switch's
/// "English" (a language is offered in its own name). Anything else is English.
const ALLOWED: &[&str] = &[
    "CSV",
    "SGF",
    "weiqi",
    "Excel",
    "xlsx",
    "UTF",
    "GBK",
    "OpenGotha",
    "EGD",
    "XML",
    "HTML",
    "English",
];

/// The English words on the page now: the Latin words (three letters or more) of
/// `document.body.innerText`, links and time controls left out, that are not in [`ALLOWED`].
pub async fn english(c: &Client) -> Vec<String> {
    let text = c.execute("return document.body.innerText", vec![]).await.unwrap();
    let text = text.as_str().unwrap_or("");
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        // A link's URL (a seat link's secret is hex) is no word.
        // Nor is a time control in the clock's notation (`1h+3x30s`, `5m+10s/move`).
        if token.contains("://") || (token.starts_with(|c: char| c.is_ascii_digit()) && token.contains('+')) {
            continue;
        }
        for w in token.split(|c: char| !c.is_ascii_alphabetic()) {
            if w.len() >= 3 && !ALLOWED.contains(&w) && !out.iter().any(|x| x == w) {
                out.push(w.to_string());
            }
        }
    }
    out
}

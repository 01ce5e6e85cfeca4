//! The counting page says what the machine proposes of each chain, and why, in the page's
//! language (Art. 8: the players decide; the proposal only helps): the chains the players must
//! look at themselves (a ko left open: unsure, never pre-marked) first, the dead ones with their
//! reasons in a closed fold.

use crate::kit::{account, full_shot, seat_do};
use crate::support::{Rig, until};
use serde_json::{Value, json};

/// Black's and White's moves to a 9×9 position with a ko open: Black's F5 is in atari and
/// White's capture at E5 would be a ko capture, White to move once play ends; White's B7 is an
/// invader of Black's area. The server's test of the view plays the same game
/// (`server` `view::the_view_explains_each_chain_the_machine_proposes`).
pub const OPEN_KO: [(&str, &str); 10] = [
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

/// A casual 9×9 game, made by a new account in `c`, played through `OPEN_KO` (play goes on);
/// its Black and White seat links.
pub async fn played_to_open_ko(rig: &Rig, c: &fantoccini::Client) -> (String, String) {
    c.goto(&rig.base).await.unwrap();
    account(rig, c, "owner").await;
    let settings = json!({ "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "3d" }], "size": 9 });
    let g: Value = rig.api(c, "POST", "/api/games", json!({ "settings": settings })).await;
    let (black, white) = (
        g["links"]["black"].as_str().unwrap().to_string(),
        g["links"]["white"].as_str().unwrap().to_string(),
    );
    for (b, w) in OPEN_KO {
        seat_do(c, &black, json!({ "type": "play", "point": b })).await;
        seat_do(c, &white, json!({ "type": "play", "point": w })).await;
    }
    (black, white)
}

/// Black proposes the end and White accepts (Art. 13.2): counting starts, White to move.
pub async fn end_play(c: &fantoccini::Client, black: &str, white: &str) {
    seat_do(c, black, json!({ "type": "propose_end" })).await;
    seat_do(c, white, json!({ "type": "accept_end" })).await;
}

/// [`played_to_open_ko`], then [`end_play`].
pub async fn counting_with_open_ko(rig: &Rig, c: &fantoccini::Client) -> (String, String) {
    let (black, white) = played_to_open_ko(rig, c).await;
    end_play(c, &black, &white).await;
    (black, white)
}

/// The lines of the machine's proposal as the page shows them: the open ones, the fold's
/// summary, whether it is open, and its lines.
const LINES: &str = "(() => { const box = document.getElementById('machine-chains'); \
    if (!box || box.hidden) return null; \
    const d = document.getElementById('machine-dead'); \
    return { open: [...box.querySelectorAll('#machine-open li')].map((l) => l.textContent), \
      summary: d && d.querySelector('summary').textContent, folded: d && !d.open, \
      dead: d ? [...d.querySelectorAll('li')].map((l) => l.textContent) : [], \
      marked: [...document.querySelectorAll('.stone.dead')].map((s) => s.dataset.v), \
      ringed: [...document.querySelectorAll('[data-unsure]')].map((s) => s.dataset.unsure) }; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_counting_page_says_each_proposed_chain_and_why_in_its_language() {
    let mut rig = Rig::start("proposal-words").await;
    let owner = rig.browser("en-US").await;
    let (black, white) = counting_with_open_ko(&rig, &owner).await;

    // Black, in Chinese: the ko stone first, unsure and not marked; the invader dead, folded.
    let b = rig.browser("zh-CN").await;
    b.goto(&format!("{}{black}", rig.base)).await.unwrap();
    let zh = until(&b, "the proposal in Chinese", LINES).await;
    assert_eq!(
        zh,
        json!({
            "open": ["存疑（未标出）：黑 F5 — 死活取决于劫争"],
            "summary": "提议的死子：1块，及其理由",
            "folded": true,
            "dead": ["白 B7 — 侵入对方围地、无眼位的孤子"],
            "marked": ["B7"],
            "ringed": ["F5"],
        })
    );
    full_shot(&b, "proposal-01-counting-zh").await;
    // The fold opened by the reader stays open while the page redraws.
    crate::support::click(&b, "#machine-dead summary").await;
    until(&b, "the fold open", "document.getElementById('machine-dead').open").await;
    full_shot(&b, "proposal-02-counting-zh-reasons").await;

    // White, in English.
    let w = rig.browser("en-GB").await;
    w.goto(&format!("{}{white}", rig.base)).await.unwrap();
    let en = until(&w, "the proposal in English", LINES).await;
    assert_eq!(
        en,
        json!({
            "open": ["Unsure (not marked): Black F5 — its life hangs on a ko"],
            "summary": "Proposed dead, with the reasons (1)",
            "folded": true,
            "dead": ["White B7 — an eyeless invader of enclosed territory"],
            "marked": ["B7"],
            "ringed": ["F5"],
        })
    );
    full_shot(&w, "proposal-03-counting-en").await;

    // Once the marking is accepted and the game counted, the proposal is no longer shown.
    seat_do(&owner, &black, json!({ "type": "accept_marking" })).await;
    seat_do(&owner, &white, json!({ "type": "accept_marking" })).await;
    until(
        &w,
        "the proposal gone",
        "document.getElementById('machine-chains').hidden",
    )
    .await;
    for c in [owner, b, w] {
        c.close().await.unwrap();
    }
}

/// What the page says of who proposed the dead stones, and the stones it marks, once the
/// line names `name`.
fn proposed_by(name: &str) -> String {
    format!(
        "(() => {{ const p = document.getElementById('proposed-by'); \
           if (!p || !p.textContent.includes({name:?})) return null; \
           const d = document.getElementById('machine-dead'); \
           return {{ by: p.textContent, \
             open: [...document.querySelectorAll('#machine-open li')].map((l) => l.textContent), \
             dead: d ? [...d.querySelectorAll('li')].map((l) => l.textContent) : [], \
             marked: [...document.querySelectorAll('.stone.dead')].map((s) => s.dataset.v).sort() }}; }})()"
    )
}

/// `weiqi serve --scorer 'gnugo --mode gtp'`: GNU Go's dead stones replace the built-in
/// proposal on the counting page, which names it, in Chinese and in English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gnu_go_as_the_scorer_proposes_the_dead_stones_and_the_page_names_it() {
    let mut rig = Rig::start_with(
        "proposal-gnugo",
        &["--scorer", "/usr/games/gnugo --mode gtp", "--scorer-timeout", "60"],
    )
    .await;
    let owner = rig.browser("en-US").await;
    let (black, white) = played_to_open_ko(&rig, &owner).await;
    // Black's page is open before counting starts: it learns of GNU Go's answer over the
    // WebSocket, and takes its marking in place of the built-in one it was showing.
    let b = rig.browser("zh-CN").await;
    b.goto(&format!("{}{black}", rig.base)).await.unwrap();
    until(
        &b,
        "play on Black's page",
        "document.getElementById('move-list').children.length === 20",
    )
    .await;
    b.execute("window.weiqiKept = true;", vec![]).await.unwrap();
    end_play(&owner, &black, &white).await;
    let zh = until(&b, "GNU Go named in Chinese", &proposed_by("死子由 GNU Go 提议")).await;
    assert_eq!(
        b.execute("return window.weiqiKept === true;", vec![]).await.unwrap(),
        json!(true),
        "the page was not reloaded"
    );
    // GNU Go says of every stone whether it is dead: nothing is left unsure, and the page
    // marks what it proposes, each chain with GNU Go as its reason.
    assert_eq!(zh["open"], json!([]), "{zh}");
    let dead = zh["dead"].as_array().unwrap();
    assert!(!dead.is_empty(), "{zh}");
    assert!(
        dead.iter()
            .all(|l| l.as_str().unwrap().ends_with("由 GNU Go 提议为死子")),
        "{zh}"
    );
    assert!(zh["marked"].as_array().unwrap().contains(&json!("B7")), "{zh}");
    full_shot(&b, "proposal-04-gnugo-zh").await;

    let w = rig.browser("en-GB").await;
    w.goto(&format!("{}{white}", rig.base)).await.unwrap();
    let en = until(
        &w,
        "GNU Go named in English",
        &proposed_by("Dead stones proposed by GNU Go"),
    )
    .await;
    assert_eq!(en["marked"], zh["marked"], "{en}");
    assert!(
        en["dead"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l.as_str().unwrap().ends_with("proposed dead by GNU Go")),
        "{en}"
    );
    full_shot(&w, "proposal-05-gnugo-en").await;
    for c in [owner, b, w] {
        c.close().await.unwrap();
    }
}

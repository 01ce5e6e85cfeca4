//! The director's whole day (issue #16, "Done when"), in a Chinese browser and through the
//! pages: an account and a handicap McMahon event made from the home page, 200 players
//! registered from a CSV file with Chinese headers and ranks, a chief referee and a referee
//! appointed, round 1 proposed, a hand edit that drops a board refused and one that swaps
//! two boards' White accepted, handicap boards with the weaker player as Black, twenty boards
//! started and their seat slips printed, twenty games played by clicks through the seat links (every move a
//! click on its intersection, a capture, a pass and play resumed, a click on a stone refused,
//! a resignation, both players' confirmation, the referee's one click in the console's
//! queue), every other result typed key by key on the event page as Chinese directors write
//! them (黑中盘胜, 白胜1/4子, B+R, 和棋 where the komi allows a draw), each shown on its row in
//! Chinese, rounds 2 and 3 paired and entered the same way (some 30 s a round of 100 boards),
//! the hall view and the results wall at 1920 × 1080, the standings and the crosstable
//! printed; and on every page visited, no English word.
//!
//! Player names, accounts and the event's name are Chinese (its id digits), so any Latin word
//! on a page is the software's. The JSON API is used for nothing the pages do.

use crate::hall::on_screen;
use crate::kit::{english, follow, full_shot, new_event_form, screen};
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::Instant;

/// The event's id (digits: no Latin word), and its pages.
const ID: &str = "2026";
/// Boards started and played through their seat links in round 1.
const PLAYED: usize = 20;

/// The 200 players: Chinese names, ranks as Chinese forms write them (7段 … 1段, 1级 … 18级,
/// eight of each), and clubs.
fn players() -> Vec<(String, String, String)> {
    let surnames: Vec<char> = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗".chars().collect();
    let given: Vec<char> = "伟芳娜敏静丽强磊军洋".chars().collect();
    let clubs = [
        "北京棋院",
        "上海棋社",
        "杭州棋院",
        "成都棋社",
        "武汉棋院",
        "广州棋社",
        "南京棋院",
        "西安棋社",
    ];
    (0..200)
        .map(|i| {
            let name = format!("{}{}", surnames[i % 20], given[i / 20]);
            let grade = i / 8; // 0..25: 7段 … 1段, then 1级 … 18级
            let rank = if grade < 7 {
                format!("{}段", 7 - grade)
            } else {
                format!("{}级", grade - 6)
            };
            (name, rank, clubs[(i * 7 + i / 8) % clubs.len()].to_string())
        })
        .collect()
}

/// A rank as a page shows it (`3d`, `3段`, `5k`, `5级`) on one scale: higher is stronger.
fn strength(rank: &str) -> i32 {
    let r = rank.trim();
    let digits: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: i32 = digits.parse().unwrap_or_else(|_| panic!("rank {r:?}"));
    let unit = &r[digits.len()..];
    match unit {
        "d" | "段" => n - 1,
        "k" | "级" => -n,
        _ => panic!("rank {r:?}"),
    }
}

/// The pages visited and the English each showed.
#[derive(Default)]
struct Seen(Vec<(String, Vec<String>)>);

impl Seen {
    /// Notes the English of the page `c` shows now, under `what`.
    async fn look(&mut self, c: &Client, what: &str) {
        let e = english(c).await;
        self.0.push((what.to_string(), e));
    }
}

/// Opens the event page and waits for it to be drawn.
async fn event_page(rig: &Rig, c: &Client) {
    c.goto(&format!("{}/events/{ID}", rig.base)).await.unwrap();
    until(
        c,
        "the event page",
        "document.getElementById('standings') || document.getElementById('players')",
    )
    .await;
    until(c, "the event page's rounds", "document.getElementById('rounds')").await;
}

/// Makes an account `name` on the login page and signs in; the home page opens.
async fn sign_up(rig: &Rig, c: &Client, name: &str) {
    c.goto(&format!("{}/login", rig.base)).await.unwrap();
    fill(c, "#login-form input[name=name]", name).await;
    fill(c, "#login-form input[name=password]", "correct horse battery").await;
    click(c, "#login-create").await;
    until(
        c,
        "signed in",
        "location.pathname === '/' && localStorage.getItem('weiqi.token')",
    )
    .await;
}

/// The rows of table `css` (cells' text).
async fn rows(c: &Client, css: &str) -> Vec<Vec<String>> {
    let v = c
        .execute(
            "return [...document.querySelectorAll(arguments[0] + ' tbody tr')].map((r) => [...r.children].map((d) => d.textContent));",
            vec![json!(css)],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The proposal's boards (Black, White) as its selects hold them.
async fn proposed(c: &Client) -> Vec<(String, String)> {
    serde_json::from_value(
        c.execute(
            "return [...document.querySelectorAll('#proposal-form tbody tr')].map((r) => \
               [r.querySelector('.prop-black').value, r.querySelector('.prop-white').value]);",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap()
}

/// Where the intersection `point` (`C17`) is drawn, in pixels from the centre of the board's
/// svg: from the drawing itself (the grid lines' positions in the picture's units), the svg's
/// `viewBox` and its size on the screen, scaled and centred as `xMidYMid meet` does. Computed
/// apart from the page's own reading of a click, so a click that the page maps to another
/// point is caught. From the svg's centre, not the viewport's corner: the browser places the
/// click from the svg where it is when it clicks, so a page that moved since (a line of the
/// record drawn above, a scroll) still gets the click on the point (regression: a click
/// computed before the page moved by one line landed on C18 for C17).
async fn point_on_screen(c: &Client, point: &str) -> (f64, f64) {
    let at = c
        .execute(
            r#"
            const [v] = arguments;
            const svg = document.querySelector('svg.board');
            svg.scrollIntoView({ block: 'center' });
            const lines = [...svg.querySelectorAll('.lines line')].map((l) => [l.x1.baseVal.value, l.y1.baseVal.value, l.x2.baseVal.value, l.y2.baseVal.value]);
            const xs = lines.filter((l) => l[0] === l[2]).map((l) => l[0]).sort((a, b) => a - b);
            const ys = lines.filter((l) => l[1] === l[3]).map((l) => l[1]).sort((a, b) => a - b);
            const col = 'ABCDEFGHJKLMNOPQRST'.indexOf(v[0]), row = ys.length - Number(v.slice(1));
            const [vx, vy, vw, vh] = svg.getAttribute('viewBox').trim().split(/[\s,]+/).map(Number);
            const r = svg.getBoundingClientRect();
            const k = Math.min(r.width / vw, r.height / vh);
            const left = r.left + (r.width - vw * k) / 2, top = r.top + (r.height - vh * k) / 2;
            return [left + (xs[col] - vx) * k - (r.left + r.width / 2), top + (ys[row] - vy) * k - (r.top + r.height / 2)];
            "#,
            vec![json!(point)],
        )
        .await
        .unwrap();
    (at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
}

/// How many moves the move list of page `c` shows.
async fn moves_listed(c: &Client) -> u64 {
    c.execute("return document.querySelectorAll('#move-list li').length", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap()
}

/// Presses and releases the mouse's left button at `(x, y)` from the centre of the board's
/// svg, wherever the svg is when the browser clicks. The page draws the board anew on each
/// event of the game: a board replaced between finding it and clicking is found again.
async fn mouse_click(c: &Client, (x, y): (f64, f64)) {
    let mut last = String::new();
    for _ in 0..20 {
        let board = c.find(Locator::Css("svg.board")).await.expect("the board");
        let done = c
            .perform_actions(
                MouseActions::new("mouse".into())
                    .then(PointerAction::MoveToElement {
                        element: board,
                        duration: None,
                        x,
                        y,
                    })
                    .then(PointerAction::Down {
                        button: MOUSE_BUTTON_LEFT,
                    })
                    .then(PointerAction::Up {
                        button: MOUSE_BUTTON_LEFT,
                    }),
            )
            .await;
        c.release_actions().await.expect("released");
        match done {
            Ok(()) => return,
            Err(e) if e.is_stale_element_reference() => last = e.to_string(),
            Err(e) => panic!("a click: {e}"),
        }
    }
    panic!("the board was drawn anew at every click: {last}");
}

/// Plays `point` from the seat page `c` by a click on its intersection, once it is this
/// seat's turn; then the move list's last line names the point and a stone stands on it.
async fn click_point(c: &Client, point: &str) {
    my_turn(c).await;
    let n = moves_listed(c).await;
    let at = point_on_screen(c, point).await;
    mouse_click(c, at).await;
    until(
        c,
        &format!("the click's stone on {point}"),
        &format!(
            "(() => {{ const l = [...document.querySelectorAll('#move-list li')]; \
               return l.length === {} && l[{n}].textContent.endsWith(' {point}') \
                 && document.querySelector('svg.board [data-v=\"{point}\"]'); }})()",
            n + 1
        ),
    )
    .await;
}

/// Passes from the seat page `c` by its button, once it is this seat's turn; the move list
/// says the pass.
async fn click_pass(c: &Client) {
    my_turn(c).await;
    let n = moves_listed(c).await;
    click(c, "#pass").await;
    until(
        c,
        "the pass listed",
        &format!(
            "(() => {{ const l = [...document.querySelectorAll('#move-list li')]; \
               return l.length === {} && l[{n}].textContent.endsWith(' 虚着'); }})()",
            n + 1
        ),
    )
    .await;
}

/// Waits until the seat of page `c` is to move.
async fn my_turn(c: &Client) {
    until(
        c,
        "my turn",
        "(() => { const b = document.getElementById('play-coord'); return b && !b.disabled; })()",
    )
    .await;
}

/// A result as a Chinese director writes it, and as the event page then shows it (the same
/// words: `B+R` is shown 黑中盘胜).
const WORDS: &[(&str, &str)] = &[
    ("黑中盘胜", "黑中盘胜"),
    ("白中盘胜", "白中盘胜"),
    ("黑胜3又3/4子", "黑胜3又3/4子"),
    ("白胜1/4子", "白胜1/4子"),
    ("B+R", "黑中盘胜"),
    ("白胜1又1/4子", "白胜1又1/4子"),
    ("黑超时胜", "黑超时胜"),
    ("W+R", "白中盘胜"),
    ("黑胜1/4子", "黑胜1/4子"),
    ("白超时胜", "白超时胜"),
];

/// Types every open result of round `n` on the event page as a director does: for each board
/// in turn, keystrokes into its result box (the next of `results`, or `draw` on the boards
/// `draw` names: 和棋 where the board's komi allows a draw), a click on its button, and the
/// row then shows the result in the page's words. The boards and what was typed.
async fn type_results(c: &Client, n: u32, results: &[(&str, &str)], draws: &[u32]) -> Vec<(u32, String)> {
    let body = format!("#round-{n} > .scroll > table > tbody");
    // The open boards: their place in the table (from 1) and their number.
    let open: Vec<(usize, u32)> = serde_json::from_value(
        c.execute(
            "document.getElementById('toast').className = ''; \
             return [...document.querySelectorAll(arguments[0] + ' > tr')].map((r, i) => [i + 1, Number(r.children[0].textContent), !!r.querySelector('.result-input')]) \
               .filter((x) => x[2]).map((x) => [x[0], x[1]]);",
            vec![json!(body)],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    let mut typed = Vec::new();
    let mut i = 0;
    for (place, board) in open {
        let (text, shown) = if draws.contains(&board) {
            ("和棋", "和棋")
        } else {
            i += 1;
            results[(i - 1) % results.len()]
        };
        let row = format!("{body} > tr:nth-child({place})");
        let input = c
            .find(Locator::Css(&format!("{row} .result-input")))
            .await
            .unwrap_or_else(|e| panic!("board {board}'s result box: {e}"));
        input.send_keys(text).await.expect("typing");
        c.find(Locator::Css(&format!("{row} form button")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let got = until(
            c,
            &format!("board {board}'s result"),
            &format!(
                "(() => {{ const e = document.querySelector('{row} .result-entered'); if (e) return e.textContent; \
                   const t = document.getElementById('toast'); return t.classList.contains('bad') && t.classList.contains('show') && 'refused: ' + t.textContent; }})()"
            ),
        )
        .await;
        assert_eq!(got, json!(shown), "round {n}, board {board}: {text} typed");
        typed.push((board, text.to_string()));
    }
    typed
}

/// The first board of round `n`'s start form (boards not yet played) whose komi allows a
/// draw: a komi of whole or half stones, as counts go by half stones (Art. 9, 11; 3¾ does
/// not). The handicap boards take the form's handicap komi.
async fn drawable(c: &Client, n: u32) -> Vec<u32> {
    let v = until(
        c,
        "the start form's komi",
        &format!(
            "(() => {{ const f = document.getElementById('start-games-{n}'); if (!f) return null; \
               const even = Number(f.querySelector('.round-komi').value); \
               const hk = f.querySelector('.round-handicap-komi'); \
               return [...f.querySelectorAll('.round-handicap')].map((x) => [Number(x.dataset.board), \
                 Number(x.value) > 0 && hk ? Number(hk.value) : even]); }})()"
        ),
    )
    .await;
    let boards: Vec<(u32, f64)> = serde_json::from_value(v).unwrap();
    boards
        .into_iter()
        .filter(|&(_, komi)| (komi * 2.0).fract() == 0.0)
        .map(|(b, _)| b)
        .take(1)
        .collect()
}

/// A step of a game played by clicks, by the side to move (the first mover, then the other,
/// in turn).
enum Step {
    /// A click on the point.
    Play(&'static str),
    /// The pass button.
    Pass,
    /// The point's stone is gone from both players' boards (no move).
    Captured(&'static str),
    /// A click on the point, where a stone stands: refused (no move).
    Occupied(&'static str),
}

/// The `k`th game's moves, clear of every handicap stone (the star points): most go C17, R17,
/// C3, R3; one in five captures a stone in the corner, one passes and plays on, one clicks on
/// a stone first.
fn game_steps(k: usize) -> Vec<Step> {
    use Step::*;
    match k % 5 {
        1 => vec![
            Play("B1"),
            Play("A1"),
            Play("A2"),
            Captured("A1"),
            Play("R17"),
            Play("C3"),
        ],
        2 => vec![Play("C17"), Pass, Play("C3"), Play("R3"), Play("R17")],
        3 => vec![Play("C17"), Occupied("C17"), Play("R17"), Play("C3"), Play("R3")],
        _ => vec![Play("C17"), Play("R17"), Play("C3"), Play("R3")],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_directors_whole_day_in_chinese() {
    let started = Instant::now();
    let mut rig = Rig::start("day").await;
    let mut seen = Seen::default();
    let td = rig.browser("zh-CN").await;

    // 1. The director's account (the login page), and the event from the home page's form:
    //    McMahon with its bar and floor written in Chinese, three rounds, a time control.
    sign_up(&rig, &td, "赵主任").await;
    seen.look(&td, "home").await;
    let mcmahon = Some(("3段", "18级"));
    new_event_form(&td, ID, "二〇二六年春季围棋公开赛", "mc_mahon", 3, "1h+3x30s", mcmahon).await;
    // Handicap games at every level, as a club's handicap McMahon plays: the handicap's bar
    // (which follows the McMahon bar) cleared, so a 5段 takes two stones from a 7段.
    td.find(Locator::Css("#ev-hd-bar"))
        .await
        .unwrap()
        .clear()
        .await
        .unwrap();
    shot(&td, "day-01-new-event").await;
    click(&td, "#ev-create").await;
    until(
        &td,
        "the event's page",
        &format!("location.pathname === '/events/{ID}' && document.getElementById('csv-file')"),
    )
    .await;

    // 200 players from a CSV file with Chinese headers.
    let field = players();
    let mut csv = String::from("姓名,段位,单位\n");
    for (name, rank, club) in &field {
        csv.push_str(&format!("{name},{rank},{club}\n"));
    }
    let path = rig.file("报名表.csv", &csv);
    td.find(Locator::Css("#csv-file"))
        .await
        .unwrap()
        .send_keys(&path.display().to_string())
        .await
        .unwrap();
    click(&td, "#csv-submit").await;
    let toast = until(
        &td,
        "the import's answer",
        "(() => { const t = document.getElementById('toast'); return t.classList.contains('show') && t.textContent; })()",
    )
    .await;
    assert!(toast.as_str().unwrap().contains("200"), "{toast}");
    seen.look(&td, "event: import done").await;
    until(
        &td,
        "200 players",
        "document.querySelectorAll('#players tbody tr').length === 200",
    )
    .await;
    let table = rows(&td, "#players").await;
    let rank_of = |name: &str| -> String {
        table
            .iter()
            .find(|r| r[0] == name)
            .unwrap_or_else(|| panic!("{name} not registered"))[1]
            .clone()
    };
    assert_eq!(strength(&rank_of(&field[0].0)), strength("7段"));
    assert_eq!(strength(&rank_of(&field[199].0)), strength("18级"));

    // The officials: a chief referee and a referee, each with an account of their own.
    let chief = rig.browser("zh-CN").await;
    sign_up(&rig, &chief, "钱裁判长").await;
    let rf = rig.browser("zh-CN").await;
    sign_up(&rig, &rf, "孙裁判").await;
    for (account, role) in [("钱裁判长", "chief_referee"), ("孙裁判", "referee")] {
        fill(&td, "#role-account", account).await;
        td.find(Locator::Css("#role-role"))
            .await
            .unwrap()
            .select_by_value(role)
            .await
            .unwrap();
        td.execute("document.getElementById('toast').className = ''", vec![])
            .await
            .unwrap();
        click(&td, "#role-submit").await;
        until(
            &td,
            "the appointment",
            &format!(
                "(() => {{ const t = document.getElementById('toast'); return t.classList.contains('show') && !t.classList.contains('bad') && t.textContent.includes('{account}'); }})()"
            ),
        )
        .await;
    }
    event_page(&rig, &td).await;
    let about = until(
        &td,
        "the officials listed",
        "(() => { const o = document.getElementById('about-officials'); return o && o.textContent.includes('钱裁判长') && o.textContent.includes('孙裁判') && document.getElementById('about').textContent; })()",
    )
    .await;
    let about = about.as_str().unwrap();
    assert!(about.contains("1h+3x30s"), "{about}");
    seen.look(&td, "event: registered, officials").await;
    shot(&td, "day-02-event-page").await;

    // 2. Round 1 proposed; a hand edit that leaves board 100 empty drops two players.
    click(&td, "#propose").await;
    until(
        &td,
        "the proposal",
        "document.querySelectorAll('#proposal-form .prop-white').length === 100",
    )
    .await;
    let proposal = proposed(&td).await;
    let whites = td.find_all(Locator::Css("#proposal-form .prop-white")).await.unwrap();
    whites[99].select_by_value("").await.unwrap();
    td.execute("document.getElementById('toast').className = ''", vec![])
        .await
        .unwrap();
    click(&td, "#pair-amended").await;
    // Refused under the form, naming the two players left out, in Chinese; nothing paired.
    let why = until(
        &td,
        "the hand edit's refusal",
        "(() => { if (document.getElementById('round-1')) return 'paired'; \
           const e = document.getElementById('proposal-error'); return e && e.textContent; })()",
    )
    .await;
    let why = why.as_str().unwrap();
    assert!(
        why != "paired" && why.contains(&proposal[99].0) && why.contains(&proposal[99].1),
        "{why}"
    );
    seen.look(&td, "event: the dropped board refused").await;
    shot(&td, "day-03-dropped-board-refused").await;
    let whites = td.find_all(Locator::Css("#proposal-form .prop-white")).await.unwrap();
    whites[99].select_by_value(&proposal[99].1).await.unwrap();

    // A hand edit that swaps the White players of two even boards whose four players share a
    // rank (no colour or handicap changes with it): accepted, paired as edited.
    let (i, j) = {
        let even: Vec<usize> = (0..100)
            .filter(|&b| rank_of(&proposal[b].0) == rank_of(&proposal[b].1))
            .collect();
        even.iter()
            .flat_map(|&a| even.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| a < b && rank_of(&proposal[a].0) == rank_of(&proposal[b].0))
            .expect("two boards of one rank")
    };
    let whites = td.find_all(Locator::Css("#proposal-form .prop-white")).await.unwrap();
    whites[i].select_by_value(&proposal[j].1).await.unwrap();
    whites[j].select_by_value(&proposal[i].1).await.unwrap();
    td.execute(
        "document.querySelectorAll('#proposal-form tbody tr')[arguments[0]].scrollIntoView()",
        vec![json!(i)],
    )
    .await
    .unwrap();
    shot(&td, "day-04-proposal-edited").await;
    click(&td, "#pair-amended").await;
    until(
        &td,
        "round 1",
        "document.querySelectorAll('#round-1 > .scroll > table > tbody > tr').length === 100",
    )
    .await;
    let round1 = rows(&td, "#round-1 > .scroll > table").await;
    let mut want = proposal.clone();
    want[i].1 = proposal[j].1.clone();
    want[j].1 = proposal[i].1.clone();
    let paired: Vec<(String, String)> = round1.iter().map(|r| (r[1].clone(), r[2].clone())).collect();
    assert_eq!(paired, want, "round 1 as edited");
    seen.look(&td, "event: round 1 paired").await;

    // McMahon handicaps: each handicap board of the start form has the weaker player as
    // Black (the round's table agrees).
    let form: Vec<(u32, String, String, u32)> = serde_json::from_value(
        until(
            &td,
            "the start form's boards",
            "(() => { const f = document.getElementById('start-games-1'); return f && [...f.querySelectorAll('.round-handicap')].map((x) => { \
               const r = x.closest('tr'); return [Number(x.dataset.board), r.children[1].textContent, r.children[2].textContent, Number(x.value)]; }); })()",
        )
        .await,
    )
    .unwrap();
    assert_eq!(form.len(), 100);
    let rank_in = |cell: &str| -> String {
        let open = cell.rfind(['(', '（']).unwrap_or_else(|| panic!("{cell}"));
        cell[open..].trim_matches(|c| "()（）".contains(c)).to_string()
    };
    let handicapped: Vec<&(u32, String, String, u32)> = form.iter().filter(|b| b.3 > 0).collect();
    assert!(!handicapped.is_empty(), "no handicap board in {form:?}");
    for (board, black, white, stones) in &handicapped {
        assert!(
            strength(&rank_in(black)) < strength(&rank_in(white)),
            "board {board}: {black} takes Black and {stones} stones against {white}"
        );
        let row = &round1[*board as usize - 1];
        assert!(black.starts_with(&row[1]) && white.starts_with(&row[2]), "{row:?}");
    }

    // Twenty boards start now (the others are played over the board and entered by hand):
    // their clocks wait for both players to open their links.
    let stones: Vec<u32> = form.iter().take(PLAYED).map(|b| b.3).collect();
    td.execute(
        "for (const b of document.querySelectorAll('#start-games-1 .round-board')) \
           if (Number(b.dataset.board) > arguments[0] && b.checked) b.click();",
        vec![json!(PLAYED)],
    )
    .await
    .unwrap();
    td.execute("document.getElementById('start-games-1').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "day-05-start-form").await;
    click(&td, "#start-games-1 button[type=submit]").await;
    let links: Vec<(i64, String, String)> = serde_json::from_value(
        until(
            &td,
            "the twenty boards' links",
            &format!(
                "(() => {{ const g = [...document.querySelectorAll('#seat-links .seat-game')]; \
                   return g.length === {PLAYED} && g.map((x) => [Number(x.dataset.game), x.querySelector('a.seat-black').getAttribute('href'), \
                     x.querySelector('a.seat-white').getAttribute('href')]); }})()"
            ),
        )
        .await,
    )
    .unwrap();
    seen.look(&td, "event: twenty boards started").await;

    // The seat slips, printed: one per player of the started boards.
    follow(&rig, &td, "#seat-links a.print-slips").await;
    let slips = until(
        &td,
        "the slips",
        "document.querySelectorAll('.slip img.slip-qr').length",
    )
    .await;
    assert_eq!(slips, json!(2 * PLAYED));
    seen.look(&td, "seat slips").await;
    crate::kit::print_media(&td, true).await;
    full_shot(&td, "day-06-seat-slips").await;
    crate::kit::print_media(&td, false).await;

    // The hall, on a projector, while the twenty games wait and play.
    let hall = chief.clone();
    screen(&hall, 1920, 1080, false).await;
    hall.goto(&format!("{}/events/{ID}/hall", rig.base)).await.unwrap();
    until(
        &hall,
        "the hall's boards",
        "document.querySelectorAll('#hall-boards tbody tr').length >= 20",
    )
    .await;

    // 3. Twenty games by clicks through the seat links: every move a click on its
    //    intersection (the move list then names it), a pass by its button, a resignation,
    //    both players' confirmations. Games vary: a capture, a pass and play resumed, a
    //    click on an occupied point refused in Chinese.
    let black = rig.browser("zh-CN").await;
    let white = rig.browser("zh-CN").await;
    let games_started = Instant::now();
    for (k, (game, bl, wl)) in links.iter().enumerate() {
        black.goto(&format!("{}{bl}", rig.base)).await.unwrap();
        white.goto(&format!("{}{wl}", rig.base)).await.unwrap();
        // A handicap game: White moves first (Art. 11).
        let sides = if stones[k] >= 2 {
            [&white, &black]
        } else {
            [&black, &white]
        };
        let steps = game_steps(k);
        let mut moved = 0;
        for step in &steps {
            let c = sides[moved % 2];
            match *step {
                Step::Play(point) => {
                    click_point(c, point).await;
                    moved += 1;
                }
                Step::Pass => {
                    click_pass(c).await;
                    moved += 1;
                }
                Step::Captured(point) => {
                    // Art. 4: the stone without liberties is taken off, on both boards, and
                    // counted to the side that took it (the last to move).
                    let colours = if stones[k] >= 2 {
                        ["white", "black"]
                    } else {
                        ["black", "white"]
                    };
                    let taker = colours[(moved - 1) % 2];
                    for c in sides {
                        until(
                            c,
                            &format!("{point} captured by {taker}"),
                            &format!(
                                "!document.querySelector('svg.board [data-v=\"{point}\"]') \
                                 && document.getElementById('clock-{taker}').textContent.includes('提子1')"
                            ),
                        )
                        .await;
                    }
                }
                Step::Occupied(point) => {
                    // A click on a stone: the server refuses it (Art. 2), said in Chinese,
                    // and the move list is unchanged.
                    my_turn(c).await;
                    let n = moves_listed(c).await;
                    c.execute("document.getElementById('toast').className = ''", vec![])
                        .await
                        .unwrap();
                    let at = point_on_screen(c, point).await;
                    mouse_click(c, at).await;
                    let said = until(
                        c,
                        "the occupied point refused",
                        "(() => { const t = document.getElementById('toast'); return t.classList.contains('bad') && t.classList.contains('show') && t.textContent; })()",
                    )
                    .await;
                    assert_eq!(moves_listed(c).await, n, "{said}");
                    seen.look(c, "game: a click on a stone refused").await;
                    if k == 3 {
                        shot(c, "day-07b-occupied-refused").await;
                    }
                }
            }
        }
        if k == 0 {
            seen.look(&black, "game: in play").await;
            shot(&black, "day-07-game").await;
        }
        let (resigns, other) = (sides[moved % 2], sides[1 - moved % 2]);
        my_turn(resigns).await;
        click(resigns, "#resign").await;
        for c in [resigns, other] {
            click(c, "#confirm").await;
            until(c, "confirmed", "!document.getElementById('confirm')").await;
        }
        if k == 0 {
            let line = until(
                &black,
                "the referee still to confirm",
                "(() => { const a = document.getElementById('awaiting'); return a && !a.hidden && a.textContent; })()",
            )
            .await;
            assert!(line.as_str().unwrap().contains("裁判"), "{line}");
            seen.look(&black, "game: confirmed by both").await;
            shot(&black, "day-08-game-awaits-referee").await;
        }
        let _ = game;
    }
    eprintln!("twenty games played in {:?}", games_started.elapsed());
    shot(&hall, "day-09-hall-1920x1080").await;
    seen.look(&hall, "hall").await;

    // The referee confirms each from the console's queue, one click each.
    rf.goto(&format!("{}/referee/{ID}", rig.base)).await.unwrap();
    until(
        &rf,
        "the queue",
        &format!("document.querySelectorAll('#queue-s li[id^=queue-]').length === {PLAYED}"),
    )
    .await;
    seen.look(&rf, "referee console: the queue").await;
    full_shot(&rf, "day-10-console-queue").await;
    for (game, _, _) in &links {
        click(&rf, &format!("#queue-confirm-{game}")).await;
        until(&rf, "confirmed", &format!("!document.getElementById('queue-{game}')")).await;
    }
    until(&rf, "the queue empty", "document.getElementById('queue-empty')").await;
    seen.look(&rf, "referee console: queue empty").await;

    // Every other result of round 1 typed on the event page, key by key, as Chinese
    // directors write them (和棋 on a board whose komi allows a draw).
    event_page(&rig, &td).await;
    let t0 = Instant::now();
    let draws = drawable(&td, 1).await;
    eprintln!("round 1: 和棋 typed on boards {draws:?}");
    let typed = type_results(&td, 1, WORDS, &draws).await;
    eprintln!("round 1: {} results typed in {:?}", typed.len(), t0.elapsed());
    assert_eq!(typed.len(), 100 - PLAYED, "{typed:?}");
    event_page(&rig, &td).await;
    let round1 = rows(&td, "#round-1 > .scroll > table").await;
    assert!(
        round1.iter().all(|r| !r[3].trim().is_empty()),
        "a board without a result: {round1:?}"
    );
    seen.look(&td, "event: round 1 done").await;

    // 4. Rounds 2 and 3: paired as the program proposes, results typed the same way.
    for n in [2u32, 3] {
        click(&td, "#pair").await;
        until(
            &td,
            &format!("round {n}"),
            &format!("document.querySelectorAll('#round-{n} > .scroll > table > tbody > tr').length === 100"),
        )
        .await;
        let t0 = Instant::now();
        let draws = drawable(&td, n).await;
        eprintln!("round {n}: 和棋 typed on boards {draws:?}");
        let typed = type_results(&td, n, WORDS, &draws).await;
        eprintln!("round {n}: {} results typed in {:?}", typed.len(), t0.elapsed());
        assert_eq!(typed.len(), 100);
        event_page(&rig, &td).await;
        seen.look(&td, &format!("event: round {n} done")).await;
    }
    full_shot(&td, "day-11-event-after-three-rounds").await;

    // The hall and the results wall, at 1920 × 1080.
    hall.goto(&format!("{}/events/{ID}/hall", rig.base)).await.unwrap();
    until(
        &hall,
        "the hall of round 3",
        "document.querySelector('#hall-boards tbody tr')",
    )
    .await;
    seen.look(&hall, "hall after round 3").await;
    shot(&hall, "day-12-hall-round3-1920x1080").await;
    // A projector shows the round as a pairing list: 100 boards on two screens at most, in
    // columns, in type read from the back of the hall (some 2 % of the screen's height).
    let shown = on_screen(&hall, "#hall-boards").await;
    assert!(
        shown.rows == 100 && shown.shown >= 50 && shown.columns >= 2 && shown.font >= 20.0,
        "the hall at 1920 × 1080: {shown:?}"
    );
    hall.goto(&format!("{}/events/{ID}/wall", rig.base)).await.unwrap();
    until(
        &hall,
        "the wall",
        "document.querySelectorAll('#wall-pairings tbody tr').length === 100 && document.querySelector('#wall-standings tbody tr')",
    )
    .await;
    seen.look(&hall, "results wall").await;
    shot(&hall, "day-13-wall-1920x1080").await;
    let pairings = on_screen(&hall, "#wall-pairings").await;
    let standings = on_screen(&hall, "#wall-standings").await;
    assert!(
        pairings.shown >= 25 && standings.shown >= 50 && standings.columns >= 2 && pairings.font >= 20.0,
        "the wall at 1920 × 1080: {pairings:?}, {standings:?}"
    );

    // The standings and the crosstable, printed from the event page's links.
    for (css, name) in [
        ("#print-pack a[data-form='ranking']", "day-14-standings-printed"),
        (
            "#event-summary a[href*='/print/crosstable']",
            "day-15-crosstable-printed",
        ),
    ] {
        event_page(&rig, &td).await;
        follow(&rig, &td, css).await;
        until(&td, "the print view", "document.querySelector('table tbody tr')").await;
        // Every player is on it, and the crosstable has a column per round.
        let text = td.execute("return document.body.innerText", vec![]).await.unwrap();
        let text = text.as_str().unwrap();
        let missing: Vec<&String> = field
            .iter()
            .map(|p| &p.0)
            .filter(|n| !text.contains(n.as_str()))
            .collect();
        assert!(missing.is_empty(), "{name}: {missing:?} not printed");
        if name.contains("crosstable") {
            assert!(["第1轮", "第2轮", "第3轮"].iter().all(|r| text.contains(r)), "{text}");
        }
        seen.look(&td, name).await;
        crate::kit::print_media(&td, true).await;
        full_shot(&td, name).await;
        crate::kit::print_media(&td, false).await;
    }

    // No page showed English.
    let english: Vec<&(String, Vec<String>)> = seen.0.iter().filter(|(_, e)| !e.is_empty()).collect();
    assert!(english.is_empty(), "English on the Chinese pages: {english:#?}");
    eprintln!("the director's day took {:?}", started.elapsed());
    for c in [td, chief, rf, black, white] {
        c.close().await.unwrap();
    }
}

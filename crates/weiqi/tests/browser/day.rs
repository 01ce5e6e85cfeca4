//! The director's whole day (issue #16, "Done when"), in a Chinese browser and through the
//! pages: an account and a McMahon event made from the home page, 200 players registered from
//! a CSV file with Chinese headers and ranks, a chief referee and a referee appointed, round 1
//! proposed, a hand edit that drops a board refused and one that swaps two boards' White
//! accepted, handicap boards with the weaker player as Black, twenty boards started and their
//! seat slips printed, twenty games played by clicks through the seat links (moves, a
//! resignation, both players' confirmation, the referee's one click in the console's queue),
//! every other result typed in Chinese on the event page, rounds 2 and 3 paired and entered,
//! the hall view and the results wall at 1920 × 1080, the standings and the crosstable
//! printed; and on every page visited, no English word.
//!
//! Player names, accounts and the event's name are Chinese (its id digits), so any Latin word
//! on a page is the software's. The JSON API is used for nothing the pages do.

use crate::kit::{follow, full_shot, screen};
use crate::support::{Rig, click, fill, shot, until, until_within};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::{Duration, Instant};

/// The event's id (digits: no Latin word), and its pages.
const ID: &str = "2026";
/// Boards started and played through their seat links in round 1.
const PLAYED: usize = 20;

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

/// The English words on the page now: the Latin words (three letters or more) of
/// `document.body.innerText`, links and time controls left out, that are not in [`ALLOWED`].
async fn english(c: &Client) -> Vec<String> {
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

/// Plays `point` from the seat page `c` by its typed coordinate and the play button, once it
/// is this seat's turn.
async fn play(c: &Client, point: &str) {
    my_turn(c).await;
    fill(c, "#coord", point).await;
    click(c, "#play-coord").await;
    until(
        c,
        &format!("the stone on {point}"),
        &format!("document.querySelector('svg.board [data-v=\"{point}\"]')"),
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

/// Enters every open result of round `n` on the event page: the page's own result form of
/// each board, filled in with `results` in turn (in Chinese) and sent, one board after the
/// other, each waiting for the page to show it entered. The boards and what was typed.
async fn enter_results(c: &Client, n: u32, results: &[&str]) -> Vec<(String, String)> {
    c.execute(
        r#"
        const [n, results] = arguments;
        window.__entry = { done: false, entered: [], error: null };
        (async () => {
          const rows = [...document.querySelectorAll(`#round-${n} > .scroll > table > tbody > tr`)].filter((r) => r.querySelector('.result-input'));
          let i = 0;
          for (const r of rows) {
            const text = results[i++ % results.length];
            const inp = r.querySelector('.result-input');
            inp.focus();
            inp.value = text;
            inp.dispatchEvent(new Event('input', { bubbles: true }));
            r.querySelector('.result-input + button').click();
            const t0 = performance.now();
            while (!r.querySelector('.result-entered')) {
              const toast = document.getElementById('toast');
              if (toast.classList.contains('bad') && toast.classList.contains('show') || performance.now() - t0 > 20000) {
                window.__entry.error = `board ${r.children[0].textContent} (${text}): ${toast.textContent}`;
                window.__entry.done = true;
                return;
              }
              await new Promise((res) => setTimeout(res, 20));
            }
            window.__entry.entered.push([r.children[0].textContent, text]);
          }
          window.__entry.done = true;
        })();
        return true;
        "#,
        vec![json!(n), json!(results)],
    )
    .await
    .unwrap();
    let r = until_within(
        c,
        &format!("round {n}'s results"),
        "window.__entry.done && window.__entry",
        Duration::from_secs(300),
    )
    .await;
    assert!(r["error"].is_null(), "round {n}: {}", r["error"]);
    serde_json::from_value(r["entered"].clone()).unwrap()
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
    until(&td, "the event form", "document.getElementById('ev-id')").await;
    fill(&td, "#ev-id", ID).await;
    fill(&td, "#ev-name", "二〇二六年春季围棋公开赛").await;
    td.find(Locator::Css("#ev-system"))
        .await
        .unwrap()
        .select_by_value("mc_mahon")
        .await
        .unwrap();
    fill(&td, "#ev-rounds", "3").await;
    fill(&td, "#ev-time", "1h+3x30s").await;
    click(&td, "#new-event details summary").await;
    fill(&td, "#ev-bar", "3段").await;
    fill(&td, "#ev-floor", "18级").await;
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

    // 3. Twenty games by clicks through the seat links: two moves each (the first a click on
    //    the board where its centre is free), a resignation, both players confirm.
    let black = rig.browser("zh-CN").await;
    let white = rig.browser("zh-CN").await;
    let games_started = Instant::now();
    for (k, (game, bl, wl)) in links.iter().enumerate() {
        black.goto(&format!("{}{bl}", rig.base)).await.unwrap();
        white.goto(&format!("{}{wl}", rig.base)).await.unwrap();
        // A handicap game: White moves first (Art. 11).
        let (first, second) = if stones[k] >= 2 {
            (&white, &black)
        } else {
            (&black, &white)
        };
        my_turn(first).await;
        if [5, 7, 9].contains(&stones[k]) {
            play(first, "C17").await;
        } else {
            // A click on the board, near its centre (where the click falls on the drawing).
            click(first, "svg.board").await;
            until(
                first,
                "the click's move",
                "document.querySelectorAll('#move-list li').length === 1",
            )
            .await;
        }
        play(second, "R17").await;
        play(first, "C3").await;
        play(second, "R3").await;
        if k == 0 {
            seen.look(&black, "game: in play").await;
            shot(&black, "day-07-game").await;
        }
        my_turn(first).await;
        click(first, "#resign").await;
        for c in [first, second] {
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

    // Every other result of round 1 typed in Chinese on the event page.
    let words = [
        "黑中盘胜",
        "白中盘胜",
        "黑胜3又3/4子",
        "白胜1又1/4子",
        "黑超时胜",
        "白超时胜",
        "白胜2又1/4子",
        "黑胜1/4子",
    ];
    event_page(&rig, &td).await;
    let typed = enter_results(&td, 1, &words).await;
    assert_eq!(typed.len(), 100 - PLAYED, "{typed:?}");
    event_page(&rig, &td).await;
    let round1 = rows(&td, "#round-1 > .scroll > table").await;
    assert!(
        round1.iter().all(|r| !r[3].trim().is_empty()),
        "a board without a result: {round1:?}"
    );
    seen.look(&td, "event: round 1 done").await;

    // 4. Rounds 2 and 3: paired as the program proposes, results typed in Chinese.
    for n in [2u32, 3] {
        click(&td, "#pair").await;
        until(
            &td,
            &format!("round {n}"),
            &format!("document.querySelectorAll('#round-{n} > .scroll > table > tbody > tr').length === 100"),
        )
        .await;
        let typed = enter_results(&td, n, &words).await;
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
    hall.goto(&format!("{}/events/{ID}/wall", rig.base)).await.unwrap();
    until(
        &hall,
        "the wall",
        "document.querySelectorAll('#wall-pairings tbody tr').length === 100 && document.querySelector('#wall-standings tbody tr')",
    )
    .await;
    seen.look(&hall, "results wall").await;
    shot(&hall, "day-13-wall-1920x1080").await;

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

//! What the API gives the pages beyond the game's state: the game view and its record as SGF
//! (`server::view`), and the clock-only page's plan (`server::plan`).

use clock::{Instant, TimeControl};
use expect_test::{Expect, expect};
use referee::{Action, Actor, ColourChoice, Event, Player, Rank, Referee, Seat, Settings};
use rules::{BoardSize, Move};
use serde_json::json;
use server::plan::{PlanReq, plan};

fn check(actual: String, expected: Expect) {
    expected.assert_eq(&actual);
}

fn plan_of(v: serde_json::Value) -> String {
    let req: PlanReq = serde_json::from_value(v).expect("a plan request");
    match plan(&req) {
        Ok(p) => {
            let calls: Vec<String> = p["calls"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    format!(
                        "{} {} {} / {}",
                        c["at"],
                        c["color"].as_str().unwrap(),
                        c["zh"].as_str().unwrap(),
                        c["en"].as_str().unwrap()
                    )
                })
                .collect();
            format!(
                "running {} paused {} flag {}\nblack {}\nwhite {}\n{}",
                p["running"],
                p["paused"],
                p["flag"],
                p["black"],
                p["white"],
                calls.join("\n")
            )
        }
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn the_clock_only_mode_reads_the_clock_crate() {
    // Black presses after 1 s; White thinks on into byo-yomi (Art. 12.3).
    check(
        plan_of(json!({ "time": "2s+2x5s", "now": 4000, "horizon_ms": 20000, "ops": [
            { "op": "start", "at": 0, "color": "black" },
            { "op": "press", "at": 1000, "color": "black" },
        ] })),
        expect![[r#"
            running "white" paused false flag null
            black {"flagged":false,"main_left_ms":1000,"moves":1,"overtime_left":2,"period_left_ms":5000,"used_ms":1000}
            white {"flagged":false,"main_left_ms":0,"moves":0,"overtime_left":2,"period_left_ms":4000,"used_ms":3000}
            5000 white 二秒 / 2 seconds
            6000 white 三秒 / 3 seconds
            8000 white 五秒，还剩一次 / 5 seconds, 1 period left
            9000 white 一 / 1
            10000 white 二 / 2
            11000 white 三 / 3
            12000 white 四 / 4
            13000 white 五，超时 / 5, time is up"#]],
    );
    // A pause stops both clocks (Art. 14): nothing is called.
    check(
        plan_of(json!({ "time": "1m", "now": 50000, "ops": [
            { "op": "start", "at": 0, "color": "black" },
            { "op": "pause", "at": 10000 },
        ] })),
        expect![[r#"
            running null paused true flag null
            black {"flagged":false,"main_left_ms":50000,"moves":0,"overtime_left":null,"period_left_ms":null,"used_ms":10000}
            white {"flagged":false,"main_left_ms":60000,"moves":0,"overtime_left":null,"period_left_ms":null,"used_ms":0}
            "#]],
    );
    // A press after the flag fell does not count: the flag stands.
    check(
        plan_of(json!({ "time": "1x10s", "now": 30000, "ops": [
            { "op": "start", "at": 0, "color": "black" },
            { "op": "press", "at": 12000, "color": "black" },
        ] })),
        expect![[r#"
            running null paused false flag {"at":10000,"color":"black","lost_turn_allowed":false}
            black {"flagged":true,"main_left_ms":0,"moves":0,"overtime_left":0,"period_left_ms":0,"used_ms":10000}
            white {"flagged":false,"main_left_ms":0,"moves":0,"overtime_left":1,"period_left_ms":10000,"used_ms":0}
        "#]],
    );
    check(
        plan_of(json!({ "time": "forever", "now": 0, "ops": [] })),
        expect![[r#"error: time "forever": time control "forever", column 1: expected a number"#]],
    );
    check(
        plan_of(json!({ "time": "1m", "now": 0, "ops": [{ "op": "press", "at": 0, "color": "red" }] })),
        expect![[r#"error: operation 1: color "red" must be "black" or "white""#]],
    );
}

fn player(name: &str) -> Player {
    Player {
        name: name.into(),
        rank: Rank::Dan(1),
        born: None,
    }
}

#[test]
fn the_game_view_and_sgf_of_a_record() {
    let mut settings = Settings::new([player("李"), player("王")], "none".parse::<TimeControl>().unwrap());
    settings.rules.size = BoardSize::new(9).unwrap();
    let size = settings.rules.size;
    let at = |s: u64| Instant(s * 1000);
    let mut events = vec![
        Event::new(
            at(0),
            Actor::System,
            Action::Colours(ColourChoice::Draw { black: Seat::Second }),
        ),
        Event::new(at(0), Actor::System, Action::Start { late: vec![] }),
    ];
    for (i, v) in ["E5", "C3", "G7"].iter().enumerate() {
        let color = if i % 2 == 0 {
            rules::Color::Black
        } else {
            rules::Color::White
        };
        events.push(Event::new(
            at(i as u64 + 1),
            Actor::Player(color),
            Action::Play(Move::Play(size.parse_gtp(v).unwrap())),
        ));
    }
    events.push(Event::new(at(9), Actor::Player(rules::Color::White), Action::Resign));
    let r = Referee::replay(settings, &events).expect("the record stands");
    let v = server::view::game_view(&r, None, &server::view::Proposals::default(), 1);
    check(
        format!(
            "{}\n{}\n{}\nlog: {}",
            v["names"],
            v["last_move"],
            v["moves"],
            v["log"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["en"].as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" | ")
        ),
        expect![[r#"
            {"black":{"name":"王","rank":"1d"},"white":{"name":"李","rank":"1d"}}
            {"color":"black","point":"G7"}
            3
            log: Colours by the draw: 王 takes Black (Art. 10) | The game starts | Black plays E5 | White plays C3 | Black plays G7 | White resigns; result: black wins by resignation (Art. 7.2)"#]],
    );
    check(
        server::view::game_sgf(
            &r,
            &sgf::Meta {
                event: Some("open".into()),
                round: Some("2".into()),
                ..sgf::Meta::default()
            },
            None,
        ),
        expect![[r#"
            (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
            RU[Chinese]KM[7.5]PB[王]BR[1d]PW[李]WR[1d]DT[1970-01-01]EV[open]RO[2]RE[B+R]
            ;B[ee];W[cg];B[gc]C[White resigns; result: black wins by resignation (Art. 7.2).
            Result: B+R (black wins by resignation).])
        "#]],
    );
}

#[test]
fn one_mapping_from_an_outcome_to_re() {
    use referee::{Outcome, WinBy};
    use rules::{Color, HalfPoints};
    let outcomes = [
        Outcome::Win {
            winner: Color::Black,
            by: WinBy::Points(HalfPoints(3)),
        },
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Resignation,
        },
        Outcome::Win {
            winner: Color::Black,
            by: WinBy::Time,
        },
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Warnings,
        },
        Outcome::Win {
            winner: Color::Black,
            by: WinBy::Adjudication,
        },
        Outcome::Draw,
        Outcome::NoResult,
        Outcome::BothLose,
        Outcome::Replay,
    ];
    let lines: Vec<String> = outcomes
        .iter()
        .map(|&o| {
            // The page's RE is the referee's text, read back unchanged by the SGF crate's one
            // parser, as game_sgf writes it.
            let re = o.sgf().map(|re| sgf::Re::from_re(&re).unwrap().to_string());
            assert_eq!(re, o.sgf(), "{o}");
            format!("{o}: {}", re.as_deref().unwrap_or("no RE"))
        })
        .collect();
    check(
        lines.join("\n"),
        expect![[r#"
            black wins by ¾ stones (1.5 points): B+1.5
            white wins by resignation: W+R
            black wins on time: B+T
            white wins by the opponent's second warning: W+F
            black wins by the chief referee's adjudication: B+
            draw: 0
            no result: Void
            both lose: Void
            replay ordered: no RE"#]],
    );
}

/// A 9×9 game of two moves, then `outcome` ruled by the chief referee (Art. 17.5).
fn adjudicated(outcome: referee::Outcome) -> String {
    let mut settings = Settings::new([player("李"), player("王")], "none".parse::<TimeControl>().unwrap());
    settings.rules.size = BoardSize::new(9).unwrap();
    let size = settings.rules.size;
    let mut events = vec![
        Event::new(
            Instant(0),
            Actor::System,
            Action::Colours(ColourChoice::Draw { black: Seat::First }),
        ),
        Event::new(Instant(0), Actor::System, Action::Start { late: vec![] }),
    ];
    for (i, v) in ["E5", "C3"].iter().enumerate() {
        let color = if i == 0 {
            rules::Color::Black
        } else {
            rules::Color::White
        };
        events.push(Event::new(
            Instant(1000 * (i as u64 + 1)),
            Actor::Player(color),
            Action::Play(Move::Play(size.parse_gtp(v).unwrap())),
        ));
    }
    events.push(Event::new(
        Instant(5000),
        Actor::ChiefReferee,
        Action::Adjudicate {
            outcome,
            article: referee::Article { number: 17, clause: 5 },
        },
    ));
    let r = Referee::replay(settings, &events).expect("the record stands");
    server::view::game_sgf(&r, &sgf::Meta::default(), None)
}

#[test]
fn a_ruled_result_is_said_in_words_where_re_cannot() {
    use referee::{Outcome, WinBy};
    check(
        [
            Outcome::Win {
                winner: rules::Color::White,
                by: WinBy::Adjudication,
            },
            Outcome::BothLose,
            Outcome::Replay,
        ]
        .map(adjudicated)
        .join(""),
        expect![[r#"
            (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
            RU[Chinese]KM[7.5]PB[李]BR[1d]PW[王]WR[1d]DT[1970-01-01]RE[W+]
            ;B[ee];W[cg]C[Result: W+ (white wins by the chief referee's adjudication).

            Referee: adjudication against Black (Art. 17.5), by the chief referee]WQREF[adjudication:B:17.5:chief-referee::])
            (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
            RU[Chinese]KM[7.5]PB[李]BR[1d]PW[王]WR[1d]DT[1970-01-01]RE[Void]
            ;B[ee];W[cg]C[Result: Void (both lose).

            Referee: adjudication (Art. 17.5), by the chief referee]WQREF[adjudication::17.5:chief-referee::])
            (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
            RU[Chinese]KM[7.5]PB[李]BR[1d]PW[王]WR[1d]DT[1970-01-01]
            ;B[ee];W[cg]C[Result: none (replay ordered).

            Referee: adjudication (Art. 17.5), by the chief referee]WQREF[adjudication::17.5:chief-referee::])
        "#]],
    );
}

/// The clock-only mode's plan in short: who runs, the flag, the lost turns, and what each
/// side is told when it asks the time left.
fn plan_brief(v: serde_json::Value) -> String {
    let req: PlanReq = serde_json::from_value(v).expect("a plan request");
    match plan(&req) {
        Ok(p) => format!(
            "running {} flag {} lost turns {}\nblack asks: {} / {}\nwhite asks: {} / {}",
            p["running"],
            p["flag"],
            p["lost_turns"],
            p["answers"]["black"]["zh"].as_str().unwrap(),
            p["answers"]["black"]["en"].as_str().unwrap(),
            p["answers"]["white"]["zh"].as_str().unwrap(),
            p["answers"]["white"]["en"].as_str().unwrap(),
        ),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn a_last_period_timeout_may_be_a_lost_turn_where_the_event_allows_it() {
    // 1 s of basic time and two 5-s periods: Black thinks from 0 and the last period runs
    // out at 11 s (Art. 12.3). The event allows a lost turn (Art. 22.5): Black asks at 12 s.
    let ops = json!([
        { "op": "start", "at": 0, "color": "black" },
        { "op": "lost_turn", "at": 12000 },
    ]);
    check(
        plan_brief(json!({ "time": "1s+2x5s", "now": 11500, "lost_turn_on_timeout": true, "ops": [ops[0]] })),
        expect![[r#"
            running null flag {"at":11000,"color":"black","lost_turn_allowed":true} lost turns []
            black asks: 超时 / time is up
            white asks: 基本时间还剩一秒，之后读秒两次，每次五秒 / 1 second of basic time left, then byo-yomi, 2 periods of 5 seconds"#]],
    );
    // White's clock runs from the ruling; Black keeps one period for its next move.
    check(
        plan_brief(json!({ "time": "1s+2x5s", "now": 14000, "lost_turn_on_timeout": true, "ops": ops })),
        expect![[r#"
            running "white" flag null lost turns [{"at":12000,"color":"black"}]
            black asks: 读秒，还剩一次，本次还有五秒 / byo-yomi, 1 period left, 5 seconds left in this one
            white asks: 读秒，还剩两次，本次还有四秒 / byo-yomi, 2 periods left, 4 seconds left in this one"#]],
    );
    // Where the event does not allow it, the flag stands and the request is refused.
    check(
        plan_brief(json!({ "time": "1s+2x5s", "now": 11500, "ops": [ops[0]] })),
        expect![[r#"
            running null flag {"at":11000,"color":"black","lost_turn_allowed":false} lost turns []
            black asks: 超时 / time is up
            white asks: 基本时间还剩一秒，之后读秒两次，每次五秒 / 1 second of basic time left, then byo-yomi, 2 periods of 5 seconds"#]],
    );
    check(
        plan_brief(json!({ "time": "1s+2x5s", "now": 14000, "ops": ops })),
        expect!["error: operation 2: the event does not allow a lost turn instead of a loss on time (Art. 22.5)"],
    );
    // Absolute time has no lost turn (Art. 12.4): the clock refuses it.
    check(
        plan_brief(
            json!({ "time": "10s", "now": 14000, "lost_turn_on_timeout": true, "ops": [
            { "op": "start", "at": 0, "color": "black" }, { "op": "lost_turn", "at": 12000 },
        ] }),
        ),
        expect!["error: operation 2: a lost turn instead of a loss is only for a timeout in byo-yomi (art. 22.5)"],
    );
    // Nor is there one before the flag falls.
    check(
        plan_brief(
            json!({ "time": "1s+2x5s", "now": 4000, "lost_turn_on_timeout": true, "ops": [
            { "op": "start", "at": 0, "color": "black" }, { "op": "lost_turn", "at": 3000 },
        ] }),
        ),
        expect!["error: operation 2: no flag has fallen"],
    );
}

/// A 9×9 game ended with a ko open: Black's F5 is in atari and White's capture at E5 would be
/// a ko capture, White to move. The view names every chain the proposal tells the players of,
/// with its reason in both languages: the ko stone unsure (never in the marking, Art. 8), the
/// white invader at B7 dead.
#[test]
fn the_view_explains_each_chain_the_machine_proposes() {
    let mut settings = Settings::new([player("李"), player("王")], "none".parse::<TimeControl>().unwrap());
    settings.rules.size = BoardSize::new(9).unwrap();
    let r = counted_with_open_ko(settings);
    assert_eq!(r.phase(), referee::Phase::Counting);
    let v = server::view::game_view(&r, None, &server::view::Proposals::default(), 1);
    check(
        format!(
            "marking {}\nunsure {}\n{}",
            v["machine_marking"],
            v["machine_unsure"],
            v["machine_chains"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
        expect![[r#"
            marking ["B7"]
            unsure ["F5"]
            {"color":"white","en":"an eyeless invader of enclosed territory","reason":"invader","status":"dead","stones":["B7"],"zh":"侵入对方围地、无眼位的孤子"}
            {"color":"black","en":"its life hangs on a ko","reason":"ko","status":"unsure","stones":["F5"],"zh":"死活取决于劫争"}"#]],
    );
}

/// The game of [`the_view_explains_each_chain_the_machine_proposes`], in counting.
pub fn counted_with_open_ko(settings: Settings) -> Referee {
    let size = settings.rules.size;
    let at = |s: u64| Instant(s * 1000);
    let mut events = vec![
        Event::new(
            at(0),
            Actor::System,
            Action::Colours(ColourChoice::Draw { black: Seat::First }),
        ),
        Event::new(at(0), Actor::System, Action::Start { late: vec![] }),
    ];
    let black = ["E9", "E8", "E7", "E6", "D5", "F5", "E4", "E3", "E2", "E1"];
    let white = ["F9", "F8", "F7", "F6", "G5", "F4", "F3", "F2", "F1", "B7"];
    let mut t = 1;
    for (b, w) in black.iter().zip(white.iter()) {
        for (color, v) in [(rules::Color::Black, b), (rules::Color::White, w)] {
            events.push(Event::new(
                at(t),
                Actor::Player(color),
                Action::Play(Move::Play(size.parse_gtp(v).unwrap())),
            ));
            t += 1;
        }
    }
    events.push(Event::new(
        at(t),
        Actor::Player(rules::Color::Black),
        Action::ProposeEnd,
    ));
    events.push(Event::new(
        at(t + 1),
        Actor::Player(rules::Color::White),
        Action::AcceptEnd,
    ));
    Referee::replay(settings, &events).expect("the record stands")
}

//! Tests of the parts around the fold: nigiri, outcomes, summaries.

use crate::script::{player, run};
use expect_test::expect;
use referee::*;

/// The colours a game's nigiri gives (the holder and who takes Black), through the record.
fn nigiri_of(players: [Player; 2], choice: ColourChoice) -> Nigiri {
    let mut r = Referee::new(Settings::new(players, clock::TimeControl::None)).unwrap();
    let fx = r
        .apply(Event::new(clock::Instant(0), Actor::System, Action::Colours(choice)))
        .unwrap();
    let Some(Effect::Colours { black, nigiri: Some(n) }) = fx.first() else {
        panic!("no nigiri in {fx:?}");
    };
    assert_eq!(*black, Seat::of_index(n.black));
    assert_eq!(r.seat_of(rules::Color::Black), Some(*black));
    *n
}

#[test]
fn art10_nigiri_the_higher_rank_holds_else_the_older() {
    let counted = ColourChoice::NigiriCounted {
        held: 7,
        guess: Parity::Odd,
    };
    let strong = player("A", Rank::Pro(1), 2000);
    let weak = player("B", Rank::Dan(7), 1950);
    assert_eq!(nigiri_of([weak.clone(), strong.clone()], counted).holder, 1);
    assert_eq!(nigiri_of([strong, weak], counted).holder, 0);
    let young = player("C", Rank::Kyu(1), 2001);
    let old = player("D", Rank::Kyu(1), 1960);
    assert_eq!(nigiri_of([young.clone(), old.clone()], counted).holder, 1);
    assert_eq!(nigiri_of([old, young], counted).holder, 0);
    assert!(Rank::Kyu(1) > Rank::Kyu(5));
    assert!(Rank::Dan(1) > Rank::Kyu(1));
    assert!(Rank::Pro(1) > Rank::Dan(7));
}

#[test]
fn art10_nigiri_the_count_against_the_call_settles_black() {
    let players = [player("A", Rank::Dan(3), 1990), player("B", Rank::Dan(1), 1990)];
    // A holds (higher rank); B guesses.
    for held in 1..=MAX_HELD {
        for guess in [Parity::Odd, Parity::Even] {
            let n = nigiri_of(players.clone(), ColourChoice::NigiriCounted { held, guess });
            assert_eq!(n.holder, 0);
            let right = (held % 2 == 1) == (guess == Parity::Odd);
            assert_eq!(n.black, if right { 1 } else { 0 }, "{held} {guess}");
        }
    }
}

#[test]
fn art10_a_seeded_nigiri_is_reproducible_and_fair() {
    let players = [player("A", Rank::Dan(3), 1990), player("B", Rank::Dan(3), 1980)];
    let mut black_first = 0;
    for seed in 0..1000u64 {
        let n = nigiri_of(players.clone(), ColourChoice::Nigiri { seed });
        assert_eq!(
            n,
            nigiri_of(players.clone(), ColourChoice::Nigiri { seed }),
            "seed {seed}"
        );
        assert!((1..=MAX_HELD).contains(&n.held));
        assert_eq!(n.holder, 1, "the older holds");
        let counted = ColourChoice::NigiriCounted {
            held: n.held,
            guess: n.guess,
        };
        assert_eq!(n, nigiri_of(players.clone(), counted));
        if n.black == 0 {
            black_first += 1;
        }
    }
    // Each player takes Black about half the time.
    assert!((400..600).contains(&black_first), "{black_first}");
    // And a replayed record gives the same colours.
    let script = "0 ref colours nigiri 42\n0 ref start";
    let (_, a) = run(script);
    let (_, b) = run(script);
    assert_eq!(a.nigiri(), b.nigiri());
    assert_eq!(a.seat_of(rules::Color::Black), b.seat_of(rules::Color::Black));
}

/// Regression: the referee had its own Rank, Date and nigiri, and with equal ranks and only
/// the second player's date of birth known it gave the stones to the first player while the
/// tournament crate gave them to the second; the tournament drew 10–30 stones, the referee
/// 1–30. Now a game's nigiri is the tournament crate's, for every rank and date, known or
/// not (with a date unknown at equal ranks the first player holds, Art. 10 being silent).
#[test]
fn art10_a_game_s_nigiri_is_the_tournament_s_for_every_pair_of_players() {
    let dates = [None, Some(1970), Some(1990)];
    let ranks = [Rank::Kyu(3), Rank::Dan(3), Rank::Pro(3)];
    let mut cases = 0;
    for (ra, rb) in ranks.iter().flat_map(|a| ranks.iter().map(move |b| (*a, *b))) {
        for (da, db) in dates.iter().flat_map(|a| dates.iter().map(move |b| (*a, *b))) {
            let person = |name: &str, rank: Rank, year: Option<u16>| {
                let mut p = tournament::Player::new(name, rank);
                p.birth_date = year.map(|y| Date::new(y, 1, 1).unwrap());
                p
            };
            let (ta, tb) = (person("A", ra, da), person("B", rb, db));
            let game_players = [&ta, &tb].map(|p| Player {
                name: p.name.clone(),
                rank: p.rank,
                born: p.birth_date,
            });
            for seed in [0, 1, 42, 99] {
                let ours = nigiri_of(game_players.clone(), ColourChoice::Nigiri { seed });
                let theirs = tournament::nigiri::seeded([(&ta).into(), (&tb).into()], seed);
                assert_eq!(ours, theirs, "{ra} {da:?} against {rb} {db:?}, seed {seed}");
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 9 * 9 * 4);
    // The case the two crates disagreed on: equal ranks, only the second date known.
    let first_unknown = [player("A", Rank::Dan(2), 1990), player("B", Rank::Dan(2), 1970)];
    let mut first_unknown = first_unknown;
    first_unknown[0].born = None;
    assert_eq!(nigiri_of(first_unknown, ColourChoice::Nigiri { seed: 5 }).holder, 0);
}

#[test]
fn outcomes_as_sgf_and_in_chinese() {
    use rules::{Color, HalfPoints};
    let rows: Vec<String> = [
        Outcome::Win {
            winner: Color::Black,
            by: WinBy::Points(HalfPoints(3)),
        },
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(HalfPoints(9)),
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
            winner: Color::Black,
            by: WinBy::Forfeit,
        },
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Warnings,
        },
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Discipline(Offence::PhoneLookedAt),
        },
        Outcome::Win {
            winner: Color::Black,
            by: WinBy::Adjudication,
        },
        Outcome::Draw,
        Outcome::NoResult,
        Outcome::BothLose,
        Outcome::Replay,
    ]
    .iter()
    .map(|o| format!("{} | {} | {}", o.sgf().as_deref().unwrap_or("(no RE)"), o.zh(), o))
    .collect();
    expect![[r#"
        B+1.5 | 黑胜3/4子 | black wins by ¾ stones (1.5 points)
        W+4.5 | 白胜2又1/4子 | white wins by 2¼ stones (4.5 points)
        W+R | 白中盘胜 | white wins by resignation
        B+T | 黑胜（对方超时） | black wins on time
        B+F | 黑胜（对方弃权） | black wins by forfeit
        W+F | 白胜（对方两次警告） | white wins by the opponent's second warning
        W+F | 白胜（对方违纪判负） | white wins by the opponent's loss for looking at a phone
        B+ | 黑胜（裁判长判定） | black wins by the chief referee's adjudication
        0 | 和棋 | draw
        Void | 无胜负 | no result
        Void | 双方负 | both lose
        (no RE) | 重赛 | replay ordered"#]]
    .assert_eq(&rows.join("\n"));
}

#[test]
fn every_referee_event_has_a_summary_in_chinese_and_english_with_its_article() {
    let (_, r) = run("
        @time 1h
        0 ref colours nigiri 7
        0 ref start late W
        1s B play E5
        5m W arrive W
        5m1s W play D4
        5m2s ref clock-early W
        5m3s B play C3
        5m4s ref second-move B C4
        5m5s ref take-back B C5
        5m6s ref discipline W smoking warning
    ");
    let text: Vec<String> = r
        .events()
        .iter()
        .zip(r.effects())
        .map(|(e, fx)| {
            let s = summary(r.settings(), e, fx);
            format!("{}\n  {}\n  {:?}", s.zh, s.en, s.article.map(|a| a.to_string()))
        })
        .collect();
    expect![[r#"
        猜先：Wang握子22枚，Li猜单，Wang执黑（第10条）
          Nigiri: Wang held 22 stones, Li called odd: Wang takes Black (Art. 10)
          Some("Art. 10")
        比赛开始，白方未到
          The game starts; white is absent
          None
        黑方 E5
          Black plays E5
          None
        白方入座，迟到五分钟，计时加倍扣除十分钟（第22条第1款）
          White arrives, 5 minutes late, charged twice: 10 minutes (Art. 22.1)
          Some("Art. 22.1")
        白方 D4
          White plays D4
          None
        白方着子前按钟，判警告一次，不改变计时器读数（第17条第4款）
          White pressed the clock before placing the stone: a warning; the clock reading stays (Art. 17.4)
          Some("Art. 17.4")
        黑方 C3
          Black plays C3
          None
        黑方连下两着，第二着C4无效，判警告一次（第17条第2款）
          Black played twice in a row: the second stone, C4, is void; a warning (Art. 17.2)
          Some("Art. 17.2")
        黑方悔棋（改下C5），棋子放回原处，判警告一次；黑方第2次警告；结果：白胜（对方两次警告）（第17条第3款）
          Black took back a stone (and played C5): it goes back; a warning; black's warning no. 2; result: white wins by the opponent's second warning (Art. 17.3)
          Some("Art. 17.3")
        白方违规吸烟，判警告一次；白方第2次警告（第23条第8款）
          White: smoking: a warning; white's warning no. 2 (Art. 23.8)
          Some("Art. 23.8")"#]].assert_eq(&text.join("\n"));
}

#[test]
fn art12_3_the_referee_tells_when_the_clock_calls_next() {
    let (_, r) = run("
        @time 1m+1x60s
        0 ref colours draw first
        0 ref start
        10s B play E5
    ");
    let mut calls = Vec::new();
    let mut t = clock::Instant(10_000);
    while let Some(e) = r.next_clock_event(t) {
        calls.push(format!("{} {}", clock::Millis(e.at.0), e.text(rules::Lang::En)));
        t = e.at;
    }
    expect![[r#"
        70s byo-yomi, 1 minute left
        100s 30 seconds
        110s 40 seconds
        2m 50 seconds
        2m1s 1
        2m2s 2
        2m3s 3
        2m4s 4
        2m5s 5
        2m6s 6
        2m7s 7
        2m8s 8
        2m9s 9
        2m10s 10, time is up"#]]
    .assert_eq(&calls.join("\n"));
}

#[test]
fn art16_4_a_recount_may_be_asked_for_only_of_a_counted_result_not_yet_confirmed() {
    let counted = "0 ref colours draw first
                   0 ref start
                   1s B pass
                   2s W pass
                   3s B mark
                   4s W accept-marking";
    assert!(run(counted).1.may_recount(), "a counted result, not yet confirmed");
    let (_, r) = run(&format!("{counted}\n5s chief record-recount W"));
    assert!(!r.may_recount(), "counting again: nothing decided to recount");
    let s = summary(r.settings(), r.events().last().unwrap(), r.effects().last().unwrap());
    assert_eq!(
        (s.zh.as_str(), s.en.as_str(), s.article.map(|a| a.to_string())),
        (
            "裁判长记录白方申请复核（第16条第4款）",
            "The chief referee records White's request for a recount (Art. 16.4)",
            Some("Art. 16.4".to_string())
        )
    );
    let confirmed = format!("{counted}\n5s B confirm\n6s W confirm\n7s ref confirm");
    assert!(!run(&confirmed).1.may_recount(), "a confirmed result is final");
    let resigned = "0 ref colours draw first
                    0 ref start
                    1s B resign";
    assert!(!run(resigned).1.may_recount(), "a resignation was not counted");
}

/// Art. 22.5, 30, 31: what the referee console may offer each role, as `permit` says: the
/// lost turn is the player's to ask, whatever the role; adjudication is the chief referee's.
#[test]
fn art29_31_permit_tells_a_console_what_each_role_may_take() {
    use rules::Color;
    let adjudicate = Action::Adjudicate {
        outcome: Outcome::Draw,
        article: Article::new(13, 1),
    };
    let warning = Action::Ruling(Ruling::ClockPressedEarly { side: Color::Black });
    for official in [Actor::Referee, Actor::ChiefReferee] {
        assert!(permit(official, &Action::RequestLostTurn).is_err(), "{official}");
        assert!(permit(official, &warning).is_ok(), "{official}");
        assert!(permit(official, &Action::Confirm).is_ok(), "{official}");
    }
    assert!(permit(Actor::Player(Color::White), &Action::RequestLostTurn).is_ok());
    assert!(permit(Actor::Referee, &adjudicate).is_err());
    assert!(permit(Actor::ChiefReferee, &adjudicate).is_ok());
}

/// An adjudicated margin is an official's input: the most negative one converts to the
/// shared result type without overflow (Art. 13.1).
#[test]
fn an_extreme_adjudicated_margin_converts_without_overflow() {
    let by = rules::WinBy::from(referee::WinBy::Points(rules::HalfPoints(i32::MIN)));
    assert_eq!(by, rules::WinBy::Points(rules::HalfPoints(i32::MAX)));
    let by = rules::WinBy::from(referee::WinBy::Points(rules::HalfPoints(-6)));
    assert_eq!(by, rules::WinBy::Points(rules::HalfPoints(6)));
}

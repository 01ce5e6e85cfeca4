//! Ranks, dates, results: parsing and printing (Art. 25.3, 27); the nigiri of Art. 10.

use expect_test::{Expect, expect};
use tournament::nigiri::{self, Parity, Seniority};
use tournament::{Date, Event, EventError, GameResult, Player, Rank, Settings, System};

fn check(inputs: &[&str], parse: impl Fn(&str) -> String, want: Expect) {
    let out: Vec<String> = inputs
        .iter()
        .map(|s| format!("{:<12} -> {}", format!("{s:?}"), parse(s)))
        .collect();
    want.assert_eq(&(out.join("\n") + "\n"));
}

#[test]
fn ranks_parse_and_print_art_25_3() {
    check(
        &[
            "5d",
            "3p",
            "10k",
            "30k",
            "1k",
            "7d",
            "9p",
            "8d",
            "31k",
            "0k",
            "10p",
            "5 d",
            "d5",
            "",
            "3P",
            "5 dan",
            "5段",
            "五段",
            "初段",
            "业余3段",
            "3级",
            "十五级",
            "二十五级",
            "职业九段",
            "职业初段",
            "八段",
            "三十一级",
            "5d段",
        ],
        |s| match s.parse::<Rank>() {
            Ok(r) => format!("{r} value {}", r.value()),
            Err(e) => format!("error: {e}"),
        },
        expect![[r#"
            "5d"         -> 5d value 4
            "3p"         -> 3p value 9
            "10k"        -> 10k value -10
            "30k"        -> 30k value -30
            "1k"         -> 1k value -1
            "7d"         -> 7d value 6
            "9p"         -> 9p value 15
            "8d"         -> error: rank "8d" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
            "31k"        -> error: rank "31k" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
            "0k"         -> error: rank "0k" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
            "10p"        -> error: rank "10p" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
            "5 d"        -> 5d value 4
            "d5"         -> error: rank "d5" is not like 10k, 5d, 3p, 5段 or 3级
            ""           -> error: rank "" is not like 10k, 5d, 3p, 5段 or 3级
            "3P"         -> 3p value 9
            "5 dan"      -> 5d value 4
            "5段"         -> 5d value 4
            "五段"         -> 5d value 4
            "初段"         -> 1d value 0
            "业余3段"       -> 3d value 2
            "3级"         -> 3k value -3
            "十五级"        -> 15k value -15
            "二十五级"       -> 25k value -25
            "职业九段"       -> 9p value 15
            "职业初段"       -> 1p value 7
            "八段"         -> error: rank "八段" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
            "三十一级"       -> error: rank "三十一级" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
            "5d段"        -> error: rank "5d段" is not like 10k, 5d, 3p, 5段 or 3级
        "#]],
    );
}

#[test]
fn dates_parse() {
    check(
        &["1990-02-28", "2000-02-29", "1900-02-29", "2024-13-01", "2024-1-1", "x"],
        |s| match s.parse::<Date>() {
            Ok(d) => d.to_string(),
            Err(e) => format!("error: {e}"),
        },
        expect![[r#"
            "1990-02-28" -> 1990-02-28
            "2000-02-29" -> 2000-02-29
            "1900-02-29" -> error: date "1900-02-29" is not a real day written YYYY-MM-DD
            "2024-13-01" -> error: date "2024-13-01" is not a real day written YYYY-MM-DD
            "2024-1-1"   -> error: date "2024-1-1" is not a real day written YYYY-MM-DD
            "x"          -> error: date "x" is not a real day written YYYY-MM-DD
        "#]],
    );
}

#[test]
fn results_are_sgf_re_values_art_27() {
    use rules::Color::{Black, White};
    check(
        &[
            "B+R",
            "W+1.5",
            "B+T",
            "B+F",
            "W+Resign",
            "B+",
            "0",
            "Draw",
            "Void",
            "both-lose",
            "W+0.5",
            "B+0",
            "?",
            "B+1.25",
            "X+R",
            "黑中盘胜",
            "白中盘负",
            "白胜3又3/4子",
            "黑胜1/4子",
            "黑胜半子",
            "白胜 2目半",
            "黑胜3.75子",
            "黑超时胜",
            "白超时负",
            "黑不战胜",
            "黑胜",
            "和棋",
            "无胜负",
            "双方负",
            "b+r",
            "黑胜3又1/3子",
            "黑平",
        ],
        |s| match s.parse::<GameResult>() {
            Ok(r) => format!(
                "{r} black {} white {} played {}",
                r.points(Black),
                r.points(White),
                r.played()
            ),
            Err(e) => format!("error: {e}"),
        },
        expect![[r#"
            "B+R"        -> B+R black 2 white 0 played true
            "W+1.5"      -> W+1.5 black 0 white 2 played true
            "B+T"        -> B+T black 2 white 0 played true
            "B+F"        -> B+F black 2 white 0 played false
            "W+Resign"   -> W+R black 0 white 2 played true
            "B+"         -> B+ black 2 white 0 played true
            "0"          -> 0 black 1 white 1 played true
            "Draw"       -> 0 black 1 white 1 played true
            "Void"       -> Void black 0 white 0 played true
            "both-lose"  -> both-lose black 0 white 0 played true
            "W+0.5"      -> W+0.5 black 0 white 2 played true
            "B+0"        -> error: result "B+0" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
            "?"          -> error: result "?" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
            "B+1.25"     -> error: result "B+1.25" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
            "X+R"        -> error: result "X+R" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
            "黑中盘胜"       -> B+R black 2 white 0 played true
            "白中盘负"       -> B+R black 2 white 0 played true
            "白胜3又3/4子"   -> W+7.5 black 0 white 2 played true
            "黑胜1/4子"     -> B+0.5 black 2 white 0 played true
            "黑胜半子"       -> B+1 black 2 white 0 played true
            "白胜 2目半"     -> W+2.5 black 0 white 2 played true
            "黑胜3.75子"    -> B+7.5 black 2 white 0 played true
            "黑超时胜"       -> B+T black 2 white 0 played true
            "白超时负"       -> B+T black 2 white 0 played true
            "黑不战胜"       -> B+F black 2 white 0 played false
            "黑胜"         -> B+ black 2 white 0 played true
            "和棋"         -> 0 black 1 white 1 played true
            "无胜负"        -> Void black 0 white 0 played true
            "双方负"        -> both-lose black 0 white 0 played true
            "b+r"        -> B+R black 2 white 0 played true
            "黑胜3又1/3子"   -> error: result "黑胜3又1/3子" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
            "黑平"         -> error: result "黑平" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
        "#]],
    );
}

#[test]
fn duplicate_player_name_is_a_clear_error() {
    let mut ev = Event::new("open", System::Swiss, 3, Settings::default()).unwrap();
    ev.add_player(Player::new("Li", Rank::Dan(3))).unwrap();
    let e = ev.add_player(Player::new(" Li ", Rank::Kyu(3))).unwrap_err();
    assert_eq!(e, EventError::DuplicatePlayer("Li".into()));
    assert_eq!(e.to_string(), r#"a player named "Li" is already registered"#);
    assert_eq!(
        ev.add_player(Player::new("  ", Rank::Kyu(3))).unwrap_err(),
        EventError::EmptyName
    );
}

#[test]
fn invalid_systems_are_refused() {
    let bad = [
        System::RoundRobin { cycles: 0 },
        System::Knockout {
            lives: 1,
            best_of: 4,
            grand_final_reset: false,
        },
        System::Knockout {
            lives: 1,
            best_of: 9,
            grand_final_reset: false,
        },
        System::Knockout {
            lives: 3,
            best_of: 3,
            grand_final_reset: false,
        },
        System::SwissElimination { losses: 0 },
        System::McMahon {
            bar: Rank::Kyu(5),
            floor: Rank::Dan(2),
        },
    ];
    let msgs: Vec<String> = bad
        .iter()
        .map(|s| Event::new("x", *s, 3, Settings::default()).unwrap_err().to_string())
        .collect();
    expect![[r#"
        invalid system: a round robin needs at least one cycle
        invalid system: best of 4: a match is 1 game or best of 3, 5 or 7 (Art. 26.5)
        invalid system: best of 9: a match is 1 game or best of 3, 5 or 7 (Art. 26.5)
        invalid system: best-of-N matches need single or double elimination
        invalid system: swiss elimination needs at least one loss
        invalid system: the McMahon bar 5k is below the floor 2d"#]]
    .assert_eq(&msgs.join("\n"));
}

/// Regression: a tie-break twice in the chain and a time control that is not a clock spec
/// were refused only by the `weiqi event` command line; `Event::new` (and so the store and
/// `POST /api/events`) accepted them. Now the event refuses them, naming the value, and
/// keeps a time control in the clock's canonical form.
#[test]
fn settings_with_a_tie_break_twice_or_a_time_control_the_clock_cannot_read_are_refused() {
    use tournament::TieBreak::{Lots, Points, Sos};
    let event = |tie_breaks: Vec<tournament::TieBreak>, time_control: &str| {
        Event::new(
            "x",
            System::Swiss,
            3,
            Settings {
                tie_breaks,
                time_control: (!time_control.is_empty()).then(|| time_control.into()),
                ..Settings::default()
            },
        )
    };
    let refused: Vec<String> = [
        event(vec![Points, Sos, Points], ""),
        event(vec![Sos, Lots, Lots], ""),
        event(vec![], "5m+10s"),
        event(vec![], "1h+3x"),
        event(vec![], "abc"),
    ]
    .into_iter()
    .map(|r| r.unwrap_err().to_string())
    .collect();
    expect![[r#"
        the tie-break points appears twice in the chain (Art. 27: each criterion once)
        the tie-break lots appears twice in the chain (Art. 27: each criterion once)
        invalid time control "5m+10s", column 7: a duration alone after +: write 1x10s for byo-yomi or 10s/move for a fischer increment (Art. 12)
        invalid time control "1h+3x", column 6: expected a number (Art. 12)
        invalid time control "abc", column 1: expected a number (Art. 12)"#]]
    .assert_eq(&refused.join("\n"));
    assert_eq!(
        event(vec![Points, Sos], "").map(|ev| ev.settings().time_control.clone()),
        Ok(None),
        "no time control is fine"
    );
    // Kept canonical: what the clock prints, which reads back as the same control.
    for spec in ["1h+3x60s", "1h30m+30/15m", "10m+15/10m", "5m+10s/move", "none", "90m"] {
        let ev = event(vec![], spec).unwrap();
        let kept = ev.settings().time_control.as_ref().unwrap();
        let control: clock::TimeControl = spec.parse().unwrap();
        assert_eq!(*kept, control.to_string(), "{spec}");
        assert_eq!(kept.parse::<clock::TimeControl>().unwrap(), control, "{spec}");
    }
    // A store restores an event it kept before these checks existed with its settings as
    // they were; a new event or new settings go through the checks.
    let legacy = Settings {
        time_control: Some("2h + 3x60s byo-yomi".into()),
        tie_breaks: vec![Points, Sos, Points],
        ..Settings::default()
    };
    let ev = Event::restore("x", System::Swiss, 3, legacy.clone()).unwrap();
    assert_eq!(*ev.settings(), legacy);
    let readable = Settings {
        time_control: Some("60m+3x60s".into()),
        ..Settings::default()
    };
    assert_eq!(
        Event::restore("x", System::Swiss, 3, readable.clone())
            .unwrap()
            .settings(),
        Event::new("x", System::Swiss, 3, readable).unwrap().settings(),
        "a time control the clock reads is canonical either way"
    );
    assert!(Event::new("x", System::Swiss, 3, legacy).is_err());
    assert!(Event::restore("x", System::RoundRobin { cycles: 0 }, 3, Settings::default()).is_err());
}

fn seniority(p: &Player) -> Seniority {
    p.into()
}

#[test]
fn nigiri_holder_is_the_higher_rank_then_the_older_art_10() {
    let mut a = Player::new("A", Rank::Dan(3));
    let mut b = Player::new("B", Rank::Dan(5));
    assert_eq!(nigiri::holder([seniority(&a), seniority(&b)]), 1);
    assert_eq!(nigiri::holder([seniority(&b), seniority(&a)]), 0);
    assert_eq!(
        nigiri::holder([Rank::Pro(1), Rank::Dan(7)].map(|rank| Seniority { rank, born: None })),
        0,
        "every professional dan is above every amateur dan"
    );
    b.rank = Rank::Dan(3);
    a.birth_date = Some("1990-05-01".parse().unwrap());
    b.birth_date = Some("1985-05-01".parse().unwrap());
    assert_eq!(
        nigiri::holder([seniority(&a), seniority(&b)]),
        1,
        "equal ranks: the older holds"
    );
    assert_eq!(nigiri::holder([seniority(&b), seniority(&a)]), 0);
    // The call against the count settles Black (Art. 10), for every count and call.
    for held in 1..=nigiri::MAX_HELD {
        for guess in [Parity::Odd, Parity::Even] {
            let n = nigiri::counted([seniority(&a), seniority(&b)], held, guess);
            assert_eq!(n.holder, 1);
            let right = (held % 2 == 1) == (guess == Parity::Odd);
            assert_eq!(n.black, if right { 0 } else { 1 }, "{held} {guess}");
        }
    }
    // The seed replays the draw, which is the count and the call of the board.
    let mut blacks = [0; 2];
    for seed in 0..1000 {
        let n = nigiri::seeded([seniority(&a), seniority(&b)], seed);
        assert_eq!(n, nigiri::counted([seniority(&a), seniority(&b)], n.held, n.guess));
        assert_eq!(n, nigiri::seeded([seniority(&a), seniority(&b)], seed));
        blacks[n.black] += 1;
    }
    assert!((400..600).contains(&blacks[0]), "{blacks:?}");
}

/// Regression: the tournament crate gave the stones to the second player when only the
/// second player's date of birth was known, the referee to the first. Art. 10 cannot settle
/// it (an unknown date says nothing about age): the first player given holds, either way.
#[test]
fn nigiri_equal_ranks_with_a_date_unknown_the_first_player_holds() {
    let known = Seniority {
        rank: Rank::Dan(2),
        born: Some("1970-01-01".parse().unwrap()),
    };
    let unknown = Seniority {
        rank: Rank::Dan(2),
        born: None,
    };
    assert_eq!(nigiri::holder([unknown, known]), 0);
    assert_eq!(nigiri::holder([known, unknown]), 0);
    assert_eq!(nigiri::holder([unknown, unknown]), 0);
    assert_eq!(nigiri::holder([known, known]), 0, "born the same day");
}

/// Regression: the tournament crate drew 10–30 stones (11 even counts against 10 odd), the
/// referee 1–30. One draw now, pinned: recorded games keep only the seed, so these values
/// must never change.
#[test]
fn a_seeded_nigiri_holds_1_to_30_stones_and_its_draw_is_pinned() {
    let players = [Rank::Dan(2), Rank::Dan(2)].map(|rank| Seniority { rank, born: None });
    let mut seen = [false; 31];
    for seed in 0..2000 {
        let n = nigiri::seeded(players, seed);
        assert!((1..=nigiri::MAX_HELD).contains(&n.held), "seed {seed}: {}", n.held);
        seen[n.held as usize] = true;
    }
    assert!(seen[1..].iter().all(|&s| s), "every count from 1 to 30 is drawn");
    let pinned: Vec<String> = [0u64, 1, 2, 3, 42, 2026, u64::MAX]
        .iter()
        .map(|&seed| {
            let n = nigiri::seeded(players, seed);
            format!("{seed}: {} held, {} called, black {}", n.held, n.guess, n.black)
        })
        .collect();
    assert_eq!(
        pinned,
        [
            "0: 19 held, even called, black 0",
            "1: 22 held, even called, black 1",
            "2: 4 held, even called, black 1",
            "3: 21 held, even called, black 0",
            "42: 3 held, odd called, black 1",
            "2026: 18 held, odd called, black 0",
            "18446744073709551615: 17 held, even called, black 0",
        ]
    );
}

#[test]
fn a_day_count_since_the_epoch_is_its_civil_date() {
    let at = |days| Date::from_days_since_epoch(days).map(|d| d.to_string());
    assert_eq!(at(0).as_deref(), Some("1970-01-01"));
    assert_eq!(at(-1).as_deref(), Some("1969-12-31"));
    // 2000 was a leap year (divisible by 400), 1900 was not.
    assert_eq!(at(11_016).as_deref(), Some("2000-02-29"));
    assert_eq!(at(11_017).as_deref(), Some("2000-03-01"));
    assert_eq!(at(-25_508).as_deref(), Some("1900-03-01"));
    assert_eq!(at(-25_509).as_deref(), Some("1900-02-28"));
    assert_eq!(at(20_789).as_deref(), Some("2026-12-02"));
    // Every day from 1422 to 2517 follows the one before it, and reads back as itself.
    let mut prev = Date::from_days_since_epoch(-200_000).unwrap();
    for days in -199_999..=200_000 {
        let d = Date::from_days_since_epoch(days).unwrap();
        assert!(d > prev, "{d} after {prev}");
        assert_eq!(d.to_string().parse::<Date>(), Ok(d));
        prev = d;
    }
    // Outside the years a Date holds: none, never a panic.
    assert_eq!(at(i64::MAX), None);
    assert_eq!(at(i64::MIN), None);
    assert_eq!(at(-719_162).as_deref(), Some("0001-01-01"));
    assert_eq!(at(-719_163), None); // 0000-12-31
}

/// Issue 15: an event's name, its rounds, a player's name, club, region and rating are
/// bounded in one place (`tournament::limits`), so the CLI, the server and the imports
/// refuse the same; a store's kept events and players still load (`restore_*`).
#[test]
fn names_rounds_and_ratings_beyond_the_limits_are_refused() {
    use tournament::limits::{MAX_EVENT_NAME_CHARS, MAX_PLAYER_NAME_CHARS, MAX_ROUNDS};
    let mut out = Vec::new();
    let new = |name: &str, system: System, rounds: u32| {
        Event::new(name, system, rounds, Settings::default()).map(|_| "ok".to_string())
    };
    let cases = [
        new(&"赛".repeat(MAX_EVENT_NAME_CHARS), System::Swiss, 3),
        new(&"x".repeat(64 * 1024), System::Swiss, 3),
        new("open", System::Swiss, MAX_ROUNDS),
        new("open", System::Swiss, MAX_ROUNDS + 1),
        new("open", System::Swiss, u32::MAX),
        new("open", System::RoundRobin { cycles: u32::MAX }, 1),
    ];
    for c in cases {
        out.push(c.unwrap_or_else(|e| e.to_string()));
    }
    let mut ev = Event::new("open", System::Swiss, 3, Settings::default()).unwrap();
    out.push(format!("{:?}", ev.set_rounds(4_000_000_000).map_err(|e| e.to_string())));
    let with = |f: &dyn Fn(&mut Player)| {
        let mut p = Player::new("Li", Rank::Dan(3));
        f(&mut p);
        p
    };
    for p in [
        with(&|p| p.name = "名".repeat(MAX_PLAYER_NAME_CHARS)),
        with(&|p| p.name = "名".repeat(MAX_PLAYER_NAME_CHARS + 1)),
        with(&|p| p.name = format!(" {} ", "x".repeat(MAX_PLAYER_NAME_CHARS))),
        with(&|p| p.club = Some("c".repeat(101))),
        with(&|p| p.region = Some("r".repeat(101))),
        with(&|p| p.rating = Some(10_001)),
        with(&|p| p.rating = Some(i32::MIN)),
        with(&|p| p.rating = Some(-10_000)),
    ] {
        let r = ev.add_player(p).map(|id| format!("player {}", id.0));
        out.push(r.unwrap_or_else(|e| e.to_string()));
    }
    // Kept before the bounds: loaded as kept.
    let mut kept = Event::restore(&"x".repeat(1000), System::Swiss, 5000, Settings::default()).unwrap();
    kept.restore_player(with(&|p| p.name = "y".repeat(1000))).unwrap();
    kept.restore_rounds(6000).unwrap();
    assert_eq!(kept.planned_rounds(), 6000);
    expect![[r#"
        ok
        the event name has 65536 characters: at most 200
        ok
        invalid number of rounds 1001: 1 to 1000 (and not fewer than the rounds paired)
        invalid number of rounds 4294967295: 1 to 1000 (and not fewer than the rounds paired)
        invalid system: a round robin of 4294967295 cycles: at most 1000
        Err("invalid number of rounds 4000000000: 1 to 1000 (and not fewer than the rounds paired)")
        player 0
        the player name has 101 characters: at most 100
        player 1
        the club has 101 characters: at most 100
        the region has 101 characters: at most 100
        "Li": rating 10001 is outside -10000..=10000
        "Li": rating -2147483648 is outside -10000..=10000
        player 2"#]]
    .assert_eq(&out.join("\n"));
}

/// A criterion's value as the printed forms and the pages show it: warnings and the category
/// themselves, never the negated figure the ranking sorts by; the category from 1.
#[test]
fn a_criterion_is_shown_as_people_read_it() {
    use tournament::{TieBreak, Value, shown};
    assert_eq!(shown(TieBreak::FewerWarnings, &Value::int(-2)), "2");
    assert_eq!(shown(TieBreak::FewerWarnings, &Value::int(0)), "0");
    assert_eq!(shown(TieBreak::Category, &Value::int(0)), "1");
    assert_eq!(shown(TieBreak::Category, &Value::int(-2)), "3");
    assert_eq!(shown(TieBreak::Lots, &Value::int(7)), "7");
}

#[test]
fn every_tie_break_is_listed_once_and_parses_from_its_name() {
    use tournament::TieBreak::{self, *};
    // Exhaustive: a new criterion does not compile here until it has its place in `ALL`.
    let place = |t: TieBreak| match t {
        Points => 0,
        McMahonScore => 1,
        Sos => 2,
        Sodos => 3,
        Sosos => 4,
        Cumulative => 5,
        DirectEncounter => 6,
        FewerWarnings => 7,
        TotalScore => 8,
        Elimination => 9,
        Lots => 10,
        Category => 11,
    };
    for (i, t) in TieBreak::ALL.into_iter().enumerate() {
        assert_eq!(place(t), i, "{t}");
        assert_eq!(t.name().parse::<TieBreak>(), Ok(t));
    }
    expect!["points, mms, sos, sodos, sosos, cumulative, direct, warnings, total, elimination, lots, category"]
        .assert_eq(&TieBreak::names());
}

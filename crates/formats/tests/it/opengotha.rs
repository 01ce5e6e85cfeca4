//! OpenGotha files: a file that uses every element of OpenGotha's DTD (players with every
//! attribute, games with handicaps and every kind of result, byes, absent rounds, the
//! parameter sets, teams, clubs groups) read, written and read again; OpenGotha's scores
//! computed by hand; the h9 it gives; the weiqi event made from it and back.

use formats::h9::{self, Encoding};
use formats::opengotha::{self, GothaRank, GothaResult};
use tournament::{Event, GameResult, System, TieBreak};

const FILE: &str = include_str!("data/mcmahon.xml");

#[test]
fn import_export_import_is_the_same_tournament() {
    let t1 = opengotha::parse(FILE).unwrap();
    let xml = opengotha::write(&t1);
    let t2 = opengotha::parse(&xml).unwrap();
    assert_eq!(t1, t2);
    assert_eq!(opengotha::write(&t2), xml);
    // Everything the file has is kept.
    assert_eq!(t1.players.len(), 5);
    assert_eq!(t1.games.len(), 6);
    assert_eq!(t1.byes, [(1, 4), (3, 1)]);
    assert_eq!(t1.players[4].name, "Smith & Son");
    assert_eq!(t1.players[0].egf_pin(), Some("12345678"));
    assert_eq!(t1.games[1].result, GothaResult::BlackWins);
    assert!(t1.games[1].by_default);
    assert!(!t1.games[2].known_color);
    assert_eq!(t1.games[3].handicap, 9);
    for name in [
        "Categories",
        "DPParameterSet",
        "PublishParameterSet",
        "TeamPlacementParameterSet",
        "Board",
        "Club",
    ] {
        assert!(xml.contains(&format!("<{name}")), "{name} lost");
    }
}

#[test]
fn ranks_count_as_opengotha_counts_them() {
    let v = |s: &str| GothaRank::parse(s).unwrap().value;
    assert_eq!(
        [v("30K"), v("1k"), v("1D"), v("2d"), v("7D"), v("9D")],
        [0, 29, 30, 31, 36, 38]
    );
    assert_eq!(
        [v("1P"), v("3P"), v("4P"), v("6p"), v("7P"), v("9P")],
        [36, 36, 37, 37, 38, 38]
    );
    // As OpenGotha reads them: another letter or none is kyu, and 30k–9d bound the scale.
    assert_eq!(
        [v("10X"), v("12"), v("31K"), v("99K"), v("12D"), v("10P")],
        [20, 18, 0, 0, 38, 38]
    );
    assert!(GothaRank::parse("K").is_err());
    assert!(GothaRank::parse("").is_err());
}

/// OpenGotha's placement of a file after every round, as OpenGotha 3.51 printed it when
/// driven through its own classes (`Tournament.orderedScoredPlayersList`, then
/// `ScoredPlayer.getCritValue` for each criterion): `round place key value...` (the place shared
/// by players equal on every criterion, as OpenGotha shows it).
fn opengotha_printed(tsv: &str) -> Vec<(u32, String, Vec<i64>)> {
    tsv.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[2].to_string(),
                f[3..].iter().map(|v| v.parse().unwrap()).collect(),
            )
        })
        .collect()
}

fn weiqi_placement(xml: &str, rounds: u32) -> Vec<(u32, String, Vec<i64>)> {
    let t = opengotha::parse(xml).unwrap();
    let mut out = Vec::new();
    for r in 1..=rounds {
        let (_, rows) = t.placement(r).unwrap();
        out.extend(rows.iter().map(|p| (r, t.players[p.player].key(), p.values.clone())));
    }
    out
}

/// Each file exercises rules of OpenGotha's placement; the expected figures are OpenGotha's
/// own for the same file:
/// - `mcmahon.xml`: McMahon start from bar, floor and `smmsCorrection`, a bye, an absent
///   round worth half a point rounded down, a game won by default, both-win, handicaps;
/// - `og_swiss_rules.xml`, `og_swiss_more.xml`: `genCountNotPlayedGamesAsHalfPoint` (virtual
///   scores), no round-down, absent and bye values, SOSW-1/-2, SODOSW, SOSOSW, CUSSW, EXT,
///   EXR, Rating, Rank; a key upper-cased in a Turkish locale (`YİLDİZEMİR`), rank `99K`, a
///   family name ending in a space;
/// - `og_mcmahon_rules.xml`, `og_mcmahon_more.xml`: categories (CAT), the round-down of
///   accumulated absent and bye halves, the handicap correction in SOSM and SODOSM, SOSOSM
///   for rounds without a game, SOSM-1/-2 (OpenGotha leaves them 0 after round 2), STS,
///   SOSTS, CPS, per-round participation;
/// - `og_direct.xml`, `og_direct_sdc.xml`: DC and SDC among tied players, with a cycle of
///   wins;
/// - `og_zero.xml`: a `genMMZero` of 20k, which OpenGotha drops as it loads the file (its
///   `GeneralParameterSet` copy sets 30k): scores count from 30k;
/// - `og_bar_below_floor.xml`: a McMahon bar (15k) below the floor (5k): every player starts
///   at the bar, plus the `smmsCorrection`;
/// - `og_beyond_rounds.xml`: games and a bye of round 3 in a file of 2 rounds (OpenGotha
///   raises the rounds as it loads it), and a player with both the bye and a game of round 2
///   (OpenGotha counts both).
#[test]
fn placement_is_opengothas_after_every_round() {
    let files = [
        (
            "mcmahon",
            include_str!("data/mcmahon.xml"),
            include_str!("data/mcmahon.opengotha.tsv"),
        ),
        (
            "og_swiss_rules",
            include_str!("data/og_swiss_rules.xml"),
            include_str!("data/og_swiss_rules.opengotha.tsv"),
        ),
        (
            "og_swiss_more",
            include_str!("data/og_swiss_more.xml"),
            include_str!("data/og_swiss_more.opengotha.tsv"),
        ),
        (
            "og_mcmahon_rules",
            include_str!("data/og_mcmahon_rules.xml"),
            include_str!("data/og_mcmahon_rules.opengotha.tsv"),
        ),
        (
            "og_mcmahon_more",
            include_str!("data/og_mcmahon_more.xml"),
            include_str!("data/og_mcmahon_more.opengotha.tsv"),
        ),
        (
            "og_direct",
            include_str!("data/og_direct.xml"),
            include_str!("data/og_direct.opengotha.tsv"),
        ),
        (
            "og_direct_sdc",
            include_str!("data/og_direct_sdc.xml"),
            include_str!("data/og_direct_sdc.opengotha.tsv"),
        ),
        (
            "og_zero",
            include_str!("data/og_zero.xml"),
            include_str!("data/og_zero.opengotha.tsv"),
        ),
        (
            "og_bar_below_floor",
            include_str!("data/og_bar_below_floor.xml"),
            include_str!("data/og_bar_below_floor.opengotha.tsv"),
        ),
        (
            "og_beyond_rounds",
            include_str!("data/og_beyond_rounds.xml"),
            include_str!("data/og_beyond_rounds.opengotha.tsv"),
        ),
    ];
    for (name, xml, tsv) in files {
        let want = opengotha_printed(tsv);
        let rounds = want.iter().map(|w| w.0).max().unwrap();
        assert_eq!(weiqi_placement(xml, rounds), want, "{name}");
    }
}

/// A bar below the floor was refused at import (weiqi's McMahon system wants the bar at or
/// above the floor); OpenGotha loads the file and starts everyone at the bar. Now it imports
/// with a warning, as a McMahon event whose floor is the bar, and `weiqi event standings`
/// (the event merged back and placed) are OpenGotha's.
#[test]
fn a_bar_below_the_floor_imports_with_everyone_starting_at_the_bar() {
    let xml = include_str!("data/og_bar_below_floor.xml");
    let t = opengotha::parse(xml).unwrap();
    assert_eq!(
        t.warnings,
        ["the McMahon bar 15K is below the floor 5K: every player starts at the bar (loaded, as OpenGotha does)"]
    );
    let ev = t.plan().unwrap().event().unwrap();
    let bar = tournament::Rank::Kyu(15);
    assert_eq!(ev.system(), System::McMahon { bar, floor: bar });
    let st = ev.standings();
    assert_eq!(st.after_round, 3);
    assert!(st.rows.iter().all(|r| r.mms - i64::from(r.stats.points) == 0));
    let merged = opengotha::merge(Some(&t), &ev);
    let (_, rows) = merged.placement(3).unwrap();
    let got: Vec<(u32, String, Vec<i64>)> = rows
        .iter()
        .map(|p| (3, merged.players[p.player].key(), p.values.clone()))
        .collect();
    let want: Vec<_> = opengotha_printed(include_str!("data/og_bar_below_floor.opengotha.tsv"))
        .into_iter()
        .filter(|w| w.0 == 3)
        .collect();
    assert_eq!(got, want);
}

/// A floor of professionals under a bar of 9d is no bar below the floor for OpenGotha (1p
/// counts as 7d there) but is for weiqi (1p above 7d): it imports, the floor at the bar.
#[test]
fn a_professional_floor_under_a_9d_bar_imports() {
    let xml = include_str!("data/og_bar_below_floor.xml")
        .replace("genMMBar=\"15K\"", "genMMBar=\"9D\"")
        .replace("genMMFloor=\"5K\"", "genMMFloor=\"1P\"");
    let t = opengotha::parse(&xml).unwrap();
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
    let ev = t.plan().unwrap().event().unwrap();
    let dan7 = tournament::Rank::Dan(7);
    assert_eq!(ev.system(), System::McMahon { bar: dan7, floor: dan7 });
}

/// A file of 2 rounds with games of round 3 was placed by nobody (an error), and a player
/// with the bye and a game of one round made the import refuse the file; OpenGotha loads
/// both. Now both load with a warning; the weiqi event keeps the game, not the bye.
#[test]
fn games_beyond_the_rounds_and_a_bye_with_a_game_load_as_in_opengotha() {
    let t = opengotha::parse(include_str!("data/og_beyond_rounds.xml")).unwrap();
    assert_eq!(
        t.warnings,
        [
            "round 2: Du Er has the bye and the game of table 1 (loaded, as OpenGotha does; the weiqi event keeps the game)",
            "a game or bye of round 3 is beyond the 2 rounds of the file: 3 rounds (loaded, as OpenGotha does)",
        ]
    );
    let plan = t.plan().unwrap();
    assert_eq!(plan.n_rounds, 3);
    assert!(plan.rounds[1].byes.is_empty());
    assert!(plan.rounds[1].games.iter().any(|g| g.0 == "Du Er" || g.1 == "Du Er"));
    let ev = plan.event().unwrap();
    assert_eq!(ev.standings().after_round, 3);
}

#[test]
fn placement_values_are_shown_as_opengotha_shows_them() {
    let t = opengotha::parse(FILE).unwrap();
    let (criteria, rows) = t.placement(3).unwrap();
    assert_eq!(criteria, ["MMS", "SOSM", "SOSOSM"]);
    let shown: Vec<String> = rows
        .iter()
        .map(|r| {
            let v: Vec<String> = criteria
                .iter()
                .zip(&r.values)
                .map(|(c, v)| opengotha::value_text(c, *v))
                .collect();
            format!("{} {}", t.players[r.player].full_name(), v.join(" "))
        })
        .collect();
    assert_eq!(
        shown,
        [
            "Wang Lei 34.5 96.5 264.5",
            "张 三 32.5 98.5 243",
            "Müller Anna 32 76.5 269.5",
            "Dupont Jean 32 70 276",
            "Smith & Son Bob 12 81 176.5"
        ]
    );
    assert_eq!(opengotha::value_text("SODOSW", 41), "10.25");
    assert_eq!(opengotha::value_text("CAT", -1), "2");
    assert_eq!(opengotha::value_text("Rating", 2100), "2100");
}

#[test]
fn a_file_is_read_as_opengotha_reads_it() {
    let t = opengotha::parse(include_str!("data/og_swiss_rules.xml")).unwrap();
    // 99K is 30k; a name keeps its trailing space for the key, not for display.
    let dorn = t.players.iter().find(|p| p.name == "Dorn").unwrap();
    assert_eq!(dorn.rank.value, 0);
    let brun = t.players.iter().position(|p| p.name == "Brun ").unwrap();
    assert_eq!(t.players[brun].full_name(), "Brun Bea");
    assert_eq!(t.players[brun].key(), "BRUNBEA");
    // The Turkish-locale key YİLDİZEMİR finds Yildiz Emir, through OpenGotha's ASCII fallback.
    let yildiz = t.players.iter().position(|p| p.name == "Yildiz").unwrap();
    assert_eq!(t.games[1].white, yildiz);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

#[test]
fn a_corrupt_file_is_loaded_as_opengotha_loads_it_with_warnings() {
    let players = "<Players><Player name=\"A\" firstName=\"a\" rank=\"1D\"/><Player name=\"B\" firstName=\"b\" rank=\"1D\"/><Player name=\"C\" firstName=\"c\" rank=\"2K\"/><Player name=\"a \" firstName=\" A\" rank=\"5K\"/></Players>";
    let games = "<Games><Game roundNumber=\"1\" tableNumber=\"1\" blackPlayer=\"AA\" whitePlayer=\"BB\" result=\"RESULT_WHITEWINS\"/><Game roundNumber=\"1\" tableNumber=\"2\" blackPlayer=\"AA\" whitePlayer=\"CC\" result=\"RESULT_MAYBE\"/><Game roundNumber=\"1\" tableNumber=\"3\" blackPlayer=\"CC\" whitePlayer=\"CC\" result=\"RESULT_BLACKWINS\"/><Game roundNumber=\"1\" tableNumber=\"4\" blackPlayer=\"XX\" whitePlayer=\"CC\"/></Games>";
    let t = opengotha::parse(&format!(
        "<Tournament dataVersion=\"201\">{players}{games}</Tournament>"
    ))
    .unwrap();
    expect_test::expect![[r#"
        player 4 (a A) has the key "AA" of an earlier player: left out, as OpenGotha does
        round 1 table 2: unknown result "RESULT_MAYBE" read as RESULT_UNKNOWN, as OpenGotha does
        round 1 table 3: C c plays against himself (loaded, as OpenGotha does)
        round 1 table 4: "XX" or "CC" is not a player: the game is left out, as OpenGotha does
        round 1: A a is in the games of tables 1 and 2 (loaded, as OpenGotha does)
        round 1: C c is in the games of tables 2 and 3 (loaded, as OpenGotha does)
    "#]]
    .assert_eq(&(t.warnings.join("\n") + "\n"));
    assert_eq!(t.players.len(), 3);
    assert_eq!(t.games.len(), 3);
    // The weiqi event leaves out the games a round cannot hold.
    let plan = t.plan().unwrap();
    assert_eq!(plan.rounds[0].games.len(), 1);
    plan.event().unwrap();
}

#[test]
fn an_unknown_placement_criterion_is_an_error_not_dropped() {
    let xml = FILE.replace("name=\"SOSOSM\"", "name=\"SOSOS\"");
    let t = opengotha::parse(&xml).unwrap();
    let err = t.plan().unwrap_err().to_string();
    assert!(
        err.starts_with(
            "invalid OpenGotha file: unknown placement criterion \"SOSOS\": OpenGotha's are NULL, CAT, NBW"
        ),
        "{err}"
    );
    assert!(t.placement(1).is_err());
}

#[test]
fn h9_is_what_opengotha_exports() {
    // OpenGotha's placement after round 3 (see `placement_is_opengothas_after_every_round`):
    // Wang 1, 张 2, Müller 3, Dupont 4, Smith 5.
    let t = opengotha::parse(FILE).unwrap();
    let text = String::from_utf8(h9::write(&t, Encoding::Utf8).unwrap()).unwrap();
    let expected = "\
; EV[Spring McMahon]
; PC[Paris]
; DT[2026-03-01,2026-03-02]
; HA[h1]
; KM[7.5]
; TM[80]
; CL[A]
; CM[Generated by weiqi]
;
; Num Name Rk Co Club MMS SOSM SOSOSM
1 Wang Lei 3p CN Bjng 34.5 96.5 264.5 4+/w0 2=/b0 0+
2 张 三 2d CN 上海 32.5 98.5 243 3-/w0! 1=/w0 4+/b0
3 Müller Anna 1k DE Berl 32 76.5 269.5 2+/b0! 0- 5+/w2 |13579246
4 Dupont Jean 5d FR Pari 32 70 276 1-/b0 5-/b9 2-/w0 |12345678
5 Smith_&_Son Bob 25k UK Lond 12 81 176.5 0+ 4-/w9 3+/b2
";
    assert_eq!(text, expected);
    // Latin-1, which the EGD reads: the texts that do not fit are named, with their player
    // and field.
    let err = h9::write(&t, Encoding::Latin1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "these texts do not fit Latin-1, which the EGD needs: player \"张 三\": family name \"张\", first name \"三\", club \"上海\"; write the file in UTF-8, or give them in Latin script"
    );
    // Without them the file is Latin-1 bytes (ü is one byte).
    let mut latin = t.clone();
    latin.players[3].name = "Zhang".into();
    latin.players[3].first_name = "San".into();
    latin.players[3].club = "Shan".into();
    let bytes = h9::write(&latin, Encoding::Latin1).unwrap();
    assert!(bytes.windows(7).any(|w| w == b"M\xFCller "));
}

/// Regression: the Latin-1 check covered only names and clubs; every other text (the
/// tournament's name and location, a country, a rank, an EGF pin) silently became `?`.
/// Now each is refused, naming the player or the tournament and the field.
#[test]
fn h9_latin1_refuses_every_text_that_does_not_fit_naming_the_player_and_field() {
    let xml = FILE
        .replace("location=\"Paris\"", "location=\"巴黎\"")
        .replace("name=\"Spring McMahon\"", "name=\"Spring McMahon 春\"");
    let mut t = opengotha::parse(&xml).unwrap();
    let zhang = t.players.iter().position(|p| p.name == "张").unwrap();
    t.players[zhang].name = "Zhang".into();
    t.players[zhang].first_name = "San".into();
    t.players[zhang].club = "Shan".into();
    t.players[zhang].country = "中国".into();
    let wang = t.players.iter().position(|p| p.name == "Wang").unwrap();
    t.players[wang].rank.text = "3段".into();
    let err = h9::write(&t, Encoding::Latin1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "these texts do not fit Latin-1, which the EGD needs: the tournament: name \"Spring McMahon 春\", \
         location \"巴黎\"; player \"Wang Lei\": rank \"3段\"; player \"Zhang San\": country \"中国\"; \
         write the file in UTF-8, or give them in Latin script"
    );
    // In UTF-8 they are written as they are; nothing is ever replaced by `?`.
    let text = String::from_utf8(h9::write(&t, Encoding::Utf8).unwrap()).unwrap();
    assert!(text.contains("; PC[巴黎]") && text.contains(" 中国 "), "{text}");
    assert!(!text.contains('?'));
}

/// The weiqi event the plan describes, built through the tournament crate.
fn event_of(plan: &opengotha::Plan) -> Event {
    let mut ev = Event::new(&plan.name, plan.system, plan.n_rounds, plan.settings.clone()).unwrap();
    for p in &plan.players {
        ev.add_player(p.clone()).unwrap();
    }
    for (k, r) in plan.rounds.iter().enumerate() {
        let games: Vec<_> = r
            .games
            .iter()
            .map(|(b, w, _)| (ev.find(b).unwrap(), ev.find(w).unwrap()))
            .collect();
        let byes: Vec<_> = r.byes.iter().map(|b| ev.find(b).unwrap()).collect();
        ev.pair_manual(&games, &byes).unwrap();
        for (i, (_, _, res)) in r.games.iter().enumerate() {
            if let Some(res) = res {
                ev.set_result(k as u32 + 1, i as u32 + 1, *res).unwrap();
            }
        }
    }
    // As the import does: the absences and pre-registrations after the rounds.
    for (name, round) in &plan.absences {
        let id = ev.find(name).unwrap();
        match round {
            Some(r) => ev.set_participation(id, *r, false).unwrap(),
            None => ev.set_preregistered(id, true).unwrap(),
        }
    }
    ev
}

#[test]
fn the_weiqi_event_keeps_the_system_and_merges_back_to_the_same_file() {
    let t = opengotha::parse(FILE).unwrap();
    let plan = t.plan().unwrap();
    assert_eq!(
        plan.system,
        System::McMahon {
            bar: "3d".parse().unwrap(),
            floor: "20k".parse().unwrap()
        }
    );
    assert_eq!(plan.n_rounds, 3);
    assert_eq!(plan.players[3].name, "张 三");
    assert_eq!(plan.players[1].rank.to_string(), "3p");
    assert_eq!(
        plan.rounds[0].games[1].2,
        Some(GameResult::forfeit(rules::Color::Black))
    );
    assert_eq!(plan.rounds[1].byes, Vec::<String>::new());
    let ev = event_of(&plan);
    // Merged with the file as imported, the event gives the file back.
    let back = opengotha::merge(Some(&t), &ev);
    assert_eq!(opengotha::write(&back), opengotha::write(&t));
    // A result changed in weiqi reaches the file; the handicap stays.
    let mut ev2 = ev.clone();
    ev2.set_result(2, 2, "W+R".parse().unwrap()).unwrap();
    let back2 = opengotha::merge(Some(&t), &ev2);
    let g = back2.games.iter().find(|g| g.round == 2 && g.table == 2).unwrap();
    assert_eq!((g.result, g.handicap), (GothaResult::WhiteWins, 9));
}

#[test]
fn an_event_born_in_weiqi_exports_to_a_file_that_reads_back() {
    let mut ev = Event::new("Club night", System::Swiss, 2, tournament::Settings::default()).unwrap();
    for (n, r) in [("A", "3d"), ("B", "1k"), ("C", "5k")] {
        ev.add_player(tournament::Player::new(n, r.parse().unwrap())).unwrap();
    }
    ev.pair_next().unwrap();
    let r1 = ev.rounds()[0].games[0].clone();
    ev.set_result(1, 1, "B+R".parse().unwrap()).unwrap();
    let t = opengotha::merge(None, &ev);
    let xml = opengotha::write(&t);
    let again = opengotha::parse(&xml).unwrap();
    assert_eq!(again, t);
    assert_eq!(again.general("numberOfRounds"), Some("2"));
    assert_eq!(again.placement_criteria().unwrap(), ["NBW", "SOSW"]);
    assert_eq!(again.games.len(), 1);
    assert_eq!(again.players[again.games[0].black].name, ev.player(r1.black).name);
    assert_eq!(again.byes.len(), 1);
    let plan = again.plan().unwrap();
    assert_eq!(plan.system, System::Swiss);
    let ev2 = event_of(&plan);
    // OpenGotha knows who won, not how: B+R is kept in weiqi's extension and comes back.
    assert_eq!(again.games[0].result, GothaResult::BlackWins);
    assert_eq!(ev2.rounds()[0].games[0].result, Some("B+R".parse().unwrap()));
}

#[test]
fn broken_files_are_refused_with_a_reason() {
    let cases = [
        ("<Tournament><Players>", "not well-formed XML: <Players> is not closed"),
        (
            "<Other/>",
            "invalid OpenGotha file: the root element is <Other>, not <Tournament>",
        ),
        (
            "<Tournament><Players><Player name=\"A\" rank=\"dan\"/></Players></Tournament>",
            "invalid OpenGotha file: rank \"dan\" is not like 5D, 10K or 3P",
        ),
        (
            "<Tournament><Players><Player name=\" \" rank=\"1D\"/></Players></Tournament>",
            "invalid OpenGotha file: player 1 has no name",
        ),
        (
            "<Tournament><Players><Player name=\"A\" rank=\"1D\" rating=\"high\"/></Players></Tournament>",
            "invalid OpenGotha file: player 1: rating=\"high\" is not a number",
        ),
    ];
    for (xml, msg) in cases {
        assert_eq!(opengotha::parse(xml).unwrap_err().to_string(), msg, "{xml}");
    }
}

/// Regression: a round number in the billions sized per-round tables by it (an abort), a
/// file nested without bound overflowed the recursive tree walk, and a McMahon bar below the
/// floor panicked in `clamp`. Each is now refused with a reason.
#[test]
fn unbounded_rounds_and_nesting_are_refused_and_bar_below_floor_placed() {
    let two = "<Players><Player name=\"A\" rank=\"1D\"/><Player name=\"B\" rank=\"1D\"/></Players>";
    let huge_round = format!(
        "<Tournament>{two}<Games><Game roundNumber=\"4000000000\" blackPlayer=\"A\" whitePlayer=\"B\"/></Games></Tournament>"
    );
    let bye_round_0 =
        format!("<Tournament>{two}<ByePlayers><ByePlayer player=\"A\" roundNumber=\"0\"/></ByePlayers></Tournament>");
    let deep = format!("<Tournament>{}{}</Tournament>", "<X>".repeat(100), "</X>".repeat(100));
    let mut out = String::new();
    for xml in [&huge_round, &bye_round_0, &deep] {
        out += &format!("{}\n", opengotha::parse(xml).unwrap_err());
    }
    let bar_below_floor = format!(
        "<Tournament><TournamentParameterSet><GeneralParameterSet genMMBar=\"20K\" genMMFloor=\"4D\"/></TournamentParameterSet>{two}</Tournament>"
    );
    // OpenGotha places such a file (the start is the bar for everyone): so does weiqi.
    let t = opengotha::parse(&bar_below_floor).unwrap();
    let (_, rows) = t.placement(1).unwrap();
    out += &format!("{:?}\n", rows.iter().map(|r| r.values.clone()).collect::<Vec<_>>());
    expect_test::expect![[r#"
        invalid OpenGotha file: round 4000000000 table 1: a game needs a round from 1 to 1000, a table from 1 and two players
        invalid OpenGotha file: bye of "A": round 0 is not from 1 to 1000
        not well-formed XML: at byte 204: elements nested deeper than 64
        [[], []]
    "#]].assert_eq(&out);
}

/// Regression: the export of an event registered in weiqi had `firstName=""` and a region
/// of more than two letters as `country` (OpenGotha refuses both, and the whole file with
/// them), and lost withdrawals, ratings left empty, result detail and warnings. Now the
/// file has a first name and a country OpenGotha reads, a withdrawal is absence from the
/// later rounds, and what OpenGotha has no field for is in weiqi's extension element (which
/// OpenGotha ignores), read back on import.
#[test]
fn a_native_event_exports_what_opengotha_reads_and_keeps_the_rest_aside() {
    let mut ev = Event::new("Club night", System::Swiss, 3, tournament::Settings::default()).unwrap();
    let mut zhang = tournament::Player::new("张三", "2d".parse().unwrap());
    zhang.region = Some("Guangdong".into());
    let mut li = tournament::Player::new("Li Si", "1k".parse().unwrap());
    li.region = Some("cn".into());
    li.rating = Some(2040);
    for p in [zhang, li, tournament::Player::new("Wu", "3k".parse().unwrap())] {
        ev.add_player(p).unwrap();
    }
    ev.pair_next().unwrap();
    let board = ev.rounds()[0].games[0].clone();
    ev.set_result(1, 1, "B+2.5".parse().unwrap()).unwrap();
    ev.add_warning(1, 1, rules::Color::White).unwrap();
    let wu = ev.find("Wu").unwrap();
    ev.withdraw(wu).unwrap();
    let t = opengotha::merge(None, &ev);
    let xml = opengotha::write(&t);
    for p in &t.players {
        assert!(!p.first_name.is_empty(), "{xml}");
        assert!(p.country.is_empty() || p.country.len() == 2, "{xml}");
    }
    let li_og = t.players.iter().find(|p| p.name == "Li").unwrap();
    assert_eq!(
        (li_og.first_name.as_str(), li_og.country.as_str(), li_og.rating),
        ("Si", "CN", 2040)
    );
    let wu_og = t.players.iter().find(|p| p.name == "Wu").unwrap();
    assert_eq!(&wu_og.participating, "100");
    assert!(xml.contains("<Weiqi>"), "{xml}");
    assert!(
        xml.contains("result=\"B+2.5\"") && xml.contains("warnings=\"0 1\""),
        "{xml}"
    );
    // Read back: the weiqi names, regions, the missing rating and the result's detail.
    let plan = opengotha::parse(&xml).unwrap().plan().unwrap();
    let names: Vec<&str> = plan.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["张三", "Li Si", "Wu"]);
    assert_eq!(plan.players[0].region.as_deref(), Some("Guangdong"));
    assert_eq!(plan.players[1].region.as_deref(), Some("cn"));
    assert_eq!(plan.players[0].rating, None);
    assert_eq!(plan.rounds[0].games[0].2, Some("B+2.5".parse().unwrap()));
    assert_eq!(plan.rounds[0].games[0].0, ev.player(board.black).name);
    // Merging again into the exported file gives the same file.
    let again = opengotha::merge(Some(&opengotha::parse(&xml).unwrap()), &ev);
    assert_eq!(opengotha::write(&again), xml);
}

/// Issue 18: the export wrote every player as taking part in every round and confirmed. A
/// player absent from a round is `0` in `participating` for it, a pre-registered one
/// `registeringStatus="PRE"`; read back, the next pairing honours both, and a player the
/// director confirmed or brought back is written so.
#[test]
fn absences_and_preregistrations_are_exported_and_read_back() {
    let mut ev = Event::new("Absences", System::Swiss, 4, tournament::Settings::default()).unwrap();
    for (n, r) in [("A", "3d"), ("B", "1k"), ("C", "5k"), ("D", "2k"), ("E", "8k")] {
        ev.add_player(tournament::Player::new(n, r.parse().unwrap())).unwrap();
    }
    let (c, d, e) = (ev.find("C").unwrap(), ev.find("D").unwrap(), ev.find("E").unwrap());
    ev.set_participation(c, 3, false).unwrap();
    ev.set_participation(d, 1, false).unwrap();
    ev.set_preregistered(e, true).unwrap();
    ev.pair_next().unwrap();
    let t = opengotha::merge(None, &ev);
    let xml = opengotha::write(&t);
    let og = |name: &str| t.players.iter().find(|p| p.name == name).unwrap().clone();
    let status = |name: &str| {
        og(name)
            .other
            .iter()
            .find(|(k, _)| k == "registeringStatus")
            .map(|(_, v)| v.clone())
    };
    assert_eq!(
        ["A", "C", "D", "E"].map(|n| og(n).participating),
        ["1111", "1101", "0111", "1111"]
    );
    assert_eq!(
        (status("E").as_deref(), status("A").as_deref()),
        (Some("PRE"), Some("FIN"))
    );
    // Read back: the round not yet paired and the pre-registration come in with the import.
    let back = opengotha::parse(&xml).unwrap();
    let plan = back.plan().unwrap();
    assert_eq!(plan.absences, [("C".to_string(), Some(3)), ("E".to_string(), None)]);
    let ev2 = plan.event().unwrap();
    assert!(!ev2.takes_part(ev2.find("C").unwrap(), 3));
    assert!(ev2.is_preregistered(ev2.find("E").unwrap()));
    assert_eq!(opengotha::write(&opengotha::merge(Some(&back), &ev2)), xml);
    // The director confirms E and brings C back for round 3: so the file says.
    let mut ev3 = ev2.clone();
    ev3.set_preregistered(ev3.find("E").unwrap(), false).unwrap();
    ev3.set_participation(ev3.find("C").unwrap(), 3, true).unwrap();
    let t3 = opengotha::merge(Some(&back), &ev3);
    let c3 = t3.players.iter().find(|p| p.name == "C").unwrap();
    let e3 = t3.players.iter().find(|p| p.name == "E").unwrap();
    assert_eq!(c3.participating, "1111");
    assert!(e3.other.contains(&("registeringStatus".to_string(), "FIN".to_string())));
}

/// Issue 18 (categories): an OpenGotha file's categories (`numberOfCategories`, each
/// `Category lowerLimit`, `paiMaAvoidMixingCategories`) come into the event, and CAT into
/// its chain; a weiqi event's categories go out as OpenGotha writes them and read back the
/// same; a file imported and exported unchanged keeps its own.
#[test]
fn categories_come_in_with_the_import_and_go_out_with_the_export() {
    let plan = opengotha::parse(FILE).unwrap().plan().unwrap();
    assert_eq!(
        plan.settings.categories,
        tournament::Categories {
            lower_limits: vec!["10k".parse().unwrap()],
            pair_within: false,
        }
    );
    let settings = tournament::Settings {
        tie_breaks: vec![TieBreak::Category, TieBreak::Points, TieBreak::Sos],
        categories: tournament::Categories {
            lower_limits: vec!["1d".parse().unwrap(), "10k".parse().unwrap()],
            pair_within: true,
        },
        ..tournament::Settings::default()
    };
    let mut ev = Event::new("Categories", System::Swiss, 3, settings).unwrap();
    for (n, r) in [("A", "3d"), ("B", "1k"), ("C", "15k"), ("D", "2d")] {
        ev.add_player(tournament::Player::new(n, r.parse().unwrap())).unwrap();
    }
    let t = opengotha::merge(None, &ev);
    let xml = opengotha::write(&t);
    assert_eq!(t.general("numberOfCategories"), Some("3"), "{xml}");
    assert!(
        xml.contains("<Category lowerLimit=\"1D\" number=\"1\"/>")
            && xml.contains("<Category lowerLimit=\"10K\" number=\"2\"/>"),
        "{xml}"
    );
    assert_eq!(t.placement_criteria().unwrap(), ["CAT", "NBW", "SOSW"]);
    let back = opengotha::parse(&xml).unwrap();
    let plan = back.plan().unwrap();
    assert_eq!(plan.settings.categories, ev.settings().categories);
    assert_eq!(plan.settings.tie_breaks[..2], [TieBreak::Category, TieBreak::Points]);
    // OpenGotha's CAT of the exported file is the event's category of each player.
    let (_, rows) = back.placement(0).unwrap();
    for r in &rows {
        let p = &plan.players[r.player];
        assert_eq!(
            -r.values[0],
            i64::from(ev.settings().categories.of(p.rank)),
            "{}",
            p.name
        );
    }
    // Changed in weiqi (McMahon's way: not paired apart), the file says so.
    let mut ev2 = plan.event().unwrap();
    let mut s2 = ev2.settings().clone();
    s2.categories.pair_within = false;
    ev2 = Event::restore(ev2.name(), ev2.system(), ev2.planned_rounds(), s2).unwrap();
    let t2 = opengotha::merge(Some(&back), &ev2);
    let pps = t2.others.iter().find_map(|e| e.find("PairingParameterSet")).unwrap();
    assert_eq!(pps.attr("paiMaAvoidMixingCategories"), Some("0"));
}

/// Issue: the export lost the handicaps of games weiqi paired (written as 0). A McMahon game
/// the system paired is exported with the handicap the event's rule proposes, the weaker
/// player as Black, as OpenGotha would have it; the event's rule is the file's
/// `HandicapParameterSet` and comes back on import.
#[test]
fn a_mcmahon_game_weiqi_paired_is_exported_with_its_handicap() {
    let system = System::McMahon {
        bar: "1d".parse().unwrap(),
        floor: "20k".parse().unwrap(),
    };
    let mut ev = Event::new("Handicaps", system, 3, tournament::Settings::default()).unwrap();
    for (n, r) in [("Strong", "3k"), ("Weak", "6k")] {
        ev.add_player(tournament::Player::new(n, r.parse().unwrap())).unwrap();
    }
    ev.pair_next().unwrap();
    let t = opengotha::merge(None, &ev);
    let g = &t.games[0];
    assert_eq!((t.players[g.black].name.as_str(), g.handicap), ("Weak", 3));
    let back = opengotha::parse(&opengotha::write(&t)).unwrap().plan().unwrap();
    assert_eq!(back.settings.handicap, ev.settings().handicap);
}

/// Issue 15: a 50 MB attribute was accepted, and `numberOfRounds="4000000000"` silently
/// became 1,000 (the clamp of per-round tables). A file or a field beyond
/// `formats::limits`, and a number of rounds that is not 1 to 1,000, are refused, saying
/// which and by how much; a long event name is the tournament crate's refusal, on import too.
#[test]
fn oversized_files_and_fields_and_round_counts_are_refused_not_clamped() {
    use formats::limits::{MAX_FIELD_BYTES, MAX_FILE_BYTES};
    let two = "<Players><Player name=\"A\" rank=\"1D\"/><Player name=\"B\" rank=\"1D\"/></Players>";
    let rounds = |n: &str| {
        format!(
            "<Tournament><TournamentParameterSet><GeneralParameterSet numberOfRounds=\"{n}\"/></TournamentParameterSet>{two}</Tournament>"
        )
    };
    let mut out = String::new();
    for n in ["4000000000", "1001", "-1", "99999999999999999999", "three"] {
        let r = opengotha::parse(&rounds(n)).and_then(|t| t.plan().map(|p| p.n_rounds));
        out += &format!("{n}: {}\n", r.map_or_else(|e| e.to_string(), |n| format!("{n} rounds")));
    }
    for n in ["1000", "5"] {
        let p = opengotha::parse(&rounds(n)).unwrap().plan().unwrap();
        out += &format!("{n}: {} rounds\n", p.n_rounds);
    }
    let big_attribute = format!(
        "<Tournament><Players><Player name=\"{}\" rank=\"1D\"/></Players></Tournament>",
        "x".repeat(50 * 1024 * 1024)
    );
    out += &format!("50 MB attribute: {}\n", opengotha::parse(&big_attribute).unwrap_err());
    let at_bound = format!(
        "<Tournament><Players><Player name=\"A\" rank=\"1D\" club=\"{}\"/></Players></Tournament>",
        "c".repeat(MAX_FIELD_BYTES)
    );
    assert!(opengotha::parse(&at_bound).is_ok());
    let over = at_bound.replacen("club=\"c", "club=\"cc", 1);
    out += &format!("a field one byte over: {}\n", opengotha::parse(&over).unwrap_err());
    let big_file = format!("<Tournament>{}</Tournament>", " ".repeat(MAX_FILE_BYTES));
    out += &format!("a file over: {}\n", opengotha::parse(&big_file).unwrap_err());
    let long_name = format!(
        "<Tournament><TournamentParameterSet><GeneralParameterSet name=\"{}\"/></TournamentParameterSet>{two}</Tournament>",
        "赛".repeat(1000)
    );
    let plan = opengotha::parse(&long_name).unwrap().plan().unwrap();
    out += &format!("a long event name: {}\n", plan.event().unwrap_err());
    expect_test::expect![[r#"
        4000000000: invalid OpenGotha file: GeneralParameterSet numberOfRounds=4000000000: a tournament has 1 to 1000 rounds
        1001: invalid OpenGotha file: GeneralParameterSet numberOfRounds=1001: a tournament has 1 to 1000 rounds
        -1: invalid OpenGotha file: GeneralParameterSet numberOfRounds=-1: a tournament has 1 to 1000 rounds
        99999999999999999999: invalid OpenGotha file: GeneralParameterSet numberOfRounds="99999999999999999999" is not a number
        three: invalid OpenGotha file: GeneralParameterSet numberOfRounds="three" is not a number
        1000: 1000 rounds
        5: 5 rounds
        50 MB attribute: too large: the OpenGotha file is 52428871 bytes: at most 16777216 (16 MiB) are read
        a field one byte over: too large: attribute club of <Player> (before byte 4154) is 4097 bytes: a field holds at most 4096
        a file over: too large: the OpenGotha file is 16777241 bytes: at most 16777216 (16 MiB) are read
        a long event name: the event name has 1000 characters: at most 200
    "#]].assert_eq(&out);
}

/// Every number of a file at the ends of its type (ratings, SMMS corrections, handicaps,
/// tables, rounds, the McMahon bar and zero): read, planned, made an event and placed
/// without a panic (the tests run with overflow checks on), or refused with a reason.
#[test]
fn numbers_at_the_ends_of_their_types_are_read_or_refused_never_a_panic() {
    let mut out = String::new();
    for v in [
        "2147483647",
        "-2147483648",
        "4294967295",
        "9223372036854775807",
        "0",
        "-1",
    ] {
        let xml = format!(
            "<Tournament dataVersion=\"200\"><Players>\
             <Player name=\"A\" firstName=\"a\" rank=\"1D\" rating=\"{v}\" smmsCorrection=\"{v}\"/>\
             <Player name=\"B\" firstName=\"b\" rank=\"30K\" rating=\"{v}\" smmsCorrection=\"{v}\"/></Players>\
             <Games><Game roundNumber=\"1\" tableNumber=\"{v}\" blackPlayer=\"AA\" whitePlayer=\"BB\" handicap=\"{v}\" result=\"RESULT_WHITEWINS\"/></Games>\
             <TournamentParameterSet><GeneralParameterSet numberOfRounds=\"2\" genMMBar=\"9D\" genMMFloor=\"30K\" genMMZero=\"30K\"/>\
             <HandicapParameterSet hdCeiling=\"{v}\" hdCorrection=\"{v}\" hdNoHdRankThreshold=\"1D\"/></TournamentParameterSet></Tournament>"
        );
        let r = opengotha::parse(&xml).and_then(|t| {
            let plan = t.plan()?;
            let ev = plan.event().map_err(|e| formats::FormatError::Invalid(e.to_string()))?;
            let (_, rows) = t.placement(1)?;
            Ok(format!("{} players, {} placed", ev.players().len(), rows.len()))
        });
        out += &format!("{v}: {}\n", r.unwrap_or_else(|e| e.to_string()));
    }
    expect_test::expect![[r#"
        2147483647: 2 players, 2 placed
        -2147483648: invalid OpenGotha file: a game's tableNumber="-2147483648" is not a number
        4294967295: invalid OpenGotha file: player 1: rating="4294967295" is not a number
        9223372036854775807: invalid OpenGotha file: player 1: rating="9223372036854775807" is not a number
        0: invalid OpenGotha file: round 1 table 0: a game needs a round from 1 to 1000, a table from 1 and two players
        -1: invalid OpenGotha file: a game's tableNumber="-1" is not a number
    "#]]
    .assert_eq(&out);
}

/// An attribute value is unescaped as it was before quick-xml 0.38, not normalised: a line
/// break in a name (raw or as `&#10;`) reads back as a line break, not as a space.
#[test]
fn a_line_break_in_an_attribute_reads_back_as_written() {
    let xml =
        "<Tournament><Players><Player name=\"A\nB\" firstName=\"C&#10;D &amp; E\" rank=\"1D\"/></Players></Tournament>";
    let t = opengotha::parse(xml).unwrap();
    assert_eq!(t.players[0].name, "A\nB");
    assert_eq!(t.players[0].first_name, "C\nD & E");
}

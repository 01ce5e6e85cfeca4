//! Every kind of record goes in through the API and comes back the same; refusals name what
//! they refuse.

use expect_test::{Expect, expect};
use storage::{ByeValue, Event, Recorded, Settings, Store, StoreError, System, TieBreak};
use tournament::player::{Player, Rank};
use tournament::result::GameResult;

use crate::{TempDb, new_event, player, round, six_players};

/// The event as text: settings, players, rounds with results and flags, warnings, edits.
fn render(ev: &Event) -> String {
    let s = &ev.settings;
    let chain: Vec<&str> = s.tie_breaks.iter().map(|t| t.name()).collect();
    let mut out = format!(
        "{} {:?} {} rounds={} bye={} tb={} late={} cycle={} time={} seed={} club={} region={} bar={:?} floor={:?} elim={} best_of={} reset={} div={}\n",
        ev.id,
        ev.name,
        ev.system,
        ev.n_rounds,
        s.bye_value,
        chain.join(","),
        s.lateness_limit_minutes,
        s.cycle_policy,
        s.time_control,
        s.lots_seed,
        s.avoid_same_club,
        s.avoid_same_region,
        s.mcmahon_bar.map(|r| r.to_string()),
        s.mcmahon_floor.map(|r| r.to_string()),
        s.elimination_losses,
        s.best_of,
        s.grand_final_reset,
        s.total_score_divisor
    );
    for e in &ev.entries {
        let p = &e.player;
        out += &format!(
            "player {} {} rating={:?} club={:?} region={:?} born={:?} withdrawn_after={:?}\n",
            p.name,
            p.rank,
            p.rating,
            p.club,
            p.region,
            p.birth_date.map(|d| d.to_string()),
            e.withdrawn_after
        );
    }
    for r in &ev.rounds {
        out += &format!("round {} note={:?}\n", r.number, r.note);
        for g in &r.games {
            out += &format!(
                "  board {} {} - {} result={} manual={} changed={} why={:?}\n",
                g.board,
                g.black,
                g.white,
                g.result.map_or("-".to_string(), |r| r.to_string()),
                g.manual,
                g.changed,
                g.explanation
            );
        }
        for b in &r.byes {
            out += &format!("  bye {b}\n");
        }
    }
    for w in &ev.warnings {
        out += &format!("warning {} round={:?} {:?}\n", w.player, w.round, w.note);
    }
    for e in &ev.edits {
        out += &format!("edit round {}: {}\n", e.round, e.description);
    }
    out
}

fn check(store: &mut Store, id: &str, expect: Expect) {
    expect.assert_eq(&render(&store.load_event(id).unwrap()));
}

fn check_err(e: StoreError, expect: Expect) {
    expect.assert_eq(&e.to_string());
}

#[test]
fn every_setting_round_trips() {
    let db = TempDb::new("settings");
    let mut store = db.open();
    let mut e = new_event("mm", System::McMahon, 5);
    e.settings = Settings {
        bye_value: ByeValue::Draw,
        tie_breaks: vec![
            TieBreak::Points,
            TieBreak::Cumulative,
            TieBreak::Sosos,
            TieBreak::DirectEncounter,
            TieBreak::Lots,
        ],
        lateness_limit_minutes: 15,
        cycle_policy: rules::CyclePolicy::NoResult,
        time_control: "1h+3x60s".parse().unwrap(),
        lots_seed: u64::MAX - 7,
        avoid_same_club: true,
        avoid_same_region: true,
        mcmahon_bar: Some(Rank::Dan(3)),
        mcmahon_floor: Some(Rank::Kyu(20)),
        elimination_losses: 3,
        best_of: 5,
        grand_final_reset: true,
        total_score_divisor: 4,
    };
    store.create_event(&e).unwrap();
    drop(store);
    // Read back through a fresh connection: it is in the file, not in a cache.
    let mut store = db.open();
    assert_eq!(store.load_event("mm").unwrap().settings, e.settings);
    check(
        &mut store,
        "mm",
        expect![[r#"
            mm "The mm open" mcmahon rounds=5 bye=draw tb=points,cumulative,sosos,direct,lots late=15 cycle=no-result time=1h+3x60s seed=18446744073709551608 club=true region=true bar=Some("3d") floor=Some("20k") elim=3 best_of=5 reset=true div=4
        "#]],
    );
}

#[test]
fn players_rounds_results_withdrawals_warnings_round_trip() {
    let mut store = Store::open_in_memory().unwrap();
    six_players(&mut store);
    let mut full = Player::new("G", Rank::Pro(9));
    full.rating = Some(2870);
    full.club = Some("Beijing".into());
    full.region = Some("North".into());
    full.birth_date = Some("1990-02-28".parse().unwrap());
    store.add_player("e", &full).unwrap();
    let mut r1 = round(&[("A", "B"), ("C", "D"), ("E", "F")], &["G"]);
    r1.games[0].explanation = "rematch 0 gap² 0".into();
    r1.note = "total: rematch 0 gap² 0".into();
    assert_eq!(store.save_round("e", &r1).unwrap(), 1);
    assert_eq!(
        store.record_result("e", 1, 1, "B+R".parse().unwrap(), false).unwrap(),
        Recorded::New
    );
    assert_eq!(
        store.record_result("e", 1, 2, "W+1.5".parse().unwrap(), false).unwrap(),
        Recorded::New
    );
    assert_eq!(
        store.record_result("e", 1, 3, GameResult::BothLose, false).unwrap(),
        Recorded::New
    );
    // The same result again is no change; another needs `correct`, and then replaces it.
    assert_eq!(
        store.record_result("e", 1, 2, "W+1.5".parse().unwrap(), false).unwrap(),
        Recorded::Unchanged
    );
    assert_eq!(
        store.record_result("e", 1, 3, "0".parse().unwrap(), true).unwrap(),
        Recorded::Corrected
    );
    store
        .add_warning(
            "e",
            "C",
            Some(1),
            "pressed the clock before placing the stone (Art. 17.4)",
        )
        .unwrap();
    store.add_warning("e", "C", None, "phone rang (Art. 23)").unwrap();
    assert_eq!(store.withdraw("e", "F", "ill").unwrap(), 1);
    assert_eq!(
        store
            .save_round("e", &round(&[("B", "A"), ("D", "G")], &["E", "C"]))
            .unwrap(),
        2
    );
    store.record_result("e", 2, 2, "Void".parse().unwrap(), false).unwrap();
    check(
        &mut store,
        "e",
        expect![[r#"
            e "The e open" swiss rounds=3 bye=win tb=points,sos,warnings,lots late=60 cycle=forbid time=none seed=0 club=false region=false bar=None floor=None elim=0 best_of=1 reset=false div=0
            player A 6d rating=None club=None region=None born=None withdrawn_after=None
            player B 5d rating=None club=None region=None born=None withdrawn_after=None
            player C 4d rating=None club=None region=None born=None withdrawn_after=None
            player D 3d rating=None club=None region=None born=None withdrawn_after=None
            player E 2d rating=None club=None region=None born=None withdrawn_after=None
            player F 1d rating=None club=None region=None born=None withdrawn_after=Some(1)
            player G 9p rating=Some(2870) club=Some("Beijing") region=Some("North") born=Some("1990-02-28") withdrawn_after=None
            round 1 note="total: rematch 0 gap² 0"
              board 1 A - B result=B+R manual=false changed=false why="rematch 0 gap² 0"
              board 2 C - D result=W+1.5 manual=false changed=false why=""
              board 3 E - F result=0 manual=false changed=false why=""
              bye G
            round 2 note=""
              board 1 B - A result=- manual=false changed=false why=""
              board 2 D - G result=Void manual=false changed=false why=""
              bye E
              bye C
            warning C round=Some(1) "pressed the clock before placing the stone (Art. 17.4)"
            warning C round=None "phone rang (Art. 23)"
        "#]],
    );
    let ev = store.load_event("e").unwrap();
    assert_eq!(ev.n_warnings("C"), 2);
    assert_eq!(ev.entry("G").unwrap().player, full);
}

#[test]
fn director_edits_are_flagged_and_logged() {
    let mut store = Store::open_in_memory().unwrap();
    six_players(&mut store);
    let mut r1 = round(&[("A", "B"), ("C", "D"), ("E", "F")], &[]);
    for g in &mut r1.games {
        g.explanation = "program".into();
    }
    store.save_round("e", &r1).unwrap();
    // Swap colors on board 2 and exchange B and F; board 1 changes, board 2 changes, board 3
    // changes; then keep A-F and pair the rest by hand.
    let edited = round(&[("A", "F"), ("D", "C"), ("E", "B")], &[]);
    store
        .edit_round("e", 1, &edited, "exchanged B and F; colors swapped on board 2")
        .unwrap();
    let mut manual = round(&[("A", "F"), ("B", "C"), ("D", "E")], &[]);
    manual.games[1].manual = true;
    manual.games[2].manual = true;
    store
        .edit_round("e", 1, &manual, "boards 2 and 3 paired by hand")
        .unwrap();
    check(
        &mut store,
        "e",
        expect![[r#"
            e "The e open" swiss rounds=3 bye=win tb=points,sos,warnings,lots late=60 cycle=forbid time=none seed=0 club=false region=false bar=None floor=None elim=0 best_of=1 reset=false div=0
            player A 6d rating=None club=None region=None born=None withdrawn_after=None
            player B 5d rating=None club=None region=None born=None withdrawn_after=None
            player C 4d rating=None club=None region=None born=None withdrawn_after=None
            player D 3d rating=None club=None region=None born=None withdrawn_after=None
            player E 2d rating=None club=None region=None born=None withdrawn_after=None
            player F 1d rating=None club=None region=None born=None withdrawn_after=None
            round 1 note=""
              board 1 A - F result=- manual=false changed=true why=""
              board 2 B - C result=- manual=true changed=false why=""
              board 3 D - E result=- manual=true changed=false why=""
            edit round 1: exchanged B and F; colors swapped on board 2
            edit round 1: boards 2 and 3 paired by hand
        "#]],
    );
    // With a result in, the round is fixed; a new round can be removed and paired again.
    store.record_result("e", 1, 1, "B+R".parse().unwrap(), false).unwrap();
    check_err(
        store.edit_round("e", 1, &manual, "again").unwrap_err(),
        expect![[r#"round 1 of event "e" has results recorded"#]],
    );
    check_err(
        store.delete_round("e", 1).unwrap_err(),
        expect![[r#"round 1 of event "e" has results recorded"#]],
    );
    store.save_round("e", &round(&[("A", "B")], &[])).unwrap();
    check_err(
        store.delete_round("e", 1).unwrap_err(),
        expect![[r#"round 1 of event "e" is not the latest round (2)"#]],
    );
    store.delete_round("e", 2).unwrap();
    assert_eq!(store.load_event("e").unwrap().rounds.len(), 1);
}

#[test]
fn refusals_name_what_they_refuse() {
    let mut store = Store::open_in_memory().unwrap();
    six_players(&mut store);
    let p = player("A", "1k");
    let cases: Vec<(StoreError, Expect)> = vec![
        (
            store.create_event(&new_event("e", System::Swiss, 3)).unwrap_err(),
            expect![[r#"event "e" already exists"#]],
        ),
        (
            store.create_event(&new_event("bad id", System::Swiss, 3)).unwrap_err(),
            expect![[r#"event id "bad id" must be 1 to 64 characters without spaces"#]],
        ),
        (
            store.create_event(&new_event("z", System::Swiss, 0)).unwrap_err(),
            expect![[r#"event "z": the number of rounds must be 1 to 1000, not 0"#]],
        ),
        (
            store.add_player("nope", &p).unwrap_err(),
            expect![[r#"no event "nope""#]],
        ),
        (
            store.add_player("e", &p).unwrap_err(),
            expect![[r#"event "e" already has a player named "A""#]],
        ),
        (
            store.add_player("e", &player(" A", "1k")).unwrap_err(),
            expect![[
                r#"player name " A" must be non-empty, without leading or trailing spaces or control characters"#
            ]],
        ),
        (
            store.withdraw("e", "Z", "").unwrap_err(),
            expect![[r#"event "e" has no player named "Z""#]],
        ),
        (
            store.record_result("e", 1, 1, GameResult::Draw, false).unwrap_err(),
            expect![[r#"round 1 of event "e" is not paired (0 round(s) paired so far)"#]],
        ),
        (
            store
                .save_round("e", &round(&[("A", "B"), ("B", "C")], &[]))
                .unwrap_err(),
            expect![[r#"player "B" appears twice in round 1 of event "e""#]],
        ),
        (
            store.save_round("e", &round(&[("A", "A")], &[])).unwrap_err(),
            expect![[r#"player "A" appears twice in round 1 of event "e""#]],
        ),
        (
            store.save_round("e", &round(&[("A", "Q")], &[])).unwrap_err(),
            expect![[r#"event "e" has no player named "Q""#]],
        ),
        (
            store.save_round("e", &round(&[], &[])).unwrap_err(),
            expect![[r#"round 1 of event "e" would have no games and no byes"#]],
        ),
    ];
    for (err, expect) in cases {
        check_err(err, expect);
    }
    store.withdraw("e", "F", "").unwrap();
    store.save_round("e", &round(&[("A", "B")], &["C"])).unwrap();
    store.record_result("e", 1, 1, "B+R".parse().unwrap(), false).unwrap();
    let cases: Vec<(StoreError, Expect)> = vec![
        (
            store.withdraw("e", "F", "").unwrap_err(),
            expect![[r#"player "F" of event "e" withdrew after round 0"#]],
        ),
        (
            store.save_round("e", &round(&[("F", "D")], &[])).unwrap_err(),
            expect![[r#"player "F" of event "e" withdrew after round 0"#]],
        ),
        (
            store.record_result("e", 1, 2, GameResult::Draw, false).unwrap_err(),
            expect![[r#"round 1 of event "e" has no board 2 (boards 1 to 1)"#]],
        ),
        (
            store
                .record_result("e", 1, 1, "W+R".parse().unwrap(), false)
                .unwrap_err(),
            expect![[r#"board 1 of round 1 of event "e" already has the result B+R; pass --correct to replace it"#]],
        ),
        (
            store.remove_player("e", "C").unwrap_err(),
            expect![[
                r#"event "e" has started (round 1 is paired): cannot remove "C", who has been paired (withdraw them instead)"#
            ]],
        ),
        (
            store.add_warning("e", "A", Some(2), "").unwrap_err(),
            expect![[r#"round 2 of event "e" is not paired (1 round(s) paired so far)"#]],
        ),
    ];
    for (err, expect) in cases {
        check_err(err, expect);
    }
    store.save_round("e", &round(&[("A", "C")], &[])).unwrap();
    store.save_round("e", &round(&[("B", "C")], &[])).unwrap();
    check_err(
        store.save_round("e", &round(&[("A", "D")], &[])).unwrap_err(),
        expect![[r#"event "e" has all its 3 rounds paired"#]],
    );
    let ev = store.load_event("e").unwrap();
    check_err(
        store.update_event("e", &ev.name, 2, &ev.settings).unwrap_err(),
        expect![[r#"event "e" has 3 rounds paired: it cannot have only 2"#]],
    );
    let mut s = ev.settings.clone();
    s.tie_breaks = vec![TieBreak::Points, TieBreak::Sos, TieBreak::Points];
    check_err(
        store.update_event("e", &ev.name, 4, &s).unwrap_err(),
        expect!["tie-break points appears twice in the chain"],
    );
    s.tie_breaks = vec![];
    check_err(
        store.update_event("e", &ev.name, 4, &s).unwrap_err(),
        expect!["the tie-break chain is empty"],
    );
    s = ev.settings.clone();
    s.best_of = 4;
    check_err(
        store.update_event("e", &ev.name, 4, &s).unwrap_err(),
        expect!["best of 4 games: a match is 1, 3, 5 or 7 games (Art. 26.5)"],
    );
}

#[test]
fn players_can_be_corrected_removed_and_events_listed() {
    let mut store = Store::open_in_memory().unwrap();
    six_players(&mut store);
    store
        .create_event(&new_event("rr", System::DoubleRoundRobin, 6))
        .unwrap();
    let mut a = player("Anna", "2k");
    a.club = Some("Go club".into());
    store.update_player("e", "A", &a).unwrap();
    check_err(
        store.update_player("e", "B", &a).unwrap_err(),
        expect![[r#"event "e" already has a player named "Anna""#]],
    );
    store.remove_player("e", "F").unwrap();
    store.save_round("e", &round(&[("Anna", "B")], &[])).unwrap();
    let names: Vec<String> = store
        .load_event("e")
        .unwrap()
        .entries
        .iter()
        .map(|e| e.player.name.clone())
        .collect();
    assert_eq!(names, ["Anna", "B", "C", "D", "E"]);
    let list: Vec<String> = store
        .events()
        .unwrap()
        .iter()
        .map(|e| format!("{} {} {}/{} {}", e.id, e.system, e.n_paired, e.n_rounds, e.n_players))
        .collect();
    assert_eq!(list, ["e swiss 1/3 5", "rr double-round-robin 0/6 0"]);
}

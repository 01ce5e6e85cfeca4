//! Lots kept from registration, events and players edited and deleted, and a director's
//! pairing of a McMahon handicap game given the weaker player Black.

use storage::{Store, StoreError};
use tournament::{Event, PlayerId, Rank, System};

use crate::{Backend, TestDb, names, new_event, player};

both!(
    lots_are_drawn_once_and_a_late_registration_moves_no_one,
    an_event_kept_before_lots_were_kept_keeps_its_order,
    players_are_edited_name_and_rank_only_until_paired,
    events_are_renamed_and_deleted_only_before_the_first_round,
    a_hand_paired_handicap_game_gives_the_weaker_black,
);

/// The players' names from the best lot to the worst.
fn lot_order(ev: &Event) -> Vec<String> {
    let mut ids: Vec<PlayerId> = (0..ev.players().len()).map(PlayerId).collect();
    ids.sort_by_key(|&p| (std::cmp::Reverse(ev.lot(p)), p));
    ids.iter().map(|&p| ev.player(p).name.clone()).collect()
}

/// The lots' places as the standings show them (the last tie-break), by name.
fn lot_places(ev: &Event) -> Vec<(String, String)> {
    let s = ev.standings();
    let k = s
        .chain
        .iter()
        .position(|t| *t == tournament::TieBreak::Lots)
        .expect("lots in the chain");
    s.rows
        .iter()
        .map(|r| (ev.player(r.player).name.clone(), r.values[k].to_string()))
        .collect()
}

fn lots_are_drawn_once_and_a_late_registration_moves_no_one(b: Backend) {
    let db = TestDb::new(b, "lots");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    for n in ["A", "B", "C", "D", "E", "F"] {
        store.add_player("e", &player(n, "1d")).unwrap();
    }
    let before = store.load_event("e").unwrap();
    let order = lot_order(&before);
    // The standings, all tied, go by lots: places 1..=6, none negative.
    let places = lot_places(&before);
    assert_eq!(
        places.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>(),
        order,
        "the standings follow the lots"
    );
    let mut shown: Vec<i64> = places.iter().map(|(_, v)| v.parse().unwrap()).collect();
    shown.sort();
    assert_eq!(shown, [1, 2, 3, 4, 5, 6]);
    for late in ["G", "H", "I"] {
        let ev = store.add_player("e", &player(late, "1d")).unwrap();
        for p in 0..6 {
            assert_eq!(
                ev.lot(PlayerId(p)),
                before.lot(PlayerId(p)),
                "{late} moved player {p}'s lot"
            );
        }
        let mut now = lot_order(&ev);
        now.retain(|n| order.contains(n));
        assert_eq!(now, order);
    }
    // Kept: loading again gives the same lots, and they are the lots drawn from the seed.
    let ev = store.load_event("e").unwrap();
    let mut fresh = Event::new(ev.name(), ev.system(), 3, ev.settings().clone()).unwrap();
    for p in ev.players() {
        fresh.add_player(p.clone()).unwrap();
    }
    for p in 0..ev.players().len() {
        assert_eq!(ev.lot(PlayerId(p)), fresh.lot(PlayerId(p)));
    }
    assert_eq!(db.int("SELECT COUNT(*) FROM player WHERE lot IS NULL"), 0);
}

fn an_event_kept_before_lots_were_kept_keeps_its_order(b: Backend) {
    let db = TestDb::new(b, "legacy-lots");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    for n in ["A", "B", "C", "D", "E"] {
        store.add_player("e", &player(n, "2k")).unwrap();
    }
    // As schema 7 kept them: no lot; the order was one permutation of the five.
    db.exec("UPDATE player SET lot = NULL");
    let old = store.load_event("e").unwrap();
    let order = lot_order(&old);
    let legacy = old.legacy_lots();
    assert_eq!(
        (0..5).map(|p| old.lot(PlayerId(p))).collect::<Vec<_>>(),
        legacy,
        "the lots of then"
    );
    // A late registration keeps the five's lots as they were, and the order with them.
    let ev = store.add_player("e", &player("F", "2k")).unwrap();
    let mut now = lot_order(&ev);
    now.retain(|n| n != "F");
    assert_eq!(now, order);
    assert_eq!(db.int("SELECT COUNT(*) FROM player WHERE lot IS NULL"), 0);
    let mut again = lot_order(&store.load_event("e").unwrap());
    again.retain(|n| n != "F");
    assert_eq!(again, order);
}

fn players_are_edited_name_and_rank_only_until_paired(b: Backend) {
    let db = TestDb::new(b, "edit-player");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    for (n, r) in [("Ann", "3d"), ("Bo", "1k"), ("Cy", "2d"), ("Di", "5k")] {
        store.add_player("e", &player(n, r)).unwrap();
    }
    let mut ann = player("Anne", "4d");
    ann.club = Some("Beijing".into());
    ann.rating = Some(2400);
    let ev = store.edit_player("e", "Ann", &ann).unwrap();
    assert_eq!(ev.player(PlayerId(0)), &ann);
    assert!(ev.find("Ann").is_err());
    assert_eq!(store.load_event("e").unwrap(), ev);
    // A name already registered is refused, as at registration.
    let e = store.edit_player("e", "Bo", &player("Cy", "1k")).unwrap_err();
    assert!(matches!(e, StoreError::Refused { .. }), "{e}");
    store.pair_next("e").unwrap();
    // Paired: the club and the rating change, the name and the rank stay.
    let mut bo = player("Bo", "1k");
    bo.region = Some("Shanghai".into());
    let ev = store.edit_player("e", "Bo", &bo).unwrap();
    assert_eq!(ev.player(PlayerId(1)).region.as_deref(), Some("Shanghai"));
    for changed in [player("Bob", "1k"), player("Bo", "1d")] {
        let e = store.edit_player("e", "Bo", &changed).unwrap_err();
        assert!(e.to_string().contains("name and rank stay as paired"), "{e}");
    }
    assert_eq!(store.load_event("e").unwrap(), ev);
}

fn events_are_renamed_and_deleted_only_before_the_first_round(b: Backend) {
    let db = TestDb::new(b, "edit-event");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    store.add_player("e", &player("A", "1d")).unwrap();
    store.add_player("e", &player("B", "1d")).unwrap();
    let ev = store.rename_event("e", "春季联赛").unwrap();
    assert_eq!(ev.name(), "春季联赛");
    assert_eq!(store.load_event("e").unwrap().name(), "春季联赛");
    store.create_event(&new_event("gone", System::Swiss, 3)).unwrap();
    store.add_player("gone", &player("A", "1d")).unwrap();
    store.delete_event("gone").unwrap();
    assert!(matches!(store.load_event("gone"), Err(StoreError::NoEvent(_))));
    assert_eq!(db.int("SELECT COUNT(*) FROM player WHERE event_id = 'gone'"), 0);
    // The id is free again.
    store.create_event(&new_event("gone", System::Swiss, 3)).unwrap();
    store.pair_next("e").unwrap();
    assert!(matches!(store.delete_event("e"), Err(StoreError::Started { .. })));
    // Renamed after the start too.
    assert_eq!(store.rename_event("e", "Spring").unwrap().name(), "Spring");
    assert_eq!(store.load_event("e").unwrap().rounds().len(), 1);
}

fn mcmahon(store: &mut Store) {
    let system = System::McMahon {
        bar: "1d".parse::<Rank>().unwrap(),
        floor: "20k".parse::<Rank>().unwrap(),
    };
    store.create_event(&new_event("m", system, 3)).unwrap();
    store.add_player("m", &player("Strong", "3k")).unwrap();
    store.add_player("m", &player("Weak", "5k")).unwrap();
}

fn a_hand_paired_handicap_game_gives_the_weaker_black(b: Backend) {
    let db = TestDb::new(b, "hd-colours");
    let mut store = db.open();
    mcmahon(&mut store);
    // The system's proposal: the 5k is Black (two stones).
    let p = store.propose("m").unwrap();
    assert_eq!((p.games[0].black, p.games[0].white), (PlayerId(1), PlayerId(0)));
    // Typed the other way round, amended: the weaker still takes Black.
    let ev = store.pair_amended("m", &names(&[("Strong", "Weak")]), &[]).unwrap();
    let g = &ev.rounds()[0].games[0];
    assert_eq!((g.black, g.white), (PlayerId(1), PlayerId(0)));
    assert_eq!(store.load_event("m").unwrap(), ev);
    store.unpair("m", 1).unwrap();
    // By hand likewise (`weiqi event pair --manual`).
    let ev = store.pair_manual("m", &names(&[("Strong", "Weak")]), &[]).unwrap();
    let g = &ev.rounds()[0].games[0];
    assert_eq!((g.black, g.white), (PlayerId(1), PlayerId(0)));
}

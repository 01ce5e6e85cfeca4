//! A director's pairing reviewed (`tournament::review`), a McMahon handicap game's colours
//! (`tournament::handicap::colours`), lots drawn at registration and players edited.

use tournament::review::{ColourBreach, Repeat, review};
use tournament::{Event, GameResult, Player, PlayerId, Rank, Settings, System};

fn swiss(names: &[&str]) -> Event {
    let mut ev = Event::new("t", System::Swiss, 5, Settings::default()).unwrap();
    for n in names {
        ev.add_player(Player::new(n, "1d".parse::<Rank>().unwrap())).unwrap();
    }
    ev
}

fn finish(ev: &mut Event) {
    let r = ev.rounds().last().unwrap().clone();
    for g in &r.games {
        ev.set_result(r.number, g.board, "B+R".parse::<GameResult>().unwrap())
            .unwrap();
    }
}

#[test]
fn a_pairing_that_leaves_a_player_out_is_found_art_26() {
    let ev = swiss(&["A", "B", "C", "D"]);
    let p = ev.propose().unwrap();
    let (a, b) = (p.games[0].black, p.games[0].white);
    // Board 2 set to "—": its two players have neither a game nor a bye.
    let r = review(&ev, &p, &[(a, b)], &[]);
    let mut out = r.left_out.clone();
    out.sort();
    let mut want = vec![p.games[1].black, p.games[1].white];
    want.sort();
    assert_eq!(out, want);
    // One of them given the bye: the other is still left out.
    let r = review(&ev, &p, &[(a, b)], &[p.games[1].black]);
    assert_eq!(r.left_out, [p.games[1].white]);
    // The proposal as it is: nothing to say.
    let all: Vec<_> = p.games.iter().map(|g| (g.black, g.white)).collect();
    assert_eq!(review(&ev, &p, &all, &[]), Default::default());
}

#[test]
fn a_repeat_and_a_colour_breach_are_warnings_art_26_3_art_10() {
    let mut ev = swiss(&["A", "B", "C", "D"]);
    ev.pair_next().unwrap();
    finish(&mut ev);
    let r1 = ev.rounds()[0].clone();
    let (b1, w1) = (r1.games[0].black, r1.games[0].white);
    let (b2, w2) = (r1.games[1].black, r1.games[1].white);
    let p = ev.propose().unwrap();
    // Round 1's board 1 again, same colours: an exact repeat, and both Blacks Black again.
    let r = review(&ev, &p, &[(b1, w1), (b2, w2)], &[]);
    assert_eq!(
        r.repeats,
        [
            Repeat {
                black: b1,
                white: w1,
                round: 1,
                same_colours: true
            },
            Repeat {
                black: b2,
                white: w2,
                round: 1,
                same_colours: true
            }
        ]
    );
    assert_eq!(
        r.colours,
        [
            ColourBreach {
                player: b1,
                black: true,
                blacks: 2,
                whites: 0
            },
            ColourBreach {
                player: w1,
                black: false,
                blacks: 0,
                whites: 2
            },
            ColourBreach {
                player: b2,
                black: true,
                blacks: 2,
                whites: 0
            },
            ColourBreach {
                player: w2,
                black: false,
                blacks: 0,
                whites: 2
            },
        ]
    );
    assert!(r.has_warnings() && r.left_out.is_empty());
    // Colours turned: a repeat still, no longer exact, and no breach.
    let r = review(&ev, &p, &[(w1, b1), (w2, b2)], &[]);
    assert_eq!(r.repeats.len(), 2);
    assert!(r.repeats.iter().all(|x| !x.same_colours));
    assert!(r.colours.is_empty());
}

#[test]
fn a_hand_typed_handicap_game_gives_the_weaker_black_art_10_11() {
    let system = System::McMahon {
        bar: "1d".parse().unwrap(),
        floor: "20k".parse().unwrap(),
    };
    let mut ev = Event::new("m", system, 3, Settings::defaults_for(system)).unwrap();
    for (n, r) in [("Strong", "3k"), ("Weak", "5k"), ("Even1", "2k"), ("Even2", "2k")] {
        ev.add_player(Player::new(n, r.parse::<Rank>().unwrap())).unwrap();
    }
    let (s, w, e1, e2) = (PlayerId(0), PlayerId(1), PlayerId(2), PlayerId(3));
    let turned = tournament::handicap::colours(&ev, 1, &[(s, w), (e1, e2), (e2, e1)]);
    assert_eq!(turned, [(w, s), (e1, e2), (e2, e1)]);
    // The review does not call the handicap's colours a breach.
    let p = ev.propose().unwrap();
    let r = review(&ev, &p, &turned[..2], &[]);
    assert!(r.colours.is_empty());
}

#[test]
fn lots_are_drawn_at_registration_and_a_late_one_changes_none() {
    let mut ev = swiss(&["A", "B", "C"]);
    let before: Vec<u32> = (0..3).map(|p| ev.lot(PlayerId(p))).collect();
    ev.add_player(Player::new("D", "1d".parse::<Rank>().unwrap())).unwrap();
    let after: Vec<u32> = (0..3).map(|p| ev.lot(PlayerId(p))).collect();
    assert_eq!(before, after);
    // Another seed, other lots.
    let mut other = Event::new(
        "t",
        System::Swiss,
        5,
        Settings {
            lots_seed: 7,
            ..Settings::default()
        },
    )
    .unwrap();
    other
        .add_player(Player::new("A", "1d".parse::<Rank>().unwrap()))
        .unwrap();
    assert_ne!(other.lot(PlayerId(0)), ev.lot(PlayerId(0)));
}

#[test]
fn a_player_is_edited_and_the_name_follows() {
    let mut ev = swiss(&["A", "B"]);
    let mut a = Player::new("Ann", "2d".parse::<Rank>().unwrap());
    a.club = Some("Go club".into());
    ev.edit_player(PlayerId(0), a.clone()).unwrap();
    assert_eq!(ev.find("Ann").unwrap(), PlayerId(0));
    assert!(ev.find("A").is_err());
    assert!(
        ev.edit_player(PlayerId(1), Player::new("Ann", "1d".parse::<Rank>().unwrap()))
            .is_err()
    );
    assert!(
        ev.edit_player(PlayerId(1), Player::new("  ", "1d".parse::<Rank>().unwrap()))
            .is_err()
    );
    ev.pair_next().unwrap();
    let mut moved = a.clone();
    moved.rank = "3d".parse().unwrap();
    assert!(ev.edit_player(PlayerId(0), moved).is_err());
    a.club = None;
    ev.edit_player(PlayerId(0), a).unwrap();
}

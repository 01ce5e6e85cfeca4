use super::*;
use crate::{Event, GameResult, Player, Rank, Settings, System as Pairing};

fn game(opponent: Rating, score: f64) -> RatedGame {
    RatedGame {
        opponent,
        score,
        handicap: 0,
    }
}

fn close(a: f64, b: f64, within: f64) -> bool {
    (a - b).abs() <= within
}

// The EGD's example of the 2021 system: two 1-dan players of GoR 2100; the winner gains
// con·(1 − 0.5) + bonus = 8.790 + 0.516 and reaches 2109.306, the loser 2091.725.
#[test]
fn gor_two_1_dan_players_of_2100_the_egd_example() {
    assert!(close(gor_con(2100.0), 17.580, 0.001), "{}", gor_con(2100.0));
    assert!(close(gor_bonus(2100.0), 0.5158, 0.0001), "{}", gor_bonus(2100.0));
    assert_eq!(gor_expected(2100.0, 2100.0), 0.5);
    let win = gor_update(2100.0, &[game(Rating::new(2100.0), 1.0)]);
    let loss = gor_update(2100.0, &[game(Rating::new(2100.0), 0.0)]);
    assert!(close(win, 2109.306, 0.0005), "{win}");
    assert!(close(loss, 2091.725, 0.0005), "{loss}");
}

#[test]
fn gor_expects_the_stronger_to_win_more_often_at_the_top_than_at_the_bottom() {
    // One grade apart: a 5 dan against a 4 dan is surer than a 4 kyu against a 5 kyu.
    let dan = gor_expected(2600.0, 2500.0);
    let kyu = gor_expected(1700.0, 1600.0);
    assert!(dan > kyu && kyu > 0.5, "{dan} {kyu}");
    // The bonus vanishes for strong players and grows for weak ones.
    assert!(gor_bonus(2700.0) < 0.01 && gor_bonus(100.0) > 5.0);
}

#[test]
fn gor_a_handicap_game_counts_the_stones_less_half_a_stone() {
    // 3 stones received: 250 points; a game without komi (one stone): 50.
    assert_eq!(gor_handicap_shift(3), 250.0);
    assert_eq!(gor_handicap_shift(1), 50.0);
    assert_eq!(gor_handicap_shift(-3), -250.0);
    assert_eq!(gor_handicap_shift(0), 0.0);
    // A 1k (2000) receiving 3 stones from a 3d (2300) is nearly even, and White's gain for a
    // win is about what the rating difference alone would give a player of 2050.
    let black = RatedGame {
        opponent: Rating::new(2300.0),
        score: 1.0,
        handicap: 3,
    };
    let with = gor_update(2000.0, &[black]) - 2000.0;
    let without = gor_update(2000.0, &[RatedGame { handicap: 0, ..black }]) - 2000.0;
    assert!(with < without, "{with} {without}");
    let expected = gor_expected(2250.0, 2300.0);
    assert!(close(
        with,
        gor_con(2000.0) * (1.0 - expected) + gor_bonus(2000.0),
        1e-9
    ));
}

#[test]
fn gor_never_goes_below_the_floor() {
    let r = gor_update(-890.0, &[game(Rating::new(-500.0), 0.0); 5]);
    assert_eq!(r, GOR_FLOOR);
}

// Glickman, "Example of the Glicko-2 system": a player of 1500, RD 200, σ 0.06 plays
// 1400/30, 1550/100 and 1700/300, winning the first and losing the others, τ = 0.5:
// 1464.06, RD 151.52, σ 0.05999. The paper rounds μ' to −0.2069 before it scales it back;
// unrounded the rating is 1464.0507, so it is checked to the paper's 0.01.
#[test]
fn glicko2_glickmans_example() {
    let games = [
        game(Rating::glicko(1400.0, 30.0, 0.06), 1.0),
        game(Rating::glicko(1550.0, 100.0, 0.06), 0.0),
        game(Rating::glicko(1700.0, 300.0, 0.06), 0.0),
    ];
    let r = glicko2_update(Rating::glicko(1500.0, 200.0, 0.06), &games, 0.5);
    assert!(close(r.value, 1464.06, 0.01), "{r:?}");
    assert!(close(r.deviation.unwrap(), 151.52, 0.005), "{r:?}");
    assert!(close(r.volatility.unwrap(), 0.05999, 0.00001), "{r:?}");
}

#[test]
fn glicko2_without_games_only_the_deviation_grows() {
    let r = glicko2_update(Rating::glicko(1500.0, 200.0, 0.06), &[], 0.5);
    assert_eq!(r.value, 1500.0);
    assert!(close(r.deviation.unwrap(), 200.27, 0.01), "{r:?}");
}

// The textbook Elo example: 1613 meets 1609 (lost), 1477 (drawn), 1388 (won), 1586 (won)
// and 1720 (lost), K = 32: expected 2.867, scored 2.5, new rating 1601.
#[test]
fn elo_the_five_game_example() {
    let games: Vec<RatedGame> = [
        (1609.0, 0.0),
        (1477.0, 0.5),
        (1388.0, 1.0),
        (1586.0, 1.0),
        (1720.0, 0.0),
    ]
    .iter()
    .map(|&(o, s)| game(Rating::new(o), s))
    .collect();
    let expected: f64 = games
        .iter()
        .map(|g| elo_expected(1613.0, g.opponent.value, 400.0))
        .sum();
    assert!(close(expected, 2.867, 0.001), "{expected}");
    let r = elo_update(1613.0, &games, 32.0, 400.0);
    assert_eq!(r.round(), 1601.0, "{r}");
    // Another K and scale: the event's.
    let r16 = elo_update(1613.0, &games, 16.0, 400.0);
    assert!(close(r16 - 1613.0, (r - 1613.0) / 2.0, 1e-9));
    assert!(elo_expected(1700.0, 1600.0, 200.0) > elo_expected(1700.0, 1600.0, 400.0));
}

#[test]
fn systems_read_back_as_written_and_refuse_nonsense() {
    for s in ["gor", "glicko2:0.5", "elo:32:400", "elo:10:200"] {
        assert_eq!(s.parse::<System>().unwrap().name(), s);
    }
    assert_eq!("elo".parse::<System>().unwrap(), System::Elo { k: 32.0, scale: 400.0 });
    assert_eq!("glicko2".parse::<System>().unwrap(), System::Glicko2 { tau: 0.5 });
    for s in ["", "fide", "elo:0", "elo:32:5", "glicko2:9", "gor:1", "elo:x"] {
        assert!(matches!(s.parse::<System>(), Err(RatingError::System(_))), "{s}");
    }
}

fn three_players() -> Event {
    let mut ev = Event::new("t", Pairing::RoundRobin { cycles: 1 }, 3, Settings::default()).unwrap();
    for (n, r) in [("A", "2d"), ("B", "1d"), ("C", "1k")] {
        ev.add_player(Player::new(n, r.parse::<Rank>().unwrap())).unwrap();
    }
    ev
}

#[test]
fn freeze_takes_each_players_latest_rating_on_or_before_the_date() {
    let ev = three_players();
    let d = |s: &str| s.parse::<Date>().unwrap();
    let entry = |n: &str, v: f64, date: &str| ListEntry {
        name: n.into(),
        rating: Rating::new(v),
        date: d(date),
    };
    let list = [
        entry("A", 2150.0, "2026-01-01"),
        entry("A", 2180.0, "2026-06-01"),
        entry("A", 2250.0, "2026-12-01"),
        entry("B", 2050.0, "2026-12-02"),
        entry("Z", 1000.0, "2026-01-01"),
    ];
    let f = freeze(&ev, System::Gor, d("2026-11-30"), &list);
    assert_eq!(f.ratings, vec![Some(Rating::new(2180.0)), None, None]);
}

#[test]
fn an_event_is_rated_as_one_period_from_the_frozen_ratings() {
    let mut ev = Event::new("t", Pairing::Swiss, 3, Settings::default()).unwrap();
    for (n, r) in [("A", "2d"), ("B", "1d"), ("C", "1k"), ("D", "1k")] {
        ev.add_player(Player::new(n, r.parse::<Rank>().unwrap())).unwrap();
    }
    let frozen = Frozen {
        system: System::Gor,
        as_of: "2026-11-30".parse().unwrap(),
        ratings: vec![
            Some(Rating::new(2200.0)),
            Some(Rating::new(2100.0)),
            Some(Rating::new(2000.0)),
            None,
        ],
    };
    let p = PlayerId;
    let win = |c| GameResult::Win {
        winner: c,
        by: crate::WinBy::Resignation,
    };
    // Round 1: A (Black) beats B; C beats D, who is unrated. Round 2: B beats C by forfeit,
    // A and D drawn. Round 3 paired, no result yet: not rated.
    ev.pair_manual(&[(p(0), p(1)), (p(2), p(3))], &[]).unwrap();
    ev.set_result(1, 1, win(Color::Black)).unwrap();
    ev.set_result(1, 2, win(Color::Black)).unwrap();
    ev.pair_manual(&[(p(1), p(2)), (p(0), p(3))], &[]).unwrap();
    ev.set_result(2, 1, GameResult::forfeit(Color::Black)).unwrap();
    ev.set_result(2, 2, GameResult::Draw).unwrap();
    ev.pair_manual(&[(p(0), p(2)), (p(1), p(3))], &[]).unwrap();
    ev.set_result(3, 1, win(Color::White)).unwrap();
    let h = |round: u32, board: u32| if (round, board) == (1, 1) { 2 } else { 0 };
    let changes = event_ratings(&ev, &frozen, &h);
    assert_eq!(
        changes.iter().map(|c| c.player).collect::<Vec<_>>(),
        vec![p(0), p(1), p(2)]
    );
    let (a, b, c) = (changes[0], changes[1], changes[2]);
    assert_eq!((a.games, b.games, c.games), (1, 1, 0));
    let hg = |opp: f64, score: f64, handicap: i32| RatedGame {
        opponent: Rating::new(opp),
        score,
        handicap,
    };
    assert!(close(a.after.value, gor_update(2200.0, &[hg(2100.0, 1.0, 2)]), 1e-9));
    assert!(close(b.after.value, gor_update(2100.0, &[hg(2200.0, 0.0, -2)]), 1e-9));
    assert_eq!(c.after, c.before);
    assert!(a.change() > 0.0 && b.change() < 0.0);
}

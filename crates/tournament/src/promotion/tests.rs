use super::*;
use crate::{Event, GameResult, Player, Rank, Settings, System};
use rules::Color;

#[test]
fn a_rule_reads_as_the_director_writes_it_and_prints_back() {
    let r: Rule = "dan=4:15,3:20,2:25,1:30 kyu=75 min-games=5".parse().unwrap();
    assert_eq!(r.dan_quota, vec![(4, 15), (3, 20), (2, 25), (1, 30)]);
    assert_eq!(r.kyu_win_rate, Some(75));
    assert_eq!(r.min_games, 5);
    assert_eq!(r.to_string(), "dan=4:15,3:20,2:25,1:30 kyu=75 min-games=5");
    assert_eq!(r.to_string().parse::<Rule>().unwrap(), r);
    for bad in [
        "dan=8:10",
        "dan=4:150",
        "kyu=x",
        "dan=4",
        "grade=1",
        "dan=4:10,4:20",
        "min-games=-1",
    ] {
        assert!(bad.parse::<Rule>().is_err(), "{bad}");
    }
}

#[test]
fn the_quota_rounds_half_up() {
    assert_eq!(quota(20, 15), 3);
    assert_eq!(quota(10, 15), 2); // 1.5 → 2
    assert_eq!(quota(9, 15), 1); // 1.35 → 1
    assert_eq!(quota(3, 15), 0); // 0.45
    assert_eq!(quota(1, 50), 1); // 0.5
    assert_eq!(quota(3, 0), 0);
    assert_eq!(quota(0, 30), 0);
}

/// Ten 1-dan players and four 5-kyu players; round 1 pairs 1d against 1d and 5k against 5k,
/// Black wins everywhere.
fn event(rounds: &[&[(usize, usize, GameResult)]]) -> Event {
    let mut ev = Event::new("p", System::Swiss, 5, Settings::default()).unwrap();
    for i in 0..10 {
        ev.add_player(Player::new(&format!("d{i}"), Rank::Dan(1))).unwrap();
    }
    for i in 0..4 {
        ev.add_player(Player::new(&format!("k{i}"), Rank::Kyu(5))).unwrap();
    }
    for (n, games) in rounds.iter().enumerate() {
        let pairs: Vec<_> = games.iter().map(|&(b, w, _)| (PlayerId(b), PlayerId(w))).collect();
        ev.pair_manual(&pairs, &[]).unwrap();
        for (board, &(_, _, res)) in games.iter().enumerate() {
            ev.set_result(n as u32 + 1, board as u32 + 1, res).unwrap();
        }
    }
    ev
}

const B: GameResult = GameResult::Win {
    winner: Color::Black,
    by: crate::WinBy::Resignation,
};
const W: GameResult = GameResult::Win {
    winner: Color::White,
    by: crate::WinBy::Resignation,
};

#[test]
fn dan_players_are_promoted_by_the_quota_of_their_group_in_standings_order() {
    // Round 1: d0 d2 d4 d6 d8 win; round 2: d0 beats d2, d4 beats d6, d8 loses to d1.
    let r1: Vec<_> = (0..5)
        .map(|i| (2 * i, 2 * i + 1, B))
        .chain([(10, 11, B), (12, 13, B)])
        .collect();
    let r2 = vec![
        (0, 2, B),
        (4, 6, B),
        (1, 8, B),
        (3, 5, B),
        (7, 9, B),
        (10, 12, B),
        (11, 13, W),
    ];
    let ev = event(&[&r1, &r2]);
    let st = ev.standings();
    let rule: Rule = "dan=1:20 kyu=100 min-games=2".parse().unwrap();
    let list = promotions(&ev, &st, &rule);
    // 20 % of ten 1-dan players: two, the two with 2 wins (d0 and d4), in standings order.
    let dan: Vec<_> = list.iter().filter(|p| p.from == Rank::Dan(1)).collect();
    assert_eq!(dan.len(), 2);
    let names: Vec<&str> = dan.iter().map(|p| ev.player(p.player).name.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, vec!["d0", "d4"]);
    assert!(dan.iter().all(|p| p.to == Rank::Dan(2)));
    assert!(matches!(
        dan[0].reason,
        Reason::Quota {
            place_in_group: 1,
            quota: 2,
            group: 10
        }
    ));
    // Kyu at 100 %: k0 won both (beat k1, then k2); k3 won one of two.
    let kyu: Vec<_> = list.iter().filter(|p| p.from == Rank::Kyu(5)).collect();
    assert_eq!(kyu.len(), 1);
    assert_eq!(ev.player(kyu[0].player).name, "k0");
    assert_eq!(kyu[0].to, Rank::Kyu(4));
    assert_eq!(
        kyu[0].reason,
        Reason::WinRate {
            wins_doubled: 4,
            games: 2
        }
    );
}

#[test]
fn a_player_short_of_games_or_withdrawn_leaves_the_place_to_the_next() {
    let r1: Vec<_> = (0..5)
        .map(|i| (2 * i, 2 * i + 1, B))
        .chain([(10, 11, B), (12, 13, B)])
        .collect();
    let mut ev = event(&[&r1]);
    let rule: Rule = "dan=1:10 kyu=50 min-games=1".parse().unwrap();
    let first = promotions(&ev, &ev.standings(), &rule);
    let winner = first.iter().find(|p| p.from == Rank::Dan(1)).unwrap().player;
    ev.withdraw(winner).unwrap();
    let after = promotions(&ev, &ev.standings(), &rule);
    let dan: Vec<_> = after.iter().filter(|p| p.from == Rank::Dan(1)).collect();
    assert_eq!(dan.len(), 1);
    assert_ne!(dan[0].player, winner);
    assert!(matches!(dan[0].reason, Reason::Quota { place_in_group: 2, .. }));
    // Two games required: nobody has them.
    let strict: Rule = "dan=1:50 kyu=50 min-games=2".parse().unwrap();
    assert!(promotions(&ev, &ev.standings(), &strict).is_empty());
}

#[test]
fn a_draw_counts_half_a_win_for_the_kyu_rate() {
    let r1 = vec![
        (0, 1, B),
        (2, 3, B),
        (4, 5, B),
        (6, 7, B),
        (8, 9, B),
        (10, 11, GameResult::Draw),
        (12, 13, B),
    ];
    let r2 = vec![
        (0, 2, B),
        (1, 3, B),
        (4, 6, B),
        (5, 7, B),
        (8, 9, B),
        (10, 12, B),
        (11, 13, B),
    ];
    let ev = event(&[&r1, &r2]);
    // k0: a draw and a win, 75 %.
    let at75: Rule = "kyu=75".parse().unwrap();
    let at80: Rule = "kyu=80".parse().unwrap();
    let name = |l: &[Promotion]| l.iter().map(|p| ev.player(p.player).name.clone()).collect::<Vec<_>>();
    assert!(name(&promotions(&ev, &ev.standings(), &at75)).contains(&"k0".to_string()));
    assert!(!name(&promotions(&ev, &ev.standings(), &at80)).contains(&"k0".to_string()));
}

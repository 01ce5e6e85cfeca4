//! The same seeded random events are built twice, in memory with the tournament crate and
//! through the store; after every change the event loaded from the database must equal the
//! one in memory (players, rounds with their origin and explanation, results, voids, warnings,
//! statuses, the log), and both must refuse the same things.

use rules::playout::Rng;
use storage::Store;
use tournament::{Event, GameResult, Player, PlayerId, Rank, Settings, System};

use crate::{Backend, TestDb, new_event};

both!(replayed_events_equal_the_events_built_in_memory);

fn random_result(rng: &mut Rng, decisive_only: bool) -> GameResult {
    let k = if decisive_only {
        5 + rng.below(15)
    } else {
        rng.below(20)
    };
    let text = match k {
        0 => "0",
        1 => "Void",
        2 => "both-lose",
        3 => "B+F",
        4 => "W+F",
        5..=11 => "B+R",
        12..=15 => "W+1.5",
        _ => "W+T",
    };
    text.parse().unwrap()
}

fn name(ev: &Event, p: PlayerId) -> String {
    ev.player(p).name.clone()
}

/// Drives one event through `store` and `live` side by side.
fn drive(b: Backend, seed: u64, system: System, n_players: usize) {
    let mut rng = Rng::new(seed);
    let db = TestDb::new(b, &format!("replay-{seed}"));
    let mut store = db.open();
    let id = format!("ev{seed}");
    let settings = Settings {
        lots_seed: seed,
        avoid_same_club: rng.below(2) == 0,
        ..Settings::default()
    };
    let mut e = new_event(&id, system, 5);
    e.settings = settings.clone();
    let mut live = Event::new(&e.name, system, 5, settings).unwrap();
    assert_eq!(store.create_event(&e).unwrap(), live);
    let knockout = matches!(system, System::Knockout { .. });
    let bracket = matches!(system, System::Knockout { lives: 1 | 2, .. });
    let swiss_like = matches!(
        system,
        System::Swiss | System::McMahon { .. } | System::SwissElimination { .. }
    );
    let mut next_player = 0;
    let mut add = |store: &mut Store, live: &mut Event, rng: &mut Rng| {
        let mut p = Player::new(&format!("P{next_player}"), Rank::kyu(1 + rng.below(20) as u8).unwrap());
        next_player += 1;
        p.rating = (rng.below(3) > 0).then(|| 1500 + rng.below(800) as i32);
        p.club = (rng.below(2) == 0).then(|| format!("club{}", rng.below(3)));
        let a = store.add_player(&id, &p).map_err(|e| e.to_string());
        let b = live.add_player(p).map_err(|e| format!("event {id:?}: {e}"));
        assert_eq!(
            a.as_ref().map(|_| ()),
            b.as_ref().map(|_| ()),
            "add player, seed {seed}"
        );
    };
    for _ in 0..n_players {
        add(&mut store, &mut live, &mut rng);
    }
    if rng.below(3) == 0 {
        // Art. 28.1: a withdrawal before the start.
        let p = PlayerId(rng.below(n_players));
        store.withdraw(&id, &name(&live, p), "before the start").unwrap();
        live.withdraw(p).unwrap();
    }
    for step in 0..60 {
        let unfinished: Vec<u32> = live
            .rounds()
            .last()
            .map(|r| {
                r.games
                    .iter()
                    .filter(|g| g.result.is_none() && !g.void)
                    .map(|g| g.board)
                    .collect()
            })
            .unwrap_or_default();
        let roll = rng.below(20);
        if roll == 0 && !live.rounds().is_empty() {
            let p = PlayerId(rng.below(live.players().len()));
            let a = store
                .withdraw(&id, &name(&live, p), "ill")
                .map(|_| ())
                .map_err(|e| e.to_string());
            let b = live.withdraw(p).map_err(|e| format!("event {id:?}: {e}"));
            assert_eq!(a, b, "withdraw, seed {seed} step {step}");
        } else if roll == 1 && swiss_like {
            add(&mut store, &mut live, &mut rng);
        } else if roll == 2 && !live.rounds().is_empty() {
            // A warning to Black on a random board of the last round.
            let r = live.rounds().last().unwrap();
            if let Some(g) = r.games.get(rng.below(r.games.len().max(1))) {
                let (round, board, black) = (r.number, g.board, g.black);
                store
                    .add_warning(&id, round, board, &name(&live, black), "clock")
                    .unwrap();
                live.add_warning(round, board, rules::Color::Black).unwrap();
            }
        } else if roll == 3 && live.rounds().len() > 1 {
            // A correction in an earlier round.
            let r = &live.rounds()[rng.below(live.rounds().len() - 1)];
            if let Some(g) = r.games.iter().find(|g| !g.void && g.result.is_some()) {
                let (round, board) = (r.number, g.board);
                let res = random_result(&mut rng, knockout);
                store.record_result(&id, round, board, res, true).unwrap();
                live.set_result(round, board, res).unwrap();
            }
        } else if let Some(&board) = unfinished.first() {
            let round = live.rounds().len() as u32;
            let res = random_result(&mut rng, knockout);
            store.record_result(&id, round, board, res, false).unwrap();
            live.set_result(round, board, res).unwrap();
        } else {
            let how = if bracket { 0 } else { rng.below(6) };
            let a;
            let b;
            match how {
                0..=3 => {
                    a = store.pair_next(&id).map(|_| ()).map_err(|e| e.to_string());
                    b = live.pair_next().map(|_| ()).map_err(|e| format!("event {id:?}: {e}"));
                }
                4 => {
                    // The director swaps the colors of board 1 of the proposal.
                    let Ok(p) = live.propose() else { break };
                    let mut games: Vec<(PlayerId, PlayerId)> = p.games.iter().map(|g| (g.black, g.white)).collect();
                    if let Some(g) = games.first_mut() {
                        *g = (g.1, g.0);
                    }
                    let by_name: Vec<(String, String)> =
                        games.iter().map(|&(x, y)| (name(&live, x), name(&live, y))).collect();
                    let byes: Vec<String> = p.byes.iter().map(|&x| name(&live, x)).collect();
                    a = store
                        .pair_amended(&id, &by_name, &byes)
                        .map(|_| ())
                        .map_err(|e| e.to_string());
                    let byes_ids = p.byes.clone();
                    // The store gives a handicap game's Black to the weaker, as the system does.
                    let games = tournament::handicap::colours(&live, p.round, &games);
                    b = live
                        .accept_amended(p, &games, &byes_ids)
                        .map(|_| ())
                        .map_err(|e| format!("event {id:?}: {e}"));
                }
                _ => {
                    // A manual round: the active players in registration order, the last
                    // one of an odd field idle.
                    let active: Vec<PlayerId> = (0..live.players().len())
                        .map(PlayerId)
                        .filter(|&p| live.is_active(p))
                        .collect();
                    let games: Vec<(PlayerId, PlayerId)> = active.chunks_exact(2).map(|c| (c[0], c[1])).collect();
                    let by_name: Vec<(String, String)> =
                        games.iter().map(|&(x, y)| (name(&live, x), name(&live, y))).collect();
                    a = store
                        .pair_manual(&id, &by_name, &[])
                        .map(|_| ())
                        .map_err(|e| e.to_string());
                    let round = live.rounds().len() as u32 + 1;
                    let games = tournament::handicap::colours(&live, round, &games);
                    b = live
                        .pair_manual(&games, &[])
                        .map(|_| ())
                        .map_err(|e| format!("event {id:?}: {e}"));
                }
            }
            assert_eq!(a, b, "pairing, seed {seed} step {step}");
            if a.is_err() {
                break;
            }
        }
        assert_eq!(store.load_event(&id).unwrap(), live, "seed {seed} step {step}");
    }
    assert_eq!(store.load_event(&id).unwrap().standings(), live.standings());
}

fn replayed_events_equal_the_events_built_in_memory(b: Backend) {
    let systems = [
        System::Swiss,
        System::McMahon {
            bar: Rank::Kyu(3),
            floor: Rank::Kyu(15),
        },
        System::SwissElimination { losses: 2 },
        System::RoundRobin { cycles: 1 },
        System::RoundRobin { cycles: 2 },
        System::Knockout {
            lives: 1,
            best_of: 1,
            grand_final_reset: false,
        },
        System::Knockout {
            lives: 2,
            best_of: 3,
            grand_final_reset: true,
        },
        System::Knockout {
            lives: 3,
            best_of: 1,
            grand_final_reset: false,
        },
    ];
    for seed in 0..24u64 {
        let system = systems[seed as usize % systems.len()];
        drive(b, seed, system, 4 + (seed as usize * 7) % 9);
    }
}

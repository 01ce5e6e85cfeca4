//! What the game page needs of a referee record beyond the server's state: the record as SGF
//! (the download), and the view's extras — the names by colour, the last move, who proposed
//! the end, who accepted the marking, the count, and the log of the record in both languages.

use crate::scoring::Answer;
use crate::wire::games::BlackWhite;
use crate::wire::json::as_json;
use crate::wire::view::{
    CountShown, LogLine, MachineChain, Named, PlayedMove, Quarters, ScorerFailed, ScorerShown, ViewExtras,
};
use referee::{Referee, Seat};
use rules::life::Proposal;
use rules::{Color, Move};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

fn seat_index(s: Seat) -> usize {
    match s {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// The player holding `color` (the first player before the colours are settled).
fn player(r: &Referee, color: Color) -> &referee::Player {
    let seat = r.seat_of(color).unwrap_or(match color {
        Color::Black => Seat::First,
        Color::White => Seat::Second,
    });
    &r.settings().players[seat_index(seat)]
}

/// The game of `r` as an `FF[4]` SGF file, by the one converter of a refereed game
/// ([`sgf::from_referee`], the arena's too): players, ranks, `DT`, `PC`, `EV`, `RO`, `TM`/`OT`,
/// komi, handicap, moves with the time left, the referee's notes (warnings, void moves, lost
/// turns, adjudications) as comments and `WQREF`, `RE` (the referee's
/// [`referee::Outcome::sgf`]) and the result and count in words. `DT` is the day of the
/// record's first event when `meta` has none.
///
/// `proposed_by` ([`proposer_note`]) is added to the last comment, after the count.
pub fn game_sgf(r: &Referee, meta: &sgf::Meta, proposed_by: Option<&str>) -> String {
    let mut meta = meta.clone();
    if meta.date.is_none() {
        meta.date = r.events().first().map(|e| sgf::refereed::date_of(e.at.0));
    }
    match sgf::from_referee(r, &meta) {
        Ok(mut record) => {
            if let Some(note) = proposed_by {
                let last = *record.main_line().last().unwrap_or(&sgf::NodeId::ROOT);
                let node = record.node_mut(last);
                node.comment = Some(match node.comment.take() {
                    Some(c) => format!("{c} {note}"),
                    None => note.to_string(),
                });
            }
            sgf::write(&record)
        }
        // The server's own record always replays; were it not to, the moves still download.
        Err(e) => {
            let mut record = sgf::Record::from_game(r.game(), sgf::refereed::info(r.settings(), 0, &meta));
            record.root_mut().comment = Some(format!("The referee's record did not replay: {e}"));
            sgf::write(&record)
        }
    }
}

/// Who proposed the dead stones of a counted game, for its record: the scorer by name once it
/// answered on the final position (`answer`), else the built-in judgement (saying why, when
/// the scorer failed); nothing when a scorer (`has_scorer`) was never heard from on it (a
/// server restarted since: its answers are not stored).
pub fn proposer_note(has_scorer: bool, answer: Option<&Answer>) -> Option<String> {
    match answer {
        Some(Answer::Dead { name, .. }) => Some(format!("Dead stones proposed by {name}.")),
        Some(Answer::Failed { en, .. }) => Some(format!("Dead stones proposed by the built-in judgement ({en}).")),
        Some(Answer::Asking) => None,
        None if has_scorer => None,
        None => Some("Dead stones proposed by the built-in judgement.".to_string()),
    }
}

/// The built-in proposals (Art. 8) of the positions games are counted on, by game and
/// position, so that the many views of one counting (each player's, each spectator's, one
/// after every push) run the playouts once. Kept in memory, a bounded number of them.
#[derive(Clone)]
pub struct Proposals {
    all: Arc<Mutex<ByPosition>>,
    max: usize,
}

/// Proposals by game and position ([`crate::scoring::position_key`]).
type ByPosition = HashMap<(i64, u64), Arc<Proposal>>;

impl Default for Proposals {
    /// At most 1,000 proposals (about 1 MB).
    fn default() -> Proposals {
        Proposals::with_max(1_000)
    }
}

impl Proposals {
    /// At most `max` proposals kept; beyond it they are all forgotten (made again if wanted).
    pub fn with_max(max: usize) -> Proposals {
        Proposals {
            all: Arc::default(),
            max: max.max(1),
        }
    }

    /// The proposal for game `id` at `r`'s position, made on the first look.
    pub fn of(&self, id: i64, r: &Referee) -> Arc<Proposal> {
        let key = (id, crate::scoring::position_key(r.game()));
        if let Some(p) = self.all.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return p.clone();
        }
        // Made outside the lock: another view of another game need not wait for it.
        let made = Arc::new(r.machine_proposal());
        let mut all = self.all.lock().unwrap_or_else(|e| e.into_inner());
        if all.len() >= self.max {
            all.clear();
        }
        all.entry(key).or_insert(made).clone()
    }
}

/// The extras of the game view: `names`, `last_move`, `moves`, `end_proposed_by`,
/// `marking_accepted`, `machine_marking` (the chains the machine proposes dead), `machine_unsure`
/// (those it is unsure of: shown apart, never pre-marked), `machine_chains` (each chain dead,
/// in seki or unsure, with its reason in both languages), `count`, `may_recount` (Art. 16.4), and `log` (each event's summary in both
/// languages, with its article).
pub fn game_view(r: &Referee, scorer: Option<&Answer>, proposals: &Proposals, id: i64) -> Value {
    let g = r.game();
    let counting = r.phase() == referee::Phase::Counting;
    let machine = counting.then(|| proposals.of(id, r));
    let scorer = scorer.filter(|_| counting);
    let size = g.rules().size;
    let names = |c: Color| {
        let p = player(r, c);
        Named {
            name: p.name.clone(),
            rank: p.rank.to_string(),
        }
    };
    let last = g.history().last().map(|h| match h.mv {
        Move::Play(p) => PlayedMove {
            color: color_name(h.color),
            point: size.gtp(p),
        },
        Move::Pass => PlayedMove {
            color: color_name(h.color),
            point: "pass".into(),
        },
    });
    let accepted = r.marking_accepted();
    // The count as the page explains it (Art. 9, 11, 24), amounts in quarter stones (the
    // rules crate's `HalfPoints`: 4 a stone), and who owns each point (territory shading).
    let count = r.count().map(|c| {
        let n = size.get() as usize;
        let owner: Vec<String> = c
            .owner
            .chunks(n)
            .map(|row| {
                row.iter()
                    .map(|o| match o {
                        Some(Color::Black) => 'b',
                        Some(Color::White) => 'w',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let komi = g.rules().komi.0;
        let both = |v: [u32; 2]| BlackWhite {
            black: v[0],
            white: v[1],
        };
        CountShown {
            area: both(c.area),
            stones: both(c.stones),
            territory: both(c.territory),
            dame: c.dame,
            penalties: both(c.penalties),
            quarters: Quarters {
                black: c.counts[0].0,
                white: c.counts[1].0,
                par: 2 * c.size.n_points() as i32,
                komi,
                handicap: c.threshold.0 - 2 * c.size.n_points() as i32 - komi,
                threshold: c.threshold.0,
                margin: c.margin.0,
            },
            owner,
        }
    });
    // The moves made before each event (a void stone is no move, a lost turn is a pass of
    // the game's), so the review puts each ruling after its move.
    let mut made = 0usize;
    let mut moves_before = Vec::with_capacity(r.events().len());
    for effects in r.effects() {
        moves_before.push(made);
        made += effects
            .iter()
            .filter(|e| matches!(e, referee::Effect::Placed { .. } | referee::Effect::Passed { .. }))
            .count();
    }
    let n = size.get();
    let start: Vec<String> = (0..n)
        .map(|y| {
            (0..n)
                .map(|x| match g.start().get(rules::Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    let history: Vec<PlayedMove> = g
        .history()
        .iter()
        .map(|h| PlayedMove {
            color: color_name(h.color),
            point: match h.mv {
                Move::Play(p) => size.gtp(p),
                Move::Pass => "pass".to_string(),
            },
        })
        .collect();
    let log: Vec<LogLine> = (0..r.events().len())
        .filter_map(|i| {
            r.summary(i).map(|s| LogLine {
                index: i,
                after_move: moves_before.get(i).copied().map(|m| m.min(g.history().len())),
                at: r.events()[i].at.0,
                en: s.en,
                zh: s.zh,
                article: s.article.map(|a| {
                    if a.clause == 0 {
                        a.number.to_string()
                    } else {
                        format!("{}.{}", a.number, a.clause)
                    }
                }),
                overruled: r.overruled().contains(&i),
                // An official's event: a ruling the players' page tells them of.
                official: match r.events()[i].actor {
                    referee::Actor::Referee => Some("referee"),
                    referee::Actor::ChiefReferee => Some("chief_referee"),
                    _ => None,
                },
            })
        })
        .collect();
    let points = |ps: &[rules::Point]| ps.iter().map(|&p| size.gtp(p)).collect::<Vec<_>>();
    as_json(&ViewExtras {
        names: BlackWhite {
            black: names(Color::Black),
            white: names(Color::White),
        },
        last_move: last,
        moves: g.history().len(),
        end_proposed_by: r.end_proposed_by().map(color_name),
        marking_accepted: BlackWhite {
            black: accepted[0],
            white: accepted[1],
        },
        machine_marking: match scorer {
            Some(Answer::Dead { dead, .. }) => points(dead),
            _ => machine.as_ref().map_or(vec![], |m| points(&m.dead)),
        },
        // The scorer's answer leaves nothing unsure: it said dead or not of every stone.
        machine_unsure: match scorer {
            Some(Answer::Dead { .. }) => vec![],
            _ => machine.as_ref().map_or(vec![], |m| points(&m.unsure)),
        },
        machine_chains: match scorer {
            Some(Answer::Dead { dead, name }) => scorer_chains(r, dead, name),
            _ => machine.as_ref().map_or(vec![], |m| {
                m.explained()
                    .map(|c| MachineChain {
                        stones: points(&c.stones),
                        color: color_name(c.color),
                        status: c.status.code(),
                        reason: c.reason.code(),
                        en: c.reason.describe(rules::Lang::En).to_string(),
                        zh: c.reason.describe(rules::Lang::Zh).to_string(),
                    })
                    .collect()
            }),
        },
        machine_proposed_by: match scorer {
            Some(Answer::Dead { .. }) => "scorer",
            _ => "builtin",
        },
        machine_scorer: scorer.map(|a| match a {
            Answer::Asking => ScorerShown {
                asking: Some(true),
                ..ScorerShown::default()
            },
            Answer::Dead { name, .. } => ScorerShown {
                name: Some(name.clone()),
                ..ScorerShown::default()
            },
            Answer::Failed { en, zh } => ScorerShown {
                failed: Some(ScorerFailed {
                    message: en.clone(),
                    zh: zh.clone(),
                }),
                ..ScorerShown::default()
            },
        }),
        count,
        // Art. 16.4: whether a recount may be asked for (a counted result, not confirmed).
        may_recount: r.may_recount(),
        // The start position (handicap stones) and every move, for the move list and review.
        start,
        history,
        log,
    })
}

/// The scorer's dead stones `dead` as the chains of the board that hold them, each with the
/// reason `scorer`.
fn scorer_chains(r: &Referee, dead: &[rules::Point], name: &str) -> Vec<MachineChain> {
    let size = r.game().rules().size;
    arena::scorer::dead_chains(r.game().board(), dead)
        .into_iter()
        .map(|(color, stones)| MachineChain {
            stones: stones.iter().map(|&q| size.gtp(q)).collect(),
            color: color_name(color),
            status: "dead",
            reason: "scorer",
            en: format!("proposed dead by {name}"),
            zh: format!("由 {name} 提议为死子"),
        })
        .collect()
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

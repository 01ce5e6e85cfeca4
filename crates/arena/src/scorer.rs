//! An external scorer: a GTP engine asked for its `final_status_list dead` on a finished
//! game, within a deadline, with the built-in proposal (`rules::life::propose_dead`) as the
//! fall-back. Art. 8 leaves dead stones to the players; the scorer, like the built-in
//! proposal, only proposes, and the caller records which of them did.

use crate::client::{Engine, GtpError};
use rules::life::{Proposal, ProposalSettings, propose_dead};
use rules::{Board, Color, Game, Move, Point};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::time::Time;

/// Who proposed the dead stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProposedBy {
    /// The built-in proposal; `fallback` says why the external scorer was not used, if one
    /// was asked for.
    Builtin {
        /// The scorer's failure, when a scorer was asked and failed.
        fallback: Option<String>,
    },
    /// The external scorer, by its GTP name.
    Scorer(String),
}

impl ProposedBy {
    /// A short text for records and JSON: `builtin`, `builtin (scorer failed: ...)` or
    /// `scorer NAME`.
    pub fn describe(&self) -> String {
        match self {
            ProposedBy::Builtin { fallback: None } => "builtin".to_string(),
            ProposedBy::Builtin { fallback: Some(why) } => format!("builtin (scorer failed: {why})"),
            ProposedBy::Scorer(name) => format!("scorer {name}"),
        }
    }
}

/// An external scorer: a GTP engine's command line and the deadline for the whole exchange
/// (start, set-up, `final_status_list dead`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scorer {
    /// Program and arguments.
    pub command: Vec<String>,
    /// The deadline for the whole exchange.
    pub timeout: Duration,
}

impl Scorer {
    /// A scorer from a command line split on white space (`gnugo --mode gtp`).
    pub fn from_command_line(line: &str, timeout: Duration) -> Option<Scorer> {
        let command: Vec<String> = line.split_whitespace().map(String::from).collect();
        (!command.is_empty()).then_some(Scorer { command, timeout })
    }
}

/// A proposal of dead stones and who made it.
#[derive(Clone, Debug)]
pub struct Proposed {
    /// The stones proposed dead, sorted.
    pub dead: Vec<Point>,
    /// Who proposed them.
    pub by: ProposedBy,
    /// The built-in proposal, always made: its chains say which stones it is unsure of, and it
    /// is the fall-back when the scorer fails.
    pub builtin: Proposal,
}

/// The dead stones of `game`'s position as proposed by `scorer` if given and it answers
/// within its deadline, else by the built-in proposal. `stop` cuts the exchange short (the
/// built-in proposal is then used).
pub fn propose(game: &Game, scorer: Option<&Scorer>, time: &Time, stop: &AtomicBool) -> Proposed {
    let builtin = propose_dead(game.board(), game.to_move(), &ProposalSettings::default());
    let fallback = match scorer {
        None => None,
        Some(s) => match ask_scorer(game, s, time, stop) {
            Ok((dead, name)) => {
                return Proposed {
                    dead,
                    by: ProposedBy::Scorer(name),
                    builtin,
                };
            }
            Err(e) => Some(e.to_string()),
        },
    };
    Proposed {
        dead: builtin.dead.clone(),
        by: ProposedBy::Builtin { fallback },
        builtin,
    }
}

/// The chains holding the stones of `points` (empty points are passed over), each once and
/// whole, with their colour, in the order of their first stone; each chain's stones sorted.
pub fn dead_chains(board: &Board, points: &[Point]) -> Vec<(Color, Vec<Point>)> {
    let mut chains: Vec<(Color, Vec<Point>)> = Vec::new();
    for &p in points {
        let Some(color) = board.get(p) else { continue };
        if chains.iter().any(|(_, stones)| stones.contains(&p)) {
            continue;
        }
        let mut stones = board.group(p);
        stones.sort();
        chains.push((color, stones));
    }
    chains.sort_by_key(|(_, stones)| stones[0]);
    chains
}

/// Sets `game` up in the scorer (size, komi, the start position, the moves) and asks for its
/// dead list, all before the scorer's deadline. The answer is the dead stones (whole chains,
/// sorted; points without a stone passed over) and the engine's GTP name.
pub fn ask_scorer(
    game: &Game,
    scorer: &Scorer,
    time: &Time,
    stop: &AtomicBool,
) -> Result<(Vec<Point>, String), GtpError> {
    let deadline = time.after(scorer.timeout);
    let mut engine = Engine::start(&scorer.command, scorer.timeout, time, stop)?;
    let size = game.rules().size;
    let send = |engine: &mut Engine, c: &str| engine.send_until(c, Some(deadline), stop);
    send(&mut engine, &format!("boardsize {}", size.get()))?;
    send(&mut engine, "clear_board")?;
    send(&mut engine, &format!("komi {}", game.rules().komi))?;
    // The start position: handicap stones as free handicap, other set-up stones as moves.
    let start = game.start();
    let black: Vec<Point> = size.points().filter(|&p| start.get(p) == Some(Color::Black)).collect();
    let white: Vec<Point> = size.points().filter(|&p| start.get(p) == Some(Color::White)).collect();
    if game.handicap() >= 2 && white.is_empty() {
        let list: Vec<String> = black.iter().map(|&p| size.gtp(p)).collect();
        send(&mut engine, &format!("set_free_handicap {}", list.join(" ")))?;
    } else {
        for (c, stones) in [("b", &black), ("w", &white)] {
            for &p in stones.iter() {
                send(&mut engine, &format!("play {c} {}", size.gtp(p)))?;
            }
        }
    }
    for e in game.history() {
        let v = match e.mv {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => size.gtp(p),
        };
        send(&mut engine, &format!("play {} {v}", e.color.letter()))?;
    }
    let answer = send(&mut engine, "final_status_list dead")?;
    let mut named = Vec::new();
    for v in answer.split_whitespace() {
        let p = size.parse_gtp(v).map_err(|_| GtpError::Garbage {
            command: "final_status_list dead".to_string(),
            text: answer.chars().take(200).collect(),
        })?;
        named.push(p);
    }
    // A dead stone names its chain (Art. 8: chains are marked whole).
    let dead = dead_chains(game.board(), &named)
        .into_iter()
        .flat_map(|(_, stones)| stones);
    let mut dead: Vec<Point> = dead.collect();
    dead.sort();
    let name = engine.name().to_string();
    engine.quit(stop);
    Ok((dead, name))
}

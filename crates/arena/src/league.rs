//! Engine leagues (`weiqi league`): an event of the store whose players are engines. The
//! tournament crate pairs each round (through the store), the arena plays each game under
//! the referee, and the results and warnings are recorded as a director would record them,
//! so the league is an event like any other.

use crate::scorer::Scorer;
use crate::{Abort, DeadBy, FinishedGame, GameSetup, Limits, Time, play_pairing};
use clock::TimeControl;
use rules::{Color, Rules};
use std::fmt;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use storage::{NewEvent, Store, StoreError};
use tournament::{GameResult, Player, Rank};

/// An engine of a league: its name in the event (a player's name) and its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueEngine {
    /// The player's name in the event.
    pub name: String,
    /// The command line, run without a shell.
    pub command: Vec<String>,
}

/// A league to play: the event it is stored as and how its games are played.
#[derive(Clone, Debug)]
pub struct League {
    /// The event's id in the store.
    pub id: String,
    /// The engines, by name.
    pub engines: Vec<LeagueEngine>,
    /// Board size and komi (the rest is [`Rules::CHINESE`]).
    pub rules: Rules,
    /// Each side's time per game.
    pub time: TimeControl,
    /// How long to wait for the engines.
    pub limits: Limits,
    /// Games of a round played at once (at least one).
    pub parallel: usize,
    /// Where each game's record goes, as `r<round>-b<board>.sgf`, if anywhere.
    pub sgf_dir: Option<PathBuf>,
    /// Where the games read the time.
    pub time_source: Time,
    /// The external scorer for games whose engines name no dead stones or whose dispute
    /// stands (Art. 21.4); see [`GameSetup::scorer`].
    pub scorer: Option<Scorer>,
}

/// What a league tells its caller as it goes, for it to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// Players of a newly paired round advance without a game (a bye scores its value).
    Byes {
        /// The round.
        round: u32,
        /// Their names.
        names: Vec<String>,
    },
    /// Engines of a newly paired round robin's round rest (轮休, Art. 26.2, 27.1): no game,
    /// no points.
    Rests {
        /// The round.
        round: u32,
        /// Their names.
        names: Vec<String>,
    },
    /// A game was played and its result recorded.
    Game {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The engines, Black then White.
        names: [String; 2],
        /// The result recorded in the event.
        result: GameResult,
        /// Moves made.
        moves: u32,
        /// Why the game ended other than by play, when it did.
        reason: Option<String>,
        /// Who named the dead stones, when the game was counted.
        dead_by: Option<DeadBy>,
    },
}

/// How a league's play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every planned round was played.
    Finished {
        /// Games recorded.
        played: u32,
    },
    /// Interrupted (the stop flag): the games that ended are recorded, the others are not.
    Interrupted {
        /// Games recorded.
        played: u32,
    },
}

/// Why a league could not go on.
#[derive(Debug)]
pub enum LeagueError {
    /// The store refused or failed.
    Store(StoreError),
    /// A resumed league's event has an engine the caller did not give.
    MissingEngine {
        /// The event.
        event: String,
        /// The engine's name.
        engine: String,
    },
    /// A game ended with an outcome an event cannot record (a replay).
    Unrecordable {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The outcome, as the referee says it.
        outcome: String,
    },
    /// A game record could not be written.
    Record {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The referee refused an event the arena sent: a bug in the arena, described.
    Internal(String),
}

impl fmt::Display for LeagueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeagueError::Store(e) => write!(f, "{e}"),
            LeagueError::MissingEngine { event, engine } => {
                write!(f, "event {event:?} has the engine {engine:?}: give it with --engine")
            }
            LeagueError::Unrecordable { round, board, outcome } => {
                write!(
                    f,
                    "round {round} board {board}: {outcome}, which a league cannot record"
                )
            }
            LeagueError::Record { path, error } => write!(f, "{}: {error}", path.display()),
            LeagueError::Internal(e) => write!(f, "internal error: {e}"),
        }
    }
}

impl std::error::Error for LeagueError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LeagueError::Store(e) => Some(e),
            LeagueError::Record { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<StoreError> for LeagueError {
    fn from(e: StoreError) -> LeagueError {
        LeagueError::Store(e)
    }
}

/// Creates the league's event (`new`) with the engines as its players.
pub fn create(store: &mut Store, new: &NewEvent, engines: &[LeagueEngine]) -> Result<(), LeagueError> {
    store.create_event(new)?;
    // Engines have no rank (Art. 25): all are registered alike, and the lots order them.
    let rank = Rank::Dan(1);
    for e in engines {
        store.add_player(&new.id, &Player::new(&e.name, rank))?;
    }
    Ok(())
}

/// Checks that every player of the stored event `id` is one of `engines`, so that an
/// interrupted league can go on.
pub fn check_resume(store: &mut Store, id: &str, engines: &[LeagueEngine]) -> Result<(), LeagueError> {
    let ev = store.load_event(id)?;
    match ev.players().iter().find(|p| !engines.iter().any(|e| e.name == p.name)) {
        Some(p) => Err(LeagueError::MissingEngine {
            event: id.to_string(),
            engine: p.name.clone(),
        }),
        None => Ok(()),
    }
}

/// A game of the current round, ready to play.
struct Pairing {
    round: u32,
    board: u32,
    names: [String; 2],
    commands: [Vec<String>; 2],
}

/// Plays the league's event to its end: the games of its last round without a result first
/// (an interrupted league), then each next round as the store pairs it. Each game's result
/// (and the referee's warnings) is recorded as it is known, and told to `progress`. When
/// `stop` is raised, the games under way are dropped and it returns
/// [`Ended::Interrupted`].
pub fn play(
    store: &mut Store,
    league: &League,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Ended, LeagueError> {
    let id = league.id.as_str();
    let mut played = 0;
    loop {
        let ev = store.load_event(id)?;
        // An interrupted round is finished first.
        let unfinished = ev
            .rounds()
            .last()
            .is_some_and(|r| r.games.iter().any(|g| g.result.is_none() && !g.void));
        let ev = if unfinished {
            ev
        } else if ev.rounds().len() as u32 >= ev.planned_rounds() {
            return Ok(Ended::Finished { played });
        } else {
            store.pair_next(id)?
        };
        let Some(round) = ev.rounds().last() else {
            return Ok(Ended::Finished { played });
        };
        let command = |name: &str| {
            league
                .engines
                .iter()
                .find(|e| e.name == name)
                .map(|e| e.command.clone())
                .unwrap_or_default()
        };
        let pairings: Vec<Pairing> = round
            .games
            .iter()
            .filter(|g| g.result.is_none() && !g.void)
            .map(|g| {
                let names = [ev.player(g.black).name.clone(), ev.player(g.white).name.clone()];
                Pairing {
                    round: round.number,
                    board: g.board,
                    commands: [command(&names[0]), command(&names[1])],
                    names,
                }
            })
            .collect();
        let names =
            |ps: &[tournament::PlayerId]| -> Vec<String> { ps.iter().map(|p| ev.player(*p).name.clone()).collect() };
        if !round.byes.is_empty() && !unfinished {
            progress(Progress::Byes {
                round: round.number,
                names: names(&round.byes),
            });
        }
        // Art. 26.2, 27.1: a round robin's engine without a game rests (轮休), scoring nothing.
        if !round.idle.is_empty() && !unfinished && matches!(ev.system(), tournament::System::RoundRobin { .. }) {
            progress(Progress::Rests {
                round: round.number,
                names: names(&round.idle),
            });
        }
        let games = play_round(league, ev.name(), &pairings, stop)?;
        for (i, game) in games {
            let p = &pairings[i];
            let outcome = game.outcome();
            // The referee crate's one mapping to the event's result (through the seats: the
            // pairing's Black is the game's first player). An engine game ends with a result:
            // the arena's referee orders no replay.
            let result =
                referee::results::event_result(&game.referee, &outcome).ok_or_else(|| LeagueError::Unrecordable {
                    round: p.round,
                    board: p.board,
                    outcome: outcome.to_string(),
                })?;
            if let Some(dir) = &league.sgf_dir {
                let path = dir.join(format!("r{}-b{}.sgf", p.round, p.board));
                std::fs::write(&path, sgf::write(&game.record)).map_err(|error| LeagueError::Record { path, error })?;
            }
            store.record_result(id, p.round, p.board, result, false)?;
            // Art. 24: the referee's warnings count in the tie-breaks too.
            for color in [Color::Black, Color::White] {
                for _ in 0..game.referee.warnings()[color.index()] {
                    store.add_warning(
                        id,
                        p.round,
                        p.board,
                        &p.names[color.index()],
                        "warning from the referee",
                    )?;
                }
            }
            played += 1;
            progress(Progress::Game {
                round: p.round,
                board: p.board,
                names: p.names.clone(),
                result,
                moves: game.moves,
                reason: game.reason.clone(),
                dead_by: game.dead_by.clone(),
            });
        }
        if stop.load(Ordering::SeqCst) {
            return Ok(Ended::Interrupted { played });
        }
    }
}

/// Plays `pairings` on `league.parallel` threads; the games that ended, by their index in
/// `pairings`, in that order.
fn play_round(
    league: &League,
    event_name: &str,
    pairings: &[Pairing],
    stop: &AtomicBool,
) -> Result<Vec<(usize, FinishedGame)>, LeagueError> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..league.parallel.min(pairings.len()).max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = pairings.get(i) else { return };
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let setup = GameSetup {
                        number: p.board,
                        rules: league.rules,
                        time: league.time.clone(),
                        names: p.names.clone(),
                        limits: league.limits.clone(),
                        time_source: league.time_source.clone(),
                        event: event_name.to_string(),
                        date: String::new(),
                        scorer: league.scorer.clone(),
                    };
                    match play_pairing(&p.commands[0], &p.commands[1], &setup, stop) {
                        Ok(mut game) => {
                            game.record.info.round = Some(p.round.to_string());
                            game.record.info.date = None;
                            if let Ok(mut r) = results.lock() {
                                r.push((i, game));
                            }
                        }
                        Err(Abort::Interrupted) => return,
                        Err(Abort::Referee(e)) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(e);
                            }
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(LeagueError::Internal(e));
    }
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|(i, _)| *i);
    Ok(results)
}

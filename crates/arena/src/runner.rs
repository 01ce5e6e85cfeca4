//! The match: engines started per worker thread, games handed out one at a time, failed
//! engines restarted, records written as each game ends, an interrupt honoured between
//! moves.

use crate::client::{Engine, GtpError};
use crate::elo::{Elo, elo};
use crate::game::{Abort, FinishedGame, GameSetup, Limits, forfeit_unstarted, play_game};
use crate::scorer::Scorer;
use clock::{Millis, TimeControl};
use referee::Outcome;
use rules::{Color, Rules};
use std::fmt;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;

use crate::time::Time;

/// Everything a match is run with.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The two engines' command lines (program and arguments, no shell): the first takes
    /// Black in game 1.
    pub engines: [Vec<String>; 2],
    /// Board size and komi, under the Chinese rules otherwise.
    pub rules: Rules,
    /// Each side's time per game.
    pub time: TimeControl,
    /// Games to play.
    pub games: u32,
    /// Swap colours every game (the second engine takes Black in even games).
    pub alternate: bool,
    /// Games played at once, each by its own pair of engine processes.
    pub parallel: usize,
    /// Where each game's SGF is written (`game-001.sgf`, …), if anywhere.
    pub sgf_dir: Option<PathBuf>,
    /// How long to wait for engines; how long a game may run.
    pub limits: Limits,
    /// The event name for the records (`EV`).
    pub event: String,
    /// Where the match reads the time: the system clock from the match's start
    /// ([`Time::system`]), or a test's held time.
    pub time_source: Time,
    /// The external scorer for games whose engines name no dead stones or whose dispute
    /// stands (Art. 21.4); see [`GameSetup::scorer`].
    pub scorer: Option<Scorer>,
}

/// Why a match could not be run.
#[derive(Debug)]
pub enum ArenaError {
    /// An engine could not be started, or failed its first exchanges.
    Start {
        /// Which engine (0 or 1, in the order of [`MatchSettings::engines`]).
        engine: usize,
        /// Its command line.
        command: String,
        /// What went wrong.
        error: GtpError,
    },
    /// An engine refuses the board size.
    BoardSize {
        /// The engine's name.
        name: String,
        /// The size.
        size: u8,
        /// Its message.
        message: String,
    },
    /// A record could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The referee refused an event the arena made: a bug, described.
    Referee(String),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Start { engine, command, error } => {
                write!(f, "engine {} ({command}): {error}", engine + 1)
            }
            ArenaError::BoardSize { name, size, message } => {
                write!(f, "{name} cannot play on {size}x{size}: {message}")
            }
            ArenaError::Write { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            ArenaError::Referee(e) => write!(f, "internal error: {e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Its number, from 1.
    pub number: u32,
    /// Which engine took Black (0 or 1).
    pub black: usize,
    /// The result.
    pub outcome: Outcome,
    /// Moves made (passes included).
    pub moves: u32,
    /// Time used by each colour (index by `Color::index`).
    pub time_used: [Millis; 2],
    /// Why the game ended other than by play, when it did.
    pub reason: Option<String>,
    /// The record's file, when records are written.
    pub sgf: Option<PathBuf>,
    /// The game itself: the referee's record and the SGF.
    pub game: FinishedGame,
}

impl GameReport {
    /// Which engine (0 or 1) held `color`.
    pub fn engine_of(&self, color: Color) -> usize {
        if color == Color::Black {
            self.black
        } else {
            1 - self.black
        }
    }

    /// The winning engine (0 or 1), if one won.
    pub fn winner(&self) -> Option<usize> {
        self.outcome.winner().map(|c| self.engine_of(c))
    }
}

/// A match: the engines' names and every finished game.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The engines' GTP names, made distinct (`GNU Go`, `GNU Go#2`).
    pub names: [String; 2],
    /// The finished games, by number.
    pub games: Vec<GameReport>,
    /// Whether the match stopped early (Ctrl-C).
    pub interrupted: bool,
}

/// Wins of an engine as Black and as White.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Wins with Black.
    pub as_black: u32,
    /// Wins with White.
    pub as_white: u32,
    /// Games played with Black.
    pub black_games: u32,
    /// Games played with White.
    pub white_games: u32,
}

impl Tally {
    /// All wins.
    pub fn wins(&self) -> u32 {
        self.as_black + self.as_white
    }
}

impl MatchReport {
    /// Each engine's wins, by colour.
    pub fn tallies(&self) -> [Tally; 2] {
        let mut t = [Tally::default(); 2];
        for g in &self.games {
            t[g.black].black_games += 1;
            t[1 - g.black].white_games += 1;
            if let Some(c) = g.outcome.winner() {
                let e = g.engine_of(c);
                match c {
                    Color::Black => t[e].as_black += 1,
                    Color::White => t[e].as_white += 1,
                }
            }
        }
        t
    }

    /// Games without a winner (draws, no result, both lost).
    pub fn undecided(&self) -> u32 {
        self.games.iter().filter(|g| g.outcome.winner().is_none()).count() as u32
    }

    /// The first engine's Elo difference over the second (draws count half; games with no
    /// result or both lost count as draws), or `None` without games.
    pub fn elo(&self) -> Option<Elo> {
        let t = self.tallies();
        elo(t[0].wins(), self.undecided(), t[1].wins())
    }

    /// The mean number of moves per game.
    pub fn average_moves(&self) -> f64 {
        if self.games.is_empty() {
            return 0.0;
        }
        self.games.iter().map(|g| f64::from(g.moves)).sum::<f64>() / self.games.len() as f64
    }

    /// The time each engine used over all its games.
    pub fn time_used(&self) -> [Millis; 2] {
        let mut used = [Millis::ZERO; 2];
        for g in &self.games {
            for c in [Color::Black, Color::White] {
                let e = g.engine_of(c);
                used[e] = used[e].saturating_add(g.time_used[c.index()]);
            }
        }
        used
    }
}

/// Runs the match. `on_start` hears the engines' names once both answered; `on_game` hears
/// each game as it ends (in the order they end). Setting `stop` ends the match: games under
/// way are dropped, finished ones are kept.
pub fn run_match(
    settings: &MatchSettings,
    stop: &AtomicBool,
    on_start: &mut dyn FnMut(&[String; 2]),
    on_game: &mut dyn FnMut(&GameReport, &MatchReport),
) -> Result<MatchReport, ArenaError> {
    let time = &settings.time_source;
    let limits = &settings.limits;
    let mut first = Vec::new();
    for (i, argv) in settings.engines.iter().enumerate() {
        let mut e = Engine::start(argv, limits.hang_after, time, stop).map_err(|error| ArenaError::Start {
            engine: i,
            command: argv.join(" "),
            error,
        })?;
        match e.send(
            &format!("boardsize {}", settings.rules.size),
            Some(limits.hang_after),
            stop,
        ) {
            Ok(_) => {}
            Err(GtpError::Refused { message, .. }) => {
                return Err(ArenaError::BoardSize {
                    name: e.name().to_string(),
                    size: settings.rules.size.get(),
                    message,
                });
            }
            Err(error) => {
                return Err(ArenaError::Start {
                    engine: i,
                    command: argv.join(" "),
                    error,
                });
            }
        }
        first.push(e);
    }
    let mut names = [first[0].name().to_string(), first[1].name().to_string()];
    if names[0] == names[1] {
        names[1] = format!("{}#2", names[1]);
    }
    on_start(&names);
    let mut report = MatchReport {
        names: names.clone(),
        games: Vec::new(),
        interrupted: false,
    };
    let next = AtomicU32::new(1);
    let workers = settings.parallel.clamp(1, settings.games.max(1) as usize);
    let first_pair = Mutex::new(Some(first));
    let date = today();
    let (tx, rx) = channel::<Result<GameReport, ArenaError>>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, first_pair, names, date) = (&next, &first_pair, &names, &date);
            scope.spawn(move || {
                let initial = first_pair.lock().map(|mut f| f.take()).unwrap_or(None);
                let mut slots: [Option<Engine>; 2] = match initial {
                    Some(mut v) => {
                        let b = v.pop();
                        let a = v.pop();
                        [a, b]
                    }
                    None => [None, None],
                };
                worker(settings, stop, next, names, date, &mut slots, &tx);
                for e in slots.into_iter().flatten() {
                    e.quit(stop);
                }
            });
        }
        drop(tx);
        for msg in rx {
            match msg {
                Ok(game) => {
                    report.games.push(game);
                    let last = report.games.len() - 1;
                    on_game(&report.games[last], &report);
                }
                Err(e) => {
                    // Stop the other workers; report the first failure.
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    report.games.sort_by_key(|g| g.number);
    report.interrupted = (report.games.len() as u32) < settings.games;
    Ok(report)
}

fn worker(
    settings: &MatchSettings,
    stop: &AtomicBool,
    next: &AtomicU32,
    names: &[String; 2],
    date: &str,
    slots: &mut [Option<Engine>; 2],
    tx: &std::sync::mpsc::Sender<Result<GameReport, ArenaError>>,
) {
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let number = next.fetch_add(1, Ordering::Relaxed);
        if number > settings.games {
            return;
        }
        let black = if settings.alternate && number.is_multiple_of(2) {
            1
        } else {
            0
        };
        let white = 1 - black;
        let setup = GameSetup {
            number,
            rules: settings.rules,
            time: settings.time.clone(),
            names: [names[black].clone(), names[white].clone()],
            limits: settings.limits.clone(),
            time_source: settings.time_source.clone(),
            event: settings.event.clone(),
            date: date.to_string(),
            scorer: settings.scorer.clone(),
        };
        // An engine that failed is started afresh; one that cannot start forfeits.
        let mut unstarted = None;
        for (engine, color) in [(black, Color::Black), (white, Color::White)] {
            if slots[engine].as_ref().is_some_and(|e| e.is_alive()) {
                continue;
            }
            match Engine::start(
                &settings.engines[engine],
                settings.limits.hang_after,
                &settings.time_source,
                stop,
            ) {
                Ok(e) => slots[engine] = Some(e),
                Err(GtpError::Interrupted) => return,
                Err(e) => {
                    slots[engine] = None;
                    unstarted.get_or_insert((color, format!("{} could not be started: {e}", names[engine])));
                }
            }
        }
        let played = match (unstarted, &mut *slots) {
            (Some((loser, reason)), _) => forfeit_unstarted(&setup, loser, &reason),
            (None, [Some(a), Some(b)]) => {
                let (bl, wh) = if black == 0 { (a, b) } else { (b, a) };
                play_game(&setup, bl, wh, stop)
            }
            (None, _) => forfeit_unstarted(&setup, Color::Black, "no engine"),
        };
        let game = match played {
            Ok(g) => g,
            Err(Abort::Interrupted) => return,
            Err(Abort::Referee(e)) => {
                let _ = tx.send(Err(ArenaError::Referee(e)));
                return;
            }
        };
        for (engine, color) in [(black, Color::Black), (white, Color::White)] {
            if game.failed[color.index()]
                && let Some(mut e) = slots[engine].take()
            {
                e.kill();
            }
        }
        let sgf = match &settings.sgf_dir {
            Some(dir) => {
                let path = dir.join(format!("game-{number:03}.sgf"));
                if let Err(error) = std::fs::write(&path, sgf::write(&game.record)) {
                    let _ = tx.send(Err(ArenaError::Write { path, error }));
                    return;
                }
                Some(path)
            }
            None => None,
        };
        let end = game.referee.events().last().map_or(clock::Instant(0), |e| e.at);
        let state = game.referee.clock_at(end);
        let report = GameReport {
            number,
            black,
            outcome: game.outcome(),
            moves: game.moves,
            time_used: [state.black.used, state.white.used],
            reason: game.reason.clone(),
            sgf,
            game,
        };
        if tx.send(Ok(report)).is_err() {
            return;
        }
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, for the records' `DT`.
fn today() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    sgf::refereed::date_of(ms)
}

/// One game between two engines started for it (Black's and White's command lines), then
/// told to quit: for tournaments, where each game has its own pairing. An engine that cannot
/// be started forfeits the game (both: both lose).
pub fn play_pairing(
    black: &[String],
    white: &[String],
    setup: &GameSetup,
    stop: &AtomicBool,
) -> Result<FinishedGame, Abort> {
    let started = [black, white].map(|argv| Engine::start(argv, setup.limits.hang_after, &setup.time_source, stop));
    if started.iter().any(|s| matches!(s, Err(GtpError::Interrupted))) {
        return Err(Abort::Interrupted);
    }
    match started {
        [Ok(mut b), Ok(mut w)] => {
            let game = play_game(setup, &mut b, &mut w, stop);
            b.quit(stop);
            w.quit(stop);
            game
        }
        [Err(e), Ok(w)] => {
            w.quit(stop);
            forfeit_unstarted(
                setup,
                Color::Black,
                &format!("{} could not be started: {e}", setup.names[0]),
            )
        }
        [Ok(b), Err(e)] => {
            b.quit(stop);
            forfeit_unstarted(
                setup,
                Color::White,
                &format!("{} could not be started: {e}", setup.names[1]),
            )
        }
        [Err(b), Err(w)] => crate::game::both_unstarted(
            setup,
            &format!(
                "{} could not be started: {b}; {} could not be started: {w}",
                setup.names[0], setup.names[1]
            ),
        ),
    }
}

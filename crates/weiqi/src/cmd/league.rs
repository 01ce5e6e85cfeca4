//! `weiqi league`: an engine tournament. The engines are registered as the players of a new
//! event in the database (the `storage` crate), the tournament crate pairs each round, the
//! arena plays each game under the referee, and the results (and warnings) are recorded as
//! any director would record them, so `weiqi event standings` shows the league like any
//! other event.

use anyhow::{Context, bail};
use arena::{GameSetup, Limits, play_pairing};
use clock::TimeControl;
use rules::{BoardSize, Color, HalfPoints, Rules};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use storage::{NewEvent, Store};
use tournament::{GameResult, Player, Rank, Settings, System};

/// Options of `weiqi league`.
#[derive(clap::Args)]
pub struct Args {
    /// An engine: its name in the event, `=`, and its command line (split as a shell would,
    /// run without a shell). Two or more.
    #[arg(long = "engine", value_name = "NAME=CMD", required = true)]
    engines: Vec<String>,
    /// The pairing system (Art. 26): round-robin or swiss.
    #[arg(long, value_name = "SYSTEM")]
    system: String,
    /// Swiss: the number of rounds. Round robin: the number of cycles (1 single, 2 double;
    /// the schedule sets the rounds).
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
    /// Each side's time per game, as the clock crate writes it (none, 10m, 10m+5x30s, …).
    #[arg(long, default_value = "none", value_name = "SPEC")]
    time: String,
    /// Board size, 2 to 25.
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// Komi in points, a multiple of 0.5.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f64,
    /// The event's id in the database (unique there; default: league-YYYYMMDD-HHMMSS, UTC).
    #[arg(long = "event", value_name = "ID")]
    event: Option<String>,
    /// Go on with an interrupted league (`--event ID`): the games of its last round without a
    /// result are played, then the next rounds. The engines are given again, by the same names.
    #[arg(long, requires = "event")]
    resume: bool,
    /// The event's name (default: the id).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The database file (default: $WEIQI_DB, else ./weiqi.db).
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// The seed of the event's lots (draw numbers, colours).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write each game's SGF record into this directory as `r<round>-b<board>.sgf`.
    #[arg(long, value_name = "DIR")]
    sgf_dir: Option<PathBuf>,
    /// Games of a round played at once.
    #[arg(long, default_value_t = 1, value_name = "K")]
    parallel: usize,
    /// Seconds an engine may stay silent past its flag before it is judged hung.
    #[arg(long, default_value_t = 1.0, value_name = "SECS")]
    grace: f64,
    /// Seconds an engine may take over a command no clock times before it is judged hung.
    #[arg(long, default_value_t = 60.0, value_name = "SECS")]
    hang_after: f64,
    /// Moves after which a game is stopped without result.
    #[arg(long, default_value_t = 1000)]
    max_moves: u32,
}

/// A game of the current round, ready to play.
struct Pairing {
    round: u32,
    board: u32,
    names: [String; 2],
    commands: [Vec<String>; 2],
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut engines: Vec<(String, Vec<String>)> = Vec::new();
    for spec in &args.engines {
        let (name, cmd) = spec
            .split_once('=')
            .with_context(|| format!("--engine {spec:?}: expected NAME=CMD"))?;
        let name = name.trim();
        if name.is_empty() {
            bail!("--engine {spec:?}: the name is empty");
        }
        if engines.iter().any(|(n, _)| n == name) {
            bail!("--engine {spec:?}: the name {name:?} is given twice");
        }
        let argv = shell_words::split(cmd).with_context(|| format!("--engine {spec:?}"))?;
        if argv.is_empty() {
            bail!("--engine {spec:?}: the command line is empty");
        }
        engines.push((name.to_string(), argv));
    }
    if engines.len() < 2 {
        bail!("--engine: a league needs two engines or more");
    }
    let size = BoardSize::new(args.size).context("--size")?;
    let komi = HalfPoints::from_points(args.komi)
        .map_err(anyhow::Error::msg)
        .context("--komi")?;
    // Art. 11: the core's one komi check, as the server and the referee refuse.
    rules::check_komi(komi, size).context("--komi")?;
    let time: TimeControl = args.time.parse().context("--time")?;
    let (system, n_rounds) = match args.system.as_str() {
        "round-robin" => {
            let cycles = args.rounds.unwrap_or(1);
            // The Berger tables' own count (Art. 26.1), as the event will pair them.
            let rounds = tournament::berger::round_robin_rounds(engines.len(), cycles.max(1));
            let rounds = u32::try_from(rounds).context("--rounds: too many rounds")?;
            (System::RoundRobin { cycles }, rounds)
        }
        "swiss" => (
            System::Swiss,
            args.rounds
                .context("--rounds: a Swiss league needs its number of rounds")?,
        ),
        other => bail!("--system {other:?}: expected round-robin or swiss"),
    };
    if args.parallel == 0 {
        bail!("--parallel: at least one game at a time");
    }
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("--sgf-dir {}", dir.display()))?;
    }
    let secs = |flag: &str, s: f64| -> anyhow::Result<Duration> {
        Duration::try_from_secs_f64(s).with_context(|| format!("{flag} {s}: not a number of seconds"))
    };
    let limits = Limits {
        grace: secs("--grace", args.grace)?,
        hang_after: secs("--hang-after", args.hang_after)?,
        max_moves: args.max_moves,
    };

    // Before anything is stored, so that an interrupt always ends the league cleanly.
    let stop = super::stop_on_ctrl_c()?;

    let path = super::event::db_path(args.db.clone());
    let mut store = Store::open(&path).with_context(|| format!("database {}", path.display()))?;
    let id = args.event.clone().unwrap_or_else(default_id);
    let new = NewEvent {
        id: id.clone(),
        name: args.name.clone().unwrap_or_else(|| id.clone()),
        system,
        n_rounds,
        settings: Settings {
            time_control: time.to_string(),
            lots_seed: args.seed,
            ..Settings::default()
        },
    };
    if args.resume {
        let ev = store.load_event(&id)?;
        for p in ev.players() {
            if !engines.iter().any(|(n, _)| *n == p.name) {
                bail!(
                    "--resume: event {id:?} has the engine {:?}: give it with --engine",
                    p.name
                );
            }
        }
    } else {
        store.create_event(&new)?;
        // Engines have no rank (Art. 25): all are registered alike, and the lots order them.
        let rank: Rank = "1d".parse().map_err(|e| anyhow::anyhow!("{e}"))?;
        for (name, _) in &engines {
            store.add_player(&id, &Player::new(name, rank))?;
        }
        println!("event {id} ({}) in {}", new.name, path.display());
    }

    let time_source = arena::Time::system();
    let rules = Rules {
        size,
        komi,
        ..Rules::CHINESE
    };
    let mut played = 0;
    loop {
        let ev = store.load_event(&id)?;
        // An interrupted round is finished first (--resume).
        let unfinished = ev
            .rounds()
            .last()
            .is_some_and(|r| r.games.iter().any(|g| g.result.is_none() && !g.void));
        let ev = if unfinished {
            ev
        } else if ev.rounds().len() as u32 >= ev.planned_rounds() {
            break;
        } else {
            store.pair_next(&id)?
        };
        let round = ev.rounds().last().context("a round was paired")?;
        let command = |name: &str| {
            engines
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, c)| c.clone())
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
        let byes: Vec<&str> = round.byes.iter().map(|p| ev.player(*p).name.as_str()).collect();
        if !byes.is_empty() && !unfinished {
            println!("round {}: bye for {}", round.number, byes.join(", "));
        }
        // Art. 26.2, 27.1: a round robin's engine without a game rests (轮休), scoring nothing.
        let rests: Vec<&str> = round.idle.iter().map(|p| ev.player(*p).name.as_str()).collect();
        if !rests.is_empty() && !unfinished && matches!(ev.system(), tournament::System::RoundRobin { .. }) {
            println!("round {}: rest for {}", round.number, rests.join(", "));
        }
        let event_name = ev.name().to_string();
        let next = AtomicUsize::new(0);
        let results = Mutex::new(Vec::new());
        let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..args.parallel.min(pairings.len()).max(1) {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = pairings.get(i) else { return };
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let setup = GameSetup {
                            number: p.board,
                            rules,
                            time: time.clone(),
                            names: p.names.clone(),
                            limits: limits.clone(),
                            time_source: time_source.clone(),
                            event: event_name.clone(),
                            date: String::new(),
                        };
                        match play_pairing(&p.commands[0], &p.commands[1], &setup, &stop) {
                            Ok(mut game) => {
                                game.record.info.round = Some(p.round.to_string());
                                game.record.info.date = None;
                                if let Ok(mut r) = results.lock() {
                                    r.push((i, game));
                                }
                            }
                            Err(arena::Abort::Interrupted) => return,
                            Err(arena::Abort::Referee(e)) => {
                                if let Ok(mut f) = failure.lock() {
                                    f.get_or_insert(anyhow::anyhow!("internal error: {e}"));
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
            return Err(e);
        }
        let mut results = results.into_inner().unwrap_or_default();
        results.sort_by_key(|(i, _)| *i);
        for (i, game) in results {
            let p = &pairings[i];
            let outcome = game.outcome();
            // The referee crate's one mapping to the event's result (through the seats: the
            // pairing's Black is the game's first player). An engine game ends with a result:
            // the arena's referee orders no replay.
            let result: GameResult = referee::results::event_result(&game.referee, &outcome).ok_or_else(|| {
                anyhow::anyhow!(
                    "round {} board {}: {outcome}, which a league cannot record",
                    p.round,
                    p.board
                )
            })?;
            if let Some(dir) = &args.sgf_dir {
                let file = dir.join(format!("r{}-b{}.sgf", p.round, p.board));
                std::fs::write(&file, sgf::write(&game.record)).with_context(|| format!("{}", file.display()))?;
            }
            store.record_result(&id, p.round, p.board, result, false)?;
            // Art. 24: the referee's warnings count in the tie-breaks too.
            for color in [Color::Black, Color::White] {
                for _ in 0..game.referee.warnings()[color.index()] {
                    store.add_warning(
                        &id,
                        p.round,
                        p.board,
                        &p.names[color.index()],
                        "warning from the referee",
                    )?;
                }
            }
            played += 1;
            let mut line = format!(
                "round {} board {}: {} (B) – {} (W): {}, {} moves",
                p.round, p.board, p.names[0], p.names[1], result, game.moves
            );
            if let Some(r) = &game.reason {
                line += &format!(" ({r})");
            }
            println!("{line}");
        }
        if stop.load(Ordering::SeqCst) {
            eprintln!(
                "weiqi league: interrupted; {played} games recorded in event {id:?} of {}",
                path.display()
            );
            return Ok(ExitCode::from(130));
        }
    }
    let ev = store.load_event(&id)?;
    print!("{}", super::event::standings_table(&id, &ev));
    Ok(ExitCode::SUCCESS)
}

/// `league-20261129-164512`: the time now (UTC), for an event without `--event`.
fn default_id() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let rest = secs % 86_400;
    let date = i64::try_from(secs / 86_400)
        .ok()
        .and_then(tournament::Date::from_days_since_epoch)
        .map_or_else(|| "19700101".to_string(), |d| d.to_string().replace('-', ""));
    format!("league-{date}-{:02}{:02}{:02}", rest / 3600, rest / 60 % 60, rest % 60)
}

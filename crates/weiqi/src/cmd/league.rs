//! `weiqi league`: an engine tournament. The engines are registered as the players of a new
//! event in the database (the `storage` crate), and `arena::league` plays it: the tournament
//! crate pairs each round, the arena plays each game under the referee, and the results (and
//! warnings) are recorded as any director would record them, so `weiqi event standings` shows
//! the league like any other event. This module reads the options and prints.
//!
//! `--scorer CMD` and `--scorer-timeout` are `weiqi match`'s: the scorer names the dead stones
//! of a game whose engines cannot or whose dispute stands (Art. 21.4), and each game's line
//! and record say who named them.

use anyhow::{Context, bail};
use arena::league::{self, Ended, League, LeagueEngine, Progress};
use rules::Rules;
use std::path::PathBuf;
use std::process::ExitCode;
use storage::{NewEvent, Store};
use tournament::{Settings, System, SystemKind};

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
    #[command(flatten)]
    limits: super::LimitArgs,
    #[command(flatten)]
    scorer: super::ScorerArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut engines: Vec<LeagueEngine> = Vec::new();
    for spec in &args.engines {
        let (name, cmd) = spec
            .split_once('=')
            .with_context(|| format!("--engine {spec:?}: expected NAME=CMD"))?;
        let name = name.trim();
        if name.is_empty() {
            bail!("--engine {spec:?}: the name is empty");
        }
        if engines.iter().any(|e| e.name == name) {
            bail!("--engine {spec:?}: the name {name:?} is given twice");
        }
        let command = shell_words::split(cmd).with_context(|| format!("--engine {spec:?}"))?;
        if command.is_empty() {
            bail!("--engine {spec:?}: the command line is empty");
        }
        engines.push(LeagueEngine {
            name: name.to_string(),
            command,
        });
    }
    if engines.len() < 2 {
        bail!("--engine: a league needs two engines or more");
    }
    let (size, komi, time) = super::board_komi_time(args.size, args.komi, &args.time)?;
    let unfit = || anyhow::anyhow!("--system {:?}: expected round-robin or swiss", args.system);
    let (system, n_rounds) = match args.system.parse::<SystemKind>().map_err(|_| unfit())? {
        SystemKind::RoundRobin => {
            let cycles = args.rounds.unwrap_or(1);
            // The Berger tables' own count (Art. 26.1), as the event will pair them.
            let rounds = tournament::berger::round_robin_rounds(engines.len(), cycles.max(1));
            let rounds = u32::try_from(rounds).context("--rounds: too many rounds")?;
            (System::RoundRobin { cycles }, rounds)
        }
        SystemKind::Swiss => (
            System::Swiss,
            args.rounds
                .context("--rounds: a Swiss league needs its number of rounds")?,
        ),
        _ => return Err(unfit()),
    };
    if args.parallel == 0 {
        bail!("--parallel: at least one game at a time");
    }
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("--sgf-dir {}", dir.display()))?;
    }
    let limits = args.limits.limits()?;
    let scorer = args.scorer.scorer()?;

    // Before anything is stored, so that an interrupt always ends the league cleanly.
    let stop = super::stop_on_ctrl_c()?;

    let path = super::event::db_path(args.db.clone());
    let mut store = Store::open(&path).with_context(|| format!("database {}", path.display()))?;
    let id = args.event.clone().unwrap_or_else(default_id);
    if args.resume {
        league::check_resume(&mut store, &id, &engines).context("--resume")?;
    } else {
        let new = NewEvent {
            id: id.clone(),
            name: args.name.clone().unwrap_or_else(|| id.clone()),
            system,
            n_rounds,
            settings: Settings {
                time_control: Some(time.to_string()),
                lots_seed: args.seed,
                ..Settings::default()
            },
        };
        league::create(&mut store, &new, &engines)?;
        println!("event {id} ({}) in {}", new.name, path.display());
    }

    let league = League {
        id: id.clone(),
        engines,
        rules: Rules {
            size,
            komi,
            ..Rules::CHINESE
        },
        time,
        limits,
        parallel: args.parallel,
        sgf_dir: args.sgf_dir.clone(),
        time_source: arena::Time::system(),
        scorer,
    };
    match league::play(&mut store, &league, &stop, &mut print_progress)? {
        Ended::Finished { .. } => {
            let ev = store.load_event(&id)?;
            print!("{}", super::event::standings_table(&id, &ev));
            Ok(ExitCode::SUCCESS)
        }
        Ended::Interrupted { played } => {
            eprintln!(
                "weiqi league: interrupted; {played} games recorded in event {id:?} of {}",
                path.display()
            );
            Ok(ExitCode::from(130))
        }
    }
}

/// Prints what the league tells as it goes.
fn print_progress(p: Progress) {
    match p {
        Progress::Byes { round, names } => println!("round {round}: bye for {}", names.join(", ")),
        Progress::Rests { round, names } => println!("round {round}: rest for {}", names.join(", ")),
        Progress::Game {
            round,
            board,
            names,
            result,
            moves,
            reason,
            dead_by,
        } => {
            let mut line = format!(
                "round {round} board {board}: {} (B) – {} (W): {result}, {moves} moves",
                names[0], names[1]
            );
            if let Some(r) = &reason {
                line += &format!(" ({r})");
            }
            if let Some(by) = &dead_by {
                line += &format!(", {}", by.phrase());
            }
            println!("{line}");
        }
    }
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

//! What each `weiqi event` command does: opens the store, calls it, and renders the answer.

use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use anyhow::{Context, anyhow, bail};
use serde_json::{Value as Json, json};
use storage::{NewEvent, Recorded, Store, StoreError};
use tournament::{Date, EventError, GameResult, Player, PlayerId, Rank, Round, Status, System};

use super::args::{
    Args, Command, NewArgs, PairArgs, PlayerAddArgs, PlayerCommand, ResultArgs, WithdrawArgs, settings, system,
};
use super::render::{
    add_extras_json, event_json, json_line, name, players_json, players_table, round_json, round_text, settings_text,
    show, standings_json, standings_with, system_text, table,
};

/// Runs `weiqi event`; prints its own errors and chooses the exit status (see the module
/// documentation).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match execute(args) {
        Ok(out) => {
            print!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("weiqi event: {e:#}");
            Ok(ExitCode::from(exit_code(&e)))
        }
    }
}

/// 2 for wrong input, 1 for a refusal or a database failure.
pub(super) fn exit_code(e: &anyhow::Error) -> u8 {
    if let Some(code) = crate::cmd::team::exit_code(e) {
        return code;
    }
    if let Some(code) = crate::cmd::challenge::exit_code(e) {
        return code;
    }
    if e.downcast_ref::<crate::cmd::io::EgdRefuses>().is_some() {
        return 1;
    }
    let Some(e) = e.downcast_ref::<StoreError>() else {
        return 2;
    };
    match e {
        StoreError::Invalid(_)
        | StoreError::EventExists(_)
        | StoreError::NoEvent(_)
        | StoreError::RoundNotPaired { .. }
        | StoreError::NoBoard { .. }
        | StoreError::NotInGame { .. } => 2,
        StoreError::Refused {
            reason:
                EventError::DuplicatePlayer(_)
                | EventError::EmptyName
                | EventError::UnknownPlayer(_)
                | EventError::UnknownPlayerId(_)
                | EventError::BadSystem(_)
                | EventError::BadRounds(_)
                | EventError::NoSuchRound(_)
                | EventError::NoSuchBoard { .. }
                | EventError::BadPairing(_)
                | EventError::DuplicateTieBreak(_)
                | EventError::BadTimeControl(_)
                | EventError::TooLong { .. }
                | EventError::BadRating { .. },
            ..
        } => 2,
        _ => 1,
    }
}

pub(crate) fn db_path(arg: Option<PathBuf>) -> PathBuf {
    arg.or_else(|| {
        std::env::var_os("WEIQI_DB")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
    .unwrap_or_else(|| PathBuf::from("weiqi.db"))
}

/// Opens the database the options and the environment name: `--database-url URL`
/// (PostgreSQL), else `--db FILE` (SQLite), else `$WEIQI_DATABASE_URL`, else `$WEIQI_DB`, else
/// `./weiqi.db`. An option beats the environment; given both ways, PostgreSQL beats the file.
pub(super) fn open_store(db: Option<PathBuf>, database_url: Option<String>) -> Result<Store, StoreError> {
    match chosen_url(db.is_some(), database_url) {
        // The command line runs no async runtime: the store's synchronous client is at home.
        Some(url) => Store::open_postgres(&url),
        None => Store::open(&db_path(db)),
    }
}

/// The PostgreSQL database chosen, if any: `--database-url`, else (when no `--db` file is
/// given) `$WEIQI_DATABASE_URL`. `weiqi serve` chooses the same way.
pub(crate) fn chosen_url(file_given: bool, flag: Option<String>) -> Option<String> {
    flag.or_else(|| {
        (!file_given)
            .then(|| std::env::var("WEIQI_DATABASE_URL").ok().filter(|v| !v.is_empty()))
            .flatten()
    })
}

pub(super) fn execute(args: Args) -> anyhow::Result<String> {
    let mut store = open_store(args.db, args.database_url)?;
    match args.command {
        Command::New(a) => new(&mut store, a),
        Command::List(a) => list(&mut store, a.json),
        Command::Show(a) => {
            let ev = store.load_event(&a.event.event)?;
            let placement = crate::cmd::io::opengotha_criteria(&mut store, &a.event.event)?;
            Ok(if a.json {
                let mut v = event_json(&a.event.event, &ev);
                if let Some(c) = placement {
                    v["opengotha_placement"] = json!(c);
                }
                json_line(&v)
            } else {
                show(&a.event.event, &ev, placement.as_deref())
            })
        }
        Command::Settings(a) => {
            let system = store.load_event(&a.event.event)?.system();
            let settings = settings(&a.settings, system)?;
            let ev = store.set_settings(&a.event.event, &settings)?;
            Ok(format!(
                "settings of event {:?} changed\n{}",
                a.event.event,
                settings_text(&ev)
            ))
        }
        Command::Rounds(a) => {
            let ev = store.set_rounds(&a.event.event, a.rounds)?;
            Ok(format!(
                "event {:?} now has {} rounds planned\n",
                a.event.event,
                ev.planned_rounds()
            ))
        }
        Command::Player(PlayerCommand::Add(a)) => player_add(&mut store, a),
        Command::Player(PlayerCommand::List(a)) => {
            let ev = store.load_event(&a.event.event)?;
            Ok(if a.json {
                json_line(&json!(players_json(&ev)))
            } else {
                players_table(&ev)
            })
        }
        Command::Player(PlayerCommand::Absent(a)) => {
            store.set_participation(&a.event.event, &a.name, Some(a.round), false)?;
            Ok(format!("{} does not take part in round {}\n", a.name, a.round))
        }
        Command::Player(PlayerCommand::Present(a)) => {
            store.set_participation(&a.event.event, &a.name, Some(a.round), true)?;
            Ok(format!("{} takes part in round {}\n", a.name, a.round))
        }
        Command::Player(PlayerCommand::Pre(a)) => {
            store.set_participation(&a.event.event, &a.name, None, false)?;
            Ok(format!("{} is pre-registered: not paired until confirmed\n", a.name))
        }
        Command::Player(PlayerCommand::Confirm(a)) => {
            store.set_participation(&a.event.event, &a.name, None, true)?;
            Ok(format!("{} is confirmed\n", a.name))
        }
        Command::Pair(a) => pair(&mut store, a),
        Command::Unpair(a) => {
            store.unpair(&a.event.event, a.round)?;
            Ok(format!("round {} of event {:?} unpaired\n", a.round, a.event.event))
        }
        Command::Result(a) => result(&mut store, a),
        Command::Withdraw(a) => withdraw(&mut store, a),
        Command::Warn(a) => {
            let ev = store.add_warning(&a.event.event, a.round, a.board, &a.name, &a.note)?;
            let id = ev.find(&a.name).map_err(|e| anyhow!("{e}"))?;
            let n: u32 = ev
                .rounds()
                .iter()
                .flat_map(|r| &r.games)
                .map(|g| warnings_of(g, id))
                .sum();
            Ok(format!(
                "warning to {} (round {} board {}); {} over the event\n",
                a.name, a.round, a.board, n
            ))
        }
        Command::Standings(a) => {
            let ev = store.load_event(&a.event.event)?;
            // An event imported from OpenGotha is placed by the file's own criteria.
            if let Some(out) = crate::cmd::io::opengotha_standings(&mut store, &a.event.event, &ev, a.json)? {
                return Ok(out);
            }
            let extras = crate::cmd::ratings::extras(&mut store, &a.event.event, &ev)?;
            Ok(if a.json {
                let mut st = standings_json(&a.event.event, &ev);
                add_extras_json(&mut st.rows, &ev, &extras);
                json_line(&st)
            } else {
                let mut out = standings_with(&a.event.event, &ev, &extras);
                if let Some(rule) = crate::cmd::ratings::rule(&mut store, &a.event.event)? {
                    out.push('\n');
                    out += &crate::cmd::ratings::promotion_text(&a.event.event, &ev, &rule, &extras);
                }
                out
            })
        }
        Command::Import(a) => crate::cmd::io::import(&mut store, a),
        Command::Export(a) => crate::cmd::io::export(&mut store, a),
        Command::CheckEgd(a) => crate::cmd::io::check_egd(&mut store, a),
        Command::Ratings(a) => crate::cmd::ratings::ratings(&mut store, a),
        Command::Promotion(a) => crate::cmd::ratings::promotion(&mut store, a),
        Command::Team(c) => crate::cmd::team::run(&mut store, c),
        Command::Challenge(c) => crate::cmd::challenge::run(&mut store, c),
    }
}

pub(super) fn warnings_of(g: &tournament::Game, id: PlayerId) -> u32 {
    match g.color_of(id) {
        Some(rules::Color::Black) => g.warnings[0],
        Some(rules::Color::White) => g.warnings[1],
        None => 0,
    }
}

pub(super) fn new(store: &mut Store, a: NewArgs) -> anyhow::Result<String> {
    let system = system(&a.system, &a.system_options)?;
    let settings = settings(&a.settings, system)?;
    let e = NewEvent {
        name: a.name.unwrap_or_else(|| a.id.clone()),
        id: a.id,
        system,
        n_rounds: a.rounds,
        settings,
    };
    let ev = store.create_event(&e)?;
    Ok(format!(
        "created event {:?} ({}): {}, {} rounds planned\n{}",
        e.id,
        ev.name(),
        system_text(ev.system()),
        ev.planned_rounds(),
        settings_text(&ev)
    ))
}

pub(super) fn list(store: &mut Store, as_json: bool) -> anyhow::Result<String> {
    let events = store.events()?;
    if as_json {
        let v: Vec<Json> = events
            .iter()
            .map(|e| {
                json!({"id": e.id, "name": e.name, "system": system_text(e.system), "rounds": e.n_rounds,
                       "paired": e.n_paired, "players": e.n_players})
            })
            .collect();
        return Ok(json_line(&json!(v)));
    }
    if events.is_empty() {
        return Ok("no events\n".into());
    }
    let rows = events
        .iter()
        .map(|e| {
            vec![
                e.id.clone(),
                e.name.clone(),
                system_text(e.system),
                format!("{}/{}", e.n_paired, e.n_rounds),
                e.n_players.to_string(),
            ]
        })
        .collect();
    Ok(table(
        &["id", "name", "system", "paired", "players"],
        &[false, false, false, true, true],
        rows,
    ))
}

pub(super) fn player_add(store: &mut Store, a: PlayerAddArgs) -> anyhow::Result<String> {
    let rank = Rank::from_str(&a.rank).map_err(|e| anyhow!("--rank: {e}"))?;
    let birth_date = a
        .born
        .as_deref()
        .map(Date::from_str)
        .transpose()
        .map_err(|e| anyhow!("--born: {e}"))?;
    let p = Player {
        name: a.name.clone(),
        rank,
        rating: a.rating,
        club: a.club,
        region: a.region,
        birth_date,
    };
    let ev = store.add_player(&a.event.event, &p)?;
    Ok(format!(
        "added {} ({rank}) to event {:?}: {} players\n",
        a.name,
        a.event.event,
        ev.players().len()
    ))
}

pub(super) fn pairs_from(game: &[String]) -> Vec<(String, String)> {
    game.chunks_exact(2).map(|c| (c[0].clone(), c[1].clone())).collect()
}

/// The director's amended round, reviewed as the pages review it (`tournament::review`):
/// Art. 26: a player the system pairs left with neither a game nor a bye is refused; a
/// repeat of an earlier game (Art. 26.3) or colours two apart (Art. 10) needs `--confirm`.
fn review_amended(
    store: &mut Store,
    id: &str,
    games: &[(String, String)],
    byes: &[String],
    confirm: bool,
) -> anyhow::Result<()> {
    let (ev, review) = store.review_amended(id, games, byes)?;
    let name = |p: tournament::PlayerId| ev.player(p).name.clone();
    let round = ev.rounds().len() + 1;
    if !review.left_out.is_empty() {
        let names: Vec<String> = review.left_out.iter().map(|&p| name(p)).collect();
        bail!(
            "round {round}: {} would have neither a game nor a bye; give each a --game or a --bye (Art. 26)",
            names.join(", ")
        );
    }
    if review.has_warnings() && !confirm {
        let mut warnings: Vec<String> = review
            .repeats
            .iter()
            .map(|x| {
                format!(
                    "{} and {} met in round {}{} (Art. 26.3)",
                    name(x.black),
                    name(x.white),
                    x.round,
                    if x.same_colours { " with the same colours" } else { "" }
                )
            })
            .collect();
        warnings.extend(review.colours.iter().map(|x| {
            format!(
                "{} would have played Black {} and White {} times (Art. 10)",
                name(x.player),
                x.blacks,
                x.whites
            )
        }));
        bail!(
            "round {round} not paired: {}; pass --confirm to pair it anyway",
            warnings.join("; ")
        );
    }
    Ok(())
}

pub(super) fn pair(store: &mut Store, a: PairArgs) -> anyhow::Result<String> {
    let id = &a.event.event;
    if a.dry_run {
        if !a.game.is_empty() || !a.bye.is_empty() {
            bail!("--dry-run shows the system's proposal; it takes no --game or --bye");
        }
        let p = store.propose(id)?;
        let ev = store.load_event(id)?;
        let round = Round {
            number: p.round,
            games: p.games,
            byes: p.byes,
            idle: p.idle,
            origin: tournament::PairingOrigin::Computed,
            explanation: p.explanation,
        };
        return Ok(if a.json {
            json_line(&round_json(id, &ev, &round))
        } else {
            format!("proposal, not saved:\n{}", round_text(&ev, &round))
        });
    }
    let games = pairs_from(&a.game);
    let ev = if a.manual {
        store.pair_manual(id, &games, &a.bye)?
    } else if !games.is_empty() || !a.bye.is_empty() {
        review_amended(store, id, &games, &a.bye, a.confirm)?;
        store.pair_amended(id, &games, &a.bye)?
    } else {
        store.pair_next(id)?
    };
    let round = ev.rounds().last().expect("a round was just paired");
    Ok(if a.json {
        json_line(&round_json(id, &ev, round))
    } else {
        round_text(&ev, round)
    })
}

pub(super) fn result(store: &mut Store, a: ResultArgs) -> anyhow::Result<String> {
    let given = a
        .result
        .as_deref()
        .map(GameResult::from_str)
        .transpose()
        .map_err(|e| anyhow!("--result: {e}"))?;
    let result = match &a.sgf {
        None => given.expect("clap requires --result without --sgf"),
        Some(path) => result_from_record(store, &a, path, given)?,
    };
    let (ev, recorded) = store.record_result(&a.event.event, a.round, a.board, result, a.correct)?;
    let g = &ev.rounds()[a.round as usize - 1]
        .games
        .iter()
        .find(|g| g.board == a.board)
        .expect("recorded");
    let what = match recorded {
        Recorded::New => "recorded",
        Recorded::Unchanged => "already recorded",
        Recorded::Corrected => "corrected",
    };
    Ok(format!(
        "round {} board {}: {} (B) - {} (W) {result} {what}\n",
        a.round,
        a.board,
        name(&ev, g.black),
        name(&ev, g.white)
    ))
}

/// Checks the game record against the board (players) and `given` (result), and returns the
/// result to record: a result that contradicts the game is refused.
pub(super) fn result_from_record(
    store: &mut Store,
    a: &ResultArgs,
    path: &std::path::Path,
    given: Option<GameResult>,
) -> anyhow::Result<GameResult> {
    let bytes = std::fs::read(path).with_context(|| format!("--sgf {}", path.display()))?;
    let record = sgf::parse(&bytes).map_err(|e| anyhow!("--sgf {}: {e}", path.display()))?;
    let ev = store.load_event(&a.event.event)?;
    let game = ev
        .rounds()
        .get((a.round as usize).wrapping_sub(1))
        .and_then(|r| r.games.iter().find(|g| g.board == a.board));
    let Some(game) = game else {
        // Let the store name what is missing (the round or the board).
        return given.ok_or_else(|| anyhow!("round {} has no board {}", a.round, a.board));
    };
    for (color, sgf_player, paired) in [
        ("Black", &record.info.black, game.black),
        ("White", &record.info.white, game.white),
    ] {
        if let Some(n) = &sgf_player.name
            && n.trim() != name(&ev, paired)
        {
            bail!(
                "the record {} has {n:?} as {color}, but {color} on board {} of round {} of event {:?} is {:?}",
                path.display(),
                a.board,
                a.round,
                a.event.event,
                name(&ev, paired)
            );
        }
    }
    let in_record = match &record.info.result {
        None | Some(sgf::Re::Unknown) => None,
        Some(re) => Some(
            GameResult::from_str(&re.to_string())
                .map_err(|e| anyhow!("the record {} has RE {re}, not a result: {e}", path.display()))?,
        ),
    };
    match (given, in_record) {
        // SGF has no "both lose": a record of such a game says Void.
        (Some(GameResult::BothLose), Some(GameResult::NoResult)) => Ok(GameResult::BothLose),
        (Some(g), Some(r)) if g != r => {
            bail!(
                "the result {g} contradicts the record {}, whose RE is {r}",
                path.display()
            )
        }
        (Some(g), _) => Ok(g),
        (None, Some(r)) => Ok(r),
        (None, None) => bail!("the record {} has no result (RE): give --result", path.display()),
    }
}

pub(super) fn withdraw(store: &mut Store, a: WithdrawArgs) -> anyhow::Result<String> {
    let (ev, status) = store.withdraw(&a.event.event, &a.name, &a.reason)?;
    let rr = matches!(ev.system(), System::RoundRobin { .. });
    let effect = match status {
        Status::WithdrawnBeforeStart => "before the start: out of the draw (Art. 28.1)".to_string(),
        Status::Withdrawn {
            after_round,
            voided: true,
        } => format!("after round {after_round}, fewer than half the rounds played: all results void (Art. 28.2)"),
        Status::Withdrawn {
            after_round,
            voided: false,
        } if rr => format!("after round {after_round}: results stand, the remaining games are forfeits (Art. 28.2)"),
        Status::Withdrawn { after_round, .. } => {
            format!("after round {after_round}: results stand, no further pairing (Art. 28)")
        }
        Status::Active => "still active".to_string(),
    };
    Ok(format!("{} withdrew from event {:?} {effect}\n", a.name, a.event.event))
}

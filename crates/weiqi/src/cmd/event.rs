//! `weiqi event`: run an event from the command line — create it, register players, pair
//! rounds, take results, withdrawals and warnings, and print standings — in the database of
//! the `storage` crate: a PostgreSQL database (`--database-url URL`, the one `weiqi serve
//! --database-url` uses), else the SQLite file `--db FILE`, else `$WEIQI_DATABASE_URL`, else
//! `$WEIQI_DB`, else `./weiqi.db` (see [`open_store`]).
//!
//! Every command is one transaction: a command that fails leaves the database as it was.
//! Exit status: 0 done; 2 the input is wrong (unknown event, player, round or board, a bad
//! rank, result or option); 1 the command is well formed but refused (the rules or the state
//! of the event forbid it, such as pairing before the last round's results are in, or
//! replacing a result without `--correct`), or the database failed.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use anyhow::{Context, anyhow, bail};
use clap::{Args as ClapArgs, Subcommand};
use serde::Serialize;
use serde_json::{Value as Json, json};
use storage::{NewEvent, Recorded, Store, StoreError};
use tournament::{
    ByeValue, Date, Event, EventError, GameResult, Player, PlayerId, Rank, Round, Settings, Status, System, TieBreak,
    TotalScoreDivisor,
};

/// `weiqi event`.
#[derive(ClapArgs, Debug)]
#[command(
    about = "Run an event: players, pairing, results, withdrawals, standings",
    after_help = "The database is --database-url URL (PostgreSQL), else --db FILE (SQLite), else \
                  $WEIQI_DATABASE_URL, else $WEIQI_DB, else ./weiqi.db.\n\
                  Exit status: 0 done; 2 wrong input (unknown event, player, round or board; a bad rank, result \
                  or option); 1 refused by the rules or the state of the event, or a database failure.\n\
                  Every command is one transaction: after a failure the database is as it was."
)]
pub struct Args {
    /// The database file (default: $WEIQI_DB, else ./weiqi.db).
    #[arg(long, global = true, value_name = "FILE", conflicts_with = "database_url")]
    db: Option<PathBuf>,
    /// A PostgreSQL database instead of the file (postgres://user@host/db; the schema is the
    /// URL's search_path): the one `weiqi serve --database-url` uses. Default:
    /// $WEIQI_DATABASE_URL.
    #[arg(long, global = true, value_name = "URL")]
    database_url: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Create an event with its system, rounds and settings (all recorded with it).
    New(NewArgs),
    /// List the events in the database.
    List(JsonArg),
    /// Show an event: settings, players, rounds and results.
    Show(ShowArgs),
    /// Change the settings of an event that has not started (the same options as `new`).
    Settings(SettingsArgs),
    /// Change the planned number of Swiss rounds (Art. 26.3: rounds can be added or dropped).
    Rounds(RoundsArgs),
    /// Register or list players.
    #[command(subcommand)]
    Player(PlayerCommand),
    /// Pair the next round under the event's system, or as the director gives it.
    Pair(PairArgs),
    /// Remove the latest round's pairing (nothing recorded after it) to pair it again.
    Unpair(UnpairArgs),
    /// Record the result of a game.
    Result(ResultArgs),
    /// A player withdraws (Art. 28).
    Withdraw(WithdrawArgs),
    /// Give a warning to a player in a game (Art. 24; fewer warnings is a tie-break).
    Warn(WarnArgs),
    /// The standings after the rounds whose results are all in, by the tie-break chain.
    Standings(StandingsArgs),
    /// Create an event from a file: OpenGotha XML, or CSV registrations.
    Import(super::io::ImportArgs),
    /// Write an event as OpenGotha XML, EGD h9, CSV or printable HTML.
    Export(super::io::ExportArgs),
    /// Say what the EGD would refuse in the event's h9 before it is sent.
    CheckEgd(super::io::CheckEgdArgs),
    /// Freeze the ratings before the event (GoR, Glicko-2, Elo), or print them before and after.
    Ratings(super::ratings::RatingsArgs),
    /// Record the promotion rule (升段/升级), or print the promotion list.
    Promotion(super::ratings::PromotionArgs),
    /// Team events (Art. 25-28): teams, line-ups, pairing, board results, standings.
    #[command(subcommand)]
    Team(super::team::TeamCommand),
    /// Challenge matches (擂台赛, Art. 26.6): two teams' orders, the winner stays on.
    #[command(subcommand)]
    Challenge(super::challenge::ChallengeCommand),
}

#[derive(ClapArgs, Debug)]
struct JsonArg {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(ClapArgs, Debug)]
struct EventArg {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
}

#[derive(ClapArgs, Debug)]
struct NewArgs {
    /// The event's id (1-64 characters, no spaces), used by every other command.
    #[arg(long, value_name = "ID")]
    id: String,
    /// The system: swiss, mcmahon, round-robin, double-round-robin, knockout,
    /// double-elimination, swiss-elimination (Art. 26).
    #[arg(long, value_name = "SYSTEM")]
    system: String,
    /// The number of rounds (Swiss; for round robin and knockout a plan, their schedule decides).
    #[arg(long, value_name = "N")]
    rounds: u32,
    /// The event's name for people (default: the id).
    #[arg(long, value_name = "TEXT")]
    name: Option<String>,
    #[command(flatten)]
    system_options: SystemOptions,
    #[command(flatten)]
    settings: SettingsOptions,
}

/// The parameters of the systems.
#[derive(ClapArgs, Debug, Default)]
pub(crate) struct SystemOptions {
    /// Round robin: the number of cycles (1 single, 2 double, 3 or more multiple).
    #[arg(long, value_name = "N")]
    cycles: Option<u32>,
    /// Knockout: lost matches that eliminate (1 single, 2 double, 3 or more multiple).
    #[arg(long, value_name = "N")]
    lives: Option<u32>,
    /// Knockout: games per match, 1, 3, 5 or 7 (Art. 26.5).
    #[arg(long, value_name = "N", default_value_t = 1)]
    best_of: u32,
    /// Double elimination: replay the grand final if the loser-bracket finalist wins it.
    #[arg(long)]
    grand_final_reset: bool,
    /// Swiss with elimination (Art. 26.4): lost games that eliminate.
    #[arg(long, value_name = "K", default_value_t = 2)]
    losses: u32,
    /// McMahon: the bar; ranks at or above it start equal.
    #[arg(long, value_name = "RANK", default_value = "1d")]
    bar: String,
    /// McMahon: the floor; ranks at or below it start equal.
    #[arg(long, value_name = "RANK", default_value = "20k")]
    floor: String,
}

/// The settings recorded with an event.
#[derive(ClapArgs, Debug)]
struct SettingsOptions {
    /// What a bye is worth: win (2 points, the default), draw (1) or loss (0).
    #[arg(long, value_name = "VALUE", default_value = "win")]
    bye: String,
    /// The tie-break chain, comma-separated, from: points, mms, sos, sodos, sosos, cumulative,
    /// direct, warnings, total, elimination, lots (default: the system's, Art. 27).
    #[arg(long, value_name = "LIST")]
    tie_breaks: Option<String>,
    /// 总得分's divisor: half-maximum (the default), half-leader, or a whole number.
    #[arg(long, value_name = "D", default_value = "half-maximum")]
    total_score_divisor: String,
    /// Art. 22: more than this many minutes late loses (60 with the venue apart from the
    /// lodging, 15 with them together).
    #[arg(long, value_name = "MINUTES", default_value_t = 60)]
    lateness_limit: u32,
    /// Art. 20: what a long cycle does: forbid, no-result, draw or replay.
    #[arg(long, value_name = "POLICY", default_value = "forbid")]
    cycle_policy: String,
    /// Art. 12: the time control as a clock spec, e.g. 1h+3x60s (byo-yomi), 10m+15/10m
    /// (Canadian), 90m (absolute).
    #[arg(long, value_name = "SPEC")]
    time_control: Option<String>,
    /// The seed of every lot (draw, colors, the last tie-break), recorded for replay.
    #[arg(long, value_name = "N", default_value_t = 0)]
    lots_seed: u64,
    /// Swiss: avoid pairing members of the same club (`--avoid-same-club false` turns it
    /// off). Default: on for McMahon, off for the other systems.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    avoid_same_club: Option<bool>,
    /// Swiss: avoid pairing members of the same region (country). Default: on for McMahon,
    /// off for the other systems.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    avoid_same_region: Option<bool>,
    /// McMahon: handicaps from the rank difference (rank, the default) or the McMahon scores
    /// at the start of the round (mms).
    #[arg(long, value_name = "BASIS", default_value = "rank")]
    handicap_basis: String,
    /// McMahon: ranks at or above this count as it for the handicap (even games among them).
    #[arg(long, value_name = "RANK")]
    handicap_bar: Option<String>,
    /// McMahon: stones taken off the difference.
    #[arg(long, value_name = "N", default_value_t = 0)]
    handicap_correction: u32,
    /// McMahon: the most handicap stones, 0 (even games) to 9.
    #[arg(long, value_name = "N", default_value_t = 9)]
    handicap_ceiling: u32,
}

#[derive(ClapArgs, Debug)]
struct ShowArgs {
    #[command(flatten)]
    event: EventArg,
    /// Print JSON instead of tables (an event imported from OpenGotha adds
    /// "opengotha_placement": its placement criteria, by which `standings` places it).
    #[arg(long)]
    json: bool,
}

#[derive(ClapArgs, Debug)]
struct SettingsArgs {
    #[command(flatten)]
    event: EventArg,
    #[command(flatten)]
    settings: SettingsOptions,
}

#[derive(ClapArgs, Debug)]
struct RoundsArgs {
    #[command(flatten)]
    event: EventArg,
    /// The new number of rounds (not below the rounds paired).
    #[arg(long, value_name = "N")]
    rounds: u32,
}

#[derive(Subcommand, Debug)]
enum PlayerCommand {
    /// Register a player (names are unique in an event).
    Add(PlayerAddArgs),
    /// List the players with their status.
    List(PlayerListArgs),
    /// A player does not take part in a round not yet paired (Swiss and McMahon: not paired,
    /// no bye, nothing scored for it).
    Absent(ParticipationArgs),
    /// A player takes part in a round after all.
    Present(ParticipationArgs),
    /// A player is only pre-registered: not paired until confirmed.
    Pre(PlayerNameArgs),
    /// A pre-registered player is confirmed: paired from the next round.
    Confirm(PlayerNameArgs),
}

#[derive(ClapArgs, Debug)]
struct ParticipationArgs {
    #[command(flatten)]
    event: EventArg,
    /// The player.
    #[arg(long, value_name = "NAME")]
    name: String,
    /// The round (not yet paired).
    #[arg(long, value_name = "R")]
    round: u32,
}

#[derive(ClapArgs, Debug)]
struct PlayerNameArgs {
    #[command(flatten)]
    event: EventArg,
    /// The player.
    #[arg(long, value_name = "NAME")]
    name: String,
}

#[derive(ClapArgs, Debug)]
struct PlayerAddArgs {
    #[command(flatten)]
    event: EventArg,
    /// The player's name, unique in the event.
    #[arg(long, value_name = "NAME")]
    name: String,
    /// The rank (Art. 25.3): 30k-1k, 1d-7d, 1p-9p.
    #[arg(long, value_name = "RANK")]
    rank: String,
    /// A rating (breaks rank ties for seeding and the halves of a Swiss score group).
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    rating: Option<i32>,
    /// The club (see --avoid-same-club).
    #[arg(long, value_name = "C")]
    club: Option<String>,
    /// The region (see --avoid-same-region).
    #[arg(long, value_name = "R")]
    region: Option<String>,
    /// The birth date, YYYY-MM-DD (Art. 10: with equal ranks the older holds the stones).
    #[arg(long, value_name = "DATE")]
    born: Option<String>,
}

#[derive(ClapArgs, Debug)]
struct PlayerListArgs {
    #[command(flatten)]
    event: EventArg,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(ClapArgs, Debug)]
struct PairArgs {
    #[command(flatten)]
    event: EventArg,
    /// Print JSON: {"event", "round", "games": [{"board", "black", "white"}], "byes", "rests"};
    /// "byes" names every player who advances in the round without a game and scores the bye
    /// value (a Swiss bye, a knockout bracket bye); "rests" the players of a round robin
    /// resting (轮休), who score nothing.
    #[arg(long)]
    json: bool,
    /// Show the proposal for the next round without saving it.
    #[arg(long)]
    dry_run: bool,
    /// The director's game, Black then White (repeat for each board). With --game the
    /// proposal is amended: these games and --bye replace it, and both are recorded.
    #[arg(long, num_args = 2, value_names = ["BLACK", "WHITE"], action = clap::ArgAction::Append)]
    game: Vec<String>,
    /// A bye given by the director (repeatable).
    #[arg(long, value_name = "NAME")]
    bye: Vec<String>,
    /// The round is paired by hand, not amended from a proposal (players left out are idle).
    #[arg(long, requires = "game")]
    manual: bool,
}

#[derive(ClapArgs, Debug)]
struct UnpairArgs {
    #[command(flatten)]
    event: EventArg,
    /// The round (the latest).
    #[arg(long, value_name = "R")]
    round: u32,
}

#[derive(ClapArgs, Debug)]
struct ResultArgs {
    #[command(flatten)]
    event: EventArg,
    /// The round.
    #[arg(long, value_name = "R")]
    round: u32,
    /// The board.
    #[arg(long, value_name = "B")]
    board: u32,
    /// An SGF RE value (B+R, W+1.5, B+T, B+F, 0, Void) or both-lose.
    #[arg(long, value_name = "RESULT", required_unless_present = "sgf")]
    result: Option<String>,
    /// The game's record: its players (PB, PW) must be the board's, and its result (RE), if
    /// any, must agree with --result (or stands for it when --result is not given).
    #[arg(long, value_name = "FILE")]
    sgf: Option<PathBuf>,
    /// Replace a different result already recorded (the old one stays in the history).
    #[arg(long)]
    correct: bool,
}

#[derive(ClapArgs, Debug)]
struct WithdrawArgs {
    #[command(flatten)]
    event: EventArg,
    /// The player.
    #[arg(long, value_name = "NAME")]
    name: String,
    /// Why (kept with the withdrawal).
    #[arg(long, value_name = "TEXT", default_value = "")]
    reason: String,
}

#[derive(ClapArgs, Debug)]
struct WarnArgs {
    #[command(flatten)]
    event: EventArg,
    /// The round.
    #[arg(long, value_name = "R")]
    round: u32,
    /// The board.
    #[arg(long, value_name = "B")]
    board: u32,
    /// The player warned.
    #[arg(long, value_name = "NAME")]
    name: String,
    /// What for.
    #[arg(long, value_name = "TEXT", default_value = "")]
    note: String,
}

#[derive(ClapArgs, Debug)]
struct StandingsArgs {
    #[command(flatten)]
    event: EventArg,
    /// Print JSON: {"event", "after_round", "rows": [{"place", "name", "points", "wins", "draws",
    /// "losses", "sos", "sodos", "sosos", "cumulative", "warnings"}]}. The standings are those
    /// after round `after_round`, the last whose results are all in: a round still being played
    /// counts for nothing yet. An event imported from OpenGotha is placed by the file's
    /// placement criteria: the JSON adds "criteria" (their names, in order) and each row its
    /// "criteria" values ({"MMS": 34, "SOSM": 96.5, …}).
    #[arg(long)]
    json: bool,
}

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
fn exit_code(e: &anyhow::Error) -> u8 {
    if let Some(code) = super::team::exit_code(e) {
        return code;
    }
    if let Some(code) = super::challenge::exit_code(e) {
        return code;
    }
    if e.downcast_ref::<super::io::EgdRefuses>().is_some() {
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
pub(crate) fn open_store(db: Option<PathBuf>, database_url: Option<String>) -> Result<Store, StoreError> {
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

fn execute(args: Args) -> anyhow::Result<String> {
    let mut store = open_store(args.db, args.database_url)?;
    match args.command {
        Command::New(a) => new(&mut store, a),
        Command::List(a) => list(&mut store, a.json),
        Command::Show(a) => {
            let ev = store.load_event(&a.event.event)?;
            let placement = super::io::opengotha_criteria(&mut store, &a.event.event)?;
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
            if let Some(out) = super::io::opengotha_standings(&mut store, &a.event.event, &ev, a.json)? {
                return Ok(out);
            }
            let extras = super::ratings::extras(&mut store, &a.event.event, &ev)?;
            Ok(if a.json {
                let mut st = standings_json(&a.event.event, &ev);
                add_extras_json(&mut st.rows, &ev, &extras);
                json_line(&st)
            } else {
                let mut out = standings_with(&a.event.event, &ev, &extras);
                if let Some(rule) = super::ratings::rule(&mut store, &a.event.event)? {
                    out.push('\n');
                    out += &super::ratings::promotion_text(&a.event.event, &ev, &rule, &extras);
                }
                out
            })
        }
        Command::Import(a) => super::io::import(&mut store, a),
        Command::Export(a) => super::io::export(&mut store, a),
        Command::CheckEgd(a) => super::io::check_egd(&mut store, a),
        Command::Ratings(a) => super::ratings::ratings(&mut store, a),
        Command::Promotion(a) => super::ratings::promotion(&mut store, a),
        Command::Team(c) => super::team::run(&mut store, c),
        Command::Challenge(c) => super::challenge::run(&mut store, c),
    }
}

fn warnings_of(g: &tournament::Game, id: PlayerId) -> u32 {
    match g.color_of(id) {
        Some(rules::Color::Black) => g.warnings[0],
        Some(rules::Color::White) => g.warnings[1],
        None => 0,
    }
}

/// One line of JSON; structs keep their fields in declaration order.
pub(crate) fn json_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("plain data") + "\n"
}

/// The system named on the command line, with its parameters.
pub(crate) fn system(name: &str, o: &SystemOptions) -> anyhow::Result<System> {
    let knockout = |lives: u32| System::Knockout {
        lives: o.lives.unwrap_or(lives),
        best_of: o.best_of,
        grand_final_reset: o.grand_final_reset,
    };
    let rank = |what: &str, s: &str| Rank::from_str(s).with_context(|| format!("--{what}"));
    Ok(match name {
        "swiss" => System::Swiss,
        "mcmahon" => System::McMahon {
            bar: rank("bar", &o.bar)?,
            floor: rank("floor", &o.floor)?,
        },
        "round-robin" => System::RoundRobin {
            cycles: o.cycles.unwrap_or(1),
        },
        "double-round-robin" => System::RoundRobin {
            cycles: o.cycles.unwrap_or(2),
        },
        "knockout" => knockout(1),
        "double-elimination" => knockout(2),
        "swiss-elimination" => System::SwissElimination { losses: o.losses },
        other => bail!(
            "unknown system {other:?}: expected swiss, mcmahon, round-robin, double-round-robin, knockout, \
             double-elimination or swiss-elimination"
        ),
    })
}

/// The system as people read it.
fn system_text(s: System) -> String {
    match s {
        System::Swiss => "swiss".into(),
        System::McMahon { bar, floor } => format!("mcmahon (bar {bar}, floor {floor})"),
        System::RoundRobin { cycles: 1 } => "round-robin".into(),
        System::RoundRobin { cycles: 2 } => "double-round-robin".into(),
        System::RoundRobin { cycles } => format!("round-robin ({cycles} cycles)"),
        System::SwissElimination { losses } => format!("swiss-elimination (out after {losses} losses)"),
        System::Knockout {
            lives,
            best_of,
            grand_final_reset,
        } => {
            let mut t = match lives {
                1 => "knockout".to_string(),
                2 => "double-elimination".to_string(),
                n => format!("knockout (out after {n} lost matches)"),
            };
            if best_of > 1 {
                write!(t, ", best of {best_of}").ok();
            }
            if grand_final_reset {
                t.push_str(", grand final reset");
            }
            t
        }
    }
}

/// The settings the options give for an event of `system` (what is not given is the
/// system's default, `Settings::defaults_for`).
fn settings(o: &SettingsOptions, system: System) -> anyhow::Result<Settings> {
    let defaults = Settings::defaults_for(system);
    let bye = match o.bye.as_str() {
        "win" => ByeValue::Win,
        "draw" => ByeValue::Draw,
        "loss" => ByeValue::Loss,
        other => bail!("--bye {other:?}: expected win, draw or loss"),
    };
    let tie_breaks = match &o.tie_breaks {
        None => Vec::new(),
        // A tie-break named twice is refused by the event (tournament::Settings::checked).
        Some(list) => list
            .split(',')
            .map(|t| TieBreak::from_str(t.trim()).map_err(|e| anyhow!("--tie-breaks: {e}")))
            .collect::<anyhow::Result<Vec<_>>>()?,
    };
    let total_score_divisor = match o.total_score_divisor.as_str() {
        "half-maximum" => TotalScoreDivisor::HalfMaximum,
        "half-leader" => TotalScoreDivisor::HalfLeader,
        n => match n.parse::<u32>() {
            Ok(d) if d > 0 => TotalScoreDivisor::Fixed(d),
            _ => bail!("--total-score-divisor {n:?}: expected half-maximum, half-leader or a whole number above 0"),
        },
    };
    let cycle_policy = o
        .cycle_policy
        .parse::<rules::CyclePolicy>()
        .map_err(|e| anyhow!("--cycle-policy: {e}"))?;
    // Checked against the clock's grammar and kept canonical by the event itself
    // (tournament::Settings::checked), as for every other way in.
    let time_control = o.time_control.clone().unwrap_or_default();
    let handicap = tournament::HandicapRule {
        basis: match o.handicap_basis.as_str() {
            "rank" => tournament::HandicapBasis::Rank,
            "mms" => tournament::HandicapBasis::Mms,
            other => bail!("--handicap-basis {other:?}: expected rank or mms"),
        },
        bar: o
            .handicap_bar
            .as_deref()
            .map(Rank::from_str)
            .transpose()
            .map_err(|e| anyhow!("--handicap-bar: {e}"))?,
        correction: o.handicap_correction,
        // A ceiling past nine is refused by the event (tournament::Settings::checked).
        ceiling: o.handicap_ceiling,
    };
    Ok(Settings {
        handicap,
        bye,
        lateness_limit_minutes: o.lateness_limit,
        cycle_policy,
        time_control,
        avoid_same_club: o.avoid_same_club.unwrap_or(defaults.avoid_same_club),
        avoid_same_region: o.avoid_same_region.unwrap_or(defaults.avoid_same_region),
        tie_breaks,
        lots_seed: o.lots_seed,
        total_score_divisor,
    })
}

fn chain_of(ev: &Event) -> Vec<TieBreak> {
    if ev.settings().tie_breaks.is_empty() {
        TieBreak::default_chain(ev.system())
    } else {
        ev.settings().tie_breaks.clone()
    }
}

fn settings_text(ev: &Event) -> String {
    let s = ev.settings();
    let chain: Vec<&str> = chain_of(ev).iter().map(|t| t.name()).collect();
    let bye = match s.bye {
        ByeValue::Win => "win (2 points)",
        ByeValue::Draw => "draw (1 point)",
        ByeValue::Loss => "loss (0 points)",
    };
    let divisor = match s.total_score_divisor {
        TotalScoreDivisor::HalfMaximum => "half the maximum".to_string(),
        TotalScoreDivisor::HalfLeader => "half the leader's points".to_string(),
        TotalScoreDivisor::Fixed(d) => d.to_string(),
    };
    let mut out = String::new();
    writeln!(out, "  bye:            {bye}").ok();
    writeln!(
        out,
        "  tie-breaks:     {}{}",
        chain.join(", "),
        if s.tie_breaks.is_empty() {
            " (the system's default)"
        } else {
            ""
        }
    )
    .ok();
    writeln!(out, "  total score:    points + SOS / {divisor} - rounds").ok();
    writeln!(out, "  lateness limit: {} minutes (Art. 22)", s.lateness_limit_minutes).ok();
    writeln!(out, "  cycle policy:   {} (Art. 20)", s.cycle_policy).ok();
    let tc = if s.time_control.is_empty() {
        "not set"
    } else {
        &s.time_control
    };
    writeln!(out, "  time control:   {tc} (Art. 12)").ok();
    writeln!(out, "  lots seed:      {}", s.lots_seed).ok();
    if let System::McMahon { .. } = ev.system() {
        writeln!(out, "  handicap:       {} (Art. 11)", handicap_text(&s.handicap)).ok();
    }
    let avoid: Vec<&str> = [(s.avoid_same_club, "same club"), (s.avoid_same_region, "same region")]
        .iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
    writeln!(
        out,
        "  avoid:          {}",
        if avoid.is_empty() {
            "nothing".to_string()
        } else {
            avoid.join(", ")
        }
    )
    .ok();
    out
}

/// A McMahon event's handicap rule as people read it.
fn handicap_text(h: &tournament::HandicapRule) -> String {
    let mut t = match h.basis {
        tournament::HandicapBasis::Rank => "from the rank difference".to_string(),
        tournament::HandicapBasis::Mms => "from the McMahon score difference".to_string(),
    };
    if let Some(bar) = h.bar {
        write!(t, ", ranks from {bar} up count as {bar}").ok();
    }
    if h.correction > 0 {
        write!(t, ", less {}", h.correction).ok();
    }
    write!(t, ", at most {} stones", h.ceiling).ok();
    t
}

fn new(store: &mut Store, a: NewArgs) -> anyhow::Result<String> {
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

fn list(store: &mut Store, as_json: bool) -> anyhow::Result<String> {
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

fn player_add(store: &mut Store, a: PlayerAddArgs) -> anyhow::Result<String> {
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

fn status_text(s: Status) -> String {
    match s {
        Status::Active => "active".into(),
        Status::WithdrawnBeforeStart => "withdrew before the start".into(),
        Status::Withdrawn {
            after_round,
            voided: false,
        } => format!("withdrew after round {after_round}"),
        Status::Withdrawn {
            after_round,
            voided: true,
        } => {
            format!("withdrew after round {after_round}, results void")
        }
    }
}

/// A player's status, with pre-registration and the rounds not yet paired they miss.
fn player_status(ev: &Event, id: PlayerId) -> String {
    let mut t = status_text(ev.status(id));
    if ev.is_preregistered(id) {
        t.push_str(", pre-registered");
    }
    let next = ev.rounds().len() as u32 + 1;
    let absent: Vec<String> = (next..=ev.planned_rounds().max(next))
        .filter(|&r| !ev.takes_part(id, r))
        .map(|r| r.to_string())
        .collect();
    if !absent.is_empty() {
        write!(t, ", absent from round {}", absent.join(", ")).ok();
    }
    t
}

fn players_json(ev: &Event) -> Vec<Json> {
    ev.players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({"name": p.name, "rank": p.rank.to_string(), "rating": p.rating, "club": p.club,
                   "region": p.region, "born": p.birth_date.map(|d| d.to_string()),
                   "status": player_status(ev, PlayerId(i))})
        })
        .collect()
}

fn players_table(ev: &Event) -> String {
    let rows = ev
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            vec![
                (i + 1).to_string(),
                p.name.clone(),
                p.rank.to_string(),
                p.rating.map(|r| r.to_string()).unwrap_or_default(),
                p.club.clone().unwrap_or_default(),
                p.region.clone().unwrap_or_default(),
                player_status(ev, PlayerId(i)),
            ]
        })
        .collect();
    table(
        &["#", "name", "rank", "rating", "club", "region", "status"],
        &[true, false, true, true, false, false, false],
        rows,
    )
}

fn name(ev: &Event, p: PlayerId) -> String {
    ev.player(p).name.clone()
}

fn pairs_from(game: &[String]) -> Vec<(String, String)> {
    game.chunks_exact(2).map(|c| (c[0].clone(), c[1].clone())).collect()
}

fn pair(store: &mut Store, a: PairArgs) -> anyhow::Result<String> {
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

/// `weiqi event pair --json`, fields in the documented order (scripts depend on them).
#[derive(Serialize)]
struct PairJson<'a> {
    event: &'a str,
    round: u32,
    games: Vec<GameJson>,
    byes: Vec<String>,
    rests: Vec<String>,
}

#[derive(Serialize)]
struct GameJson {
    board: u32,
    black: String,
    white: String,
    /// McMahon: the handicap stones the event's rule proposes (0: an even game); Black is the
    /// weaker player of a handicap game.
    #[serde(skip_serializing_if = "Option::is_none")]
    handicap: Option<u32>,
}

fn round_json<'a>(id: &'a str, ev: &Event, r: &Round) -> PairJson<'a> {
    let hc = handicaps(ev, r);
    let games = r.games.iter().zip(&hc).map(|(g, h)| GameJson {
        board: g.board,
        black: name(ev, g.black),
        white: name(ev, g.white),
        handicap: *h,
    });
    let byes = r.byes.iter().map(|&p| name(ev, p)).collect();
    let rests = if matches!(ev.system(), System::RoundRobin { .. }) {
        r.idle.iter().map(|&p| name(ev, p)).collect()
    } else {
        Vec::new()
    };
    PairJson {
        event: id,
        round: r.number,
        games: games.collect(),
        byes,
        rests,
    }
}

fn origin_text(o: &tournament::PairingOrigin) -> &'static str {
    match o {
        tournament::PairingOrigin::Computed => "as the system proposed it",
        tournament::PairingOrigin::Amended { .. } => "amended by the director (the proposal is kept)",
        tournament::PairingOrigin::Manual => "paired by hand by the director",
        tournament::PairingOrigin::Imported => "as the imported file has it",
    }
}

/// Each game's handicap in a McMahon event (the tournament crate's proposal, the one every
/// view shows), `None` for every game of another system.
fn handicaps(ev: &Event, r: &Round) -> Vec<Option<u32>> {
    let mcmahon = matches!(ev.system(), System::McMahon { .. });
    let hc = tournament::handicap::for_round(ev, r.number);
    r.games
        .iter()
        .map(|g| mcmahon.then(|| hc.of(g.black, g.white).stones))
        .collect()
}

fn round_text(ev: &Event, r: &Round) -> String {
    let mut out = format!("round {}: {}\n", r.number, origin_text(&r.origin));
    let costs = r.explanation.as_ref().map(|(c, _)| c);
    let hc = handicaps(ev, r);
    let mcmahon = hc.iter().any(Option::is_some);
    let rows = r
        .games
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let result = if g.void {
                "void (Art. 28.2)".to_string()
            } else {
                g.result.map(|x| x.to_string()).unwrap_or_default()
            };
            let why = costs.and_then(|c| c.get(k)).map(|c| c.to_string()).unwrap_or_default();
            let mut row = vec![g.board.to_string(), name(ev, g.black), name(ev, g.white)];
            if mcmahon {
                row.push(match hc[k] {
                    Some(0) | None => "even".into(),
                    Some(n) => format!("{n} stones"),
                });
            }
            row.extend([result, why]);
            row
        })
        .collect();
    let (header, right): (&[&str], &[bool]) = if mcmahon {
        (
            &["board", "black", "white", "handicap", "result", "why (cost parts)"],
            &[true, false, false, false, false, false],
        )
    } else {
        (
            &["board", "black", "white", "result", "why (cost parts)"],
            &[true, false, false, false, false],
        )
    };
    out += &table(header, right, rows);
    let knockout = matches!(ev.system(), System::Knockout { .. });
    for &b in &r.byes {
        if knockout {
            writeln!(out, "bye (advances without playing): {}", name(ev, b)).ok();
        } else {
            writeln!(out, "bye: {}", name(ev, b)).ok();
        }
    }
    if !r.idle.is_empty() {
        let idle: Vec<String> = r.idle.iter().map(|&p| name(ev, p)).collect();
        // Art. 26.2, 27.1: a round robin's player without a game rests (轮休) and scores
        // nothing; a knockout player waits for an opponent.
        let label = if knockout {
            "waiting"
        } else if matches!(ev.system(), System::RoundRobin { .. }) {
            "rest (轮休, no game, no points)"
        } else {
            "not playing"
        };
        writeln!(out, "{label}: {}", idle.join(", ")).ok();
    }
    if let Some((_, total)) = &r.explanation {
        writeln!(
            out,
            "matching total: {total} (levels in order: rematches, squared score gaps, colors, half split, club/region)"
        )
        .ok();
    }
    if let tournament::PairingOrigin::Amended {
        proposed,
        proposed_byes,
    } = &r.origin
    {
        let p: Vec<String> = proposed
            .iter()
            .map(|&(b, w)| format!("{}-{}", name(ev, b), name(ev, w)))
            .collect();
        writeln!(out, "proposed: {}", p.join(", ")).ok();
        if !proposed_byes.is_empty() {
            let b: Vec<String> = proposed_byes.iter().map(|&p| name(ev, p)).collect();
            writeln!(out, "proposed byes: {}", b.join(", ")).ok();
        }
    }
    out
}

fn result(store: &mut Store, a: ResultArgs) -> anyhow::Result<String> {
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
fn result_from_record(
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
        None | Some(sgf::GameResult::Unknown) => None,
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

fn withdraw(store: &mut Store, a: WithdrawArgs) -> anyhow::Result<String> {
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

/// A number that may be a half: an integer, or `x.5`.
pub(crate) fn halves_json(halves: i64) -> Json {
    if halves % 2 == 0 {
        json!(halves / 2)
    } else {
        json!(halves as f64 / 2.0)
    }
}

fn halves_text(halves: i64) -> String {
    if halves % 2 == 0 {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// `weiqi event standings --json`, fields in the documented order (scripts depend on them).
#[derive(Serialize)]
struct StandingsJson<'a> {
    event: &'a str,
    after_round: u32,
    rows: Vec<RowJson>,
}

#[derive(Serialize)]
pub(crate) struct RowJson {
    place: u32,
    name: String,
    points: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    sos: i64,
    /// A half when a drawn opponent has an odd score.
    sodos: Json,
    sosos: i64,
    cumulative: u32,
    warnings: u32,
    /// The ratings, when the event has frozen ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_after: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_change: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deviation_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deviation_after: Option<f64>,
    /// With a promotion rule: the rank promoted to, or null.
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<Option<String>>,
}

/// A row of `weiqi event standings --json`: the player's figures, at `place`.
pub(crate) fn row_json(ev: &Event, r: &tournament::Row, place: u32) -> RowJson {
    let s = &r.stats;
    RowJson {
        place,
        name: name(ev, r.player),
        points: s.points,
        wins: s.wins,
        draws: s.draws,
        losses: s.losses,
        sos: s.sos,
        sodos: halves_json(s.sodos_halves),
        sosos: s.sosos,
        cumulative: s.cumulative,
        warnings: s.warnings,
        rating_before: None,
        rating_after: None,
        rating_change: None,
        deviation_before: None,
        deviation_after: None,
        promotion: None,
    }
}

fn standings_json<'a>(id: &'a str, ev: &Event) -> StandingsJson<'a> {
    let st = ev.standings();
    let rows = st.rows.iter().map(|r| row_json(ev, r, r.place)).collect();
    StandingsJson {
        event: id,
        after_round: st.after_round,
        rows,
    }
}

pub(crate) fn standings_table(id: &str, ev: &Event) -> String {
    standings_with(id, ev, &formats::ratings::Extras::default())
}

/// The rows of `weiqi event standings --json` with the ratings (`rating_before`,
/// `rating_after`, `rating_change`, and for Glicko-2 `deviation_before`, `deviation_after`) and
/// the promotion (`promotion`: the rank promoted to, or null) of `x`, for the rows it covers.
fn add_extras_json(rows: &mut [RowJson], ev: &Event, x: &formats::ratings::Extras) {
    for row in rows {
        let Ok(id) = ev.find(&row.name) else {
            continue;
        };
        if let Some(c) = x.ratings.iter().find(|c| c.player == id) {
            row.rating_before = Some(c.before.value);
            row.rating_after = Some(c.after.value);
            row.rating_change = Some(c.change());
            if x.deviation {
                row.deviation_before = c.before.deviation;
                row.deviation_after = c.after.deviation;
            }
        }
        if x.promotion_rule {
            row.promotion = Some(x.promotions.iter().find(|p| p.player == id).map(|p| p.to.to_string()));
        }
    }
}

/// The standings table with the extra columns of `x` (ratings before, after, change;
/// promotion).
pub(crate) fn standings_with(id: &str, ev: &Event, x: &formats::ratings::Extras) -> String {
    let st = ev.standings();
    let chain: Vec<&str> = st.chain.iter().map(|t| t.name()).collect();
    let mut out = format!(
        "{} ({}) after round {}; ranked by {}\n",
        id,
        ev.name(),
        st.after_round,
        chain.join(", ")
    );
    let mut shared = std::collections::HashMap::new();
    for r in &st.rows {
        *shared.entry(r.place).or_insert(0) += 1;
    }
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let s = &r.stats;
            let place = if shared[&r.place] > 1 {
                format!("{}=", r.place)
            } else {
                r.place.to_string()
            };
            let mut name = name(ev, r.player);
            if r.withdrawn {
                name.push_str(" (withdrawn)");
            }
            let mut row = vec![
                place,
                name,
                ev.player(r.player).rank.to_string(),
                s.points.to_string(),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                s.sos.to_string(),
                halves_text(s.sodos_halves),
                s.sosos.to_string(),
                s.cumulative.to_string(),
                s.warnings.to_string(),
            ];
            row.extend(x.cells(r.player));
            row
        })
        .collect();
    let mut header = vec![
        "place", "name", "rank", "pts", "W", "D", "L", "SOS", "SODOS", "SOSOS", "cum", "warn",
    ];
    let extra = x.header(formats::csv_io::Lang::En);
    header.extend(extra.iter().map(String::as_str));
    let mut right = vec![true; header.len()];
    right[1] = false;
    out += &table(&header, &right, rows);
    out
}

/// `placement`: the criteria of an event imported from OpenGotha, which places it by them.
fn show(id: &str, ev: &Event, placement: Option<&[String]>) -> String {
    let mut out = format!(
        "event {id:?}: {}\n  system:         {}\n  rounds:         {} paired of {} planned\n",
        ev.name(),
        system_text(ev.system()),
        ev.rounds().len(),
        ev.planned_rounds()
    );
    out += &settings_text(ev);
    if let Some(c) = placement {
        writeln!(out, "  placement:      as OpenGotha places it, by {}", c.join(", ")).ok();
    }
    writeln!(out, "\nplayers ({}):", ev.players().len()).ok();
    out += &players_table(ev);
    for r in ev.rounds() {
        out.push('\n');
        out += &round_text(ev, r);
    }
    out
}

fn event_json(id: &str, ev: &Event) -> Json {
    let s = ev.settings();
    let rounds: Vec<Json> = ev
        .rounds()
        .iter()
        .map(|r| {
            let games: Vec<Json> = r
                .games
                .iter()
                .map(|g| {
                    json!({"board": g.board, "black": name(ev, g.black), "white": name(ev, g.white),
                           "result": g.result.map(|x| x.to_string()), "void": g.void,
                           "warnings": {"black": g.warnings[0], "white": g.warnings[1]}})
                })
                .collect();
            let origin = match r.origin {
                tournament::PairingOrigin::Computed => "computed",
                tournament::PairingOrigin::Amended { .. } => "amended",
                tournament::PairingOrigin::Manual => "manual",
                tournament::PairingOrigin::Imported => "imported",
            };
            json!({"round": r.number, "origin": origin, "games": games,
                   "byes": r.byes.iter().map(|&p| name(ev, p)).collect::<Vec<_>>(),
                   "idle": r.idle.iter().map(|&p| name(ev, p)).collect::<Vec<_>>()})
        })
        .collect();
    json!({
        "event": id,
        "name": ev.name(),
        "system": system_text(ev.system()),
        "rounds_planned": ev.planned_rounds(),
        "settings": {
            "bye": match s.bye { ByeValue::Win => "win", ByeValue::Draw => "draw", ByeValue::Loss => "loss" },
            "tie_breaks": chain_of(ev).iter().map(|t| t.name()).collect::<Vec<_>>(),
            "lateness_limit_minutes": s.lateness_limit_minutes,
            "cycle_policy": s.cycle_policy.to_string(),
            "time_control": s.time_control,
            "lots_seed": s.lots_seed,
            "avoid_same_club": s.avoid_same_club,
            "avoid_same_region": s.avoid_same_region,
            "handicap": {
                "basis": match s.handicap.basis { tournament::HandicapBasis::Rank => "rank", tournament::HandicapBasis::Mms => "mms" },
                "bar": s.handicap.bar.map(|r| r.to_string()),
                "correction": s.handicap.correction,
                "ceiling": s.handicap.ceiling,
            },
        },
        "players": players_json(ev),
        "rounds": rounds,
    })
}

/// A plain text table: a header, a rule, and the rows, columns padded to their widest cell
/// (numbers, where `right`, aligned right).
pub(crate) fn table(header: &[&str], right: &[bool], rows: Vec<Vec<String>>) -> String {
    let width = |s: &str| s.chars().count();
    let mut w: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in &rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(width(c));
        }
    }
    let line = |cells: &[String]| -> String {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = " ".repeat(w[i] - width(c));
            if i > 0 {
                s.push_str("  ");
            }
            if right[i] {
                s.push_str(&pad);
                s.push_str(c);
            } else {
                s.push_str(c);
                if i + 1 < cells.len() {
                    s.push_str(&pad);
                }
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(&header.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    out += &line(&w.iter().map(|&n| "-".repeat(n)).collect::<Vec<_>>());
    for r in &rows {
        out += &line(r);
    }
    out
}

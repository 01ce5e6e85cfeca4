//! The arguments of `weiqi event` (clap's structs) and what turns them into the event's
//! values: the system and the settings.

use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{Context, anyhow, bail};
use clap::{Args as ClapArgs, Subcommand};
use tournament::{ByeValue, Rank, Settings, System, SystemKind, TieBreak, TotalScoreDivisor};

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
    pub(super) db: Option<PathBuf>,
    /// A PostgreSQL database instead of the file (postgres://user@host/db; the schema is the
    /// URL's search_path): the one `weiqi serve --database-url` uses. Default:
    /// $WEIQI_DATABASE_URL.
    #[arg(long, global = true, value_name = "URL")]
    pub(super) database_url: Option<String>,
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
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
    Import(crate::cmd::io::ImportArgs),
    /// Write an event as OpenGotha XML, EGD h9, CSV or printable HTML.
    Export(crate::cmd::io::ExportArgs),
    /// Say what the EGD would refuse in the event's h9 before it is sent.
    CheckEgd(crate::cmd::io::CheckEgdArgs),
    /// Freeze the ratings before the event (GoR, Glicko-2, Elo), or print them before and after.
    Ratings(crate::cmd::ratings::RatingsArgs),
    /// Record the promotion rule (升段/升级), or print the promotion list.
    Promotion(crate::cmd::ratings::PromotionArgs),
    /// Team events (Art. 25-28): teams, line-ups, pairing, board results, standings.
    #[command(subcommand)]
    Team(crate::cmd::team::TeamCommand),
    /// Challenge matches (擂台赛, Art. 26.6): two teams' orders, the winner stays on.
    #[command(subcommand)]
    Challenge(crate::cmd::challenge::ChallengeCommand),
}

#[derive(ClapArgs, Debug)]
pub(super) struct JsonArg {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(ClapArgs, Debug)]
pub(super) struct EventArg {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    pub(super) event: String,
}

#[derive(ClapArgs, Debug)]
pub(super) struct NewArgs {
    /// The event's id (1-64 characters, no spaces), used by every other command.
    #[arg(long, value_name = "ID")]
    pub(super) id: String,
    /// The system: swiss, mcmahon, round-robin, double-round-robin, knockout,
    /// double-elimination, swiss-elimination (Art. 26).
    #[arg(long, value_name = "SYSTEM")]
    pub(super) system: String,
    /// The number of rounds (Swiss; for round robin and knockout a plan, their schedule decides).
    #[arg(long, value_name = "N")]
    pub(super) rounds: u32,
    /// The event's name for people (default: the id).
    #[arg(long, value_name = "TEXT")]
    pub(super) name: Option<String>,
    #[command(flatten)]
    pub(super) system_options: SystemOptions,
    #[command(flatten)]
    pub(super) settings: SettingsOptions,
}

/// The parameters of the systems.
#[derive(ClapArgs, Debug, Default)]
pub(crate) struct SystemOptions {
    /// Round robin: the number of cycles (1 single, 2 double, 3 or more multiple).
    #[arg(long, value_name = "N")]
    pub(super) cycles: Option<u32>,
    /// Knockout: lost matches that eliminate (1 single, 2 double, 3 or more multiple).
    #[arg(long, value_name = "N")]
    pub(super) lives: Option<u32>,
    /// Knockout: games per match, 1, 3, 5 or 7 (Art. 26.5).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(super) best_of: u32,
    /// Double elimination: replay the grand final if the loser-bracket finalist wins it.
    #[arg(long)]
    pub(super) grand_final_reset: bool,
    /// Swiss with elimination (Art. 26.4): lost games that eliminate.
    #[arg(long, value_name = "K", default_value_t = 2)]
    pub(super) losses: u32,
    /// McMahon: the bar; ranks at or above it start equal.
    #[arg(long, value_name = "RANK", default_value = "1d")]
    pub(super) bar: String,
    /// McMahon: the floor; ranks at or below it start equal.
    #[arg(long, value_name = "RANK", default_value = "20k")]
    pub(super) floor: String,
}

/// The settings recorded with an event.
#[derive(ClapArgs, Debug)]
pub(super) struct SettingsOptions {
    /// What a bye is worth: win (2 points, the default), draw (1) or loss (0).
    #[arg(long, value_name = "VALUE", default_value = "win")]
    pub(super) bye: String,
    /// The tie-break chain, comma-separated, from: points, mms, sos, sodos, sosos, cumulative,
    /// direct, warnings, total, elimination, lots, category (default: the system's, Art. 27).
    #[arg(long, value_name = "LIST")]
    pub(super) tie_breaks: Option<String>,
    /// 总得分's divisor: half-maximum (the default), half-leader, or a whole number.
    #[arg(long, value_name = "D", default_value = "half-maximum")]
    pub(super) total_score_divisor: String,
    /// Art. 22: more than this many minutes late loses (60 with the venue apart from the
    /// lodging, 15 with them together).
    #[arg(long, value_name = "MINUTES", default_value_t = 60)]
    pub(super) lateness_limit: u32,
    /// Art. 20: what a long cycle does: forbid, no-result, draw or replay.
    #[arg(long, value_name = "POLICY", default_value = "forbid")]
    pub(super) cycle_policy: String,
    /// Art. 12: the time control as a clock spec, e.g. 1h+3x60s (byo-yomi), 10m+15/10m
    /// (Canadian), 90m (absolute).
    #[arg(long, value_name = "SPEC")]
    pub(super) time_control: Option<String>,
    /// The seed of every lot (draw, colors, the last tie-break), recorded for replay.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(super) lots_seed: u64,
    /// Swiss: avoid pairing members of the same club (`--avoid-same-club false` turns it
    /// off). Default: on for McMahon, off for the other systems.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub(super) avoid_same_club: Option<bool>,
    /// Swiss: avoid pairing members of the same region (country). Default: on for McMahon,
    /// off for the other systems.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub(super) avoid_same_region: Option<bool>,
    /// McMahon: handicaps from the rank difference (rank, the default) or the McMahon scores
    /// at the start of the round (mms).
    #[arg(long, value_name = "BASIS", default_value = "rank")]
    pub(super) handicap_basis: String,
    /// McMahon: ranks at or above this count as it for the handicap (even games among them).
    /// Default: the McMahon bar; `none` for no bar.
    #[arg(long, value_name = "RANK")]
    pub(super) handicap_bar: Option<String>,
    /// McMahon: stones taken off the difference.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(super) handicap_correction: u32,
    /// McMahon: the most handicap stones, 0 (even games) to 9.
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub(super) handicap_ceiling: u32,
    /// Categories by rank (OpenGotha's): the weakest rank of each category but the last,
    /// strongest first, e.g. 1d,10k for three; ranked apart by the tie-break `category`.
    #[arg(long, value_name = "RANKS")]
    pub(super) categories: Option<String>,
    /// Swiss: keep players inside their category (`false` turns it off). Default: on, but off
    /// for McMahon, as OpenGotha pairs.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub(super) pair_within_categories: Option<bool>,
}

#[derive(ClapArgs, Debug)]
pub(super) struct ShowArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// Print JSON instead of tables (an event imported from OpenGotha adds
    /// "opengotha_placement": its placement criteria, by which `standings` places it).
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(ClapArgs, Debug)]
pub(super) struct SettingsArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    #[command(flatten)]
    pub(super) settings: SettingsOptions,
}

#[derive(ClapArgs, Debug)]
pub(super) struct RoundsArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The new number of rounds (not below the rounds paired).
    #[arg(long, value_name = "N")]
    pub(super) rounds: u32,
}

#[derive(Subcommand, Debug)]
pub(super) enum PlayerCommand {
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
pub(super) struct ParticipationArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The player.
    #[arg(long, value_name = "NAME")]
    pub(super) name: String,
    /// The round (not yet paired).
    #[arg(long, value_name = "R")]
    pub(super) round: u32,
}

#[derive(ClapArgs, Debug)]
pub(super) struct PlayerNameArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The player.
    #[arg(long, value_name = "NAME")]
    pub(super) name: String,
}

#[derive(ClapArgs, Debug)]
pub(super) struct PlayerAddArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The player's name, unique in the event.
    #[arg(long, value_name = "NAME")]
    pub(super) name: String,
    /// The rank (Art. 25.3): 30k-1k, 1d-7d, 1p-9p.
    #[arg(long, value_name = "RANK")]
    pub(super) rank: String,
    /// A rating (breaks rank ties for seeding and the halves of a Swiss score group).
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub(super) rating: Option<i32>,
    /// The club (see --avoid-same-club).
    #[arg(long, value_name = "C")]
    pub(super) club: Option<String>,
    /// The region (see --avoid-same-region).
    #[arg(long, value_name = "R")]
    pub(super) region: Option<String>,
    /// The birth date, YYYY-MM-DD (Art. 10: with equal ranks the older holds the stones).
    #[arg(long, value_name = "DATE")]
    pub(super) born: Option<String>,
}

#[derive(ClapArgs, Debug)]
pub(super) struct PlayerListArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(ClapArgs, Debug)]
pub(super) struct PairArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// Print JSON: {"event", "round", "games": [{"board", "black", "white"}], "byes", "rests"};
    /// "byes" names every player who advances in the round without a game and scores the bye
    /// value (a Swiss bye, a knockout bracket bye); "rests" the players of a round robin
    /// resting (轮休), who score nothing.
    #[arg(long)]
    pub(super) json: bool,
    /// Show the proposal for the next round without saving it.
    #[arg(long)]
    pub(super) dry_run: bool,
    /// The director's game, Black then White (repeat for each board). With --game the
    /// proposal is amended: these games and --bye replace it, and both are recorded.
    #[arg(long, num_args = 2, value_names = ["BLACK", "WHITE"], action = clap::ArgAction::Append)]
    pub(super) game: Vec<String>,
    /// A bye given by the director (repeatable).
    #[arg(long, value_name = "NAME")]
    pub(super) bye: Vec<String>,
    /// The round is paired by hand, not amended from a proposal (players left out are idle).
    #[arg(long, requires = "game")]
    pub(super) manual: bool,
    /// Pair an amended round although it repeats an earlier game or leaves a player's
    /// colours two apart (without it, such a round is refused with the warnings).
    #[arg(long)]
    pub(super) confirm: bool,
}

#[derive(ClapArgs, Debug)]
pub(super) struct UnpairArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The round (the latest).
    #[arg(long, value_name = "R")]
    pub(super) round: u32,
}

#[derive(ClapArgs, Debug)]
pub(super) struct ResultArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The round.
    #[arg(long, value_name = "R")]
    pub(super) round: u32,
    /// The board.
    #[arg(long, value_name = "B")]
    pub(super) board: u32,
    /// An SGF RE value (B+R, W+1.5, B+T, B+F, 0, Void) or both-lose.
    #[arg(long, value_name = "RESULT", required_unless_present = "sgf")]
    pub(super) result: Option<String>,
    /// The game's record: its players (PB, PW) must be the board's, and its result (RE), if
    /// any, must agree with --result (or stands for it when --result is not given).
    #[arg(long, value_name = "FILE")]
    pub(super) sgf: Option<PathBuf>,
    /// Replace a different result already recorded (the old one stays in the history).
    #[arg(long)]
    pub(super) correct: bool,
}

#[derive(ClapArgs, Debug)]
pub(super) struct WithdrawArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The player.
    #[arg(long, value_name = "NAME")]
    pub(super) name: String,
    /// Why (kept with the withdrawal).
    #[arg(long, value_name = "TEXT", default_value = "")]
    pub(super) reason: String,
}

#[derive(ClapArgs, Debug)]
pub(super) struct WarnArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// The round.
    #[arg(long, value_name = "R")]
    pub(super) round: u32,
    /// The board.
    #[arg(long, value_name = "B")]
    pub(super) board: u32,
    /// The player warned.
    #[arg(long, value_name = "NAME")]
    pub(super) name: String,
    /// What for.
    #[arg(long, value_name = "TEXT", default_value = "")]
    pub(super) note: String,
}

#[derive(ClapArgs, Debug)]
pub(super) struct StandingsArgs {
    #[command(flatten)]
    pub(super) event: EventArg,
    /// Print JSON: {"event", "after_round", "rows": [{"place", "name", "points", "wins", "draws",
    /// "losses", "sos", "sodos", "sosos", "cumulative", "warnings"}]}. The standings are those
    /// after round `after_round`, the last whose results are all in: a round still being played
    /// counts for nothing yet. An event imported from OpenGotha is placed by the file's
    /// placement criteria: the JSON adds "criteria" (their names, in order) and each row its
    /// "criteria" values ({"MMS": 34, "SOSM": 96.5, …}).
    #[arg(long)]
    pub(super) json: bool,
}

/// The system named on the command line, with its parameters.
pub(crate) fn system(name: &str, o: &SystemOptions) -> anyhow::Result<System> {
    let knockout = |lives: u32| System::Knockout {
        lives: o.lives.unwrap_or(lives),
        best_of: o.best_of,
        grand_final_reset: o.grand_final_reset,
    };
    let rank = |what: &str, s: &str| Rank::from_str(s).with_context(|| format!("--{what}"));
    // Two presets of the command line, then the tournament crate's names.
    match name {
        "double-round-robin" => {
            return Ok(System::RoundRobin {
                cycles: o.cycles.unwrap_or(2),
            });
        }
        "double-elimination" => return Ok(knockout(2)),
        _ => {}
    }
    let Ok(kind) = SystemKind::from_str(name) else {
        bail!(
            "unknown system {name:?}: expected swiss, mcmahon, round-robin, double-round-robin, knockout, \
             double-elimination or swiss-elimination"
        )
    };
    Ok(match kind {
        SystemKind::Swiss => System::Swiss,
        SystemKind::McMahon => System::McMahon {
            bar: rank("bar", &o.bar)?,
            floor: rank("floor", &o.floor)?,
        },
        SystemKind::RoundRobin => System::RoundRobin {
            cycles: o.cycles.unwrap_or(1),
        },
        SystemKind::Knockout => knockout(1),
        SystemKind::SwissElimination => System::SwissElimination { losses: o.losses },
    })
}

/// The settings the options give for an event of `system` (what is not given is the
/// system's default, `Settings::defaults_for`).
pub(super) fn settings(o: &SettingsOptions, system: System) -> anyhow::Result<Settings> {
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
    // An empty `--time-control ""` sets none, as it always did.
    let time_control = o.time_control.clone().filter(|t| !t.is_empty());
    let handicap = tournament::HandicapRule {
        basis: match o.handicap_basis.as_str() {
            "rank" => tournament::HandicapBasis::Rank,
            "mms" => tournament::HandicapBasis::Mms,
            other => bail!("--handicap-basis {other:?}: expected rank or mms"),
        },
        // Not given: the system's (a McMahon event's bar, `HandicapRule::for_system`).
        bar: match o.handicap_bar.as_deref() {
            None => defaults.handicap.bar,
            Some("none") => None,
            Some(b) => Some(Rank::from_str(b).map_err(|e| anyhow!("--handicap-bar: {e}"))?),
        },
        correction: o.handicap_correction,
        // A ceiling past nine is refused by the event (tournament::Settings::checked).
        ceiling: o.handicap_ceiling,
    };
    let categories = tournament::Categories {
        lower_limits: match &o.categories {
            None => Vec::new(),
            Some(text) => tournament::Categories::parse_limits(text).map_err(|e| anyhow!("--categories: {e}"))?,
        },
        pair_within: o.pair_within_categories.unwrap_or(defaults.categories.pair_within),
    };
    Ok(Settings {
        handicap,
        categories,
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

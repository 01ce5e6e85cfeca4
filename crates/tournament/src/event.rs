//! An event: its players, system, settings, rounds, results and the director's log.

use crate::berger;
use crate::knockout::{self, BracketMatch, MatchState};
use crate::player::{Player, Rank};
use crate::result::{GameResult, Outcome, WIN};
use crate::standings::{self, Standings, TieBreak};
use crate::swiss::{self, Candidate, PairCost};
use rules::{Color, CyclePolicy};
use std::collections::HashMap;
use std::fmt;

/// A player's number in an event: the order of registration, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub usize);

/// The competition system (Art. 26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Round robin (Art. 26.2) with this many cycles: 1 single, 2 double, more multiple.
    RoundRobin {
        /// Cycles, at least 1.
        cycles: u32,
    },
    /// Knockout (Art. 26.1): out after `lives` lost matches. 1 and 2 use seeded brackets
    /// (2 with a loser bracket and a grand final); 3 or more pair players with equal losses.
    Knockout {
        /// Lost matches that eliminate, at least 1.
        lives: u32,
        /// Games per match: 1, or best of 3, 5 or 7 (Art. 26.5); only for 1 or 2 lives.
        best_of: u32,
        /// Double elimination: replay the grand final when the loser-bracket champion wins.
        grand_final_reset: bool,
    },
    /// Swiss (积分编排, Art. 26.3) for the event's number of rounds.
    Swiss,
    /// Swiss with elimination (Art. 26.4): out after `losses` lost games.
    SwissElimination {
        /// Lost games that eliminate, at least 1.
        losses: u32,
    },
    /// McMahon (for events outside China): Swiss on the McMahon score, which starts at the
    /// rank (clamped to the bar and the floor) and adds the points.
    McMahon {
        /// Players at or above the bar start equal, at the bar.
        bar: Rank,
        /// Players at or below the floor start equal, at the floor.
        floor: Rank,
    },
}

/// A system without its parameters: what names it. Each kind has one name (its `Display`,
/// as the store keeps it and the command line takes it: `round-robin`, `mcmahon`) and one key
/// (as the JSON API and the pages' messages write it: `round_robin`, `mc_mahon`); `FromStr`
/// reads either, so events stored and requests sent with either spelling keep working.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SystemKind {
    /// Round robin (Art. 26.2).
    RoundRobin,
    /// Knockout (Art. 26.1).
    Knockout,
    /// Swiss (Art. 26.3).
    Swiss,
    /// Swiss with elimination (Art. 26.4).
    SwissElimination,
    /// McMahon.
    McMahon,
}

impl SystemKind {
    /// Every kind.
    pub const ALL: [SystemKind; 5] = [
        SystemKind::Swiss,
        SystemKind::McMahon,
        SystemKind::RoundRobin,
        SystemKind::Knockout,
        SystemKind::SwissElimination,
    ];

    /// The name and the key: the one place the systems are spelt.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            SystemKind::Swiss => ("swiss", "swiss"),
            SystemKind::McMahon => ("mcmahon", "mc_mahon"),
            SystemKind::RoundRobin => ("round-robin", "round_robin"),
            SystemKind::Knockout => ("knockout", "knockout"),
            SystemKind::SwissElimination => ("swiss-elimination", "swiss_elimination"),
        }
    }

    /// The key, as the JSON API and the pages' messages write it: `mc_mahon`.
    pub fn key(self) -> &'static str {
        self.names().1
    }
}

impl fmt::Display for SystemKind {
    /// The name: `swiss`, `mcmahon`, `round-robin`, `knockout`, `swiss-elimination`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.names().0)
    }
}

/// A system's name that is none of [`SystemKind`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSystem(pub String);

impl fmt::Display for UnknownSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown system {:?}: expected swiss, mcmahon, round-robin, knockout or swiss-elimination",
            self.0
        )
    }
}

impl std::error::Error for UnknownSystem {}

impl std::str::FromStr for SystemKind {
    type Err = UnknownSystem;

    /// A name or a key (`mcmahon`, `mc_mahon`), in any case.
    fn from_str(s: &str) -> Result<SystemKind, UnknownSystem> {
        SystemKind::ALL
            .into_iter()
            .find(|k| {
                let (name, key) = k.names();
                s.eq_ignore_ascii_case(name) || s.eq_ignore_ascii_case(key)
            })
            .ok_or_else(|| UnknownSystem(s.to_string()))
    }
}

impl System {
    /// The system's kind, which names it.
    pub fn kind(self) -> SystemKind {
        match self {
            System::RoundRobin { .. } => SystemKind::RoundRobin,
            System::Knockout { .. } => SystemKind::Knockout,
            System::Swiss => SystemKind::Swiss,
            System::SwissElimination { .. } => SystemKind::SwissElimination,
            System::McMahon { .. } => SystemKind::McMahon,
        }
    }

    fn is_swiss_like(self) -> bool {
        matches!(
            self,
            System::Swiss | System::SwissElimination { .. } | System::McMahon { .. }
        )
    }
}

/// What a bye is worth (a setting; a win by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ByeValue {
    /// 2 points, counted as a win.
    #[default]
    Win,
    /// 1 point, counted as a draw.
    Draw,
    /// Nothing.
    Loss,
}

impl ByeValue {
    /// The points of a bye.
    pub fn points(self) -> u32 {
        match self {
            ByeValue::Win => WIN,
            ByeValue::Draw => crate::result::DRAW,
            ByeValue::Loss => 0,
        }
    }
}

/// The divisor of the total score (总得分) of Art. 27.2. Our copies of the rules garble the
/// formula ("个人积分＋(- 轮次 )"); we read it as
/// `total = points + SOS ÷ divisor − rounds played`, the SOS term scaled so that an average
/// schedule adds about as much as the rounds take away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TotalScoreDivisor {
    /// Half the most points one can score (the rounds, with a win worth 2): the default.
    #[default]
    HalfMaximum,
    /// Half the leader's points.
    HalfLeader,
    /// A fixed number (not 0).
    Fixed(u32),
}

/// An event's settings, recorded with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What a bye is worth.
    pub bye: ByeValue,
    /// Art. 22: lateness beyond this many minutes loses the game (60 when the venue is apart
    /// from the lodging, 15 when they are together).
    pub lateness_limit_minutes: u32,
    /// Art. 20: what a long cycle does.
    pub cycle_policy: CyclePolicy,
    /// The time control (Art. 12) as a clock spec (`clock::TimeControl`'s grammar, e.g.
    /// `1h+3x60s`); `None` when not set. [`Event::new`] refuses one that does not parse and
    /// keeps it in the canonical form the clock prints.
    pub time_control: Option<String>,
    /// Swiss: avoid pairing members of one club.
    pub avoid_same_club: bool,
    /// Swiss: avoid pairing members of one region.
    pub avoid_same_region: bool,
    /// The tie-break chain; empty means the system's default (Art. 27). Each criterion at
    /// most once ([`Event::new`] refuses a repeat).
    pub tie_breaks: Vec<TieBreak>,
    /// The seed of every lot (draw numbers, seeds of equal strength, colors, lots in the
    /// standings), recorded so that the event can be replayed and audited.
    pub lots_seed: u64,
    /// The total score's divisor (see [`TotalScoreDivisor`]).
    pub total_score_divisor: TotalScoreDivisor,
    /// McMahon: how handicaps are proposed ([`crate::handicap`]); the pairing gives Black to
    /// the weaker player of a handicap game.
    pub handicap: crate::HandicapRule,
    /// Categories by rank ([`crate::category`]): ranked apart by [`TieBreak::Category`], and
    /// paired apart in Swiss-like events when `pair_within` says so.
    pub categories: crate::Categories,
}

impl Settings {
    /// The settings as an event keeps them, or why they are refused: a tie-break twice in
    /// the chain, or a time control that is not a clock spec (which is kept in the clock's
    /// canonical form). Every adapter (the CLI, the server, the store) goes through this by
    /// way of [`Event::new`], so none needs a check of its own.
    pub fn checked(mut self) -> Result<Settings, EventError> {
        // Art. 27 ranks by a chain of criteria, each compared once; a repeat would change
        // nothing but is surely a mistake in the settings.
        if let Some(t) = self
            .tie_breaks
            .iter()
            .enumerate()
            .find_map(|(i, t)| self.tie_breaks[..i].contains(t).then_some(*t))
        {
            return Err(EventError::DuplicateTieBreak(t));
        }
        // Art. 11: the fixed handicap placements go to nine stones.
        if self.handicap.ceiling > 9 {
            return Err(EventError::BadSystem(SystemProblem::HandicapCeiling(
                self.handicap.ceiling,
            )));
        }
        self.categories.check().map_err(EventError::BadSystem)?;
        // Art. 12: the event fixes each side's time in advance; the clock crate's grammar is
        // the one every clock of the event will read.
        if let Some(written) = &self.time_control {
            let control: clock::TimeControl = written.parse().map_err(EventError::BadTimeControl)?;
            self.time_control = Some(control.to_string());
        }
        Ok(self)
    }
}

impl Settings {
    /// The defaults of a new event of `system`: [`Settings::default`], and for McMahon the
    /// club and region (country) avoidance on, as McMahon directors expect (OpenGotha pairs
    /// so by default), categories not kept apart in the pairing (the McMahon score
    /// already starts them apart; OpenGotha's McMahon sets `paiMaAvoidMixingCategories` to 0,
    /// its Swiss with categories does not), and the McMahon bar as the handicap's bar
    /// ([`crate::HandicapRule::for_system`]: players at or above the bar play even games, as
    /// OpenGotha's "no handicap above"); a director may turn any of them over. An event
    /// already stored keeps the rule it was stored with.
    pub fn defaults_for(system: System) -> Settings {
        let mcmahon = matches!(system, System::McMahon { .. });
        let mut s = Settings {
            avoid_same_club: mcmahon,
            avoid_same_region: mcmahon,
            handicap: crate::HandicapRule::for_system(system),
            ..Settings::default()
        };
        s.categories.pair_within = !mcmahon;
        s
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bye: ByeValue::Win,
            lateness_limit_minutes: 60,
            cycle_policy: CyclePolicy::Forbid,
            time_control: None,
            avoid_same_club: false,
            avoid_same_region: false,
            tie_breaks: Vec::new(),
            lots_seed: 0,
            total_score_divisor: TotalScoreDivisor::HalfMaximum,
            handicap: crate::HandicapRule::default(),
            categories: crate::Categories {
                lower_limits: Vec::new(),
                pair_within: true,
            },
        }
    }
}

/// A game of a round. `black` moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The board number, from 1.
    pub board: u32,
    /// Black.
    pub black: PlayerId,
    /// White.
    pub white: PlayerId,
    /// The result, once known.
    pub result: Option<GameResult>,
    /// Warnings given in the game (Art. 24), Black's and White's.
    pub warnings: [u32; 2],
    /// Voided by a round-robin withdrawal before half the rounds (Art. 28.2): kept on record,
    /// counted for nobody.
    pub void: bool,
    /// The knockout bracket match this game belongs to.
    pub bracket_match: Option<usize>,
}

impl Game {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> PlayerId {
        if color == Color::Black { self.black } else { self.white }
    }

    /// The color `p` plays, if `p` is in the game.
    pub fn color_of(&self, p: PlayerId) -> Option<Color> {
        if p == self.black {
            Some(Color::Black)
        } else if p == self.white {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// How a round's pairing came about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingOrigin {
    /// As the system proposed it.
    Computed,
    /// Changed by the director from the proposal, which is kept: (black, white) pairs.
    Amended {
        /// The proposal's pairs.
        proposed: Vec<(PlayerId, PlayerId)>,
        /// The proposal's byes.
        proposed_byes: Vec<PlayerId>,
    },
    /// Made by hand by the director.
    Manual,
    /// Copied from another program's file (an OpenGotha tournament) as it was paired there:
    /// a game of an earlier round may still be without a result.
    Imported,
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The round number, from 1.
    pub number: u32,
    /// The games in board order.
    pub games: Vec<Game>,
    /// Players given a bye (scored with the bye value).
    pub byes: Vec<PlayerId>,
    /// Active players without a game and without a bye, who score nothing in the round: a
    /// round-robin rest (轮休: the player the odd number leaves out, or the opponent of a
    /// voided player), or a knockout player waiting. A round robin paired before rests were
    /// kept apart stored its rest as a bye, and replays so (scored as the bye it was).
    pub idle: Vec<PlayerId>,
    /// How the pairing came about.
    pub origin: PairingOrigin,
    /// For Swiss rounds, each game's cost parts in board order, and their sum.
    pub explanation: Option<(Vec<PairCost>, PairCost)>,
}

/// A proposed round, not yet part of the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The round it is for.
    pub round: u32,
    /// The games (results preset for forfeits that are already certain).
    pub games: Vec<Game>,
    /// Byes.
    pub byes: Vec<PlayerId>,
    /// Active players left out, scoring nothing: round-robin rests (轮休), knockout players
    /// waiting.
    pub idle: Vec<PlayerId>,
    /// For Swiss rounds, each game's cost parts and their sum.
    pub explanation: Option<(Vec<PairCost>, PairCost)>,
}

/// Where a player stands in the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Playing.
    Active,
    /// Withdrew before the first round (Art. 28.1): out of the draw entirely.
    WithdrawnBeforeStart,
    /// Withdrew after `after_round` rounds; `voided` when the results were voided
    /// (round robin, under half the rounds played, Art. 28.2).
    Withdrawn {
        /// Rounds paired when the player withdrew.
        after_round: u32,
        /// Whether the player's results were voided.
        voided: bool,
    },
}

/// An entry of the director's log: everything that changed the event besides ordinary
/// results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// A result replaced an earlier one.
    ResultCorrected {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
        /// The earlier result.
        previous: GameResult,
        /// The new one.
        new: GameResult,
    },
    /// A player withdrew.
    Withdrawal {
        /// Who.
        player: PlayerId,
        /// Rounds paired then.
        after_round: u32,
        /// Results voided (Art. 28.2).
        voided: bool,
    },
    /// A warning was given (Art. 24).
    Warning {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
        /// To whom.
        color: Color,
    },
    /// The planned number of rounds changed (Art. 26.3: Swiss rounds can be added or
    /// dropped).
    RoundsChanged {
        /// Before.
        from: u32,
        /// After.
        to: u32,
    },
}

/// Why an event operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventError {
    /// A player of that name is already registered.
    DuplicatePlayer(String),
    /// A player's name is empty.
    EmptyName,
    /// No player of that name.
    UnknownPlayer(String),
    /// No player with that number.
    UnknownPlayerId(usize),
    /// The system's parameters are invalid.
    BadSystem(SystemProblem),
    /// The number of rounds is invalid.
    BadRounds(u32),
    /// The round does not exist (not yet paired).
    NoSuchRound(u32),
    /// The round has no such board.
    NoSuchBoard {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// The previous round still has a game without a result.
    RoundUnfinished {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// Every round has been played; nothing to pair.
    Finished,
    /// A round (paired by hand or amended) past the planned rounds of a Swiss event or the
    /// schedule of a round robin.
    PastPlannedRounds {
        /// The round.
        round: u32,
        /// The rounds planned.
        planned: u32,
    },
    /// Too few active players to pair.
    TooFewPlayers(usize),
    /// A player cannot be added once the event started (round robin and knockout).
    Started,
    /// The player already withdrew.
    AlreadyWithdrawn(String),
    /// A proposal is for another round than the next one.
    StaleProposal {
        /// The proposal's round.
        proposal: u32,
        /// The next round.
        next: u32,
    },
    /// A director's pairing is not valid.
    BadPairing(PairingProblem),
    /// A game voided by withdrawal cannot take a result.
    VoidGame {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// The Swiss pairing failed.
    Swiss(swiss::SwissError),
    /// A tie-break appears twice in the settings' chain (Art. 27).
    DuplicateTieBreak(TieBreak),
    /// The settings' time control is not a clock spec (Art. 12).
    BadTimeControl(clock::SpecError),
    /// A text is longer than its bound ([`crate::limits`]).
    TooLong {
        /// What: `event name`, `player name`, `club`, `region`.
        what: &'static str,
        /// Its characters.
        chars: usize,
        /// The bound.
        max: usize,
    },
    /// A player's rating is outside [`crate::limits::RATING_RANGE`].
    BadRating {
        /// The player.
        player: String,
        /// The rating.
        rating: i32,
    },
}

/// What is wrong with a pairing given by hand, or a change a pairing forbids
/// ([`EventError::BadPairing`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingProblem {
    /// The draw (lots) is fixed once a round is paired.
    DrawFixed,
    /// A draw that does not hold every active player once.
    DrawIncomplete,
    /// The player is in a paired round: name and rank stay as paired.
    AlreadyPaired(String),
    /// Per-round participation is for Swiss and McMahon events.
    ParticipationSystem,
    /// Participation is said before a round is paired.
    ParticipationPaired(u32),
    /// A knockout bracket cannot be amended.
    KnockoutAmended,
    /// A knockout bracket is paired by its seeds.
    KnockoutSeeded,
    /// The player has withdrawn.
    Withdrawn(String),
    /// The player appears twice.
    Twice(String),
}

impl fmt::Display for PairingProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingProblem::DrawFixed => f.write_str("the draw is fixed once a round is paired"),
            PairingProblem::DrawIncomplete => f.write_str("the draw must hold every active player once"),
            PairingProblem::AlreadyPaired(n) => {
                write!(f, "{n} is in a paired round: their name and rank stay as paired")
            }
            PairingProblem::ParticipationSystem => f.write_str(
                "per-round participation is for Swiss and McMahon events: a round robin's schedule and a knockout's bracket pair every player",
            ),
            PairingProblem::ParticipationPaired(r) => {
                write!(f, "round {r} is already paired: participation is said before a round is paired")
            }
            PairingProblem::KnockoutAmended => f.write_str("a knockout bracket cannot be amended"),
            PairingProblem::KnockoutSeeded => f.write_str("a knockout bracket is paired by its seeds"),
            PairingProblem::Withdrawn(n) => write!(f, "{n} has withdrawn"),
            PairingProblem::Twice(n) => write!(f, "{n} appears twice"),
        }
    }
}

/// What is wrong with a system's parameters ([`EventError::BadSystem`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SystemProblem {
    /// Art. 11: the fixed handicap placements go to nine stones.
    HandicapCeiling(u32),
    /// More categories than an event may have.
    TooManyCategories(usize),
    /// Category limits that do not get weaker one after another.
    CategoryOrder(Rank, Rank),
    /// A round robin of more cycles than rounds an event may have.
    TooManyCycles(u32),
    /// A round robin of no cycle.
    NoCycle,
    /// A knockout of no life.
    NoLife,
    /// Art. 26.5: a match is 1 game or best of 3, 5 or 7.
    BestOf(u32),
    /// Best-of-N matches with more than two lives.
    BestOfLives,
    /// Swiss elimination with no loss allowed.
    NoLoss,
    /// A McMahon bar below its floor.
    BarBelowFloor {
        /// The bar.
        bar: Rank,
        /// The floor.
        floor: Rank,
    },
    /// A total score divided by 0.
    ZeroDivisor,
}

impl fmt::Display for SystemProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemProblem::HandicapCeiling(n) => write!(f, "a handicap ceiling of {n} stones: at most 9 (Art. 11)"),
            SystemProblem::TooManyCategories(n) => {
                write!(f, "{n} categories: at most {}", crate::category::MAX_CATEGORIES)
            }
            SystemProblem::CategoryOrder(a, b) => {
                write!(
                    f,
                    "category limits {a} then {b}: each limit must be weaker than the one before"
                )
            }
            SystemProblem::TooManyCycles(n) => {
                write!(f, "a round robin of {n} cycles: at most {}", crate::limits::MAX_ROUNDS)
            }
            SystemProblem::NoCycle => f.write_str("a round robin needs at least one cycle"),
            SystemProblem::NoLife => f.write_str("a knockout needs at least one life"),
            SystemProblem::BestOf(n) => write!(f, "best of {n}: a match is 1 game or best of 3, 5 or 7 (Art. 26.5)"),
            SystemProblem::BestOfLives => f.write_str("best-of-N matches need single or double elimination"),
            SystemProblem::NoLoss => f.write_str("swiss elimination needs at least one loss"),
            SystemProblem::BarBelowFloor { bar, floor } => {
                write!(f, "the McMahon bar {bar} is below the floor {floor}")
            }
            SystemProblem::ZeroDivisor => f.write_str("the total score's divisor cannot be 0"),
        }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::DuplicatePlayer(n) => write!(f, "a player named {n:?} is already registered"),
            EventError::EmptyName => f.write_str("a player's name cannot be empty"),
            EventError::UnknownPlayer(n) => write!(f, "no player named {n:?}"),
            EventError::UnknownPlayerId(i) => write!(f, "no player number {i}"),
            EventError::BadSystem(s) => write!(f, "invalid system: {s}"),
            EventError::BadRounds(r) => write!(
                f,
                "invalid number of rounds {r}: 1 to {} (and not fewer than the rounds paired)",
                crate::limits::MAX_ROUNDS
            ),
            EventError::NoSuchRound(r) => write!(f, "round {r} has not been paired"),
            EventError::NoSuchBoard { round, board } => write!(f, "round {round} has no board {board}"),
            EventError::RoundUnfinished { round, board } => {
                write!(f, "round {round} board {board} has no result yet")
            }
            EventError::Finished => f.write_str("the event is finished: every round has been paired"),
            EventError::PastPlannedRounds { round, planned } => write!(
                f,
                "round {round} is past the {planned} round(s) planned (a Swiss event's plan can be changed, Art. 26.3)"
            ),
            EventError::TooFewPlayers(n) => write!(f, "only {n} active player(s): cannot pair"),
            EventError::Started => f.write_str("players cannot be added once a round robin or knockout has started"),
            EventError::AlreadyWithdrawn(n) => write!(f, "{n:?} has already withdrawn"),
            EventError::StaleProposal { proposal, next } => {
                write!(f, "the proposal is for round {proposal} but the next round is {next}")
            }
            EventError::BadPairing(s) => write!(f, "invalid pairing: {s}"),
            EventError::VoidGame { round, board } => {
                write!(f, "round {round} board {board} was voided by a withdrawal (Art. 28.2)")
            }
            EventError::Swiss(e) => write!(f, "swiss pairing: {e}"),
            EventError::DuplicateTieBreak(t) => {
                write!(
                    f,
                    "the tie-break {t} appears twice in the chain (Art. 27: each criterion once)"
                )
            }
            EventError::BadTimeControl(e) => write!(f, "invalid {e} (Art. 12)"),
            EventError::TooLong { what, chars, max } => {
                write!(f, "the {what} has {chars} characters: at most {max}")
            }
            EventError::BadRating { player, rating } => write!(
                f,
                "{player:?}: rating {rating} is outside {}..={}",
                crate::limits::RATING_RANGE.start(),
                crate::limits::RATING_RANGE.end()
            ),
        }
    }
}

impl std::error::Error for EventError {}

/// Refuses `text` if it has more than `max` characters.
fn bounded(what: &'static str, text: &str, max: usize) -> Result<(), EventError> {
    let chars = text.chars().count();
    if chars > max {
        return Err(EventError::TooLong { what, chars, max });
    }
    Ok(())
}

/// An event (比赛): players, the system, the settings, the rounds so far and the log.
///
/// Invariants: player names are unique; every round before the last has a result on every
/// game that is not void; a player appears at most once per round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    name: String,
    system: System,
    planned_rounds: u32,
    settings: Settings,
    players: Vec<Player>,
    /// Each player's id by name: registering and finding a player cost no walk over the
    /// players (a registration file of n players was n² name comparisons).
    by_name: HashMap<String, PlayerId>,
    status: Vec<Status>,
    /// By player: the rounds not yet paired that the player does not take part in.
    absent: Vec<Vec<u32>>,
    /// By player: registered but not yet confirmed (pre-registration), so not paired.
    preregistered: Vec<bool>,
    /// The draw: players in draw-number order (round robin) or seed order (knockout),
    /// fixed at the first pairing.
    draw: Vec<PlayerId>,
    /// By player: the lot drawn at registration ([`Event::lot`]), never drawn again.
    lots: Vec<u32>,
    rounds: Vec<Round>,
    log: Vec<LogEntry>,
}

impl Event {
    /// A new event. `rounds` is the number of Swiss rounds; for round robin and knockout it
    /// is only a plan (their schedule decides). The system, the rounds and the settings are
    /// checked ([`Settings::checked`]: no tie-break twice, a time control the clock reads,
    /// kept canonical).
    pub fn new(name: &str, system: System, rounds: u32, settings: Settings) -> Result<Event, EventError> {
        use crate::limits::{MAX_EVENT_NAME_CHARS, MAX_ROUNDS};
        bounded("event name", name, MAX_EVENT_NAME_CHARS)?;
        if rounds > MAX_ROUNDS {
            return Err(EventError::BadRounds(rounds));
        }
        if let System::RoundRobin { cycles } = system
            && cycles > MAX_ROUNDS
        {
            return Err(EventError::BadSystem(SystemProblem::TooManyCycles(cycles)));
        }
        let mut ev = Event::restore(name, system, rounds, settings)?;
        ev.settings = std::mem::take(&mut ev.settings).checked()?;
        Ok(ev)
    }

    /// An event as a store kept it: the system and the rounds checked as by [`Event::new`],
    /// the settings as stored — a time control the clock reads in its canonical form (as
    /// [`Event::new`] keeps it), one it cannot read, or a tie-break chain with a repeat, kept
    /// as it is. The settings' checks came later than some stored events (an event created
    /// through the server could hold a free-text time control such as `2h + 3x60s
    /// byo-yomi`); such an event must still load, with its settings as they were. Every new
    /// event and every change of settings goes through [`Event::new`].
    pub fn restore(name: &str, system: System, rounds: u32, mut settings: Settings) -> Result<Event, EventError> {
        if let Some(control) = settings
            .time_control
            .as_deref()
            .and_then(|t| t.parse::<clock::TimeControl>().ok())
        {
            settings.time_control = Some(control.to_string());
        }
        match system {
            System::RoundRobin { cycles: 0 } => {
                return Err(EventError::BadSystem(SystemProblem::NoCycle));
            }
            System::Knockout { lives: 0, .. } => {
                return Err(EventError::BadSystem(SystemProblem::NoLife));
            }
            System::Knockout { best_of, lives, .. } => {
                if !matches!(best_of, 1 | 3 | 5 | 7) {
                    return Err(EventError::BadSystem(SystemProblem::BestOf(best_of)));
                }
                if best_of > 1 && lives > 2 {
                    return Err(EventError::BadSystem(SystemProblem::BestOfLives));
                }
            }
            System::SwissElimination { losses: 0 } => {
                return Err(EventError::BadSystem(SystemProblem::NoLoss));
            }
            System::McMahon { bar, floor } if bar < floor => {
                return Err(EventError::BadSystem(SystemProblem::BarBelowFloor { bar, floor }));
            }
            _ => {}
        }
        if rounds == 0 {
            return Err(EventError::BadRounds(rounds));
        }
        if let TotalScoreDivisor::Fixed(0) = settings.total_score_divisor {
            return Err(EventError::BadSystem(SystemProblem::ZeroDivisor));
        }
        Ok(Event {
            name: name.to_string(),
            system,
            planned_rounds: rounds,
            settings,
            players: Vec::new(),
            by_name: HashMap::new(),
            absent: Vec::new(),
            preregistered: Vec::new(),
            status: Vec::new(),
            draw: Vec::new(),
            lots: Vec::new(),
            rounds: Vec::new(),
            log: Vec::new(),
        })
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames the event (within [`crate::limits::MAX_EVENT_NAME_CHARS`]); a name may change
    /// at any time, the rounds and results staying as they are.
    pub fn set_name(&mut self, name: &str) -> Result<(), EventError> {
        bounded("event name", name, crate::limits::MAX_EVENT_NAME_CHARS)?;
        self.name = name.to_string();
        Ok(())
    }

    /// The system.
    pub fn system(&self) -> System {
        self.system
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The planned number of rounds as given (Swiss), or as the schedule makes it once
    /// drawn (round robin).
    pub fn planned_rounds(&self) -> u32 {
        match self.system {
            System::RoundRobin { cycles } if !self.draw.is_empty() => {
                berger::round_robin_rounds(self.draw.len(), cycles) as u32
            }
            _ => self.planned_rounds,
        }
    }

    /// Changes the number of rounds of a Swiss event (Art. 26.3: rounds can be added or
    /// dropped), not below the rounds already paired.
    pub fn set_rounds(&mut self, rounds: u32) -> Result<(), EventError> {
        if rounds > crate::limits::MAX_ROUNDS {
            return Err(EventError::BadRounds(rounds));
        }
        self.restore_rounds(rounds)
    }

    /// [`Event::set_rounds`] as a store kept it: without the bound of
    /// [`crate::limits::MAX_ROUNDS`], which came later than some kept changes.
    pub fn restore_rounds(&mut self, rounds: u32) -> Result<(), EventError> {
        if rounds == 0 || (rounds as usize) < self.rounds.len() || !self.system.is_swiss_like() {
            return Err(EventError::BadRounds(rounds));
        }
        self.log.push(LogEntry::RoundsChanged {
            from: self.planned_rounds,
            to: rounds,
        });
        self.planned_rounds = rounds;
        Ok(())
    }

    /// The registered players, by [`PlayerId`].
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// A player.
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.0]
    }

    /// A player's status.
    pub fn status(&self, id: PlayerId) -> Status {
        self.status[id.0]
    }

    /// The player of that name.
    pub fn find(&self, name: &str) -> Result<PlayerId, EventError> {
        self.by_name
            .get(name)
            .copied()
            .ok_or_else(|| EventError::UnknownPlayer(name.to_string()))
    }

    /// The rounds so far.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The number of complete rounds: the rounds from the first on whose every game (not
    /// void) has a result. The standings count these rounds only.
    pub fn complete_rounds(&self) -> u32 {
        self.rounds
            .iter()
            .take_while(|r| r.games.iter().all(|g| g.void || g.result.is_some()))
            .count() as u32
    }

    /// The event as it stood after round `n`: the later rounds left out (the players, their
    /// statuses, the draw and the log as now).
    pub(crate) fn through_round(&self, n: u32) -> Event {
        let mut ev = self.clone();
        ev.rounds.truncate(n as usize);
        ev
    }

    /// The director's log.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The draw order fixed at the first pairing (round-robin numbers, knockout seeds).
    pub fn draw(&self) -> &[PlayerId] {
        &self.draw
    }

    /// Sets the draw before the first round to one recorded earlier (by a store replaying the
    /// event), so that a replayed event keeps its draw even if the way of drawing changes.
    /// `draw` must hold every active player once and no one else.
    pub fn restore_draw(&mut self, draw: &[PlayerId]) -> Result<(), EventError> {
        if !self.rounds.is_empty() {
            return Err(EventError::BadPairing(PairingProblem::DrawFixed));
        }
        let mut sorted = draw.to_vec();
        sorted.sort();
        if sorted != self.active() {
            return Err(EventError::BadPairing(PairingProblem::DrawIncomplete));
        }
        self.draw = draw.to_vec();
        Ok(())
    }

    /// Registers a player. The name must be new to the event (and not empty). Round robin and
    /// knockout take no one once started; Swiss events take late entries, who start with 0.
    pub fn add_player(&mut self, player: Player) -> Result<PlayerId, EventError> {
        use crate::limits::{MAX_PLAYER_FIELD_CHARS, MAX_PLAYER_NAME_CHARS, RATING_RANGE};
        // Trimmed as `restore_player` keeps it.
        bounded("player name", player.name.trim(), MAX_PLAYER_NAME_CHARS)?;
        bounded("club", player.club.as_deref().unwrap_or(""), MAX_PLAYER_FIELD_CHARS)?;
        bounded("region", player.region.as_deref().unwrap_or(""), MAX_PLAYER_FIELD_CHARS)?;
        if let Some(rating) = player.rating
            && !RATING_RANGE.contains(&rating)
        {
            return Err(EventError::BadRating {
                player: player.name.trim().to_string(),
                rating,
            });
        }
        self.restore_player(player)
    }

    /// [`Event::add_player`] as a store kept it: without the bounds of [`crate::limits`],
    /// which came later than some kept players.
    pub fn restore_player(&mut self, player: Player) -> Result<PlayerId, EventError> {
        let name = player.name.trim().to_string();
        if name.is_empty() {
            return Err(EventError::EmptyName);
        }
        if self.by_name.contains_key(&name) {
            return Err(EventError::DuplicatePlayer(name));
        }
        if !self.rounds.is_empty() && !self.system.is_swiss_like() {
            return Err(EventError::Started);
        }
        let mut player = player;
        player.name = name;
        let id = PlayerId(self.players.len());
        self.by_name.insert(player.name.clone(), id);
        self.players.push(player);
        self.status.push(Status::Active);
        self.absent.push(Vec::new());
        self.preregistered.push(false);
        self.lots.push(draw_lot(self.settings.lots_seed, id.0));
        Ok(id)
    }

    /// Whether player `id` is in a round already paired (a game, a bye or left out of it): the
    /// round's record names them as they were, so their name and rank no longer change.
    pub fn is_paired(&self, id: PlayerId) -> bool {
        self.rounds
            .iter()
            .any(|r| r.byes.contains(&id) || r.idle.contains(&id) || r.games.iter().any(|g| g.color_of(id).is_some()))
    }

    /// Changes what is registered of player `id`: the name, rank, rating, club and region (the
    /// birth date as given). The bounds and the unique name are those of [`Event::add_player`].
    /// Once the player is in a paired round their name and rank stay (Art. 25.3: the rank
    /// the round was paired by, McMahon scores and handicaps included, and the name the
    /// round's games are played under); the rest may change at any time.
    pub fn edit_player(&mut self, id: PlayerId, player: Player) -> Result<(), EventError> {
        use crate::limits::{MAX_PLAYER_FIELD_CHARS, MAX_PLAYER_NAME_CHARS, RATING_RANGE};
        self.check_id(id)?;
        let mut player = player;
        player.name = player.name.trim().to_string();
        bounded("player name", &player.name, MAX_PLAYER_NAME_CHARS)?;
        bounded("club", player.club.as_deref().unwrap_or(""), MAX_PLAYER_FIELD_CHARS)?;
        bounded("region", player.region.as_deref().unwrap_or(""), MAX_PLAYER_FIELD_CHARS)?;
        if player.name.is_empty() {
            return Err(EventError::EmptyName);
        }
        if let Some(rating) = player.rating
            && !RATING_RANGE.contains(&rating)
        {
            return Err(EventError::BadRating {
                player: player.name,
                rating,
            });
        }
        let old = &self.players[id.0];
        if self.by_name.get(&player.name).is_some_and(|&other| other != id) {
            return Err(EventError::DuplicatePlayer(player.name));
        }
        if (old.name != player.name || old.rank != player.rank) && self.is_paired(id) {
            return Err(EventError::BadPairing(PairingProblem::AlreadyPaired(old.name.clone())));
        }
        self.by_name.remove(&old.name);
        self.by_name.insert(player.name.clone(), id);
        self.players[id.0] = player;
        Ok(())
    }

    /// The lot of player `id` (抽签), the last tie-break: drawn once, when the player
    /// registered, from the event's recorded seed and the player's registration number, so a
    /// late registration draws only its own lot and no tied players swap places. The higher
    /// lot wins; equal lots (one chance in four billion) go to the earlier registration.
    pub fn lot(&self, id: PlayerId) -> u32 {
        self.lots[id.0]
    }

    /// Sets the lot of player `id` to one a store kept ([`Event::legacy_lots`] for a player
    /// registered before lots were kept).
    pub fn restore_lot(&mut self, id: PlayerId, lot: u32) -> Result<(), EventError> {
        self.check_id(id)?;
        self.lots[id.0] = lot;
        Ok(())
    }

    /// The lots of the players as an event drew them before each player's lot was kept: one
    /// permutation of the whole field at its present size (so it changed with every late
    /// registration). A store gives them to the players it kept without a lot and keeps them
    /// from then on, so such an event keeps its order; they are spread over the range of
    /// [`Event::lot`], so lots drawn later fall among them at random.
    pub fn legacy_lots(&self) -> Vec<u32> {
        let n = self.players.len();
        let perm = lots(self.settings.lots_seed ^ 0x1075, n);
        // The lower permutation number won: it gets the higher lot.
        perm.iter()
            .map(|&k| ((n - k) as u64 * u64::from(u32::MAX) / (n as u64 + 1)) as u32)
            .collect()
    }

    /// Whether `id` takes part in round `round` as far as the director has said (per-round
    /// participation, OpenGotha's `participating`; pre-registration aside).
    pub fn takes_part(&self, id: PlayerId, round: u32) -> bool {
        !self.absent[id.0].contains(&round)
    }

    /// Says whether `id` takes part in round `round` (OpenGotha's per-round participation):
    /// a player absent from a round of a Swiss, Swiss-with-elimination or McMahon event is
    /// not paired in it, has no bye and scores nothing for it (the round lists them among
    /// those not playing). Only for a round not yet paired; a round robin's schedule and a
    /// knockout's bracket pair every player, so they refuse it.
    pub fn set_participation(&mut self, id: PlayerId, round: u32, takes_part: bool) -> Result<(), EventError> {
        self.check_id(id)?;
        self.check_participation(round)?;
        let rounds = &mut self.absent[id.0];
        rounds.retain(|&r| r != round);
        if !takes_part {
            rounds.push(round);
            rounds.sort_unstable();
        }
        Ok(())
    }

    /// Whether `id` is only pre-registered (OpenGotha's `registeringStatus="PRE"`): on the
    /// list, not yet confirmed, so not paired.
    pub fn is_preregistered(&self, id: PlayerId) -> bool {
        self.preregistered[id.0]
    }

    /// Marks `id` as pre-registered (not paired until confirmed) or confirmed. Swiss-like
    /// events only (a round robin or knockout draws every player at its first pairing).
    pub fn set_preregistered(&mut self, id: PlayerId, pre: bool) -> Result<(), EventError> {
        self.check_id(id)?;
        self.check_participation(self.rounds.len() as u32 + 1)?;
        self.preregistered[id.0] = pre;
        Ok(())
    }

    fn check_participation(&self, round: u32) -> Result<(), EventError> {
        if !self.system.is_swiss_like() {
            return Err(EventError::BadPairing(PairingProblem::ParticipationSystem));
        }
        if round == 0 || round as usize <= self.rounds.len() {
            return Err(EventError::BadPairing(PairingProblem::ParticipationPaired(round)));
        }
        Ok(())
    }

    fn check_id(&self, id: PlayerId) -> Result<(), EventError> {
        if id.0 < self.players.len() {
            Ok(())
        } else {
            Err(EventError::UnknownPlayerId(id.0))
        }
    }

    /// Whether a player is still to be paired.
    pub fn is_active(&self, id: PlayerId) -> bool {
        self.status[id.0] == Status::Active
    }

    fn active(&self) -> Vec<PlayerId> {
        (0..self.players.len())
            .map(PlayerId)
            .filter(|&p| self.is_active(p))
            .collect()
    }

    /// A player withdraws (Art. 28). Before the first round they leave the draw. In a round
    /// robin with fewer than half the rounds played, all their results become void;
    /// otherwise (and in every other system) results stand, their unplayed games of paired
    /// rounds are forfeits, and they are paired no more (round robin: the rest of their
    /// schedule is forfeits).
    pub fn withdraw(&mut self, id: PlayerId) -> Result<(), EventError> {
        self.check_id(id)?;
        if self.status[id.0] != Status::Active {
            return Err(EventError::AlreadyWithdrawn(self.players[id.0].name.clone()));
        }
        let after_round = self.rounds.len() as u32;
        if after_round == 0 {
            // Art. 28.1: before the start, redraw (the draw is made at the first pairing).
            self.status[id.0] = Status::WithdrawnBeforeStart;
            self.log.push(LogEntry::Withdrawal {
                player: id,
                after_round,
                voided: false,
            });
            return Ok(());
        }
        let mut voided = false;
        if let System::RoundRobin { .. } = self.system {
            // Art. 28.2: 已赛局数不足总轮次的一半 → all results void.
            let played = self
                .rounds
                .iter()
                .flat_map(|r| &r.games)
                .filter(|g| g.color_of(id).is_some() && g.result.is_some_and(|r| r.played()))
                .count();
            let total = self.planned_rounds() as usize;
            if 2 * played < total {
                voided = true;
                for r in &mut self.rounds {
                    for g in &mut r.games {
                        if g.color_of(id).is_some() {
                            g.void = true;
                        }
                    }
                }
            }
        }
        if !voided {
            // Unplayed games already paired become forfeits.
            for r in &mut self.rounds {
                for g in &mut r.games {
                    if let (Some(c), None) = (g.color_of(id), g.result) {
                        g.result = Some(GameResult::forfeit(c.opponent()));
                    }
                }
            }
        }
        self.status[id.0] = Status::Withdrawn { after_round, voided };
        self.log.push(LogEntry::Withdrawal {
            player: id,
            after_round,
            voided,
        });
        Ok(())
    }

    fn game_mut(&mut self, round: u32, board: u32) -> Result<&mut Game, EventError> {
        let r = self
            .rounds
            .get_mut((round as usize).wrapping_sub(1))
            .ok_or(EventError::NoSuchRound(round))?;
        r.games
            .iter_mut()
            .find(|g| g.board == board)
            .ok_or(EventError::NoSuchBoard { round, board })
    }

    /// Records a game's result; a second result for the same game replaces the first and is
    /// logged as a correction.
    pub fn set_result(&mut self, round: u32, board: u32, result: GameResult) -> Result<(), EventError> {
        let g = self.game_mut(round, board)?;
        if g.void {
            return Err(EventError::VoidGame { round, board });
        }
        let previous = g.result.replace(result);
        if let Some(previous) = previous
            && previous != result
        {
            self.log.push(LogEntry::ResultCorrected {
                round,
                board,
                previous,
                new: result,
            });
        }
        Ok(())
    }

    /// Gives a warning to one side of a game (Art. 24; counted over the event for the
    /// tie-break of Art. 27).
    pub fn add_warning(&mut self, round: u32, board: u32, color: Color) -> Result<(), EventError> {
        let g = self.game_mut(round, board)?;
        g.warnings[usize::from(color == Color::White)] += 1;
        self.log.push(LogEntry::Warning { round, board, color });
        Ok(())
    }

    fn next_round_number(&self) -> Result<u32, EventError> {
        if let Some(last) = self.rounds.last() {
            for g in &last.games {
                if g.result.is_none() && !g.void {
                    return Err(EventError::RoundUnfinished {
                        round: last.number,
                        board: g.board,
                    });
                }
            }
        }
        Ok(self.rounds.len() as u32 + 1)
    }

    /// Proposes the next round under the event's system, changing nothing.
    pub fn propose(&self) -> Result<Proposal, EventError> {
        let number = self.next_round_number()?;
        let mut ev = self.clone();
        if ev.draw.is_empty() {
            ev.make_draw();
        }
        let p = match ev.system {
            System::RoundRobin { cycles } => ev.propose_round_robin(number, cycles)?,
            System::Knockout {
                lives,
                best_of,
                grand_final_reset,
            } if lives <= 2 => ev.propose_bracket(number, lives == 2, best_of, grand_final_reset)?,
            System::Knockout { lives, .. } => ev.propose_multi_elimination(number, lives)?,
            System::Swiss | System::McMahon { .. } | System::SwissElimination { .. } => ev.propose_swiss(number)?,
        };
        Ok(p)
    }

    /// Pairs the next round as proposed.
    pub fn pair_next(&mut self) -> Result<&Round, EventError> {
        let p = self.propose()?;
        self.accept(p, PairingOrigin::Computed)
    }

    /// Accepts a proposal as it is.
    pub fn accept_proposal(&mut self, p: Proposal) -> Result<&Round, EventError> {
        self.accept(p, PairingOrigin::Computed)
    }

    /// Accepts a proposal changed by the director: the given (black, white) games and byes
    /// replace the proposed ones, and the round records both (Art. 30: the chief referee
    /// supervises the pairing). Not for knockout brackets.
    pub fn accept_amended(
        &mut self,
        p: Proposal,
        games: &[(PlayerId, PlayerId)],
        byes: &[PlayerId],
    ) -> Result<&Round, EventError> {
        if matches!(self.system, System::Knockout { lives: 1 | 2, .. }) {
            return Err(EventError::BadPairing(PairingProblem::KnockoutAmended));
        }
        let proposed = p.games.iter().map(|g| (g.black, g.white)).collect();
        let proposed_byes = p.byes.clone();
        let mut q = self.manual_proposal(p.round, games, byes)?;
        q.explanation = None;
        self.accept(
            q,
            PairingOrigin::Amended {
                proposed,
                proposed_byes,
            },
        )
    }

    /// Pairs the next round by hand: (black, white) games and byes. Every active player
    /// must appear at most once; active players left out are idle.
    pub fn pair_manual(&mut self, games: &[(PlayerId, PlayerId)], byes: &[PlayerId]) -> Result<&Round, EventError> {
        if matches!(self.system, System::Knockout { lives: 1 | 2, .. }) {
            return Err(EventError::BadPairing(PairingProblem::KnockoutSeeded));
        }
        let number = self.next_round_number()?;
        let q = self.manual_proposal(number, games, byes)?;
        self.accept(q, PairingOrigin::Manual)
    }

    /// Whether `games` and `byes` can pair the next round at all: every player known, active
    /// and placed at most once (what [`Event::pair_manual`] and [`Event::accept_amended`]
    /// refuse first). A director's pairing is checked so before it is reviewed
    /// ([`crate::review`]), so a name given twice is said as such.
    pub fn check_pairing(&self, games: &[(PlayerId, PlayerId)], byes: &[PlayerId]) -> Result<(), EventError> {
        let number = self.next_round_number()?;
        self.manual_proposal(number, games, byes).map(|_| ())
    }

    fn manual_proposal(
        &self,
        round: u32,
        games: &[(PlayerId, PlayerId)],
        byes: &[PlayerId],
    ) -> Result<Proposal, EventError> {
        let mut seen = vec![false; self.players.len()];
        let mark = |p: PlayerId, seen: &mut Vec<bool>| -> Result<(), EventError> {
            self.check_id(p)?;
            if !self.is_active(p) {
                return Err(EventError::BadPairing(PairingProblem::Withdrawn(
                    self.players[p.0].name.clone(),
                )));
            }
            if std::mem::replace(&mut seen[p.0], true) {
                return Err(EventError::BadPairing(PairingProblem::Twice(
                    self.players[p.0].name.clone(),
                )));
            }
            Ok(())
        };
        let mut out = Vec::new();
        for (k, &(b, w)) in games.iter().enumerate() {
            mark(b, &mut seen)?;
            mark(w, &mut seen)?;
            out.push(new_game(k as u32 + 1, b, w, None));
        }
        for &b in byes {
            mark(b, &mut seen)?;
        }
        let idle = self.active().into_iter().filter(|p| !seen[p.0]).collect();
        Ok(Proposal {
            round,
            games: out,
            byes: byes.to_vec(),
            idle,
            explanation: None,
        })
    }

    /// Pairs the next round as another program paired it (an imported file): like
    /// [`Event::pair_manual`], but a game of an earlier round may still be without a result,
    /// as the other program left it; it stays open, to be entered later.
    pub fn pair_imported(&mut self, games: &[(PlayerId, PlayerId)], byes: &[PlayerId]) -> Result<&Round, EventError> {
        let number = self.rounds.len() as u32 + 1;
        let q = self.manual_proposal(number, games, byes)?;
        self.accept(q, PairingOrigin::Imported)
    }

    fn accept(&mut self, p: Proposal, origin: PairingOrigin) -> Result<&Round, EventError> {
        let next = if origin == PairingOrigin::Imported {
            self.rounds.len() as u32 + 1
        } else {
            self.next_round_number()?
        };
        if p.round != next {
            return Err(EventError::StaleProposal {
                proposal: p.round,
                next,
            });
        }
        // Art. 26.3: a Swiss event has the rounds planned (the director may change the plan
        // with `set_rounds`); a round robin has the rounds of its schedule. A round past them,
        // computed, amended or by hand, is refused.
        if (self.system.is_swiss_like() || matches!(self.system, System::RoundRobin { .. }))
            && p.round > self.planned_rounds()
        {
            return Err(EventError::PastPlannedRounds {
                round: p.round,
                planned: self.planned_rounds(),
            });
        }
        if self.draw.is_empty() {
            self.make_draw();
        }
        self.rounds.push(Round {
            number: p.round,
            games: p.games,
            byes: p.byes,
            idle: p.idle,
            origin,
            explanation: p.explanation,
        });
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// The draw: active players by strength (rank, rating), equal strengths by lot; a round
    /// robin draws its numbers entirely by lot (抽签).
    fn make_draw(&mut self) {
        let mut ids = self.active();
        let lot = lots(self.settings.lots_seed ^ 0xD4A3, self.players.len());
        if let System::RoundRobin { .. } = self.system {
            ids.sort_by_key(|p| lot[p.0]);
        } else {
            ids.sort_by(|a, b| {
                self.players[b.0]
                    .strength()
                    .cmp(&self.players[a.0].strength())
                    .then(lot[a.0].cmp(&lot[b.0]))
            });
        }
        self.draw = ids;
    }

    fn propose_round_robin(&self, number: u32, cycles: u32) -> Result<Proposal, EventError> {
        let n = self.draw.len();
        if n < 2 {
            return Err(EventError::TooFewPlayers(n));
        }
        let pairs = berger::round_robin_round(n, cycles, number as usize - 1).ok_or(EventError::Finished)?;
        let mut games = Vec::new();
        let byes = Vec::new();
        let mut idle = Vec::new();
        for (a, b) in pairs {
            let pa = self.draw.get(a - 1).copied();
            let pb = self.draw.get(b - 1).copied();
            match (pa, pb) {
                (Some(x), Some(y)) => {
                    let (sx, sy) = (self.status[x.0], self.status[y.0]);
                    let void = |s: Status| matches!(s, Status::Withdrawn { voided: true, .. });
                    let gone = |s: Status| s != Status::Active;
                    if void(sx) || void(sy) || (gone(sx) && gone(sy)) {
                        // A voided player's games are not played; the opponent rests.
                        for p in [x, y] {
                            if self.is_active(p) {
                                idle.push(p);
                            }
                        }
                    } else if gone(sx) {
                        // Art. 28.2: the rest of a withdrawn player's games are forfeits.
                        games.push(new_game(0, x, y, Some(GameResult::forfeit(Color::White))));
                    } else if gone(sy) {
                        games.push(new_game(0, x, y, Some(GameResult::forfeit(Color::Black))));
                    } else {
                        games.push(new_game(0, x, y, None));
                    }
                }
                (Some(x), None) | (None, Some(x)) => {
                    // Art. 26.2, 27.1: a round robin is every player meeting every other
                    // (逐一比赛), and points are scored by games (胜者记2分…). The number
                    // past the field is a rest (轮休), not a game: the player rests without a
                    // game and scores nothing, unlike a Swiss bye (a setting, Art. 26.3).
                    if self.is_active(x) {
                        idle.push(x);
                    }
                }
                (None, None) => {}
            }
        }
        number_boards(&mut games);
        Ok(Proposal {
            round: number,
            games,
            byes,
            idle,
            explanation: None,
        })
    }

    fn propose_swiss(&self, number: u32) -> Result<Proposal, EventError> {
        if number > self.planned_rounds {
            return Err(EventError::Finished);
        }
        let stats = standings::player_stats(self);
        // Players absent from this round, and those only pre-registered, are not paired (the
        // round lists them among those not playing; they score nothing for it).
        let mut field: Vec<PlayerId> = self
            .active()
            .into_iter()
            .filter(|&p| self.takes_part(p, number) && !self.is_preregistered(p))
            .collect();
        if let System::SwissElimination { losses } = self.system {
            // Art. 26.4: out after `losses` lost games; keep the field even by bringing back
            // the best of those eliminated in the last round (a "lucky loser").
            let out = |p: PlayerId| stats[p.0].losses >= losses;
            let just_out: Vec<PlayerId> = field
                .iter()
                .copied()
                .filter(|&p| {
                    out(p)
                        && self.rounds.last().is_some_and(|r| {
                            r.games.iter().any(|g| {
                                g.color_of(p).is_some()
                                    && g.result.is_some_and(|res| {
                                        res.outcome(g.color_of(p).unwrap_or(Color::Black)) == Outcome::Loss
                                    })
                            })
                        })
                })
                .collect();
            field.retain(|&p| !out(p));
            // A single survivor is the winner: no one comes back to play them.
            if field.len() % 2 == 1 && field.len() > 1 && !just_out.is_empty() {
                let best = just_out
                    .iter()
                    .copied()
                    .max_by(|&a, &b| {
                        (
                            stats[a.0].points,
                            stats[a.0].sos,
                            self.players[a.0].strength(),
                            std::cmp::Reverse(a),
                        )
                            .cmp(&(
                                stats[b.0].points,
                                stats[b.0].sos,
                                self.players[b.0].strength(),
                                std::cmp::Reverse(b),
                            ))
                    })
                    .expect("non-empty");
                field.push(best);
                field.sort();
            }
        }
        if field.len() < 2 {
            return Err(if number > 1 {
                EventError::Finished
            } else {
                EventError::TooFewPlayers(field.len())
            });
        }
        let mcmahon = |p: PlayerId| crate::standings::mcmahon_base(self, p);
        // OpenGotha's "avoid mixing categories", where the event asks for it.
        let categories = &self.settings.categories;
        let pair_within = categories.pair_within && categories.count() > 1;
        let draws = self.draws();
        let cands: Vec<Candidate> = field
            .iter()
            .map(|&p| {
                let pl = &self.players[p.0];
                let s = &stats[p.0];
                Candidate {
                    score: mcmahon(p) + i64::from(s.points),
                    strength: pl.strength(),
                    color_balance: s.blacks as i32 - s.whites as i32,
                    club: pl.club.clone(),
                    region: pl.region.clone(),
                    had_bye: s.byes > 0,
                    category: if pair_within { categories.of(pl.rank) } else { 0 },
                    drawn_up: draws[p.0].0,
                    drawn_down: draws[p.0].1,
                }
            })
            .collect();
        let index: HashMap<PlayerId, usize> = field.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut met: HashMap<(usize, usize), u32> = HashMap::new();
        for r in &self.rounds {
            for g in &r.games {
                if g.void || !g.result.is_some_and(|x| x.played()) {
                    continue;
                }
                if let (Some(&a), Some(&b)) = (index.get(&g.black), index.get(&g.white)) {
                    *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                }
            }
        }
        let opts = swiss::Options {
            avoid_same_club: self.settings.avoid_same_club,
            avoid_same_region: self.settings.avoid_same_region,
            n_categories: if pair_within { categories.count() } else { 0 },
        };
        let pairing = swiss::pair(&cands, &met, opts).map_err(EventError::Swiss)?;
        let mut games = Vec::new();
        let mut costs = Vec::new();
        let handicaps = crate::handicap::for_round(self, number);
        for (a, b, pc) in &pairing.pairs {
            let (pa, pb) = (field[*a], field[*b]);
            // Art. 10, 11: a handicap game's stones are Black's and go to the weaker player,
            // so the pairing gives them Black (and every view of the round shows the colours
            // played); an even game takes the Swiss colours.
            let h = handicaps.of(pa, pb);
            let (black, white) = match h.weaker {
                Some(weaker) if h.stones > 0 => (weaker, if weaker == pa { pb } else { pa }),
                _ => self.colors(number, pa, pb, &stats),
            };
            games.push(new_game(games.len() as u32 + 1, black, white, None));
            costs.push(*pc);
        }
        let byes = pairing.bye.map(|b| vec![field[b]]).unwrap_or_default();
        let idle = self
            .active()
            .into_iter()
            .filter(|p| !field.contains(p))
            .collect::<Vec<_>>();
        let idle = if let System::SwissElimination { .. } = self.system {
            // Those eliminated are out, not idle; those absent from the round are idle.
            idle.into_iter()
                .filter(|&p| !self.takes_part(p, number) || self.is_preregistered(p))
                .collect()
        } else {
            idle
        };
        Ok(Proposal {
            round: number,
            games,
            byes,
            idle,
            explanation: Some((costs, pairing.total)),
        })
    }

    /// Colors for a Swiss pair, by [`swiss::colours`]: the one who had Black more often takes
    /// White; then the one who had Black last takes White; then a lot from the recorded seed.
    /// The counts are of the colors as paired, which Art. 17.1 asks for: later pairing goes by
    /// the colors the event assigned ("此后的编排工作以原先赛会确定的为依据"), even where a
    /// game was played with the colors the wrong way round.
    /// How often each player was drawn (up, down) in the rounds so far, as OpenGotha counts
    /// its DU and DD for the pairing: in each game (forfeits included: the pairing made it)
    /// whose two players had different pairing scores before the round (points, or McMahon
    /// scores), the higher was drawn down and the lower drawn up.
    fn draws(&self) -> Vec<(u32, u32)> {
        let n = self.players.len();
        let base: Vec<i64> = (0..n).map(|i| standings::mcmahon_base(self, PlayerId(i))).collect();
        let mut points = vec![0i64; n];
        let mut out = vec![(0u32, 0u32); n];
        let bye = i64::from(self.settings.bye.points());
        for r in &self.rounds {
            let games = r.games.iter().filter(|g| !g.void);
            for g in games.clone() {
                let (b, w) = (g.black.0, g.white.0);
                let (sb, sw) = (base[b] + points[b], base[w] + points[w]);
                let (up, down) = match sb.cmp(&sw) {
                    std::cmp::Ordering::Greater => (w, b),
                    std::cmp::Ordering::Less => (b, w),
                    std::cmp::Ordering::Equal => continue,
                };
                out[up].0 += 1;
                out[down].1 += 1;
            }
            for g in games {
                if let Some(res) = g.result {
                    points[g.black.0] += i64::from(res.points(Color::Black));
                    points[g.white.0] += i64::from(res.points(Color::White));
                }
            }
            for b in &r.byes {
                points[b.0] += bye;
            }
        }
        out
    }

    fn colors(&self, round: u32, a: PlayerId, b: PlayerId, stats: &[standings::PlayerStats]) -> (PlayerId, PlayerId) {
        let balance = |p: usize| stats[p].blacks as i64 - stats[p].whites as i64;
        let last = |p: usize| {
            self.rounds
                .iter()
                .rev()
                .flat_map(|r| r.games.iter())
                .find_map(|g| if g.void { None } else { g.color_of(PlayerId(p)) })
        };
        let (black, white) = swiss::colours(self.settings.lots_seed, round, (a.0, b.0), &balance, &last);
        (PlayerId(black), PlayerId(white))
    }

    /// Match results of a bracket: `won_by_a` per match, and the games of each match.
    fn bracket_progress(&self, ms: &[BracketMatch], best_of: u32) -> (Vec<Option<bool>>, Vec<Vec<&Game>>) {
        let mut games: Vec<Vec<&Game>> = vec![Vec::new(); ms.len()];
        for r in &self.rounds {
            for g in &r.games {
                if let Some(m) = g.bracket_match {
                    games[m].push(g);
                }
            }
        }
        let need = best_of / 2 + 1;
        // Resolve progressively: a match's sides are known from earlier matches.
        let mut won = vec![None; ms.len()];
        for m in 0..ms.len() {
            let st = knockout::resolve(&ms[..=m], self.draw.len(), &won[..=m]);
            if let MatchState::Ready(sa, _) = st[m] {
                let pa = self.draw[sa];
                let (mut wa, mut wb) = (0, 0);
                for g in &games[m] {
                    if let Some(res) = g.result {
                        let ca = g.color_of(pa).unwrap_or(Color::Black);
                        match res.outcome(ca) {
                            Outcome::Win => wa += 1,
                            Outcome::Loss if res != GameResult::BothLose => wb += 1,
                            _ => {}
                        }
                    }
                }
                if wa >= need {
                    won[m] = Some(true);
                } else if wb >= need {
                    won[m] = Some(false);
                } else {
                    // Art. 28: a withdrawn player loses the undecided match by forfeit.
                    let pb = match st[m] {
                        MatchState::Ready(_, sb) => self.draw[sb],
                        _ => pa,
                    };
                    if !self.is_active(pa) {
                        won[m] = Some(false);
                    } else if !self.is_active(pb) {
                        won[m] = Some(true);
                    }
                }
            }
        }
        (won, games)
    }

    fn propose_bracket(&self, number: u32, double: bool, best_of: u32, reset: bool) -> Result<Proposal, EventError> {
        let n = self.draw.len();
        if n < 2 {
            return Err(EventError::TooFewPlayers(n));
        }
        let ms = knockout::bracket(n, double, reset);
        let (won, games) = self.bracket_progress(&ms, best_of);
        let st = knockout::resolve(&ms, n, &won);
        let mut out = Vec::new();
        for m in 0..ms.len() {
            if let MatchState::Ready(a, b) = st[m] {
                let (pa, pb) = (self.draw[a], self.draw[b]);
                // Art. 10: game 1 of a match by nigiri from the recorded seed; then the colors
                // alternate from the game before as it was paired (an amended game included).
                let a_black = match games[m].last() {
                    Some(previous) => previous.white == pa,
                    None => {
                        let seed = self.settings.lots_seed ^ (m as u64).wrapping_mul(0x9E37_79B9);
                        let players = [(&self.players[pa.0]).into(), (&self.players[pb.0]).into()];
                        crate::nigiri::seeded(players, seed).black == 0
                    }
                };
                let (black, white) = if a_black { (pa, pb) } else { (pb, pa) };
                let mut g = new_game(0, black, white, None);
                g.bracket_match = Some(m);
                out.push(g);
            }
        }
        if out.is_empty() {
            return Err(EventError::Finished);
        }
        number_boards(&mut out);
        let busy: Vec<PlayerId> = out.iter().flat_map(|g| [g.black, g.white]).collect();
        // Art. 26.1, byes to the top seeds: a bracket match with nobody on one side (a seed
        // past the field, or the "loser" of such a match in the loser bracket) is a bye for
        // the player on the other side. A player without a game this round who has a bye of
        // the bracket not yet given in an earlier round advances without playing: that is
        // the round's bye. Players merely waiting for an opponent are idle.
        let mut due = vec![0usize; self.players.len()];
        for s in &st {
            if let MatchState::Done(knockout::Entrant::Player(w), knockout::Entrant::Nobody) = s {
                due[self.draw[*w].0] += 1;
            }
        }
        for r in &self.rounds {
            for b in &r.byes {
                due[b.0] = due[b.0].saturating_sub(1);
            }
        }
        let (byes, idle) = self
            .knockout_alive(&st)
            .into_iter()
            .filter(|p| !busy.contains(p) && self.is_active(*p))
            .partition(|p| due[p.0] > 0);
        Ok(Proposal {
            round: number,
            games: out,
            byes,
            idle,
            explanation: None,
        })
    }

    fn knockout_alive(&self, st: &[MatchState]) -> Vec<PlayerId> {
        let mut losses = vec![0u32; self.draw.len()];
        for s in st {
            if let MatchState::Done(_, knockout::Entrant::Player(l)) = s {
                losses[*l] += 1;
            }
        }
        let lives = match self.system {
            System::Knockout { lives, .. } => lives,
            _ => 1,
        };
        (0..self.draw.len())
            .filter(|&s| losses[s] < lives)
            .map(|s| self.draw[s])
            .collect()
    }

    fn propose_multi_elimination(&self, number: u32, lives: u32) -> Result<Proposal, EventError> {
        // Multiple elimination (多败淘汰): out after `lives` lost games; each round pairs
        // players with equal losses, by seed, through the Swiss matching with the loss count
        // as the score.
        let stats = standings::player_stats(self);
        let field: Vec<PlayerId> = self
            .active()
            .into_iter()
            .filter(|p| stats[p.0].losses < lives)
            .collect();
        if field.len() < 2 {
            return Err(EventError::Finished);
        }
        let seed: HashMap<PlayerId, usize> = self.draw.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let cands: Vec<Candidate> = field
            .iter()
            .map(|&p| Candidate {
                score: -2 * i64::from(stats[p.0].losses),
                strength: (0, -(seed.get(&p).copied().unwrap_or(usize::MAX / 2) as i64)),
                color_balance: stats[p.0].blacks as i32 - stats[p.0].whites as i32,
                club: None,
                region: None,
                had_bye: stats[p.0].byes > 0,
                category: 0,
                // Multiple elimination pairs by losses: draw-ups and draw-downs are not weighed.
                drawn_up: 0,
                drawn_down: 0,
            })
            .collect();
        let index: HashMap<PlayerId, usize> = field.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut met: HashMap<(usize, usize), u32> = HashMap::new();
        for r in &self.rounds {
            for g in &r.games {
                if let (Some(&a), Some(&b)) = (index.get(&g.black), index.get(&g.white))
                    && g.result.is_some_and(|x| x.played())
                {
                    *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                }
            }
        }
        let pairing = swiss::pair(&cands, &met, swiss::Options::default()).map_err(EventError::Swiss)?;
        let mut games = Vec::new();
        let mut costs = Vec::new();
        for (a, b, pc) in &pairing.pairs {
            let (black, white) = self.colors(number, field[*a], field[*b], &stats);
            games.push(new_game(games.len() as u32 + 1, black, white, None));
            costs.push(*pc);
        }
        let byes = pairing.bye.map(|b| vec![field[b]]).unwrap_or_default();
        Ok(Proposal {
            round: number,
            games,
            byes,
            idle: Vec::new(),
            explanation: Some((costs, pairing.total)),
        })
    }

    /// The knockout bracket and the state of each of its matches (single and double
    /// elimination), or `None` for other systems or before the draw.
    pub fn bracket(&self) -> Option<(Vec<BracketMatch>, Vec<MatchState>)> {
        match self.system {
            System::Knockout {
                lives: lives @ 1..=2,
                best_of,
                grand_final_reset,
            } if !self.draw.is_empty() => {
                let ms = knockout::bracket(self.draw.len(), lives == 2, grand_final_reset);
                let (won, _) = self.bracket_progress(&ms, best_of);
                let st = knockout::resolve(&ms, self.draw.len(), &won);
                Some((ms, st))
            }
            _ => None,
        }
    }

    /// The standings after the last complete round ([`Event::complete_rounds`]), sorted by
    /// the tie-break chain.
    pub fn standings(&self) -> Standings {
        standings::standings(self)
    }
}

fn new_game(board: u32, black: PlayerId, white: PlayerId, result: Option<GameResult>) -> Game {
    Game {
        board,
        black,
        white,
        result,
        warnings: [0, 0],
        void: false,
        bracket_match: None,
    }
}

fn number_boards(games: &mut [Game]) {
    for (k, g) in games.iter_mut().enumerate() {
        g.board = k as u32 + 1;
    }
}

/// splitmix64: the lots of the event, reproducible from the recorded seed.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The lot of the `index`-th player registered (from 0): from the seed and the index alone,
/// so it does not depend on who registers after.
pub(crate) fn draw_lot(seed: u64, index: usize) -> u32 {
    (mix(seed ^ 0x0107_5107 ^ mix(index as u64 + 1)) >> 32) as u32
}

/// A lot for each of `n` players: a permutation of `0..n` from the seed (Fisher–Yates).
pub(crate) fn lots(seed: u64, n: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..n).collect();
    let mut s = seed;
    for i in (1..n).rev() {
        s = mix(s);
        let j = (s % (i as u64 + 1)) as usize;
        perm.swap(i, j);
    }
    perm
}

//! The stored record of an event, in domain terms: what was decided (system, settings), who
//! plays, what was paired, what happened. Computation (pairing, standings) belongs to the
//! tournament crate; these types only carry the record in and out of the database.

use std::fmt;
use std::str::FromStr;

use clock::TimeControl;
use rules::CyclePolicy;
use tournament::player::{Player, Rank};
use tournament::result::GameResult;

/// The pairing system of an event (Art. 26), by the names the command line uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// Swiss, 积分编排 (Art. 26.3).
    Swiss,
    /// McMahon: Swiss on a score that starts from the rank (events outside China).
    McMahon,
    /// Single round robin (Art. 26.2).
    RoundRobin,
    /// Double round robin: the cycle is played twice, colors swapped (Art. 26.2).
    DoubleRoundRobin,
    /// Single-elimination knockout (Art. 26.1).
    Knockout,
    /// Double elimination: a loser bracket and a grand final (Art. 26.1).
    DoubleElimination,
    /// Swiss with elimination (Art. 26.4).
    SwissElimination,
}

impl System {
    /// Every system, in the order the command line lists them.
    pub const ALL: [System; 7] = [
        System::Swiss,
        System::McMahon,
        System::RoundRobin,
        System::DoubleRoundRobin,
        System::Knockout,
        System::DoubleElimination,
        System::SwissElimination,
    ];

    /// The name used on the command line and in the database.
    pub fn name(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::McMahon => "mcmahon",
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
            System::Knockout => "knockout",
            System::DoubleElimination => "double-elimination",
            System::SwissElimination => "swiss-elimination",
        }
    }

    /// The default tie-break chain (Art. 27): round robin — points, 胜者小分, warnings, lots;
    /// Swiss and the others — points, 对手分, warnings, lots.
    pub fn default_tie_breaks(self) -> Vec<TieBreak> {
        match self {
            System::RoundRobin | System::DoubleRoundRobin => {
                vec![TieBreak::Points, TieBreak::Sodos, TieBreak::Warnings, TieBreak::Lots]
            }
            _ => vec![TieBreak::Points, TieBreak::Sos, TieBreak::Warnings, TieBreak::Lots],
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for System {
    type Err = String;

    fn from_str(s: &str) -> Result<System, String> {
        System::ALL.into_iter().find(|x| x.name() == s).ok_or_else(|| {
            let names: Vec<&str> = System::ALL.iter().map(|x| x.name()).collect();
            format!("unknown system {s:?}: expected one of {}", names.join(", "))
        })
    }
}

/// One criterion of the ranking (Art. 27), compared in the event's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Points: win 2, draw 1, loss 0.
    Points,
    /// 对手分: the sum of the opponents' points (SOS).
    Sos,
    /// 胜者小分: the points of the opponents beaten plus half of those drawn (SODOS).
    Sodos,
    /// The sum of the opponents' SOS.
    Sosos,
    /// 累进分: the sum of the running score after each round.
    Cumulative,
    /// The result of the games between the tied players.
    DirectEncounter,
    /// Fewer warnings over the event (Art. 27 B).
    Warnings,
    /// 总得分: points + SOS ÷ divisor − rounds (Art. 27 Swiss A).
    TotalScore,
    /// Lots drawn from the event's recorded seed (Art. 27 C).
    Lots,
}

impl TieBreak {
    /// Every criterion.
    pub const ALL: [TieBreak; 9] = [
        TieBreak::Points,
        TieBreak::Sos,
        TieBreak::Sodos,
        TieBreak::Sosos,
        TieBreak::Cumulative,
        TieBreak::DirectEncounter,
        TieBreak::Warnings,
        TieBreak::TotalScore,
        TieBreak::Lots,
    ];

    /// The name used on the command line and in the database.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Points => "points",
            TieBreak::Sos => "sos",
            TieBreak::Sodos => "sodos",
            TieBreak::Sosos => "sosos",
            TieBreak::Cumulative => "cumulative",
            TieBreak::DirectEncounter => "direct",
            TieBreak::Warnings => "warnings",
            TieBreak::TotalScore => "total",
            TieBreak::Lots => "lots",
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TieBreak {
    type Err = String;

    fn from_str(s: &str) -> Result<TieBreak, String> {
        TieBreak::ALL.into_iter().find(|x| x.name() == s).ok_or_else(|| {
            let names: Vec<&str> = TieBreak::ALL.iter().map(|x| x.name()).collect();
            format!("unknown tie-break {s:?}: expected one of {}", names.join(", "))
        })
    }
}

/// What a bye is worth (Art. 27: a setting; a win by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ByeValue {
    /// Two points, counted as a win.
    #[default]
    Win,
    /// One point, counted as a draw.
    Draw,
    /// Nothing.
    Loss,
}

impl ByeValue {
    /// The name used on the command line and in the database.
    pub fn name(self) -> &'static str {
        match self {
            ByeValue::Win => "win",
            ByeValue::Draw => "draw",
            ByeValue::Loss => "loss",
        }
    }
}

impl fmt::Display for ByeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ByeValue {
    type Err = String;

    fn from_str(s: &str) -> Result<ByeValue, String> {
        match s {
            "win" => Ok(ByeValue::Win),
            "draw" => Ok(ByeValue::Draw),
            "loss" => Ok(ByeValue::Loss),
            _ => Err(format!("unknown bye value {s:?}: expected win, draw or loss")),
        }
    }
}

/// The settings recorded with an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What a bye is worth.
    pub bye_value: ByeValue,
    /// The ranking criteria, in order (never empty).
    pub tie_breaks: Vec<TieBreak>,
    /// Art. 22: a player more than this many minutes late loses (60 apart from lodging, 15
    /// with lodging at the venue).
    pub lateness_limit_minutes: u32,
    /// Art. 20: what a long cycle does.
    pub cycle_policy: CyclePolicy,
    /// Art. 12: the time control.
    pub time_control: TimeControl,
    /// The seed lots are drawn from (Art. 27 C), recorded so the draw can be replayed.
    pub lots_seed: u64,
    /// Swiss: avoid pairing members of the same club.
    pub avoid_same_club: bool,
    /// Swiss: avoid pairing members of the same region.
    pub avoid_same_region: bool,
    /// McMahon: ranks at or above the bar all start at the bar's score.
    pub mcmahon_bar: Option<Rank>,
    /// McMahon: ranks at or below the floor all start at the floor's score.
    pub mcmahon_floor: Option<Rank>,
    /// Swiss with elimination (Art. 26.4): a player with this many losses drops out; 0 never.
    pub elimination_losses: u32,
    /// Knockout (Art. 26.5): games per match, 1, 3, 5 or 7.
    pub best_of: u32,
    /// Double elimination: the grand final is replayed when the loser-bracket finalist wins.
    pub grand_final_reset: bool,
    /// 总得分 (Art. 27): points + SOS ÷ divisor − rounds; 0 means the top score ÷ 2 (our
    /// reading of the garbled formula).
    pub total_score_divisor: u32,
}

impl Settings {
    /// The defaults for a system: a bye is a win, the system's default tie-breaks, 60 minutes
    /// of lateness, cycles forbidden, no time control, seed 0, no avoidance, single games.
    pub fn defaults(system: System) -> Settings {
        Settings {
            bye_value: ByeValue::Win,
            tie_breaks: system.default_tie_breaks(),
            lateness_limit_minutes: 60,
            cycle_policy: CyclePolicy::Forbid,
            time_control: TimeControl::None,
            lots_seed: 0,
            avoid_same_club: false,
            avoid_same_region: false,
            mcmahon_bar: None,
            mcmahon_floor: None,
            elimination_losses: if system == System::SwissElimination { 2 } else { 0 },
            best_of: 1,
            grand_final_reset: false,
            total_score_divisor: 0,
        }
    }
}

/// What is needed to create an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEvent {
    /// The event's id (1–64 characters, unique in the database).
    pub id: String,
    /// Its name, for people.
    pub name: String,
    /// The pairing system.
    pub system: System,
    /// The number of rounds.
    pub n_rounds: u32,
    /// The settings.
    pub settings: Settings,
}

/// One line of the list of events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventSummary {
    /// The id.
    pub id: String,
    /// The name.
    pub name: String,
    /// The system.
    pub system: System,
    /// The number of rounds planned.
    pub n_rounds: u32,
    /// How many rounds are paired.
    pub n_paired: u32,
    /// How many players are registered.
    pub n_players: u32,
}

/// A registered player and what happened to them outside the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The player.
    pub player: Player,
    /// `Some(r)`: withdrew after `r` rounds had been paired (Art. 28).
    pub withdrawn_after: Option<u32>,
}

/// A game of a round as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The board number, from 1.
    pub board: u32,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The result, once recorded (the latest, after corrections).
    pub result: Option<GameResult>,
    /// Made by the director rather than by the pairing program.
    pub manual: bool,
    /// Proposed by the program, then changed by the director.
    pub changed: bool,
    /// Why the program paired these two (the cost parts), empty for manual games.
    pub explanation: String,
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The round number, from 1.
    pub number: u32,
    /// The games, by board.
    pub games: Vec<Game>,
    /// The players with a bye.
    pub byes: Vec<String>,
    /// Why the pairing is what it is, for the director.
    pub note: String,
}

/// A warning given to a player (Art. 24), counted over the event (Art. 27 B).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The player's name.
    pub player: String,
    /// The round it was given in, if any.
    pub round: Option<u32>,
    /// What for.
    pub note: String,
}

/// A change the director made to a pairing, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingEdit {
    /// The round.
    pub round: u32,
    /// What was changed.
    pub description: String,
}

/// The whole record of an event, as loaded from the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The id.
    pub id: String,
    /// The name.
    pub name: String,
    /// The pairing system.
    pub system: System,
    /// The number of rounds planned.
    pub n_rounds: u32,
    /// The settings.
    pub settings: Settings,
    /// The players, in registration order.
    pub entries: Vec<Entry>,
    /// The paired rounds, in order (1, 2, …).
    pub rounds: Vec<Round>,
    /// The warnings, in the order given.
    pub warnings: Vec<Warning>,
    /// The director's pairing changes, in order.
    pub edits: Vec<PairingEdit>,
}

impl Event {
    /// The entry of the player with this name.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.player.name == name)
    }

    /// Warnings given to `name` over the event.
    pub fn n_warnings(&self, name: &str) -> u32 {
        self.warnings.iter().filter(|w| w.player == name).count() as u32
    }
}

/// A round to save: games and byes (boards are numbered from 1 in the order given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRound {
    /// The games: black, white, and why the program paired them (empty if the director did).
    pub games: Vec<NewGame>,
    /// The players with a bye.
    pub byes: Vec<String>,
    /// Why the pairing is what it is.
    pub note: String,
}

/// A game to save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Paired by the director rather than the program.
    pub manual: bool,
    /// Why the program paired them.
    pub explanation: String,
}

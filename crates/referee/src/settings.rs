//! What the event fixes before a game: the rules, the players, the time control, the lateness
//! limits (Art. 22.1–4) and the options of Art. 22.5.

use crate::RefereeError;
use clock::{Instant, Millis, TimeControl};
use rules::{Point, Rules};
use std::fmt;
use tournament::nigiri::Seniority;
use tournament::{Date, Rank};

/// One of the two players of a game, in the order the pairing lists them: an index into
/// [`Settings::players`]. Colours are a separate matter (Art. 10): [`crate::Referee::seat_of`]
/// says who holds which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The first player the pairing lists.
    First,
    /// The second player.
    Second,
}

impl Seat {
    /// 0 or 1: an index into [`Settings::players`].
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// The seat of index `i` as the nigiri numbers players ([`tournament::nigiri::Nigiri`]):
    /// 0 is the first player, any other the second.
    pub const fn of_index(i: usize) -> Seat {
        if i == 0 { Seat::First } else { Seat::Second }
    }

    /// The other player.
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first player",
            Seat::Second => "second player",
        })
    }
}

/// A player as the referee needs to know them. The rank and the date are the tournament
/// crate's ([`tournament::Rank`], [`tournament::Date`]), so one rank order and one nigiri rule
/// ([`tournament::nigiri`]) serve the events and their games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name, for the record.
    pub name: String,
    /// The rank: the higher-ranked player holds the stones at nigiri (Art. 10).
    pub rank: Rank,
    /// The date of birth, if known: at equal ranks the older player holds (Art. 10).
    pub born: Option<Date>,
}

impl Player {
    /// What the nigiri of Art. 10 looks at: the rank, then the age.
    pub fn seniority(&self) -> Seniority {
        Seniority {
            rank: self.rank,
            born: self.born,
        }
    }
}

/// What happens to a player late at the start (Art. 22.1–4): an event setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lateness {
    /// Lateness beyond this loses the game (exactly the limit does not: "不得超过1小时（含）").
    /// `None`: no limit, the clock simply runs (Art. 22.4, fast games read in absence).
    pub forfeit_after: Option<Millis>,
    /// Whether lateness within the limit is charged twice to the late player's clock.
    pub double_charge: bool,
    /// Art. 22.1: the scheduled start lateness is counted from, when the game's start came
    /// after it (a board whose clock waited for its players, started by a referee later);
    /// `None`: from the game's start.
    pub since: Option<Instant>,
}

impl Lateness {
    /// Art. 22.1: venue apart from the lodging: over one hour loses; otherwise double charge.
    pub const VENUE_APART: Lateness = Lateness {
        forfeit_after: Some(Millis::from_mins(60)),
        double_charge: true,
        since: None,
    };
    /// Art. 22.2: venue and lodging in one place: over 15 minutes loses; otherwise double charge.
    pub const VENUE_WITH_LODGING: Lateness = Lateness {
        forfeit_after: Some(Millis::from_mins(15)),
        double_charge: true,
        since: None,
    };
    /// Art. 22.4: fast games with little or no basic time: the late player's clock (their
    /// byo-yomi) is read in their absence; if it runs out before they sit, they lose on time.
    pub const READ_IN_ABSENCE: Lateness = Lateness {
        forfeit_after: None,
        double_charge: false,
        since: None,
    };
}

impl Default for Lateness {
    fn default() -> Lateness {
        Lateness::VENUE_APART
    }
}

/// Who must confirm a result before it is final (Art. 16.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Confirmation {
    /// Art. 16.4: both players and a referee: a game of an event with referees.
    #[default]
    PlayersAndReferee,
    /// Both players: a game with no referee (a free game), or an event that chose, as a
    /// recorded setting, that the players' agreement stands (a club event). A referee may still
    /// confirm; the result is final once both players have.
    Players,
}

impl Confirmation {
    /// Whether a referee's confirmation is needed.
    pub fn needs_referee(self) -> bool {
        self == Confirmation::PlayersAndReferee
    }
}

/// Everything fixed before the first event of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The rules of play (board size, komi, ko rule, cycle policy).
    pub rules: Rules,
    /// Black's handicap stones, if any (White then moves first).
    pub handicap: Vec<Point>,
    /// The two players, in the pairing's order.
    pub players: [Player; 2],
    /// Each side's time (Art. 12).
    pub time: TimeControl,
    /// Lateness at the start (Art. 22.1–4).
    pub lateness: Lateness,
    /// Art. 22.5: whether a player who times out in the last byo-yomi period may, having
    /// asked beforehand, lose a turn instead of the game.
    pub lost_turn_on_timeout: bool,
    /// Art. 16.4: who confirms the result.
    pub confirmation: Confirmation,
}

impl Settings {
    /// Chinese rules, no handicap, the given players and time, an hour's lateness limit,
    /// timeouts lose, and the result confirmed by both players and a referee (Art. 16.4).
    pub fn new(players: [Player; 2], time: TimeControl) -> Settings {
        Settings {
            rules: Rules::CHINESE,
            handicap: Vec::new(),
            players,
            time,
            lateness: Lateness::default(),
            lost_turn_on_timeout: false,
            confirmation: Confirmation::PlayersAndReferee,
        }
    }

    /// Checks what the settings of a new game must satisfy beyond what the clock checks
    /// ([`crate::Referee::new`] and [`crate::Referee::replay`] call it, so every way a game is
    /// made refuses the same things): Art. 22.5's lost turn instead of a loss on time is
    /// allowed only under byo-yomi ([`clock::TimeControl::allows_lost_turn`]), since it
    /// replaces a timeout in the last byo-yomi period; and Art. 11's komi is at most the
    /// board's N² points ([`rules::check_komi`], the one komi check of the server, GTP and
    /// the CLI).
    pub fn check(&self) -> Result<(), RefereeError> {
        // Art. 11: a komi beyond the whole board could never be reached.
        self.rules.check().map_err(RefereeError::KomiTooLarge)?;
        // Art. 22.5: "在最后一次读秒中超时" — only byo-yomi has a last period.
        if self.lost_turn_on_timeout && !self.time.allows_lost_turn() {
            return Err(RefereeError::LostTurnWithoutByoYomi {
                time: self.time.to_string(),
            });
        }
        Ok(())
    }
}

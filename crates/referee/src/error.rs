//! Why an event was refused. A refused event changes nothing and is not recorded.

use crate::article::{Article, art};
use crate::event::{Actor, Offence, Penalty};
use clock::{ClockError, Instant, Millis};
use rules::{BoardSize, Color, IllegalMove, Point};
use std::fmt;

/// Why the referee refused an event. Each names the rule it enforces ([`RefereeError::article`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefereeError {
    /// The event is dated before the last one; a record runs forward in time.
    OutOfOrder {
        /// The last event's instant.
        last: Instant,
        /// This event's instant.
        at: Instant,
    },
    /// The actor has no right to this action (Art. 30–31; a player acts only for their own
    /// colour).
    NotPermitted {
        /// Who tried.
        actor: Actor,
        /// What they tried.
        action: &'static str,
        /// Who may.
        allowed: &'static str,
        /// The article that gives the right.
        article: Article,
    },
    /// The game has not started yet.
    NotStarted,
    /// The colours are not settled yet (Art. 10).
    NoColours,
    /// The colours are already settled (Art. 10).
    ColoursSettled,
    /// The game has already started.
    AlreadyStarted,
    /// It is not this side's turn (Art. 2.3; a second move in a row is Art. 17.2).
    NotYourTurn {
        /// The side that tried to move.
        side: Color,
    },
    /// The rules engine refused the move (Art. 2, 5, 6, 20).
    Illegal(IllegalMove),
    /// The clocks are stopped (Art. 14).
    Paused,
    /// The clocks are not stopped (Art. 14).
    NotPaused,
    /// The side has not arrived (Art. 22.1): record the arrival first.
    Absent {
        /// The absent side.
        side: Color,
    },
    /// The side is at the board already (Art. 22.1).
    NotAbsent {
        /// The side.
        side: Color,
    },
    /// An arrival said to be after the instant it is recorded at (Art. 22.1).
    SeatedLater {
        /// When the player is said to have sat down.
        seated: Instant,
        /// The instant of the record.
        at: Instant,
    },
    /// The lateness limit has not passed (Art. 22.1–2: up to the limit, inclusive, is allowed).
    WithinLateLimit {
        /// Late so far.
        late: Millis,
        /// The event's limit.
        limit: Millis,
    },
    /// The event sets no lateness limit: the clock runs in the player's absence (Art. 22.4).
    NoLateLimit,
    /// The side's time ran out before this instant (Art. 12.4, 22.5).
    OutOfTime {
        /// The side.
        side: Color,
    },
    /// The side's time has not run out (Art. 12.4, 22.5).
    TimeLeft {
        /// The side.
        side: Color,
    },
    /// The event does not allow a lost turn instead of a timeout (Art. 22.5).
    LostTurnNotAllowed,
    /// The settings allow a lost turn instead of a timeout under a time control without
    /// byo-yomi: Art. 22.5's lost turn replaces a timeout in the last byo-yomi period, which
    /// only byo-yomi has ([`crate::Settings::check`]).
    LostTurnWithoutByoYomi {
        /// The time control, as the clock writes it.
        time: String,
    },
    /// Play is over; only a life-and-death dispute reopens it (Art. 21.3, 21.4).
    PlayOver,
    /// Not counting (the dead stones are settled after play, Art. 8).
    NotCounting,
    /// Nobody proposed the end, or the proposer cannot accept their own proposal (Art. 13.2).
    NoEndProposed,
    /// The game has a result already (Art. 13.1).
    HasResult,
    /// The game has no result yet (Art. 16.4).
    NoResult,
    /// The result is confirmed and final (Art. 16.4); only a chief-referee correction follows.
    Confirmed,
    /// Corrections are for confirmed results; before that the chief referee adjudicates.
    NotConfirmed,
    /// This actor has already confirmed (Art. 16.4).
    AlreadyConfirmed {
        /// Who.
        actor: Actor,
    },
    /// The result was not reached by counting, so there is nothing to recount (Art. 16.4).
    NothingToRecount,
    /// An agreed end is never reopened (Art. 21.3).
    EndAgreed,
    /// A dead-stone marking names a point without a stone (Art. 8).
    NotAStone {
        /// The point.
        point: Point,
        /// The board size, to name the point.
        size: BoardSize,
    },
    /// A void move on a point where the stone would be legal: nothing to void (Art. 18.3, 19).
    MoveIsLegal {
        /// The point.
        point: Point,
        /// The board size, to name the point.
        size: BoardSize,
    },
    /// A void move for a reason that cannot happen over the board (an occupied point, a
    /// point off the board).
    NotVoidable(IllegalMove),
    /// Art. 17.2 applies to the side that has just moved; this side is to move.
    NotASecondMove {
        /// The side.
        side: Color,
    },
    /// Art. 17.3: a take-back must be claimed before the opponent's next move.
    TakeBackTooLate {
        /// The side accused.
        side: Color,
    },
    /// Art. 18.2: the side's last move captured nothing.
    NothingCaptured {
        /// The side.
        side: Color,
    },
    /// Art. 17.1: the colours have been ruled on already.
    ColoursRuled,
    /// The penalty is not one the clause of Art. 23 allows for the offence.
    PenaltyNotAllowed {
        /// The offence.
        offence: Offence,
        /// The penalty asked.
        penalty: Penalty,
    },
    /// No event has that index.
    NoSuchEvent {
        /// The index.
        index: usize,
    },
    /// Only a ruling by a referee or the system can be overruled (Art. 30).
    NotOverrulable {
        /// The index.
        index: usize,
    },
    /// The event was overruled already.
    AlreadyOverruled {
        /// The index.
        index: usize,
    },
    /// Without the overruled event, a later event no longer applies.
    OverruleBreaks {
        /// The later event.
        index: usize,
        /// Why it no longer applies.
        error: Box<RefereeError>,
    },
    /// The clock refused (Art. 12, 14, 22).
    Clock(ClockError),
    /// The settings' komi is beyond the whole board (Art. 11; [`rules::check_komi`]).
    KomiTooLarge(rules::KomiTooLarge),
}

impl RefereeError {
    /// The article this refusal enforces, where one does.
    pub fn article(&self) -> Option<Article> {
        use RefereeError as E;
        Some(match self {
            E::NotPermitted { article, .. } => *article,
            E::NoColours | E::ColoursSettled => art::COLOURS,
            E::KomiTooLarge(_) => art::KOMI,
            E::NotYourTurn { .. } => art::ALTERNATION,
            E::Illegal(m) => match m {
                IllegalMove::Suicide => Article::new(5, 0),
                IllegalMove::Ko | IllegalMove::Repetition => Article::new(6, 0),
                IllegalMove::GameOver => Article::new(7, 0),
                IllegalMove::Occupied | IllegalMove::OffBoard => Article::new(2, 0),
            },
            E::Paused | E::NotPaused => art::PAUSE,
            E::Absent { .. } | E::NotAbsent { .. } | E::SeatedLater { .. } | E::WithinLateLimit { .. } => art::LATENESS,
            E::NoLateLimit => art::READ_IN_ABSENCE,
            E::OutOfTime { .. } | E::TimeLeft { .. } | E::LostTurnNotAllowed | E::LostTurnWithoutByoYomi { .. } => {
                art::TIMEOUT
            }
            E::PlayOver | E::EndAgreed => art::NEVER_REOPENED,
            E::NotCounting | E::NotAStone { .. } => art::LIFE_AND_DEATH,
            E::NoEndProposed => art::END_DECLARED,
            E::HasResult => art::ADJUDICATION,
            E::NoResult | E::Confirmed | E::NotConfirmed | E::AlreadyConfirmed { .. } | E::NothingToRecount => {
                art::CONFIRMATION
            }
            E::MoveIsLegal { .. } | E::NotVoidable(_) => art::FORBIDDEN_POINT,
            E::NotASecondMove { .. } => art::TWO_MOVES,
            E::TakeBackTooLate { .. } => art::TAKE_BACK,
            E::NothingCaptured { .. } => art::CAPTURES_NOT_REMOVED,
            E::ColoursRuled => art::WRONG_COLOURS,
            E::PenaltyNotAllowed { offence, .. } => offence.article(),
            E::NoSuchEvent { .. } | E::NotOverrulable { .. } | E::AlreadyOverruled { .. } => art::CHIEF_REFEREE,
            E::OverruleBreaks { error, .. } => return error.article(),
            E::OutOfOrder { .. } | E::NotStarted | E::AlreadyStarted | E::Clock(_) => {
                return None;
            }
        })
    }
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RefereeError as E;
        match self {
            E::OutOfOrder { last, at } => write!(f, "event at {at} is earlier than the last event at {last}"),
            E::NotPermitted {
                actor,
                action,
                allowed,
                article,
            } => write!(f, "{actor} may not {action}: only {allowed} may ({article})"),
            E::NotStarted => f.write_str("the game has not started"),
            E::NoColours => f.write_str("the colours are not settled yet (Art. 10)"),
            E::ColoursSettled => f.write_str("the colours are settled already (Art. 10)"),
            E::AlreadyStarted => f.write_str("the game has started already"),
            E::NotYourTurn { side } => write!(
                f,
                "it is not {side}'s turn (Art. 2.3; a second move in a row is Art. 17.2)"
            ),
            E::Illegal(m) => write!(f, "illegal move: {m}"),
            E::Paused => f.write_str("the game is paused (Art. 14)"),
            E::NotPaused => f.write_str("the game is not paused (Art. 14)"),
            E::Absent { side } => write!(f, "{side} has not arrived (Art. 22.1)"),
            E::NotAbsent { side } => write!(f, "{side} is at the board already (Art. 22.1)"),
            E::SeatedLater { seated, at } => write!(
                f,
                "a seat taken at {} ms is later than its record at {} ms (Art. 22.1)",
                seated.0, at.0
            ),
            E::WithinLateLimit { late, limit } => {
                write!(f, "late by {late}, within the limit of {limit}: no forfeit (Art. 22.1)")
            }
            E::NoLateLimit => f.write_str("the event sets no lateness limit: the clock runs in absence (Art. 22.4)"),
            E::OutOfTime { side } => write!(f, "{side}'s time has run out (Art. 12.4, 22.5)"),
            E::TimeLeft { side } => write!(f, "{side} still has time (Art. 12.4, 22.5)"),
            E::LostTurnNotAllowed => {
                f.write_str("the event does not allow a lost turn instead of a timeout (Art. 22.5)")
            }
            E::LostTurnWithoutByoYomi { time } => write!(
                f,
                "a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control {time} has none"
            ),
            E::PlayOver => f.write_str("play is over; only a life-and-death dispute reopens it (Art. 21.3, 21.4)"),
            E::NotCounting => f.write_str("the dead stones are settled only after play (Art. 8)"),
            E::NoEndProposed => f.write_str("the opponent has not proposed the end (Art. 13.2, 21.1)"),
            E::HasResult => f.write_str("the game has a result already (Art. 13.1)"),
            E::NoResult => f.write_str("the game has no result yet (Art. 16.4)"),
            E::Confirmed => f.write_str(
                "the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction",
            ),
            E::NotConfirmed => {
                f.write_str("the result is not confirmed: the chief referee adjudicates instead (Art. 13.1, 16.4)")
            }
            E::AlreadyConfirmed { actor } => write!(f, "{actor} has confirmed the result already (Art. 16.4)"),
            E::NothingToRecount => {
                f.write_str("the result was not reached by counting: nothing to recount (Art. 16.4)")
            }
            E::EndAgreed => f.write_str("the end was agreed and is never reopened (Art. 21.3)"),
            E::NotAStone { point, size } => {
                write!(f, "no stone at {} to mark dead (Art. 8)", point_name(*point, *size))
            }
            E::MoveIsLegal { point, size } => {
                write!(
                    f,
                    "a stone at {} is legal: nothing to void (Art. 18.3, 19)",
                    point_name(*point, *size)
                )
            }
            E::NotVoidable(m) => write!(f, "cannot happen over the board: {m}"),
            E::NotASecondMove { side } => write!(f, "{side} is to move: not a second move in a row (Art. 17.2)"),
            E::TakeBackTooLate { side } => {
                write!(
                    f,
                    "the opponent has moved since {side}'s stone: too late to claim a take-back (Art. 17.3)"
                )
            }
            E::NothingCaptured { side } => write!(f, "{side}'s last move captured nothing (Art. 18.2)"),
            E::ColoursRuled => f.write_str("the colours have been ruled on already (Art. 17.1)"),
            E::PenaltyNotAllowed { offence, penalty } => {
                write!(f, "{penalty} is not the penalty for {offence} ({})", offence.article())
            }
            E::NoSuchEvent { index } => write!(f, "no event #{index}"),
            E::NotOverrulable { index } => {
                write!(
                    f,
                    "event #{index} is not a ruling by a referee or the system: it cannot be overruled (Art. 30)"
                )
            }
            E::AlreadyOverruled { index } => write!(f, "event #{index} was overruled already"),
            E::OverruleBreaks { index, error } => {
                write!(
                    f,
                    "without the overruled event, event #{index} no longer applies: {error}"
                )
            }
            E::Clock(e) => write!(f, "clock: {e}"),
            E::KomiTooLarge(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RefereeError {}

/// A point in GTP coordinates when it is on the board, else by its column and row.
pub(crate) fn point_name(p: Point, size: BoardSize) -> String {
    if p.x < size.get() && p.y < size.get() {
        size.gtp(p)
    } else {
        format!("column {}, row {} from the top", u32::from(p.x) + 1, u32::from(p.y) + 1)
    }
}

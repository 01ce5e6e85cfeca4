//! The events of a game: who did what, and when.

use crate::article::{Article, art};
use crate::outcome::Outcome;
use crate::settings::Seat;
use clock::Instant;
use rules::{Color, Move, Point};
use std::fmt;
use tournament::nigiri::Parity;

/// One entry of a game's record. The record is append-only: an event is never edited or
/// removed; a ruling that undoes another is a new event ([`Action::Overrule`],
/// [`Action::Correct`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// When it happened. Instants never decrease along a record.
    pub at: Instant,
    /// Who did it.
    pub actor: Actor,
    /// What was done.
    pub action: Action,
}

impl Event {
    /// An event.
    pub fn new(at: Instant, actor: Actor, action: Action) -> Event {
        Event { at, actor, action }
    }
}

/// Who acts (Art. 29–31: roles with distinct rights).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The player holding this colour.
    Player(Color),
    /// The game's referee (执行裁判, Art. 31): warns, voids, pauses, confirms the result.
    Referee,
    /// The chief referee (裁判长, Art. 30): every right of a referee, and alone adjudicates,
    /// overrules a ruling and corrects a confirmed result.
    ChiefReferee,
    /// The software itself: a seeded nigiri, the start at the scheduled time, a flag that
    /// fell, a lateness forfeit, the machine's dead-stone proposal.
    System,
}

impl Actor {
    /// A stable name for records (SGF's `WQREF`, the stored log): `B`, `W`, `referee`,
    /// `chief-referee`, `system`.
    pub fn code(self) -> &'static str {
        match self {
            Actor::Player(Color::Black) => "B",
            Actor::Player(Color::White) => "W",
            Actor::Referee => "referee",
            Actor::ChiefReferee => "chief-referee",
            Actor::System => "system",
        }
    }

    /// The actor named by [`Actor::code`].
    pub fn from_code(s: &str) -> Option<Actor> {
        match s {
            "B" => Some(Actor::Player(Color::Black)),
            "W" => Some(Actor::Player(Color::White)),
            "referee" => Some(Actor::Referee),
            "chief-referee" => Some(Actor::ChiefReferee),
            "system" => Some(Actor::System),
            _ => None,
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Player(c) => write!(f, "{c}"),
            Actor::Referee => f.write_str("the referee"),
            Actor::ChiefReferee => f.write_str("the chief referee"),
            Actor::System => f.write_str("the system"),
        }
    }
}

/// How the colours are settled (Art. 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourChoice {
    /// The event's draw (抽签编排) gave Black to this player.
    Draw {
        /// Who takes Black.
        black: Seat,
    },
    /// Nigiri drawn from a recorded seed ([`tournament::nigiri::seeded`]).
    Nigiri {
        /// The seed.
        seed: u64,
    },
    /// Nigiri as it happened over the board.
    NigiriCounted {
        /// How many white stones were in the holder's hand.
        held: u32,
        /// The guesser's call.
        guess: Parity,
    },
}

/// An offence against discipline (Art. 15, 23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offence {
    /// Art. 23.1: a fixed game or other cheating: loss, or both lose.
    Cheating,
    /// Art. 23.2: withdrawing without good reason: loss.
    Withdrawal,
    /// Art. 23.3: disturbing the opponent or the hall: a warning or a loss.
    Disturbing,
    /// Art. 23.4: discussing the game or consulting material: a warning or a loss.
    Consulting,
    /// Art. 23.5: talking without the chief referee's leave (Art. 15.5): a warning or a loss.
    Talking,
    /// Art. 23.7: a phone that sounds: a warning the first time, a loss the second.
    PhoneSounded,
    /// Art. 23.7: looking at a phone's screen: a loss.
    PhoneLookedAt,
    /// Art. 23.8: smoking against the event's rules: a warning the first time, a loss the second.
    Smoking,
}

impl Offence {
    /// The clause of Art. 23 that sets its penalty.
    pub fn article(self) -> Article {
        Article::new(
            23,
            match self {
                Offence::Cheating => 1,
                Offence::Withdrawal => 2,
                Offence::Disturbing => 3,
                Offence::Consulting => 4,
                Offence::Talking => 5,
                Offence::PhoneSounded | Offence::PhoneLookedAt => 7,
                Offence::Smoking => 8,
            },
        )
    }

    /// The Chinese name.
    pub fn zh(self) -> &'static str {
        match self {
            Offence::Cheating => "作弊",
            Offence::Withdrawal => "无故弃权",
            Offence::Disturbing => "妨碍对方思考、扰乱赛场秩序",
            Offence::Consulting => "议论棋局或查阅资料",
            Offence::Talking => "违规交谈",
            Offence::PhoneSounded => "手机发出响声",
            Offence::PhoneLookedAt => "注视手机屏幕",
            Offence::Smoking => "违规吸烟",
        }
    }
}

impl fmt::Display for Offence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Offence::Cheating => "cheating",
            Offence::Withdrawal => "withdrawing without reason",
            Offence::Disturbing => "disturbing the opponent",
            Offence::Consulting => "discussing the game or consulting material",
            Offence::Talking => "talking without leave",
            Offence::PhoneSounded => "a phone that sounded",
            Offence::PhoneLookedAt => "looking at a phone",
            Offence::Smoking => "smoking",
        })
    }
}

/// A penalty of Art. 23.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// A warning (警告), which costs a stone at counting (Art. 24.1); the second loses (24.2).
    Warning,
    /// The offender loses the game (判负).
    Loss,
    /// Both sides lose (判双方负, Art. 23.1).
    BothLose,
}

impl fmt::Display for Penalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Penalty::Warning => "a warning",
            Penalty::Loss => "loss of the game",
            Penalty::BothLose => "both sides lose",
        })
    }
}

/// A referee's ruling on something that happened over the board (Ch. 3). Each names the side
/// it concerns; its article is [`Ruling::article`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// Art. 17.1: the players hold the wrong colours. Through move 10 (inclusive) the game
    /// restarts with the colours the event assigned; after it the colours stand as played.
    WrongColours,
    /// Art. 17.2: `side` played a second stone at `point` without the opponent having moved:
    /// the second stone is void (not placed) and `side` is warned.
    SecondMove {
        /// Who played twice.
        side: Color,
        /// Where the second stone went.
        point: Point,
    },
    /// Art. 17.3: `side` took back its last stone and played at `attempted`; the opponent
    /// claimed before their next move: the stone goes back where it was released (the
    /// recorded move stands) and `side` is warned.
    TakeBack {
        /// Who took back.
        side: Color,
        /// Where the stone was moved to.
        attempted: Point,
    },
    /// Art. 17.4: `side` pressed the clock before or while placing the stone: a warning; the
    /// clock reading stays.
    ClockPressedEarly {
        /// Who pressed early.
        side: Color,
    },
    /// Art. 18.1: `side` removed opponent stones that still had liberties: a warning and the
    /// stones go back (the record never removed them).
    LiveStonesRemoved {
        /// Who removed them.
        side: Color,
    },
    /// Art. 18.2: `side` did not remove (all) the stones its last move captured: a warning and
    /// they are removed (the record already removed them). With `clock_pressed`, `side` also
    /// pressed the clock before removing them, Art. 22.6; still one warning.
    CapturesNotRemoved {
        /// Who left them.
        side: Color,
        /// Whether the clock was pressed before they were removed (Art. 22.6).
        clock_pressed: bool,
    },
    /// `side`, to move, put a stone on `point` where the rules do not allow it. The stone is
    /// not placed and `side` loses its turn (弃权一次); the article depends on why: an
    /// immediate ko retake is Art. 18.3 and also earns a warning; a forbidden point (suicide)
    /// is Art. 19; another whole-board repetition is Art. 20 (treated as Art. 19: void and a
    /// lost turn, no warning, since Art. 20 forbids it without naming a penalty).
    VoidMove {
        /// Who played it.
        side: Color,
        /// Where.
        point: Point,
    },
    /// Art. 23: a discipline ruling.
    Discipline {
        /// The offender.
        side: Color,
        /// The offence.
        offence: Offence,
        /// The penalty: it must be one the clause allows (for a phone that sounds and for
        /// smoking: a warning the first time, a loss after).
        penalty: Penalty,
    },
}

impl Ruling {
    /// The article the ruling applies. A void move's article depends on the position (Art.
    /// 18.3, 19 or 20); this gives Art. 19, and the applied event's summary gives the exact one.
    pub fn article(&self) -> Article {
        match self {
            Ruling::WrongColours => art::WRONG_COLOURS,
            Ruling::SecondMove { .. } => art::TWO_MOVES,
            Ruling::TakeBack { .. } => art::TAKE_BACK,
            Ruling::ClockPressedEarly { .. } => art::CLOCK_EARLY,
            Ruling::LiveStonesRemoved { .. } => art::LIVE_STONES_REMOVED,
            Ruling::CapturesNotRemoved {
                clock_pressed: false, ..
            } => art::CAPTURES_NOT_REMOVED,
            Ruling::CapturesNotRemoved {
                clock_pressed: true, ..
            } => art::CAPTURES_BEFORE_CLOCK,
            Ruling::VoidMove { .. } => art::FORBIDDEN_POINT,
            Ruling::Discipline { offence, .. } => offence.article(),
        }
    }
}

/// How the clocks are corrected (Art. 22.8–9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockFix {
    /// Art. 22.8: a clock wrong by 2 minutes an hour or more is replaced and both used times
    /// are set right in proportion: `true_total` is the time both clocks should have counted
    /// together, split in the ratio of the used times the clock shows.
    Proportion {
        /// The true total of both sides' used time.
        true_total: clock::Millis,
    },
    /// Art. 22.8: both used times set as read from a replaced or corrected clock.
    SetUsed {
        /// Black's used time.
        black: clock::Millis,
        /// White's used time.
        white: clock::Millis,
    },
    /// Art. 22.9: the clock failed after a pause and the record of the times is lost: the
    /// time used, `total`, is split evenly.
    SplitEvenly {
        /// The time both sides used together.
        total: clock::Millis,
    },
}

impl ClockFix {
    /// The article applied.
    pub fn article(self) -> Article {
        match self {
            ClockFix::Proportion { .. } | ClockFix::SetUsed { .. } => art::CLOCK_ERROR,
            ClockFix::SplitEvenly { .. } => art::TIMES_LOST,
        }
    }
}

/// What an event does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    // ----- before play -----
    /// Art. 10: settle the colours. Referee, chief referee or system; before the start.
    Colours(ColourChoice),
    /// The game starts (at the scheduled time): the clock of the side to move runs. `late`
    /// lists the sides not at the board (Art. 22.1). Referee, chief referee or system.
    Start {
        /// The sides absent at the start.
        late: Vec<Color>,
    },
    /// Art. 22.1: a late player sits down. Within the limit, the lateness is charged twice to
    /// their clock (when the event says so); beyond it, they forfeit. The player, or a referee.
    Arrive {
        /// Who arrived.
        side: Color,
        /// When they sat down, if before this event (a player who took their seat on a board
        /// whose clock waited for both players, started once the second sat down): lateness
        /// is counted to this instant, not to the event's. `None`: they sit down now.
        seated: Option<Instant>,
    },
    /// Art. 22.1–3: a player still absent beyond the limit forfeits; if both do, both lose.
    /// Referee, chief referee or system.
    LateForfeit {
        /// Who forfeits.
        side: Color,
    },

    // ----- play: by the player to move, for their own colour -----
    /// A move or a pass (Art. 2), which also presses the player's clock.
    Play(Move),
    /// Art. 13.2, 21.1: the side to move declares the game over and passes.
    ProposeEnd,
    /// Art. 13.2: the opponent agrees: play is over, the dead stones are settled next.
    AcceptEnd,
    /// Art. 7.2: the player resigns (at any time during play or counting).
    Resign,
    /// Art. 22.5: the player asks that a timeout in the last byo-yomi period cost a turn
    /// rather than the game (when the event allows it). Stands for the rest of the game.
    RequestLostTurn,

    // ----- end of play -----
    /// Art. 8: a marking of the dead stones (one stone marks its group); replaces any
    /// earlier marking. A player's marking counts as their acceptance. Players or the system
    /// (the machine's proposal, [`crate::Referee::machine_marking`]).
    MarkDead(Vec<Point>),
    /// Art. 8: the player accepts the current marking; when both have, the game is counted.
    AcceptMarking,
    /// Art. 21.4: the players disagree on life and death: play resumes, the side claiming
    /// "dead" moves first. A player, or a referee.
    Dispute {
        /// The side that claims the disputed stones are dead.
        claims_dead: Color,
    },
    /// Art. 16.4: before confirmation a player may ask for a recount: counting reopens with
    /// the marking as it was.
    RequestRecount,
    /// Art. 16.4: the recount a player asked for at the board, recorded by the referee they
    /// asked (the actor, a referee or the chief referee). The same as the player's own
    /// [`Action::RequestRecount`]; the record keeps who asked and who recorded it.
    RecordRecount {
        /// The player who asked.
        asked_by: Color,
    },
    /// Art. 16.4: a player or the referee confirms the result; once both players and a
    /// referee have (or both players, where the settings let their agreement stand:
    /// [`crate::Confirmation::Players`]), it is final.
    Confirm,

    // ----- referees -----
    /// Art. 14: the clocks stop. Referee, chief referee or system.
    Pause,
    /// Art. 14: the clocks run again. Referee, chief referee or system.
    Resume,
    /// Art. 12.4, 22.5: `side`'s time has run out. Referee, chief referee or system; refused
    /// while time remains.
    Flag {
        /// Whose flag fell.
        side: Color,
    },
    /// A referee's ruling of Ch. 3.
    Ruling(Ruling),

    // ----- chief referee only -----
    /// Art. 13.1, 30: the chief referee decides the game (a moved stone, Art. 17.5; a
    /// scattered game, 17.6; a failed clock, 12.4; a cycle, 20.3; a no-show).
    Adjudicate {
        /// The decision.
        outcome: Outcome,
        /// The article applied.
        article: Article,
    },
    /// Art. 30: the chief referee sets aside an earlier ruling (by its index in the record):
    /// the state becomes the fold of the record without it. The ruling stays in the record.
    Overrule {
        /// The index of the overruled event.
        event: usize,
    },
    /// Art. 16.4, 23.1: a confirmed result is corrected by a new event (never by an edit).
    Correct {
        /// The corrected result.
        outcome: Outcome,
        /// The article applied (e.g. 23.1: cheating found after the result).
        article: Article,
    },
    /// Art. 22.8–9: the clocks are corrected. A referee may (replacing a faulty clock is
    /// the referee's duty; Art. 22.8 asks the chief referee's approval for a one-sided change,
    /// which the adapter obtains before it records the event).
    ClockCorrection(ClockFix),
}

impl Event {
    /// The article an event applies: a ruling's, an adjudication's or correction's own, or
    /// the article behind a player's action.
    pub fn action_article(&self) -> Article {
        match &self.action {
            Action::Adjudicate { article, .. } | Action::Correct { article, .. } => *article,
            Action::Ruling(r) => r.article(),
            Action::ClockCorrection(f) => f.article(),
            Action::Colours(_) => art::COLOURS,
            Action::Start { .. } | Action::Arrive { .. } | Action::LateForfeit { .. } => art::LATENESS,
            Action::Play(_) => art::ALTERNATION,
            Action::ProposeEnd => art::END_PROPOSED,
            Action::AcceptEnd => art::END_DECLARED,
            Action::Resign => Article::new(7, 2),
            Action::RequestLostTurn | Action::Flag { .. } => art::TIMEOUT,
            Action::MarkDead(_) | Action::AcceptMarking => art::LIFE_AND_DEATH,
            Action::Dispute { .. } => art::DISPUTE,
            Action::RequestRecount | Action::RecordRecount { .. } | Action::Confirm => art::CONFIRMATION,
            Action::Pause | Action::Resume => art::PAUSE,
            Action::Overrule { .. } => art::CHIEF_REFEREE,
        }
    }
}

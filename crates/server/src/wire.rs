//! The wire format: JSON mirrors of the referee's events, settings and state. The domain
//! crates derive no serde (the edge owns the wire format, STYLE.md), so every conversion is
//! written here, both ways, and the same JSON is what the database stores for each event.
//!
//! Points are GTP vertices (`D4`, `Q16`; no `I`), colours `black`/`white`, articles
//! `"17.2"` (clause 0: `"8"`), durations milliseconds, time controls the clock crate's spec
//! grammar (`1h+3x60s`).
//!
//! The API's response bodies are types too, so that the body a route answers is a type a
//! reader can find: one submodule per resource, named as its `http/` module (`wire/events.rs`,
//! `wire/challenges.rs`, `wire/rounds.rs`, `wire/results.rs`, `wire/hall.rs`,
//! `wire/players.rs`, `wire/roles.rs`; `wire/games.rs` for `http/games.rs`, its WebSocket's
//! frames and the game task's pushes; `wire/accounts.rs` for the accounts and their sessions;
//! `wire/errors.rs` for every error's body), [`Health`] here. They only serialise: each
//! field's name, and whether it is `null` or absent, is the API's (`openapi.json`), and the
//! pages read them. Where a body carries a game's state, that state stays the
//! `serde_json::Value` the game's task made from [`games::GameState`]
//! (`crate::game::game_state`).

use clock::{Instant, Millis, TimeControl};
use referee::{
    Action, Actor, Article, ClockFix, ColourChoice, Confirmation, Event, Lateness, Offence, Outcome, Parity, Penalty,
    Player, Rank, Ruling, Seat, Settings, WinBy,
};
use rules::{BoardSize, Color, CyclePolicy, HalfPoints, KoRule, Move, Point, Rules};
use serde::{Deserialize, Serialize};

/// A conversion from the wire refused: what was wrong, for the client to fix.
pub type WireResult<T> = Result<T, crate::words::Said>;

pub mod accounts;
pub mod challenges;
pub mod clocks;
pub mod errors;
pub mod events;
pub mod games;
pub mod hall;
pub mod json;
pub mod players;
pub mod results;
pub mod roles;
pub mod rounds;
pub mod view;

/// `GET /healthz`' answer: the server is up.
#[derive(Debug, Serialize)]
pub struct Health {
    /// Always `ok`.
    pub status: &'static str,
}

/// `black` or `white`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WColor {
    /// Black.
    Black,
    /// White.
    White,
}

impl From<WColor> for Color {
    fn from(c: WColor) -> Color {
        match c {
            WColor::Black => Color::Black,
            WColor::White => Color::White,
        }
    }
}

impl From<Color> for WColor {
    fn from(c: Color) -> WColor {
        match c {
            Color::Black => WColor::Black,
            Color::White => WColor::White,
        }
    }
}

/// The first or second player of the pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WSeat {
    /// The first player.
    First,
    /// The second player.
    Second,
}

impl From<WSeat> for Seat {
    fn from(s: WSeat) -> Seat {
        match s {
            WSeat::First => Seat::First,
            WSeat::Second => Seat::Second,
        }
    }
}

impl From<Seat> for WSeat {
    fn from(s: Seat) -> WSeat {
        match s {
            Seat::First => WSeat::First,
            Seat::Second => WSeat::Second,
        }
    }
}

/// An offence of Art. 23.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum WOffence {
    Cheating,
    Withdrawal,
    Disturbing,
    Consulting,
    Talking,
    PhoneSounded,
    PhoneLookedAt,
    Smoking,
}

impl From<WOffence> for Offence {
    fn from(o: WOffence) -> Offence {
        match o {
            WOffence::Cheating => Offence::Cheating,
            WOffence::Withdrawal => Offence::Withdrawal,
            WOffence::Disturbing => Offence::Disturbing,
            WOffence::Consulting => Offence::Consulting,
            WOffence::Talking => Offence::Talking,
            WOffence::PhoneSounded => Offence::PhoneSounded,
            WOffence::PhoneLookedAt => Offence::PhoneLookedAt,
            WOffence::Smoking => Offence::Smoking,
        }
    }
}

impl From<Offence> for WOffence {
    fn from(o: Offence) -> WOffence {
        match o {
            Offence::Cheating => WOffence::Cheating,
            Offence::Withdrawal => WOffence::Withdrawal,
            Offence::Disturbing => WOffence::Disturbing,
            Offence::Consulting => WOffence::Consulting,
            Offence::Talking => WOffence::Talking,
            Offence::PhoneSounded => WOffence::PhoneSounded,
            Offence::PhoneLookedAt => WOffence::PhoneLookedAt,
            Offence::Smoking => WOffence::Smoking,
        }
    }
}

/// A penalty of Art. 23.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum WPenalty {
    Warning,
    Loss,
    BothLose,
}

impl From<WPenalty> for Penalty {
    fn from(p: WPenalty) -> Penalty {
        match p {
            WPenalty::Warning => Penalty::Warning,
            WPenalty::Loss => Penalty::Loss,
            WPenalty::BothLose => Penalty::BothLose,
        }
    }
}

impl From<Penalty> for WPenalty {
    fn from(p: Penalty) -> WPenalty {
        match p {
            Penalty::Warning => WPenalty::Warning,
            Penalty::Loss => WPenalty::Loss,
            Penalty::BothLose => WPenalty::BothLose,
        }
    }
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum WWinBy {
    /// By counting; the margin in half points (4 to a stone).
    Count {
        margin_half_points: i32,
    },
    Resignation,
    Time,
    Forfeit,
    Warnings,
    Discipline {
        offence: WOffence,
    },
    Adjudication,
}

/// A result: `{"result":"win","winner":"black","by":"resignation"}`, `{"result":"draw"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "result", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum WOutcome {
    Win { winner: WColor, how: WWinBy },
    Draw,
    NoResult,
    BothLose,
    Replay,
}

impl From<WOutcome> for Outcome {
    fn from(o: WOutcome) -> Outcome {
        match o {
            WOutcome::Win { winner, how } => Outcome::Win {
                winner: winner.into(),
                by: match how {
                    WWinBy::Count { margin_half_points } => WinBy::Points(HalfPoints(margin_half_points)),
                    WWinBy::Resignation => WinBy::Resignation,
                    WWinBy::Time => WinBy::Time,
                    WWinBy::Forfeit => WinBy::Forfeit,
                    WWinBy::Warnings => WinBy::Warnings,
                    WWinBy::Discipline { offence } => WinBy::Discipline(offence.into()),
                    WWinBy::Adjudication => WinBy::Adjudication,
                },
            },
            WOutcome::Draw => Outcome::Draw,
            WOutcome::NoResult => Outcome::NoResult,
            WOutcome::BothLose => Outcome::BothLose,
            WOutcome::Replay => Outcome::Replay,
        }
    }
}

impl From<Outcome> for WOutcome {
    fn from(o: Outcome) -> WOutcome {
        match o {
            Outcome::Win { winner, by } => WOutcome::Win {
                winner: winner.into(),
                how: match by {
                    WinBy::Points(margin) => WWinBy::Count {
                        margin_half_points: margin.0,
                    },
                    WinBy::Resignation => WWinBy::Resignation,
                    WinBy::Time => WWinBy::Time,
                    WinBy::Forfeit => WWinBy::Forfeit,
                    WinBy::Warnings => WWinBy::Warnings,
                    WinBy::Discipline(o) => WWinBy::Discipline { offence: o.into() },
                    WinBy::Adjudication => WWinBy::Adjudication,
                },
            },
            Outcome::Draw => WOutcome::Draw,
            Outcome::NoResult => WOutcome::NoResult,
            Outcome::BothLose => WOutcome::BothLose,
            Outcome::Replay => WOutcome::Replay,
        }
    }
}

/// What an event does, as JSON: `{"type":"play","point":"D4"}`, `{"type":"pass"}`,
/// `{"type":"ruling","ruling":"void_move","side":"black","point":"C3"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum WAction {
    /// Art. 10: colours by the event's draw.
    ColoursDraw {
        black: WSeat,
    },
    /// Art. 10: seeded nigiri.
    Nigiri {
        seed: u64,
    },
    /// Art. 10: nigiri as counted over the board.
    NigiriCounted {
        held: u32,
        guess: String,
    },
    Start {
        late: Vec<WColor>,
    },
    Arrive {
        side: WColor,
        /// When the player sat down, if before the record (ms since the Unix epoch): written
        /// by the server alone (`referee::permit`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seated_ms: Option<u64>,
    },
    LateForfeit {
        side: WColor,
    },
    /// A stone at a GTP vertex.
    Play {
        point: String,
    },
    Pass,
    ProposeEnd,
    AcceptEnd,
    Resign,
    RequestLostTurn,
    MarkDead {
        points: Vec<String>,
    },
    AcceptMarking,
    Dispute {
        claims_dead: WColor,
    },
    RequestRecount,
    /// Art. 16.4: a referee records the recount the player `asked_by` asked for at the board.
    RecordRecount {
        asked_by: WColor,
    },
    Confirm,
    Pause,
    Resume,
    Flag {
        side: WColor,
    },
    Ruling(WRuling),
    /// Art. 13.1, 30: `article` like `"17.5"`.
    Adjudicate {
        outcome: WOutcome,
        article: String,
    },
    Overrule {
        event: usize,
    },
    Correct {
        outcome: WOutcome,
        article: String,
    },
    ClockCorrection(WClockFix),
}

/// A referee's ruling (Ch. 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "ruling", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum WRuling {
    WrongColours,
    SecondMove {
        side: WColor,
        point: String,
    },
    TakeBack {
        side: WColor,
        attempted: String,
    },
    ClockPressedEarly {
        side: WColor,
    },
    LiveStonesRemoved {
        side: WColor,
    },
    CapturesNotRemoved {
        side: WColor,
        clock_pressed: bool,
    },
    VoidMove {
        side: WColor,
        point: String,
    },
    Discipline {
        side: WColor,
        offence: WOffence,
        penalty: WPenalty,
    },
}

/// A clock correction (Art. 22.8–9), times in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "fix", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum WClockFix {
    Proportion { true_total_ms: u64 },
    SetUsed { black_ms: u64, white_ms: u64 },
    SplitEvenly { total_ms: u64 },
}

/// Who acted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum WActor {
    Black,
    White,
    Referee,
    ChiefReferee,
    System,
}

impl From<Actor> for WActor {
    fn from(a: Actor) -> WActor {
        match a {
            Actor::Player(Color::Black) => WActor::Black,
            Actor::Player(Color::White) => WActor::White,
            Actor::Referee => WActor::Referee,
            Actor::ChiefReferee => WActor::ChiefReferee,
            Actor::System => WActor::System,
        }
    }
}

impl From<WActor> for Actor {
    fn from(a: WActor) -> Actor {
        match a {
            WActor::Black => Actor::Player(Color::Black),
            WActor::White => Actor::Player(Color::White),
            WActor::Referee => Actor::Referee,
            WActor::ChiefReferee => Actor::ChiefReferee,
            WActor::System => Actor::System,
        }
    }
}

/// One recorded event as stored and sent: its instant (ms since the Unix epoch), actor and
/// action, and the account or seat that submitted it (every ruling names its actor).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WEvent {
    /// Milliseconds since the Unix epoch.
    pub at: u64,
    /// Who acted in the referee's terms.
    pub actor: WActor,
    /// The account name or seat link that submitted it (`"system"` for the server).
    pub by: String,
    /// What was done.
    pub action: WAction,
}

/// `"17.5"` or `"8"`.
pub fn parse_article(s: &str) -> WireResult<Article> {
    let bad = || crate::words::say!("wire.err.article", article = format!("{s:?}"));
    let (n, c) = match s.split_once('.') {
        Some((n, c)) => (n, c),
        None => (s, "0"),
    };
    let n: u8 = n.parse().map_err(|_| bad())?;
    let c: u8 = c.parse().map_err(|_| bad())?;
    if !(1..=33).contains(&n) {
        return Err(crate::words::say!(
            "wire.err.article_number",
            article = format!("{s:?}")
        ));
    }
    Ok(Article::new(n, c))
}

/// The inverse of [`parse_article`].
pub fn article_text(a: Article) -> String {
    if a.clause == 0 {
        a.number.to_string()
    } else {
        format!("{}.{}", a.number, a.clause)
    }
}

fn point(size: BoardSize, s: &str) -> WireResult<Point> {
    size.parse_gtp(s)
        .map_err(|e| crate::words::say!("wire.err.point", point = format!("{s:?}"), n = size.get(), why = e))
}

impl WAction {
    /// The referee's action, points read on a board of `size`.
    pub fn to_action(&self, size: BoardSize) -> WireResult<Action> {
        Ok(match self {
            WAction::ColoursDraw { black } => Action::Colours(ColourChoice::Draw { black: (*black).into() }),
            WAction::Nigiri { seed } => Action::Colours(ColourChoice::Nigiri { seed: *seed }),
            WAction::NigiriCounted { held, guess } => Action::Colours(ColourChoice::NigiriCounted {
                held: *held,
                guess: match guess.as_str() {
                    "odd" => Parity::Odd,
                    "even" => Parity::Even,
                    g => return Err(crate::words::say!("wire.err.guess", guess = format!("{g:?}"))),
                },
            }),
            WAction::Start { late } => Action::Start {
                late: late.iter().map(|&c| c.into()).collect(),
            },
            WAction::Arrive { side, seated_ms } => Action::Arrive {
                side: (*side).into(),
                seated: seated_ms.map(clock::Instant),
            },
            WAction::LateForfeit { side } => Action::LateForfeit { side: (*side).into() },
            WAction::Play { point: p } => Action::Play(Move::Play(point(size, p)?)),
            WAction::Pass => Action::Play(Move::Pass),
            WAction::ProposeEnd => Action::ProposeEnd,
            WAction::AcceptEnd => Action::AcceptEnd,
            WAction::Resign => Action::Resign,
            WAction::RequestLostTurn => Action::RequestLostTurn,
            WAction::MarkDead { points } => {
                Action::MarkDead(points.iter().map(|p| point(size, p)).collect::<WireResult<_>>()?)
            }
            WAction::AcceptMarking => Action::AcceptMarking,
            WAction::Dispute { claims_dead } => Action::Dispute {
                claims_dead: (*claims_dead).into(),
            },
            WAction::RequestRecount => Action::RequestRecount,
            WAction::RecordRecount { asked_by } => Action::RecordRecount {
                asked_by: (*asked_by).into(),
            },
            WAction::Confirm => Action::Confirm,
            WAction::Pause => Action::Pause,
            WAction::Resume => Action::Resume,
            WAction::Flag { side } => Action::Flag { side: (*side).into() },
            WAction::Ruling(r) => Action::Ruling(match r {
                WRuling::WrongColours => Ruling::WrongColours,
                WRuling::SecondMove { side, point: p } => Ruling::SecondMove {
                    side: (*side).into(),
                    point: point(size, p)?,
                },
                WRuling::TakeBack { side, attempted } => Ruling::TakeBack {
                    side: (*side).into(),
                    attempted: point(size, attempted)?,
                },
                WRuling::ClockPressedEarly { side } => Ruling::ClockPressedEarly { side: (*side).into() },
                WRuling::LiveStonesRemoved { side } => Ruling::LiveStonesRemoved { side: (*side).into() },
                WRuling::CapturesNotRemoved { side, clock_pressed } => Ruling::CapturesNotRemoved {
                    side: (*side).into(),
                    clock_pressed: *clock_pressed,
                },
                WRuling::VoidMove { side, point: p } => Ruling::VoidMove {
                    side: (*side).into(),
                    point: point(size, p)?,
                },
                WRuling::Discipline { side, offence, penalty } => Ruling::Discipline {
                    side: (*side).into(),
                    offence: (*offence).into(),
                    penalty: (*penalty).into(),
                },
            }),
            WAction::Adjudicate { outcome, article } => Action::Adjudicate {
                outcome: (*outcome).into(),
                article: parse_article(article)?,
            },
            WAction::Overrule { event } => Action::Overrule { event: *event },
            WAction::Correct { outcome, article } => Action::Correct {
                outcome: (*outcome).into(),
                article: parse_article(article)?,
            },
            WAction::ClockCorrection(f) => Action::ClockCorrection(match *f {
                WClockFix::Proportion { true_total_ms } => ClockFix::Proportion {
                    true_total: Millis(true_total_ms),
                },
                WClockFix::SetUsed { black_ms, white_ms } => ClockFix::SetUsed {
                    black: Millis(black_ms),
                    white: Millis(white_ms),
                },
                WClockFix::SplitEvenly { total_ms } => ClockFix::SplitEvenly {
                    total: Millis(total_ms),
                },
            }),
        })
    }

    /// The wire form of a referee action on a board of `size`.
    pub fn from_action(a: &Action, size: BoardSize) -> WAction {
        let v = |p: Point| size.gtp(p);
        match a {
            Action::Colours(ColourChoice::Draw { black }) => WAction::ColoursDraw { black: (*black).into() },
            Action::Colours(ColourChoice::Nigiri { seed }) => WAction::Nigiri { seed: *seed },
            Action::Colours(ColourChoice::NigiriCounted { held, guess }) => WAction::NigiriCounted {
                held: *held,
                guess: guess.to_string(),
            },
            Action::Start { late } => WAction::Start {
                late: late.iter().map(|&c| c.into()).collect(),
            },
            Action::Arrive { side, seated } => WAction::Arrive {
                side: (*side).into(),
                seated_ms: seated.map(|i| i.0),
            },
            Action::LateForfeit { side } => WAction::LateForfeit { side: (*side).into() },
            Action::Play(Move::Play(p)) => WAction::Play { point: v(*p) },
            Action::Play(Move::Pass) => WAction::Pass,
            Action::ProposeEnd => WAction::ProposeEnd,
            Action::AcceptEnd => WAction::AcceptEnd,
            Action::Resign => WAction::Resign,
            Action::RequestLostTurn => WAction::RequestLostTurn,
            Action::MarkDead(points) => WAction::MarkDead {
                points: points.iter().map(|&p| v(p)).collect(),
            },
            Action::AcceptMarking => WAction::AcceptMarking,
            Action::Dispute { claims_dead } => WAction::Dispute {
                claims_dead: (*claims_dead).into(),
            },
            Action::RequestRecount => WAction::RequestRecount,
            Action::RecordRecount { asked_by } => WAction::RecordRecount {
                asked_by: (*asked_by).into(),
            },
            Action::Confirm => WAction::Confirm,
            Action::Pause => WAction::Pause,
            Action::Resume => WAction::Resume,
            Action::Flag { side } => WAction::Flag { side: (*side).into() },
            Action::Ruling(r) => WAction::Ruling(match r {
                Ruling::WrongColours => WRuling::WrongColours,
                Ruling::SecondMove { side, point } => WRuling::SecondMove {
                    side: (*side).into(),
                    point: v(*point),
                },
                Ruling::TakeBack { side, attempted } => WRuling::TakeBack {
                    side: (*side).into(),
                    attempted: v(*attempted),
                },
                Ruling::ClockPressedEarly { side } => WRuling::ClockPressedEarly { side: (*side).into() },
                Ruling::LiveStonesRemoved { side } => WRuling::LiveStonesRemoved { side: (*side).into() },
                Ruling::CapturesNotRemoved { side, clock_pressed } => WRuling::CapturesNotRemoved {
                    side: (*side).into(),
                    clock_pressed: *clock_pressed,
                },
                Ruling::VoidMove { side, point } => WRuling::VoidMove {
                    side: (*side).into(),
                    point: v(*point),
                },
                Ruling::Discipline { side, offence, penalty } => WRuling::Discipline {
                    side: (*side).into(),
                    offence: (*offence).into(),
                    penalty: (*penalty).into(),
                },
            }),
            Action::Adjudicate { outcome, article } => WAction::Adjudicate {
                outcome: (*outcome).into(),
                article: article_text(*article),
            },
            Action::Overrule { event } => WAction::Overrule { event: *event },
            Action::Correct { outcome, article } => WAction::Correct {
                outcome: (*outcome).into(),
                article: article_text(*article),
            },
            Action::ClockCorrection(f) => WAction::ClockCorrection(match *f {
                ClockFix::Proportion { true_total } => WClockFix::Proportion {
                    true_total_ms: true_total.0,
                },
                ClockFix::SetUsed { black, white } => WClockFix::SetUsed {
                    black_ms: black.0,
                    white_ms: white.0,
                },
                ClockFix::SplitEvenly { total } => WClockFix::SplitEvenly { total_ms: total.0 },
            }),
        }
    }
}

impl WEvent {
    /// The referee's event.
    pub fn to_event(&self, size: BoardSize) -> WireResult<Event> {
        Ok(Event::new(
            Instant(self.at),
            self.actor.into(),
            self.action.to_action(size)?,
        ))
    }

    /// The wire form of `e`, submitted by `by`.
    pub fn from_event(e: &Event, size: BoardSize, by: &str) -> WEvent {
        WEvent {
            at: e.at.0,
            actor: e.actor.into(),
            by: by.to_string(),
            action: WAction::from_action(&e.action, size),
        }
    }
}

/// A player of a game: name and rank (`3d`, `5k`, `2p`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WPlayer {
    /// The name.
    pub name: String,
    /// The rank: `5k`, `3d`, `2p`.
    pub rank: String,
}

fn parse_rank(s: &str) -> WireResult<Rank> {
    // The tournament crate's one reading of a rank: `5k`, `3d`, `2p`, or as people write it
    // (`3段`, `五级`, `职业九段`).
    rank(s)
}

/// The settings of a game as JSON. Everything but the players has a default: the Chinese
/// rules on 19x19, no handicap, no time limit, an hour's lateness limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WSettings {
    /// The first and second player of the pairing.
    pub players: [WPlayer; 2],
    /// Board size, 2–25 (default 19).
    #[serde(default = "default_size")]
    pub size: u8,
    /// Komi in half points (default 15 = 3¾ stones), at most the board's N² points
    /// ([`rules::check_komi`]).
    #[serde(default = "default_komi")]
    pub komi_half_points: i32,
    /// The time control in the clock crate's grammar (`1h+3x60s`, `none`).
    #[serde(default = "default_time")]
    pub time: String,
    /// Handicap stones as vertices.
    #[serde(default)]
    pub handicap: Vec<String>,
    /// Art. 22: minutes of lateness that forfeit; `null` reads the clock in absence (22.4).
    #[serde(default = "default_late")]
    pub lateness_limit_minutes: Option<u64>,
    /// Art. 22.5: whether a timeout in the last period may cost a turn instead.
    #[serde(default)]
    pub lost_turn_on_timeout: bool,
    /// Art. 20: `forbid`, `no_result`, `draw` or `replay`.
    #[serde(default = "default_cycle")]
    pub cycle_policy: String,
    /// Art. 16.4: who confirms the result, `players_and_referee` or `players`. The server
    /// sets it when it creates a game (a free game: the players; an event's: as the event
    /// chose), whatever a request says; a game stored before it was kept is read by
    /// [`WSettings::with_confirmation_of`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<String>,
    /// A board of an event started to wait for its players: the instant (milliseconds since
    /// the epoch) the round was started. The game's clock starts when both players have taken
    /// their seats (opened their links, or joined), or when an official starts it; `null`:
    /// the game starts as it was created (at once, or at a referee's start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduled_start_ms: Option<u64>,
}

fn default_size() -> u8 {
    19
}
/// Art. 11: 3¾ stones (15 half points), the rules crate's.
fn default_komi() -> i32 {
    rules::Rules::CHINESE.komi.0
}
fn default_time() -> String {
    "none".into()
}
fn default_late() -> Option<u64> {
    Some(60)
}
fn default_cycle() -> String {
    "forbid".into()
}

impl WSettings {
    /// The settings with `confirmation` as the server decides it (Art. 16.4): a game with
    /// no event has no referee, so its players' agreement is final; a game of an event
    /// needs a referee's confirmation unless the event let its players' agreement stand.
    pub fn with_confirmation(mut self, event: bool, players_agreement: bool) -> WSettings {
        let players = !event || players_agreement;
        self.confirmation = Some(if players { "players" } else { "players_and_referee" }.into());
        self
    }

    /// A stored game's settings: one kept before the rule of confirmation was kept takes
    /// the rule of its kind (a free game, the players; an event's, a referee too).
    pub fn with_confirmation_of(self, event: bool) -> WSettings {
        if self.confirmation.is_some() {
            return self;
        }
        self.with_confirmation(event, false)
    }

    /// The referee's settings, checked.
    pub fn to_settings(&self) -> WireResult<Settings> {
        let size = BoardSize::new(self.size).map_err(|e| {
            crate::words::say!(
                "wire.err.size",
                why = e,
                size = self.size,
                min = rules::MIN_SIZE,
                max = rules::MAX_SIZE
            )
        })?;
        let time: TimeControl = self.time.parse().map_err(|e| crate::words::time_error(&e))?;
        let players = [0, 1].map(|i| -> WireResult<Player> {
            let p = &self.players[i];
            if p.name.trim().is_empty() || p.name.chars().count() > 100 {
                return Err(crate::words::say!("wire.err.player_name", n = i + 1));
            }
            Ok(Player {
                name: p.name.clone(),
                rank: parse_rank(&p.rank)?,
                born: None,
            })
        });
        let [a, b] = players;
        let cycle = match self.cycle_policy.as_str() {
            "forbid" => CyclePolicy::Forbid,
            "no_result" => CyclePolicy::NoResult,
            "draw" => CyclePolicy::Draw,
            "replay" => CyclePolicy::Replay,
            c => return Err(crate::words::say!("wire.err.cycle", cycle = format!("{c:?}"))),
        };
        // Art. 11: the core's one komi check (the referee, GTP and the CLI refuse the same).
        if rules::check_komi(HalfPoints(self.komi_half_points), size).is_err() {
            let n = size.get();
            return Err(crate::words::say!(
                "wire.err.komi",
                half = self.komi_half_points,
                points = f64::from(self.komi_half_points) / 2.0,
                board_points = size.n_points(),
                n = n
            ));
        }
        Ok(Settings {
            rules: Rules {
                size,
                komi: HalfPoints(self.komi_half_points),
                ko: KoRule::Situational,
                cycle,
                handicap_compensation: true,
            },
            handicap: self
                .handicap
                .iter()
                .map(|p| point(size, p))
                .collect::<WireResult<_>>()?,
            players: [a?, b?],
            time,
            lateness: Lateness {
                // Art. 22.1: a board that waited for its players counts lateness from the
                // round's start.
                since: self.scheduled_start_ms.map(clock::Instant),
                ..match self.lateness_limit_minutes {
                    Some(m) => Lateness {
                        forfeit_after: Some(Millis::from_mins(m)),
                        double_charge: true,
                        since: None,
                    },
                    None => Lateness::READ_IN_ABSENCE,
                }
            },
            lost_turn_on_timeout: self.lost_turn_on_timeout,
            confirmation: match self.confirmation.as_deref() {
                None | Some("players_and_referee") => Confirmation::PlayersAndReferee,
                Some("players") => Confirmation::Players,
                Some(c) => {
                    return Err(crate::words::say!(
                        "wire.err.confirmation",
                        confirmation = format!("{c:?}")
                    ));
                }
            },
        })
    }

    /// The wire form of settings (for a player's rank, as written).
    pub fn from_settings(s: &Settings) -> WSettings {
        WSettings {
            players: [0, 1].map(|i| WPlayer {
                name: s.players[i].name.clone(),
                rank: s.players[i].rank.to_string(),
            }),
            size: s.rules.size.get(),
            komi_half_points: s.rules.komi.0,
            time: s.time.to_string(),
            handicap: s.handicap.iter().map(|&p| s.rules.size.gtp(p)).collect(),
            lateness_limit_minutes: s.lateness.forfeit_after.map(|m| m.0 / 60_000),
            lost_turn_on_timeout: s.lost_turn_on_timeout,
            cycle_policy: match s.rules.cycle {
                CyclePolicy::Forbid => "forbid",
                CyclePolicy::NoResult => "no_result",
                CyclePolicy::Draw => "draw",
                CyclePolicy::Replay => "replay",
            }
            .into(),
            confirmation: Some(
                match s.confirmation {
                    Confirmation::PlayersAndReferee => "players_and_referee",
                    Confirmation::Players => "players",
                }
                .into(),
            ),
            scheduled_start_ms: s.lateness.since.map(|i| i.0),
        }
    }
}

// ----- the API's response bodies -----

impl WColor {
    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            WColor::Black => "black",
            WColor::White => "white",
        }
    }
}

/// A player's rank as an event takes it (the tournament crate's reading).
pub fn rank(s: &str) -> WireResult<tournament::Rank> {
    s.parse().map_err(|e: tournament::RankError| crate::refusals::rank(&e))
}

/// A system's `kind`, as `POST /api/events` names it (`WSystem`), and the pages' key for it.
pub fn system_kind(s: tournament::System) -> &'static str {
    s.kind().key()
}

/// A player's standing in the event (Art. 28): `active`, `withdrawn_before_start` (out of
/// the draw, Art. 28.1) or `withdrawn` (after some rounds).
pub fn status_name(s: tournament::Status) -> &'static str {
    match s {
        tournament::Status::Active => "active",
        tournament::Status::WithdrawnBeforeStart => "withdrawn_before_start",
        tournament::Status::Withdrawn { .. } => "withdrawn",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_json() {
        let size = BoardSize::STANDARD;
        let cases = [
            r#"{"type":"play","point":"D4"}"#,
            r#"{"type":"pass"}"#,
            r#"{"type":"mark_dead","points":["C3","Q16"]}"#,
            r#"{"type":"ruling","ruling":"void_move","side":"black","point":"C3"}"#,
            r#"{"type":"ruling","ruling":"discipline","side":"white","offence":"phone_sounded","penalty":"warning"}"#,
            r#"{"type":"adjudicate","outcome":{"result":"win","winner":"black","how":{"by":"adjudication"}},"article":"17.5"}"#,
            r#"{"type":"clock_correction","fix":"set_used","black_ms":1000,"white_ms":2000}"#,
            r#"{"type":"nigiri_counted","held":7,"guess":"odd"}"#,
        ];
        for c in cases {
            let w: WAction = serde_json::from_str(c).unwrap();
            let a = w.to_action(size).unwrap();
            assert_eq!(WAction::from_action(&a, size), w, "{c}");
            assert_eq!(serde_json::to_string(&w).unwrap(), c);
        }
    }
}

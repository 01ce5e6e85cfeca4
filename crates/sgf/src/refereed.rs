//! A refereed game as a record: the one converter from a [`referee::Referee`]'s events to SGF,
//! used by the arena (as its games are played, [`Refereed::after`] after each event) and by the
//! server's download ([`from_referee`], which replays a finished or live record through it).
//!
//! What it writes: the game information ([`info`]: players and ranks, `DT`, `PC`, `EV`, `RO`,
//! `TM`/`OT` from the time control, `KM`, `HA` and the handicap stones as `AB`), each move
//! with the time left after it (`BL`/`WL`, `OB`/`OW`), the referee's notes (warnings, void
//! moves, lost turns, adjudications; Ch. 3) as comment lines and `WQREF` in a node of their
//! own, the referee's own words for a flag, a resignation, a dispute and a marking, a `PL`
//! node where play resumes after a dispute (Art. 21.4), and at the end `RE` and a comment with
//! the result and the count (Art. 9, 11, 24).

use crate::record::{GameInfo, Node, NodeId, NoteKind, Player, Re, Record, RefereeNote};
use clock::{Millis, Overtime, SideState, TimeControl};
use referee::{Action, Article, Effect, Outcome, Referee, Settings};
use rules::{Color, Move};
use std::fmt;

/// What the game information takes from outside the referee's record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// `DT`: the date played, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// `PC`: where (a venue, or the game's page on a server).
    pub place: Option<String>,
    /// `EV`: the event's name.
    pub event: Option<String>,
    /// `RO`: the round (and board).
    pub round: Option<String>,
}

/// Why a record could not be replayed into a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefereedError {
    /// The referee refused event `index` on replay (the record is not one it made).
    Replay {
        /// The event's index.
        index: usize,
        /// The referee's reason.
        reason: String,
    },
}

impl fmt::Display for RefereedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefereedError::Replay { index, reason } => write!(f, "event {index} does not replay: {reason}"),
        }
    }
}

impl std::error::Error for RefereedError {}

/// The game information of a game with `settings`: the players by colour once the colours are
/// settled (`black` is the seat index holding Black), ranks, komi, handicap, rules and the
/// time control (Art. 12.2: `TM` the basic time in seconds, `OT` the overtime in the clock
/// crate's spec grammar).
pub fn info(settings: &Settings, black_seat: usize, meta: &Meta) -> GameInfo {
    let player = |i: usize| Player {
        name: Some(settings.players[i].name.clone()),
        rank: Some(settings.players[i].rank.to_string()),
    };
    let (main, overtime) = match &settings.time {
        TimeControl::None => (None, None),
        TimeControl::Absolute { main } => (Some(*main), None),
        TimeControl::ByoYomi(b) => (Some(b.main), Some(settings.time.to_string())),
        TimeControl::Canadian(c) => (Some(c.main), Some(settings.time.to_string())),
        TimeControl::Fischer(f) => (Some(f.main), Some(settings.time.to_string())),
    };
    GameInfo {
        black: player(black_seat),
        white: player(1 - black_seat),
        komi: Some(settings.rules.komi),
        handicap: settings.handicap.len() as u32,
        rules: Some("Chinese".to_string()),
        result: None,
        date: meta.date.clone(),
        event: meta.event.clone(),
        round: meta.round.clone(),
        place: meta.place.clone(),
        main_time: main.map(|m| m.0 as f64 / 1000.0),
        overtime,
    }
}

/// A record being written as its game is refereed.
#[derive(Clone, Debug)]
pub struct Refereed {
    record: Record,
    timed: bool,
    /// Why the next adjudication was made, in the adapter's words.
    reason: Option<String>,
}

impl Refereed {
    /// An empty record for a game with `settings` and `info` (see [`info`]); the handicap
    /// stones (Art. 11) as `AB`.
    pub fn new(settings: &Settings, info: GameInfo) -> Refereed {
        let mut record = Record::new(settings.rules.size, info);
        record.root_mut().add_black = settings.handicap.clone();
        Refereed {
            record,
            timed: !matches!(settings.time, TimeControl::None),
            reason: None,
        }
    }

    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Writes what the last event of `r` did: moves with the time left, the referee's notes
    /// in a node of their own (a void stone is never written as a move), the referee's own
    /// words where a move or note does not show what happened.
    pub fn after(&mut self, r: &Referee) {
        let Some(index) = r.events().len().checked_sub(1) else {
            return;
        };
        let event = &r.events()[index];
        let effects = &r.effects()[index];
        let state = r.clock_at(event.at);
        let actor = event.actor;
        let mut pending: Vec<RefereeNote> = Vec::new();
        for effect in effects {
            match effect {
                Effect::Placed { side, point, .. } => self.push_move(*side, Move::Play(*point), &state),
                Effect::Passed { side } => self.push_move(*side, Move::Pass, &state),
                Effect::Voided { side, point, article } => pending.push(RefereeNote {
                    kind: NoteKind::VoidMove,
                    color: Some(*side),
                    article: Some(article_code(*article)),
                    actor,
                    point: Some(*point),
                    text: String::new(),
                }),
                Effect::TurnLost { side, article } => pending.push(RefereeNote {
                    kind: NoteKind::LostTurn,
                    color: Some(*side),
                    article: Some(article_code(*article)),
                    actor,
                    point: None,
                    text: String::new(),
                }),
                Effect::Warning { side, article, total } => pending.push(RefereeNote {
                    kind: NoteKind::Warning,
                    color: Some(*side),
                    article: Some(article_code(*article)),
                    actor,
                    point: None,
                    text: format!("warning {total} in this game"),
                }),
                // Art. 21.4: play resumes; the record says who moves (unless the adapter
                // already wrote a node saying so).
                Effect::PlayResumed { to_move } => {
                    let last = self.last_node();
                    if !(last.mv.is_none() && last.to_play == Some(*to_move)) {
                        self.record.push(Node {
                            to_play: Some(*to_move),
                            ..Node::default()
                        });
                    }
                }
                _ => {}
            }
        }
        if let Action::Adjudicate { outcome, article } | Action::Correct { outcome, article } = &event.action {
            // Art. 30: the chief referee's decision, against the loser when there is one.
            let loser = match outcome {
                Outcome::Win { winner, .. } => Some(winner.opponent()),
                _ => None,
            };
            let note = RefereeNote {
                kind: NoteKind::Adjudication,
                color: loser,
                article: Some(article_code(*article)),
                actor,
                point: None,
                text: self.reason.take().unwrap_or_default(),
            };
            self.last_node().notes.push(note);
        }
        if !pending.is_empty() {
            self.record.push(Node {
                notes: pending,
                ..Node::default()
            });
        }
        // The referee's own words for what moves and notes do not show.
        let told = matches!(
            event.action,
            Action::Flag { .. } | Action::Resign | Action::Dispute { .. } | Action::MarkDead(_)
        );
        if told && let Some(summary) = r.summary(index) {
            self.comment(&format!("{}.", summary.en));
        }
    }

    /// The adapter's words for the next adjudication (an engine that crashed, a game that
    /// did not end), written as its note's text.
    pub fn reason(&mut self, text: &str) {
        self.reason = Some(text.to_string());
    }

    /// Appends a line to the comment of the last node.
    pub fn comment(&mut self, line: &str) {
        let node = self.last_node();
        node.comment = Some(match node.comment.take() {
            Some(c) => format!("{c}\n{line}"),
            None => line.to_string(),
        });
    }

    /// Adds a node of the adapter's own.
    pub fn push(&mut self, node: Node) {
        self.record.push(node);
    }

    /// The record of the game `r` as it stands: `RE` from the referee's result
    /// (`Outcome::sgf`, read by the one parser of `RE`), and a last comment with the result in
    /// words and the count (Art. 9, 11; warnings per Art. 24).
    pub fn finish(mut self, r: &Referee) -> Record {
        let Some(outcome) = r.result() else {
            return self.record;
        };
        let result = outcome.sgf().map(|re| Re::from_re(&re));
        let mut summary = match &result {
            Some(Ok(re)) => format!("Result: {re} ({outcome})."),
            Some(Err(e)) => format!("Result: {outcome}; not written as RE ({e})."),
            None => format!("Result: none ({outcome})."),
        };
        self.record.info.result = result.and_then(Result::ok);
        let size = r.settings().rules.size;
        if let Some(count) = r.count() {
            let dead: Vec<String> = r.marking().iter().map(|p| size.gtp(*p)).collect();
            summary += &format!(
                " Count (Art. 9, 11): Black {} stones, White {} stones (area {} and {}, dame {}); dead: [{}].",
                count.counts[0].stones(),
                count.counts[1].stones(),
                count.area[0],
                count.area[1],
                count.dame,
                dead.join(" ")
            );
            if count.penalties != [0, 0] {
                summary += &format!(
                    " Warnings (Art. 24): Black {}, White {}, one stone each.",
                    count.penalties[0], count.penalties[1]
                );
            }
        }
        self.comment(&summary);
        self.record
    }

    fn last_node(&mut self) -> &mut Node {
        let last = *self.record.main_line().last().unwrap_or(&NodeId::ROOT);
        self.record.node_mut(last)
    }

    fn push_move(&mut self, color: Color, mv: Move, state: &clock::ClockState) {
        let mut node = Node::with_move(color, mv);
        if self.timed {
            let (left, periods) = time_left(state.side(color));
            node.time_left[color.index()] = left;
            node.periods_left[color.index()] = periods;
        }
        self.record.push(node);
    }
}

/// The record of `r` (replayed event by event through [`Refereed`]): what the server
/// downloads, written by the same code as the arena's records.
pub fn from_referee(r: &Referee, meta: &Meta) -> Result<Record, RefereedError> {
    let settings = r.settings().clone();
    let mut replay = Referee::new(settings.clone()).map_err(|e| RefereedError::Replay {
        index: 0,
        reason: e.to_string(),
    })?;
    let mut out: Option<Refereed> = None;
    for (index, event) in r.events().iter().enumerate() {
        replay.apply(event.clone()).map_err(|e| RefereedError::Replay {
            index,
            reason: e.to_string(),
        })?;
        // The information once the colours are settled (Art. 10): who holds Black.
        if out.is_none() && replay.seat_of(Color::Black).is_some() {
            out = Some(start(&replay, meta));
        }
        if let Some(o) = out.as_mut() {
            o.after(&replay);
        }
    }
    let o = out.unwrap_or_else(|| start(&replay, meta));
    Ok(o.finish(&replay))
}

fn start(r: &Referee, meta: &Meta) -> Refereed {
    let black = r.seat_of(Color::Black).map_or(0, |s| s.index());
    Refereed::new(r.settings(), info(r.settings(), black, meta))
}

/// `BL`/`WL` and `OB`/`OW` for a side after its move: basic time left, or in overtime the
/// time left in the period and the periods (byo-yomi) or moves (Canadian) left.
fn time_left(side: &SideState) -> (Option<f64>, Option<u32>) {
    let Some(main) = side.main_left else {
        return (None, None);
    };
    let secs = |m: Millis| m.0 as f64 / 1000.0;
    match side.overtime {
        Overtime::ByoYomi {
            periods_left,
            period_left,
        } if main.is_zero() => (Some(secs(period_left)), Some(periods_left)),
        Overtime::Canadian {
            moves_left,
            period_left,
            started: true,
        } => (Some(secs(period_left)), Some(moves_left)),
        _ => (Some(secs(main)), None),
    }
}

/// `18.3`, `19`: an article as the SGF notes write it.
fn article_code(a: Article) -> String {
    if a.clause == 0 {
        a.number.to_string()
    } else {
        format!("{}.{}", a.number, a.clause)
    }
}

/// `YYYY-MM-DD` of an instant in ms since 1970-01-01 UTC (the server's instants), for `DT`.
pub fn date_of(ms: u64) -> String {
    // An instant past the year 65535 (a `Date`'s last) is no real record's: it reads as the
    // epoch rather than a panic.
    i64::try_from(ms / 86_400_000)
        .ok()
        .and_then(referee::Date::from_days_since_epoch)
        .map_or_else(|| "1970-01-01".to_string(), |d| d.to_string())
}

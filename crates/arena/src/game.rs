//! One game between two GTP engines, refereed: the loop of `genmove` and `play`, the clock,
//! void moves, the end by resignation or two passes, the dead stones (Art. 8, 21.4) and the
//! count (Art. 9, 11), recorded as referee events and as an SGF record.

use crate::client::{Engine, GtpError};
use crate::scorer::{ProposedBy, Scorer, propose};
use clock::TimeControl;
use clock::gtp::{GtpDialect, gtp_time_left, gtp_time_settings};
use referee::{Action, Actor, Article, ColourChoice, Effect, Event, Outcome, Phase, Referee, Seat, WinBy, art};
use rules::{Color, IllegalMove, Move, Point, Rules};
use sgf::{GameInfo, Node};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::time::Time;

/// How many void moves (Art. 18.3, 19, 20) an engine may make in one game; the next one
/// forfeits it.
///
/// A match policy of ours, not an article: the rules penalise each void move (Art. 18.3: the
/// move is void, the turn lost, a warning; Art. 19: void and a lost turn) and end a game only
/// at the second warning (Art. 24.2), never for a number of void moves. An engine that keeps
/// playing forbidden points would otherwise stall its game, so the third one forfeits it.
pub const MAX_VOID_MOVES: u32 = 2;

/// How long the arena waits for engines, and how long a game may run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long past its flag an engine may stay silent before it is judged hung (an answer
    /// within this loses on time, `+T`; none at all forfeits, `+F`).
    pub grace: Duration,
    /// How long an engine may take over a command the clock does not time (setup,
    /// `final_status_list`, and `genmove` without a time limit) before it is judged hung.
    pub hang_after: Duration,
    /// Moves (passes included) after which the game is stopped without result.
    pub max_moves: u32,
}

impl Default for Limits {
    /// One second of grace past the flag, 60 s for untimed commands, 1000 moves.
    fn default() -> Limits {
        Limits {
            grace: Duration::from_secs(1),
            hang_after: Duration::from_secs(60),
            max_moves: 1000,
        }
    }
}

/// What one game is played with.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The game's number in the match, from 1.
    pub number: u32,
    /// Board size and komi (the rest is [`Rules::CHINESE`]).
    pub rules: Rules,
    /// Each side's time.
    pub time: TimeControl,
    /// The engines' names, by colour (index by `Color::index`).
    pub names: [String; 2],
    /// How long to wait.
    pub limits: Limits,
    /// Where the game reads the time: every instant it records and every deadline it waits
    /// for (the match's one source, shared by its games and engines).
    pub time_source: Time,
    /// The event's name for the record (`EV`).
    pub event: String,
    /// The date for the record (`DT`, `YYYY-MM-DD`).
    pub date: String,
    /// The external scorer asked for the dead stones when the engines name none or their
    /// dispute stands (the built-in proposal is its fall-back); without one, such a game is
    /// counted with every stone alive.
    pub scorer: Option<Scorer>,
}

/// Who named the dead stones a game was counted with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadBy {
    /// The engines (Art. 8: the players agree): both named the same stones, or one named
    /// them and the other cannot name any.
    Engines,
    /// Nobody: the engines named none (or their dispute stood) and no scorer was given, so
    /// every stone on the board was counted alive.
    Nobody,
    /// A proposal the match took in the engines' place: the scorer's, or the built-in one.
    Proposal(ProposedBy),
}

impl DeadBy {
    /// A short text for JSON: `engines`, `none`, or [`ProposedBy::describe`] (`builtin`,
    /// `builtin (scorer failed: ...)`, `scorer NAME`).
    pub fn describe(&self) -> String {
        match self {
            DeadBy::Engines => "engines".to_string(),
            DeadBy::Nobody => "none".to_string(),
            DeadBy::Proposal(by) => by.describe(),
        }
    }

    /// The words for a record or a line: "dead stones named by the engines", "no dead
    /// stones named", "dead stones proposed by the scorer GNU Go", "dead stones proposed by
    /// the built-in proposal (the scorer failed: ...)".
    pub fn phrase(&self) -> String {
        match self {
            DeadBy::Engines => "dead stones named by the engines".to_string(),
            DeadBy::Nobody => "no dead stones named".to_string(),
            DeadBy::Proposal(ProposedBy::Scorer(name)) => format!("dead stones proposed by the scorer {name}"),
            DeadBy::Proposal(ProposedBy::Builtin { fallback: None }) => {
                "dead stones proposed by the built-in proposal".to_string()
            }
            DeadBy::Proposal(ProposedBy::Builtin { fallback: Some(why) }) => {
                format!("dead stones proposed by the built-in proposal (the scorer failed: {why})")
            }
        }
    }
}

/// A game that reached its end.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The referee's record: every event, and the state it folds into (board, count, result).
    pub referee: Referee,
    /// The game record, ready to write.
    pub record: sgf::Record,
    /// Moves made (passes included; void moves and lost turns are not moves).
    pub moves: u32,
    /// Which engines (by colour) failed and must be restarted before they play again.
    pub failed: [bool; 2],
    /// Why the game ended other than by play, when it did: a forfeit, a standing dispute.
    pub reason: Option<String>,
    /// Who named the dead stones, when the game was counted.
    pub dead_by: Option<DeadBy>,
}

impl FinishedGame {
    /// The result.
    pub fn outcome(&self) -> Outcome {
        self.referee.result().unwrap_or(Outcome::NoResult)
    }
}

/// Why a game stopped without a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Abort {
    /// The match was interrupted (Ctrl-C): the game is dropped.
    Interrupted,
    /// The referee refused an event the arena sent: a bug in the arena, described.
    Referee(String),
}

/// Plays game `setup` between `black` and `white` (running engines, ready for a new game).
pub fn play_game(
    setup: &GameSetup,
    black: &mut Engine,
    white: &mut Engine,
    stop: &AtomicBool,
) -> Result<FinishedGame, Abort> {
    let mut table = Table::new(setup, stop)?;
    let mut engines = [black, white];
    table.run(&mut engines)?;
    Ok(table.finish())
}

/// A game that could not start because an engine could not be started: `loser` forfeits.
pub fn forfeit_unstarted(setup: &GameSetup, loser: Color, reason: &str) -> Result<FinishedGame, Abort> {
    let stop = AtomicBool::new(false);
    let mut table = Table::new(setup, &stop)?;
    table.start()?;
    table.forfeit(loser, art::ADJUDICATION, reason.to_string())?;
    Ok(table.finish())
}

/// A game that could not start because neither engine could be started: both lose.
pub fn both_unstarted(setup: &GameSetup, reason: &str) -> Result<FinishedGame, Abort> {
    let stop = AtomicBool::new(false);
    let mut table = Table::new(setup, &stop)?;
    table.start()?;
    table.failed = [true, true];
    table.note_end(None, reason);
    table.reason = Some(reason.to_string());
    table.apply(
        Actor::ChiefReferee,
        Action::Adjudicate {
            outcome: Outcome::BothLose,
            article: art::ADJUDICATION,
        },
    )?;
    Ok(table.finish())
}

/// The game in progress.
struct Table<'a> {
    setup: &'a GameSetup,
    stop: &'a AtomicBool,
    referee: Referee,
    record: sgf::Refereed,
    moves: u32,
    void_moves: [u32; 2],
    failed: [bool; 2],
    reason: Option<String>,
    /// After a dispute (Art. 21.4) engines that have it are asked `kgs-genmove_cleanup`.
    cleanup: bool,
    disputed: bool,
    /// Every move the engines were told or made, in order (lost turns are not moves): what
    /// an engine that cannot `undo` is given again after `clear_board`.
    played: Vec<(Color, Move)>,
    dialect: [GtpDialect; 2],
    dead_by: Option<DeadBy>,
}

/// What an engine said about the dead stones.
enum Claim {
    /// These stones (whole chains) are dead.
    Dead(BTreeSet<Point>),
    /// The engine has no `final_status_list`: it claims nothing.
    Silent,
}

impl<'a> Table<'a> {
    fn new(setup: &'a GameSetup, stop: &'a AtomicBool) -> Result<Table<'a>, Abort> {
        let player = |name: &str| referee::Player {
            name: name.to_string(),
            rank: referee::Rank::Dan(1),
            born: None,
        };
        let mut settings =
            referee::Settings::new([player(&setup.names[0]), player(&setup.names[1])], setup.time.clone());
        settings.rules = setup.rules;
        let referee = Referee::new(settings).map_err(|e| Abort::Referee(e.to_string()))?;
        let info = game_info(setup, referee.settings());
        let record = sgf::Refereed::new(referee.settings(), info);
        let mut table = Table {
            setup,
            stop,
            referee,
            record,
            moves: 0,
            void_moves: [0; 2],
            failed: [false; 2],
            reason: None,
            cleanup: false,
            disputed: false,
            played: Vec::new(),
            dialect: [GtpDialect::Standard; 2],
            dead_by: None,
        };
        // Art. 10: the match fixes the colours (the first player listed takes Black).
        table.apply(
            Actor::System,
            Action::Colours(ColourChoice::Draw { black: Seat::First }),
        )?;
        Ok(table)
    }

    /// Now, from the match's time source: the game reads its instants here and only here.
    fn now(&self) -> clock::Instant {
        self.setup.time_source.now()
    }

    fn apply(&mut self, actor: Actor, action: Action) -> Result<Vec<Effect>, Abort> {
        let at = self.now();
        self.apply_at(at, actor, action)
    }

    fn apply_at(&mut self, at: clock::Instant, actor: Actor, action: Action) -> Result<Vec<Effect>, Abort> {
        let event = Event::new(at, actor, action);
        let described = format!("{event:?}");
        let effects = self
            .referee
            .apply(event)
            .map_err(|e| Abort::Referee(format!("the referee refused {described}: {e}")))?;
        self.record.after(&self.referee);
        Ok(effects)
    }

    fn start(&mut self) -> Result<(), Abort> {
        self.apply(Actor::System, Action::Start { late: vec![] })?;
        Ok(())
    }

    fn run(&mut self, engines: &mut [&mut Engine; 2]) -> Result<(), Abort> {
        let mut trouble = Vec::new();
        for color in [Color::Black, Color::White] {
            match self.prepare(engines[color.index()], color) {
                Ok(()) => {}
                // An interrupt during the set-up drops the game, as any game under way: it is
                // no engine's failure.
                Err(GtpError::Interrupted) => return Err(Abort::Interrupted),
                Err(e) => trouble.push((color, e)),
            }
        }
        self.start()?;
        match trouble.as_slice() {
            [] => {}
            [(color, e)] => {
                let reason = format!("{} failed to set up the game: {e}", self.side(*color));
                return self.forfeit(*color, art::ADJUDICATION, reason);
            }
            _ => {
                let reason = trouble
                    .iter()
                    .map(|(c, e)| format!("{} failed to set up the game: {e}", self.side(*c)))
                    .collect::<Vec<_>>()
                    .join("; ");
                self.failed = [true, true];
                self.note_end(None, &reason);
                self.reason = Some(reason);
                self.apply(
                    Actor::ChiefReferee,
                    Action::Adjudicate {
                        outcome: Outcome::BothLose,
                        article: art::ADJUDICATION,
                    },
                )?;
                return Ok(());
            }
        }
        loop {
            match self.referee.phase() {
                Phase::Play => self.turn(engines)?,
                Phase::Counting => self.settle(engines)?,
                _ => return Ok(()),
            }
        }
    }

    /// "Black (GNU Go)".
    fn side(&self, color: Color) -> String {
        let c = match color {
            Color::Black => "Black",
            Color::White => "White",
        };
        format!("{c} ({})", self.setup.names[color.index()])
    }

    /// Board size, a clear board, komi and the time settings.
    fn prepare(&mut self, engine: &mut Engine, color: Color) -> Result<(), GtpError> {
        let timeout = Some(self.setup.limits.hang_after);
        let rules = self.setup.rules;
        engine.send(&format!("boardsize {}", rules.size), timeout, self.stop)?;
        engine.send("clear_board", timeout, self.stop)?;
        engine.send(&format!("komi {}", rules.komi), timeout, self.stop)?;
        let settings = gtp_time_settings(&self.setup.time);
        let (command, dialect) = if engine.has("kgs-time_settings") {
            (settings.kgs_time_settings, GtpDialect::Kgs)
        } else {
            (settings.time_settings, GtpDialect::Standard)
        };
        self.dialect[color.index()] = dialect;
        match engine.send(&command, timeout, self.stop) {
            // An engine that does not know about time still plays; the clock still runs.
            Ok(_) | Err(GtpError::Refused { .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// One turn of play: ask the side to move for a move and judge it.
    fn turn(&mut self, engines: &mut [&mut Engine; 2]) -> Result<(), Abort> {
        if self.moves >= self.setup.limits.max_moves {
            let reason = format!("no end after {} moves: stopped without result", self.moves);
            self.note_end(None, &reason);
            self.reason = Some(reason);
            self.apply(
                Actor::ChiefReferee,
                Action::Adjudicate {
                    outcome: Outcome::NoResult,
                    article: art::ADJUDICATION,
                },
            )?;
            return Ok(());
        }
        let color = self.referee.to_move();
        let size = self.setup.rules.size;
        let letter = color.letter().to_ascii_lowercase();
        let now = self.now();
        let state = self.referee.clock_at(now);
        let side_state = state.side(color);
        if let Some(line) = gtp_time_left(color, side_state, self.dialect[color.index()]) {
            let timeout = Some(self.setup.limits.hang_after);
            match engines[color.index()].send(&line, timeout, self.stop) {
                Ok(_) | Err(GtpError::Refused { .. }) => {}
                Err(e) => return self.engine_failed(color, e),
            }
        }
        let engine = &mut *engines[color.index()];
        let command = if self.cleanup && engine.has("kgs-genmove_cleanup") {
            format!("kgs-genmove_cleanup {letter}")
        } else {
            format!("genmove {letter}")
        };
        let deadline = match self.referee.clock().flag_instant() {
            Some(flag) => flag.plus(crate::time::millis(self.setup.limits.grace)),
            None => self.setup.time_source.after(self.setup.limits.hang_after),
        };
        let reply = engine.send_until(&command, Some(deadline), self.stop);
        let at = self.now();
        let text = match reply {
            Ok(t) => t,
            Err(GtpError::Refused { message, .. }) => {
                let e = GtpError::Garbage { command, text: message };
                engines[color.index()].kill();
                return self.engine_failed(color, e);
            }
            Err(GtpError::NoAnswer { .. }) if self.referee.clock().flag_instant().is_some() => {
                let reason = format!(
                    "{} gave no move within {:.1} s after its flag fell: the engine hangs",
                    self.side(color),
                    self.setup.limits.grace.as_secs_f64()
                );
                self.failed[color.index()] = true;
                return self.forfeit(color, art::TIMEOUT, reason);
            }
            Err(e) => return self.engine_failed(color, e),
        };
        // Art. 12.4, 22.5: a move made after the flag fell does not count: the game is lost
        // on time.
        if self.referee.clock().flag_instant().is_some_and(|flag| at >= flag) {
            self.apply_at(at, Actor::System, Action::Flag { side: color })?;
            return Ok(());
        }
        let word = text.split_whitespace().next().unwrap_or("");
        if word.eq_ignore_ascii_case("resign") {
            self.apply_at(at, Actor::Player(color), Action::Resign)?;
            return Ok(());
        }
        let mv = match Move::parse_gtp(size, word) {
            Ok(mv) if text.split_whitespace().count() == 1 => mv,
            _ => {
                let e = GtpError::Garbage { command, text };
                engines[color.index()].kill();
                return self.engine_failed(color, e);
            }
        };
        match self.referee.game().check(color, mv) {
            Ok(()) => {}
            Err(IllegalMove::Ko | IllegalMove::Suicide | IllegalMove::Repetition) => {
                let Move::Play(point) = mv else {
                    return Err(Abort::Referee("a pass was judged illegal".to_string()));
                };
                return self.void_move(engines, color, point, at);
            }
            Err(e) => {
                // Art. 2: a stone goes on an empty point; a move on an occupied point is no
                // move at all, as garbled as an answer that is not a vertex.
                let reason = format!("{} played {}: {e}", self.side(color), mv.gtp(size));
                engines[color.index()].kill();
                self.failed[color.index()] = true;
                return self.forfeit(color, art::ADJUDICATION, reason);
            }
        }
        self.apply_at(at, Actor::Player(color), Action::Play(mv))?;
        self.moves += 1;
        self.played.push((color, mv));
        let opponent = color.opponent();
        let told = engines[opponent.index()].send(
            &format!("play {letter} {}", mv.gtp(size)),
            Some(self.setup.limits.hang_after),
            self.stop,
        );
        match told {
            Ok(_) => Ok(()),
            Err(GtpError::Refused { message, .. }) if self.referee.phase() == Phase::Play => {
                // Legality is our engine's alone: an engine that refuses a legal move is out
                // of step with the game and cannot go on with it.
                let reason = format!(
                    "{} refused the legal move {} {}: {message}",
                    self.side(opponent),
                    color,
                    mv.gtp(size)
                );
                engines[opponent.index()].kill();
                self.failed[opponent.index()] = true;
                self.forfeit(opponent, art::ADJUDICATION, reason)
            }
            Err(GtpError::Refused { .. }) => Ok(()),
            Err(e) => self.engine_failed(opponent, e),
        }
    }

    /// Art. 18.3, 19, 20: the move is void and the side loses its turn; the engine takes its
    /// stone back. One void move too many forfeits the game.
    fn void_move(
        &mut self,
        engines: &mut [&mut Engine; 2],
        color: Color,
        point: Point,
        at: clock::Instant,
    ) -> Result<(), Abort> {
        self.apply_at(
            at,
            Actor::Referee,
            Action::Ruling(referee::Ruling::VoidMove { side: color, point }),
        )?;
        self.void_moves[color.index()] += 1;
        if self.referee.phase() != Phase::Play {
            // Art. 24.2: the ko retake's warning was the second one.
            return Ok(());
        }
        // Our match policy (no article; see MAX_VOID_MOVES): one void move too many forfeits.
        if self.void_moves[color.index()] > MAX_VOID_MOVES {
            let reason = format!(
                "{} made {} void moves in one game",
                self.side(color),
                self.void_moves[color.index()]
            );
            let article = self.last_void_article().unwrap_or(art::FORBIDDEN_POINT);
            return self.forfeit(color, article, reason);
        }
        // The engine thinks its stone is on the board: take it back.
        let engine = &mut *engines[color.index()];
        let timeout = Some(self.setup.limits.hang_after);
        match engine.send("undo", timeout, self.stop) {
            Ok(_) => Ok(()),
            Err(GtpError::Refused { .. }) => {
                let mut commands = vec!["clear_board".to_string()];
                let size = self.setup.rules.size;
                commands.extend(
                    self.played
                        .iter()
                        .map(|(c, m)| format!("play {} {}", c.letter().to_ascii_lowercase(), m.gtp(size))),
                );
                for c in commands {
                    if let Err(e) = engine.send(&c, timeout, self.stop) {
                        return self.engine_failed(color, e);
                    }
                }
                Ok(())
            }
            Err(e) => self.engine_failed(color, e),
        }
    }

    fn last_void_article(&self) -> Option<Article> {
        self.referee.effects().last()?.iter().find_map(|e| match e {
            Effect::Voided { article, .. } => Some(*article),
            _ => None,
        })
    }

    /// Play is over (two passes): both engines name the dead stones (Art. 8).
    fn settle(&mut self, engines: &mut [&mut Engine; 2]) -> Result<(), Abort> {
        let mut claims = Vec::new();
        for color in [Color::Black, Color::White] {
            match self.claim(engines[color.index()]) {
                Ok(c) => claims.push(c),
                Err(e) => return self.engine_failed(color, e),
            }
        }
        let (black, white) = (&claims[0], &claims[1]);
        let dead = match (black, white) {
            (Claim::Dead(b), Claim::Dead(w)) if b != w => {
                let only_black: BTreeSet<Point> = b.difference(w).copied().collect();
                let only_white: BTreeSet<Point> = w.difference(b).copied().collect();
                if !self.disputed {
                    return self.dispute(&only_black, &only_white);
                }
                // Art. 21.4 settles a dispute by play; when play did not, the match counts
                // every stone on the board as alive, or, given a scorer, its proposal (a
                // match policy of ours: the rules leave it to the referee), and says so.
                let size = self.setup.rules.size;
                let list = |s: &BTreeSet<Point>| s.iter().map(|p| size.gtp(*p)).collect::<Vec<_>>().join(" ");
                let counted = if self.setup.scorer.is_some() {
                    "the dead stones are proposed in the engines' place"
                } else {
                    "every stone on the board is counted alive"
                };
                let reason = format!(
                    "the dispute over life and death stands after play resumed (Art. 21.4): Black alone \
                     calls dead [{}], White alone calls dead [{}]; {counted}",
                    list(&only_black),
                    list(&only_white)
                );
                self.comment(&format!("{}.", sentence(&reason)));
                self.reason = Some(reason);
                self.proposed()?
            }
            (Claim::Dead(b), Claim::Dead(_)) => {
                self.comment("Both engines name the same dead stones (Art. 8).");
                self.dead_by = Some(DeadBy::Engines);
                b.clone()
            }
            // Art. 8: an engine without `final_status_list` disputes nothing; the other's
            // list stands.
            (Claim::Dead(one), Claim::Silent) | (Claim::Silent, Claim::Dead(one)) => {
                let (named, silent) = match black {
                    Claim::Dead(_) => (Color::Black, Color::White),
                    Claim::Silent => (Color::White, Color::Black),
                };
                self.comment(&format!(
                    "{} names the dead stones; {} cannot name any (Art. 8).",
                    self.side(named),
                    self.side(silent)
                ));
                self.dead_by = Some(DeadBy::Engines);
                one.clone()
            }
            (Claim::Silent, Claim::Silent) => {
                self.comment(if self.setup.scorer.is_some() {
                    "Neither engine can name dead stones."
                } else {
                    "Neither engine can name dead stones: every stone on the board is counted alive."
                });
                self.proposed()?
            }
        };
        self.apply(Actor::System, Action::MarkDead(dead.into_iter().collect()))?;
        self.apply(Actor::Player(Color::Black), Action::AcceptMarking)?;
        self.apply(Actor::Player(Color::White), Action::AcceptMarking)?;
        Ok(())
    }

    /// The dead stones when the engines' own do not settle them: the scorer's proposal (the
    /// built-in one its fall-back) if the match has a scorer, else none (the caller's comment
    /// says so). The record's comment names the proposer.
    fn proposed(&mut self) -> Result<BTreeSet<Point>, Abort> {
        let Some(scorer) = &self.setup.scorer else {
            self.dead_by = Some(DeadBy::Nobody);
            return Ok(BTreeSet::new());
        };
        let proposed = propose(self.referee.game(), Some(scorer), &self.setup.time_source, self.stop);
        // An interrupt during the scorer's exchange drops the game, as any game under way.
        if self.stop.load(Ordering::SeqCst) {
            return Err(Abort::Interrupted);
        }
        // Whole chains, as the engines' claims are (the scorer's and the built-in both are).
        let dead: BTreeSet<Point> = proposed.dead.iter().copied().collect();
        let by = DeadBy::Proposal(proposed.by);
        let phrase = by.phrase();
        self.comment(&format!("{}.", sentence(&phrase)));
        self.dead_by = Some(by);
        Ok(dead)
    }

    /// Art. 21.4: the engines disagree: play resumes with the side claiming "dead".
    fn dispute(&mut self, only_black: &BTreeSet<Point>, only_white: &BTreeSet<Point>) -> Result<(), Abort> {
        let board = self.referee.game().board();
        let claims_opponent =
            |claimant: Color, s: &BTreeSet<Point>| s.iter().any(|p| board.get(*p) == Some(claimant.opponent()));
        let claimant = if claims_opponent(Color::Black, only_black) {
            Color::Black
        } else if claims_opponent(Color::White, only_white) || only_black.is_empty() {
            Color::White
        } else {
            Color::Black
        };
        let size = self.setup.rules.size;
        let list = |s: &BTreeSet<Point>| s.iter().map(|p| size.gtp(*p)).collect::<Vec<_>>().join(" ");
        let comment = format!(
            "Dispute over life and death (Art. 21.4): Black alone calls dead [{}], White alone calls dead \
             [{}]; play resumes with {}, who claims dead.",
            list(only_black),
            list(only_white),
            self.side(claimant)
        );
        self.disputed = true;
        self.cleanup = true;
        // The record's own word on who moves next (PL), with the dispute as its comment.
        self.record.push(Node {
            to_play: Some(claimant),
            comment: Some(comment),
            ..Node::default()
        });
        self.apply(Actor::Referee, Action::Dispute { claims_dead: claimant })?;
        Ok(())
    }

    /// The engine's `final_status_list dead`, each stone widened to its chain.
    fn claim(&mut self, engine: &mut Engine) -> Result<Claim, GtpError> {
        let command = "final_status_list dead";
        let text = match engine.send(command, Some(self.setup.limits.hang_after), self.stop) {
            Ok(t) => t,
            Err(GtpError::Refused { .. }) if !engine.has("final_status_list") => return Ok(Claim::Silent),
            Err(e) => return Err(e),
        };
        let board = self.referee.game().board();
        let size = self.setup.rules.size;
        let mut dead = BTreeSet::new();
        for word in text.split_whitespace() {
            let p = size.parse_gtp(word).map_err(|_| GtpError::Garbage {
                command: command.to_string(),
                text: text.chars().take(200).collect(),
            })?;
            // An empty point listed as dead claims nothing.
            if board.get(p).is_some() {
                dead.extend(board.group(p));
            }
        }
        Ok(Claim::Dead(dead))
    }

    /// The engine crashed, hung on an untimed command, or answered garbage: it loses the
    /// game and is restarted before its next one.
    fn engine_failed(&mut self, color: Color, e: GtpError) -> Result<(), Abort> {
        if e == GtpError::Interrupted {
            return Err(Abort::Interrupted);
        }
        self.failed[color.index()] = true;
        let reason = match &e {
            GtpError::Crashed { .. } => format!("{} crashed: {e}", self.side(color)),
            GtpError::NoAnswer { .. } => format!("{} hangs: {e}", self.side(color)),
            _ => format!("{} {e}", self.side(color)),
        };
        self.forfeit(color, art::ADJUDICATION, reason)
    }

    /// `loser` forfeits the game (`+F`), for `reason`.
    fn forfeit(&mut self, loser: Color, article: Article, reason: String) -> Result<(), Abort> {
        self.note_end(Some(loser), &reason);
        self.reason = Some(reason);
        self.apply(
            Actor::ChiefReferee,
            Action::Adjudicate {
                outcome: Outcome::Win {
                    winner: loser.opponent(),
                    by: WinBy::Forfeit,
                },
                article,
            },
        )?;
        Ok(())
    }

    /// Why the adjudication that follows is made: its note's text in the record.
    fn note_end(&mut self, _loser: Option<Color>, reason: &str) {
        self.record.reason(reason);
    }

    /// Appends a line to the comment of the last node.
    fn comment(&mut self, line: &str) {
        self.record.comment(line);
    }

    fn finish(self) -> FinishedGame {
        // One converter for every refereed game (the server's downloads too): `RE` from the
        // referee's `Outcome::sgf`, the result and the count in the last comment.
        let record = self.record.finish(&self.referee);
        FinishedGame {
            referee: self.referee,
            record,
            moves: self.moves,
            failed: self.failed,
            reason: self.reason,
            dead_by: self.dead_by,
        }
    }
}

/// `text` with its first letter upper-case: a phrase made the start of a sentence.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The record's game information: the one converter's (`TM`/`OT` from the time control,
/// `DT`, `EV`, `RO`), without ranks, which engines do not have.
fn game_info(setup: &GameSetup, settings: &referee::Settings) -> GameInfo {
    let meta = sgf::Meta {
        date: Some(setup.date.clone()),
        place: None,
        event: Some(setup.event.clone()),
        round: Some(setup.number.to_string()),
    };
    let mut info = sgf::refereed::info(settings, 0, &meta);
    info.black.rank = None;
    info.white.rank = None;
    info
}

//! Replaying a record's main line under the rules.

use crate::record::{NoteKind, Re, Record};
use rules::{Board, Color, Game, GameResult, IllegalMove, Move, Rules, WinBy};
use std::fmt;

/// Why a recorded move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// The point already holds a stone (Art. 2).
    Occupied,
    /// A forbidden point (Art. 5).
    Suicide,
    /// The move repeats an earlier whole-board position, or retakes a ko at once (Art. 6).
    Repetition,
    /// The same colour moves twice with no move or pass of the other between (Art. 17.2;
    /// most often a pass missing from the record).
    NotAlternating,
    /// The point is off the board (cannot come from a record this crate read).
    OffBoard,
    /// The game had ended and could not be resumed (cannot come from a record this crate read).
    GameOver,
}

impl ProblemKind {
    /// The stable name scripts see: `occupied`, `suicide`, `repetition`, `not-alternating`,
    /// `off-board`, `game-over`.
    pub fn code(self) -> &'static str {
        match self {
            ProblemKind::Occupied => "occupied",
            ProblemKind::Suicide => "suicide",
            ProblemKind::Repetition => "repetition",
            ProblemKind::NotAlternating => "not-alternating",
            ProblemKind::OffBoard => "off-board",
            ProblemKind::GameOver => "game-over",
        }
    }

    fn from_illegal(e: IllegalMove) -> ProblemKind {
        match e {
            IllegalMove::Occupied => ProblemKind::Occupied,
            IllegalMove::Suicide => ProblemKind::Suicide,
            IllegalMove::Ko | IllegalMove::Repetition => ProblemKind::Repetition,
            IllegalMove::OffBoard => ProblemKind::OffBoard,
            IllegalMove::GameOver => ProblemKind::GameOver,
        }
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProblemKind::Occupied => "occupied point",
            ProblemKind::Suicide => "forbidden point (Art. 5: suicide)",
            ProblemKind::Repetition => "whole-board repetition (Art. 6)",
            ProblemKind::NotAlternating => "the same colour twice in a row (Art. 17.2)",
            ProblemKind::OffBoard => "point off the board",
            ProblemKind::GameOver => "the game is over (Art. 7)",
        })
    }
}

/// The first move of a main line that breaks a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The move's number, from 1 (passes count).
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// What rule it breaks.
    pub kind: ProblemKind,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = match self.mv {
            Move::Play(p) => p.sgf(),
            Move::Pass => "pass".to_string(),
        };
        write!(f, "move {} ({} {mv}): {}", self.number, self.color.letter(), self.kind)
    }
}

impl std::error::Error for Problem {}

impl Problem {
    /// The problem as the command line says it, the move as a GTP vertex on a board of
    /// `size`: `move 7 (B D4) breaks a rule: …`.
    pub fn breaks_a_rule(&self, size: rules::BoardSize) -> String {
        format!(
            "move {} ({} {}) breaks a rule: {}",
            self.number,
            self.color.letter(),
            self.mv.gtp(size),
            self.kind
        )
    }
}

/// The result of replaying a main line: the game as far as it went, and the problem that
/// stopped it, if one did.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game after the last move that could be played.
    pub game: Game,
    /// How many moves were played (passes count).
    pub moves: usize,
    /// The first move that breaks a rule; `None` if the whole line (or the part asked for)
    /// was played.
    pub problem: Option<Problem>,
}

impl Record {
    /// The rules to replay this record under: the Chinese rules (Art. 1–6; situational
    /// superko, cycles forbidden) on the record's board, with its komi, or 3¾ stones
    /// (7.5 points, Art. 11) when it gives none.
    pub fn rules(&self) -> Rules {
        Rules {
            size: self.size,
            komi: self.info.komi.unwrap_or(Rules::CHINESE.komi),
            ..Rules::CHINESE
        }
    }

    /// Replays the main line under `rules` (whose size is replaced by the record's), up to
    /// `upto` moves if given, and stops at the first move that breaks a rule.
    ///
    /// Setup stones in the root make the start position; setup in a later node restarts
    /// the game from the position it makes (its history of positions is lost). A move after
    /// two passes resumes play (Art. 21.4). A referee note that a side lost its turn (Art.
    /// 18.3, 19) lets the other side move twice.
    pub fn replay(&self, rules: Rules, upto: Option<usize>) -> Replay {
        let rules = Rules {
            size: self.size,
            ..rules
        };
        let line = self.main_line();
        let root = self.root();
        let mut board = Board::new(self.size);
        apply_setup(&mut board, root);
        let first = root
            .to_play
            .or_else(|| self.moves().first().map(|m| m.0))
            .unwrap_or_else(|| self.default_first_mover());
        let mut game = Game::from_position(rules, board, first, self.info.handicap);
        let mut moves = 0;
        let mut last_mover: Option<Color> = None;
        for (i, &id) in line.iter().enumerate() {
            let node = self.node(id);
            if i > 0 && node.has_setup() {
                let mut board = game.board().clone();
                apply_setup(&mut board, node);
                let to_move = node.to_play.unwrap_or(game.to_move());
                game = Game::from_position(rules, board, to_move, self.info.handicap);
            }
            if let Some(c) = node.to_play
                && last_mover.is_some()
            {
                // `PL` says who moves next: the record's own word on alternation.
                last_mover = Some(c.opponent());
            }
            if let Some((color, mv)) = node.mv {
                if upto.is_some_and(|n| moves >= n) {
                    break;
                }
                let problem = |kind| Problem {
                    number: moves + 1,
                    color,
                    mv,
                    kind,
                };
                if last_mover == Some(color) {
                    // Art. 17.2: two moves of one colour in a row.
                    return Replay {
                        game,
                        moves,
                        problem: Some(problem(ProblemKind::NotAlternating)),
                    };
                }
                if game.end().is_some() {
                    // Art. 21.4: play goes on after two passes when the players continue.
                    let _ = game.resume(color);
                }
                if let Err(e) = game.play_as(color, mv) {
                    return Replay {
                        game,
                        moves,
                        problem: Some(problem(ProblemKind::from_illegal(e))),
                    };
                }
                moves += 1;
                last_mover = Some(color);
            }
            for n in &node.notes {
                // Art. 18.3, 19: the side that loses a turn is skipped, as if it had passed.
                if n.kind == NoteKind::LostTurn
                    && let Some(c) = n.color
                    && last_mover == Some(c.opponent())
                {
                    last_mover = Some(c);
                }
            }
        }
        Replay {
            game,
            moves,
            problem: None,
        }
    }

    /// The game of the main line under [`Record::rules`], up to `upto` moves if given. When
    /// the whole line is played and the record says a side resigned, the game ends with that
    /// resignation (Art. 7.2).
    pub fn to_game(&self, upto: Option<usize>) -> Result<Game, Problem> {
        let replay = self.replay(self.rules(), upto);
        if let Some(p) = replay.problem {
            return Err(p);
        }
        let mut game = replay.game;
        let whole_line = replay.moves == self.moves().len();
        if whole_line
            && let Some(Re::Known(GameResult::Win {
                winner,
                by: WinBy::Resignation,
            })) = self.info.result
            && game.end().is_none()
        {
            let _ = game.resign(winner.opponent());
        }
        Ok(game)
    }
}

fn apply_setup(board: &mut Board, node: &crate::record::Node) {
    for &p in &node.add_empty {
        board.set(p, None);
    }
    for &p in &node.add_black {
        board.set(p, Some(Color::Black));
    }
    for &p in &node.add_white {
        board.set(p, Some(Color::White));
    }
}

//! The rules of play of the Chinese Go Competition Rules (中国围棋竞赛规则, 2002), Chapter 1,
//! with the counting of Art. 9, 11 and 24 and the cycle options of Art. 20 (how Art. 20 is
//! read, with its text: [`CyclePolicy`]).
//!
//! Three things, kept apart as KataGo keeps them:
//! - [`Board`]: stones, groups, liberties, captures (Art. 3–5). Fast, and nothing else.
//! - [`Rules`]: a plain value (board size, komi, ko rule, cycle policy) with the preset
//!   [`Rules::CHINESE`].
//! - [`Game`]: the side to move, the history and every position seen (Art. 6, 20), the end of
//!   play (Art. 7), counting ([`Game::count`], Art. 9, 11, 24).
//!
//! Below every crate, it also holds the workspace's one [`Lang`] (Chinese or English), so
//! that the clock's calls, the pages and the directors' files name a language alike, and its
//! one [`GameResult`] ([`result`]: a game's result and the points it gives, Art. 27), which
//! the tournament's tables, SGF's `RE` and the referee's outcomes share.
//!
//! An illegal move is an [`IllegalMove`] naming the rule it breaks, never a silent pass or
//! a panic. Dead stones are decided by the players (Art. 8); [`life::propose_dead`] only
//! proposes them.
//!
//! Key design decision: whole-board repetition is checked on 128-bit Zobrist keys of
//! (board, side to move) kept for the whole game, with no window and no reset on a pass.
//! 128 bits make a false match practically impossible (~2⁻⁶⁴ per game), which lets every
//! move be judged in O(1) instead of comparing whole boards.
//!
//! This crate has no dependencies and does no I/O; it never reads the clock.

#![deny(missing_docs)]

mod board;
mod game;
mod lang;
pub mod life;
pub mod playout;
mod point;
pub mod result;
mod score;
mod zobrist;

pub use board::{Board, BoardError, Inconsistency};
pub use game::{
    CyclePolicy, Game, GameEnd, HistoryEntry, IllegalMove, KoRule, Played, Rules, UnknownRule, fixed_handicap,
};
pub use lang::{Lang, UnknownLang};
pub use point::{BoardSize, BoardSizeError, Color, MAX_SIZE, MIN_SIZE, Move, ParseColorError, Point, PointError};
pub use result::{GameResult, ResultError, WinBy};
pub use score::{Count, CountSettings, HalfPoints, KomiTooLarge, NotHalfPoints, check_komi, count};

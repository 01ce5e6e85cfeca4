//! Game records in SGF (Smart Game Format, `FF[1]`–`FF[4]`): read them, write them, and replay
//! them under the Chinese rules.
//!
//! - [`parse`] reads the bytes of a file into a [`Record`]: the game information
//!   ([`GameInfo`]: players, komi, handicap, result, …), the board size and a tree of
//!   [`Node`]s (the main line and its variations; moves, setup stones, comments, time left,
//!   [`RefereeNote`]s). Whatever the reader could read but did not like (a `KM[5.]`, a
//!   `TM[13h]`, a guessed encoding) becomes a [`Warning`] on the record; only what makes the
//!   game unreadable (broken syntax, a move that is not a point) is an [`SgfError`], and
//!   every error says where, by line and column.
//! - [`write()`] writes a record as `FF[4]` in UTF-8, the way other programs (GNU Go, sgfmill,
//!   Sabaki) read it; [`Record::from_game`] makes a record of a [`rules::Game`], and
//!   [`from_referee`] (or [`Refereed`], event by event) of a refereed game, with its
//!   time control, the time left after each move and the referee's notes.
//! - [`Record::replay`] plays the main line through the rules engine and reports the first
//!   move that breaks a rule ([`Problem`]: occupied point, forbidden point of Art. 5,
//!   repetition of Art. 6, or two moves of one colour in a row, Art. 17.2);
//!   [`Record::to_game`] gives the [`rules::Game`] itself.
//! - [`Re::from_re`] reads a standard `RE` value (what a program writes: the referee's
//!   results become records through it), [`Re::read_re`] as the reader does, leniently: one
//!   parser of `RE` for both. A result is the workspace's one [`rules::GameResult`]; [`Re`]
//!   adds only what SGF alone can say (`?`, `W+J`).
//!
//! Key design decisions, and why:
//! - The whole file is decoded to text *before* it is parsed. Chinese records are often in
//!   GB2312/GBK or Big5, whose second bytes include `[`, `\` and `]`: a byte-level SGF parser
//!   cuts such values in half. So the encoding comes first: the `CA` property (found by a
//!   byte scan, its value is ASCII), else UTF-8 when the bytes are valid UTF-8, else a guess
//!   (`chardetng`). See `decode.rs`.
//! - The reader is our own rather than a wrapper of the `sgf-parse` crate: it keeps each
//!   value's raw text and position, so that errors and warnings carry a line and column,
//!   compose values (`a:b`) are split before unescaping, `FF[1]`–`FF[3]` quirks (lower-case
//!   letters in property names, `tt` passes, line breaks inside move values) are handled
//!   where they occur, and it parses iteratively, so that no input can overflow the stack.
//! - Nodes live in one arena (`Vec`) with sibling links beside them, and the raw parse tree
//!   is three flat arenas (nodes, properties, values borrowed from the decoded text): no
//!   allocation per node, and deep variation trees cost no recursion to build, drop or
//!   write. Input over [`MAX_BYTES`] or [`MAX_NODES`] is refused before it costs memory.
//!
//! Referee events (warnings, void moves, lost turns, adjudications; Ch. 3 of the rules) are
//! written twice: as readable lines appended to the node's comment `C`, and in the private
//! property `WQREF`, from which they are read back, so that they survive a round trip. A
//! move that the referee voided is never written as a move.
//!
//! This crate does no I/O: it takes bytes and returns text. Reading files is the caller's.

#![deny(missing_docs)]

mod decode;
mod read;
mod record;
pub mod refereed;
mod replay;
mod syntax;
mod text;
mod write;

pub use read::{MAX_BYTES, MAX_NODES, parse, parse_collection};
pub use record::{
    Actor, GameInfo, Node, NodeId, NoteKind, Player, Position, Property, Re, Record, RefereeNote, ResultError,
    SgfError, Warning,
};
pub use refereed::{Meta, Refereed, RefereedError, from_referee};
pub use replay::{Problem, ProblemKind, Replay};
pub use write::write;

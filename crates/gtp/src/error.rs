//! Why a GTP command failed. The Display of each variant starts with the error string the
//! GTP v2 specification gives for it (`illegal move`, `cannot undo`, …), so controllers that
//! match on those words keep working; a detail follows after a colon.

use rules::IllegalMove;
use std::fmt;

/// A failed command. The engine's state is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The command name is not one this engine knows.
    UnknownCommand,
    /// The line has an id but no command name.
    MissingCommand,
    /// The arguments do not have the form the command needs.
    Syntax(String),
    /// A vertex that is not a coordinate, or lies off the board.
    InvalidCoordinate(String),
    /// The move breaks a rule; the error names it (Art. 2, 5, 6, 7, 20).
    IllegalMove(IllegalMove),
    /// `boardsize` with a size the engine does not play (outside 2–25).
    UnacceptableSize,
    /// `boardsize` with a board the current komi does not fit (Art. 11: at most N² points).
    SizeUnderKomi(String),
    /// `komi` beyond the board's N² points (Art. 11).
    KomiTooLarge(String),
    /// `undo` with no move to take back.
    CannotUndo,
    /// A handicap command on a board that already holds stones.
    BoardNotEmpty,
    /// A handicap count the board cannot take.
    InvalidNumberOfStones(String),
    /// `set_free_handicap` with repeated, passing or too many vertices.
    BadVertexList(String),
    /// `final_score` of a game that has no score (a cycle ended it without result, Art. 20.3).
    CannotScore(String),
    /// `loadsgf` could not read or replay the record.
    CannotLoad(String),
    /// `printsgf FILE` could not write the file.
    CannotSave(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::UnknownCommand => f.write_str("unknown command"),
            CommandError::MissingCommand => f.write_str("syntax error: an id must be followed by a command"),
            CommandError::Syntax(why) => write!(f, "syntax error: {why}"),
            CommandError::InvalidCoordinate(why) => write!(f, "invalid coordinate: {why}"),
            CommandError::IllegalMove(why) => write!(f, "illegal move: {why}"),
            CommandError::UnacceptableSize => f.write_str("unacceptable size"),
            CommandError::SizeUnderKomi(why) => write!(f, "unacceptable size: {why}"),
            CommandError::KomiTooLarge(why) => write!(f, "komi too large: {why}"),
            CommandError::CannotUndo => f.write_str("cannot undo"),
            CommandError::BoardNotEmpty => f.write_str("board not empty"),
            CommandError::InvalidNumberOfStones(why) => write!(f, "invalid number of stones: {why}"),
            CommandError::BadVertexList(why) => write!(f, "bad vertex list: {why}"),
            CommandError::CannotScore(why) => write!(f, "cannot score: {why}"),
            CommandError::CannotLoad(why) => write!(f, "cannot load file: {why}"),
            CommandError::CannotSave(why) => write!(f, "cannot save file: {why}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<IllegalMove> for CommandError {
    fn from(e: IllegalMove) -> CommandError {
        CommandError::IllegalMove(e)
    }
}

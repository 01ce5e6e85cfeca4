//! What can go wrong in the store. The database engine's own errors are carried as text, so no
//! type of a database binding (SQLite's or PostgreSQL's) leaks through the API.

use std::fmt;

use tournament::EventError;

/// Why a store operation failed. Whatever the reason, the database is as it was before the
/// operation (every change is one transaction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The database engine failed (cannot open the file, disk full, locked too long, cannot
    /// connect to PostgreSQL or lost the connection, …); the text says what to do about it.
    Database(String),
    /// The database was written by a newer weiqi, with a schema this one does not know.
    NewerSchema {
        /// The database's schema version.
        found: u32,
        /// The newest version this build knows.
        known: u32,
    },
    /// A stored event does not read back (the file was edited by hand or is damaged).
    Corrupt(String),
    /// An argument is not acceptable (an empty id, a name with control characters, …).
    Invalid(String),
    /// An event with this id already exists.
    EventExists(String),
    /// There is no event with this id.
    NoEvent(String),
    /// The tournament rules refuse the change (a duplicate name, an unfinished round, …).
    Refused {
        /// The event.
        event: String,
        /// Why, as the tournament crate says it.
        reason: EventError,
    },
    /// The round is not paired (yet).
    RoundNotPaired {
        /// The event.
        event: String,
        /// The round asked for.
        round: u32,
        /// Rounds paired so far.
        n_paired: u32,
    },
    /// The round has no such board.
    NoBoard {
        /// The event.
        event: String,
        /// The round.
        round: u32,
        /// The board asked for.
        board: u32,
        /// Boards in the round.
        n_boards: u32,
    },
    /// A different result is already on record; replacing it must be asked for.
    ResultRecorded {
        /// The event.
        event: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The result on record.
        recorded: String,
    },
    /// The player is not in that game.
    NotInGame {
        /// The event.
        event: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The player.
        name: String,
    },
    /// The board pairs other players than the game names (Black, White): the game is not
    /// that board's (its round was paired again since it started, say).
    OtherPlayers {
        /// The event.
        event: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The pairing's Black and White.
        paired: Box<[String; 2]>,
        /// The names given, Black's then White's.
        given: Box<[String; 2]>,
    },
    /// The change is refused because the event has started (a round is paired).
    Started {
        /// The event.
        event: String,
        /// What was refused.
        what: String,
    },
    /// A round can be unpaired only while nothing happened after its pairing.
    LaterChanges {
        /// The event.
        event: String,
        /// The round.
        round: u32,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(m) => write!(f, "database error: {m}"),
            StoreError::NewerSchema { found, known } => write!(
                f,
                "the database has schema version {found}, newer than this weiqi knows ({known}); use a newer weiqi"
            ),
            StoreError::Corrupt(m) => write!(f, "the database holds an event that does not read back: {m}"),
            StoreError::Invalid(m) => f.write_str(m),
            StoreError::EventExists(id) => write!(f, "event {id:?} already exists"),
            StoreError::NoEvent(id) => write!(f, "no event {id:?}"),
            StoreError::Refused { event, reason } => write!(f, "event {event:?}: {reason}"),
            StoreError::RoundNotPaired { event, round, n_paired } => {
                write!(
                    f,
                    "round {round} of event {event:?} is not paired ({n_paired} round(s) paired so far)"
                )
            }
            StoreError::NoBoard {
                event,
                round,
                board,
                n_boards,
            } => {
                write!(
                    f,
                    "round {round} of event {event:?} has no board {board} (boards 1 to {n_boards})"
                )
            }
            StoreError::ResultRecorded {
                event,
                round,
                board,
                recorded,
            } => write!(
                f,
                "board {board} of round {round} of event {event:?} already has the result {recorded}; \
                 pass --correct to replace it"
            ),
            StoreError::NotInGame {
                event,
                round,
                board,
                name,
            } => {
                write!(
                    f,
                    "player {name:?} does not play on board {board} of round {round} of event {event:?}"
                )
            }
            StoreError::OtherPlayers {
                event,
                round,
                board,
                paired,
                given,
            } => write!(
                f,
                "board {board} of round {round} of event {event:?} pairs {:?} (Black) with {:?} (White), not {:?} \
                 (Black) with {:?} (White)",
                paired[0], paired[1], given[0], given[1]
            ),
            StoreError::Started { event, what } => {
                write!(f, "event {event:?} has started (round 1 is paired): cannot {what}")
            }
            StoreError::LaterChanges { event, round } => write!(
                f,
                "round {round} of event {event:?} cannot be unpaired: results, withdrawals or warnings were recorded after it"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

//! What both backends of [`super::Db`] share: the server's schema (its migrations, run by
//! the storage crate's runner), the error, and the rows they pass (a stored game, a
//! notification, a retry's key). Apart from `db.rs`, which opens the backends, so that the
//! PostgreSQL backend (`pg.rs`) and the SQLite one both take them from here and no two
//! files import each other.

use rusqlite::ErrorCode;
use storage::sql::Arg;

/// The server's tables: the SQL files in `migrations/` (SQLite) and `migrations/pg/`
/// (PostgreSQL), applied by the storage crate's migration runner in one write transaction and
/// recorded in `server_schema_version` (apart from the storage crate's `schema_version`, so
/// each crate migrates its own tables).
///
/// Before, each backend kept its own list, numbered apart: PostgreSQL's version 4 (the
/// heartbeat per instance) has no SQLite twin, so SQLite's versions 4 to 8 are today's 5 to 9
/// ([`storage::Legacy`] renumbers a database the old code migrated, keeping each version's
/// time, the first time it is opened).
pub(crate) const SCHEMA: storage::Schema = storage::Schema {
    table: "server_schema_version",
    migrations: MIGRATIONS,
    legacy: Some(storage::Legacy {
        sqlite: &[1, 2, 3, 5, 6, 7, 8, 9],
        pg: &[1, 2, 3, 4, 5, 6, 7, 8, 9],
    }),
};

/// Every migration of the server's tables, oldest first. Never edit one that has shipped.
const MIGRATIONS: &[storage::Migration] = &[
    storage::Migration {
        version: 1,
        name: "games",
        sqlite: include_str!("../../migrations/0001_games.sql"),
        pg: include_str!("../../migrations/pg/0001_games.sql"),
        then: None,
    },
    storage::Migration {
        version: 2,
        name: "session_expiry",
        sqlite: include_str!("../../migrations/0002_session_expiry.sql"),
        pg: include_str!("../../migrations/pg/0002_session_expiry.sql"),
        then: None,
    },
    storage::Migration {
        version: 3,
        name: "idempotency",
        sqlite: include_str!("../../migrations/0003_idempotency.sql"),
        pg: include_str!("../../migrations/pg/0003_idempotency.sql"),
        then: None,
    },
    storage::Migration {
        version: 4,
        name: "instances",
        sqlite: include_str!("../../migrations/0004_instances.sql"),
        pg: include_str!("../../migrations/pg/0004_instances.sql"),
        then: None,
    },
    storage::Migration {
        version: 5,
        name: "seat_links",
        sqlite: include_str!("../../migrations/0005_seat_links.sql"),
        pg: include_str!("../../migrations/pg/0005_seat_links.sql"),
        then: None,
    },
    storage::Migration {
        version: 6,
        name: "one_game_per_board",
        sqlite: include_str!("../../migrations/0006_one_game_per_board.sql"),
        pg: include_str!("../../migrations/pg/0006_one_game_per_board.sql"),
        then: None,
    },
    storage::Migration {
        version: 7,
        name: "seats_and_roles",
        sqlite: include_str!("../../migrations/0007_seats_and_roles.sql"),
        pg: include_str!("../../migrations/pg/0007_seats_and_roles.sql"),
        then: None,
    },
    storage::Migration {
        version: 8,
        name: "name_keys",
        sqlite: include_str!("../../migrations/0008_name_keys.sql"),
        pg: include_str!("../../migrations/pg/0008_name_keys.sql"),
        then: Some(fill_name_keys),
    },
    storage::Migration {
        version: 9,
        name: "seat_secret_and_arrival",
        sqlite: include_str!("../../migrations/0009_seat_secret_and_arrival.sql"),
        pg: include_str!("../../migrations/pg/0009_seat_secret_and_arrival.sql"),
        then: None,
    },
];

/// Gives the accounts made before names had keys their key, oldest first, when the migration
/// that adds the key is applied. Where two old names share a key, the older account takes it
/// and the younger keeps none: both still log in by their exact names, and the key held by
/// the older one blocks new look-alikes of both.
fn fill_name_keys(tx: &storage::sql::Tx<'_>) -> Result<(), storage::StoreError> {
    let accounts = tx.query(
        "SELECT id, name FROM server_account WHERE skeleton IS NULL ORDER BY id",
        &[],
    )?;
    for r in accounts {
        let (id, name): (i64, String) = (r.get(0)?, r.get(1)?);
        tx.exec(
            "UPDATE server_account SET skeleton = ?1 WHERE id = ?2
                AND NOT EXISTS (SELECT 1 FROM server_account WHERE skeleton = ?1)",
            &[Arg::from(crate::account_name::key(&name)), Arg::from(id)],
        )?;
    }
    Ok(())
}

/// Why a database call failed.
#[derive(Debug)]
pub enum DbError {
    /// The (game, seq) slot is taken: another command landed first (or, creating a game, its
    /// owner's idempotency key is taken).
    Conflict,
    /// Creating a game: the event's board has a live game already (the unique index
    /// `server_game_board`).
    BoardTaken {
        /// The event.
        event: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// The database failed (the text is for the log, never for a client).
    Failed(String),
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> DbError {
        if let rusqlite::Error::SqliteFailure(f, _) = &e
            && f.code == ErrorCode::ConstraintViolation
        {
            return DbError::Conflict;
        }
        DbError::Failed(e.to_string())
    }
}

/// The storage crate's statement layer failed (a value of the wrong type, say).
impl From<storage::StoreError> for DbError {
    fn from(e: storage::StoreError) -> DbError {
        DbError::Failed(e.to_string())
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Conflict => f.write_str("the slot is taken"),
            DbError::BoardTaken { event, round, board } => write!(
                f,
                "round {round} board {board} of event {event:?} has a live game already: board already started"
            ),
            DbError::Failed(e) => write!(f, "database failure: {e}"),
        }
    }
}

/// A stored game's row, apart from its record.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The storage event it belongs to.
    pub event_id: Option<String>,
    /// Round in the event.
    pub round: Option<u32>,
    /// Board in the round.
    pub board: Option<u32>,
    /// The settings, as JSON text.
    pub settings: String,
    /// The digests of the seat secrets, Black's then White's.
    pub secrets: [String; 2],
    /// The account that created it.
    pub owner: Option<i64>,
    /// Accounts that joined as Black, White.
    pub accounts: [Option<i64>; 2],
}

/// What the PostgreSQL `LISTEN` connection tells the hub.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// An instance committed event `seq` of `game`.
    Commit {
        /// The game.
        game: i64,
        /// The index of the event.
        seq: u64,
    },
    /// The connection was lost and is back: notifications may have been missed.
    Resync,
}

/// A client's key for a request it may retry (`Idempotency-Key`), with the digest of the
/// request: a retry with the same key is the same request.
#[derive(Clone, Debug)]
pub struct Idempotency {
    /// The key, unique per account.
    pub key: String,
    /// The digest of the request.
    pub digest: String,
}

/// The error for a game whose event board is taken: [`DbError::BoardTaken`] naming the
/// board of `g`, if it names one.
pub(crate) fn board_of(g: &StoredGame) -> Option<DbError> {
    match (&g.event_id, g.round, g.board) {
        (Some(event), Some(round), Some(board)) => Some(DbError::BoardTaken {
            event: event.clone(),
            round,
            board,
        }),
        _ => None,
    }
}

//! The [`Store`]: one SQLite connection and the domain operations on it, each one transaction.

use std::path::Path;
use std::str::FromStr;

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};
use tournament::player::{Date, Player, Rank};
use tournament::result::GameResult;

use crate::StoreError;
use crate::migrate;
use crate::model::{
    ByeValue, Entry, Event, EventSummary, Game, NewEvent, NewRound, PairingEdit, Round, Settings, System, TieBreak,
    Warning,
};

type Result<T> = std::result::Result<T, StoreError>;

/// What recording a result did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// The board had no result; now it has this one.
    New,
    /// The board already had this very result; nothing changed.
    Unchanged,
    /// The board had another result, which this one corrects (the old one stays in the history).
    Corrected,
}

/// The weiqi database. Every method that changes something runs in one transaction: it either
/// happens whole or, on any error, leaves the database exactly as it was.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database file at `path`, in WAL mode with foreign keys
    /// enforced, and migrates it to the current schema.
    pub fn open(path: &Path) -> Result<Store> {
        let conn =
            Connection::open(path).map_err(|e| StoreError::Database(format!("cannot open {}: {e}", path.display())))?;
        Store::setup(conn, true)
    }

    /// A private database in memory (for tests and dry runs).
    pub fn open_in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?, false)
    }

    fn setup(mut conn: Connection, wal: bool) -> Result<Store> {
        // Another weiqi process may hold the write lock for a moment: wait rather than fail.
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        if wal {
            let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::Database(format!(
                    "cannot switch to WAL mode (journal mode is {mode})"
                )));
            }
        }
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")?;
        migrate::migrate(&mut conn)?;
        Ok(Store { conn })
    }

    /// The schema version of the database.
    pub fn schema_version(&self) -> Result<u32> {
        migrate::version(&self.conn)
    }

    fn write(&mut self) -> Result<Transaction<'_>> {
        Ok(self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?)
    }

    /// Creates an event.
    pub fn create_event(&mut self, e: &NewEvent) -> Result<()> {
        if e.id.is_empty() || e.id.chars().count() > 64 || e.id.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(StoreError::Invalid(format!(
                "event id {:?} must be 1 to 64 characters without spaces",
                e.id
            )));
        }
        check_rounds(&e.id, e.n_rounds)?;
        check_settings(&e.settings)?;
        let tx = self.write()?;
        if event_exists(&tx, &e.id)? {
            return Err(StoreError::EventExists(e.id.clone()));
        }
        tx.execute(
            "INSERT INTO event (id, name, system, n_rounds, tie_breaks) VALUES (?1, ?2, ?3, ?4, '')",
            params![e.id, e.name, e.system.name(), e.n_rounds],
        )?;
        write_settings(&tx, &e.id, &e.settings)?;
        tx.commit()?;
        Ok(())
    }

    /// Changes the number of rounds and the settings (Art. 26.3: Swiss rounds can be added or
    /// dropped). The number of rounds cannot go below the rounds already paired.
    pub fn update_event(&mut self, event: &str, name: &str, n_rounds: u32, settings: &Settings) -> Result<()> {
        check_rounds(event, n_rounds)?;
        check_settings(settings)?;
        let tx = self.write()?;
        event_head(&tx, event)?;
        let paired = n_paired(&tx, event)?;
        if n_rounds < paired {
            return Err(StoreError::Invalid(format!(
                "event {event:?} has {paired} rounds paired: it cannot have only {n_rounds}"
            )));
        }
        tx.execute(
            "UPDATE event SET name = ?2, n_rounds = ?3 WHERE id = ?1",
            params![event, name, n_rounds],
        )?;
        write_settings(&tx, event, settings)?;
        tx.commit()?;
        Ok(())
    }

    /// Every event, by id.
    pub fn events(&self) -> Result<Vec<EventSummary>> {
        let mut st = self.conn.prepare(
            "SELECT e.id, e.name, e.system, e.n_rounds,
                    (SELECT COALESCE(MAX(number), 0) FROM round r WHERE r.event_id = e.id),
                    (SELECT COUNT(*) FROM player p WHERE p.event_id = e.id)
             FROM event e ORDER BY e.id",
        )?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get(1)?,
                r.get::<_, String>(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, name, system, n_rounds, n_paired, n_players) = row?;
            out.push(EventSummary {
                system: parse_system(&system)?,
                id,
                name,
                n_rounds,
                n_paired,
                n_players,
            });
        }
        Ok(out)
    }

    /// Registers a player. The name must be new in the event.
    pub fn add_player(&mut self, event: &str, p: &Player) -> Result<()> {
        check_name(&p.name)?;
        let tx = self.write()?;
        event_head(&tx, event)?;
        if player_id(&tx, event, &p.name).is_ok() {
            return Err(StoreError::DuplicatePlayer {
                event: event.to_string(),
                name: p.name.clone(),
            });
        }
        tx.execute(
            "INSERT INTO player (event_id, name, rank, rating, club, region, birth_date)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                event,
                p.name,
                p.rank.to_string(),
                p.rating,
                p.club,
                p.region,
                p.birth_date.map(|d| d.to_string())
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Changes a player's details (a corrected rank, a new club, …), found by `name`; the
    /// new record may rename them.
    pub fn update_player(&mut self, event: &str, name: &str, p: &Player) -> Result<()> {
        check_name(&p.name)?;
        let tx = self.write()?;
        event_head(&tx, event)?;
        let id = player_id(&tx, event, name)?;
        if p.name != name && player_id(&tx, event, &p.name).is_ok() {
            return Err(StoreError::DuplicatePlayer {
                event: event.to_string(),
                name: p.name.clone(),
            });
        }
        tx.execute(
            "UPDATE player SET name = ?2, rank = ?3, rating = ?4, club = ?5, region = ?6, birth_date = ?7
             WHERE id = ?1",
            params![
                id,
                p.name,
                p.rank.to_string(),
                p.rating,
                p.club,
                p.region,
                p.birth_date.map(|d| d.to_string())
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Removes a player who has never been paired (a registration made in error). A player
    /// who has played withdraws instead ([`Store::withdraw`]).
    pub fn remove_player(&mut self, event: &str, name: &str) -> Result<()> {
        let tx = self.write()?;
        event_head(&tx, event)?;
        let id = player_id(&tx, event, name)?;
        let paired: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM pairing WHERE black_id = ?1 OR white_id = ?1 OR bye_id = ?1)",
            [id],
            |r| r.get(0),
        )?;
        if paired {
            return Err(StoreError::Started {
                event: event.to_string(),
                what: format!("remove {name:?}, who has been paired (withdraw them instead)"),
            });
        }
        tx.execute("DELETE FROM player WHERE id = ?1", [id])?;
        tx.commit()?;
        Ok(())
    }

    /// Saves the pairing of the next round; returns its number. Boards are numbered from 1 in
    /// the order of `round.games`.
    pub fn save_round(&mut self, event: &str, round: &NewRound) -> Result<u32> {
        let tx = self.write()?;
        let (_, n_rounds) = event_head(&tx, event)?;
        let number = n_paired(&tx, event)? + 1;
        if number > n_rounds {
            return Err(StoreError::AllRoundsPaired {
                event: event.to_string(),
                n_rounds,
            });
        }
        tx.execute(
            "INSERT INTO round (event_id, number, note) VALUES (?1, ?2, ?3)",
            params![event, number, round.note],
        )?;
        insert_pairings(&tx, event, number, round, None)?;
        tx.commit()?;
        Ok(number)
    }

    /// Replaces the pairing of the latest round, which has no results yet, with the
    /// director's version, and records `description` in the log of pairing changes. Games
    /// that were already there (same players, same colors) keep their flags; the others are
    /// marked as changed by the director.
    pub fn edit_round(&mut self, event: &str, number: u32, round: &NewRound, description: &str) -> Result<()> {
        let tx = self.write()?;
        event_head(&tx, event)?;
        check_latest_without_results(&tx, event, number)?;
        let old = load_round_games(&tx, event, number)?;
        tx.execute(
            "DELETE FROM pairing WHERE event_id = ?1 AND round = ?2",
            params![event, number],
        )?;
        tx.execute(
            "UPDATE round SET note = ?3 WHERE event_id = ?1 AND number = ?2",
            params![event, number, round.note],
        )?;
        insert_pairings(&tx, event, number, round, Some(&old))?;
        tx.execute(
            "INSERT INTO pairing_edit (event_id, round, description) VALUES (?1, ?2, ?3)",
            params![event, number, description],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Removes the latest round, which has no results yet (to pair it again).
    pub fn delete_round(&mut self, event: &str, number: u32) -> Result<()> {
        let tx = self.write()?;
        event_head(&tx, event)?;
        check_latest_without_results(&tx, event, number)?;
        tx.execute(
            "DELETE FROM round WHERE event_id = ?1 AND number = ?2",
            params![event, number],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Records the result of the game on `board` in `round`. Recording the same result again
    /// changes nothing; a different one is refused unless `correct` is set, and then it is
    /// added as a correction (the history keeps the old one).
    pub fn record_result(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        result: GameResult,
        correct: bool,
    ) -> Result<Recorded> {
        let tx = self.write()?;
        event_head(&tx, event)?;
        let paired = n_paired(&tx, event)?;
        if round == 0 || round > paired {
            return Err(StoreError::RoundNotPaired {
                event: event.to_string(),
                round,
                n_paired: paired,
            });
        }
        let pairing: Option<i64> = tx
            .query_row(
                "SELECT id FROM pairing WHERE event_id = ?1 AND round = ?2 AND board = ?3",
                params![event, round, board],
                |r| r.get(0),
            )
            .optional()?;
        let Some(pairing) = pairing else {
            let n_boards: u32 = tx.query_row(
                "SELECT COUNT(*) FROM pairing WHERE event_id = ?1 AND round = ?2 AND board IS NOT NULL",
                params![event, round],
                |r| r.get(0),
            )?;
            return Err(StoreError::NoBoard {
                event: event.to_string(),
                round,
                board,
                n_boards,
            });
        };
        let text = result.to_string();
        let recorded = latest_result(&tx, pairing)?;
        let outcome = match recorded {
            None => Recorded::New,
            Some(r) if r == text => return Ok(Recorded::Unchanged),
            Some(r) if !correct => {
                return Err(StoreError::ResultRecorded {
                    event: event.to_string(),
                    round,
                    board,
                    recorded: r,
                });
            }
            Some(_) => Recorded::Corrected,
        };
        tx.execute(
            "INSERT INTO result (pairing_id, result, correction) VALUES (?1, ?2, ?3)",
            params![pairing, text, outcome == Recorded::Corrected],
        )?;
        tx.commit()?;
        Ok(outcome)
    }

    /// Records that `name` withdraws now (Art. 28); returns the number of rounds paired so
    /// far, after which the withdrawal counts.
    pub fn withdraw(&mut self, event: &str, name: &str, reason: &str) -> Result<u32> {
        let tx = self.write()?;
        event_head(&tx, event)?;
        let id = player_id(&tx, event, name)?;
        if let Some(after_round) = withdrawn_after(&tx, id)? {
            return Err(StoreError::Withdrawn {
                event: event.to_string(),
                name: name.to_string(),
                after_round,
            });
        }
        let after = n_paired(&tx, event)?;
        tx.execute(
            "INSERT INTO withdrawal (player_id, after_round, reason) VALUES (?1, ?2, ?3)",
            params![id, after, reason],
        )?;
        tx.commit()?;
        Ok(after)
    }

    /// Records a warning (Art. 24), counted over the event (Art. 27 B).
    pub fn add_warning(&mut self, event: &str, name: &str, round: Option<u32>, note: &str) -> Result<()> {
        let tx = self.write()?;
        event_head(&tx, event)?;
        let id = player_id(&tx, event, name)?;
        if let Some(r) = round {
            let paired = n_paired(&tx, event)?;
            if r == 0 || r > paired {
                return Err(StoreError::RoundNotPaired {
                    event: event.to_string(),
                    round: r,
                    n_paired: paired,
                });
            }
        }
        tx.execute(
            "INSERT INTO warning (player_id, round, note) VALUES (?1, ?2, ?3)",
            params![id, round, note],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The whole record of the event, read in one transaction (a consistent snapshot).
    pub fn load_event(&mut self, id: &str) -> Result<Event> {
        let tx = self.conn.transaction()?;
        let ev = load(&tx, id)?;
        tx.commit()?;
        Ok(ev)
    }

    /// Every row of every table, as text in a fixed order: two databases with the same dump
    /// hold the same data. For tests, backups by eye, and bug reports.
    pub fn dump(&self) -> Result<String> {
        let mut out = String::new();
        let mut tables = self.conn.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )?;
        let names: Vec<String> = tables
            .query_map([], |r| r.get(0))?
            .collect::<std::result::Result<_, _>>()?;
        for table in names {
            out.push_str(&format!("[{table}]\n"));
            // The names come from sqlite_master, so quoting them is enough.
            let mut st = self.conn.prepare(&format!("SELECT * FROM \"{table}\" ORDER BY 1, 2"))?;
            let n = st.column_count();
            let mut rows = st.query([])?;
            while let Some(row) = rows.next()? {
                let mut cells = Vec::with_capacity(n);
                for i in 0..n {
                    let v: rusqlite::types::Value = row.get(i)?;
                    cells.push(match v {
                        rusqlite::types::Value::Null => "NULL".to_string(),
                        rusqlite::types::Value::Integer(i) => i.to_string(),
                        rusqlite::types::Value::Real(f) => f.to_string(),
                        rusqlite::types::Value::Text(t) => format!("{t:?}"),
                        rusqlite::types::Value::Blob(b) => format!("blob({})", b.len()),
                    });
                }
                out.push_str(&cells.join(" | "));
                out.push('\n');
            }
        }
        Ok(out)
    }
}

fn check_rounds(event: &str, n_rounds: u32) -> Result<()> {
    if !(1..=1000).contains(&n_rounds) {
        return Err(StoreError::Invalid(format!(
            "event {event:?}: the number of rounds must be 1 to 1000, not {n_rounds}"
        )));
    }
    Ok(())
}

fn check_name(name: &str) -> Result<()> {
    if name.trim().is_empty() || name.trim() != name || name.chars().any(char::is_control) {
        return Err(StoreError::Invalid(format!(
            "player name {name:?} must be non-empty, without leading or trailing spaces or control characters"
        )));
    }
    Ok(())
}

fn check_settings(s: &Settings) -> Result<()> {
    if s.tie_breaks.is_empty() {
        return Err(StoreError::Invalid("the tie-break chain is empty".into()));
    }
    if let Some(t) = s
        .tie_breaks
        .iter()
        .enumerate()
        .find_map(|(i, t)| s.tie_breaks[..i].contains(t).then_some(t))
    {
        return Err(StoreError::Invalid(format!("tie-break {t} appears twice in the chain")));
    }
    if ![1, 3, 5, 7].contains(&s.best_of) {
        return Err(StoreError::Invalid(format!(
            "best of {} games: a match is 1, 3, 5 or 7 games (Art. 26.5)",
            s.best_of
        )));
    }
    if let (Some(bar), Some(floor)) = (s.mcmahon_bar, s.mcmahon_floor)
        && floor > bar
    {
        return Err(StoreError::Invalid(format!(
            "the McMahon floor {floor} is above the bar {bar}"
        )));
    }
    Ok(())
}

fn write_settings(tx: &Transaction<'_>, event: &str, s: &Settings) -> Result<()> {
    let chain: Vec<&str> = s.tie_breaks.iter().map(|t| t.name()).collect();
    tx.execute(
        "UPDATE event SET bye_value = ?2, tie_breaks = ?3, lateness_limit_minutes = ?4, cycle_policy = ?5,
                time_control = ?6, lots_seed = ?7, avoid_same_club = ?8, avoid_same_region = ?9,
                mcmahon_bar = ?10, mcmahon_floor = ?11, elimination_losses = ?12, best_of = ?13,
                grand_final_reset = ?14, total_score_divisor = ?15
         WHERE id = ?1",
        params![
            event,
            s.bye_value.name(),
            chain.join(","),
            s.lateness_limit_minutes,
            s.cycle_policy.to_string(),
            s.time_control.to_string(),
            // SQLite integers are signed 64-bit: store the seed's bits.
            s.lots_seed as i64,
            s.avoid_same_club,
            s.avoid_same_region,
            s.mcmahon_bar.map(|r| r.to_string()),
            s.mcmahon_floor.map(|r| r.to_string()),
            s.elimination_losses,
            s.best_of,
            s.grand_final_reset,
            s.total_score_divisor,
        ],
    )?;
    Ok(())
}

fn event_exists(tx: &Connection, id: &str) -> Result<bool> {
    Ok(tx.query_row("SELECT EXISTS (SELECT 1 FROM event WHERE id = ?1)", [id], |r| r.get(0))?)
}

/// The event's system and number of rounds, or [`StoreError::NoEvent`].
fn event_head(tx: &Connection, id: &str) -> Result<(System, u32)> {
    let row: Option<(String, u32)> = tx
        .query_row("SELECT system, n_rounds FROM event WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    let (system, n_rounds) = row.ok_or_else(|| StoreError::NoEvent(id.to_string()))?;
    Ok((parse_system(&system)?, n_rounds))
}

fn n_paired(tx: &Connection, event: &str) -> Result<u32> {
    Ok(tx.query_row(
        "SELECT COALESCE(MAX(number), 0) FROM round WHERE event_id = ?1",
        [event],
        |r| r.get(0),
    )?)
}

fn player_id(tx: &Connection, event: &str, name: &str) -> Result<i64> {
    tx.query_row(
        "SELECT id FROM player WHERE event_id = ?1 AND name = ?2",
        [event, name],
        |r| r.get(0),
    )
    .optional()?
    .ok_or_else(|| StoreError::NoPlayer {
        event: event.to_string(),
        name: name.to_string(),
    })
}

fn withdrawn_after(tx: &Connection, player: i64) -> Result<Option<u32>> {
    Ok(tx
        .query_row(
            "SELECT after_round FROM withdrawal WHERE player_id = ?1",
            [player],
            |r| r.get(0),
        )
        .optional()?)
}

fn latest_result(tx: &Connection, pairing: i64) -> Result<Option<String>> {
    Ok(tx
        .query_row(
            "SELECT result FROM result WHERE pairing_id = ?1 ORDER BY id DESC LIMIT 1",
            [pairing],
            |r| r.get(0),
        )
        .optional()?)
}

fn check_latest_without_results(tx: &Connection, event: &str, number: u32) -> Result<()> {
    let latest = n_paired(tx, event)?;
    if number == 0 || number > latest {
        return Err(StoreError::RoundNotPaired {
            event: event.to_string(),
            round: number,
            n_paired: latest,
        });
    }
    if number != latest {
        return Err(StoreError::NotLatestRound {
            event: event.to_string(),
            round: number,
            latest,
        });
    }
    let has_results: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM result JOIN pairing ON pairing.id = result.pairing_id
                        WHERE pairing.event_id = ?1 AND pairing.round = ?2)",
        params![event, number],
        |r| r.get(0),
    )?;
    if has_results {
        return Err(StoreError::RoundHasResults {
            event: event.to_string(),
            round: number,
        });
    }
    Ok(())
}

/// Inserts the games and byes of a round. With `old` (an edit), games already in `old` keep
/// their flags and explanation; new ones are marked changed.
fn insert_pairings(
    tx: &Transaction<'_>,
    event: &str,
    number: u32,
    round: &NewRound,
    old: Option<&[Game]>,
) -> Result<()> {
    if round.games.is_empty() && round.byes.is_empty() {
        return Err(StoreError::Invalid(format!(
            "round {number} of event {event:?} would have no games and no byes"
        )));
    }
    let mut seen: Vec<&str> = Vec::new();
    let id_of = |name: &'_ str| -> Result<i64> {
        let id = player_id(tx, event, name)?;
        if let Some(after_round) = withdrawn_after(tx, id)? {
            return Err(StoreError::Withdrawn {
                event: event.to_string(),
                name: name.to_string(),
                after_round,
            });
        }
        Ok(id)
    };
    let all_names = round
        .games
        .iter()
        .flat_map(|g| [g.black.as_str(), g.white.as_str()])
        .chain(round.byes.iter().map(String::as_str));
    for name in all_names {
        if seen.contains(&name) {
            return Err(StoreError::PairedTwice {
                event: event.to_string(),
                round: number,
                name: name.to_string(),
            });
        }
        seen.push(name);
    }
    for (i, g) in round.games.iter().enumerate() {
        let (black, white) = (id_of(&g.black)?, id_of(&g.white)?);
        let (manual, changed, explanation) = match old {
            None => (g.manual, false, g.explanation.clone()),
            Some(old) => match old.iter().find(|o| o.black == g.black && o.white == g.white) {
                Some(o) => (o.manual, o.changed, o.explanation.clone()),
                None => (g.manual, !g.manual, String::new()),
            },
        };
        tx.execute(
            "INSERT INTO pairing (event_id, round, board, black_id, white_id, manual, changed, explanation)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![event, number, i as u32 + 1, black, white, manual, changed, explanation],
        )?;
    }
    for name in &round.byes {
        let id = id_of(name)?;
        tx.execute(
            "INSERT INTO pairing (event_id, round, bye_id) VALUES (?1, ?2, ?3)",
            params![event, number, id],
        )?;
    }
    Ok(())
}

fn load_round_games(tx: &Connection, event: &str, number: u32) -> Result<Vec<Game>> {
    let mut st = tx.prepare(
        "SELECT p.board, b.name, w.name, p.manual, p.changed, p.explanation,
                (SELECT result FROM result WHERE pairing_id = p.id ORDER BY id DESC LIMIT 1)
         FROM pairing p JOIN player b ON b.id = p.black_id JOIN player w ON w.id = p.white_id
         WHERE p.event_id = ?1 AND p.round = ?2 AND p.board IS NOT NULL ORDER BY p.board",
    )?;
    let rows = st.query_map(params![event, number], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, bool>(3)?,
            r.get::<_, bool>(4)?,
            r.get::<_, String>(5)?,
            r.get::<_, Option<String>>(6)?,
        ))
    })?;
    let mut games = Vec::new();
    for row in rows {
        let (board, black, white, manual, changed, explanation, result) = row?;
        let result = match result {
            None => None,
            Some(t) => Some(
                GameResult::from_str(&t)
                    .map_err(|e| StoreError::Corrupt(format!("round {number} board {board} of {event:?}: {e}")))?,
            ),
        };
        games.push(Game {
            board,
            black,
            white,
            result,
            manual,
            changed,
            explanation,
        });
    }
    Ok(games)
}

fn parse_system(s: &str) -> Result<System> {
    System::from_str(s).map_err(StoreError::Corrupt)
}

fn corrupt<E: std::fmt::Display>(what: &str) -> impl Fn(E) -> StoreError + '_ {
    move |e| StoreError::Corrupt(format!("{what}: {e}"))
}

fn load(tx: &Connection, id: &str) -> Result<Event> {
    type EventRow = (
        String,
        String,
        u32,
        String,
        String,
        u32,
        String,
        String,
        i64,
        bool,
        bool,
    );
    type EventRow2 = (Option<String>, Option<String>, u32, u32, bool, u32);
    let row: Option<(EventRow, EventRow2)> = tx
        .query_row(
            "SELECT name, system, n_rounds, bye_value, tie_breaks, lateness_limit_minutes, cycle_policy,
                    time_control, lots_seed, avoid_same_club, avoid_same_region,
                    mcmahon_bar, mcmahon_floor, elimination_losses, best_of, grand_final_reset,
                    total_score_divisor
             FROM event WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    (
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                        r.get(9)?,
                        r.get(10)?,
                    ),
                    (r.get(11)?, r.get(12)?, r.get(13)?, r.get(14)?, r.get(15)?, r.get(16)?),
                ))
            },
        )
        .optional()?;
    let (
        (name, system, n_rounds, bye, chain, lateness, cycle, time_control, seed, club, region),
        (bar, floor, elimination_losses, best_of, reset, divisor),
    ) = row.ok_or_else(|| StoreError::NoEvent(id.to_string()))?;
    let rank = |s: Option<String>| -> Result<Option<Rank>> {
        s.map(|s| Rank::from_str(&s).map_err(corrupt("McMahon bar or floor")))
            .transpose()
    };
    let settings = Settings {
        bye_value: ByeValue::from_str(&bye).map_err(StoreError::Corrupt)?,
        tie_breaks: chain
            .split(',')
            .map(|t| TieBreak::from_str(t).map_err(StoreError::Corrupt))
            .collect::<Result<Vec<_>>>()?,
        lateness_limit_minutes: lateness,
        cycle_policy: cycle.parse().map_err(StoreError::Corrupt)?,
        time_control: time_control.parse().map_err(corrupt("time control"))?,
        lots_seed: seed as u64,
        avoid_same_club: club,
        avoid_same_region: region,
        mcmahon_bar: rank(bar)?,
        mcmahon_floor: rank(floor)?,
        elimination_losses,
        best_of,
        grand_final_reset: reset,
        total_score_divisor: divisor,
    };

    let mut st = tx.prepare(
        "SELECT p.name, p.rank, p.rating, p.club, p.region, p.birth_date, w.after_round
         FROM player p LEFT JOIN withdrawal w ON w.player_id = p.id WHERE p.event_id = ?1 ORDER BY p.id",
    )?;
    type PlayerRow = (
        String,
        String,
        Option<i32>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<u32>,
    );
    let rows = st.query_map([id], |r| -> rusqlite::Result<PlayerRow> {
        Ok((
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
            r.get(6)?,
        ))
    })?;
    let mut entries = Vec::new();
    for row in rows {
        let (name, rank, rating, club, region, birth, withdrawn_after) = row?;
        let rank = Rank::from_str(&rank).map_err(corrupt(&format!("rank of {name:?}")))?;
        let birth_date = birth
            .map(|b| Date::from_str(&b))
            .transpose()
            .map_err(corrupt(&format!("birth date of {name:?}")))?;
        entries.push(Entry {
            player: Player {
                name,
                rank,
                rating,
                club,
                region,
                birth_date,
            },
            withdrawn_after,
        });
    }

    let mut st = tx.prepare("SELECT number, note FROM round WHERE event_id = ?1 ORDER BY number")?;
    let heads: Vec<(u32, String)> = st
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    let mut rounds = Vec::new();
    for (number, note) in heads {
        let games = load_round_games(tx, id, number)?;
        let mut st = tx.prepare(
            "SELECT pl.name FROM pairing p JOIN player pl ON pl.id = p.bye_id
             WHERE p.event_id = ?1 AND p.round = ?2 ORDER BY p.id",
        )?;
        let byes: Vec<String> = st
            .query_map(params![id, number], |r| r.get(0))?
            .collect::<std::result::Result<_, _>>()?;
        rounds.push(Round {
            number,
            games,
            byes,
            note,
        });
    }

    let mut st = tx.prepare(
        "SELECT pl.name, w.round, w.note FROM warning w JOIN player pl ON pl.id = w.player_id
         WHERE pl.event_id = ?1 ORDER BY w.id",
    )?;
    let warnings: Vec<Warning> = st
        .query_map([id], |r| {
            Ok(Warning {
                player: r.get(0)?,
                round: r.get(1)?,
                note: r.get(2)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    let mut st = tx.prepare("SELECT round, description FROM pairing_edit WHERE event_id = ?1 ORDER BY id")?;
    let edits: Vec<PairingEdit> = st
        .query_map([id], |r| {
            Ok(PairingEdit {
                round: r.get(0)?,
                description: r.get(1)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;

    Ok(Event {
        id: id.to_string(),
        name,
        system: parse_system(&system)?,
        n_rounds,
        settings,
        entries,
        rounds,
        warnings,
        edits,
    })
}

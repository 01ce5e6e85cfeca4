//! The [`Store`]: one database connection (SQLite or PostgreSQL, see [`crate::backend`]) and the
//! domain operations on it, each one transaction that loads the event, applies the change
//! through the tournament crate (which checks the rules), writes the rows and commits.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;

use tournament::{
    ByeValue, Date, Event, EventError, Game, GameResult, HandicapBasis, HandicapRule, PairCost, PairingOrigin, Player,
    PlayerId, Proposal, Rank, Settings, Status, System, SystemKind, TieBreak, TotalScoreDivisor,
};

use crate::StoreError;
use crate::backend::{Conn, Dialect, Pg, Tx, args, sqlite_error};
use crate::migrate;
use crate::model::{EventSummary, NewEvent, Recorded, WriteBack};

type Result<T> = std::result::Result<T, StoreError>;

/// The weiqi database. Every method that changes something runs in one transaction: it either
/// happens whole or, on any error, leaves the database exactly as it was.
pub struct Store {
    conn: Conn,
}

/// An event as replayed from the database, with the database id of each player.
pub(crate) struct Loaded {
    pub(crate) ev: Event,
    /// `db_id[p.0]`: the row id of [`PlayerId`] `p`.
    db_id: Vec<i64>,
    /// Players kept without their lot (registered before lots were kept): they have the
    /// event's lots of then ([`Event::legacy_lots`]), written at the next registration.
    unkept_lots: Vec<PlayerId>,
}

impl Loaded {
    fn player(&self, id: PlayerId) -> i64 {
        self.db_id[id.0]
    }
}

impl Store {
    /// Opens (creating if needed) the database file at `path`, in WAL mode with foreign keys
    /// enforced, and migrates it to the current schema.
    pub fn open(path: &Path) -> Result<Store> {
        Store::migrated(Conn::Sqlite(crate::backend::open_sqlite(path)?))
    }

    /// A private database in memory (for tests and dry runs).
    pub fn open_in_memory() -> Result<Store> {
        let conn = rusqlite::Connection::open_in_memory().map_err(sqlite_error)?;
        crate::backend::set_up_sqlite(&conn, false)?;
        Store::migrated(Conn::Sqlite(conn))
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://user:password@host:port/db`, or
    /// libpq's `key=value` form; no TLS) and migrates it to the current schema.
    ///
    /// The store's tables go in the schema the connection's `search_path` names first, which
    /// must exist (`…?options=-csearch_path%3Dweiqi` picks the schema `weiqi`); their names do
    /// not begin with `server_`, so they can share the schema of `weiqi serve`'s own tables.
    /// Several stores (processes, server instances) may use one schema at once: their writes
    /// are serialised, and instances starting together migrate it once.
    ///
    /// Each operation is synchronous: it blocks the calling thread while it waits for the
    /// server. **Do not call this, or any method of the store it returns, on a thread that
    /// drives a tokio runtime** (the connection runs on a small runtime of its own, and tokio
    /// refuses to nest them): from async code, use `tokio::task::spawn_blocking`.
    /// Dropping the store is safe anywhere.
    ///
    /// A lost connection (the server restarted, an administrator cut it) fails the operation
    /// under way, which changes nothing, and the next operation connects again.
    pub fn open_postgres(url: &str) -> Result<Store> {
        Store::migrated(Conn::Pg(Box::new(RefCell::new(Pg::connect(url)?))))
    }

    fn migrated(conn: Conn) -> Result<Store> {
        migrate::migrate(&conn)?;
        Ok(Store { conn })
    }

    /// The schema version of the database.
    pub fn schema_version(&self) -> Result<u32> {
        let tx = self.read()?;
        let v = migrate::version(&tx)?;
        tx.commit()?;
        Ok(v)
    }

    /// A write transaction: serialised with every other writer of the database.
    pub(crate) fn write(&self) -> Result<Tx<'_>> {
        self.conn.begin(true)
    }

    /// A read transaction: a consistent snapshot.
    pub(crate) fn read(&self) -> Result<Tx<'_>> {
        self.conn.begin(false)
    }

    /// Creates an event. The tournament crate checks the system's parameters.
    pub fn create_event(&mut self, e: &NewEvent) -> Result<Event> {
        let tx = self.write()?;
        let ev = create_event_in(&tx, e)?;
        tx.commit()?;
        Ok(ev)
    }

    /// Replaces the settings of an event that has not started (no round paired).
    pub fn set_settings(&mut self, event: &str, settings: &Settings) -> Result<Event> {
        let tx = self.write()?;
        let l = load(&tx, event)?;
        not_started(&l.ev, event, "change the settings")?;
        let checked =
            Event::new(l.ev.name(), l.ev.system(), l.ev.planned_rounds(), settings.clone()).map_err(refused(event))?;
        // The settings as the event checked them: a time control in the clock's canonical form.
        write_system_and_settings(&tx, event, l.ev.system(), checked.settings())?;
        let l = load(&tx, event)?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Renames an event; its name may change at any time.
    pub fn rename_event(&mut self, event: &str, name: &str) -> Result<Event> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        l.ev.set_name(name).map_err(refused(event))?;
        tx.exec("UPDATE event SET name = ?1 WHERE id = ?2", args![name, event])?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Deletes an event that has no round paired (so no game and no result), with its
    /// players and everything kept of it.
    pub fn delete_event(&mut self, event: &str) -> Result<()> {
        let tx = self.write()?;
        let l = load(&tx, event)?;
        not_started(&l.ev, event, "delete it")?;
        // Its players, withdrawals, participation and attachments go with it (ON DELETE
        // CASCADE).
        tx.exec("DELETE FROM event WHERE id = ?1", args![event])?;
        tx.commit()?;
        Ok(())
    }

    /// Changes what is registered of the player `name` ([`Event::edit_player`]: their name
    /// and rank only until they are in a paired round).
    pub fn edit_player(&mut self, event: &str, name: &str, p: &Player) -> Result<Event> {
        if p.name.trim() != p.name || p.name.chars().any(char::is_control) {
            return Err(StoreError::Invalid(format!(
                "player name {:?} must have no leading or trailing spaces and no control characters",
                p.name
            )));
        }
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        let id = l.ev.find(name).map_err(refused(event))?;
        l.ev.edit_player(id, p.clone()).map_err(refused(event))?;
        tx.exec(
            "UPDATE player SET name = ?1, rank = ?2, rating = ?3, club = ?4, region = ?5, birth_date = ?6 WHERE id = ?7",
            args![
                &p.name,
                p.rank.to_string(),
                p.rating,
                p.club.as_deref(),
                p.region.as_deref(),
                p.birth_date.map(|d| d.to_string()),
                l.player(id)
            ],
        )?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Changes the planned number of Swiss rounds (Art. 26.3: rounds can be added or
    /// dropped), not below the rounds already paired.
    pub fn set_rounds(&mut self, event: &str, n_rounds: u32) -> Result<Event> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        l.ev.set_rounds(n_rounds).map_err(refused(event))?;
        let seq = next_seq(&tx, event)?;
        tx.exec(
            "INSERT INTO rounds_change (event_id, seq, n_rounds) VALUES (?1, ?2, ?3)",
            args![event, seq, n_rounds],
        )?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Every event, by id.
    pub fn events(&mut self) -> Result<Vec<EventSummary>> {
        let tx = self.read()?;
        let ids = tx
            .query("SELECT id FROM event ORDER BY id", args![])?
            .iter()
            .map(|r| r.get::<String>(0))
            .collect::<Result<Vec<_>>>()?;
        let mut out = Vec::new();
        for id in ids {
            let l = load(&tx, &id)?;
            out.push(EventSummary {
                name: l.ev.name().to_string(),
                system: l.ev.system(),
                n_rounds: l.ev.planned_rounds(),
                n_paired: l.ev.rounds().len() as u32,
                n_players: l.ev.players().len() as u32,
                id,
            });
        }
        tx.commit()?;
        Ok(out)
    }

    /// The whole event, rebuilt by replaying its record through the tournament crate, read in
    /// one transaction (a consistent snapshot).
    pub fn load_event(&mut self, id: &str) -> Result<Event> {
        let tx = self.read()?;
        let l = load(&tx, id)?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Registers a player (names are unique in an event; round robin and knockout take no
    /// one once started).
    pub fn add_player(&mut self, event: &str, p: &Player) -> Result<Event> {
        let tx = self.write()?;
        let ev = add_player_in(&tx, event, p)?;
        tx.commit()?;
        Ok(ev)
    }

    /// Registers several players (a registration file) in one transaction: all of them, or,
    /// when one is refused, none.
    /// The event is loaded once and every player applied to it in memory (a file of n
    /// players costs n row inserts, not n loads of the event).
    pub fn add_players(&mut self, event: &str, players: &[Player]) -> Result<Event> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        for p in players {
            add_player_loaded(&tx, event, &mut l, p)?;
        }
        tx.commit()?;
        Ok(l.ev)
    }

    /// The proposal for the next round under the event's system; nothing is saved.
    pub fn propose(&mut self, event: &str) -> Result<Proposal> {
        let tx = self.read()?;
        let l = load(&tx, event)?;
        tx.commit()?;
        l.ev.propose().map_err(refused(event))
    }

    /// Pairs the next round as the system proposes it and saves it; returns the event with
    /// the new round last.
    pub fn pair_next(&mut self, event: &str) -> Result<Event> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        l.ev.pair_next().map_err(refused(event))?;
        save_last_round(&tx, event, &l)?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Pairs the next round with the director's changes to the proposal: these (black,
    /// white) games, by name, and byes replace the proposed ones; the proposal is kept.
    pub fn pair_amended(&mut self, event: &str, games: &[(String, String)], byes: &[String]) -> Result<Event> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        let (games, byes) = ids(&l.ev, event, games, byes)?;
        let p = l.ev.propose().map_err(refused(event))?;
        // Art. 10, 11: a handicap game's Black is the weaker player, as the system pairs it.
        let games = tournament::handicap::colours(&l.ev, p.round, &games);
        l.ev.accept_amended(p, &games, &byes).map_err(refused(event))?;
        save_last_round(&tx, event, &l)?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Reviews the director's changes to the proposal before [`Store::pair_amended`] (by
    /// name, as it takes them): who the pairing leaves out, the repeats and colour breaches
    /// it makes ([`tournament::review`]), with the event and the games as they would be paired
    /// (a handicap game's Black the weaker player); nothing is saved.
    pub fn review_amended(
        &mut self,
        event: &str,
        games: &[(String, String)],
        byes: &[String],
    ) -> Result<(Event, tournament::review::Review)> {
        let tx = self.read()?;
        let l = load(&tx, event)?;
        tx.commit()?;
        let (games, byes) = ids(&l.ev, event, games, byes)?;
        // A name given twice, or a withdrawn player, is refused as such before the review.
        l.ev.check_pairing(&games, &byes).map_err(refused(event))?;
        let p = l.ev.propose().map_err(refused(event))?;
        let games = tournament::handicap::colours(&l.ev, p.round, &games);
        let review = tournament::review::review(&l.ev, &p, &games, &byes);
        Ok((l.ev, review))
    }

    /// Pairs the next round by hand: (black, white) games, by name, and byes.
    pub fn pair_manual(&mut self, event: &str, games: &[(String, String)], byes: &[String]) -> Result<Event> {
        let tx = self.write()?;
        let ev = pair_manual_in(&tx, event, games, byes)?;
        tx.commit()?;
        Ok(ev)
    }

    /// Removes the latest round, so that it can be paired again, as long as nothing was
    /// recorded after it was paired.
    pub fn unpair(&mut self, event: &str, round: u32) -> Result<Event> {
        let tx = self.write()?;
        let l = load(&tx, event)?;
        let n = l.ev.rounds().len() as u32;
        if round == 0 || round > n {
            return Err(StoreError::RoundNotPaired {
                event: event.into(),
                round,
                n_paired: n,
            });
        }
        let seq: i64 = tx.scalar(
            "SELECT seq FROM round WHERE event_id = ?1 AND number = ?2",
            args![event, round],
        )?;
        let last: i64 = tx.scalar("SELECT last_seq FROM event WHERE id = ?1", args![event])?;
        if round != n || last != seq {
            return Err(StoreError::LaterChanges {
                event: event.into(),
                round,
            });
        }
        // The round's preset results (certain forfeits) share its sequence number and go
        // with it (ON DELETE CASCADE through the pairings).
        tx.exec(
            "DELETE FROM round WHERE event_id = ?1 AND number = ?2",
            args![event, round],
        )?;
        if round == 1 {
            // The draw was made at the first pairing: the next first pairing draws again.
            tx.exec(
                "UPDATE player SET draw_position = NULL WHERE event_id = ?1",
                args![event],
            )?;
        }
        tx.exec("UPDATE event SET last_seq = last_seq - 1 WHERE id = ?1", args![event])?;
        let l = load(&tx, event)?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Records the result of the game on `board` in `round`. The same result again changes
    /// nothing; a different one is refused unless `correct` is set, and is then added as a
    /// correction (the history keeps the old one).
    pub fn record_result(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        result: GameResult,
        correct: bool,
    ) -> Result<(Event, Recorded)> {
        let tx = self.write()?;
        let out = record_result_in(&tx, event, round, board, None, result, correct)?;
        tx.commit()?;
        Ok(out)
    }

    /// [`Store::record_result`] for a game played between `players` (Black's name, then
    /// White's): refused ([`StoreError::OtherPlayers`]) unless the board still pairs them so,
    /// checked in the same transaction as the write. A game started for a board and finished
    /// after its round was paired again (with other players, or the same with the colours
    /// swapped) is not that board's game, and its result must not land there.
    pub fn record_result_between(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        players: [&str; 2],
        result: GameResult,
        correct: bool,
    ) -> Result<(Event, Recorded)> {
        let tx = self.write()?;
        let out = record_result_in(&tx, event, round, board, Some(players), result, correct)?;
        tx.commit()?;
        Ok(out)
    }

    /// Writes a live game's `result` into its board (the game played between `players`, as
    /// [`Store::record_result_between`]) unless the event has moved on since: the result is
    /// written only if the board's history has never held it, and the board holds now what
    /// the game's writer last wrote there (`replaces`: the game's result before its latest
    /// correction, `None` for a game never corrected) or nothing. Anything else is a change
    /// made in the event after the game's result reached it (a correction entered by hand,
    /// `weiqi event result --correct`), and the event's history wins: nothing is written, and
    /// [`WriteBack::Superseded`] says what the board holds. Checked and written in one
    /// transaction.
    pub fn write_back_result(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        players: [&str; 2],
        result: GameResult,
        replaces: Option<GameResult>,
    ) -> Result<WriteBack> {
        let tx = self.write()?;
        let l = load(&tx, event)?;
        let held = game_between(&l.ev, event, round, board, players)?.result;
        if held == Some(result) {
            tx.commit()?;
            return Ok(WriteBack::Held);
        }
        let pairing = pairing_id(&tx, event, round, board)?;
        let seen = tx
            .query("SELECT result FROM result WHERE pairing_id = ?1", args![pairing])?
            .iter()
            .map(|r| r.get::<String>(0))
            .collect::<Result<Vec<_>>>()?;
        let written_before = seen.iter().any(|r| GameResult::from_str(r).is_ok_and(|r| r == result));
        if let Some(held) = held
            && (written_before || Some(held) != replaces)
        {
            tx.commit()?;
            return Ok(WriteBack::Superseded { held });
        }
        let (_, recorded) = record_result_in(&tx, event, round, board, Some(players), result, true)?;
        tx.commit()?;
        Ok(WriteBack::Written(recorded))
    }

    /// `name` withdraws now (Art. 28); returns the event and the player's new status.
    pub fn withdraw(&mut self, event: &str, name: &str, reason: &str) -> Result<(Event, Status)> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        let id = l.ev.find(name).map_err(refused(event))?;
        l.ev.withdraw(id).map_err(refused(event))?;
        let seq = next_seq(&tx, event)?;
        tx.exec(
            "INSERT INTO withdrawal (player_id, seq, after_round, reason) VALUES (?1, ?2, ?3, ?4)",
            args![l.player(id), seq, l.ev.rounds().len() as u32, reason],
        )?;
        tx.commit()?;
        let status = l.ev.status(id);
        Ok((l.ev, status))
    }

    /// Says whether `name` takes part in `round` (a round not yet paired), or with `round`
    /// `None` whether they are confirmed (`takes_part`) or only pre-registered: per-round
    /// participation and pre-registration, which the pairing honours
    /// ([`Event::set_participation`], [`Event::set_preregistered`]).
    pub fn set_participation(
        &mut self,
        event: &str,
        name: &str,
        round: Option<u32>,
        takes_part: bool,
    ) -> Result<Event> {
        let tx = self.write()?;
        let ev = set_participation_in(&tx, event, name, round, takes_part)?;
        tx.commit()?;
        Ok(ev)
    }

    /// A warning to `name` in their game on `board` of `round` (Art. 24).
    pub fn add_warning(&mut self, event: &str, round: u32, board: u32, name: &str, note: &str) -> Result<Event> {
        let tx = self.write()?;
        let mut l = load(&tx, event)?;
        let id = l.ev.find(name).map_err(refused(event))?;
        let color = paired_game(&l.ev, event, round, board)?
            .color_of(id)
            .ok_or_else(|| StoreError::NotInGame {
                event: event.into(),
                round,
                board,
                name: name.into(),
            })?;
        l.ev.add_warning(round, board, color).map_err(refused(event))?;
        let pairing = pairing_id(&tx, event, round, board)?;
        let seq = next_seq(&tx, event)?;
        tx.exec(
            "INSERT INTO warning (pairing_id, player_id, seq, note) VALUES (?1, ?2, ?3, ?4)",
            args![pairing, l.player(id), seq, note],
        )?;
        tx.commit()?;
        Ok(l.ev)
    }

    /// Every row of every table (of the file; on PostgreSQL, of the schema the store is in),
    /// as text in a fixed order: two databases with the same dump hold the same data. For
    /// tests, backups by eye, and bug reports.
    pub fn dump(&self) -> Result<String> {
        let tx = self.read()?;
        let tables = match tx.dialect() {
            Dialect::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            }
            Dialect::Postgres => {
                "SELECT tablename::TEXT FROM pg_catalog.pg_tables WHERE schemaname = current_schema()
                 ORDER BY tablename"
            }
        };
        let names = tx
            .query_once(tables)?
            .iter()
            .map(|r| r.get::<String>(0))
            .collect::<Result<Vec<_>>>()?;
        let mut out = String::new();
        for table in names {
            out.push_str(&format!("[{table}]\n"));
            // The names come from the catalogue, so quoting them is enough.
            let sql = format!("SELECT * FROM \"{}\" ORDER BY 1, 2", table.replace('"', "\"\""));
            for row in tx.query_once(&sql)? {
                let cells: Vec<String> = row.cells().iter().map(ToString::to_string).collect();
                out.push_str(&cells.join(" | "));
                out.push('\n');
            }
        }
        tx.commit()?;
        Ok(out)
    }
}

/// [`Store::create_event`] in the caller's transaction.
pub(crate) fn create_event_in(tx: &Tx<'_>, e: &NewEvent) -> Result<Event> {
    if e.id.is_empty() || e.id.chars().count() > 64 || e.id.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(StoreError::Invalid(format!(
            "event id {:?} must be 1 to 64 characters without spaces",
            e.id
        )));
    }
    let ev = Event::new(&e.name, e.system, e.n_rounds, e.settings.clone()).map_err(|reason| StoreError::Refused {
        event: e.id.clone(),
        reason,
    })?;
    if event_exists(tx, &e.id)? {
        return Err(StoreError::EventExists(e.id.clone()));
    }
    tx.exec(
        "INSERT INTO event (id, name, system, n_rounds) VALUES (?1, ?2, ?3, ?4)",
        args![&e.id, &e.name, e.system.kind().to_string(), e.n_rounds],
    )?;
    // The settings as the event checked them: a time control in the clock's canonical form.
    write_system_and_settings(tx, &e.id, e.system, ev.settings())?;
    // Read it back inside the transaction: what was written must load.
    let loaded = load(tx, &e.id)?;
    debug_assert_eq!(loaded.ev, ev);
    Ok(loaded.ev)
}

/// [`Store::set_participation`] in the caller's transaction.
pub(crate) fn set_participation_in(
    tx: &Tx<'_>,
    event: &str,
    name: &str,
    round: Option<u32>,
    takes_part: bool,
) -> Result<Event> {
    let mut l = load(tx, event)?;
    let id = l.ev.find(name).map_err(refused(event))?;
    match round {
        Some(r) => l.ev.set_participation(id, r, takes_part),
        None => l.ev.set_preregistered(id, !takes_part),
    }
    .map_err(refused(event))?;
    let seq = next_seq(tx, event)?;
    tx.exec(
        "INSERT INTO participation (player_id, seq, round, takes_part) VALUES (?1, ?2, ?3, ?4)",
        args![l.player(id), seq, round, takes_part],
    )?;
    Ok(l.ev)
}

/// [`Store::add_player`] in the caller's transaction.
pub(crate) fn add_player_in(tx: &Tx<'_>, event: &str, p: &Player) -> Result<Event> {
    let mut l = load(tx, event)?;
    add_player_loaded(tx, event, &mut l, p)?;
    Ok(l.ev)
}

/// Registers `p` in the event `l` loaded in this transaction, and writes its row.
pub(crate) fn add_player_loaded(tx: &Tx<'_>, event: &str, l: &mut Loaded, p: &Player) -> Result<()> {
    if p.name.trim() != p.name || p.name.chars().any(char::is_control) {
        return Err(StoreError::Invalid(format!(
            "player name {:?} must have no leading or trailing spaces and no control characters",
            p.name
        )));
    }
    let id = l.ev.add_player(p.clone()).map_err(refused(event))?;
    // The lots of players kept without one were a permutation of the field at its size: they
    // are kept as they are now, before the field grows, so no one's lot changes.
    for q in std::mem::take(&mut l.unkept_lots) {
        tx.exec(
            "UPDATE player SET lot = ?1 WHERE id = ?2",
            args![i64::from(l.ev.lot(q)), l.player(q)],
        )?;
    }
    let seq = next_seq(tx, event)?;
    let db_id: i64 = tx.scalar(
        "INSERT INTO player (event_id, seq, name, rank, rating, club, region, birth_date, lot)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id",
        args![
            event,
            seq,
            &p.name,
            p.rank.to_string(),
            p.rating,
            p.club.as_deref(),
            p.region.as_deref(),
            p.birth_date.map(|d| d.to_string()),
            i64::from(l.ev.lot(id))
        ],
    )?;
    l.db_id.push(db_id);
    Ok(())
}

/// [`Store::pair_manual`] in the caller's transaction.
pub(crate) fn pair_manual_in(tx: &Tx<'_>, event: &str, games: &[(String, String)], byes: &[String]) -> Result<Event> {
    pair_in(tx, event, games, byes, false)
}

/// Pairs the next round by hand, or (`imported`) as another program's file has it, a game of
/// an earlier round still open ([`Event::pair_imported`]).
pub(crate) fn pair_in(
    tx: &Tx<'_>,
    event: &str,
    games: &[(String, String)],
    byes: &[String],
    imported: bool,
) -> Result<Event> {
    let mut l = load(tx, event)?;
    pair_loaded(tx, event, &mut l, games, byes, imported)?;
    Ok(l.ev)
}

/// [`pair_in`] on the event `l` loaded in this transaction.
pub(crate) fn pair_loaded(
    tx: &Tx<'_>,
    event: &str,
    l: &mut Loaded,
    games: &[(String, String)],
    byes: &[String],
    imported: bool,
) -> Result<()> {
    let (games, byes) = ids(&l.ev, event, games, byes)?;
    if imported {
        l.ev.pair_imported(&games, &byes).map_err(refused(event))?;
    } else {
        // Art. 10, 11: a handicap game's Black is the weaker player, as the system pairs it.
        let round = l.ev.rounds().len() as u32 + 1;
        let games = tournament::handicap::colours(&l.ev, round, &games);
        l.ev.pair_manual(&games, &byes).map_err(refused(event))?;
    }
    save_last_round(tx, event, l)
}

/// [`Store::record_result`] in the caller's transaction.
/// Records `result` on the board; with `players`, only if the board still pairs them (Black,
/// White), checked on the event this transaction loaded.
pub(crate) fn record_result_in(
    tx: &Tx<'_>,
    event: &str,
    round: u32,
    board: u32,
    players: Option<[&str; 2]>,
    result: GameResult,
    correct: bool,
) -> Result<(Event, Recorded)> {
    let mut l = load(tx, event)?;
    let recorded = record_result_loaded(tx, event, &mut l, round, board, players, result, correct)?;
    Ok((l.ev, recorded))
}

/// [`record_result_in`] on the event `l` loaded in this transaction.
#[allow(clippy::too_many_arguments)]
pub(crate) fn record_result_loaded(
    tx: &Tx<'_>,
    event: &str,
    l: &mut Loaded,
    round: u32,
    board: u32,
    players: Option<[&str; 2]>,
    result: GameResult,
    correct: bool,
) -> Result<Recorded> {
    let game = match players {
        Some(players) => game_between(&l.ev, event, round, board, players)?,
        None => paired_game(&l.ev, event, round, board)?,
    };
    let previous = game.result;
    let outcome = match previous {
        None => Recorded::New,
        Some(r) if r == result => return Ok(Recorded::Unchanged),
        Some(r) if !correct => {
            return Err(StoreError::ResultRecorded {
                event: event.into(),
                round,
                board,
                recorded: r.to_string(),
            });
        }
        Some(_) => Recorded::Corrected,
    };
    l.ev.set_result(round, board, result).map_err(refused(event))?;
    let pairing = pairing_id(tx, event, round, board)?;
    let seq = next_seq(tx, event)?;
    tx.exec(
        "INSERT INTO result (pairing_id, seq, result, correction) VALUES (?1, ?2, ?3, ?4)",
        args![pairing, seq, result.to_string(), outcome == Recorded::Corrected],
    )?;
    Ok(outcome)
}

/// Refuses to `what` (`change the settings`, `delete it`) once a round of `ev` is paired.
fn not_started(ev: &Event, event: &str, what: &str) -> Result<()> {
    if ev.rounds().is_empty() {
        Ok(())
    } else {
        Err(StoreError::Started {
            event: event.into(),
            what: what.into(),
        })
    }
}

fn refused(event: &str) -> impl Fn(EventError) -> StoreError + '_ {
    move |reason| StoreError::Refused {
        event: event.to_string(),
        reason,
    }
}

/// A game's (black, white).
type Pair = (PlayerId, PlayerId);

/// Names to ids, refusing unknown names.
fn ids(ev: &Event, event: &str, games: &[(String, String)], byes: &[String]) -> Result<(Vec<Pair>, Vec<PlayerId>)> {
    let find = |n: &str| ev.find(n).map_err(refused(event));
    let games = games
        .iter()
        .map(|(b, w)| Ok((find(b)?, find(w)?)))
        .collect::<Result<Vec<_>>>()?;
    let byes = byes.iter().map(|b| find(b)).collect::<Result<Vec<_>>>()?;
    Ok((games, byes))
}

/// The game on `board` of `round` of `ev` (the event `event`): the one lookup of a board,
/// whose errors say what is paired ([`StoreError::RoundNotPaired`], [`StoreError::NoBoard`]).
pub fn paired_game<'a>(ev: &'a Event, event: &str, round: u32, board: u32) -> Result<&'a Game> {
    let n_paired = ev.rounds().len() as u32;
    if round == 0 || round > n_paired {
        return Err(StoreError::RoundNotPaired {
            event: event.into(),
            round,
            n_paired,
        });
    }
    let r = &ev.rounds()[round as usize - 1];
    r.games
        .iter()
        .find(|g| g.board == board)
        .ok_or_else(|| StoreError::NoBoard {
            event: event.into(),
            round,
            board,
            n_boards: r.games.len() as u32,
        })
}

/// [`paired_game`], checked to be between `players` (Black's name, then White's): the one
/// check that a live game belongs to the board it names ([`StoreError::OtherPlayers`] if
/// the board pairs other players, or the same with the colours the other way round).
pub fn game_between<'a>(ev: &'a Event, event: &str, round: u32, board: u32, players: [&str; 2]) -> Result<&'a Game> {
    let g = paired_game(ev, event, round, board)?;
    let paired = [&ev.player(g.black).name, &ev.player(g.white).name];
    if paired != players {
        return Err(StoreError::OtherPlayers {
            event: event.into(),
            round,
            board,
            paired: Box::new(paired.map(String::clone)),
            given: Box::new(players.map(str::to_string)),
        });
    }
    Ok(g)
}

fn pairing_id(tx: &Tx<'_>, event: &str, round: u32, board: u32) -> Result<i64> {
    tx.query_opt(
        "SELECT id FROM pairing WHERE event_id = ?1 AND round = ?2 AND board = ?3",
        args![event, round, board],
    )?
    .map(|r| r.get(0))
    .transpose()?
    .ok_or_else(|| StoreError::Corrupt(format!("event {event:?}: round {round} board {board} has no row")))
}

/// Whether the id is taken, by an event or a team event (one namespace).
pub(crate) fn event_exists(tx: &Tx<'_>, id: &str) -> Result<bool> {
    tx.scalar(
        "SELECT EXISTS (SELECT 1 FROM event WHERE id = ?1) OR EXISTS (SELECT 1 FROM team_event WHERE id = ?1)",
        args![id],
    )
}

/// The next number of the event's sequence of changes.
fn next_seq(tx: &Tx<'_>, event: &str) -> Result<i64> {
    tx.scalar(
        "UPDATE event SET last_seq = last_seq + 1 WHERE id = ?1 RETURNING last_seq",
        args![event],
    )
}

/// Saves the event's last round (just paired in `l.ev`): the round, its games and byes, the
/// amended proposal, and the results the proposal preset (certain forfeits), all under one
/// sequence number.
fn save_last_round(tx: &Tx<'_>, event: &str, l: &Loaded) -> Result<()> {
    let r = l.ev.rounds().last().expect("a round was just paired");
    let seq = next_seq(tx, event)?;
    if r.number == 1 {
        for (k, &p) in l.ev.draw().iter().enumerate() {
            tx.exec(
                "UPDATE player SET draw_position = ?2 WHERE id = ?1",
                args![l.player(p), k as i64],
            )?;
        }
    }
    let origin = match &r.origin {
        PairingOrigin::Computed => "computed",
        PairingOrigin::Amended { .. } => "amended",
        // The schema's origins are computed, amended and manual: an imported round is kept
        // as manual and replayed as imported where an earlier round is still open.
        PairingOrigin::Manual | PairingOrigin::Imported => "manual",
    };
    tx.exec(
        "INSERT INTO round (event_id, number, seq, origin) VALUES (?1, ?2, ?3, ?4)",
        args![event, r.number, seq, origin],
    )?;
    let proposed: &[(PlayerId, PlayerId)] = match &r.origin {
        PairingOrigin::Amended { proposed, .. } => proposed,
        _ => &[],
    };
    for (k, g) in r.games.iter().enumerate() {
        let changed = match &r.origin {
            PairingOrigin::Computed => false,
            PairingOrigin::Manual | PairingOrigin::Imported => true,
            PairingOrigin::Amended { .. } => !proposed.contains(&(g.black, g.white)),
        };
        let cost = r.explanation.as_ref().and_then(|(costs, _)| costs.get(k));
        let id: i64 = tx.scalar(
            "INSERT INTO pairing (event_id, round, board, black_id, white_id, changed, bracket_match,
                                  cost_rematches, cost_gap_sq, cost_color, cost_split, cost_club_region,
                                  cost_category, cost_dudd)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) RETURNING id",
            args![
                event,
                r.number,
                g.board,
                l.player(g.black),
                l.player(g.white),
                changed,
                g.bracket_match.map(|m| m as i64),
                cost.map(|c| c.rematches),
                cost.map(|c| c.score_gap_sq as i64),
                cost.map(|c| c.color),
                cost.map(|c| c.split),
                cost.map(|c| c.club_region),
                cost.map(|c| c.category as i64),
                cost.map(|c| c.dudd),
            ],
        )?;
        if let Some(result) = g.result {
            tx.exec(
                "INSERT INTO result (pairing_id, seq, result) VALUES (?1, ?2, ?3)",
                args![id, seq, result.to_string()],
            )?;
        }
    }
    for &b in &r.byes {
        tx.exec(
            "INSERT INTO pairing (event_id, round, bye_id) VALUES (?1, ?2, ?3)",
            args![event, r.number, l.player(b)],
        )?;
    }
    for &p in &r.idle {
        tx.exec(
            "INSERT INTO pairing (event_id, round, idle_id) VALUES (?1, ?2, ?3)",
            args![event, r.number, l.player(p)],
        )?;
    }
    if let PairingOrigin::Amended {
        proposed,
        proposed_byes,
    } = &r.origin
    {
        for &(b, w) in proposed {
            tx.exec(
                "INSERT INTO proposed_pairing (event_id, round, black_id, white_id) VALUES (?1, ?2, ?3, ?4)",
                args![event, r.number, l.player(b), l.player(w)],
            )?;
        }
        for &b in proposed_byes {
            tx.exec(
                "INSERT INTO proposed_pairing (event_id, round, bye_id) VALUES (?1, ?2, ?3)",
                args![event, r.number, l.player(b)],
            )?;
        }
    }
    Ok(())
}

fn bye_name(b: ByeValue) -> &'static str {
    match b {
        ByeValue::Win => "win",
        ByeValue::Draw => "draw",
        ByeValue::Loss => "loss",
    }
}

fn divisor_text(d: TotalScoreDivisor) -> String {
    match d {
        TotalScoreDivisor::HalfMaximum => "half-maximum".into(),
        TotalScoreDivisor::HalfLeader => "half-leader".into(),
        TotalScoreDivisor::Fixed(n) => n.to_string(),
    }
}

fn write_system_and_settings(tx: &Tx<'_>, event: &str, system: System, s: &Settings) -> Result<()> {
    let (mut cycles, mut lives, mut best_of, mut reset, mut losses) = (1, 1, 1, false, 1);
    let (mut bar, mut floor) = (None, None);
    match system {
        System::RoundRobin { cycles: c } => cycles = c,
        System::Knockout {
            lives: l,
            best_of: b,
            grand_final_reset: r,
        } => (lives, best_of, reset) = (l, b, r),
        System::Swiss => {}
        System::SwissElimination { losses: l } => losses = l,
        System::McMahon { bar: b, floor: f } => (bar, floor) = (Some(b.to_string()), Some(f.to_string())),
    }
    let chain: Vec<&str> = s.tie_breaks.iter().map(|t| t.name()).collect();
    tx.exec(
        "UPDATE event SET cycles = ?2, lives = ?3, best_of = ?4, grand_final_reset = ?5, elimination_losses = ?6,
                mcmahon_bar = ?7, mcmahon_floor = ?8, bye_value = ?9, tie_breaks = ?10, total_score_divisor = ?11,
                lateness_limit_minutes = ?12, cycle_policy = ?13, time_control = ?14, lots_seed = ?15,
                avoid_same_club = ?16, avoid_same_region = ?17,
                handicap_basis = ?18, handicap_bar = ?19, handicap_correction = ?20, handicap_ceiling = ?21,
                category_limits = ?22, pair_within_categories = ?23
         WHERE id = ?1",
        args![
            event,
            cycles,
            lives,
            best_of,
            reset,
            losses,
            bar,
            floor,
            bye_name(s.bye),
            chain.join(","),
            divisor_text(s.total_score_divisor),
            s.lateness_limit_minutes,
            s.cycle_policy.to_string(),
            // No time control is stored as the empty text, as it always was.
            s.time_control.as_deref().unwrap_or(""),
            // Database integers are signed 64-bit: store the seed's bits.
            s.lots_seed as i64,
            s.avoid_same_club,
            s.avoid_same_region,
            match s.handicap.basis {
                HandicapBasis::Rank => "rank",
                HandicapBasis::Mms => "mms",
            },
            s.handicap.bar.map(|r| r.to_string()),
            s.handicap.correction,
            s.handicap.ceiling,
            s.categories.limits_text(),
            s.categories.pair_within,
        ],
    )?;
    Ok(())
}

fn corrupt(event: &str, what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("event {event:?}: {what}"))
}

/// One recorded change, to replay in sequence order.
enum Change {
    Player {
        db_id: i64,
        player: Player,
    },
    RoundsChanged(u32),
    Round {
        number: u32,
        origin: String,
    },
    Result {
        round: u32,
        board: u32,
        result: GameResult,
    },
    Withdrawal {
        db_id: i64,
    },
    Warning {
        round: u32,
        board: u32,
        db_id: i64,
    },
    Participation {
        db_id: i64,
        round: Option<u32>,
        takes_part: bool,
    },
}

/// A stored player.
struct PlayerRow {
    db_id: i64,
    seq: i64,
    name: String,
    rank: String,
    rating: Option<i32>,
    club: Option<String>,
    region: Option<String>,
    birth: Option<String>,
    draw_position: Option<i64>,
}

/// A stored game or bye of a round.
struct PairingRow {
    board: Option<u32>,
    black: Option<i64>,
    white: Option<i64>,
    bye: Option<i64>,
    idle: Option<i64>,
    bracket_match: Option<i64>,
    cost: Option<PairCost>,
}

/// [`load`]'s event, for the other modules of the store.
pub(crate) fn load_in(tx: &Tx<'_>, id: &str) -> Result<Event> {
    Ok(load(tx, id)?.ev)
}

/// Rebuilds the event by replaying its changes in sequence order through the tournament
/// crate, which checks every one of them as it did when it was made.
pub(crate) fn load(tx: &Tx<'_>, id: &str) -> Result<Loaded> {
    let (name, system, n_rounds, settings) = read_event(tx, id)?;
    // Event::restore: an event stored before the settings' checks (a free-text time control
    // from the server) still loads; every write goes through Event::new.
    let ev = Event::restore(&name, system, n_rounds, settings).map_err(|e| corrupt(id, e))?;
    let mut changes: Vec<(i64, u8, Change)> = Vec::new();

    let rows = tx.query(
        "SELECT id, seq, name, rank, rating, club, region, birth_date, draw_position, lot
         FROM player WHERE event_id = ?1 ORDER BY seq",
        args![id],
    )?;
    // (position, player row) of the draw recorded at the first pairing.
    let mut draw: Vec<(i64, i64)> = Vec::new();
    // The lot kept of each player row (None: registered before lots were kept).
    let mut kept_lots: HashMap<i64, Option<i64>> = HashMap::new();
    for r in rows {
        kept_lots.insert(r.get(0)?, r.get(9)?);
        let PlayerRow {
            db_id,
            seq,
            name,
            rank,
            rating,
            club,
            region,
            birth,
            draw_position,
        } = PlayerRow {
            db_id: r.get(0)?,
            seq: r.get(1)?,
            name: r.get(2)?,
            rank: r.get(3)?,
            rating: r.get(4)?,
            club: r.get(5)?,
            region: r.get(6)?,
            birth: r.get(7)?,
            draw_position: r.get(8)?,
        };
        if let Some(k) = draw_position {
            draw.push((k, db_id));
        }
        let rank = Rank::from_str(&rank).map_err(|e| corrupt(id, format_args!("rank of {name:?}: {e}")))?;
        let birth_date = birth
            .map(|b| Date::from_str(&b))
            .transpose()
            .map_err(|e| corrupt(id, format_args!("birth date of {name:?}: {e}")))?;
        let player = Player {
            name,
            rank,
            rating,
            club,
            region,
            birth_date,
        };
        changes.push((seq, 0, Change::Player { db_id, player }));
    }

    for r in tx.query("SELECT seq, n_rounds FROM rounds_change WHERE event_id = ?1", args![id])? {
        let (seq, n): (i64, u32) = (r.get(0)?, r.get(1)?);
        changes.push((seq, 0, Change::RoundsChanged(n)));
    }

    for r in tx.query("SELECT seq, number, origin FROM round WHERE event_id = ?1", args![id])? {
        let (seq, number, origin): (i64, u32, String) = (r.get(0)?, r.get(1)?, r.get(2)?);
        changes.push((seq, 0, Change::Round { number, origin }));
    }

    // Results preset by a pairing share its sequence number and come right after it.
    for r in tx.query(
        "SELECT r.seq, p.round, p.board, r.result FROM result r JOIN pairing p ON p.id = r.pairing_id
         WHERE p.event_id = ?1 ORDER BY r.id",
        args![id],
    )? {
        let (seq, round, board, text): (i64, u32, u32, String) = (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        let result =
            GameResult::from_str(&text).map_err(|e| corrupt(id, format_args!("round {round} board {board}: {e}")))?;
        changes.push((seq, 1, Change::Result { round, board, result }));
    }

    for r in tx.query(
        "SELECT w.seq, w.player_id FROM withdrawal w JOIN player p ON p.id = w.player_id WHERE p.event_id = ?1",
        args![id],
    )? {
        let (seq, db_id): (i64, i64) = (r.get(0)?, r.get(1)?);
        changes.push((seq, 0, Change::Withdrawal { db_id }));
    }

    for r in tx.query(
        "SELECT w.seq, p.round, p.board, w.player_id FROM warning w JOIN pairing p ON p.id = w.pairing_id
         WHERE p.event_id = ?1",
        args![id],
    )? {
        let (seq, round, board, db_id): (i64, u32, u32, i64) = (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        changes.push((seq, 0, Change::Warning { round, board, db_id }));
    }

    for r in tx.query(
        "SELECT x.seq, x.player_id, x.round, x.takes_part FROM participation x JOIN player p ON p.id = x.player_id
         WHERE p.event_id = ?1",
        args![id],
    )? {
        let (seq, db_id, round, takes_part): (i64, i64, Option<u32>, bool) =
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        changes.push((
            seq,
            0,
            Change::Participation {
                db_id,
                round,
                takes_part,
            },
        ));
    }

    changes.sort_by_key(|(seq, order, _)| (*seq, *order));
    let mut l = Loaded {
        ev,
        db_id: Vec::new(),
        unkept_lots: Vec::new(),
    };
    let mut of_db: HashMap<i64, PlayerId> = HashMap::new();
    for (seq, _, change) in changes {
        let at = |e: &dyn std::fmt::Display| corrupt(id, format_args!("change {seq}: {e}"));
        let pid = |db_id: i64| {
            of_db
                .get(&db_id)
                .copied()
                .ok_or_else(|| at(&format_args!("no player row {db_id}")))
        };
        match change {
            Change::Player { db_id, player } => {
                // As kept: a player registered before a bound of tournament::limits loads.
                let p = l.ev.restore_player(player).map_err(|e| at(&e))?;
                debug_assert_eq!(p.0, l.db_id.len());
                l.db_id.push(db_id);
                of_db.insert(db_id, p);
            }
            Change::RoundsChanged(n) => l.ev.restore_rounds(n).map_err(|e| at(&e))?,
            Change::Round { number, origin } => {
                if number == 1 && !draw.is_empty() {
                    draw.sort();
                    let order = draw.iter().map(|&(_, db_id)| pid(db_id)).collect::<Result<Vec<_>>>()?;
                    l.ev.restore_draw(&order).map_err(|e| at(&e))?;
                }
                replay_round(tx, id, &mut l, &of_db, number, &origin).map_err(|e| at(&e))?
            }
            Change::Result { round, board, result } => l.ev.set_result(round, board, result).map_err(|e| at(&e))?,
            Change::Withdrawal { db_id } => l.ev.withdraw(pid(db_id)?).map_err(|e| at(&e))?,
            Change::Participation {
                db_id,
                round,
                takes_part,
            } => {
                let p = pid(db_id)?;
                match round {
                    Some(r) => l.ev.set_participation(p, r, takes_part),
                    None => l.ev.set_preregistered(p, !takes_part),
                }
                .map_err(|e| at(&e))?
            }
            Change::Warning { round, board, db_id } => {
                let p = pid(db_id)?;
                let color =
                    l.ev.rounds()
                        .get(round as usize - 1)
                        .and_then(|r| r.games.iter().find(|g| g.board == board))
                        .and_then(|g| g.color_of(p))
                        .ok_or_else(|| {
                            at(&format_args!(
                                "the warned player is not on board {board} of round {round}"
                            ))
                        })?;
                l.ev.add_warning(round, board, color).map_err(|e| at(&e))?;
            }
        }
    }
    // Each player's lot as kept; an event's players kept without one get the lots the event
    // drew for them then (its field as it is now), kept at its next registration.
    let legacy = l.ev.legacy_lots();
    for (k, db_id) in l.db_id.clone().into_iter().enumerate() {
        let p = PlayerId(k);
        let lot = match kept_lots.get(&db_id).copied().flatten() {
            Some(lot) => u32::try_from(lot).map_err(|_| corrupt(id, format_args!("player row {db_id}: lot {lot}")))?,
            None => {
                l.unkept_lots.push(p);
                legacy[k]
            }
        };
        l.ev.restore_lot(p, lot).map_err(|e| corrupt(id, e))?;
    }
    Ok(l)
}

/// Replays one round as it was paired: a computed round is restored game by game (not
/// computed again, so a later change to the pairing program cannot rewrite history); an
/// amended one with its proposal; a manual one as the director gave it.
fn replay_round(
    tx: &Tx<'_>,
    event: &str,
    l: &mut Loaded,
    of_db: &HashMap<i64, PlayerId>,
    number: u32,
    origin: &str,
) -> std::result::Result<(), String> {
    let pid = |db_id: Option<i64>| -> std::result::Result<PlayerId, String> {
        db_id
            .and_then(|d| of_db.get(&d).copied())
            .ok_or_else(|| format!("round {number}: a pairing names no known player"))
    };
    let rows = pairing_rows(tx, event, number, "pairing").map_err(|e| e.to_string())?;
    let mut games = Vec::new();
    let mut pairs = Vec::new();
    let mut byes = Vec::new();
    let mut idle = Vec::new();
    let mut costs = Vec::new();
    for r in &rows {
        if r.bye.is_some() {
            byes.push(pid(r.bye)?);
            continue;
        }
        if r.idle.is_some() {
            idle.push(pid(r.idle)?);
            continue;
        }
        let (black, white) = (pid(r.black)?, pid(r.white)?);
        pairs.push((black, white));
        costs.push(r.cost);
        games.push(Game {
            board: r.board.unwrap_or(0),
            black,
            white,
            result: None,
            warnings: [0, 0],
            void: false,
            bracket_match: r.bracket_match.map(|m| m as usize),
        });
    }
    let e = |e: EventError| format!("round {number}: {e}");
    match origin {
        "computed" => {
            let explanation = if !costs.is_empty() && costs.iter().all(Option::is_some) {
                let costs: Vec<PairCost> = costs.into_iter().flatten().collect();
                let mut total = PairCost::default();
                for c in &costs {
                    total.add(c);
                }
                Some((costs, total))
            } else {
                None
            };
            let p = Proposal {
                round: number,
                games,
                byes,
                idle,
                explanation,
            };
            l.ev.accept_proposal(p).map_err(e)?;
        }
        "amended" => {
            let proposed = pairing_rows(tx, event, number, "proposed_pairing").map_err(|e| e.to_string())?;
            let mut p = Proposal {
                round: number,
                games: Vec::new(),
                byes: Vec::new(),
                idle: Vec::new(),
                explanation: None,
            };
            for r in &proposed {
                if r.bye.is_some() {
                    p.byes.push(pid(r.bye)?);
                } else {
                    let board = p.games.len() as u32 + 1;
                    p.games.push(Game {
                        board,
                        black: pid(r.black)?,
                        white: pid(r.white)?,
                        result: None,
                        warnings: [0, 0],
                        void: false,
                        bracket_match: None,
                    });
                }
            }
            l.ev.accept_amended(p, &pairs, &byes).map_err(e)?;
        }
        "manual" => match l.ev.pair_manual(&pairs, &byes) {
            // Only an import writes a round after one still open (as the imported file
            // had it): it replays as imported.
            Err(EventError::RoundUnfinished { .. }) => {
                l.ev.pair_imported(&pairs, &byes).map_err(e)?;
            }
            r => {
                r.map_err(e)?;
            }
        },
        other => return Err(format!("round {number}: unknown origin {other:?}")),
    }
    Ok(())
}

fn pairing_rows(tx: &Tx<'_>, event: &str, number: u32, table: &str) -> Result<Vec<PairingRow>> {
    let sql = if table == "pairing" {
        "SELECT board, black_id, white_id, bye_id, idle_id, bracket_match,
                cost_rematches, cost_gap_sq, cost_color, cost_split, cost_club_region, cost_category,
                cost_dudd
         FROM pairing WHERE event_id = ?1 AND round = ?2 ORDER BY board IS NULL, board, id"
    } else {
        "SELECT NULL, black_id, white_id, bye_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
         FROM proposed_pairing WHERE event_id = ?1 AND round = ?2 ORDER BY id"
    };
    let mut out = Vec::new();
    for r in tx.query(sql, args![event, number])? {
        let parts: [Option<i64>; 5] = [r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?, r.get(10)?];
        let cost = match parts {
            [Some(a), Some(b), Some(c), Some(d), Some(e)] => Some(PairCost {
                rematches: a as u32,
                // Rounds paired before categories were kept have none.
                category: r.get::<Option<i64>>(11)?.unwrap_or(0) as u64,
                score_gap_sq: b as u64,
                // Rounds paired before draw-ups were weighed have none.
                dudd: r.get::<Option<i64>>(12)?.unwrap_or(0) as u32,
                color: c as u32,
                split: d as u32,
                club_region: e as u32,
            }),
            _ => None,
        };
        out.push(PairingRow {
            board: r.get(0)?,
            black: r.get(1)?,
            white: r.get(2)?,
            bye: r.get(3)?,
            idle: r.get(4)?,
            bracket_match: r.get(5)?,
            cost,
        });
    }
    Ok(out)
}

/// The event row: name, system, planned rounds and settings.
fn read_event(tx: &Tx<'_>, id: &str) -> Result<(String, System, u32, Settings)> {
    let r = tx
        .query_opt(
            "SELECT name, system, n_rounds, cycles, lives, best_of, grand_final_reset, elimination_losses,
                    mcmahon_bar, mcmahon_floor,
                    bye_value, tie_breaks, total_score_divisor, lateness_limit_minutes, cycle_policy,
                    time_control, lots_seed, avoid_same_club, avoid_same_region,
                    handicap_basis, handicap_bar, handicap_correction, handicap_ceiling,
                    category_limits, pair_within_categories
             FROM event WHERE id = ?1",
            args![id],
        )?
        .ok_or_else(|| StoreError::NoEvent(id.to_string()))?;
    let (name, system, n_rounds, cycles, lives, best_of): (String, String, u32, u32, u32, u32) =
        (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?);
    let (reset, losses, bar, floor): (bool, u32, Option<String>, Option<String>) =
        (r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?);
    let (bye, chain, divisor, lateness, cycle): (String, String, String, u32, String) =
        (r.get(10)?, r.get(11)?, r.get(12)?, r.get(13)?, r.get(14)?);
    let (time_control, seed, club, region): (String, i64, bool, bool) =
        (r.get(15)?, r.get(16)?, r.get(17)?, r.get(18)?);
    let (basis, hd_bar, correction, ceiling): (String, Option<String>, u32, u32) =
        (r.get(19)?, r.get(20)?, r.get(21)?, r.get(22)?);
    let (limits, pair_within): (String, bool) = (r.get(23)?, r.get(24)?);
    let categories = tournament::Categories {
        lower_limits: tournament::Categories::parse_limits(&limits)
            .map_err(|e| corrupt(id, format_args!("categories: {e}")))?,
        pair_within,
    };
    let handicap = HandicapRule {
        basis: match basis.as_str() {
            "rank" => HandicapBasis::Rank,
            "mms" => HandicapBasis::Mms,
            other => return Err(corrupt(id, format_args!("unknown handicap basis {other:?}"))),
        },
        bar: hd_bar
            .map(|b| Rank::from_str(&b).map_err(|e| corrupt(id, format_args!("handicap bar: {e}"))))
            .transpose()?,
        correction,
        ceiling,
    };
    let rank = |what: &str, s: Option<String>| -> Result<Rank> {
        let s = s.ok_or_else(|| corrupt(id, format_args!("a McMahon event without a {what}")))?;
        Rank::from_str(&s).map_err(|e| corrupt(id, format_args!("McMahon {what}: {e}")))
    };
    let kind = SystemKind::from_str(&system).map_err(|e| corrupt(id, e))?;
    let system = match kind {
        SystemKind::RoundRobin => System::RoundRobin { cycles },
        SystemKind::Knockout => System::Knockout {
            lives,
            best_of,
            grand_final_reset: reset,
        },
        SystemKind::Swiss => System::Swiss,
        SystemKind::SwissElimination => System::SwissElimination { losses },
        SystemKind::McMahon => System::McMahon {
            bar: rank("bar", bar)?,
            floor: rank("floor", floor)?,
        },
    };
    let bye = match bye.as_str() {
        "win" => ByeValue::Win,
        "draw" => ByeValue::Draw,
        "loss" => ByeValue::Loss,
        other => return Err(corrupt(id, format_args!("unknown bye value {other:?}"))),
    };
    let tie_breaks = if chain.is_empty() {
        Vec::new()
    } else {
        chain
            .split(',')
            .map(|t| TieBreak::from_str(t).map_err(|e| corrupt(id, e)))
            .collect::<Result<Vec<_>>>()?
    };
    let total_score_divisor = match divisor.as_str() {
        "half-maximum" => TotalScoreDivisor::HalfMaximum,
        "half-leader" => TotalScoreDivisor::HalfLeader,
        n => TotalScoreDivisor::Fixed(
            n.parse()
                .map_err(|_| corrupt(id, format_args!("unknown total score divisor {n:?}")))?,
        ),
    };
    let settings = Settings {
        bye,
        lateness_limit_minutes: lateness,
        cycle_policy: cycle.parse().map_err(|e| corrupt(id, e))?,
        time_control: Some(time_control).filter(|t| !t.is_empty()),
        avoid_same_club: club,
        avoid_same_region: region,
        tie_breaks,
        lots_seed: seed as u64,
        total_score_divisor,
        handicap,
        categories,
    };
    Ok((name, system, n_rounds, settings))
}

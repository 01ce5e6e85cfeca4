//! Team events (kept as their record of changes) and attachments to events.

use crate::Store;
use crate::StoreError;
use crate::backend::{Tx, args};
use crate::store::event_exists;

type Result<T> = std::result::Result<T, StoreError>;

impl Store {
    /// Creates a team event whose record starts with `first` (the change that creates it).
    /// The id must be free among events and team events.
    pub fn create_team_event(&mut self, id: &str, first: &str) -> Result<()> {
        if id.is_empty() || id.chars().count() > 64 || id.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(StoreError::Invalid(format!(
                "event id {id:?} must be 1 to 64 characters without spaces"
            )));
        }
        let tx = self.write()?;
        if event_exists(&tx, id)? {
            return Err(StoreError::EventExists(id.into()));
        }
        tx.exec("INSERT INTO team_event (id) VALUES (?1)", args![id])?;
        tx.exec(
            "INSERT INTO team_change (event_id, seq, change) VALUES (?1, 1, ?2)",
            args![id, first],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The record of a team event, oldest change first.
    pub fn team_changes(&mut self, id: &str) -> Result<Vec<String>> {
        let tx = self.read()?;
        let exists: bool = tx.scalar("SELECT EXISTS (SELECT 1 FROM team_event WHERE id = ?1)", args![id])?;
        if !exists {
            return Err(StoreError::NoEvent(id.into()));
        }
        let v = tx
            .query(
                "SELECT change FROM team_change WHERE event_id = ?1 ORDER BY seq",
                args![id],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<Vec<String>>>()?;
        tx.commit()?;
        Ok(v)
    }

    /// Appends a change to a team event that the caller checked on the record of `seen`
    /// changes; refused if the record has grown since (another process wrote meanwhile), so
    /// every change is checked against the record it follows.
    pub fn append_team_change(&mut self, id: &str, seen: usize, change: &str) -> Result<()> {
        let tx = self.write()?;
        let n: Option<i64> = tx
            .query_opt(
                "SELECT (SELECT COUNT(*) FROM team_change WHERE event_id = ?1) FROM team_event WHERE id = ?1",
                args![id],
            )?
            .map(|r| r.get(0))
            .transpose()?;
        let Some(n) = n else {
            return Err(StoreError::NoEvent(id.into()));
        };
        if n as usize != seen {
            return Err(StoreError::Database(format!(
                "team event {id:?} changed meanwhile ({n} changes, {seen} seen); try again"
            )));
        }
        tx.exec(
            "INSERT INTO team_change (event_id, seq, change) VALUES (?1, ?2, ?3)",
            args![id, n + 1, change],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The ids of the team events.
    pub fn team_events(&mut self) -> Result<Vec<String>> {
        let tx = self.read()?;
        let v = tx
            .query("SELECT id FROM team_event ORDER BY id", args![])?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<Vec<String>>>()?;
        tx.commit()?;
        Ok(v)
    }

    /// Attaches (or replaces) a named text to an event.
    pub fn set_attachment(&mut self, event: &str, name: &str, body: &str) -> Result<()> {
        let tx = self.write()?;
        set_attachment_in(&tx, event, name, body)?;
        tx.commit()?;
        Ok(())
    }

    /// The text attached to an event under `name`, if any.
    pub fn attachment(&mut self, event: &str, name: &str) -> Result<Option<String>> {
        let tx = self.read()?;
        let body = tx
            .query_opt(
                "SELECT body FROM event_attachment WHERE event_id = ?1 AND name = ?2",
                args![event, name],
            )?
            .map(|r| r.get(0))
            .transpose()?;
        tx.commit()?;
        Ok(body)
    }
}

/// [`Store::set_attachment`] in the caller's transaction.
pub(crate) fn set_attachment_in(tx: &Tx<'_>, event: &str, name: &str, body: &str) -> Result<()> {
    let exists: bool = tx.scalar("SELECT EXISTS (SELECT 1 FROM event WHERE id = ?1)", args![event])?;
    if !exists {
        return Err(StoreError::NoEvent(event.into()));
    }
    // The timestamp is SQLite's expression, which the backend translates for PostgreSQL.
    tx.exec(
        "INSERT INTO event_attachment (event_id, name, body) VALUES (?1, ?2, ?3)
         ON CONFLICT (event_id, name) DO UPDATE SET body = excluded.body,
             recorded_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
        args![event, name, body],
    )?;
    Ok(())
}

impl Store {
    /// Freezes the players' ratings before the event: sets each named player's rating (the
    /// one seeding and the Swiss halves use) and attaches `body` under `name` (the frozen
    /// list), in one transaction. Refused once a round is paired, when the seeding has been
    /// used; a name not in the event is refused, and then nothing changes.
    pub fn freeze_ratings(
        &mut self,
        event: &str,
        ratings: &[(String, Option<i32>)],
        name: &str,
        body: &str,
    ) -> Result<tournament::Event> {
        let tx = self.write()?;
        let ev = crate::store::load_in(&tx, event)?;
        if !ev.rounds().is_empty() {
            return Err(StoreError::Invalid(format!(
                "ratings are frozen before round 1 is paired; event {event:?} has {} round(s) paired",
                ev.rounds().len()
            )));
        }
        for (player, rating) in ratings {
            if ev.find(player).is_err() {
                return Err(StoreError::Invalid(format!("event {event:?} has no player {player:?}")));
            }
            tx.exec(
                "UPDATE player SET rating = ?1 WHERE event_id = ?2 AND name = ?3",
                args![*rating, event, player.as_str()],
            )?;
        }
        set_attachment_in(&tx, event, name, body)?;
        let ev = crate::store::load_in(&tx, event)?;
        tx.commit()?;
        Ok(ev)
    }
}

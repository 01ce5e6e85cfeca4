//! Team events and challenge matches (each kept as its record of changes) and attachments to
//! events.

use crate::Store;
use crate::StoreError;
use crate::backend::{Tx, args};
use crate::store::event_exists;

type Result<T> = std::result::Result<T, StoreError>;

/// What a record kept in `team_event` is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A team event (`teams::Change` lines).
    Team,
    /// A challenge match (擂台赛, Art. 26.6).
    Challenge,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Team => "team",
            Kind::Challenge => "challenge",
        }
    }

    fn from_name(s: &str) -> Option<Kind> {
        [Kind::Team, Kind::Challenge].into_iter().find(|k| k.name() == s)
    }

    fn words(self) -> &'static str {
        match self {
            Kind::Team => "team event",
            Kind::Challenge => "challenge match",
        }
    }
}

impl Store {
    /// Creates a team event whose record starts with `first` (the change that creates it).
    /// The id must be free among events, team events and challenge matches.
    pub fn create_team_event(&mut self, id: &str, first: &str) -> Result<()> {
        self.create_record(id, first, Kind::Team)
    }

    /// The record of a team event, oldest change first.
    pub fn team_changes(&mut self, id: &str) -> Result<Vec<String>> {
        self.record(id, Kind::Team)
    }

    /// Appends a change to a team event that the caller checked on the record of `seen`
    /// changes; refused if the record has grown since (another process wrote meanwhile), so
    /// every change is checked against the record it follows.
    pub fn append_team_change(&mut self, id: &str, seen: usize, change: &str) -> Result<()> {
        self.append(id, seen, change, Kind::Team)
    }

    /// The ids of the team events.
    pub fn team_events(&mut self) -> Result<Vec<String>> {
        self.ids(Kind::Team)
    }

    /// Creates a challenge match (擂台赛, Art. 26.6) whose record starts with `first` (the line
    /// that creates it, with both teams' orders). The id must be free among events, team
    /// events and challenge matches. Like a team event, the match is its record, which the
    /// caller replays; the store does not interpret it.
    pub fn create_challenge(&mut self, id: &str, first: &str) -> Result<()> {
        self.create_record(id, first, Kind::Challenge)
    }

    /// The record of a challenge match, oldest line first.
    pub fn challenge_changes(&mut self, id: &str) -> Result<Vec<String>> {
        self.record(id, Kind::Challenge)
    }

    /// Appends a line to a challenge match that the caller checked on the record of `seen`
    /// lines; refused if the record has grown since.
    pub fn append_challenge_change(&mut self, id: &str, seen: usize, change: &str) -> Result<()> {
        self.append(id, seen, change, Kind::Challenge)
    }

    /// The ids of the challenge matches.
    pub fn challenges(&mut self) -> Result<Vec<String>> {
        self.ids(Kind::Challenge)
    }

    fn create_record(&mut self, id: &str, first: &str, kind: Kind) -> Result<()> {
        if id.is_empty() || id.chars().count() > 64 || id.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(StoreError::Invalid(format!(
                "event id {id:?} must be 1 to 64 characters without spaces"
            )));
        }
        let tx = self.write()?;
        if event_exists(&tx, id)? {
            return Err(StoreError::EventExists(id.into()));
        }
        tx.exec(
            "INSERT INTO team_event (id, kind) VALUES (?1, ?2)",
            args![id, kind.name()],
        )?;
        tx.exec(
            "INSERT INTO team_change (event_id, seq, change) VALUES (?1, 1, ?2)",
            args![id, first],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Refused with [`StoreError::NoEvent`] when there is no record `id`, and with
    /// [`StoreError::Invalid`] when it is of the other kind.
    fn check_kind(tx: &Tx<'_>, id: &str, kind: Kind) -> Result<()> {
        let found: Option<String> = tx
            .query_opt("SELECT kind FROM team_event WHERE id = ?1", args![id])?
            .map(|r| r.get(0))
            .transpose()?;
        match found {
            None => Err(StoreError::NoEvent(id.into())),
            Some(k) if k == kind.name() => Ok(()),
            Some(k) => {
                let what = Kind::from_name(&k).map_or(k.clone(), |k| k.words().to_string());
                Err(StoreError::Invalid(format!(
                    "event {id:?} is a {what}, not a {}",
                    kind.words()
                )))
            }
        }
    }

    fn record(&mut self, id: &str, kind: Kind) -> Result<Vec<String>> {
        let tx = self.read()?;
        Store::check_kind(&tx, id, kind)?;
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

    fn append(&mut self, id: &str, seen: usize, change: &str, kind: Kind) -> Result<()> {
        let tx = self.write()?;
        Store::check_kind(&tx, id, kind)?;
        let n: i64 = tx.scalar("SELECT COUNT(*) FROM team_change WHERE event_id = ?1", args![id])?;
        if n as usize != seen {
            return Err(StoreError::Database(format!(
                "{} {id:?} changed meanwhile ({n} changes, {seen} seen); try again",
                kind.words()
            )));
        }
        tx.exec(
            "INSERT INTO team_change (event_id, seq, change) VALUES (?1, ?2, ?3)",
            args![id, n + 1, change],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn ids(&mut self, kind: Kind) -> Result<Vec<String>> {
        let tx = self.read()?;
        let v = tx
            .query(
                "SELECT id FROM team_event WHERE kind = ?1 ORDER BY id",
                args![kind.name()],
            )?
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

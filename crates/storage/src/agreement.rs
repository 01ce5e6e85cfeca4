//! An event's choice of who confirms its games' results (Art. 16.4): both players and a
//! referee (the rule, and the default), or the players' agreement alone (a club event). Kept
//! in its own column of the event, apart from the pairing's settings, since it changes no
//! pairing and may be set at any time: it applies to the games started after it is set.

use crate::Store;
use crate::StoreError;
use crate::backend::args;

type Result<T> = std::result::Result<T, StoreError>;

impl Store {
    /// Whether event `id` lets its players' agreement on a result stand without a referee's
    /// confirmation (Art. 16.4). `NoEvent` if there is no such event.
    pub fn players_agreement(&mut self, id: &str) -> Result<bool> {
        let tx = self.read()?;
        let v: Option<bool> = tx
            .query_opt("SELECT players_agreement FROM event WHERE id = ?1", args![id])?
            .map(|r| r.get(0))
            .transpose()?;
        v.ok_or_else(|| StoreError::NoEvent(id.into()))
    }

    /// Sets whether event `id` lets its players' agreement stand (Art. 16.4).
    pub fn set_players_agreement(&mut self, id: &str, stands: bool) -> Result<()> {
        let tx = self.write()?;
        let n = tx.exec(
            "UPDATE event SET players_agreement = ?2 WHERE id = ?1",
            args![id, stands],
        )?;
        if n == 0 {
            return Err(StoreError::NoEvent(id.into()));
        }
        tx.commit()?;
        Ok(())
    }
}

//! An event imported whole from another program's file, in one transaction: the event, its
//! players, its rounds with their results, and what the file knows that the event does not
//! (attachments). A failure anywhere, the last attachment included, leaves the database as it
//! was: no partial event.

use tournament::{Event, GameResult, Player};

use crate::extra::set_attachment_in;
use crate::model::NewEvent;
use crate::store::{add_player_loaded, create_event_in, load, pair_loaded, record_result_loaded, set_participation_in};
use crate::{Store, StoreError};

/// One paired round of an imported event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRound {
    /// The games as (black, white, result), by name, in board order.
    pub games: Vec<(String, String, Option<GameResult>)>,
    /// The players with a bye, by name.
    pub byes: Vec<String>,
}

/// An event as another program's file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedEvent {
    /// The event.
    pub event: NewEvent,
    /// Its players, in registration order.
    pub players: Vec<Player>,
    /// Its paired rounds, in order.
    pub rounds: Vec<ImportRound>,
    /// Named texts kept with the event (see [`Store::set_attachment`]).
    pub attachments: Vec<(String, String)>,
    /// Who misses a round not yet paired, as (player, round), and who is only pre-registered,
    /// as (player, `None`) ([`Store::set_participation`]).
    pub absences: Vec<(String, Option<u32>)>,
}

impl Store {
    /// Creates the event with its players, rounds, results and attachments in one
    /// transaction, each step checked by the tournament crate as the single operations check
    /// it; returns the event. Refused whole if any step is refused.
    pub fn import_event(&mut self, e: &ImportedEvent) -> Result<Event, StoreError> {
        let tx = self.write()?;
        let id = e.event.id.as_str();
        create_event_in(&tx, &e.event)?;
        // The event is loaded once and every player, round and result applied to it in
        // memory as its rows are written (a file of n players is no n loads of the event).
        let mut l = load(&tx, id)?;
        for p in &e.players {
            add_player_loaded(&tx, id, &mut l, p)?;
        }
        for (k, r) in e.rounds.iter().enumerate() {
            let round = k as u32 + 1;
            let games: Vec<(String, String)> = r.games.iter().map(|(b, w, _)| (b.clone(), w.clone())).collect();
            pair_loaded(&tx, id, &mut l, &games, &r.byes, true)?;
            for (i, (_, _, res)) in r.games.iter().enumerate() {
                if let Some(res) = res {
                    record_result_loaded(&tx, id, &mut l, round, i as u32 + 1, None, *res, false)?;
                }
            }
        }
        // Absences and pre-registrations are few: each is applied on the event as written so far.
        for (name, round) in &e.absences {
            set_participation_in(&tx, id, name, *round, false)?;
        }
        for (name, body) in &e.attachments {
            set_attachment_in(&tx, id, name, body)?;
        }
        // The event as a load gives it (a round kept as manual reads back as such): once.
        let ev = load(&tx, id)?.ev;
        tx.commit()?;
        Ok(ev)
    }
}

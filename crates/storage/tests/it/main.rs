//! Storage tests: migrations, transactions that roll back on injected failures, round trips
//! of every kind of record, and replayed events equal to the same events built in memory.

mod import;
mod migrations;
mod replay;
mod roundtrip;
mod transactions;

use std::path::{Path, PathBuf};

use storage::{NewEvent, Store};
use tournament::{Player, Rank, Settings, System};

/// A database file in a fresh directory under the target's temporary folder, removed on drop.
pub struct TempDb {
    dir: PathBuf,
}

impl TempDb {
    pub fn new(name: &str) -> TempDb {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDb { dir }
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join("weiqi.db")
    }

    pub fn open(&self) -> Store {
        Store::open(&self.path()).expect("open store")
    }

    /// A plain connection beside the store's, to look below the API or inject failures.
    pub fn raw(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.path()).expect("open raw connection")
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn new_event(id: &str, system: System, n_rounds: u32) -> NewEvent {
    NewEvent {
        id: id.into(),
        name: format!("The {id} open"),
        system,
        n_rounds,
        settings: Settings::default(),
    }
}

pub fn player(name: &str, rank: &str) -> Player {
    Player::new(name, rank.parse::<Rank>().expect("rank"))
}

pub fn names(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(b, w)| (b.to_string(), w.to_string())).collect()
}

/// A Swiss event "e" of three rounds with players A..=F (ranks 6d down to 1d).
pub fn six_players(store: &mut Store) {
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    for (i, name) in ["A", "B", "C", "D", "E", "F"].iter().enumerate() {
        store.add_player("e", &player(name, &format!("{}d", 6 - i))).unwrap();
    }
}

//! Live games: one tokio task per active game owns its [`Referee`], takes its commands one at
//! a time, makes each event durable before it answers or broadcasts, and runs the game's
//! clock: it sleeps until the clock's next announcement and fires it (a byo-yomi call is
//! pushed to the subscribers; the flag is recorded as a system `Flag` event).

use crate::db::{Db, DbError, Idempotency, Note, StoredGame};
use crate::scoring::Scoring;
use crate::time::Time;
use crate::wire::games::{BlackWhite, CallPush, ConfirmedBy, EventPush, GameState, ProposalPush, Pushed, StateResult};
use crate::wire::json::as_json;
use crate::wire::{WColor, WEvent, WOutcome, WSettings};
use axum::extract::ws::Utf8Bytes;
use clock::Instant;
use referee::{Action, Actor, Event, Phase, Referee, RefereeError};
use rules::Color;
use rules::Lang;
use serde_json::Value as Json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot};

/// What the server knows of a game besides its record.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The game's id.
    pub id: i64,
    /// The storage event it belongs to, with round and board, if any.
    pub event_id: Option<String>,
    /// Round in the event.
    pub round: Option<u32>,
    /// Board in the round.
    pub board: Option<u32>,
    /// The settings as created.
    pub settings: WSettings,
    /// The per-seat secrets (a tablet at the board holds one), Black's then White's.
    pub secrets: [String; 2],
    /// The account that created it.
    pub owner: Option<i64>,
    /// Accounts that joined as Black, White.
    pub accounts: [Option<i64>; 2],
}

/// A message to subscribers. Every one carries the game's sequence number: the number of
/// events recorded so far (an event's own `seq` is its index, so after it the count is
/// `seq + 1`).
///
/// It is serialised once, here, and every subscriber's socket sends the same bytes: a
/// game's players and spectators share one text, not a copy of the JSON tree each.
#[derive(Clone, Debug)]
pub struct Push {
    /// For an event, its index (a subscriber drops one it already sent from the backlog).
    pub index: Option<u64>,
    /// The message as a socket sends it.
    pub text: Utf8Bytes,
}

impl Push {
    /// The push of `msg`; an event's index is read from it.
    pub fn new(msg: &Json) -> Push {
        Push {
            index: (msg["type"] == "event").then(|| msg["index"].as_u64().unwrap_or(0)),
            text: Utf8Bytes::from(msg.to_string()),
        }
    }
}

/// Why a command was not recorded.
#[derive(Debug)]
pub enum SubmitError {
    /// The command was for another sequence number: the game has moved on (or not so far).
    Stale {
        /// The sequence number the command named.
        expected: u64,
        /// The game now.
        state: Json,
    },
    /// The referee refused it (with the article where one applies).
    Refused(RefereeError),
    /// The database failed: nothing was recorded.
    Failed(String),
}

/// An acknowledged command: the event is durable at index `seq`.
#[derive(Debug, Clone)]
pub struct Ack {
    /// The index of the recorded event.
    pub seq: u64,
    /// Whether this was a repeat of a command that had landed already (it landed once).
    pub duplicate: bool,
    /// The game after it.
    pub state: Json,
    /// What writing the game's result into its event did, if this event made the result
    /// final or corrected it (a game on an event's board that still pairs its players; `None`
    /// when the write failed, which is logged).
    pub event: Option<storage::Recorded>,
}

/// The storage crate's store of events, shared by the handlers and the game tasks (which
/// write final results into it), on two connections to the database: one that writes
/// (writers are serialised, by this lock and by the database) and one that reads. A long
/// write, such as a registration file of thousands of players, holds only the writer: a read
/// of any event goes on meanwhile, from the last committed state (SQLite in WAL mode and
/// PostgreSQL both let a reader read while a writer writes).
#[derive(Clone)]
pub struct EventStore {
    write: Arc<Mutex<storage::Store>>,
    read: Arc<Mutex<storage::Store>>,
}

impl EventStore {
    /// The store over a connection for writes and another, to the same database, for reads.
    pub fn new(write: storage::Store, read: storage::Store) -> EventStore {
        EventStore {
            write: Arc::new(Mutex::new(write)),
            read: Arc::new(Mutex::new(read)),
        }
    }

    /// The connection for writes (and for reads that must see the writes of the same call).
    pub fn lock(&self) -> std::sync::LockResult<std::sync::MutexGuard<'_, storage::Store>> {
        self.write.lock()
    }

    /// The connection for reads: never held up by a write under way.
    pub fn lock_read(&self) -> std::sync::LockResult<std::sync::MutexGuard<'_, storage::Store>> {
        self.read.lock()
    }
}

/// A game's final result in its event's terms (Art. 16.4: confirmed, with the chief
/// referee's latest correction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Final {
    /// The result the event should hold.
    pub result: tournament::GameResult,
    /// Whether the chief referee corrected the confirmed result (Art. 16.4).
    pub corrected: bool,
    /// The game's final result before the chief referee's latest correction (the confirmed
    /// one, or the correction before): what the server wrote into the event before this one.
    pub before: Option<tournament::GameResult>,
}

/// The names of a game's players as its event pairs them: the first seat's, then the
/// second's (the pairing's Black, then White), which [`storage::game_between`] checks.
pub fn players(info: &GameInfo) -> [&str; 2] {
    let p = &info.settings.players;
    [p[0].name.as_str(), p[1].name.as_str()]
}

/// What an official's result entered by hand did to the live game of that board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entered {
    /// The game already had this result: nothing was recorded.
    Agrees,
    /// The game was in play (or its result unconfirmed): the chief referee's adjudication
    /// ended it (Art. 13.1), and its clocks stopped.
    Adjudicated,
    /// The game was final with another result: the chief referee's correction was recorded
    /// (Art. 16.4, 30).
    Corrected,
}

enum Cmd {
    Submit {
        seq: u64,
        actor: Actor,
        by: String,
        action: Action,
        reply: oneshot::Sender<Result<Ack, SubmitError>>,
    },
    State {
        reply: oneshot::Sender<Json>,
    },
    Since {
        seq: u64,
        reply: oneshot::Sender<Result<Vec<Json>, Json>>,
    },
    /// Another instance recorded events up to this count: read what is missing.
    Reload {
        upto: u64,
    },
    /// The result the event should hold (once the game is final).
    FinalResult {
        reply: oneshot::Sender<Option<Final>>,
    },
    /// An official entered the board's result by hand.
    Enter {
        result: tournament::GameResult,
        correct: bool,
        chief: bool,
        by: String,
        reply: oneshot::Sender<Result<(Entered, Option<storage::Recorded>), SubmitError>>,
    },
}

/// A handle on a running game.
#[derive(Clone)]
pub struct GameHandle {
    cmds: mpsc::Sender<Cmd>,
    pushes: broadcast::Sender<Arc<Push>>,
    /// What the server knows of the game.
    pub info: Arc<GameInfo>,
}

impl GameHandle {
    /// Submits an action for sequence number `seq` (the number of events the client has seen).
    pub async fn submit(&self, seq: u64, actor: Actor, by: String, action: Action) -> Result<Ack, SubmitError> {
        let (reply, rx) = oneshot::channel();
        self.cmds
            .send(Cmd::Submit {
                seq,
                actor,
                by,
                action,
                reply,
            })
            .await
            .map_err(|_| SubmitError::Failed("the game task has stopped".into()))?;
        rx.await
            .map_err(|_| SubmitError::Failed("the game task has stopped".into()))?
    }

    /// The full state.
    pub async fn state(&self) -> Option<Json> {
        let (reply, rx) = oneshot::channel();
        self.cmds.send(Cmd::State { reply }).await.ok()?;
        rx.await.ok()
    }

    /// The events from `seq` on, or (`Err`) the full state when `seq` is beyond the record.
    pub async fn since(&self, seq: u64) -> Option<Result<Vec<Json>, Json>> {
        let (reply, rx) = oneshot::channel();
        self.cmds.send(Cmd::Since { seq, reply }).await.ok()?;
        rx.await.ok()
    }

    /// What tells the game's subscribers that the scorer answered, asked after `seq` events.
    pub fn proposal_told(&self, seq: usize) -> impl FnOnce() + Send + 'static {
        proposal_told(self.info.id, seq, &self.pushes)
    }

    /// A receiver of the game's pushes.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Push>> {
        self.pushes.subscribe()
    }

    /// How many follow the game live on this instance (each page subscribed over the
    /// WebSocket holds one receiver): the viewer count the pages show.
    pub fn watchers(&self) -> usize {
        self.pushes.receiver_count()
    }

    /// The result the game's event should hold: its result once final (with the latest
    /// correction), in the event's terms; `None` before (or for a replay).
    pub async fn final_result(&self) -> Option<Final> {
        let (reply, rx) = oneshot::channel();
        self.cmds.send(Cmd::FinalResult { reply }).await.ok()?;
        rx.await.ok()?
    }

    /// An official (`by`, chief referee or not) entered `result` for this game's board: a
    /// game in play with another result is ended by the chief referee's adjudication
    /// (Art. 13.1), a final one with another result is corrected (Art. 16.4; `correct` must
    /// be asked for). Refused (`NotPermitted`, `Confirmed`) otherwise. With the event write
    /// this caused, if any.
    pub async fn enter_result(
        &self,
        result: tournament::GameResult,
        correct: bool,
        chief: bool,
        by: String,
    ) -> Result<(Entered, Option<storage::Recorded>), SubmitError> {
        let (reply, rx) = oneshot::channel();
        let gone = || SubmitError::Failed("the game task has stopped".into());
        self.cmds
            .send(Cmd::Enter {
                result,
                correct,
                chief,
                by,
                reply,
            })
            .await
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }
}

type Games = Arc<Mutex<HashMap<i64, GameHandle>>>;

/// Every game task of this server.
pub struct Hub {
    db: Db,
    games: Games,
    /// The last instant the previous run was known alive (for the restart pause).
    heartbeat: Option<u64>,
    /// Where final results of games on an event's board are written.
    store: EventStore,
    /// The external scorer, if any, and its answers.
    scoring: Scoring,
    /// The built-in proposals of the positions counted.
    proposals: crate::view::Proposals,
}

impl Hub {
    /// A hub over the database, writing the results of event games into `store`, asking
    /// `scoring`'s scorer (if any) of each game that enters counting.
    pub fn new(db: Db, heartbeat: Option<u64>, store: EventStore, scoring: Scoring) -> Hub {
        Hub {
            db,
            games: Arc::new(Mutex::new(HashMap::new())),
            heartbeat,
            store,
            scoring,
            proposals: crate::view::Proposals::default(),
        }
    }

    /// The external scorer and its answers.
    pub fn scoring(&self) -> &Scoring {
        &self.scoring
    }

    /// The built-in proposals of the positions counted (shared by every view).
    pub fn proposals(&self) -> &crate::view::Proposals {
        &self.proposals
    }

    /// At start: the final results of event games that their event lacks (the server
    /// stopped between the game's last event and the write) are written now, and a
    /// correction the chief referee made in the game (Art. 16.4) that the event missed
    /// replaces the result the server wrote before it. Returns how many. Only a board that
    /// still pairs the game's players takes its result ([`storage::game_between`]), and
    /// history wins over the write-back: a board whose result was changed in the event after
    /// the game's reached it (`weiqi event result --correct` while the server was stopped,
    /// another instance) keeps it, with a warning ([`storage::Store::write_back_result`]).
    pub async fn write_back_missing(&self) -> Result<usize, DbError> {
        let store = self.store.clone();
        type Waiting = (u32, u32, [String; 2], Final, i64);
        let mut by_event: HashMap<String, Vec<Waiting>> = HashMap::new();
        for (id, event, round, board) in self.db.list_games(None).await? {
            let (Some(event), Some(round), Some(board)) = (event, round, board) else {
                continue;
            };
            let Some(h) = self.get(id).await? else { continue };
            if let Some(f) = h.final_result().await {
                let names = players(&h.info).map(str::to_string);
                by_event.entry(event).or_default().push((round, board, names, f, id));
            }
        }
        let written = tokio::task::spawn_blocking(move || {
            let mut store = store.lock().expect("store lock");
            let mut n = 0;
            for (event, games) in by_event {
                for (round, board, names, f, game) in games {
                    let names = [names[0].as_str(), names[1].as_str()];
                    match store.write_back_result(&event, round, board, names, f.result, f.before) {
                        Ok(storage::WriteBack::Written(_)) => n += 1,
                        Ok(storage::WriteBack::Held) => {}
                        Ok(storage::WriteBack::Superseded { held }) => tracing::warn!(
                            event, game, round, board, held = %held, final_result = %f.result,
                            "the event's result was changed after the game's reached it: left as it is"
                        ),
                        Err(e) => tracing::warn!(event, game, round, board, error = %e, "result not written back"),
                    }
                }
            }
            n
        })
        .await
        .map_err(|e| DbError::Failed(e.to_string()))?;
        Ok(written)
    }

    /// Follows the commits of other instances on a shared database: each (game, seq)
    /// notification makes the task of that game, if this server runs it, read the events it
    /// is missing and push them to its subscribers (after a lost connection, every game
    /// does). A game this server does not run is read from the database when it is first
    /// asked for, so it needs nothing.
    pub fn follow(&self, mut notes: tokio::sync::mpsc::UnboundedReceiver<Note>) {
        let games = Arc::downgrade(&self.games);
        tokio::spawn(async move {
            while let Some(note) = notes.recv().await {
                let Some(games) = games.upgrade() else { return };
                let targets: Vec<(GameHandle, u64)> = {
                    let games = games.lock().expect("hub lock");
                    match note {
                        Note::Commit { game, seq } => {
                            games.get(&game).map(|h| (h.clone(), seq + 1)).into_iter().collect()
                        }
                        Note::Resync => games.values().map(|h| (h.clone(), u64::MAX)).collect(),
                    }
                };
                for (h, upto) in targets {
                    let _ = h.cmds.send(Cmd::Reload { upto }).await;
                }
            }
        });
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The running game `id`, started from the database if needed; `None` if no such game.
    pub async fn get(&self, id: i64) -> Result<Option<GameHandle>, DbError> {
        // On a shared database a game first asked for after the start may have been created
        // or played by another instance since: nobody was down, so no restart pause.
        let heartbeat = if self.db.is_shared() { None } else { self.heartbeat };
        self.start(id, heartbeat).await
    }

    async fn start(&self, id: i64, heartbeat: Option<u64>) -> Result<Option<GameHandle>, DbError> {
        if let Some(h) = self.games.lock().expect("hub lock").get(&id) {
            return Ok(Some(h.clone()));
        }
        let Some((info, events)) = load_game(&self.db, id).await? else {
            return Ok(None);
        };
        let mut games = self.games.lock().expect("hub lock");
        if let Some(h) = games.get(&id) {
            return Ok(Some(h.clone()));
        }
        let h = spawn(
            self.db.clone(),
            self.store.clone(),
            self.scoring.clone(),
            info,
            events,
            heartbeat,
        )?;
        games.insert(id, h.clone());
        Ok(Some(h))
    }

    /// Starts every game that is not final, so that clocks run and restart pauses are
    /// recorded without waiting for a client. Returns how many.
    pub async fn resume_all(&self) -> Result<usize, DbError> {
        let rows = self.db.list_games(None).await?;
        let mut n = 0;
        for (id, ..) in rows {
            if self.start(id, self.heartbeat).await?.is_some() {
                n += 1;
            }
        }
        Ok(n)
    }

    /// Creates a game: stores it with its opening events (colours, start) and starts it.
    pub async fn create(&self, info: GameInfo, opening: Vec<WEvent>) -> Result<GameHandle, DbError> {
        self.create_keyed(info, opening, None).await
    }

    /// [`Hub::create`] with the client's idempotency key: `Conflict` (and nothing stored) if
    /// the owner created a game with that key already.
    pub async fn create_keyed(
        &self,
        mut info: GameInfo,
        opening: Vec<WEvent>,
        key: Option<Idempotency>,
    ) -> Result<GameHandle, DbError> {
        let ev: Vec<String> = opening
            .iter()
            .map(|e| serde_json::to_string(e).expect("events serialise"))
            .collect();
        let stored = StoredGame {
            event_id: info.event_id.clone(),
            round: info.round,
            board: info.board,
            settings: serde_json::to_string(&info.settings).expect("settings serialise"),
            secrets: info.secrets.clone(),
            owner: info.owner,
            accounts: info.accounts,
        };
        let id = match self.db.create_game(stored.clone(), ev.clone(), key.clone()).await {
            Err(DbError::BoardTaken { event, round, board })
                if self.detach_stale(&info, &event, round, board).await? =>
            {
                self.db.create_game(stored, ev, key).await?
            }
            r => r?,
        };
        info.id = id;
        // The seats' secrets, derived under the server's key now that the game has its id
        // (stored with random digests until then, which no link opens), so that an official
        // can be shown them again.
        let digests = seat_digests(&self.db, id, [0, 0]);
        self.db.set_seat_digests(id, digests.clone()).await?;
        info.secrets = digests;
        let h = spawn(
            self.db.clone(),
            self.store.clone(),
            self.scoring.clone(),
            info,
            opening,
            None,
        )?;
        self.games.lock().expect("hub lock").insert(id, h.clone());
        Ok(h)
    }

    /// The board that `info` (a new game, whose players the caller checked against the
    /// pairing) is for has a live game already: if that game's players are not the new one's,
    /// it was started before the round was paired again and is not the board's game any more,
    /// so it is detached from the board (it goes on, as the event's game on no board). True if
    /// it was, and the board is free.
    async fn detach_stale(&self, info: &GameInfo, event: &str, round: u32, board: u32) -> Result<bool, DbError> {
        let Some(old) = self.db.game_on_board(event.to_string(), round, board).await? else {
            // Detached meanwhile: the board is free.
            return Ok(true);
        };
        let Some(h) = self.get(old).await? else { return Ok(true) };
        if players(&h.info) == players(info) {
            return Ok(false);
        }
        tracing::warn!(
            game = old,
            event,
            round,
            board,
            "the board pairs other players than its live game (the round was paired again): the game is detached"
        );
        self.db.detach(old).await?;
        let mut games = self.games.lock().expect("hub lock");
        if let Some(h) = games.get_mut(&old) {
            let mut info = (*h.info).clone();
            (info.round, info.board) = (None, None);
            h.info = Arc::new(info);
        }
        Ok(true)
    }

    /// Binds `account` to `color` of game `id`; false if the seat is taken by someone else
    /// (or, `exclusive`, if the account holds the other seat).
    pub async fn join(&self, id: i64, color: Color, account: i64, exclusive: bool) -> Result<bool, DbError> {
        let joined = if exclusive {
            self.db.join_one_seat(id, color.index(), account).await?
        } else {
            self.db.join(id, color.index(), account).await?
        };
        if joined {
            let mut games = self.games.lock().expect("hub lock");
            if let Some(h) = games.get_mut(&id) {
                let mut info = (*h.info).clone();
                info.accounts[color.index()] = Some(account);
                h.info = Arc::new(info);
            }
        }
        Ok(joined)
    }

    /// Gives seat `color` of game `id` the secret whose digest is `digest` (the old secret
    /// stops working), recorded as done by `account` at `at`; every seat link issued again for
    /// the game (seat, account name, instant), or `None` if there is no game `id`.
    pub async fn reissue_seat(
        &self,
        id: i64,
        color: Color,
        digest: String,
        account: i64,
        at: u64,
    ) -> Result<Option<Vec<(String, String, u64)>>, DbError> {
        let history = self
            .db
            .reissue_seat(id, color.index(), digest.clone(), account, at)
            .await?;
        if history.is_some() {
            let mut games = self.games.lock().expect("hub lock");
            if let Some(h) = games.get_mut(&id) {
                let mut info = (*h.info).clone();
                info.secrets[color.index()] = digest;
                h.info = Arc::new(info);
            }
        }
        Ok(history)
    }
}

/// The secrets of game `id`'s seats (Black's, White's) at their generations (how many times
/// each was issued a new link), derived under the server's key.
pub fn seat_links(db: &Db, id: i64, generations: [u32; 2]) -> [String; 2] {
    [0, 1].map(|i| crate::secret::seat_link_secret(db.seat_key(), id, ["black", "white"][i], generations[i]))
}

/// The digests of [`seat_links`].
fn seat_digests(db: &Db, id: i64, generations: [u32; 2]) -> [String; 2] {
    seat_links(db, id, generations).map(|s| crate::secret::digest(&s))
}

async fn load_game(db: &Db, id: i64) -> Result<Option<(GameInfo, Vec<WEvent>)>, DbError> {
    let Some(g) = db.load_game(id).await? else {
        return Ok(None);
    };
    let settings: WSettings = serde_json::from_str(&g.settings)
        .map_err(|e| DbError::Failed(format!("game {id}: stored settings unreadable: {e}")))?;
    // Art. 16.4: a game kept before its rule of confirmation was: a free game's players
    // confirm alone, an event's with a referee.
    let settings = settings.with_confirmation_of(g.event_id.is_some());
    let mut events = Vec::new();
    for (i, (seq, text)) in db.events_from(id, 0).await?.into_iter().enumerate() {
        if seq != i as u64 {
            return Err(DbError::Failed(format!("game {id}: event {i} missing from the record")));
        }
        events.push(
            serde_json::from_str(&text)
                .map_err(|e| DbError::Failed(format!("game {id} event {seq} unreadable: {e}")))?,
        );
    }
    let info = GameInfo {
        id,
        event_id: g.event_id,
        round: g.round,
        board: g.board,
        settings,
        secrets: g.secrets,
        owner: g.owner,
        accounts: g.accounts,
    };
    Ok(Some((info, events)))
}

fn spawn(
    db: Db,
    store: EventStore,
    scoring: Scoring,
    info: GameInfo,
    events: Vec<WEvent>,
    heartbeat: Option<u64>,
) -> Result<GameHandle, DbError> {
    let settings = info
        .settings
        .to_settings()
        .map_err(|e| DbError::Failed(format!("game {}: {e}", info.id)))?;
    let size = settings.rules.size;
    let record: Vec<Event> = events
        .iter()
        .map(|e| e.to_event(size))
        .collect::<Result<_, _>>()
        .map_err(|e| DbError::Failed(format!("game {}: {e}", info.id)))?;
    // A stored game: its settings as kept (a check newer than the game does not refuse it).
    let referee = Referee::restore(settings, &record).map_err(|e| DbError::Failed(format!("game {}: {e}", info.id)))?;
    let (cmds, rx) = mpsc::channel(64);
    // A game pushes one message a move or a clock call; a subscriber further behind than
    // this is sent the whole state instead (`ws::subscribe`). The channel's slots are
    // allocated with it, for every live game.
    let (pushes, _) = broadcast::channel(32);
    let info = Arc::new(info);
    let handle = GameHandle {
        cmds,
        pushes: pushes.clone(),
        info: info.clone(),
    };
    let task = Task {
        db,
        store,
        scoring,
        players: players(&info).map(str::to_string),
        id: info.id,
        referee,
        by: events.into_iter().map(|e| e.by).collect(),
        pushes,
        announced: Instant(0),
    };
    tokio::spawn(task.run(rx, heartbeat));
    Ok(handle)
}

struct Task {
    db: Db,
    /// Where the game's final result is written.
    store: EventStore,
    /// The external scorer, asked when the game enters counting.
    scoring: Scoring,
    /// The players' names (the first seat's, then the second's), which the event's board
    /// must pair for the result to be written there.
    players: [String; 2],
    id: i64,
    referee: Referee,
    /// Who submitted each event (account, seat or system).
    by: Vec<String>,
    pushes: broadcast::Sender<Arc<Push>>,
    /// Clock announcements up to this instant have been made.
    announced: Instant,
}

impl Task {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>, heartbeat: Option<u64>) {
        self.announced = Instant(self.db.time().now_ms());
        if let Some(h) = heartbeat {
            self.recover(h).await;
        }
        loop {
            let next = self.referee.next_clock_event(self.announced);
            let time = self.db.time().clone();
            let sleep = next.as_ref().map(|e| {
                let at = e.at.0;
                async move { time.until(at).await }
            });
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.command(cmd).await,
                    None => return,
                },
                () = async { sleep.expect("guarded").await }, if sleep.is_some() => {
                    self.fire(next.expect("guarded")).await;
                }
            }
        }
    }

    /// After a restart: time while the server was down is charged to nobody (a system pause
    /// from the last durable instant to now); a flag that fell before then is recorded.
    async fn recover(&mut self, heartbeat: u64) {
        if self.referee.phase() != Phase::Play || self.referee.is_paused() {
            return;
        }
        let last = self.referee.events().last().map_or(0, |e| e.at.0);
        let down_from = Instant(heartbeat.max(last));
        let now = Instant(self.db.time().now_ms().max(down_from.0));
        if let Some(flag) = self.referee.clock().flag_instant()
            && flag <= down_from
        {
            let side = self.referee.to_move();
            self.announced = flag;
            self.record_system(flag, Action::Flag { side }).await;
            return;
        }
        if !matches!(self.referee.clock_at(down_from).phase, clock::Phase::Running(_)) {
            return;
        }
        self.announced = now;
        if self.record_system(down_from, Action::Pause).await {
            self.record_system(now, Action::Resume).await;
        }
    }

    async fn record_system(&mut self, at: Instant, action: Action) -> bool {
        let seq = self.referee.events().len() as u64;
        match self
            .record(seq, Event::new(at, Actor::System, action), "system".into())
            .await
        {
            Ok(_) => true,
            Err(e) => {
                tracing::warn!(game = self.id, error = ?e, "a system event was not recorded");
                false
            }
        }
    }

    /// The clock's announcement `e` is due: it is pushed to the subscribers, and a flag is
    /// recorded. On a shared database every instance running the game does this for its own
    /// subscribers, so each hears each call once: first the record is brought up to date
    /// (a move made through another instance may have made the call moot, and a flag another
    /// instance recorded is announced by [`Task::reload`]), then the call is pushed, then the
    /// flag is recorded — once, under the unique (game, seq) key; the instance that loses
    /// the slot finds the same flag there and records nothing.
    async fn fire(&mut self, e: clock::Event) {
        if self.db.is_shared() {
            self.reload().await;
            if self.referee.next_clock_event(self.announced).as_ref() != Some(&e) {
                return;
            }
        }
        self.announce(&e);
        if let clock::Call::TimeUp { .. } = e.call {
            // Art. 12.4, 22.5: the flag falls; the record says so.
            let _ = self.record_system(e.at, Action::Flag { side: e.color }).await;
        }
    }

    /// Pushes the clock's call `e` to the subscribers; the calls up to its instant are made.
    fn announce(&mut self, e: &clock::Event) {
        self.announced = e.at;
        let msg = Pushed::Call(CallPush {
            game: self.id,
            seq: self.referee.events().len(),
            at: e.at.0,
            color: WColor::from(e.color),
            en: e.call.text(Lang::En),
            zh: e.call.text(Lang::Zh),
        });
        let _ = self.pushes.send(Arc::new(Push::new(&as_json(&msg))));
    }

    /// Makes the clock's calls due up to `t` that this task has not made (before an event
    /// another instance recorded at `t`, such as its flag, is applied: the calls this
    /// instance's timer had not reached yet).
    fn announce_until(&mut self, t: Instant) {
        while let Some(e) = self.referee.next_clock_event(self.announced) {
            if e.at > t {
                break;
            }
            self.announce(&e);
        }
    }

    async fn command(&mut self, cmd: Cmd) {
        if self.db.is_shared() && matches!(cmd, Cmd::State { .. } | Cmd::Since { .. }) {
            // Read your writes across instances: what another one acknowledged is in the
            // answer even before its notification arrives.
            self.reload().await;
        }
        match cmd {
            Cmd::State { reply } => {
                let _ = reply.send(self.state());
            }
            Cmd::Since { seq, reply } => {
                let len = self.referee.events().len() as u64;
                let r = if seq <= len {
                    Ok((seq..len).map(|i| self.event_push(i as usize)).collect())
                } else {
                    Err(self.state())
                };
                let _ = reply.send(r);
            }
            Cmd::Reload { upto } => {
                if upto > self.referee.events().len() as u64 {
                    self.reload().await;
                }
            }
            Cmd::FinalResult { reply } => {
                let corrections = self.referee.corrections();
                // Art. 16.4: the confirmed result, then each correction in order.
                let before = match corrections.len() {
                    0 => None,
                    1 => self.referee.confirmed_result(),
                    n => Some(corrections[n - 2].0),
                }
                .and_then(|o| referee::results::event_result(&self.referee, &o));
                let _ = reply.send(crate::results::final_result(&self.referee).map(|result| Final {
                    result,
                    corrected: !corrections.is_empty(),
                    before,
                }));
            }
            Cmd::Enter {
                result,
                correct,
                chief,
                by,
                reply,
            } => {
                let _ = reply.send(self.enter(result, correct, chief, by).await);
            }
            Cmd::Submit {
                seq,
                actor,
                by,
                action,
                reply,
            } => {
                if seq > self.referee.events().len() as u64 && self.db.is_shared() {
                    // Another instance may have recorded what this client has seen.
                    self.reload().await;
                }
                let len = self.referee.events().len() as u64;
                if seq < len {
                    let _ = reply.send(self.landed(seq, actor, &action, &by));
                    return;
                }
                if seq > len {
                    let _ = reply.send(Err(SubmitError::Stale {
                        expected: seq,
                        state: self.state(),
                    }));
                    return;
                }
                let at = now_at(self.db.time(), &self.referee);
                let r = self.record(seq, Event::new(at, actor, action), by).await;
                let _ = reply.send(r);
            }
        }
    }

    /// An official's result for the board, entered by hand: the game is made to agree.
    async fn enter(
        &mut self,
        result: tournament::GameResult,
        correct: bool,
        chief: bool,
        by: String,
    ) -> Result<(Entered, Option<storage::Recorded>), SubmitError> {
        if self.db.is_shared() {
            self.reload().await;
        }
        let r = &self.referee;
        let held = r.result().and_then(|o| crate::results::event_result(r, &o));
        if held == Some(result) {
            return Ok((Entered::Agrees, None));
        }
        let outcome = crate::results::outcome(r, result);
        let (action, entered) = if r.phase() == Phase::Final {
            if !correct {
                return Err(SubmitError::Refused(RefereeError::Confirmed));
            }
            // Art. 16.4: a confirmed result is corrected by a new event, never edited.
            let article = referee::art::CONFIRMATION;
            (Action::Correct { outcome, article }, Entered::Corrected)
        } else {
            // Art. 13.1: an adjudicated result ends the game (and stops its clocks).
            let article = referee::art::ADJUDICATION;
            (Action::Adjudicate { outcome, article }, Entered::Adjudicated)
        };
        // Art. 30: only the chief referee adjudicates or corrects; the referee's permit refuses
        // anyone else, so an official without that role is entered as a referee.
        let actor = if chief { Actor::ChiefReferee } else { Actor::Referee };
        let seq = self.referee.events().len() as u64;
        let at = now_at(self.db.time(), &self.referee);
        let ack = self.record(seq, Event::new(at, actor, action), by).await?;
        Ok((entered, ack.event))
    }

    /// Writes the game's result into its event's board, if it has one; `correct` when the
    /// result corrects a confirmed one (Art. 16.4). The board is read from the database (it
    /// may have been detached since the game started, through another instance too), and
    /// must still pair the game's players ([`storage::Store::record_result_between`]). A
    /// failure is logged: the game's record stands, and the next start writes a missing result.
    async fn write_back(&self, correct: bool) -> Option<storage::Recorded> {
        let result = crate::results::final_result(&self.referee)?;
        let game = self.id;
        let (event, round, board) = match self.db.load_game(game).await {
            Ok(Some(g)) => (g.event_id?, g.round?, g.board?),
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(game, error = %e, "the result was not written into the event: the game's board is unknown");
                return None;
            }
        };
        let store = self.store.clone();
        let (ev, players) = (event.clone(), self.players.clone());
        let written = tokio::task::spawn_blocking(move || {
            let players = [players[0].as_str(), players[1].as_str()];
            store
                .lock()
                .expect("store lock")
                .record_result_between(&ev, round, board, players, result, correct)
        })
        .await;
        match written {
            Ok(Ok((_, recorded))) => {
                tracing::info!(game, event, round, board, result = %result, ?recorded, "result written into the event");
                Some(recorded)
            }
            Ok(Err(e)) => {
                tracing::warn!(game, event, round, board, error = %e, "the result was not written into the event");
                None
            }
            Err(e) => {
                tracing::error!(game, event, error = %e, "the result write failed");
                None
            }
        }
    }

    /// The answer to a command for slot `seq`, which is taken. Idempotence: the same command
    /// again is acknowledged, not recorded twice; another is stale.
    fn landed(&self, seq: u64, actor: Actor, action: &Action, by: &str) -> Result<Ack, SubmitError> {
        let e = &self.referee.events()[seq as usize];
        if e.actor == actor && e.action == *action && self.by[seq as usize] == by {
            Ok(Ack {
                seq,
                duplicate: true,
                state: self.state(),
                event: None,
            })
        } else {
            Err(SubmitError::Stale {
                expected: seq,
                state: self.state(),
            })
        }
    }

    /// Reads the events other instances recorded past this task's record, applies them and
    /// pushes each to the subscribers.
    async fn reload(&mut self) {
        let from = self.referee.events().len() as u64;
        let rows = match self.db.events_from(self.id, from).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::error!(game = self.id, error = %e, "reload failed");
                return;
            }
        };
        let size = self.referee.settings().rules.size;
        for (seq, text) in rows {
            if seq != self.referee.events().len() as u64 {
                tracing::error!(game = self.id, seq, "reload: the record has a gap");
                return;
            }
            let read = serde_json::from_str::<WEvent>(&text)
                .map_err(|e| e.to_string())
                .and_then(|w| Ok((w.to_event(size).map_err(|e| e.to_string())?, w.by)));
            let (event, by) = match read {
                Ok(x) => x,
                Err(e) => {
                    tracing::error!(game = self.id, seq, error = %e, "reload: event unreadable");
                    return;
                }
            };
            self.announce_until(event.at);
            if let Err(e) = self.referee.apply(event) {
                tracing::error!(game = self.id, seq, error = ?e, "reload: the recorded event does not apply");
                return;
            }
            self.by.push(by);
            let push = self.event_push(seq as usize);
            let _ = self.pushes.send(Arc::new(Push::new(&push)));
        }
    }

    /// Applies `event` as number `seq`, makes it durable, then broadcasts it.
    async fn record(&mut self, seq: u64, event: Event, by: String) -> Result<Ack, SubmitError> {
        let was_final = self.referee.confirmed_result().is_some();
        let size = self.referee.settings().rules.size;
        let wire = WEvent::from_event(&event, size, &by);
        self.referee.apply(event).map_err(SubmitError::Refused)?;
        self.by.push(by);
        let json = serde_json::to_string(&wire).expect("events serialise");
        if let Err(e) = self.db.append(self.id, seq, json).await {
            // Not durable: take the event back out by refolding the record without it.
            let events = self.referee.events();
            let kept = events[..events.len() - 1].to_vec();
            let rejected = events[events.len() - 1].clone();
            self.referee =
                Referee::restore(self.referee.settings().clone(), &kept).expect("a prefix of a record replays");
            let submitted = self.by.pop().unwrap_or_default();
            return match e {
                DbError::Conflict => {
                    // Another command (on this database, maybe through another instance) took
                    // the slot: read it, then answer as for a command that came late.
                    self.reload().await;
                    if (seq as usize) < self.referee.events().len() {
                        self.landed(seq, rejected.actor, &rejected.action, &submitted)
                    } else {
                        Err(SubmitError::Stale {
                            expected: seq,
                            state: self.state(),
                        })
                    }
                }
                e @ (DbError::Failed(_) | DbError::BoardTaken { .. }) => {
                    tracing::error!(game = self.id, error = %e, "append failed");
                    Err(SubmitError::Failed(e.to_string()))
                }
            };
        }
        let push = self.event_push(seq as usize);
        let _ = self.pushes.send(Arc::new(Push::new(&push)));
        if self.referee.phase() == Phase::Counting {
            // Art. 8: the scorer's proposal is asked for now, in the background; the view
            // shows it once it answers (or the built-in one stands).
            let _ = self.scoring.answer(
                self.id,
                self.referee.game(),
                proposal_told(self.id, seq as usize + 1, &self.pushes),
            );
        }
        // The result became final (Art. 16.4), or a final one was corrected: into the event.
        let corrected = was_final
            && matches!(
                self.referee.events().last().map(|e| &e.action),
                Some(Action::Correct { .. })
            );
        let event = if (!was_final && self.referee.confirmed_result().is_some()) || corrected {
            self.write_back(corrected).await
        } else {
            None
        };
        Ok(Ack {
            seq,
            duplicate: false,
            state: self.state(),
            event,
        })
    }

    fn event_push(&self, i: usize) -> Json {
        let r = &self.referee;
        let size = r.settings().rules.size;
        let e = &r.events()[i];
        let summary = r.summary(i);
        as_json(&Pushed::Event(EventPush {
            game: self.id,
            seq: i + 1,
            index: i,
            event: WEvent::from_event(e, size, &self.by[i]),
            en: summary.as_ref().map(|s| s.en.clone()),
            zh: summary.as_ref().map(|s| s.zh.clone()),
            article: summary.and_then(|s| s.article).map(crate::wire::article_text),
            // Art. 29–31: an official's event (a ruling, an adjudication, a confirmation) is a
            // notice to both players, whose pages show it in their language.
            ruling: matches!(e.actor, Actor::Referee | Actor::ChiefReferee),
        }))
    }

    fn state(&self) -> Json {
        game_state(self.id, &self.referee, Instant(self.db.time().now_ms()))
    }
}

/// What tells game `id`'s subscribers that the scorer answered: a `proposal` push, on which
/// the pages read the view again. `seq` is the number of events recorded when the question
/// was asked.
fn proposal_told(id: i64, seq: usize, pushes: &broadcast::Sender<Arc<Push>>) -> impl FnOnce() + Send + 'static {
    let pushes = pushes.clone();
    move || {
        let msg = Pushed::Proposal(ProposalPush { game: id, seq });
        let _ = pushes.send(Arc::new(Push::new(&as_json(&msg))));
    }
}

/// Now for `r`'s record: never before its last event (another instance's clock may be a
/// little ahead, and a record's instants never go back).
pub(crate) fn now_at(time: &Time, r: &Referee) -> Instant {
    Instant(time.now_ms().max(r.events().last().map_or(0, |e| e.at.0)))
}

/// The full state of a game as JSON, its clocks as they are at `now`.
pub fn game_state(id: i64, r: &Referee, now: Instant) -> Json {
    let g = r.game();
    let size = g.rules().size;
    let n = size.get();
    let board: Vec<String> = (0..n)
        .map(|y| {
            (0..n)
                .map(|x| match g.board().get(rules::Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    let c = r.clock_at(now);
    as_json(&GameState {
        game: id,
        seq: r.events().len(),
        phase: match r.phase() {
            Phase::Setup => "setup",
            Phase::Play => "play",
            Phase::Counting => "counting",
            Phase::Decided => "decided",
            Phase::Final => "final",
        },
        to_move: WColor::from(r.to_move()),
        paused: r.is_paused(),
        board,
        captures: BlackWhite {
            black: g.board().captures(Color::Black),
            white: g.board().captures(Color::White),
        },
        warnings: BlackWhite {
            black: r.warnings()[0],
            white: r.warnings()[1],
        },
        clock: crate::wire::clocks::clock_json(&c, &r.settings().time),
        marking: r.marking().iter().map(|&p| size.gtp(p)).collect(),
        result: r.result().map(|o| StateResult {
            outcome: WOutcome::from(o),
            text: o.to_string(),
            zh: o.zh(),
        }),
        r#final: r.confirmed_result().is_some(),
        // Art. 16.4: who confirmed the result, and who has still to (`black`, `white`,
        // `referee`).
        confirmed_by: ConfirmedBy {
            black: r.confirmations()[0],
            white: r.confirmations()[1],
            referee: r.confirmations()[2],
        },
        awaiting: r
            .awaiting_confirmation()
            .iter()
            .map(|a| match a {
                Actor::Player(c) => WColor::from(*c).name(),
                _ => "referee",
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::games::{GameShown, GameView, State};
    use serde::Serialize;
    use serde_json::json;

    fn settings() -> WSettings {
        serde_json::from_value(json!({ "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "2d" }] }))
            .expect("settings read")
    }

    fn keys(body: impl Serialize) -> Vec<String> {
        match serde_json::to_value(body).expect("a body serialises") {
            Json::Object(m) => m.into_iter().map(|(k, _)| k).collect(),
            other => panic!("a body that is no object: {other}"),
        }
    }

    /// A body that flattens a game's state and adds its own fields would send a name twice
    /// if the state (the game task's, with the view's extras) had it too.
    /// The views of one counting share one proposal: the playouts run once a position.
    #[test]
    fn the_proposal_of_a_position_is_made_once_and_the_cache_stays_bounded() {
        let r = referee::Referee::new(settings().to_settings().expect("settings stand")).expect("a referee");
        let proposals = crate::view::Proposals::with_max(3);
        let first = proposals.of(7, &r);
        assert!(
            Arc::ptr_eq(&first, &proposals.of(7, &r)),
            "made again for the same position"
        );
        assert!(
            !Arc::ptr_eq(&first, &proposals.of(8, &r)),
            "another game, its own proposal"
        );
        proposals.of(9, &r);
        assert!(Arc::ptr_eq(&first, &proposals.of(7, &r)), "three are kept");
        proposals.of(10, &r);
        assert!(
            !Arc::ptr_eq(&first, &proposals.of(7, &r)),
            "beyond the bound the old proposals are forgotten"
        );
    }

    #[test]
    fn the_fields_a_body_adds_to_a_games_state_are_never_the_states_own() {
        let w = settings();
        let r = referee::Referee::new(w.to_settings().expect("settings stand")).expect("a referee");
        let Json::Object(mut state) = game_state(7, &r, clock::Instant(0)) else {
            panic!("a state that is no object");
        };
        let Json::Object(extras) = crate::view::game_view(&r, None, &crate::view::Proposals::default(), 7) else {
            panic!("a view that is no object");
        };
        state.extend(extras);
        assert!(state.contains_key("phase") && state.contains_key("log"), "{state:?}");
        let view = GameView {
            state: State::new(),
            settings: w.clone(),
            event: None,
            round: None,
            board_no: None,
            viewers: 0,
            you: None,
            seat_link_invalid: false,
        };
        let shown = GameShown {
            state: State::new(),
            settings: w,
            event: None,
        };
        for k in keys(view).into_iter().chain(keys(shown)) {
            assert!(
                !state.contains_key(&k),
                "the game's state has {k:?}, which a body adds to it"
            );
        }
    }
}

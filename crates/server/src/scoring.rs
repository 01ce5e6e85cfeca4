//! The external scorer of `weiqi serve --scorer CMD`: when a game enters counting, a GTP
//! engine is asked for the position's dead stones (`arena::scorer::ask_scorer`) in the
//! background, and the game view shows its answer instead of the built-in proposal (Art. 8:
//! either only proposes; the players mark and accept).
//!
//! The asking never holds up a request or the game's task: each question runs on tokio's
//! blocking pool, at most one engine process per core at once (the others wait their turn,
//! shown as asking). The answers are kept in memory only, keyed by the game and its position
//! (the moves made and the stones on the board), and never stored: a restarted server asks
//! again, and a position reached again (a recount, Art. 16.4) is not asked twice.

use arena::scorer::{Scorer, ask_scorer};
use arena::{GtpError, Time};
use rules::{Game, Point};
use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The most answers kept; beyond it the settled ones are forgotten (asked again if wanted).
const MAX_ANSWERS: usize = 10_000;

/// What the scorer said of a position, so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The question is asked (or waits for a free core).
    Asking,
    /// The scorer's dead stones (sorted) and its GTP name.
    Dead {
        /// The stones it proposes dead.
        dead: Vec<Point>,
        /// Its name (`GNU Go`).
        name: String,
    },
    /// It failed or timed out: the built-in proposal stands.
    Failed {
        /// Why, in English, naming the command.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
}

/// The scorer, if the server has one, and its answers. Cheap to clone; the clones share the
/// answers. Dropping the last clone stops the questions under way.
#[derive(Clone, Default)]
pub struct Scoring(Option<Arc<Inner>>);

struct Inner {
    scorer: Scorer,
    /// Where the scorer's deadline is read: the server's time (a test holds it).
    time: Time,
    answers: Mutex<HashMap<(i64, u64), Answer>>,
    /// One permit a core: the engine processes that may run at once.
    cores: Arc<tokio::sync::Semaphore>,
    stop: Arc<AtomicBool>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

impl Scoring {
    /// No scorer: the built-in proposal only.
    pub fn none() -> Scoring {
        Scoring(None)
    }

    /// Asks `scorer`, its deadline read from `time`.
    pub fn new(scorer: Scorer, time: Time) -> Scoring {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Scoring(Some(Arc::new(Inner {
            scorer,
            time,
            answers: Mutex::new(HashMap::new()),
            cores: Arc::new(tokio::sync::Semaphore::new(cores)),
            stop: Arc::new(AtomicBool::new(false)),
        })))
    }

    /// What the scorer said of game `id` at `game`'s position, `None` without a scorer. The
    /// first look at a position asks the scorer, in the background (so call it within a
    /// tokio runtime); `told` is called once it has answered (or failed).
    pub fn answer(&self, id: i64, game: &Game, told: impl FnOnce() + Send + 'static) -> Option<Answer> {
        let inner = self.0.as_ref()?;
        let key = (id, position_key(game));
        {
            let mut answers = inner.answers.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(a) = answers.get(&key) {
                return Some(a.clone());
            }
            if answers.len() >= MAX_ANSWERS {
                answers.retain(|_, a| *a == Answer::Asking);
            }
            answers.insert(key, Answer::Asking);
        }
        // The question holds the scorer, not the answers: dropping the server's last clone
        // drops `Inner`, whose `stop` ends the exchanges under way.
        let (scorer, time, stop, cores) = (
            inner.scorer.clone(),
            inner.time.clone(),
            inner.stop.clone(),
            inner.cores.clone(),
        );
        let answers = Arc::downgrade(inner);
        let game = game.clone();
        tokio::spawn(async move {
            let cmd = command_line(&scorer);
            let answer = match cores.acquire_owned().await {
                Ok(core) => {
                    let asked = tokio::task::spawn_blocking(move || {
                        let answer = ask_scorer(&game, &scorer, &time, &stop);
                        drop(core);
                        answer
                    })
                    .await;
                    match asked {
                        Ok(Ok((dead, name))) => Answer::Dead { dead, name },
                        Ok(Err(e)) => failed(&cmd, &e),
                        Err(e) => Answer::Failed {
                            en: format!("the scorer {cmd}: {e}"),
                            zh: format!("外部判断程序 {cmd} 出错"),
                        },
                    }
                }
                // The semaphore is never closed; were it, the built-in proposal stands.
                Err(_) => Answer::Failed {
                    en: format!("the scorer {cmd} was not asked"),
                    zh: format!("未能询问外部判断程序 {cmd}"),
                },
            };
            if let Answer::Failed { en, .. } = &answer {
                tracing::warn!(game = id, error = %en, "the scorer failed; the built-in proposal stands");
            }
            let Some(inner) = answers.upgrade() else { return };
            inner
                .answers
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(key, answer);
            told();
        });
        Some(Answer::Asking)
    }

    /// What the scorer said of game `id` at `game`'s position, if it was asked (never asks).
    pub fn known(&self, id: i64, game: &Game) -> Option<Answer> {
        let inner = self.0.as_ref()?;
        let answers = inner.answers.lock().unwrap_or_else(|e| e.into_inner());
        answers.get(&(id, position_key(game))).cloned()
    }

    /// Whether the server has a scorer.
    pub fn is_some(&self) -> bool {
        self.0.is_some()
    }
}

/// The scorer's command line as given.
fn command_line(s: &Scorer) -> String {
    s.command.join(" ")
}

/// The failure `e` of the scorer `cmd` in both languages, naming the command.
fn failed(cmd: &str, e: &GtpError) -> Answer {
    let zh = match e {
        GtpError::Spawn { .. } => format!("无法启动外部判断程序 {cmd}"),
        GtpError::NoAnswer { waited, .. } => {
            format!("外部判断程序 {cmd} 未在{}秒内答复", waited.as_secs_f64().round())
        }
        GtpError::Crashed { .. } => format!("外部判断程序 {cmd} 中途退出"),
        GtpError::Garbage { .. } | GtpError::Refused { .. } => format!("外部判断程序 {cmd} 的答复无法使用"),
        GtpError::Interrupted => format!("对外部判断程序 {cmd} 的询问被中断"),
    };
    Answer::Failed {
        en: format!("the scorer {cmd}: {e}"),
        zh,
    }
}

/// The position of `game`: the moves made and the stones on the board (the board's hash).
pub(crate) fn position_key(game: &Game) -> u64 {
    let mut h = DefaultHasher::new();
    game.history().len().hash(&mut h);
    game.board().hash().hash(&mut h);
    h.finish()
}

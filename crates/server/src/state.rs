//! What every handler shares: the live games, the event store, the limits, the password
//! threads and the rate limit's buckets.

use crate::auth;
use crate::config::Config;
use crate::error::ApiError;
use crate::game::{EventStore, Hub};
use axum::extract::ConnectInfo;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant as StdInstant;

/// Everything a handler needs.
#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

/// The shared state.
pub struct Inner {
    /// The live games.
    pub hub: Hub,
    /// The storage crate's store on the same database (events, players, pairing, results):
    /// the SQLite file, or the PostgreSQL schema of the server's own tables.
    pub store: EventStore,
    /// Requests per second per client (0: no limit), with a burst of twice that.
    pub rate: u32,
    /// How long sessions last.
    pub sessions: auth::SessionLimits,
    /// The bounds on logins and connections.
    pub limits: crate::limits::Limits,
    /// Responses carry HSTS (the server sits behind TLS).
    pub behind_tls: bool,
    /// Failed logins and account creations.
    pub throttle: crate::limits::Throttle,
    /// The password checks that may run at once.
    checks: Arc<tokio::sync::Semaphore>,
    /// The threads that run them, as many as the permits: each thread keeps the 19 MiB of
    /// argon2 memory it reuses for every check (`auth::with_blocks`), so a fixed few threads
    /// bound the memory (the runtime's blocking pool would use a fresh thread for each).
    hashers: std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>>,
    buckets: Mutex<HashMap<IpAddr, (f64, StdInstant)>>,
}

impl AppState {
    /// The state over a hub and a store, configured by `config`.
    pub fn new(hub: Hub, store: EventStore, config: &Config) -> AppState {
        let limits = config.limits;
        AppState(Arc::new(Inner {
            hub,
            store,
            rate: config.rate_limit,
            sessions: config.sessions,
            limits,
            behind_tls: config.behind_tls,
            throttle: crate::limits::Throttle::new(limits.free_failures),
            checks: Arc::new(tokio::sync::Semaphore::new(limits.password_checks.max(1))),
            hashers: hashers(limits.password_checks.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }))
    }
}

/// `n` threads that run the jobs sent, one at a time each.
fn hashers(n: usize) -> std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>> {
    let (tx, rx) = std::sync::mpsc::channel::<Box<dyn FnOnce() + Send>>();
    let rx = Arc::new(Mutex::new(rx));
    for i in 0..n {
        let rx = rx.clone();
        let _ = std::thread::Builder::new()
            .name(format!("password-{i}"))
            .spawn(move || {
                loop {
                    let job = rx.lock().expect("hasher lock").recv();
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                }
            });
    }
    tx
}

/// The client's address (unspecified when the router is called in-process, without one).
pub fn client_ip(ext: &axum::http::Extensions) -> IpAddr {
    ext.get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip())
}

/// Runs a password hash or check off the runtime, if one of the bounded permits is free
/// (else the 503 that says to retry).
pub(crate) async fn password_work<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce() -> R + Send + 'static,
) -> Result<R, ApiError> {
    let permit = st.0.checks.clone().try_acquire_owned().map_err(|_| {
        tracing::warn!("password checks at their bound: login refused with 503");
        ApiError::Busy { retry_after: 1 }
    })?;
    let (tx, rx) = tokio::sync::oneshot::channel();
    st.0.hashers
        .send(Box::new(move || {
            let _ = tx.send(f());
            drop(permit);
        }))
        .map_err(|_| ApiError::Internal("the password threads are gone".into()))?;
    rx.await
        .map_err(|_| ApiError::Internal("a password check failed".into()))
}

/// Takes one request's token from `ip`'s bucket; false if it is empty (a 429). HTTP requests
/// and WebSocket messages draw from the same bucket.
pub fn take_token(st: &AppState, ip: IpAddr) -> bool {
    if st.0.rate == 0 {
        return true;
    }
    let rate = f64::from(st.0.rate);
    let now = StdInstant::now();
    let mut buckets = st.0.buckets.lock().expect("bucket lock");
    if buckets.len() >= 100_000 {
        // Forget the full buckets (idle clients) rather than grow without bound.
        buckets.retain(|_, (t, last)| *t + now.duration_since(*last).as_secs_f64() * rate < 2.0 * rate);
    }
    let (tokens, last) = buckets.entry(ip).or_insert((2.0 * rate, now));
    *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * rate).min(2.0 * rate);
    *last = now;
    if *tokens < 1.0 {
        return false;
    }
    *tokens -= 1.0;
    true
}

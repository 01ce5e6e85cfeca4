//! What keeps a server facing the internet standing: the bounds on password checks, the
//! throttle on failed logins and on account creation, and (with [`crate::Server::serve`])
//! the bounds on connections. Every bound is a field of [`Limits`], a `weiqi serve` option.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The bounds a server keeps. The defaults are for a hall's server on the internet: a few
/// hundred players and spectators, a few per address (a club's tablets behind one router).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Password hashes checked at once (each takes 19 MiB for argon2id); beyond this a login
    /// or an account creation is a 503 with `Retry-After`.
    pub password_checks: usize,
    /// Failed logins for one account, or from one address, before each further failure
    /// locks them out for a growing time (1 s, 2 s, 4 s, … up to 15 min).
    pub free_failures: u32,
    /// Accounts created per client address per hour (0: no limit).
    pub accounts_per_hour: u32,
    /// The longest time a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// A connection on which nothing is sent either way and no request is running is closed
    /// after this long (keep-alive connections and half-sent bodies).
    pub idle_timeout: Duration,
    /// Connections open at once, in total; more are closed as they come.
    pub max_connections: usize,
    /// Connections open at once from one client address.
    pub max_connections_per_address: usize,
    /// The server pings each WebSocket this often.
    pub ws_ping: Duration,
    /// A WebSocket from which nothing (not even a pong) arrives for this long is closed.
    pub ws_idle: Duration,
    /// Games one WebSocket may subscribe to.
    pub ws_subscriptions: usize,
}

impl Default for Limits {
    /// Password checks: twice the cores; 5 free failures; 20 accounts per address per hour;
    /// 10 s for the headers, 60 s idle; 4,096 connections, 64 per address; WebSocket pings
    /// every 30 s, closed after 90 s of silence, 100 subscriptions each.
    fn default() -> Limits {
        Limits {
            password_checks: std::thread::available_parallelism().map_or(2, |n| n.get()) * 2,
            free_failures: 5,
            accounts_per_hour: 20,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 4096,
            max_connections_per_address: 64,
            ws_ping: Duration::from_secs(30),
            ws_idle: Duration::from_secs(90),
            ws_subscriptions: 100,
        }
    }
}

/// The longest lock-out after failed logins.
const MAX_LOCK: Duration = Duration::from_secs(15 * 60);

/// Failures are forgotten this long after the last one.
const FORGET: Duration = Duration::from_secs(3600);

/// At most this many keys are remembered; beyond it the oldest half is forgotten (so the
/// table cannot grow without bound under addresses that change at every attempt).
const MAX_KEYS: usize = 100_000;

/// The lock-out after `failures` failed logins when `free` are free: none up to `free`, then
/// 1 s, 2 s, 4 s, … doubling, at most 15 min.
pub fn lock_for(failures: u32, free: u32) -> Duration {
    match failures.checked_sub(free) {
        None | Some(0) => Duration::ZERO,
        Some(n) => Duration::from_secs(1u64 << (n - 1).min(20)).min(MAX_LOCK),
    }
}

#[derive(Clone, Copy)]
struct Strikes {
    failures: u32,
    last: Instant,
    until: Instant,
}

/// Failed logins per account name and per client address, and account creations per
/// address. In memory: a restart forgets them (as it would a lock-out of a few minutes).
pub struct Throttle {
    free: u32,
    strikes: Mutex<HashMap<String, Strikes>>,
    created: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

impl Throttle {
    /// A throttle that lets `free` failures pass before it locks.
    pub fn new(free: u32) -> Throttle {
        Throttle {
            free,
            strikes: Mutex::new(HashMap::new()),
            created: Mutex::new(HashMap::new()),
        }
    }

    /// How long `key` is still locked out at `now`, if it is.
    pub fn locked(&self, key: &str, now: Instant) -> Option<Duration> {
        let m = self.strikes.lock().expect("throttle lock");
        let s = m.get(key)?;
        (s.until > now).then(|| s.until - now)
    }

    /// A failed login for `key` at `now`; the lock-out it starts.
    pub fn fail(&self, key: &str, now: Instant) -> Duration {
        let mut m = self.strikes.lock().expect("throttle lock");
        if m.len() >= MAX_KEYS {
            m.retain(|_, s| now.duration_since(s.last) < FORGET);
            if m.len() >= MAX_KEYS {
                let mut lasts: Vec<Instant> = m.values().map(|s| s.last).collect();
                lasts.sort();
                let cut = lasts[lasts.len() / 2];
                m.retain(|_, s| s.last > cut);
            }
        }
        let s = m.entry(key.to_string()).or_insert(Strikes {
            failures: 0,
            last: now,
            until: now,
        });
        if now.duration_since(s.last) >= FORGET {
            s.failures = 0;
        }
        s.failures = s.failures.saturating_add(1);
        s.last = now;
        let lock = lock_for(s.failures, self.free);
        s.until = now + lock;
        lock
    }

    /// A successful login for `key`: its failures are forgotten.
    pub fn succeed(&self, key: &str) {
        self.strikes.lock().expect("throttle lock").remove(key);
    }

    /// Whether `addr` may create another account at `now` (at most `per_hour` in the last
    /// hour; 0 is no limit); counts it if so.
    pub fn create(&self, addr: IpAddr, per_hour: u32, now: Instant) -> bool {
        if per_hour == 0 {
            return true;
        }
        let mut m = self.created.lock().expect("throttle lock");
        if m.len() >= MAX_KEYS {
            m.retain(|_, v| v.last().is_some_and(|t| now.duration_since(*t) < FORGET));
        }
        let v = m.entry(addr).or_default();
        v.retain(|t| now.duration_since(*t) < FORGET);
        if v.len() >= per_hour as usize {
            return false;
        }
        v.push(now);
        true
    }
}

// ----- connections -----

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// Connections open per client address; an entry goes when its last connection closes.
type PerAddress = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One connection counted against its address, until dropped.
struct AddressSlot {
    table: PerAddress,
    ip: IpAddr,
}

impl AddressSlot {
    fn take(table: &PerAddress, ip: IpAddr, max: usize) -> Option<AddressSlot> {
        let mut m = table.lock().expect("connections lock");
        let n = m.entry(ip).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            table: table.clone(),
            ip,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut m = self.table.lock().expect("connections lock");
        if let Some(n) = m.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
    }
}

/// A client's TCP stream, counted against the caps while it is open (a WebSocket upgraded
/// from it included), and closed when nothing has been sent either way for the idle time
/// while no request of its is running.
struct Guarded {
    inner: TcpStream,
    idle: Duration,
    deadline: Pin<Box<tokio::time::Sleep>>,
    running: Arc<AtomicUsize>,
    _total: tokio::sync::OwnedSemaphorePermit,
    _address: AddressSlot,
}

impl Guarded {
    fn touch(&mut self) {
        let at = tokio::time::Instant::now() + self.idle;
        self.deadline.as_mut().reset(at);
    }

    /// Whether the idle time is over (with no request running); re-armed if a request runs.
    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        if self.deadline.as_mut().poll(cx).is_pending() {
            return false;
        }
        if self.running.load(Ordering::Acquire) > 0 {
            self.touch();
            let _ = self.deadline.as_mut().poll(cx);
            return false;
        }
        true
    }
}

impl AsyncRead for Guarded {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    self.touch();
                }
                Poll::Ready(r)
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the connection was idle too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = r
            && n > 0
        {
            self.touch();
        }
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// A request of a connection running, until dropped.
struct Running(Arc<AtomicUsize>);

impl Running {
    fn start(n: &Arc<AtomicUsize>) -> Running {
        n.fetch_add(1, Ordering::AcqRel);
        Running(n.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests in flight finish. A connection beyond the total or its address's cap is closed
/// as it comes; the headers of a request must arrive within the header timeout; a
/// connection idle for the idle time is closed. Each request carries its client's
/// `ConnectInfo<SocketAddr>`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let total = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    let per_address: PerAddress = Arc::new(Mutex::new(HashMap::new()));
    // Dropping `stop_rx` tells the connections to finish; `done_tx.closed()` is when they have.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(());
    let (done_tx, done_rx) = tokio::sync::watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, addr) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors, say: wait a little rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = total.clone().try_acquire_owned() else {
            tracing::warn!(%addr, max = limits.max_connections, "connection refused: the server is at its connection cap");
            continue;
        };
        let Some(slot) = AddressSlot::take(&per_address, addr.ip(), limits.max_connections_per_address) else {
            tracing::warn!(%addr, max = limits.max_connections_per_address, "connection refused: the address is at its cap");
            continue;
        };
        let _ = stream.set_nodelay(true);
        let running = Arc::new(AtomicUsize::new(0));
        let io = Guarded {
            inner: stream,
            idle: limits.idle_timeout,
            deadline: Box::pin(tokio::time::sleep(limits.idle_timeout)),
            running: running.clone(),
            _total: permit,
            _address: slot,
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            let guard = Running::start(&running);
            let mut req = req.map(axum::body::Body::new);
            req.extensions_mut().insert(axum::extract::ConnectInfo(addr));
            let app = app.clone();
            async move {
                let r = app.oneshot(req).await;
                drop(guard);
                r
            }
        });
        let stop_tx = stop_tx.clone();
        let done_rx = done_rx.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            let mut conn = std::pin::pin!(builder.serve_connection(TokioIo::new(io), service).with_upgrades());
            let mut stopping = std::pin::pin!(stop_tx.closed());
            loop {
                tokio::select! {
                    r = conn.as_mut() => {
                        if let Err(e) = r {
                            tracing::debug!(%addr, error = %e, "connection ended");
                        }
                        break;
                    }
                    () = &mut stopping => conn.as_mut().graceful_shutdown(),
                }
            }
            drop(done_rx);
        });
    }
    drop(stop_rx);
    drop(done_rx);
    drop(listener);
    done_tx.closed().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_out_doubles_after_the_free_failures_up_to_fifteen_minutes() {
        let locks: Vec<u64> = (0..=16).map(|n| lock_for(n, 5).as_secs()).collect();
        assert_eq!(locks, [0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
        assert_eq!(lock_for(u32::MAX, 5), MAX_LOCK);
    }

    #[test]
    fn failures_are_forgotten_an_hour_after_the_last_and_at_a_success() {
        let t = Throttle::new(1);
        let now = Instant::now();
        assert_eq!(t.fail("a", now), Duration::ZERO);
        assert_eq!(t.fail("a", now), Duration::from_secs(1));
        assert_eq!(t.locked("a", now), Some(Duration::from_secs(1)));
        assert_eq!(t.locked("a", now + Duration::from_secs(1)), None);
        assert_eq!(t.fail("a", now + FORGET), Duration::ZERO);
        t.fail("a", now + FORGET);
        t.succeed("a");
        assert_eq!(t.fail("a", now + FORGET), Duration::ZERO);
    }
}

//! Accounts, sessions and roles (Art. 29–31).
//!
//! Staff and players have accounts with argon2 password hashes; logging in gives a session
//! token (sent as `Authorization: Bearer …`). A session ends when it is logged out
//! (`DELETE /api/sessions`), when it has not been used for an idle time (sliding), and in any
//! case a lifetime after the login ([`SessionLimits`]: 12 h and 7 days unless configured). Only SHA-256 digests of tokens and of the
//! per-seat secrets are stored, so a copy of the database lets nobody act. Roles are per
//! event: organizer (组委会: creates the event, appoints its officials), chief referee
//! (裁判长, Art. 30; the organizer is it until they appoint one), referee (裁判员, Art. 31).
//! A player acts in a game through the account bound to their seat or the seat's secret link
//! (`X-Seat-Secret`); everyone else is public and may only read.

use crate::db::{Db, DbError, SessionEnds};
use crate::secret::{digest, new_token};
use argon2::password_hash::{self, Output, ParamsString, PasswordHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::time::Duration;

/// A role in an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The organizer: creates the event and appoints its officials (Art. 29).
    Organizer,
    /// The chief referee (Art. 30).
    ChiefReferee,
    /// A referee (Art. 31).
    Referee,
}

impl Role {
    /// The name in the API.
    pub fn name(self) -> &'static str {
        match self {
            Role::Organizer => "organizer",
            Role::ChiefReferee => "chief_referee",
            Role::Referee => "referee",
        }
    }

    /// From its API name.
    pub fn parse(s: &str) -> Option<Role> {
        [Role::Organizer, Role::ChiefReferee, Role::Referee]
            .into_iter()
            .find(|r| r.name() == s)
    }
}

/// A logged-in account.
#[derive(Clone, Debug)]
pub struct Account {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// An argon2id hash of `password` with a fresh salt (slow on purpose: call off the runtime),
/// in the PHC string format; its memory is the calling thread's ([`with_blocks`]).
pub fn hash_password(password: &str) -> Result<String, HashError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(HashError::Random)?;
    let salt = SaltString::encode_b64(&salt).map_err(HashError::Argon2)?;
    let argon = Argon2::default();
    let output = argon_output(&argon, password.as_bytes(), salt.as_salt()).map_err(HashError::Argon2)?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params()).map_err(HashError::Argon2)?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// Why a password could not be hashed: never the password's fault, always the system's.
#[derive(Debug)]
pub enum HashError {
    /// The system gave no random salt.
    Random(getrandom::Error),
    /// argon2 refused the salt, its parameters or its output.
    Argon2(password_hash::Error),
}

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HashError::Random(e) => write!(f, "{e}"),
            HashError::Argon2(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for HashError {}

/// The most argon2 memory a stored hash may ask for (64 MiB; ours ask 19 MiB): a hash beyond
/// it is not checked.
const MAX_BLOCKS: usize = 64 * 1024;

thread_local! {
    /// The memory of this thread's password checks (argon2's blocks, 19 MiB), allocated at
    /// its first check and reused by every later one. Allocated and freed per check, as
    /// argon2 does by itself, the allocator kept each thread's freed blocks in arenas that
    /// other threads then also grew: 1,000 concurrent bad logins left eight arenas of
    /// 38-57 MiB (BENCHMARKS.md).
    static BLOCKS: std::cell::RefCell<Vec<argon2::Block>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on `n` blocks of this thread's argon2 memory ([`BLOCKS`]).
fn with_blocks<R>(n: usize, f: impl FnOnce(&mut [argon2::Block]) -> R) -> R {
    BLOCKS.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() < n {
            b.resize(n, argon2::Block::default());
        }
        f(&mut b[..n])
    })
}

/// The argon2 output of `password` and `salt` under `argon`'s parameters, computed in this
/// thread's memory ([`with_blocks`]).
fn argon_output(argon: &Argon2<'_>, password: &[u8], salt: Salt<'_>) -> Result<Output, password_hash::Error> {
    let mut salt_bytes = [0u8; 64];
    let salt = salt.decode_b64(&mut salt_bytes)?;
    let params = argon.params();
    let len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    with_blocks(params.block_count(), |blocks| {
        Output::init_with(len, |out| {
            argon
                .hash_password_into_with_memory(password, salt, out, &mut *blocks)
                .map_err(password_hash::Error::from)
        })
    })
}

/// The hash an unknown account's password is checked against, so that a login for a name
/// nobody has takes as long as one for a real account (its timing tells nothing). Made once,
/// of a random password nobody knows.
pub fn dummy_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_password(&new_token()).expect("a password hashes"))
}

/// Whether `password` matches the stored hash (an argon2 PHC string), compared in constant
/// time; the check's memory is the calling thread's ([`with_blocks`]).
pub fn verify_password(password: &str, hash: &str) -> bool {
    let Ok(h) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (h.salt, h.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(version), Ok(params)) = (
        Algorithm::try_from(h.algorithm),
        h.version.map_or(Ok(Version::default()), Version::try_from),
        Params::try_from(&h),
    ) else {
        return false;
    };
    if params.block_count() > MAX_BLOCKS {
        return false;
    }
    let argon = Argon2::new(algorithm, version, params);
    // `Output`'s equality is constant-time.
    argon_output(&argon, password.as_bytes(), salt).is_ok_and(|out| out == expected)
}

/// Creates an account named `name` (checked by [`crate::account_name::check`]); `Conflict`
/// if the name, or a name confusable with it, is taken.
pub async fn create_account(db: &Db, name: String, hash: String) -> Result<i64, DbError> {
    let key = crate::account_name::key(&name);
    db.create_account(name, key, hash).await
}

/// The account whose name is confusable with `name` ([`crate::account_name::key`]), if any:
/// its name.
pub async fn confusable_account(db: &Db, name: &str) -> Result<Option<String>, DbError> {
    db.account_name_by_key(crate::account_name::key(name)).await
}

/// The id and password hash of the account `name` ([`find_account`]).
pub async fn account_by_name(db: &Db, name: String) -> Result<Option<(i64, String)>, DbError> {
    Ok(find_account(db, name).await?.map(|(id, hash, _)| (id, hash)))
}

/// The id, password hash and name as kept of the account `name`. Names are kept in NFC, so
/// a name typed in another normal form finds its account; a name kept from before names
/// were normalised is found as it was written.
pub async fn find_account(db: &Db, name: String) -> Result<Option<(i64, String, String)>, DbError> {
    use unicode_normalization::UnicodeNormalization;
    let nfc: String = name.nfc().collect();
    if nfc != name
        && let Some((id, hash)) = db.account_by_name(nfc.clone()).await?
    {
        return Ok(Some((id, hash, nfc)));
    }
    Ok(db
        .account_by_name(name.clone())
        .await?
        .map(|(id, hash)| (id, hash, name)))
}

/// How long a session lasts: it ends after `idle` without a request (the idle time slides:
/// every use starts it again) and, however busy, `lifetime` after the login.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionLimits {
    /// The longest time between two uses.
    pub idle: Duration,
    /// The longest time from the login.
    pub lifetime: Duration,
}

impl Default for SessionLimits {
    /// 12 hours idle (a playing day), 7 days in all (an event's week).
    fn default() -> SessionLimits {
        SessionLimits {
            idle: Duration::from_secs(12 * 3600),
            lifetime: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// A session's last use is written at most this often (a write per request would cost a
/// commit per request); the idle time is measured to within it.
const TOUCH_EVERY_MS: u64 = 60_000;

/// Sessions that ended more than this long ago are forgotten at the next login (until then
/// their token is answered "expired" rather than "unknown").
const FORGET_AFTER_MS: u64 = 24 * 3600 * 1000;

/// What a session token is worth.
#[derive(Clone, Debug)]
pub enum Session {
    /// A live session of this account.
    Valid(Account),
    /// The session has ended: the text says why, for the 401.
    Expired(crate::words::Said),
    /// No session has this token (never given, logged out, or forgotten).
    Unknown,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// `d` as a person writes it: `12h`, `7d`, `90s`.
pub fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    for (unit, n) in [("d", 86_400), ("h", 3_600), ("m", 60)] {
        if s >= n && s.is_multiple_of(n) {
            return format!("{}{unit}", s / n);
        }
    }
    format!("{s}s")
}

/// A duration written as a number and a unit: `90s`, `30m`, `12h`, `7d`.
pub fn parse_duration(s: &str) -> Result<Duration, DurationError> {
    let t = s.trim();
    let err = || DurationError::Unreadable(s.to_string());
    let split = t.find(|c: char| !c.is_ascii_digit()).ok_or_else(err)?;
    let (n, unit) = t.split_at(split);
    let n: u64 = n.parse().map_err(|_| err())?;
    let per = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3_600,
        "d" => 86_400,
        _ => return Err(err()),
    };
    let secs = n.checked_mul(per).ok_or_else(err)?;
    if secs == 0 {
        return Err(DurationError::Zero(s.to_string()));
    }
    Ok(Duration::from_secs(secs))
}

/// Why a session duration ([`parse_duration`]) was refused; each holds the text as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DurationError {
    /// Not a number and a unit (`s`, `m`, `h`, `d`), or too long to count.
    Unreadable(String),
    /// No time at all (`0h`).
    Zero(String),
}

impl std::fmt::Display for DurationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DurationError::Unreadable(s) => write!(f, "{s:?} is not a duration like 90s, 30m, 12h or 7d"),
            DurationError::Zero(s) => write!(f, "{s:?}: a session must last more than no time"),
        }
    }
}

impl std::error::Error for DurationError {}

/// Records a session for `account`, started at `now`; returns its token.
pub async fn create_session(db: &Db, account: i64, limits: SessionLimits, now: u64) -> Result<String, DbError> {
    let token = new_token();
    let forget = SessionEnds {
        created: now.saturating_sub(millis(limits.lifetime).saturating_add(FORGET_AFTER_MS)),
        last_used: now.saturating_sub(millis(limits.idle).saturating_add(FORGET_AFTER_MS)),
    };
    db.create_session(digest(&token), account, now, forget).await?;
    Ok(token)
}

/// What the session token is worth at `now`; a live session's idle time starts again.
pub async fn session(db: &Db, token: &str, limits: SessionLimits, now: u64) -> Result<Session, DbError> {
    let hash = digest(token);
    let Some(s) = db.session(hash.clone()).await? else {
        return Ok(Session::Unknown);
    };
    if now >= s.created_at.saturating_add(millis(limits.lifetime)) {
        return Ok(Session::Expired(crate::words::say!(
            "session.err.lifetime",
            duration = duration_text(limits.lifetime)
        )));
    }
    if now >= s.last_used.saturating_add(millis(limits.idle)) {
        return Ok(Session::Expired(crate::words::say!(
            "session.err.idle",
            duration = duration_text(limits.idle)
        )));
    }
    if now >= s.last_used.saturating_add(TOUCH_EVERY_MS.min(millis(limits.idle) / 4)) {
        db.touch_session(hash, now).await?;
    }
    Ok(Session::Valid(Account {
        id: s.account,
        name: s.name,
    }))
}

/// Ends the session of `token` (log out); false if there was none.
pub async fn end_session(db: &Db, token: &str) -> Result<bool, DbError> {
    db.delete_session(digest(token)).await
}

/// The roles `account` holds in `event`: those granted, and the chief referee's for an
/// organizer of an event that has no chief referee appointed (Art. 29–30: the organizer
/// officiates their own event until they appoint its chief referee).
pub async fn roles(db: &Db, event: String, account: i64) -> Result<Vec<Role>, DbError> {
    let names = db.roles(event.clone(), account).await?;
    let mut held: Vec<Role> = names.iter().filter_map(|n| Role::parse(n)).collect();
    if held.contains(&Role::Organizer)
        && !held.contains(&Role::ChiefReferee)
        && !db.role_held(event, Role::ChiefReferee.name()).await?
    {
        held.push(Role::ChiefReferee);
    }
    Ok(held)
}

/// Gives `account` the `role` in `event` (idempotent), recorded as done by `by`, now (the database's time).
pub async fn grant(db: &Db, event: String, account: i64, role: Role, by: i64) -> Result<(), DbError> {
    let at = db.time().now_ms();
    db.grant(event.clone(), account, role.name()).await?;
    db.record_role_change(event, account, role.name(), "grant", Some(by), at)
        .await
}

/// Takes `role` in `event` away from `account`, recorded as done by `by`, now; false if
/// the account did not hold it (nothing is recorded then).
pub async fn revoke(db: &Db, event: String, account: i64, role: Role, by: i64) -> Result<bool, DbError> {
    let at = db.time().now_ms();
    if !db.revoke(event.clone(), account, role.name()).await? {
        return Ok(false);
    }
    db.record_role_change(event, account, role.name(), "revoke", Some(by), at)
        .await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    /// The hashes stored before the checks reused their memory were argon2's own: each kind
    /// verifies under the other, and a wrong password or a damaged hash does not.
    #[test]
    fn hashes_made_with_reused_memory_are_argon2s_own() {
        let ours = hash_password("correct horse").unwrap();
        let salt = SaltString::encode_b64(b"sixteen byte slt").unwrap();
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{ours}");
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"correct horse", &parsed).is_ok());
        for hash in [&ours, &theirs] {
            assert!(verify_password("correct horse", hash), "{hash}");
            assert!(!verify_password("correct horsf", hash), "{hash}");
        }
        assert!(!verify_password("correct horse", &theirs.replace("m=19456", "m=19457")));
        assert!(!verify_password(
            "correct horse",
            "$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA"
        ));
        assert!(!verify_password("correct horse", "not a hash"));
    }
}

//! Accounts, sessions and roles (Art. 29–31).
//!
//! Staff and players have accounts with argon2 password hashes; logging in gives a session
//! token (sent as `Authorization: Bearer …`). Only SHA-256 digests of tokens and of the
//! per-seat secrets are stored, so a copy of the database lets nobody act. Roles are per
//! event: organizer (组委会: creates the event, appoints its officials), chief referee
//! (裁判长, Art. 30), referee (裁判员, Art. 31). A player acts in a game through the account
//! bound to their seat or the seat's secret link (`X-Seat-Secret`); everyone else is public
//! and may only read.

use crate::db::{Db, DbError};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};

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

/// 32 random bytes as hex: session tokens and seat secrets.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("the system's random source works");
    hex(&b)
}

/// The stored digest of a token.
pub fn digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// An argon2id hash of `password` with a fresh salt (slow on purpose: call off the runtime).
pub fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` matches the stored hash.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// Creates an account; `Conflict` if the name is taken.
pub async fn create_account(db: &Db, name: String, hash: String) -> Result<i64, DbError> {
    db.create_account(name, hash).await
}

/// The id and password hash of the account `name`.
pub async fn account_by_name(db: &Db, name: String) -> Result<Option<(i64, String)>, DbError> {
    db.account_by_name(name).await
}

/// Records a session for `account`; returns its token.
pub async fn create_session(db: &Db, account: i64) -> Result<String, DbError> {
    let token = new_token();
    db.create_session(digest(&token), account).await?;
    Ok(token)
}

/// The account of a session token.
pub async fn session_account(db: &Db, token: &str) -> Result<Option<Account>, DbError> {
    Ok(db
        .session_account(digest(token))
        .await?
        .map(|(id, name)| Account { id, name }))
}

/// The roles `account` holds in `event`.
pub async fn roles(db: &Db, event: String, account: i64) -> Result<Vec<Role>, DbError> {
    let names = db.roles(event, account).await?;
    Ok(names.iter().filter_map(|n| Role::parse(n)).collect())
}

/// Gives `account` the `role` in `event` (idempotent).
pub async fn grant(db: &Db, event: String, account: i64, role: Role) -> Result<(), DbError> {
    db.grant(event, account, role.name()).await
}

//! Secrets: random tokens (sessions, seat links, claim codes) and the digests that are kept
//! of them instead.

use sha2::{Digest, Sha256};

/// 32 random bytes as hex: session tokens and seat secrets.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("the system's random source works");
    hex(&b)
}

/// The secret of a seat (`black` or `white`) of a game created with an idempotency key: a
/// digest of the creator's session token and the key, so that a retry of the request by the
/// same session gives the same secrets, while the database (which keeps only digests of
/// tokens and secrets) still lets nobody act.
pub fn seat_secret(token: &str, key: &str, seat: &str) -> String {
    hex(&Sha256::digest(
        format!("weiqi seat secret\0{token}\0{key}\0{seat}").as_bytes(),
    ))
}

/// The stored digest of a token.
pub fn digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Bytes as lower-case hex.
fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

//! Secrets: random tokens (sessions, claim codes), the seat secrets derived under the
//! server's key, and the digests that are kept of them instead.
//!
//! A seat's secret is `HMAC-SHA256(server key, "weiqi seat\0{game}\0{seat}\0{generation}")`:
//! the database keeps only its digest, as before, yet an official can be shown a board's
//! links again at any time (the server derives them again from the game, the seat and the
//! seat's generation, and checks the result against the stored digest). Issuing a seat a new
//! link bumps its generation, so the old link stops working at once. The key is made once,
//! kept in the server's table `server_secret` (shared by every instance on PostgreSQL), so a
//! restart keeps the links valid.

use sha2::{Digest, Sha256};

/// 32 random bytes as hex: session tokens, claim codes, the server's key.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("the system's random source works");
    hex(&b)
}

/// The secret of seat `seat` (`black` or `white`) of game `game` at `generation` (how many
/// times the seat was issued a new link), under the server's key.
pub fn seat_link_secret(key: &str, game: i64, seat: &str, generation: u32) -> String {
    hex(&hmac_sha256(
        key.as_bytes(),
        format!("weiqi seat\0{game}\0{seat}\0{generation}").as_bytes(),
    ))
}

/// The secret of a seat (`black` or `white`) of a game created with an idempotency key before
/// seat secrets were derived under the server's key: a digest of the creator's session token
/// and the key. Only read to answer a retry of such a request.
pub fn seat_secret(token: &str, key: &str, seat: &str) -> String {
    hex(&Sha256::digest(
        format!("weiqi seat secret\0{token}\0{key}\0{seat}").as_bytes(),
    ))
}

/// The stored digest of a token.
pub fn digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// HMAC-SHA256 (RFC 2104) over `sha2`: 20 lines instead of a dependency.
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    const BLOCK: usize = 64;
    let mut k = [0u8; BLOCK];
    if key.len() > BLOCK {
        k[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        k[..key.len()].copy_from_slice(key);
    }
    let pad = |x: u8| k.map(|b| b ^ x);
    let inner = Sha256::new().chain_update(pad(0x36)).chain_update(message).finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// Bytes as lower-case hex.
fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4231, test cases 2 (a short key) and 6 (a key longer than the block).
    #[test]
    fn hmac_sha256_is_rfc_4231s() {
        assert_eq!(
            hex(&hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            hex(&hmac_sha256(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            )),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn a_seats_secret_depends_on_game_seat_generation_and_key() {
        let s = seat_link_secret("k", 7, "black", 0);
        assert_eq!(s, seat_link_secret("k", 7, "black", 0));
        assert_eq!(s.len(), 64);
        for other in [
            seat_link_secret("k", 7, "white", 0),
            seat_link_secret("k", 7, "black", 1),
            seat_link_secret("k", 70, "black", 0),
            seat_link_secret("j", 7, "black", 0),
        ] {
            assert_ne!(s, other);
        }
    }
}

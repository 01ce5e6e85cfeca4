//! 128-bit Zobrist keys (Art. 6 compares whole-board positions by their hash).
//!
//! The keys are fixed at compile time from a SplitMix64 stream, so hashes are the same in
//! every run and on every machine (they may be stored). With 128 bits, a false repetition
//! needs a collision among ~2⁶⁴ positions: far below any game's reach.

use crate::board::CELLS;
use crate::point::Color;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u128; CELLS]; 2] {
    let mut keys = [[0u128; CELLS]; 2];
    let mut state = 0x5745_4951_4932_3030u64; // "WEIQI200"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s1, hi) = splitmix64(state);
            let (s2, lo) = splitmix64(s1);
            state = s2;
            keys[c][i] = ((hi as u128) << 64) | lo as u128;
            i += 1;
        }
        c += 1;
    }
    keys
}

static KEYS: [[u128; CELLS]; 2] = make_keys();

/// The key of a stone of `color` on padded cell `i`.
#[inline]
pub(crate) fn stone(color: Color, i: usize) -> u128 {
    KEYS[color.index()][i]
}

/// XORed into a position's key when White is to move (situational superko).
pub(crate) const WHITE_TO_MOVE: u128 = 0x7b1d_29f4_c0a8_6e35_d2e8_4a91_3f6c_0b57;

//! The Elo difference a match result suggests, with a 95 % interval.
//!
//! The logistic model: an engine that scores a fraction `p` of the points (a win 1, a draw
//! ½) is `-400 · log10(1/p − 1)` Elo stronger than its opponent. The interval comes from
//! the normal approximation of the mean score: `p ± 1.96 · s/√n`, with `s²` the variance of
//! the per-game scores (so draws narrow it), each end mapped through the same curve. A
//! score of 0 or 1 has no finite Elo: that end is infinite.

/// The Elo difference of one engine over the other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate (±∞ for a clean sweep).
    pub diff: f64,
    /// The low end of the 95 % interval.
    pub low: f64,
    /// The high end of the 95 % interval.
    pub high: f64,
    /// The score fraction it comes from, 0–1.
    pub score: f64,
}

/// The two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference for `wins`, `draws` and `losses` of one engine; `None` without games.
pub fn elo(wins: u32, draws: u32, losses: u32) -> Option<Elo> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let p = (w + 0.5 * d) / n;
    let variance = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
    let margin = Z95 * (variance / n).sqrt();
    Some(Elo {
        diff: elo_of_score(p),
        low: elo_of_score((p - margin).max(0.0)),
        high: elo_of_score((p + margin).min(1.0)),
        score: p,
    })
}

/// The Elo difference of an expected score `p` (0–1) under the logistic model.
pub fn elo_of_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// `+190.8`, `-35.0`, `+inf`, `-inf`.
pub fn format_elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    } else if x.abs() < 0.05 {
        // No "-0.0".
        "+0.0".to_string()
    } else {
        format!("{x:+.1}")
    }
}

//! Ratings: the EGF's GoR (2021 formula), Glicko-2 and a configurable Elo (等级分), and an
//! event's ratings before and after its games.
//!
//! Each system is a pure function from a rating and the games of one rating period to the new
//! rating, tested against the published worked examples (the EGD's own example of two 1-dan
//! players for GoR, Glickman's example for Glicko-2, the textbook five-game example for Elo).
//!
//! An event is rated as one period, as the EGD rates a tournament: every game of the event's
//! complete rounds is computed from the ratings frozen before the event ([`Frozen`]: each
//! player's latest entry of a rating list dated on or before the freeze date), and the
//! changes are summed; so the order of the rounds changes nothing and the director can print
//! the ratings before, after and the change beside the standings. A forfeit was not played
//! and rates nothing (the EGD's `!` games are not rated either); no result and a game of a
//! player without a rating rate nothing.
//!
//! Pure: no I/O and no clock (the freeze date is an argument).

use crate::event::{Event, PlayerId};
use crate::player::Date;
use crate::result::{GameResult, Outcome};
use rules::Color;
use std::fmt;
use std::str::FromStr;

/// A rating system and its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum System {
    /// The EGF's GoR, 2021 formula.
    Gor,
    /// Glicko-2 with the system constant τ (Glickman suggests 0.3–1.2; his example uses 0.5).
    Glicko2 {
        /// τ, which limits how fast the volatility changes.
        tau: f64,
    },
    /// Elo with the event's K and scale (the rating difference at which the stronger player
    /// is expected to score 10 : 1; 400 in chess).
    Elo {
        /// K, the most a game can move a rating.
        k: f64,
        /// The scale.
        scale: f64,
    },
}

impl System {
    /// The name, as [`FromStr`] reads it back (`gor`, `glicko2:0.5`, `elo:32:400`).
    pub fn name(self) -> String {
        match self {
            System::Gor => "gor".into(),
            System::Glicko2 { tau } => format!("glicko2:{tau}"),
            System::Elo { k, scale } => format!("elo:{k}:{scale}"),
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Why a rating system, rating or rating list could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingError {
    /// The system is not `gor`, `glicko2[:TAU]` or `elo[:K[:SCALE]]`, or a parameter is out
    /// of range.
    System(String),
    /// A number of a rating list is not a number, or is out of range (with what it is).
    Number(String),
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::System(s) => write!(
                f,
                "rating system {s:?} is not gor, glicko2[:TAU] (TAU 0.2-2) or elo[:K[:SCALE]] (K 1-100, SCALE 100-1000)"
            ),
            RatingError::Number(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for RatingError {}

impl FromStr for System {
    type Err = RatingError;

    fn from_str(s: &str) -> Result<System, RatingError> {
        let err = || RatingError::System(s.to_string());
        let parts: Vec<&str> = s.trim().split(':').collect();
        let num = |i: usize, default: f64, range: std::ops::RangeInclusive<f64>| -> Result<f64, RatingError> {
            match parts.get(i) {
                None => Ok(default),
                Some(t) => {
                    let v: f64 = t.trim().parse().map_err(|_| err())?;
                    if range.contains(&v) { Ok(v) } else { Err(err()) }
                }
            }
        };
        match parts[0].to_ascii_lowercase().as_str() {
            "gor" | "egf" if parts.len() == 1 => Ok(System::Gor),
            "glicko2" | "glicko-2" if parts.len() <= 2 => Ok(System::Glicko2 {
                tau: num(1, 0.5, 0.2..=2.0)?,
            }),
            "elo" if parts.len() <= 3 => Ok(System::Elo {
                k: num(1, 32.0, 1.0..=100.0)?,
                scale: num(2, 400.0, 100.0..=1000.0)?,
            }),
            _ => Err(err()),
        }
    }
}

/// A rating: its value, and for Glicko-2 the deviation (RD) and volatility (σ).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (Glicko-2: on the Glicko scale, 1500 the centre).
    pub value: f64,
    /// Glicko-2's rating deviation (350 for a new player).
    pub deviation: Option<f64>,
    /// Glicko-2's volatility (0.06 for a new player).
    pub volatility: Option<f64>,
}

impl Rating {
    /// A rating without deviation or volatility (GoR, Elo).
    pub fn new(value: f64) -> Rating {
        Rating {
            value,
            deviation: None,
            volatility: None,
        }
    }

    /// A Glicko-2 rating.
    pub fn glicko(value: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            value,
            deviation: Some(deviation),
            volatility: Some(volatility),
        }
    }
}

/// One game of a rating period, seen from the player rated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedGame {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The player's score: 1 won, 0.5 drawn (jigo), 0 lost.
    pub score: f64,
    /// GoR: handicap stones the player received (positive, as Black) or gave (negative, as
    /// White); 0 for an even game with komi. A game of one stone is a game without komi.
    pub handicap: i32,
}

/// GoR's β: `−7·ln(3300 − r)`.
pub fn gor_beta(r: f64) -> f64 {
    -7.0 * (3300.0 - r).ln()
}

/// GoR's expected result of the player rated `r1` against `r2` (Bradley–Terry):
/// `1 / (1 + e^(β(r2) − β(r1)))`.
pub fn gor_expected(r1: f64, r2: f64) -> f64 {
    1.0 / (1.0 + (gor_beta(r2) - gor_beta(r1)).exp())
}

/// GoR's con, the volatility factor: `((3300 − r) / 200)^1.6`.
pub fn gor_con(r: f64) -> f64 {
    ((3300.0 - r) / 200.0).powf(1.6)
}

/// GoR's bonus against deflation: `ln(1 + e^((2300 − r) / 80)) / 5`.
pub fn gor_bonus(r: f64) -> f64 {
    (1.0 + ((2300.0 - r) / 80.0).exp()).ln() / 5.0
}

/// The rating shift GoR gives a handicap: a player who received `h` stones (h ≥ 1) counts
/// `100·(h − 0.5)` points stronger for the expected result (one grade is 100 points; a game
/// of one stone, without komi, is half a stone, and each stone more is a grade), one who gave
/// them as many points weaker. An even game with komi shifts nothing.
pub fn gor_handicap_shift(handicap: i32) -> f64 {
    match handicap {
        0 => 0.0,
        h if h > 0 => 100.0 * (f64::from(h) - 0.5),
        h => -100.0 * (f64::from(-h) - 0.5),
    }
}

/// The lowest GoR: a rating below is reset to it.
pub const GOR_FLOOR: f64 = -900.0;

/// The GoR after the games of one tournament, all computed from the rating `r` before it:
/// `r' = r + Σ (con·(Sa − Se) + bonus)`, with Se from the ratings shifted by the handicap
/// ([`gor_handicap_shift`]); never below [`GOR_FLOOR`].
pub fn gor_update(r: f64, games: &[RatedGame]) -> f64 {
    let con = gor_con(r);
    let bonus = gor_bonus(r);
    let change: f64 = games
        .iter()
        .map(|g| {
            let se = gor_expected(r + gor_handicap_shift(g.handicap), g.opponent.value);
            con * (g.score - se) + bonus
        })
        .sum();
    (r + change).max(GOR_FLOOR)
}

/// Elo's expected score of `r` against `opponent` on the given scale:
/// `1 / (1 + 10^((opponent − r) / scale))`.
pub fn elo_expected(r: f64, opponent: f64, scale: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - r) / scale))
}

/// The Elo rating after the games of one period: `r + K·Σ (S − E)`.
pub fn elo_update(r: f64, games: &[RatedGame], k: f64, scale: f64) -> f64 {
    r + k * games
        .iter()
        .map(|g| g.score - elo_expected(r, g.opponent.value, scale))
        .sum::<f64>()
}

/// A new Glicko-2 player's deviation.
pub const GLICKO_NEW_DEVIATION: f64 = 350.0;
/// A new Glicko-2 player's volatility.
pub const GLICKO_NEW_VOLATILITY: f64 = 0.06;
/// The factor between the Glicko and Glicko-2 scales.
const GLICKO_SCALE: f64 = 173.7178;

/// The Glicko-2 rating after one rating period (Glickman, "Example of the Glicko-2 system",
/// steps 1–8; the volatility by the Illinois algorithm of step 5 to ε = 0.000001). A rating
/// without deviation or volatility is a new player's. Without games only the deviation grows
/// (step 6).
pub fn glicko2_update(player: Rating, games: &[RatedGame], tau: f64) -> Rating {
    let phi_of = |r: &Rating| r.deviation.unwrap_or(GLICKO_NEW_DEVIATION) / GLICKO_SCALE;
    let mu = (player.value - 1500.0) / GLICKO_SCALE;
    let phi = phi_of(&player);
    let sigma = player.volatility.unwrap_or(GLICKO_NEW_VOLATILITY);
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating::glicko(player.value, phi_star * GLICKO_SCALE, sigma);
    }
    let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
    let terms: Vec<(f64, f64, f64)> = games
        .iter()
        .map(|gm| {
            let mu_j = (gm.opponent.value - 1500.0) / GLICKO_SCALE;
            let g_j = g(phi_of(&gm.opponent));
            let e = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
            (g_j, e, gm.score)
        })
        .collect();
    // Step 3: the estimated variance v; step 4: the improvement Δ.
    let v = 1.0 / terms.iter().map(|(g_j, e, _)| g_j * g_j * e * (1.0 - e)).sum::<f64>();
    let sum = terms.iter().map(|(g_j, e, s)| g_j * (s - e)).sum::<f64>();
    let delta = v * sum;
    // Step 5: the new volatility.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 0.000001 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6–8.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating::glicko(mu_new * GLICKO_SCALE + 1500.0, phi_new * GLICKO_SCALE, sigma_new)
}

/// The rating after one period under `system`.
pub fn update(system: System, player: Rating, games: &[RatedGame]) -> Rating {
    match system {
        System::Gor => Rating::new(gor_update(player.value, games)),
        System::Glicko2 { tau } => glicko2_update(player, games, tau),
        System::Elo { k, scale } => Rating::new(elo_update(player.value, games, k, scale)),
    }
}

/// One entry of a rating list: a player's rating as of a date.
#[derive(Clone, Debug, PartialEq)]
pub struct ListEntry {
    /// The player's name, as registered in the event.
    pub name: String,
    /// The rating.
    pub rating: Rating,
    /// The date of the rating.
    pub date: Date,
}

/// An event's ratings frozen before its games: the system, the date, and for each player of
/// the event (by [`PlayerId`]) the latest rating of the list dated on or before that date.
#[derive(Clone, Debug, PartialEq)]
pub struct Frozen {
    /// The rating system.
    pub system: System,
    /// The freeze date: no later rating counts.
    pub as_of: Date,
    /// For each player of the event, in the event's order, the rating frozen, if any.
    pub ratings: Vec<Option<Rating>>,
}

/// Freezes the ratings of `ev`'s players from `list` by `as_of`: each player's latest entry
/// dated on or before it (a later entry is ignored, an entry of a name not in the event too).
pub fn freeze(ev: &Event, system: System, as_of: Date, list: &[ListEntry]) -> Frozen {
    let ratings = ev
        .players()
        .iter()
        .map(|p| {
            list.iter()
                .filter(|e| e.name == p.name && e.date <= as_of)
                .max_by_key(|e| e.date)
                .map(|e| e.rating)
        })
        .collect();
    Frozen { system, as_of, ratings }
}

/// A player's ratings around the event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The player.
    pub player: PlayerId,
    /// The rating frozen before the event.
    pub before: Rating,
    /// The rating after the rated games of the event's complete rounds.
    pub after: Rating,
    /// The number of games rated.
    pub games: u32,
}

impl Change {
    /// `after − before`.
    pub fn change(&self) -> f64 {
        self.after.value - self.before.value
    }
}

/// The ratings before and after the event of every player with a frozen rating, in the
/// event's player order. Rated: the games of the complete rounds (as the standings), played
/// over the board (a forfeit is not), won, drawn or lost (not both-lose, not void), against a
/// rated opponent.
/// `handicap(round, board)` gives a game's handicap stones (0 for an even game).
pub fn event_ratings(ev: &Event, frozen: &Frozen, handicap: &dyn Fn(u32, u32) -> i32) -> Vec<Change> {
    let n = ev.players().len();
    let mut games: Vec<Vec<RatedGame>> = vec![Vec::new(); n];
    let before = |p: PlayerId| frozen.ratings.get(p.0).copied().flatten();
    for round in ev.rounds().iter().take(ev.complete_rounds() as usize) {
        for g in round.games.iter().filter(|g| !g.void) {
            // A forfeit was not played; both-lose is a penalty (Art. 17.5, 23), not a result
            // between the two.
            let Some(result) = g.result.filter(|r| r.played() && *r != GameResult::BothLose) else {
                continue;
            };
            let (Some(rb), Some(rw)) = (before(g.black), before(g.white)) else {
                continue;
            };
            let h = handicap(round.number, g.board);
            for (side, opponent, stones) in [(Color::Black, rw, h), (Color::White, rb, -h)] {
                let score = match result.outcome(side) {
                    Outcome::Win => 1.0,
                    Outcome::Draw => 0.5,
                    Outcome::Loss => 0.0,
                    Outcome::Nothing => continue,
                };
                games[g.player(side).0].push(RatedGame {
                    opponent,
                    score,
                    handicap: stones,
                });
            }
        }
    }
    (0..n)
        .filter_map(|i| {
            let b = before(PlayerId(i))?;
            Some(Change {
                player: PlayerId(i),
                before: b,
                after: update(frozen.system, b, &games[i]),
                games: games[i].len() as u32,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;

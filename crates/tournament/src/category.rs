//! Categories by rank (OpenGotha's `numberOfCategories` and `lowerCategoryLimits`): an event
//! may split its field into strength classes, ranked apart (the [`crate::TieBreak::Category`]
//! criterion, OpenGotha's CAT) and, where the event asks, paired apart (a level of the Swiss
//! pairing's cost, [`crate::swiss`]).
//!
//! The rules (Art. 25–27) know groups only as separate events; a category is the common
//! practice of the European McMahon and Swiss events directors import from OpenGotha, kept
//! here as OpenGotha computes it: category 0 holds the players at or above the first lower
//! limit, category 1 those at or above the second, and so on; the last holds everyone below.

use crate::player::Rank;

/// An event's categories (a setting, recorded with it).
///
/// Invariant: `lower_limits` is strictly decreasing (each category weaker than the one
/// before), at most [`MAX_CATEGORIES`]` − 1` limits; [`Categories::check`] says why not.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Categories {
    /// The weakest rank of each category but the last, strongest category first (empty: the
    /// whole field is one category).
    pub lower_limits: Vec<Rank>,
    /// Whether the Swiss pairing keeps players inside their category (OpenGotha's
    /// `paiMaAvoidMixingCategories`, on in its Swiss with categories, off in its McMahon).
    pub pair_within: bool,
}

/// The most categories an event has (OpenGotha offers up to 5 in its dialog; its files may
/// hold more, and the rank scale has 46 grades).
pub const MAX_CATEGORIES: usize = 46;

impl Categories {
    /// How many categories: one more than the limits.
    pub fn count(&self) -> u32 {
        self.lower_limits.len() as u32 + 1
    }

    /// The category of a player of rank `rank`, from 0 (the strongest), as OpenGotha's
    /// `Player.category`: the first category whose lower limit the rank reaches.
    pub fn of(&self, rank: Rank) -> u32 {
        self.lower_limits
            .iter()
            .position(|&limit| rank >= limit)
            .unwrap_or(self.lower_limits.len()) as u32
    }

    /// Why these categories cannot be an event's, if they cannot: limits not strictly
    /// decreasing, or too many.
    pub fn check(&self) -> Result<(), crate::SystemProblem> {
        if self.lower_limits.len() >= MAX_CATEGORIES {
            return Err(crate::SystemProblem::TooManyCategories(self.lower_limits.len() + 1));
        }
        if let Some(w) = self.lower_limits.windows(2).find(|w| w[1] >= w[0]) {
            return Err(crate::SystemProblem::CategoryOrder(w[0], w[1]));
        }
        Ok(())
    }

    /// The limits as written on the command line and in the store: ranks strongest first,
    /// separated by commas (empty: one category).
    pub fn limits_text(&self) -> String {
        self.lower_limits
            .iter()
            .map(Rank::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads [`Categories::limits_text`]'s form (`1d,10k`), checked.
    pub fn parse_limits(text: &str) -> Result<Vec<Rank>, String> {
        let limits = text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<Rank>().map_err(|e| format!("category limit: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        Categories {
            lower_limits: limits.clone(),
            pair_within: false,
        }
        .check()
        .map_err(|e| e.to_string())?;
        Ok(limits)
    }
}

/// What it costs to pair players of categories `a` and `b` out of `n` categories (0 inside
/// one category, and whenever `n` ≤ 1): OpenGotha's gain `(1 − x)(1 + k·x)`, `x` the
/// categories apart over `n` and `k` its default ½, turned into a cost and scaled to an
/// integer: `g·n + g²` for `g` categories apart, which grows with the gap as OpenGotha's does.
pub fn pairing_cost(n: u32, a: u32, b: u32) -> u64 {
    if n <= 1 {
        return 0;
    }
    let g = u64::from(a.abs_diff(b));
    g * u64::from(n) + g * g
}

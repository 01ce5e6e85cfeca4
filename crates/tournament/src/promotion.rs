//! Promotions (升段/升级): who of an event's players goes up a grade, by the event's rule.
//!
//! Chinese amateur events promote dan players by a quota within their rank group (a
//! provincial rule: the top 15 / 20 / 25 / 30 % of the 4/3/2/1-dan groups) and kyu players by
//! a win rate (75–90 %), each with a minimum number of games. A [`Rule`] says that, written
//! as the director gives it (`dan=4:15,3:20,2:25,1:30 kyu=75 min-games=5`), and
//! [`promotions`] applies it to the standings: within each dan group the players in standings
//! order, the quota of the group's size rounded to the nearest (half up: 15 % of ten is 2,
//! of three 0); a kyu player whose wins (a draw half a win) over the games played
//! reach the rate. A withdrawn player is not promoted; a bye is not a game; a forfeit win
//! counts as a win (the standings count it so).
//!
//! Pure: the list is a function of the event's standings and the rule.

use crate::event::{Event, PlayerId};
use crate::player::Rank;
use crate::standings::Standings;
use std::fmt;
use std::str::FromStr;

/// A promotion rule. Invariant: quotas and the rate are percentages 0–100, each dan grade at
/// most once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// For amateur dan grades: (grade, percent of the group promoted).
    pub dan_quota: Vec<(u8, u32)>,
    /// For kyu players: the win rate, in percent, that promotes (`None`: no kyu promotion).
    pub kyu_win_rate: Option<u32>,
    /// The games a player must have played to be promoted.
    pub min_games: u32,
}

/// Why a promotion rule could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "promotion rule: {}; write it like dan=4:15,3:20,2:25,1:30 kyu=75 min-games=5",
            self.0
        )
    }
}

impl std::error::Error for RuleError {}

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Rule, RuleError> {
        let mut rule = Rule {
            dan_quota: Vec::new(),
            kyu_win_rate: None,
            min_games: 0,
        };
        let percent = |t: &str, what: &str| -> Result<u32, RuleError> {
            let v: u32 = t
                .trim()
                .trim_end_matches('%')
                .parse()
                .map_err(|_| RuleError(format!("{what} {t:?} is not a whole number")))?;
            if v > 100 {
                return Err(RuleError(format!("{what} {v} is more than 100 %")));
            }
            Ok(v)
        };
        for part in s.split_whitespace() {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| RuleError(format!("{part:?} is not key=value")))?;
            match key {
                "dan" => {
                    for q in value.split(',').filter(|q| !q.is_empty()) {
                        let (grade, pct) = q
                            .split_once(':')
                            .ok_or_else(|| RuleError(format!("dan quota {q:?} is not GRADE:PERCENT")))?;
                        let grade: u8 = grade
                            .trim_end_matches(['d', 'D'])
                            .parse()
                            .ok()
                            .filter(|g| (1..=7).contains(g))
                            .ok_or_else(|| RuleError(format!("dan grade {grade:?} is not 1 to 7")))?;
                        if rule.dan_quota.iter().any(|&(g, _)| g == grade) {
                            return Err(RuleError(format!("dan grade {grade} is given twice")));
                        }
                        rule.dan_quota.push((grade, percent(pct, "quota")?));
                    }
                }
                "kyu" => rule.kyu_win_rate = Some(percent(value, "kyu win rate")?),
                "min-games" => {
                    rule.min_games = value
                        .parse()
                        .map_err(|_| RuleError(format!("min-games {value:?} is not a whole number")))?
                }
                other => return Err(RuleError(format!("unknown key {other:?} (dan, kyu, min-games)"))),
            }
        }
        rule.dan_quota.sort_by_key(|q| std::cmp::Reverse(q.0));
        Ok(rule)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if !self.dan_quota.is_empty() {
            let q: Vec<String> = self.dan_quota.iter().map(|(g, p)| format!("{g}:{p}")).collect();
            parts.push(format!("dan={}", q.join(",")));
        }
        if let Some(k) = self.kyu_win_rate {
            parts.push(format!("kyu={k}"));
        }
        parts.push(format!("min-games={}", self.min_games));
        f.write_str(&parts.join(" "))
    }
}

/// Why a player is promoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Within the quota of the dan group: the place in the group and the quota (players).
    Quota {
        /// The place within the group, from 1.
        place_in_group: u32,
        /// The group's quota, in players.
        quota: u32,
        /// The group's size.
        group: u32,
    },
    /// A kyu player's win rate reached the rule's: wins (doubled, a draw is 1) over games.
    WinRate {
        /// Wins, doubled (a draw counts 1).
        wins_doubled: u32,
        /// Games played.
        games: u32,
    },
}

/// One promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The player.
    pub player: PlayerId,
    /// The rank now.
    pub from: Rank,
    /// The rank promoted to (kyu 1 goes to 1 dan; 7 dan stays: it is not promoted).
    pub to: Rank,
    /// Why.
    pub reason: Reason,
}

/// The quota of a group of `size` players at `percent`: rounded half up.
pub fn quota(size: u32, percent: u32) -> u32 {
    (size * percent + 50) / 100
}

/// The promotions of `ev` under `rule`, from its standings `st` (in standings order within
/// each group; the dan groups from the highest grade, then the kyu players).
pub fn promotions(ev: &Event, st: &Standings, rule: &Rule) -> Vec<Promotion> {
    let games = |row: &crate::standings::Row| row.stats.wins + row.stats.draws + row.stats.losses;
    let mut out = Vec::new();
    for &(grade, pct) in &rule.dan_quota {
        if grade >= 7 {
            continue;
        }
        let group: Vec<_> = st
            .rows
            .iter()
            .filter(|r| ev.player(r.player).rank == Rank::Dan(grade))
            .collect();
        let q = quota(group.len() as u32, pct);
        // Places within the group follow the standings; the quota is taken from the top by
        // those eligible, so a withdrawn player or one short of games leaves the place to the
        // next.
        let mut taken = 0;
        for (i, row) in group.iter().enumerate() {
            if taken == q {
                break;
            }
            if row.withdrawn || games(row) < rule.min_games {
                continue;
            }
            taken += 1;
            out.push(Promotion {
                player: row.player,
                from: Rank::Dan(grade),
                to: Rank::Dan(grade + 1),
                reason: Reason::Quota {
                    place_in_group: i as u32 + 1,
                    quota: q,
                    group: group.len() as u32,
                },
            });
        }
    }
    if let Some(rate) = rule.kyu_win_rate {
        for row in &st.rows {
            let Rank::Kyu(k) = ev.player(row.player).rank else {
                continue;
            };
            let n = games(row);
            if row.withdrawn || n == 0 || n < rule.min_games {
                continue;
            }
            let wins_doubled = 2 * row.stats.wins + row.stats.draws;
            // wins / games ≥ rate %, in whole numbers: 100·wins_doubled ≥ 2·rate·games.
            if 100 * wins_doubled >= 2 * rate * n {
                out.push(Promotion {
                    player: row.player,
                    from: Rank::Kyu(k),
                    to: if k == 1 { Rank::Dan(1) } else { Rank::Kyu(k - 1) },
                    reason: Reason::WinRate { wins_doubled, games: n },
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;

//! Ratings and promotions beside the standings: rating lists read from CSV (or a
//! spreadsheet's rows), the frozen ratings kept with an event as text, and the columns the
//! standings add for them in every export (before, after, change; the promotion).
//!
//! A rating list has a header line and one rating per line: name 姓名, rating 等级分,
//! deviation (rd, 偏差), volatility (波动), date 日期 (`YYYY-MM-DD`); a player may have
//! several lines of different dates, and the freeze takes the latest on or before its date
//! ([`tournament::rating::freeze`]). Only the name, the rating and the date are required.

use crate::{FormatError, LineProblem};
use rules::Lang;
use tournament::promotion::{Promotion, Reason};
use tournament::rating::{Change, Frozen, ListEntry, Rating, System};
use tournament::{Date, Event, PlayerId};

/// The name under which an event keeps its frozen ratings ([`frozen_text`]).
pub const RATINGS_ATTACHMENT: &str = "ratings";
/// The name under which an event keeps its promotion rule.
pub const PROMOTION_ATTACHMENT: &str = "promotion";
/// The name under which an event imported from OpenGotha keeps the file.
pub const OPENGOTHA_ATTACHMENT: &str = "opengotha";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    Rating,
    Deviation,
    Volatility,
    Date,
}

fn column(h: &str) -> Option<Column> {
    Some(match h.trim().to_lowercase().as_str() {
        "name" | "姓名" | "棋手" | "选手" => Column::Name,
        "rating" | "等级分" | "gor" => Column::Rating,
        "deviation" | "rd" | "偏差" => Column::Deviation,
        "volatility" | "波动" => Column::Volatility,
        "date" | "日期" => Column::Date,
        _ => return None,
    })
}

/// Reads a rating list from CSV (UTF-8 or GBK, comma or tab separated).
pub fn read_list(bytes: &[u8]) -> Result<Vec<ListEntry>, FormatError> {
    let rows = crate::csv_io::read_rows("the rating list", bytes)?;
    list_from_rows(&rows)
}

/// Reads a rating list from rows of cells, the first the header (a spreadsheet's sheet).
pub fn list_from_rows(rows: &[Vec<String>]) -> Result<Vec<ListEntry>, FormatError> {
    let Some(header) = rows.first() else {
        return Err(FormatError::Line {
            line: 1,
            what: LineProblem::Other("the rating list is empty".into()),
        });
    };
    let cols: Vec<Option<Column>> = header.iter().map(|h| column(h)).collect();
    for (need, what) in [
        (Column::Name, "name/姓名"),
        (Column::Rating, "rating/等级分"),
        (Column::Date, "date/日期"),
    ] {
        if !cols.contains(&Some(need)) {
            return Err(FormatError::Line {
                line: 1,
                what: LineProblem::Other(format!("no {what} column (the header is {header:?})")),
            });
        }
    }
    for (k, rec) in rows.iter().enumerate() {
        crate::csv_io::check_cells(k + 1, rec)?;
    }
    let mut out = Vec::new();
    for (k, rec) in rows.iter().enumerate().skip(1) {
        let line = k + 1;
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let get = |c: Column| -> Option<&str> {
            cols.iter()
                .position(|x| *x == Some(c))
                .and_then(|i| rec.get(i))
                .map(|s| s.trim())
                .filter(|v| !v.is_empty())
        };
        let bad = |what: String| FormatError::Line {
            line,
            what: LineProblem::Other(what),
        };
        let name = get(Column::Name).ok_or_else(|| bad("the name is empty".into()))?;
        // Within the bounds of every rating scale (tournament::limits::RATING_RANGE), a
        // deviation and a volatility not below 0: the rating arithmetic never meets an
        // infinity or a value no scale has.
        let bound = f64::from(*tournament::limits::RATING_RANGE.end());
        let num = |c: Column, what: &str, range: std::ops::RangeInclusive<f64>| -> Result<Option<f64>, FormatError> {
            get(c)
                .map(|v| {
                    let x = v
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| bad(format!("{name}: {what} {v:?} is not a number")))?;
                    if !range.contains(&x) {
                        return Err(bad(format!(
                            "{name}: {what} {v} is outside {}..={}",
                            range.start(),
                            range.end()
                        )));
                    }
                    Ok(x)
                })
                .transpose()
        };
        let value = num(Column::Rating, "rating", -bound..=bound)?
            .ok_or_else(|| bad(format!("{name}: the rating is empty")))?;
        let date_text = get(Column::Date).ok_or_else(|| bad(format!("{name}: the date is empty")))?;
        let date: Date = date_text.parse().map_err(|e| bad(format!("{name}: {e}")))?;
        out.push(ListEntry {
            name: name.to_string(),
            rating: Rating {
                value,
                deviation: num(Column::Deviation, "deviation", 0.0..=bound)?,
                volatility: num(Column::Volatility, "volatility", 0.0..=1.0)?,
            },
            date,
        });
    }
    Ok(out)
}

/// The frozen ratings as the text kept with the event: `system S`, `as-of DATE`, then one
/// line per rated player, `NAME<TAB>RATING[<TAB>DEVIATION<TAB>VOLATILITY]`.
pub fn frozen_text(ev: &Event, f: &Frozen) -> String {
    let mut out = format!("system {}\nas-of {}\n", f.system, f.as_of);
    for (p, r) in ev.players().iter().zip(&f.ratings) {
        if let Some(r) = r {
            out += &format!("{}\t{}", p.name, r.value);
            if let (Some(d), Some(v)) = (r.deviation, r.volatility) {
                out += &format!("\t{d}\t{v}");
            }
            out.push('\n');
        }
    }
    out
}

/// Reads [`frozen_text`] back for `ev` (a name no longer in the event is an error).
pub fn parse_frozen(ev: &Event, text: &str) -> Result<Frozen, FormatError> {
    let bad = |line: usize, what: String| FormatError::Line {
        line,
        what: LineProblem::Other(what),
    };
    let mut lines = text.lines().enumerate();
    let system: System = lines
        .next()
        .and_then(|(_, l)| l.strip_prefix("system "))
        .ok_or_else(|| bad(1, "the frozen ratings do not start with `system`".into()))?
        .parse()
        .map_err(|e: tournament::rating::RatingError| bad(1, e.to_string()))?;
    let as_of: Date = lines
        .next()
        .and_then(|(_, l)| l.strip_prefix("as-of "))
        .ok_or_else(|| bad(2, "the frozen ratings have no `as-of` line".into()))?
        .parse()
        .map_err(|e: tournament::DateError| bad(2, e.to_string()))?;
    let mut ratings = vec![None; ev.players().len()];
    for (i, l) in lines {
        let f: Vec<&str> = l.split('\t').collect();
        let id = ev
            .find(f[0])
            .map_err(|_| bad(i + 1, format!("player {:?} is not in the event", f[0])))?;
        let n = |s: &str| {
            s.parse::<f64>()
                .map_err(|_| bad(i + 1, format!("{:?}: {s:?} is not a number", f[0])))
        };
        ratings[id.0] = Some(match f.len() {
            2 => Rating::new(n(f[1])?),
            4 => Rating::glicko(n(f[1])?, n(f[2])?, n(f[3])?),
            _ => return Err(bad(i + 1, format!("{l:?} is not NAME, RATING[, RD, VOLATILITY]"))),
        });
    }
    Ok(Frozen { system, as_of, ratings })
}

/// The ratings before and after of `ev` from its frozen ratings, with the handicaps of the
/// OpenGotha file kept with an imported event (`kept`; a weiqi event's games are even).
pub fn changes(ev: &Event, frozen: &Frozen, kept: Option<&str>) -> Result<Vec<Change>, FormatError> {
    let handicaps: Vec<(u32, usize, i32)> = match kept {
        Some(xml) => {
            let base = crate::opengotha::parse(xml)?;
            // The merged tournament lists the event's players in the event's order.
            crate::opengotha::merge(Some(&base), ev)
                .games
                .iter()
                .map(|g| (g.round, g.black, g.handicap as i32))
                .collect()
        }
        None => Vec::new(),
    };
    let handicap = |round: u32, board: u32| -> i32 {
        let Some(g) = ev
            .rounds()
            .get(round as usize - 1)
            .and_then(|r| r.games.iter().find(|g| g.board == board))
        else {
            return 0;
        };
        handicaps
            .iter()
            .find(|&&(r, b, _)| r == round && b == g.black.0)
            .map_or(0, |&(_, _, h)| h)
    };
    Ok(tournament::rating::event_ratings(ev, frozen, &handicap))
}

/// The [`Extras`] of `ev` from the texts kept with it: the frozen ratings ([`frozen_text`]),
/// the promotion rule (as [`tournament::promotion::Rule`] prints it) and the OpenGotha file
/// of an imported event; each may be absent.
pub fn extras(ev: &Event, frozen: Option<&str>, rule: Option<&str>, kept: Option<&str>) -> Result<Extras, FormatError> {
    let mut x = Extras::default();
    if let Some(text) = frozen {
        let f = parse_frozen(ev, text)?;
        x.deviation = matches!(f.system, System::Glicko2 { .. });
        x.ratings = changes(ev, &f, kept)?;
    }
    if let Some(text) = rule {
        let rule: tournament::promotion::Rule = text
            .parse()
            .map_err(|e: tournament::promotion::RuleError| FormatError::Invalid(e.to_string()))?;
        x.promotion_rule = true;
        x.promotions = tournament::promotion::promotions(ev, &ev.standings(), &rule);
    }
    Ok(x)
}

/// What the standings show beside each player's figures: the ratings before and after the
/// event and the change, and the promotion. Empty when the event has neither.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extras {
    /// The rating changes (one per rated player).
    pub ratings: Vec<Change>,
    /// Whether the ratings carry a deviation (Glicko-2), shown beside the rating.
    pub deviation: bool,
    /// The promotions.
    pub promotions: Vec<Promotion>,
    /// Whether the event has a promotion rule (a column even when nobody is promoted).
    pub promotion_rule: bool,
}

/// A rating as printed: whole points, a Glicko-2 deviation after `±`.
pub fn rating_text(r: &Rating) -> String {
    match r.deviation {
        Some(d) => format!("{:.0}±{:.0}", r.value, d),
        None => format!("{:.0}", r.value),
    }
}

/// A change as printed: signed, one decimal.
pub fn change_text(c: f64) -> String {
    format!("{c:+.1}")
}

impl Extras {
    /// Whether there is anything to show.
    pub fn is_empty(&self) -> bool {
        self.ratings.is_empty() && !self.promotion_rule
    }

    /// The extra columns' headers, in `lang`.
    pub fn header(&self, lang: Lang) -> Vec<String> {
        let mut h: Vec<&str> = Vec::new();
        if !self.ratings.is_empty() {
            h.extend(match lang {
                Lang::En => ["rating before", "rating after", "change"],
                Lang::Zh => ["赛前等级分", "赛后等级分", "等级分变化"],
            });
        }
        if self.promotion_rule {
            h.push(match lang {
                Lang::En => "promotion",
                Lang::Zh => "升段/升级",
            });
        }
        h.into_iter().map(str::to_string).collect()
    }

    /// The extra cells of `player` (empty strings where there is nothing).
    pub fn cells(&self, player: PlayerId) -> Vec<String> {
        let mut c = Vec::new();
        if !self.ratings.is_empty() {
            match self.ratings.iter().find(|r| r.player == player) {
                Some(r) => {
                    c.push(rating_text(&r.before));
                    c.push(rating_text(&r.after));
                    c.push(change_text(r.change()));
                }
                None => c.extend([String::new(), String::new(), String::new()]),
            }
        }
        if self.promotion_rule {
            c.push(
                self.promotions
                    .iter()
                    .find(|p| p.player == player)
                    .map(|p| format!("{}→{}", p.from, p.to))
                    .unwrap_or_default(),
            );
        }
        c
    }

    /// The promotion list as rows: name, rank from, rank to, why (in `lang`).
    pub fn promotion_rows(&self, ev: &Event, lang: Lang) -> Vec<Vec<String>> {
        self.promotions
            .iter()
            .map(|p| {
                let why = match (p.reason, lang) {
                    (
                        Reason::Quota {
                            place_in_group,
                            quota,
                            group,
                        },
                        Lang::En,
                    ) => format!("{place_in_group} of {group} in the {} group, quota {quota}", p.from),
                    (
                        Reason::Quota {
                            place_in_group,
                            quota,
                            group,
                        },
                        Lang::Zh,
                    ) => format!("{}组{group}人中第{place_in_group}名，名额{quota}", p.from),
                    (Reason::WinRate { wins_doubled, games }, Lang::En) => {
                        format!("won {} of {games}", halves(wins_doubled))
                    }
                    (Reason::WinRate { wins_doubled, games }, Lang::Zh) => {
                        format!("{games}局胜{}局", halves(wins_doubled))
                    }
                };
                vec![
                    ev.player(p.player).name.clone(),
                    p.from.to_string(),
                    p.to.to_string(),
                    why,
                ]
            })
            .collect()
    }
}

fn halves(n: u32) -> String {
    if n.is_multiple_of(2) {
        (n / 2).to_string()
    } else {
        format!("{}.5", n / 2)
    }
}

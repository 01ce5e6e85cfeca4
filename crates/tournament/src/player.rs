//! Players and ranks (Art. 25.3).

use std::fmt;
use std::str::FromStr;

/// A player's rank (Art. 25.3): professional 1–9 dan (`3p`), amateur 1–7 dan (`5d`), or
/// kyu 30–1 (`10k`), the grades below amateur 1 dan used in clubs and schools.
///
/// Invariant: pro in 1..=9, dan in 1..=7, kyu in 1..=30 (checked by [`Rank::pro`],
/// [`Rank::dan`], [`Rank::kyu`] and the parser).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rank {
    /// Kyu grade `n` (30 is the weakest, 1 the strongest).
    Kyu(u8),
    /// Amateur dan `n` (1–7; 7 dan is for special national champions).
    Dan(u8),
    /// Professional dan `n` (1–9).
    Pro(u8),
}

/// Why a rank could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankError {
    /// The text is not a number followed by `k`, `d` or `p` (or a rank in Chinese).
    Syntax(String),
    /// The grade is outside its range (kyu 1–30, dan 1–7, pro 1–9).
    OutOfRange(String),
}

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankError::Syntax(s) => write!(f, "rank {s:?} is not like 10k, 5d, 3p, 5段 or 3级"),
            RankError::OutOfRange(s) => {
                write!(
                    f,
                    "rank {s:?} is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)"
                )
            }
        }
    }
}

impl std::error::Error for RankError {}

impl Rank {
    /// Kyu grade `n`, 1 to 30.
    pub fn kyu(n: u8) -> Result<Rank, RankError> {
        if (1..=30).contains(&n) {
            Ok(Rank::Kyu(n))
        } else {
            Err(RankError::OutOfRange(format!("{n}k")))
        }
    }

    /// Amateur dan `n`, 1 to 7.
    pub fn dan(n: u8) -> Result<Rank, RankError> {
        if (1..=7).contains(&n) {
            Ok(Rank::Dan(n))
        } else {
            Err(RankError::OutOfRange(format!("{n}d")))
        }
    }

    /// Professional dan `n`, 1 to 9.
    pub fn pro(n: u8) -> Result<Rank, RankError> {
        if (1..=9).contains(&n) {
            Ok(Rank::Pro(n))
        } else {
            Err(RankError::OutOfRange(format!("{n}p")))
        }
    }

    /// One number per rank, stronger is larger, one step per grade: 30k = −30 … 1k = −1,
    /// 1d = 0 … 7d = 6, 1p = 7 … 9p = 15. This is the McMahon scale; placing 1p just above
    /// 7d is our choice (the rules call the two scales "of a different nature", Art. 25.3).
    pub fn value(self) -> i32 {
        match self {
            Rank::Kyu(n) => -i32::from(n),
            Rank::Dan(n) => i32::from(n) - 1,
            Rank::Pro(n) => 6 + i32::from(n),
        }
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rank {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value().cmp(&other.value())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(n) => write!(f, "{n}k"),
            Rank::Dan(n) => write!(f, "{n}d"),
            Rank::Pro(n) => write!(f, "{n}p"),
        }
    }
}

impl FromStr for Rank {
    type Err = RankError;

    /// A rank as people write it: `5d`, `5 dan`, `10k`, `10 kyu`, `3p`; or in Chinese, as
    /// registration forms and certificates write it (Art. 25.3): `5段`, `五段`, `初段`,
    /// `业余5段`, `3级`, `三级`, `职业九段`, `职业初段`. Upper case and spaces around the
    /// unit are accepted.
    fn from_str(s: &str) -> Result<Rank, RankError> {
        let t = s.trim();
        let syntax = || RankError::Syntax(s.to_string());
        let out_of_range = |e: RankError| match e {
            RankError::OutOfRange(_) => RankError::OutOfRange(s.to_string()),
            e => e,
        };
        if let Some(r) = chinese_rank(t) {
            return r.map_err(out_of_range);
        }
        let (digits, kind) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).ok_or_else(syntax)?);
        if digits.is_empty() || digits.len() > 2 {
            return Err(syntax());
        }
        let n: u8 = digits.parse().map_err(|_| syntax())?;
        match kind.trim_start().to_ascii_lowercase().as_str() {
            "k" | "kyu" => Rank::kyu(n),
            "d" | "dan" => Rank::dan(n),
            "p" | "pro" => Rank::pro(n),
            _ => Err(syntax()),
        }
        .map_err(out_of_range)
    }
}

/// A rank written in Chinese (`5段`, `业余五段`, `初段`, `3级`, `职业九段`), or `None` when
/// the text is not written so. Amateur unless `职业` (professional) comes first.
fn chinese_rank(t: &str) -> Option<Result<Rank, RankError>> {
    let (pro, t) = match t.strip_prefix("职业") {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t.strip_prefix("业余").unwrap_or(t).trim_start()),
    };
    let number = |x: &str| -> Option<u8> {
        let x = x.trim();
        if x.len() <= 2 && !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()) {
            return x.parse().ok();
        }
        // 一 to 三十: a digit, 十, 十 and a digit, or a digit, 十 and a digit.
        let digit = |c: char| "一二三四五六七八九".chars().position(|d| d == c).map(|n| n as u8 + 1);
        let cs: Vec<char> = x.chars().collect();
        match cs.as_slice() {
            [d] if *d == '十' => Some(10),
            [d] => digit(*d),
            ['十', u] => Some(10 + digit(*u)?),
            [t, '十'] => Some(10 * digit(*t)?),
            [t, '十', u] => Some(10 * digit(*t)? + digit(*u)?),
            _ => None,
        }
    };
    if let Some(n) = t.strip_suffix('段') {
        let n = if n.trim() == "初" { 1 } else { number(n)? };
        return Some(if pro { Rank::pro(n) } else { Rank::dan(n) });
    }
    if let Some(n) = t.strip_suffix('级').filter(|_| !pro) {
        return Some(Rank::kyu(number(n)?));
    }
    None
}

/// A calendar date, `YYYY-MM-DD` (a birth date: for nigiri the older player holds the stones,
/// Art. 10). Invariant: a real day of the Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a date could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "date {:?} is not a real day written YYYY-MM-DD", self.0)
    }
}

impl std::error::Error for DateError {}

impl Date {
    /// The date, if it exists.
    pub fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => 0,
        };
        if day == 0 || day > days || year == 0 {
            return Err(DateError(format!("{year:04}-{month:02}-{day:02}")));
        }
        Ok(Date { year, month, day })
    }

    /// The civil (proleptic Gregorian) date `days` days after 1970-01-01, for dates taken from
    /// an instant (a record's `DT`, an event's default id); `None` outside the years 1 to
    /// 65535. Howard Hinnant's days-to-civil algorithm: the one copy in the workspace.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe.checked_add(era.checked_mul(400)?)? + i64::from(month <= 2);
        Date::new(u16::try_from(year).ok()?, month as u8, day as u8).ok()
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Date, DateError> {
        let err = || DateError(s.to_string());
        let parts: Vec<&str> = s.trim().split('-').collect();
        if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
            return Err(err());
        }
        let y = parts[0].parse().map_err(|_| err())?;
        let m = parts[1].parse().map_err(|_| err())?;
        let d = parts[2].parse().map_err(|_| err())?;
        Date::new(y, m, d).map_err(|_| err())
    }
}

/// A registered player. The name is the player's identity within an event (unique there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name, unique in an event.
    pub name: String,
    /// The rank (Art. 25.3).
    pub rank: Rank,
    /// A rating, if the event uses one (breaks rank ties for seeding and Swiss halves).
    pub rating: Option<i32>,
    /// The club, for the same-club avoidance of Swiss pairing.
    pub club: Option<String>,
    /// The region, for the same-region avoidance of Swiss pairing.
    pub region: Option<String>,
    /// The birth date (Art. 10: with equal ranks the older player holds the stones for nigiri).
    pub birth_date: Option<Date>,
}

impl Player {
    /// A player with a name and a rank and nothing else.
    pub fn new(name: &str, rank: Rank) -> Player {
        Player {
            name: name.to_string(),
            rank,
            rating: None,
            club: None,
            region: None,
            birth_date: None,
        }
    }

    /// The strength order used for seeding and for the halves of a Swiss score group: rank,
    /// then rating (no rating counts as lowest).
    pub fn strength(&self) -> (i32, i64) {
        (self.rank.value(), self.rating.map_or(i64::MIN, i64::from))
    }
}

//! The calls of Art. 12.3 as events, and what a voice clock says for each.

use std::fmt;

use rules::{Color, Lang};

use crate::time::{Instant, Millis};

/// Something the clock announces at an instant ([`crate::Clock::next_event`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// When it is said.
    pub at: Instant,
    /// Whose clock it concerns (the side whose clock runs).
    pub color: Color,
    /// What is said.
    pub call: Call,
}

/// One call of the clock or the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// Art. 12.3: the basic time is used up and byo-yomi begins, with `periods` periods of
    /// `period` left. "开始读秒，还剩三分" / "byo-yomi, 3 minutes left".
    ByoYomiBegins {
        /// Periods left, counting the one that starts now.
        periods: u32,
        /// The length of a period.
        period: Millis,
    },
    /// Art. 12.3: the seconds used so far in this period: "三十秒" / "30 seconds".
    Seconds(u32),
    /// Art. 12.3: in the last period, the count "1" … "9": "一" / "1". The last number of the
    /// count is said with the flag ([`Call::TimeUp`]).
    Countdown(u32),
    /// Art. 12.3: a period (not the last) is used: "1 minute, × minutes left" —
    /// "一分，还剩两分" / "1 minute, 2 minutes left"; for other periods "三十秒，还剩两次" /
    /// "30 seconds, 2 periods left".
    PeriodUsed {
        /// The length of a period.
        period: Millis,
        /// Periods left after this one.
        left: u32,
    },
    /// Art. 12.5: the basic time is used up and Canadian overtime begins:
    /// "进入加时，十分钟十五手" / "overtime, 15 moves in 10 minutes".
    OvertimeBegins {
        /// Moves to make in the period.
        moves: u32,
        /// Time for the period (with any carried-over time, Art. 12.5).
        time: Millis,
    },
    /// The flag falls: the time is used up (Art. 12.4; in byo-yomi "at 10 the minute is used
    /// whether or not the stone lands", Art. 12.3). In byo-yomi the last number of the count is
    /// said with it: "十，超时" / "10, time is up".
    TimeUp {
        /// The last number of the count said at this instant, in byo-yomi.
        count: Option<u32>,
    },
}

impl Event {
    /// What is said, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        self.call.text(lang)
    }
}

impl Call {
    /// What is said, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Call::ByoYomiBegins { periods, period }, Lang::Zh) => {
                format!("开始读秒，还剩{}", zh_periods_left(*periods, *period))
            }
            (Call::ByoYomiBegins { periods, period }, Lang::En) => {
                format!("byo-yomi, {} left", en_periods(*periods, *period))
            }
            (Call::Seconds(s), Lang::Zh) => format!("{}秒", zh_number(u64::from(*s))),
            (Call::Seconds(s), Lang::En) => format!("{s} seconds"),
            (Call::Countdown(n), Lang::Zh) => zh_number(u64::from(*n)),
            (Call::Countdown(n), Lang::En) => n.to_string(),
            (Call::PeriodUsed { period, left }, Lang::Zh) => {
                format!("{}，还剩{}", zh_period_name(*period), zh_periods_left(*left, *period))
            }
            (Call::PeriodUsed { period, left }, Lang::En) => {
                format!(
                    "{}, {} left",
                    duration_text(*period, Lang::En),
                    en_periods(*left, *period)
                )
            }
            (Call::OvertimeBegins { moves, time }, Lang::Zh) => {
                format!(
                    "进入加时，{}{}手",
                    duration_text(*time, Lang::Zh),
                    zh_number(u64::from(*moves))
                )
            }
            (Call::OvertimeBegins { moves, time }, Lang::En) => {
                format!("overtime, {moves} moves in {}", duration_text(*time, Lang::En))
            }
            (Call::TimeUp { count: Some(n) }, Lang::Zh) => format!("{}，超时", zh_number(u64::from(*n))),
            (Call::TimeUp { count: Some(n) }, Lang::En) => format!("{n}, time is up"),
            (Call::TimeUp { count: None }, Lang::Zh) => "超时".to_string(),
            (Call::TimeUp { count: None }, Lang::En) => "time is up".to_string(),
        }
    }
}

/// `t+90000 B 三十秒 / 30 seconds`.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} / {}",
            self.at,
            self.color.letter(),
            self.text(Lang::Zh),
            self.text(Lang::En)
        )
    }
}

/// A number in Chinese numerals as it is read aloud: 1 一, 10 十, 15 十五, 30 三十, 58 五十八,
/// 105 一百零五, 110 一百一十, 3600 三千六百, 20000 两万.
pub fn zh_number(n: u64) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    fn below_10000(n: u64, leading: bool) -> String {
        const UNITS: [(u64, &str); 4] = [(1000, "千"), (100, "百"), (10, "十"), (1, "")];
        let mut out = String::new();
        let mut zero_pending = false;
        let mut started = false;
        for (unit, name) in UNITS {
            let d = (n / unit % 10) as usize;
            if d == 0 {
                zero_pending = started;
                continue;
            }
            if zero_pending {
                out.push('零');
                zero_pending = false;
            }
            // 十五, not 一十五, at the head of a number; 一百一十 inside it.
            if !(unit == 10 && d == 1 && !started && leading) {
                out.push_str(DIGITS[d]);
            }
            out.push_str(name);
            started = true;
        }
        out
    }
    if n == 0 {
        return DIGITS[0].to_string();
    }
    if n < 10_000 {
        return below_10000(n, true);
    }
    let high = n / 10_000;
    let low = n % 10_000;
    let mut out = if high == 2 { "两".to_string() } else { zh_number(high) };
    out.push('万');
    if low > 0 {
        if low < 1000 {
            out.push('零');
        }
        out.push_str(&below_10000(low, false));
    }
    out
}

/// A count before a measure word: 两 for 2 (两次, 两分), otherwise [`zh_number`].
pub(crate) fn zh_count(n: u32) -> String {
    if n == 2 {
        "两".to_string()
    } else {
        zh_number(u64::from(n))
    }
}

/// "三分" for 60-s periods (Art. 12.3: "还剩×分"), "三次" otherwise.
fn zh_periods_left(n: u32, period: Millis) -> String {
    if period == Millis::from_secs(60) {
        format!("{}分", zh_count(n))
    } else {
        format!("{}次", zh_count(n))
    }
}

/// "一分" (Art. 12.3: "1分") for a 60-s period, else its length: "三十秒", "两分钟".
fn zh_period_name(period: Millis) -> String {
    if period == Millis::from_secs(60) {
        "一分".to_string()
    } else {
        duration_text(period, Lang::Zh)
    }
}

/// "3 minutes" for 60-s periods, "3 periods" otherwise.
fn en_periods(n: u32, period: Millis) -> String {
    let (one, many) = if period == Millis::from_secs(60) {
        ("minute", "minutes")
    } else {
        ("period", "periods")
    };
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A duration read aloud, in whole seconds rounded up (as a clock counting down shows it):
/// "一小时三十分钟", "十分钟", "三十秒" / "1 hour 30 minutes", "10 minutes", "30 seconds".
pub fn duration_text(d: Millis, lang: Lang) -> String {
    let secs = d.ceil_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut parts: Vec<String> = Vec::new();
    let mut push = |n: u64, zh: &str, en_one: &str, en_many: &str| {
        if n == 0 {
            return;
        }
        parts.push(match lang {
            Lang::Zh => {
                let count = if n == 2 { "两".to_string() } else { zh_number(n) };
                format!("{count}{zh}")
            }
            Lang::En => format!("{n} {}", if n == 1 { en_one } else { en_many }),
        });
    };
    push(h, "小时", "hour", "hours");
    push(m, "分钟", "minute", "minutes");
    push(s, "秒", "second", "seconds");
    if parts.is_empty() {
        return match lang {
            Lang::Zh => "零秒".to_string(),
            Lang::En => "0 seconds".to_string(),
        };
    }
    match lang {
        Lang::Zh => parts.concat(),
        Lang::En => parts.join(" "),
    }
}

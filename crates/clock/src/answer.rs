//! The answer to a player who asks how much time is left (Art. 16.2).

use rules::Color;

use rules::Lang;

use crate::call::{duration_text, zh_count, zh_number};
use crate::clock::{Clock, Overtime, SideState};
use crate::control::TimeControl;
use crate::time::{Instant, Millis};

impl Clock {
    /// Art. 16.2: in byo-yomi a player may ask the time left; this is what they are told,
    /// for `color` at `at`. Times are rounded up to the second, as a clock counting down
    /// shows them. "基本时间还剩十分钟，之后读秒三次，每次一分" / "10 minutes of basic time
    /// left, then byo-yomi, 3 periods of 60 seconds"; in byo-yomi "读秒，还剩三分，本分钟还有
    /// 二十五秒" / "byo-yomi, 3 minutes left, 25 seconds left in this one".
    pub fn answer(&self, at: Instant, color: Color, lang: Lang) -> String {
        let state = self.state(at);
        answer_text(self.control(), state.side(color), lang)
    }
}

fn answer_text(control: &TimeControl, s: &SideState, lang: Lang) -> String {
    let d = |m: Millis| duration_text(m, lang);
    if s.flagged {
        return match lang {
            Lang::Zh => "超时".to_string(),
            Lang::En => "time is up".to_string(),
        };
    }
    let main_left = s.main_left.unwrap_or(Millis::ZERO);
    match (control, s.overtime, lang) {
        (TimeControl::None, _, Lang::Zh) => format!("不限时，已用{}", d(s.used)),
        (TimeControl::None, _, Lang::En) => format!("no time limit, {} used", d(s.used)),
        (
            TimeControl::ByoYomi(b),
            Overtime::ByoYomi {
                periods_left,
                period_left,
            },
            _,
        ) if main_left.is_zero() => {
            let one_minute = b.period == Millis::from_secs(60);
            match lang {
                Lang::Zh => format!(
                    "读秒，还剩{}{}，本{}还有{}",
                    zh_count(periods_left),
                    if one_minute { "分" } else { "次" },
                    if one_minute { "分钟" } else { "次" },
                    d(period_left)
                ),
                Lang::En => format!(
                    "byo-yomi, {periods_left} {} left, {} left in this one",
                    match (one_minute, periods_left == 1) {
                        (true, true) => "minute",
                        (true, false) => "minutes",
                        (false, true) => "period",
                        (false, false) => "periods",
                    },
                    d(period_left)
                ),
            }
        }
        (TimeControl::ByoYomi(b), _, Lang::Zh) => format!(
            "基本时间还剩{}，之后读秒{}次，每次{}",
            d(main_left),
            zh_count(b.periods),
            if b.period == Millis::from_secs(60) {
                "一分".to_string()
            } else {
                d(b.period)
            }
        ),
        (TimeControl::ByoYomi(b), _, Lang::En) => format!(
            "{} of basic time left, then byo-yomi, {} {} of {}",
            d(main_left),
            b.periods,
            if b.periods == 1 { "period" } else { "periods" },
            d(b.period)
        ),
        (
            TimeControl::Canadian(_),
            Overtime::Canadian {
                moves_left,
                period_left,
                started: true,
            },
            Lang::Zh,
        ) => {
            format!("加时，{}内还要下{}手", d(period_left), zh_number(u64::from(moves_left)))
        }
        (
            TimeControl::Canadian(_),
            Overtime::Canadian {
                moves_left,
                period_left,
                started: true,
            },
            Lang::En,
        ) => {
            format!("overtime, {moves_left} moves in {}", d(period_left))
        }
        (TimeControl::Canadian(c), _, Lang::Zh) => format!(
            "基本时间还剩{}，之后每{}下{}手",
            d(main_left),
            d(c.period),
            zh_number(u64::from(c.moves))
        ),
        (TimeControl::Canadian(c), _, Lang::En) => {
            format!(
                "{} of basic time left, then {} moves in {}",
                d(main_left),
                c.moves,
                d(c.period)
            )
        }
        (TimeControl::Fischer(x), _, Lang::Zh) => format!("还剩{}，每步加{}", d(main_left), d(x.increment)),
        (TimeControl::Fischer(x), _, Lang::En) => {
            format!("{} left, {} added per move", d(main_left), d(x.increment))
        }
        (TimeControl::Absolute { .. }, _, Lang::Zh) => format!("还剩{}", d(main_left)),
        (TimeControl::Absolute { .. }, _, Lang::En) => format!("{} left", d(main_left)),
    }
}

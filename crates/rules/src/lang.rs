//! The two languages of every text the workspace shows or writes: simplified Chinese (the
//! rules' own) and English. One type, read and written once, for the clock's calls, the
//! pages and the directors' files alike.

use std::fmt;
use std::str::FromStr;

/// A language for the texts shown or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 简体中文 (the voice of the clock, Art. 12.1; the pages' default).
    Zh,
    /// English.
    En,
}

impl Lang {
    /// The other language (for a page's switch).
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

/// A language that is neither Chinese nor English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?}: zh or en", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// `zh` or `en` as a language tag: also `zh-CN`, `zh_Hans`, `en-GB`, …, in any case.
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        let t = s.trim().to_ascii_lowercase();
        let is = |code: &str| t == code || t.strip_prefix(code).is_some_and(|r| r.starts_with(['-', '_']));
        if is("zh") {
            Ok(Lang::Zh)
        } else if is("en") {
            Ok(Lang::En)
        } else {
            Err(UnknownLang(s.to_string()))
        }
    }
}

impl fmt::Display for Lang {
    /// `zh` or `en`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_read_and_codes_written() {
        for (s, want) in [
            ("zh", Some(Lang::Zh)),
            ("zh-CN", Some(Lang::Zh)),
            ("ZH_hans", Some(Lang::Zh)),
            (" en ", Some(Lang::En)),
            ("en-GB", Some(Lang::En)),
            ("eng", None),
            ("fr", None),
            ("", None),
        ] {
            assert_eq!(s.parse::<Lang>().ok(), want, "{s:?}");
        }
        assert_eq!(Lang::Zh.to_string(), "zh");
        assert_eq!(Lang::En.to_string(), "en");
        assert_eq!(Lang::Zh.other(), Lang::En);
    }
}

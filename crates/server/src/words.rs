//! What the API says in both languages of the pages: a 400 whose text is the pages' string
//! of its key, its `{name}` places filled in; and a time control the clock crate cannot read.

use crate::error::ApiError;

/// What is wrong, in both languages of the pages: the text of `key` in `web::i18n`.
pub struct Said {
    /// The key of the text in the pages' strings.
    pub key: &'static str,
    /// In English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
}

impl From<Said> for ApiError {
    fn from(s: Said) -> ApiError {
        ApiError::Invalid {
            key: s.key,
            en: s.en,
            zh: s.zh,
        }
    }
}

/// The text of `key` in both languages, its `{name}` places filled from `params` (given by
/// language, for a value that is itself a name the pages translate).
pub fn said(key: &'static str, params: impl Fn(web::Lang) -> Vec<(&'static str, String)>) -> Said {
    let [en, zh] = [web::Lang::En, web::Lang::Zh].map(|lang| {
        let mut text = web::i18n::text(lang, key).to_string();
        for (name, value) in params(lang) {
            text = text.replace(&format!("{{{name}}}"), &value);
        }
        text
    });
    Said { key, en, zh }
}

/// A time control the clock crate cannot read, in both languages: the clock's own English
/// (the spec quoted, the column, what is wrong), which the pages' strings repeat word for
/// word beside the Chinese.
pub fn time_error(e: &clock::SpecError) -> Said {
    use clock::{ControlError as C, SpecErrorKind as K};
    let key = match &e.kind {
        K::Empty => "time.err.empty",
        K::ExpectedNumber => "time.err.expected_number",
        K::ExpectedUnit => "time.err.expected_unit",
        K::UnitOrder => "time.err.unit_order",
        K::TooLarge => "time.err.too_large",
        K::AmbiguousOvertime => "time.err.ambiguous_overtime",
        K::ExpectedUnitOrOvertime => "time.err.expected_unit_or_overtime",
        K::ExpectedSlashWord => "time.err.expected_slash_word",
        K::ExpectedLeftover => "time.err.expected_leftover",
        K::ExpectedSlash => "time.err.expected_slash",
        K::Trailing => "time.err.trailing",
        K::Space => "time.err.space",
        K::FischerWithoutMain => "time.err.fischer_without_main",
        K::Invalid(C::ZeroMain) => "time.err.zero_main",
        K::Invalid(C::NoPeriods) => "time.err.no_periods",
        K::Invalid(C::PeriodTooShort) => "time.err.period_too_short",
        K::Invalid(C::ZeroPeriod) => "time.err.zero_period",
        K::Invalid(C::NoMoves) => "time.err.no_moves",
        K::Invalid(C::ZeroIncrement) => "time.err.zero_increment",
        K::Invalid(C::RegularCalls) => "time.err.regular_calls",
        K::Invalid(C::LastCalls) => "time.err.last_calls",
        K::Invalid(C::CountdownTooLong) => "time.err.countdown_too_long",
    };
    said(key, |_| {
        vec![("spec", format!("{:?}", e.spec)), ("column", e.column.to_string())]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clock::{ControlError as C, SpecError, SpecErrorKind as K};

    /// Every way a time control can be unreadable: the pages' English is the clock crate's
    /// word for word, and the Chinese is filled in (no place left, no English key shown).
    #[test]
    fn every_time_control_error_is_said_in_both_languages_the_english_the_clocks() {
        let kinds = [
            K::Empty,
            K::ExpectedNumber,
            K::ExpectedUnit,
            K::UnitOrder,
            K::TooLarge,
            K::AmbiguousOvertime,
            K::ExpectedUnitOrOvertime,
            K::ExpectedSlashWord,
            K::ExpectedLeftover,
            K::ExpectedSlash,
            K::Trailing,
            K::Space,
            K::FischerWithoutMain,
            K::Invalid(C::ZeroMain),
            K::Invalid(C::NoPeriods),
            K::Invalid(C::PeriodTooShort),
            K::Invalid(C::ZeroPeriod),
            K::Invalid(C::NoMoves),
            K::Invalid(C::ZeroIncrement),
            K::Invalid(C::RegularCalls),
            K::Invalid(C::LastCalls),
            K::Invalid(C::CountdownTooLong),
        ];
        let mut keys = std::collections::HashSet::new();
        for kind in kinds {
            let e = SpecError {
                spec: "1h+\"3x".into(),
                column: 4,
                kind,
            };
            let s = time_error(&e);
            assert_eq!(s.en, e.to_string());
            assert!(s.zh.starts_with("用时\"1h+\\\"3x\"第4个字符："), "{}", s.zh);
            assert!(!s.zh.contains(['{', '}']) && s.zh != s.en, "{}", s.zh);
            assert!(keys.insert(s.key), "{} twice", s.key);
        }
        // A spec that really does not parse, as the form sends it.
        let e = "1h+3x".parse::<clock::TimeControl>().unwrap_err();
        let s = time_error(&e);
        assert_eq!(
            (s.en.as_str(), s.zh.as_str()),
            (
                "time control \"1h+3x\", column 6: expected a number",
                "用时\"1h+3x\"第6个字符：此处应为数字"
            )
        );
    }
}

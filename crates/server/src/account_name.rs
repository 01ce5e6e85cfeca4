//! Account names people can trust: what a new account's name must be, and the key that finds
//! an existing name it could be mistaken for.
//!
//! A name is kept in Unicode's composed form (NFC), so that the same name typed on two
//! keyboards (a precomposed `é`, or `e` and a combining accent) is one name. It has no
//! control or format characters (Unicode categories Cc and Cf: zero-width characters, bidi
//! overrides that show `Li Wei` reversed), no other invisible or unassigned character, no
//! space but the plain one, never two in a row, none at either end, and 1 to
//! [`MAX_CHARS`] characters.
//!
//! A new name must not be confusable with an existing one: two names are confusable when
//! their [`key`]s are equal. The key is Unicode's confusable skeleton (UTS #39) of the name
//! lower-cased, so `Lі Wei` (Cyrillic `і`) is refused beside `Li Wei`, `admіn` beside `admin`,
//! and `ADMIN` beside `admin`. The server stores each account's key under a unique index, so
//! the check is one indexed lookup and two confusable names can never both be created, even
//! at the same instant.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The most characters an account name has, counted after NFC normalisation. Thirty-two fit
/// any person's name in Chinese or in Latin letters, and a page's line.
pub const MAX_CHARS: usize = 32;

/// Why a name is refused. Positions count characters from 1, in the NFC form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// The name is empty.
    Empty,
    /// The name has more than [`MAX_CHARS`] characters.
    TooLong {
        /// Its characters after NFC normalisation.
        chars: usize,
    },
    /// A control, format, private-use or unassigned character, or a space other than U+0020.
    Invisible {
        /// The character's position.
        at: usize,
        /// The character.
        c: char,
    },
    /// The name starts or ends with a space.
    EdgeSpace,
    /// Two spaces in a row.
    DoubleSpace {
        /// The second space's position.
        at: usize,
    },
}

impl NameError {
    /// The key of its text in the pages' strings (`web::i18n`), and the values the text
    /// names.
    pub fn key_and_params(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            NameError::Empty => ("account.err.empty", vec![("max", MAX_CHARS.to_string())]),
            NameError::TooLong { chars } => (
                "account.err.too_long",
                vec![("chars", chars.to_string()), ("max", MAX_CHARS.to_string())],
            ),
            NameError::Invisible { at, c } => (
                "account.err.invisible",
                vec![("at", at.to_string()), ("code", format!("U+{:04X}", u32::from(*c)))],
            ),
            NameError::EdgeSpace => ("account.err.edge_space", Vec::new()),
            NameError::DoubleSpace { at } => ("account.err.double_space", vec![("at", at.to_string())]),
        }
    }
}

/// The name in NFC if it may be a new account's name.
pub fn check(raw: &str) -> Result<String, NameError> {
    let name: String = raw.nfc().collect();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameError::Empty);
    }
    // Before the characters: a 50 KB name is refused for its length, not its 40th character.
    if chars > MAX_CHARS {
        return Err(NameError::TooLong { chars });
    }
    let mut last_space = false;
    for (i, c) in name.chars().enumerate() {
        let at = i + 1;
        if invisible(c) {
            return Err(NameError::Invisible { at, c });
        }
        let space = c == ' ';
        if space && last_space {
            return Err(NameError::DoubleSpace { at });
        }
        last_space = space;
    }
    if name.starts_with(' ') || name.ends_with(' ') {
        return Err(NameError::EdgeSpace);
    }
    Ok(name)
}

/// The key under which confusable names are equal: the UTS #39 skeleton of the name
/// lower-cased, after NFC, without the characters [`check`] refuses and with runs of spaces
/// made one (so a name kept from before these checks, `admin` with a zero-width space or
/// a trailing space, still blocks its look-alikes).
pub fn key(name: &str) -> String {
    let visible: String = name.nfc().filter(|&c| !invisible(c) || is_space(c)).collect();
    let spaced = visible
        .split(is_space)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    unicode_security::confusable_detection::skeleton(&spaced.to_lowercase()).collect()
}

/// Whether `c` is refused in a name: a control (Cc), format (Cf: zero-width, bidi controls),
/// surrogate, private-use or unassigned character, a line or paragraph separator, or a space
/// other than U+0020 (an ideographic or no-break space looks like a plain one).
fn invisible(c: char) -> bool {
    use GeneralCategory as G;
    match c.general_category() {
        G::Control
        | G::Format
        | G::Surrogate
        | G::PrivateUse
        | G::Unassigned
        | G::LineSeparator
        | G::ParagraphSeparator => true,
        G::SpaceSeparator => c != ' ',
        _ => false,
    }
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c.general_category(), GeneralCategory::SpaceSeparator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_name_may_be() {
        let cases = [
            ("Li Wei", Ok("Li Wei".to_string())),
            ("李伟", Ok("李伟".to_string())),
            // NFD in, NFC kept.
            ("Jose\u{301}", Ok("Jos\u{e9}".to_string())),
            ("", Err(NameError::Empty)),
            (" Li", Err(NameError::EdgeSpace)),
            ("Li ", Err(NameError::EdgeSpace)),
            ("Li  Wei", Err(NameError::DoubleSpace { at: 4 })),
            ("Li\u{200b}Wei", Err(NameError::Invisible { at: 3, c: '\u{200b}' })),
            ("\u{202e}ieW iL", Err(NameError::Invisible { at: 1, c: '\u{202e}' })),
            ("Li\u{7}", Err(NameError::Invisible { at: 3, c: '\u{7}' })),
            ("Li\tWei", Err(NameError::Invisible { at: 3, c: '\t' })),
            ("Li\u{3000}Wei", Err(NameError::Invisible { at: 3, c: '\u{3000}' })),
            ("Li\u{a0}Wei", Err(NameError::Invisible { at: 3, c: '\u{a0}' })),
            ("Li\u{e000}", Err(NameError::Invisible { at: 3, c: '\u{e000}' })),
            ("\u{2028}", Err(NameError::Invisible { at: 1, c: '\u{2028}' })),
        ];
        for (raw, want) in cases {
            assert_eq!(check(raw), want, "{raw:?}");
        }
        assert_eq!(check(&"x".repeat(MAX_CHARS)).map(|n| n.len()), Ok(MAX_CHARS));
        assert_eq!(
            check(&"x".repeat(MAX_CHARS + 1)),
            Err(NameError::TooLong { chars: MAX_CHARS + 1 })
        );
        // Counted after NFC: 32 letters with combining accents are 32 characters.
        assert!(check(&"e\u{301}".repeat(MAX_CHARS)).is_ok());
        assert_eq!(check(&"x".repeat(65_536)), Err(NameError::TooLong { chars: 65_536 }));
    }

    #[test]
    fn confusable_names_share_a_key_and_others_do_not() {
        let same = [
            ("Li Wei", "L\u{456} Wei"),
            ("admin", "adm\u{456}n"),
            ("admin", "ADMIN"),
            ("admin", "\u{430}dmin"),
            ("Jos\u{e9}", "Jose\u{301}"),
            ("paypal", "paypa1"),
            // Names kept from before the checks still block their look-alikes.
            ("admin", "admin\u{200b}"),
            ("Li Wei", " Li  Wei "),
        ];
        for (a, b) in same {
            assert_eq!(key(a), key(b), "{a:?} {b:?}");
        }
        let different = [
            ("Li Wei", "Li Wen"),
            ("李伟", "李伟伟"),
            ("Li Wei", "LiWei"),
            ("王", "玉"),
        ];
        for (a, b) in different {
            assert_ne!(key(a), key(b), "{a:?} {b:?}");
        }
    }
}

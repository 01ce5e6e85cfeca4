//! From bytes to text: which encoding a record is in.
//!
//! Order of evidence: a byte-order mark; the `CA` property (its value is ASCII, so a byte
//! scan finds it in any of the encodings that records use); valid UTF-8; a guess by
//! `chardetng`, Mozilla's detector, which tells GBK from Big5 from Shift_JIS by the
//! frequencies of their characters. A declared encoding that the bytes do not fit is not
//! trusted: the reader guesses instead and says so.

use crate::record::{Position, Warning};
use encoding_rs::Encoding;
use std::borrow::Cow;

/// The decoded text and, when the choice of encoding was not certain, a warning.
pub(crate) struct Decoded<'a> {
    pub text: Cow<'a, str>,
    pub warning: Option<Warning>,
}

pub(crate) fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        let warning = had_errors.then(|| Warning {
            at: Position { line: 1, column: 1 },
            message: format!(
                "the file starts with a {} byte-order mark but is not valid {}; bad bytes were replaced",
                enc.name(),
                enc.name()
            ),
        });
        return Decoded { text, warning };
    }
    if let Some((label, at)) = find_charset(bytes) {
        match Encoding::for_label(label.trim().as_bytes()) {
            Some(enc) => {
                if let Some(text) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
                    return Decoded { text, warning: None };
                }
                let (text, enc) = guess(bytes);
                let message = format!(
                    "the file says CA[{label}] but is not valid {}; read as {} (guessed)",
                    label.trim(),
                    enc.name()
                );
                return Decoded {
                    text,
                    warning: Some(Warning { at, message }),
                };
            }
            None => {
                if let Ok(s) = std::str::from_utf8(bytes) {
                    return Decoded {
                        text: Cow::Borrowed(s),
                        warning: Some(Warning {
                            at,
                            message: format!("unknown charset CA[{label}]; the file is valid UTF-8, read as UTF-8"),
                        }),
                    };
                }
                let (text, enc) = guess(bytes);
                return Decoded {
                    text,
                    warning: Some(Warning {
                        at,
                        message: format!("unknown charset CA[{label}]; read as {} (guessed)", enc.name()),
                    }),
                };
            }
        }
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Decoded {
            text: Cow::Borrowed(s),
            warning: None,
        };
    }
    let (text, enc) = guess(bytes);
    Decoded {
        text,
        warning: Some(Warning {
            at: Position { line: 1, column: 1 },
            message: format!("no CA property and not UTF-8; read as {} (guessed)", enc.name()),
        }),
    }
}

/// Guesses the encoding of bytes that are not UTF-8, and decodes them (bad bytes become
/// U+FFFD).
fn guess(bytes: &[u8]) -> (Cow<'_, str>, &'static Encoding) {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let enc = detector.guess(None, true);
    let (text, _) = enc.decode_without_bom_handling(bytes);
    (text, enc)
}

/// Finds the first `CA[...]` property: its value and where it is. The property name must not
/// be the tail of a longer name (`XCA[`), and the value must be short ASCII.
fn find_charset(bytes: &[u8]) -> Option<(String, Position)> {
    let mut from = 0;
    while let Some(off) = find(&bytes[from..], b"CA") {
        let i = from + off;
        from = i + 2;
        if i > 0 && bytes[i - 1].is_ascii_alphabetic() {
            continue;
        }
        let mut j = i + 2;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if bytes.get(j) != Some(&b'[') {
            continue;
        }
        let start = j + 1;
        // A `CA[` in text whose value does not close soon is not the property: look on.
        let Some(len) = bytes[start..].iter().take(40).position(|&b| b == b']') else {
            continue;
        };
        let end = start + len;
        let value = &bytes[start..end];
        if !value.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
            continue;
        }
        let line = 1 + bytes[..i].iter().filter(|&&b| b == b'\n').count() as u32;
        let line_start = bytes[..i].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = 1 + (i - line_start) as u32;
        return Some((String::from_utf8_lossy(value).into_owned(), Position { line, column }));
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

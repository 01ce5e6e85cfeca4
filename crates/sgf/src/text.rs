//! SGF value types: Text, SimpleText, compose values, numbers, and the durations old records
//! write as prose.

/// Text (`C`): `\` escapes the next character, `\` before a line break removes it (a soft
/// line break), line breaks become `\n`, other white space becomes a space.
pub(crate) fn text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // A soft line break: `\` before CR LF, LF CR, CR or LF removes both.
                Some('\r') => {
                    chars.next_if_eq(&'\n');
                }
                Some('\n') => {
                    chars.next_if_eq(&'\r');
                }
                Some(e) => out.push(white_to_space(e)),
                None => {}
            },
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push('\n');
            }
            '\n' => {
                chars.next_if_eq(&'\r');
                out.push('\n');
            }
            c => out.push(white_to_space(c)),
        }
    }
    out
}

/// SimpleText (names, places, dates): as [`text`], then every run of white space (line
/// breaks included) becomes one space and the ends are trimmed. Old records wrap long lines
/// inside values (`BR[8 ⏎dan]`); this reads them as meant.
pub(crate) fn simple_text(raw: &str) -> String {
    let t = text(raw);
    let mut out = String::with_capacity(t.len());
    for word in t.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

fn white_to_space(c: char) -> char {
    if c != '\n' && c.is_whitespace() { ' ' } else { c }
}

/// Escapes Text or SimpleText for writing: `\` and `]`.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes one part of a compose value: `\`, `]` and `:`.
pub(crate) fn escape_compose_part(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' || c == ':' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Splits a raw value at its unescaped colons, keeping at most `max` parts (the last part
/// keeps any further colons). The parts stay raw.
pub(crate) fn split_compose(raw: &str, max: usize) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in raw.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == ':' && parts.len() + 1 < max {
            parts.push(&raw[start..i]);
            start = i + 1;
        }
    }
    parts.push(&raw[start..]);
    parts
}

/// A strict SGF Real: `[+-]digits[.digits]`.
pub(crate) fn strict_real(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(int) || frac.is_some_and(|f| !digits(f)) {
        return None;
    }
    s.parse().ok()
}

/// A real as records write it when they bend the rules: `5.`, `.5`, ` 7.5 `, `7,5`.
pub(crate) fn loose_real(s: &str) -> Option<f64> {
    let t = s.trim().replace(',', ".");
    if t.is_empty()
        || !t
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-' || b == b'+')
    {
        return None;
    }
    let v: f64 = t.parse().ok()?;
    v.is_finite().then_some(v)
}

/// A strict SGF Number: `[+-]digits`.
pub(crate) fn strict_number(s: &str) -> Option<i64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.is_empty() || body.len() > 18 || !body.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Reads a duration written as prose, as old records do in `TM` and `BL`/`WL`: `13h`,
/// `10 h`, `9 hours each`, `8hr 59m`, `1h30m`, `90 min`, `30s`. Returns seconds, or `None`
/// when the text is not such a duration. A bare number is seconds.
pub(crate) fn parse_duration(s: &str) -> Option<f64> {
    let s = s.trim();
    let s = s.strip_suffix("each").unwrap_or(s).trim_end();
    if s.is_empty() {
        return None;
    }
    if let Some(v) = loose_real(s) {
        return Some(v);
    }
    let mut total = 0.0;
    let mut rest = s;
    let mut any = false;
    while !rest.is_empty() {
        rest = rest.trim_start();
        let n_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if n_len == 0 {
            return None;
        }
        let n: f64 = rest[..n_len].parse().ok()?;
        rest = rest[n_len..].trim_start();
        let u_len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
        let unit = rest[..u_len].to_ascii_lowercase();
        rest = rest[u_len..].trim_start_matches([' ', ',']);
        let scale = match unit.as_str() {
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
            "m" | "mn" | "min" | "mins" | "minute" | "minutes" => 60.0,
            "s" | "sec" | "secs" | "second" | "seconds" | "" => 1.0,
            _ => return None,
        };
        total += n * scale;
        any = true;
    }
    any.then_some(total)
}

/// Writes seconds as an SGF Real, to the millisecond, without trailing zeros.
pub(crate) fn real(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

//! GTP framing (GTP v2, section 2): turning an input line into a command and a reply into
//! the bytes a controller reads.

use std::fmt;

/// One command as read from a line: an optional numeric id, the command name, arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Command<'a> {
    /// The id as written (digits only), echoed in the reply.
    pub id: Option<&'a str>,
    /// The command name; `None` when the line held only an id.
    pub name: Option<&'a str>,
    /// The arguments, split on spaces.
    pub args: Vec<&'a str>,
}

/// Cleans a raw line as GTP v2 section 2.1 asks: control characters other than HT and LF
/// are removed (CR among them), everything from `#` on is a comment, HT becomes a space.
/// Returns `None` for a line that is then empty or white space only: it gets no reply.
pub(crate) fn preprocess(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    for ch in raw.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            // A line is one command; a stray LF (there is none after `lines()`) is dropped too.
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    let trimmed = out.trim_matches(' ');
    if trimmed.is_empty() {
        None
    } else {
        Some(trimmed.to_string())
    }
}

/// Splits a preprocessed line into id, command name and arguments. An id is a first word
/// made only of ASCII digits (GTP v2 section 2.4); anything else is the command name.
pub(crate) fn parse(line: &str) -> Command<'_> {
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    let first = words.next();
    let (id, name) = match first {
        Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => (Some(w), words.next()),
        other => (None, other),
    };
    Command {
        id,
        name,
        args: words.collect(),
    }
}

/// A reply to one command: success (`=`) with a possibly empty or multi-line text, or
/// failure (`?`) with an error message.
///
/// Its `Display` is the exact wire form: `=12 text` or `?12 message`, then an empty line.
/// The text never holds an empty line of its own (that would end the reply early): empty
/// lines in it are dropped when it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The id of the command, echoed (digits only).
    pub id: Option<String>,
    /// The reply text on success, the error message on failure.
    pub outcome: Result<String, String>,
}

impl Response {
    /// Whether the command succeeded.
    pub fn is_success(&self) -> bool {
        self.outcome.is_ok()
    }

    /// The reply text or error message, without the framing.
    pub fn text(&self) -> &str {
        match &self.outcome {
            Ok(t) | Err(t) => t,
        }
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.is_success() { '=' } else { '?' };
        write!(f, "{mark}{}", self.id.as_deref().unwrap_or(""))?;
        let mut first = true;
        for line in self.text().lines().filter(|l| !l.trim().is_empty()) {
            if first {
                write!(f, " {line}")?;
                first = false;
            } else {
                write!(f, "\n{line}")?;
            }
        }
        f.write_str("\n\n")
    }
}

//! weiqi's GTP v2 engine: the Go Text Protocol (the language GUIs such as Sabaki and GoGui,
//! and other engines such as GNU Go, speak) over the rules engine of the `rules` crate.
//!
//! The main types:
//! - [`Engine`]: a state machine. [`Engine::handle`] takes one input line and returns the
//!   [`Response`] to write, or `None` for a line that gets none (empty, a `#` comment).
//!   It owns one [`rules::Game`] and the time settings the controller announced.
//! - [`Response`]: success or failure with the echoed id; its `Display` is the wire form.
//! - [`run`]: the loop that reads lines from a reader and writes replies to a writer until
//!   `quit` or the end of input; `weiqi gtp` calls it with stdin and stdout.
//!
//! The rules are the Chinese rules of the `rules` crate: `play` refuses an illegal move
//! with `? illegal move: <the rule it breaks>` and changes nothing; `final_score` counts the
//! area (Art. 9, 11) with the stones the machine proposes dead removed
//! ([`rules::life::propose_dead`]; Art. 8 leaves the decision to the players).
//!
//! `genmove` is a sparring partner, not an AI: a uniformly random legal move that does not
//! fill its own eye, a pass when none is left (the light playout policy of
//! [`rules::playout`]), drawn from a generator seeded by [`Settings::seed`], so the same
//! seed and the same commands give the same game.
//!
//! Key design decision: the engine is a state machine over text lines, with no I/O of its
//! own but the two commands that name a file (`loadsgf FILE`, `printsgf FILE`, through the
//! `sgf` crate), so every behaviour is tested by transcripts (commands in, replies out)
//! without processes or pipes; only [`run`] touches a reader and a writer. Every input,
//! valid or not, gets a GTP reply, never a panic: a line that is not GTP is answered with a
//! GTP error.
//!
//! GTP lets a controller play either colour at any time (GUIs set up positions that way):
//! `play` uses `Game::play_as`, and the repetition rule then compares the board and the side
//! to move, the opponent of the stone just played. A move after two passes reopens play
//! (Art. 21.4: disagreements are settled by play). Time settings (`time_settings`,
//! `kgs-time_settings`, `time_left`) are kept and shown by `showboard`, not enforced.

#![deny(missing_docs)]

mod engine;
mod error;
mod frame;
mod player;
mod time;

pub use engine::{COMMANDS, Engine, NAME, Settings};
pub use error::CommandError;
pub use frame::Response;
pub use time::{TimeLeft, TimeSystem};

use std::io::{self, BufRead, Write};

/// Speaks GTP: reads commands line by line from `input`, writes each reply to `output` and
/// flushes it, until `quit` or the end of input. Lines that are not valid UTF-8 are read
/// with replacement characters (and then answered like any other line). Only I/O errors
/// end it early.
pub fn run(engine: &mut Engine, input: &mut dyn BufRead, output: &mut dyn Write) -> io::Result<()> {
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&raw);
        if let Some(response) = engine.handle(&line) {
            write!(output, "{response}")?;
            output.flush()?;
        }
        if engine.has_quit() {
            return Ok(());
        }
    }
}

//! The `run` loop over a reader and a writer: the exact bytes a controller sees.

use gtp::{Engine, Settings, run};
use std::io::Cursor;

fn session(input: &[u8]) -> String {
    let mut engine = Engine::new(Settings::default());
    let mut output = Vec::new();
    run(&mut engine, &mut Cursor::new(input), &mut output).expect("in-memory I/O does not fail");
    String::from_utf8(output).expect("replies are UTF-8")
}

#[test]
fn replies_are_framed_and_reading_stops_at_quit() {
    let input = b"protocol_version\r\n\n# a comment\n  \t \n7 name\r\n\xff\xfe garbage\n8 quit\nname\n";
    assert_eq!(
        session(input),
        "= 2\n\n=7 weiqi (sparring partner: a plain legal player, not an AI)\n\n? unknown command\n\n=8\n\n"
    );
}

#[test]
fn the_end_of_input_ends_the_session_without_quit() {
    assert_eq!(session(b"boardsize 9\nplay b E5"), "=\n\n=\n\n");
}

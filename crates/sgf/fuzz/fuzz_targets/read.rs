//! Any bytes: the reader never panics; what it reads, it writes so that reading it again
//! gives the same game, and writing that gives the same text; replaying never panics.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(record) = sgf::parse(data) else { return };
    let _ = record.replay(record.rules(), None);
    let text = sgf::write(&record);
    let again = match sgf::parse(text.as_bytes()) {
        Ok(r) => r,
        Err(e) => panic!("what we wrote does not read back: {e}\n{text}"),
    };
    assert_eq!(again.info, record.info, "{text}");
    assert_eq!(again.moves(), record.moves(), "{text}");
    assert_eq!(again.n_nodes(), record.n_nodes(), "{text}");
    assert_eq!(sgf::write(&again), text, "writing is not stable");
});

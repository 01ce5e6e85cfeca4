//! Integration tests of the GTP engine: transcripts (commands in, replies out) and
//! robustness against any input.

mod records;
mod robustness;
mod run_loop;
mod transcripts;

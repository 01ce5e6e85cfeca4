//! What `weiqi check`, `weiqi score` and `weiqi show` share: reading a record from a file,
//! and writing moves for people.

use anyhow::Context as _;
use rules::{BoardSize, Move};
use std::path::Path;

/// Reads and parses the record in `path`; the error names the file, and the place in it.
pub fn load(path: &Path) -> anyhow::Result<sgf::Record> {
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    sgf::parse(&bytes).with_context(|| format!("{}: not a readable SGF record", path.display()))
}

/// A move as GTP writes it: `Q16` or `pass`.
pub fn vertex(size: BoardSize, mv: Move) -> String {
    mv.gtp(size)
}

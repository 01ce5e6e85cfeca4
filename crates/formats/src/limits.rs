//! The bounds of what the readers take, in one place. A file or a field beyond them is
//! refused up front with a [`crate::FormatError`] that says which and by how much, never
//! read in part or clamped. What an event takes (names, rounds, ratings) is bounded once, by
//! the tournament crate ([`tournament::limits`]); the readers check it early only to name the
//! line.

/// The most bytes of a file read in (OpenGotha XML, CSV, an .xlsx workbook, a rating list).
/// An OpenGotha file of 2,000 players and 10 rounds is about 2 MB, a CSV of 10,000
/// registrations under 1 MB.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// The most bytes of one field: an XML attribute's value, a CSV or spreadsheet cell.
/// OpenGotha's longest attributes (a tournament's description) are a few hundred bytes.
pub const MAX_FIELD_BYTES: usize = 4 * 1024;

/// The most cells of a spreadsheet's first sheet: an .xlsx workbook is compressed, so its
/// size on disk does not bound the sheet it unpacks to. 10,000 registrations of 8 columns
/// are 80,000 cells.
pub const MAX_SHEET_CELLS: usize = 1_000_000;

/// Refuses a file of `len` bytes beyond [`MAX_FILE_BYTES`]; `what` names it.
pub fn check_file(what: &str, len: usize) -> Result<(), crate::FormatError> {
    if len > MAX_FILE_BYTES {
        return Err(crate::FormatError::TooLarge(format!(
            "{what} is {len} bytes: at most {MAX_FILE_BYTES} ({} MiB) are read",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(())
}

/// Refuses a field of `len` bytes beyond [`MAX_FIELD_BYTES`]; `what` names it.
pub fn check_field(what: &str, len: usize) -> Result<(), crate::FormatError> {
    if len > MAX_FIELD_BYTES {
        return Err(crate::FormatError::TooLarge(format!(
            "{what} is {len} bytes: a field holds at most {MAX_FIELD_BYTES}"
        )));
    }
    Ok(())
}

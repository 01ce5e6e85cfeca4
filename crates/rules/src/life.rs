//! Dead-stone proposal (Art. 8): to be written.

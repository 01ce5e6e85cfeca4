//! The load generator (filled in below).

//! The bounds of what an event takes, in one place. Every way an event is made or a player
//! registered (the CLI, the server, the imports of OpenGotha, CSV and Excel files) goes
//! through [`crate::Event::new`] and [`crate::Event::add_player`], which refuse what is
//! beyond them with [`crate::EventError::TooLong`] or [`crate::EventError::BadRounds`]. The
//! events a store kept before a bound existed still load ([`crate::Event::restore`],
//! [`crate::Event::restore_player`], [`crate::Event::restore_rounds`]).

/// The most characters in an event's name: a long Chinese title with its sponsor
/// (第十八届"某某杯"全国围棋锦标赛暨…) is under 100.
pub const MAX_EVENT_NAME_CHARS: usize = 200;

/// The most characters in a player's name (as a game's players on the server).
pub const MAX_PLAYER_NAME_CHARS: usize = 100;

/// The most characters in a player's club or region.
pub const MAX_PLAYER_FIELD_CHARS: usize = 100;

/// The most rounds an event plans (and the most cycles of a round robin): per-round tables
/// are sized by it, and no event of Art. 26 comes near.
pub const MAX_ROUNDS: u32 = 1000;

/// The bounds of a player's rating: every rating scale in use (GoR, Glicko, Elo, 等级分)
/// stays within them, and sums of ratings stay far from overflow.
pub const RATING_RANGE: std::ops::RangeInclusive<i32> = -10_000..=10_000;

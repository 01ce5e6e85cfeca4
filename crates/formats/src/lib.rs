//! Adapters between weiqi and the files tournament directors already use.
//!
//! - [`opengotha`]: OpenGotha's XML tournament files, read into a [`opengotha::Tournament`]
//!   that keeps every element and attribute of the file (so that import then export gives the
//!   same tournament), with OpenGotha's own placement ([`opengotha::scoring`], every
//!   criterion OpenGotha defines, rule for rule) and the bridge to and from a
//!   [`tournament::Event`].
//! - [`h9`]: the European Go Database results file (`.h9`), from OpenGotha's placement.
//! - [`csv_io`]: registrations read from CSV (English or Chinese headers, UTF-8 with or
//!   without a BOM, or GBK), and pairings and standings written as CSV.
//! - [`html`]: a printable crosstable and pairing sheet, in Chinese or English.
//! - [`shown`]: the standings the printed views show: weiqi's chain, or OpenGotha's
//!   placement of an imported event.
//! - [`forms`]: the print pack, A4 sheets in Chinese or English: 对阵表, 记分单, 个人成绩表,
//!   名次表, 团体成绩表, 团体名次表, 姓名签 and the final result with the chief referee's line.
//! - [`xlsx`]: registrations and rating lists read from Excel workbooks, and standings,
//!   crosstable and pairings written as them.
//! - [`ratings`]: rating lists in, the frozen ratings kept with an event, and the columns
//!   (ratings before, after, change; promotion) the standings add in every export.
//!
//! Key design decision: an imported OpenGotha tournament is kept as OpenGotha has it, beside
//! the weiqi event made from it. The event holds what weiqi runs (players, rounds, results);
//! the kept file holds what weiqi has no place for (handicaps, table numbers, the McMahon bar
//! and zero, the placement criteria, EGF pins). Export merges the two, so a director can move
//! an OpenGotha tournament into weiqi mid-event and back without losing anything, and the
//! standings and h9 computed for it are OpenGotha's, not weiqi's reading of them.
//!
//! Only reading and writing text happens here: no files, no clock. The callers do the I/O.

#![deny(missing_docs)]

pub mod csv_io;
pub mod forms;
pub mod h9;
pub mod html;
pub mod limits;
pub mod opengotha;
pub mod ratings;
pub mod shown;
pub mod xlsx;

use std::fmt;

/// Why a file could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The XML is not well formed.
    Xml(XmlProblem),
    /// A required element or attribute is missing or wrong.
    Invalid(String),
    /// The CSV is not readable.
    Csv(String),
    /// A registration line is wrong (line number from 1, counting the header).
    Line {
        /// The line.
        line: usize,
        /// What is wrong.
        what: LineProblem,
    },
    /// Texts that do not fit the Latin-1 encoding asked for: one entry per player (or the
    /// tournament) naming who and the fields, e.g. `player "张 三": family name "张"`.
    NotLatin1(Vec<String>),
    /// The event cannot be written in this format.
    Unsupported(String),
    /// The .xlsx workbook cannot be read, or written.
    Xlsx(String),
    /// A file or a field is larger than the readers take ([`limits`]).
    TooLarge(String),
    /// What is wrong in an OpenGotha file, typed so that an adapter says it in every language.
    Gotha(GothaProblem),
}

/// Why a file is not well-formed XML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XmlProblem {
    /// The XML reader's refusal at a byte (its own words, in English).
    At {
        /// The byte.
        byte: u64,
        /// The reader's words.
        detail: String,
    },
    /// A second root element, at a byte.
    SecondRoot {
        /// The byte.
        byte: u64,
    },
    /// Elements nested deeper than the reader takes.
    TooDeep {
        /// The byte.
        byte: u64,
        /// The deepest nesting taken.
        max: usize,
    },
    /// An element still open at the end.
    NotClosed {
        /// Its name.
        name: String,
    },
    /// No element at all.
    NoRoot,
}

impl fmt::Display for XmlProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XmlProblem::At { byte, detail } => write!(f, "at byte {byte}: {detail}"),
            XmlProblem::SecondRoot { byte } => write!(f, "at byte {byte}: a second root element"),
            XmlProblem::TooDeep { byte, max } => write!(f, "at byte {byte}: elements nested deeper than {max}"),
            XmlProblem::NotClosed { name } => write!(f, "<{name}> is not closed"),
            XmlProblem::NoRoot => f.write_str("no root element"),
        }
    }
}

/// Where in an OpenGotha file a value is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GothaPlace {
    /// The n-th `<Player>` (from 1).
    Player(usize),
    /// A `<Game>`.
    Game,
    /// A parameter set (`GeneralParameterSet`, `HandicapParameterSet`, `PairingParameterSet`).
    Set(&'static str),
}

impl fmt::Display for GothaPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GothaPlace::Player(n) => write!(f, "player {n}:"),
            GothaPlace::Game => f.write_str("a game's"),
            GothaPlace::Set(s) => f.write_str(s),
        }
    }
}

/// What is wrong in an OpenGotha file that OpenGotha itself would not load either.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GothaProblem {
    /// The root element is not `<Tournament>`.
    Root {
        /// The root element's name.
        name: String,
    },
    /// A rank OpenGotha cannot read either.
    Rank {
        /// As written.
        written: String,
    },
    /// A game result code OpenGotha does not have.
    Result {
        /// As written.
        code: String,
    },
    /// An attribute that must be a number is not.
    NotANumber {
        /// Where.
        place: GothaPlace,
        /// The attribute.
        attribute: String,
        /// Its value.
        value: String,
    },
    /// A player without a name.
    NoName {
        /// The player (from 1).
        player: usize,
    },
    /// A game whose round or table is out of range.
    GamePlace {
        /// Its round.
        round: u64,
        /// Its table.
        table: u64,
    },
    /// A bye whose round is not a number (`None`) or is out of range.
    ByeRound {
        /// The player's key.
        key: String,
        /// The round, when it is a number.
        round: Option<u64>,
    },
    /// The number of rounds is out of range.
    Rounds {
        /// As written.
        n: i64,
    },
    /// A game of a round beyond the tournament's rounds.
    GameBeyondRounds {
        /// The game's round (from 1).
        round: usize,
        /// The tournament's rounds.
        rounds: usize,
    },
    /// A category whose number or lower limit does not fit the tournament's categories.
    Category {
        /// Its number as read.
        number: usize,
        /// Its lower limit as written.
        lower_limit: String,
        /// The tournament's categories.
        categories: usize,
    },
    /// A placement criterion whose number is not from 1 to 6.
    CriterionNumber {
        /// As written.
        number: String,
    },
    /// A placement criterion OpenGotha does not have.
    UnknownCriterion {
        /// As written.
        name: String,
        /// OpenGotha's criteria.
        known: Vec<&'static str>,
    },
}

impl fmt::Display for GothaProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let max = tournament::limits::MAX_ROUNDS;
        match self {
            GothaProblem::Root { name } => write!(f, "the root element is <{name}>, not <Tournament>"),
            GothaProblem::Rank { written } => write!(f, "rank {written:?} is not like 5D, 10K or 3P"),
            GothaProblem::Result { code } => write!(f, "unknown game result {code:?}"),
            GothaProblem::NotANumber {
                place,
                attribute,
                value,
            } => {
                write!(f, "{place} {attribute}={value:?} is not a number")
            }
            GothaProblem::NoName { player } => write!(f, "player {player} has no name"),
            GothaProblem::GamePlace { round, table } => write!(
                f,
                "round {round} table {table}: a game needs a round from 1 to {max}, a table from 1 and two players"
            ),
            GothaProblem::ByeRound { key, round: None } => write!(f, "bye of {key:?}: round is not a number"),
            GothaProblem::ByeRound { key, round: Some(r) } => {
                write!(f, "bye of {key:?}: round {r} is not from 1 to {max}")
            }
            GothaProblem::Rounds { n } => {
                write!(
                    f,
                    "GeneralParameterSet numberOfRounds={n}: a tournament has 1 to {max} rounds"
                )
            }
            GothaProblem::GameBeyondRounds { round, rounds } => {
                write!(f, "a game of round {round} is beyond the tournament's {rounds} rounds")
            }
            GothaProblem::Category {
                number,
                lower_limit,
                categories,
            } => write!(
                f,
                "category {number} (lowerLimit {lower_limit:?}) is not one of the {categories}"
            ),
            GothaProblem::CriterionNumber { number } => write!(
                f,
                "placement criterion number {number:?} is not from 1 to {}",
                opengotha::MAX_CRITERIA
            ),
            GothaProblem::UnknownCriterion { name, known } => write!(
                f,
                "unknown placement criterion {name:?}: OpenGotha's are {}",
                known.join(", ")
            ),
        }
    }
}

/// What is wrong with one line of a registration or ratings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// The header has no such column (`name` or `rank`).
    NoColumn {
        /// `name` or `rank`.
        column: &'static str,
        /// The header's cells.
        header: Vec<String>,
    },
    /// The name cell is empty.
    EmptyName,
    /// The rank cell is empty.
    EmptyRank {
        /// The player.
        name: String,
    },
    /// The rank cannot be read.
    BadRank {
        /// The player.
        name: String,
        /// The rank as written.
        rank: String,
    },
    /// The name is longer than the tournament takes.
    NameTooLong {
        /// Its characters.
        chars: usize,
        /// The most.
        max: usize,
    },
    /// The rating is not a number.
    RatingNotNumber {
        /// The player.
        name: String,
        /// As written.
        rating: String,
    },
    /// The rating is outside every scale's bounds.
    RatingOutOfRange {
        /// The player.
        name: String,
        /// As written.
        rating: String,
        /// The bounds.
        min: i32,
        /// The bounds.
        max: i32,
    },
    /// The birth date is not a real day.
    BadDate {
        /// The player.
        name: String,
        /// As written.
        date: String,
    },
    /// The name was registered on an earlier line.
    Twice {
        /// The player.
        name: String,
    },
    /// Anything else, said in English.
    Other(String),
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineProblem::NoColumn { column, header } => write!(
                f,
                "no {column} column (the header is {header:?}; name/姓名 and rank/段位 are needed)"
            ),
            LineProblem::EmptyName => f.write_str("the name is empty"),
            LineProblem::EmptyRank { name } => write!(f, "{name}: the rank is empty"),
            LineProblem::BadRank { name, rank } => {
                write!(f, "{name}: rank {rank:?} is not like 5d, 3k, 2p, 5段, 3级 or 职业九段")
            }
            LineProblem::NameTooLong { chars, max } => write!(f, "the name has {chars} characters: at most {max}"),
            LineProblem::RatingNotNumber { name, rating } => write!(f, "{name}: rating {rating:?} is not a number"),
            LineProblem::RatingOutOfRange { name, rating, min, max } => {
                write!(f, "{name}: rating {rating} is outside {min}..={max}")
            }
            LineProblem::BadDate { name, date } => {
                write!(f, "{name}: {}", tournament::DateError(date.clone()))
            }
            LineProblem::Twice { name } => write!(f, "{name} is registered twice"),
            LineProblem::Other(m) => f.write_str(m),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Xml(m) => write!(f, "not well-formed XML: {m}"),
            FormatError::Invalid(m) => write!(f, "invalid OpenGotha file: {m}"),
            FormatError::Csv(m) => write!(f, "unreadable CSV: {m}"),
            FormatError::Line { line, what } => write!(f, "line {line}: {what}"),
            FormatError::NotLatin1(texts) => write!(
                f,
                "these texts do not fit Latin-1, which the EGD needs: {}; write the file in UTF-8, or give them in Latin script",
                texts.join("; ")
            ),
            FormatError::Unsupported(m) => write!(f, "{m}"),
            FormatError::Xlsx(m) => write!(f, "spreadsheet: {m}"),
            FormatError::TooLarge(m) => write!(f, "too large: {m}"),
            FormatError::Gotha(p) => write!(f, "invalid OpenGotha file: {p}"),
        }
    }
}

impl std::error::Error for FormatError {}

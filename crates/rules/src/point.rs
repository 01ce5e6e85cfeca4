//! Colors, points and board sizes, with GTP and SGF coordinates (Art. 1, 2).

use std::fmt;
use std::str::FromStr;

/// The color of a stone or of a player (Art. 2.1: each side holds one color).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first (Art. 2.3).
    Black,
    /// White.
    White,
}

impl Color {
    /// The other color.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `B` or `W`, as GTP and SGF write it.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// 0 for Black, 1 for White: an index into per-color arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A color that could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError(pub String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid color {:?}: expected b, w, black or white", self.0)
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Accepts `b`, `w`, `black`, `white` in any case, as GTP does.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}

/// The smallest board size the engine accepts.
pub const MIN_SIZE: u8 = 2;
/// The largest board size the engine accepts (GTP and SGF letters stop at 25).
pub const MAX_SIZE: u8 = 25;

/// The number of lines on each side of a square board.
///
/// Invariant: `MIN_SIZE <= size <= MAX_SIZE`. Art. 1 fixes 19 for competition;
/// smaller boards are for practice and analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize(u8);

impl BoardSize {
    /// The competition board of Art. 1: 19×19, 361 points.
    pub const STANDARD: BoardSize = BoardSize(19);

    /// A board size, or an error if it is outside 2–25.
    pub fn new(size: u8) -> Result<BoardSize, BoardSizeError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            Ok(BoardSize(size))
        } else {
            Err(BoardSizeError(size as u32))
        }
    }

    /// Lines per side.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Number of points, N².
    #[inline]
    pub const fn n_points(self) -> usize {
        self.0 as usize * self.0 as usize
    }

    /// Every point of the board, row by row from the top-left (SGF order).
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point { x, y }))
    }

    /// A point from column `x` and row `y` counted from the top-left corner, if on the board.
    pub fn point(self, x: u8, y: u8) -> Option<Point> {
        (x < self.0 && y < self.0).then_some(Point { x, y })
    }

    /// The star points (星, Art. 1.1): nine on 19×19 (the center one is 天元). Other sizes
    /// follow the usual convention: nine from 15×15 up on odd boards, five on odd boards
    /// 7–13 (four corners and the center), four on even boards from 7×7, none below 7×7.
    pub fn star_points(self) -> Vec<Point> {
        let n = self.0;
        if n < 7 {
            return Vec::new();
        }
        let edge = if n >= 13 { 3 } else { 2 };
        let far = n - 1 - edge;
        let mut stars = vec![
            Point { x: edge, y: edge },
            Point { x: far, y: edge },
            Point { x: edge, y: far },
            Point { x: far, y: far },
        ];
        if n % 2 == 1 {
            let mid = n / 2;
            stars.push(Point { x: mid, y: mid });
            if n >= 15 {
                stars.extend([
                    Point { x: mid, y: edge },
                    Point { x: mid, y: far },
                    Point { x: edge, y: mid },
                    Point { x: far, y: mid },
                ]);
            }
        }
        stars.sort();
        stars
    }

    /// The center point (天元) on an odd board.
    pub fn center(self) -> Option<Point> {
        (self.0 % 2 == 1).then_some(Point {
            x: self.0 / 2,
            y: self.0 / 2,
        })
    }

    /// Parses a GTP vertex (`Q16`, case-insensitive; columns A–Z without I, row 1 at the
    /// bottom). `pass` is not a point: see [`crate::Move`].
    pub fn parse_gtp(self, s: &str) -> Result<Point, PointError> {
        let err = || PointError::Invalid(s.to_string());
        let mut chars = s.chars();
        let col = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !col.is_ascii_uppercase() || col == 'I' {
            return Err(err());
        }
        let mut x = col as u8 - b'A';
        if col > 'I' {
            x -= 1;
        }
        let row_text = chars.as_str();
        if row_text.is_empty() || row_text.len() > 2 || !row_text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: u8 = row_text.parse().map_err(|_| err())?;
        if row == 0 || row > self.0 || x >= self.0 {
            return Err(PointError::OffBoard {
                text: s.to_string(),
                size: self.0,
            });
        }
        Ok(Point { x, y: self.0 - row })
    }

    /// Parses a two-letter SGF point (`pd`, `a`–`y`; `aa` is the top-left corner).
    /// `tt` and the empty value are passes and are handled by the SGF layer.
    pub fn parse_sgf(self, s: &str) -> Result<Point, PointError> {
        let b = s.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            return Err(PointError::Invalid(s.to_string()));
        }
        let (x, y) = (b[0] - b'a', b[1] - b'a');
        if x >= self.0 || y >= self.0 {
            return Err(PointError::OffBoard {
                text: s.to_string(),
                size: self.0,
            });
        }
        Ok(Point { x, y })
    }

    /// Writes a point in GTP coordinates for this board (`Q16`).
    pub fn gtp(self, p: Point) -> String {
        let mut col = b'A' + p.x;
        if col >= b'I' {
            col += 1;
        }
        format!("{}{}", col as char, self.0 - p.y)
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A board size outside 2–25.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSizeError(pub u32);

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported: it must be between {MIN_SIZE} and {MAX_SIZE}",
            self.0
        )
    }
}

impl std::error::Error for BoardSizeError {}

/// A point (交叉点) on the board: column `x` from the left, row `y` from the top, both
/// 0-based (the SGF convention). Invariant: a `Point` handed out by a [`BoardSize`] lies
/// on that board; the engine checks points from elsewhere against its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row from the top, 0-based (field order makes `Ord` row-major).
    pub y: u8,
    /// Column from the left, 0-based.
    pub x: u8,
}

impl Point {
    /// A point from its column and row counted from the top-left corner.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The two-letter SGF form (`pd`).
    pub fn sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push((b'a' + self.x) as char);
        s.push((b'a' + self.y) as char);
        s
    }
}

/// A coordinate that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointError {
    /// Not a coordinate at all.
    Invalid(String),
    /// A coordinate that lies outside the board.
    OffBoard {
        /// The text given.
        text: String,
        /// The board size.
        size: u8,
    },
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::Invalid(s) => write!(f, "invalid coordinate {s:?}"),
            PointError::OffBoard { text, size } => {
                write!(f, "coordinate {text:?} is off the {size}x{size} board")
            }
        }
    }
}

impl std::error::Error for PointError {}

/// A move (着): a stone on a point, or a pass (虚着, Art. 2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on an empty point.
    Play(Point),
    /// Giving up the right to move this turn.
    Pass,
}

impl Move {
    /// The move in GTP form for a board of `size` (`Q16` or `pass`).
    pub fn gtp(self, size: BoardSize) -> String {
        match self {
            Move::Play(p) => size.gtp(p),
            Move::Pass => "pass".to_string(),
        }
    }

    /// Parses a GTP move: a vertex or `pass` (any case).
    pub fn parse_gtp(size: BoardSize, s: &str) -> Result<Move, PointError> {
        if s.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            size.parse_gtp(s).map(Move::Play)
        }
    }
}

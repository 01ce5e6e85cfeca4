//! The record: game information, a tree of nodes, referee notes, errors and warnings.

use rules::{BoardSize, Color, Game, GameEnd, GameResult, HalfPoints, Move, Point, WinBy};
use std::fmt;

/// A place in the source text: 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// Line, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Something the reader accepted but did not like: the record is still usable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where in the source.
    pub at: Position,
    /// What, in a sentence.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// Why a file could not be read as a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// The input is larger than the reader accepts ([`crate::MAX_BYTES`]).
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The input holds a NUL character: it is binary data, not text.
    Binary {
        /// Where the first one is.
        at: Position,
    },
    /// The input holds no game tree (`(;`).
    NoGameTree {
        /// Where the text that is not a game tree starts (the end, for blank input).
        at: Position,
    },
    /// A character that cannot stand where it stands.
    Unexpected {
        /// The character.
        found: char,
        /// What could have stood there.
        expected: &'static str,
        /// Where.
        at: Position,
    },
    /// The input ends inside a property value.
    UnterminatedValue {
        /// The property.
        ident: String,
        /// Where the value opened.
        start: Position,
        /// Where the input ends.
        end: Position,
    },
    /// The input ends before every game tree is closed.
    Truncated {
        /// How many trees are still open.
        open: usize,
        /// Where the innermost open tree started.
        start: Position,
        /// Where the input ends.
        end: Position,
    },
    /// More nodes than the reader accepts ([`crate::MAX_NODES`]).
    TooManyNodes {
        /// The limit.
        limit: usize,
        /// Where the node over the limit starts.
        at: Position,
    },
    /// A move (`B`, `W`) that cannot be read.
    BadMove {
        /// The property.
        ident: String,
        /// Its raw value.
        value: String,
        /// Why.
        reason: String,
        /// Where.
        at: Position,
    },
    /// A board size (`SZ`) that cannot be played on.
    BadSize {
        /// The raw value.
        value: String,
        /// Why.
        reason: String,
        /// Where.
        at: Position,
    },
    /// A record of another game than Go (`GM` other than 1).
    NotGo {
        /// The raw `GM` value.
        game: String,
        /// Where.
        at: Position,
    },
}

impl SgfError {
    /// Where in the source the error is, when it has a place.
    pub fn position(&self) -> Option<Position> {
        match self {
            SgfError::TooLarge { .. } => None,
            SgfError::Binary { at }
            | SgfError::NoGameTree { at }
            | SgfError::Unexpected { at, .. }
            | SgfError::TooManyNodes { at, .. }
            | SgfError::BadMove { at, .. }
            | SgfError::BadSize { at, .. }
            | SgfError::NotGo { at, .. } => Some(*at),
            SgfError::UnterminatedValue { end, .. } | SgfError::Truncated { end, .. } => Some(*end),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::TooLarge { bytes, limit } => {
                write!(f, "file too large: {bytes} bytes (the limit is {limit} bytes)")
            }
            SgfError::Binary { at } => write!(f, "{at}: binary data (a NUL character): not an SGF text file"),
            SgfError::NoGameTree { at } => write!(f, "{at}: not an SGF file: no game tree '(;' found"),
            SgfError::Unexpected { found, expected, at } => {
                write!(f, "{at}: unexpected {found:?}: expected {expected}")
            }
            SgfError::UnterminatedValue { ident, start, end } => write!(
                f,
                "{end}: the file ends inside the value of {ident} opened at {start} (truncated file?)"
            ),
            SgfError::Truncated { open, start, end } => write!(
                f,
                "{end}: the file ends with {open} game tree(s) still open, the innermost opened at {start} \
                 (truncated file?)"
            ),
            SgfError::TooManyNodes { limit, at } => write!(f, "{at}: too many nodes (the limit is {limit})"),
            SgfError::BadMove {
                ident,
                value,
                reason,
                at,
            } => write!(f, "{at}: bad move {ident}[{value}]: {reason}"),
            SgfError::BadSize { value, reason, at } => write!(f, "{at}: bad board size SZ[{value}]: {reason}"),
            SgfError::NotGo { game, at } => write!(f, "{at}: not a Go record (GM[{game}]; Go is GM[1])"),
        }
    }
}

impl std::error::Error for SgfError {}

/// A player as the record names them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// `PB`/`PW`.
    pub name: Option<String>,
    /// `BR`/`WR`: rank or title (`9p`, `8 dan`, `Honinbo`).
    pub rank: Option<String>,
}

/// An `RE` value as a record holds it: a result (the workspace's one [`GameResult`]), or
/// what SGF alone can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Re {
    /// A result: `B+1.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`.
    Known(GameResult),
    /// Unknown (`?`).
    Unknown,
    /// A side won, and something else follows the `+`, kept as written (`W+J`, old records'
    /// "jigo to White").
    Other {
        /// The winner.
        winner: Color,
        /// What follows the `+`.
        by: String,
    },
}

impl Re {
    /// Reads an `RE` value written as the SGF specification writes it, as a program writes it
    /// (`B+1.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`; the long forms `B+Resign`,
    /// `W+Time`, `B+Forfeit`, `Draw` too): the one parser of `RE`, the reader's. A value the
    /// reader takes only leniently (`Jigo`, `黑中盘胜`, `W+J`) or not at all is an error naming
    /// it, never a result dropped.
    pub fn from_re(s: &str) -> Result<Re, ResultError> {
        match Re::read_re(s)? {
            (r, None) => Ok(r),
            (_, Some(note)) => Err(ResultError {
                value: s.to_string(),
                why: format!("not standard SGF ({note})"),
            }),
        }
    }

    /// Reads an `RE` value as records write it, as [`crate::parse`] reads the property: the
    /// standard forms of [`Re::from_re`] and, leniently, what records write instead
    /// (`Jigo`, results in Chinese such as `黑胜3又3/4子`, `B+R (time)`, prose), with a note
    /// saying how such a value was read. An error when it is not a result at all.
    pub fn read_re(s: &str) -> Result<(Re, Option<String>), ResultError> {
        crate::read::parse_result(s).map_err(|()| ResultError {
            value: s.to_string(),
            why: "not a result".to_string(),
        })
    }
}

/// An `RE` value that is not a result ([`Re::read_re`]), or not a standard one
/// ([`Re::from_re`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultError {
    /// The value as given.
    pub value: String,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RE[{}]: {}", self.value, self.why)
    }
}

impl std::error::Error for ResultError {}

impl fmt::Display for Re {
    /// The `RE` value, per the SGF specification: `B+1.5`, `W+R`, `B+T`, `B+F`, `0`, `Void`,
    /// `?`; a result as [`GameResult`] writes it, except that both losing is `Void` (SGF has
    /// no finer word).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Re::Known(GameResult::BothLose) => GameResult::NoResult.fmt(f),
            Re::Known(r) => r.fmt(f),
            Re::Unknown => f.write_str("?"),
            Re::Other { winner, by } => write!(f, "{}+{by}", winner.letter()),
        }
    }
}

/// The game information of a record (the SGF "game-info" properties).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// Black (`PB`, `BR`).
    pub black: Player,
    /// White (`PW`, `WR`).
    pub white: Player,
    /// Komi (`KM`, Art. 11), if the record gives it.
    pub komi: Option<HalfPoints>,
    /// Handicap stones (`HA`); 0 for none.
    pub handicap: u32,
    /// The rules (`RU`); written as `Chinese` when unset.
    pub rules: Option<String>,
    /// The result (`RE`).
    pub result: Option<Re>,
    /// Date (`DT`), as written.
    pub date: Option<String>,
    /// Event (`EV`).
    pub event: Option<String>,
    /// Round (`RO`).
    pub round: Option<String>,
    /// Place (`PC`).
    pub place: Option<String>,
    /// Basic time per side in seconds (`TM`, Art. 12.2).
    pub main_time: Option<f64>,
    /// Overtime, as a description (`OT`: `5x30 byo-yomi`).
    pub overtime: Option<String>,
}

/// What kind of referee event a [`RefereeNote`] records (Ch. 3 of the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoteKind {
    /// A warning (警告): one stone at counting; two lose the game (Art. 24).
    Warning,
    /// A move declared void (Art. 17.2, 17.3, 18.3, 19); it is not written as a move.
    VoidMove,
    /// A side loses a turn (弃权一次, Art. 18.3, 19, 22.5): the other side moves again.
    LostTurn,
    /// A ruling by the chief referee (Art. 17.5, 17.6, 20, 23, …).
    Adjudication,
}

impl NoteKind {
    /// The stable name used in the `WQREF` property: `warning`, `void-move`, `lost-turn`,
    /// `adjudication`.
    pub fn code(self) -> &'static str {
        match self {
            NoteKind::Warning => "warning",
            NoteKind::VoidMove => "void-move",
            NoteKind::LostTurn => "lost-turn",
            NoteKind::Adjudication => "adjudication",
        }
    }

    /// The kind named by [`NoteKind::code`].
    pub fn from_code(s: &str) -> Option<NoteKind> {
        [
            NoteKind::Warning,
            NoteKind::VoidMove,
            NoteKind::LostTurn,
            NoteKind::Adjudication,
        ]
        .into_iter()
        .find(|k| k.code() == s)
    }
}

/// Who acted (Art. 29–31: every ruling is recorded with who made it): the referee's own
/// [`referee::Actor`], written in `WQREF` by its stable [`referee::Actor::code`].
pub use referee::Actor;

/// Who acted, as the comment line says it (`by Black`, `by the chief referee`).
fn describe(a: Actor) -> &'static str {
    match a {
        Actor::Player(Color::Black) => "Black",
        Actor::Player(Color::White) => "White",
        Actor::Referee => "the referee",
        Actor::ChiefReferee => "the chief referee",
        Actor::System => "the system",
    }
}

/// A referee event attached to a node: written as a readable comment line and in the
/// private property `WQREF`, read back from `WQREF`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeNote {
    /// What happened.
    pub kind: NoteKind,
    /// The side concerned (warned, voided, losing a turn; the loser of an adjudication).
    pub color: Option<Color>,
    /// The article applied, e.g. `17.2`.
    pub article: Option<String>,
    /// Who made the ruling.
    pub actor: Actor,
    /// For a void move: the point where the voided stone was played.
    pub point: Option<Point>,
    /// Free text.
    pub text: String,
}

impl RefereeNote {
    /// The note as one readable line for the comment, with points in GTP form for `size`.
    pub fn describe(&self, size: BoardSize) -> String {
        let side = |c: Option<Color>| match c {
            Some(Color::Black) => "Black",
            Some(Color::White) => "White",
            None => "",
        };
        let mut s = String::from("Referee: ");
        match (self.kind, self.color) {
            (NoteKind::Warning, Some(c)) => s += &format!("warning to {}", side(Some(c))),
            (NoteKind::Warning, None) => s += "warning",
            (NoteKind::VoidMove, c) => {
                s += "void move";
                if c.is_some() {
                    s += &format!(" by {}", side(c));
                }
            }
            (NoteKind::LostTurn, Some(c)) => s += &format!("{} loses a turn", side(Some(c))),
            (NoteKind::LostTurn, None) => s += "a turn is lost",
            (NoteKind::Adjudication, Some(c)) => s += &format!("adjudication against {}", side(Some(c))),
            (NoteKind::Adjudication, None) => s += "adjudication",
        }
        if let Some(p) = self.point {
            s += &format!(" at {}", size.gtp(p));
        }
        if let Some(a) = &self.article {
            s += &format!(" (Art. {a})");
        }
        s += &format!(", by {}", describe(self.actor));
        if !self.text.is_empty() {
            s += ": ";
            s += &self.text;
        }
        s
    }
}

/// An SGF property kept as it was read: for properties this crate does not interpret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// Its name, upper case (`GN`, `SO`, `LB`).
    pub ident: String,
    /// Its values, raw: still escaped as in the file, so they are written back unchanged.
    pub values: Vec<String>,
}

/// One node of the game tree.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    /// The move of this node (`B`, `W`), if any. A pass is [`Move::Pass`].
    pub mv: Option<(Color, Move)>,
    /// Setup: black stones added (`AB`).
    pub add_black: Vec<Point>,
    /// Setup: white stones added (`AW`).
    pub add_white: Vec<Point>,
    /// Setup: points emptied (`AE`).
    pub add_empty: Vec<Point>,
    /// Who is to move next (`PL`).
    pub to_play: Option<Color>,
    /// The comment (`C`), without the lines written for referee notes.
    pub comment: Option<String>,
    /// Time left in seconds after this node, per colour (`BL`, `WL`; index by `Color::index`).
    pub time_left: [Option<f64>; 2],
    /// Byo-yomi periods or Canadian moves left, per colour (`OB`, `OW`).
    pub periods_left: [Option<u32>; 2],
    /// Referee events at this node.
    pub notes: Vec<RefereeNote>,
    /// Every other property, raw.
    pub other: Vec<Property>,
}

impl Node {
    /// A node holding only a move.
    pub fn with_move(color: Color, mv: Move) -> Node {
        Node {
            mv: Some((color, mv)),
            ..Node::default()
        }
    }

    /// Whether the node sets up stones (`AB`, `AW`, `AE`).
    pub fn has_setup(&self) -> bool {
        !(self.add_black.is_empty() && self.add_white.is_empty() && self.add_empty.is_empty())
    }
}

/// Index of a node in its [`Record`]. The root is [`NodeId::ROOT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) usize);

impl NodeId {
    /// The root node of every record.
    pub const ROOT: NodeId = NodeId(0);

    /// The index of the node in the record's arena.
    pub fn index(self) -> usize {
        self.0
    }
}

/// A game record: board size, game information and a tree of nodes.
///
/// Invariants: there is always a root node (`NodeId::ROOT`); every node but the root has
/// exactly one parent, which comes before it in the arena; the first child of a node
/// continues the main line, later children are variations. Every point in the tree lies
/// on the board of `size`.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The board size (`SZ`; 19 when absent).
    pub size: BoardSize,
    /// Players, komi, handicap, result, ….
    pub info: GameInfo,
    /// What the reader accepted but did not like. Not written.
    pub warnings: Vec<Warning>,
    nodes: Vec<Node>,
    links: Vec<Links>,
}

/// Where a node sits in the tree (kept beside the nodes, so a node costs no allocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Links {
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
}

const NO_LINKS: Links = Links {
    first_child: None,
    last_child: None,
    next_sibling: None,
};

impl Record {
    /// An empty record: a root node and nothing else.
    pub fn new(size: BoardSize, info: GameInfo) -> Record {
        Record {
            size,
            info,
            warnings: Vec::new(),
            nodes: vec![Node::default()],
            links: vec![NO_LINKS],
        }
    }

    /// The record of a game: its start position (handicap or setup stones), its moves, and
    /// `info` completed from the game (size, komi, handicap, a resignation as the result
    /// when `info` has none).
    ///
    /// The game does not say who was to move at its start; the record takes the colour of
    /// the first move (or the side to move, in a game without moves) and writes `PL` when
    /// that is not what a reader would assume.
    pub fn from_game(game: &Game, info: GameInfo) -> Record {
        let rules = game.rules();
        let mut info = info;
        info.komi = Some(rules.komi);
        info.handicap = game.handicap();
        if info.rules.is_none() {
            info.rules = Some("Chinese".to_string());
        }
        if info.result.is_none()
            && let Some(GameEnd::Resignation { loser }) = game.end()
        {
            info.result = Some(Re::Known(GameResult::Win {
                winner: loser.opponent(),
                by: WinBy::Resignation,
            }));
        }
        let mut record = Record::new(rules.size, info);
        let start = game.start();
        let root = &mut record.nodes[0];
        for p in rules.size.points() {
            match start.get(p) {
                Some(Color::Black) => root.add_black.push(p),
                Some(Color::White) => root.add_white.push(p),
                None => {}
            }
        }
        let first = game.history().first().map_or(game.to_move(), |e| e.color);
        if first != record.default_first_mover() {
            record.nodes[0].to_play = Some(first);
        }
        for e in game.history() {
            record.push(Node::with_move(e.color, e.mv));
        }
        record
    }

    /// Makes room for `additional` more nodes.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.nodes.reserve(additional);
        self.links.reserve(additional);
    }

    /// The node `id`.
    ///
    /// `id` must come from this record (ids are handed out by [`Record::push`],
    /// [`Record::add_child`], [`Record::children`] and [`Record::main_line`]).
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// The node `id`, to change it.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0]
    }

    /// The root node (setup stones, root comment).
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The root node, to change it.
    pub fn root_mut(&mut self) -> &mut Node {
        &mut self.nodes[0]
    }

    /// The children of `id`, in order: the first continues the line, the others are
    /// variations.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.links[id.0].first_child, |c| self.links[c.0].next_sibling)
    }

    /// The first child of `id`: the next node of its line.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.links[id.0].first_child
    }

    /// The number of nodes in the whole tree.
    pub fn n_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Adds `node` as the last child of `parent` (a variation if `parent` has children).
    pub fn add_child(&mut self, parent: NodeId, node: Node) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.nodes.push(node);
        self.links.push(NO_LINKS);
        match self.links[parent.0].last_child {
            None => self.links[parent.0].first_child = Some(id),
            Some(last) => self.links[last.0].next_sibling = Some(id),
        }
        self.links[parent.0].last_child = Some(id);
        id
    }

    /// Appends `node` at the end of the main line.
    pub fn push(&mut self, node: Node) -> NodeId {
        let last = *self.main_line().last().unwrap_or(&NodeId::ROOT);
        self.add_child(last, node)
    }

    /// The main line: the root, then the first child of each node.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![NodeId::ROOT];
        let mut id = NodeId::ROOT;
        while let Some(next) = self.links[id.0].first_child {
            line.push(next);
            id = next;
        }
        line
    }

    /// The moves of the main line, in order.
    pub fn moves(&self) -> Vec<(Color, Move)> {
        self.main_line()
            .into_iter()
            .filter_map(|id| self.nodes[id.0].mv)
            .collect()
    }

    /// Who moves first when the record does not say (`PL`) and has no move: White after
    /// black stones only (a handicap), else Black (Art. 2.3).
    pub(crate) fn default_first_mover(&self) -> Color {
        let root = &self.nodes[0];
        if !root.add_black.is_empty() && root.add_white.is_empty() {
            Color::White
        } else {
            Color::Black
        }
    }
}

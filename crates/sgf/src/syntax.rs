//! The SGF grammar, iteratively: text in, trees of raw properties out, with positions.
//!
//! ```text
//! Collection = GameTree { GameTree }
//! GameTree   = "(" Sequence { GameTree } ")"
//! Sequence   = Node { Node }
//! Node       = ";" { Property }
//! Property   = PropIdent PropValue { PropValue }
//! PropValue  = "[" CValueType "]"
//! ```
//!
//! Lenient where real files need it: text before the first tree and after the last is
//! skipped; lower-case letters in property names (FF[1]–FF[3]: `AddBlack` is `AB`) are
//! dropped. Strict where the game would be misread: a tree must start with a node, every
//! value must be closed, every tree must be closed.

use crate::record::{Position, SgfError};
use std::borrow::Cow;
use std::ops::Range;

/// "No node" in the links of [`RawNode`].
pub(crate) const NONE: usize = usize::MAX;

/// A value as written: the text between `[` and `]`, escapes kept, and where `[` stands.
#[derive(Debug)]
pub(crate) struct RawValue<'a> {
    pub text: &'a str,
    pub at: Position,
}

/// A property as written: its name (upper-case letters only) and its values, a range of
/// the tree's `values`.
#[derive(Debug)]
pub(crate) struct RawProp<'a> {
    pub ident: Cow<'a, str>,
    pub at: Position,
    pub values: Range<usize>,
}

/// A node as written: its properties (a range of the tree's `props`) and its links
/// (indices into the tree's `nodes`, [`NONE`] for none; a parent comes before its children).
#[derive(Debug)]
pub(crate) struct RawNode {
    pub at: Position,
    pub parent: usize,
    pub props: Range<usize>,
    pub first_child: usize,
    last_child: usize,
    pub next_sibling: usize,
}

/// One game tree in three flat arenas, the root node first: nothing is allocated per node.
#[derive(Debug, Default)]
pub(crate) struct RawTree<'a> {
    pub nodes: Vec<RawNode>,
    pub props: Vec<RawProp<'a>>,
    pub values: Vec<RawValue<'a>>,
}

impl<'a> RawTree<'a> {
    /// The properties of node `i`.
    pub fn props_of(&self, i: usize) -> &[RawProp<'a>] {
        &self.props[self.nodes[i].props.clone()]
    }

    /// The values of a property.
    pub fn values_of(&self, p: &RawProp<'a>) -> &[RawValue<'a>] {
        &self.values[p.values.clone()]
    }

    fn add_node(&mut self, at: Position, parent: Option<usize>) -> usize {
        let id = self.nodes.len();
        let start = self.props.len();
        self.nodes.push(RawNode {
            at,
            parent: parent.unwrap_or(NONE),
            props: start..start,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        if let Some(p) = parent {
            match self.nodes[p].last_child {
                NONE => self.nodes[p].first_child = id,
                last => self.nodes[last].next_sibling = id,
            }
            self.nodes[p].last_child = id;
        }
        id
    }
}

/// What follows the trees: text the parser skipped (worth a warning).
pub(crate) struct RawCollection<'a> {
    pub trees: Vec<RawTree<'a>>,
    pub trailing: Option<Position>,
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    column: u32,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn here(&self) -> Position {
        Position {
            line: self.line,
            column: self.column,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        match c {
            '\n' => {
                self.line += 1;
                self.column = 1;
            }
            // A lone CR (old Mac files) ends a line too; CR LF counts once, at the LF.
            '\r' if !self.text[self.pos..].starts_with('\n') => {
                self.line += 1;
                self.column = 1;
            }
            '\r' => {}
            _ => self.column += 1,
        }
        Some(c)
    }

    fn skip_white(&mut self) -> Result<(), SgfError> {
        while let Some(c) = self.peek() {
            if c == '\0' {
                return Err(SgfError::Binary { at: self.here() });
            }
            if !c.is_whitespace() {
                break;
            }
            self.bump();
        }
        Ok(())
    }
}

/// Parses every game tree of `text`. At most `max_nodes` nodes in all.
pub(crate) fn parse(text: &str, max_nodes: usize) -> Result<RawCollection<'_>, SgfError> {
    let mut cur = Cursor {
        text,
        pos: 0,
        line: 1,
        column: 1,
    };
    let mut trees = Vec::new();
    let mut n_nodes = 0usize;
    // Skip to the first "(" that is followed by ";" (after white space).
    let mut first_text = None;
    loop {
        if first_text.is_none() && cur.peek().is_some_and(|c| !c.is_whitespace()) {
            first_text = Some(cur.here());
        }
        match cur.peek() {
            None => {
                return Err(SgfError::NoGameTree {
                    at: first_text.unwrap_or(cur.here()),
                });
            }
            Some('\0') => return Err(SgfError::Binary { at: cur.here() }),
            Some('(') => {
                let rest = cur.text[cur.pos + 1..].trim_start();
                if rest.starts_with(';') {
                    break;
                }
                cur.bump();
            }
            Some(_) => {
                cur.bump();
            }
        }
    }
    let mut trailing = None;
    loop {
        // Between trees: white space, then "(" or the end.
        cur.skip_white()?;
        match cur.peek() {
            None => break,
            Some('(') => {}
            Some(_) => {
                trailing = Some(cur.here());
                break;
            }
        }
        trees.push(parse_tree(&mut cur, &mut n_nodes, max_nodes)?);
    }
    Ok(RawCollection { trees, trailing })
}

/// Parses one game tree starting at its "(".
fn parse_tree<'a>(cur: &mut Cursor<'a>, n_nodes: &mut usize, max_nodes: usize) -> Result<RawTree<'a>, SgfError> {
    let mut tree = RawTree::default();
    // For each open "(": where it opened, and the node its sequence hangs from.
    let mut stack: Vec<(Position, Option<usize>)> = Vec::new();
    // The last node of the current sequence.
    let mut last: Option<usize> = None;
    // Whether the last significant token was "(" (a node must follow).
    let mut need_node = false;
    loop {
        cur.skip_white()?;
        let at = cur.here();
        let Some(c) = cur.peek() else {
            let start = stack.last().map_or(at, |s| s.0);
            return Err(SgfError::Truncated {
                open: stack.len(),
                start,
                end: at,
            });
        };
        if need_node && c != ';' {
            return Err(SgfError::Unexpected {
                found: c,
                expected: "';' (a game tree starts with a node)",
                at,
            });
        }
        match c {
            '(' => {
                cur.bump();
                stack.push((at, last));
                need_node = true;
            }
            ')' => {
                cur.bump();
                let Some((_, parent)) = stack.pop() else {
                    return Err(SgfError::Unexpected {
                        found: c,
                        expected: "'(' or ';'",
                        at,
                    });
                };
                if stack.is_empty() {
                    return Ok(tree);
                }
                last = parent;
            }
            ';' => {
                cur.bump();
                need_node = false;
                *n_nodes += 1;
                if *n_nodes > max_nodes {
                    return Err(SgfError::TooManyNodes { limit: max_nodes, at });
                }
                if last.is_none() && !tree.nodes.is_empty() {
                    // Only the first ";" of a tree makes a node without a parent.
                    return Err(SgfError::Unexpected {
                        found: c,
                        expected: "a property or ')'",
                        at,
                    });
                }
                last = Some(tree.add_node(at, last));
            }
            c if c.is_ascii_alphabetic() => {
                let Some(node) = last else {
                    return Err(SgfError::Unexpected {
                        found: c,
                        expected: "';' before the first property",
                        at,
                    });
                };
                if tree.nodes[node].props.end != tree.props.len() {
                    // `(;A[1](;B[2])C[3])`: a property after a variation belongs nowhere.
                    return Err(SgfError::Unexpected {
                        found: c,
                        expected: "';', '(' or ')' after a variation",
                        at,
                    });
                }
                // A node's properties follow it at once, so they stay contiguous.
                parse_property(cur, &mut tree)?;
                tree.nodes[node].props.end = tree.props.len();
            }
            c => {
                return Err(SgfError::Unexpected {
                    found: c,
                    expected: "a property, ';', '(' or ')'",
                    at,
                });
            }
        }
    }
}

/// Parses a property, its name and every value, into `tree`.
fn parse_property<'a>(cur: &mut Cursor<'a>, tree: &mut RawTree<'a>) -> Result<(), SgfError> {
    let at = cur.here();
    let first = cur.peek().unwrap_or(' ');
    let start = cur.pos;
    while cur.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
        cur.bump();
    }
    let name = &cur.text[start..cur.pos];
    // FF[1]–FF[3]: lower-case letters in a name are decoration (`AddBlack` = `AB`).
    let ident = if name.bytes().all(|b| b.is_ascii_uppercase()) {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(name.chars().filter(char::is_ascii_uppercase).collect())
    };
    if ident.is_empty() {
        return Err(SgfError::Unexpected {
            found: first,
            expected: "a property name with an upper-case letter",
            at,
        });
    }
    let values_start = tree.values.len();
    loop {
        cur.skip_white()?;
        if cur.peek() != Some('[') {
            break;
        }
        let open = cur.here();
        cur.bump();
        let start = cur.pos;
        loop {
            match cur.bump() {
                None => {
                    return Err(SgfError::UnterminatedValue {
                        ident: ident.into_owned(),
                        start: open,
                        end: cur.here(),
                    });
                }
                Some('\\') => {
                    // An escaped NUL is binary data all the same.
                    if cur.peek() == Some('\0') {
                        return Err(SgfError::Binary { at: cur.here() });
                    }
                    cur.bump();
                }
                Some(']') => break,
                Some('\0') => return Err(SgfError::Binary { at: cur.here() }),
                Some(_) => {}
            }
        }
        let text = &cur.text[start..cur.pos - 1];
        tree.values.push(RawValue { text, at: open });
    }
    if tree.values.len() == values_start
        && let Some(found) = cur.peek()
    {
        return Err(SgfError::Unexpected {
            found,
            expected: "'[' after a property name",
            at: cur.here(),
        });
    }
    // At the end of the input a name without a value is left for the caller, which reports
    // the truncated tree.
    tree.props.push(RawProp {
        ident,
        at,
        values: values_start..tree.values.len(),
    });
    Ok(())
}

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

/// A property as written: its name (upper-case letters only) and raw values.
#[derive(Debug)]
pub(crate) struct RawProp<'a> {
    pub ident: String,
    pub at: Position,
    pub values: Vec<(&'a str, Position)>,
}

/// A node as written.
#[derive(Debug, Default)]
pub(crate) struct RawNode<'a> {
    pub at: Position,
    pub props: Vec<RawProp<'a>>,
}

/// One game tree: nodes in an arena, the root first; `children[i]` in order.
#[derive(Debug, Default)]
pub(crate) struct RawTree<'a> {
    pub nodes: Vec<RawNode<'a>>,
    pub children: Vec<Vec<usize>>,
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
                let id = tree.nodes.len();
                tree.nodes.push(RawNode { at, props: Vec::new() });
                tree.children.push(Vec::new());
                if let Some(p) = last {
                    tree.children[p].push(id);
                } else if id != 0 {
                    // "(;a)(;b)" inside one tree cannot happen: the only parentless node is
                    // the root, created by the first ";".
                    return Err(SgfError::Unexpected {
                        found: c,
                        expected: "a property or ')'",
                        at,
                    });
                }
                last = Some(id);
            }
            c if c.is_ascii_alphabetic() => {
                let Some(node) = last else {
                    return Err(SgfError::Unexpected {
                        found: c,
                        expected: "';' before the first property",
                        at,
                    });
                };
                let prop = parse_property(cur)?;
                tree.nodes[node].props.push(prop);
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

/// Parses a property: its name and every value.
fn parse_property<'a>(cur: &mut Cursor<'a>) -> Result<RawProp<'a>, SgfError> {
    let at = cur.here();
    let first = cur.peek().unwrap_or(' ');
    let mut ident = String::new();
    while let Some(c) = cur.peek() {
        if !c.is_ascii_alphabetic() {
            break;
        }
        // FF[1]–FF[3]: lower-case letters in a name are decoration (`AddBlack` = `AB`).
        if c.is_ascii_uppercase() {
            ident.push(c);
        }
        cur.bump();
    }
    if ident.is_empty() {
        return Err(SgfError::Unexpected {
            found: first,
            expected: "a property name with an upper-case letter",
            at,
        });
    }
    let mut values = Vec::new();
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
                        ident,
                        start: open,
                        end: cur.here(),
                    });
                }
                Some('\\') => {
                    cur.bump();
                }
                Some(']') => break,
                Some('\0') => return Err(SgfError::Binary { at: cur.here() }),
                Some(_) => {}
            }
        }
        let value = &cur.text[start..cur.pos - 1];
        values.push((value, open));
    }
    if values.is_empty()
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
    Ok(RawProp { ident, at, values })
}

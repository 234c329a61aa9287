//! PDN as analysts write it: a game tree with comments, NAGs and nested
//! variations, read and written back so that a file round-trips.
#![cfg_attr(not(feature = "dynamic"), allow(unused_imports))]

use core::fmt;

use super::{escape, Lexer, PdnError, PdnErrorKind, PdnGame, PdnMove, Token};
use crate::core::variant::VariantKind;
#[cfg(feature = "dynamic")]
use crate::dynamic::DynGame;

/// One move of a [`GameTree`], as written, with what follows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PdnNode {
    /// The move number written right before this move (`12.` or `12...`),
    /// if one was.
    pub number: Option<u32>,
    /// The number was written `12...` (the second mover's move).
    pub ellipsis: bool,
    /// The move text without strength marks (`32-28`, `28x19`, `ed4`).
    pub text: String,
    /// Numeric annotation glyphs: `$3` is 3, and the strength marks written
    /// after the move are theirs: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
    /// `?!` 6.
    pub nags: Vec<u16>,
    /// Comments `{...}` after the move (and after its variations), trimmed.
    pub comments: Vec<String>,
    /// Variations `( ... )`: other moves in this move's place, each from the
    /// position before it.
    pub variations: Vec<PdnLine>,
}

/// A line of moves: the main line of a game or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PdnLine {
    /// Comments before the line's first move.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<PdnNode>,
}

/// A game record as an analyst writes it: tags, the main line with its
/// variations, comments and NAGs, and the result.
///
/// [`parse_pdn_tree`] reads it, [`Display`](fmt::Display) (and
/// [`GameTree::to_pdn`]) writes it: reading the written text gives the same
/// tree, and writing that gives the same text. [`GameTree::main_line`] is
/// the [`PdnGame`] that [`replay`](super::replay) plays.
///
/// ```
/// use draughts::pdn::{parse_pdn_tree, replay};
/// let text = "[GameType \"20\"]\n\n1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 2. 28x19 14x23 *";
/// let tree = parse_pdn_tree(text).remove(0).unwrap();
/// let reply = &tree.main.moves[1];
/// assert_eq!(reply.text, "19-23");
/// let alt = &reply.variations[0];
/// assert_eq!(alt.moves[1].variations[0].moves[0].nags, [2]);
/// assert_eq!(alt.moves[1].variations[0].moves[1].comments, ["Black wins"]);
/// let written = tree.to_pdn();
/// assert_eq!(parse_pdn_tree(&written).remove(0).unwrap(), tree);
/// let game = replay(&tree.main_line(), None).unwrap();
/// assert_eq!(game.ply_count(), 4);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameTree {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub main: PdnLine,
    /// The result token that ended the game, if any.
    pub result: Option<String>,
    /// Line (1-based) where the game starts in the text (not written).
    pub line: usize,
}

/// Where a variation branches off the line it is written in: one step of a
/// [`LinePath`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Branch {
    /// The index in the parent line's [`moves`](PdnLine::moves) of the move
    /// the variation replaces (0 for its first move).
    pub move_index: usize,
    /// The index of the variation among that move's
    /// [`variations`](PdnNode::variations): 0 for the first (the text
    /// counts from 1: `variation 1`).
    pub variation: usize,
    /// The move number of the move the variation replaces, as the text
    /// numbers it: the number written on it, else the last one written
    /// before it counted on (one move a ply, the second mover's move then
    /// the next number), else counted from 1 at the game's start.
    pub number: u32,
    /// The replaced move is the second mover's (`12...` in PDN), by the
    /// same count: `...` written on it, else one move a ply from the last
    /// number written (the first move of a game without numbers is the
    /// first mover's). Which colour that is depends on the variant
    /// ([`Rules::first_mover`](crate::Rules::first_mover)).
    pub reply: bool,
}

/// Which line of a [`GameTree`]: the main line (no branches), or a
/// variation by the [`Branch`]es that lead to it from the main line,
/// outermost first (the last is the variation itself).
///
/// It is written as the variation, where it branches, and the variations
/// it is inside, innermost first:
/// `variation 2 at 12... (inside variation 1 at 9.)`; the main line is
/// `the main line`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LinePath {
    /// The variations, outermost first; empty for the main line.
    pub branches: Vec<Branch>,
}

impl LinePath {
    /// It is the main line.
    pub fn is_main_line(&self) -> bool {
        self.branches.is_empty()
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.reply { "..." } else { "." };
        write!(
            f,
            "variation {} at {}{dots}",
            self.variation + 1,
            self.number
        )
    }
}

impl fmt::Display for LinePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((last, outer)) = self.branches.split_last() else {
            return write!(f, "the main line");
        };
        write!(f, "{last}")?;
        for (i, b) in outer.iter().rev().enumerate() {
            write!(f, "{}{b}", if i == 0 { " (inside " } else { ", inside " })?;
        }
        if !outer.is_empty() {
            write!(f, ")")?;
        }
        Ok(())
    }
}

/// A line of a [`GameTree`] that does not replay
/// ([`GameTree::replay_lines`]): which line, and why (by default
/// [`replay`](super::replay)'s error). It is written `<path>: <error>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {error}")]
pub struct LineError<E = PdnErrorKind> {
    /// The line.
    pub path: LinePath,
    /// Why it does not replay.
    pub error: E,
}

/// The strength mark of NAGs 1 to 6.
const MARKS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The NAGs of a run of strength marks (`!?!!` is `!?` then `!!`).
fn marks_to_nags(mut marks: &str) -> Vec<u16> {
    let mut out = Vec::new();
    while !marks.is_empty() {
        let two = MARKS[2..].iter().position(|m| marks.starts_with(m));
        let (nag, len) = match two {
            Some(i) => (i as u16 + 3, 2),
            None if marks.starts_with('!') => (1, 1),
            None => (2, 1),
        };
        out.push(nag);
        marks = &marks[len..];
    }
    out
}

impl GameTree {
    /// The value of the first tag called `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The main line as a [`PdnGame`] (each move with the last move number
    /// written before it, its NAGs and comments; variations left out), which
    /// [`replay`](super::replay) and [`replay_as`](super::replay_as) play.
    pub fn main_line(&self) -> PdnGame {
        let mut number = None;
        let moves = self
            .main
            .moves
            .iter()
            .map(|n| {
                number = n.number.or(number);
                PdnMove {
                    number,
                    text: n.text.clone(),
                    nags: n.nags.clone(),
                    comments: n.comments.clone(),
                }
            })
            .collect();
        PdnGame {
            tags: self.tags.clone(),
            moves,
            result: self.result.clone(),
            line: self.line,
        }
    }

    /// Every line of the tree as a [`PdnGame`] with its [`LinePath`]: the
    /// main line first, then the variations in the order they are written,
    /// depth first (a variation's own variations right after it). A
    /// variation's game is the moves before the one it replaces (its parent
    /// line's, from the game's start) followed by its own moves, with the
    /// tree's tags and result; each move carries the last move number
    /// written before it, as [`GameTree::main_line`] gives them.
    ///
    /// ```
    /// use draughts::pdn::parse_pdn_tree;
    /// let tree = parse_pdn_tree("1. 32-28 19-23 (18-23 38-32 (37-32)) 2. 28x19 *").remove(0).unwrap();
    /// let lines = tree.lines();
    /// let paths: Vec<String> = lines.iter().map(|(path, _)| path.to_string()).collect();
    /// assert_eq!(paths, ["the main line", "variation 1 at 1...", "variation 1 at 2. (inside variation 1 at 1...)"]);
    /// let texts: Vec<&str> = lines[2].1.moves.iter().map(|m| m.text.as_str()).collect();
    /// assert_eq!(texts, ["32-28", "18-23", "37-32"]);
    /// ```
    pub fn lines(&self) -> Vec<(LinePath, PdnGame)> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        self.walk(&self.main, &[], (1, false), &mut path, &mut out);
        out
    }

    /// Adds to `out` the line `line` (after the moves `prefix`) and its
    /// variations; `start` is the number and side of its first move's slot
    /// before any number written on it.
    fn walk(
        &self,
        line: &PdnLine,
        prefix: &[PdnMove],
        start: (u32, bool),
        path: &mut Vec<Branch>,
        out: &mut Vec<(LinePath, PdnGame)>,
    ) {
        // Numbered as `main_line` numbers them: the last number written.
        let mut written = prefix.last().and_then(|m| m.number);
        let mut whole: Vec<PdnMove> = prefix.to_vec();
        whole.extend(line.moves.iter().map(|n| {
            written = n.number.or(written);
            PdnMove {
                number: written,
                text: n.text.clone(),
                nags: n.nags.clone(),
                comments: n.comments.clone(),
            }
        }));
        let mut state = start;
        let mut branches = Vec::new();
        for (i, node) in line.moves.iter().enumerate() {
            // One move a ply: the second mover's move is followed by the
            // first mover's of the next number.
            let slot = match (i, state) {
                (0, _) => start,
                (_, (n, true)) => (n.saturating_add(1), false),
                (_, (n, false)) => (n, true),
            };
            state = node.number.map_or(slot, |n| (n, node.ellipsis));
            if !node.variations.is_empty() {
                branches.push((i, slot, state));
            }
        }
        out.push((
            LinePath {
                branches: path.clone(),
            },
            PdnGame {
                tags: self.tags.clone(),
                moves: whole.clone(),
                result: self.result.clone(),
                line: self.line,
            },
        ));
        for (i, slot, (number, reply)) in branches {
            let before = &whole[..prefix.len() + i];
            for (j, v) in line.moves[i].variations.iter().enumerate() {
                path.push(Branch {
                    move_index: i,
                    variation: j,
                    number,
                    reply,
                });
                self.walk(v, before, slot, path, out);
                path.pop();
            }
        }
    }

    /// Replays the main line and every variation (each from the position
    /// before the move it replaces, nested ones too) with the rules of the
    /// game's variant ([`replay`](super::replay): `default` for a record
    /// without `GameType`): the games of the lines, in the order of
    /// [`GameTree::lines`] (the main line first, then the variations in the
    /// order they are written, depth first).
    ///
    /// # Errors
    /// The first line that does not replay: a [`LineError`] with the line's
    /// [`LinePath`] (which variation, where it branches, inside which
    /// others) and [`replay`](super::replay)'s error (the move number, side
    /// and text of the move that failed).
    ///
    /// ```
    /// use draughts::pdn::{parse_pdn_tree, PdnErrorKind};
    /// let tree = parse_pdn_tree("[GameType \"20\"]\n1. 32-28 19-23 (18-23 38-32) *").remove(0).unwrap();
    /// let lines = tree.replay_lines(None).unwrap();
    /// assert_eq!(lines[1].moves().iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["32-28", "18-23", "38-32"]);
    ///
    /// // The second variation of 2. 33-29, inside the first one of 1... 19-23:
    /// // 2. 31-25 is not a move.
    /// let text = "[GameType \"20\"]\n1. 32-28 19-23 (17-21 2. 33-29 (2. 31-27) (2. 31-25)) 2. 28x19 *";
    /// let bad = parse_pdn_tree(text).remove(0).unwrap();
    /// let err = bad.replay_lines(None).unwrap_err();
    /// assert!(err.to_string().starts_with("variation 2 at 2. (inside variation 1 at 1...): move 2 `31-25`"), "{err}");
    /// let steps: Vec<(usize, usize, u32, bool)> =
    ///     err.path.branches.iter().map(|b| (b.move_index, b.variation, b.number, b.reply)).collect();
    /// assert_eq!(steps, [(1, 0, 1, true), (1, 1, 2, false)]);
    /// assert!(matches!(err.error, PdnErrorKind::Move { .. }));
    /// ```
    // The error is returned once, at the end of a cold walk: its size costs
    // nothing that matters, and a box would only add a step for callers.
    #[allow(clippy::result_large_err)]
    #[cfg(feature = "dynamic")]
    pub fn replay_lines(
        &self,
        default: Option<VariantKind>,
    ) -> Result<Vec<Box<dyn DynGame>>, LineError> {
        self.replay_lines_with(|game| super::replay(game, default))
    }

    /// Replays every line of [`GameTree::lines`] with `replay` (for
    /// example [`dynamic::replay_pdn`](crate::dynamic::replay_pdn), which
    /// also plays house rules), in that order, stopping at the first
    /// error.
    ///
    /// # Errors
    /// The first line `replay` refuses, with its [`LinePath`] and
    /// `replay`'s error.
    ///
    /// ```
    /// use draughts::dynamic::replay_pdn;
    /// use draughts::pdn::parse_pdn_tree;
    /// let tree = parse_pdn_tree("1. 11-15 (1. 9-14 22-18) 23-19 *").remove(0).unwrap();
    /// let lines = tree.replay_lines_with(|g| replay_pdn(g, Some("english"))).unwrap();
    /// assert_eq!(lines[1].moves().iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["9-14", "22-18"]);
    /// let err = tree.replay_lines_with(|g| replay_pdn(g, Some("international"))).unwrap_err();
    /// assert!(err.path.is_main_line());
    /// ```
    pub fn replay_lines_with<G, E>(
        &self,
        mut replay: impl FnMut(&PdnGame) -> Result<G, E>,
    ) -> Result<Vec<G>, LineError<E>> {
        self.lines()
            .into_iter()
            .map(|(path, game)| replay(&game).map_err(|error| LineError { path, error }))
            .collect()
    }

    /// The tree of a played game: its PDN as [`DynGame::to_pdn`] writes it
    /// (with `tags`), read back; comments and variations can then be added.
    ///
    /// ```
    /// use draughts::pdn::GameTree;
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::new(VariantKind::English);
    /// game.play("11-15").unwrap();
    /// let mut tree = GameTree::from_game(&*game, &[]);
    /// tree.main.moves[0].comments.push("the Old Fourteenth starts so".into());
    /// assert!(tree.to_pdn().contains("1. 11-15 {the Old Fourteenth starts so} *"));
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn from_game(game: &dyn DynGame, tags: &[(&str, &str)]) -> GameTree {
        let text = game.to_pdn(tags);
        parse_pdn_tree(&text)
            .into_iter()
            .next()
            .and_then(Result::ok)
            .unwrap_or_default()
    }

    /// The tree as PDN text (the same as its [`Display`](fmt::Display)).
    pub fn to_pdn(&self) -> String {
        self.to_string()
    }
}

/// Reads every game of a PDN text as a [`GameTree`]: tags, move numbers,
/// moves, strength marks and NAGs, comments and variations (nested or not).
/// A game with a syntax error is returned as an error and reading goes on
/// with the next game. `%` line comments are skipped (and not written back);
/// a NAG before a line's first move has no move to go with and is dropped.
///
/// # Errors
/// [`PdnErrorKind::Syntax`] for a variation before any move, a `)` without
/// `(`, a variation left open, a result inside a variation, and what
/// [`parse_pdn`](super::parse_pdn) rejects.
///
/// ```
/// use draughts::pdn::parse_pdn_tree;
/// let games = parse_pdn_tree("1. 32-28 (1. 33-29 *\n\n[Event \"b\"]\n1. 31-27 *");
/// assert_eq!(games.len(), 2);
/// assert!(games[0].as_ref().unwrap_err().to_string().contains("result `*` inside a variation"));
/// assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
/// ```
pub fn parse_pdn_tree(text: &str) -> Vec<Result<GameTree, PdnError>> {
    let mut lexer = Lexer {
        text,
        variations: true,
        pos: 0,
        line: 1,
        line_start: true,
        token_line: 1,
    };
    let mut out = Vec::new();
    let mut reader = Reader::new(1);
    while let Some(token) = lexer.next() {
        let line = lexer.token_line;
        match token {
            Err(e) => {
                reader.error.get_or_insert(e);
                reader.started = true;
            }
            Ok(Token::Tag(name, value)) => {
                if reader.in_movetext() {
                    // Tags after move text start the next game.
                    let done = core::mem::replace(&mut reader, Reader::new(line));
                    out.push(done.finish(out.len() + 1));
                }
                if reader.tree.tags.is_empty() && !reader.in_movetext() {
                    reader.tree.line = line;
                }
                reader.tree.tags.push((name, value));
            }
            Ok(Token::Result(r)) => {
                if reader.error.is_none() && reader.stack.len() > 1 {
                    reader.error = Some(PdnErrorKind::Syntax {
                        line,
                        message: format!("result `{r}` inside a variation"),
                    });
                }
                reader.tree.result = Some(r);
                let done = core::mem::replace(&mut reader, Reader::new(lexer.line));
                out.push(done.finish(out.len() + 1));
            }
            Ok(token) => reader.token(token, line),
        }
    }
    if reader.in_movetext() || !reader.tree.tags.is_empty() || reader.error.is_some() {
        out.push(reader.finish(out.len() + 1));
    }
    out
}

/// One game being read.
struct Reader {
    tree: GameTree,
    /// The lines being read: the main line, then the open variations with
    /// the line their `(` is on.
    stack: Vec<(PdnLine, usize)>,
    number: Option<(u32, bool)>,
    error: Option<PdnErrorKind>,
    /// A move or comment was read.
    started: bool,
}

impl Reader {
    fn new(line: usize) -> Reader {
        Reader {
            tree: GameTree {
                line,
                ..GameTree::default()
            },
            stack: vec![(PdnLine::default(), line)],
            number: None,
            error: None,
            started: false,
        }
    }

    fn in_movetext(&self) -> bool {
        self.started || self.stack.len() > 1 || !self.stack[0].0.moves.is_empty()
    }

    fn token(&mut self, token: Token, line: usize) {
        if self.error.is_some() {
            return;
        }
        let syntax = |message: &str| PdnErrorKind::Syntax {
            line,
            message: message.to_string(),
        };
        if !self.started && self.tree.tags.is_empty() {
            self.tree.line = line;
        }
        let current = &mut self.stack.last_mut().expect("the main line").0;
        match token {
            Token::Number(n, dots) => self.number = Some((n, dots)),
            Token::Move(text, marks) => {
                let (number, ellipsis) = match self.number.take() {
                    Some((n, dots)) => (Some(n), dots),
                    None => (None, false),
                };
                current.moves.push(PdnNode {
                    number,
                    ellipsis,
                    text,
                    nags: marks_to_nags(&marks),
                    ..PdnNode::default()
                });
                self.started = true;
            }
            Token::Nag(n) => {
                if let Some(m) = current.moves.last_mut() {
                    m.nags.push(n);
                }
            }
            Token::Marks(marks) => {
                if let Some(m) = current.moves.last_mut() {
                    m.nags.extend(marks_to_nags(&marks));
                }
            }
            Token::Comment(c) => {
                // A comment before the first move (and before the tags, as
                // some files start) does not start the move text.
                match current.moves.last_mut() {
                    Some(m) => m.comments.push(c),
                    None => current.comments.push(c),
                }
            }
            Token::Open => {
                if current.moves.is_empty() {
                    self.error = Some(syntax("a variation `(` before any move"));
                    return;
                }
                self.number = None;
                self.stack.push((PdnLine::default(), line));
                self.started = true;
            }
            Token::Close => {
                if self.stack.len() == 1 {
                    self.error = Some(syntax("`)` without `(`"));
                    return;
                }
                self.number = None;
                let (done, _) = self.stack.pop().expect("an open variation");
                let parent = &mut self.stack.last_mut().expect("the main line").0;
                parent
                    .moves
                    .last_mut()
                    .expect("a variation follows a move")
                    .variations
                    .push(done);
            }
            // Handled by the caller.
            Token::Tag(..) | Token::Result(_) => {}
        }
    }

    fn finish(mut self, index: usize) -> Result<GameTree, PdnError> {
        if self.error.is_none() && self.stack.len() > 1 {
            let line = self.stack.last().expect("an open variation").1;
            self.error = Some(PdnErrorKind::Syntax {
                line,
                message: "unterminated variation".into(),
            });
        }
        if let Some(kind) = self.error {
            return Err(PdnError { game: index, kind });
        }
        self.tree.main = self.stack.swap_remove(0).0;
        Ok(self.tree)
    }
}

/// A comment as PDN writes it: `}` (which would end it) as `)`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The words of a line, `(` and `)` as words of their own.
fn line_words(line: &PdnLine, words: &mut Vec<String>) {
    for c in &line.comments {
        words.push(comment(c));
    }
    for node in &line.moves {
        if let Some(n) = node.number {
            words.push(format!("{n}{}", if node.ellipsis { "..." } else { "." }));
        }
        let mut nags = node.nags.iter().peekable();
        let mark = match nags.peek() {
            Some(&&n) if (1..=6).contains(&n) => {
                nags.next();
                MARKS[n as usize - 1]
            }
            _ => "",
        };
        words.push(format!("{}{mark}", node.text));
        for n in nags {
            words.push(format!("${n}"));
        }
        for c in &node.comments {
            words.push(comment(c));
        }
        for v in &node.variations {
            words.push("(".into());
            line_words(v, words);
            words.push(")".into());
        }
    }
}

/// Writes the tree as PDN: the tags, a blank line, then the move text
/// wrapped at 79 columns, ending with the result (none when the tree has
/// none: the game then ends where the next game's tags begin).
/// A NAG from 1 to 6 that comes first is written as its strength mark
/// (`32-28!`), the others as `$n`; a `}` in a comment, which PDN can't hold,
/// is written as `)`.
impl fmt::Display for GameTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let mut words = Vec::new();
        line_words(&self.main, &mut words);
        words.extend(self.result.clone());
        let mut line = String::new();
        let mut glue = false;
        let mut prev: &str = "";
        for w in &words {
            let close = w == ")";
            let sep = !line.is_empty() && !glue && !close;
            // `47x` then `9`: a space would join them (`47x 9` is one
            // capture to the reader), a line break keeps them apart.
            let joins = prev.ends_with(['-', 'x', 'X', ':'])
                && w.starts_with(|c: char| c.is_ascii_alphanumeric());
            prev = w;
            if sep && (joins || line.len() + 1 + w.len() > 79) {
                writeln!(f, "{line}")?;
                line.clear();
            } else if sep {
                line.push(' ');
            }
            line.push_str(w);
            glue = w == "(";
        }
        writeln!(f, "{line}")
    }
}

#[cfg(test)]
mod tests;

//! PDN: reading and writing game records (Portable Draughts Notation).
//!
//! The library does no I/O: [`parse_pdn`] reads PDN text (`&str`) into
//! [`PdnGame`]s (tags and move text), and [`read_games`] also replays each game
//! with the rules of its variant, reporting an illegal move with the game's
//! index, the move number and the text, then going on with the next game.
//! [`write_pdn`] writes a [`Game`] as PDN.
//!
//! [`parse_pdn_tree`] reads the same text as analysts write it, into
//! [`GameTree`]s: the main line with its variations (nested), each move with
//! its comments and NAGs; a tree is written back with its
//! [`Display`](core::fmt::Display), and a file round-trips (read, write,
//! read gives the same tree).
//!
//! # What the reader accepts
//! * Tag pairs `[Name "value"]` (with `\"` and `\\` escapes and extra spaces),
//!   `GameType` with or without its numbering fields (`20` or
//!   `20,W,10,10,N2,0`; the number selects the variant), `FEN` start positions.
//! * Move numbers (`12.`, `12...`, zero-padded `01.`), moves written as one
//!   capture (`28x19x10`, `28x10`, `c3:e5`, Russian short notation `ed4`) or
//!   split into several jumps by the same side (`57. f4xd2 e1xc3 58. c3xe5`),
//!   spaces after a separator (`47x 9`), move-strength marks (`!?`), NAGs (`$3`).
//! * Comments `{...}` (kept with the move before them) and `%` line comments
//!   (skipped); variations `( ... )`, nested or not, are **skipped** by
//!   [`parse_pdn`]: only the main line is kept and replayed
//!   ([`parse_pdn_tree`] keeps them).
//! * Results `2-0 1-1 0-2 1-0 0-1 1/2-1/2 *` and the colon forms `0:1`,
//!   `1/2:1/2`, `2:0`, `1:1`, `0:2`. A game ends at its result or where the next
//!   game's tags begin.

use core::any::Any;
use core::fmt;

mod tree;
pub use tree::{parse_pdn_tree, Branch, GameTree, LineError, LinePath, PdnLine, PdnNode};

use crate::any::AnyGame;
use crate::core::bitboard::Square;
use crate::core::geometry::{Geometry, Layout};
use crate::core::moves::MoveMode;
use crate::core::position::Position;
use crate::core::variant::board_spec::BoardSpec;
use crate::core::variant::{Color, Rules, Variant, VariantKind, VariantVisitor};
use crate::error::{FenError, MoveTextError};
use crate::formats::notation::Mv;
use crate::play::game::{DrawMode, Game, GameError};

/// One move of a PDN game's main line, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PdnMove {
    /// The move number written before it (the last one seen), if any.
    pub number: Option<u32>,
    /// The move text without strength marks (`32-28`, `28x19`, `ed4`).
    pub text: String,
    /// Numeric annotation glyphs (`$3` is 3).
    pub nags: Vec<u16>,
    /// Comments `{...}` that follow the move.
    pub comments: Vec<String>,
}

/// A game record as read: tag pairs, main-line moves and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<PdnMove>,
    /// The result token that ended the game (`1-0`, `2-0`, `*`...), if any.
    pub result: Option<String>,
    /// Line (1-based) where the game starts in the text.
    pub line: usize,
}

impl PdnGame {
    /// The value of the first tag called `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The number of the `GameType` tag (`20` in `20,W,10,10,N2,0`).
    pub fn game_type(&self) -> Option<Result<u8, String>> {
        let v = self.tag("GameType")?;
        let number = v.split(',').next().unwrap_or("").trim();
        Some(number.parse::<u8>().map_err(|_| v.to_string()))
    }

    /// The variant: from a `Variant` tag naming a built-in variant (as
    /// lidraughts and Scan name them: `Frisian`, `Frysk!`, `Antidraughts`,
    /// `Breakthrough`, `Killer`, ...), else from `GameType`, else `default`.
    /// A `Variant` tag that names no built-in variant (some sites write
    /// free text there) is not read.
    ///
    /// ```
    /// use draughts::{pdn::parse_pdn, VariantKind};
    /// let games = parse_pdn("[GameType \"20\"]\n[Variant \"Killer\"]\n1. 32-28 *\n\n[GameType \"97\"]\n1. 46-41 *");
    /// assert_eq!(games[0].as_ref().unwrap().variant(None), Ok(VariantKind::Killer));
    /// assert_eq!(games[1].as_ref().unwrap().variant(None), Ok(VariantKind::Frysk));
    /// ```
    ///
    /// # Errors
    /// [`PdnErrorKind::CustomVariant`] when a `CustomVariant` tag says the
    /// record follows house rules (written by [`write_pdn`] for variants that
    /// are not built in): replay it with [`replay_as`] and that variant's
    /// type. [`PdnErrorKind::UnsupportedGameType`], [`PdnErrorKind::NoVariant`].
    pub fn variant(&self, default: Option<VariantKind>) -> Result<VariantKind, PdnErrorKind> {
        if let Some(name) = self.tag(CUSTOM_VARIANT) {
            return Err(PdnErrorKind::CustomVariant(name.trim().to_string()));
        }
        if let Some(kind) = self
            .tag("Variant")
            .and_then(|v| v.parse::<VariantKind>().ok())
        {
            return Ok(kind);
        }
        match self.game_type() {
            Some(Ok(n)) => VariantKind::from_game_type(n)
                .ok_or(PdnErrorKind::UnsupportedGameType(n.to_string())),
            Some(Err(text)) => Err(PdnErrorKind::UnsupportedGameType(text)),
            None => default.ok_or(PdnErrorKind::NoVariant),
        }
    }

    /// Checks that the record is of variant `V`: its `CustomVariant` tag, if
    /// any, is `V::NAME`, and its `GameType` number, if any, is `V`'s.
    pub fn check_variant<V: Variant>(&self) -> Result<(), PdnErrorKind> {
        self.check_variant_of(V::RULES.game_type.number, V::NAME, builtin::<V>())
    }

    /// [`PdnGame::check_variant`] for the variant with GameType `number`,
    /// name `name`, playing as built-in variant `own`.
    fn check_variant_of(
        &self,
        number: u8,
        name: &str,
        own: Option<VariantKind>,
    ) -> Result<(), PdnErrorKind> {
        let mismatch = |record: String| PdnErrorKind::VariantMismatch {
            record,
            expected: name.to_string(),
        };
        if let Some(tag) = self.tag(CUSTOM_VARIANT).map(str::trim) {
            if !tag.eq_ignore_ascii_case(name) {
                return Err(mismatch(tag.to_string()));
            }
        }
        if let (Some(own), Some(named)) = (
            own,
            self.tag("Variant")
                .and_then(|v| v.parse::<VariantKind>().ok()),
        ) {
            if own != named {
                return Err(mismatch(named.name().to_string()));
            }
        }
        match self.game_type() {
            Some(Ok(n)) if n != number => Err(mismatch(format!("GameType {n}"))),
            Some(Err(text)) => Err(PdnErrorKind::UnsupportedGameType(text)),
            _ => Ok(()),
        }
    }
}

/// What went wrong with one game of a PDN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// Malformed PDN.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A `GameType` this crate does not play (e.g. 40, Frisian).
    #[error("unsupported GameType `{0}`")]
    UnsupportedGameType(String),
    /// No `GameType` tag and no default variant.
    #[error("no GameType tag and no default variant")]
    NoVariant,
    /// The record's `CustomVariant` tag says it follows house rules, not the
    /// official rules of its `GameType`.
    #[error("the record is of the custom variant `{0}`: replay it with pdn::replay_as and that variant's type")]
    CustomVariant(String),
    /// The record is of another variant than the one asked for.
    #[error("the record is of variant {record}, not {expected}")]
    VariantMismatch {
        /// What the record's tags say.
        record: String,
        /// The variant asked for.
        expected: String,
    },
    /// A bad `[FEN]` tag.
    #[error("bad FEN tag: {0}")]
    Fen(FenError),
    /// A move that could not be read or played.
    #[error("move {number}{} `{text}` ({side}): {reason}", dots(*reply))]
    Move {
        /// The move number as written (0 if none was written).
        number: u32,
        /// The side whose move it is.
        side: Color,
        /// The second move of its number (the second mover's: `1...` in PDN).
        reply: bool,
        /// The move text.
        text: String,
        /// Why it failed.
        reason: MoveTextError,
    },
    /// A capture split into jumps whose last jump is missing.
    #[error("move {number}{} `{text}` ({side}): the capture is not finished", dots(*reply))]
    UnfinishedCapture {
        /// The move number as written.
        number: u32,
        /// The side whose capture it is.
        side: Color,
        /// The second move of its number (the second mover's: `1...` in PDN).
        reply: bool,
        /// The jumps read so far.
        text: String,
    },
    /// A move after the game had ended by the rules.
    #[error("move {number}{} `{text}` ({side}): {reason}", dots(*reply))]
    AfterEnd {
        /// The move number as written.
        number: u32,
        /// The side whose move it is.
        side: Color,
        /// The second move of its number (the second mover's: `1...` in PDN).
        reply: bool,
        /// The move text.
        text: String,
        /// The game error.
        reason: GameError,
    },
}

impl PdnErrorKind {
    /// The kind's stable name, for bindings and logs: `syntax`,
    /// `unsupported_game_type`, `no_variant`, `custom_variant`,
    /// `variant_mismatch`, `fen`, `move`, `unfinished_capture`, `after_end`.
    ///
    /// ```
    /// use draughts::pdn::{parse_pdn, PdnErrorKind};
    /// let err = parse_pdn("[Event \"x\"]\n1. 11-15 {open").remove(0).unwrap_err();
    /// assert_eq!(err.kind.name(), "syntax");
    /// assert_eq!(err.kind.line(), Some(2));
    /// assert_eq!(PdnErrorKind::NoVariant.name(), "no_variant");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            PdnErrorKind::Syntax { .. } => "syntax",
            PdnErrorKind::UnsupportedGameType(_) => "unsupported_game_type",
            PdnErrorKind::NoVariant => "no_variant",
            PdnErrorKind::CustomVariant(_) => "custom_variant",
            PdnErrorKind::VariantMismatch { .. } => "variant_mismatch",
            PdnErrorKind::Fen(_) => "fen",
            PdnErrorKind::Move { .. } => "move",
            PdnErrorKind::UnfinishedCapture { .. } => "unfinished_capture",
            PdnErrorKind::AfterEnd { .. } => "after_end",
        }
    }

    /// The 1-based line of the text where it went wrong, when the reader
    /// knows it (a syntax error); `None` for the others.
    pub const fn line(&self) -> Option<usize> {
        match self {
            PdnErrorKind::Syntax { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// `...` after the move number of the second mover's move, as PDN writes it.
fn dots(reply: bool) -> &'static str {
    if reply {
        "..."
    } else {
        ""
    }
}

/// An error in one game of a PDN text, with the game's 1-based index.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}: {kind}")]
pub struct PdnError {
    /// 1-based index of the game in the text.
    pub game: usize,
    /// What went wrong.
    pub kind: PdnErrorKind,
}

const RESULTS: [&str; 13] = [
    "2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "2:0", "1:1", "0:2", "1:0", "0:1", "1/2:1/2", "*",
];

struct Lexer<'a> {
    text: &'a str,
    /// Variations are returned as tokens ([`GameTree`]'s reader) instead of
    /// skipped.
    variations: bool,
    pos: usize,
    line: usize,
    line_start: bool,
    /// The line the last token returned by `next` starts on.
    token_line: usize,
}

enum Token {
    Tag(String, String),
    /// A move number; `true` when written `12...`.
    Number(u32, bool),
    /// A move and its strength marks (`!?`, or empty).
    Move(String, String),
    /// `(`: a variation starts (only when reading variations).
    Open,
    /// `)`: it ends.
    Close,
    /// Strength marks written in parentheses after a move: `19-23(!?)`.
    Marks(String),
    Nag(u16),
    Comment(String),
    Result(String),
}

/// The length of the text in parentheses that `rest` (the text after a `(`)
/// starts with, when that text is prose rather than moves: it holds a token
/// that is no move number, move, NAG, comment or nested variation, or a
/// word that is not shaped like a move. `None` for moves, and for a `(`
/// without its `)`.
fn prose_end(rest: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut end = None;
    for (i, c) in rest.char_indices() {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            '(' if !in_comment => depth += 1,
            ')' if !in_comment => {
                if depth == 0 {
                    end = Some(i);
                    break;
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    let end = end?;
    let mut inner = Lexer {
        text: &rest[..end],
        variations: true,
        pos: 0,
        line: 1,
        line_start: false,
        token_line: 1,
    };
    while let Some(token) = inner.next() {
        match token {
            Ok(Token::Number(..) | Token::Nag(_) | Token::Comment(_) | Token::Marks(_)) => {}
            Ok(Token::Open | Token::Close) => {}
            Ok(Token::Move(word, _)) if move_shaped(&word) => {}
            _ => return Some(end),
        }
    }
    None
}

/// A word that can be a move: squares (`32`, `c3`) joined by `-`, `x` or
/// `:`, or `ed4` (Russian short notation), or `a3b4`.
fn move_shaped(word: &str) -> bool {
    let square = |p: &str| {
        let b = p.as_bytes();
        match b {
            [] => false,
            [f, rank @ ..] if f.is_ascii_lowercase() => {
                (1..=2).contains(&rank.len()) && rank.iter().all(u8::is_ascii_digit)
            }
            _ => b.len() <= 3 && b.iter().all(u8::is_ascii_digit),
        }
    };
    let parts: Vec<&str> = word.split(['-', 'x', 'X', ':']).collect();
    if parts.len() >= 2 {
        return parts.iter().all(|p| square(p));
    }
    let b = word.as_bytes();
    match b {
        // `ed4`
        [f, rest @ ..] if f.is_ascii_lowercase() && square(&word[1..]) && !rest.is_empty() => {
            rest[0].is_ascii_lowercase()
        }
        _ => {
            // `a3b4`
            let split = (1..b.len()).find(|&k| b[k].is_ascii_lowercase());
            split.is_some_and(|k| {
                square(&word[..k]) && square(&word[k..]) && b[0].is_ascii_lowercase()
            })
        }
    }
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.line_start = true;
        } else if !c.is_whitespace() {
            self.line_start = false;
        }
        Some(c)
    }
    fn err(&self, message: impl Into<String>) -> PdnErrorKind {
        PdnErrorKind::Syntax {
            line: self.line,
            message: message.into(),
        }
    }

    /// The next token, skipping whitespace, `%` lines and variations.
    fn next(&mut self) -> Option<Result<Token, PdnErrorKind>> {
        loop {
            let c = self.peek()?;
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && self.line_start {
                while let Some(c) = self.bump() {
                    if c == '\n' {
                        break;
                    }
                }
            } else if c == '.' {
                // `1. ... 35-40`: a continuation marker after a move number.
                self.bump();
            } else if c == '(' && !self.variations {
                if let Err(e) = self.skip_variation() {
                    return Some(Err(e));
                }
            } else {
                break;
            }
        }
        let c = self.peek()?;
        self.token_line = self.line;
        Some(match c {
            '[' => self.tag(),
            '{' => self.comment().map(Token::Comment),
            '$' => {
                self.bump();
                let digits = self.take_while(|c| c.is_ascii_digit());
                digits
                    .parse()
                    .map(Token::Nag)
                    .map_err(|_| self.err(format!("bad NAG `${digits}`")))
            }
            '*' => {
                self.bump();
                Ok(Token::Result("*".into()))
            }
            '(' => {
                self.bump();
                // `(!?)`: strength marks, not a variation.
                let rest = &self.text[self.pos..];
                let inner = rest.find(')').map(|end| &rest[..end]);
                match inner {
                    Some(m) if !m.is_empty() && m.chars().all(|c| c == '!' || c == '?') => {
                        let marks = m.to_string();
                        self.pos += m.len() + 1;
                        Ok(Token::Marks(marks))
                    }
                    _ => match prose_end(rest) {
                        // `(Roberto's first choice.)`: a comment in
                        // parentheses, as some records write them (braces
                        // in it, which a comment can't hold, as parentheses).
                        Some(end) => {
                            let text = rest[..end].trim().replace('{', "(").replace('}', ")");
                            let stop = self.pos + end + 1;
                            while self.pos < stop {
                                self.bump();
                            }
                            Ok(Token::Comment(text))
                        }
                        None => Ok(Token::Open),
                    },
                }
            }
            ')' if self.variations => {
                self.bump();
                Ok(Token::Close)
            }
            ')' => {
                self.bump();
                Err(self.err("`)` without `(`"))
            }
            '}' => {
                self.bump();
                Err(self.err("`}` without `{` (comments do not nest)"))
            }
            c if c.is_ascii_alphanumeric() => self.word(),
            c => {
                self.bump();
                Err(self.err(format!("unexpected `{c}`")))
            }
        })
    }

    fn take_while(&mut self, f: impl Fn(char) -> bool) -> String {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !f(c) {
                break;
            }
            self.bump();
        }
        self.text[start..self.pos].to_string()
    }

    fn tag(&mut self) -> Result<Token, PdnErrorKind> {
        self.bump(); // [
        self.take_while(|c| c == ' ' || c == '\t');
        let name = self.take_while(|c| c.is_alphanumeric() || c == '_');
        if name.is_empty() {
            return Err(self.err("tag without a name"));
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.peek() != Some('"') {
            // `[Round 17]`: an unquoted value, taken up to the `]`.
            let value = self.take_while(|c| c != ']' && c != '\n');
            if self.bump() != Some(']') {
                return Err(self.err(format!("tag {name}: missing `]`")));
            }
            return Ok(Token::Tag(name, value.trim().to_string()));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                None => return Err(self.err(format!("tag {name}: unterminated string"))),
                Some('\\') => match self.bump() {
                    Some('\n') | None => {
                        return Err(self.err(format!("tag {name}: unterminated string")))
                    }
                    Some(c) => value.push(c),
                },
                Some('"') => break,
                Some('\n') => {
                    // `[Round "11.1]`: a missing closing quote; take the value
                    // up to the `]` that ends the line.
                    let v = value.trim_end();
                    if let Some(v) = v.strip_suffix(']') {
                        return Ok(Token::Tag(name, v.to_string()));
                    }
                    return Err(self.err(format!("tag {name}: string runs past the line")));
                }
                Some(c) => value.push(c),
            }
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.bump() != Some(']') {
            return Err(self.err(format!("tag {name}: missing `]`")));
        }
        Ok(Token::Tag(name, value))
    }

    fn comment(&mut self) -> Result<String, PdnErrorKind> {
        let line = self.line;
        self.bump(); // {
        let start = self.pos;
        loop {
            match self.bump() {
                None => {
                    return Err(PdnErrorKind::Syntax {
                        line,
                        message: "unterminated comment".into(),
                    })
                }
                Some('}') => return Ok(self.text[start..self.pos - 1].trim().to_string()),
                Some(_) => {}
            }
        }
    }

    fn skip_variation(&mut self) -> Result<(), PdnErrorKind> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => {
                    return Err(PdnErrorKind::Syntax {
                        line,
                        message: "unterminated variation".into(),
                    })
                }
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('{') => {
                    self.comment()?;
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    /// A move number, a move or a result.
    fn word(&mut self) -> Result<Token, PdnErrorKind> {
        let start = self.pos;
        let digits = self.take_while(|c| c.is_ascii_digit());
        if !digits.is_empty() && self.peek() == Some('.') {
            let dots = self.take_while(|c| c == '.').len();
            return digits
                .parse()
                .map(|n| Token::Number(n, dots >= 3))
                .map_err(|_| self.err(format!("bad move number `{digits}`")));
        }
        let is_move_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | ':' | '/');
        loop {
            self.take_while(is_move_char);
            // `47x 9`: a separator followed by spaces and a square.
            let text = &self.text[start..self.pos];
            if text.ends_with(['-', 'x', 'X', ':']) {
                let save = (self.pos, self.line, self.line_start);
                self.take_while(|c| c == ' ' || c == '\t');
                if self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
                    continue;
                }
                (self.pos, self.line, self.line_start) = save;
            }
            break;
        }
        let word: String = self.text[start..self.pos]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let marks = self.take_while(|c| c == '!' || c == '?');
        if RESULTS.contains(&word.as_str()) {
            return Ok(Token::Result(word));
        }
        Ok(Token::Move(word, marks))
    }
}

/// Reads every game of a PDN text. A game with a syntax error is returned as
/// an error and reading goes on after it.
///
/// ```
/// use draughts::pdn::parse_pdn;
/// let text = "[GameType \"20\"]\n1. 32-28 19-23 {good} 2. 28x19 14x23 (2... 13x24) 1-0\n\n[GameType \"21\"]\n1. 11-15 *";
/// let games: Vec<_> = parse_pdn(text).into_iter().map(Result::unwrap).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves.len(), 4);
/// assert_eq!(games[0].moves[1].comments, ["good"]);
/// assert_eq!(games[0].result.as_deref(), Some("1-0"));
/// assert_eq!(games[1].tag("GameType"), Some("21"));
/// ```
pub fn parse_pdn(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    let mut lexer = Lexer {
        text,
        variations: false,
        pos: 0,
        line: 1,
        line_start: true,
        token_line: 1,
    };
    let mut out = Vec::new();
    let mut game = PdnGame {
        line: 1,
        ..PdnGame::default()
    };
    let mut started = false;
    let mut number = None;
    let mut error: Option<PdnErrorKind> = None;
    let finish =
        |out: &mut Vec<Result<PdnGame, PdnError>>, game: PdnGame, error: Option<PdnErrorKind>| {
            let index = out.len() + 1;
            out.push(match error {
                Some(kind) => Err(PdnError { game: index, kind }),
                None => Ok(game),
            });
        };
    while let Some(token) = lexer.next() {
        let line = lexer.token_line;
        let token = match token {
            Ok(t) => t,
            Err(e) => {
                error.get_or_insert(e);
                started = true;
                continue;
            }
        };
        match token {
            Token::Tag(name, value) => {
                if !game.moves.is_empty() || (error.is_some() && started) {
                    // Tags after move text start the next game.
                    finish(&mut out, core::mem::take(&mut game), error.take());
                    number = None;
                }
                if game.tags.is_empty() && game.moves.is_empty() {
                    game.line = line;
                }
                game.tags.push((name, value));
                started = true;
            }
            Token::Number(n, _) => {
                number = Some(n);
                started = true;
            }
            // Never returned while variations are skipped.
            Token::Open | Token::Close | Token::Marks(_) => {}
            Token::Move(text, _) => {
                if game.tags.is_empty() && game.moves.is_empty() {
                    game.line = line;
                }
                game.moves.push(PdnMove {
                    number,
                    text,
                    nags: Vec::new(),
                    comments: Vec::new(),
                });
                started = true;
            }
            Token::Nag(n) => {
                if let Some(m) = game.moves.last_mut() {
                    m.nags.push(n);
                }
            }
            Token::Comment(c) => {
                if let Some(m) = game.moves.last_mut() {
                    m.comments.push(c);
                }
            }
            Token::Result(r) => {
                game.result = Some(r);
                finish(&mut out, core::mem::take(&mut game), error.take());
                game.line = lexer.line;
                started = false;
                number = None;
            }
        }
    }
    if started || !game.tags.is_empty() || !game.moves.is_empty() {
        finish(&mut out, game, error);
    }
    out
}

/// PDN writing of a game whose variant is chosen at run time (here, beside
/// [`write_pdn`], so that the run-time types do not depend on this module).
impl AnyGame {
    /// The game as PDN (see [`write_pdn`]).
    ///
    /// ```
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::new(VariantKind::Russian);
    /// game.play_text("c3-d4").unwrap();
    /// let pdn = game.to_pdn(&[("Event", "Casual")]);
    /// assert!(pdn.starts_with("[Event \"Casual\"]\n[GameType \"25\"]\n"));
    /// assert!(pdn.ends_with("1. c3-d4 *\n"));
    /// ```
    pub fn to_pdn(&self, tags: &[(&str, &str)]) -> String {
        crate::with_game!(self, g => write_pdn(g, tags))
    }
}

/// Reads and replays every game of a PDN text. Games without a `GameType`
/// tag are played as `default` (an error if `None`). Each game is replayed
/// from its `[FEN]` tag, or the variant's start position; the first move that
/// can't be read or played is reported and the next game is read.
///
/// ```
/// use draughts::pdn::read_games;
/// use draughts::VariantKind;
/// let text = "[GameType \"25\"]\n1. cd4 fg5 2. dc5 bd4 *\n[GameType \"25\"]\n1. c3-d4 c3-d4 *";
/// let games = read_games(text, None);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().moves_text(), ["c3-d4", "f6-g5", "d4-c5", "b6xd4"]);
/// let err = games[1].as_ref().unwrap_err();
/// // The reply (Black's move 1) is the bad one.
/// assert_eq!(err.game, 2);
/// assert!(err.kind.to_string().starts_with("move 1... `c3-d4` (Black): "));
/// ```
pub fn read_games(text: &str, default: Option<VariantKind>) -> Vec<Result<AnyGame, PdnError>> {
    parse_pdn(text)
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            g.and_then(|g| replay(&g, default).map_err(|kind| PdnError { game: i + 1, kind }))
        })
        .collect()
}

/// Replays one game read by [`parse_pdn`] with the rules of its variant.
pub fn replay(game: &PdnGame, default: Option<VariantKind>) -> Result<AnyGame, PdnErrorKind> {
    let kind = game.variant(default)?;
    Ok(crate::with_variant!(kind, V => AnyGame::from(replay_as::<V>(game)?)))
}

/// The squares of a move text, if it is a plain list of squares.
fn squares_of(spec: &BoardSpec, text: &str) -> Option<Vec<Square>> {
    text.split(['-', 'x', 'X', ':'])
        .map(|t| spec.parse_square(t))
        .collect()
}

/// Replays a game read by [`parse_pdn`] as variant `V`.
///
/// The game is returned in [`DrawMode::OnClaim`]: records go on after a
/// repetition or a move-count draw that nobody claimed. A `[FEN]` whose side
/// to move is `?` (unknown) starts with the variant's first mover.
///
/// The record must be of variant `V` ([`PdnGame::check_variant`]): a
/// `CustomVariant` tag naming another variant, or another `GameType` number, is
/// [`PdnErrorKind::VariantMismatch`]. A record without a `Variant` tag is
/// accepted for a custom variant with the same `GameType`. (A `Variant` tag,
/// which some sites write as free text, is not read.)
pub fn replay_as<V: Variant>(game: &PdnGame) -> Result<Game<V>, PdnErrorKind> {
    game.check_variant::<V>()?;
    let start = match start_fen(game, V::RULES.first_mover) {
        Some(fen) => Position::<V>::from_fen(&fen).map_err(PdnErrorKind::Fen)?,
        None => Position::start(),
    };
    let mut g = Game::from_position(start);
    g.set_draw_mode(DrawMode::OnClaim);
    // Ambiguous records are resolved by trying candidates on the rest of the
    // game; the budget bounds that search (a record full of ambiguous moves
    // would otherwise take exponential time).
    let done = replay_moves(Box::new(g), &game.moves, &mut 64)?;
    Ok(*done
        .into_any()
        .downcast::<Game<V>>()
        .expect("a replay returns the game it was given"))
}

/// The record's `[FEN]` tag, a side to move of `?` (unknown) read as
/// `first_mover`.
fn start_fen(game: &PdnGame, first_mover: Color) -> Option<String> {
    let fen = game.tag("FEN")?.trim();
    Some(match fen.strip_prefix('?') {
        Some(rest) => format!("{}{rest}", first_mover.letter()),
        None => fen.to_string(),
    })
}

/// A game being replayed, seen through its moves as data: the replay itself
/// is one function for every variant (it is not a hot path; a copy per
/// variant would be kilobytes each in the WebAssembly package).
trait Replay {
    fn board_spec(&self) -> &'static BoardSpec;
    fn turn(&self) -> Color;
    /// The legal moves (distinct mode).
    fn moves(&self) -> Vec<Mv>;
    /// Every capture route.
    fn routes(&self) -> Vec<Mv>;
    fn parse_move(&self, text: &str) -> Result<Mv, MoveTextError>;
    fn play(&mut self, mv: &Mv) -> Result<(), GameError>;
    fn fork(&self) -> Box<dyn Replay>;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<V: Variant> Replay for Game<V> {
    fn board_spec(&self) -> &'static BoardSpec {
        BoardSpec::of::<V>()
    }
    fn turn(&self) -> Color {
        self.position().turn()
    }
    fn moves(&self) -> Vec<Mv> {
        self.position().legal_moves().iter().map(Mv::of).collect()
    }
    fn routes(&self) -> Vec<Mv> {
        let routes = self.position().legal_moves_in(MoveMode::Routes);
        routes.iter().map(Mv::of).collect()
    }
    fn parse_move(&self, text: &str) -> Result<Mv, MoveTextError> {
        self.position().parse_move(text).map(|m| Mv::of(&m))
    }
    fn play(&mut self, mv: &Mv) -> Result<(), GameError> {
        Game::play(self, &mv.to_move::<V>())
    }
    fn fork(&self) -> Box<dyn Replay> {
        Box::new(self.clone())
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// Whose move it is, and whether it is the second move of its number
/// (PDN's `1...`).
fn mover(g: &dyn Replay) -> (Color, bool) {
    let side = g.turn();
    (side, side != g.board_spec().first_mover)
}

/// Plays `moves` on `g`. A capture written without a needed intermediate
/// square is resolved by trying each candidate on the rest of the record.
fn replay_moves(
    mut g: Box<dyn Replay>,
    moves: &[PdnMove],
    budget: &mut u32,
) -> Result<Box<dyn Replay>, PdnErrorKind> {
    let spec = g.board_spec();
    // A capture written as several jumps: the squares read so far.
    let mut pending: Option<(Vec<Square>, u32, String)> = None;
    // Every move of the record is the side to move's (a pending capture's
    // continuation too: a capture is one side's move).
    for (i, m) in moves.iter().enumerate() {
        let number = m.number.unwrap_or(0);
        let (side, reply) = mover(&*g);
        let fail = |reason| PdnErrorKind::Move {
            number,
            side,
            reply,
            text: m.text.clone(),
            reason,
        };
        if let Some((mut squares, n0, mut text0)) = pending.take() {
            let more = squares_of(spec, &m.text)
                .filter(|s| s.len() >= 2 && s[0] == *squares.last().unwrap());
            let Some(more) = more else {
                return Err(PdnErrorKind::UnfinishedCapture {
                    number: n0,
                    side,
                    reply,
                    text: text0,
                });
            };
            squares.extend_from_slice(&more[1..]);
            text0.push(' ');
            text0.push_str(&m.text);
            match jumps(&*g, &squares) {
                Jumps::Complete(mv) => play(&mut *g, &mv, number, &m.text)?,
                Jumps::Partial => pending = Some((squares, n0, text0)),
                Jumps::None => {
                    // The pieces read as one move, for the reason it is refused.
                    let joined: Vec<String> =
                        squares.iter().map(|&s| spec.square_text(s)).collect();
                    match g.parse_move(&joined.join("x")) {
                        Ok(mv) => play(&mut *g, &mv, number, &m.text)?,
                        Err(MoveTextError::Illegal { reason, .. }) => {
                            return Err(fail(MoveTextError::Illegal {
                                text: text0,
                                reason,
                            }))
                        }
                        Err(e) => return Err(fail(e)),
                    }
                }
            }
            continue;
        }
        match g.parse_move(&m.text) {
            Ok(mv) => play(&mut *g, &mv, number, &m.text)?,
            Err(err @ (MoveTextError::Illegal { .. } | MoveTextError::BadSquare { .. })) => {
                if let Some(mv) = loose_move(&*g, &m.text) {
                    play(&mut *g, &mv, number, &m.text)?;
                    continue;
                }
                // Perhaps the first jumps of a capture written in pieces.
                match squares_of(spec, &m.text)
                    .filter(|s| s.len() >= 2)
                    .map(|s| (jumps(&*g, &s), s))
                {
                    Some((Jumps::Partial, s)) => pending = Some((s, number, m.text.clone())),
                    Some((Jumps::Complete(mv), _)) => play(&mut *g, &mv, number, &m.text)?,
                    _ => return Err(fail(err)),
                }
            }
            Err(MoveTextError::Ambiguous { text, candidates }) => {
                // A record that left out a needed intermediate square: keep the
                // candidate with which the rest of the record replays.
                let mut fits = g
                    .moves()
                    .into_iter()
                    .filter(|c| candidates.contains(&c.text(spec)))
                    .filter_map(|c| {
                        *budget = budget.checked_sub(1)?;
                        let mut branch = g.fork();
                        play(&mut *branch, &c, number, &m.text).ok()?;
                        replay_moves(branch, &moves[i + 1..], budget).ok()
                    });
                return match (fits.next(), fits.next()) {
                    (Some(done), None) => Ok(done),
                    _ => Err(fail(MoveTextError::Ambiguous { text, candidates })),
                };
            }
            Err(e) => return Err(fail(e)),
        }
    }
    if let Some((_, number, text)) = pending {
        let (side, reply) = mover(&*g);
        return Err(PdnErrorKind::UnfinishedCapture {
            number,
            side,
            reply,
            text,
        });
    }
    Ok(g)
}

/// Forms some records use that move text does not: two algebraic squares
/// without a separator (`a3b4`), and the Russian short notation for any piece,
/// kings included (`ec3`: the piece on the e file that can go to c3).
fn loose_move(g: &dyn Replay, text: &str) -> Option<Mv> {
    let spec = g.board_spec();
    let t: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':'))
        .collect();
    let b = t.as_bytes();
    let is_file = |c: u8| c.is_ascii_lowercase();
    let split = (1..t.len()).find(|&k| is_file(b[k]) && b[k - 1].is_ascii_digit());
    let mut candidates: Vec<Mv> = if let Some(k) = split {
        // `a3b4`
        let (from, to) = (spec.parse_square(&t[..k])?, spec.parse_square(&t[k..])?);
        g.moves()
            .into_iter()
            .filter(|m| m.from == from && m.to() == to)
            .collect()
    } else if b.len() >= 3 && is_file(b[0]) && is_file(b[1]) {
        // `ec3`
        let to = spec.parse_square(&t[1..])?;
        let file = b[0] as char;
        g.moves()
            .into_iter()
            .filter(|m| m.to() == to && spec.algebraic_name(m.from).starts_with(file))
            .collect()
    } else {
        return None;
    };
    match candidates.len() {
        1 => candidates.pop(),
        _ => None,
    }
}

fn play(g: &mut dyn Replay, mv: &Mv, number: u32, text: &str) -> Result<(), PdnErrorKind> {
    let (side, reply) = mover(g);
    g.play(mv).map_err(|reason| PdnErrorKind::AfterEnd {
        number,
        side,
        reply,
        text: text.to_string(),
        reason,
    })
}

enum Jumps {
    /// The squares are the whole path of one capture.
    Complete(Mv),
    /// They are the first landings of some capture.
    Partial,
    None,
}

/// Matches `squares` (start, then consecutive landing squares) against the
/// capture routes of the game's position.
fn jumps(g: &dyn Replay, squares: &[Square]) -> Jumps {
    let landings = &squares[1..];
    let mut partial = false;
    let mut complete: Option<Mv> = None;
    for m in g
        .routes()
        .into_iter()
        .filter(|m| m.is_capture() && m.from == squares[0])
    {
        if m.path[..] == *landings {
            complete = Some(m);
        } else if m.path.starts_with(landings) {
            partial = true;
        }
    }
    match (complete, partial) {
        (Some(m), _) => Jumps::Complete(m),
        (None, true) => Jumps::Partial,
        (None, false) => Jumps::None,
    }
}

/// The tag [`write_pdn`] writes for a variant that is not built in.
pub const CUSTOM_VARIANT: &str = "CustomVariant";

/// The built-in variant that plays exactly as `V` (same rules and board), if any.
pub fn builtin<V: Variant>() -> Option<VariantKind> {
    builtin_for(
        &V::RULES,
        (V::Board::WIDTH, V::Board::HEIGHT, V::Board::LAYOUT),
    )
}

/// The built-in variant with rules `rules` on a board of `(width, height,
/// layout)`, if any.
fn builtin_for(rules: &Rules, board: (u8, u8, Layout)) -> Option<VariantKind> {
    struct BoardOf;
    impl VariantVisitor for BoardOf {
        type Output = (u8, u8, Layout);
        fn visit<W: Variant>(self) -> (u8, u8, Layout) {
            (W::Board::WIDTH, W::Board::HEIGHT, W::Board::LAYOUT)
        }
    }
    VariantKind::ALL
        .into_iter()
        .find(|&k| k.rules() == *rules && k.visit(BoardOf) == board)
}

/// Writes a game as PDN: the tags, then the moves in the shortest unambiguous
/// notation, numbered from the first mover of the variant.
///
/// The writer's tags are `GameType`, `CustomVariant` (only for a variant that is not
/// built in, or plays as a built-in one under another name: its
/// [`Variant::NAME`]; the `GameType` is then the numbering it shares with its
/// preset), `FEN` (when the game does not start from the
/// variant's start position), `Result` and, once the game is over,
/// `Termination` (the reason in words, [`Outcome::termination`](crate::Outcome::termination)).
/// A tag in `tags` replaces the writer's tag of the same name (compared
/// without case) instead of repeating it; a name given twice in `tags` is
/// written once, with its first value. A `Result` given in `tags` also ends
/// the move text.
///
/// ```
/// use draughts::{pdn::{read_games, write_pdn}, English, Game};
/// let mut game = Game::<English>::new();
/// for text in ["11-15", "23-19", "8-11", "22-17"] {
///     let mv = game.position().parse_move(text).unwrap();
///     game.play(&mv).unwrap();
/// }
/// let pdn = write_pdn(&game, &[("Event", "Test"), ("Result", "1-0")]);
/// assert_eq!(pdn.matches("[Result").count(), 1);
/// assert!(pdn.contains("1. 11-15 23-19 2. 8-11 22-17 1-0"));
/// let back = read_games(&pdn, None);
/// assert_eq!(back[0].as_ref().unwrap().moves_text(), ["11-15", "23-19", "8-11", "22-17"]);
/// ```
pub fn write_pdn<V: Variant>(game: &Game<V>, tags: &[(&str, &str)]) -> String {
    // What the record needs of the variant, read here; the writing is one
    // function for every variant (it is not a hot path, and a copy per
    // variant would be kilobytes each in the WebAssembly package).
    let first = V::RULES.first_mover;
    let record = Record {
        game_type: V::RULES.game_type.number,
        name: V::NAME,
        builtin: builtin::<V>(),
        fen: (*game.start() != Position::<V>::start()).then(|| game.start().to_fen()),
        outcome: game.outcome(),
        moves: game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(mv, pos)| (pos.turn() == first, pos.move_text(mv)))
            .collect(),
    };
    write_record(&record, tags)
}

/// A game as [`write_pdn`] writes it, the variant's part already read.
struct Record {
    game_type: u8,
    name: &'static str,
    builtin: Option<VariantKind>,
    /// The start position's FEN, when it is not the variant's start.
    fen: Option<String>,
    outcome: Option<crate::play::outcome::Outcome>,
    /// Each move's text, and whether the first mover played it.
    moves: Vec<(bool, String)>,
}

fn write_record(record: &Record, tags: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut written: Vec<String> = Vec::new();
    let mut tag = |out: &mut String, name: &str, value: &str| {
        if written.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return;
        }
        written.push(name.to_string());
        let escaped = escape(value);
        out.push_str(&format!("[{name} \"{escaped}\"]\n"));
    };
    let given = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    };
    for (n, v) in tags {
        tag(&mut out, n, v);
    }
    tag(&mut out, "GameType", &record.game_type.to_string());
    match record.builtin {
        // A variant that plays as a built-in one under another name (a house
        // rule set that spells out the official rules) keeps its name.
        Some(kind) if !kind.name().eq_ignore_ascii_case(record.name) => {
            tag(&mut out, CUSTOM_VARIANT, record.name)
        }
        // A variant that shares its GameType number (Killer: 20) is named.
        Some(kind) if VariantKind::from_game_type(record.game_type) != Some(kind) => {
            tag(&mut out, "Variant", kind.name());
        }
        Some(_) => {}
        None => tag(&mut out, CUSTOM_VARIANT, record.name),
    }
    if let Some(fen) = &record.fen {
        tag(&mut out, "FEN", fen);
    }
    let result = given("Result").unwrap_or_else(|| record.outcome.map_or("*", |o| o.pdn_result()));
    tag(&mut out, "Result", result);
    if let Some(o) = record.outcome {
        tag(&mut out, "Termination", &o.termination());
    }
    out.push('\n');
    let mut line = String::new();
    let mut number = 1u32;
    let push = |line: &mut String, out: &mut String, word: &str| {
        if line.len() + word.len() + 1 > 79 && !line.is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(word);
        line.push(' ');
    };
    for (i, (by_first, text)) in record.moves.iter().enumerate() {
        if *by_first {
            push(&mut line, &mut out, &format!("{number}."));
        } else if i == 0 {
            push(&mut line, &mut out, &format!("{number}..."));
        }
        push(&mut line, &mut out, text);
        if !by_first {
            number += 1;
        }
    }
    push(&mut line, &mut out, result);
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// A tag value as a PDN string: `\` and `"` escaped; line breaks, which a
/// PDN string can't hold, written as spaces.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl fmt::Display for PdnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        let moves: Vec<&str> = self.moves.iter().map(|m| m.text.as_str()).collect();
        write!(
            f,
            "\n{} {}",
            moves.join(" "),
            self.result.as_deref().unwrap_or("*")
        )
    }
}

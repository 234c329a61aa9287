//! Reading PDN text: the lexer and [`parse_pdn`].

use super::{PdnError, PdnErrorKind, PdnGame, PdnMove};

const RESULTS: [&str; 13] = [
    "2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "2:0", "1:1", "0:2", "1:0", "0:1", "1/2:1/2", "*",
];

pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    /// Variations are returned as tokens ([`GameTree`]'s reader) instead of
    /// skipped.
    pub(super) variations: bool,
    pub(super) pos: usize,
    pub(super) line: usize,
    pub(super) line_start: bool,
    /// The line the last token returned by `next` starts on.
    pub(super) token_line: usize,
}

pub(super) enum Token {
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
    pub(super) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }
    pub(super) fn bump(&mut self) -> Option<char> {
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
    pub(super) fn err(&self, message: impl Into<String>) -> PdnErrorKind {
        PdnErrorKind::Syntax {
            line: self.line,
            message: message.into(),
        }
    }

    /// The next token, skipping whitespace, `%` lines and variations.
    pub(super) fn next(&mut self) -> Option<Result<Token, PdnErrorKind>> {
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

    pub(super) fn take_while(&mut self, f: impl Fn(char) -> bool) -> String {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !f(c) {
                break;
            }
            self.bump();
        }
        self.text[start..self.pos].to_string()
    }

    pub(super) fn tag(&mut self) -> Result<Token, PdnErrorKind> {
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

    pub(super) fn comment(&mut self) -> Result<String, PdnErrorKind> {
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

    pub(super) fn skip_variation(&mut self) -> Result<(), PdnErrorKind> {
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
    pub(super) fn word(&mut self) -> Result<Token, PdnErrorKind> {
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

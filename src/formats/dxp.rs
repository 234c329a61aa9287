//! DXP, the DamExchange protocol: the messages two International draughts
//! programs exchange to play each other, parsed and written without I/O.
//!
//! A DXP session is a TCP connection (port [`PORT`] by convention) on which
//! each message is ASCII text of 1 to [`MAX_LEN`] characters followed by a
//! NUL byte. The *initiator* sends a game request ([`GameRequest`]), the
//! *follower* answers ([`GameAccept`]), then both send moves
//! ([`MoveMessage`]) strictly alternating until one sends a game end
//! ([`GameEnd`]), which the other confirms with one of its own. Chat and
//! take-back messages may come in between.
//!
//! [`Message::parse`] reads one message (without its NUL), `to_string()`
//! writes one; [`Framer`] cuts a byte stream into messages; moves convert
//! to and from the library's moves with [`MoveMessage::from_move`] and
//! [`MoveMessage::find`]. The CLI's `draughts dxp` puts this on a socket.
//!
//! ```
//! use draughts::dxp::{Message, MoveMessage};
//! use draughts::{International, Position};
//!
//! let pos = Position::<International>::start();
//! let msg = Message::parse("M0012332800").unwrap();
//! let Message::Move(m) = &msg else { panic!() };
//! let mv = m.find(&pos).unwrap();
//! assert_eq!(mv.to_string(), "33-28");
//! // Written back exactly as received.
//! assert_eq!(msg.to_string(), "M0012332800");
//! assert_eq!(MoveMessage::from_move(&mv, 12).to_string(), "M0012332800");
//! ```

use core::fmt;

use crate::core::position::PieceKind;
use crate::{Color, International, Move, Position, Variant};

/// The TCP port DXP programs listen on by convention.
pub const PORT: u16 = 27531;

/// The longest message the protocol allows, in characters (without the NUL).
pub const MAX_LEN: usize = 127;

/// The length of a program name field in a game request or acceptance.
pub const NAME_LEN: usize = 32;

/// The protocol version this module speaks (the only one defined: `01`).
pub const VERSION: u8 = 1;

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DxpError {
    /// An empty message (two NULs in a row, say).
    #[error("empty DXP message")]
    Empty,
    /// More than [`MAX_LEN`] characters.
    #[error("DXP message of {0} characters (at most {MAX_LEN})")]
    TooLong(usize),
    /// A byte outside ASCII 1..=127.
    #[error("DXP message has a byte outside ASCII 1-127 at position {0}")]
    NotAscii(usize),
    /// A message type letter the protocol does not define.
    #[error("unknown DXP message type `{0}`")]
    UnknownType(char),
    /// A message shorter or longer than its layout.
    #[error("DXP {message} message has {got} characters, its layout has {expected}")]
    Length {
        /// The message's name (`GAMEREQ`, `MOVE`, ...).
        message: &'static str,
        /// The length its layout gives.
        expected: usize,
        /// Its length.
        got: usize,
    },
    /// A field that does not hold what the layout says.
    #[error("DXP {message} message: bad {field} `{text}`")]
    Field {
        /// The message's name.
        message: &'static str,
        /// The field's name.
        field: &'static str,
        /// What it held.
        text: String,
    },
    /// A move message that is no legal move of the position.
    #[error("DXP move {0} is not legal here")]
    IllegalMove(String),
    /// A move message that matches more than one legal move (a capture sent
    /// without its captured pieces where several captures share its ends).
    #[error("DXP move {0} is ambiguous here: it needs its captured pieces")]
    AmbiguousMove(String),
}

/// The acceptance code of a [`GameAccept`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AcceptCode {
    /// `0`: the follower plays the game.
    Accepted,
    /// `1`: the request's protocol version is not the follower's.
    WrongVersion,
    /// `2`: not this game (its time, its position, ...), but another one.
    Declined,
    /// `3`: no game at all.
    NoGames,
}

/// Why a [`GameEnd`] ends the game (informational only, in the protocol).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// `0`: no reason given (always allowed; the confirmation's reason).
    Unspecified,
    /// `1`: the sender gives up.
    SenderLoses,
    /// `2`: a draw (a repetition, say).
    Draw,
    /// `3`: the sender wins.
    SenderWins,
}

/// The answer to a [`BackRequest`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BackCode {
    /// `0`: moves are taken back.
    Accepted,
    /// `1`: the program does not take moves back.
    NotSupported,
    /// `2`: not now.
    Declined,
}

/// `R`: the initiator asks for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRequest {
    /// The protocol version (always [`VERSION`] when we write one).
    pub version: u8,
    /// The initiator's name (at most [`NAME_LEN`] characters).
    pub name: String,
    /// The colour the follower plays.
    pub follower: Color,
    /// Thinking time of each side, in minutes (0..=999): for the whole game
    /// when `moves` is 0, else for every `moves` moves.
    pub minutes: u16,
    /// The moves `minutes` are for, 0 for the whole game (0..=999).
    pub moves: u16,
    /// The starting position, or `None` for the normal one.
    pub position: Option<Position<International>>,
}

/// `A`: the follower's answer to a [`GameRequest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAccept {
    /// The follower's name (at most [`NAME_LEN`] characters).
    pub name: String,
    /// Whether it plays.
    pub code: AcceptCode,
}

/// `M`: a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveMessage {
    /// Seconds the sender spent on it (0..=9999; informational).
    pub seconds: u16,
    /// Its first square (1..=50).
    pub from: u8,
    /// Its last square (1..=50).
    pub to: u8,
    /// The squares of the pieces it captures, in any order (at most 20).
    pub captured: Vec<u8>,
}

/// `E`: the end of a game, or the confirmation of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// Why.
    pub reason: EndReason,
    /// Whether the sender wants no further game.
    pub stop: bool,
}

/// `B`: a request to go back to an earlier position (interactive play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BackRequest {
    /// The move number to go back to (1..=999).
    pub move_number: u16,
    /// The side to move at that move.
    pub color: Color,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// `R`: a game request.
    GameRequest(GameRequest),
    /// `A`: the answer to a game request.
    GameAccept(GameAccept),
    /// `M`: a move.
    Move(MoveMessage),
    /// `E`: a game end.
    GameEnd(GameEnd),
    /// `C`: free text (1 to 126 characters).
    Chat(String),
    /// `B`: a take-back request.
    BackRequest(BackRequest),
    /// `K`: the answer to a take-back request.
    BackAccept(BackCode),
}

/// A numeric field of `len` digits.
fn digits(msg: &'static str, field: &'static str, text: &str) -> Result<u16, DxpError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DxpError::Field {
            message: msg,
            field,
            text: text.into(),
        });
    }
    text.parse().map_err(|_| DxpError::Field {
        message: msg,
        field,
        text: text.into(),
    })
}

fn color(msg: &'static str, field: &'static str, c: char) -> Result<Color, DxpError> {
    match c {
        'W' => Ok(Color::White),
        'Z' => Ok(Color::Black),
        _ => Err(DxpError::Field {
            message: msg,
            field,
            text: c.to_string(),
        }),
    }
}

fn color_char(c: Color) -> char {
    match c {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

fn square(msg: &'static str, field: &'static str, text: &str) -> Result<u8, DxpError> {
    match digits(msg, field, text)? {
        n @ 1..=50 => Ok(n as u8),
        _ => Err(DxpError::Field {
            message: msg,
            field,
            text: text.into(),
        }),
    }
}

fn length(msg: &'static str, expected: usize, got: usize) -> Result<(), DxpError> {
    if expected == got {
        Ok(())
    } else {
        Err(DxpError::Length {
            message: msg,
            expected,
            got,
        })
    }
}

/// A name field: 32 characters, trailing blanks dropped.
fn name(text: &str) -> String {
    text.trim_end_matches(' ').to_string()
}

/// A name written as the 32-character field: cut to 32, blank-padded.
fn name_field(name: &str) -> String {
    let cut: String = name
        .chars()
        .filter(|c| c.is_ascii() && *c != '\0')
        .take(NAME_LEN)
        .collect();
    format!("{:<width$}", cut.trim_start(), width = NAME_LEN)
}

/// The 50-character board of a game request: `e` empty, `w`/`z` a white or
/// black man, `W`/`Z` a king, squares 1 to 50.
fn board_field(pos: &Position<International>) -> String {
    (1..=50)
        .map(|n| {
            let sq = International::square(n).expect("squares 1 to 50");
            match pos.piece_at(sq) {
                None => 'e',
                Some(p) => match (p.color, p.kind) {
                    (Color::White, PieceKind::Man) => 'w',
                    (Color::Black, PieceKind::Man) => 'z',
                    (Color::White, PieceKind::King) => 'W',
                    (Color::Black, PieceKind::King) => 'Z',
                },
            }
        })
        .collect()
}

fn parse_board(turn: Color, board: &str) -> Result<Position<International>, DxpError> {
    let bad = || DxpError::Field {
        message: "GAMEREQ",
        field: "position",
        text: board.into(),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, c) in board.chars().enumerate() {
        let n = i + 1;
        match c {
            'e' => {}
            'w' => white.push(n.to_string()),
            'z' => black.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'Z' => black.push(format!("K{n}")),
            _ => return Err(bad()),
        }
    }
    let fen = format!(
        "{}:W{}:B{}",
        if turn == Color::White { 'W' } else { 'B' },
        white.join(","),
        black.join(",")
    );
    Position::from_fen(&fen).map_err(|_| bad())
}

impl Message {
    /// Reads one message: its text without the terminating NUL.
    ///
    /// ```
    /// use draughts::dxp::{DxpError, EndReason, GameEnd, Message};
    /// assert_eq!(
    ///     Message::parse("E21"),
    ///     Ok(Message::GameEnd(GameEnd { reason: EndReason::Draw, stop: true }))
    /// );
    /// assert!(matches!(Message::parse("M00120611"), Err(DxpError::Length { .. })));
    /// assert_eq!(Message::parse("X"), Err(DxpError::UnknownType('X')));
    /// ```
    pub fn parse(text: &str) -> Result<Message, DxpError> {
        if text.is_empty() {
            return Err(DxpError::Empty);
        }
        if let Some(i) = text.bytes().position(|b| b == 0 || b > 127) {
            return Err(DxpError::NotAscii(i));
        }
        if text.len() > MAX_LEN {
            return Err(DxpError::TooLong(text.len()));
        }
        let kind = text.as_bytes()[0] as char;
        let body = &text[1..];
        match kind {
            'R' => Self::parse_request(body).map(Message::GameRequest),
            'A' => {
                length("GAMEACC", 1 + NAME_LEN + 1, text.len())?;
                let code = match &body[NAME_LEN..] {
                    "0" => AcceptCode::Accepted,
                    "1" => AcceptCode::WrongVersion,
                    "2" => AcceptCode::Declined,
                    "3" => AcceptCode::NoGames,
                    other => {
                        return Err(DxpError::Field {
                            message: "GAMEACC",
                            field: "acceptance code",
                            text: other.into(),
                        })
                    }
                };
                Ok(Message::GameAccept(GameAccept {
                    name: name(&body[..NAME_LEN]),
                    code,
                }))
            }
            'M' => {
                const M: &str = "MOVE";
                if text.len() < 11 {
                    return Err(DxpError::Length {
                        message: M,
                        expected: 11,
                        got: text.len(),
                    });
                }
                let seconds = digits(M, "time", &body[0..4])?;
                let from = square(M, "from field", &body[4..6])?;
                let to = square(M, "to field", &body[6..8])?;
                let count = digits(M, "number captured", &body[8..10])? as usize;
                if count > 20 {
                    return Err(DxpError::Field {
                        message: M,
                        field: "number captured",
                        text: body[8..10].into(),
                    });
                }
                length(M, 11 + 2 * count, text.len())?;
                let captured = (0..count)
                    .map(|i| square(M, "captured piece", &body[10 + 2 * i..12 + 2 * i]))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Message::Move(MoveMessage {
                    seconds,
                    from,
                    to,
                    captured,
                }))
            }
            'E' => {
                length("GAMEEND", 3, text.len())?;
                let reason = match &body[0..1] {
                    "0" => EndReason::Unspecified,
                    "1" => EndReason::SenderLoses,
                    "2" => EndReason::Draw,
                    "3" => EndReason::SenderWins,
                    other => {
                        return Err(DxpError::Field {
                            message: "GAMEEND",
                            field: "reason",
                            text: other.into(),
                        })
                    }
                };
                let stop = match &body[1..2] {
                    "0" => false,
                    "1" => true,
                    other => {
                        return Err(DxpError::Field {
                            message: "GAMEEND",
                            field: "stop code",
                            text: other.into(),
                        })
                    }
                };
                Ok(Message::GameEnd(GameEnd { reason, stop }))
            }
            'C' => {
                if body.is_empty() {
                    return Err(DxpError::Length {
                        message: "CHAT",
                        expected: 2,
                        got: 1,
                    });
                }
                Ok(Message::Chat(body.to_string()))
            }
            'B' => {
                length("BACKREQ", 5, text.len())?;
                let move_number = digits("BACKREQ", "move number", &body[0..3])?;
                if move_number == 0 {
                    return Err(DxpError::Field {
                        message: "BACKREQ",
                        field: "move number",
                        text: body[0..3].into(),
                    });
                }
                let color = color("BACKREQ", "color to move", body.as_bytes()[3] as char)?;
                Ok(Message::BackRequest(BackRequest { move_number, color }))
            }
            'K' => {
                length("BACKACC", 2, text.len())?;
                let code = match body {
                    "0" => BackCode::Accepted,
                    "1" => BackCode::NotSupported,
                    "2" => BackCode::Declined,
                    other => {
                        return Err(DxpError::Field {
                            message: "BACKACC",
                            field: "acceptance code",
                            text: other.into(),
                        })
                    }
                };
                Ok(Message::BackAccept(code))
            }
            other => Err(DxpError::UnknownType(other)),
        }
    }

    fn parse_request(body: &str) -> Result<GameRequest, DxpError> {
        const R: &str = "GAMEREQ";
        // version, name, colour, time, moves, starting-position flag
        const FIXED: usize = 1 + 2 + NAME_LEN + 1 + 3 + 3 + 1;
        let len = body.len() + 1;
        if len < FIXED {
            return Err(DxpError::Length {
                message: R,
                expected: FIXED,
                got: len,
            });
        }
        let version = digits(R, "version", &body[0..2])? as u8;
        let name = name(&body[2..2 + NAME_LEN]);
        let rest = &body[2 + NAME_LEN..];
        let follower = color(R, "follower color", rest.as_bytes()[0] as char)?;
        let minutes = digits(R, "thinking time", &rest[1..4])?;
        let moves = digits(R, "number of moves", &rest[4..7])?;
        let position = match &rest[7..8] {
            "A" => {
                length(R, FIXED, len)?;
                None
            }
            "B" => {
                length(R, FIXED + 1 + 50, len)?;
                let turn = color(R, "color to move first", rest.as_bytes()[8] as char)?;
                Some(parse_board(turn, &rest[9..])?)
            }
            other => {
                return Err(DxpError::Field {
                    message: R,
                    field: "starting position",
                    text: other.into(),
                })
            }
        };
        Ok(GameRequest {
            version,
            name,
            follower,
            minutes,
            moves,
            position,
        })
    }
}

impl fmt::Display for Message {
    /// The message as sent, without its NUL. Fields out of range are
    /// clamped to what their width holds (a name is cut to 32 characters).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::GameRequest(r) => {
                write!(
                    f,
                    "R{:02}{}{}{:03}{:03}",
                    r.version.min(99),
                    name_field(&r.name),
                    color_char(r.follower),
                    r.minutes.min(999),
                    r.moves.min(999)
                )?;
                match &r.position {
                    None => f.write_str("A"),
                    Some(p) => write!(f, "B{}{}", color_char(p.turn()), board_field(p)),
                }
            }
            Message::GameAccept(a) => {
                let code = match a.code {
                    AcceptCode::Accepted => 0,
                    AcceptCode::WrongVersion => 1,
                    AcceptCode::Declined => 2,
                    AcceptCode::NoGames => 3,
                };
                write!(f, "A{}{code}", name_field(&a.name))
            }
            Message::Move(m) => write!(f, "{m}"),
            Message::GameEnd(e) => {
                let reason = match e.reason {
                    EndReason::Unspecified => 0,
                    EndReason::SenderLoses => 1,
                    EndReason::Draw => 2,
                    EndReason::SenderWins => 3,
                };
                write!(f, "E{reason}{}", u8::from(e.stop))
            }
            Message::Chat(text) => {
                let text: String = text
                    .chars()
                    .filter(|c| c.is_ascii() && *c != '\0')
                    .take(MAX_LEN - 1)
                    .collect();
                write!(f, "C{text}")
            }
            Message::BackRequest(b) => {
                write!(
                    f,
                    "B{:03}{}",
                    b.move_number.clamp(1, 999),
                    color_char(b.color)
                )
            }
            Message::BackAccept(code) => {
                let code = match code {
                    BackCode::Accepted => 0,
                    BackCode::NotSupported => 1,
                    BackCode::Declined => 2,
                };
                write!(f, "K{code}")
            }
        }
    }
}

impl fmt::Display for MoveMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let captured = &self.captured[..self.captured.len().min(20)];
        write!(
            f,
            "M{:04}{:02}{:02}{:02}",
            self.seconds.min(9999),
            self.from,
            self.to,
            captured.len()
        )?;
        for sq in captured {
            write!(f, "{sq:02}")?;
        }
        Ok(())
    }
}

impl MoveMessage {
    /// The message for a move of the library, sent after `seconds` of thought.
    pub fn from_move(mv: &Move<International>, seconds: u16) -> MoveMessage {
        MoveMessage {
            seconds,
            from: International::square_number(mv.from()),
            to: International::square_number(mv.to()),
            captured: mv
                .captured()
                .into_iter()
                .map(International::square_number)
                .collect(),
        }
    }

    /// The legal move of `pos` this message stands for: the one with its
    /// first and last squares and its captured pieces. A capture sent
    /// without its captured pieces is accepted when its ends alone name one
    /// legal move.
    ///
    /// ```
    /// use draughts::dxp::{DxpError, MoveMessage};
    /// use draughts::{International, Position};
    /// let pos = Position::<International>::start();
    /// let m = MoveMessage { seconds: 0, from: 33, to: 27, captured: vec![] };
    /// assert_eq!(m.find(&pos), Err(DxpError::IllegalMove("33-27".into())));
    /// ```
    pub fn find(&self, pos: &Position<International>) -> Result<Move<International>, DxpError> {
        let mut wanted = self.captured.clone();
        wanted.sort_unstable();
        let mut matches = pos.legal_moves().into_iter().filter(|mv| {
            International::square_number(mv.from()) == self.from
                && International::square_number(mv.to()) == self.to
                && (self.captured.is_empty() || {
                    let mut got: Vec<u8> = mv
                        .captured()
                        .into_iter()
                        .map(International::square_number)
                        .collect();
                    got.sort_unstable();
                    got == wanted
                })
        });
        let text = || {
            let sep = if self.captured.is_empty() { '-' } else { 'x' };
            format!("{}{sep}{}", self.from, self.to)
        };
        match (matches.next(), matches.next()) {
            (Some(mv), None) => Ok(mv),
            (None, _) => Err(DxpError::IllegalMove(text())),
            (Some(_), Some(_)) => Err(DxpError::AmbiguousMove(text())),
        }
    }
}

/// Cuts a byte stream into DXP messages at their NULs, holding at most one
/// incomplete message (the socket layer's reader; no I/O of its own).
///
/// ```
/// use draughts::dxp::{Framer, Message};
/// let mut framer = Framer::default();
/// framer.push(b"E00\0M00");
/// assert_eq!(framer.next_message(), Some(Message::parse("E00")));
/// assert_eq!(framer.next_message(), None); // "M00" is not complete yet
/// framer.push(b"12061100\0");
/// assert_eq!(framer.next_message(), Some(Message::parse("M0012061100")));
/// assert!(framer.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Framer {
    buffer: Vec<u8>,
    /// The buffer held more than a message's length without a NUL: the
    /// rest up to the next NUL is dropped and reported as one error.
    overflow: usize,
    ready: std::collections::VecDeque<Result<Message, DxpError>>,
}

impl Framer {
    /// Adds bytes read from the connection.
    pub fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == 0 {
                if self.overflow > 0 {
                    self.ready.push_back(Err(DxpError::TooLong(self.overflow)));
                    self.overflow = 0;
                } else {
                    let text = core::mem::take(&mut self.buffer);
                    self.ready.push_back(match String::from_utf8(text) {
                        Ok(text) => Message::parse(&text),
                        Err(e) => Err(DxpError::NotAscii(e.utf8_error().valid_up_to())),
                    });
                }
            } else if self.overflow > 0 {
                self.overflow += 1;
            } else if self.buffer.len() == MAX_LEN {
                self.overflow = MAX_LEN + 1;
                self.buffer.clear();
            } else {
                self.buffer.push(b);
            }
        }
    }

    /// The next complete message (or the error reading it), in order.
    pub fn next_message(&mut self) -> Option<Result<Message, DxpError>> {
        self.ready.pop_front()
    }

    /// Whether no bytes of an incomplete message are held (at the end of
    /// the stream, a non-empty framer means the last message was cut off).
    pub fn is_empty(&self) -> bool {
        self.buffer.is_empty() && self.overflow == 0
    }

    /// The bytes of the incomplete message held.
    pub fn pending(&self) -> usize {
        self.buffer.len() + self.overflow
    }
}

/// A message as sent on the socket: its text and the terminating NUL.
pub fn frame(message: &Message) -> Vec<u8> {
    let mut bytes = message.to_string().into_bytes();
    bytes.push(0);
    bytes
}

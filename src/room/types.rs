//! The room's data types: rules, seats, actions, events, results, errors and
//! the view every client is shown.

use core::fmt;

use crate::dynamic::UnknownMode;
use crate::variant::Color;

/// A moment, in seconds (Unix seconds, or any clock the caller keeps): the
/// room never reads a clock, every call is told the time.
pub type Time = u64;

/// Whether a room is played by correspondence or live.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Pace {
    /// Each player moves when they can: no move clock, only the absence claim
    /// and the expiry ([`RoomRules::absence`], [`RoomRules::expiry`]).
    #[default]
    Correspondence,
    /// Each move within [`RoomRules::move_time`]; whoever runs out of time loses.
    Live,
}

/// The time rules of a room. The defaults are the seed sites' values:
/// correspondence, absence after 2 days, expiry after 7 days, 60 seconds a
/// move when live.
///
/// Every limit is a duration the player may use in full and not one second
/// more: with `absence = 172_800` the claim is refused 172 800 s after the
/// turn began and accepted from 172 801 s; the same "more than" reading
/// holds for [`expiry`](Self::expiry) and [`move_time`](Self::move_time).
///
/// ```
/// use draughts::room::{Pace, RoomRules};
/// let rules = RoomRules::default();
/// assert_eq!((rules.pace, rules.absence, rules.expiry, rules.move_time), (Pace::Correspondence, 172_800, 604_800, 60));
/// assert_eq!(RoomRules::live().pace, Pace::Live);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoomRules {
    /// Correspondence or live.
    pub pace: Pace,
    /// Seconds the player to move may take before the opponent may claim
    /// the win for absence ([`Action::ClaimAbsence`]).
    pub absence: u64,
    /// Seconds without a move (or, while waiting, without a joiner) after
    /// which the room expires without a winner.
    pub expiry: u64,
    /// Live rooms: seconds for each move.
    pub move_time: u64,
}

impl Default for RoomRules {
    fn default() -> Self {
        RoomRules {
            pace: Pace::Correspondence,
            absence: 2 * 24 * 3600,
            expiry: 7 * 24 * 3600,
            move_time: 60,
        }
    }
}

impl RoomRules {
    /// The default rules of a live room.
    pub fn live() -> Self {
        RoomRules {
            pace: Pace::Live,
            ..RoomRules::default()
        }
    }
}

/// A player's seat. [`Seat::First`] is the room's creator, who moves first
/// in game 1; the sides swap at each rematch ([`Room::colors`](super::Room::colors)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Seat {
    /// The creator's seat.
    First,
    /// The joiner's seat.
    Second,
}

impl Seat {
    /// Both seats.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    /// The other seat.
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for [`Seat::First`], 1 for [`Seat::Second`] (the index of the
    /// view's two-element arrays).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"first"` or `"second"` (the serde name too).
    pub const fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Who is looking at a room: a seated player or a spectator. Only a
/// [`Seat`] can act ([`Room::act`](super::Room::act) takes one); a server
/// that resolves a request to a `Role` calls
/// [`Room::act_as`](super::Room::act_as), which refuses a spectator.
///
/// A spectator has no seat to act from: this does not compile.
/// ```compile_fail
/// use draughts::room::{Action, Role, Room, RoomRules};
/// let mut room = Room::create("english", RoomRules::default(), 0).unwrap();
/// room.act(Role::Spectator, Action::Resign, 1);
/// ```
/// ```
/// use draughts::room::{Action, Role, Room, RoomError, RoomRules};
/// let mut room = Room::create("english", RoomRules::default(), 0).unwrap();
/// assert_eq!(room.act_as(Role::Spectator, Action::Resign, 1), Err(RoomError::Spectator));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Role {
    /// A player in this seat.
    Player(Seat),
    /// Anyone else with the room's link: sees the [`RoomView`], cannot act.
    Spectator,
}

/// What a player does in a room. With serde: `{"type": "move", "text": "11-15"}`,
/// `{"type": "offer_draw"}`...
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum Action {
    /// Take the free seat ([`Seat::Second`]) of a waiting room: the game starts.
    Join,
    /// Play a move, in any text the library reads (`11-15`, `28x19x10`, `c3-d4`).
    Move {
        /// The move text (at most [`MAX_MOVE_TEXT`](super::MAX_MOVE_TEXT) bytes).
        text: String,
    },
    /// Offer a draw (either player, at any time in play; offering when the
    /// opponent's offer stands accepts it).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer (a move by the player the offer was
    /// made to declines it too).
    DeclineDraw,
    /// Resign (either player, at any time in play).
    Resign,
    /// Claim the win because the opponent, to move, has not moved for more
    /// than [`RoomRules::absence`] seconds.
    ClaimAbsence,
    /// Ask for, or agree to, a rematch once the game has ended (except by expiry).
    Rematch,
}

/// The state of a room.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RoomState {
    /// Created, waiting for the second player.
    Waiting,
    /// Both seated, a game in progress.
    Playing,
    /// The game has ended with a result; a rematch may follow.
    Finished,
    /// No move (or no joiner) for [`RoomRules::expiry`]: over, without a winner.
    Expired,
}

impl RoomState {
    /// `"waiting"`, `"playing"`, `"finished"` or `"expired"` (the serde name too).
    pub const fn name(self) -> &'static str {
        match self {
            RoomState::Waiting => "waiting",
            RoomState::Playing => "playing",
            RoomState::Finished => "finished",
            RoomState::Expired => "expired",
        }
    }
}

/// Why a seat won.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RoomWin {
    /// Won on the board: the game's [`WinReason`](crate::WinReason) name
    /// (`"no_pieces"`, `"blocked"`, `"out_of_moves"`, `"first_king"`).
    Board(String),
    /// The opponent resigned.
    Resignation,
    /// The opponent, to move, was absent for more than the absence time.
    Absence,
    /// The opponent ran out of time in a live room.
    Time,
}

/// How a game in a room ended. With serde: `{"type": "win", "seat": "first",
/// "reason": "resignation"}`, `{"type": "draw", "reason": "agreement"}`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum RoomResult {
    /// `seat` won.
    Win {
        /// The winner's seat.
        seat: Seat,
        /// Why.
        reason: RoomWin,
    },
    /// A draw.
    Draw {
        /// The [`DrawReason`](crate::DrawReason) name: `"agreement"`,
        /// `"repetition"`, `"king_moves"`...
        reason: String,
    },
    /// Stopped by the players or the clock (a resignation, a draw agreed,
    /// an absence claimed, a loss on time) before each side had made
    /// [`ABORT_BEFORE_MOVES`](super::ABORT_BEFORE_MOVES) moves: no winner,
    /// and not a game to rate. With serde: `{"type": "aborted", "reason":
    /// "resignation"}`.
    Aborted {
        /// What stopped it: `"resignation"`, `"agreement"`, `"absence"` or `"time"`.
        reason: String,
    },
}

impl RoomResult {
    /// The winner's seat, if any.
    pub fn winner(&self) -> Option<Seat> {
        match self {
            RoomResult::Win { seat, .. } => Some(*seat),
            RoomResult::Draw { .. } | RoomResult::Aborted { .. } => None,
        }
    }

    /// Whether the game was aborted ([`RoomResult::Aborted`]): it has no
    /// winner and is no game for a rating.
    ///
    /// ```
    /// use draughts::room::RoomResult;
    /// assert!(RoomResult::Aborted { reason: "resignation".into() }.is_aborted());
    /// assert!(!RoomResult::Draw { reason: "agreement".into() }.is_aborted());
    /// ```
    pub fn is_aborted(&self) -> bool {
        matches!(self, RoomResult::Aborted { .. })
    }
}

/// What an accepted action or [`Room::update`](super::Room::update) changed, in
/// order. With serde: `{"type": "moved", "seat": "first", "text": "11-15"}`...
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum RoomEvent {
    /// The second player took their seat; game 1 has begun.
    Joined,
    /// `seat` played the move `text` (full-path text).
    Moved {
        /// Who moved.
        seat: Seat,
        /// The move, in full-path text.
        text: String,
    },
    /// `seat` offered a draw.
    DrawOffered {
        /// Who offered.
        seat: Seat,
    },
    /// `seat` declined the opponent's offer (explicitly or by moving).
    DrawDeclined {
        /// Who declined.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// How.
        result: RoomResult,
    },
    /// `seat` asked for a rematch.
    RematchAsked {
        /// Who asked.
        seat: Seat,
    },
    /// Both asked: game `game_number` has begun, sides swapped.
    RematchStarted {
        /// The new game's number.
        game_number: u32,
    },
    /// The room expired without a winner.
    Expired,
}

/// Why a room refused an action, or a record did not restore. A refused
/// action changes nothing. [`RoomError::kind`] is a stable name for each.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RoomError {
    /// Neither a built-in variant nor a house rule (nor a name the resolver knows).
    #[error(transparent)]
    UnknownMode(#[from] UnknownMode),
    /// Joining a room whose second seat is taken, or joining one's own room.
    #[error("the seat is taken")]
    SeatTaken,
    /// An action by a seat nobody has taken yet.
    #[error("nobody sits in this seat yet: join the room first")]
    NotSeated,
    /// An action by a spectator ([`Room::act_as`](super::Room::act_as)).
    #[error("spectators cannot act in a room")]
    Spectator,
    /// A move by the player not to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// An absence claim by the player to move.
    #[error("it is your turn: absence can only be claimed against the player to move")]
    OwnTurn,
    /// An action that needs a game in play (or a finished one) at the wrong time.
    #[error("the room is {}: no game is in play", .0.name())]
    NotPlaying(RoomState),
    /// The room has expired (or expires at this time: call `update`).
    #[error("the room has expired")]
    Expired,
    /// A live move after the move time (call `update`, which records the loss).
    #[error("the move time has run out")]
    TimeUp,
    /// Move text that names no legal move, or several.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// Move text that is not move text (or is too long).
    #[error("malformed move: {0}")]
    MalformedMove(String),
    /// Accepting or declining when no draw is offered.
    #[error("no draw has been offered")]
    NoDrawOffer,
    /// Offering twice, or answering one's own offer.
    #[error("this is your own draw offer: the opponent answers it")]
    OwnDrawOffer,
    /// An absence claim before the absence time has passed.
    #[error("too early: the absence can be claimed from time {at}")]
    TooEarly {
        /// The first time the claim is accepted.
        at: Time,
    },
    /// A rematch request while the game is in play, or after expiry.
    #[error("a rematch can only be asked for when a game has ended (not by expiry)")]
    RematchUnavailable,
    /// A second rematch request by the same seat.
    #[error("you have already asked for a rematch")]
    RematchAsked,
    /// A record whose moves do not replay: the game, ply (from 0), move text and why.
    #[error("game {game} of the record does not replay: move {ply} `{text}`: {message}")]
    Replay {
        /// The game number.
        game: u32,
        /// The ply, from 0.
        ply: usize,
        /// The move text.
        text: String,
        /// Why it was refused.
        message: String,
    },
    /// A record that contradicts itself (e.g. a result the moves do not give).
    #[error("inconsistent room record: {0}")]
    BadRecord(String),
}

impl RoomError {
    /// A stable `snake_case` name for the error (what a server sends as its
    /// error kind): `"unknown_mode"`, `"seat_taken"`, `"not_your_turn"`...
    ///
    /// ```
    /// use draughts::room::RoomError;
    /// assert_eq!(RoomError::NotYourTurn.kind(), "not_your_turn");
    /// ```
    pub const fn kind(&self) -> &'static str {
        match self {
            RoomError::UnknownMode(_) => "unknown_mode",
            RoomError::SeatTaken => "seat_taken",
            RoomError::NotSeated => "not_seated",
            RoomError::Spectator => "spectator",
            RoomError::NotYourTurn => "not_your_turn",
            RoomError::OwnTurn => "own_turn",
            RoomError::NotPlaying(_) => "not_playing",
            RoomError::Expired => "expired",
            RoomError::TimeUp => "time_up",
            RoomError::IllegalMove(_) => "illegal_move",
            RoomError::MalformedMove(_) => "malformed_move",
            RoomError::NoDrawOffer => "no_draw_offer",
            RoomError::OwnDrawOffer => "own_draw_offer",
            RoomError::TooEarly { .. } => "too_early",
            RoomError::RematchUnavailable => "rematch_unavailable",
            RoomError::RematchAsked => "rematch_asked",
            RoomError::Replay { .. } => "replay",
            RoomError::BadRecord(_) => "bad_record",
        }
    }
}

/// What every client of a room is shown (players and spectators alike):
/// plain data, serialized as JSON by a server.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoomView {
    /// The mode: the variant's name (`"spanish-site"`, `"english"`...).
    pub mode: String,
    /// The built-in family of the mode (`"spanish"` for `"spanish-site"`;
    /// [`DynGame::family`](crate::dynamic::DynGame::family)).
    pub variant: String,
    /// The time rules.
    pub rules: RoomRules,
    /// The state.
    pub state: RoomState,
    /// The game's number in the room, from 1.
    pub game_number: u32,
    /// The current position in FEN.
    pub fen: String,
    /// The moves of the current game, full-path text.
    pub moves: Vec<String>,
    /// The seat to move (while playing).
    pub turn: Option<Seat>,
    /// The colour each seat plays in this game (`[first, second]`).
    #[cfg_attr(feature = "serde", serde(with = "color_names"))]
    pub colors: [Color; 2],
    /// The legal moves, full-path text (while playing; empty otherwise).
    pub legal_moves: Vec<String>,
    /// The seat whose draw offer stands.
    pub draw_offer: Option<Seat>,
    /// The seats that have asked for a rematch.
    pub rematch: Vec<Seat>,
    /// The result, once the game has ended (none after expiry).
    pub result: Option<RoomResult>,
    /// The result in words (`"White wins: Black resigned"`), or the expiry.
    pub result_text: Option<String>,
    /// When the current turn began (the last move, the join or the
    /// rematch; the creation while waiting).
    pub turn_started: Time,
    /// While playing: the first time the player not to move may claim the
    /// win for absence.
    pub absence_claimable_at: Option<Time>,
    /// While waiting or playing: the first time at which the room is expired.
    pub expires_at: Option<Time>,
    /// Live rooms, while playing: the last time a move is in time.
    pub move_deadline: Option<Time>,
    /// Whether each seat is taken (`[first, second]`).
    pub seated: [bool; 2],
    /// The time the view was made at (the `now` given to
    /// [`Room::view`](super::Room::view)), so that a client can count
    /// down to the times above by the server's clock.
    pub now: Time,
}

/// Colours as their stable names (`"white"`, `"black"`).
#[cfg(feature = "serde")]
mod color_names {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::variant::Color;

    pub fn serialize<S: Serializer>(colors: &[Color; 2], s: S) -> Result<S::Ok, S::Error> {
        [colors[0].name(), colors[1].name()].serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Color; 2], D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        let read = |s: String| s.parse::<Color>().map_err(D::Error::custom);
        Ok([read(a)?, read(b)?])
    }
}

/// A game played to its end in a room, before a rematch.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The game's number in the room (odd: [`Seat::First`] moved first).
    pub game_number: u32,
    /// Its moves, full-path text.
    pub moves: Vec<String>,
    /// How it ended.
    pub result: RoomResult,
}

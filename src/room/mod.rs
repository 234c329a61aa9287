//! Play by link: a [`Room`] is the state machine of a game between two
//! people who each play their turn when they can (or live, against a move
//! clock), as the seed site describes it. It owns every rule; a server
//! stores it (feature `serde`: a [`RoomRecord`]), authenticates players,
//! tells it the time and shows everyone its [`RoomView`]. No I/O, no clock.
//!
//! # The rules
//! * **Seats.** The creator takes [`Seat::First`] and plays the mode they
//!   chose (any built-in variant or house rule by name, [`Room::create`], or
//!   any custom variant, [`Room::with_game`]); the joiner sees the mode in
//!   the view before taking [`Seat::Second`] with [`Action::Join`]. In game 1
//!   the creator has the side that moves first and starts.
//! * **Authorisation.** [`Room::act`] takes a [`Seat`]: there is no seat for
//!   a spectator, so a spectator cannot even express an action; a server
//!   that holds a [`Role`] calls [`Room::act_as`], which refuses
//!   [`Role::Spectator`]. Moves only by the seat to move; every refused
//!   action returns a [`RoomError`] and changes nothing.
//! * **Draws.** Either player offers a draw while a game is in play; the
//!   opponent accepts or declines it, and moving declines it too (an offer
//!   made before one's own move stands for the opponent to answer). Offering
//!   when the opponent's offer stands accepts it. Draws by the variant's
//!   rules end the game on the ply they arise.
//! * **Resignation** by either player at any time in play.
//! * **Aborted games.** A game that a resignation, a draw agreed, an
//!   absence claim or a loss on time stops before each side has made
//!   [`ABORT_BEFORE_MOVES`] moves (2) is aborted: its result is
//!   [`RoomResult::Aborted`], with no winner, and it is not a game to rate.
//!   A game the board ends is never aborted.
//! * **Absence.** If the player to move has not moved for more than
//!   [`RoomRules::absence`] seconds (2 days) since the turn began, the
//!   opponent may claim the win ([`Action::ClaimAbsence`]): refused at
//!   exactly 172 800 s, accepted from 172 801 s.
//! * **Expiry.** A room with no move for more than [`RoomRules::expiry`]
//!   seconds (7 days) since the turn began — or, waiting, since its creation
//!   — expires without a winner.
//! * **Live rooms** ([`Pace::Live`]): each move within
//!   [`RoomRules::move_time`] seconds (60) of the turn's start; one second
//!   later the player to move has lost on time.
//! * **Rematch.** Once a game has ended (any way but expiry), when both
//!   players have asked ([`Action::Rematch`]) a new game starts in the room
//!   with the sides swapped: in even-numbered games [`Seat::Second`] moves
//!   first ([`Room::opening_seat`], [`Room::colors`]); the game number goes up
//!   by one and the finished game joins [`Room::earlier_games`] (a server
//!   that stores each finished game itself takes them out,
//!   [`Room::take_earlier_games`], so that a room's record holds one game).
//!
//! # Time
//! Every call is given the time `now` ([`Time`], seconds). The clock's rules
//! (expiry, loss on time) are applied by [`Room::update`], which a server
//! calls before each action and at [`Room::deadline`]; [`Room::act`] refuses
//! an action that comes after such a limit, changing nothing, so that what
//! the clock decides is decided by `update` alone.
//!
//! # Example: a whole short game by link
//! ```
//! use draughts::room::{Action, Room, RoomError, RoomEvent, RoomResult, RoomRules, RoomState, RoomWin, Seat};
//!
//! let t0 = 1_700_000_000;
//! let mut room = Room::create("english", RoomRules::default(), t0).unwrap();
//! // The joiner, from the link, sees the mode before accepting.
//! assert_eq!(room.view(t0 + 5).mode, "english");
//! room.act(Seat::Second, Action::Join, t0 + 10).unwrap();
//!
//! // The creator moves first (Black in English draughts).
//! let mv = |text: &str| Action::Move { text: text.to_string() };
//! assert_eq!(room.seat_to_move(), Some(Seat::First));
//! assert_eq!(room.act(Seat::Second, mv("22-18"), t0 + 20), Err(RoomError::NotYourTurn));
//! room.act(Seat::First, mv("11-15"), t0 + 20).unwrap();
//! room.act(Seat::Second, mv("22-18"), t0 + 3_600).unwrap();
//! let events = room.act(Seat::First, mv("15x22"), t0 + 7_200).unwrap();
//! assert_eq!(events, [RoomEvent::Moved { seat: Seat::First, text: "15x22".into() }]);
//! room.act(Seat::Second, mv("25x18"), t0 + 9_000).unwrap();
//!
//! // The first player stays away for more than two days: the win is claimable.
//! let away = t0 + 9_000 + 172_800;
//! assert_eq!(room.act(Seat::Second, Action::ClaimAbsence, away), Err(RoomError::TooEarly { at: away + 1 }));
//! room.act(Seat::Second, Action::ClaimAbsence, away + 1).unwrap();
//! assert_eq!(room.state(), RoomState::Finished);
//! assert_eq!(room.result(), Some(&RoomResult::Win { seat: Seat::Second, reason: RoomWin::Absence }));
//!
//! // A spectator sees what the players see.
//! let view = room.view(away + 2);
//! assert_eq!(view.moves, ["11-15", "22-18", "15x22", "25x18"]);
//! assert_eq!(view.result_text.as_deref(), Some("White wins: Black did not move for more than 2 days"));
//!
//! // Both ask for a rematch: game 2, the joiner now moves first.
//! room.act(Seat::Second, Action::Rematch, away + 10).unwrap();
//! room.act(Seat::First, Action::Rematch, away + 20).unwrap();
//! assert_eq!((room.game_number(), room.seat_to_move()), (2, Some(Seat::Second)));
//! ```

mod machine;
mod record;
mod types;

pub use machine::{Room, ABORT_BEFORE_MOVES, MAX_MOVE_TEXT};
pub use record::RoomRecord;
pub use types::{
    Action, GameRecord, Pace, Role, RoomError, RoomEvent, RoomResult, RoomRules, RoomState,
    RoomView, RoomWin, Seat, Time,
};

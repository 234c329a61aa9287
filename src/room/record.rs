//! A room as data: [`RoomRecord`], and restoring a room from it by replaying
//! its moves through the library.

use crate::dynamic::{new_game, DynGame, UnknownMode};
use crate::game::Declaration;

use super::machine::Room;
use super::types::{GameRecord, RoomError, RoomResult, RoomRules, RoomState, RoomWin, Seat, Time};

/// Everything a room is, as plain data: what a server stores (with serde,
/// [`Room`] serializes as this record). The position is not stored: it is
/// what the moves give, and [`Room::from_record`] replays them.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoomRecord {
    /// The mode: the variant's name.
    pub mode: String,
    /// The time rules.
    pub rules: RoomRules,
    /// The state.
    pub state: RoomState,
    /// Whether each seat is taken.
    pub seated: [bool; 2],
    /// When the room was created.
    pub created: Time,
    /// When the current turn began.
    pub turn_started: Time,
    /// When the current game ended (or the room expired).
    pub ended_at: Option<Time>,
    /// The current game's number, from 1.
    pub game_number: u32,
    /// The current game's moves, full-path text.
    pub moves: Vec<String>,
    /// The seat whose draw offer stands.
    pub draw_offer: Option<Seat>,
    /// The seats that have asked for a rematch.
    pub rematch: Vec<Seat>,
    /// The current game's result.
    pub result: Option<RoomResult>,
    /// The earlier games, oldest first, numbered up to the current game's
    /// number: all of them (1, 2, ...), the last few, or none when they are
    /// stored elsewhere ([`Room::take_earlier_games`]). May be left out.
    #[cfg_attr(feature = "serde", serde(default))]
    pub earlier: Vec<GameRecord>,
}

fn bad(why: impl Into<String>) -> RoomError {
    RoomError::BadRecord(why.into())
}

/// Replays `moves` as game `number` of a fresh copy of `blank`.
fn replay(
    blank: &dyn DynGame,
    number: u32,
    moves: &[String],
) -> Result<Box<dyn DynGame>, RoomError> {
    let mut game = blank.fresh();
    for (ply, text) in moves.iter().enumerate() {
        game.play(text).map_err(|e| RoomError::Replay {
            game: number,
            ply,
            text: text.clone(),
            message: e.to_string(),
        })?;
    }
    Ok(game)
}

impl Room {
    /// The room as a record.
    pub fn record(&self) -> RoomRecord {
        RoomRecord {
            mode: self.game.name().to_string(),
            rules: self.rules,
            state: self.state,
            seated: self.seated,
            created: self.created,
            turn_started: self.turn_started,
            ended_at: self.ended_at,
            game_number: self.game_number,
            moves: self.game.moves().into_iter().map(|m| m.text).collect(),
            draw_offer: self.draw_offer,
            rematch: self.rematch.clone(),
            result: self.result.clone(),
            earlier: self.earlier.clone(),
        }
    }

    /// Restores a room of a built-in variant or house rule from its record
    /// (what serde's `Deserialize` for [`Room`] does).
    pub fn restore(record: RoomRecord) -> Result<Room, RoomError> {
        Room::from_record(record, |name| new_game(name).ok())
    }

    /// Restores a room from its record, with `resolve` giving a new game of
    /// the record's mode name (`None`: unknown). For a custom variant, the
    /// resolver knows its name and falls back on [`new_game`] for the others:
    ///
    /// ```
    /// use draughts::dynamic::{new_game, DynGame};
    /// use draughts::house_rules::English50;
    /// use draughts::room::{Room, RoomRules};
    /// use draughts::{Game, Variant};
    ///
    /// let room = Room::with_game(Box::new(Game::<English50>::new()), RoomRules::default(), 0);
    /// let resolve = |name: &str| -> Option<Box<dyn DynGame>> {
    ///     if name == English50::NAME { Some(Box::new(Game::<English50>::new())) } else { new_game(name).ok() }
    /// };
    /// let back = Room::from_record(room.record(), resolve).unwrap();
    /// assert_eq!(back.record(), room.record());
    /// ```
    ///
    /// Every game's moves are replayed (a move that does not replay is
    /// [`RoomError::Replay`]), and the record must agree with itself: the
    /// seats with the state, the result with the moves (a board result is
    /// what the moves give; a resignation, absence, time or agreement needs
    /// a game the moves leave in play; an abort, one too short to count,
    /// [`Room::would_abort`]), the game numbers with the earlier games kept
    /// ([`RoomError::BadRecord`] otherwise). Nothing panics.
    pub fn from_record(
        record: RoomRecord,
        resolve: impl Fn(&str) -> Option<Box<dyn DynGame>>,
    ) -> Result<Room, RoomError> {
        let blank = resolve(&record.mode).ok_or_else(|| UnknownMode(record.mode.clone()))?;
        if blank.name() != record.mode {
            return Err(bad(format!(
                "the resolver gave `{}` for mode `{}`",
                blank.name(),
                record.mode
            )));
        }
        if record.game_number == 0
            || record.earlier.len() as u64 > u64::from(record.game_number) - 1
        {
            return Err(bad("the game number does not follow the earlier games"));
        }
        // The earlier games kept end with the game before the current one.
        let first_kept = record.game_number - record.earlier.len() as u32;
        if record.turn_started < record.created
            || record.ended_at.is_some_and(|t| t < record.turn_started)
        {
            return Err(bad("the times are out of order"));
        }
        let ended = matches!(record.state, RoomState::Finished | RoomState::Expired);
        if record.ended_at.is_some() != ended {
            return Err(bad("an end time without an end, or an end without one"));
        }
        let mut room = Room::with_game(blank.fresh(), record.rules, record.created);
        for (i, earlier) in record.earlier.iter().enumerate() {
            if u64::from(earlier.game_number) != u64::from(first_kept) + i as u64 {
                return Err(bad(
                    "the earlier games are not numbered in order up to the current game",
                ));
            }
            room.game_number = earlier.game_number;
            room.game = replay(&*blank, earlier.game_number, &earlier.moves)?;
            room.check_result(&earlier.result)?;
        }
        room.game_number = record.game_number;
        room.game = replay(&*blank, record.game_number, &record.moves)?;
        room.state = record.state;
        room.seated = record.seated;
        room.turn_started = record.turn_started;
        room.ended_at = record.ended_at;
        room.draw_offer = record.draw_offer;
        room.rematch = record.rematch;
        room.earlier = record.earlier;
        let both = room.seated == [true, true];
        match (room.state, &record.result) {
            (RoomState::Waiting, None) => {
                if room.seated != [true, false] || room.game_number != 1 || !record.moves.is_empty()
                {
                    return Err(bad("a waiting room has one player and no move"));
                }
            }
            (RoomState::Playing, None) => {
                if !both || room.game.outcome().is_some() {
                    return Err(bad("a room in play has two players and a game not over"));
                }
            }
            (RoomState::Expired, None) => {
                if room.game.outcome().is_some() {
                    return Err(bad("an expired room has a game that did not end"));
                }
            }
            (RoomState::Finished, Some(result)) => {
                if !both {
                    return Err(bad("a finished room has two players"));
                }
                room.check_result(result)?;
                room.result = Some(result.clone());
            }
            (state, _) => {
                return Err(bad(format!(
                    "a {} room {} a result",
                    state.name(),
                    if record.result.is_some() {
                        "with"
                    } else {
                        "without"
                    }
                )))
            }
        }
        if room.draw_offer.is_some() && room.state != RoomState::Playing {
            return Err(bad("a draw offer outside play"));
        }
        let rematch = &room.rematch;
        if rematch.len() > 1 || !rematch.is_empty() && room.state != RoomState::Finished {
            return Err(bad("rematch requests outside a finished game, or repeated"));
        }
        Ok(room)
    }

    /// Checks that the game as replayed ends with `result`, declaring it
    /// into the game when the players, not the board, ended it.
    fn check_result(&mut self, result: &RoomResult) -> Result<(), RoomError> {
        if let Some(outcome) = self.game.outcome() {
            return if self.result_of(outcome) == *result {
                Ok(())
            } else {
                Err(bad(format!(
                    "game {} ends `{outcome}`, not as recorded",
                    self.game_number
                )))
            };
        }
        let declaration = match result {
            RoomResult::Win {
                seat,
                reason: RoomWin::Resignation,
            } => Declaration::Resignation(self.color_of(seat.other())),
            RoomResult::Win {
                seat,
                reason: RoomWin::Time,
            } => Declaration::TimeForfeit(self.color_of(seat.other())),
            RoomResult::Win {
                reason: RoomWin::Absence,
                ..
            } => return Ok(()),
            RoomResult::Draw { reason } if reason == crate::DrawReason::Agreement.name() => {
                Declaration::DrawByAgreement
            }
            RoomResult::Aborted { .. } => {
                return if self.would_abort() {
                    Ok(())
                } else {
                    Err(bad(format!(
                        "game {} is recorded aborted after each side had made its moves",
                        self.game_number
                    )))
                }
            }
            _ => {
                return Err(bad(format!(
                    "game {} does not end as recorded: its moves leave it in play",
                    self.game_number
                )))
            }
        };
        self.game
            .declare(declaration)
            .map(|_| ())
            .map_err(|e| bad(e.to_string()))
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Room, RoomRecord};

    /// A room serializes as its [`RoomRecord`].
    impl Serialize for Room {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.record().serialize(s)
        }
    }

    /// A room deserializes from its [`RoomRecord`] by [`Room::restore`]
    /// (built-in variants and house rules; for a custom variant, deserialize
    /// the record and call [`Room::from_record`]). A record that does not
    /// replay is an error naming the move.
    impl<'de> Deserialize<'de> for Room {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Room, D::Error> {
            Room::restore(RoomRecord::deserialize(d)?).map_err(D::Error::custom)
        }
    }
}

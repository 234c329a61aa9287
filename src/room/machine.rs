//! [`Room`]: the state machine.

use crate::dynamic::{new_game, DynGame};
use crate::game::{Declaration, GameError};
use crate::outcome::Outcome;
use crate::variant::Color;
use crate::MoveTextError;

use super::types::{
    Action, GameRecord, Pace, Role, RoomError, RoomEvent, RoomResult, RoomRules, RoomState,
    RoomView, RoomWin, Seat, Time,
};

/// The longest move text a room reads, in bytes (a 12x12 capture of every
/// piece fits many times over); longer text is refused as malformed
/// before it is parsed.
pub const MAX_MOVE_TEXT: usize = 512;

/// A game that the players or the clock stop (a resignation, a draw agreed,
/// an absence claimed, a loss on time) before each side has made this many
/// moves is aborted ([`RoomResult::Aborted`]): it has no winner and is not
/// rated. A game the board ends is never aborted.
pub const ABORT_BEFORE_MOVES: usize = 2;

/// A play-by-link room: two seats, one game at a time of one mode, the time
/// rules, draw offers, resignation, the absence claim, expiry and rematches.
/// See [the module documentation](super) for the rules and an example.
#[derive(Clone, Debug)]
pub struct Room {
    pub(super) game: Box<dyn DynGame>,
    pub(super) rules: RoomRules,
    pub(super) state: RoomState,
    pub(super) seated: [bool; 2],
    pub(super) created: Time,
    pub(super) turn_started: Time,
    pub(super) ended_at: Option<Time>,
    pub(super) game_number: u32,
    pub(super) draw_offer: Option<Seat>,
    pub(super) rematch: Vec<Seat>,
    pub(super) result: Option<RoomResult>,
    pub(super) earlier: Vec<GameRecord>,
}

/// A change the clock brings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Due {
    Expire,
    TimeLoss(Seat),
}

impl Room {
    /// A room of `mode` (any name [`new_game`] accepts: a built-in variant
    /// or a house rule, case ignored), created at `now` by the player who
    /// takes [`Seat::First`]; it waits for a second player.
    ///
    /// ```
    /// use draughts::room::{Room, RoomRules, RoomState, RoomError};
    /// let room = Room::create("Spanish-Site", RoomRules::default(), 1_000).unwrap();
    /// assert_eq!(room.view(1_000).mode, "spanish-site");
    /// assert_eq!(room.state(), RoomState::Waiting);
    /// assert!(matches!(Room::create("chess", RoomRules::default(), 0), Err(RoomError::UnknownMode(_))));
    /// ```
    pub fn create(mode: &str, rules: RoomRules, now: Time) -> Result<Room, RoomError> {
        Ok(Room::with_game(new_game(mode)?, rules, now))
    }

    /// A room of the variant of `game` (any [`DynGame`], so any custom
    /// variant): the room plays from that variant's start position (the
    /// position of `game` is not used). Restoring such a room from its
    /// record needs a resolver that knows the variant's name
    /// ([`Room::from_record`]).
    pub fn with_game(game: Box<dyn DynGame>, rules: RoomRules, now: Time) -> Room {
        Room {
            game: game.fresh(),
            rules,
            state: RoomState::Waiting,
            seated: [true, false],
            created: now,
            turn_started: now,
            ended_at: None,
            game_number: 1,
            draw_offer: None,
            rematch: Vec::new(),
            result: None,
            earlier: Vec::new(),
        }
    }

    /// The state.
    pub fn state(&self) -> RoomState {
        self.state
    }

    /// The time rules.
    pub fn rules(&self) -> RoomRules {
        self.rules
    }

    /// The current game.
    pub fn game(&self) -> &dyn DynGame {
        &*self.game
    }

    /// The game's number in the room, from 1 (+1 at each rematch).
    pub fn game_number(&self) -> u32 {
        self.game_number
    }

    /// The result of the current game, once it has ended (none after expiry).
    pub fn result(&self) -> Option<&RoomResult> {
        self.result.as_ref()
    }

    /// The earlier games of the room (before the last rematch), oldest
    /// first: every game since the room's creation, or since the last
    /// [`take_earlier_games`](Self::take_earlier_games).
    pub fn earlier_games(&self) -> &[GameRecord] {
        &self.earlier
    }

    /// Takes the earlier games out of the room, oldest first. A server that
    /// stores each finished game on its own (see
    /// [`finished_game`](Self::finished_game)) calls it before storing the
    /// room: the room's record then holds the current game only, and stays
    /// the size of one game however many rematches are played.
    ///
    /// ```
    /// use draughts::room::{Action, Room, RoomRules, Seat};
    /// let mut room = Room::create("english", RoomRules::default(), 0).unwrap();
    /// room.act(Seat::Second, Action::Join, 1).unwrap();
    /// room.act(Seat::First, Action::Resign, 2).unwrap();
    /// let game_1 = room.finished_game().unwrap();
    /// room.act(Seat::First, Action::Rematch, 3).unwrap();
    /// room.act(Seat::Second, Action::Rematch, 4).unwrap();
    /// assert_eq!(room.take_earlier_games(), [game_1]);
    /// assert!(room.earlier_games().is_empty());
    /// // The record restores without them: game 2 goes on.
    /// let back = Room::restore(room.record()).unwrap();
    /// assert_eq!(back.game_number(), 2);
    /// ```
    pub fn take_earlier_games(&mut self) -> Vec<GameRecord> {
        core::mem::take(&mut self.earlier)
    }

    /// The current game as a record, once it has ended with a result (not
    /// while it is in play, nor after expiry).
    pub fn finished_game(&self) -> Option<GameRecord> {
        Some(GameRecord {
            game_number: self.game_number,
            moves: texts(self.game.moves()),
            result: self.result.clone()?,
        })
    }

    /// The seat that moves first in the current game: [`Seat::First`] in
    /// odd-numbered games, [`Seat::Second`] in even ones (the sides swap at
    /// each rematch).
    pub fn opening_seat(&self) -> Seat {
        if self.game_number % 2 == 1 {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The colour each seat plays in the current game (`[first, second]`):
    /// the opening seat plays the variant's first mover (Black in English
    /// draughts, White in most others).
    pub fn colors(&self) -> [Color; 2] {
        let mover = self.game.rules().first_mover;
        match self.opening_seat() {
            Seat::First => [mover, mover.opponent()],
            Seat::Second => [mover.opponent(), mover],
        }
    }

    /// The colour `seat` plays in the current game.
    pub fn color_of(&self, seat: Seat) -> Color {
        self.colors()[seat.index()]
    }

    fn seat_of(&self, color: Color) -> Seat {
        if self.color_of(Seat::First) == color {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The seat to move, while a game is in play.
    pub fn seat_to_move(&self) -> Option<Seat> {
        (self.state == RoomState::Playing).then(|| self.seat_of(self.game.turn()))
    }

    /// The next time at which [`update`](Self::update) changes the room (the
    /// expiry, or a live move's loss on time), if any.
    pub fn deadline(&self) -> Option<Time> {
        let expiry = self
            .turn_started
            .saturating_add(self.rules.expiry)
            .saturating_add(1);
        match self.state {
            RoomState::Waiting => Some(expiry),
            RoomState::Playing => Some(match self.rules.pace {
                Pace::Correspondence => expiry,
                Pace::Live => expiry.min(self.move_timeout()),
            }),
            RoomState::Finished | RoomState::Expired => None,
        }
    }

    /// The first time a live move is late.
    fn move_timeout(&self) -> Time {
        self.turn_started
            .saturating_add(self.rules.move_time)
            .saturating_add(1)
    }

    /// The latest time the room has recorded; an earlier `now` counts as it.
    fn latest(&self) -> Time {
        self.ended_at
            .unwrap_or(self.turn_started)
            .max(self.turn_started)
    }

    /// What the clock changes at `now`, if anything.
    fn due(&self, now: Time) -> Option<Due> {
        let deadline = self.deadline()?;
        if now < deadline {
            return None;
        }
        let live = self.rules.pace == Pace::Live && self.state == RoomState::Playing;
        Some(if live && deadline == self.move_timeout() {
            Due::TimeLoss(self.seat_to_move().expect("playing"))
        } else {
            Due::Expire
        })
    }

    /// Applies the time rules at `now`: expires a room with no move (or no
    /// joiner) for more than [`RoomRules::expiry`] seconds, and in a live
    /// room records the loss on time of a player who has not moved within
    /// [`RoomRules::move_time`]. Returns what changed (nothing, usually).
    /// A server calls it before every [`act`](Self::act) and at
    /// [`deadline`](Self::deadline).
    pub fn update(&mut self, now: Time) -> Vec<RoomEvent> {
        let now = now.max(self.latest());
        match self.due(now) {
            None => Vec::new(),
            Some(Due::Expire) => {
                self.state = RoomState::Expired;
                self.draw_offer = None;
                self.ended_at = Some(now);
                vec![RoomEvent::Expired]
            }
            Some(Due::TimeLoss(seat)) => {
                let color = self.color_of(seat);
                let result = RoomResult::Win {
                    seat: seat.other(),
                    reason: RoomWin::Time,
                };
                vec![self.stop(Declaration::TimeForfeit(color), result, now)]
            }
        }
    }

    /// [`act`](Self::act) for a [`Role`]: a spectator is refused
    /// ([`RoomError::Spectator`]), a player acts from their seat.
    pub fn act_as(
        &mut self,
        role: Role,
        action: Action,
        now: Time,
    ) -> Result<Vec<RoomEvent>, RoomError> {
        match role {
            Role::Player(seat) => self.act(seat, action, now),
            Role::Spectator => Err(RoomError::Spectator),
        }
    }

    /// The player in `seat` does `action` at `now`. Returns what changed,
    /// or refuses with the reason and changes nothing.
    ///
    /// `act` applies no time rule itself: if [`update`](Self::update) would
    /// change the room at `now` (it has expired, or a live player's time has
    /// run out), the action is refused ([`RoomError::Expired`],
    /// [`RoomError::TimeUp`]) and the room stays as it was until `update`
    /// records it. A time earlier than one the room has recorded counts as
    /// that time.
    pub fn act(
        &mut self,
        seat: Seat,
        action: Action,
        now: Time,
    ) -> Result<Vec<RoomEvent>, RoomError> {
        let now = now.max(self.latest());
        match self.due(now) {
            Some(Due::Expire) => return Err(RoomError::Expired),
            Some(Due::TimeLoss(_)) => return Err(RoomError::TimeUp),
            None => {}
        }
        if self.state == RoomState::Expired {
            return Err(RoomError::Expired);
        }
        if action == Action::Join {
            return self.join(seat, now);
        }
        if !self.seated[seat.index()] {
            return Err(RoomError::NotSeated);
        }
        match action {
            Action::Join => unreachable!("handled above"),
            Action::Move { text } => self.play(seat, &text, now),
            Action::OfferDraw => {
                self.playing()?;
                match self.draw_offer {
                    Some(s) if s == seat => Err(RoomError::OwnDrawOffer),
                    Some(_) => Ok(self.agree(now)),
                    None => {
                        self.draw_offer = Some(seat);
                        Ok(vec![RoomEvent::DrawOffered { seat }])
                    }
                }
            }
            Action::AcceptDraw => {
                self.answerable(seat)?;
                Ok(self.agree(now))
            }
            Action::DeclineDraw => {
                self.answerable(seat)?;
                self.draw_offer = None;
                Ok(vec![RoomEvent::DrawDeclined { seat }])
            }
            Action::Resign => {
                self.playing()?;
                let result = RoomResult::Win {
                    seat: seat.other(),
                    reason: RoomWin::Resignation,
                };
                let resignation = Declaration::Resignation(self.color_of(seat));
                Ok(vec![self.stop(resignation, result, now)])
            }
            Action::ClaimAbsence => {
                self.playing()?;
                if self.seat_to_move() == Some(seat) {
                    return Err(RoomError::OwnTurn);
                }
                let at = self
                    .turn_started
                    .saturating_add(self.rules.absence)
                    .saturating_add(1);
                if now < at {
                    return Err(RoomError::TooEarly { at });
                }
                let result = RoomResult::Win {
                    seat,
                    reason: RoomWin::Absence,
                };
                if self.would_abort() {
                    return Ok(vec![self.finish(aborted(&result), now)]);
                }
                Ok(vec![self.finish(result, now)])
            }
            Action::Rematch => self.ask_rematch(seat, now),
        }
    }

    fn join(&mut self, seat: Seat, now: Time) -> Result<Vec<RoomEvent>, RoomError> {
        if seat == Seat::First || self.seated[Seat::Second.index()] {
            return Err(RoomError::SeatTaken);
        }
        self.seated[seat.index()] = true;
        self.state = RoomState::Playing;
        self.turn_started = now;
        Ok(vec![RoomEvent::Joined])
    }

    fn playing(&self) -> Result<(), RoomError> {
        match self.state {
            RoomState::Playing => Ok(()),
            state => Err(RoomError::NotPlaying(state)),
        }
    }

    /// A draw offer stands that `seat` may answer.
    fn answerable(&self, seat: Seat) -> Result<(), RoomError> {
        self.playing()?;
        match self.draw_offer {
            None => Err(RoomError::NoDrawOffer),
            Some(s) if s == seat => Err(RoomError::OwnDrawOffer),
            Some(_) => Ok(()),
        }
    }

    fn agree(&mut self, now: Time) -> Vec<RoomEvent> {
        let result = RoomResult::Draw {
            reason: crate::DrawReason::Agreement.name().to_string(),
        };
        vec![self.stop(Declaration::DrawByAgreement, result, now)]
    }

    /// Whether a game stopped now by the players or the clock would be
    /// aborted: a side has made fewer than [`ABORT_BEFORE_MOVES`] moves
    /// in the current game.
    ///
    /// ```
    /// use draughts::room::{Action, Room, RoomResult, RoomRules, Seat};
    /// let mut room = Room::create("english", RoomRules::default(), 0).unwrap();
    /// room.act(Seat::Second, Action::Join, 1).unwrap();
    /// for (seat, text) in [(Seat::First, "11-15"), (Seat::Second, "23-19"), (Seat::First, "8-11")] {
    ///     assert!(room.would_abort());
    ///     room.act(seat, Action::Move { text: text.into() }, 2).unwrap();
    /// }
    /// // White has made one move: resigning now aborts the game.
    /// room.act(Seat::Second, Action::Resign, 3).unwrap();
    /// assert_eq!(room.result(), Some(&RoomResult::Aborted { reason: "resignation".into() }));
    /// ```
    pub fn would_abort(&self) -> bool {
        self.game.ply_count() < 2 * ABORT_BEFORE_MOVES
    }

    /// Ends the game in play with `result`, the players' or the clock's
    /// decision (`declaration` tells the game), or aborts it if it is too
    /// short to count ([`Room::would_abort`]).
    fn stop(&mut self, declaration: Declaration, result: RoomResult, now: Time) -> RoomEvent {
        if self.would_abort() {
            return self.finish(aborted(&result), now);
        }
        // Cannot fail: the game is in play.
        let _ = self.game.declare(declaration);
        self.finish(result, now)
    }

    fn play(&mut self, seat: Seat, text: &str, now: Time) -> Result<Vec<RoomEvent>, RoomError> {
        self.playing()?;
        if self.seat_to_move() != Some(seat) {
            return Err(RoomError::NotYourTurn);
        }
        if text.len() > MAX_MOVE_TEXT {
            return Err(RoomError::MalformedMove(format!(
                "move text of {} bytes (at most {MAX_MOVE_TEXT})",
                text.len()
            )));
        }
        let played = self.game.play(text).map_err(move_error)?.text;
        self.turn_started = now;
        let mut events = vec![RoomEvent::Moved { seat, text: played }];
        if self.draw_offer == Some(seat.other()) {
            self.draw_offer = None;
            events.push(RoomEvent::DrawDeclined { seat });
        }
        if let Some(outcome) = self.game.outcome() {
            let result = self.result_of(outcome);
            events.push(self.finish(result, now));
        }
        Ok(events)
    }

    /// The room result of a game outcome.
    pub(super) fn result_of(&self, outcome: Outcome) -> RoomResult {
        match outcome {
            Outcome::Win { winner, reason } => RoomResult::Win {
                seat: self.seat_of(winner),
                reason: match reason {
                    crate::WinReason::Resignation => RoomWin::Resignation,
                    crate::WinReason::Time => RoomWin::Time,
                    board => RoomWin::Board(board.name().to_string()),
                },
            },
            Outcome::Draw { reason } => RoomResult::Draw {
                reason: reason.name().to_string(),
            },
        }
    }

    fn finish(&mut self, result: RoomResult, now: Time) -> RoomEvent {
        self.state = RoomState::Finished;
        self.draw_offer = None;
        self.ended_at = Some(now);
        self.result = Some(result.clone());
        RoomEvent::GameOver { result }
    }

    fn ask_rematch(&mut self, seat: Seat, now: Time) -> Result<Vec<RoomEvent>, RoomError> {
        if self.state != RoomState::Finished {
            return Err(RoomError::RematchUnavailable);
        }
        if self.rematch.contains(&seat) {
            return Err(RoomError::RematchAsked);
        }
        self.rematch.push(seat);
        let mut events = vec![RoomEvent::RematchAsked { seat }];
        if self.rematch.len() == 2 {
            let result = self.result.take().expect("a finished game has a result");
            self.earlier.push(GameRecord {
                game_number: self.game_number,
                moves: texts(self.game.moves()),
                result,
            });
            self.game = self.game.fresh();
            self.game_number += 1;
            self.state = RoomState::Playing;
            self.rematch.clear();
            self.turn_started = now;
            self.ended_at = None;
            events.push(RoomEvent::RematchStarted {
                game_number: self.game_number,
            });
        }
        Ok(events)
    }

    /// The result in words: the game's outcome text (`"White wins: Black
    /// resigned"`), the absence, or the expiry.
    pub fn result_text(&self) -> Option<String> {
        if self.state == RoomState::Expired {
            return Some(format!(
                "The room expired: no move for more than {}",
                duration(self.rules.expiry)
            ));
        }
        let result = self.result.as_ref()?;
        if let RoomResult::Aborted { reason } = result {
            let what = match reason.as_str() {
                "resignation" => "a resignation",
                "agreement" => "a draw agreed",
                "absence" => "an absence claimed",
                "time" => "a loss on time",
                other => other,
            };
            return Some(format!(
                "Game aborted: {what} before each side had made {ABORT_BEFORE_MOVES} moves"
            ));
        }
        if let Some(outcome) = self.game.outcome() {
            return Some(outcome.to_string());
        }
        let winner = result.winner()?;
        Some(format!(
            "{} wins: {} did not move for more than {}",
            self.color_of(winner),
            self.color_of(winner.other()),
            duration(self.rules.absence)
        ))
    }

    /// What every client is shown at `now` (players and spectators alike).
    /// It shows the room as it is, with `now` as [`RoomView::now`]: call
    /// [`update`](Self::update) first to apply the time rules.
    pub fn view(&self, now: Time) -> RoomView {
        let playing = self.state == RoomState::Playing;
        let open = matches!(self.state, RoomState::Waiting | RoomState::Playing);
        RoomView {
            mode: self.game.name().to_string(),
            variant: self.game.family().name().to_string(),
            rules: self.rules,
            state: self.state,
            game_number: self.game_number,
            fen: self.game.fen(),
            moves: texts(self.game.moves()),
            turn: self.seat_to_move(),
            colors: self.colors(),
            legal_moves: if playing {
                texts(self.game.legal_moves())
            } else {
                Vec::new()
            },
            draw_offer: self.draw_offer,
            rematch: self.rematch.clone(),
            result: self.result.clone(),
            result_text: self.result_text(),
            turn_started: self.turn_started,
            absence_claimable_at: playing.then(|| {
                self.turn_started
                    .saturating_add(self.rules.absence)
                    .saturating_add(1)
            }),
            expires_at: open.then(|| {
                self.turn_started
                    .saturating_add(self.rules.expiry)
                    .saturating_add(1)
            }),
            move_deadline: (playing && self.rules.pace == Pace::Live)
                .then(|| self.turn_started.saturating_add(self.rules.move_time)),
            seated: self.seated,
            now,
        }
    }
}

/// The aborted result of a game that `result` would have ended.
fn aborted(result: &RoomResult) -> RoomResult {
    let reason = match result {
        RoomResult::Win { reason, .. } => match reason {
            RoomWin::Resignation => "resignation",
            RoomWin::Absence => "absence",
            RoomWin::Time => "time",
            RoomWin::Board(name) => name.as_str(),
        },
        RoomResult::Draw { reason } | RoomResult::Aborted { reason } => reason.as_str(),
    };
    RoomResult::Aborted {
        reason: reason.to_string(),
    }
}

/// A game's refusal of move text as a room error.
fn move_error(e: GameError) -> RoomError {
    match e {
        GameError::MoveText(
            e @ (MoveTextError::Illegal { .. } | MoveTextError::Ambiguous { .. }),
        ) => RoomError::IllegalMove(e.to_string()),
        GameError::MoveText(e) => RoomError::MalformedMove(e.to_string()),
        GameError::Illegal(e) => RoomError::IllegalMove(e.to_string()),
        GameError::GameOver(_) | GameError::NoDrawToClaim => {
            RoomError::NotPlaying(RoomState::Finished)
        }
    }
}

/// A duration in words: `2 days`, `3 hours`, `5 minutes`, `60 seconds`.
fn duration(secs: u64) -> String {
    let (n, name) = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        .into_iter()
        .find(|&(unit, _)| secs > 60 && secs.is_multiple_of(unit))
        .map_or((secs, "second"), |(unit, name)| (secs / unit, name));
    format!("{n} {name}{}", if n == 1 { "" } else { "s" })
}

/// The full-path texts of `moves`.
fn texts(moves: Vec<crate::dynamic::MoveInfo>) -> Vec<String> {
    moves.into_iter().map(|m| m.text).collect()
}

//! Play by link (`draughts::room`): one named test per rule of the seed site
//! (pages 000 and 002: seats, turns, draw offers, resignation, absence after
//! more than two days, expiry after seven days without a move, rematch;
//! page 003: 60 seconds a move in a live game), a property test that a
//! refused action changes nothing, and (feature `serde`) the room as data.
//!
//! The expected facts come from the rules, not from the room's output: the
//! first mover of each variant is its `Rules::first_mover` (Black in English
//! draughts, by the WCDF rules), the limits are the sites' (172 800 s,
//! 604 800 s, 60 s) read as "more than", to the second.

use draughts::dynamic::{self, DynGame};
use draughts::geometry::Board8x8;
use draughts::house_rules;
use draughts::room::{
    Action, Pace, Role, Room, RoomError, RoomEvent, RoomRecord, RoomResult, RoomRules, RoomState,
    RoomWin, Seat, Time, MAX_MOVE_TEXT,
};
use draughts::{Color, English, Game, KingRange, Rules, Variant, VariantKind};
use proptest::prelude::*;

const T0: Time = 1_764_633_600;
const TWO_DAYS: u64 = 172_800;
const SEVEN_DAYS: u64 = 604_800;

use Seat::{First, Second};

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.to_string(),
    }
}

/// An English room created at `T0` and joined at `T0 + 10`.
fn english(rules: RoomRules) -> Room {
    let mut room = Room::create("english", rules, T0).unwrap();
    room.act(Second, Action::Join, T0 + 10).unwrap();
    room
}

/// Plays the first `plies` moves of a common English opening at `now`
/// (Black, the first seat, moves first in game 1). Four plies, two moves
/// each, make a game that a resignation, an agreement, an absence or the
/// clock ends with a result; a shorter one is aborted.
fn open(room: &mut Room, plies: usize, now: Time) {
    let opening = ["11-15", "23-19", "8-11", "22-17", "4-8"];
    for (i, text) in opening.iter().take(plies).enumerate() {
        let seat = if i % 2 == 0 { First } else { Second };
        room.act(seat, mv(text), now).unwrap();
    }
}

/// Everything the room is, as bytes: the record's Debug text, and with
/// serde its JSON too.
fn snapshot(room: &Room) -> (RoomRecord, String) {
    #[cfg(feature = "serde")]
    let json = serde_json::to_string(room).unwrap();
    #[cfg(not(feature = "serde"))]
    let json = String::new();
    (room.record(), json)
}

/// `action` by `seat` at `now` is refused with `expected`, changing nothing.
fn refused(room: &mut Room, seat: Seat, action: Action, now: Time, expected: RoomError) {
    let before = snapshot(room);
    assert_eq!(
        room.act(seat, action.clone(), now),
        Err(expected),
        "{action:?}"
    );
    assert_eq!(
        snapshot(room),
        before,
        "a refused {action:?} changed the room"
    );
}

// ---------------------------------------------------------------------------
// Seats and turns
// ---------------------------------------------------------------------------

#[test]
fn creator_moves_first() {
    for name in dynamic::names() {
        let mut room = Room::create(name, RoomRules::default(), T0).unwrap();
        room.act(Second, Action::Join, T0 + 1).unwrap();
        let first_mover = room.game().rules().first_mover;
        assert_eq!(room.seat_to_move(), Some(First), "{name}");
        assert_eq!(
            room.view(T0 + 1).colors,
            [first_mover, first_mover.opponent()]
        );
        assert_eq!(room.view(T0 + 1).turn, Some(First));
    }
    // WCDF: Black moves first in English draughts; White in International.
    let room = english(RoomRules::default());
    assert_eq!(room.colors(), [Color::Black, Color::White]);
    let mut room = Room::create("international", RoomRules::default(), T0).unwrap();
    room.act(Second, Action::Join, T0).unwrap();
    assert_eq!(room.colors(), [Color::White, Color::Black]);
    room.act(First, mv("32-28"), T0 + 5).unwrap();
    assert_eq!(room.seat_to_move(), Some(Second));
}

#[test]
fn joiner_sees_mode_before_joining() {
    let room = Room::create("Spanish-Site", RoomRules::live(), T0).unwrap();
    let view = room.view(T0 + 30);
    assert_eq!(view.mode, "spanish-site");
    assert_eq!(view.variant, "spanish");
    assert_eq!(view.rules.pace, Pace::Live);
    assert_eq!(view.state, RoomState::Waiting);
    assert_eq!(view.seated, [true, false]);
    assert_eq!(view.turn, None);
    assert!(view.legal_moves.is_empty() && view.moves.is_empty());
    assert_eq!(view.expires_at, Some(T0 + SEVEN_DAYS + 1));
}

#[test]
fn unknown_mode_is_refused() {
    let err = Room::create("chess", RoomRules::default(), T0).unwrap_err();
    assert_eq!(err.kind(), "unknown_mode");
    assert!(err.to_string().contains("`chess`"), "{err}");
}

#[test]
fn seat_taken() {
    let mut room = Room::create("english", RoomRules::default(), T0).unwrap();
    refused(&mut room, First, Action::Join, T0 + 1, RoomError::SeatTaken);
    assert_eq!(
        room.act(Second, Action::Join, T0 + 2),
        Ok(vec![RoomEvent::Joined])
    );
    refused(
        &mut room,
        Second,
        Action::Join,
        T0 + 3,
        RoomError::SeatTaken,
    );
    refused(&mut room, First, Action::Join, T0 + 3, RoomError::SeatTaken);
}

#[test]
fn unseated_seat_cannot_act() {
    let mut room = Room::create("english", RoomRules::default(), T0).unwrap();
    for action in [
        mv("22-18"),
        Action::OfferDraw,
        Action::Resign,
        Action::Rematch,
    ] {
        refused(&mut room, Second, action, T0 + 1, RoomError::NotSeated);
    }
    // The creator cannot play alone either.
    refused(
        &mut room,
        First,
        mv("11-15"),
        T0 + 1,
        RoomError::NotPlaying(RoomState::Waiting),
    );
}

/// There is no seat for a spectator: `Room::act` takes a `Seat`, and
/// `Role::Spectator` is not one (this does not compile:
/// `room.act(Role::Spectator, Action::Resign, 0)`); the server-facing
/// `act_as` refuses every action of a spectator, changing nothing.
#[test]
fn spectator_cannot_act() {
    let mut room = english(RoomRules::default());
    room.act(First, mv("11-15"), T0 + 20).unwrap();
    let actions = [
        Action::Join,
        mv("22-18"),
        Action::OfferDraw,
        Action::AcceptDraw,
        Action::DeclineDraw,
        Action::Resign,
        Action::ClaimAbsence,
        Action::Rematch,
    ];
    for action in actions {
        let before = snapshot(&room);
        assert_eq!(
            room.act_as(Role::Spectator, action, T0 + 30),
            Err(RoomError::Spectator)
        );
        assert_eq!(snapshot(&room), before);
    }
    // A player's role acts from the seat.
    room.act_as(Role::Player(Second), mv("22-18"), T0 + 40)
        .unwrap();
    assert_eq!(room.view(T0 + 40).moves, ["11-15", "22-18"]);
}

#[test]
fn out_of_turn() {
    let mut room = english(RoomRules::default());
    refused(
        &mut room,
        Second,
        mv("22-18"),
        T0 + 20,
        RoomError::NotYourTurn,
    );
    room.act(First, mv("11-15"), T0 + 20).unwrap();
    refused(
        &mut room,
        First,
        mv("15-19"),
        T0 + 30,
        RoomError::NotYourTurn,
    );
}

#[test]
fn illegal_move() {
    let mut room = english(RoomRules::default());
    let before = snapshot(&room);
    // 22 is White's man; 11-18 is no step; 11-15 is legal for Black only.
    for text in ["22-18", "11-18", "1-5"] {
        let err = room.act(First, mv(text), T0 + 20).unwrap_err();
        assert!(matches!(err, RoomError::IllegalMove(_)), "{text}: {err:?}");
        assert_eq!(err.kind(), "illegal_move");
        assert_eq!(snapshot(&room), before);
    }
}

#[test]
fn malformed_move() {
    let mut room = english(RoomRules::default());
    let before = snapshot(&room);
    let long = "11-15".repeat(MAX_MOVE_TEXT);
    for text in ["", "hello", "11-", "11-99", long.as_str()] {
        let err = room.act(First, mv(text), T0 + 20).unwrap_err();
        assert!(
            matches!(err, RoomError::MalformedMove(_)),
            "{text:.20}: {err:?}"
        );
        assert_eq!(snapshot(&room), before);
    }
}

// ---------------------------------------------------------------------------
// Draws and resignation
// ---------------------------------------------------------------------------

#[test]
fn draw_offer_accepted() {
    let mut room = english(RoomRules::default());
    open(&mut room, 4, T0 + 15);
    assert_eq!(
        room.act(First, Action::OfferDraw, T0 + 20),
        Ok(vec![RoomEvent::DrawOffered { seat: First }])
    );
    assert_eq!(room.view(T0 + 20).draw_offer, Some(First));
    let events = room.act(Second, Action::AcceptDraw, T0 + 30).unwrap();
    let draw = RoomResult::Draw {
        reason: "agreement".into(),
    };
    assert_eq!(
        events,
        [RoomEvent::GameOver {
            result: draw.clone()
        }]
    );
    assert_eq!(room.state(), RoomState::Finished);
    assert_eq!(room.result(), Some(&draw));
    assert_eq!(room.view(T0 + 30).draw_offer, None);
    assert_eq!(
        room.result_text().as_deref(),
        Some("Draw: agreed by the players")
    );
}

#[test]
fn draw_offer_declined() {
    let mut room = english(RoomRules::default());
    room.act(First, Action::OfferDraw, T0 + 20).unwrap();
    assert_eq!(
        room.act(Second, Action::DeclineDraw, T0 + 30),
        Ok(vec![RoomEvent::DrawDeclined { seat: Second }])
    );
    assert_eq!(room.view(T0 + 30).draw_offer, None);
    assert_eq!(room.state(), RoomState::Playing);
    refused(
        &mut room,
        Second,
        Action::AcceptDraw,
        T0 + 40,
        RoomError::NoDrawOffer,
    );
    refused(
        &mut room,
        First,
        Action::DeclineDraw,
        T0 + 40,
        RoomError::NoDrawOffer,
    );
}

#[test]
fn draw_offer_declined_by_moving() {
    let mut room = english(RoomRules::default());
    // Black offers, then moves: the offer stands for White.
    room.act(First, Action::OfferDraw, T0 + 20).unwrap();
    room.act(First, mv("11-15"), T0 + 25).unwrap();
    assert_eq!(room.view(T0 + 25).draw_offer, Some(First));
    // White moves instead of answering: declined.
    let events = room.act(Second, mv("22-18"), T0 + 30).unwrap();
    assert_eq!(
        events,
        [
            RoomEvent::Moved {
                seat: Second,
                text: "22-18".into()
            },
            RoomEvent::DrawDeclined { seat: Second },
        ]
    );
    assert_eq!(room.view(T0 + 30).draw_offer, None);
}

#[test]
fn own_draw_offer() {
    let mut room = english(RoomRules::default());
    room.act(First, Action::OfferDraw, T0 + 20).unwrap();
    refused(
        &mut room,
        First,
        Action::OfferDraw,
        T0 + 21,
        RoomError::OwnDrawOffer,
    );
    refused(
        &mut room,
        First,
        Action::AcceptDraw,
        T0 + 21,
        RoomError::OwnDrawOffer,
    );
    refused(
        &mut room,
        First,
        Action::DeclineDraw,
        T0 + 21,
        RoomError::OwnDrawOffer,
    );
}

#[test]
fn crossing_draw_offers_agree() {
    let mut room = english(RoomRules::default());
    open(&mut room, 4, T0 + 15);
    room.act(Second, Action::OfferDraw, T0 + 20).unwrap();
    let events = room.act(First, Action::OfferDraw, T0 + 21).unwrap();
    assert!(
        matches!(&events[..], [RoomEvent::GameOver { result: RoomResult::Draw { reason } }] if reason == "agreement")
    );
}

#[test]
fn resign() {
    for (seat, text) in [
        (First, "White wins: Black resigned"),
        (Second, "Black wins: White resigned"),
    ] {
        let mut room = english(RoomRules::default());
        open(&mut room, 4, T0 + 20);
        let result = RoomResult::Win {
            seat: seat.other(),
            reason: RoomWin::Resignation,
        };
        assert_eq!(
            room.act(seat, Action::Resign, T0 + 30),
            Ok(vec![RoomEvent::GameOver {
                result: result.clone()
            }]),
            "{seat} resigns, on either turn"
        );
        assert_eq!(room.result(), Some(&result));
        assert_eq!(room.result_text().as_deref(), Some(text));
        refused(
            &mut room,
            seat.other(),
            Action::Resign,
            T0 + 40,
            RoomError::NotPlaying(RoomState::Finished),
        );
    }
}

#[test]
fn game_ends_on_the_board() {
    // Every mode, played by its first legal move each ply: when the game's
    // rules end it, the room is finished with the game's outcome, the
    // winner's seat being the seat of the winning colour.
    for name in dynamic::names() {
        let mut room = Room::create(name, RoomRules::default(), T0).unwrap();
        room.act(Second, Action::Join, T0).unwrap();
        let mut now = T0;
        while room.state() == RoomState::Playing && room.game().ply_count() < 2_000 {
            let seat = room.seat_to_move().unwrap();
            let text = room.view(now).legal_moves[0].clone();
            now += 1;
            room.act(seat, mv(&text), now).unwrap();
        }
        assert_eq!(
            room.state(),
            RoomState::Finished,
            "{name}: no end in 2000 plies"
        );
        let outcome = room.game().outcome().expect("the game ended");
        match (outcome, room.result().unwrap()) {
            (
                draughts::Outcome::Win { winner, reason },
                RoomResult::Win {
                    seat,
                    reason: RoomWin::Board(r),
                },
            ) => {
                assert_eq!(room.color_of(*seat), winner, "{name}");
                assert_eq!(r, reason.name());
            }
            (draughts::Outcome::Draw { reason }, RoomResult::Draw { reason: r }) => {
                assert_eq!(r, reason.name())
            }
            (o, r) => panic!("{name}: {o:?} recorded as {r:?}"),
        }
        assert_eq!(room.result_text(), Some(outcome.to_string()));
        refused(
            &mut room,
            First,
            mv("1-5"),
            now + 1,
            RoomError::NotPlaying(RoomState::Finished),
        );
    }
}

// ---------------------------------------------------------------------------
// Absence and expiry
// ---------------------------------------------------------------------------

#[test]
fn absence_claim_to_the_second() {
    let mut room = english(RoomRules::default());
    open(&mut room, 5, T0 + 100);
    let turn = T0 + 100; // White's turn began.
    assert_eq!(
        room.view(turn).absence_claimable_at,
        Some(turn + TWO_DAYS + 1)
    );
    refused(
        &mut room,
        First,
        Action::ClaimAbsence,
        turn + TWO_DAYS,
        RoomError::TooEarly {
            at: turn + TWO_DAYS + 1,
        },
    );
    // The absent player may not claim against the opponent.
    refused(
        &mut room,
        Second,
        Action::ClaimAbsence,
        turn + TWO_DAYS + 1,
        RoomError::OwnTurn,
    );
    let result = RoomResult::Win {
        seat: First,
        reason: RoomWin::Absence,
    };
    assert_eq!(
        room.act(First, Action::ClaimAbsence, turn + TWO_DAYS + 1),
        Ok(vec![RoomEvent::GameOver {
            result: result.clone()
        }])
    );
    assert_eq!(room.result(), Some(&result));
    assert_eq!(
        room.result_text().as_deref(),
        Some("Black wins: White did not move for more than 2 days")
    );
}

#[test]
fn absence_counts_from_the_turn_start() {
    let mut room = english(RoomRules::default());
    // Black's first turn began at the join (T0 + 10).
    refused(
        &mut room,
        Second,
        Action::ClaimAbsence,
        T0 + 10 + TWO_DAYS,
        RoomError::TooEarly {
            at: T0 + 11 + TWO_DAYS,
        },
    );
    // A move restarts the count for the other player.
    room.act(First, mv("11-15"), T0 + 10 + TWO_DAYS).unwrap();
    refused(
        &mut room,
        First,
        Action::ClaimAbsence,
        T0 + 10 + 2 * TWO_DAYS,
        RoomError::TooEarly {
            at: T0 + 11 + 2 * TWO_DAYS,
        },
    );
    room.act(First, Action::ClaimAbsence, T0 + 11 + 2 * TWO_DAYS)
        .unwrap();
}

#[test]
fn expiry_to_the_second() {
    let mut room = english(RoomRules::default());
    room.act(First, mv("11-15"), T0 + 100).unwrap();
    let last = T0 + 100;
    assert_eq!(room.deadline(), Some(last + SEVEN_DAYS + 1));
    let before = snapshot(&room);
    assert_eq!(room.update(last + SEVEN_DAYS), vec![]);
    assert_eq!(
        snapshot(&room),
        before,
        "an update with nothing due changes nothing"
    );
    // Exactly seven days after the last move, White may still move.
    let mut moved = room.clone();
    moved.act(Second, mv("22-18"), last + SEVEN_DAYS).unwrap();
    // One second later the room has expired: the action is refused and
    // changes nothing until `update` records it.
    refused(
        &mut room,
        Second,
        mv("22-18"),
        last + SEVEN_DAYS + 1,
        RoomError::Expired,
    );
    assert_eq!(room.update(last + SEVEN_DAYS + 1), vec![RoomEvent::Expired]);
    assert_eq!(room.state(), RoomState::Expired);
    assert_eq!(room.result(), None, "expiry has no winner");
    assert!(room.result_text().unwrap().contains("7 days"));
    assert_eq!(room.deadline(), None);
}

#[test]
fn waiting_room_expires() {
    let mut room = Room::create("russian", RoomRules::default(), T0).unwrap();
    assert_eq!(room.update(T0 + SEVEN_DAYS), vec![]);
    room.clone()
        .act(Second, Action::Join, T0 + SEVEN_DAYS)
        .unwrap();
    refused(
        &mut room,
        Second,
        Action::Join,
        T0 + SEVEN_DAYS + 1,
        RoomError::Expired,
    );
    assert_eq!(room.update(T0 + SEVEN_DAYS + 1), vec![RoomEvent::Expired]);
    assert_eq!(room.view(T0 + SEVEN_DAYS + 1).state, RoomState::Expired);
    refused(
        &mut room,
        Second,
        Action::Join,
        T0 + SEVEN_DAYS + 2,
        RoomError::Expired,
    );
}

#[test]
fn expired_room_refuses_everything() {
    let mut room = english(RoomRules::default());
    room.update(T0 + 10 + SEVEN_DAYS + 1);
    assert_eq!(room.state(), RoomState::Expired);
    for action in [
        mv("11-15"),
        Action::OfferDraw,
        Action::Resign,
        Action::ClaimAbsence,
        Action::Rematch,
    ] {
        refused(
            &mut room,
            First,
            action,
            T0 + 10 + SEVEN_DAYS + 5,
            RoomError::Expired,
        );
    }
    assert_eq!(room.update(T0 + 100 * SEVEN_DAYS), vec![], "expires once");
}

// ---------------------------------------------------------------------------
// Live rooms
// ---------------------------------------------------------------------------

#[test]
fn live_move_time_to_the_second() {
    let mut room = english(RoomRules::live());
    // Black's turn began at the join, T0 + 10: a move at 60 s is in time.
    assert_eq!(room.view(T0 + 10).move_deadline, Some(T0 + 70));
    assert_eq!(room.deadline(), Some(T0 + 71));
    room.act(First, mv("11-15"), T0 + 70).unwrap();
    // Two moves each and one more (a game long enough to end with a result).
    for (seat, text) in [
        (Second, "23-19"),
        (First, "8-11"),
        (Second, "22-17"),
        (First, "4-8"),
    ] {
        room.act(seat, mv(text), T0 + 70).unwrap();
    }
    // White's turn began at T0 + 70: at 61 s the move is refused...
    assert_eq!(room.update(T0 + 130), vec![]);
    refused(&mut room, Second, mv("22-18"), T0 + 131, RoomError::TimeUp);
    // ...and `update` records the loss on time.
    let result = RoomResult::Win {
        seat: First,
        reason: RoomWin::Time,
    };
    assert_eq!(
        room.update(T0 + 131),
        vec![RoomEvent::GameOver {
            result: result.clone()
        }]
    );
    assert_eq!(room.result(), Some(&result));
    assert_eq!(
        room.result_text().as_deref(),
        Some("Black wins: White ran out of time")
    );
}

#[test]
fn correspondence_has_no_move_clock() {
    let mut room = english(RoomRules::default());
    assert_eq!(room.view(T0).move_deadline, None);
    assert_eq!(room.update(T0 + 10 + 61), vec![]);
    room.act(First, mv("11-15"), T0 + 10 + 86_400).unwrap();
}

// ---------------------------------------------------------------------------
// Rematch
// ---------------------------------------------------------------------------

#[test]
fn rematch_needs_both_and_swaps_sides() {
    let mut room = english(RoomRules::default());
    refused(
        &mut room,
        First,
        Action::Rematch,
        T0 + 20,
        RoomError::RematchUnavailable,
    );
    room.act(First, mv("11-15"), T0 + 20).unwrap();
    room.act(First, Action::Resign, T0 + 30).unwrap();
    assert_eq!(
        room.act(First, Action::Rematch, T0 + 40),
        Ok(vec![RoomEvent::RematchAsked { seat: First }])
    );
    refused(
        &mut room,
        First,
        Action::Rematch,
        T0 + 41,
        RoomError::RematchAsked,
    );
    assert_eq!(
        room.state(),
        RoomState::Finished,
        "one request is not enough"
    );
    assert_eq!(room.view(T0 + 41).rematch, [First]);
    assert_eq!(
        room.act(Second, Action::Rematch, T0 + 50),
        Ok(vec![
            RoomEvent::RematchAsked { seat: Second },
            RoomEvent::RematchStarted { game_number: 2 }
        ])
    );
    // Game 2: the joiner plays Black and moves first.
    assert_eq!(room.game_number(), 2);
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(room.colors(), [Color::White, Color::Black]);
    assert_eq!(room.seat_to_move(), Some(Second));
    let view = room.view(T0 + 50);
    assert!(view.moves.is_empty() && view.result.is_none() && view.rematch.is_empty());
    assert_eq!(view.turn_started, T0 + 50);
    let earlier = room.earlier_games();
    assert_eq!(earlier.len(), 1);
    assert_eq!(earlier[0].moves, ["11-15"]);
    // One move: the resignation aborted game 1.
    assert_eq!(
        earlier[0].result,
        RoomResult::Aborted {
            reason: "resignation".into()
        }
    );
    refused(
        &mut room,
        First,
        mv("11-15"),
        T0 + 60,
        RoomError::NotYourTurn,
    );
    room.act(Second, mv("11-15"), T0 + 60).unwrap();
    // Game 3 swaps back.
    room.act(Second, Action::Resign, T0 + 70).unwrap();
    room.act(Second, Action::Rematch, T0 + 80).unwrap();
    room.act(First, Action::Rematch, T0 + 90).unwrap();
    assert_eq!((room.game_number(), room.seat_to_move()), (3, Some(First)));
}

#[test]
fn no_rematch_after_expiry() {
    let mut room = english(RoomRules::default());
    room.update(T0 + 10 + SEVEN_DAYS + 1);
    refused(
        &mut room,
        First,
        Action::Rematch,
        T0 + 10 + SEVEN_DAYS + 2,
        RoomError::Expired,
    );
}

#[test]
fn finished_room_does_not_expire() {
    let mut room = english(RoomRules::default());
    room.act(Second, Action::Resign, T0 + 20).unwrap();
    assert_eq!(room.deadline(), None);
    assert_eq!(room.update(T0 + 10 * SEVEN_DAYS), vec![]);
    assert_eq!(room.state(), RoomState::Finished);
}

// ---------------------------------------------------------------------------
// Every mode, records
// ---------------------------------------------------------------------------

#[test]
fn every_mode_can_be_created() {
    let builtin: Vec<_> = VariantKind::ALL.iter().map(|k| k.name()).collect();
    let names: Vec<_> = builtin.iter().copied().chain(house_rules::NAMES).collect();
    assert_eq!(dynamic::names().collect::<Vec<_>>(), names);
    for name in names {
        let room = Room::create(&name.to_uppercase(), RoomRules::default(), T0).unwrap();
        let view = room.view(T0);
        assert_eq!(view.mode, name);
        assert_eq!(view.fen, room.game().start_fen());
        if builtin.contains(&name) {
            assert_eq!(view.variant, name);
        } else {
            assert!(
                builtin.contains(&view.variant.as_str()),
                "{name}: {}",
                view.variant
            );
        }
    }
}

#[test]
fn room_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Room>();
}

#[test]
fn earlier_time_counts_as_the_latest() {
    // A server clock that steps back does not move the turn's start back.
    let mut room = english(RoomRules::default());
    room.act(First, mv("11-15"), T0 + 1_000).unwrap();
    room.act(Second, mv("22-18"), T0 + 500).unwrap();
    assert_eq!(room.view(T0 + 1_000).turn_started, T0 + 1_000);
}

#[test]
fn record_round_trip() {
    let mut room = english(RoomRules::live());
    room.act(First, mv("11-15"), T0 + 20).unwrap();
    room.act(Second, Action::OfferDraw, T0 + 30).unwrap();
    let back = Room::restore(room.record()).unwrap();
    assert_eq!(back.record(), room.record());
    assert_eq!(back.view(T0 + 40), room.view(T0 + 40));
}

#[test]
fn record_that_does_not_replay_is_an_error() {
    let mut room = english(RoomRules::default());
    room.act(First, mv("11-15"), T0 + 20).unwrap();
    let mut record = room.record();
    record.moves.push("15-19".into()); // Black again: not White's move.
    match Room::restore(record) {
        Err(RoomError::Replay {
            game: 1,
            ply: 1,
            text,
            ..
        }) => assert_eq!(text, "15-19"),
        other => panic!("{other:?}"),
    }
    // A board result that the moves do not give.
    let mut record = room.record();
    record.state = RoomState::Finished;
    record.result = Some(RoomResult::Win {
        seat: First,
        reason: RoomWin::Board("no_pieces".into()),
    });
    assert!(matches!(
        Room::restore(record),
        Err(RoomError::BadRecord(_))
    ));
    // A room in play with an empty seat.
    let mut record = room.record();
    record.seated = [true, false];
    assert!(matches!(
        Room::restore(record),
        Err(RoomError::BadRecord(_))
    ));
    // An end time in a room still in play.
    let mut record = room.record();
    record.ended_at = Some(T0 + 30);
    assert!(matches!(
        Room::restore(record),
        Err(RoomError::BadRecord(_))
    ));
    // A draw offer in a waiting room.
    let mut record = Room::create("english", RoomRules::default(), T0)
        .unwrap()
        .record();
    record.draw_offer = Some(First);
    assert!(matches!(
        Room::restore(record),
        Err(RoomError::BadRecord(_))
    ));
    // A resignation recorded on a game the moves finished on the board is
    // refused; one on a game in play is declared into it.
    let mut record = room.record();
    record.state = RoomState::Finished;
    record.ended_at = Some(T0 + 30);
    record.result = Some(RoomResult::Win {
        seat: First,
        reason: RoomWin::Resignation,
    });
    let resigned = Room::restore(record).unwrap();
    assert_eq!(
        resigned.result_text().as_deref(),
        Some("Black wins: White resigned")
    );
    // An unknown mode.
    let mut record = room.record();
    record.mode = "chess".into();
    assert!(matches!(
        Room::restore(record),
        Err(RoomError::UnknownMode(_))
    ));
}

/// A custom variant: English with flying kings.
#[derive(Clone, Copy, Debug, Default)]
struct FlyingEnglish;
impl Variant for FlyingEnglish {
    type Board = Board8x8;
    const NAME: &'static str = "english-flying-test";
    const RULES: Rules = Rules {
        king_range: KingRange::Flying,
        ..English::RULES
    };
}

fn resolve(name: &str) -> Option<Box<dyn DynGame>> {
    if name == FlyingEnglish::NAME {
        Some(Box::new(Game::<FlyingEnglish>::new()))
    } else {
        dynamic::new_game(name).ok()
    }
}

#[test]
fn custom_variant_room() {
    let mut room = Room::with_game(
        Box::new(Game::<FlyingEnglish>::new()),
        RoomRules::default(),
        T0,
    );
    room.act(Second, Action::Join, T0 + 1).unwrap();
    room.act(First, mv("11-15"), T0 + 2).unwrap();
    let view = room.view(T0 + 2);
    assert_eq!(view.mode, FlyingEnglish::NAME);
    assert_eq!(view.variant, "english");
    let back = Room::from_record(room.record(), resolve).unwrap();
    assert_eq!(back.record(), room.record());
    // Without the resolver, the name is unknown.
    assert!(matches!(
        Room::restore(room.record()),
        Err(RoomError::UnknownMode(_))
    ));
}

// ---------------------------------------------------------------------------
// serde
// ---------------------------------------------------------------------------

#[cfg(feature = "serde")]
mod serde_tests {
    use super::*;

    fn round_trip(room: &Room) {
        let json = serde_json::to_string(room).unwrap();
        let back: Room = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        assert_eq!(back.view(T0 + 99), room.view(T0 + 99));
    }

    #[test]
    fn serde_round_trip_of_several_modes() {
        for (name, moves) in [
            ("english", &["11-15", "22-18", "15x22"][..]),
            ("international", &["32-28", "19-23", "28x19", "14x23"][..]),
            ("spanish-site", &[][..]),
            ("russian-site", &["c3-d4"][..]),
        ] {
            let mut room = Room::create(name, RoomRules::default(), T0).unwrap();
            round_trip(&room);
            room.act(Second, Action::Join, T0 + 1).unwrap();
            for (i, text) in moves.iter().enumerate() {
                let seat = room.seat_to_move().unwrap();
                room.act(seat, mv(text), T0 + 2 + i as u64).unwrap();
            }
            round_trip(&room);
            room.act(First, Action::OfferDraw, T0 + 50).unwrap();
            round_trip(&room);
            room.act(Second, Action::AcceptDraw, T0 + 51).unwrap();
            room.act(Second, Action::Rematch, T0 + 52).unwrap();
            round_trip(&room);
            room.act(First, Action::Rematch, T0 + 53).unwrap();
            round_trip(&room);
            assert_eq!(room.game_number(), 2);
        }
        let mut room = english(RoomRules::default());
        room.update(T0 + 10 + SEVEN_DAYS + 1);
        round_trip(&room);
    }

    #[test]
    fn serde_custom_variant_needs_the_resolver() {
        let mut room = Room::with_game(
            Box::new(Game::<FlyingEnglish>::new()),
            RoomRules::live(),
            T0,
        );
        room.act(Second, Action::Join, T0 + 1).unwrap();
        room.act(First, mv("11-15"), T0 + 2).unwrap();
        let json = serde_json::to_string(&room).unwrap();
        let err = serde_json::from_str::<Room>(&json).unwrap_err();
        assert!(err.to_string().contains("english-flying-test"), "{err}");
        let record: RoomRecord = serde_json::from_str(&json).unwrap();
        let back = Room::from_record(record, resolve).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }

    #[test]
    fn serde_bad_record_is_an_error_not_a_panic() {
        let mut room = english(RoomRules::default());
        room.act(First, mv("11-15"), T0 + 20).unwrap();
        let json = serde_json::to_string(&room).unwrap();
        let bad = json.replace("\"11-15\"", "\"11-19\"");
        let err = serde_json::from_str::<Room>(&bad).unwrap_err();
        assert!(err.to_string().contains("11-19"), "{err}");
    }

    #[test]
    fn serde_names() {
        let action: Action = serde_json::from_str(r#"{"type":"move","text":"11-15"}"#).unwrap();
        assert_eq!(action, mv("11-15"));
        let action: Action = serde_json::from_str(r#"{"type":"claim_absence"}"#).unwrap();
        assert_eq!(action, Action::ClaimAbsence);
        let mut aborted = english(RoomRules::default());
        aborted.act(First, Action::Resign, T0 + 20).unwrap();
        let view = serde_json::to_value(aborted.view(T0 + 20)).unwrap();
        assert_eq!(
            view["result"],
            serde_json::json!({"type": "aborted", "reason": "resignation"})
        );
        let mut room = english(RoomRules::default());
        open(&mut room, 4, T0 + 15);
        room.act(First, Action::Resign, T0 + 20).unwrap();
        let view = serde_json::to_value(room.view(T0 + 20)).unwrap();
        assert_eq!(view["state"], "finished");
        assert_eq!(view["colors"], serde_json::json!(["black", "white"]));
        assert_eq!(view["rules"]["pace"], "correspondence");
        assert_eq!(
            view["result"],
            serde_json::json!({"type": "win", "seat": "second", "reason": "resignation"})
        );
        let events = serde_json::to_value(RoomEvent::Moved {
            seat: First,
            text: "11-15".into(),
        })
        .unwrap();
        assert_eq!(
            events,
            serde_json::json!({"type": "moved", "seat": "first", "text": "11-15"})
        );
    }
}

// ---------------------------------------------------------------------------
// Property: a refused action changes nothing
// ---------------------------------------------------------------------------

/// One step of a random session: who acts, what, and how much later.
#[derive(Clone, Debug)]
struct Step {
    seat: Seat,
    /// 0 Join, 1-3 Move (a legal one), 4 Move (garbage), 5 OfferDraw,
    /// 6 AcceptDraw, 7 DeclineDraw, 8 Resign, 9 ClaimAbsence, 10 Rematch,
    /// 11 update.
    kind: u8,
    pick: usize,
    later: u64,
}

fn step() -> impl Strategy<Value = Step> {
    // Mostly seconds apart (a live game's pace), sometimes exactly at or
    // one second past a limit, rarely a long pause.
    let later = prop_oneof![
        60 => 0u64..=30,
        2 => Just(60u64),
        2 => Just(61u64),
        1 => Just(TWO_DAYS),
        2 => Just(TWO_DAYS + 1),
        1 => Just(SEVEN_DAYS),
        1 => Just(SEVEN_DAYS + 1),
        1 => 0u64..300_000,
    ];
    (any::<bool>(), 0u8..12, any::<usize>(), later).prop_map(|(s, kind, pick, later)| Step {
        seat: if s { First } else { Second },
        kind,
        pick,
        later,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn refused_action_changes_nothing(
        mode in 0usize..24,
        live in any::<bool>(),
        join_first in prop::bool::weighted(0.8),
        steps in prop::collection::vec(step(), 1..60),
    ) {
        let name = dynamic::names().nth(mode).unwrap();
        let rules = if live { RoomRules::live() } else { RoomRules::default() };
        let mut room = Room::create(name, rules, T0).unwrap();
        let mut now = T0;
        if join_first {
            room.act(Second, Action::Join, T0).unwrap();
        }
        for s in steps {
            now += s.later;
            if s.kind == 11 {
                // `update` changes the room exactly when its deadline has come.
                let due = room.deadline().is_some_and(|d| d <= now);
                let events = room.update(now);
                prop_assert_eq!(!events.is_empty(), due);
                prop_assert!(room.update(now).is_empty(), "update is idempotent");
                continue;
            }
            let legal = room.view(now).legal_moves;
            let action = match s.kind {
                0 => Action::Join,
                1..=3 if !legal.is_empty() => mv(&legal[s.pick % legal.len()]),
                1..=4 => mv(["", "1-1", "99x98", "a1-b2", "11-15"][s.pick % 5]),
                5 => Action::OfferDraw,
                6 => Action::AcceptDraw,
                7 => Action::DeclineDraw,
                8 => Action::Resign,
                9 => Action::ClaimAbsence,
                _ => Action::Rematch,
            };
            let before = snapshot(&room);
            match room.act(s.seat, action.clone(), now) {
                Err(_) => prop_assert_eq!(snapshot(&room), before, "refused {:?} changed the room", action),
                Ok(events) => {
                    prop_assert!(!events.is_empty());
                    let back = Room::restore(room.record());
                    prop_assert!(back.is_ok(), "{:?}", back.err());
                    prop_assert_eq!(back.unwrap().record(), room.record());
                }
            }
            prop_assert_eq!(room.seat_to_move().is_some(), room.state() == RoomState::Playing);
        }
    }
}

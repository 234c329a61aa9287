//! Aborted games and rooms that keep only their current game
//! (`draughts::room`): a game that the players or the clock stop before
//! each side has made two moves (`ABORT_BEFORE_MOVES`) has no winner and is
//! not rated, as on the lidraughts-style sites; a room whose earlier games
//! were taken out (the server stores each one on its own) restores from its
//! record.

use draughts::room::{
    Action, Room, RoomError, RoomEvent, RoomRecord, RoomResult, RoomRules, RoomState, RoomWin,
    Seat, Time, ABORT_BEFORE_MOVES,
};

use Seat::{First, Second};

const T0: Time = 1_764_633_600;

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.to_string(),
    }
}

/// An English room joined at `T0 + 10`, with the first `plies` moves of a
/// common opening played (Black, the first seat, moves first).
fn english_after(rules: RoomRules, plies: usize) -> Room {
    let mut room = Room::create("english", rules, T0).unwrap();
    room.act(Second, Action::Join, T0 + 10).unwrap();
    let opening = ["11-15", "23-19", "8-11", "22-17", "4-8"];
    for (i, text) in opening.iter().take(plies).enumerate() {
        let seat = if i % 2 == 0 { First } else { Second };
        room.act(seat, mv(text), T0 + 10).unwrap();
    }
    room
}

fn aborted(reason: &str) -> RoomResult {
    RoomResult::Aborted {
        reason: reason.into(),
    }
}

#[test]
fn the_rule_is_two_moves_each() {
    assert_eq!(ABORT_BEFORE_MOVES, 2);
}

#[test]
fn a_resignation_before_two_moves_each_aborts() {
    // 0 to 3 plies: one side (at least) has made fewer than two moves.
    for plies in 0..4 {
        for seat in [First, Second] {
            let mut room = english_after(RoomRules::default(), plies);
            assert!(room.would_abort());
            let events = room.act(seat, Action::Resign, T0 + 20).unwrap();
            assert_eq!(
                events,
                [RoomEvent::GameOver {
                    result: aborted("resignation")
                }],
                "{plies} plies, {seat} resigns"
            );
            assert_eq!(room.state(), RoomState::Finished);
            assert_eq!(room.result().unwrap().winner(), None);
            assert!(room.result().unwrap().is_aborted());
            let text = room.view(T0 + 20).result_text.unwrap();
            assert_eq!(
                text,
                "Game aborted: a resignation before each side had made 2 moves"
            );
            // The game itself is not over: nobody won it on record.
            assert_eq!(room.game().outcome(), None);
        }
    }
}

#[test]
fn a_resignation_after_two_moves_each_is_a_win() {
    let mut room = english_after(RoomRules::default(), 4);
    assert!(!room.would_abort());
    room.act(Second, Action::Resign, T0 + 20).unwrap();
    assert_eq!(
        room.result(),
        Some(&RoomResult::Win {
            seat: First,
            reason: RoomWin::Resignation
        })
    );
}

#[test]
fn an_early_draw_agreement_aborts() {
    let mut room = english_after(RoomRules::default(), 2);
    room.act(First, Action::OfferDraw, T0 + 20).unwrap();
    room.act(Second, Action::AcceptDraw, T0 + 21).unwrap();
    assert_eq!(room.result(), Some(&aborted("agreement")));
    let mut room = english_after(RoomRules::default(), 4);
    room.act(First, Action::OfferDraw, T0 + 20).unwrap();
    room.act(Second, Action::AcceptDraw, T0 + 21).unwrap();
    assert_eq!(
        room.result(),
        Some(&RoomResult::Draw {
            reason: "agreement".into()
        })
    );
}

#[test]
fn an_early_loss_on_time_aborts() {
    // Live: Black never makes a first move.
    let mut room = english_after(RoomRules::live(), 0);
    let events = room.update(T0 + 10 + 61);
    assert_eq!(
        events,
        [RoomEvent::GameOver {
            result: aborted("time")
        }]
    );
    // After two moves each, the same lateness loses.
    let mut room = english_after(RoomRules::live(), 4);
    room.update(T0 + 10 + 61);
    assert_eq!(
        room.result(),
        Some(&RoomResult::Win {
            seat: Second,
            reason: RoomWin::Time
        })
    );
}

#[test]
fn an_early_absence_claim_aborts() {
    let mut room = english_after(RoomRules::default(), 1);
    // White has not answered for more than two days.
    room.act(First, Action::ClaimAbsence, T0 + 10 + 172_801)
        .unwrap();
    assert_eq!(room.result(), Some(&aborted("absence")));
    let mut room = english_after(RoomRules::default(), 5);
    room.act(First, Action::ClaimAbsence, T0 + 10 + 172_801)
        .unwrap();
    assert_eq!(room.result().unwrap().winner(), Some(First));
}

#[test]
fn an_aborted_game_may_be_followed_by_a_rematch_and_restores() {
    let mut room = english_after(RoomRules::default(), 1);
    room.act(Second, Action::Resign, T0 + 20).unwrap();
    let back = Room::restore(room.record()).unwrap();
    assert_eq!(back.record(), room.record());
    room.act(First, Action::Rematch, T0 + 30).unwrap();
    room.act(Second, Action::Rematch, T0 + 31).unwrap();
    assert_eq!(room.game_number(), 2);
    assert_eq!(room.earlier_games()[0].result, aborted("resignation"));
    let back = Room::restore(room.record()).unwrap();
    assert_eq!(back.record(), room.record());
}

#[test]
fn a_record_aborted_after_two_moves_each_is_refused() {
    let mut room = english_after(RoomRules::default(), 4);
    room.act(Second, Action::Resign, T0 + 20).unwrap();
    let mut record: RoomRecord = room.record();
    record.result = Some(aborted("resignation"));
    assert!(matches!(
        Room::restore(record),
        Err(RoomError::BadRecord(_))
    ));
}

#[test]
fn earlier_games_taken_out_leave_a_record_of_one_game() {
    let mut room = english_after(RoomRules::default(), 0);
    let mut taken = Vec::new();
    for n in 0..5u64 {
        let seat = room.seat_to_move().unwrap();
        // Whoever opens plays Black: 11-15 in every game.
        room.act(seat, mv("11-15"), T0 + 20 + n).unwrap();
        room.act(seat, Action::Resign, T0 + 20 + n).unwrap();
        taken.push(room.finished_game().unwrap());
        room.act(First, Action::Rematch, T0 + 20 + n).unwrap();
        room.act(Second, Action::Rematch, T0 + 20 + n).unwrap();
        // The earlier game taken out: the record has the current game only.
        let out = room.take_earlier_games();
        assert_eq!(out, [taken.last().unwrap().clone()]);
        let record = room.record();
        assert!(record.earlier.is_empty());
        let back = Room::restore(record).unwrap();
        assert_eq!(back.game_number(), room.game_number());
        assert_eq!(back.record(), room.record());
    }
    assert_eq!(room.game_number(), 6);
    assert_eq!(
        taken.iter().map(|g| g.game_number).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
}

#[test]
fn kept_earlier_games_must_end_before_the_current_one() {
    let mut room = english_after(RoomRules::default(), 0);
    for n in 0..3u64 {
        let seat = room.seat_to_move().unwrap();
        room.act(seat, Action::Resign, T0 + 20 + n).unwrap();
        room.act(First, Action::Rematch, T0 + 20 + n).unwrap();
        room.act(Second, Action::Rematch, T0 + 20 + n).unwrap();
    }
    // Games 1 to 3 kept, game 4 current: the last two alone restore too.
    let full = room.record();
    assert_eq!(full.earlier.len(), 3);
    let mut suffix = full.clone();
    suffix.earlier.remove(0);
    assert!(Room::restore(suffix).is_ok());
    // Games 1 and 2 without game 3: a gap before the current game.
    let mut gap = full.clone();
    gap.earlier.pop();
    assert!(matches!(Room::restore(gap), Err(RoomError::BadRecord(_))));
    // More earlier games than the number allows.
    let mut over = full;
    over.game_number = 3;
    assert!(matches!(Room::restore(over), Err(RoomError::BadRecord(_))));
}

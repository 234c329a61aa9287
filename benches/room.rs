//! Criterion benchmarks of a play-by-link room (feature `serde`): what a
//! server does per request when it keeps rooms as JSON records.
//!
//! ```text
//! cargo bench --features serde --bench room
//! ```
//!
//! | bench | what one iteration does |
//! |---|---|
//! | `room/restore/<mode>/<plies>` | `serde_json::from_str::<Room>` (replays every move) |
//! | `room/store/<mode>/<plies>` | `serde_json::to_string(&room)` |
//! | `room/move/<mode>/<plies>` | clone the room, `update`, `act` (a move), `view` |
//!
//! The room is a game of `<plies>` moves (each the first legal move), built
//! once and checked before timing.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use draughts::room::{Action, Room, RoomRules, RoomState, Seat};

/// A room of `mode` joined and played `plies` moves into a game still in play.
fn room(mode: &str, plies: usize) -> Room {
    let mut room = Room::create(mode, RoomRules::default(), 0).unwrap();
    room.act(Seat::Second, Action::Join, 1).unwrap();
    for t in 0..plies as u64 {
        let seat = room.seat_to_move().unwrap();
        let text = room.view(t).legal_moves[0].clone();
        room.act(seat, Action::Move { text }, 2 + t).unwrap();
    }
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(room.game().ply_count(), plies);
    room
}

fn benches(c: &mut Criterion) {
    for (mode, plies) in [("english", 40), ("international", 60), ("spanish-site", 40)] {
        let room = room(mode, plies);
        let json = serde_json::to_string(&room).unwrap();
        let back: Room = serde_json::from_str(&json).unwrap();
        assert_eq!(back.record(), room.record());
        let name = format!("{mode}/{plies}");
        c.bench_function(&format!("room/restore/{name}"), |b| {
            b.iter(|| serde_json::from_str::<Room>(black_box(&json)).unwrap())
        });
        c.bench_function(&format!("room/store/{name}"), |b| {
            b.iter(|| serde_json::to_string(black_box(&room)).unwrap())
        });
        let seat = room.seat_to_move().unwrap();
        let text = room.view(0).legal_moves[0].clone();
        let now = 10_000;
        c.bench_function(&format!("room/move/{name}"), |b| {
            b.iter(|| {
                let mut r = room.clone();
                r.update(now);
                r.act(seat, Action::Move { text: text.clone() }, now)
                    .unwrap();
                black_box(r.view(now))
            })
        });
    }
}

criterion_group!(room_benches, benches);
criterion_main!(room_benches);

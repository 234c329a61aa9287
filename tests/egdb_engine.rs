//! The engine with endgame databases (`Engine::set_egdb`): won endings
//! converted by the shortest way, drawn ones held, and wins the count rules
//! would not leave time for not scored as forced. The tables are built here
//! (3 pieces: a second or two in release).

#![cfg(feature = "egdb")]

use draughts::egdb::{build_all, Egdb, SharedEgdb, Value};
use draughts::engine::{Engine, Hooks, Level, Limits};
use draughts::{
    Color, English, Frisian, Game, KingRun, Outcome, Position, Russian, SquareSet, Variant,
};

/// Every position of `V` with the given pieces (`"K"` a king, `""` a man)
/// for White and Black, White to move, that parses.
fn positions<V: Variant>(white: &[&str], black: &[&str]) -> Vec<Position<V>> {
    let names = SquareSet::<V>::all().texts();
    let n = names.len();
    let k = white.len() + black.len();
    let mut out = Vec::new();
    let mut idx = vec![0usize; k];
    loop {
        let distinct = (0..k).all(|i| (0..i).all(|j| idx[i] != idx[j]));
        if distinct {
            let side = |kinds: &[&str], at: &[usize]| {
                kinds
                    .iter()
                    .zip(at)
                    .map(|(kind, &i)| format!("{kind}{}", names[i]))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let fen = format!(
                "W:W{}:B{}",
                side(white, &idx[..white.len()]),
                side(black, &idx[white.len()..])
            );
            if let Ok(p) = Position::<V>::from_fen(&fen) {
                out.push(p);
            }
        }
        let mut i = 0;
        loop {
            if i == k {
                return out;
            }
            idx[i] += 1;
            if idx[i] < n {
                break;
            }
            idx[i] = 0;
            i += 1;
        }
    }
}

fn engine(db: Option<&SharedEgdb>) -> Engine {
    let mut e = Engine::with_tt_mib(1);
    e.set_egdb(db.cloned());
    e
}

/// Plays `start` out between two engines (White's first) at `nodes` nodes
/// a move for at most `max_plies` plies; the game.
fn play_out<V: Variant>(
    start: Position<V>,
    engines: &mut [Engine; 2],
    nodes: u64,
    max_plies: usize,
) -> Game<V> {
    let mut game = Game::from_position(start);
    let spec = Level::Hard.spec().with_nodes(nodes);
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let side = usize::from(game.position().turn() == Color::Black);
        let mv = engines[side]
            .play(&game, &spec, 1, Hooks::default())
            .expect("a move");
        game.play(&mv).unwrap();
    }
    game
}

fn white_won<V: Variant>(game: &Game<V>) -> bool {
    matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    )
}

/// English two kings against one: the engines with the tables (both
/// sides) end the longest wins in exactly the table's distance; without
/// them, at the same node budget, the same positions take longer in all
/// (a game not won in 120 plies counts 120).
#[test]
fn the_engine_converts_won_endings_by_the_shortest_way() {
    let db: Egdb<'static, English> = build_all::<English>(3, 2, |_| {}).unwrap();
    let won: Vec<(u16, Position<English>)> = positions::<English>(&["K", "K"], &["K"])
        .into_iter()
        .filter_map(|p| {
            let e = db.lookup(&p).unwrap();
            (e.value == Value::Win).then_some((e.distance, p))
        })
        .collect();
    let longest = longest_wins(won);
    assert!(
        longest[0].0 >= 15,
        "the longest win is {} plies",
        longest[0].0
    );
    converts_with_tables(&longest, db, true);
}

/// The four longest distinct distances of `won` (distance, position), the
/// longest first.
fn longest_wins<V: Variant>(mut won: Vec<(u16, Position<V>)>) -> Vec<(u16, Position<V>)> {
    won.sort_by_key(|(d, p)| (core::cmp::Reverse(*d), p.to_fen()));
    won.dedup_by_key(|(d, _)| *d);
    won.into_iter().take(4).collect()
}

/// Plays each of `longest` (White wins in the distance) out twice at 2000
/// nodes a move: with the tables on both sides White wins in the distance
/// (exactly when `exact`, else within it), and without them the games take
/// longer in all (a game not won in 120 plies counts 120).
fn converts_with_tables<V: Variant>(
    longest: &[(u16, Position<V>)],
    db: Egdb<'static, V>,
    exact: bool,
) {
    let shared = SharedEgdb::new(db);
    let (mut with_plies, mut without_plies) = (0, 0);
    for (d, pos) in longest {
        let mut with = [engine(Some(&shared)), engine(Some(&shared))];
        let game = play_out(*pos, &mut with, 2000, 120);
        assert!(white_won(&game), "{}: {:?}", pos.to_fen(), game.outcome());
        let plies = game.moves().len();
        assert!(
            plies == *d as usize || (!exact && plies < *d as usize),
            "{}: won in {plies} plies, the table says {d}",
            pos.to_fen()
        );
        with_plies += plies;
        let mut without = [engine(None), engine(None)];
        let game = play_out(*pos, &mut without, 2000, 120);
        without_plies += if white_won(&game) {
            game.moves().len()
        } else {
            120
        };
    }
    assert!(
        without_plies > with_plies,
        "without the tables {without_plies} plies, with them {with_plies}"
    );
}

/// Drawn English 3-piece positions in which some moves lose: the engine
/// with the tables, against one without, keeps the draw at every move (the
/// position after its move is a table draw, or better) and never loses.
#[test]
fn the_engine_holds_drawn_endings() {
    let db: Egdb<'static, English> = build_all::<English>(3, 2, |_| {}).unwrap();
    let mut held = 0;
    for (white, black) in [(&["K"][..], &["K", ""][..]), (&["K"][..], &["", ""][..])] {
        let traps: Vec<Position<English>> = positions::<English>(white, black)
            .into_iter()
            .filter(|p| {
                db.lookup(p).unwrap().value == Value::Draw
                    && p.legal_moves()
                        .iter()
                        .any(|m| db.lookup(&p.play(m)).unwrap().value == Value::Win)
            })
            .step_by(97)
            .take(6)
            .collect();
        let shared = SharedEgdb::new(db.clone());
        for pos in traps {
            let mut engines = [engine(Some(&shared)), engine(None)];
            let game = play_out(pos, &mut engines, 1000, 60);
            for (i, p) in game.positions().iter().enumerate().skip(1) {
                if i % 2 == 1 {
                    // After White's (the table engine's) move: Black does not win.
                    let e = db.lookup(p).unwrap();
                    assert_ne!(
                        e.value,
                        Value::Win,
                        "{} ply {i}: {}",
                        pos.to_fen(),
                        p.to_fen()
                    );
                }
            }
            assert!(
                !matches!(
                    game.outcome(),
                    Some(Outcome::Win {
                        winner: Color::Black,
                        ..
                    })
                ),
                "{}",
                pos.to_fen()
            );
            held += 1;
        }
    }
    assert!(held >= 6, "{held} drawn positions tried");
}

/// Russian to 4 pieces: with three pieces against a lone king, the
/// main-road count (5 moves each, 10 plies) can start whenever the lone
/// king steps on the main road, so no more than 11 plies are sure. A table
/// win that fits is a forced win at the table's distance; a longer one is
/// not scored as a forced win (but as a table win, above any evaluation).
#[test]
fn a_table_win_longer_than_the_count_rules_allow_is_not_forced() {
    let db: Egdb<'static, Russian> = build_all::<Russian>(4, 2, |_| {}).unwrap();
    let shared = SharedEgdb::new(db.clone());
    let table = |fen: &str| {
        let pos = Position::<Russian>::from_fen(fen).unwrap();
        let e = db.lookup(&pos).unwrap();
        assert_eq!(e.value, Value::Win, "{fen}");
        (pos, e.distance)
    };
    for fen in ["W:WKa1,Kc1,Ke1:BKh4", "W:WKa1,c3,e3:BKh2"] {
        let (pos, d) = table(fen);
        assert!(d <= 9, "{fen}: {d}");
        let game = Game::from_position(pos);
        let r = engine(Some(&shared)).search(&game, &Limits::depth(3), Hooks::default());
        assert_eq!(r.score.win_in(), Some(i32::from(d)), "{fen}");
    }
    for fen in ["W:WKb2,c3,e3:BKd8", "W:WKc1,Kd2,e3:BKa5"] {
        let (pos, d) = table(fen);
        assert!(d > 11, "{fen}: {d}");
        let game = Game::from_position(pos);
        let r = engine(Some(&shared)).search(&game, &Limits::depth(6), Hooks::default());
        assert!(
            !r.score.is_decisive(),
            "{fen} (table: win in {d}): {}",
            r.score
        );
        assert!(r.score.centimen() > 5_000, "{fen}: {}", r.score);
        let best = r.best.unwrap();
        let after = db.lookup(&pos.play(&best)).unwrap();
        assert_eq!(after.value, Value::Loss, "{fen}: {best} keeps the win");
    }
}

/// A database of another variant is not used, and the search without one
/// is unchanged by its absence.
#[test]
fn a_database_of_another_variant_is_ignored() {
    let english = SharedEgdb::new(build_all::<English>(2, 1, |_| {}).unwrap());
    let game = Game::from_position(Position::<Russian>::from_fen("W:WKa1:BKh8").unwrap());
    let a = engine(Some(&english)).search(&game, &Limits::depth(4), Hooks::default());
    let b = engine(None).search(&game, &Limits::depth(4), Hooks::default());
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

/// Frisian's tables carry the king-move count. Won positions of a man and
/// a king against a king where White's king has made its three quiet moves
/// (it may not move again without capturing) and the count changes the
/// table's value or distance: the engines with the tables (both sides),
/// the game applying the limit, win the longest of them within the
/// table's distance (the losing side keeps every move of a lost position
/// and may fall sooner); without the tables, at the same node budget, they
/// take longer in all (a game not won in 120 plies counts 120).
#[test]
fn frisian_engine_converts_table_wins_under_the_king_move_limit() {
    let slice = "wm1wk1bm0bk1".parse().unwrap();
    let db: Egdb<'static, Frisian> = crate::egdb::build_with_reads(slice);
    let won: Vec<(u16, Position<Frisian>)> = positions::<Frisian>(&["", "K"], &["K"])
        .into_iter()
        .filter_map(|free| {
            let mut s = free.to_setup();
            let king = free.kings(Color::White).into_iter().next()?;
            s.king_runs = [Some(KingRun { king, moves: 3 }), None];
            let held = Position::from_setup(s).ok()?;
            let (e, f) = (db.lookup(&held).unwrap(), db.lookup(&free).unwrap());
            (e.value == Value::Win && e != f).then_some((e.distance, held))
        })
        .collect();
    converts_with_tables(&longest_wins(won), db, false);
}

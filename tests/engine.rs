//! The search engine: legal answers on random positions of every variant,
//! limits that hold, reproducible levels, draw awareness.
use core::cell::Cell;
use core::sync::atomic::{AtomicBool, Ordering};

use draughts::engine::{self, Engine, Hooks, Level, Limits, NoClock, Score};
use draughts::{
    Canadian, Czech, English, Game, International, Move, Position, Russian, Variant, VariantKind,
};
use proptest::prelude::*;

/// A position reached by `plies` random moves from the start (seeded).
fn random_game<V: Variant>(seed: u64, plies: usize) -> Game<V> {
    let mut game = Game::<V>::new();
    let mut r = seed;
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        r = r
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[((r >> 33) % moves.len() as u64) as usize].clone();
        game.play(&m).unwrap();
    }
    game
}

/// Checks one search: a legal move exactly when there is one, the node
/// limit kept, the PV starting with the move, the score in range.
fn check_search<V: Variant>(game: &Game<V>, nodes: u64, depth: u32) {
    let limits = Limits {
        nodes: Some(nodes),
        depth: Some(depth),
        ..Limits::default()
    };
    let r = Engine::with_tt_mib(1).search(game, &limits, Hooks::default());
    let legal = game.legal_moves();
    match &r.best {
        None => assert!(
            legal.is_empty(),
            "{}: no move but {} legal",
            V::NAME,
            legal.len()
        ),
        Some(m) => {
            assert!(
                legal.contains(m),
                "{}: {m} is not legal in {}",
                V::NAME,
                game.position().to_fen()
            );
            assert_eq!(r.pv.first(), Some(m));
            // The PV is a line of legal moves.
            let mut pos = *game.position();
            for mv in &r.pv {
                assert!(
                    pos.legal_moves().contains(mv),
                    "{}: PV move {mv} illegal",
                    V::NAME
                );
                pos = pos.play(mv);
            }
        }
    }
    assert!(
        r.nodes <= nodes,
        "{}: {} nodes > limit {nodes}",
        V::NAME,
        r.nodes
    );
    assert!(r.depth <= depth);
    assert!(r.score.centimen().abs() <= 30_000);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    /// Every variant of the registry (`VariantKind::ALL`).
    #[test]
    fn random_positions_every_variant(seed in any::<u64>(), plies in 0usize..160, nodes in 1u64..4000, depth in 1u32..8) {
        for kind in VariantKind::ALL {
            draughts::with_variant!(kind, V => {
                let game = random_game::<V>(seed, plies);
                check_search(&game, nodes, depth);
                // The position alone (no history) too.
                let alone = Game::from_position(*game.position());
                check_search(&alone, nodes, depth);
            });
        }
    }
}

/// The limits a level can be given: its own, a depth, a node budget, a
/// move time or a game clock (`kind` picks one, `x` sizes it).
fn some_limits(level: Level, kind: usize, x: u64) -> Limits {
    match kind {
        0 => level.spec().limits,
        1 => Limits::depth(1 + (x % 5) as u32),
        2 => Limits::nodes(1 + x % 20_000),
        3 => Limits::move_time(1 + x % 60),
        4 => Limits {
            time_left_ms: Some(100 + x % 3000),
            increment_ms: x % 50,
            ..Limits::default()
        },
        _ => Limits {
            depth: Some(1 + (x % 30) as u32),
            ..Limits::move_time(1 + x % 60)
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
    /// Every level with every kind of limit, in every variant, returns a
    /// legal move within its bound: the node budget, the depth, and on a
    /// clock that advances 1 ms per read (the search reads it every 1024
    /// nodes) the time; given no clock, a timed limit has at most
    /// `NO_CLOCK_NODES` nodes.
    #[test]
    fn every_level_and_limit_ends_within_its_bound(
        kind in 0usize..VariantKind::ALL.len(),
        level in 0usize..4,
        limit in 0usize..6,
        x in any::<u64>(),
    ) {
        let level = Level::ALL[level];
        let limits = some_limits(level, limit, x);
        let timed = limits.move_time_ms.is_some() || limits.time_left_ms.is_some();
        if timed {
            prop_assert!(limits.node_budget(&NoClock, false) <= engine::NO_CLOCK_NODES);
        }
        draughts::with_variant!(VariantKind::ALL[kind], V => {
            let game = random_game::<V>(x, (x % 60) as usize);
            let spec = draughts::engine::LevelSpec { limits, ..level.spec() };
            let t = Cell::new(0u64);
            let clock = || {
                t.set(t.get() + 1);
                t.get()
            };
            let played = Engine::with_tt_mib(1).play_scored(&game, &spec, x, Hooks::with_clock(&clock));
            match &played {
                None => prop_assert!(game.legal_moves().is_empty()),
                Some(p) => {
                    prop_assert!(game.legal_moves().contains(&p.mv));
                    if let Some(n) = limits.nodes {
                        prop_assert!(p.nodes <= n, "{} > {n}", p.nodes);
                    }
                    if let Some(d) = limits.depth {
                        prop_assert!(p.depth <= d);
                    }
                }
            }
            if let Some(ms) = limits.move_time_ms {
                prop_assert!(t.get() <= ms + 8, "{} reads for {ms} ms", t.get());
            }
            if let Some(left) = limits.time_left_ms {
                prop_assert!(t.get() <= left / 2 + 8, "{} reads for {left} ms left", t.get());
            }
        });
    }
}

#[test]
fn time_limit_holds_on_a_clock_that_ticks_per_call() {
    // Each clock read advances 1 ms; the search reads it every 1024 nodes.
    let t = Cell::new(0u64);
    let clock = || {
        t.set(t.get() + 1);
        t.get()
    };
    let game = Game::<International>::new();
    let r = Engine::with_tt_mib(1).search(&game, &Limits::move_time(40), Hooks::with_clock(&clock));
    assert!(r.best.is_some());
    assert!(t.get() <= 45, "clock at {} ms for a 40 ms move", t.get());
    assert!(r.nodes <= 45 * 1024, "{} nodes", r.nodes);
    assert!(r.depth >= 1);
}

/// A search with a fixed move time spends most of it (it once started no
/// iteration after half of it): on a clock that ticks with the nodes
/// searched, over positions of several variants, at least 90% of the time
/// on average (82% before), and never more than the time.
#[test]
fn a_fixed_move_time_is_mostly_used() {
    fn used<V: Variant>(seed: u64) -> f64 {
        let t = Cell::new(0u64);
        let clock = || {
            t.set(t.get() + 1);
            t.get()
        };
        let game = random_game::<V>(seed, (seed % 30) as usize);
        if game.legal_moves().len() < 2 {
            return 1.0;
        }
        let r = Engine::with_tt_mib(1).search(
            &game,
            &Limits::move_time(120),
            Hooks::with_clock(&clock),
        );
        assert!(r.best.is_some());
        assert!(t.get() <= 125, "{} ms of 120", t.get());
        t.get() as f64 / 120.0
    }
    let mut shares = Vec::new();
    for seed in 0..4 {
        shares.push(used::<International>(seed));
        shares.push(used::<English>(seed));
        shares.push(used::<Russian>(seed));
    }
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    assert!(
        mean >= 0.9,
        "mean share of the move time used {mean:.2}: {shares:.2?}"
    );
}

/// `hard` (1 s per move) with a clock that never advances ends, within
/// `NO_CLOCK_NODES` (it searched until killed before); so does any search
/// limited by time alone, in every variant kind of board.
#[test]
fn time_limits_on_no_clock_end_within_the_node_budget() {
    // The call (issue 23), on the run-time face.
    assert!(draughts::AnyGame::new(VariantKind::English)
        .engine_play(
            &mut Engine::with_tt_mib(8),
            &Level::Hard.spec(),
            1,
            Hooks::with_clock(&NoClock),
        )
        .is_some());
    let game = Game::<International>::new();
    for limits in [
        Limits::move_time(1000),
        Limits {
            time_left_ms: Some(60_000),
            ..Limits::default()
        },
    ] {
        let r = Engine::with_tt_mib(1).search(&game, &limits, Hooks::default());
        assert!(r.best.is_some());
        assert!(
            r.nodes <= engine::NO_CLOCK_NODES + 1024,
            "{} nodes",
            r.nodes
        );
        assert!(r.nodes >= engine::NO_CLOCK_NODES / 2, "{} nodes", r.nodes);
    }
    // A depth limit beside the time limit still holds (within the budget).
    let r = Engine::with_tt_mib(1).search(
        &game,
        &Limits {
            depth: Some(3),
            ..Limits::move_time(1000)
        },
        Hooks::default(),
    );
    assert_eq!(r.depth, 3);
}

#[test]
fn time_is_reported_without_a_time_limit() {
    // A depth-limited search reads the clock for its reports too.
    let t = Cell::new(0u64);
    let clock = || {
        t.set(t.get() + 1);
        t.get()
    };
    let game = Game::<English>::new();
    let mut times = Vec::new();
    let mut cb = |i: &engine::Info<'_, Move<English>>| times.push(i.time_ms);
    let hooks = Hooks {
        clock: &clock,
        stop: None,
        info: Some(&mut cb),
    };
    let r = Engine::with_tt_mib(1).search(&game, &Limits::depth(3), hooks);
    assert_eq!(times.len(), 3);
    assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
    assert!(
        r.time_ms > *times.last().unwrap(),
        "{} after {times:?}",
        r.time_ms
    );
}

#[test]
fn remaining_time_is_shared_out() {
    let t = Cell::new(0u64);
    let clock = || {
        t.set(t.get() + 1);
        t.get()
    };
    let game = Game::<Russian>::new();
    let limits = Limits {
        time_left_ms: Some(3000),
        increment_ms: 0,
        ..Limits::default()
    };
    let r = Engine::with_tt_mib(1).search(&game, &limits, Hooks::with_clock(&clock));
    assert!(r.best.is_some());
    // 3000 ms / 30 moves = 100 ms per move, at most twice that.
    assert!(t.get() <= 205, "{} ms", t.get());
}

#[test]
fn a_set_stop_flag_ends_the_search_with_a_legal_move() {
    let stop = AtomicBool::new(true);
    let game = Game::<Canadian>::new();
    let hooks = Hooks {
        clock: &NoClock,
        stop: Some(&stop),
        info: None,
    };
    let r = Engine::with_tt_mib(1).search(&game, &Limits::default(), hooks);
    assert!(game.legal_moves().contains(r.best.as_ref().unwrap()));
    assert!(r.nodes <= 1024, "{} nodes after the flag", r.nodes);
}

/// The flag, set by another thread after 100 ms, ends a search that has no
/// limit of its own. A node budget far beyond what 100 ms of search visits
/// (a few hundred thousand nodes) bounds the test: a search that ignored the
/// flag would end on the budget, and fail, instead of running for ever.
#[test]
fn the_stop_flag_works_from_another_thread() {
    const BUDGET: u64 = 50_000_000;
    let stop = AtomicBool::new(false);
    let game = Game::<International>::new();
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        let hooks = Hooks {
            clock: &NoClock,
            stop: Some(&stop),
            info: None,
        };
        let limits = Limits {
            nodes: Some(BUDGET),
            ..Limits::default()
        };
        let r = Engine::with_tt_mib(1).search(&game, &limits, hooks);
        assert!(
            stop.load(Ordering::Relaxed),
            "the search ended before the flag was set"
        );
        assert!(
            r.nodes < BUDGET,
            "the search ran to its budget ({} nodes): the flag was ignored",
            r.nodes
        );
        assert!(game.legal_moves().contains(r.best.as_ref().unwrap()));
        assert!(r.depth < engine::MAX_DEPTH);
    });
}

#[test]
fn info_is_reported_once_per_iteration() {
    let game = Game::<English>::new();
    let mut depths = Vec::new();
    let mut cb = |i: &engine::Info<'_, Move<English>>| {
        assert_eq!(
            i.pv.first().map(|m| game.legal_moves().contains(m)),
            Some(true)
        );
        depths.push(i.depth)
    };
    let hooks = Hooks {
        clock: &NoClock,
        stop: None,
        info: Some(&mut cb),
    };
    Engine::with_tt_mib(1).search(&game, &Limits::depth(6), hooks);
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn no_move_when_the_game_is_over() {
    let pos = Position::<International>::from_fen("W:W:B1").unwrap();
    let game = Game::from_position(pos);
    assert!(game.outcome().is_some());
    let r = Engine::with_tt_mib(1).search(&game, &Limits::depth(3), Hooks::default());
    assert!(r.best.is_none() && r.pv.is_empty());
    assert_eq!(engine::best_move(&game, Level::Hard, 1, &NoClock), None);
}

#[test]
fn a_win_is_scored_as_win_in_n() {
    // White's man on 28 captures the last two black men: a win in one ply.
    let pos = Position::<International>::from_fen("W:W28:B23,13").unwrap();
    let r = Engine::with_tt_mib(1).search_position(&pos, &Limits::depth(3), Hooks::default());
    assert_eq!(r.score.win_in(), Some(1), "{}", r.score);
    assert_eq!(r.best.unwrap().to_string(), "28x19x8");
}

#[test]
fn levels_are_reproducible_and_seeds_matter() {
    let game = random_game::<International>(5, 10);
    for level in Level::ALL {
        let spec = match level {
            Level::Hard => level.spec().with_nodes(5000),
            _ => level.spec(),
        };
        let a = Engine::with_tt_mib(1).play(&game, &spec, 42, Hooks::default());
        let b = Engine::with_tt_mib(1).play(&game, &spec, 42, Hooks::default());
        assert_eq!(a, b, "{level}");
    }
    let distinct: std::collections::HashSet<String> = (0..24)
        .map(|seed| {
            engine::best_move(&game, Level::VeryEasy, seed, &NoClock)
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(distinct.len() >= 2, "very easy always plays {distinct:?}");
}

/// White: a king on 32; Black: kings on 1 and 4 (Black is a king up).
/// `first` moves first; the four moves k1, b1, back, back are played
/// `plies` plies, so the start position occurs again every 4 plies. Returns
/// the game and the move that comes next in the cycle.
fn repetition_game(first: char, plies: usize) -> (Game<English>, String) {
    let pos = Position::<English>::from_fen(&format!("{first}:WK32:BK1,K4")).unwrap();
    let mut scratch = Game::from_position(pos);
    let mut cycle: Vec<draughts::Move<English>> = Vec::new();
    for i in 0..4 {
        let m = if i < 2 {
            scratch.legal_moves()[0].clone()
        } else {
            let out = &cycle[i - 2];
            scratch
                .legal_moves()
                .into_iter()
                .find(|x| x.from() == out.to() && x.to() == out.from())
                .unwrap()
        };
        scratch.play(&m).unwrap();
        cycle.push(m);
    }
    let mut game = Game::from_position(pos);
    while game.moves().len() < plies {
        let m = cycle[game.moves().len() % 4].clone();
        game.play(&m).unwrap();
    }
    let next = cycle[plies % 4].to_string();
    (game, next)
}

/// With Black to move first, White's 8th-ply move brings the start
/// position back a third time: the game is drawn, and the side behind
/// (White) takes it.
#[test]
fn the_side_behind_steers_into_a_repetition() {
    let (game, repeat) = repetition_game('B', 7);
    let mut after = game.clone();
    after.play_text(&repeat).unwrap();
    assert_eq!(
        after.outcome(),
        Some(draughts::Outcome::Draw {
            reason: draughts::DrawReason::Repetition
        })
    );
    for depth in 1..=6 {
        let a = Engine::with_tt_mib(1).analyse(&game, &Limits::depth(depth), Hooks::default());
        let found = a
            .moves
            .iter()
            .find(|(m, _)| m.to_string() == repeat)
            .unwrap();
        assert_eq!(found.1, Score::DRAW, "depth {depth}");
        assert_eq!(a.moves[0].1, Score::DRAW, "{:?}", a.moves);
    }
    // Without the history the same move is just a king move, scored below 0.
    let alone = Game::from_position(*game.position());
    let a = Engine::with_tt_mib(1).analyse(&alone, &Limits::depth(6), Hooks::default());
    assert!(a.moves[0].1 < Score::DRAW, "{:?}", a.moves);
}

/// A second occurrence is not a draw by the rules: the move that makes it
/// is scored as play goes on.
#[test]
fn a_second_occurrence_is_not_a_draw() {
    let (game, repeat) = repetition_game('B', 3);
    let mut after = game.clone();
    after.play_text(&repeat).unwrap();
    assert_eq!(after.repetitions(), 2);
    assert_eq!(after.outcome(), None);
    let a = Engine::with_tt_mib(1).analyse(&game, &Limits::depth(1), Hooks::default());
    let found = a
        .moves
        .iter()
        .find(|(m, _)| m.to_string() == repeat)
        .unwrap();
    assert!(found.1 < Score::DRAW, "{:?}", a.moves);
}

/// With White to move first, Black's 8th-ply move would draw by repetition:
/// the side ahead (Black) plays another.
#[test]
fn the_side_ahead_avoids_a_repetition() {
    let (game, repeat) = repetition_game('W', 7);
    let a = Engine::with_tt_mib(1).analyse(&game, &Limits::depth(6), Hooks::default());
    let found = a
        .moves
        .iter()
        .find(|(m, _)| m.to_string() == repeat)
        .unwrap();
    assert_eq!(found.1, Score::DRAW);
    assert!(
        a.moves[0].0.to_string() != repeat && a.moves[0].1 > Score::DRAW,
        "{:?}",
        a.moves
    );
    let r = Engine::with_tt_mib(1).search(&game, &Limits::depth(6), Hooks::default());
    assert_ne!(r.best.unwrap().to_string(), repeat);
}

/// The two positions of issue 23, one ply before a count-rule draw: the
/// moves the issue names draw by the rules (in International every legal
/// move does; in Russian those that keep the king on the main road), and
/// the engine scores every drawing move exactly a draw at every depth.
#[test]
fn every_drawing_move_scores_a_draw_at_every_depth() {
    fn check<V: Variant>(fen: &str, moves: &str, reason: draughts::DrawReason, named: &[&str]) {
        let mut game = Game::from_position(Position::<V>::from_fen(fen).unwrap());
        for m in moves.split_whitespace() {
            game.play_text(m).unwrap();
        }
        assert_eq!(game.outcome(), None);
        let mut drawn = Vec::new();
        for m in game.legal_moves() {
            let mut after = game.clone();
            after.play(&m).unwrap();
            if after.outcome() == Some(draughts::Outcome::Draw { reason }) {
                drawn.push(m.to_string());
            }
        }
        let all: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        let expected: Vec<String> = if named.is_empty() {
            all
        } else {
            named.iter().map(|m| m.to_string()).collect()
        };
        for m in &expected {
            assert!(drawn.contains(m), "{} {m} does not draw", V::NAME);
        }
        let mut engine = Engine::with_tt_mib(1);
        for depth in 1..=8 {
            let a = engine.analyse(&game, &Limits::depth(depth), Hooks::default());
            for (m, s) in &a.moves {
                if drawn.contains(&m.to_string()) {
                    assert_eq!(*s, Score::DRAW, "{} {m} at depth {depth}", V::NAME);
                }
            }
        }
        if drawn.len() == game.legal_moves().len() {
            for depth in 1..=8 {
                let r = engine.search(&game, &Limits::depth(depth), Hooks::default());
                assert_eq!(r.score, Score::DRAW, "{} depth {depth}", V::NAME);
            }
        }
    }
    check::<Russian>(
        "W:WKc1,Ke1,Kg1:BKh8",
        "c1-d2 h8-g7 e1-g3 g7-f6 g1-c5 f6-g7 d2-g5 g7-c3 g5-f4",
        draughts::DrawReason::MainRoad,
        &["c3-d4", "c3-b2", "c3-a1"],
    );
    check::<International>(
        "W:WK47:BK5,K1",
        "47-42 1-7 42-31 5-10 31-26 7-18 26-21 10-14 21-16",
        draughts::DrawReason::LoneKingFiveMoves,
        &[],
    );
}

/// Walks the kings `plies` plies without a capture, without allowing one
/// and without repeating a position (`None` when that gets stuck).
fn king_walk<V: Variant>(fen: &str, plies: usize) -> Option<Game<V>> {
    let mut game = Game::from_position(Position::<V>::from_fen(fen).unwrap());
    let mut seen = std::collections::HashSet::new();
    seen.insert(game.hash());
    while game.quiet_king_plies() < plies {
        let pos = *game.position();
        let m = game.legal_moves().into_iter().find(|m| {
            let next = pos.play(m);
            !m.is_capture() && !next.has_captures() && !seen.contains(&next.zobrist())
        })?;
        game.play(&m).unwrap();
        seen.insert(game.hash());
        if game.outcome().is_some() {
            return None;
        }
    }
    Some(game)
}

#[test]
fn the_king_move_count_is_a_draw_in_the_search() {
    // Czech: 15 moves each (30 plies) of king moves draw. After 29 every
    // move ends the count and scores a draw.
    let mut game = [
        "W:WKa1,Kc1:BKh8",
        "W:WKb2,Kd2:BKg7",
        "W:WKa3,Kc1:BKf8",
        "W:WKe1,Kg1:BKd8",
    ]
    .iter()
    .find_map(|fen| king_walk::<Czech>(fen, 29))
    .expect("one of the walks works");
    let a = Engine::with_tt_mib(1).analyse(&game, &Limits::depth(3), Hooks::default());
    assert!(
        a.moves.iter().all(|(_, s)| *s == Score::DRAW),
        "{:?}",
        a.moves
    );
    // One ply earlier the count is not yet out: the search sees more than a draw.
    game.undo();
    let a = Engine::with_tt_mib(1).analyse(&game, &Limits::depth(1), Hooks::default());
    assert!(
        a.moves.iter().any(|(_, s)| *s != Score::DRAW),
        "{:?}",
        a.moves
    );
}

/// Turkish men step sideways, and such steps can be undone: after seven
/// plies of two men stepping to and fro, White's eighth brings the start
/// position back a third time, a draw the search scores exactly 0 at every
/// depth (it used to count repetitions only since the last man move).
#[test]
fn a_repetition_of_sideways_man_steps_scores_as_a_draw() {
    use draughts::Turkish;
    let start = Position::<Turkish>::from_fen("B:Wa3:Bb5,h7").unwrap();
    let mut game = Game::from_position(start);
    for text in [
        "b5-a5", "a3-b3", "a5-b5", "b3-a3", "b5-a5", "a3-b3", "a5-b5",
    ] {
        game.play_text(text).unwrap();
    }
    let mut after = game.clone();
    after.play_text("b3-a3").unwrap();
    assert_eq!(
        after.outcome(),
        Some(draughts::Outcome::Draw {
            reason: draughts::DrawReason::Repetition
        })
    );
    let score_of = |game: &Game<Turkish>, depth: u32| {
        let a = Engine::with_tt_mib(1).analyse(game, &Limits::depth(depth), Hooks::default());
        a.moves
            .iter()
            .find(|(m, _)| m.to_string() == "b3-a3")
            .unwrap()
            .1
    };
    for depth in 1..=6 {
        assert_eq!(score_of(&game, depth), Score::DRAW, "depth {depth}");
    }
    // Without the history the same step is scored as play goes on.
    let alone = Game::from_position(*game.position());
    assert_ne!(score_of(&alone, 6), Score::DRAW);
}

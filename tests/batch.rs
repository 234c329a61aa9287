//! Batch analysis: the same scores as one search at a time, whatever the
//! number of threads, every ply of every game, and a stop that stops.
use draughts::dynamic::DynGame;
use draughts::engine::{analyse_many, BatchOptions, Engine, Limits};
use draughts::{AnyGame, VariantKind};

/// A few games of several variants, played by the engine's easy level.
fn games() -> Vec<AnyGame> {
    let kinds = [
        VariantKind::Russian,
        VariantKind::English,
        VariantKind::International,
        VariantKind::Turkish,
    ];
    (0..8)
        .map(|i| {
            let mut g = AnyGame::new(kinds[i % kinds.len()]);
            for ply in 0..(6 + i) {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play(&moves[(i * 7 + ply * 3) % moves.len()]).unwrap();
            }
            g
        })
        .collect()
}

#[test]
fn every_ply_of_every_game_is_scored_as_a_lone_search_scores_it() {
    let games = games();
    let options = BatchOptions {
        every_ply: true,
        ..BatchOptions::new(Limits::depth(3))
    };
    let results = analyse_many(&games, &options, |_| true);
    assert_eq!(
        results.len(),
        games.iter().map(|g| g.ply_count() + 1).sum::<usize>()
    );
    let mut k = 0;
    for (i, game) in games.iter().enumerate() {
        let mut prefix = game.start_position().to_game();
        for ply in 0..=game.ply_count() {
            let r = &results[k];
            assert_eq!((r.game, r.ply), (i, ply));
            // A fresh engine on the same position gives the same search
            // (the batch's table is cleared per game, and a game's earlier
            // plies may only have filled it: compare score and depth).
            let lone = prefix.engine_search(
                &mut Engine::with_tt_mib(4),
                &Limits::depth(3),
                draughts::engine::Hooks::default(),
            );
            assert_eq!(r.search.depth, lone.depth);
            assert_eq!(r.search.best.is_some(), lone.best.is_some());
            if ply == 0 {
                assert_eq!(
                    r.search, lone,
                    "game {i}: a fresh table gives the very same search"
                );
            }
            if ply < game.ply_count() {
                prefix.play(&game.moves()[ply]).unwrap();
            }
            k += 1;
        }
    }
}

#[test]
fn the_results_do_not_depend_on_the_number_of_threads() {
    let games = games();
    let one = BatchOptions {
        every_ply: true,
        ..BatchOptions::new(Limits::depth(4))
    };
    let two = BatchOptions { threads: 2, ..one };
    let three = BatchOptions { threads: 3, ..one };
    let a = analyse_many(&games, &one, |_| true);
    assert_eq!(a, analyse_many(&games, &two, |_| true));
    assert_eq!(a, analyse_many(&games, &three, |_| true));
}

#[test]
fn current_positions_only_by_default() {
    let games = games();
    let results = analyse_many(&games, &BatchOptions::new(Limits::nodes(500)), |_| true);
    assert_eq!(results.len(), games.len());
    for (r, g) in results.iter().zip(&games) {
        assert_eq!(r.ply, g.ply_count());
        assert!(r.search.nodes <= 500);
        let best = r.search.best.as_ref().unwrap();
        assert!(g.legal_moves().contains(best), "{best}");
    }
    let none: [Box<dyn DynGame>; 0] = [];
    assert!(analyse_many(&none, &BatchOptions::new(Limits::depth(2)), |_| true).is_empty());
}

#[test]
fn progress_returning_false_stops_the_batch() {
    let games = games();
    let options = BatchOptions {
        every_ply: true,
        threads: 2,
        ..BatchOptions::new(Limits::depth(3))
    };
    let mut seen = 0;
    let results = analyse_many(&games, &options, |_| {
        seen += 1;
        seen < 5
    });
    let all: usize = games.iter().map(|g| g.ply_count() + 1).sum();
    assert!(
        results.len() >= 5 && results.len() < all,
        "{} of {all}",
        results.len()
    );
}

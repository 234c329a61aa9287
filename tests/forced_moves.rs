//! A position with one legal move is searched like any other: its score is
//! the search of the position after the move, to the depth asked (the
//! one-ply extension the search gives such a node inside its tree), never
//! the static evaluation at depth 1. Checked over every forced position of
//! a whole game file (tests/data/games/russian/wiegerw_pdn/ussr1947.pdn,
//! 153 Russian games).

use draughts::dynamic::DynGame;
use draughts::engine::{analyse_many, BatchOptions, Engine, Hooks, Info, Limits, Score};
use draughts::pdn::read_games;
use draughts::{Game, Move, Position, Russian, VariantKind};

const FILE: &str = include_str!("data/games/russian/wiegerw_pdn/ussr1947.pdn");
const DEPTH: u32 = 6;

fn games() -> Vec<Box<dyn DynGame>> {
    let games: Vec<Box<dyn DynGame>> = read_games(FILE, Some(VariantKind::Russian))
        .into_iter()
        .map(|g| g.expect("every ussr1947 game replays"))
        .collect();
    assert_eq!(games.len(), 153);
    games
}

/// The score of a position for its side to move, given the score of the
/// position after its only move: negated, a forced result one ply further.
fn parent(child: Score) -> (Option<i32>, i32) {
    match child.win_in() {
        Some(n) if n > 0 => (Some(-(n + 1)), 0),
        Some(n) => (Some(-n + 1), 0),
        None => (None, -child.centimen()),
    }
}

fn key(s: Score) -> (Option<i32>, i32) {
    match s.win_in() {
        Some(n) => (Some(n), 0),
        None => (None, s.centimen()),
    }
}

#[test]
fn every_forced_position_of_a_game_file_scores_the_search_after_its_move() {
    let limits = Limits::depth(DEPTH);
    let (mut positions, mut forced, mut far_off) = (0, 0, 0);
    for game in games() {
        let mut g = game.start_position().to_game();
        for mv in std::iter::once(None).chain(game.moves().into_iter().map(Some)) {
            if let Some(mv) = mv {
                g.play(&mv).unwrap();
            }
            positions += 1;
            let moves = g.legal_moves();
            if moves.len() != 1 {
                continue;
            }
            forced += 1;
            let search = |g: &dyn DynGame, limits: &Limits| {
                g.engine_search(&mut Engine::with_tt_mib(4), limits, Hooks::default())
            };
            let r = search(g.as_ref(), &limits);
            let mut after = g.clone();
            after.play(&moves[0]).unwrap();
            assert_eq!(r.best.as_ref(), Some(&moves[0]));
            assert_eq!(r.pv.first(), r.best.as_ref());
            if after.outcome().is_some() {
                continue;
            }
            let c = search(after.as_ref(), &limits);
            let fen = g.fen();
            // To the depth asked, or less where a forced result was proven
            // (a deeper search cannot change it).
            assert_eq!(r.depth, c.depth, "{fen}");
            assert!(
                r.depth == DEPTH || r.score.is_decisive(),
                "{fen}: searched to depth {}",
                r.depth
            );
            assert_eq!(key(r.score), parent(c.score), "{fen}");
            assert_eq!(
                r.pv[1..],
                c.pv[..],
                "{fen}: the line goes on as the reply's"
            );
            // What depth 1 (the static look of before) would have said.
            let shallow = search(g.as_ref(), &Limits::depth(1));
            if (shallow.score.centimen() - r.score.centimen()).abs() > 100 {
                far_off += 1;
            }
        }
    }
    eprintln!(
        "{positions} positions, {forced} forced, {far_off} of them more than a man from depth 1"
    );
    assert!(positions > 8_000 && forced > 1_000, "{positions} {forced}");
    // The check can fail: a depth-1 score is often far from the searched one.
    assert!(far_off > 100, "{far_off}");
}

#[test]
fn an_evaluation_curve_is_searched_to_the_depth_asked_on_every_ply() {
    let games = games();
    let options = BatchOptions {
        every_ply: true,
        threads: 2,
        ..BatchOptions::new(Limits::depth(4))
    };
    let curve = analyse_many(&games[..20], &options, |_| true);
    assert_eq!(
        curve.len(),
        games[..20].iter().map(|g| g.ply_count() + 1).sum::<usize>()
    );
    for r in &curve {
        if r.search.best.is_some() && !r.search.score.is_decisive() {
            assert_eq!(r.search.depth, 4, "game {} ply {}", r.game, r.ply);
        }
    }
}

#[test]
fn a_forced_position_found_won_is_not_scored_as_a_small_disadvantage() {
    // White to move has only one move here, after which Black is lost in
    // ten plies: White wins in eleven. Scored by the static evaluation at
    // depth 1, as before, it came out at about -1 man for White.
    let pos = Position::<Russian>::from_fen("W:Wc3,h4:Ba5,g5,h6,h8").unwrap();
    let game = Game::from_position(pos);
    assert_eq!(game.legal_moves().len(), 1);
    let r = Engine::with_tt_mib(4).search(&game, &Limits::depth(12), Hooks::default());
    assert_eq!(r.score.win_in(), Some(11), "{:?}", r.score);
    let shallow = Engine::with_tt_mib(4).search(&game, &Limits::depth(1), Hooks::default());
    assert!(shallow.score.win_in().is_none());
    let a = Engine::with_tt_mib(4).analyse(&game, &Limits::depth(12), Hooks::default());
    assert_eq!(a.moves.len(), 1);
    assert_eq!(a.moves[0].1, r.score);
    // `analyse` does not stop at a proven result: it goes to the depth asked.
    assert_eq!(a.depth, 12);
}

#[test]
fn progress_of_a_forced_position_starts_with_its_move() {
    let pos = Position::<Russian>::from_fen("W:Wc3,h4:Ba5,g5,h6,h8").unwrap();
    let game = Game::from_position(pos);
    let only = game.legal_moves()[0].clone();
    let mut seen = Vec::new();
    let mut cb = |i: &Info<'_, Move<Russian>>| seen.push((i.depth, i.pv.first().cloned(), i.score));
    let hooks = Hooks {
        info: Some(&mut cb),
        ..Hooks::default()
    };
    let r = Engine::with_tt_mib(4).search(&game, &Limits::depth(5), hooks);
    assert_eq!(seen.len(), 5);
    assert!(seen.iter().all(|(_, mv, _)| mv.as_ref() == Some(&only)));
    assert_eq!(seen.last().unwrap().2, r.score);
}

#[test]
fn a_forced_move_that_ends_the_game_scores_its_result() {
    // White's only move takes Black's last piece: a win in one ply.
    let pos = Position::<Russian>::from_fen("W:Wc3:Bd4").unwrap();
    let game = Game::from_position(pos);
    assert_eq!(game.legal_moves().len(), 1);
    let r = Engine::with_tt_mib(1).search(&game, &Limits::depth(3), Hooks::default());
    assert_eq!(r.score.win_in(), Some(1));
    assert_eq!(r.pv.len(), 1);
}

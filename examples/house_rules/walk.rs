//! Algebraic move text and the quiet king walk: used by the example
//! (`main.rs`) and, through `#[path]`, by the integration tests
//! (`tests/common/mod.rs`).

use draughts::{Game, Move, Outcome, Variant};

/// A move's full path in algebraic names (a1 = White's bottom left), e.g.
/// `e4xc6xa8`.
pub fn alg<V: Variant>(m: &Move<V>) -> String {
    let sep = if m.is_capture() { 'x' } else { '-' };
    let mut s = V::algebraic_name(m.from());
    for &sq in m.path() {
        s.push(sep);
        s.push_str(&V::algebraic_name(sq));
    }
    s
}

/// Walks quiet king moves, depth first: at each ply a non-capturing king move
/// whose resulting position has not occurred before in the game and leaves
/// the opponent no capture; backtracks with `undo` when stuck. So no
/// repetition can occur and every ply counts for the king-move / no-progress
/// rules.
///
/// `stop` is asked about the game at the start and after every ply:
/// `Some(true)` ends the walk there (and it returns true), `Some(false)` takes
/// that ply back (at the start: returns false), `None` walks on. Returns false
/// when no walk satisfies `stop`; the game is then as it was.
pub fn quiet_king_walk<V: Variant>(
    game: &mut Game<V>,
    stop: &mut impl FnMut(&Game<V>) -> Option<bool>,
) -> bool {
    if let Some(done) = stop(game) {
        return done;
    }
    let pos = *game.position();
    for mv in game.legal_moves() {
        if mv.is_capture() || !pos.kings(pos.turn()).contains(mv.from()) {
            continue;
        }
        let next = pos.play(&mv);
        if next.has_captures() || game.positions().contains(&next) {
            continue;
        }
        game.play(&mv).expect("a legal move");
        if quiet_king_walk(game, stop) {
            return true;
        }
        game.undo();
    }
    false
}

/// Walks quiet king moves ([`quiet_king_walk`]) until the game ends, within
/// `limit` plies of the game, never into a position where the opponent has no
/// move (a win is not the end this walk is after). Returns true once over.
pub fn walk_until_over<V: Variant>(game: &mut Game<V>, limit: usize) -> bool {
    let start = game.moves().len();
    quiet_king_walk(game, &mut |g: &Game<V>| match g.outcome() {
        Some(Outcome::Win { .. }) if g.moves().len() > start => Some(false),
        Some(_) => Some(true),
        None => (g.moves().len() >= limit).then_some(false),
    })
}

//! Draw rules as each federation writes them (RULES.md §3, `src/draws.rs`):
//! one test per rule, named after it, showing the ply on which the draw is
//! declared, the ply before on which it is not, and what restarts the count.
//!
//! Each rule is checked in the engine's search too ([`engine_scores_the_draws`]):
//! one ply before the draw, every move after which the game is drawn scores
//! exactly a draw at every depth.
//!
//! The games are walked by [`walk`]: a search for a sequence of quiet moves
//! (no capture, none offered to the opponent, no position repeated) that
//! satisfies a per-ply condition, so that no other rule interferes.

use std::collections::HashSet;

use crate::common;

use common::game_from;
use draughts::engine::{Engine, Hooks, Limits, Score};
use draughts::{
    Brazilian, Canadian, Color, CountRule, Czech, DrawCount, DrawMode, DrawReason, DrawRules,
    English, Game, Geometry, International, Limit, Material, Move, Outcome, Pool, Position, Rules,
    Russian, Spanish, Thai, Trigger, Turkish, Variant,
};

/// What a ply of a walk must be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    /// A king move.
    King,
    /// A man move that does not promote.
    Man,
    /// A promotion.
    Promote,
}

/// Plays `plan.len()` quiet plies: ply i is of kind `plan[i]`, captures
/// nothing, leaves the opponent no capture, repeats no position and satisfies
/// `ok(position after, i)`. Depth-first with backtracking; false (and the game
/// unchanged) if no such walk exists.
fn walk<V: Variant>(
    game: &mut Game<V>,
    plan: &[Step],
    ok: &dyn Fn(&Position<V>, usize) -> bool,
) -> bool {
    let mut seen: HashSet<Position<V>> = game.positions().iter().copied().collect();
    let mut budget = 200_000usize;
    let start = game.moves().len();
    if search(game, plan, 0, ok, &mut seen, &mut budget) {
        return true;
    }
    while game.moves().len() > start {
        game.undo();
    }
    false
}

fn search<V: Variant>(
    game: &mut Game<V>,
    plan: &[Step],
    index: usize,
    ok: &dyn Fn(&Position<V>, usize) -> bool,
    seen: &mut HashSet<Position<V>>,
    budget: &mut usize,
) -> bool {
    let Some((&step, rest)) = plan.split_first() else {
        return true;
    };
    let pos = *game.position();
    let kings = pos.kings(pos.turn());
    let mut moves: Vec<Move<V>> = game
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let kind = if kings.contains(m.from()) {
                Step::King
            } else if m.promotes() {
                Step::Promote
            } else {
                Step::Man
            };
            kind == step && !m.is_capture()
        })
        .collect();
    // A fixed but scrambled order, so walks wander instead of shuttling.
    moves.sort_by_key(|m| (m.from().index() as u32 * 7919 + m.to().index() as u32 * 104_729) % 61);
    for m in moves {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let next = pos.play(&m);
        if next.has_captures() || next.is_game_over() || seen.contains(&next) || !ok(&next, index) {
            continue;
        }
        game.play(&m).expect("legal");
        seen.insert(next);
        if search(game, rest, index + 1, ok, seen, budget) {
            return true;
        }
        seen.remove(&next);
        game.undo();
    }
    false
}

fn kings(n: usize) -> Vec<Step> {
    vec![Step::King; n]
}

fn any<V: Variant>(_: &Position<V>, _: usize) -> bool {
    true
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// The running count of `reason`, if any.
fn count<V: Variant>(game: &Game<V>, reason: DrawReason) -> Option<DrawCount> {
    game.draw_counts().find(|c| c.reason == reason)
}

/// Walks `plan`, then asserts: no outcome after all but the last ply, the
/// draw `reason` after it.
fn drawn_on_last_ply<V: Variant>(
    game: &mut Game<V>,
    plan: &[Step],
    ok: &dyn Fn(&Position<V>, usize) -> bool,
    reason: DrawReason,
) {
    let (before, last) = plan.split_at(plan.len() - 1);
    assert!(
        walk(game, before, ok),
        "{}: no walk of {} plies",
        V::NAME,
        before.len()
    );
    assert_eq!(game.outcome(), None, "{}: drawn one ply early", V::NAME);
    let left = count(game, reason).expect("the count runs");
    assert_eq!((left.plies_left, left.moves_left > 0), (1, true));
    engine_scores_the_draws(game, reason);
    assert!(walk(game, last, ok), "{}: no last ply", V::NAME);
    assert_eq!(game.outcome(), draw(reason), "{}", V::NAME);
    assert_eq!(count(game, reason).unwrap().plies_left, 0);
}

/// The engine sees the rule: in `game`, some move draws by `reason` (the
/// game says so), and every move after which the game is drawn scores
/// exactly [`Score::DRAW`] at depths 1 to 4, in both the search of every
/// move and the search for the best one.
fn engine_scores_the_draws<V: Variant>(game: &Game<V>, reason: DrawReason) {
    let drawn: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|m| {
            let mut g = game.clone();
            g.play(m).unwrap();
            matches!(g.outcome(), Some(Outcome::Draw { .. }))
        })
        .map(ToString::to_string)
        .collect();
    assert!(
        game.legal_moves().iter().any(|m| {
            let mut g = game.clone();
            g.play(m).unwrap();
            g.outcome() == draw(reason)
        }),
        "{}: no move draws by {reason:?}",
        V::NAME
    );
    let mut engine = Engine::with_tt_mib(1);
    for depth in 1..=4 {
        let a = engine.analyse(game, &Limits::depth(depth), Hooks::default());
        for (m, s) in &a.moves {
            if drawn.contains(&m.to_string()) {
                assert_eq!(*s, Score::DRAW, "{}: {m} at depth {depth}", V::NAME);
            }
        }
        let r = engine.search(game, &Limits::depth(depth), Hooks::default());
        if drawn.len() == game.legal_moves().len() {
            assert_eq!(r.score, Score::DRAW, "{}: depth {depth}", V::NAME);
        }
    }
}

/// On the main road a1–h8 (row == column from White's side).
fn on_road<V: Variant>(s: draughts::Square) -> bool {
    let (r, c) = V::Board::coords(s);
    r == c
}

/// The lone king of `c` (if it has one piece) is on the main road.
fn lone_on_road<V: Variant>(p: &Position<V>, c: Color) -> bool {
    p.pieces(c).first().is_some_and(on_road::<V>)
}

// ---------------------------------------------------------------------------
// International (FMJD Annex 1, article 6)
// ---------------------------------------------------------------------------

/// FMJD 6.3: 25 successive moves of each player (50 plies) of kings only, no
/// man move, no capture — drawn on ply 50, not 49.
#[test]
fn fmjd_25_moves_each_of_kings_only() {
    let mut game = game_from::<International>("W:WK46,K50,K36:BK1,K5,K15");
    drawn_on_last_ply(&mut game, &kings(50), &any, DrawReason::KingMoves);
}

/// FMJD 6.3: a man move restarts the 25-move count; so does a capture.
#[test]
fn fmjd_25_moves_each_restarted_by_man_move_and_capture() {
    let mut game = game_from::<International>("W:WK46,K50,36:BK1,K5,K15");
    let mut plan = kings(40);
    plan.push(Step::Man);
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(count(&game, DrawReason::KingMoves).unwrap().plies, 0);
    assert_eq!(game.quiet_king_plies(), 0);
    // 49 more king plies: still no draw (the count restarted at the man move).
    assert!(walk(&mut game, &kings(49), &any));
    assert_eq!(game.outcome(), None);
    assert_eq!(count(&game, DrawReason::KingMoves).unwrap().plies_left, 1);
    // Capture: Black king 1 takes a White king offered on its diagonal.
    let mut game = game_from::<International>("W:WK46,K50:BK1,K5,K45");
    assert!(walk(&mut game, &kings(6), &any));
    let pos = *game.position();
    let offer = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.play(m).has_captures())
        .expect("a king can be offered");
    game.play(&offer).unwrap();
    assert_eq!(count(&game, DrawReason::KingMoves).unwrap().plies, 7);
    let take = game.legal_moves()[0].clone();
    game.play(&take).unwrap();
    assert_eq!(count(&game, DrawReason::KingMoves).unwrap().plies, 0);
}

/// FMJD 6.4: three pieces, at least one a king, against a lone king: drawn
/// after 16 moves each (ply 32, not 31) from when the material arose.
#[test]
fn fmjd_16_moves_lone_king_against_three() {
    let mut game = game_from::<International>("W:WK46,K50,K45:BK3");
    drawn_on_last_ply(
        &mut game,
        &kings(32),
        &any,
        DrawReason::LoneKingSixteenMoves,
    );
}

/// FMJD 6.4 counts from when the material arose: a man move of the stronger
/// side does not restart it (pydraughts 0.6.7 restarts it); a promotion (new
/// material) does.
#[test]
fn fmjd_16_moves_not_restarted_by_a_man_move_but_by_a_promotion() {
    let mut game = game_from::<International>("W:WK46,K50,36:BK3");
    let mut plan = kings(10);
    plan.push(Step::Man);
    plan.extend(kings(20));
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(game.quiet_king_plies(), 20);
    assert_eq!(game.outcome(), None);
    let c = count(&game, DrawReason::LoneKingSixteenMoves).unwrap();
    assert_eq!((c.plies, c.plies_left), (31, 1));
    assert!(walk(&mut game, &kings(1), &any));
    assert_eq!(game.outcome(), draw(DrawReason::LoneKingSixteenMoves));
    // Promotion: the man on 6 becomes a king; the count starts again.
    let mut game = game_from::<International>("W:WK46,K50,6:BK3");
    let mut plan = kings(8);
    plan.push(Step::Promote);
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(
        count(&game, DrawReason::LoneKingSixteenMoves)
            .unwrap()
            .plies,
        0
    );
}

/// FMJD 6.5: one or two pieces with a king against a lone king: 5 moves
/// each, drawn on ply 10, not 9; a man move does not restart it.
#[test]
fn fmjd_5_moves_lone_king_against_two() {
    let mut game = game_from::<International>("W:WK46,K50:BK3");
    drawn_on_last_ply(&mut game, &kings(10), &any, DrawReason::LoneKingFiveMoves);
    let mut game = game_from::<International>("W:WK46,36:BK3");
    let plan = [
        Step::King,
        Step::King,
        Step::Man,
        Step::King,
        Step::King,
        Step::King,
        Step::King,
        Step::King,
        Step::King,
    ];
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(game.outcome(), None);
    assert!(walk(&mut game, &kings(1), &any));
    assert_eq!(game.outcome(), draw(DrawReason::LoneKingFiveMoves));
}

/// FMJD 6.4 → 6.5: the lone king captures one of three pieces: the 16-move
/// count stops and the 5-move count starts at the capture.
#[test]
fn fmjd_capture_turns_the_16_move_count_into_the_5_move_count() {
    let mut game = game_from::<International>("W:WK46,K50,K44:BK1");
    assert!(count(&game, DrawReason::LoneKingSixteenMoves).is_some());
    let pos = *game.position();
    let give = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.play(m).has_captures())
        .expect("an offer");
    game.play(&give).unwrap();
    let take = game.legal_moves()[0].clone();
    assert!(take.is_capture());
    game.play(&take).unwrap();
    assert!(count(&game, DrawReason::LoneKingSixteenMoves).is_none());
    let five = count(&game, DrawReason::LoneKingFiveMoves).unwrap();
    assert_eq!((five.plies, five.plies_left), (0, 10));
}

// ---------------------------------------------------------------------------
// Russian (FMJD-64 rules 7.2)
// ---------------------------------------------------------------------------

/// Russian: 15 moves each (30 plies) of kings only: drawn on ply 30, not 29
/// (three kings each: six pieces, where the piece-count rule needs 60 moves).
#[test]
fn russian_15_moves_each_of_kings_only() {
    let mut game = game_from::<Russian>("W:WKa1,Kc1,Ke1:BKb8,Kd8,Kf8");
    drawn_on_last_ply(&mut game, &kings(30), &any, DrawReason::KingMoves);
}

/// Russian: three kings against a lone king: drawn when the stronger side
/// has made its 15th move from when the material arose. White (stronger)
/// moves first: ply 29, not 28. Black (the lone king) first: ply 30, not 29.
/// The lone king is kept off the main road (that rule is shorter).
#[test]
fn russian_three_kings_against_one_on_the_stronger_sides_15th_move() {
    let off_road = |p: &Position<Russian>, _: usize| !lone_on_road(p, Color::Black);
    let mut game = game_from::<Russian>("W:WKa1,Kc1,Ke1:BKd8");
    drawn_on_last_ply(
        &mut game,
        &kings(29),
        &off_road,
        DrawReason::ThreeKingsAgainstOne,
    );
    let mut game = game_from::<Russian>("B:WKa1,Kc1,Ke1:BKd8");
    drawn_on_last_ply(
        &mut game,
        &kings(30),
        &off_road,
        DrawReason::ThreeKingsAgainstOne,
    );
}

/// Russian: "three kings against one" read literally: three kings and a man
/// against a lone king is not that material (the count does not run).
#[test]
fn russian_three_kings_against_one_needs_exactly_three_kings() {
    let game = game_from::<Russian>("W:WKa1,Kc1,Ke1,h2:BKd8");
    assert!(count(&game, DrawReason::ThreeKingsAgainstOne).is_none());
    let game = game_from::<Russian>("W:WKa1,Kc1,Ke1:BKd8");
    let c = count(&game, DrawReason::ThreeKingsAgainstOne).unwrap();
    assert_eq!((c.plies_left, c.moves_left), (29, 15));
}

/// Russian: 2- and 3-piece endings with kings on both sides: 5 moves each,
/// drawn on ply 10, not 9.
#[test]
fn russian_two_and_three_piece_endings_5_moves_each() {
    let mut game = game_from::<Russian>("W:WKc1:BKf8");
    drawn_on_last_ply(&mut game, &kings(10), &any, DrawReason::SmallEnding);
    let off_road = |p: &Position<Russian>, _: usize| !lone_on_road(p, Color::Black);
    let mut game = game_from::<Russian>("W:WKc1,Ke1:BKf8");
    drawn_on_last_ply(&mut game, &kings(10), &off_road, DrawReason::SmallEnding);
}

/// Russian 2-3 piece rule: "the balance of pieces has not changed": a man
/// move does not restart it, a promotion does.
#[test]
fn russian_small_ending_restarted_by_promotion_not_by_man_move() {
    let mut game = game_from::<Russian>("W:WKc1,a3:BKf8");
    let plan = [Step::King, Step::King, Step::Man, Step::King, Step::King];
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(count(&game, DrawReason::SmallEnding).unwrap().plies, 5);
    let mut game = game_from::<Russian>("W:WKc1,b6:BKh4");
    let plan = [Step::King, Step::King, Step::Man, Step::King, Step::Promote];
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(count(&game, DrawReason::SmallEnding).unwrap().plies, 0);
}

/// The lone king in a corner of the main road (a1 or h8: it can never be
/// captured there) and the stronger side off the road.
fn road_corner(p: &Position<Russian>, _: usize) -> bool {
    lone_on_road(p, Color::Black) && !p.pieces(Color::White).iter().any(on_road::<Russian>)
}

/// Russian: three pieces (at least one a king) against a lone king on the
/// main road a1–h8: drawn on the 5th move (of each player): ply 10, not 9.
#[test]
fn russian_lone_king_on_the_main_road_5_moves() {
    let mut game = game_from::<Russian>("W:WKc1,Ke1,g1:BKa1");
    drawn_on_last_ply(&mut game, &kings(10), &road_corner, DrawReason::MainRoad);
}

/// Russian main-road rule: the count stops when the king leaves the road and
/// starts again when it comes back.
#[test]
fn russian_main_road_count_restarts_when_the_king_returns() {
    let mut game = game_from::<Russian>("W:WKc1,Ke1,Kg1:BKa1");
    assert!(walk(&mut game, &kings(6), &road_corner));
    assert_eq!(count(&game, DrawReason::MainRoad).unwrap().plies, 6);
    // Black leaves the road within two of its moves...
    let leave = |p: &Position<Russian>, i: usize| i != 3 || !lone_on_road(p, Color::Black);
    assert!(walk(&mut game, &kings(4), &leave));
    assert!(count(&game, DrawReason::MainRoad).is_none());
    // ...and comes back: the count starts again at 0.
    let back = |p: &Position<Russian>, i: usize| i != 1 || lone_on_road(p, Color::Black);
    assert!(walk(&mut game, &kings(2), &back));
    assert_eq!(count(&game, DrawReason::MainRoad).unwrap().plies, 0);
}

/// Russian piece-count rule, 4-5 pieces with kings on both sides: 30 moves
/// each without a change of balance: drawn on ply 60, not 59; man moves
/// restart the king-move count but not this one.
#[test]
fn russian_piece_count_4_and_5_pieces_30_moves_each() {
    let mut game = game_from::<Russian>("W:WKc1,a3:BKf8,h6");
    let mut plan = Vec::new();
    for i in 0..60 {
        plan.push(if i == 20 || i == 41 {
            Step::Man
        } else {
            Step::King
        });
    }
    drawn_on_last_ply(&mut game, &plan, &any, DrawReason::PieceCount);
    assert!(game.quiet_king_plies() < 30);
}

/// Russian piece-count rule, 6-7 pieces: 60 moves each: ply 120, not 119.
#[test]
fn russian_piece_count_6_and_7_pieces_60_moves_each() {
    let mut game = game_from::<Russian>("W:WKe1,a1,c1:BKd8,h8,f8");
    let mut plan = Vec::new();
    for i in 0..120 {
        plan.push(if i % 24 == 20 { Step::Man } else { Step::King });
    }
    drawn_on_last_ply(&mut game, &plan, &any, DrawReason::PieceCount);
}

// ---------------------------------------------------------------------------
// Brazilian (CBD), English (WCDF), Czech, Pool (APCA), Canadian, Turkish
// ---------------------------------------------------------------------------

/// Brazilian (CBD item 16): 20 successive king moves (lances) of each player
/// without capture or man move: drawn on ply 40, not 39 (the seed site's 20
/// plies are its house rule, tests/house_rules.rs); a man move restarts it.
#[test]
fn brazilian_cbd_20_moves_each_of_kings_only() {
    let mut game = game_from::<Brazilian>("W:WKa1,Kc1:BKb8,Kd8");
    drawn_on_last_ply(&mut game, &kings(40), &any, DrawReason::KingMoves);
    let mut game = game_from::<Brazilian>("W:WKa1,Kc1,e3:BKb8,Kd8");
    let mut plan = kings(30);
    plan.push(Step::Man);
    plan.extend(kings(39));
    assert!(walk(&mut game, &plan, &any));
    assert_eq!(game.outcome(), None);
    assert_eq!(count(&game, DrawReason::KingMoves).unwrap().plies_left, 1);
}

/// English (WCDF): 40 moves each without a man advance or a capture is a
/// claim; by default (DrawMode::Automatic) it ends the game on ply 80, as
/// written (DrawMode::AsWritten) the game goes on and the draw may be claimed.
#[test]
fn wcdf_40_moves_each_is_a_claim() {
    let plan = kings(80);
    let mut game = game_from::<English>("W:WK29,K30,K31:BK1,K2,K3");
    drawn_on_last_ply(&mut game, &plan, &any, DrawReason::NoProgress);
    let mut game = game_from::<English>("W:WK29,K30,K31:BK1,K2,K3");
    game.set_draw_mode(DrawMode::AsWritten);
    assert!(walk(&mut game, &plan[..79], &any));
    assert_eq!(game.claimable_draw(), None);
    assert!(walk(&mut game, &plan[..1], &any));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claimable_draw(), Some(DrawReason::NoProgress));
    assert_eq!(
        game.claim_draw().unwrap(),
        Outcome::Draw {
            reason: DrawReason::NoProgress
        }
    );
}

/// Plays a two-king shuffle that brings the start position back every 4
/// plies and returns the outcomes after each ply.
fn shuffle<V: Variant>(game: &mut Game<V>, cycle: [&str; 4], plies: usize) -> Vec<Option<Outcome>> {
    let mut out = Vec::new();
    for text in cycle.iter().cycle().take(plies) {
        game.play_text(text).unwrap();
        out.push(game.outcome());
    }
    out
}

/// English (WCDF) and Czech: threefold repetition is a claim; as written it
/// is offered on the third occurrence (ply 8) and ends nothing.
#[test]
fn repetition_claimed_in_english_and_czech() {
    let mut game = game_from::<English>("B:WK29:BK4");
    game.set_draw_mode(DrawMode::AsWritten);
    let out = shuffle(&mut game, ["4-8", "29-25", "8-4", "25-29"], 8);
    assert!(out.iter().all(Option::is_none));
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claimable_draw(), Some(DrawReason::Repetition));
    let mut game = game_from::<Czech>("W:WKa1,Kc1:BKh8,Kf8");
    game.set_draw_mode(DrawMode::AsWritten);
    let out = shuffle(&mut game, ["c1-d2", "f8-e7", "d2-c1", "e7-f8"], 8);
    assert!(out.iter().all(Option::is_none));
    assert_eq!(game.claimable_draw(), Some(DrawReason::Repetition));
    // By default the third occurrence ends the game, on ply 8 and not 7.
    let mut game = game_from::<Czech>("W:WKa1,Kc1:BKh8,Kf8");
    let out = shuffle(&mut game, ["c1-d2", "f8-e7", "d2-c1", "e7-f8"], 8);
    assert!(out[..7].iter().all(Option::is_none));
    assert_eq!(out[7], draw(DrawReason::Repetition));
}

/// Czech: no capture and no man move within 15 moves (each): drawn on ply
/// 30, not 29; automatic even as written.
#[test]
fn czech_15_moves_each_without_capture_or_man_move() {
    let mut game = game_from::<Czech>("W:WKa1,Kc1:BKh8,Kf8");
    game.set_draw_mode(DrawMode::AsWritten);
    drawn_on_last_ply(&mut game, &kings(30), &any, DrawReason::KingMoves);
}

/// Pool (APCA): three kings against one must win within 13 moves: drawn on
/// the stronger side's 13th move — ply 25 when it moves first (not 24),
/// ply 26 when the lone king moves first.
#[test]
fn pool_three_kings_against_one_13_moves() {
    let mut game = game_from::<Pool>("B:WK29:BK1,K2,K3");
    // Black (three kings) moves first in this FEN.
    drawn_on_last_ply(
        &mut game,
        &kings(25),
        &any,
        DrawReason::ThreeKingsAgainstOne,
    );
    let mut game = game_from::<Pool>("W:WK29:BK1,K2,K3");
    drawn_on_last_ply(
        &mut game,
        &kings(26),
        &any,
        DrawReason::ThreeKingsAgainstOne,
    );
    // Four kings are "three kings" too (at least three); a man is not.
    assert!(count(
        &game_from::<Pool>("W:WK29:BK1,K2,K3,K4"),
        DrawReason::ThreeKingsAgainstOne
    )
    .is_some());
    assert!(count(
        &game_from::<Pool>("W:WK29:BK1,K2,K3,9"),
        DrawReason::ThreeKingsAgainstOne
    )
    .is_none());
}

/// Canadian: the International (FMJD) rules on 12x12: a lone king against
/// two kings is drawn after 5 moves each, on ply 10, not 9.
#[test]
fn canadian_follows_the_fmjd_rules() {
    assert_eq!(Canadian::RULES.draws, International::RULES.draws);
    let mut game = game_from::<Canadian>("W:WK67,K72:BK1");
    drawn_on_last_ply(&mut game, &kings(10), &any, DrawReason::LoneKingFiveMoves);
}

/// Turkish: one piece against one piece is drawn at once — unless the side
/// to move can take the last enemy piece, which wins.
#[test]
fn turkish_one_piece_each_unless_a_capture_wins() {
    assert_eq!(
        game_from::<Turkish>("W:Wa2:Bh7").outcome(),
        draw(DrawReason::OnePieceEach)
    );
    let mut game = game_from::<Turkish>("W:Wd4:Bd5");
    assert_eq!(game.outcome(), None);
    assert_eq!(
        count(&game, DrawReason::OnePieceEach).unwrap().plies_left,
        0
    );
    let take = game.legal_moves()[0].clone();
    assert!(take.is_capture());
    game.play(&take).unwrap();
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
}

/// Spanish and Thai: no federation move-count text was found; threefold
/// repetition only (RULES.md §3 gap, documented in the README).
#[test]
fn spanish_and_thai_have_repetition_only() {
    assert_eq!(Spanish::RULES.draws, DrawRules::REPETITION_ONLY);
    assert_eq!(Thai::RULES.draws, DrawRules::REPETITION_ONLY);
    let mut game = game_from::<Spanish>("W:WK1,K2:BK31,K32");
    assert!(walk(&mut game, &kings(100), &any));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.draw_counts().count(), 0);
}

// ---------------------------------------------------------------------------
// The API: counts, modes, undo, custom rules
// ---------------------------------------------------------------------------

/// `draw_counts`: plies played and left, and moves left in the rule's unit
/// (moves of the player to move for "moves each", the stronger side's moves
/// for "the stronger side's n-th move").
#[test]
fn draw_counts_show_moves_left() {
    let mut game = game_from::<International>("W:WK46,K50:BK3");
    assert!(walk(&mut game, &kings(3), &any));
    let five = count(&game, DrawReason::LoneKingFiveMoves).unwrap();
    assert_eq!(five.limit, Limit::MovesEach(5));
    assert_eq!(five.trigger, Trigger::Automatic);
    assert_eq!((five.plies, five.plies_left, five.moves_left), (3, 7, 4));
    let kings25 = count(&game, DrawReason::KingMoves).unwrap();
    assert_eq!(
        (kings25.plies, kings25.plies_left, kings25.moves_left),
        (3, 47, 24)
    );
    let mut game = game_from::<Russian>("W:WKa1,Kc1,Ke1:BKd8");
    let off_road = |p: &Position<Russian>, _: usize| !lone_on_road(p, Color::Black);
    assert!(walk(&mut game, &kings(4), &off_road));
    // White has made 2 of its 15 moves and is to move.
    let c = count(&game, DrawReason::ThreeKingsAgainstOne).unwrap();
    assert_eq!((c.plies, c.plies_left, c.moves_left), (4, 25, 13));
}

/// Undo takes the counts back with the move.
#[test]
fn undo_restores_the_counts() {
    let mut game = game_from::<International>("W:WK46,K50:BK3");
    assert!(walk(&mut game, &kings(10), &any));
    assert_eq!(game.outcome(), draw(DrawReason::LoneKingFiveMoves));
    game.undo();
    assert_eq!(game.outcome(), None);
    assert_eq!(
        count(&game, DrawReason::LoneKingFiveMoves).unwrap().plies,
        9
    );
}

/// As written, automatic rules still end the game (FMJD's 5-move rule).
#[test]
fn as_written_applies_automatic_rules() {
    let mut game = game_from::<International>("W:WK46,K50:BK3");
    game.set_draw_mode(DrawMode::AsWritten);
    drawn_on_last_ply(&mut game, &kings(10), &any, DrawReason::LoneKingFiveMoves);
}

/// The Frisian helper's rules are data too (RULES.md §6): one king each
/// drawn after two more moves each, two kings against one after seven moves
/// each — here on the International board, as a custom variant.
#[derive(Clone, Copy, Debug, Default)]
struct FrisianDraws;
impl Variant for FrisianDraws {
    type Board = <International as Variant>::Board;
    const NAME: &'static str = "frisian-draws";
    const RULES: Rules = Rules {
        draws: DrawRules {
            repetition: None,
            repetition_trigger: Trigger::Automatic,
            counts: &[
                CountRule::endgame(
                    DrawReason::SmallEnding,
                    Material::LoneKing {
                        min_pieces: 1,
                        max_pieces: 1,
                        min_kings: 1,
                        max_men: 0,
                        on_main_road: false,
                    },
                    Limit::MovesEach(2),
                ),
                CountRule::endgame(
                    DrawReason::ThreeKingsAgainstOne,
                    Material::LoneKing {
                        min_pieces: 2,
                        max_pieces: 2,
                        min_kings: 2,
                        max_men: 0,
                        on_main_road: false,
                    },
                    Limit::MovesEach(7),
                ),
            ],
        },
        ..International::RULES
    };
}

#[test]
fn frisian_style_rules_are_expressible() {
    let mut game = game_from::<FrisianDraws>("W:WK48:BK3");
    drawn_on_last_ply(&mut game, &kings(4), &any, DrawReason::SmallEnding);
    let mut game = game_from::<FrisianDraws>("W:WK48,K49:BK3");
    drawn_on_last_ply(
        &mut game,
        &kings(14),
        &any,
        DrawReason::ThreeKingsAgainstOne,
    );
}

/// The Russian main-road rule counts for a lone king on the long diagonal
/// a1–h8 only: the game starts the count on exactly those eight squares.
#[test]
fn russian_main_road_is_the_long_diagonal_a1_h8() {
    const ROAD: [&str; 8] = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"];
    let mut counted = Vec::new();
    for file in 'a'..='h' {
        for rank in 1..=8 {
            let name = format!("{file}{rank}");
            if ["c1", "e1", "g1"].contains(&name.as_str()) {
                continue; // White's kings stand there.
            }
            let fen = format!("W:WKc1,Ke1,Kg1:BK{name}");
            let Ok(pos) = Position::<Russian>::from_fen(&fen) else {
                continue; // A light square.
            };
            if count(&Game::from_position(pos), DrawReason::MainRoad).is_some() {
                counted.push(name);
            }
        }
    }
    assert_eq!(counted, ROAD);
}

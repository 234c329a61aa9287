//! The seed site's house rules (RULES.md §5) as small custom variants, each
//! tested against its official preset in a position where the two differ.
//!
//! The variant definitions are the library's `draughts::house_rules`, which
//! the example and the bindings use too.
//!
//! Squares are algebraic names from White's side (a1 = White's bottom-left
//! corner, White moving up), which every variant accepts in FEN. Italian and
//! Spanish use the mirrored board, whose playing squares are b1, d1, f1, h1,
//! a2, c2, ... (a1 is a light square there); every other variant plays on a1,
//! c1, e1, g1, b2, ... Expected results were worked out by hand first.

use crate::common;

use common::{alg, alg_texts, captured_alg, game_from, pos, sorted, sq, walk_until_over};
use draughts::house_rules::{
    English40, English50, SiteBrazilian, SiteEnglish, SiteItalian, SiteRussian, SiteSpanish,
    SiteThai,
};
use draughts::{
    Brazilian, DrawReason, English, Game, Italian, Move, Outcome, Russian, Spanish, Thai, Variant,
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Sorted legal moves of a FEN as algebraic paths.
fn moves<V: Variant>(fen: &str) -> Vec<String> {
    alg_texts(&pos::<V>(fen))
}

/// A game of `V` from `fen`, walked with [`walk_until_over`]; panics if it
/// does not end within `limit` plies.
fn walk<V: Variant>(fen: &str, limit: usize) -> Game<V> {
    let mut game = game_from::<V>(fen);
    assert!(
        walk_until_over(&mut game, limit),
        "{}: no quiet king walk from {fen} ends within {limit} plies",
        V::NAME
    );
    game
}

/// Replays the moves of another variant's game (same board) in a game of `W`
/// from `fen`, stopping when `W`'s game is over.
fn replay<W: Variant, V: Variant>(fen: &str, moves: &[Move<V>]) -> Game<W> {
    let mut game = game_from::<W>(fen);
    for mv in moves {
        if game.outcome().is_some() {
            break;
        }
        let m = game
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == mv.from() && m.path() == mv.path())
            .unwrap_or_else(|| panic!("{}: {} is not legal", W::NAME, alg(mv)));
        game.play(&m).expect("a legal move");
    }
    game
}

/// Plays the quiet move `from`-`to` (algebraic names).
fn step<V: Variant>(game: &mut Game<V>, from: &str, to: &str) {
    let (from, to) = (sq::<V>(from), sq::<V>(to));
    let m = game
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == from && m.to() == to && !m.is_capture())
        .unwrap_or_else(|| panic!("{}: no move {from:?}-{to:?}", V::NAME));
    game.play(&m).unwrap();
}

/// Plays the 4-ply cycle `moves` (White, Black, White, Black) `cycles` times
/// and returns the outcome after every ply (index 0 = after ply 1), stopping
/// when the game ends.
fn shuffle<V: Variant>(fen: &str, moves: [(&str, &str); 4], plies: usize) -> Vec<Option<Outcome>> {
    let mut game = game_from::<V>(fen);
    let mut out = Vec::new();
    for (from, to) in moves.iter().cycle().take(plies) {
        if game.outcome().is_some() {
            break;
        }
        step(&mut game, from, to);
        out.push(game.outcome());
    }
    out
}

const KING_MOVES: Option<Outcome> = Some(Outcome::Draw {
    reason: DrawReason::KingMoves,
});
const NO_PROGRESS: Option<Outcome> = Some(Outcome::Draw {
    reason: DrawReason::NoProgress,
});
const REPETITION: Option<Outcome> = Some(Outcome::Draw {
    reason: DrawReason::Repetition,
});

/// One king each, far apart: a1-h8 board, used by the English, Russian and
/// Brazilian draw tests (all of them play on a1, c1, ...).
const KINGS: &str = "W:WKc1:BKf8";

/// Asserts that `game` ended with `outcome` at exactly ply `n` (the walk stops
/// at the first outcome, and replaying n - 1 plies gives no outcome).
fn ends_at<V: Variant>(fen: &str, game: &Game<V>, n: usize, outcome: Option<Outcome>) {
    assert_eq!(
        game.moves().len(),
        n,
        "{}: ended after {} plies",
        V::NAME,
        game.moves().len()
    );
    assert_eq!(game.outcome(), outcome, "{}", V::NAME);
    let before = replay::<V, V>(fen, &game.moves()[..n - 1]);
    assert_eq!(before.moves().len(), n - 1);
    assert_eq!(before.outcome(), None, "{}: over one ply early", V::NAME);
}

// ---------------------------------------------------------------------------
// Spanish
// ---------------------------------------------------------------------------

/// Seed 000 (Spanish): majority law with a king counted as one piece; captures
/// of the same number of pieces are free choice, even when one takes a king.
///
/// Mirrored board. White man e4, Black man f5 and king d5: e4xg6 takes the man,
/// e4xc6 takes the king, one piece each, and neither can go on (men capture
/// forward only; b7, d7, f7, h7 are empty). Official Spanish (most kings
/// next): only e4xc6. Site: both.
#[test]
fn spanish_site_ties_between_equal_captures_are_free() {
    let fen = "W:We4:Bf5,Kd5";
    assert_eq!(moves::<Spanish>(fen), sorted(&["e4xc6"]));
    assert_eq!(moves::<SiteSpanish>(fen), sorted(&["e4xc6", "e4xg6"]));
    // The majority law still holds on the site: two men beat one king.
    // White e4 can take d5 (king, to c6, stop) or f5 then f7 (men, e4xg6xe8).
    let fen = "W:We4:Bf5,f7,Kd5";
    assert_eq!(moves::<SiteSpanish>(fen), sorted(&["e4xg6xe8"]));
    assert_eq!(moves::<Spanish>(fen), sorted(&["e4xg6xe8"]));
}

// ---------------------------------------------------------------------------
// Italian
// ---------------------------------------------------------------------------

/// Seed 000 (Italian): most pieces > most kings > capture made by the king,
/// without the official "kings captured earliest" rule.
///
/// Mirrored board. White king e4; Black king d5, man b7, man f5, king f7.
/// e4xc6xa8 takes the king d5 then the man b7; e4xg6xe8 takes the man f5 then
/// the king f7. Both take two pieces, one of them a king, both with a king:
/// official Italian decides by the earliest king (only e4xc6xa8), the site
/// lets White choose.
///
/// (The site's swap of "most kings" and "with a king" never changes the
/// result on its own: an Italian man can't capture a king, so a man's capture
/// always takes zero kings and loses to a king's capture under both orders.)
#[test]
fn italian_site_has_no_earliest_king_rule() {
    let fen = "W:WKe4:BKd5,b7,f5,Kf7";
    assert_eq!(moves::<Italian>(fen), sorted(&["e4xc6xa8"]));
    assert_eq!(moves::<SiteItalian>(fen), sorted(&["e4xc6xa8", "e4xg6xe8"]));
}

/// Seed 000 (site draws, all modes): threefold repetition; official Italian
/// (dctl's reading of the FID rules) draws on the fourth occurrence.
///
/// Mirrored board, kings only: White f1-e2-f1, Black c8-d7-c8. The start
/// position returns after plies 4, 8, 12: its third occurrence is at ply 8,
/// its fourth at ply 12.
#[test]
fn italian_site_draws_on_threefold_repetition() {
    let fen = "W:WKf1:BKc8";
    let cycle = [("f1", "e2"), ("c8", "d7"), ("e2", "f1"), ("d7", "c8")];
    let site = shuffle::<SiteItalian>(fen, cycle, 16);
    assert_eq!(site.len(), 8);
    assert!(site[..7].iter().all(Option::is_none));
    assert_eq!(site[7], REPETITION);
    let official = shuffle::<Italian>(fen, cycle, 16);
    assert_eq!(official.len(), 12);
    assert!(official[..11].iter().all(Option::is_none));
    assert_eq!(official[11], REPETITION);
}

// ---------------------------------------------------------------------------
// Thai
// ---------------------------------------------------------------------------

/// Seed 000 (Thai): the flying king "puede caer en cualquier casilla libre
/// después de la ficha capturada".
///
/// White king a1, Black man c3, d4..h8 empty. Official Thai: directly behind
/// only, a1xd4. Site: any of d4, e5, f6, g7, h8.
#[test]
fn thai_site_king_lands_anywhere_beyond() {
    let fen = "W:WKa1:Bc3";
    assert_eq!(moves::<Thai>(fen), sorted(&["a1xd4"]));
    assert_eq!(
        moves::<SiteThai>(fen),
        sorted(&["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"])
    );
}

/// Seed 000 (all modes): captured pieces leave the board only at the end of
/// the move (official Thai: at once, and the king may turn back).
///
/// White king c3, Black men b4 and d2. Every landing square here is on the
/// edge (a5, e1), so the landing rule can't matter; only removal does.
/// Official Thai: c3xa5 removes b4, then the king flies back over b4 and c3
/// (its own start square, empty) and takes d2: c3xa5xe1; symmetrically
/// c3xe1xa5. Site: b4 (or d2) stays on the board and blocks the way back, so
/// each capture takes one piece: c3xa5, c3xe1.
#[test]
fn thai_site_removes_captured_pieces_at_end_of_move() {
    let fen = "W:WKc3:Bb4,d2";
    let official = pos::<Thai>(fen).legal_moves();
    assert_eq!(moves::<Thai>(fen), sorted(&["c3xa5xe1", "c3xe1xa5"]));
    assert!(official.iter().all(|m| captured_alg(m) == ["b4", "d2"]));
    assert_eq!(moves::<SiteThai>(fen), sorted(&["c3xa5", "c3xe1"]));
}

// ---------------------------------------------------------------------------
// English, Russian, Brazilian with the site's draws
// ---------------------------------------------------------------------------

/// Seed 000 (English mode, site draws): drawn at the 20th consecutive
/// king-only ply without capture. Official English (WCDF) has no king-move
/// rule: the same 20 plies leave the game going, and it is drawn by its
/// no-progress rule at ply 80.
#[test]
fn english_site_draws_after_20_king_plies() {
    let site = walk::<SiteEnglish>(KINGS, 200);
    ends_at(KINGS, &site, 20, KING_MOVES);
    let official = replay::<English, _>(KINGS, site.moves());
    assert_eq!(official.moves().len(), 20);
    assert_eq!(official.quiet_king_plies(), 20);
    assert_eq!(official.outcome(), None);
    let official = walk::<English>(KINGS, 200);
    ends_at(KINGS, &official, 80, NO_PROGRESS);
}

/// Seed 000 (Russian mode, site draws): drawn at the 20th king-only ply.
/// Official Russian (FMJD-64): 15 moves each, i.e. at ply 30, with three
/// kings each (six pieces: the piece-count rule needs 60 moves each). With
/// one king each the official game is drawn by the 2-3 piece rule (5 moves
/// each) at ply 10, before the site's 20.
#[test]
fn russian_site_draws_after_20_king_plies() {
    const SIX: &str = "W:WKa1,Kc1,Ke1:BKb8,Kd8,Kf8";
    let site = walk::<SiteRussian>(SIX, 200);
    ends_at(SIX, &site, 20, KING_MOVES);
    let official = replay::<Russian, _>(SIX, site.moves());
    assert_eq!(official.moves().len(), 20);
    assert_eq!(official.outcome(), None);
    let official = walk::<Russian>(SIX, 200);
    ends_at(SIX, &official, 30, KING_MOVES);
    let site = walk::<SiteRussian>(KINGS, 200);
    ends_at(KINGS, &site, 20, KING_MOVES);
    let official = walk::<Russian>(KINGS, 200);
    ends_at(
        KINGS,
        &official,
        10,
        Some(Outcome::Draw {
            reason: DrawReason::SmallEnding,
        }),
    );
}

/// Seed 000/002 (Brazilian mode, site draws): 20 king-only plies, threefold
/// repetition. The official preset follows the CBD text ("20 lances
/// sucessivos de Damas"): 20 moves each, so the same walk goes on at ply 20
/// and is drawn at ply 40. Both draw on the third repetition.
#[test]
fn brazilian_site_draws_after_20_king_plies() {
    assert_ne!(SiteBrazilian::RULES.draws, Brazilian::RULES.draws);
    let site = walk::<SiteBrazilian>(KINGS, 200);
    ends_at(KINGS, &site, 20, KING_MOVES);
    let official = replay::<Brazilian, _>(KINGS, site.moves());
    assert_eq!(official.moves().len(), 20);
    assert_eq!(official.outcome(), None);
    let official = walk::<Brazilian>(KINGS, 200);
    ends_at(KINGS, &official, 40, KING_MOVES);
    // Threefold repetition: White c1-d2-c1, Black f8-e7-f8 (no capture is
    // ever possible on these lines); third occurrence of the start at ply 8.
    let cycle = [("c1", "d2"), ("f8", "e7"), ("d2", "c1"), ("e7", "f8")];
    for outcomes in [
        shuffle::<SiteBrazilian>(KINGS, cycle, 16),
        shuffle::<Brazilian>(KINGS, cycle, 16),
    ] {
        assert_eq!(outcomes.len(), 8);
        assert!(outcomes[..7].iter().all(Option::is_none));
        assert_eq!(outcomes[7], REPETITION);
    }
}

// ---------------------------------------------------------------------------
// English modes of the other seed pages
// ---------------------------------------------------------------------------

/// Seed 001 (English): drawn when each side has made 50 moves (100 plies)
/// without a capture or a man advance — at ply 100, not 99; the official
/// WCDF preset already draws at ply 80 on the same walk.
#[test]
fn english_50_moves_each_draws_at_ply_100() {
    let house = walk::<English50>(KINGS, 200);
    ends_at(KINGS, &house, 100, NO_PROGRESS);
    let official = replay::<English, _>(KINGS, house.moves());
    assert_eq!(official.moves().len(), 80);
    assert_eq!(official.outcome(), NO_PROGRESS);
}

/// Seed 003 (English): free choice among captures, drawn after 40 moves each
/// (80 plies) without capture or man move — at ply 80, not 79. These are the
/// WCDF rules, so the house rule and the preset AGREE; the difference shown is
/// with the site's English mode (20 king plies).
#[test]
fn english_40_moves_each_draws_at_ply_80() {
    assert_eq!(English40::RULES, English::RULES);
    let house = walk::<English40>(KINGS, 200);
    ends_at(KINGS, &house, 80, NO_PROGRESS);
    let official = replay::<English, _>(KINGS, house.moves());
    assert_eq!(official.moves().len(), 80);
    assert_eq!(official.outcome(), NO_PROGRESS);
    let site = replay::<SiteEnglish, _>(KINGS, house.moves());
    assert_eq!(site.moves().len(), 20);
    assert_eq!(site.outcome(), KING_MOVES);
    // Free choice: a3xc5 takes one man, e3xg5xe7 takes two; both are legal.
    let fen = "W:Wa3,e3:Bb4,f4,f6";
    assert_eq!(moves::<English40>(fen), sorted(&["a3xc5", "e3xg5xe7"]));
}

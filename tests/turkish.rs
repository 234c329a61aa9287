//! Turkish draughts rules (RULES.md §2, turkish row): orthogonal moves, immediate
//! removal, no 180° turn, maximum capture, promotion after a capture ends.
//! Squares are algebraic from White's side; White moves up.

use crate::common;

use common::{pos, sorted, texts};
use draughts::{Color, PieceKind, Position, Turkish, Variant};

fn moves(fen: &str) -> Vec<String> {
    texts(&pos::<Turkish>(fen))
}

/// Start position: 16 men each on rows 2-3 and 6-7; White moves first; 8 moves
/// (the a- and h-file men of row 3 have one sideways step less... every man of
/// row 3 steps forward, none sideways because row 3 is full).
#[test]
fn start_position() {
    let pos = Position::<Turkish>::start();
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(pos.pieces(Color::White).len(), 16);
    assert_eq!(pos.pieces(Color::Black).len(), 16);
    assert_eq!(
        pos.to_fen(),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!(moves(&pos.to_fen()).len(), 8);
}

/// Men step forward or sideways, never backward or diagonally.
#[test]
fn man_steps_forward_and_sideways() {
    assert_eq!(moves("W:Wd4:Bh8"), sorted(&["d4-d5", "d4-c4", "d4-e4"]));
    assert_eq!(moves("B:Wa1:Bd5"), sorted(&["d5-d4", "d5-c5", "d5-e5"]));
}

/// Men capture forward and sideways but not backward.
#[test]
fn man_captures_forward_and_sideways_not_backward() {
    // Black pieces on all four sides of d4: d3 (behind) can't be taken.
    assert_eq!(
        moves("W:Wd4:Bd5,c4,e4,d3"),
        sorted(&["d4xd6", "d4xb4", "d4xf4"])
    );
}

/// Kings move like rooks, any distance along a free line.
#[test]
fn king_moves_like_a_rook() {
    let m = moves("W:WKd4:Bh8");
    assert_eq!(m.len(), 14, "7 squares on the rank + 7 on the file: {m:?}");
}

/// No 180° turn between two jumps: after taking f4 to the right, the king may
/// not come back left over the emptied square to take b4 (which would make the
/// two-piece capture compulsory).
#[test]
fn no_180_degree_turn() {
    assert_eq!(moves("W:WKd4:Bb4,f4"), sorted(&["d4xg4", "d4xh4", "d4xa4"]));
}

/// Immediate removal: a captured piece disappears at once, so the king may
/// later cross its square. Here the king takes c3 going up, then e5, g4, and
/// finally b3 moving left along row 3 across the square c3 it emptied.
#[test]
fn king_crosses_square_of_captured_piece() {
    let pos = Position::<Turkish>::from_fen("W:WKc1:Bc3,e5,g4,b3").unwrap();
    let m = pos.legal_moves();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].to_string(), "c1xc5xg5xg3xa3");
    assert_eq!(m[0].captured().len(), 4);
    assert!(m[0]
        .captured()
        .contains(Turkish::parse_square("c3").unwrap()));
    let after = pos.play(&m[0]);
    assert_eq!(after.pieces(Color::Black).len(), 0);
}

/// Maximum capture decides between a man and a king: the king's two-piece
/// capture beats the man's one-piece capture.
#[test]
fn max_capture_prefers_longer_king_capture_over_man() {
    let m = moves("W:Wa2,Kh1:Ba3,h3,f6");
    assert!(m.iter().all(|s| s.starts_with("h1xh6x")), "{m:?}");
    assert_eq!(m.len(), 5, "five landing squares beyond f6: {m:?}");
}

/// ... and the man's two-piece capture beats the king's one-piece capture.
#[test]
fn max_capture_prefers_longer_man_capture_over_king() {
    assert_eq!(moves("W:Wa2,Kh1:Ba3,a5,h3"), sorted(&["a2xa4xa6"]));
}

/// A man reaching the last row during a capture continues as a man (here
/// sideways, c8xe8) and is promoted when the move ends there. Were it crowned
/// at once, it could also take e6 going down as a king.
#[test]
fn promotion_only_when_capture_ends_on_last_row() {
    let pos = Position::<Turkish>::from_fen("W:Wc6:Bc7,d8,e6").unwrap();
    let m = pos.legal_moves();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].to_string(), "c6xc8xe8");
    assert!(m[0].promotes());
    let after = pos.play(&m[0]);
    let piece = after
        .piece_at(Turkish::parse_square("e8").unwrap())
        .unwrap();
    assert_eq!(piece.kind, PieceKind::King);
}

/// The same rule for Black moving down: c3xc1 reaches row 1 and the man goes
/// on sideways as a man (d1 to e1), promoted at the end. A Turkish man can't
/// leave the last row once there (it never moves backward), so a capture that
/// reaches it always ends on it.
#[test]
fn black_man_promotes_after_capture_along_first_row() {
    let pos = Position::<Turkish>::from_fen("B:Wc2,d1,Ka8:Bc3").unwrap();
    let m = pos.legal_moves();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].to_string(), "c3xc1xe1");
    assert!(m[0].promotes());
}

/// A man's sideways step can be undone, so it does not end the stretch in
/// which repetitions count (a forward step does): two men stepping to and
/// fro sideways bring the start position back a third time on the 8th ply,
/// and Turkish's threefold repetition draws the game there, not before.
#[test]
fn sideways_man_steps_repeat_to_a_threefold_draw() {
    use draughts::{DrawReason, Game, Outcome};
    let start = Position::<Turkish>::from_fen("W:Wa3,h2:Bb5,h7").unwrap();
    let mut game = Game::from_position(start);
    for (ply, text) in ["a3-b3", "b5-a5", "b3-a3", "a5-b5"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        assert_eq!(game.outcome(), None, "drawn before ply {}", ply + 1);
        let mv = game.position().parse_move(text).unwrap();
        assert!(!game.position().is_irreversible(&mv), "{text}");
        game.play(&mv).unwrap();
    }
    assert_eq!(game.irreversible_index(), 0);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    // A forward step cannot be undone: the count starts again after it.
    let mut game = Game::from_position(start);
    for text in ["a3-b3", "b5-a5", "b3-b4", "a5-b5"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.irreversible_index(), 3);
    assert_eq!(game.repetitions(), 1);
}

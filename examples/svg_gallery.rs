//! Writes board pictures of every built-in variant into a folder: its start
//! position (`<variant>-start.svg`) and a capture in progress
//! (`<variant>-capture.svg`: the game's last move tinted, the capture's
//! path as an arrow, its captured pieces marked, Black's side at the bottom
//! on every other variant).
//!
//! ```text
//! cargo run --example svg_gallery -- /tmp/svg
//! ```

use draughts::svg::{Labels, SvgOptions};
use draughts::{AnyGame, VariantKind};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "svg".into());
    std::fs::create_dir_all(&dir).expect("create the output folder");
    for (i, kind) in VariantKind::ALL.into_iter().enumerate() {
        let start = AnyGame::new(kind);
        let labels = if i % 3 == 2 {
            Labels::Coordinates
        } else {
            Labels::Squares
        };
        let svg = start.to_svg(&SvgOptions::new().labels(labels));
        std::fs::write(format!("{dir}/{kind}-start.svg"), svg).expect("write");
        // A game that reaches a position with a capture, then the longest one.
        let mut game = AnyGame::new(kind);
        let mut step = 0usize;
        while !game.position().has_captures() && game.ply_count() < 80 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            step += 1;
            let pick = &moves[(step * 7 + i) % moves.len()];
            game.play(pick).expect("a legal move");
        }
        let pos = game.position();
        let Some(capture) = pos
            .legal_moves()
            .into_iter()
            .max_by_key(|m| m.captured.len())
            .map(|m| m.text)
        else {
            continue;
        };
        let options = SvgOptions::new()
            .flipped(i % 2 == 1)
            .mark_move_text(pos.as_ref(), &capture)
            .expect("a legal move");
        std::fs::write(format!("{dir}/{kind}-capture.svg"), game.to_svg(&options)).expect("write");
        println!("{kind}: capture {capture} after {} plies", game.ply_count());
    }
    // Kings beside men, a highlighted square and an arrow (a best move).
    for (kind, fen) in [
        (VariantKind::International, "W:W31,32,K28,K44:B19,20,K3,K12"),
        (VariantKind::Turkish, "W:Wa2,b2,Kd4:Bg7,h7,Ke6"),
    ] {
        let pos = draughts::AnyPosition::from_fen(kind, fen).expect("a FEN");
        let squares = pos.legal_moves().swap_remove(0).squares();
        let options = SvgOptions::new()
            .labels(Labels::Coordinates)
            .highlight(squares.first().copied())
            .arrow(squares)
            .size(480);
        std::fs::write(format!("{dir}/{kind}-kings.svg"), pos.to_svg(&options)).expect("write");
    }
}

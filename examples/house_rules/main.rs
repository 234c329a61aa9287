//! The seed site's house rules (RULES.md §5) as custom variants, each a few
//! lines copying a built-in preset and changing what differs, and a
//! comparison with the official preset in a position where the two differ.
//!
//! Run with `cargo run --example house_rules`. The definitions are the
//! library's [`draughts::house_rules`]; `tests/house_rules.rs` tests them.
//!
//! Squares are printed as algebraic names from White's side (a1 = White's
//! bottom-left corner), which every variant accepts in FEN.

mod walk;

use draughts::house_rules::{
    English40, English50, SiteBrazilian, SiteEnglish, SiteItalian, SiteRussian, SiteSpanish,
    SiteThai,
};
use draughts::{
    Brazilian, English, Game, Italian, Outcome, Position, Russian, Spanish, Thai, Variant,
};
use walk::{alg, walk_until_over};

/// The legal moves of `fen` in `V`, e.g. `2 moves (e4xc6 e4xg6)`.
fn legal<V: Variant>(fen: &str) -> String {
    let pos = Position::<V>::from_fen(fen).expect("a valid FEN");
    let mut v: Vec<String> = pos.legal_moves().iter().map(alg).collect();
    v.sort();
    format!("{} {} ({})", V::NAME, v.len(), v.join(" "))
}

/// The ply at which a king-only game from `fen` is drawn in `V`.
fn draw_ply<V: Variant>(fen: &str) -> String {
    let mut game = Game::from_position(Position::<V>::from_fen(fen).expect("a valid FEN"));
    if !walk_until_over(&mut game, 500) {
        return format!("{} no draw within 500 plies", V::NAME);
    }
    match game.outcome() {
        Some(Outcome::Draw { reason }) => {
            format!("{} ply {} ({reason:?})", V::NAME, game.moves().len())
        }
        Some(other) => format!("{} {other} at ply {}", V::NAME, game.moves().len()),
        None => unreachable!("the walk ends with an outcome"),
    }
}

fn main() {
    println!("legal moves, house rule vs official preset:");
    let fen = "W:We4:Bf5,Kd5";
    println!(
        "  {fen:<22} {} | {}",
        legal::<SiteSpanish>(fen),
        legal::<Spanish>(fen)
    );
    let fen = "W:WKe4:BKd5,b7,f5,Kf7";
    println!(
        "  {fen:<22} {} | {}",
        legal::<SiteItalian>(fen),
        legal::<Italian>(fen)
    );
    let fen = "W:WKa1:Bc3";
    println!(
        "  {fen:<22} {} | {}",
        legal::<SiteThai>(fen),
        legal::<Thai>(fen)
    );
    let fen = "W:WKc3:Bb4,d2";
    println!(
        "  {fen:<22} {} | {}",
        legal::<SiteThai>(fen),
        legal::<Thai>(fen)
    );
    let fen = "W:WKc1:BKf8";
    println!("draw on a quiet king-only walk from {fen}, house rule vs official preset:");
    println!(
        "  {} | {}",
        draw_ply::<SiteEnglish>(fen),
        draw_ply::<English>(fen)
    );
    println!(
        "  {} | {}",
        draw_ply::<SiteRussian>(fen),
        draw_ply::<Russian>(fen)
    );
    println!(
        "  {} | {} (same rules)",
        draw_ply::<SiteBrazilian>(fen),
        draw_ply::<Brazilian>(fen)
    );
    println!(
        "  {} | {}",
        draw_ply::<English50>(fen),
        draw_ply::<English>(fen)
    );
    println!(
        "  {} | {} (same rules as the preset)",
        draw_ply::<English40>(fen),
        draw_ply::<English>(fen)
    );
}

//! The seed site's house rules (RULES.md §5) as custom variants, each a few
//! lines copying a built-in preset and changing what differs, and a
//! comparison with the official preset in a position where the two differ.
//!
//! Run with `cargo run --example house_rules`. The same definitions are
//! tested in `tests/house_rules.rs`.
//!
//! Squares are printed as algebraic names from White's side (a1 = White's
//! bottom-left corner), which every variant accepts in FEN.

use draughts::{
    Board8x8, Brazilian, DrawRules, EndgameRule, English, Game, Italian, KingLanding, Move,
    Outcome, Position, Precedence, Removal, Rules, Russian, Spanish, Thai, Variant,
};

/// The seed site's draw rules (seed 000, "Fin de la partida y tablas", valid in
/// all six of its modes): 20 consecutive plies, both players' moves counted,
/// in which only kings moved and nothing was captured; the same position with
/// the same side to move for the third time. Agreement is declared by the
/// frontend.
const SITE_DRAWS: DrawRules = DrawRules {
    repetition: Some(3),
    king_moves: Some(20),
    no_progress: None,
    endgame: EndgameRule::None,
};

/// Seed 000, Spanish: "ley de la mayoría ... Una dama cuenta como una ficha ...
/// Si dos capturas se llevan la misma cantidad de fichas, puedes elegir
/// cualquiera": most pieces only, ties free (official: then most kings).
#[derive(Clone, Copy, Debug, Default)]
struct SiteSpanish;
impl Variant for SiteSpanish {
    type Board = Board8x8;
    const NAME: &'static str = "spanish-site";
    const RULES: Rules = Rules {
        precedence: &[Precedence::MostPieces],
        draws: SITE_DRAWS,
        ..Spanish::RULES
    };
}

/// Seed 000, Italian: most pieces, then most kings, then the capture made by
/// the king (official FID order: most pieces > with a king > most kings >
/// kings captured earliest). Men still may not capture kings.
#[derive(Clone, Copy, Debug, Default)]
struct SiteItalian;
impl Variant for SiteItalian {
    type Board = Board8x8;
    const NAME: &'static str = "italian-site";
    const RULES: Rules = Rules {
        precedence: &[
            Precedence::MostPieces,
            Precedence::MostKings,
            Precedence::WithKing,
        ],
        draws: SITE_DRAWS,
        ..Italian::RULES
    };
}

/// Seed 000, Thai: 8 men in two rows, men capture forward only, the flying king
/// "puede caer en cualquier casilla libre después de la ficha capturada", and
/// captured pieces leave the board at the end of the move (official Thai:
/// directly behind each captured piece, removed immediately).
#[derive(Clone, Copy, Debug, Default)]
struct SiteThai;
impl Variant for SiteThai {
    type Board = Board8x8;
    const NAME: &'static str = "thai-site";
    const RULES: Rules = Rules {
        king_landing: KingLanding::Beyond,
        removal: Removal::EndOfMove,
        draws: SITE_DRAWS,
        ..Thai::RULES
    };
}

/// Seed 000, English: the official rules with the site's draws (official WCDF:
/// 40 moves each without capture or man move, no king-move rule).
#[derive(Clone, Copy, Debug, Default)]
struct SiteEnglish;
impl Variant for SiteEnglish {
    type Board = Board8x8;
    const NAME: &'static str = "english-site";
    const RULES: Rules = Rules {
        draws: SITE_DRAWS,
        ..English::RULES
    };
}

/// Seed 000, Russian: the official rules with the site's draws (official
/// FMJD-64: 15 moves each of king moves, plus the end-game rules).
#[derive(Clone, Copy, Debug, Default)]
struct SiteRussian;
impl Variant for SiteRussian {
    type Board = Board8x8;
    const NAME: &'static str = "russian-site";
    const RULES: Rules = Rules {
        draws: SITE_DRAWS,
        ..Russian::RULES
    };
}

/// Seed 000/002, Brazilian: the official rules with the site's draws. The
/// built-in preset already takes its draws from this seed, so the two agree.
#[derive(Clone, Copy, Debug, Default)]
struct SiteBrazilian;
impl Variant for SiteBrazilian {
    type Board = Board8x8;
    const NAME: &'static str = "brazilian-site";
    const RULES: Rules = Rules {
        draws: SITE_DRAWS,
        ..Brazilian::RULES
    };
}

/// Seed 001, English: draw when each side has made 50 moves (100 plies)
/// without a capture or a man advancing, or on threefold repetition.
#[derive(Clone, Copy, Debug, Default)]
struct English50;
impl Variant for English50 {
    type Board = Board8x8;
    const NAME: &'static str = "english-50-moves";
    const RULES: Rules = Rules {
        draws: DrawRules {
            no_progress: Some(100),
            ..English::RULES.draws
        },
        ..English::RULES
    };
}

/// Seed 003, English: free choice among captures ("no es obligatorio tomar el
/// mayor número de fichas"), draw after 40 moves each (80 plies) without
/// capture or man move, or on threefold repetition. These are the WCDF rules
/// of the built-in preset, spelled out.
#[derive(Clone, Copy, Debug, Default)]
struct English40;
impl Variant for English40 {
    type Board = Board8x8;
    const NAME: &'static str = "english-40-moves";
    const RULES: Rules = Rules {
        precedence: &[],
        draws: DrawRules {
            repetition: Some(3),
            king_moves: None,
            no_progress: Some(80),
            endgame: EndgameRule::None,
        },
        ..English::RULES
    };
}

/// A move's full path in algebraic names, e.g. `e4xc6xa8`.
fn alg<V: Variant>(m: &Move<V>) -> String {
    let sep = if m.is_capture() { 'x' } else { '-' };
    let mut s = V::algebraic_name(m.from());
    for &sq in m.path() {
        s.push(sep);
        s.push_str(&V::algebraic_name(sq));
    }
    s
}

/// The legal moves of `fen` in `V`, e.g. `2 moves (e4xc6 e4xg6)`.
fn legal<V: Variant>(fen: &str) -> String {
    let pos = Position::<V>::from_fen(fen).expect("a valid FEN");
    let mut v: Vec<String> = pos.legal_moves().iter().map(alg).collect();
    v.sort();
    format!("{} {} ({})", V::NAME, v.len(), v.join(" "))
}

/// Walks quiet king moves until the game ends: at each ply a non-capturing
/// king move to a position not seen before in the game, leaving the opponent
/// a move and no capture; backtracks when stuck. Returns true once over.
fn walk<V: Variant>(game: &mut Game<V>, limit: usize) -> bool {
    if game.outcome().is_some() {
        return true;
    }
    if game.moves().len() >= limit {
        return false;
    }
    let pos = *game.position();
    for mv in game.legal_moves() {
        if mv.is_capture() || !pos.kings(pos.turn()).contains(mv.from()) {
            continue;
        }
        let next = pos.play(&mv);
        if next.has_captures() || next.is_game_over() || game.positions().contains(&next) {
            continue;
        }
        game.play(&mv).expect("a legal move");
        if walk(game, limit) {
            return true;
        }
        game.undo();
    }
    false
}

/// The ply at which a king-only game from `fen` is drawn in `V`.
fn draw_ply<V: Variant>(fen: &str) -> String {
    let mut game = Game::from_position(Position::<V>::from_fen(fen).expect("a valid FEN"));
    if !walk(&mut game, 500) {
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

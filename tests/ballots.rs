//! The opening ballots shipped as data: every opening replays legally in its
//! variant, none twice, and the counts are the published ones.
use std::collections::HashSet;

use draughts::ballots::{english_three_move, international_two_move, Opening};
use draughts::{Color, English, Frisian, International, Position, Russian, Turkish, Variant};

/// A ballot file of `data/ballots/`, parsed.
fn ballot_file(file: &str) -> Vec<Opening> {
    let path = format!("{}/data/ballots/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    draughts::ballots::parse(&text)
}

fn replays<V: Variant>(ballot: &[Opening]) {
    let mut seen = HashSet::new();
    for o in ballot {
        let game = o
            .typed::<V>()
            .unwrap_or_else(|e| panic!("{}: {e}", V::NAME));
        assert!(game.outcome().is_none(), "{o}");
        assert!(seen.insert(game.position().to_fen()), "{o} twice");
    }
}

/// The ACF list has 174 three-move openings, 18 of them barred: 156 are
/// balloted. Each is three plies of the English start position (Black first).
#[test]
fn english_three_move_ballots_are_the_156_acf_openings() {
    let b = english_three_move();
    assert_eq!(b.len(), 156);
    assert!(b
        .iter()
        .all(|o| matches!(o, Opening::Moves(m) if m.len() == 3)));
    replays::<English>(&b);
    // The first and last of the ACF list, and a barred one that is absent.
    assert_eq!(b[0].to_string(), "9-13 21-17 5-9");
    assert_eq!(b[155].to_string(), "12-16 24-20 10-15");
    assert!(!b.iter().any(|o| o.to_string() == "9-13 21-17 10-14"));
}

#[test]
fn international_two_move_openings_are_every_first_move_pair() {
    let b = international_two_move();
    assert_eq!(b.len(), 81);
    replays::<International>(&b);
    let start = draughts::Game::<International>::new();
    assert_eq!(start.legal_moves().len(), 9);
}

/// The two-move ballot files of the other match families (read with
/// `draughts match --ballots FILE`): every first move with every reply,
/// each once.
fn every_two_ply_start<V: Variant>(file: &str) {
    let b = ballot_file(file);
    replays::<V>(&b);
    let start = Position::<V>::start();
    let pairs: usize = start
        .legal_moves()
        .iter()
        .map(|m| start.play(m).legal_moves().len())
        .sum();
    assert_eq!(b.len(), pairs, "{file}");
    assert!(b
        .iter()
        .all(|o| matches!(o, Opening::Moves(m) if m.len() == 2)));
}

#[test]
fn russian_two_move_openings_are_every_first_move_pair() {
    every_two_ply_start::<Russian>("russian-two-move.txt");
}

#[test]
fn turkish_two_move_openings_are_every_first_move_pair() {
    every_two_ply_start::<Turkish>("turkish-two-move.txt");
}

#[test]
fn frisian_two_move_openings_are_every_first_move_pair() {
    every_two_ply_start::<Frisian>("frisian-two-move.txt");
}

/// The three-move ballot files (200 games a family, `draughts match
/// --ballots FILE -g 200`): of the quiet three-ply starts (no capture on the
/// third ply, none for the side to move after it; a transposition counted
/// once, at its first move order in move-generation order), the 100 spread
/// evenly over them: opening `i` of `n` is number `i * n / 100`.
fn quiet_three_ply_spread<V: Variant>(file: &str) {
    let b = ballot_file(file);
    replays::<V>(&b);
    let start = Position::<V>::start();
    let mut quiet = Vec::new();
    let mut seen = HashSet::new();
    for a in start.legal_moves().iter() {
        let one = start.play(a);
        for b in one.legal_moves().iter() {
            let two = one.play(b);
            for c in two.legal_moves().iter() {
                let three = two.play(c);
                if c.is_capture() || three.legal_moves().is_empty() || three.has_captures() {
                    continue;
                }
                if seen.insert(three.to_fen()) {
                    let text = [start.move_text(a), one.move_text(b), two.move_text(c)];
                    quiet.push(text.join(" "));
                }
            }
        }
    }
    assert!(quiet.len() >= 100, "{file}: {} quiet starts", quiet.len());
    let spread: Vec<String> = (0..100)
        .map(|i| quiet[i * quiet.len() / 100].clone())
        .collect();
    let listed: Vec<String> = b.iter().map(|o| o.to_string()).collect();
    assert_eq!(listed, spread, "{file}");
}

#[test]
fn russian_three_move_openings_are_quiet_starts_spread_evenly() {
    quiet_three_ply_spread::<Russian>("russian-three-move.txt");
}

#[test]
fn turkish_three_move_openings_are_quiet_starts_spread_evenly() {
    quiet_three_ply_spread::<Turkish>("turkish-three-move.txt");
}

#[test]
fn international_three_move_openings_are_quiet_starts_spread_evenly() {
    quiet_three_ply_spread::<International>("international-three-move.txt");
}

#[test]
fn frisian_three_move_openings_are_quiet_starts_spread_evenly() {
    quiet_three_ply_spread::<Frisian>("frisian-three-move.txt");
}

/// The positions of an endgame ballot file (`draughts match --ballots FILE`
/// measures how the engine converts them): `count` of them, each a FEN
/// that replays, none twice.
fn endgame_positions<V: Variant>(file: &str, count: usize) -> Vec<(String, Position<V>)> {
    let b = ballot_file(file);
    assert_eq!(b.len(), count, "{file}");
    replays::<V>(&b);
    b.iter()
        .map(|o| {
            let Opening::Fen(fen) = o else {
                panic!("{o}: not a position")
            };
            (fen.clone(), Position::<V>::from_fen(fen).unwrap())
        })
        .collect()
}

/// The king-ending ballots: 40 positions, White to move, one king each,
/// White a man up, no capture for either side.
fn king_endings<V: Variant>(file: &str) {
    for (fen, pos) in endgame_positions::<V>(file, 40) {
        assert_eq!(pos.turn(), Color::White, "{fen}");
        assert_eq!(pos.kings(Color::White).len(), 1, "{fen}");
        assert_eq!(pos.kings(Color::Black).len(), 1, "{fen}");
        let (wm, bm) = (pos.men(Color::White).len(), pos.men(Color::Black).len());
        assert!((1..=3).contains(&bm) && wm == bm + 1, "{fen}");
        let other = Position::<V>::from_fen(&format!("B{}", &fen[1..])).unwrap();
        assert!(!pos.has_captures() && !other.has_captures(), "{fen}");
    }
}

#[test]
fn international_king_endings_are_quiet_and_a_man_up() {
    king_endings::<International>("international-king-endings.txt");
}

#[test]
fn russian_king_endings_are_quiet_and_a_man_up() {
    king_endings::<Russian>("russian-king-endings.txt");
}

/// The three-kings ballot (Russian's 15-move rule): 30 positions, Black's
/// lone king to move and off the main road, which a White king holds; no
/// capture for Black.
#[test]
fn russian_three_kings_hold_the_main_road_against_a_lone_king() {
    let main_road = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"];
    for (fen, pos) in endgame_positions::<Russian>("russian-three-kings.txt", 30) {
        assert_eq!(pos.turn(), Color::Black, "{fen}");
        assert_eq!(pos.kings(Color::White).len(), 3, "{fen}");
        assert_eq!(pos.men(Color::White).len(), 0, "{fen}");
        assert_eq!(pos.kings(Color::Black).len(), 1, "{fen}");
        assert_eq!(pos.men(Color::Black).len(), 0, "{fen}");
        let (white, black) = fen[3..].split_once(":B").unwrap();
        let on_road = |list: &str| list.split(',').any(|s| main_road.contains(&&s[1..]));
        assert!(on_road(white) && !on_road(black), "{fen}");
        // The lone king may stand attacked; it has no capture.
        assert!(!pos.has_captures(), "{fen}");
    }
}

//! `draughts::dynamic`: the one dynamic face. Each test compares the boxed
//! game with the typed `Game<V>` it stands for, for every built-in variant
//! of the registry and every house rule (iterated, never listed).

use draughts::dynamic::{self, DynGame, MoveInfo};
use draughts::{house_rules, Declaration, Game, GameError, Variant, VariantKind, VariantVisitor};

/// Plays the same moves (the first legal one, each ply, up to `plies`) in
/// the typed game and in the boxed game of `name`, comparing at each ply.
struct Lockstep {
    name: &'static str,
    plies: usize,
}

impl VariantVisitor for Lockstep {
    type Output = ();
    fn visit<V: Variant>(self) {
        let mut typed = Game::<V>::new();
        let mut boxed = dynamic::new_game(self.name).unwrap();
        assert_eq!(boxed.name(), V::NAME);
        assert_eq!(boxed.rules().first_mover, V::RULES.first_mover);
        assert_eq!(boxed.start_fen(), typed.start().to_fen());
        for _ in 0..self.plies {
            assert_eq!(boxed.fen(), typed.position().to_fen(), "{}", V::NAME);
            assert_eq!(boxed.turn(), typed.position().turn());
            assert_eq!(boxed.diagram(), typed.position().diagram());
            let legal: Vec<String> = typed.legal_moves().iter().map(|m| m.to_string()).collect();
            assert_eq!(texts(boxed.legal_moves()), legal);
            assert_eq!(boxed.outcome(), typed.outcome());
            assert_eq!(boxed.draw_counts(), typed.draw_counts().collect::<Vec<_>>());
            let Some(first) = typed.legal_moves().first().cloned() else {
                break;
            };
            typed.play(&first).unwrap();
            // The short text the boxed game lists plays the same move.
            let short = boxed.legal_moves()[0].short_text.clone();
            assert_eq!(boxed.play(&short).unwrap().text, first.to_string());
        }
        assert_eq!(boxed.ply_count(), typed.ply_count());
        let played: Vec<String> = typed.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(texts(boxed.moves()), played);
    }
}

/// The full-path texts of `moves`.
fn texts(moves: Vec<MoveInfo>) -> Vec<String> {
    moves.into_iter().map(|m| m.text).collect()
}

#[test]
fn every_name_matches_its_typed_game() {
    for kind in VariantKind::ALL {
        kind.visit(Lockstep {
            name: kind.name(),
            plies: 40,
        });
    }
    for name in house_rules::NAMES {
        house_rules::visit(name, Lockstep { name, plies: 40 }).unwrap();
    }
}

#[test]
fn names_are_the_registry_then_the_house_rules() {
    let names: Vec<_> = dynamic::names().collect();
    assert_eq!(
        names.len(),
        VariantKind::ALL.len() + house_rules::NAMES.len()
    );
    for name in &names {
        assert_eq!(
            dynamic::new_game(&name.to_uppercase()).unwrap().name(),
            *name
        );
    }
    let err = dynamic::new_game("chess").unwrap_err();
    for name in names {
        assert!(err.to_string().contains(name), "{err} lists {name}");
    }
}

#[test]
fn family_of_built_ins_and_house_rules() {
    for kind in VariantKind::ALL {
        assert_eq!(dynamic::new_game(kind.name()).unwrap().family(), kind);
    }
    // Each house rule copies the preset it is named after (house_rules.rs).
    for name in house_rules::NAMES {
        let family = dynamic::new_game(name).unwrap().family();
        assert!(name.starts_with(family.name()), "{name}: {family}");
    }
}

#[test]
fn game_from_fen_for_every_name() {
    for name in dynamic::names() {
        let start = dynamic::new_game(name).unwrap().start_fen();
        let game = dynamic::game_from_fen(name, &start).unwrap();
        assert_eq!((game.name(), game.fen()), (name, start));
    }
    assert!(matches!(
        dynamic::game_from_fen("english", "W:W33"),
        Err(dynamic::NewGameError::Fen(_))
    ));
}

#[test]
fn refused_move_changes_nothing() {
    let mut game = dynamic::new_game("international").unwrap();
    game.play("32-28").unwrap();
    let (fen, moves) = (game.fen(), game.moves());
    assert!(matches!(game.play("32-28"), Err(GameError::MoveText(_))));
    assert!(matches!(game.play("nonsense"), Err(GameError::MoveText(_))));
    // A move the face listed for another position: refused by its text.
    let elsewhere = dynamic::new_game("international").unwrap().legal_moves()[0].clone();
    assert!(matches!(game.play(&elsewhere), Err(GameError::MoveText(_))));
    assert_eq!((game.fen(), game.moves()), (fen, moves));
}

#[test]
fn clone_fresh_undo_declare() {
    let mut game = dynamic::new_game("russian").unwrap();
    game.play("c3-d4").unwrap();
    let copy = game.clone();
    assert_eq!(game.undo().map(|m| m.text).as_deref(), Some("c3-d4"));
    assert_eq!(texts(copy.moves()), ["c3-d4"], "a clone is independent");
    assert_eq!(copy.fresh().ply_count(), 0);
    assert_eq!(copy.fresh().fen(), copy.start_fen());
    let mut copy = copy;
    let outcome = copy.declare(Declaration::DrawByAgreement).unwrap();
    assert_eq!(copy.outcome(), Some(outcome));
    assert!(copy.legal_moves().is_empty());
    assert!(matches!(copy.play("f6-g5"), Err(GameError::GameOver(_))));
}

#[test]
fn dyn_game_is_object_safe_and_thread_safe() {
    fn assert_send_sync<T: Send + Sync + ?Sized>() {}
    assert_send_sync::<dyn DynGame>();
    let games: Vec<Box<dyn DynGame>> = dynamic::names()
        .map(|n| dynamic::new_game(n).unwrap())
        .collect();
    assert_eq!(
        games.len(),
        VariantKind::ALL.len() + house_rules::NAMES.len()
    );
}

#[test]
fn play_takes_text_or_a_listed_move_alike() {
    // Every legal move and every capture route of a few positions (a king's
    // routes that take the same pieces in another order are one legal
    // move): played as the MoveInfo the face listed, it gives the position
    // its text gives, and the move played back is one of the legal moves
    // (the same start, end and captured pieces).
    for (name, fen) in [
        ("international", "W:WK46,28:B41,37,23,13,32,33"),
        ("russian", "W:Wc3,e3,g3:Bd4,f4,b6,d6"),
        ("english", ""),
        ("turkish", "W:Wd4,Ke2:Bd5,e5,d7,f2,e6"),
    ] {
        let game = if fen.is_empty() {
            dynamic::new_game(name).unwrap()
        } else {
            dynamic::game_from_fen(name, fen).unwrap()
        };
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "{name} {fen}");
        for mv in legal.iter().chain(&game.legal_routes()) {
            let (mut by_info, mut by_text) = (game.clone(), game.clone());
            let played = by_info.play(mv).unwrap();
            by_text.play(&mv.text).unwrap();
            assert_eq!(by_info.fen(), by_text.fen(), "{name} {}", mv.text);
            let same = |m: &MoveInfo| {
                let mut a = m.captured.clone();
                let mut b = played.captured.clone();
                a.sort();
                b.sort();
                (m.from, m.to, a) == (played.from, played.to, b)
            };
            assert!(legal.iter().any(same), "{name} {}", mv.text);
            assert_eq!((played.from, played.to), (mv.from, mv.to));
            let pos = game.position();
            assert_eq!(pos.play(mv).unwrap().fen(), by_info.fen());
        }
    }
}

//! serde round trips (feature `serde`): Move, Outcome, Game; a game with an
//! illegal move in its data is an error, never a panic.

use draughts::{
    Color, English, Frisian, Game, International, Move, Outcome, Position, Russian, Variant,
    WinReason,
};

fn play_some<V: Variant>(plies: usize) -> Game<V> {
    let mut game = Game::<V>::new();
    let mut i = 7usize;
    while game.moves().len() < plies && game.outcome().is_none() {
        let moves = game.legal_moves();
        i = i.wrapping_mul(31).wrapping_add(17);
        game.play(&moves[i % moves.len()].clone()).unwrap();
    }
    game
}

fn round_trip_game<V: Variant>() {
    let game = play_some::<V>(60);
    let json = serde_json::to_string(&game).unwrap();
    let back: Game<V> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.position(), game.position());
    assert_eq!(back.hash(), game.hash());
    assert_eq!(back.outcome(), game.outcome());
    for mv in game.moves() {
        let j = serde_json::to_string(mv).unwrap();
        let m: Move<V> = serde_json::from_str(&j).unwrap();
        assert_eq!(&m, mv);
    }
}

#[test]
fn games_round_trip() {
    round_trip_game::<English>();
    round_trip_game::<International>();
    round_trip_game::<Russian>();
    round_trip_game::<Frisian>();
}

/// A Frisian position carries its king-move count through serde (as its
/// FEN), and a game of king moves keeps its hash.
#[test]
fn frisian_king_run_round_trips() {
    let pos = Position::<Frisian>::from_fen("W:WK41,40:B1,2:+0+241").unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert!(json.contains("+0+241"), "{json}");
    let back: Position<Frisian> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.king_run(Color::White), pos.king_run(Color::White));
    let mut game = Game::<Frisian>::from_position(Position::from_fen("W:WK46,40:B1,2").unwrap());
    for m in ["46-41", "1-6", "41-46"] {
        game.play_text(m).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    let back: Game<Frisian> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.hash(), game.hash());
}

#[test]
fn game_json_shape() {
    let mut game = Game::<English>::new();
    let mv = game
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "11-15")
        .unwrap();
    game.play(&mv).unwrap();
    let v: serde_json::Value = serde_json::to_value(&game).unwrap();
    assert_eq!(v["variant"], "english");
    assert_eq!(v["start"], "B:W21-32:B1-12");
    assert_eq!(v["moves"][0], "11-15");
}

#[test]
fn illegal_move_in_data_is_an_error() {
    let json = r#"{"variant":"english","start":"B:W21-32:B1-12","moves":["11-15","11-15"]}"#;
    let err = serde_json::from_str::<Game<English>>(json).unwrap_err();
    assert!(err.to_string().contains("move 2"), "{err}");
    let json = r#"{"variant":"russian","start":"B:W21-32:B1-12","moves":[]}"#;
    assert!(serde_json::from_str::<Game<English>>(json).is_err());
    let json = r#"{"variant":"english","start":"B:W21-32:B1-33","moves":[]}"#;
    assert!(serde_json::from_str::<Game<English>>(json).is_err());
    let json = r#"{"from":"99","path":["15"],"captured":[],"promotes":false}"#;
    assert!(serde_json::from_str::<Move<English>>(json).is_err());
    let json = r#"{"from":"11","path":[],"captured":[],"promotes":false}"#;
    assert!(serde_json::from_str::<Move<English>>(json).is_err());
}

#[test]
fn outcome_round_trip() {
    let o = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Time,
    };
    let back: Outcome = serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
    assert_eq!(back, o);
}

#[test]
fn positions_as_fen() {
    use draughts::{AnyPosition, Position, VariantKind};
    let pos = Position::<International>::from_fen("W:W28,K40:B23,13").unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"W:W28,K40:B13,23\"");
    assert_eq!(
        serde_json::from_str::<Position<International>>(&json).unwrap(),
        pos
    );
    assert!(serde_json::from_str::<Position<International>>("\"W:W28:B28\"").is_err());
    for kind in VariantKind::ALL {
        let any = AnyPosition::start(kind);
        let json = serde_json::to_string(&any).unwrap();
        assert_eq!(
            serde_json::from_str::<AnyPosition>(&json).unwrap(),
            any,
            "{json}"
        );
        let kind_json = serde_json::to_string(&kind).unwrap();
        assert_eq!(kind_json, format!("\"{kind}\""));
        assert_eq!(
            serde_json::from_str::<VariantKind>(&kind_json).unwrap(),
            kind
        );
    }
}

#[test]
fn pdn_games_round_trip() {
    use draughts::pdn::{parse_pdn, PdnGame};
    let text = "[Event \"x\"]\n1. 32-28 {c} $2 19-23 1-0";
    let game = parse_pdn(text).remove(0).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<PdnGame>(&json).unwrap(), game);
}

/// The run-time face serializes as the typed values do, and reads back any
/// built-in variant or house rule by its name; an illegal move or an
/// unknown name is an error, never a panic.
#[test]
fn run_time_games_and_positions_round_trip() {
    use draughts::dynamic::{self, DynGame, DynPosition};
    use draughts::{AnyGame, VariantKind};

    // The same JSON as the typed game's.
    let typed = play_some::<International>(12);
    let mut any = AnyGame::new(VariantKind::International);
    for mv in typed.moves() {
        any.play(&mv.to_string()).unwrap();
    }
    let json = serde_json::to_string(&any).unwrap();
    assert_eq!(json, serde_json::to_string(&typed).unwrap());
    let back: AnyGame = serde_json::from_str(&json).unwrap();
    assert_eq!(back.moves(), any.moves());
    let boxed: Box<dyn DynGame> = serde_json::from_str(&json).unwrap();
    assert_eq!((boxed.name(), boxed.fen()), ("international", any.fen()));

    // Every house rule, by name, with its moves and draw mode.
    for name in draughts::house_rules::NAMES {
        let mut game = dynamic::new_game(name).unwrap();
        for _ in 0..6 {
            let Some(mv) = game.legal_moves().into_iter().next() else {
                break;
            };
            game.play(&mv).unwrap();
        }
        let json = serde_json::to_string(&*game).unwrap();
        let back: Box<dyn DynGame> = serde_json::from_str(&json).unwrap();
        assert_eq!((back.name(), back.moves()), (game.name(), game.moves()));
        assert_eq!(back.draw_mode(), game.draw_mode());
        // A house rule is not an AnyGame.
        assert!(serde_json::from_str::<AnyGame>(&json).is_err());
        let pos = game.position();
        let json = serde_json::to_string(&*pos).unwrap();
        let back: Box<dyn DynPosition> = serde_json::from_str(&json).unwrap();
        assert_eq!((back.name(), back.fen()), (pos.name(), pos.fen()));
    }

    let bad = r#"{"variant":"russian-site","start":"W:Wc3:Bh8","moves":["c3-d4","c3-d4"]}"#;
    let err = serde_json::from_str::<Box<dyn DynGame>>(bad).unwrap_err();
    assert!(err.to_string().contains("move 2 `c3-d4`"), "{err}");
    let unknown = r#"{"variant":"chess","start":"W:W1","moves":[]}"#;
    assert!(serde_json::from_str::<Box<dyn DynGame>>(unknown).is_err());
    assert!(
        serde_json::from_str::<Box<dyn DynPosition>>(r#"{"variant":"chess","fen":"W:W1"}"#)
            .is_err()
    );
}

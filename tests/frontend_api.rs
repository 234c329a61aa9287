//! Issue 17: the points where a newcomer building a frontend stumbled. One
//! test per bug; each failed (or did not compile) before its fix.

use draughts::pdn::{read_games, replay_as, write_pdn, PdnErrorKind};
use draughts::{
    with_game, with_position, AnyGame, AnyPosition, Board8x8, Brazilian, Color, Declaration,
    DrawReason, English, Game, International, Move, Outcome, Position, Rules, Russian, Square,
    Variant, VariantKind, WinReason,
};

fn sq<V: Variant>(n: u8) -> Square {
    V::square(n).unwrap()
}

fn texts<V: Variant>(moves: &[Move<V>]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn infos(moves: Vec<draughts::dynamic::MoveInfo>) -> Vec<String> {
    moves.into_iter().map(|m| m.text).collect()
}

// --- Bugs and silent misreadings -------------------------------------------

/// `AnyGame::legal_moves_text` listed every capture route while
/// `AnyPosition` and `Game::legal_moves` merged them (now both hand out the
/// run-time face's `legal_moves` and `legal_routes`).
#[test]
fn legal_moves_mean_the_same_everywhere() {
    let fen = "W:W38:B32,22,23,33";
    let pos = Position::<International>::from_fen(fen).unwrap();
    let game = Game::from_position(pos);
    let any_pos = AnyPosition::from_fen(VariantKind::International, fen).unwrap();
    let any_game = AnyGame::from_fen(VariantKind::International, fen).unwrap();

    let expected = texts(&pos.legal_moves());
    assert_eq!(expected, ["38x27x18x29x38"]);
    assert_eq!(texts(&game.legal_moves()), expected);
    assert_eq!(infos(any_pos.legal_moves()), expected);
    assert_eq!(infos(any_game.legal_moves()), expected);

    // Routes under their own name, the same everywhere.
    let routes = texts(&pos.legal_routes());
    assert_eq!(routes, ["38x27x18x29x38", "38x29x18x27x38"]);
    assert_eq!(texts(&game.legal_routes()), routes);
    assert_eq!(
        infos(any_pos.legal_moves_in(draughts::MoveMode::Routes)),
        routes
    );
    assert_eq!(infos(any_game.legal_routes()), routes);
}

/// A house rule on the Brazilian preset.
#[derive(Clone, Copy, Debug, Default)]
struct FreeBrazilian;
impl Variant for FreeBrazilian {
    type Board = Board8x8;
    const NAME: &'static str = "brazilian-free-choice";
    const RULES: Rules = Rules {
        precedence: &[],
        ..Brazilian::RULES
    };
}

/// A custom variant kept its preset's GameType and was read back silently as
/// the official variant.
#[test]
fn pdn_of_a_custom_variant_says_which_variant_it_is() {
    let mut game = Game::<FreeBrazilian>::new();
    for text in ["c3-d4", "f6-e5"] {
        game.play_text(text).unwrap();
    }
    let pdn = write_pdn(&game, &[]);
    assert!(pdn.contains("[GameType \"26\"]"), "{pdn}");
    assert!(
        pdn.contains("[CustomVariant \"brazilian-free-choice\"]"),
        "{pdn}"
    );

    // Not read as official Brazilian.
    let read = read_games(&pdn, None);
    assert_eq!(
        read[0].as_ref().unwrap_err().kind,
        PdnErrorKind::CustomVariant("brazilian-free-choice".into())
    );
    let record = draughts::pdn::parse_pdn(&pdn).remove(0).unwrap();
    assert!(matches!(
        replay_as::<Brazilian>(&record),
        Err(PdnErrorKind::VariantMismatch { .. })
    ));
    // Read back as what it is.
    let back = replay_as::<FreeBrazilian>(&record).unwrap();
    assert_eq!(back.moves(), game.moves());

    // A built-in variant writes no Variant tag, and a record of another
    // GameType is refused by replay_as.
    let official = write_pdn(&Game::<Brazilian>::new(), &[]);
    assert!(!official.contains("[CustomVariant"), "{official}");
    let record = draughts::pdn::parse_pdn(&official).remove(0).unwrap();
    assert!(matches!(
        replay_as::<Russian>(&record),
        Err(PdnErrorKind::VariantMismatch { .. })
    ));
}

/// A house rule set that spells out the official rules under its own name
/// (`english-40-moves`) was written without a name and read back as
/// `english`: the WebAssembly package's round trip lost the variant.
#[test]
fn pdn_of_a_renamed_official_rule_set_keeps_its_name() {
    use draughts::house_rules::English40;
    assert_eq!(English40::RULES, English::RULES, "the premise of this test");
    let mut game = Game::<English40>::new();
    game.play_text("11-15").unwrap();
    let pdn = write_pdn(&game, &[]);
    assert!(
        pdn.contains("[CustomVariant \"english-40-moves\"]"),
        "{pdn}"
    );
    let record = draughts::pdn::parse_pdn(&pdn).remove(0).unwrap();
    assert_eq!(
        replay_as::<English40>(&record).unwrap().moves(),
        game.moves()
    );
    assert!(!write_pdn(&Game::<English>::new(), &[]).contains("[CustomVariant"));
}

/// Tags passed to `write_pdn` were written next to the writer's own (two
/// `Result` tags).
#[test]
fn write_pdn_tags_replace_the_writers_tags() {
    let mut game = Game::<English>::new();
    game.play_text("11-15").unwrap();
    let pdn = write_pdn(
        &game,
        &[
            ("Event", "Club"),
            ("result", "0-1"),
            ("GameType", "21,B,8,8,N1,0"),
            ("Event", "again"),
        ],
    );
    for name in ["[Event ", "[GameType ", "[Result ", "[result "] {
        assert!(pdn.matches(name).count() <= 1, "{name} twice in\n{pdn}");
    }
    assert_eq!(pdn.to_lowercase().matches("[result ").count(), 1, "{pdn}");
    assert!(pdn.contains("[Event \"Club\"]"));
    assert!(pdn.contains("[GameType \"21,B,8,8,N1,0\"]"));
    assert!(pdn.trim_end().ends_with("1. 11-15 0-1"), "{pdn}");
    // It still reads back.
    let back = read_games(&pdn, None);
    assert_eq!(infos(back[0].as_ref().unwrap().moves()), ["11-15"]);
}

/// The termination reason is written in words.
#[test]
fn written_pdn_says_how_the_game_ended() {
    let mut game = Game::<English>::new();
    game.play_text("11-15").unwrap();
    game.declare(Declaration::Resignation(Color::White))
        .unwrap();
    let pdn = write_pdn(&game, &[]);
    assert!(pdn.contains("[Result \"0-1\"]"), "{pdn}");
    assert!(pdn.contains("[Termination \"White resigned\"]"), "{pdn}");
}

/// `Rules` were never checked against the board.
#[test]
fn impossible_rules_are_rejected() {
    let five_rows = Rules {
        start_rows: 5,
        ..Russian::RULES
    };
    assert!(five_rows.check(8, 8).is_err());
    assert!(Rules {
        start_rows: 0,
        ..Russian::RULES
    }
    .check(8, 8)
    .is_err());
    for kind in VariantKind::ALL {
        let (w, h) = AnyPosition::start(kind).board_size();
        assert_eq!(kind.rules().check(w, h), Ok(()), "{kind}");
    }
    // Using such a variant is a compile error: see the `compile_fail`
    // example on `Rules::check`.
}

// --- For frontends ----------------------------------------------------------

/// Square sets iterated in internal bit order (`movable()` gave `[32, 28]`).
#[test]
fn square_sets_iterate_in_numbering_order() {
    let pos = Position::<International>::from_fen("W:W32,28:B1").unwrap();
    let input = pos.move_input(&[]);
    let movable: Vec<u8> = input
        .movable()
        .iter()
        .map(International::square_number)
        .collect();
    assert_eq!(movable, [28, 32]);
    assert_eq!(format!("{:?}", input.movable()), "{28, 32}");
    let white: Vec<u8> = pos
        .pieces(Color::White)
        .into_iter()
        .map(International::square_number)
        .collect();
    assert_eq!(white, [28, 32]);
    let any = AnyPosition::from(pos);
    let numbers: Vec<u8> = any
        .input()
        .movable()
        .into_iter()
        .map(|s| any.square_number(s))
        .collect();
    assert_eq!(numbers, [28, 32]);
}

/// `Move` gives its jumps in order; `MoveInput` the pieces jumped so far.
#[test]
fn captures_are_given_jump_by_jump() {
    let n = International::square_number;
    let pos = Position::<International>::from_fen("W:W47:B42,32,22,31").unwrap();
    for mv in pos.legal_moves().iter() {
        let jumps: Vec<_> = mv.jumps().collect();
        assert_eq!(jumps.len(), mv.path().len());
        assert_eq!(jumps[0].from, mv.from());
        for (j, &to) in jumps.iter().zip(mv.path()) {
            assert_eq!(j.to, to);
        }
        let captured: draughts::SquareSet<International> =
            jumps.iter().map(|j| j.captured).collect();
        assert_eq!(captured, mv.captured());
    }
    let mv = pos.parse_move("47x38x27x18").unwrap();
    let order: Vec<u8> = mv.jumps().map(|j| n(j.captured)).collect();
    assert_eq!(order, [42, 32, 22]);

    let mut input = pos.move_input(&[sq::<International>(47)]);
    assert!(input.jumped().is_empty());
    assert_eq!(input.captured().numbers(), [22, 31, 32, 42]);
    assert!(input.click(sq::<International>(38)));
    assert_eq!(input.jumped().numbers(), [42]);
    assert!(input.click(sq::<International>(27)));
    assert_eq!(input.jumped().numbers(), [32, 42]);
    assert!(input.click(sq::<International>(18)));
    assert!(input.is_complete());
    assert_eq!(input.jumped().numbers(), [22, 32, 42]);
    // Steps have no jumps.
    let step = &Position::<International>::start().legal_moves()[0];
    assert_eq!(step.jumps().count(), 0);
}

/// `AnyPosition`/`AnyGame` lacked a move count, PDN writing and a way to run
/// generic code on the typed value inside (now they hand out the run-time
/// face, which has them all).
#[test]
fn any_game_keeps_up_with_the_typed_game() {
    fn count<V: Variant>(g: &Game<V>) -> usize {
        g.moves().len()
    }
    let mut any = AnyGame::new(VariantKind::Russian);
    let mut typed = Game::<Russian>::new();
    for text in ["c3-d4", "f6-e5", "d4xf6"] {
        any.play(text).unwrap();
        typed.play_text(text).unwrap();
    }
    assert_eq!(any.ply_count(), 3);
    assert_eq!(with_game!(&any, g => count(g)), 3);
    assert_eq!(
        any.to_pdn(&[("Event", "x")]),
        write_pdn(&typed, &[("Event", "x")])
    );
    let short: Vec<String> = any.moves().into_iter().map(|m| m.short_text).collect();
    assert_eq!(short, ["c3-d4", "f6-e5", "d4xf6"]);
    let pos: AnyPosition = with_game!(&any, g => (*g.position()).into());
    assert_eq!(
        with_position!(&pos, p => p.legal_moves().len()),
        typed.legal_moves().len()
    );
    assert_eq!(
        pos.count_moves(draughts::MoveMode::Distinct),
        typed.legal_moves().len() as u64
    );
}

/// `Game::play` accepted only what it re-derived from every route; the cheap
/// path must accept the same moves.
#[test]
fn game_play_accepts_listed_moves_and_other_routes() {
    let fen = "W:W38:B32,22,23,33";
    let mut game = Game::from_position(Position::<International>::from_fen(fen).unwrap());
    let other_route = game.legal_routes()[1].clone();
    assert!(!game.legal_moves().contains(&other_route));
    game.play(&other_route).unwrap();
    game.undo();
    let listed = game.legal_moves()[0].clone();
    game.play(&listed).unwrap();
    assert_eq!(game.moves(), std::slice::from_ref(&listed));
    // A stale move is still refused.
    assert!(game.play(&listed).is_err());
}

// --- Text and docs ----------------------------------------------------------

/// `Display` in words for outcomes and their reasons (was "Black wins (NoPieces)").
#[test]
fn outcomes_read_as_words() {
    let win = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::NoPieces,
    };
    assert_eq!(win.to_string(), "Black wins: White has no pieces left");
    assert_eq!(Color::White.to_string(), "White");
    assert_eq!(WinReason::Time.to_string(), "the loser ran out of time");
    let draw = Outcome::Draw {
        reason: DrawReason::Repetition,
    };
    assert_eq!(draw.to_string(), "Draw: the same position was repeated");
    for text in [win.to_string(), draw.to_string()] {
        assert!(
            !text.contains('(') && !text.contains("NoPieces") && !text.contains("Repetition"),
            "{text}"
        );
    }
}

/// `Display` impls ignored width and alignment.
#[test]
fn display_honours_width_and_alignment() {
    let pos = Position::<English>::start();
    let mv = pos.parse_move("11-15").unwrap();
    assert_eq!(format!("{mv:>8}|"), "   11-15|");
    assert_eq!(format!("{mv:<8}|"), "11-15   |");
    assert_eq!(format!("{:>9}|", VariantKind::English), "  english|");
    assert_eq!(format!("{:^7}|", Color::Black), " Black |");
}

/// `Square`'s Debug showed an unexplained internal index.
#[test]
fn square_debug_says_what_it_shows() {
    let s = sq::<English>(1);
    let debug = format!("{s:?}");
    assert!(debug.contains("bit"), "{debug}");
    assert_eq!(debug, format!("Square(bit {})", s.index()));
}

/// `Position` has `FromStr` for FEN and a board diagram.
#[test]
fn positions_parse_and_print() {
    let pos: Position<Russian> = "W:Wc1:Bh8".parse().unwrap();
    assert_eq!(pos.to_fen(), "W:Wc1:Bh8");
    assert!("W:Wz9".parse::<Position<Russian>>().is_err());
    let diagram = format!("{pos:#}");
    assert_eq!(diagram, pos.diagram());
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(lines.len(), 10);
    assert!(
        lines[0].starts_with("8 |") && lines[0].ends_with('b'),
        "{diagram}"
    );
    assert!(
        lines[7].starts_with("1 |") && lines[7].contains('w'),
        "{diagram}"
    );
    assert_eq!(lines[9], "White to move");
    // Ten rows: two-digit ranks keep the columns aligned.
    let big = Position::<International>::start().diagram();
    let rows: Vec<&str> = big.lines().collect();
    assert!(
        rows[0].starts_with("10 |") && rows[9].starts_with(" 1 |"),
        "{big}"
    );
}

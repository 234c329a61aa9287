//! Rule tests for the Frisian family and the International-rule variants
//! (RULES.md §6, issue 12): one test per rule, named after it, each in a
//! position where that rule decides the answer.
//!
//! Squares are International numbers (1 = b10 ... 50 = i1): square n lies on
//! row `9 - (n - 1) / 5` from White's side. Its diagonal neighbours are
//! n ± 4..6 as on the International board; its orthogonal neighbours are
//! n ± 1 along the row (the playing square two columns away) and n ± 10 along
//! the column (two rows away). Expected answers were worked out by hand; where
//! a precedence rule decides, the same position under free choice
//! (`FrisianFree`) shows the alternatives it removes.

use crate::common;

use common::{game_from, pos, sorted, sq, texts};
use draughts::{
    perft_in, Antidraughts, Board10x10, Breakthrough, Color, DrawReason, FenError, Frisian, Frysk,
    Game, International, Killer, KingRun, MoveMode, Outcome, Position, PositionError, Rules, Setup,
    Variant, VariantKind, WinReason,
};

/// Frisian with free choice among captures.
#[derive(Clone, Copy, Debug, Default)]
struct FrisianFree;
impl Variant for FrisianFree {
    type Board = Board10x10;
    const NAME: &'static str = "frisian-free";
    const RULES: Rules = Rules {
        precedence: &[],
        ..Frisian::RULES
    };
}

/// International draughts with Frisian's orthogonal captures and nothing
/// else of Frisian: the parameter is general.
#[derive(Clone, Copy, Debug, Default)]
struct InternationalOrthogonal;
impl Variant for InternationalOrthogonal {
    type Board = Board10x10;
    const NAME: &'static str = "international-orthogonal";
    const RULES: Rules = Rules {
        orthogonal_captures: true,
        ..International::RULES
    };
}

fn play<V: Variant>(game: &mut Game<V>, moves: &[&str]) {
    for m in moves {
        game.play_text(m)
            .unwrap_or_else(|e| panic!("{}: {m}: {e} at {}", V::NAME, game.position().to_fen()));
    }
}

// ---------------------------------------------------------------------------
// Orthogonal captures
// ---------------------------------------------------------------------------

#[test]
fn man_captures_up_the_column() {
    // 33 (f4) jumps 23 (f6) and lands on 13 (f8); International has no capture.
    assert_eq!(texts(&pos::<Frisian>("W:W33:B23")), sorted(&["33x13"]));
    assert!(!pos::<International>("W:W33:B23").has_captures());
}

#[test]
fn man_captures_down_the_column() {
    // Men capture backward in Frisian, orthogonally too.
    assert_eq!(texts(&pos::<Frisian>("W:W23:B33")), sorted(&["23x43"]));
}

#[test]
fn man_captures_right_along_the_row() {
    assert_eq!(texts(&pos::<Frisian>("W:W32:B33")), sorted(&["32x34"]));
}

#[test]
fn man_captures_left_along_the_row() {
    assert_eq!(texts(&pos::<Frisian>("B:W33:B34")), sorted(&["34x32"]));
}

#[test]
fn man_does_not_capture_across_the_board_edge() {
    // 35 is the last square of its row and 36 the first of the next one;
    // 30 and 26 likewise. No orthogonal jump wraps around.
    assert!(!pos::<Frisian>("W:W35:B36").has_captures());
    assert!(!pos::<Frisian>("W:W26:B25").has_captures());
    assert!(!pos::<Frisian>("W:W45:B5").has_captures());
}

#[test]
fn king_captures_up_the_column_at_a_distance() {
    // King on 48 (e1), man on 28 (e5): lands on 18 or 8 beyond it.
    assert_eq!(
        texts(&pos::<Frisian>("W:WK48:B28")),
        sorted(&["48x18", "48x8"])
    );
}

#[test]
fn king_captures_down_the_column_at_a_distance() {
    assert_eq!(
        texts(&pos::<Frisian>("W:WK8:B28")),
        sorted(&["8x38", "8x48"])
    );
}

#[test]
fn king_captures_right_along_the_row_at_a_distance() {
    assert_eq!(
        texts(&pos::<Frisian>("W:WK26:B28")),
        sorted(&["26x29", "26x30"])
    );
}

#[test]
fn king_captures_left_along_the_row_at_a_distance() {
    assert_eq!(
        texts(&pos::<Frisian>("W:WK30:B28")),
        sorted(&["30x26", "30x27"])
    );
}

#[test]
fn king_moves_only_diagonally_without_a_capture() {
    // A king on 28 has its 16 diagonal moves (4 + 5 up, 3 + 4 down; the own
    // man on 50 blocks) and no orthogonal ones.
    let p = pos::<Frisian>("W:WK28,50:B1");
    let king_moves = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == sq::<Frisian>("28"))
        .count();
    assert_eq!(king_moves, 16);
    assert_eq!(
        king_moves as u64,
        pos::<International>("W:WK28,50:B1")
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq::<International>("28"))
            .count() as u64
    );
}

#[test]
fn orthogonal_captures_are_a_general_parameter() {
    // International with orthogonal captures: the column jump appears, the
    // rest of International (most pieces) still decides.
    assert_eq!(
        texts(&pos::<InternationalOrthogonal>("W:W33:B23")),
        sorted(&["33x13"])
    );
}

// ---------------------------------------------------------------------------
// Value precedence
// ---------------------------------------------------------------------------

#[test]
fn value_two_men_outweigh_a_king() {
    // 33x22 takes the king on 28 (199); 33x24x13 takes the men on 29 and 19
    // (200). A king is worth less than two men.
    let fen = "W:W33:BK28,29,19";
    assert_eq!(
        texts(&pos::<FrisianFree>(fen)),
        sorted(&["33x22", "33x24x13"])
    );
    assert_eq!(texts(&pos::<Frisian>(fen)), sorted(&["33x24x13"]));
}

#[test]
fn value_a_king_outweighs_a_man() {
    // 33x22 takes the king on 28 (199), 33x24 the man on 29 (100).
    let fen = "W:W33:BK28,29";
    assert_eq!(texts(&pos::<FrisianFree>(fen)), sorted(&["33x22", "33x24"]));
    assert_eq!(texts(&pos::<Frisian>(fen)), sorted(&["33x22"]));
}

#[test]
fn value_two_kings_outweigh_three_men() {
    // 33x22x11 takes the kings on 28 and 17 (398); 33x24x13x15 takes the
    // men on 29, 19 and 14 (300), the last one along the row; 33x24x4 takes
    // 29 and 14 (200).
    let fen = "W:W33:BK28,K17,29,19,14";
    assert_eq!(
        texts(&pos::<FrisianFree>(fen)),
        sorted(&["33x22x11", "33x24x13x15", "33x24x4"])
    );
    assert_eq!(texts(&pos::<Frisian>(fen)), sorted(&["33x22x11"]));
    // Under International's "most pieces" the three men would be taken.
    assert_eq!(
        texts(&pos::<InternationalOrthogonal>(fen)),
        sorted(&["33x24x13x15"])
    );
}

#[test]
fn equal_value_a_king_captures_first() {
    // The man on 12 can take 8, the king on 36 can take 38 along the row
    // (landing on 39 or 40): one man each.
    let fen = "W:W12,K36:B8,38";
    assert_eq!(
        texts(&pos::<FrisianFree>(fen)),
        sorted(&["12x3", "36x39", "36x40"])
    );
    assert_eq!(texts(&pos::<Frisian>(fen)), sorted(&["36x39", "36x40"]));
}

#[test]
fn equal_value_without_a_king_is_free_choice() {
    // The men on 32 and 33 can each take 28: equal value, no king.
    assert_eq!(
        texts(&pos::<Frisian>("W:W32,33:B28")),
        sorted(&["32x23", "33x22"])
    );
}

// ---------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------

#[test]
fn man_passing_the_far_row_mid_capture_goes_on_as_a_man() {
    // 12x3 reaches the far row; the man goes on over 9 and, being a man,
    // stops on 14 (a king could fly on to 20 or 25) and is not crowned.
    let p = pos::<Frisian>("W:W12:B8,9");
    assert_eq!(texts(&p), sorted(&["12x3x14"]));
    let mv = &p.legal_moves()[0];
    assert!(!mv.promotes());
    assert_eq!(p.play(mv).to_fen(), "B:W14:B");
}

#[test]
fn man_capture_may_come_back_to_its_start_square() {
    // 37 jumps 32 (up-right) to 28, 33 (down-right) to 39, then 38 (left
    // along the row) back to 37, its own start, now empty; or the same three
    // pieces the other way round (38, 33, 32). Same start, end and pieces:
    // one move, two routes. Counting (perft's last ply) must see the third
    // jump land on the start square, or it would count the two double jumps.
    let p = pos::<Frisian>("W:W37:B32,33,38");
    for (mode, n) in [(MoveMode::Distinct, 1), (MoveMode::Routes, 2)] {
        let moves = p.legal_moves_in(mode);
        assert_eq!(moves.len(), n, "{mode:?}");
        assert!(moves
            .iter()
            .all(|m| m.captured().len() == 3 && m.to() == sq::<Frisian>("37")));
        assert_eq!(p.count_moves(mode), n as u64, "{mode:?}");
        assert_eq!(perft_in(&p, 1, mode), n as u64, "{mode:?}");
    }
}

#[test]
fn man_capture_does_not_take_a_captured_piece_twice() {
    // 37 jumps 38 (right along the row) to 39, then 33 (up-left) to 28. From
    // 28 the only piece next to it is 38 again (down the column, 48 behind it
    // is empty): taken already, it stays on the board but cannot be jumped
    // twice, so the move ends after two pieces.
    let p = pos::<Frisian>("W:W37:B33,38");
    assert_eq!(texts(&p), sorted(&["37x39x28"]));
    for mode in [MoveMode::Distinct, MoveMode::Routes] {
        assert_eq!(p.count_moves(mode), 1, "{mode:?}");
        assert_eq!(perft_in(&p, 1, mode), 1, "{mode:?}");
    }
}

// ---------------------------------------------------------------------------
// The king-move limit
// ---------------------------------------------------------------------------

/// White: king on 46 and a man on 40; Black: men on 1 and 2, far away.
const LIMIT_FEN: &str = "W:WK46,40:B1,2";

fn king_moves_from<V: Variant>(p: &Position<V>, square: &str) -> usize {
    p.legal_moves()
        .iter()
        .filter(|m| m.from() == sq::<V>(square))
        .count()
}

#[test]
fn king_move_limit_refuses_the_fourth_move() {
    let mut game = game_from::<Frisian>(LIMIT_FEN);
    play(
        &mut game,
        &["46-41", "1-6", "41-46", "6-11", "46-41", "11-16"],
    );
    let p = *game.position();
    assert_eq!(
        p.king_run(Color::White),
        Some(KingRun {
            king: sq::<Frisian>("41"),
            moves: 3
        })
    );
    // lidraughts' FEN field: Black's count, then White's with its king.
    assert_eq!(p.to_fen(), "W:W40,K41:B2,16:+0+341");
    assert_eq!(king_moves_from(&p, "41"), 0, "the fourth king move");
    assert_eq!(texts(&p), sorted(&["40-34", "40-35"]));
    assert!(game.play_text("41-46").is_err());
    // The ply before: after two king moves the king may go on.
    let mut game = game_from::<Frisian>(LIMIT_FEN);
    play(&mut game, &["46-41", "1-6", "41-46", "6-11"]);
    assert_eq!(king_moves_from(game.position(), "46"), 9);
    // International has no such limit.
    let mut game = game_from::<International>(LIMIT_FEN);
    play(
        &mut game,
        &["46-41", "1-6", "41-46", "6-11", "46-41", "11-16"],
    );
    assert!(king_moves_from(game.position(), "41") > 0);
}

#[test]
fn king_move_limit_counts_the_same_king_only() {
    // Another king's move starts a new count.
    let mut game = game_from::<Frisian>("W:WK46,K45,40:B1,2");
    play(
        &mut game,
        &["46-41", "1-6", "41-46", "6-11", "45-50", "11-16"],
    );
    assert_eq!(
        game.position().king_run(Color::White),
        Some(KingRun {
            king: sq::<Frisian>("50"),
            moves: 1
        })
    );
    assert!(king_moves_from(game.position(), "46") > 0);
}

#[test]
fn king_move_limit_is_reset_by_a_man_move() {
    let mut game = game_from::<Frisian>(LIMIT_FEN);
    play(
        &mut game,
        &["46-41", "1-6", "41-46", "6-11", "46-41", "11-16"],
    );
    play(&mut game, &["40-34", "2-8"]);
    assert_eq!(game.position().king_run(Color::White), None);
    assert!(king_moves_from(game.position(), "41") > 0);
}

#[test]
fn king_move_limit_is_reset_by_a_capture() {
    // The king on 41 has made three moves; a capture is still allowed (and
    // compulsory), and it clears the count.
    let p = pos::<Frisian>("W:WK41,40:B32,1:+0+341");
    assert_eq!(
        texts(&p),
        sorted(&["41x28", "41x23", "41x19", "41x14", "41x10", "41x5"])
    );
    let next = p.play(&p.legal_moves()[0]);
    assert_eq!(next.king_run(Color::White), None);
}

#[test]
fn king_move_limit_is_lifted_when_only_kings_remain() {
    // Black takes White's last man down the column (30x50, crowning): White
    // has only kings now, and its count is cleared, so the king on 41 moves
    // again (8 + 1 + 1 + 1 diagonal moves).
    let p = pos::<Frisian>("B:WK41,40:B30,1:+0+341");
    assert_eq!(texts(&p), sorted(&["30x50"]));
    let next = p.play(&p.legal_moves()[0]);
    assert_eq!(next.king_run(Color::White), None);
    assert_eq!(king_moves_from(&next, "41"), 11);
    // With only kings, king moves are not counted at all.
    let mut game = game_from::<Frisian>("W:WK46:B1,2");
    play(
        &mut game,
        &["46-41", "1-6", "41-46", "6-11", "46-41", "11-16"],
    );
    assert_eq!(game.position().king_run(Color::White), None);
    assert!(king_moves_from(game.position(), "41") > 0);
}

#[test]
fn king_move_limit_is_position_state() {
    let a = pos::<Frisian>("W:WK41,40:B1,2");
    let b = pos::<Frisian>("W:WK41,40:B1,2:+0+241");
    let c = pos::<Frisian>("W:WK41,40:B1,2:H0:F1:+0+341");
    assert_ne!(a, b);
    assert_ne!(b, c);
    assert_ne!(a.zobrist(), b.zobrist());
    assert_ne!(b.zobrist(), c.zobrist());
    assert_eq!(a.to_fen(), "W:W40,K41:B1,2");
    assert_eq!(b.to_fen(), "W:W40,K41:B1,2:+0+241");
    assert_eq!(pos::<Frisian>(&c.to_fen()), c);
    // lidraughts always writes the field, zeros included.
    assert_eq!(pos::<Frisian>("W:WK41,40:B1,2:+0+0"), a);
    // A count above the limit, or the field in a variant without the limit.
    assert!(matches!(
        Position::<Frisian>::from_fen("W:WK41,40:B1,2:+0+441"),
        Err(FenError::BadKingMoves { .. })
    ));
    assert!(matches!(
        Position::<International>::from_fen("W:WK41,40:B1,2:+0+241"),
        Err(FenError::ExtraField { .. })
    ));
    assert!(Position::<Frisian>::from_fen("W:WK41,40:B1,2:+x+241").is_err());
    // A stale square (lidraughts keeps it after the king is captured)
    // holds no king of that side: it reads as no count.
    assert_eq!(pos::<Frisian>("W:WK41,40:B1,2:+0+233"), a);
    // The incremental hash of a game follows the count.
    let mut game = game_from::<Frisian>(LIMIT_FEN);
    play(&mut game, &["46-41", "1-6", "41-46", "6-11", "46-41"]);
    assert_eq!(game.hash(), game.position().zobrist());
}

#[test]
fn king_move_limit_setup_is_validated() {
    let p = pos::<Frisian>("W:WK41,40:B1,2");
    let run = |square: &str, moves| {
        Some(KingRun {
            king: sq::<Frisian>(square),
            moves,
        })
    };
    let with = |runs| {
        Position::<Frisian>::from_setup(Setup {
            king_runs: runs,
            ..p.to_setup()
        })
    };
    assert!(with([run("41", 3), None]).is_ok());
    for bad in [
        [run("41", 4), None],
        [run("41", 0), None],
        [run("40", 1), None],
        [None, run("41", 1)],
    ] {
        assert!(
            matches!(with(bad), Err(PositionError::BadKingRun { .. })),
            "{bad:?}"
        );
    }
    let kings_only = pos::<Frisian>("W:WK41:B1");
    let setup = Setup {
        king_runs: [run("41", 1), None],
        ..kings_only.to_setup()
    };
    assert!(Position::<Frisian>::from_setup(setup).is_err());
    let intl = pos::<International>("W:WK41,40:B1,2");
    let setup = Setup {
        king_runs: [
            Some(KingRun {
                king: sq::<International>("41"),
                moves: 1,
            }),
            None,
        ],
        ..intl.to_setup()
    };
    assert!(matches!(
        Position::<International>::from_setup(setup),
        Err(PositionError::BadKingRun { .. })
    ));
}

// ---------------------------------------------------------------------------
// Win conditions
// ---------------------------------------------------------------------------

#[test]
fn antidraughts_the_side_without_moves_wins() {
    // Black takes White's last piece: White, to move without pieces, wins.
    let mut game = game_from::<Antidraughts>("B:W33:B28,1");
    assert_eq!(game.outcome(), None);
    play(&mut game, &["28x39"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::OutOfMoves
        })
    );
    // Blocked counts too: White's man on 6 is blocked by Black's men on 1
    // and the capture 6x... is impossible (nothing behind 1).
    let game = game_from::<Antidraughts>("W:W6:B1,K50");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::OutOfMoves
        })
    );
    // The same in International is a loss.
    let game = game_from::<International>("W:W6:B1,K50");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Blocked
        })
    );
}

#[test]
fn breakthrough_the_first_king_wins() {
    let mut game = game_from::<Breakthrough>("W:W7,40:B45,20");
    assert_eq!(game.outcome(), None);
    play(&mut game, &["7-1"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::FirstKing
        })
    );
    // The ply before: no king, no outcome; International goes on.
    let mut game = game_from::<International>("W:W7,40:B45,20");
    play(&mut game, &["7-1"]);
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------
// Killer landing
// ---------------------------------------------------------------------------

#[test]
fn killer_king_taking_a_king_last_stops_behind_it() {
    // White king on 46 and Black king on 28 on the long diagonal: in
    // International the king may land on 23, 19, 14, 10 or 5; in Killer only
    // on 23, directly behind the captured king.
    let fen = "W:WK46:BK28";
    assert_eq!(
        texts(&pos::<International>(fen)),
        sorted(&["46x23", "46x19", "46x14", "46x10", "46x5"])
    );
    assert_eq!(texts(&pos::<Killer>(fen)), sorted(&["46x23"]));
    // A man taken last leaves the landing free, as in International.
    assert_eq!(
        texts(&pos::<Killer>("W:WK46:B28")),
        texts(&pos::<International>("W:WK46:B28"))
    );
    // Mid-sequence the landing stays free: the king takes the king on 37,
    // may stop on 32, 28 or 23, and must stop where it can go on, on 28 to
    // take the man on 33 (then free: 39, 44, 50).
    let fen = "W:WK46:BK37,33";
    assert_eq!(
        texts(&pos::<Killer>(fen)),
        texts(&pos::<International>(fen))
    );
}

// ---------------------------------------------------------------------------
// Draw rules (RULES.md §6, lidraughts)
// ---------------------------------------------------------------------------

#[test]
fn draw_one_king_each_after_two_moves_each() {
    let mut game = game_from::<Frisian>("W:WK50:BK6");
    play(&mut game, &["50-45", "6-1", "45-50"]);
    assert_eq!(game.outcome(), None, "the ply before");
    play(&mut game, &["1-6"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::OneKingEach
        })
    );
}

#[test]
fn draw_two_kings_against_one_after_seven_moves_each() {
    let mut game = game_from::<Frisian>("W:WK50,K49:BK6");
    let cycle = ["50-45", "6-1", "45-50", "1-6"];
    for ply in 0..13 {
        play(&mut game, &[cycle[ply % 4]]);
        assert_eq!(game.outcome(), None, "ply {}", ply + 1);
    }
    play(&mut game, &[cycle[13 % 4]]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TwoKingsAgainstOne
        })
    );
}

#[test]
fn frisian_has_no_repetition_rule() {
    // Two kings against two: no end-game rule, and the same position many
    // times over is no draw (lidraughts applies none in Frisian).
    let mut game = game_from::<Frisian>("W:WK50,K49:BK6,K2");
    for _ in 0..4 {
        play(&mut game, &["50-45", "6-1", "45-50", "1-6"]);
    }
    assert!(game.repetitions() >= 4);
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------
// Frysk!, names, notation and input
// ---------------------------------------------------------------------------

#[test]
fn frysk_starts_with_five_men_each_on_the_back_row() {
    let p = Position::<Frysk>::start();
    assert_eq!(p.to_fen(), "W:W46-50:B1-5");
    assert_eq!(
        texts(&p),
        sorted(&["46-41", "47-41", "47-42", "48-42", "48-43", "49-43", "49-44", "50-44", "50-45"])
    );
}

#[test]
fn variant_names_and_game_types() {
    for (name, kind, gt) in [
        ("frisian", VariantKind::Frisian, 40),
        ("frysk", VariantKind::Frysk, 97),
        ("antidraughts", VariantKind::Antidraughts, 98),
        ("breakthrough", VariantKind::Breakthrough, 96),
        ("killer", VariantKind::Killer, 20),
    ] {
        assert_eq!(name.parse::<VariantKind>(), Ok(kind));
        assert_eq!(kind.to_string(), name);
        assert_eq!(kind.rules().game_type.number, gt);
    }
    assert_eq!("Frysk!".parse::<VariantKind>(), Ok(VariantKind::Frysk));
    assert_eq!(VariantKind::from_game_type(40), Some(VariantKind::Frisian));
    assert_eq!(
        VariantKind::from_game_type(20),
        Some(VariantKind::International)
    );
}

#[test]
fn orthogonal_jump_in_move_text_and_click_input() {
    let p = pos::<Frisian>("W:W33:B23,K1");
    let mv = p.parse_move("33x13").unwrap();
    assert_eq!(mv.to_string(), "33x13");
    assert_eq!(p.move_text(&mv), "33x13");
    let mut input = p.move_input(&[]);
    assert!(input.click(sq::<Frisian>("33")));
    assert!(input.next_squares().contains(sq::<Frisian>("13")));
    assert!(input.click(sq::<Frisian>("13")));
    assert!(input.is_complete());
    assert_eq!(input.chosen(), Some(&mv));
    // A king's capture along a row, then up a column: 26x29 takes 28 and
    // goes on 29x9 over 19 (or from 30 diagonally over 19); the column
    // route is named by its end.
    let p = pos::<Frisian>("W:WK26:B28,19");
    assert_eq!(
        texts(&p),
        sorted(&["26x29x9", "26x30x13", "26x30x8", "26x30x2"])
    );
    let mut input = p.move_input(&[sq::<Frisian>("26")]);
    assert!(input.click(sq::<Frisian>("9")));
    assert!(input.is_complete());
}

#[test]
fn pdn_names_the_new_variants() {
    use draughts::pdn::{read_games, write_pdn};
    let mut game = Game::<Killer>::new();
    play(&mut game, &["32-28", "18-23"]);
    let text = write_pdn(&game, &[]);
    assert!(text.contains("[GameType \"20\"]"));
    assert!(text.contains("[Variant \"killer\"]"));
    let back = read_games(&text, None);
    assert_eq!(back[0].as_ref().unwrap().name(), VariantKind::Killer.name());
    let mut game = Game::<Frisian>::new();
    play(&mut game, &["32-28", "19-23"]);
    let text = write_pdn(&game, &[]);
    assert!(text.contains("[GameType \"40\"]"));
    assert!(!text.contains("Variant"));
    let back = read_games(&text, None);
    let moves = back[0].as_ref().unwrap().moves();
    assert_eq!(
        (moves[0].text.as_str(), moves[1].text.as_str()),
        ("32-28", "19-23")
    );
}

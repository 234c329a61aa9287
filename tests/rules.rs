//! Rule tests: one position per rule of RULES.md in which that rule decides the
//! legal move set. Every expected answer was worked out by hand from RULES.md.
//!
//! Coordinates in comments are `(row, col)` from White's side (a1 = (0,0),
//! White at the bottom moving up). Numbering (RULES.md §2):
//! * English/Pool/numeric input of Russian: square n on row-from-top i = 7 - row,
//!   n = 4*i + col/2 + 1 (1 = b8, 29 = a1, 32 = g1).
//! * International: n = 5*(9 - row) + col/2 + 1 (46 = a1, 50 = i1).
//! * Canadian: n = 6*(11 - row) + col/2 + 1 (72 = k1).
//! * Spanish (mirrored board, 1 = h1 at White's bottom right): a square that is
//!   at internal `(row, col)` gets n = 4*row + col/2 + 1.
//! * Italian (mirrored board, 1 = a8): internal `(row, col)` gets
//!   n = 4*(7 - row) + (7 - col)/2 + 1.
//!
//! For the mirrored boards the comments use the internal (English-board)
//! names in brackets, e.g. `[d4]`, which are the engine's geometry.

use crate::common;

use common::{alg, alg_texts, captured, pos, route_texts, sorted, sq, texts};
use draughts::{
    Board8x8, Brazilian, Canadian, Color, Czech, English, FenError, International, Italian, Move,
    MoveMode, PieceKind, Pool, Position, PositionError, Precedence, Removal, Rules, Russian,
    Spanish, Thai, Variant,
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The legal move (distinct mode) whose text is `text`.
fn find<V: Variant>(p: &Position<V>, text: &str) -> Move<V> {
    p.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text || alg(m) == text)
        .unwrap_or_else(|| panic!("{}: no move {text} in {:?}", V::NAME, texts(p)))
}

fn kind_at<V: Variant>(p: &Position<V>, text: &str) -> Option<(Color, PieceKind)> {
    p.piece_at(sq::<V>(text)).map(|pc| (pc.color, pc.kind))
}

// Custom variants that differ from a built-in preset in exactly one parameter,
// so that a test can show that the parameter decides the move set.

/// Italian with free choice among captures.
#[derive(Clone, Copy, Debug, Default)]
struct ItalianFree;
impl Variant for ItalianFree {
    type Board = Board8x8;
    const NAME: &'static str = "italian-free";
    const RULES: Rules = Rules {
        precedence: &[],
        ..Italian::RULES
    };
}

/// Italian without the "most kings" link.
#[derive(Clone, Copy, Debug, Default)]
struct ItalianNoMostKings;
impl Variant for ItalianNoMostKings {
    type Board = Board8x8;
    const NAME: &'static str = "italian-no-most-kings";
    const RULES: Rules = Rules {
        precedence: &[
            Precedence::MostPieces,
            Precedence::WithKing,
            Precedence::EarliestKing,
        ],
        ..Italian::RULES
    };
}

/// Spanish with "most pieces" only (the seed site's Spanish, RULES.md §5).
#[derive(Clone, Copy, Debug, Default)]
struct SpanishMostPieces;
impl Variant for SpanishMostPieces {
    type Board = Board8x8;
    const NAME: &'static str = "spanish-most-pieces";
    const RULES: Rules = Rules {
        precedence: &[Precedence::MostPieces],
        ..Spanish::RULES
    };
}

/// Czech with free choice among captures.
#[derive(Clone, Copy, Debug, Default)]
struct CzechFree;
impl Variant for CzechFree {
    type Board = Board8x8;
    const NAME: &'static str = "czech-free";
    const RULES: Rules = Rules {
        precedence: &[],
        ..Czech::RULES
    };
}

/// Thai with captured pieces removed at the end of the move.
#[derive(Clone, Copy, Debug, Default)]
struct ThaiEndOfMove;
impl Variant for ThaiEndOfMove {
    type Board = Board8x8;
    const NAME: &'static str = "thai-end-of-move";
    const RULES: Rules = Rules {
        removal: Removal::EndOfMove,
        ..Thai::RULES
    };
}

// ---------------------------------------------------------------------------
// RULES.md §4: known traps
// ---------------------------------------------------------------------------

mod traps {
    use super::*;

    /// §4 / §1 "Move identity": same start and end, different captured pieces
    /// are two distinct moves. International flying king on a1 (46).
    ///
    /// ```text
    ///  10 . . . . . . . . . .      black: c3 (37), c5 (27), d6 (22), d8 (12)
    ///   9 . . . . . . . . . .      white king: a1 (46)
    ///   8 . . . b . . . . . .
    ///   7 . . . . . . . . . .      46 x c3 -> must land where the capture
    ///   6 . . . b . . . . . .      continues: d4 (32) or e5 (28).
    ///   5 . . b . . . . . . .      d4 x c5 -> b6 (21), then x d8 -> e9 (8)/f10 (3)
    ///   4 . . . . . . . . . .      e5 x d6 -> c7 (17), then x d8 -> e9 (8)/f10 (3)
    ///   3 . . b . . . . . . .      (f6 x d8 takes only 2: loses on most pieces)
    ///   2 . . . . . . . . . .
    ///   1 W . . . . . . . . .
    ///     a b c d e f g h i j
    /// ```
    #[test]
    fn ambiguous_captures_are_distinct_moves() {
        let p = pos::<International>("W:WK46:B12,22,27,37");
        assert_eq!(
            texts(&p),
            sorted(&["46x28x17x3", "46x28x17x8", "46x32x21x3", "46x32x21x8"])
        );
        let a = find(&p, "46x32x21x8");
        let b = find(&p, "46x28x17x8");
        assert_eq!((a.from(), a.to()), (b.from(), b.to()));
        assert_eq!(captured(&a), sorted(&["12", "27", "37"]));
        assert_eq!(captured(&b), sorted(&["12", "22", "37"]));
        assert_ne!(a, b);
        // Different captured pieces lead to different positions.
        assert_ne!(p.play(&a), p.play(&b));
    }

    /// §4 ambiguous captures with men (Russian: men capture backward, free
    /// choice). Man c1 with black b2, b4, d2, d4, d6:
    /// c1xa3xc5xe7 takes {b2,b4,d6}, c1xe3xc5xe7 takes {d2,d4,d6}: same start and
    /// end, different pieces. The loop c1xa3xc5xe3xc1 / c1xe3xc5xa3xc1 takes
    /// {b2,b4,d4,d2} both ways round: one move, two routes.
    #[test]
    fn ambiguous_captures_with_men_russian() {
        let p = pos::<Russian>("W:Wc1:Bb2,b4,d2,d4,d6");
        assert_eq!(
            route_texts(&p),
            sorted(&[
                "c1xa3xc5xe7",
                "c1xe3xc5xe7",
                "c1xa3xc5xe3xc1",
                "c1xe3xc5xa3xc1",
            ])
        );
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 3, "{:?}", texts(&p));
        let a = find(&p, "c1xa3xc5xe7");
        let b = find(&p, "c1xe3xc5xe7");
        assert_eq!((a.from(), a.to()), (b.from(), b.to()));
        assert_eq!(captured(&a), sorted(&["b2", "b4", "d6"]));
        assert_eq!(captured(&b), sorted(&["d2", "d4", "d6"]));
        let loops: Vec<_> = moves.iter().filter(|m| m.to() == m.from()).collect();
        assert_eq!(loops.len(), 1);
        assert_eq!(captured(loops[0]), sorted(&["b2", "b4", "d2", "d4"]));
    }

    /// §4 ambiguous captures with forward-only men (English, free choice):
    /// 30 (c1) x 25 (b2) -> 21 (a3) x 17 (b4) -> 14 (c5), or
    /// 30 x 26 (d2) -> 23 (e3) x 18 (d4) -> 14. The men can't capture backward,
    /// so neither route continues.
    #[test]
    fn ambiguous_captures_with_men_english() {
        let p = pos::<English>("W:W30:B17,18,25,26");
        assert_eq!(texts(&p), sorted(&["30x21x14", "30x23x14"]));
        let a = find(&p, "30x21x14");
        let b = find(&p, "30x23x14");
        assert_eq!(captured(&a), sorted(&["17", "25"]));
        assert_eq!(captured(&b), sorted(&["18", "26"]));
    }

    /// §4 / §1 "Flying king landing": mid-sequence a Russian king must land
    /// where the capture continues.
    ///
    /// ```text
    ///  8 . b . . . b . b     black men 1 b8, 3 f8, 4 h8, 7 e7, 8 g7, 10 d6,
    ///  7 . . . . b . b .     11 f6, 14 c5; black king 13 a5
    ///  6 . . . b . b . w     white men 12 h6, 17 b4, 19 f4, 23 e3, 25 b2,
    ///  5 K . b . . . . .     27 f2, 29 a1
    ///  4 . w . . . w . .
    ///  3 . . . . w . . .     King a5 x b4: c3 and d2 lead nowhere, e1 continues
    ///  2 . w . . . w . .     x f2 -> g3 (h4 leads nowhere) x f4 -> e5 (d6 own).
    ///  1 w . . . . . . .     Man c5 x b4 -> a3 x b2 -> c1, promotes, and as a
    ///    a b c d e f g h     king finds e3/f4 doubled: stops.
    /// ```
    #[test]
    fn russian_king_lands_where_capture_continues() {
        let p = pos::<Russian>("B:W12,17,19,23,25,27,29:B1,3,4,7,8,10,11,K13,14");
        assert_eq!(texts(&p), sorted(&["a5xe1xg3xe5", "c5xa3xc1"]));
        let king = find(&p, "a5xe1xg3xe5");
        assert_eq!(captured(&king), sorted(&["b4", "f2", "f4"]));
        assert!(!king.promotes());
        assert!(find(&p, "c5xa3xc1").promotes());
    }

    /// §4 "A man must finish its capture" (Russian: the man promotes on f8 and
    /// goes on as a flying king). h6 x g7 -> f8 (king) x c5 -> b4 (a3 leads
    /// nowhere) x d2 -> e1.
    #[test]
    fn russian_man_must_finish_capture() {
        let p = pos::<Russian>("W:Wh6:Bg7,c5,d2");
        assert_eq!(texts(&p), sorted(&["h6xf8xb4xe1"]));
        let m = find(&p, "h6xf8xb4xe1");
        assert!(m.promotes());
        assert_eq!(captured(&m), sorted(&["c5", "d2", "g7"]));
        let next = p.play(&m);
        assert_eq!(kind_at(&next, "e1"), Some((Color::White, PieceKind::King)));
        assert_eq!(next.pieces(Color::Black).len(), 0);
    }

    /// §4 International: a man passing the last row mid-capture does not promote.
    /// Man 11 (b8) x 7 (c9) -> 2 (d10, far row) x 8 (e9) -> 13 (f8).
    #[test]
    fn international_man_passing_last_row_stays_man() {
        let p = pos::<International>("W:W11:B7,8");
        assert_eq!(texts(&p), sorted(&["11x2x13"]));
        let m = find(&p, "11x2x13");
        assert!(!m.promotes());
        assert_eq!(m.path().len(), 2);
        let next = p.play(&m);
        assert_eq!(kind_at(&next, "13"), Some((Color::White, PieceKind::Man)));
        // Control: ending the capture on the far row does promote.
        let p = pos::<International>("W:W11:B7");
        let m = find(&p, "11x2");
        assert!(m.promotes());
        assert_eq!(
            kind_at(&p.play(&m), "2"),
            Some((Color::White, PieceKind::King))
        );
    }

    /// §4 Italian: a man cannot capture a king. Man 22 [e3] with a black king on
    /// 18 [f4] (13 [g5] beyond is empty): no capture, only the step 22-19.
    #[test]
    fn italian_man_cannot_capture_king() {
        let p = pos::<Italian>("W:W22:BK18");
        assert_eq!(texts(&p), sorted(&["22-19"]));
        // A man next to it is captured as usual (19 [d4] -> 15 [c5]).
        let p = pos::<Italian>("W:W22:BK18,19");
        assert_eq!(texts(&p), sorted(&["22x15"]));
        // A king may capture the king.
        let p = pos::<Italian>("W:WK22:BK18");
        assert_eq!(texts(&p), sorted(&["22x13"]));
        // Mid-sequence too: 22 x 19 -> 15 [c5]; the king on 11 [d6] (6 [e7]
        // beyond is empty) ends the capture. A man there is taken.
        let p = pos::<Italian>("W:W22:B19,K11");
        assert_eq!(texts(&p), sorted(&["22x15"]));
        let p = pos::<Italian>("W:W22:B19,11");
        assert_eq!(texts(&p), sorted(&["22x15x6"]));
    }

    /// §4 Italian: a man blocked only by kings has no move.
    #[test]
    fn italian_man_blocked_by_kings_has_no_move() {
        let p = pos::<Italian>("W:W22:BK18,K19");
        assert_eq!(texts(&p), Vec::<String>::new());
        assert!(p.is_game_over());
    }

    /// §4 / §1: a capture may end on, or pass over, its own start square.
    /// Russian king c3, black d4, d6, b6, b4 (a rectangle around c3..e5..c7..a5).
    /// Clockwise: c3 x d4 -> e5 x d6 -> c7 x b6 -> a5 x b4 -> c3 / d2 / e1.
    /// Anticlockwise: c3 x b4 -> a5 x b6 -> c7 x d6 -> e5 x d4 -> c3 / b2 / a1.
    /// (Mid-sequence every other landing leads nowhere.) Ending on c3 both ways
    /// is one move in distinct mode.
    #[test]
    fn capture_ends_on_or_passes_over_start_square() {
        let p = pos::<Russian>("W:WKc3:Bb4,b6,d4,d6");
        assert_eq!(
            route_texts(&p),
            sorted(&[
                "c3xe5xc7xa5xc3",
                "c3xe5xc7xa5xd2",
                "c3xe5xc7xa5xe1",
                "c3xa5xc7xe5xc3",
                "c3xa5xc7xe5xb2",
                "c3xa5xc7xe5xa1",
            ])
        );
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 5, "{:?}", texts(&p));
        let home: Vec<_> = moves.iter().filter(|m| m.to() == m.from()).collect();
        assert_eq!(home.len(), 1);
        assert_eq!(captured(home[0]), sorted(&["b4", "b6", "d4", "d6"]));
        for m in &moves {
            assert_eq!(m.captured().len(), 4, "{m}");
        }
        // Ending on the start square leaves the king there.
        let next = p.play(home[0]);
        assert_eq!(kind_at(&next, "c3"), Some((Color::White, PieceKind::King)));
        assert_eq!(next.pieces(Color::Black).len(), 0);
    }

    /// §1 move identity with men: International man 47 (c1) around the diamond
    /// b2 (41), b4 (31), d4 (32), d2 (42) back to 47 both ways round; the 3-piece
    /// captures through d6 (22) to e7 (18) lose on most pieces.
    #[test]
    fn man_capture_ends_on_start_square_one_move_two_routes() {
        let p = pos::<International>("W:W47:B22,31,32,41,42");
        assert_eq!(
            route_texts(&p),
            sorted(&["47x36x27x38x47", "47x38x27x36x47"])
        );
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].from(), moves[0].to());
        assert_eq!(captured(&moves[0]), sorted(&["31", "32", "41", "42"]));
        let next = p.play(&moves[0]);
        assert_eq!(kind_at(&next, "47"), Some((Color::White, PieceKind::Man)));
        assert_eq!(next.to_fen(), "B:W47:B22");
    }

    /// §4 Thai: with immediate removal a king may land on the square of a piece
    /// it already captured. King b2; black c3, e5, e7, b6, b4.
    /// b2 x c3 -> d4 (directly behind), then
    /// * d4 x e5 -> f6 x e7 -> d8 x b6 (c7 empty) -> a5 x b4 -> c3 (c3's piece
    ///   is already gone);
    /// * d4 x b6 (c5 empty) -> a7: nothing more.
    #[test]
    fn thai_king_lands_on_captured_square() {
        let p = pos::<Thai>("W:WKb2:Bc3,e5,e7,b6,b4");
        assert_eq!(alg_texts(&p), sorted(&["b2xd4xa7", "b2xd4xf6xd8xa5xc3"]));
        let m = find(&p, "b2xd4xf6xd8xa5xc3");
        assert_eq!(m.captured().len(), 5);
        assert!(m.captured().contains(m.to()), "lands on a captured square");
        let next = p.play(&m);
        assert_eq!(kind_at(&next, "c3"), Some((Color::White, PieceKind::King)));
        assert_eq!(next.pieces(Color::Black).len(), 0);
        // With end-of-move removal the captured c3 still blocks: the long
        // capture stops on a5.
        let p = pos::<ThaiEndOfMove>("W:WKb2:Bc3,e5,e7,b6,b4");
        assert_eq!(alg_texts(&p), sorted(&["b2xd4xa7", "b2xd4xf6xd8xa5"]));
    }

    /// §4: a man on its promotion row is a typed error, in every variant's
    /// own numbering.
    #[test]
    fn fen_man_on_promotion_row_is_error() {
        fn check<V: Variant>(fen: &str, square: &str) {
            match Position::<V>::from_fen(fen) {
                Err(FenError::ManOnPromotionRow { square: s, .. }) => {
                    assert_eq!(s, V::square_text(sq::<V>(square)), "{} {fen}", V::NAME)
                }
                other => panic!(
                    "{} {fen}: expected ManOnPromotionRow, got {other:?}",
                    V::NAME
                ),
            }
        }
        check::<English>("W:W1:B20", "1"); // white man on b8
        check::<English>("B:W21:B29", "29"); // black man on a1
        check::<Pool>("B:W4:B12", "4");
        check::<Italian>("W:W1:B20", "1"); // a8
        check::<Italian>("W:W21:B32", "32"); // black man on h1
        check::<Spanish>("W:W29:B20", "29"); // Spanish: White's far row is 29-32
        check::<Spanish>("W:W5:B1", "1"); // and Black's is 1-4
        check::<Russian>("W:Wb8:Ba7", "b8");
        check::<Brazilian>("W:Wc3:Bc1", "c1");
        check::<Czech>("W:Wh8:Bb6", "h8");
        check::<Thai>("W:Wb8:Bh6", "b8");
        check::<International>("W:W3:B45", "3");
        check::<International>("W:W10:B46", "46");
        check::<Canadian>("W:W1:B60", "1");
        check::<Canadian>("W:W43:B72", "72");
        // Kings there are fine, and so are men on their own back rows.
        assert!(Position::<International>::from_fen("W:WK3:BK46").is_ok());
        assert!(Position::<International>::from_fen("W:W46:B3").is_ok());
        assert!(Position::<Spanish>::from_fen("W:W1:B32").is_ok());
        assert!(Position::<English>::from_fen("W:W29:B1").is_ok());
    }

    /// §4: overlapping squares are a typed error.
    #[test]
    fn fen_overlap_is_error() {
        assert!(matches!(
            Position::<International>::from_fen("W:W31:B31"),
            Err(FenError::OnBothSides { field: 3, ref square }) if square == "31"
        ));
        assert!(matches!(
            Position::<Russian>::from_fen("B:Bc3:Wc3"),
            Err(FenError::OnBothSides { field: 3, ref square }) if square == "c3"
        ));
        assert!(matches!(
            Position::<English>::from_fen("W:W21-32:BK22"),
            Err(FenError::OnBothSides { .. })
        ));
        assert!(matches!(
            Position::<Canadian>::from_fen("W:W43-72:B14-43"),
            Err(FenError::OnBothSides { ref square, .. }) if square == "43"
        ));
        // The same check on an unvalidated setup.
        let b = draughts::SquareSet::from_square(International::square(31).unwrap());
        let setup = draughts::Setup {
            white: b,
            black: b,
            ..draughts::Setup::default()
        };
        assert!(matches!(
            Position::<International>::from_setup(setup),
            Err(PositionError::Overlap { ref square }) if square == "31"
        ));
        // The same square twice in one colour's list.
        assert!(matches!(
            Position::<International>::from_fen("W:W31,31:B1"),
            Err(FenError::DuplicateSquare { field: 2, .. })
        ));
        assert!(matches!(
            Position::<English>::from_fen("W:W21,22-24,23:B1"),
            Err(FenError::DuplicateSquare { field: 2, .. })
        ));
    }

    /// §4: an impossible side to move (and other malformed FENs) is a typed
    /// error, never a panic.
    #[test]
    fn fen_bad_side_and_garbage_are_errors() {
        assert!(matches!(
            Position::<International>::from_fen("X:W31-50:B1-20"),
            Err(FenError::BadSide(ref s)) if s == "X"
        ));
        assert!(matches!(
            Position::<English>::from_fen("WB:W21:B1"),
            Err(FenError::BadSide(_))
        ));
        assert!(matches!(
            Position::<English>::from_fen(":W21:B1"),
            Err(FenError::BadSide(_))
        ));
        assert!(matches!(
            Position::<English>::from_fen("   "),
            Err(FenError::Empty)
        ));
        assert!(matches!(
            Position::<English>::from_fen("W:X21:B1"),
            Err(FenError::BadColor { field: 2, .. })
        ));
        assert!(matches!(
            Position::<English>::from_fen("W:W21:W22"),
            Err(FenError::DuplicateColor {
                field: 3,
                color: 'W'
            })
        ));
        assert!(matches!(
            Position::<English>::from_fen("W:W21:B1:X"),
            Err(FenError::ExtraField { field: 4, .. })
        ));
        assert!(matches!(
            Position::<International>::from_fen("W:W51:B1"),
            Err(FenError::BadSquare { field: 2, ref token }) if token == "51"
        ));
        assert!(matches!(
            Position::<English>::from_fen("W:Wb1:B1"),
            Err(FenError::BadSquare { .. })
        ));
        assert!(matches!(
            Position::<Canadian>::from_fen("W:W73:B1"),
            Err(FenError::BadSquare { .. })
        ));
        assert!(matches!(
            Position::<International>::from_fen("W:W40-31:B1"),
            Err(FenError::BadRange { .. })
        ));
        // A pile of malformed inputs: every variant must return, not panic.
        let garbage = [
            "",
            ":",
            "W:",
            "W::",
            "W:WK",
            "W:W-:B1",
            "W:W1-:B2",
            "W:W-1:B2",
            "W:Wk:B",
            "W:W999:B1",
            "W:W0:B1",
            "W:W0-3:B9",
            "W:W1-256:B",
            "W:W255:B1",
            "W:Wz9:B1",
            "W:Wa:B1",
            "W:Wa99:B1",
            "W:Wa0:B1",
            "W:WKKK1:B2",
            "W:W1.5:B2",
            "W:W\u{e9}:B1",
            "\u{1F600}",
            "W:W\u{1F600}1:B2",
            "[FEN \"W:W",
            "W:W1:B2:W3:B4",
            "B:W1-999:B1",
        ];
        fn all_fail<V: Variant>(list: &[&str]) {
            for fen in list {
                assert!(
                    Position::<V>::from_fen(fen).is_err(),
                    "{}: {fen:?} accepted",
                    V::NAME
                );
            }
        }
        all_fail::<English>(&garbage);
        all_fail::<Italian>(&garbage);
        all_fail::<Spanish>(&garbage);
        all_fail::<Russian>(&garbage);
        all_fail::<Brazilian>(&garbage);
        all_fail::<Pool>(&garbage);
        all_fail::<Czech>(&garbage);
        all_fail::<Thai>(&garbage);
        all_fail::<International>(&garbage);
        all_fail::<Canadian>(&garbage);
    }
}

// ---------------------------------------------------------------------------
// RULES.md §2: one test per rule parameter
// ---------------------------------------------------------------------------

mod men_capture_backward {
    use super::*;

    /// §2 "men capture backward": white man d4, black man c3 behind it, b2 empty.
    /// Russian/Brazilian/Pool capture d4xb2; English/Czech men can't, so they
    /// step to c5 / e5.
    #[test]
    fn backward_capture_8x8() {
        let fen = "W:Wd4:Bc3";
        assert_eq!(texts(&pos::<Russian>(fen)), sorted(&["d4xb2"]));
        assert_eq!(texts(&pos::<Brazilian>(fen)), sorted(&["d4xb2"]));
        assert_eq!(texts(&pos::<Pool>(fen)), sorted(&["18x25"]));
        assert_eq!(texts(&pos::<English>(fen)), sorted(&["18-14", "18-15"]));
        assert_eq!(texts(&pos::<Czech>(fen)), sorted(&["d4-c5", "d4-e5"]));
        assert_eq!(alg_texts(&pos::<Thai>(fen)), sorted(&["d4-c5", "d4-e5"]));
    }

    /// §2: International men capture backward (32 = d4 x 37 = c3 -> 41 = b2);
    /// English men don't (the same squares: 18 = d4, 22 = c3).
    #[test]
    fn international_yes_english_no() {
        assert_eq!(
            texts(&pos::<International>("W:W32:B37")),
            sorted(&["32x41"])
        );
        assert_eq!(
            texts(&pos::<English>("W:W18:B22")),
            sorted(&["18-14", "18-15"])
        );
        // Black men capture backward (upward) too: black man 37 (c3) takes
        // white 32 (d4) and lands on 28 (e5).
        assert_eq!(
            texts(&pos::<International>("B:W32:B37")),
            sorted(&["37x28"])
        );
    }
}

mod king_range {
    use super::*;

    /// §2 "king": short (English) vs flying (Russian). King d4 on an otherwise
    /// empty board (black man a5 is on none of its diagonals).
    #[test]
    fn short_vs_flying() {
        let fen = "W:WKd4:Ba5";
        let english = pos::<English>(fen);
        assert_eq!(
            texts(&english),
            sorted(&["18-14", "18-15", "18-22", "18-23"])
        );
        let russian = pos::<Russian>(fen);
        assert_eq!(
            texts(&russian),
            sorted(&[
                "d4-c5", "d4-b6", "d4-a7", "d4-e5", "d4-f6", "d4-g7", "d4-h8", "d4-c3", "d4-b2",
                "d4-a1", "d4-e3", "d4-f2", "d4-g1",
            ])
        );
        assert_eq!(russian.count_moves(MoveMode::Distinct), 13);
        assert_eq!(english.count_moves(MoveMode::Distinct), 4);
        // Italian kings are short as well; International kings fly: d4 (32)
        // sees 6 + 3 + 3 + 3 = 15 squares (black man 6 = a9 is off its lines).
        assert_eq!(pos::<Italian>("W:WK19:B9").legal_moves().len(), 4);
        assert_eq!(pos::<International>("W:WK32:B6").legal_moves().len(), 15);
    }
}

mod king_landing {
    use super::*;

    /// §2 "king capture landing": Spanish kings land anywhere beyond; Thai kings
    /// only directly behind. Both: king in the corner of the long diagonal, one
    /// black man two squares away.
    /// Spanish: king 1 (h1 = [a1]), man 10 (f3 = [c3]) -> 14, 19, 23, 28, 32.
    /// Thai: king a1, man c3 -> d4 only.
    #[test]
    fn beyond_vs_directly_behind() {
        assert_eq!(
            texts(&pos::<Spanish>("W:WK1:B10")),
            sorted(&["1x14", "1x19", "1x23", "1x28", "1x32"])
        );
        assert_eq!(alg_texts(&pos::<Thai>("W:WKa1:Bc3")), sorted(&["a1xd4"]));
        assert_eq!(
            alg_texts(&pos::<Russian>("W:WKa1:Bc3")),
            sorted(&["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"])
        );
        // The Thai king still flies up to the piece: a1 ... e5, landing f6 only.
        assert_eq!(alg_texts(&pos::<Thai>("W:WKa1:Be5")), sorted(&["a1xf6"]));
        assert_eq!(
            alg_texts(&pos::<Russian>("W:WKa1:Be5")),
            sorted(&["a1xf6", "a1xg7", "a1xh8"])
        );
    }
}

mod removal {
    use super::*;

    /// §2 "captured pieces removed": immediately (Thai) vs at the end of the move.
    /// King d4, black e5 and c3 on the same diagonal. Thai: after d4xf6 the e5
    /// piece is gone, so the king turns 180° over e5 and d4 and takes c3
    /// (landing b2); the mirror route likewise. With end-of-move removal the
    /// captured piece blocks the way back: one piece per move.
    #[test]
    fn thai_vs_end_of_move_same_board() {
        let fen = "W:WKd4:Bc3,e5";
        assert_eq!(
            alg_texts(&pos::<Thai>(fen)),
            sorted(&["d4xb2xf6", "d4xf6xb2"])
        );
        assert_eq!(
            alg_texts(&pos::<ThaiEndOfMove>(fen)),
            sorted(&["d4xb2", "d4xf6"])
        );
    }

    /// §2: International (end of move): king 32 (d4), black 28 (e5) and 37 (c3).
    /// The king takes one of them and can't come back over it: 1-piece captures
    /// landing f6 23, g7 19, h8 14, i9 10, j10 5, or b2 41, a1 46.
    #[test]
    fn international_king_blocked_by_captured_piece() {
        let p = pos::<International>("W:WK32:B28,37");
        assert_eq!(
            texts(&p),
            sorted(&["32x23", "32x19", "32x14", "32x10", "32x5", "32x41", "32x46"])
        );
        for m in p.legal_moves() {
            assert_eq!(m.captured().len(), 1, "{m}");
        }
    }
}

mod mid_capture_promotion {
    use super::*;

    /// §2 "man reaching far row mid-capture". White man h6, black g7, e7, c5.
    /// h6 x g7 reaches f8. Then:
    /// * English, Czech (ends move): stop on f8 as a king.
    /// * Brazilian, Pool (continues as man): f8 x e7 -> d6 x c5 -> b4, still a man.
    /// * Russian (promotes and continues): flying king f8 x e7 -> d6 (c5 blocks
    ///   further) x c5 -> b4 or a3.
    #[test]
    fn three_rules_same_position() {
        let fen = "W:Wh6:Bg7,e7,c5";

        let p = pos::<English>(fen);
        assert_eq!(texts(&p), sorted(&["12x3"]));
        let m = find(&p, "12x3");
        assert!(m.promotes());
        assert_eq!(
            kind_at(&p.play(&m), "f8"),
            Some((Color::White, PieceKind::King))
        );

        let p = pos::<Czech>(fen);
        assert_eq!(texts(&p), sorted(&["h6xf8"]));
        assert!(find(&p, "h6xf8").promotes());

        let p = pos::<Brazilian>(fen);
        assert_eq!(texts(&p), sorted(&["h6xf8xd6xb4"]));
        let m = find(&p, "h6xf8xd6xb4");
        assert!(!m.promotes());
        assert_eq!(
            kind_at(&p.play(&m), "b4"),
            Some((Color::White, PieceKind::Man))
        );

        let p = pos::<Pool>(fen);
        assert_eq!(texts(&p), sorted(&["12x3x10x17"]));
        assert!(!find(&p, "12x3x10x17").promotes());

        let p = pos::<Russian>(fen);
        assert_eq!(texts(&p), sorted(&["h6xf8xd6xa3", "h6xf8xd6xb4"]));
        for m in p.legal_moves() {
            assert!(m.promotes(), "{m}");
            assert_eq!(m.captured().len(), 3, "{m}");
            let piece = p.play(&m).piece_at(m.to()).map(|pc| (pc.color, pc.kind));
            assert_eq!(piece, Some((Color::White, PieceKind::King)), "{m}");
        }
    }

    /// §2 International (continues as man) on 10x10: man 11 (b8) x 7 -> 2 (d10)
    /// x 8 -> 13 does not promote; Canadian likewise on 12x12:
    /// man 13 (b10) x 8 (c11) -> 2 (d12) x 9 (e11) -> 15 (f10).
    #[test]
    fn continues_as_man_10x10_12x12() {
        let p = pos::<International>("W:W11:B7,8");
        assert_eq!(texts(&p), sorted(&["11x2x13"]));
        assert!(!p.legal_moves()[0].promotes());
        let p = pos::<Canadian>("W:W13:B8,9");
        assert_eq!(texts(&p), sorted(&["13x2x15"]));
        assert!(!p.legal_moves()[0].promotes());
    }
}

mod man_captures_king {
    use super::*;

    /// §2 "man may capture king": Italian no, English yes. The same numeric FEN:
    /// man 22, king 18 in front of it. Italian 22 [e3], 18 [f4]: no capture,
    /// step 22-19. English 22 (c3), 18 (d4): 22x15.
    #[test]
    fn italian_vs_english() {
        let fen = "W:W22:BK18";
        assert_eq!(texts(&pos::<Italian>(fen)), sorted(&["22-19"]));
        assert_eq!(texts(&pos::<English>(fen)), sorted(&["22x15"]));
        // The same physical position in English numbering ([e3] = 23,
        // [f4] = 19): English captures.
        assert_eq!(texts(&pos::<English>("W:W23:BK19")), sorted(&["23x16"]));
    }
}

mod precedence {
    use super::*;

    /// Men c3 and e3; black b4, b6, f4. c3 x b4 -> a5 x b6 -> c7 takes two;
    /// e3 x f4 -> g5 takes one.
    const TWO_OR_ONE: &str = "W:Wc3,e3:Bb4,b6,f4";

    /// §2 free choice (English, Russian, Pool): the shorter capture is legal.
    #[test]
    fn free_choice_allows_shorter_capture() {
        assert_eq!(
            texts(&pos::<English>(TWO_OR_ONE)),
            sorted(&["22x13x6", "23x16"])
        );
        assert_eq!(
            texts(&pos::<Pool>(TWO_OR_ONE)),
            sorted(&["22x13x6", "23x16"])
        );
        assert_eq!(
            texts(&pos::<Russian>(TWO_OR_ONE)),
            sorted(&["c3xa5xc7", "e3xg5"])
        );
        // Czech has no piece-count rule either.
        assert_eq!(
            texts(&pos::<Czech>(TWO_OR_ONE)),
            sorted(&["c3xa5xc7", "e3xg5"])
        );
    }

    /// §2 most pieces (Brazilian; International and Canadian on the same shape).
    #[test]
    fn most_pieces_brazilian_international_canadian() {
        assert_eq!(texts(&pos::<Brazilian>(TWO_OR_ONE)), sorted(&["c3xa5xc7"]));
        // International: 37 (c3) x 31 -> 26 x 21 -> 17; 38 (e3) x 33 -> 29.
        assert_eq!(
            texts(&pos::<International>("W:W37,38:B21,31,33")),
            sorted(&["37x26x17"])
        );
        // A king counts as one piece: two men beat one king.
        assert_eq!(
            texts(&pos::<International>("W:W37,38:B21,31,K33")),
            sorted(&["37x26x17"])
        );
        // Canadian: 56 (c3) x 49 -> 43 x 37 -> 32; 57 (e3) x 51 -> 46.
        assert_eq!(
            texts(&pos::<Canadian>("W:W56,57:B37,49,51")),
            sorted(&["56x43x32"])
        );
    }

    /// §2 Spanish link 1, most pieces: man 9 [a3] x 13 -> 18 x 22 -> 27 takes two
    /// men; man 8 [h2] x K12 -> 15 takes one king. Two pieces win.
    #[test]
    fn spanish_most_pieces_beats_kings() {
        let fen = "W:W8,9:B13,22,K12";
        assert_eq!(texts(&pos::<Spanish>(fen)), sorted(&["9x18x27"]));
        assert_eq!(texts(&pos::<SpanishMostPieces>(fen)), sorted(&["9x18x27"]));
    }

    /// §2 Spanish link 2, most kings among equal counts: man 9 takes two men
    /// (9x18x27); man 4 [g1] x K7 -> 11 x 15 -> 20 takes a king and a man.
    #[test]
    fn spanish_most_kings_breaks_tie() {
        let fen = "W:W4,9:B13,15,22,K7";
        assert_eq!(texts(&pos::<Spanish>(fen)), sorted(&["4x11x20"]));
        // Most pieces only (seed site, RULES.md §5): both.
        assert_eq!(
            texts(&pos::<SpanishMostPieces>(fen)),
            sorted(&["4x11x20", "9x18x27"])
        );
    }

    /// §2 Italian link 1, most pieces beats "with a king": man 24 [a3] x 20 ->
    /// 15 x 11 -> 6 (two) vs king 17 [h4] x 13 -> 10 (one).
    #[test]
    fn italian_most_pieces_beats_king_capture() {
        let fen = "W:W24,K17:B11,13,20";
        assert_eq!(texts(&pos::<Italian>(fen)), sorted(&["24x15x6"]));
        assert_eq!(
            texts(&pos::<ItalianFree>(fen)),
            sorted(&["17x10", "24x15x6"])
        );
    }

    /// §2 Italian link 2, capture with a king: man 24 x 20 -> 15 vs king 17 x 13
    /// -> 10, one man each.
    #[test]
    fn italian_with_king_beats_man() {
        let fen = "W:W24,K17:B13,20";
        assert_eq!(texts(&pos::<Italian>(fen)), sorted(&["17x10"]));
        assert_eq!(texts(&pos::<ItalianFree>(fen)), sorted(&["17x10", "24x15"]));
    }

    /// §2 Italian link 3, most kings (before "earliest king"). Two kings, three
    /// pieces each:
    /// * K32 [a1] x 28 (man) -> 23 x K19 -> 14 x K11 -> 7: two kings, first at
    ///   the second capture;
    /// * K1 [h8] x K5 -> 10 x 13 (man) -> 17 x 21 (man) -> 26: one king, first.
    ///
    /// Most kings picks the first; without it, earliest king picks the second.
    #[test]
    fn italian_most_kings() {
        let fen = "W:WK1,K32:B13,21,28,K5,K11,K19";
        assert_eq!(texts(&pos::<Italian>(fen)), sorted(&["32x23x14x7"]));
        assert_eq!(
            texts(&pos::<ItalianNoMostKings>(fen)),
            sorted(&["1x10x17x26"])
        );
        assert_eq!(
            texts(&pos::<ItalianFree>(fen)),
            sorted(&["1x10x17x26", "32x23x14x7"])
        );
        // Simpler: one piece each, king 32 takes a king, king 17 a man.
        assert_eq!(
            texts(&pos::<Italian>("W:WK17,K32:B13,K28")),
            sorted(&["32x23"])
        );
    }

    /// §2 Italian link 4, kings captured earliest: king 19 [d4] either
    /// x K15 -> 12 x 7 -> 3 (king first) or x 14 -> 10 x K5 -> 1 (king second).
    #[test]
    fn italian_earliest_king() {
        let fen = "W:WK19:BK15,7,14,K5";
        assert_eq!(texts(&pos::<Italian>(fen)), sorted(&["19x12x3"]));
        assert_eq!(
            texts(&pos::<ItalianFree>(fen)),
            sorted(&["19x10x1", "19x12x3"])
        );
    }

    /// §2 Czech: a capture with a king beats a longer capture with a man.
    /// King a7 x b6 -> c5 (d4 is its own man) takes one; man d4 x e5 -> f6 x g7
    /// -> h8 takes two.
    #[test]
    fn czech_king_capture_beats_longer_man_capture() {
        let fen = "W:WKa7,d4:Bb6,e5,g7";
        assert_eq!(texts(&pos::<Czech>(fen)), sorted(&["a7xc5"]));
        assert_eq!(
            texts(&pos::<CzechFree>(fen)),
            sorted(&["a7xc5", "d4xf6xh8"])
        );
    }
}

mod first_mover_and_start_rows {
    use super::*;

    /// §2 "moves first".
    #[test]
    fn first_mover() {
        assert_eq!(Position::<English>::start().turn(), Color::Black);
        assert_eq!(Position::<Pool>::start().turn(), Color::Black);
        assert_eq!(Position::<Thai>::start().turn(), Color::Black);
        assert_eq!(Position::<Italian>::start().turn(), Color::White);
        assert_eq!(Position::<Spanish>::start().turn(), Color::White);
        assert_eq!(Position::<Russian>::start().turn(), Color::White);
        assert_eq!(Position::<Brazilian>::start().turn(), Color::White);
        assert_eq!(Position::<Czech>::start().turn(), Color::White);
        assert_eq!(Position::<International>::start().turn(), Color::White);
        assert_eq!(Position::<Canadian>::start().turn(), Color::White);
        // The first move of the start position is the first mover's.
        let p = Position::<English>::start();
        for m in p.legal_moves() {
            assert_eq!(p.piece_at(m.from()).map(|pc| pc.color), Some(Color::Black));
        }
    }

    /// §2 "men/side (rows)".
    #[test]
    fn start_rows() {
        fn men<V: Variant>() -> (usize, usize) {
            let p = Position::<V>::start();
            assert_eq!(p.kings(Color::White).len() + p.kings(Color::Black).len(), 0);
            (p.men(Color::White).len(), p.men(Color::Black).len())
        }
        assert_eq!(men::<Thai>(), (8, 8));
        assert_eq!(men::<International>(), (20, 20));
        assert_eq!(men::<Canadian>(), (30, 30));
        assert_eq!(men::<English>(), (12, 12));
        assert_eq!(men::<Italian>(), (12, 12));
        assert_eq!(men::<Spanish>(), (12, 12));
        assert_eq!(men::<Russian>(), (12, 12));
        assert_eq!(men::<Brazilian>(), (12, 12));
        assert_eq!(men::<Pool>(), (12, 12));
        assert_eq!(men::<Czech>(), (12, 12));
        // Thai's two rows: White a1..h2, Black a7..h8; the third rows are empty.
        let thai = Position::<Thai>::start();
        assert_eq!(kind_at(&thai, "b2"), Some((Color::White, PieceKind::Man)));
        assert_eq!(kind_at(&thai, "a3"), None);
        assert_eq!(kind_at(&thai, "a7"), Some((Color::Black, PieceKind::Man)));
        assert_eq!(kind_at(&thai, "h6"), None);
    }
}

// ---------------------------------------------------------------------------
// RULES.md §2: start positions
// ---------------------------------------------------------------------------

mod start_positions {
    use super::*;

    fn check<V: Variant>(fen: &str, moves: usize) {
        let start = Position::<V>::start();
        assert_eq!(start.to_fen(), fen, "{}", V::NAME);
        assert_eq!(pos::<V>(fen), start, "{}", V::NAME);
        assert_eq!(start.legal_moves().len(), moves, "{}", V::NAME);
        assert_eq!(draughts::perft(&start, 1), moves as u64, "{}", V::NAME);
    }

    /// §2 start FEN and 9 first moves (10x10, 20 men each).
    #[test]
    fn international() {
        check::<International>("W:W31-50:B1-20", 9);
    }

    /// §2 start FEN, Black to move, 7 first moves.
    #[test]
    fn english() {
        check::<English>("B:W21-32:B1-12", 7);
        // Black's moves: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16.
        assert_eq!(
            texts(&Position::<English>::start()),
            sorted(&["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
        );
    }

    /// §2 start FEN (as English), Black to move, 7 first moves.
    #[test]
    fn pool() {
        check::<Pool>("B:W21-32:B1-12", 7);
    }

    /// §2 start FEN on the Italian numbering (1 = a8), 7 first moves.
    #[test]
    fn italian() {
        check::<Italian>("W:W21-32:B1-12", 7);
        // Italian (1 = a8): 21 (b3) -> 17 (a4), 18 (c4); 24 (h3) -> 20 (g4) only.
        assert_eq!(
            texts(&Position::<Italian>::start()),
            sorted(&["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"])
        );
    }

    /// §2 start FEN on the Spanish numbering (White on 1-12), 7 first moves.
    #[test]
    fn spanish() {
        check::<Spanish>("W:W1-12:B21-32", 7);
        // Spanish (1 = h1): 9 (h3) -> 13 only; 12 (b3) -> 15, 16.
        assert_eq!(
            texts(&Position::<Spanish>::start()),
            sorted(&["9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"])
        );
    }

    /// §2 start FEN and 11 first moves (12x12, 30 men each).
    #[test]
    fn canadian() {
        check::<Canadian>("W:W43-72:B1-30", 11);
    }

    /// §2 start FEN (algebraic variants) and 7 first moves.
    #[test]
    fn russian_brazilian_czech() {
        let fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        check::<Russian>(fen, 7);
        check::<Brazilian>(fen, 7);
        check::<Czech>(fen, 7);
        assert_eq!(
            texts(&Position::<Russian>::start()),
            sorted(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"])
        );
    }

    /// §2 Thai start (two rows, Black first) and 7 first moves.
    #[test]
    fn thai() {
        // GameType 31,B,8,8,N2,0: square 1 is the top-left corner seen from
        // Black, i.e. g1; White's two rows are 1-8, Black's 25-32.
        check::<Thai>("B:W1-8:B25-32", 7);
        let algebraic = pos::<Thai>("B:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8");
        assert_eq!(algebraic, Position::<Thai>::start());
        assert_eq!(
            alg_texts(&algebraic),
            sorted(&["a7-b6", "c7-b6", "c7-d6", "e7-d6", "e7-f6", "g7-f6", "g7-h6"])
        );
    }
}

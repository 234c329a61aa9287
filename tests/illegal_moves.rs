//! Why move text is refused: [`MoveTextError::Illegal`] names the reason
//! (an empty or foreign start square, a compulsory capture, the capture
//! law, an unfinished capture, a square the piece cannot reach), with the
//! moves that are legal instead. One test per reason; the positions are
//! worked out by hand from the rules (RULES.md), not from the library.

use draughts::{
    Brazilian, Color, English, Illegality, International, Italian, MoveTextError, Position,
    Russian, Variant,
};

fn reason<V: Variant>(fen: &str, text: &str) -> (Illegality, String) {
    let pos = Position::<V>::from_fen(fen).unwrap();
    match pos.parse_move(text) {
        Err(e @ MoveTextError::Illegal { .. }) => {
            let message = e.to_string();
            let MoveTextError::Illegal { reason, text: t } = e else {
                unreachable!()
            };
            assert_eq!(t, text);
            (reason, message)
        }
        other => panic!("{text} in {fen}: expected Illegal, got {other:?}"),
    }
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const INTERNATIONAL_START: &str = "W:W31-50:B1-20";

#[test]
fn an_empty_start_square_is_named() {
    let (r, msg) = reason::<International>(INTERNATIONAL_START, "30-25");
    assert_eq!(
        r,
        Illegality::EmptySquare {
            square: "30".into()
        }
    );
    assert_eq!(
        msg,
        "no legal move matches `30-25`: there is no piece on 30"
    );
}

#[test]
fn the_opponents_piece_is_named() {
    let (r, msg) = reason::<International>(INTERNATIONAL_START, "19-23");
    assert_eq!(
        r,
        Illegality::NotYourPiece {
            square: "19".into(),
            owner: Color::Black
        }
    );
    assert!(
        msg.ends_with("the piece on 19 is Black's and White is to move"),
        "{msg}"
    );
}

#[test]
fn a_step_while_a_capture_is_compulsory_lists_the_captures() {
    // English: White's man on 22 must jump Black's man on 18 to 15; the man
    // on 24 could step to 20 or 19 if captures were not compulsory.
    let (r, msg) = reason::<English>("W:W22,24:B18", "24-20");
    assert_eq!(
        r,
        Illegality::CaptureCompulsory {
            captures: strings(&["22x15"])
        }
    );
    assert_eq!(
        msg,
        "no legal move matches `24-20`: a capture is compulsory: 22x15"
    );
    // A piece with no move at all while a capture is due: the same reason.
    let (r, _) = reason::<English>("W:W22,24,28:B18", "28-24");
    assert_eq!(
        r,
        Illegality::CaptureCompulsory {
            captures: strings(&["22x15"])
        }
    );
}

#[test]
fn a_capture_the_majority_law_forbids_lists_the_longer_one() {
    // International, majority capture: the man on 32 may take 28 (32x23) or
    // 27 and 17 (32x21x12); taking two is compulsory.
    let (r, msg) = reason::<International>("W:W32:B17,27,28", "32x23");
    assert_eq!(
        r,
        Illegality::CaptureLaw {
            captures: strings(&["32x12"])
        }
    );
    assert!(
        msg.contains("requires a longer or more valuable capture: 32x12"),
        "{msg}"
    );
}

#[test]
fn a_capture_the_precedence_law_forbids_italian() {
    // Italian: among captures of equal length the king must capture (RULES.md,
    // Italian precedence: with a king first). White's man on 21 and king on
    // 22 can each take Black's man on 18, one piece either way; only the
    // king's capture is legal.
    let fen = "W:W21,K22:B18";
    let pos = Position::<Italian>::from_fen(fen).unwrap();
    let legal: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    assert_eq!(legal.len(), 1, "{legal:?}");
    assert!(legal[0].starts_with("22x"), "{legal:?}");
    let (r, _) = reason::<Italian>(fen, "21x14");
    assert_eq!(r, Illegality::CaptureLaw { captures: legal });
}

#[test]
fn a_capture_stopped_halfway_must_go_on() {
    // The 32x21x12 capture above does not end on 21.
    let (r, msg) = reason::<International>("W:W32:B17,27,28", "32x21");
    assert_eq!(
        r,
        Illegality::UnfinishedCapture {
            captures: strings(&["32x12"])
        }
    );
    assert!(msg.contains("must go on: 32x12"), "{msg}");
}

#[test]
fn a_square_the_piece_cannot_reach_lists_its_moves() {
    let (r, msg) = reason::<International>(INTERNATIONAL_START, "32-26");
    assert_eq!(
        r,
        Illegality::CannotMoveThere {
            from: "32".into(),
            moves: strings(&["32-27", "32-28"])
        }
    );
    assert_eq!(
        msg,
        "no legal move matches `32-26`: the piece on 32 cannot move there; its legal moves: 32-27, 32-28"
    );
    // A blocked man has no move at all.
    let (r, msg) = reason::<International>(INTERNATIONAL_START, "37-32");
    assert_eq!(
        r,
        Illegality::CannotMoveThere {
            from: "37".into(),
            moves: vec![]
        }
    );
    assert!(msg.ends_with("it has no legal move"), "{msg}");
}

#[test]
fn algebraic_variants_name_squares_as_they_write_them() {
    // Russian start: a3-b4 is the only move of the a file; c3 must not
    // step backwards; Black's man on f6 is not White's.
    let start = Position::<Russian>::start().to_fen();
    let (r, msg) = reason::<Russian>(&start, "ad4");
    assert_eq!(
        r,
        Illegality::CannotMoveThere {
            from: "a".into(),
            moves: strings(&["a3-b4"])
        }
    );
    assert!(
        msg.contains("no piece on the a file can move there; their legal moves: a3-b4"),
        "{msg}"
    );
    let (r, _) = reason::<Russian>(&start, "c3-b2");
    assert!(matches!(r, Illegality::CannotMoveThere { ref from, .. } if from == "c3"));
    let (r, _) = reason::<Russian>(&start, "f6-g5");
    assert_eq!(
        r,
        Illegality::NotYourPiece {
            square: "f6".into(),
            owner: Color::Black
        }
    );
    // Brazilian: a capture is compulsory (c3 takes d4 to e5).
    let (r, _) = reason::<Brazilian>("W:Wc3,g3:Bd4", "g3-h4");
    assert_eq!(
        r,
        Illegality::CaptureCompulsory {
            captures: strings(&["c3xe5"])
        }
    );
}

#[test]
fn a_refused_move_changes_nothing_in_a_game() {
    let mut game =
        draughts::Game::<English>::from_position(Position::from_fen("W:W22,24:B18").unwrap());
    let before = game.clone();
    let e = game.play_text("24-20").unwrap_err();
    assert!(
        e.to_string().contains("a capture is compulsory: 22x15"),
        "{e}"
    );
    assert_eq!(game.position(), before.position());
    assert_eq!(game.moves().len(), before.moves().len());
}

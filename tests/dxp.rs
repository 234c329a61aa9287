//! DXP messages: the protocol's own examples, every message kind written
//! and read back, malformed and truncated messages rejected with their
//! reason, and moves matched against the legal moves.

use draughts::dxp::{
    frame, AcceptCode, BackCode, BackRequest, DxpError, EndReason, Framer, GameAccept, GameEnd,
    GameRequest, Message, MoveMessage, MAX_LEN,
};
use draughts::{Color, International, Position};
use proptest::prelude::*;

/// The examples printed in the protocol's description of each message
/// (mesander.nl/damexchange), read field by field and written back.
#[test]
fn the_protocols_own_examples_read_as_described() {
    let cases = [
        (
            "M0012061100",
            Message::Move(MoveMessage {
                seconds: 12,
                from: 6,
                to: 11,
                captured: vec![],
            }),
        ),
        (
            "M001205250422122320",
            Message::Move(MoveMessage {
                seconds: 12,
                from: 5,
                to: 25,
                captured: vec![22, 12, 23, 20],
            }),
        ),
        (
            "ATornado voor Windows 4.0        0",
            Message::GameAccept(GameAccept {
                name: "Tornado voor Windows 4.0".into(),
                code: AcceptCode::Accepted,
            }),
        ),
        (
            "E00",
            Message::GameEnd(GameEnd {
                reason: EndReason::Unspecified,
                stop: false,
            }),
        ),
        (
            "B005Z",
            Message::BackRequest(BackRequest {
                move_number: 5,
                color: Color::Black,
            }),
        ),
        (
            "CWhat do you think about move 35?",
            Message::Chat("What do you think about move 35?".into()),
        ),
        ("K1", Message::BackAccept(BackCode::NotSupported)),
    ];
    for (text, message) in cases {
        assert_eq!(Message::parse(text).as_ref(), Ok(&message), "{text}");
        assert_eq!(message.to_string(), text);
    }
}

#[test]
fn a_game_request_with_the_normal_start_and_with_a_position() {
    let normal = format!("R01{:<32}Z090050A", "draughts");
    let Ok(Message::GameRequest(r)) = Message::parse(&normal) else {
        panic!("{normal}")
    };
    assert_eq!(
        (r.version, r.name.as_str(), r.follower, r.minutes, r.moves),
        (1, "draughts", Color::Black, 90, 50)
    );
    assert!(r.position.is_none());
    assert_eq!(Message::GameRequest(r).to_string(), normal);

    let pos = Position::<International>::from_fen("B:WK47,31,32:BK5,1,19").unwrap();
    let request = Message::GameRequest(GameRequest {
        version: 1,
        name: "x".into(),
        follower: Color::White,
        minutes: 5,
        moves: 0,
        position: Some(pos),
    });
    let text = request.to_string();
    assert_eq!(text.len(), 1 + 2 + 32 + 1 + 3 + 3 + 1 + 1 + 50);
    // Black to move; square 1 a black man, 5 a black king, 47 a white king.
    assert_eq!(&text[42..44], "BZ");
    assert_eq!(&text[44..45], "z");
    assert_eq!(&text[48..49], "Z");
    assert_eq!(&text[44 + 46..44 + 47], "W");
    let Ok(Message::GameRequest(back)) = Message::parse(&text) else {
        panic!("{text}")
    };
    assert_eq!(
        back.position.as_ref().map(Position::to_fen),
        Some(pos.to_fen())
    );
}

/// Each malformed message is refused with the field or length at fault.
#[test]
fn malformed_messages_name_what_is_wrong() {
    let long = format!("C{}", "x".repeat(MAX_LEN));
    let cases: &[(&str, DxpError)] = &[
        ("", DxpError::Empty),
        ("Q123", DxpError::UnknownType('Q')),
        ("m0012061100", DxpError::UnknownType('m')),
        (
            "M001206",
            DxpError::Length {
                message: "MOVE",
                expected: 11,
                got: 7,
            },
        ),
        (
            "M00120611011",
            DxpError::Length {
                message: "MOVE",
                expected: 13,
                got: 12,
            },
        ),
        (
            "M0012061100x",
            DxpError::Length {
                message: "MOVE",
                expected: 11,
                got: 12,
            },
        ),
        (
            "M00a2061100",
            DxpError::Field {
                message: "MOVE",
                field: "time",
                text: "00a2".into(),
            },
        ),
        (
            "M0012511100",
            DxpError::Field {
                message: "MOVE",
                field: "from field",
                text: "51".into(),
            },
        ),
        (
            "M0012001100",
            DxpError::Field {
                message: "MOVE",
                field: "from field",
                text: "00".into(),
            },
        ),
        (
            "M0012061121",
            DxpError::Field {
                message: "MOVE",
                field: "number captured",
                text: "21".into(),
            },
        ),
        (
            "E4",
            DxpError::Length {
                message: "GAMEEND",
                expected: 3,
                got: 2,
            },
        ),
        (
            "E40",
            DxpError::Field {
                message: "GAMEEND",
                field: "reason",
                text: "4".into(),
            },
        ),
        (
            "E02",
            DxpError::Field {
                message: "GAMEEND",
                field: "stop code",
                text: "2".into(),
            },
        ),
        (
            "B000W",
            DxpError::Field {
                message: "BACKREQ",
                field: "move number",
                text: "000".into(),
            },
        ),
        (
            "B005X",
            DxpError::Field {
                message: "BACKREQ",
                field: "color to move",
                text: "X".into(),
            },
        ),
        (
            "K3",
            DxpError::Field {
                message: "BACKACC",
                field: "acceptance code",
                text: "3".into(),
            },
        ),
        (
            "C",
            DxpError::Length {
                message: "CHAT",
                expected: 2,
                got: 1,
            },
        ),
        (
            "R01",
            DxpError::Length {
                message: "GAMEREQ",
                expected: 43,
                got: 3,
            },
        ),
        (
            "Ax",
            DxpError::Length {
                message: "GAMEACC",
                expected: 34,
                got: 2,
            },
        ),
        ("Mé", DxpError::NotAscii(1)),
        (long.as_str(), DxpError::TooLong(MAX_LEN + 1)),
    ];
    for (text, want) in cases {
        assert_eq!(Message::parse(text).as_ref(), Err(want), "{text:?}");
    }
    let name = format!("R01{:<32}", "n");
    for (tail, field) in [
        ("X090050A", "follower color"),
        ("W09a050A", "thinking time"),
        ("W090050C", "starting position"),
    ] {
        let text = format!("{name}{tail}");
        match Message::parse(&text) {
            Err(DxpError::Field {
                message: "GAMEREQ",
                field: f,
                ..
            }) => assert_eq!(f, field),
            other => panic!("{text}: {other:?}"),
        }
    }
    // A position flag 'B' with a board that is not 50 squares of e/w/z/W/Z.
    let bad_board = format!("{name}W090050BW{}", "e".repeat(49) + "x");
    assert!(matches!(
        Message::parse(&bad_board),
        Err(DxpError::Field {
            field: "position",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(&format!("{name}W090050BW{}", "e".repeat(10))),
        Err(DxpError::Length {
            message: "GAMEREQ",
            ..
        })
    ));
}

#[test]
fn moves_match_the_legal_move_with_those_ends_and_captures() {
    // White man 28 can capture 23 (to 19) or 22 (to 17): both ends named.
    let pos = Position::<International>::from_fen("W:W28,45:B22,23,5").unwrap();
    let mv = MoveMessage {
        seconds: 0,
        from: 28,
        to: 19,
        captured: vec![23],
    }
    .find(&pos)
    .unwrap();
    assert_eq!(mv.to_string(), "28x19");
    let mv = MoveMessage {
        seconds: 0,
        from: 28,
        to: 17,
        captured: vec![],
    }
    .find(&pos)
    .unwrap();
    assert_eq!(mv.to_string(), "28x17");
    // The wrong captured piece, or a quiet move when a capture is compulsory.
    assert!(MoveMessage {
        seconds: 0,
        from: 28,
        to: 19,
        captured: vec![22]
    }
    .find(&pos)
    .is_err());
    assert_eq!(
        MoveMessage {
            seconds: 0,
            from: 45,
            to: 40,
            captured: vec![]
        }
        .find(&pos),
        Err(DxpError::IllegalMove("45-40".into()))
    );
    // A king that takes the same two pieces and may stop on either of two
    // squares beyond: each end names one move; a king on 46 with two
    // routes to one square that differ in what they capture needs them.
    let pos = Position::<International>::from_fen("W:WK46:B37,28,19,39,30").unwrap();
    for mv in pos.legal_moves() {
        let msg = MoveMessage::from_move(&mv, 0);
        assert_eq!(msg.find(&pos).as_ref(), Ok(&mv), "{mv}");
        let again = Message::parse(&Message::Move(msg).to_string()).unwrap();
        let Message::Move(again) = again else {
            panic!()
        };
        assert_eq!(again.find(&pos).as_ref(), Ok(&mv));
    }
}

#[test]
fn an_ambiguous_capture_without_its_pieces_is_refused() {
    // The king on 48 reaches 38 over two different sets of four pieces
    // (48x30x8x21x38 and 48x25x9x27x38; found by a random search).
    let pos =
        Position::<International>::from_fen("W:WK48,31,33:B41,K20,12,32,K1,13,4,37,43").unwrap();
    let moves = pos.legal_moves();
    let shared = moves.iter().find(|a| {
        moves
            .iter()
            .any(|b| b != *a && a.from() == b.from() && a.to() == b.to())
    });
    let Some(shared) = shared else {
        // The position must have one: that is what it is for.
        panic!("no two captures share their ends in {}", pos.to_fen());
    };
    let mut msg = MoveMessage::from_move(shared, 0);
    assert_eq!(msg.find(&pos).as_ref(), Ok(shared));
    msg.captured.clear();
    assert!(matches!(msg.find(&pos), Err(DxpError::AmbiguousMove(_))));
}

#[test]
fn the_framer_cuts_at_nuls_and_survives_garbage() {
    let mut framer = Framer::default();
    let mut bytes = frame(&Message::Chat("hi".into()));
    bytes.extend(frame(&Message::GameEnd(GameEnd {
        reason: EndReason::Draw,
        stop: false,
    })));
    // A message split across reads, byte by byte.
    for b in &bytes {
        framer.push(&[*b]);
    }
    assert_eq!(framer.next_message(), Some(Ok(Message::Chat("hi".into()))));
    assert!(matches!(
        framer.next_message(),
        Some(Ok(Message::GameEnd(_)))
    ));
    assert_eq!(framer.next_message(), None);
    // 300 bytes without a NUL: one TooLong error, then the stream goes on.
    framer.push(&[b'x'; 300]);
    assert_eq!(framer.next_message(), None);
    assert!(!framer.is_empty());
    framer.push(b"\0E00\0");
    assert_eq!(framer.next_message(), Some(Err(DxpError::TooLong(300))));
    assert!(matches!(
        framer.next_message(),
        Some(Ok(Message::GameEnd(_)))
    ));
    // Not UTF-8.
    framer.push(&[b'C', 0xff, 0]);
    assert!(matches!(
        framer.next_message(),
        Some(Err(DxpError::NotAscii(1)))
    ));
    // A truncated last message stays pending.
    framer.push(b"M00120");
    assert_eq!((framer.next_message(), framer.pending()), (None, 6));
}

proptest! {
    /// Any bytes: the framer and parser return messages or errors, never
    /// panic, and every parsed message writes back to the text it came from
    /// (except names and chats, whose trailing blanks are not kept).
    #[test]
    fn any_bytes_parse_or_fail_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut framer = Framer::default();
        framer.push(&bytes);
        while let Some(result) = framer.next_message() {
            if let Ok(message) = result {
                let text = message.to_string();
                prop_assert_eq!(Message::parse(&text), Ok(message));
            }
        }
    }

    /// Every legal move of positions along random games survives the trip
    /// through a MOVE message.
    #[test]
    fn legal_moves_round_trip(seed in any::<u64>(), plies in 0usize..60) {
        let mut pos = Position::<International>::start();
        let mut rng = seed;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() { break; }
            for mv in &moves {
                let text = MoveMessage::from_move(mv, 7).to_string();
                let Ok(Message::Move(m)) = Message::parse(&text) else { panic!("{text}") };
                let found = m.find(&pos);
                prop_assert_eq!(found.as_ref(), Ok(mv));
            }
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pos = pos.play(&moves[(rng >> 33) as usize % moves.len()]);
        }
    }
}

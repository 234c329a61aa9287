//! Games and draws (RULES.md §3): every draw rule declared on the exact ply,
//! counters reset by captures and man moves, repetition counted with the side
//! to move, outcomes with reasons, undo, and incremental Zobrist hashing.

use std::ops::RangeInclusive;

use crate::common;

use common::{game_from, quiet_king_walk};
use draughts::{
    Brazilian, Color, Declaration, DrawReason, English, Game, GameError, International, Italian,
    Outcome, Position, Russian, Turkish, Variant, VariantKind, WinReason,
};

/// Plays `plies` quiet king plies ([`quiet_king_walk`]: no position repeats
/// and the opponent never gets a capture). Returns false if impossible, the
/// game then as it was.
fn walk_kings<V: Variant>(game: &mut Game<V>, plies: usize) -> bool {
    let end = game.moves().len() + plies;
    quiet_king_walk(game, &mut |g: &Game<V>| {
        if g.moves().len() == end {
            Some(true)
        } else if g.outcome().is_some() {
            Some(false)
        } else {
            None
        }
    })
}

/// Plays `plies` quiet king plies from `fen`, asserting no outcome before the
/// last one, and returns the game.
fn kings_only<V: Variant>(fen: &str, plies: usize) -> Game<V> {
    let mut game = game_from::<V>(fen);
    assert!(
        walk_kings(&mut game, plies - 1),
        "no walk of {} plies",
        plies - 1
    );
    assert_eq!(
        game.outcome(),
        None,
        "drawn too early, after {} plies",
        plies - 1
    );
    assert_eq!(game.quiet_king_plies(), plies - 1);
    assert!(walk_kings(&mut game, 1), "no last ply");
    game
}

/// King-move rule: International (FMJD, 25 moves each = 50 plies), Russian
/// (15 moves each = 30 plies), Brazilian (CBD, 20 moves each = 40 plies).
#[test]
fn king_move_rule_declared_on_the_exact_ply() {
    let draw = Some(Outcome::Draw {
        reason: DrawReason::KingMoves,
    });
    assert_eq!(
        kings_only::<International>("W:WK46,K50:BK1,K5", 50).outcome(),
        draw
    );
    assert_eq!(
        kings_only::<Russian>("W:WKa1,Kc1,Ke1:BKb8,Kd8,Kf8", 30).outcome(),
        draw
    );
    assert_eq!(
        kings_only::<Brazilian>("W:WKa1,Kc1:BKb8,Kd8", 40).outcome(),
        draw
    );
}

/// English (WCDF): 40 moves each (80 plies) without capture or man move.
#[test]
fn english_no_progress_rule_at_80_plies() {
    let game = kings_only::<English>("W:WK29,K30,K31:BK1,K2,K3", 80);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoProgress
        })
    );
}

/// A man move resets the king-move count (it is irreversible).
#[test]
fn man_move_resets_king_move_count() {
    // International: White kings 46, 50 and a man on 35; Black kings 1, 5.
    let mut game = game_from::<International>("W:WK46,K50,33:BK1,K5");
    assert!(walk_kings(&mut game, 10));
    assert_eq!(game.quiet_king_plies(), 10);
    let man_move = game
        .legal_moves()
        .into_iter()
        .find(|m| !game.position().kings(Color::White).contains(m.from()))
        .expect("a man move");
    game.play(&man_move).unwrap();
    assert_eq!(game.quiet_king_plies(), 0);
}

/// A capture resets the king-move count.
#[test]
fn capture_resets_king_move_count() {
    let mut game = game_from::<International>("W:WK46,K50:BK3,K1");
    assert!(walk_kings(&mut game, 4));
    assert_eq!(game.quiet_king_plies(), 4);
    // White offers a king; Black must take it.
    let pos = *game.position();
    let offer = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.play(m).has_captures())
        .expect("a move that gives Black a capture");
    game.play(&offer).unwrap();
    assert_eq!(game.quiet_king_plies(), 5);
    let capture = game.legal_moves()[0].clone();
    assert!(capture.is_capture());
    game.play(&capture).unwrap();
    assert_eq!(game.quiet_king_plies(), 0);
}

/// Repetition: the same placement with the same side to move for the third
/// time is a draw on that ply, not on the ply before (English: short kings).
#[test]
fn threefold_repetition_on_the_exact_ply() {
    let mut game = game_from::<English>("B:WK29:BK4");
    let script = ["4-8", "29-25", "8-4", "25-29"];
    for (ply, text) in script.iter().cycle().take(8).enumerate() {
        let mv = game
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == *text)
            .unwrap_or_else(|| panic!("{text} not legal"));
        assert_eq!(game.outcome(), None, "drawn before ply {}", ply + 1);
        game.play(&mv).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    game.undo();
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.repetitions(),
        2,
        "plies 3 and 7 reached the same position"
    );
}

/// Italian: fourfold repetition (dctl's reading of the FID rules).
#[test]
fn italian_needs_fourfold_repetition() {
    let mut game = game_from::<Italian>("W:WK29:BK4");
    let pos = *game.position();
    // Shuffle both kings back and forth: period 4 plies.
    let mut plies = 0;
    while game.outcome().is_none() {
        let p = *game.position();
        let mv = p.legal_moves().into_iter().next().unwrap();
        // Go out on the first move, back on the second.
        let back = game.moves().len() >= 2 && {
            let prev = &game.moves()[game.moves().len() - 2];
            mv.to() != prev.from()
        };
        let mv = if back {
            p.legal_moves()
                .into_iter()
                .find(|m| m.to() == game.moves()[game.moves().len() - 2].from())
                .unwrap()
        } else {
            mv
        };
        game.play(&mv).unwrap();
        plies += 1;
        assert!(plies <= 12);
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(*game.position(), pos);
    assert_eq!(
        plies, 12,
        "the start position for the 4th time after 12 plies"
    );
}

/// Repetition is counted with the side to move: a flying king's five-move
/// cycle brings back the start placement with the other side to move, which
/// does not count as a repetition.
#[test]
fn repetition_counts_side_to_move() {
    // White's cycle c1-e3-g1-h2-f4-c1 shares no line with Black's squares a5, b4.
    let mut game = game_from::<Russian>("W:WKc1:BKa5");
    let white = ["c1-e3", "e3-g1", "g1-h2", "h2-f4", "f4-c1"];
    let black = ["a5-b4", "b4-a5", "a5-b4", "b4-a5"];
    for i in 0..9 {
        let text = if i % 2 == 0 {
            white[i / 2]
        } else {
            black[i / 2]
        };
        let mv = game
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap();
        game.play(&mv).unwrap();
    }
    let start = game.start();
    let now = game.position();
    assert_eq!(now.pieces(Color::White), start.pieces(Color::White));
    assert_eq!(now.pieces(Color::Black), start.pieces(Color::Black));
    assert_ne!(now.turn(), start.turn());
    assert_eq!(game.repetitions(), 1);
    assert_ne!(game.hash(), start.zobrist());
}

/// FMJD: a lone king against three pieces with a king: 16 moves each (32 plies).
#[test]
fn fmjd_lone_king_against_three() {
    let game = kings_only::<International>("W:WK46,K50,K45:BK3", 32);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::LoneKingSixteenMoves
        })
    );
}

/// FMJD: a lone king against two pieces with a king: 5 moves each (10 plies).
#[test]
fn fmjd_lone_king_against_two() {
    let game = kings_only::<International>("W:WK46,K50:BK3", 10);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::LoneKingFiveMoves
        })
    );
}

// Russian three kings against one: tests/draws.rs
// (`russian_three_kings_against_one_on_the_stronger_sides_15th_move`).

/// Turkish: one piece against one piece is a draw at once.
#[test]
fn turkish_one_piece_each() {
    let game = game_from::<Turkish>("W:Wa2:Bh7");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::OnePieceEach
        })
    );
    // Reached by a capture: d4xd6 leaves one piece each.
    let mut game = game_from::<Turkish>("W:Wd4:Bd5,h7");
    assert_eq!(game.outcome(), None);
    let mv = game.legal_moves()[0].clone();
    game.play(&mv).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::OnePieceEach
        })
    );
}

/// Win by capturing the last piece; then no move is accepted and nothing changes.
#[test]
fn win_by_no_pieces_and_game_over_rejects_moves() {
    let mut game = game_from::<English>("W:W22:B18");
    let mv = game.legal_moves()[0].clone();
    game.play(&mv).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces
        })
    );
    assert!(game.legal_moves().is_empty());
    let before = (game.moves().len(), *game.position(), game.hash());
    let err = game.play(&mv).unwrap_err();
    assert!(matches!(err, GameError::GameOver(_)));
    assert_eq!(before, (game.moves().len(), *game.position(), game.hash()));
    assert!(game.declare(Declaration::DrawByAgreement).is_err());
}

/// Win because the opponent is blocked (English): Black's men on 1 (b8) and
/// 5 (a7) can neither step nor capture once White's 15-10 closes d6.
#[test]
fn win_by_blocking() {
    let blocked = game_from::<English>("B:W6,9,10,14:B1,5");
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Blocked
        })
    );
    let mut game = game_from::<English>("W:W6,9,14,15:B1,5");
    assert_eq!(game.outcome(), None);
    let mv = game
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "15-10")
        .unwrap();
    game.play(&mv).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Blocked
        })
    );
}

/// Declared outcomes: agreement, resignation, time; an illegal move is rejected
/// and changes nothing.
#[test]
fn declared_outcomes_and_illegal_moves() {
    let mut game = Game::<International>::new();
    let foreign = Position::<International>::from_fen("W:W35:B30")
        .unwrap()
        .legal_moves()[0]
        .clone();
    let before = (game.moves().len(), game.hash());
    assert!(matches!(game.play(&foreign), Err(GameError::Illegal(_))));
    assert_eq!(before, (game.moves().len(), game.hash()));
    assert_eq!(
        game.declare(Declaration::DrawByAgreement).unwrap(),
        Outcome::Draw {
            reason: DrawReason::Agreement
        }
    );
    let mut game = Game::<International>::new();
    assert_eq!(
        game.declare(Declaration::TimeForfeit(Color::Black))
            .unwrap(),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Time
        }
    );
    assert_eq!(game.outcome().unwrap().pdn_result(), "1-0");
}

/// Plays random games to their end and checks, at every ply, that the
/// incremental hash equals the from-scratch hash; that every game ends with a
/// reason; and that undoing every move restores the start position and hash.
fn random_games<V: Variant>(games: usize, seed: u64) {
    let mut rng = seed;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for _ in 0..games {
        let mut game = Game::<V>::new();
        let start_hash = game.hash();
        assert_eq!(start_hash, game.position().zobrist());
        let mut plies = 0;
        while game.outcome().is_none() {
            let moves = game.legal_moves();
            assert!(!moves.is_empty());
            let mv = moves[(next() % moves.len() as u64) as usize].clone();
            game.play(&mv).unwrap();
            assert_eq!(
                game.hash(),
                game.position().zobrist(),
                "{} ply {plies}",
                V::NAME
            );
            plies += 1;
            assert!(plies < 20_000, "{} game without end", V::NAME);
            // The board's verdict is the game's: a win on the board ends it
            // (before any draw rule), and the game ends no other way by a win.
            let board = game.position().outcome();
            assert_eq!(board.is_some(), game.position().is_game_over());
            match game.outcome() {
                Some(Outcome::Win { .. }) | None => {
                    assert_eq!(board, game.outcome(), "{}", V::NAME)
                }
                Some(Outcome::Draw { .. }) => assert_eq!(board, None, "{}", V::NAME),
            }
        }
        // The reason the game ended holds in its last position.
        let end = game.position();
        let stuck = end.legal_moves().is_empty();
        match game.outcome().unwrap() {
            Outcome::Win {
                winner,
                reason: WinReason::NoPieces,
            } => assert!(end.pieces(winner.opponent()).is_empty(), "{}", V::NAME),
            Outcome::Win {
                winner,
                reason: WinReason::Blocked,
            } => assert!(
                stuck && end.turn() != winner && !end.pieces(winner.opponent()).is_empty(),
                "{}",
                V::NAME
            ),
            Outcome::Win {
                winner,
                reason: WinReason::OutOfMoves,
            } => assert!(stuck && end.turn() == winner, "{}", V::NAME),
            Outcome::Win {
                winner,
                reason: WinReason::FirstKing,
            } => assert!(!end.kings(winner).is_empty(), "{}", V::NAME),
            Outcome::Draw { reason } => assert!(
                !stuck && reason != DrawReason::Agreement,
                "{}: {reason:?} in a stuck position",
                V::NAME
            ),
            other => panic!("{}: {other:?} declared in a random game", V::NAME),
        }
        while game.undo().is_some() {
            assert_eq!(game.hash(), game.position().zobrist());
        }
        assert_eq!(game.position(), game.start());
        assert_eq!(game.hash(), start_hash);
        assert_eq!(game.outcome(), None);
    }
}

/// Number of random games per variant: 10,000 with DRAUGHTS_RANDOM_GAMES unset
/// in release builds.
fn game_count() -> usize {
    std::env::var("DRAUGHTS_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 200 } else { 10_000 })
}

/// Every variant of the registry (`VariantKind::ALL`), each with its own seed.
#[test]
fn random_games_every_variant() {
    for (i, kind) in VariantKind::ALL.into_iter().enumerate() {
        draughts::with_variant!(kind, V => random_games::<V>(game_count(), i as u64 + 1));
    }
}

/// Plays one man move (no capture, no promotion) that leaves the opponent no
/// capture and reaches a new position.
fn man_step<V: Variant>(game: &mut Game<V>) -> bool {
    let pos = *game.position();
    for mv in game.legal_moves() {
        if mv.is_capture() || mv.promotes() || pos.kings(pos.turn()).contains(mv.from()) {
            continue;
        }
        let next = pos.play(&mv);
        if next.has_captures() || game.positions().contains(&next) {
            continue;
        }
        game.play(&mv).unwrap();
        return true;
    }
    false
}

/// Plays the most quiet king plies in `plies` ([`walk_kings`]) after which a
/// [`man_step`] can follow, then that man move; returns the number of king
/// plies.
fn kings_then_man_step<V: Variant>(game: &mut Game<V>, plies: RangeInclusive<usize>) -> usize {
    let (g, k) = plies
        .rev()
        .find_map(|k| {
            let mut g = game.clone();
            (walk_kings(&mut g, k) && man_step(&mut g)).then_some((g, k))
        })
        .expect("a man move after some king plies");
    *game = g;
    k
}

/// Russian (FMJD-64 7.2.6): with kings on both sides and 4 or 5 pieces on the
/// board, 30 moves each (60 plies) without a change in the balance of pieces
/// (capture or promotion) is a draw. Man moves reset the king-move count but
/// not this one.
#[test]
fn russian_piece_count_rule() {
    let mut game = game_from::<Russian>("W:WKc1,a3:BKf8,h6");
    let mut plies = 0;
    for _ in 0..2 {
        // Some king plies (fewer than the 30 of the king-move rule), then a man move.
        plies += kings_then_man_step(&mut game, 16..=25) + 1;
        assert_eq!(game.quiet_king_plies(), 0);
    }
    assert!(walk_kings(&mut game, 59 - plies));
    assert_eq!(game.moves().len(), 59);
    assert_eq!(game.outcome(), None);
    assert!(walk_kings(&mut game, 1));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::PieceCount
        })
    );
}

/// A promotion is a man move: it resets the king-move count (and, being a
/// change in the balance of pieces, the end-game count).
#[test]
fn promotion_resets_counts() {
    // International: White kings 46, 50 and a man on 6 (next to promotion).
    let mut game = game_from::<International>("W:WK46,K50,6:BK3,K45");
    assert!(walk_kings(&mut game, 6));
    assert_eq!(game.quiet_king_plies(), 6);
    let promote = game
        .legal_moves()
        .into_iter()
        .find(|m| m.promotes())
        .expect("6-1 promotes");
    game.play(&promote).unwrap();
    assert_eq!(game.quiet_king_plies(), 0);
}

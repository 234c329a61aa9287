//! PDN reading and replay (issue: notation and interchange).
//!
//! `replays_every_game_file` replays every game of every file under
//! tests/data/games (copied from the project's shared game collection; the
//! 9,377-game derived ACF file is left out to keep the crate small and is
//! replayed by `cargo run --release --example replay`). Every game must replay
//! except the records listed in `KNOWN_BROKEN`, each with the reason it is
//! broken; a listed record that starts to replay fails the test too.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use draughts::dynamic::DynGame;
use draughts::pdn::{parse_pdn, read_games, replay, write_pdn, PdnErrorKind};
use draughts::{AnyGame, Color, English, Game, International, MoveTextError, Russian, VariantKind};

/// (file, 1-based game index, part of the error message): records that are
/// broken in the source, with the reason.
const KNOWN_BROKEN: &[(&str, usize, &str)] = &[
    // "Petal 1981, game 18": `62. 32-28` while Black's king stands on 28
    // (the games README documents this error in the source record).
    ("english/eygilbert_CheckerBoard/tinsley.pdn", 541, "`32-28`"),
    // Text glued to the last move: `8-11Redoversteppedthetimecontrolonthismove.`
    (
        "english/eygilbert_CheckerBoard/tinsley.pdn",
        623,
        "11Redoverstepped",
    ),
    (
        "english/eygilbert_CheckerBoard/tinsley.pdn",
        693,
        "22Whiteoverstepped",
    ),
    // Problem FENs with a man on its own promotion row (should be a king).
    ("english/wiegerw_pdn/beginner.pdn", 10, "promotion row"),
    ("english/wiegerw_pdn/goulds.pdn", 93, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 36, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 63, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 65, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 73, "promotion row"),
    // `[FEN "W::."]`: an empty position.
    (
        "english/wiegerw_pdn/bridges.pdn",
        14,
        "does not start with W or B",
    ),
    // `73:9n`: a garbled move in the source.
    ("international/mig0_Games-Checkers/prof2.pdn", 4, "`9n`"),
    // Files from the PDN corpus's `fail/` folder (known syntax problems):
    // a stray `36x27 1-0` after a game; Dutch moves that are illegal.
    ("international/wiegerw_pdn/fail/Cat.C1.pdn", 46, "`36x27`"),
    ("international/wiegerw_pdn/fail/delfts.pdn", 1, "`4-6`"),
    ("international/wiegerw_pdn/fail/delfts.pdn", 2, "`1-9`"),
    // `3x26` fits two captures (3x10x17x26, 3x10x19x26) and the rest of the
    // game replays after either: the record is ambiguous.
    (
        "italian/wiegerw_pdn/Campionato_Assoluto_2005.pdn",
        46,
        "ambiguous",
    ),
    // Games whose moves were never recorded: `1. - - 2. - - ...`.
    (
        "russian/mig0_Games-Checkers/abatsiev.pdn",
        36,
        "unexpected `-`",
    ),
    (
        "russian/mig0_Games-Checkers/abatsiev.pdn",
        142,
        "unexpected `-`",
    ),
    (
        "russian/wiegerw_pdn/fail/abatsiev.pdn",
        36,
        "unexpected `-`",
    ),
    // Nested comments are not PDN (the corpus file must fail).
    (
        "pdn_syntax_tests/fail/nested_comment.pdn",
        1,
        "comments do not nest",
    ),
];

/// (file, number of games, part of the error message): files none of whose
/// games replay, each game failing with that message.
const BROKEN_FILES: &[(&str, usize, &str)] = &[
    // PlayStrategy export: algebraic squares with the first mover (Black) at
    // the bottom, the mirror image of PDN's English board, so `c3-d4` means
    // 11-15: every game fails on its first or second move. The numeric
    // version of the same games replays (one of them has a multi-jump split
    // with a move number in between that is not the same side's
    // continuation).
    (
        "english/py-draughts_playstrategy/american_playstrategy.pdn",
        24,
        "no legal move matches",
    ),
];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games")
}

/// The variant of games without a GameType tag: the directory's name; the
/// syntax test files are International except the 8x8 alphanumeric one.
fn default_variant(rel: &str) -> Option<VariantKind> {
    if rel.ends_with("alphanumeric.pdn") {
        return Some(VariantKind::Russian);
    }
    if rel.starts_with("pdn_syntax_tests") {
        return Some(VariantKind::International);
    }
    rel.split('/').next()?.parse().ok()
}

fn read_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    // Latin-1 files: non-ASCII bytes only occur in tags and comments.
    String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect())
}

#[test]
fn replays_every_game_file() {
    let root = data_dir();
    let mut paths = Vec::new();
    common::pdn_files(&root, &mut paths);
    assert!(paths.len() > 60, "game files missing: {}", paths.len());
    let mut per_variant: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut unexpected = Vec::new();
    let mut seen_broken = vec![false; KNOWN_BROKEN.len()];
    // Per broken file: (games that failed as listed, games in the file).
    let mut broken_files = vec![(0, 0); BROKEN_FILES.len()];
    for path in &paths {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let default = default_variant(&rel);
        let broken_file = BROKEN_FILES.iter().position(|&(f, _, _)| f == rel);
        for (i, g) in parse_pdn(&read_text(path)).into_iter().enumerate() {
            let index = i + 1;
            let result = g.map_err(|e| e.kind.to_string()).and_then(|g| {
                let kind = g.variant(default).map_err(|e| e.to_string())?;
                replay(&g, default)
                    .map(|game| (kind, game))
                    .map_err(|e| e.to_string())
            });
            if let Some(b) = broken_file {
                broken_files[b].1 += 1;
                match &result {
                    Err(msg) if msg.contains(BROKEN_FILES[b].2) => broken_files[b].0 += 1,
                    _ => unexpected.push(format!(
                        "{rel} game {index}: expected to fail with {:?}, got {:?}",
                        BROKEN_FILES[b].2,
                        result.as_ref().map(|_| "a replay")
                    )),
                }
                continue;
            }
            match result {
                Ok((kind, game)) => {
                    let entry = per_variant.entry(kind.to_string()).or_default();
                    entry.0 += 1;
                    entry.1 += game_len(&*game);
                }
                Err(msg) => {
                    let known = KNOWN_BROKEN
                        .iter()
                        .position(|&(f, n, part)| f == rel && n == index && msg.contains(part));
                    match known {
                        Some(k) => seen_broken[k] = true,
                        None => unexpected.push(format!("{rel} game {index}: {msg}")),
                    }
                }
            }
        }
    }
    for (variant, (games, plies)) in &per_variant {
        println!("{variant}: {games} games replayed, {plies} plies");
    }
    assert!(
        unexpected.is_empty(),
        "games that failed to replay:\n{}",
        unexpected.join("\n")
    );
    let stale: Vec<_> = KNOWN_BROKEN
        .iter()
        .zip(&seen_broken)
        .filter(|(_, s)| !**s)
        .map(|(k, _)| k)
        .collect();
    assert!(stale.is_empty(), "listed as broken but replayed: {stale:?}");
    for (&(file, games, _), &seen) in BROKEN_FILES.iter().zip(&broken_files) {
        assert_eq!(seen, (games, games), "{file}: (failed as listed, games)");
    }
    for v in [
        "english",
        "international",
        "russian",
        "italian",
        "czech",
        "brazilian",
    ] {
        assert!(
            per_variant.get(v).is_some_and(|&(g, _)| g >= 20),
            "too few {v} games"
        );
    }
    // The 14 Frisian games of lidraughts (GameType 40) all replay.
    assert_eq!(per_variant.get("frisian").map(|&(g, _)| g), Some(14));
}

fn game_len(game: &dyn DynGame) -> usize {
    game.ply_count()
}

/// Tags, move numbers, comments, NAGs, strength marks, variations (skipped)
/// and results are read.
#[test]
fn pdn_syntax_elements() {
    let text = r#"[Event "Test \"quoted\""]
[GameType "20,W,10,10,N2,0"]
% a line comment
1. 32-28!? $1 {first} 19-23 (19-24 {alt} (18-22)) 2. 28x19 14x23 1/2-1/2

[Event "second"]
1. 33-29 *"#;
    let games: Vec<_> = parse_pdn(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("Test \"quoted\""));
    assert_eq!(g.game_type(), Some(Ok(20)));
    let texts: Vec<_> = g.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(g.moves[0].nags, [1]);
    assert_eq!(g.moves[0].comments, ["first"]);
    assert_eq!(g.moves[2].number, Some(2));
    assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(games[1].moves.len(), 1);
    assert_eq!(games[1].result.as_deref(), Some("*"));
}

/// All result forms end a game.
#[test]
fn result_tokens() {
    for r in [
        "2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "*", "0:1", "1/2:1/2", "2:0",
    ] {
        let games = parse_pdn(&format!("1. 32-28 {r} 1. 31-27 *"));
        assert_eq!(games.len(), 2, "{r}");
        assert_eq!(games[0].as_ref().unwrap().result.as_deref(), Some(r));
    }
}

/// A capture split into jumps by the same side (`57. f4xd2 e1xc3 58. c3xe5`
/// style) is joined into one move.
#[test]
fn split_capture_is_one_move() {
    // English: White man on 30 (b2? no: 30 = c1) ... use International: a man
    // on 28 takes 23 and 13: written as two jumps.
    let games = read_games(
        "[GameType \"20\"]\n[FEN \"W:W28:B23,13,1\"]\n1. 28x19 19x8 *",
        None,
    );
    let game = games[0].as_ref().unwrap();
    assert_eq!(texts(&**game), ["28x19x8"]);
    // Unfinished: only the first jump.
    let games = read_games(
        "[GameType \"20\"]\n[FEN \"W:W28:B23,13,1\"]\n1. 28x19 *",
        None,
    );
    assert!(
        matches!(games[0], Err(ref e) if matches!(e.kind, PdnErrorKind::UnfinishedCapture { .. }))
    );
}

/// An illegal move is reported with the game index, move number, the side
/// whose move it is (here the reply: White, the second mover in English) and
/// text, and reading goes on with the next game.
#[test]
fn illegal_move_reported_and_reading_continues() {
    let text = "[GameType \"21\"]\n1. 11-15 24-20 2. 8-11 22-18 3. 15x22 99-1 *\n[GameType \"21\"]\n1. 9-13 *";
    let games = read_games(text, None);
    assert_eq!(games.len(), 2);
    let err = games[0].as_ref().unwrap_err();
    assert_eq!(err.game, 1);
    match &err.kind {
        PdnErrorKind::Move {
            number,
            side,
            reply,
            text,
            reason,
        } => {
            assert_eq!(
                (*number, *side, *reply, text.as_str()),
                (3, Color::White, true, "99-1")
            );
            assert!(matches!(reason, MoveTextError::BadSquare { .. }));
        }
        other => panic!("{other:?}"),
    }
    assert!(err
        .to_string()
        .starts_with("game 1: move 3... `99-1` (White)"));
    assert!(games[1].is_ok());
}

/// Moves after a repetition that nobody claimed are still played.
#[test]
fn records_go_on_after_unclaimed_repetition() {
    let text = "[GameType \"21\"]\n[FEN \"B:WK29:BK4\"]\n1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4 25-29 5. 4-8 *";
    let games = read_games(text, None);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.ply_count(), 9);
}

/// Writing a game and reading it back gives the same moves; the start FEN is
/// written when the game does not start from the start position.
#[test]
fn write_then_read_round_trip() {
    fn round_trip<V: draughts::Variant>(game: &Game<V>) {
        let text = write_pdn(game, &[("Event", "round \"trip\"")]);
        let back = read_games(&text, None);
        let back = back[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        assert_eq!(texts(&**back), moves, "{text}");
    }
    for seed in 0..20u64 {
        let mut e = Game::<English>::new();
        let mut i = Game::<International>::new();
        let mut r =
            Game::<Russian>::from_position(draughts::Position::from_fen("B:W21-32:B1-12").unwrap());
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..120 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for g in [&mut e as &mut dyn Step, &mut i, &mut r] {
                g.step(x);
            }
        }
        round_trip(&e);
        round_trip(&i);
        round_trip(&r);
    }
}

trait Step {
    fn step(&mut self, r: u64);
}
impl<V: draughts::Variant> Step for Game<V> {
    fn step(&mut self, r: u64) {
        let moves = self.legal_moves();
        if !moves.is_empty() {
            self.play(&moves[(r % moves.len() as u64) as usize].clone())
                .unwrap();
        }
    }
}

/// The move lists another engine's test suite replays (misc TSV: variant,
/// pydraughts variant, plies, moves, ...): every list of a variant of this
/// crate replays move by move to its end.
#[test]
fn replays_pydraughts_move_lists() {
    let text = include_str!("data/games/misc/pydraughts_test_variant_games.tsv");
    let mut replayed = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        // The first column names this crate's variant; for the variants it
        // did not have when the file was made ("frysk (not in project
        // list)"), pydraughts' name in the second column is the same.
        let Ok(kind) = f[0].parse::<VariantKind>().or_else(|_| f[1].parse()) else {
            continue;
        };
        let plies: usize = f[2].parse().unwrap();
        let mut game = AnyGame::new(kind);
        for (i, mv) in f[3].split_whitespace().enumerate() {
            game.play(mv)
                .unwrap_or_else(|e| panic!("{kind} ply {}: {mv}: {e}", i + 1));
        }
        assert_eq!(game.ply_count(), plies, "{kind}");
        replayed += 1;
    }
    assert_eq!(
        replayed, 10,
        "international, frisian, frysk, antidraughts, breakthrough, russian, brazilian, english, italian, turkish"
    );
}

/// Each game's `line` is the line of its first tag or move: the parser read
/// the line number before skipping the blank lines between games, so every
/// game after the first was placed on the blank line before it (and
/// `draughts replay` reported wrong lines).
#[test]
fn game_lines_point_at_the_first_tag() {
    let text = "[Event \"a\"]\n1. 32-28 *\n\n\n[Event \"b\"]\n1. 32-28 *\n\n1. 33-28 *\n";
    let lines: Vec<usize> = parse_pdn(text)
        .into_iter()
        .map(|g| g.unwrap().line)
        .collect();
    assert_eq!(lines, [1, 5, 8]);
}

/// The full-path texts of a game's moves.
fn texts(game: &dyn DynGame) -> Vec<String> {
    game.moves().into_iter().map(|m| m.text).collect()
}

//! PDN as analysts write it (issue 22, item 2): game trees with comments,
//! NAGs and nested variations, read and written back.
//!
//! * The PDN syntax test files (tests/data/games/pdn_syntax_tests) read into
//!   the trees their text spells out.
//! * Every game of every file under tests/data/games round-trips: read,
//!   write, read gives the same tree, and writing again the same text; its
//!   main line is the game `parse_pdn` reads and replays to the same moves,
//!   and every variation in the collection replays.
//! * A random tree written and read back is the same tree (proptest).

use crate::common;

use std::path::Path;

use draughts::dynamic::DynGame;
use draughts::pdn::{parse_pdn, parse_pdn_tree, replay, GameTree, PdnLine, PdnNode};
use draughts::VariantKind;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn data(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(rel);
    read_text(&path)
}

fn read_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect())
}

fn one(text: &str) -> GameTree {
    let mut games = parse_pdn_tree(text);
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn node(text: &str) -> PdnNode {
    PdnNode {
        text: text.into(),
        ..PdnNode::default()
    }
}

fn texts(line: &PdnLine) -> Vec<&str> {
    line.moves.iter().map(|m| m.text.as_str()).collect()
}

/// The same tree, wherever it starts in its text.
fn unplaced(mut t: GameTree) -> GameTree {
    t.line = 0;
    t
}

/// `32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23`
#[test]
fn nested_variations_of_the_syntax_test_file() {
    let tree = one(&data("pdn_syntax_tests/variation.pdn"));
    assert_eq!(texts(&tree.main), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(tree.result, None);
    let reply = &tree.main.moves[1];
    assert_eq!(reply.variations.len(), 1);
    let alt = &reply.variations[0];
    assert_eq!(texts(alt), ["18-23", "38-32", "12-18"]);
    let inner = &alt.moves[1].variations[0];
    assert_eq!(texts(inner), ["37-32", "23-29"]);
    assert_eq!(inner.moves[0].nags, [2], "? is NAG 2");
    assert_eq!(inner.moves[1].nags, [1], "! is NAG 1");
    assert_eq!(inner.moves[1].comments, ["Black wins"]);
    // No other move has a variation, NAG or comment.
    for m in tree
        .main
        .moves
        .iter()
        .chain(&alt.moves)
        .filter(|m| m.text != "19-23" && m.text != "38-32")
    {
        assert!(m.variations.is_empty() && m.comments.is_empty(), "{m:?}");
    }
    // Written the way PDN writes it, on one line.
    assert_eq!(
        tree.to_pdn(),
        "32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 28x19 14x23\n"
    );
}

/// Every line of the syntax test file's tree replays as International: the
/// main line, the variation from before `19-23`, the one inside it from
/// before `38-32`; a variation with an illegal move is reported.
#[test]
fn every_line_replays() {
    let tree = one(&data("pdn_syntax_tests/variation.pdn"));
    let lines = tree.replay_lines(Some(VariantKind::International)).unwrap();
    let texts: Vec<Vec<String>> = lines.iter().map(|g| played(&**g)).collect();
    assert_eq!(
        texts,
        [
            vec!["32-28", "19-23", "28x19", "14x23"],
            vec!["32-28", "18-23", "38-32", "12-18"],
            vec!["32-28", "18-23", "37-32", "23-29"],
        ]
    );
    let bad = one("1. 32-28 19-23 (18-23 38-32 (38-33)) *");
    let err = bad
        .replay_lines(Some(VariantKind::International))
        .unwrap_err();
    assert!(err.to_string().contains("`38-33`"), "{err}");
}

/// `1.32-28!? 19-23(!?!!!) 2.28x19 *`: strength marks, also in parentheses.
#[test]
fn strength_marks_are_nags() {
    let tree = one(&data("pdn_syntax_tests/movestrength.pdn"));
    assert_eq!(texts(&tree.main), ["32-28", "19-23", "28x19"]);
    assert_eq!(tree.main.moves[0].nags, [5], "!? is NAG 5");
    assert_eq!(tree.main.moves[1].nags, [5, 3, 1], "!? !! !");
    assert!(tree.main.moves[1].variations.is_empty());
    assert_eq!(tree.main.moves[0].number, Some(1));
    assert_eq!(tree.main.moves[2].number, Some(2));
    assert_eq!(tree.result.as_deref(), Some("*"));
    for (marks, nags) in [
        ("!", 1),
        ("?", 2),
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
    ] {
        let t = one(&format!("1. 32-28{marks} $7 *"));
        assert_eq!(t.main.moves[0].nags, [nags, 7], "{marks}");
        assert!(t.to_pdn().contains(&format!("32-28{marks} $7")), "{marks}");
    }
}

#[test]
fn setup_result_and_line_comments() {
    let games: Vec<_> = parse_pdn_tree(&data("pdn_syntax_tests/fen.pdn"))
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].tag("FEN"), Some("W:W31,29,K15:B14,13,12,9"));
    assert!(games.iter().all(|g| g.result.as_deref() == Some("*")));
    let t = one(&data("pdn_syntax_tests/linecomment.pdn"));
    assert_eq!(t.tags, [("Date".to_string(), "2012.02.01".to_string())]);
    assert_eq!(texts(&t.main), ["32-28", "19-23"]);
    let t = one(&data("pdn_syntax_tests/gameterminator.pdn"));
    assert_eq!(t.result.as_deref(), Some("1/2-1/2"));
    let t = one(&data("pdn_syntax_tests/string.pdn"));
    assert_eq!(
        t.tag("White"),
        Some("This is a string with an escaped character \"")
    );
}

/// Comments before a line's first move belong to the line; after a move (or
/// its variations) to the move. Move numbers are kept as written.
#[test]
fn comments_and_numbers_where_written() {
    let text = "[GameType \"20\"]\n\n{game note} 1. 32-28 {a} 19-23 ({why not} 1... 18-23 {b} ()) {c} 2. 28x19 $14 14x23 1-0";
    let tree = one(text);
    assert_eq!(tree.main.comments, ["game note"]);
    let m = &tree.main.moves;
    assert_eq!(m[0].comments, ["a"]);
    assert_eq!((m[0].number, m[0].ellipsis), (Some(1), false));
    assert_eq!(m[1].number, None);
    assert_eq!(m[1].comments, ["c"]);
    let v = &m[1].variations;
    assert_eq!(v[0].comments, ["why not"]);
    assert_eq!(
        (v[0].moves[0].number, v[0].moves[0].ellipsis),
        (Some(1), true)
    );
    assert_eq!(v[0].moves[0].comments, ["b"]);
    assert_eq!(
        v[0].moves[0].variations,
        [PdnLine::default()],
        "an empty variation"
    );
    assert_eq!(m[2].nags, [14]);
    let back = one(&tree.to_pdn());
    assert_eq!(unplaced(back), unplaced(tree.clone()));
    // The main line replays as the game parse_pdn reads.
    let game = replay(&tree.main_line(), None).unwrap();
    assert_eq!(played(&*game), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(tree.main_line(), parse_pdn(text).remove(0).unwrap());
}

#[test]
fn syntax_errors() {
    for (text, message) in [
        ("1. 32-28 (33-29 *", "inside a variation"),
        ("1. 32-28 (33-29", "unterminated variation"),
        ("1. 32-28 ) 19-23 *", "`)` without `(`"),
        ("(32-28) 1. 33-29 *", "before any move"),
    ] {
        let games = parse_pdn_tree(text);
        let err = games[0].as_ref().expect_err(text);
        assert!(err.to_string().contains(message), "{text}: {err}");
    }
    // Reading goes on with the next game.
    let games = parse_pdn_tree("1. 32-28 ) *\n[Event \"next\"]\n1. 33-29 *");
    assert_eq!(games.len(), 2);
    assert!(games[0].is_err());
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
}

/// Every game file of the repository: each game that parse_pdn reads is
/// read as a tree whose main line is that game (moves, numbers, comments),
/// the tree round-trips, writing is stable, and the game replays the same
/// from the tree as from parse_pdn.
#[test]
fn every_game_file_round_trips() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut paths = Vec::new();
    common::pdn_files(&root, &mut paths);
    assert!(paths.len() > 60);
    let (mut games, mut with_variations, mut replayed) = (0, 0, 0);
    for path in &paths {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let text = read_text(path);
        let flat = parse_pdn(&text);
        let trees = parse_pdn_tree(&text);
        assert_eq!(trees.len(), flat.len(), "{rel}: games");
        // The syntax test files are International except the 8x8 one.
        let default = match rel.as_str() {
            r if r.ends_with("alphanumeric.pdn") => Some(VariantKind::Russian),
            r if r.starts_with("pdn_syntax_tests") => Some(VariantKind::International),
            r => r
                .split('/')
                .next()
                .and_then(|v| v.parse::<VariantKind>().ok()),
        };
        for (i, (tree, game)) in trees.iter().zip(&flat).enumerate() {
            let (Ok(tree), Ok(game)) = (tree, game) else {
                assert_eq!(tree.is_ok(), game.is_ok(), "{rel} game {}", i + 1);
                continue;
            };
            games += 1;
            let main = tree.main_line();
            let strip = |g: &draughts::pdn::PdnGame| -> Vec<(Option<u32>, String)> {
                g.moves.iter().map(|m| (m.number, m.text.clone())).collect()
            };
            assert_eq!(strip(&main), strip(game), "{rel} game {}", i + 1);
            // The tree also keeps the comments parse_pdn skips with the
            // parentheses some records write them in.
            for (t, g) in main.moves.iter().zip(&game.moves) {
                assert!(
                    g.comments.iter().all(|c| t.comments.contains(c)),
                    "{rel} game {}: {t:?}",
                    i + 1
                );
            }
            assert_eq!((&main.tags, &main.result), (&game.tags, &game.result));
            let written = tree.to_pdn();
            let back = one(&written);
            assert_eq!(
                unplaced(back.clone()),
                unplaced(tree.clone()),
                "{rel} game {}\n{written}",
                i + 1
            );
            assert_eq!(
                back.to_pdn(),
                written,
                "{rel} game {}: writing is stable",
                i + 1
            );
            if has_variation(&tree.main) {
                with_variations += 1;
                // Every variation of the collection replays.
                if let Err(e) = tree.replay_lines(default) {
                    panic!("{rel} game {}: a variation does not replay: {e}", i + 1);
                }
            }
            if let Ok(first) = replay(game, default) {
                let again: Box<dyn DynGame> = replay(&back.main_line(), default).unwrap();
                assert_eq!(played(&*again), played(&*first), "{rel} game {}", i + 1);
                replayed += 1;
            }
        }
    }
    println!("{games} games round-trip, {with_variations} with variations, {replayed} replayed");
    assert!(games > 2000 && replayed > 2000, "{games} {replayed}");
    assert!(with_variations > 0);
}

fn has_variation(line: &PdnLine) -> bool {
    line.moves.iter().any(|m| !m.variations.is_empty())
}

fn move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u8..=50, prop_oneof![Just('-'), Just('x')], 1u8..=50)
            .prop_filter("not a result", |(a, _, b)| a != b)
            .prop_map(|(a, s, b)| format!("{a}{s}{b}")),
        (
            "[a-h][1-8]",
            prop_oneof![Just("-"), Just(":"), Just("x")],
            "[a-h][1-8]"
        )
            .prop_map(|(a, s, b)| format!("{a}{s}{b}")),
        "[a-h][a-h][1-8]",
        prop::collection::vec(1u8..=50, 3..5).prop_map(|v| v
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("x")),
    ]
}

fn comment_text() -> impl Strategy<Value = String> {
    "[^{}\\x00-\\x08]{0,30}".prop_map(|s| s.trim().to_string())
}

fn node_strategy(line: BoxedStrategy<PdnLine>) -> impl Strategy<Value = PdnNode> {
    (
        prop::option::of((1u32..200, any::<bool>())),
        move_text(),
        prop::collection::vec(any::<u16>(), 0..3),
        prop::collection::vec(comment_text(), 0..2),
        prop::collection::vec(line, 0..2),
    )
        .prop_map(|(number, text, nags, comments, variations)| PdnNode {
            number: number.map(|(n, _)| n),
            ellipsis: number.is_some_and(|(_, e)| e),
            text,
            nags,
            comments,
            variations,
        })
}

fn line_strategy() -> impl Strategy<Value = PdnLine> {
    let leaf = (
        prop::collection::vec(comment_text(), 0..2),
        prop::collection::vec(move_text().prop_map(|t| node(&t)), 0..3),
    )
        .prop_map(|(comments, moves)| PdnLine { comments, moves });
    leaf.prop_recursive(3, 40, 6, |inner| {
        (
            prop::collection::vec(comment_text(), 0..2),
            prop::collection::vec(node_strategy(inner.boxed()), 0..6),
        )
            .prop_map(|(comments, moves)| PdnLine { comments, moves })
    })
}

fn tree_strategy() -> impl Strategy<Value = GameTree> {
    (
        prop::collection::vec(("[A-Z][A-Za-z_]{0,8}", "[^\\n\\r\\x00-\\x08]{0,20}"), 1..4),
        line_strategy(),
        prop::option::of(prop::sample::select(vec![
            "1-0", "0-1", "2-0", "0-2", "1-1", "1/2-1/2", "*", "0:2",
        ])),
    )
        .prop_map(|(tags, main, result)| GameTree {
            tags,
            main,
            result: result.map(str::to_string),
            line: 0,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Writing a tree and reading it back gives the same tree; two trees in
    /// one text are read apart.
    #[test]
    fn write_then_read_is_identity(tree in tree_strategy(), second in tree_strategy()) {
        let text = tree.to_pdn();
        let back = parse_pdn_tree(&text);
        prop_assert_eq!(back.len(), 1, "{}", text);
        let back = back.into_iter().next().unwrap().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(unplaced(back.clone()), tree.clone(), "{}", text);
        prop_assert_eq!(back.to_pdn(), text.clone());
        // A game with no move and no result takes the next game's tags.
        let open = tree.result.is_none() && tree.main.moves.is_empty();
        if open {
            return Ok(());
        }
        let both = format!("{text}\n{}", second.to_pdn());
        let read: Vec<GameTree> = parse_pdn_tree(&both)
            .into_iter()
            .map(|g| g.map(unplaced))
            .collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(format!("{e}\n{both}")))?;
        prop_assert_eq!(read, vec![tree, second]);
    }
}

fn pdn_like_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("(".to_string()),
        Just(")".to_string()),
        Just("{note}".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("1.".to_string()),
        Just("2...".to_string()),
        Just("32-28".to_string()),
        Just("28x19x10".to_string()),
        Just("ed4".to_string()),
        Just("!?".to_string()),
        Just("(!?)".to_string()),
        Just("$3".to_string()),
        Just("*".to_string()),
        Just("1-0".to_string()),
        Just("[Event \"x\"]".to_string()),
        Just("\n".to_string()),
        Just("\n% line\n".to_string()),
        Just("(a note, not moves)".to_string()),
        Just("47x".to_string()),
        "[ -~]{0,3}",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// On any PDN-like text the tree reader does not panic, finds as many
    /// games as parse_pdn, and every tree it reads round-trips.
    #[test]
    fn any_text_reads_and_round_trips(text in pdn_like_text()) {
        let trees = parse_pdn_tree(&text);
        for tree in trees.into_iter().flatten() {
            let written = tree.to_pdn();
            let back: Vec<_> = parse_pdn_tree(&written).into_iter().map(|g| g.map(unplaced)).collect();
            prop_assert_eq!(back, vec![Ok(unplaced(tree))], "{}\n--\n{}", text, written);
        }
    }
}

/// The full-path texts of a game's moves.
fn played(game: &dyn DynGame) -> Vec<String> {
    game.moves().into_iter().map(|m| m.text).collect()
}

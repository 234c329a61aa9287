//! PDN reader robustness: `parse_pdn` and `read_games` must never panic, on
//! any text, and must stay consistent.
//!
//! * `arbitrary_text_never_panics`: strings biased toward PDN (tags, comments,
//!   variations, `%` lines, NAGs, move numbers, moves, results, separators),
//!   mixed with arbitrary Unicode.
//! * `mutated_files_never_panic`: real PDN files with random edits (byte ranges
//!   deleted, inserted or replaced, lines duplicated, truncation at a char
//!   boundary).
//! * Both check the same invariants (`check_text`): error `game` indices are
//!   the 1-based positions of the results, `read_games` returns one result per
//!   game of `parse_pdn` (passing its syntax errors through unchanged), an
//!   accepted game has the variant its tags or the default say and no more
//!   moves than the record, line numbers lie within the text, and reading is
//!   deterministic.
//! * `random_games_round_trip`: random legal games of English, International
//!   and Russian (some from a mid-game `[FEN]`), written by `write_pdn` and
//!   read back by `read_games`, give the same moves.

use draughts::pdn::{parse_pdn, read_games, replay, write_pdn, PdnError, PdnErrorKind};
use draughts::{English, Game, International, Russian, Variant, VariantKind};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Real files used as mutation bases.
const FILES: &[(&str, &str)] = &[
    (
        "alphanumeric",
        include_str!("data/games/pdn_syntax_tests/alphanumeric.pdn"),
    ),
    ("fen", include_str!("data/games/pdn_syntax_tests/fen.pdn")),
    (
        "gameterminator",
        include_str!("data/games/pdn_syntax_tests/gameterminator.pdn"),
    ),
    (
        "linecomment",
        include_str!("data/games/pdn_syntax_tests/linecomment.pdn"),
    ),
    (
        "movestrength",
        include_str!("data/games/pdn_syntax_tests/movestrength.pdn"),
    ),
    (
        "string",
        include_str!("data/games/pdn_syntax_tests/string.pdn"),
    ),
    (
        "unicode",
        include_str!("data/games/pdn_syntax_tests/unicode.pdn"),
    ),
    (
        "variation",
        include_str!("data/games/pdn_syntax_tests/variation.pdn"),
    ),
    (
        "nested_comment",
        include_str!("data/games/pdn_syntax_tests/fail/nested_comment.pdn"),
    ),
    (
        "english_test",
        include_str!("data/games/english/mig0_Games-Checkers/test.pdn"),
    ),
    (
        "russian_test",
        include_str!("data/games/russian/mig0_Games-Checkers/test.pdn"),
    ),
    (
        "international_delfts",
        include_str!("data/games/international/wiegerw_pdn/fail/delfts.pdn"),
    ),
    (
        "brazilian_lidraughts",
        include_str!("data/games/brazilian/py-draughts_lidraughts/brazilian_lidraughts.pdn"),
    ),
];

/// Pieces of PDN the generators glue together.
const TOKENS: &[&str] = &[
    "[GameType \"20\"]\n",
    "[GameType \"21\"]\n",
    "[GameType \"25\"]\n",
    "[GameType \"26\"]\n",
    "[GameType \"20,W,10,10,N2,0\"]\n",
    "[GameType \"40\"]\n",
    "[GameType \"999\"]\n",
    "[GameType \"",
    "[FEN \"W:W31-50:B1-20\"]\n",
    "[FEN \"?:W29,13,11:B22,4,2\"]\n",
    "[FEN \"B:WK4,28:BK11,19.\"]\n",
    "[FEN \"",
    "[Event \"x\"]\n",
    "[Round 17]\n",
    "[Round \"11.1]\n",
    "[White \"a \\\" b \\\\\"]\n",
    "[",
    "]",
    "\"",
    "\\",
    "{",
    "}",
    "{ comment }",
    "(",
    ")",
    "(2... 13x24)",
    "%",
    "% line comment\n",
    "$",
    "$3",
    "$99999",
    "1.",
    "1...",
    "12.",
    "01.",
    "99999999999.",
    "...",
    ".",
    "32-28",
    "19-23",
    "28x19",
    "14x23",
    "11-15",
    "23-19",
    "22-18",
    "47x 9",
    "28x19x10",
    "c3-d4",
    "c3:e5",
    "ed4",
    "cd4",
    "a3b4",
    "c3-b4",
    "b6-a5",
    "f4xd2",
    "e1xc3",
    "K",
    "-",
    "x",
    "X",
    ":",
    "/",
    ",",
    "!",
    "?",
    "!?",
    "2-0",
    "1-1",
    "0-2",
    "1-0",
    "0-1",
    "1/2-1/2",
    "2:0",
    "1:1",
    "0:2",
    "1/2:1/2",
    "*",
    " ",
    "  ",
    "\t",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\u{feff}",
    "\u{a0}",
    "\u{2028}",
    "é",
    "Сергей",
    "高文龙",
    "🂡",
];

const VARIANTS: [VariantKind; 5] = [
    VariantKind::English,
    VariantKind::International,
    VariantKind::Russian,
    VariantKind::Brazilian,
    VariantKind::Turkish,
];

/// A PDN-like fragment.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::sample::select(TOKENS).prop_map(String::from),
        3 => "[0-9]{1,3}",
        2 => "[a-lA-Z]",
        2 => prop::sample::select(&b"[]{}()%$\"\\.-xX:/*!?, \n\t0123456789"[..])
            .prop_map(|b| char::from(b).to_string()),
        1 => any::<char>().prop_map(String::from),
        1 => "(?s).{0,6}",
    ]
}

/// Text made of PDN-like fragments.
fn pdn_like() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..80).prop_map(|v| v.concat())
}

/// Every error's game index is its 1-based position in `results`.
fn check_indices<T>(results: &[Result<T, PdnError>], what: &str) -> Result<(), TestCaseError> {
    for (i, r) in results.iter().enumerate() {
        if let Err(e) = r {
            prop_assert!(
                (1..=results.len()).contains(&e.game),
                "{}: error game index {} out of 1..={}",
                what,
                e.game,
                results.len()
            );
            prop_assert_eq!(e.game, i + 1, "{}: error at position {}: {}", what, i, e);
        }
    }
    Ok(())
}

/// The invariants of `parse_pdn` and `read_games` on `text`.
fn check_text(text: &str, defaults: &[Option<VariantKind>]) -> Result<(), TestCaseError> {
    let max_line = text.matches('\n').count() + 1;
    let parsed = parse_pdn(text);
    check_indices(&parsed, "parse_pdn")?;
    prop_assert_eq!(&parse_pdn(text), &parsed, "parse_pdn is not deterministic");
    let mut last_line = 0;
    for r in &parsed {
        match r {
            Ok(g) => {
                prop_assert!(
                    (1..=max_line).contains(&g.line),
                    "game line {} out of 1..={}",
                    g.line,
                    max_line
                );
                prop_assert!(g.line >= last_line, "games out of order");
                last_line = g.line;
                prop_assert!(g.moves.iter().all(|m| !m.text.is_empty()));
            }
            Err(PdnError {
                kind: PdnErrorKind::Syntax { line, .. },
                ..
            }) => prop_assert!(
                (1..=max_line).contains(line),
                "syntax error line {} out of 1..={}",
                line,
                max_line
            ),
            Err(e) => prop_assert!(false, "parse_pdn gave a non-syntax error: {}", e),
        }
    }
    for &default in defaults {
        let games = read_games(text, default);
        let what = format!("read_games({default:?})");
        check_indices(&games, &what)?;
        prop_assert_eq!(games.len(), parsed.len(), "{}: game count", what);
        for (p, g) in parsed.iter().zip(&games) {
            match (p, g) {
                (Err(pe), Err(ge)) => prop_assert_eq!(pe, ge, "{}", what),
                (Err(pe), Ok(_)) => prop_assert!(false, "{}: accepted {}", what, pe),
                (Ok(pg), Ok(game)) => {
                    prop_assert_eq!(
                        Ok(game.name()),
                        pg.variant(default).map(|k| k.name()),
                        "{}",
                        what
                    );
                    // A capture split into jumps is one move from several.
                    prop_assert!(game.ply_count() <= pg.moves.len(), "{}", what);
                    let again = replay(pg, default).map(|g| texts(&*g));
                    prop_assert_eq!(again, Ok(texts(&**game)), "{}", what);
                }
                (Ok(pg), Err(ge)) => {
                    prop_assert!(
                        !matches!(ge.kind, PdnErrorKind::Syntax { .. }),
                        "{}: syntax error {} for a parsed game",
                        what,
                        ge
                    );
                    prop_assert_eq!(replay(pg, default).err(), Some(ge.kind.clone()), "{}", what);
                }
            }
        }
    }
    Ok(())
}

/// `PROPTEST_CASES` overrides the default number of cases (for longer runs).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn all_defaults() -> Vec<Option<VariantKind>> {
    std::iter::once(None)
        .chain(VariantKind::ALL.into_iter().map(Some))
        .collect()
}

fn some_defaults() -> Vec<Option<VariantKind>> {
    std::iter::once(None)
        .chain(VARIANTS.into_iter().map(Some))
        .collect()
}

/// One random edit of a text, as bytes.
#[derive(Clone, Debug)]
enum Edit {
    Delete {
        at: usize,
        len: usize,
    },
    Insert {
        at: usize,
        bytes: Vec<u8>,
    },
    Replace {
        at: usize,
        len: usize,
        bytes: Vec<u8>,
    },
    DuplicateLines {
        line: usize,
        count: usize,
    },
    SwapLines {
        a: usize,
        b: usize,
    },
    Truncate {
        at: usize,
    },
}

fn insert_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => fragment().prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 1..8),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = any::<usize>;
    prop_oneof![
        3 => (at(), 1..64usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        3 => (at(), insert_bytes()).prop_map(|(at, bytes)| Edit::Insert { at, bytes }),
        3 => (at(), 1..16usize, insert_bytes())
            .prop_map(|(at, len, bytes)| Edit::Replace { at, len, bytes }),
        2 => (at(), 1..4usize).prop_map(|(line, count)| Edit::DuplicateLines { line, count }),
        1 => (at(), at()).prop_map(|(a, b)| Edit::SwapLines { a, b }),
        1 => at().prop_map(|at| Edit::Truncate { at }),
    ]
}

fn apply(text: &mut Vec<u8>, edit: &Edit) {
    let len = text.len();
    let pos = |at: usize| if len == 0 { 0 } else { at % (len + 1) };
    match edit {
        Edit::Delete { at, len: n } => {
            let start = pos(*at);
            let end = (start + n).min(len);
            text.drain(start..end);
        }
        Edit::Insert { at, bytes } => {
            let start = pos(*at);
            text.splice(start..start, bytes.iter().copied());
        }
        Edit::Replace { at, len: n, bytes } => {
            let start = pos(*at);
            let end = (start + n).min(len);
            text.splice(start..end, bytes.iter().copied());
        }
        Edit::DuplicateLines { line, count } => {
            let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let first = line % lines.len();
            let last = (first + count).min(lines.len());
            let copy: Vec<Vec<u8>> = lines[first..last].to_vec();
            lines.splice(last..last, copy);
            *text = lines.join(&b'\n');
        }
        Edit::SwapLines { a, b } => {
            let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let n = lines.len();
            lines.swap(a % n, b % n);
            *text = lines.join(&b'\n');
        }
        Edit::Truncate { at } => {
            // At a char boundary of the text as read (lossily).
            let s = String::from_utf8_lossy(text).into_owned();
            let mut cut = if s.is_empty() { 0 } else { at % (s.len() + 1) };
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            *text = s.as_bytes()[..cut].to_vec();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(768), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in pdn_like()) {
        check_text(&text, &all_defaults())?;
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in "(?s).{0,200}") {
        check_text(&text, &some_defaults())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(384), ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_never_panic(
        file in 0..FILES.len(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let (name, base) = FILES[file];
        let mut bytes = base.as_bytes().to_vec();
        for e in &edits {
            apply(&mut bytes, e);
        }
        let text = String::from_utf8_lossy(&bytes);
        check_text(&text, &some_defaults())
            .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
    }

    /// Several real files glued together (game boundaries without results).
    #[test]
    fn concatenated_files_never_panic(
        parts in prop::collection::vec(0..FILES.len() - 1, 1..5),
        sep in prop::sample::select(&["", "\n", "\n\n", " ", "*", "1-0\n"][..]),
    ) {
        let text: Vec<&str> = parts.iter().map(|&i| FILES[i].1).collect();
        check_text(&text.join(sep), &some_defaults())?;
    }
}

/// Plays up to `choices.len()` random legal moves (distinct mode).
fn play_random<V: Variant>(game: &mut Game<V>, choices: &[u16]) {
    for &c in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(c) % moves.len()].clone();
        game.play(&mv).expect("a legal move plays");
    }
}

fn round_trip<V: Variant>(
    kind: VariantKind,
    prefix: &[u16],
    choices: &[u16],
    event: &str,
) -> Result<(), TestCaseError> {
    // A non-empty prefix moves the start to a mid-game position (`[FEN]`).
    let mut before = Game::<V>::new();
    play_random(&mut before, prefix);
    let mut game = Game::<V>::from_position(*before.position());
    play_random(&mut game, choices);
    let expected: Vec<String> = game.moves().iter().map(ToString::to_string).collect();

    let pdn = write_pdn(&game, &[("Event", event), ("White", "w \"x\" \\ y")]);
    let back = read_games(&pdn, None);
    prop_assert_eq!(back.len(), 1, "{}", pdn);
    let read = match &back[0] {
        Ok(g) => g,
        Err(e) => return Err(TestCaseError::fail(format!("{e}\n{pdn}"))),
    };
    prop_assert_eq!(read.name(), kind.name());
    prop_assert_eq!(texts(read.as_ref()), expected, "{}", pdn);
    // With another default the GameType tag still decides.
    for other in VARIANTS {
        let again = read_games(&pdn, Some(other));
        prop_assert_eq!(again.len(), 1);
        prop_assert_eq!(again[0].as_ref().map(|g| g.name()), Ok(kind.name()));
    }
    let parsed = parse_pdn(&pdn);
    let tags = parsed[0].as_ref().expect("parsed");
    prop_assert_eq!(tags.tag("Event"), Some(event), "{}", pdn);
    prop_assert_eq!(tags.tag("White"), Some("w \"x\" \\ y"));
    Ok(())
}

fn prefix() -> impl Strategy<Value = Vec<u16>> {
    prop_oneof![
        1 => Just(Vec::new()),
        1 => prop::collection::vec(any::<u16>(), 1..40),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(192), ..ProptestConfig::default() })]

    #[test]
    fn english_games_round_trip(
        prefix in prefix(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
        event in "[^\n\r]{0,12}",
    ) {
        round_trip::<English>(VariantKind::English, &prefix, &choices, &event)?;
    }

    #[test]
    fn international_games_round_trip(
        prefix in prefix(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
        event in "[^\n\r]{0,12}",
    ) {
        round_trip::<International>(VariantKind::International, &prefix, &choices, &event)?;
    }

    #[test]
    fn russian_games_round_trip(
        prefix in prefix(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
        event in "[^\n\r]{0,12}",
    ) {
        round_trip::<Russian>(VariantKind::Russian, &prefix, &choices, &event)?;
    }
}

/// The mutation bases themselves read without panicking and consistently.
#[test]
fn mutation_bases_are_consistent() {
    for (name, text) in FILES {
        check_text(text, &all_defaults()).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Regression: `write_pdn` wrote a line break in a tag value as is, and the
/// record did not read back (a PDN string can't span lines).
#[test]
fn tag_value_with_newline_round_trips() {
    let mut game = Game::<English>::new();
    let mv = game.position().parse_move("11-15").unwrap();
    game.play(&mv).unwrap();
    let pdn = write_pdn(&game, &[("Event", "a\nb")]);
    let back = read_games(&pdn, None);
    assert_eq!(back.len(), 1, "{back:?}");
    assert_eq!(texts(&**back[0].as_ref().unwrap()), ["11-15"]);
    // A PDN string can't span lines: the line break is written as a space.
    assert_eq!(
        parse_pdn(&pdn)[0].as_ref().unwrap().tag("Event"),
        Some("a b")
    );
}

/// The full-path texts of a game's moves.
fn texts(game: &dyn draughts::dynamic::DynGame) -> Vec<String> {
    game.moves().into_iter().map(|m| m.text).collect()
}

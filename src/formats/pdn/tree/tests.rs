//! Tests of the game tree: reading, writing, round trips, line errors.

use super::*;

fn tree(text: &str) -> GameTree {
    parse_pdn_tree(text).remove(0).unwrap()
}

fn step(move_index: usize, variation: usize, number: u32, reply: bool) -> Branch {
    Branch {
        move_index,
        variation,
        number,
        reply,
    }
}

#[test]
fn a_path_names_the_variation_and_every_one_it_is_inside_innermost_first() {
    let path = LinePath {
        branches: vec![
            step(3, 0, 9, false),
            step(5, 1, 12, true),
            step(0, 2, 12, true),
        ],
    };
    assert_eq!(
        path.to_string(),
        "variation 3 at 12... (inside variation 2 at 12..., inside variation 1 at 9.)"
    );
    assert_eq!(LinePath::default().to_string(), "the main line");
    assert!(LinePath::default().is_main_line() && !path.is_main_line());
}

#[test]
fn lines_come_main_line_first_then_variations_depth_first_with_their_paths() {
    let t = tree(
        "1. 32-28 (1. 33-29 (1. 34-30)) 19-23 (1... 18-23) (1... 17-22 2. 38-32 (2. 37-32)) *",
    );
    let got: Vec<(Vec<Branch>, Vec<String>)> = t
        .lines()
        .into_iter()
        .map(|(p, g)| (p.branches, g.moves.into_iter().map(|m| m.text).collect()))
        .collect();
    let texts = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        got,
        [
            (vec![], texts(&["32-28", "19-23"])),
            (vec![step(0, 0, 1, false)], texts(&["33-29"])),
            (
                vec![step(0, 0, 1, false), step(0, 0, 1, false)],
                texts(&["34-30"])
            ),
            (vec![step(1, 0, 1, true)], texts(&["32-28", "18-23"])),
            (
                vec![step(1, 1, 1, true)],
                texts(&["32-28", "17-22", "38-32"])
            ),
            (
                vec![step(1, 1, 1, true), step(1, 0, 2, false)],
                texts(&["32-28", "17-22", "37-32"])
            ),
        ]
    );
}

#[test]
fn without_written_numbers_moves_are_counted_from_one() {
    // As the syntax test file writes it: no numbers at all.
    let t = tree("32-28 19-23 28x19 14x23 (13-18 33-29 (34-29)) *");
    let paths: Vec<String> = t.lines().iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(
        paths,
        [
            "the main line",
            "variation 1 at 2...",
            "variation 1 at 3. (inside variation 1 at 2...)"
        ]
    );
}

#[test]
fn a_written_number_resets_the_count() {
    // A game from a position with the second mover to move.
    let t = tree("[FEN \"B:W28,33:B18,19\"]\n17... 19-23 (17... 18-22 33-29 (28-22)) 28x19 *");
    let paths: Vec<String> = t.lines().iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(
        paths,
        [
            "the main line",
            "variation 1 at 17...",
            "variation 1 at 18. (inside variation 1 at 17...)"
        ]
    );
}

#[test]
#[cfg(feature = "dynamic")]
fn the_failing_line_is_named_and_the_others_before_it_replay() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 (1... 18-23 2. 38-32) (1... 17-21 2. 33-29 (2. 31-27) (2. 31-25)) 2. 28x19 *";
    let err = tree(text).replay_lines(None).unwrap_err();
    assert_eq!(
        err.path.branches,
        [step(1, 1, 1, true), step(1, 1, 2, false)]
    );
    assert!(
        matches!(&err.error, PdnErrorKind::Move { number: 2, text, .. } if text == "31-25"),
        "{err:?}"
    );
    assert!(
        err.to_string().starts_with(
            "variation 2 at 2. (inside variation 2 at 1...): move 2 `31-25` (White): "
        ),
        "{err}"
    );
}

#[test]
#[cfg(feature = "dynamic")]
fn a_bad_main_line_is_reported_as_the_main_line() {
    let err = tree("[GameType \"20\"]\n1. 32-28 (1. 33-29) 28-32 *")
        .replay_lines(None)
        .unwrap_err();
    assert!(err.path.is_main_line());
    assert!(
        err.to_string()
            .starts_with("the main line: move 1... `28-32`"),
        "{err}"
    );
}

#[test]
fn replay_lines_with_keeps_the_callers_error() {
    let t = tree("1. 32-28 19-23 (1... 18-24) *");
    let err = t
        .replay_lines_with(|g| {
            if g.moves.len() > 1 && g.moves[1].text == "18-24" {
                Err("no")
            } else {
                Ok(g.moves.len())
            }
        })
        .unwrap_err();
    assert_eq!(
        (err.path.branches.as_slice(), err.error),
        ([step(1, 0, 1, true)].as_slice(), "no")
    );
    assert_eq!(
        t.replay_lines_with(|g| Ok::<_, ()>(g.moves.len())),
        Ok(vec![2, 2])
    );
}

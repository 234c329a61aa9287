//! `draughts replay` on the variations of a game: every line is played by
//! default, `--main-line` plays the main line only.
use std::path::PathBuf;
use std::process::{Command, Output};

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Two International games: the first with variations that replay, the
/// second with `2. 31-25` in a variation inside a variation (31's
/// neighbours forward are 26 and 27: it is no move).
fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/nested_variation.pdn")
}

#[test]
fn an_illegal_move_in_a_nested_variation_fails_the_game_with_the_variations_path() {
    let o = draughts(&["replay", fixture().to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].ends_with("nested_variation.pdn games=2 ok=1 failed=1"),
        "{out}"
    );
    // The second variation of 2. 33-29, which is inside the first variation
    // of 1... 19-23.
    assert!(
        lines[1].contains("nested_variation.pdn: game 2 (line ")
            && lines[1].contains(
                "): variation 2 at 2. (inside variation 1 at 1...): move 2 `31-25` (White): "
            ),
        "{out}"
    );
}

#[test]
fn main_line_only_accepts_a_game_whose_bad_move_is_in_a_variation() {
    let o = draughts(&["replay", "--main-line", fixture().to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.ends_with("nested_variation.pdn games=2 ok=2 failed=0\n"),
        "{out}"
    );
}

#[test]
fn a_bad_main_line_is_worded_as_with_main_line_only() {
    let dir = std::env::temp_dir().join(format!("draughts-replay-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.pdn");
    // White must capture 28x19 at move 2: 33-29 is illegal.
    std::fs::write(
        &bad,
        "[GameType \"20\"]\n1. 32-28 19-23 (1... 18-23) 2. 33-29 *\n",
    )
    .unwrap();
    let every = draughts(&["replay", "-q", bad.to_str().unwrap()]);
    let main = draughts(&["replay", "-q", "--main-line", bad.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    let (every_out, main_out) = (
        String::from_utf8(every.stdout).unwrap(),
        String::from_utf8(main.stdout).unwrap(),
    );
    assert_eq!(
        (every.status.code(), main.status.code()),
        (Some(1), Some(1))
    );
    assert!(
        every_out.contains("): move 2 `33-29` (White): "),
        "{every_out}"
    );
    assert_eq!(every_out, main_out);
}

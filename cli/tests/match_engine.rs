//! `draughts match --engine CMD`: our levels against an external Hub engine
//! — here our own `draughts hub`, started as the external command — with
//! openings from the library's ballots and from a ballot file.
use std::process::Command;

/// Runs `draughts match` with `args`; returns the table's result row.
fn result_row(args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .arg("match")
        .args(args)
        .output()
        .expect("the draughts binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let row = stdout.lines().last().expect("a result row");
    row.split('|')
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect()
}

fn hub_command(level: &str) -> String {
    format!("'{}' hub --level {level}", env!("CARGO_BIN_EXE_draughts"))
}

#[test]
fn a_level_plays_an_external_hub_engine_over_the_english_ballots() {
    let engine = hub_command("easy");
    let row = result_row(&[
        "-v",
        "english",
        "--first",
        "medium",
        "--engine",
        &engine,
        "--engine-level",
        "depth=2",
        "--ballots",
        "english",
        "--games",
        "4",
    ]);
    // | variant | pairing | games | W | D | L | adj | score % | plies/game |
    assert_eq!(row[0], "english", "{row:?}");
    assert!(row[1].starts_with("medium vs draughts"), "{row:?}");
    let n: Vec<u32> = row[2..6].iter().map(|c| c.parse().unwrap()).collect();
    assert_eq!(n[0], 4, "{row:?}");
    assert_eq!(n[1] + n[2] + n[3], 4, "{row:?}");
}

#[test]
fn openings_come_from_a_ballot_file() {
    let dir = std::env::temp_dir().join(format!("draughts-ballot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ballot.txt");
    std::fs::write(
        &file,
        "# two openings\n32-28 18-23\nW:W31,32,33:B18,19,20\n",
    )
    .unwrap();
    let engine = hub_command("very-easy");
    let row = result_row(&[
        "-v",
        "international",
        "--first",
        "easy",
        "--engine",
        &engine,
        "--engine-level",
        "depth=1",
        "--ballots",
        file.to_str().unwrap(),
        "--games",
        "10",
    ]);
    // Two openings, each with both colours: 4 games, whatever --games says.
    assert_eq!(row[2], "4", "{row:?}");
    // A ballot line that is no opening of the variant is an error naming it.
    std::fs::write(&file, "9-13 21-17\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args([
            "match",
            "-v",
            "international",
            "--first",
            "easy",
            "--second",
            "easy",
        ])
        .args(["--ballots", file.to_str().unwrap(), "--games", "2"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("9-13 21-17"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn hard_plays_on_the_real_clock_with_hard_move_time() {
    // Two games of hard (20 ms a move on the clock) against the external
    // engine at the same time per move: each game ends or is adjudicated.
    let engine = hub_command("hard");
    let row = result_row(&[
        "-v",
        "english",
        "--first",
        "hard",
        "--hard-move-time",
        "0.02",
        "--engine",
        &engine,
        "--engine-level",
        "move-time=0.02",
        "--games",
        "2",
        "--max-plies",
        "40",
    ]);
    let n: Vec<u32> = row[2..6].iter().map(|c| c.parse().unwrap()).collect();
    assert_eq!((n[0], n[1] + n[2] + n[3]), (2, 2), "{row:?}");
}

#[test]
fn a_bad_hard_move_time_is_one_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["match", "-v", "english", "--hard-move-time", "0"])
        .output()
        .expect("the draughts binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not a time from 0.001 to 3600 seconds"),
        "{err}"
    );
}

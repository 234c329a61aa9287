//! `draughts egdb`: build 3-piece English into a directory, probe known
//! positions, verify, rebuild (nothing to do), and the errors.
use std::path::Path;
use std::process::{Command, Output};

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("run draughts")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn probe(dir: &Path, fen: &str) -> Output {
    draughts(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--dir",
        dir.to_str().unwrap(),
        "--fen",
        fen,
    ])
}

#[test]
fn egdb_build_probe_verify_english_3_pieces() {
    let dir = std::env::temp_dir().join(format!("draughts-egdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let o = draughts(&[
        "egdb",
        "build",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--out",
        d,
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // 1 + 2 + 3 pieces: 4 + 10 + 20 slices, one file each, no temporary left.
    let files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 34, "{files:?}");
    assert!(files.iter().all(|f| f.ends_with(".egdb")), "{files:?}");
    assert!(stderr(&o).contains("positions/s"), "{}", stderr(&o));

    // Two kings beat one (checkers theory).
    let o = probe(&dir, "W:WK1,K2:BK32");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).split_whitespace().next(), Some("win"));
    // The kings in the single corners: White wins in 11 plies (a plain
    // minimax in tests/egdb.rs agrees), by its only move 4-8.
    let o = probe(&dir, "W:WK4:BK29");
    assert_eq!(stdout(&o).trim(), "win 11 4-8");
    // Black to move there is the other side of it: the double corner holds.
    let o = probe(&dir, "B:WK1:BK32");
    assert_eq!(stdout(&o).split_whitespace().next(), Some("draw"));
    // A capture to make: answered from the smaller slice.
    let o = probe(&dir, "W:WK14:BK9,K32");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("14x5"), "{}", stdout(&o));

    // A 4-piece position: its slice is named.
    let o = probe(&dir, "W:WK1,K2:BK31,K32");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("wm0wk2bm0bk2"), "{}", stderr(&o));

    let o = draughts(&["egdb", "verify", "--variant", "english", "--dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ok: 34 slices"), "{}", stdout(&o));

    // Resumable: a second build keeps every file.
    let o = draughts(&[
        "egdb",
        "build",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--out",
        d,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("34 of 34 slices already built"),
        "{}",
        stderr(&o)
    );

    // Another variant's files are refused, with the file named.
    let o = draughts(&["egdb", "verify", "--variant", "russian", "--dir", d]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("english"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn egdb_probe_errors_are_one_line() {
    let o = draughts(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--dir",
        "/nonexistent-egdb",
        "--fen",
        "W:WK1:BK2",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no such directory"), "{}", stderr(&o));
    let o = draughts(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--dir",
        ".",
        "--fen",
        "W:WK99",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bad FEN"), "{}", stderr(&o));
}

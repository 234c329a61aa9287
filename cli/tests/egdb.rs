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

    // Many positions in one call, a line of answer each, in order: from
    // repeated --fen, and from standard input with `--fen -`; one that
    // cannot be answered gets an `error:` line and the status says so.
    let fens = ["W:WK4:BK29", "W:WK99", "B:WK1:BK32", "W:WK1,K2:BK31,K32"];
    let mut args = vec!["egdb", "probe", "--variant", "english", "--dir", d];
    for f in &fens {
        args.extend(["--fen", f]);
    }
    let o = draughts(&args);
    assert!(!o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], "win 11 4-8");
    assert!(lines[1].starts_with("error: bad FEN"), "{lines:?}");
    assert!(lines[2].starts_with("draw "), "{lines:?}");
    assert!(
        lines[3].starts_with("error: ") && lines[3].contains("wm0wk2bm0bk2"),
        "{lines:?}"
    );
    assert!(stderr(&o).contains("2 of 4 positions"), "{}", stderr(&o));
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args([
            "egdb",
            "probe",
            "--variant",
            "english",
            "--dir",
            d,
            "--fen",
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        child.stdin.as_mut().unwrap(),
        b"W:WK4:BK29\n\nB:WK1:BK32\nW:WK1,K2:BK32\n",
    )
    .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "win 11 4-8");
    assert!(lines[1].starts_with("draw "), "{lines:?}");
    assert!(lines[2].starts_with("win "), "{lines:?}");

    let o = draughts(&["egdb", "verify", "--variant", "english", "--dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ok: 34 slices"), "{}", stdout(&o));
    assert!(stderr(&o).contains("[34/34] "), "{}", stderr(&o));

    // Part of a check: the named slices only, in build order, on one thread.
    #[rustfmt::skip]
    let o = draughts(&[
        "egdb", "verify", "--variant", "english", "--dir", d, "--threads", "1",
        "--slice", "wm1wk0bm0bk2", "--slice", "wm0wk1bm0bk1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ok: 2 slices, "), "{}", stdout(&o));
    let err = stderr(&o);
    // King against king: 992 positions a side to move.
    assert!(err.contains("[1/2] wm0wk1bm0bk1: 1984 positions"), "{err}");
    assert!(err.contains("[2/2] wm1wk0bm0bk2:"), "{err}");
    // A slice that is not in the directory is named.
    #[rustfmt::skip]
    let o = draughts(&[
        "egdb", "verify", "--variant", "english", "--dir", d, "--slice", "wm2wk0bm0bk2",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("wm2wk0bm0bk2"), "{}", stderr(&o));

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

/// A build stopped part way (here: 2 pieces, then 3 with some 3-piece
/// files removed) takes up where it stopped, reading the slices it needs
/// from their files, and gives the same files as one build from nothing.
#[test]
fn egdb_build_resumes_from_the_files_it_finds() {
    let base = std::env::temp_dir().join(format!("draughts-egdb-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (whole, parts) = (base.join("whole"), base.join("parts"));
    let run_build = |dir: &Path, pieces: &str| {
        draughts(&[
            "egdb",
            "build",
            "--variant",
            "russian",
            "--pieces",
            pieces,
            "--out",
            dir.to_str().unwrap(),
            "--threads",
            "1",
        ])
    };
    let build = |dir: &Path, pieces: &str| {
        let o = run_build(dir, pieces);
        assert!(o.status.success(), "{}", stderr(&o));
        stderr(&o)
    };
    build(&whole, "3");
    build(&parts, "3");
    // Remove five 3-piece slices, as if the build had been stopped before
    // them.
    let gone = [
        "wm2wk0bm1bk0",
        "wm1wk0bm2bk0",
        "wm0wk0bm3bk0",
        "wm3wk0bm0bk0",
        "wm1wk1bm1bk0",
    ];
    for g in gone {
        std::fs::remove_file(parts.join(format!("{g}.egdb"))).unwrap();
    }
    let log = build(&parts, "3");
    assert!(log.contains("29 of 34 slices already built, kept"), "{log}");
    for entry in std::fs::read_dir(&whole).unwrap() {
        let name = entry.unwrap().file_name();
        let a = std::fs::read(whole.join(&name)).unwrap();
        let b = std::fs::read(parts.join(&name)).unwrap();
        assert!(a == b, "{name:?} differs");
    }
    // A slice file that holds another slice is refused, naming the file.
    std::fs::copy(
        whole.join("wm1wk0bm0bk1.egdb"),
        parts.join("wm0wk1bm0bk1.egdb"),
    )
    .unwrap();
    std::fs::remove_file(parts.join("wm1wk1bm1bk0.egdb")).unwrap();
    let o = run_build(&parts, "3");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("holds slice wm1wk0bm0bk1, not wm0wk1bm0bk1"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// `egdb layers` lists every slice once, layer by layer, and building the
/// layers in that order one slice at a time (`build --slice`, as separate
/// processes would) gives the files of one whole build; a slice whose
/// reads are missing is refused, naming the missing file.
#[test]
fn egdb_layers_build_slice_by_slice() {
    let base = std::env::temp_dir().join(format!("draughts-egdb-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (whole, split) = (base.join("whole"), base.join("split"));
    let o = draughts(&[
        "egdb",
        "build",
        "-v",
        "czech",
        "--pieces",
        "3",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = draughts(&["egdb", "layers", "--pieces", "3"]);
    assert!(o.status.success());
    let layers: Vec<Vec<String>> = stdout(&o)
        .lines()
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect();
    // Layers by pieces and men: 1 piece 0/1 men; 2 pieces 0/1/2; 3 pieces 0-3.
    assert_eq!(layers.len(), 2 + 3 + 4);
    let names: Vec<&String> = layers.iter().flatten().collect();
    assert_eq!(names.len(), 34);
    let build_slice = |name: &str| {
        draughts(&[
            "egdb",
            "build",
            "-v",
            "czech",
            "--out",
            split.to_str().unwrap(),
            "--slice",
            name,
        ])
    };
    // A 3-piece slice before its reads: refused, nothing written.
    let o = build_slice("wm1wk1bm1bk0");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("must be built first"), "{}", stderr(&o));
    assert!(!split.join("wm1wk1bm1bk0.egdb").exists());
    for layer in &layers {
        for name in layer {
            let o = build_slice(name);
            assert!(o.status.success(), "{name}: {}", stderr(&o));
        }
    }
    for name in names {
        let file = format!("{name}.egdb");
        assert!(
            std::fs::read(whole.join(&file)).unwrap() == std::fs::read(split.join(&file)).unwrap(),
            "{file} differs"
        );
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// `egdb compress` rewrites a built directory in the compressed form,
/// byte for byte what `build --compress` writes; probe and verify read it
/// and answer as before; a second compress changes nothing.
#[test]
fn egdb_compress_and_build_compressed_agree() {
    let base = std::env::temp_dir().join(format!("draughts-egdb-z-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (plain, packed) = (base.join("plain"), base.join("packed"));
    let (p, z) = (plain.to_str().unwrap(), packed.to_str().unwrap());
    for (dir, extra) in [(p, None), (z, Some("--compress"))] {
        let mut args = vec![
            "egdb",
            "build",
            "--variant",
            "english",
            "--pieces",
            "3",
            "--out",
            dir,
        ];
        args.extend(extra);
        let o = draughts(&args);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let fens = [
        "W:WK1,K2:BK32",
        "W:WK4:BK29",
        "B:WK1:BK32",
        "W:WK14:BK9,K32",
        "B:W9,K14:BK32",
    ];
    let before: Vec<String> = fens.iter().map(|f| stdout(&probe(&plain, f))).collect();
    let size = |dir: &Path| -> u64 {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len())
            .sum()
    };
    let plain_size = size(&plain);
    let o = draughts(&["egdb", "compress", "--variant", "english", "--dir", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("34 slices (34 compressed now)"),
        "{}",
        stdout(&o)
    );
    assert!(
        size(&plain) * 3 < plain_size,
        "{} -> {}",
        plain_size,
        size(&plain)
    );
    for e in std::fs::read_dir(&plain).unwrap() {
        let path = e.unwrap().path();
        let other = packed.join(path.file_name().unwrap());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            std::fs::read(&other).unwrap(),
            "{path:?}"
        );
    }
    let after: Vec<String> = fens.iter().map(|f| stdout(&probe(&plain, f))).collect();
    assert_eq!(before, after);
    assert!(before[1].starts_with("win 11"), "{}", before[1]);
    let o = draughts(&["egdb", "verify", "--variant", "english", "--dir", z]);
    assert!(stdout(&o).starts_with("ok: 34 slices"), "{}", stderr(&o));
    let o = draughts(&["egdb", "compress", "--variant", "english", "--dir", p]);
    assert!(
        stdout(&o).starts_with("34 slices (0 compressed now)"),
        "{}",
        stdout(&o)
    );
    // Russian is refused before anything is written.
    let o = draughts(&["egdb", "compress", "--variant", "russian", "--dir", z]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("english"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&base);
}

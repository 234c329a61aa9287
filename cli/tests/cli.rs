//! The `draughts` binary end to end: output formats, exit statuses, and
//! counts against the published reference table of the library's tests.
use std::process::{Command, Output};

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Rows of tests/data/reference.tsv: variant, mode, fen, depth, nodes.
fn reference() -> Vec<(String, String, String, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/reference.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].to_string(),
                f[3].parse().unwrap(),
                f[4].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn perft_lines_match_the_reference_table_up_to_a_million_nodes() {
    let mut checked = 0;
    for (variant, mode, fen, depth, nodes) in reference() {
        if nodes > 1_000_000 {
            continue;
        }
        let d = depth.to_string();
        let mut args = vec!["perft", "-v", &variant, "-d", &d, "--only", "--fen", &fen];
        if mode == "routes" {
            args.push("--routes");
        }
        let o = draughts(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        let line = out.lines().next().unwrap();
        assert!(
            line.starts_with(&format!("d={depth} nodes={nodes} time=")) && line.contains(" nps="),
            "{args:?}: {line}"
        );
        checked += 1;
    }
    assert!(checked > 100, "only {checked} rows checked");
}

#[test]
fn perft_prints_every_depth_of_a_range_in_the_example_format() {
    let o = draughts(&["perft", "-v", "international", "-d", "3..5", "-t", "2"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (line, (d, n)) in lines.iter().zip([(3, 658), (4, 4265), (5, 27117)]) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(
            fields[..2],
            [format!("d={d}"), format!("nodes={n}")],
            "{line}"
        );
        assert!(fields[2].starts_with("time=") && fields[3].starts_with("nps="));
        assert_eq!(fields.len(), 4);
    }
    // 1..N by default; stderr stays empty when it is not a terminal.
    let o = draughts(&["perft", "-v", "english", "-d", "4", "--hash", "8"]);
    assert_eq!(stdout(&o).lines().count(), 4);
    assert_eq!(stderr(&o), "");
}

#[test]
fn perft_json_is_one_document() {
    let o = draughts(&["perft", "-v", "russian", "-d", "4", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["variant"], "russian");
    assert_eq!(doc["mode"], "distinct");
    let counts: Vec<u64> = doc["perft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [7, 49, 302, 1469]);
}

#[test]
fn divide_lists_root_moves_and_the_total() {
    let o = draughts(&["divide", "-v", "english", "-d", "5", "-t", "2"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    let sum: u64 = lines[..7]
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 7361);
    assert!(lines[0].starts_with("9-13 ") || lines[0].contains('-'));
    assert!(lines[7].starts_with("d=5 nodes=7361 time="), "{}", lines[7]);
    let o = draughts(&["divide", "-v", "english", "-d", "5", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["nodes"], 7361);
    assert_eq!(doc["moves"].as_array().unwrap().len(), 7);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    let cases: &[&[&str]] = &[
        &["perft", "-v", "english", "-d", "3", "--fen", "W:W99:B1"],
        &["divide", "-v", "english", "-d", "3", "--fen", "nonsense"],
        &["moves", "-v", "english", "--fen", "X:W1:B2"],
        &[
            "perft", "split", "-v", "english", "--depth", "4", "--total", "3",
        ],
        &["perft", "unit", "unit 0 english distinct W:W:B 1"],
        &["perft", "unit", "unit 0 english sideways W:W21:B1 1 1"],
        &["perft", "merge", "/nonexistent/units.txt"],
        &["replay", "/nonexistent/games.pdn"],
    ];
    for args in cases {
        let o = draughts(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("draughts: "), "{args:?}: {err}");
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    // Flag errors come from clap: status 2 too, with a usage hint.
    for args in [
        &["perft", "-v", "checkers9", "-d", "3"][..],
        &["perft", "-v", "english", "-d", "x"],
        &["perft", "-v", "english", "-d", "3", "--threads", "0"],
        &["perft", "-v", "english"],
        &["play"],
    ] {
        let o = draughts(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with("error: "), "{args:?}");
    }
}

#[test]
fn every_subcommand_has_help() {
    for sub in [
        &["perft"][..],
        &["divide"],
        &["moves"],
        &["replay"],
        &["play"],
        &["perft", "split"],
        &["perft", "unit"],
        &["perft", "merge"],
    ] {
        let mut args = sub.to_vec();
        args.push("--help");
        let o = draughts(&args);
        assert!(o.status.success(), "{args:?}");
        assert!(stdout(&o).contains("Usage: draughts"), "{args:?}");
    }
}

#[test]
fn replay_reports_each_failing_game_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("draughts-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.pdn");
    let bad = dir.join("bad.pdn");
    std::fs::write(
        &good,
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n",
    )
    .unwrap();
    std::fs::write(
        &bad,
        "[GameType \"20\"]\n1. 32-28 19-23 *\n\n[GameType \"20\"]\n1. 32-28 19-23 2. 33-29 *\n\n[GameType \"99\"]\n1. 32-28 *\n",
    )
    .unwrap();
    let o = draughts(&["replay", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).ends_with("good.pdn games=1 ok=1 failed=0\n"),
        "{}",
        stdout(&o)
    );
    let o = draughts(&["replay", good.to_str().unwrap(), bad.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1].ends_with("bad.pdn games=3 ok=1 failed=2"), "{out}");
    // White must capture 28x19 at move 2: 33-29 is illegal.
    assert!(
        lines[2].contains("bad.pdn: game 2 (line ") && lines[2].contains("move 2 `33-29`"),
        "{out}"
    );
    assert!(
        lines[3].contains("game 3 (line ") && lines[3].contains("unsupported GameType `99`"),
        "{out}"
    );
}

#[test]
fn moves_lists_the_legal_moves() {
    let o = draughts(&["moves", "-v", "russian", "--fen", "W:Wh6:Bg7,c5,d2"]);
    assert_eq!(stdout(&o), "h6xf8xb4xe1\n");
}

#[test]
fn play_reads_moves_and_commands_from_stdin() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["play", "-v", "international", "--ascii"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"32-28\n19-23\n28x19\nmoves\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("White plays 32-28") && out.contains("Black plays 19-23"),
        "{out}"
    );
    assert!(out.contains("White plays 28x19"), "{out}");
    // Black must recapture: 14x23 or 13x24.
    assert!(
        out.contains("13x24 14x23") || out.contains("14x23 13x24"),
        "{out}"
    );
}

#[test]
fn moves_can_be_written_short() {
    let o = draughts(&[
        "moves",
        "-v",
        "international",
        "--fen",
        "W:W28:B23,13",
        "--short",
    ]);
    assert_eq!(stdout(&o), "28x8\n");
    let o = draughts(&["moves", "-v", "international", "--fen", "W:W28:B23,13"]);
    assert_eq!(stdout(&o), "28x19x8\n");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // About 150 KB of units: more than a pipe holds, so the writer is still
    // writing when the reader goes away (as with `| head -1`).
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args([
            "perft",
            "split",
            "-v",
            "international",
            "--depth",
            "4",
            "--total",
            "5",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(141));
    assert_eq!(stderr(&o), "", "no panic, no message");
}

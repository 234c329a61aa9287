//! The `draughts` binary end to end: output formats, exit statuses, and
//! counts against the published reference table of the library's tests.
use draughts::{perft_in, English, MoveMode, Position, Variant};
use std::process::{Command, Output};

fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    perft_in(pos, depth, MoveMode::Distinct)
}

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
    // Each line names a legal move of the start position, each move once,
    // with its count one ply down.
    let pos = Position::<English>::start();
    let mut want: Vec<(String, u64)> = pos
        .legal_moves()
        .iter()
        .map(|m| (m.to_string(), perft(&pos.play(m), 4)))
        .collect();
    let mut got: Vec<(String, u64)> = lines[..7]
        .iter()
        .map(|l| {
            let (m, n) = l.rsplit_once(' ').unwrap();
            (m.to_string(), n.parse().unwrap())
        })
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
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
    // Flag errors (clap's) are one line too, status 2, with clap's message
    // and the help command to read.
    let flag_cases: &[(&[&str], &str)] = &[
        (
            &["perft", "-v", "checkers9", "-d", "3"],
            "invalid value 'checkers9' for '--variant <VARIANT>'",
        ),
        (
            &["perft", "-v", "english", "-d", "x"],
            "invalid value 'x' for '--depth <DEPTH>'",
        ),
        (
            &["perft", "-v", "english", "-d", "3", "--threads", "0"],
            "invalid value '0' for '--threads <THREADS>'",
        ),
        (
            &["perft", "-v", "english"],
            "the following required arguments were not provided: --depth <DEPTH>",
        ),
        (
            &["perft", "--bogus"],
            "unexpected argument '--bogus' found; tip: ",
        ),
        (
            &["play"],
            "the following required arguments were not provided: --variant <VARIANT>",
        ),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (
            &[],
            "a command is required: perft, divide, moves, analyse, hub, dxp, match, replay, play",
        ),
        (
            &["perft", "unit", "--part", "1/2"],
            "the following required arguments were not provided: --file <FILE>",
        ),
    ];
    for &(args, message) in flag_cases {
        let o = draughts(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("draughts: {message}")),
            "{args:?}: {err}"
        );
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    // The hint names the subcommand's help.
    let o = draughts(&["perft", "split", "-v", "english", "-d", "2", "--total", "y"]);
    assert!(
        stderr(&o).ends_with("(see `draughts perft split --help`)\n"),
        "{}",
        stderr(&o)
    );
    // Help is still help: the whole text on stdout, status 0.
    let o = draughts(&["perft", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Usage: draughts perft"));
}

#[test]
fn every_depth_past_the_bound_is_refused_alike() {
    let message = "depth 99 is beyond any count this program can finish (at most 64)";
    let cases: &[&[&str]] = &[
        &["perft", "-v", "english", "-d", "99"],
        &["perft", "-v", "english", "-d", "3..99"],
        &["divide", "-v", "english", "-d", "99"],
        &[
            "perft", "split", "-v", "english", "-d", "2", "--total", "99",
        ],
        &[
            "perft",
            "unit",
            "unit 0 english distinct B:W21-32:B1-12 99 1",
        ],
    ];
    for args in cases {
        let o = draughts(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    // A units file with such a line names the file and the line.
    let dir = std::env::temp_dir().join(format!("draughts-bound-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let units = dir.join("units.txt");
    std::fs::write(
        &units,
        "unit 0 english distinct B:W21-32:B1-12 3 1\nunit 1 english distinct B:W21-32:B1-12 99 1\n",
    )
    .unwrap();
    let o = draughts(&["perft", "unit", "--file", units.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!("draughts: {} line 2: {message}", units.display())),
        "{}",
        stderr(&o)
    );
}

#[test]
fn divide_at_depth_0_agrees_with_perft() {
    let o = draughts(&["perft", "-v", "international", "-d", "0"]);
    assert!(stdout(&o).starts_with("d=0 nodes=1 "), "{}", stdout(&o));
    let o = draughts(&["divide", "-v", "international", "-d", "0"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("d=0 nodes=1 "), "{out}");
    let o = draughts(&["divide", "-v", "international", "-d", "0", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["nodes"], 1);
    assert_eq!(doc["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn a_part_count_of_zero_is_named() {
    let dir = std::env::temp_dir().join(format!("draughts-part-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let units = dir.join("units.txt");
    std::fs::write(&units, "unit 0 english distinct B:W21-32:B1-12 1 1\n").unwrap();
    let file = units.to_str().unwrap();
    let o = draughts(&["perft", "unit", "--file", file, "--part", "1/0"]);
    let o2 = draughts(&["perft", "unit", "--file", file, "--part", "3/2"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "draughts: --part 1/0: the part count P of I/P must be at least 1\n"
    );
    assert_eq!(
        stderr(&o2),
        "draughts: --part 3/2: the part number I must be between 1 and 2\n"
    );
}

#[test]
fn merge_names_the_file_and_the_line_and_spots_a_cut_off_line() {
    let dir = std::env::temp_dir().join(format!("draughts-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let o = draughts(&[
        "perft",
        "split",
        "-v",
        "english",
        "-d",
        "2",
        "--total",
        "5",
        "-o",
        &path("units.txt"),
    ]);
    assert!(o.status.success());
    let o = draughts(&["perft", "unit", "--file", &path("units.txt")]);
    let results = stdout(&o);
    let lines: Vec<&str> = results.lines().collect();
    assert!(lines.len() > 10);
    std::fs::write(path("1.txt"), lines[..5].join("\n") + "\n").unwrap();
    std::fs::write(path("2.txt"), lines[5..].join("\n") + "\n").unwrap();
    let merge = |files: &[&str]| {
        let mut args = vec!["perft".to_string(), "merge".into(), path("units.txt")];
        args.extend(files.iter().map(|f| path(f)));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        draughts(&args)
    };
    let o = merge(&["1.txt", "2.txt"]);
    assert_eq!(
        stdout(&o),
        format!(
            "d=5 nodes={} units={}\n",
            perft(&Position::<English>::start(), 5),
            lines.len()
        )
    );
    // A stray line in the second file: that file's line 3.
    let mut second: Vec<&str> = lines[5..].to_vec();
    second.insert(2, "slurmstepd: error: *** JOB 7 CANCELLED ***");
    std::fs::write(path("2.txt"), second.join("\n") + "\n").unwrap();
    let o = merge(&["1.txt", "2.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "draughts: {} line 3: not a result line: `slurmstepd: error: *** JOB 7 CANCELLED ***`\n",
            path("2.txt")
        )
    );
    // The second file cut off in its last count.
    let text = lines[5..].join("\n");
    std::fs::write(path("2.txt"), &text[..text.len() - 1]).unwrap();
    let o = merge(&["1.txt", "2.txt"]);
    let err = stderr(&o);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.starts_with(&format!(
            "draughts: {} line {}: incomplete line",
            path("2.txt"),
            lines.len() - 5
        )),
        "{err}"
    );
}

#[test]
fn moves_says_when_there_are_none() {
    // White has no pieces: the game is over.
    let o = draughts(&["moves", "-v", "english", "--fen", "W:W:B1"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "draughts: White has no legal moves: the game is over (Black wins: White has no pieces left)\n"
    );
    // Blocked: White's man on 32 faces Black men on 27 and 28, with 23 and
    // 24 behind them, so it can neither step nor jump.
    let o = draughts(&[
        "moves",
        "-v",
        "english",
        "--fen",
        "W:W32:B27,28,23,24",
        "--short",
    ]);
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "draughts: White has no legal moves: the game is over (Black wins: White cannot move)\n"
    );
}

#[test]
fn hub_errors_name_the_variant_without_an_article() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["hub", "-v", "english"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"pos pos=Wxyz\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        stdout(&o),
        "error message=\"english positions have 33 characters (side to move and 32 squares), not 4\"\n"
    );
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

/// The score text of `analyse` (`+0.08`, `-1.50`, `win in 5`, `loss in 2`)
/// as a number: men for the side to move, or ±(1000 - plies) for a win/loss.
fn parse_score(text: &str) -> f64 {
    let text = text.trim();
    if let Some(n) = text.strip_prefix("win in ") {
        1000.0 - n.parse::<f64>().unwrap()
    } else if let Some(n) = text.strip_prefix("loss in ") {
        n.parse::<f64>().unwrap() - 1000.0
    } else {
        assert!(text.starts_with(['+', '-']), "score `{text}` has a sign");
        text.parse()
            .unwrap_or_else(|_| panic!("score `{text}` is a number"))
    }
}

#[test]
fn analyse_prints_the_libraries_best_move_and_score() {
    use draughts::engine::{Engine, Hooks, Limits, NoClock};
    use draughts::{Game, Russian};
    // Black to move after 1. c3-d4 (a single legal move would end the
    // search at depth 1, so the position has several).
    let fen_moves = "c3-d4";
    let o = draughts(&["analyse", "-v", "russian", "-d", "6", "--moves", fen_moves]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // One progress line per depth 1..=6, then the result.
    assert_eq!(lines.len(), 7, "{out}");
    for (d, line) in lines[..6].iter().enumerate() {
        assert!(line.starts_with(&format!("depth {:>2} ", d + 1)), "{line}");
    }
    let best = lines[6];
    let rest = best.strip_prefix("best ").expect(best);
    let (mv, rest) = rest.split_once(" score ").unwrap();
    let (score, rest) = rest.split_once(" depth ").unwrap();
    assert!(rest.starts_with("6 nodes "), "{best}");
    let mut game = Game::<Russian>::new();
    for m in fen_moves.split(' ') {
        game.play_text(m).unwrap();
    }
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(legal.contains(&mv.to_string()), "{mv} is not in {legal:?}");
    parse_score(score);
    // The same search through the library gives the same move and score.
    let mut engine = Engine::with_tt_mib(64);
    let r = engine.search(&game, &Limits::depth(6), Hooks::with_clock(&NoClock));
    assert_eq!(mv, r.best.unwrap().to_string());
    assert_eq!(score, r.score.to_string());

    // --all: every legal move once with a score, best first, the library's.
    let o = draughts(&["analyse", "-v", "english", "-d", "4", "--all"]);
    let out = stdout(&o);
    let rows: Vec<(String, String)> = out
        .lines()
        .skip_while(|l| !l.starts_with("depth 4 nodes "))
        .skip(1)
        .map(|l| {
            let (m, s) = l.split_once(' ').unwrap();
            (m.to_string(), s.trim().to_string())
        })
        .collect();
    let game = Game::<English>::new();
    let mut names: Vec<String> = rows.iter().map(|(m, _)| m.clone()).collect();
    let mut legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    names.sort();
    legal.sort();
    assert_eq!(names, legal, "{out}");
    let scores: Vec<f64> = rows.iter().map(|(_, s)| parse_score(s)).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {out}");
    let a = Engine::with_tt_mib(64).analyse(&game, &Limits::depth(4), Hooks::with_clock(&NoClock));
    let want: Vec<(String, String)> = a
        .moves
        .iter()
        .map(|(m, s)| (m.to_string(), s.to_string()))
        .collect();
    assert_eq!(rows, want);
}

/// The one table row of a `draughts match` run: (games, W, D, L).
fn match_row(args: &[&str]) -> (u32, u32, u32, u32) {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    let o = draughts(&all);
    assert!(o.status.success(), "{all:?}: {}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("| variant | pairing | games | W | D | L |"),
        "{out}"
    );
    let cells: Vec<&str> = lines[2].split('|').map(str::trim).collect();
    let n = |i: usize| cells[i].parse::<u32>().unwrap();
    let (games, w, d, l) = (n(3), n(4), n(5), n(6));
    assert_eq!(w + d + l, games, "{out}");
    let score: f64 = cells[8].parse().unwrap();
    let want = 100.0 * (w as f64 + d as f64 / 2.0) / games as f64;
    assert!((score - want).abs() < 0.06, "{out}");
    (games, w, d, l)
}

#[test]
fn match_plays_the_games_asked_for_with_both_colours() {
    // 5 games round up to 6: three openings, each with both colours.
    let (games, ..) = match_row(&["-v", "english", "-a", "easy", "-b", "very-easy", "-g", "5"]);
    assert_eq!(games, 6);
    let o = draughts(&[
        "match",
        "-v",
        "english",
        "-a",
        "easy",
        "-b",
        "very-easy",
        "-g",
        "2",
    ]);
    let row = stdout(&o);
    assert!(row.contains("| english | easy vs very easy | 2 |"), "{row}");
    // The same seed gives the same table; threads do not change it.
    let args = [
        "match", "-v", "italian", "-a", "easy", "-b", "random", "-g", "4", "--seed", "9",
    ];
    let one = stdout(&draughts(&args));
    let mut two = args.to_vec();
    two.extend(["-t", "2"]);
    assert_eq!(one, stdout(&draughts(&two)));
    // --first is required without --ladder: one line, status 2.
    let o = draughts(&["match", "-v", "english", "-b", "easy"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "draughts: --first (or --ladder) is required\n");
}

#[test]
fn a_stronger_level_beats_a_weaker_one() {
    // hard (a 2,000-node budget stands for its time, so the games are quick
    // and the same on every machine) against very easy, seeded: hard must
    // score at least 75% with either player listed first.
    let hard = ["-a", "hard", "-b", "very-easy"];
    let easy = ["-a", "very-easy", "-b", "hard"];
    for (order, hard_first) in [(hard, true), (easy, false)] {
        let mut args = vec![
            "-v",
            "international",
            "-g",
            "6",
            "--hard-nodes",
            "2000",
            "--seed",
            "3",
        ];
        args.extend(order);
        let (games, w, d, l) = match_row(&args);
        assert_eq!(games, 6);
        let (hw, hl) = if hard_first { (w, l) } else { (l, w) };
        assert!(hw > hl, "{args:?}: hard won {hw}, lost {hl}, drew {d}");
        assert!(2 * hw + d >= 9, "{args:?}: hard scored {hw}+{d}/2 of 6");
    }
}

/// `--pdn FILE`: every game is appended as it ends, and replays; its result
/// agrees with the table, its `Round` says which colour the first player
/// had, and a game cut off at `--max-plies` says so in `Termination`.
#[test]
fn match_writes_every_game_to_a_pdn_file() {
    let dir = std::env::temp_dir().join(format!("draughts-match-pdn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pdn");
    let _ = std::fs::remove_file(&path);
    let file = path.to_str().unwrap();
    // easy against random in Russian, then these arguments.
    let with = |rest: &[&'static str]| {
        let mut all = vec!["-v", "russian", "-a", "easy", "-b", "random"];
        all.extend_from_slice(rest);
        all
    };
    let (games, w, d, l) =
        match_row(&[with(&["-g", "4", "-t", "2"]), vec!["--pdn", file]].concat());
    // A second run appends: two games cut off at 12 plies.
    let (games2, _, d2, _) =
        match_row(&[with(&["-g", "2", "--max-plies", "12"]), vec!["--pdn", file]].concat());
    assert_eq!((games2, d2), (2, 2));
    let text = std::fs::read_to_string(&path).unwrap();
    let records = draughts::pdn::parse_pdn(&text);
    assert_eq!(records.len() as u32, games + games2, "{text}");
    let (mut fw, mut fd, mut fl) = (0, 0, 0);
    for (i, record) in records.iter().enumerate() {
        let record = record.as_ref().unwrap();
        let game = draughts::pdn::replay(record, None).unwrap();
        let tag = |name: &str| record.tag(name).unwrap_or_else(|| panic!("{name}: {text}"));
        let first_white = tag("Round").ends_with(".1");
        assert_eq!(tag(if first_white { "White" } else { "Black" }), "easy");
        if i < games as usize {
            assert!(game.outcome().is_some(), "{text}");
            assert_eq!(tag("Result"), game.outcome().unwrap().pdn_result());
            match (tag("Result"), first_white) {
                ("1-0", true) | ("0-1", false) => fw += 1,
                ("1/2-1/2", _) => fd += 1,
                _ => fl += 1,
            }
        } else {
            assert_eq!(game.ply_count(), 12);
            assert_eq!(tag("Result"), "1/2-1/2");
            assert_eq!(tag("Termination"), "adjudicated a draw at 12 plies");
        }
    }
    assert_eq!((fw, fd, fl), (w, d, l), "{text}");
    // A file that cannot be opened is one clear error before any game.
    let o = draughts(&[vec!["match"], with(&["--pdn", "/no/such/dir/x.pdn"])].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("draughts: --pdn /no/such/dir/x.pdn: "),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every name of the library's mode registry, the house rules included, is
/// accepted by `perft`, `moves` and `play`'s variant option, and counts as the library does.
#[test]
fn every_mode_of_the_registry_is_a_variant_name() {
    use draughts::{with_mode, Mode};
    for mode in Mode::ALL {
        let name = mode.name();
        let nodes = with_mode!(mode, V => perft(&Position::<V>::start(), 3));
        let out = draughts(&["perft", "-v", name, "-d", "3"]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert!(
            stdout(&out).contains(&format!("nodes={nodes} ")),
            "{name}: perft 3 = {nodes}, printed {}",
            stdout(&out)
        );
        let moves = with_mode!(mode, V => Position::<V>::start().legal_moves().len());
        let out = draughts(&["moves", "-v", name]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out).lines().count(), moves, "{name}");
    }
    // A house rule is its own rule set, not its preset's: Spanish-site
    // counts a king as one piece in the majority law, Spanish does not.
    let fen = "W:We4:Bf5,Kd5";
    let site = draughts(&["moves", "-v", "spanish-site", "--fen", fen]);
    let official = draughts(&["moves", "-v", "spanish", "--fen", fen]);
    assert_eq!(stdout(&site).lines().count(), 2, "{}", stderr(&site));
    assert_ne!(stdout(&site), stdout(&official));
}

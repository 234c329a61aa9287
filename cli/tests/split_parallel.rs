//! `perft split` → GNU parallel → `perft merge` gives the direct count, and a
//! rerun with `--joblog --resume` counts nothing twice (the recipe of docs/perft.md).
//! Skipped with a message when GNU parallel is not installed, except under CI
//! (CI=true), whose step installs it.
use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_draughts")
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("command runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"))
        .unwrap_or(false);
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is missing under CI: .ci/steps/10-cli.sh should install it"
        );
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
    }
    found
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-split-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `d=N nodes=X` prefix of a line.
fn nodes_line(text: &str) -> String {
    let line = text.lines().last().unwrap();
    line.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

fn split_parallel_merge(dir: &Path, variant: &str, routes: bool, k: u32, n: u32) {
    let units = dir.join("units.txt");
    let results = dir.join("results.txt");
    let joblog = dir.join("jobs.log");
    let mut split = Command::new(bin());
    split.args(["perft", "split", "-v", variant, "--depth", &k.to_string()]);
    split.args(["--total", &n.to_string(), "-o", units.to_str().unwrap()]);
    if routes {
        split.arg("--routes");
    }
    run(&mut split);
    // As in docs/perft.md: every line of the units file is one job.
    let parallel = || {
        let mut p = Command::new("parallel");
        p.args([
            "--will-cite",
            "-j",
            "2",
            "--joblog",
            joblog.to_str().unwrap(),
            "--resume",
        ]);
        p.args([
            "-a",
            units.to_str().unwrap(),
            bin(),
            "perft",
            "unit",
            "--no-progress",
            "{}",
        ]);
        run(&mut p)
    };
    let first = parallel();
    assert!(first.lines().count() > 1, "results: {first}");
    std::fs::write(&results, &first).unwrap();
    // A restart: every job is in the joblog, so nothing runs again.
    let again = parallel();
    assert_eq!(again, "", "--resume reran jobs");
    let merged = run(Command::new(bin())
        .args(["perft", "merge"])
        .args([&units, &results]));
    let mut direct = Command::new(bin());
    direct.args(["perft", "-v", variant, "-d", &n.to_string(), "--only"]);
    if routes {
        direct.arg("--routes");
    }
    let direct = run(&mut direct);
    assert_eq!(
        nodes_line(&merged),
        nodes_line(&direct),
        "{variant} k={k} n={n}"
    );
    assert!(merged.contains(&format!("d={n} nodes=")), "{merged}");
}

#[test]
fn english_perft_9_split_at_3_through_gnu_parallel() {
    if !gnu_parallel() {
        return;
    }
    let dir = scratch("english");
    split_parallel_merge(&dir, "english", false, 3, 9);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn international_routes_perft_6_split_at_2_through_gnu_parallel() {
    if !gnu_parallel() {
        return;
    }
    let dir = scratch("international");
    split_parallel_merge(&dir, "international", true, 2, 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_lost_result_fails_the_merge() {
    if !gnu_parallel() {
        return;
    }
    let dir = scratch("lost");
    let units = dir.join("units.txt");
    run(Command::new(bin())
        .args(["perft", "split", "-v", "russian", "--depth", "2"])
        .args(["--total", "5", "-o", units.to_str().unwrap()]));
    let out = run(Command::new("parallel")
        .args(["--will-cite", "-j", "2", "-a"])
        .args([units.to_str().unwrap(), bin(), "perft", "unit", "{}"]));
    let kept: String = out.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let results = dir.join("results.txt");
    std::fs::write(&results, kept).unwrap();
    let merge = Command::new(bin())
        .args(["perft", "merge"])
        .args([&units, &results])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(merge.status.code(), Some(2));
    let err = String::from_utf8_lossy(&merge.stderr);
    assert!(err.contains("have no result"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

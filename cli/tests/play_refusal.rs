//! `draughts play` says why a typed move is refused (the library's reason).
use std::io::Write;
use std::process::{Command, Stdio};

fn play(variant: &str, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["play", "-v", variant, "--ascii"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_step_while_a_capture_is_due_lists_the_captures() {
    // After 32-28 19-23 White must take 28x19.
    let out = play("international", "32-28\n19-23\n33-29\nquit\n");
    assert!(
        out.contains("no legal move matches `33-29`: a capture is compulsory: 28x19"),
        "{out}"
    );
}

#[test]
fn an_empty_square_and_a_foreign_piece_are_named() {
    let out = play("international", "30-25\n19-23\nquit\n");
    assert!(out.contains("there is no piece on 30"), "{out}");
    assert!(
        out.contains("the piece on 19 is Black's and White is to move"),
        "{out}"
    );
}

//! The rules core's integration tests, in one test binary: they compile
//! with `--no-default-features` (the core alone; `.ci/steps/08-features.sh`
//! runs them so). Each module is one file of `tests/`; run one with
//! `cargo test --release --test core_suite rules::` (a module's path is the
//! filter).
//!
//! One binary instead of one per file: every file instantiates the same
//! generic rules code for the variants it tests, and a binary per file
//! compiled and linked all of it again each time.

mod common;

mod fast_count;
mod game;
mod house_rules;
mod illegal_moves;
mod notation;
mod rules;
mod turkish;

//! The integration tests of the layers above the rules core (engine,
//! run-time face, formats, endgame databases, ballots), in one test binary
//! built with the default features. Each module is one file of `tests/`;
//! run one with `cargo test --release --test full_suite perft::` (a
//! module's path is the filter). The rules core's own files are in
//! `core_suite`; `room`, `fuzz_smoke` and `serde` stay binaries of their
//! own, as CI also runs them with other features.
//!
//! One binary instead of one per file: every file instantiates the same
//! generic code for the variants it tests, and a binary per file compiled
//! and linked all of it again each time.

mod common;

mod ballots;
mod batch;
mod draws;
mod dxp;
mod dynamic;
mod egdb;
mod egdb_engine;
mod engine;
mod engine_tactics;
mod forced_moves;
mod frisian;
mod frontend_api;
mod parity;
mod pdn;
mod pdn_robustness;
mod pdn_tree;
mod perft;
mod properties;
mod room_abort;
mod svg;
mod walks;

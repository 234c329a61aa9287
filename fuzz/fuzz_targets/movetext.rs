//! Move text read against a byte-chosen position: see `bodies::movetext`.
#![no_main]

#[path = "bodies.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::movetext(data));

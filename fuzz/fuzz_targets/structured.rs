//! An arbitrary position (feature `arbitrary`) and a byte-chosen game from it,
//! with invariants checked after every move: see `bodies::structured`.
#![no_main]

#[path = "bodies.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::structured(data));

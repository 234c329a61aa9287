//! PDN reading: see `bodies::pdn`.
#![no_main]

#[path = "bodies.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::pdn(data));

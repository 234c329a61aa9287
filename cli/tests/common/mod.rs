//! Helpers shared by the CLI's test files (each file that needs them says
//! `mod common;`).
use std::io::Read;
use std::process::Child;

/// Everything an ended child wrote on stderr (which must be piped).
pub fn read_stderr(child: &mut Child) -> String {
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    err
}

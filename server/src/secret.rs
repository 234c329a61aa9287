//! Identifiers and secrets from the operating system's random source.

use sha2::{Digest, Sha256};

/// `bytes` random bytes from the OS, as lower-case hex.
pub(crate) fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    // The OS random source failing leaves the server unable to make any
    // identity at all; there is nothing better to do than stop.
    getrandom::fill(&mut buf).expect("the operating system's random source failed");
    hex(&buf)
}

/// A player's secret: 256 bits from the OS.
pub(crate) fn new_secret() -> String {
    random_hex(32)
}

/// A public identifier (player or room): 128 bits from the OS.
pub(crate) fn new_id() -> String {
    random_hex(16)
}

/// What the database keeps of a secret: its SHA-256, as hex.
pub(crate) fn hash_secret(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_256_bit_hex_and_differ() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn hash_is_sha256_of_the_secret() {
        // SHA-256("abc"), FIPS 180-2 appendix B.1.
        assert_eq!(
            hash_secret("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

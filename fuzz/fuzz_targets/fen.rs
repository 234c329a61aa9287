//! FEN reading never panics, and every FEN it accepts round-trips: for each
//! built-in variant, `from_fen(to_fen(p)) == p`, and the written FEN is
//! canonical (writing the re-read position gives the same text).
#![no_main]

use draughts::{AnyPosition, VariantKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for kind in VariantKind::ALL {
        let Ok(pos) = AnyPosition::from_fen(kind, text) else {
            continue;
        };
        assert_eq!(pos.kind(), kind);
        let fen = pos.to_fen();
        let again = AnyPosition::from_fen(kind, &fen).unwrap_or_else(|e| {
            panic!("{kind}: written FEN {fen:?} (from {text:?}) rejected: {e}")
        });
        assert_eq!(
            again, pos,
            "{kind}: FEN {fen:?} (from {text:?}) does not round-trip"
        );
        assert_eq!(again.to_fen(), fen, "{kind}: FEN {fen:?} is not canonical");
    }
});

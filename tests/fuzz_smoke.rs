//! A stable-Rust smoke run of the fuzz targets: every body in
//! `fuzz/fuzz_targets/bodies.rs` (the file the cargo-fuzz targets call) runs
//! over pseudo-random inputs and over every seed in `fuzz/seeds.txt`, and over the crashing inputs fuzzing has found
//! (regression tests). `structured` needs `--features arbitrary`.
//!
//! The number of random inputs per target is `FUZZ_SMOKE_CASES` from the
//! environment, or 5000 (1000 in debug builds).

#[path = "../fuzz/fuzz_targets/bodies.rs"]
mod bodies;

use std::path::Path;

/// xorshift64*: a small deterministic generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn byte(&mut self) -> u8 {
        (self.next() >> 56) as u8
    }
    fn bytes(&mut self, max_len: usize) -> Vec<u8> {
        let len = self.below(max_len + 1);
        (0..len).map(|_| self.byte()).collect()
    }
    /// Text made of `tokens`, `count` of them at most.
    fn text(&mut self, tokens: &[&str], count: usize) -> String {
        let n = self.below(count + 1);
        (0..n).map(|_| tokens[self.below(tokens.len())]).collect()
    }
}

fn cases() -> usize {
    std::env::var("FUZZ_SMOKE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 1000 } else { 5000 })
}

/// The seeds of `target` from `fuzz/seeds.txt` (one seed a line,
/// `<target>/<name> <bytes>`, `\xHH` for the bytes written escaped; see
/// `fuzz/seeds.sh`), with their names.
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut seeds = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, data) = line.split_once(' ').unwrap_or((line, ""));
        let (t, _) = name
            .split_once('/')
            .unwrap_or_else(|| panic!("fuzz/seeds.txt line {}: no target in {name:?}", i + 1));
        if t != target {
            continue;
        }
        let mut bytes = Vec::with_capacity(data.len());
        let mut rest = data.as_bytes();
        while let Some((&b, tail)) = rest.split_first() {
            if b == b'\\' {
                let hex = tail
                    .get(1..3)
                    .filter(|_| tail.first() == Some(&b'x'))
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .unwrap_or_else(|| panic!("fuzz/seeds.txt line {}: bad escape", i + 1));
                bytes.push(hex);
                rest = &tail[3..];
            } else {
                bytes.push(b);
                rest = tail;
            }
        }
        seeds.push((name.to_string(), bytes));
    }
    seeds
}

/// Runs `body` over every seed of `target` in `fuzz/seeds.txt`; returns how many.
fn run_seeds(target: &str, body: fn(&[u8])) -> usize {
    let mut n = 0;
    for (name, data) in seeds(target) {
        let result = std::panic::catch_unwind(|| body(&data));
        if let Err(e) = result {
            panic!("seed {name} fails: {e:?}");
        }
        n += 1;
    }
    n
}

/// Runs `body` over `cases()` inputs from `make`, reporting the failing one.
fn run_random(seed: u64, body: fn(&[u8]), make: fn(&mut Rng) -> Vec<u8>) {
    let mut rng = Rng::new(seed);
    for i in 0..cases() {
        let data = make(&mut rng);
        if std::panic::catch_unwind(|| body(&data)).is_err() {
            panic!("random input {i} fails: {data:?}");
        }
    }
}

const FEN_TOKENS: &[&str] = &[
    "W", "B", "K", ":", ",", "-", "W:", ":W", ":B", "1", "2", "3", "5", "9", "0", "10", "12", "20",
    "28", "32", "45", "50", "64", "99", "a", "c", "e", "h", "l", "1", "3", "8", "12", "[", "]",
    "\"", "FEN ", " ", ".", "x", "k", "w", "b", "\u{e9}",
];

const MOVE_TOKENS: &[&str] = &[
    "1", "2", "5", "9", "0", "11", "15", "19", "22", "23", "28", "32", "33", "46", "-", "x", ":",
    "X", "a", "b", "c", "d", "e", "f", "g", "h", "3", "4", "6", "8", "!", "?", " ", "\n", "W:",
    "W:W", ":B", ",", "K",
];

/// Move text with the placeholders of the target move (see `bodies::movetext`).
const PLACEHOLDER_TOKENS: &[&str] = &[
    "\x01", "\x02", "\x03", "\x04", "\x01x", "\x01-", "\x01:", "x\x03", "x\x02", "-\x02", ":\x02",
    "\x04\x02", "!", "?", "0", "1", " ",
];

const PDN_TOKENS: &[&str] = &[
    "[Event \"x\"]\n",
    "[GameType \"20\"]\n",
    "[GameType \"21\"]\n",
    "[GameType \"25\"]\n",
    "[GameType \"",
    "[FEN \"W:W31-50:B1-20\"]\n",
    "[FEN \"B:W18:B14\"]\n",
    "[Result \"1-0\"]\n",
    "1. ",
    "2. ",
    "10... ",
    "32-28 ",
    "19-23 ",
    "11-15 ",
    "23-19 ",
    "28x19 ",
    "c3-d4 ",
    "f6-g5 ",
    "{a comment} ",
    "(",
    ")",
    "$1 ",
    "* ",
    "1-0\n",
    "2-0\n",
    "0-1\n\n",
    "1/2-1/2\n",
    "\n\n",
    "[",
    "]",
    "\"",
    "{",
    "}",
    ";",
    "%",
    "!?",
    "x",
    "-",
];

fn fen_input(rng: &mut Rng) -> Vec<u8> {
    if rng.below(4) == 0 {
        rng.bytes(64)
    } else {
        rng.text(FEN_TOKENS, 40).into_bytes()
    }
}

fn play_input(rng: &mut Rng) -> Vec<u8> {
    rng.bytes(256)
}

fn pdn_input(rng: &mut Rng) -> Vec<u8> {
    let mut data = vec![rng.byte()];
    if rng.below(4) == 0 {
        data.extend(rng.bytes(128));
    } else {
        data.extend(rng.text(PDN_TOKENS, 40).into_bytes());
    }
    data
}

fn movetext_input(rng: &mut Rng) -> Vec<u8> {
    let plies = rng.below(100);
    let mut data = vec![rng.byte(), plies as u8];
    data.extend((0..plies).map(|_| rng.byte()));
    if data[0] & 0x40 != 0 {
        data.push(rng.byte()); // the target move
    }
    if data[0] >= 128 && rng.below(2) == 0 {
        // A FEN line first: kings and flying captures without long games.
        let fen = match rng.below(4) {
            0 => "W:WK46,K1:B23,32,33,44,19,28",
            1 => "W:WKc1,a3:Bf8,h6,d4,e5",
            2 => "B:W18,K27,K30:BK14,10,9",
            _ => "W:WK1:B5,6,7,8,9,10,11,12",
        };
        data.extend(fen.bytes());
        data.push(b'\n');
    }
    match rng.below(6) {
        0 => data.extend(rng.bytes(16)),
        1 | 2 if data[0] & 0x40 != 0 => data.extend(rng.text(PLACEHOLDER_TOKENS, 6).into_bytes()),
        _ => data.extend(rng.text(MOVE_TOKENS, 8).into_bytes()),
    }
    data
}

#[cfg(feature = "arbitrary")]
fn structured_input(rng: &mut Rng) -> Vec<u8> {
    rng.bytes(400)
}

/// The pack's escapes read back to the bytes they stand for: the seed
/// `movetext/canadian_start` is the variant byte 9, no plies (byte 0), then
/// `c5-d6` (two escapes, then text as it is); `fen/empty` is the empty input.
#[test]
fn seed_pack_reads_escapes_and_names_every_target() {
    let movetext = seeds("movetext");
    let canadian = movetext
        .iter()
        .find(|(n, _)| n == "movetext/canadian_start")
        .unwrap();
    assert_eq!(canadian.1, b"\x09\x00c5-d6");
    let fen = seeds("fen");
    assert_eq!(fen.iter().find(|(n, _)| n == "fen/empty").unwrap().1, b"");
    let mut names = std::collections::HashSet::new();
    for target in ["fen", "play", "pdn", "movetext", "structured"] {
        let s = seeds(target);
        assert!(!s.is_empty(), "no seeds for {target}");
        for (name, _) in s {
            assert!(names.insert(name.clone()), "{name} twice");
        }
    }
}

#[test]
fn smoke_fen() {
    assert!(run_seeds("fen", bodies::fen) > 0);
    run_random(1, bodies::fen, fen_input);
}

#[test]
fn smoke_play() {
    assert!(run_seeds("play", bodies::play) > 0);
    run_random(2, bodies::play, play_input);
}

#[test]
fn smoke_pdn() {
    assert!(run_seeds("pdn", bodies::pdn) > 0);
    run_random(3, bodies::pdn, pdn_input);
}

#[test]
fn smoke_movetext() {
    assert!(run_seeds("movetext", bodies::movetext) > 0);
    run_random(4, bodies::movetext, movetext_input);
}

#[cfg(feature = "arbitrary")]
#[test]
fn smoke_structured() {
    assert!(run_seeds("structured", bodies::structured) > 0);
    run_random(5, bodies::structured, structured_input);
}

// Regression tests: inputs on which fuzzing found a failure, minimized.

/// Found by the smoke run of `structured` (seed `variant_10_sparse`), a bug in
/// the check, not in the crate: in Turkish, captured pieces leave the board
/// as they are jumped, so a king may end its capture on the square of a piece
/// it took earlier in the same move (here the man on c5).
#[test]
fn turkish_capture_may_end_on_a_square_it_captured() {
    use draughts::{Color, MoveMode, Position, Turkish};
    let pos = Position::<Turkish>::from_fen(
        "W:WKh3,Ka4,Ka6,b6,g6,Kh6,Kb7,Kc8,Kd8,Ke8:BKd3,e4,h4,c5,d5,h5,f6",
    )
    .unwrap();
    let mv = pos.parse_move("c8xc3xe3xe5xc5").unwrap();
    assert_eq!(mv.to_string(), "c8xc3xe3xe5xc5");
    assert!(pos.pieces(Color::Black).contains(mv.to()));
    assert!(mv.captured().contains(mv.to()));
    bodies::check_move(&pos, &mv, &pos.play(&mv));
    bodies::check_position(&pos, MoveMode::Routes);
    for m in pos.legal_moves_in(MoveMode::Routes) {
        let next = pos.play(&m);
        bodies::check_move(&pos, &m, &next);
        bodies::check_position(&next, MoveMode::Routes);
    }
}

//! What perft's positions look like, variant by variant: the profile behind
//! docs/speed.md's explanation of where the time goes. For perft(`depth`)
//! from the start position it walks the tree with the library's legal moves
//! (not with perft's own code) and prints, for the positions one ply above
//! the leaves (the ones perft counts in bulk) and for the inner ones:
//!
//! - how many there are, and the leaves per last-ply position;
//! - the share with a capture, with a capture of two or more pieces and of
//!   three or more (the longest legal capture);
//! - the share with a king on the board;
//! - the wall-clock time per leaf of `perft_in` itself (one run, after the
//!   walk; scripts/perft_profile.sh takes CPU times instead).
//!
//! ```text
//! cargo run --release --example perft_profile -- frisian 8
//! cargo run --release --example perft_profile -- turkish 6 routes
//! ```
use std::time::Instant;

use draughts::{perft_in, Color, MoveMode, Position, Variant, VariantKind, VariantVisitor};

/// Counts over a set of positions.
#[derive(Default)]
struct Tally {
    positions: u64,
    capture: u64,
    two: u64,
    three: u64,
    kings: u64,
    moves: u64,
}

impl Tally {
    fn line(&self, name: &str) -> String {
        let pct = |n: u64| 100.0 * n as f64 / self.positions.max(1) as f64;
        format!(
            "{name}: {} positions, {:.2} moves each; capture {:.1}%, of 2+ pieces {:.1}%, \
             of 3+ pieces {:.1}%, a king on the board {:.1}%",
            self.positions,
            self.moves as f64 / self.positions.max(1) as f64,
            pct(self.capture),
            pct(self.two),
            pct(self.three),
            pct(self.kings),
        )
    }
}

/// Walks the tree `depth` plies down from `pos`: the positions at one ply
/// above the leaves go to `last`, the others to `inner`.
fn walk<V: Variant>(
    pos: &Position<V>,
    depth: u32,
    mode: MoveMode,
    last: &mut Tally,
    inner: &mut Tally,
) {
    let moves = pos.legal_moves_in(mode);
    let t = if depth == 1 { &mut *last } else { &mut *inner };
    t.positions += 1;
    t.moves += moves.len() as u64;
    let longest = moves.iter().map(|m| m.captured().len()).max().unwrap_or(0);
    t.capture += u64::from(longest >= 1);
    t.two += u64::from(longest >= 2);
    t.three += u64::from(longest >= 3);
    let kings = !pos.kings(Color::White).is_empty() || !pos.kings(Color::Black).is_empty();
    t.kings += u64::from(kings);
    if depth > 1 {
        for m in moves.iter() {
            walk(&pos.play(m), depth - 1, mode, last, inner);
        }
    }
}

struct Profile(u32, MoveMode);

impl VariantVisitor for Profile {
    type Output = ();
    fn visit<V: Variant>(self) {
        let Profile(depth, mode) = self;
        let pos = Position::<V>::start();
        let (mut last, mut inner) = (Tally::default(), Tally::default());
        if depth >= 1 {
            walk(&pos, depth, mode, &mut last, &mut inner);
        }
        let t = Instant::now();
        let leaves = perft_in(&pos, depth, mode);
        let secs = t.elapsed().as_secs_f64();
        println!("leaves: {leaves}");
        println!("{}", last.line("last ply"));
        println!("{}", inner.line("inner"));
        println!(
            "perft: {:.3} s, {:.2} ns per leaf",
            secs,
            1e9 * secs / leaves.max(1) as f64
        );
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_profile <variant> <depth> [routes]";
    let [variant, depth, rest @ ..] = args.as_slice() else {
        return Err(usage.to_string());
    };
    let kind: VariantKind = variant.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("not a depth: {depth:?} ({usage})"))?;
    let mode = match rest {
        [] => MoveMode::Distinct,
        [r] if r == "routes" => MoveMode::Routes,
        _ => return Err(usage.to_string()),
    };
    kind.visit(Profile(depth, mode));
    Ok(())
}

//! Random games biased to king endings, for the draw-rule differential run
//! against pydraughts (`tests/differential/README.md`; never run by CI).
//!
//! `cargo run --release --example draw_games -- <games per variant> <seed> > games.jsonl`
//!
//! One JSON object per line: the variant (pydraughts' name), the start FEN,
//! the moves as `[from, to, [captured...]]` in pydraughts' square numbering,
//! the material after each ply, and this crate's verdict: the first ply on
//! which a draw rule is met (with its reason) and the ply of a win. The games
//! are played in [`DrawMode::OnClaim`] so that they go on past this crate's
//! draw and the run can see where pydraughts ends them.

use std::fmt::Write as _;

use draughts::{
    Brazilian, Color, DrawMode, English, Game, Geometry, International, Italian, Position, Russian,
    Square, Turkish, Variant,
};

/// xorshift64*: a small deterministic generator (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How a variant's squares are numbered in pydraughts.
#[derive(Clone, Copy)]
enum Numbering {
    /// The PDN numbers this crate writes.
    Pdn,
    /// 8x8 diagonal, 1 = a1, row by row from White's side.
    Diagonal8,
    /// 8x8 orthogonal, 1 = a1, row by row.
    Orthogonal8,
}

fn number<V: Variant>(n: Numbering, sq: Square) -> u32 {
    let (row, col) = V::Board::coords(sq);
    match n {
        Numbering::Pdn => V::square_text(sq).parse().expect("a numeric square"),
        Numbering::Diagonal8 => row as u32 * 4 + col as u32 / 2 + 1,
        Numbering::Orthogonal8 => row as u32 * 8 + col as u32 + 1,
    }
}

/// Material after a ply: `W<kings>k<men>m B<kings>k<men>m` plus `road` when a
/// lone king stands on the long diagonal.
fn material<V: Variant>(pos: &Position<V>) -> String {
    let mut s = String::new();
    for c in [Color::White, Color::Black] {
        let k = pos.kings(c).len();
        let m = pos.men(c).len();
        let road = pos.pieces(c).len() == 1
            && pos.kings(c).first().is_some_and(|sq| {
                let (r, col) = V::Board::coords(sq);
                r == col
            });
        let _ = write!(
            s,
            "{}{k}k{m}m{} ",
            if c == Color::White { 'W' } else { 'B' },
            if road { "r" } else { "" }
        );
    }
    s.pop();
    s
}

/// The FEN of `pos` with every square listed (pydraughts reads no ranges).
fn explicit_fen<V: Variant>(pos: &Position<V>) -> String {
    let mut fen = String::from(pos.turn().letter());
    for c in [Color::White, Color::Black] {
        let items: Vec<String> = pos
            .pieces(c)
            .iter()
            .map(|sq| {
                let k = if pos.kings(c).contains(sq) { "K" } else { "" };
                format!("{k}{}", V::square_text(sq))
            })
            .collect();
        let _ = write!(fen, ":{}{}", c.letter(), items.join(","));
    }
    fen
}

/// A random king ending: 1-4 pieces a side, most of them kings.
fn random_start<V: Variant>(rng: &mut Rng) -> Position<V> {
    let squares: Vec<Square> = (0..V::Board::SQUARES)
        .filter_map(|i| V::square(i + 1))
        .collect();
    loop {
        let mut used = Vec::new();
        let mut fen = String::new();
        fen.push(if rng.below(2) == 0 { 'W' } else { 'B' });
        for side in ['W', 'B'] {
            let n = 1 + rng.below(4);
            let mut items = Vec::new();
            for _ in 0..n {
                let sq = squares[rng.below(squares.len())];
                if used.contains(&sq) {
                    continue;
                }
                used.push(sq);
                let king = rng.below(10) < 7;
                items.push(format!(
                    "{}{}",
                    if king { "K" } else { "" },
                    V::square_text(sq)
                ));
            }
            let _ = write!(fen, ":{side}{}", items.join(","));
        }
        if let Ok(pos) = Position::<V>::from_fen(&fen) {
            if !pos.is_game_over() {
                return pos;
            }
        }
    }
}

fn run<V: Variant>(py: &str, numbering: Numbering, games: usize, rng: &mut Rng) {
    for g in 0..games {
        // One game in five from the start position, the rest from king endings.
        let start = if g % 5 == 0 {
            Position::<V>::start()
        } else {
            random_start::<V>(rng)
        };
        let mut game = Game::from_position(start);
        game.set_draw_mode(DrawMode::OnClaim);
        let mut moves = Vec::new();
        let mut mat = vec![format!("\"{}\"", material(&start))];
        let mut draw: Option<(usize, String)> =
            game.claimable_draw().map(|r| (0, format!("{r:?}")));
        let limit = 400;
        while game.outcome().is_none() && game.moves().len() < limit {
            // Mostly moves that leave the opponent no capture, so that king
            // endings last long enough for the draw rules; sometimes any move.
            let legal = game.legal_moves();
            let pos = *game.position();
            let safe: Vec<_> = legal
                .iter()
                .filter(|m| !pos.play(m).has_captures())
                .collect();
            let mv = if safe.is_empty() || rng.below(20) == 0 {
                legal[rng.below(legal.len())].clone()
            } else {
                safe[rng.below(safe.len())].clone()
            };
            let caps: Vec<String> = mv
                .captured()
                .iter()
                .map(|s| number::<V>(numbering, s).to_string())
                .collect();
            moves.push(format!(
                "[{},{},[{}]]",
                number::<V>(numbering, mv.from()),
                number::<V>(numbering, mv.to()),
                caps.join(",")
            ));
            game.play(&mv).expect("a legal move");
            mat.push(format!("\"{}\"", material(game.position())));
            if draw.is_none() {
                draw = game
                    .claimable_draw()
                    .map(|r| (game.moves().len(), format!("{r:?}")));
            }
        }
        let win = game.outcome().map(|o| {
            let w = match o {
                draughts::Outcome::Win { winner, .. } => format!("{winner:?}"),
                draughts::Outcome::Draw { .. } => unreachable!("draws are claims here"),
            };
            (game.moves().len(), w)
        });
        let (dp, dr) = draw.map_or(("null".to_string(), "null".to_string()), |(p, r)| {
            (p.to_string(), format!("\"{r}\""))
        });
        let (wp, wc) = win.map_or(("null".to_string(), "null".to_string()), |(p, w)| {
            (p.to_string(), format!("\"{w}\""))
        });
        println!(
            "{{\"v\":\"{py}\",\"fen\":\"{}\",\"moves\":[{}],\"material\":[{}],\"draw_ply\":{dp},\"draw_reason\":{dr},\"win_ply\":{wp},\"winner\":{wc}}}",
            explicit_fen(&start),
            moves.join(","),
            mat.join(",")
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    run::<International>("standard", Numbering::Pdn, games, &mut rng);
    run::<Russian>("russian", Numbering::Diagonal8, games, &mut rng);
    run::<Brazilian>("brazilian", Numbering::Diagonal8, games, &mut rng);
    run::<English>("english", Numbering::Pdn, games, &mut rng);
    run::<Italian>("italian", Numbering::Pdn, games, &mut rng);
    run::<Turkish>("turkish", Numbering::Orthogonal8, games, &mut rng);
}

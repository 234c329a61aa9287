//! A click-driven game loop on the run-time face (an `AnyGame`, which hands
//! out `DynGame`), as a frontend would write it.
//!
//! ```text
//! cargo run --example frontend -- [VARIANT] [MAX_PLIES] [SEED]
//! cargo run --example frontend -- international 60 7
//! cargo run --example frontend -- russian --interactive
//! ```
//!
//! Each turn it shows the board, the pieces that may be clicked (in the
//! variant's numbering order), and after each click the squares that may be
//! clicked next and the pieces jumped so far. A scripted player clicks
//! (pseudo-randomly, from SEED), or you type squares with `--interactive`
//! (`u` undoes a click, `q` resigns). At the end it prints the outcome in
//! words and the game as PDN.

use std::io::BufRead;

use draughts::dynamic::{DynInput, DynPosition};
use draughts::{AnyGame, Declaration, Square, VariantKind};

/// xorshift64*: deterministic choices for the scripted player.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// Square names, in the order given (the library gives numbering order).
fn names(pos: &dyn DynPosition, squares: &[Square]) -> String {
    let v = pos.square_texts(squares);
    if v.is_empty() {
        "-".to_string()
    } else {
        v.join(" ")
    }
}

/// Where the next click comes from.
enum Player {
    Script(Rng),
    Terminal(std::io::StdinLock<'static>),
}

enum Click {
    Square(Square),
    Undo,
    Resign,
}

impl Player {
    fn click(&mut self, pos: &dyn DynPosition, input: &dyn DynInput) -> Click {
        match self {
            Player::Script(rng) => {
                let options = if input.clicks().is_empty() {
                    input.movable()
                } else {
                    input.next_squares()
                };
                if options.is_empty() {
                    // The end square clicked is shared by captures that take
                    // different pieces: take the click back, as a player would.
                    return Click::Undo;
                }
                Click::Square(options[rng.below(options.len())])
            }
            Player::Terminal(stdin) => loop {
                eprint!("click> ");
                let mut line = String::new();
                if stdin.read_line(&mut line).unwrap_or(0) == 0 {
                    return Click::Resign;
                }
                match line.trim() {
                    "q" => return Click::Resign,
                    "u" => return Click::Undo,
                    text => match pos.parse_square(text) {
                        Some(sq) => return Click::Square(sq),
                        None => eprintln!("`{text}` is not a square of this board"),
                    },
                }
            },
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let interactive = args.iter().any(|a| a == "--interactive" || a == "-i");
    let rest: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let kind: VariantKind = match rest.first().map(|s| s.parse()) {
        Some(Ok(kind)) => kind,
        Some(Err(e)) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
        None => VariantKind::International,
    };
    let max_plies: usize = rest.get(1).and_then(|s| s.parse().ok()).unwrap_or(80);
    let seed: u64 = rest.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut player = if interactive {
        Player::Terminal(std::io::stdin().lock())
    } else {
        Player::Script(Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1))
    };

    let mut game = AnyGame::new(kind);
    'game: while game.outcome().is_none() && game.ply_count() < max_plies {
        let pos = game.position();
        print!("{}", pos.diagram());
        let mut input = game.input();
        println!(
            "{} may click: {}",
            pos.turn(),
            names(pos.as_ref(), &input.movable())
        );
        // One move: clicks until the input names exactly one legal move.
        while !input.is_complete() {
            match player.click(pos.as_ref(), input.as_ref()) {
                Click::Resign => {
                    let outcome = game.declare(Declaration::Resignation(pos.turn()));
                    println!("{}", outcome.expect("the game is not over"));
                    break 'game;
                }
                Click::Undo => {
                    if let Some(sq) = input.undo() {
                        println!("  undo {}", pos.square_text(sq));
                    }
                }
                Click::Square(sq) => {
                    if !input.click(sq) {
                        println!("  {} can't be clicked now", pos.square_text(sq));
                        continue;
                    }
                    println!(
                        "  click {:>3} -> next: {}; jumped so far: {}",
                        pos.square_text(sq),
                        names(pos.as_ref(), &input.next_squares()),
                        names(pos.as_ref(), &input.jumped()),
                    );
                }
            }
        }
        match game.play_input(input.as_ref()) {
            Ok(mv) => println!(
                "ply {:>3}: {} plays {}\n",
                game.ply_count(),
                pos.turn(),
                mv.text
            ),
            Err(e) => {
                eprintln!("refused: {e}");
                break;
            }
        }
    }
    print!("{}", game.diagram());
    match game.outcome() {
        Some(outcome) => println!("{outcome}"),
        None => println!("stopped after {} plies, game not over", game.ply_count()),
    }
    println!("\n{}", game.to_pdn(&[("Event", "frontend example")]));
}

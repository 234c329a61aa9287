//! `draughts play`: a game in the terminal. The board is drawn after every
//! move; a player types a move in the variant's notation (`11-15`, `28x19`,
//! `c3-d4`, or just the start and end squares) or a command: `moves`,
//! `undo`, `draw` (offer a draw), `resign`, `save <file>`, `flip`, `help`,
//! `quit`. With `--level` the computer (the library's engine) plays one side.
use std::io::{BufRead, Write};
use std::process::ExitCode;

use draughts::engine::{Engine, Hooks, Level};
use draughts::pdn::write_pdn;
use draughts::{Color, Declaration, Game, GameError, Variant};

use crate::board::{draw, Style};
use crate::common::{position, with_variant};

/// Arguments of `draughts play`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant: english, italian, spanish, russian, brazilian, pool, czech,
    /// thai, international, canadian, turkish, frisian, frysk, antidraughts,
    /// breakthrough, killer; or a house rule: spanish-site, brazilian-site,
    /// english-site, russian-site, italian-site, thai-site, english-50,
    /// english-40.
    #[arg(long, short)]
    variant: draughts::Mode,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Draw the pieces as letters (w W b B) instead of Unicode draughts.
    #[arg(long)]
    ascii: bool,
    /// Show the board from Black's side.
    #[arg(long)]
    flip: bool,
    /// Name of the White player, for the saved PDN (default: `White`; with
    /// `--level`, `draughts (<level>)` for the computer's side and `Human`
    /// for yours).
    #[arg(long)]
    white: Option<String>,
    /// Name of the Black player, for the saved PDN (as for `--white`).
    #[arg(long)]
    black: Option<String>,
    /// Play against the computer at this level: very-easy, easy, medium or
    /// hard (about a second a move). Without it two people play.
    #[arg(long)]
    level: Option<Level>,
    /// The side the computer plays (default: the side that moves second).
    #[arg(long, requires = "level", value_parser = parse_color)]
    computer: Option<Color>,
    /// Seed of the computer's random choices (default: from the clock).
    #[arg(long, requires = "level")]
    seed: Option<u64>,
    /// Endgame database for the computer: a directory of the variant's
    /// slice files (`draughts egdb build`).
    #[arg(long, requires = "level")]
    egdb: Option<std::path::PathBuf>,
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("`{text}` is not white or black")),
    }
}

/// The computer player of a session.
struct Computer {
    level: Level,
    side: Color,
    seed: u64,
    engine: Engine,
}

impl Computer {
    /// Its move in `game`, if the game goes on.
    fn play<V: Variant>(&mut self, game: &Game<V>) -> Option<draughts::Move<V>> {
        let start = std::time::Instant::now();
        let clock = || start.elapsed().as_millis() as u64;
        let seed = self.seed ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.engine
            .play(game, &self.level.spec(), seed, Hooks::with_clock(&clock))
    }

    /// Whether it accepts a draw offered by the side to move: when a short
    /// search finds the offering side at least level.
    fn accepts_draw<V: Variant>(&mut self, game: &Game<V>) -> bool {
        self.engine
            .accepts_draw(game, game.position().turn(), Hooks::default())
    }
}

/// Runs `play` on stdin and stdout.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout();
    with_variant!(args.variant, session(&args, &mut input, &mut output))
}

const HELP: &str = "\
Type a move (e.g. 11-15, 28x19, c3-d4; the start and end squares are enough
when they name one move) or a command:
  moves         list the legal moves
  undo          take back the last move
  draw          offer a draw (the other player answers y or n)
  resign        resign the game
  save <file>   write the game as PDN
  flip          turn the board around
  help          this text
  quit          leave (the game is not saved)";

/// Plays a session reading commands from `input`; the board and messages go
/// to `out`. Returns when the input ends or on `quit`.
pub fn session<V: Variant>(
    args: &Args,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    let start = position::<V>(args.fen.as_deref())?;
    let mut game = Game::from_position(start);
    let style = if args.ascii {
        Style::Ascii
    } else {
        Style::Unicode
    };
    let mut flipped = args.flip;
    let egdb = crate::egdb::load_option::<V>(args.egdb.as_deref())?;
    let mut computer = args.level.map(|level| Computer {
        level,
        side: args.computer.unwrap_or(V::RULES.first_mover.opponent()),
        seed: args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        }),
        engine: {
            let mut engine = Engine::new();
            engine.set_egdb(egdb);
            engine
        },
    });
    let io = |e: std::io::Error| format!("terminal: {e}");
    let name = |c: Color| match c {
        Color::White => "White",
        Color::Black => "Black",
    };
    writeln!(out, "{} draughts. Type `help` for the commands.", V::NAME).map_err(io)?;
    let mut redraw = true;
    loop {
        if redraw {
            writeln!(out).map_err(io)?;
            write!(out, "{}", draw(game.position(), style, flipped)).map_err(io)?;
            if let Some(last) = last_move_text(&game) {
                writeln!(out, "last move: {last}").map_err(io)?;
            }
            if let Some(o) = game.outcome() {
                writeln!(out, "game over: {o} {}", o.pdn_result()).map_err(io)?;
            }
            redraw = false;
        }
        let turn = game.position().turn();
        if let Some(c) = computer.as_mut().filter(|c| c.side == turn) {
            if game.outcome().is_none() {
                if let Some(m) = c.play(&game) {
                    let text = game.position().move_text(&m);
                    game.play(&m).map_err(|e| e.to_string())?;
                    writeln!(out, "{} ({}) plays {text}", name(turn), c.level).map_err(io)?;
                    redraw = true;
                    continue;
                }
            }
        }
        if game.outcome().is_some() {
            write!(out, "(undo, save <file>, quit)> ").map_err(io)?;
        } else {
            write!(out, "{} to move> ", name(turn)).map_err(io)?;
        }
        out.flush().map_err(io)?;
        let Some(line) = read_line(input)? else {
            writeln!(out).map_err(io)?;
            return Ok(ExitCode::SUCCESS);
        };
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line.as_str(), ""),
        };
        match word {
            "" => {}
            "help" | "?" => writeln!(out, "{HELP}").map_err(io)?,
            "quit" | "exit" => return Ok(ExitCode::SUCCESS),
            "flip" => {
                flipped = !flipped;
                redraw = true;
            }
            "moves" => {
                let pos = game.position();
                let list: Vec<String> = game
                    .legal_moves()
                    .iter()
                    .map(|m| pos.move_text(m))
                    .collect();
                writeln!(
                    out,
                    "{}",
                    if list.is_empty() {
                        "no moves".to_string()
                    } else {
                        list.join(" ")
                    }
                )
                .map_err(io)?;
            }
            "undo" => match game.undo() {
                Some(m) => {
                    writeln!(out, "took back {m}").map_err(io)?;
                    // Against the computer, back to your own move.
                    if let Some(c) = &computer {
                        if game.position().turn() == c.side {
                            if let Some(m) = game.undo() {
                                writeln!(out, "took back {m}").map_err(io)?;
                            }
                        }
                    }
                    redraw = true;
                }
                None => writeln!(out, "nothing to take back").map_err(io)?,
            },
            "resign" => match game.declare(Declaration::Resignation(turn)) {
                Ok(_) => redraw = true,
                Err(e) => writeln!(out, "{e}").map_err(io)?,
            },
            "draw" => {
                if game.outcome().is_some() {
                    writeln!(out, "the game is over").map_err(io)?;
                    continue;
                }
                let accepted = if let Some(c) = computer.as_mut() {
                    // The computer answers by its evaluation of the position.
                    let yes = c.accepts_draw(&game);
                    writeln!(
                        out,
                        "{} offers a draw; the computer {}",
                        name(turn),
                        if yes { "accepts" } else { "declines" }
                    )
                    .map_err(io)?;
                    yes
                } else {
                    write!(
                        out,
                        "{} offers a draw. {}, accept? [y/n]> ",
                        name(turn),
                        name(turn.opponent())
                    )
                    .map_err(io)?;
                    out.flush().map_err(io)?;
                    let answer = read_line(input)?.unwrap_or_default();
                    answer.eq_ignore_ascii_case("y") || answer.eq_ignore_ascii_case("yes")
                };
                if accepted {
                    game.declare(Declaration::DrawByAgreement)
                        .map_err(|e| e.to_string())?;
                    redraw = true;
                } else {
                    writeln!(out, "draw declined").map_err(io)?;
                }
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "usage: save <file>").map_err(io)?;
                    continue;
                }
                let white = player_name(args, computer.as_ref(), Color::White);
                let black = player_name(args, computer.as_ref(), Color::Black);
                let pdn = write_pdn(
                    &game,
                    &[
                        ("Event", "draughts play"),
                        ("White", &white),
                        ("Black", &black),
                    ],
                );
                match std::fs::write(rest, pdn) {
                    Ok(()) => writeln!(out, "saved {rest}").map_err(io)?,
                    Err(e) => writeln!(out, "cannot write {rest}: {e}").map_err(io)?,
                }
            }
            _ => {
                let pos = *game.position();
                match game.play_text(&line) {
                    Ok(m) => {
                        writeln!(out, "{} plays {}", name(turn), pos.move_text(&m)).map_err(io)?;
                        redraw = true;
                    }
                    Err(e) => writeln!(out, "{}", refusal(&e)).map_err(io)?,
                }
            }
        }
    }
}

/// The name of `side` for the saved PDN: the `--white`/`--black` name, else
/// the computer (`draughts (hard)`) and `Human` against the computer, else
/// `White`/`Black`.
fn player_name(args: &Args, computer: Option<&Computer>, side: Color) -> String {
    let given = match side {
        Color::White => &args.white,
        Color::Black => &args.black,
    };
    match (given, computer) {
        (Some(name), _) => name.clone(),
        (None, Some(c)) if c.side == side => format!("draughts ({})", c.level),
        (None, Some(_)) => "Human".into(),
        (None, None) => side.to_string(),
    }
}

/// Why a typed move was not played, as one line: the library's reason (a
/// compulsory capture with the captures listed, the capture law, a piece
/// that cannot move there, ...), and a pointer to `moves`.
fn refusal(e: &GameError) -> String {
    format!("{e} (type `moves` for the legal moves)")
}

/// One trimmed line, or `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>, String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(line.trim().to_string())),
        Err(e) => Err(format!("terminal: {e}")),
    }
}

/// The last move in the variant's short notation.
fn last_move_text<V: Variant>(game: &Game<V>) -> Option<String> {
    let n = game.moves().len();
    let m = game.moves().last()?;
    Some(game.positions()[n - 1].move_text(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{English, Mode};

    fn args(variant: Mode) -> Args {
        Args {
            variant,
            fen: None,
            ascii: true,
            flip: false,
            white: Some("Ann".into()),
            black: Some("Bob".into()),
            level: None,
            computer: None,
            seed: None,
            egdb: None,
        }
    }

    fn transcript<V: Variant>(a: &Args, input: &str) -> String {
        let mut out = Vec::new();
        session::<V>(a, &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn moves_undo_and_a_bad_move_in_one_session() {
        let out = transcript::<English>(&args(Mode::English), "11-15\n23-19\n23-19\nundo\n22-18\n");
        assert!(out.contains("Black plays 11-15"), "{out}");
        assert!(out.contains("White plays 23-19"), "{out}");
        assert!(out.contains("(type `moves` for the legal moves)"), "{out}");
        assert!(out.contains("took back 23-19"), "{out}");
        assert!(out.contains("White plays 22-18"), "{out}");
    }

    #[test]
    fn a_declined_then_accepted_draw_offer_and_a_saved_game() {
        let dir = std::env::temp_dir().join(format!("draughts-play-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.pdn");
        let input = format!("11-15\ndraw\nn\ndraw\ny\n23-19\nsave {}\n", file.display());
        let out = transcript::<English>(&args(Mode::English), &input);
        assert!(out.contains("White offers a draw. Black, accept?"), "{out}");
        assert!(out.contains("draw declined"), "{out}");
        assert!(
            out.contains("game over: Draw: agreed by the players 1/2-1/2"),
            "{out}"
        );
        let pdn = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            pdn.contains("[White \"Ann\"]") && pdn.contains("[Result \"1/2-1/2\"]"),
            "{pdn}"
        );
        assert!(pdn.contains("1. 11-15 1/2-1/2"), "{pdn}");
        // The saved game reads back.
        let back = draughts::pdn::read_games(&pdn, None);
        assert_eq!(back[0].as_ref().unwrap().moves()[0].text, "11-15");
    }

    #[test]
    fn the_computer_answers_every_move_and_undo_takes_back_both() {
        let mut a = args(Mode::English);
        a.level = Some(Level::Easy);
        a.seed = Some(3);
        // Black moves first in English; the computer plays White.
        let out = transcript::<English>(&a, "11-15\nundo\n9-13\n");
        assert_eq!(out.matches("White (easy) plays").count(), 2, "{out}");
        assert!(
            out.contains("Black plays 11-15") && out.contains("Black plays 9-13"),
            "{out}"
        );
        assert_eq!(out.matches("took back").count(), 2, "{out}");
        // The same seed gives the same game.
        assert_eq!(out, transcript::<English>(&a, "11-15\nundo\n9-13\n"));
    }

    #[test]
    fn the_computer_can_open_the_game() {
        let mut a = args(Mode::International);
        a.level = Some(Level::VeryEasy);
        a.computer = Some(Color::White);
        a.seed = Some(1);
        let out = transcript::<draughts::International>(&a, "moves\n");
        assert!(out.contains("White (very easy) plays"), "{out}");
        assert!(out.contains("Black to move>"), "{out}");
    }

    #[test]
    fn an_empty_square_and_a_foreign_piece_are_named() {
        let a = args(Mode::International);
        let out = transcript::<draughts::International>(&a, "30-25\n19-23\n");
        assert!(out.contains("there is no piece on 30"), "{out}");
        assert!(
            out.contains("the piece on 19 is Black's and White is to move"),
            "{out}"
        );
    }

    #[test]
    fn a_quiet_move_when_a_capture_is_compulsory_says_so() {
        let a = args(Mode::International);
        let out = transcript::<draughts::International>(&a, "32-28\n19-23\n33-29\n");
        assert!(
            out.contains(
                "no legal move matches `33-29`: a capture is compulsory: 28x19 (type `moves` for the legal moves)\n"
            ),
            "{out}"
        );
        // Two captures to choose from: both listed.
        let mut b = args(Mode::International);
        b.fen = Some("W:W28,47:B22,23".into());
        let out = transcript::<draughts::International>(&b, "47-42\n");
        let line = out
            .lines()
            .find_map(|l| l.split_once("> ").map(|(_, r)| r))
            .unwrap();
        let head = "no legal move matches `47-42`: a capture is compulsory: ";
        let tail = " (type `moves` for the legal moves)";
        assert!(line.starts_with(head) && line.ends_with(tail), "{out}");
        let list = &line[head.len()..line.len() - tail.len()];
        let mut list: Vec<&str> = list.split(", ").collect();
        list.sort();
        assert_eq!(list, ["28x17", "28x19"], "{out}");
        // Without a capture, the piece's own moves.
        let out = transcript::<draughts::International>(&a, "32-26\n");
        assert!(
            out.contains(
                "no legal move matches `32-26`: the piece on 32 cannot move there; its legal moves: 32-27, 32-28 (type `moves` for the legal moves)"
            ),
            "{out}"
        );
    }

    #[test]
    fn the_saved_game_names_the_computer_and_its_level() {
        let dir = std::env::temp_dir().join(format!("draughts-play-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.pdn");
        let mut a = args(Mode::International);
        (a.white, a.black) = (None, None);
        a.level = Some(Level::Hard);
        a.computer = Some(Color::White);
        a.seed = Some(1);
        // A node-limited search would be faster, but `hard` is what players
        // choose; resign at once so the computer moves only once.
        let input = format!("resign\nsave {}\n", file.display());
        transcript::<draughts::International>(&a, &input);
        let pdn = std::fs::read_to_string(&file).unwrap();
        assert!(pdn.contains("[White \"draughts (hard)\"]"), "{pdn}");
        assert!(pdn.contains("[Black \"Human\"]"), "{pdn}");
        // A name given on the command line wins; the other side is still
        // the computer.
        a.black = Some("Ann".into());
        a.level = Some(Level::VeryEasy);
        transcript::<draughts::International>(&a, &input);
        let pdn = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(pdn.contains("[White \"draughts (very easy)\"]"), "{pdn}");
        assert!(pdn.contains("[Black \"Ann\"]"), "{pdn}");
        // Two people: White and Black.
        let out = args(Mode::English);
        let none = Args {
            white: None,
            black: None,
            ..out
        };
        assert_eq!(player_name(&none, None, Color::White), "White");
        assert_eq!(player_name(&none, None, Color::Black), "Black");
    }

    #[test]
    fn resigning_ends_the_game_and_undo_reopens_it() {
        let out =
            transcript::<English>(&args(Mode::English), "11-15\nresign\n23-19\nundo\n23-19\n");
        assert!(
            out.contains("game over: Black wins: White resigned 0-1"),
            "{out}"
        );
        assert!(out.contains("the game is over"), "{out}");
        assert!(out.contains("took back 11-15"), "{out}");
    }
}

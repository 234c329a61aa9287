//! Replaying a PDN record with its variant's rules.
#![cfg_attr(not(feature = "dynamic"), allow(unused_imports))]

use core::any::Any;

use super::{parse_pdn, PdnError, PdnErrorKind, PdnGame, PdnMove};
use crate::core::bitboard::Square;
use crate::core::geometry::{Geometry, Layout};
use crate::core::moves::MoveMode;
use crate::core::position::Position;
use crate::core::variant::board_spec::BoardSpec;
use crate::core::variant::{Color, Rules, Variant, VariantKind, VariantVisitor};
#[cfg(feature = "dynamic")]
use crate::dynamic::DynGame;
use crate::error::MoveTextError;
use crate::formats::notation::Mv;
use crate::play::game::{DrawMode, Game, GameError};

/// Reads and replays every game of a PDN text. Games without a `GameType`
/// tag are played as `default` (an error if `None`). Each game is replayed
/// from its `[FEN]` tag, or the variant's start position; the first move that
/// can't be read or played is reported and the next game is read. Each game
/// is on the run-time face, as [`dynamic::replay_pdn`](crate::dynamic::replay_pdn)
/// (which also reads house rules) gives it; write one back with
/// [`DynGame::to_pdn`].
///
/// ```
/// use draughts::pdn::read_games;
/// use draughts::VariantKind;
/// let text = "[GameType \"25\"]\n1. cd4 fg5 2. dc5 bd4 *\n[GameType \"25\"]\n1. c3-d4 c3-d4 *";
/// let games = read_games(text, None);
/// assert_eq!(games.len(), 2);
/// let texts: Vec<String> = games[0].as_ref().unwrap().moves().into_iter().map(|m| m.text).collect();
/// assert_eq!(texts, ["c3-d4", "f6-g5", "d4-c5", "b6xd4"]);
/// let err = games[1].as_ref().unwrap_err();
/// // The reply (Black's move 1) is the bad one.
/// assert_eq!(err.game, 2);
/// assert!(err.kind.to_string().starts_with("move 1... `c3-d4` (Black): "));
/// ```
#[cfg(feature = "dynamic")]
pub fn read_games(
    text: &str,
    default: Option<VariantKind>,
) -> Vec<Result<Box<dyn DynGame>, PdnError>> {
    parse_pdn(text)
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            g.and_then(|g| replay(&g, default).map_err(|kind| PdnError { game: i + 1, kind }))
        })
        .collect()
}

/// Replays one game read by [`parse_pdn`] with the rules of its built-in
/// variant (its `GameType`, else `default`).
///
/// ```
/// use draughts::pdn::{parse_pdn, replay};
/// let record = parse_pdn("[GameType \"21\"]\n1. 11-15 *").remove(0).unwrap();
/// let game = replay(&record, None).unwrap();
/// assert_eq!(game.name(), "english");
/// assert!(game.to_pdn(&[]).ends_with("1. 11-15 *\n"));
/// ```
#[cfg(feature = "dynamic")]
pub fn replay(
    game: &PdnGame,
    default: Option<VariantKind>,
) -> Result<Box<dyn DynGame>, PdnErrorKind> {
    let kind = game.variant(default)?;
    Ok(crate::with_variant!(kind, V => Box::new(replay_as::<V>(game)?) as Box<dyn DynGame>))
}

/// The squares of a move text, if it is a plain list of squares.
fn squares_of(spec: &BoardSpec, text: &str) -> Option<Vec<Square>> {
    text.split(['-', 'x', 'X', ':'])
        .map(|t| spec.parse_square(t))
        .collect()
}

/// Replays a game read by [`parse_pdn`] as variant `V`.
///
/// The game is returned in [`DrawMode::OnClaim`]: records go on after a
/// repetition or a move-count draw that nobody claimed. A `[FEN]` whose side
/// to move is `?` (unknown) starts with the variant's first mover.
///
/// The record must be of variant `V` ([`PdnGame::check_variant`]): a
/// `CustomVariant` tag naming another variant, or another `GameType` number, is
/// [`PdnErrorKind::VariantMismatch`]. A record without a `Variant` tag is
/// accepted for a custom variant with the same `GameType`. (A `Variant` tag,
/// which some sites write as free text, is not read.)
pub fn replay_as<V: Variant>(game: &PdnGame) -> Result<Game<V>, PdnErrorKind> {
    game.check_variant::<V>()?;
    let start = match start_fen(game, V::RULES.first_mover) {
        Some(fen) => Position::<V>::from_fen(&fen).map_err(PdnErrorKind::Fen)?,
        None => Position::start(),
    };
    let mut g = Game::from_position(start);
    g.set_draw_mode(DrawMode::OnClaim);
    // Ambiguous records are resolved by trying candidates on the rest of the
    // game; the budget bounds that search (a record full of ambiguous moves
    // would otherwise take exponential time).
    let done = replay_moves(Box::new(g), &game.moves, &mut 64)?;
    Ok(*done
        .into_any()
        .downcast::<Game<V>>()
        .expect("a replay returns the game it was given"))
}

/// The record's `[FEN]` tag, a side to move of `?` (unknown) read as
/// `first_mover`.
fn start_fen(game: &PdnGame, first_mover: Color) -> Option<String> {
    let fen = game.tag("FEN")?.trim();
    Some(match fen.strip_prefix('?') {
        Some(rest) => format!("{}{rest}", first_mover.letter()),
        None => fen.to_string(),
    })
}

/// A game being replayed, seen through its moves as data: the replay itself
/// is one function for every variant (it is not a hot path; a copy per
/// variant would be kilobytes each in the WebAssembly package).
trait Replay {
    fn board_spec(&self) -> &'static BoardSpec;
    fn turn(&self) -> Color;
    /// The legal moves (distinct mode).
    fn moves(&self) -> Vec<Mv>;
    /// Every capture route.
    fn routes(&self) -> Vec<Mv>;
    fn parse_move(&self, text: &str) -> Result<Mv, MoveTextError>;
    fn play(&mut self, mv: &Mv) -> Result<(), GameError>;
    fn fork(&self) -> Box<dyn Replay>;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<V: Variant> Replay for Game<V> {
    fn board_spec(&self) -> &'static BoardSpec {
        BoardSpec::of::<V>()
    }
    fn turn(&self) -> Color {
        self.position().turn()
    }
    fn moves(&self) -> Vec<Mv> {
        self.position().legal_moves().iter().map(Mv::of).collect()
    }
    fn routes(&self) -> Vec<Mv> {
        let routes = self.position().legal_moves_in(MoveMode::Routes);
        routes.iter().map(Mv::of).collect()
    }
    fn parse_move(&self, text: &str) -> Result<Mv, MoveTextError> {
        self.position().parse_move(text).map(|m| Mv::of(&m))
    }
    fn play(&mut self, mv: &Mv) -> Result<(), GameError> {
        Game::play(self, &mv.to_move::<V>())
    }
    fn fork(&self) -> Box<dyn Replay> {
        Box::new(self.clone())
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// Whose move it is, and whether it is the second move of its number
/// (PDN's `1...`).
fn mover(g: &dyn Replay) -> (Color, bool) {
    let side = g.turn();
    (side, side != g.board_spec().first_mover)
}

/// Plays `moves` on `g`. A capture written without a needed intermediate
/// square is resolved by trying each candidate on the rest of the record.
fn replay_moves(
    mut g: Box<dyn Replay>,
    moves: &[PdnMove],
    budget: &mut u32,
) -> Result<Box<dyn Replay>, PdnErrorKind> {
    let spec = g.board_spec();
    // A capture written as several jumps: the squares read so far.
    let mut pending: Option<(Vec<Square>, u32, String)> = None;
    // Every move of the record is the side to move's (a pending capture's
    // continuation too: a capture is one side's move).
    for (i, m) in moves.iter().enumerate() {
        let number = m.number.unwrap_or(0);
        let (side, reply) = mover(&*g);
        let fail = |reason| PdnErrorKind::Move {
            number,
            side,
            reply,
            text: m.text.clone(),
            reason,
        };
        if let Some((mut squares, n0, mut text0)) = pending.take() {
            let more = squares_of(spec, &m.text)
                .filter(|s| s.len() >= 2 && s[0] == *squares.last().unwrap());
            let Some(more) = more else {
                return Err(PdnErrorKind::UnfinishedCapture {
                    number: n0,
                    side,
                    reply,
                    text: text0,
                });
            };
            squares.extend_from_slice(&more[1..]);
            text0.push(' ');
            text0.push_str(&m.text);
            match jumps(&*g, &squares) {
                Jumps::Complete(mv) => play(&mut *g, &mv, number, &m.text)?,
                Jumps::Partial => pending = Some((squares, n0, text0)),
                Jumps::None => {
                    // The pieces read as one move, for the reason it is refused.
                    let joined: Vec<String> =
                        squares.iter().map(|&s| spec.square_text(s)).collect();
                    match g.parse_move(&joined.join("x")) {
                        Ok(mv) => play(&mut *g, &mv, number, &m.text)?,
                        Err(MoveTextError::Illegal { reason, .. }) => {
                            return Err(fail(MoveTextError::Illegal {
                                text: text0,
                                reason,
                            }))
                        }
                        Err(e) => return Err(fail(e)),
                    }
                }
            }
            continue;
        }
        match g.parse_move(&m.text) {
            Ok(mv) => play(&mut *g, &mv, number, &m.text)?,
            Err(err @ (MoveTextError::Illegal { .. } | MoveTextError::BadSquare { .. })) => {
                if let Some(mv) = loose_move(&*g, &m.text) {
                    play(&mut *g, &mv, number, &m.text)?;
                    continue;
                }
                // Perhaps the first jumps of a capture written in pieces.
                match squares_of(spec, &m.text)
                    .filter(|s| s.len() >= 2)
                    .map(|s| (jumps(&*g, &s), s))
                {
                    Some((Jumps::Partial, s)) => pending = Some((s, number, m.text.clone())),
                    Some((Jumps::Complete(mv), _)) => play(&mut *g, &mv, number, &m.text)?,
                    _ => return Err(fail(err)),
                }
            }
            Err(MoveTextError::Ambiguous { text, candidates }) => {
                // A record that left out a needed intermediate square: keep the
                // candidate with which the rest of the record replays.
                let mut fits = g
                    .moves()
                    .into_iter()
                    .filter(|c| candidates.contains(&c.text(spec)))
                    .filter_map(|c| {
                        *budget = budget.checked_sub(1)?;
                        let mut branch = g.fork();
                        play(&mut *branch, &c, number, &m.text).ok()?;
                        replay_moves(branch, &moves[i + 1..], budget).ok()
                    });
                return match (fits.next(), fits.next()) {
                    (Some(done), None) => Ok(done),
                    _ => Err(fail(MoveTextError::Ambiguous { text, candidates })),
                };
            }
            Err(e) => return Err(fail(e)),
        }
    }
    if let Some((_, number, text)) = pending {
        let (side, reply) = mover(&*g);
        return Err(PdnErrorKind::UnfinishedCapture {
            number,
            side,
            reply,
            text,
        });
    }
    Ok(g)
}

/// Forms some records use that move text does not: two algebraic squares
/// without a separator (`a3b4`), and the Russian short notation for any piece,
/// kings included (`ec3`: the piece on the e file that can go to c3).
fn loose_move(g: &dyn Replay, text: &str) -> Option<Mv> {
    let spec = g.board_spec();
    let t: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':'))
        .collect();
    let b = t.as_bytes();
    let is_file = |c: u8| c.is_ascii_lowercase();
    let split = (1..t.len()).find(|&k| is_file(b[k]) && b[k - 1].is_ascii_digit());
    let mut candidates: Vec<Mv> = if let Some(k) = split {
        // `a3b4`
        let (from, to) = (spec.parse_square(&t[..k])?, spec.parse_square(&t[k..])?);
        g.moves()
            .into_iter()
            .filter(|m| m.from == from && m.to() == to)
            .collect()
    } else if b.len() >= 3 && is_file(b[0]) && is_file(b[1]) {
        // `ec3`
        let to = spec.parse_square(&t[1..])?;
        let file = b[0] as char;
        g.moves()
            .into_iter()
            .filter(|m| m.to() == to && spec.algebraic_name(m.from).starts_with(file))
            .collect()
    } else {
        return None;
    };
    match candidates.len() {
        1 => candidates.pop(),
        _ => None,
    }
}

fn play(g: &mut dyn Replay, mv: &Mv, number: u32, text: &str) -> Result<(), PdnErrorKind> {
    let (side, reply) = mover(g);
    g.play(mv).map_err(|reason| PdnErrorKind::AfterEnd {
        number,
        side,
        reply,
        text: text.to_string(),
        reason,
    })
}

enum Jumps {
    /// The squares are the whole path of one capture.
    Complete(Mv),
    /// They are the first landings of some capture.
    Partial,
    None,
}

/// Matches `squares` (start, then consecutive landing squares) against the
/// capture routes of the game's position.
fn jumps(g: &dyn Replay, squares: &[Square]) -> Jumps {
    let landings = &squares[1..];
    let mut partial = false;
    let mut complete: Option<Mv> = None;
    for m in g
        .routes()
        .into_iter()
        .filter(|m| m.is_capture() && m.from == squares[0])
    {
        if m.path[..] == *landings {
            complete = Some(m);
        } else if m.path.starts_with(landings) {
            partial = true;
        }
    }
    match (complete, partial) {
        (Some(m), _) => Jumps::Complete(m),
        (None, true) => Jumps::Partial,
        (None, false) => Jumps::None,
    }
}

/// The tag [`write_pdn`](super::write_pdn) writes for a variant that is not built in.
pub const CUSTOM_VARIANT: &str = "CustomVariant";

/// The built-in variant that plays exactly as `V` (same rules and board), if any.
pub fn builtin<V: Variant>() -> Option<VariantKind> {
    builtin_for(
        &V::RULES,
        (V::Board::WIDTH, V::Board::HEIGHT, V::Board::LAYOUT),
    )
}

/// The built-in variant with rules `rules` on a board of `(width, height,
/// layout)`, if any.
fn builtin_for(rules: &Rules, board: (u8, u8, Layout)) -> Option<VariantKind> {
    struct BoardOf;
    impl VariantVisitor for BoardOf {
        type Output = (u8, u8, Layout);
        fn visit<W: Variant>(self) -> (u8, u8, Layout) {
            (W::Board::WIDTH, W::Board::HEIGHT, W::Board::LAYOUT)
        }
    }
    VariantKind::ALL
        .into_iter()
        .find(|&k| k.rules() == *rules && k.visit(BoardOf) == board)
}

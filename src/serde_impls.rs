//! serde support (feature `serde`).
//!
//! * [`Move`] serializes as `{from, path, captured, promotes}` with squares as
//!   the variant writes them (numbers, or algebraic names).
//! * [`Position`] serializes as its FEN string; a position of the run-time
//!   face (`dyn DynPosition`, `Box<dyn DynPosition>`, [`AnyPosition`]) as
//!   `{variant, fen}`; all are validated when read back.
//! * [`Game`] and a game of the run-time face (`dyn DynGame`,
//!   `Box<dyn DynGame>`, [`AnyGame`]) serialize as `{variant, start, moves,
//!   draw_mode}` (the variant's name, the start FEN, the moves as full-path
//!   text); deserializing replays the moves and rejects an illegal one with
//!   an error naming it, never a panic. A `Box<dyn DynGame>` reads any
//!   built-in variant or house rule by its name.

use core::marker::PhantomData;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::core::bitboard::{BitSet, Square};
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::core::squares::Bits;
use crate::core::variant::Variant;
use crate::play::game::{DrawMode, Game};

#[derive(Serialize, Deserialize)]
struct MoveRepr {
    from: String,
    path: Vec<String>,
    captured: Vec<String>,
    promotes: bool,
}

impl<V: Variant> Serialize for Move<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MoveRepr {
            from: V::square_text(self.from()),
            path: self.path().iter().map(|&q| V::square_text(q)).collect(),
            captured: self.captured().iter().map(V::square_text).collect(),
            promotes: self.promotes(),
        }
        .serialize(s)
    }
}

fn square<V: Variant, E: serde::de::Error>(text: &str) -> Result<Square, E> {
    V::parse_square(text)
        .ok_or_else(|| E::custom(format!("`{text}` is not a square of {}", V::NAME)))
}

impl<'de, V: Variant> Deserialize<'de> for Move<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = MoveRepr::deserialize(d)?;
        if r.path.is_empty() {
            return Err(D::Error::custom("a move needs at least one landing square"));
        }
        let mut captured = Bits::<V>::ZERO;
        for c in &r.captured {
            captured |= Bits::<V>::bit(square::<V, D::Error>(c)?.index() as u32);
        }
        Ok(Move {
            from: square::<V, D::Error>(&r.from)?,
            path: r
                .path
                .iter()
                .map(|p| square::<V, D::Error>(p))
                .collect::<Result<_, _>>()?,
            captured,
            promotes: r.promotes,
            _v: PhantomData,
        })
    }
}

#[derive(Serialize, Deserialize)]
struct GameRepr {
    variant: String,
    start: String,
    moves: Vec<String>,
    #[serde(default)]
    draw_mode: DrawMode,
}

impl<V: Variant> Serialize for Game<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameRepr {
            variant: V::NAME.to_string(),
            start: self.start().to_fen(),
            moves: self.moves().iter().map(ToString::to_string).collect(),
            draw_mode: self.draw_mode(),
        }
        .serialize(s)
    }
}

impl<'de, V: Variant> Deserialize<'de> for Game<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = GameRepr::deserialize(d)?;
        if r.variant != V::NAME {
            return Err(D::Error::custom(format!(
                "a {} game, expected {}",
                r.variant,
                V::NAME
            )));
        }
        let start = Position::<V>::from_fen(&r.start).map_err(D::Error::custom)?;
        let mut game = Game::from_position(start);
        game.set_draw_mode(r.draw_mode);
        for (i, text) in r.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| D::Error::custom(format!("move {} `{text}`: {e}", i + 1)))?;
        }
        Ok(game)
    }
}

/// A position serializes as its FEN string.
impl<V: Variant> Serialize for Position<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_fen())
    }
}

impl<'de, V: Variant> Deserialize<'de> for Position<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let fen = String::deserialize(d)?;
        Position::from_fen(&fen).map_err(D::Error::custom)
    }
}

/// The run-time face's positions and games (feature `dynamic`).
#[cfg(feature = "dynamic")]
mod run_time {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::GameRepr;
    use crate::any::{AnyGame, AnyPosition};
    use crate::core::variant::VariantKind;
    use crate::dynamic::{self, DynGame, DynPosition};

    /// Plays the record's moves on `game` (at its start), in its draw mode.
    fn replay_repr(game: &mut dyn DynGame, r: &GameRepr) -> Result<(), String> {
        game.set_draw_mode(r.draw_mode);
        for (i, text) in r.moves.iter().enumerate() {
            game.play(text)
                .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
        }
        Ok(())
    }

    /// A game of the run-time face serializes as [`Game`] does.
    impl Serialize for dyn DynGame + '_ {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            GameRepr {
                variant: self.name().to_string(),
                start: self.start_fen(),
                moves: self.moves().into_iter().map(|m| m.text).collect(),
                draw_mode: self.draw_mode(),
            }
            .serialize(s)
        }
    }

    /// Any built-in variant or house rule, by the record's variant name.
    impl<'de> Deserialize<'de> for Box<dyn DynGame> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let r = GameRepr::deserialize(d)?;
            let mut game =
                dynamic::game_from_fen(&r.variant, &r.start).map_err(D::Error::custom)?;
            replay_repr(game.as_mut(), &r).map_err(D::Error::custom)?;
            Ok(game)
        }
    }

    impl Serialize for AnyGame {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            (**self).serialize(s)
        }
    }

    /// A built-in variant's game (a house rule's name is refused: read it as a
    /// `Box<dyn DynGame>`).
    impl<'de> Deserialize<'de> for AnyGame {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let r = GameRepr::deserialize(d)?;
            let kind: VariantKind = r.variant.parse().map_err(D::Error::custom)?;
            let mut game = AnyGame::from_fen(kind, &r.start).map_err(D::Error::custom)?;
            replay_repr(&mut *game, &r).map_err(D::Error::custom)?;
            Ok(game)
        }
    }

    #[derive(Serialize, Deserialize)]
    struct PositionRepr {
        variant: String,
        fen: String,
    }

    /// A position of the run-time face serializes as `{variant, fen}`.
    impl Serialize for dyn DynPosition + '_ {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            PositionRepr {
                variant: self.name().to_string(),
                fen: self.fen(),
            }
            .serialize(s)
        }
    }

    /// Any built-in variant or house rule, by the record's variant name.
    impl<'de> Deserialize<'de> for Box<dyn DynPosition> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let r = PositionRepr::deserialize(d)?;
            dynamic::position_from_fen(&r.variant, &r.fen).map_err(D::Error::custom)
        }
    }

    impl Serialize for AnyPosition {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            (**self).serialize(s)
        }
    }

    /// A built-in variant's position (a house rule's name is refused).
    impl<'de> Deserialize<'de> for AnyPosition {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let r = PositionRepr::deserialize(d)?;
            let kind: VariantKind = r.variant.parse().map_err(D::Error::custom)?;
            AnyPosition::from_fen(kind, &r.fen).map_err(D::Error::custom)
        }
    }
}

//! serde support (feature `serde`).
//!
//! * [`Move`] serializes as `{from, path, captured, promotes}` with squares as
//!   the variant writes them (numbers, or algebraic names).
//! * [`Position`] serializes as its FEN string, [`AnyPosition`] as
//!   `{variant, fen}`; both are validated when read back.
//! * [`Game`] serializes as its variant name, start FEN and moves (full-path
//!   text); deserializing replays the moves and rejects an illegal one with an
//!   error naming it, never a panic.

use core::marker::PhantomData;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::any::AnyPosition;
use crate::core::bitboard::{BitSet, Square};
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::core::squares::Bits;
use crate::core::variant::{Variant, VariantKind};
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

#[derive(Serialize, Deserialize)]
struct AnyPositionRepr {
    variant: VariantKind,
    fen: String,
}

/// A run-time position serializes as `{variant, fen}`.
impl Serialize for AnyPosition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        AnyPositionRepr {
            variant: self.kind(),
            fen: self.to_fen(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for AnyPosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = AnyPositionRepr::deserialize(d)?;
        AnyPosition::from_fen(r.variant, &r.fen).map_err(D::Error::custom)
    }
}

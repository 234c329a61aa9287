//! Legal moves as plain data ([`Mv`]) and the landing squares a capture may pass.

use smallvec::SmallVec;

use crate::core::bitboard::Square;
use crate::core::moves::{Move, Path};

use crate::core::variant::board_spec::{bit, narrow, wide, BoardSpec};
use crate::core::variant::{Color, Variant};

/// A move as plain data: what [`Move`] holds, its captured set as a `u128`.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Mv {
    pub(crate) from: Square,
    pub(crate) path: Path,
    pub(crate) captured: u128,
    pub(crate) promotes: bool,
}

impl Mv {
    pub(crate) fn of<V: Variant>(m: &Move<V>) -> Mv {
        Mv {
            from: m.from,
            path: m.path.clone(),
            captured: wide::<V>(m.captured),
            promotes: m.promotes,
        }
    }

    /// The move of variant `V` this data was read from.
    pub(crate) fn to_move<V: Variant>(&self) -> Move<V> {
        Move {
            from: self.from,
            path: self.path.clone(),
            captured: narrow::<V>(self.captured),
            promotes: self.promotes,
            _v: core::marker::PhantomData,
        }
    }

    pub(crate) fn to(&self) -> Square {
        *self
            .path
            .last()
            .expect("a move has at least one landing square")
    }

    pub(crate) fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The full-path text (`Move`'s `Display`).
    pub(crate) fn text(&self, board: &BoardSpec) -> String {
        board.path_text(self.from, &self.path, self.is_capture())
    }

    /// The pieces jumped by the first `n` jumps ([`Move::jumps`]).
    pub(super) fn jumped(&self, board: &BoardSpec, n: usize) -> u128 {
        let (mut left, mut prev, mut done) = (self.captured, self.from, 0u128);
        for &to in self.path.iter().take(n) {
            if left == 0 {
                break;
            }
            let hit = board.between(prev, to) & left;
            if hit.count_ones() != 1 {
                break;
            }
            left ^= hit;
            done |= hit;
            prev = to;
        }
        done
    }
}

/// One jump of a capture route.
pub(super) struct Jump {
    /// The piece jumped.
    pub(super) captured: Square,
    /// Unit step of the jump, in internal coordinates.
    pub(super) dir: (i8, i8),
    /// The jumping piece was a king.
    pub(super) by_king: bool,
}

/// For each landing square of a capture route, the squares on which the
/// player may say the piece landed.
///
/// Usually that is the landing square itself. A flying king that jumps two
/// pieces in a straight line may stop on any square between them before the
/// second jump; routes mode lists such a double jump once (with the first
/// landing square), so every square between the two pieces is accepted there.
pub(super) fn landing_sets(
    board: &BoardSpec,
    turn: Color,
    kings: u128,
    mv: &Mv,
) -> SmallVec<[u128; 16]> {
    let path = &mv.path[..];
    let mut sets: SmallVec<[u128; 16]> = path.iter().map(|&s| bit(s)).collect();
    if path.len() < 2 || !mv.is_capture() || !board.flying_beyond {
        return sets;
    }
    let far = board.far_row(turn);
    let captured = mv.captured;
    let mut king = kings & bit(mv.from) != 0;
    let mut removed = 0u128;
    let mut prev = mv.from;
    let mut jumps: SmallVec<[Jump; 16]> = SmallVec::new();
    for &land in path {
        let Some(dir) = board.direction(prev, land) else {
            return sets;
        };
        let hit = board.between(prev, land) & captured & !removed;
        if hit.count_ones() != 1 {
            return sets;
        }
        jumps.push(Jump {
            captured: Square(hit.trailing_zeros() as u8),
            dir,
            by_king: king,
        });
        removed |= hit;
        if board.promotes_and_continues && far & bit(land) != 0 {
            king = true;
        }
        prev = land;
    }
    for i in 0..path.len() - 1 {
        let (a, b) = (&jumps[i], &jumps[i + 1]);
        if a.by_king && a.dir == b.dir {
            sets[i] |= board.between(a.captured, b.captured);
        }
    }
    sets
}

/// Matches `clicks` in order against the landing sets `sets[..limit]`, each
/// click at a later landing than the one before. Returns the index after the
/// last matched landing (the earliest possible), or `None`.
pub(super) fn subsequence(
    sets: &[u128],
    clicks: &[Square],
    limit: usize,
    exact: Option<&[Square]>,
) -> Option<usize> {
    let mut i = 0;
    for &sq in clicks {
        loop {
            if i >= limit {
                return None;
            }
            let ok = match exact {
                Some(path) => path[i] == sq,
                None => sets[i] & bit(sq) != 0,
            };
            i += 1;
            if ok {
                break;
            }
        }
    }
    Some(i)
}

//! The capture search: the single-jump shortcut, the depth-first search
//! over capture sequences and where complete sequences go ([`Sink`]).

use super::shared::{
    capture_dir_count, each_dir, king_capture_mask, man_capture_mask, man_jumps_pays, man_landings,
    shift_in, sq_of, MAX_JUMPS, NO_DIR,
};
use crate::bitboard::{BitSet, Square};
use crate::geometry::{Dir, Geometry};
use crate::moves::MoveMode;
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{
    Color, KingLanding, KingRange, MidCapturePromotion, Precedence, Removal, RouteConvention,
    Variant,
};

impl<V: Variant> Position<V> {
    /// The fast path of capture generation. When no king can capture and no
    /// man's capture can go on after its first jump, every capture is a single
    /// jump, found with a few shifts per direction instead of a search:
    /// returns, per direction `d`, the men of `men` that jump in direction `d`.
    /// Returns `None` when the search is needed.
    ///
    /// Exactness: after jumping in direction `d` from `s` to `l = s + 2d`, a
    /// man could only go on with a jump in a direction `e != opposite(d)`
    /// (the opposite jump is over the piece just captured). Such a jump never
    /// passes the captured piece `l - d` or the vacated `s`, so it is possible
    /// exactly when a man standing on `l` could jump in direction `e` in the
    /// current position. Single jumps all have the same precedence key unless
    /// a precedence rule looks at kings and men may capture kings.
    #[inline]
    pub(super) fn single_jumps(&self, men: Bits<V>) -> Option<[Bits<V>; 8]> {
        if self.kings_weigh() {
            return None;
        }
        let dirs = man_capture_mask::<V>(self.turn);
        let far = self.promotion_row();
        let (can, can_any) = self.jump_starts();
        let mut jumpers = [Bits::<V>::ZERO; 8];
        let mut lands = Bits::<V>::ZERO;
        let mut goes_on = false;
        each_dir::<V>(dirs, |d| {
            jumpers[d] = men & can[d];
            let mut land = shift_in::<V>(shift_in::<V>(jumpers[d], d), d);
            match V::RULES.promotion {
                // Crowning ends the move: no continuation from the far row.
                MidCapturePromotion::EndsMove => land &= !far,
                // A crowned man would go on as a king: leave it to the search.
                MidCapturePromotion::PromotesAndContinues => {
                    goes_on |= !(land & far).is_zero();
                }
                MidCapturePromotion::ContinuesAsMan => {}
            }
            if man_jumps_pays::<V>() {
                lands |= land;
            } else {
                // Two directions: testing each is cheaper than the union.
                each_dir::<V>(dirs & !(1 << (d ^ 2)), |e| {
                    goes_on |= !(land & can[e]).is_zero();
                });
            }
        });
        // With three or more directions, one test of the union: the opposite
        // direction needs no exclusion, as a man on `l` can't jump back over
        // the piece just captured now (the square behind it is the jumping
        // man's own start, which is occupied).
        goes_on |= !(lands & can_any).is_zero();
        if goes_on {
            None
        } else {
            Some(jumpers)
        }
    }

    pub(crate) fn generate_captures<S: Sink<V>>(
        &self,
        mode: MoveMode,
        men: Bits<V>,
        king_can: bool,
        list: &mut S,
    ) {
        if !king_can {
            if let Some(jumpers) = self.single_jumps(men) {
                let far = self.promotion_row();
                if S::ANY_ORDER && !cfg!(target_arch = "wasm32") {
                    // Direction by direction: each shift is by a constant,
                    // and only the directions with a jump loop (native
                    // only: the WebAssembly package keeps its size).
                    each_dir::<V>(king_capture_mask::<V>(), |d| {
                        let mut j = jumpers[d];
                        while !j.is_zero() {
                            let b = Bits::<V>::bit(j.lowest());
                            j ^= b;
                            let over = shift_in::<V>(b, d);
                            let to = shift_in::<V>(over, d);
                            list.push(sq_of(b), &[sq_of(to)], over, !(to & far).is_zero());
                        }
                    });
                    return;
                }
                // In the search's order: by man, then by direction.
                let mut m = men;
                while !m.is_zero() {
                    let b = Bits::<V>::bit(m.lowest());
                    m ^= b;
                    for (d, &j) in jumpers[..capture_dir_count::<V>()].iter().enumerate() {
                        if !(j & b).is_zero() {
                            let over = shift_in::<V>(b, d);
                            let to = shift_in::<V>(over, d);
                            list.push(sq_of(b), &[sq_of(to)], over, !(to & far).is_zero());
                        }
                    }
                }
                return;
            }
        }
        self.search_captures(mode, men, king_can, list, false);
    }

    /// The capture search of [`Position::generate_captures`], without its
    /// single-jump shortcut (for callers that have tried it already).
    ///
    /// `unfiltered`: keep every complete sequence, whatever the precedence
    /// rule says (the captures the law forbids, for error messages; a flag
    /// rather than another sink, so that no second copy of the capture
    /// search is compiled per variant).
    pub(super) fn search_captures<S: Sink<V>>(
        &self,
        mode: MoveMode,
        men: Bits<V>,
        king_can: bool,
        list: &mut S,
        unfiltered: bool,
    ) {
        let (own, opp) = self.own_opp();
        let mut gen = CaptureGen::<V, S> {
            list,
            mode,
            from: Square(0),
            from_king: false,
            opp,
            opp_kings: opp & self.kings,
            occ: own | opp,
            far: self.promotion_row(),
            man_dirs: man_capture_mask::<V>(self.turn),
            turn: self.turn,
            path: [Square(0); MAX_JUMPS],
            best: 0,
            unfiltered,
        };
        let occ_all = own | opp;
        let fast_men = S::ANY_ORDER && man_jumps_pays::<V>();
        let (man_targets, _) = self.man_targets_empty();
        let mut m = men;
        while !m.is_zero() {
            let b = Bits::<V>::bit(m.lowest());
            m ^= b;
            gen.from = sq_of(b);
            gen.from_king = false;
            gen.occ = occ_all & !b;
            if fast_men {
                let empty = V::Board::ALL & !gen.occ;
                gen.man_jumps(b.lowest(), man_targets, empty, Bits::<V>::ZERO, 0, 0);
            } else {
                gen.extend(b, false, false, Bits::<V>::ZERO, 0, 0, NO_DIR, false);
            }
        }
        if king_can {
            let mut k = own & self.kings;
            while !k.is_zero() {
                let b = Bits::<V>::bit(k.lowest());
                k ^= b;
                gen.from = sq_of(b);
                gen.from_king = true;
                gen.occ = occ_all & !b;
                gen.extend(b, true, false, Bits::<V>::ZERO, 0, 0, NO_DIR, false);
            }
        }
    }
}

/// Where complete capture sequences go: a move list, or a counter.
pub(crate) trait Sink<V: Variant> {
    /// The order of the recorded moves does not matter (counting, perft), so
    /// men's captures may be searched in whatever order is fastest.
    const ANY_ORDER: bool = false;
    /// Forgets everything recorded (a better capture was found).
    fn clear(&mut self);
    /// True when a move with this start, end and captured set was recorded.
    fn contains(&self, from: Square, to: Square, captured: Bits<V>) -> bool;
    /// Records a complete sequence.
    fn push(&mut self, from: Square, path: &[Square], captured: Bits<V>, promotes: bool);
}

/// Depth-first search over capture sequences of one position.
struct CaptureGen<'a, V: Variant, S: Sink<V>> {
    list: &'a mut S,
    mode: MoveMode,
    /// Start square of the piece being searched.
    from: Square,
    /// The piece being searched started as a king.
    from_king: bool,
    opp: Bits<V>,
    opp_kings: Bits<V>,
    /// Occupied squares, without the moving piece.
    occ: Bits<V>,
    /// The mover's promotion row.
    far: Bits<V>,
    /// Directions in which men capture, as a mask (bit `d` for direction `d`).
    man_dirs: u8,
    /// The side to move.
    turn: Color,
    /// Landing squares of the sequence being searched.
    path: [Square; MAX_JUMPS],
    /// Best precedence key recorded so far.
    best: u32,
    /// Every complete sequence is recorded, whatever the precedence rule.
    unfiltered: bool,
}

/// Where a capture sequence being searched stands.
struct Node<V: Variant> {
    /// The capturing piece's square (a single bit).
    cur: Bits<V>,
    /// The piece is a king now.
    king: bool,
    /// A man that has been crowned during the sequence.
    promoted: bool,
    /// Pieces captured so far.
    captured: Bits<V>,
    /// Which captures took kings (for `Precedence::EarliestKing`).
    king_seq: u32,
    /// Number of jumps so far.
    len: usize,
    /// Direction of the last jump (`NO_DIR` before the first).
    last_dir: Dir,
    /// Don't jump again in `last_dir` (already searched from the first landing).
    skip_last_dir: bool,
    /// Squares a jump may land on.
    empty: Bits<V>,
}

impl<V: Variant, S: Sink<V>> CaptureGen<'_, V, S> {
    /// Extends the sequence that has reached `cur` (a single bit) after `len`
    /// jumps. Records every complete sequence; returns false when no jump is
    /// possible from here (the caller then records the sequence as complete).
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        cur: Bits<V>,
        king: bool,
        promoted: bool,
        captured: Bits<V>,
        king_seq: u32,
        len: usize,
        last_dir: Dir,
        skip_last_dir: bool,
    ) -> bool {
        if len >= MAX_JUMPS {
            return false;
        }
        let empty = match V::RULES.removal {
            Removal::EndOfMove => V::Board::ALL & !self.occ,
            Removal::Immediate => V::Board::ALL & !(self.occ & !captured),
        };
        let at = Node {
            cur,
            king,
            promoted,
            captured,
            king_seq,
            len,
            last_dir,
            skip_last_dir,
            empty,
        };
        // One call per direction with the direction as a constant: once
        // inlined, every shift below is a plain shift (no branch on the
        // direction). Men use their capture directions, kings all four.
        let mut any = false;
        if king && V::RULES.king_range == KingRange::Flying {
            any |= self.jump::<true>(0, &at);
            any |= self.jump::<true>(1, &at);
            any |= self.jump::<true>(2, &at);
            any |= self.jump::<true>(3, &at);
            if V::RULES.orthogonal_captures {
                any |= self.jump::<true>(4, &at);
                any |= self.jump::<true>(5, &at);
                any |= self.jump::<true>(6, &at);
                any |= self.jump::<true>(7, &at);
            }
        } else {
            let dirs = if king {
                king_capture_mask::<V>()
            } else if V::RULES.men_capture_backward {
                // A constant, so that the tests below fold away.
                man_capture_mask::<V>(Color::White)
            } else {
                self.man_dirs
            };
            if dirs & 1 != 0 {
                any |= self.jump::<false>(0, &at);
            }
            if dirs & 2 != 0 {
                any |= self.jump::<false>(1, &at);
            }
            if dirs & 4 != 0 {
                any |= self.jump::<false>(2, &at);
            }
            if dirs & 8 != 0 {
                any |= self.jump::<false>(3, &at);
            }
            if V::RULES.orthogonal_captures {
                if dirs & 16 != 0 {
                    any |= self.jump::<false>(4, &at);
                }
                if dirs & 32 != 0 {
                    any |= self.jump::<false>(5, &at);
                }
                if dirs & 64 != 0 {
                    any |= self.jump::<false>(6, &at);
                }
                if dirs & 128 != 0 {
                    any |= self.jump::<false>(7, &at);
                }
            }
        }
        any
    }

    /// The men's capture search used when the order of the moves does not
    /// matter: the man on bit `cur` has made `len` jumps capturing
    /// `captured`; `targets` are the pieces it may still jump, `empty` the
    /// squares it may land on. Its landings in every direction are found at
    /// once ([`man_landings`]), the piece jumped half-way to each. Records
    /// every complete sequence exactly as [`CaptureGen::extend`] does;
    /// returns false when no jump is possible from `cur`.
    #[inline]
    #[cfg(not(target_arch = "wasm32"))]
    fn man_jumps(
        &mut self,
        cur: u32,
        targets: Bits<V>,
        empty: Bits<V>,
        captured: Bits<V>,
        king_seq: u32,
        len: usize,
    ) -> bool {
        if len >= MAX_JUMPS {
            return false;
        }
        let lands = man_landings::<V>(self.turn, cur, targets, empty);
        if lands.is_zero() {
            return false;
        }
        self.man_jumps_from(cur, lands, targets, empty, captured, king_seq, len);
        true
    }

    /// [`CaptureGen::man_jumps`] with the man's landings `lands` (not empty,
    /// and `len < MAX_JUMPS`) worked out. Each landing's own landings are
    /// worked out here, before a call: most landings end the sequence, and
    /// only the sequences that go on pay for a call (as `MenCount::walk_from`
    /// in count.rs).
    #[cfg(not(target_arch = "wasm32"))]
    #[allow(clippy::too_many_arguments)]
    fn man_jumps_from(
        &mut self,
        cur: u32,
        mut lands: Bits<V>,
        targets: Bits<V>,
        empty: Bits<V>,
        captured: Bits<V>,
        king_seq: u32,
        len: usize,
    ) {
        while !lands.is_zero() {
            let to = lands.lowest();
            lands ^= Bits::<V>::bit(to);
            let Some((over, seq, ncapt, on_far)) = self.man_land(cur, to, captured, king_seq, len)
            else {
                continue;
            };
            let next_empty = match V::RULES.removal {
                Removal::EndOfMove => empty,
                Removal::Immediate => empty | over,
            };
            let next_targets = targets & !over;
            // The landings from `to`, as `man_jumps` would find them.
            let on = if len + 1 >= MAX_JUMPS {
                Bits::<V>::ZERO
            } else {
                man_landings::<V>(self.turn, to, next_targets, next_empty)
            };
            if on.is_zero() {
                self.record(len + 1, ncapt, seq, on_far);
            } else {
                self.man_jumps_from(to, on, next_targets, next_empty, ncapt, seq, len + 1);
            }
        }
    }

    /// [`CaptureGen::man_jumps`] in WebAssembly: a call per landing, which
    /// finds that landing's own landings. The search of the native build
    /// ([`CaptureGen::man_jumps_from`]) made the package about 1 KB larger
    /// gzipped (docs/speed.md).
    #[cfg(target_arch = "wasm32")]
    fn man_jumps(
        &mut self,
        cur: u32,
        targets: Bits<V>,
        empty: Bits<V>,
        captured: Bits<V>,
        king_seq: u32,
        len: usize,
    ) -> bool {
        if len >= MAX_JUMPS {
            return false;
        }
        let mut lands = man_landings::<V>(self.turn, cur, targets, empty);
        let any = !lands.is_zero();
        while !lands.is_zero() {
            let to = lands.lowest();
            lands ^= Bits::<V>::bit(to);
            let Some((over, seq, ncapt, on_far)) = self.man_land(cur, to, captured, king_seq, len)
            else {
                continue;
            };
            let next_empty = match V::RULES.removal {
                Removal::EndOfMove => empty,
                Removal::Immediate => empty | over,
            };
            if !self.man_jumps(to, targets & !over, next_empty, ncapt, seq, len + 1) {
                self.record(len + 1, ncapt, seq, on_far);
            }
        }
        any
    }

    /// The jump of the man on bit `cur` to bit `to` (the piece taken
    /// half-way), the `len + 1`-th of its sequence: written to the path;
    /// where it crowns, recorded or searched on as a king's capture
    /// (`None`); else, for the man's search to go on from `to`, the piece
    /// taken, the king-order mask, the pieces captured and whether `to` is
    /// on the far row.
    #[inline(always)]
    fn man_land(
        &mut self,
        cur: u32,
        to: u32,
        captured: Bits<V>,
        king_seq: u32,
        len: usize,
    ) -> Option<(Bits<V>, u32, Bits<V>, bool)> {
        let land = Bits::<V>::bit(to);
        let over = Bits::<V>::bit((cur + to) / 2);
        let seq = self.seq(king_seq, over, len);
        let ncapt = captured | over;
        self.path[len] = Square(to as u8);
        let on_far = !(land & self.far).is_zero();
        match V::RULES.promotion {
            MidCapturePromotion::EndsMove if on_far => {
                self.record(len + 1, ncapt, seq, true);
                None
            }
            MidCapturePromotion::PromotesAndContinues if on_far => {
                // Crowned: the king's search goes on. It needs no last
                // direction (only `no_reverse_jump` reads it, and
                // `man_jumps_pays` leaves those variants out).
                if !self.extend(land, true, true, ncapt, seq, len + 1, NO_DIR, false) {
                    self.record(len + 1, ncapt, seq, true);
                }
                None
            }
            _ => Some((over, seq, ncapt, on_far)),
        }
    }

    /// The jumps from `at` in direction `d`, each extended as far as it goes;
    /// true when there is at least one. `FLYING`: the piece is a flying king.
    #[inline(always)]
    fn jump<const FLYING: bool>(&mut self, d: Dir, at: &Node<V>) -> bool {
        if V::RULES.no_reverse_jump && d ^ 2 == at.last_dir {
            return false;
        }
        let capturable = self.opp & !at.captured;
        let empty = at.empty;
        if !FLYING {
            let targets = if at.king || V::RULES.man_captures_king {
                capturable
            } else {
                capturable & !self.opp_kings
            };
            let over = shift_in::<V>(at.cur, d) & targets;
            if over.is_zero() {
                return false;
            }
            let land = shift_in::<V>(over, d) & empty;
            if land.is_zero() {
                return false;
            }
            let len = at.len;
            let seq = self.seq(at.king_seq, over, len);
            let ncapt = at.captured | over;
            self.path[len] = sq_of(land);
            let on_far = !at.king && !(land & self.far).is_zero();
            let (next_king, stop) = match V::RULES.promotion {
                MidCapturePromotion::EndsMove if on_far => (false, true),
                MidCapturePromotion::PromotesAndContinues if on_far => (true, false),
                _ => (at.king, false),
            };
            // A man is promoted if it stands on the far row when recorded
            // (ContinuesAsMan) or once it has been crowned (the other rules).
            let next_promoted = if at.king { at.promoted } else { on_far };
            if stop
                || !self.extend(
                    land,
                    next_king,
                    next_promoted,
                    ncapt,
                    seq,
                    len + 1,
                    d,
                    false,
                )
            {
                self.record(len + 1, ncapt, seq, next_promoted);
            }
            return true;
        }
        if at.skip_last_dir && d == at.last_dir {
            return false;
        }
        // The first occupied square along the ray.
        let p = V::Board::first_on_ray(at.cur, V::Board::ALL & !empty, d);
        if (p & capturable).is_zero() {
            return false;
        }
        let mut land = shift_in::<V>(p, d) & empty;
        if land.is_zero() {
            return false;
        }
        let behind = land;
        let len = at.len;
        let seq = self.seq(at.king_seq, p, len);
        let ncapt = at.captured | p;
        let mut continues = false;
        let mut ends = Bits::<V>::ZERO;
        // Going on in the same direction reaches the same next piece from
        // every landing square: search it from the first landing only, so
        // that a straight double jump is one route, not one per square
        // (unless routes are counted per landing square).
        let merge =
            !(self.mode == MoveMode::Routes && V::RULES.routes == RouteConvention::EveryLanding);
        let mut first = true;
        loop {
            self.path[len] = sq_of(land);
            if self.extend(
                land,
                true,
                at.promoted,
                ncapt,
                seq,
                len + 1,
                d,
                merge && !first,
            ) {
                continues = true;
            } else {
                ends |= land;
            }
            if V::RULES.king_landing == KingLanding::DirectlyBehind {
                break;
            }
            first = false;
            land = shift_in::<V>(land, d) & empty;
            if land.is_zero() {
                break;
            }
        }
        // Mid-sequence the king must land where the capture continues
        // (RULES.md §1); only if it can't continue anywhere may it stop.
        if !continues {
            // Killer: a capture that ends by taking a king stops directly
            // behind it.
            if V::RULES.king_landing == KingLanding::HaltBehindKing
                && !(p & self.opp_kings).is_zero()
            {
                ends &= behind;
            }
            while !ends.is_zero() {
                let l = Bits::<V>::bit(ends.lowest());
                ends ^= l;
                self.path[len] = sq_of(l);
                self.record(len + 1, ncapt, seq, at.promoted);
            }
        }
        true
    }

    /// Marks capture number `len` in the king-order mask when `piece` is a king.
    #[inline(always)]
    fn seq(&self, king_seq: u32, piece: Bits<V>, len: usize) -> u32 {
        if V::RULES.precedence.contains(&Precedence::EarliestKing)
            && len < 16
            && !(piece & self.opp_kings).is_zero()
        {
            king_seq | (1 << (15 - len))
        } else {
            king_seq
        }
    }

    #[inline]
    fn key(&self, captured: Bits<V>, king_seq: u32) -> u32 {
        let mut key = 0u32;
        for p in V::RULES.precedence {
            key = match p {
                Precedence::MostPieces => (key << 7) | captured.count(),
                Precedence::MostKings => (key << 7) | (captured & self.opp_kings).count(),
                Precedence::WithKing => (key << 1) | self.from_king as u32,
                Precedence::EarliestKing => (key << 16) | king_seq,
                Precedence::Value { man, king } => {
                    let kings = (captured & self.opp_kings).count();
                    let men = captured.count() - kings;
                    (key << 16) | (men * *man as u32 + kings * *king as u32)
                }
            };
        }
        key
    }

    /// Records the complete sequence `path[..len]`.
    // Forced inline natively (perft runs fewer instructions); in WebAssembly,
    // where its 24 modes would each get the copies, the compiler decides.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    fn record(&mut self, len: usize, captured: Bits<V>, king_seq: u32, promotes: bool) {
        if !V::RULES.precedence.is_empty() && !self.unfiltered {
            let key = self.key(captured, king_seq);
            if key < self.best {
                return;
            }
            if key > self.best {
                self.best = key;
                self.list.clear();
            }
        }
        let to = self.path[len - 1];
        if self.mode == MoveMode::Distinct
            && captured.count() >= 2
            && self.list.contains(self.from, to, captured)
        {
            return;
        }
        self.list.push(
            self.from,
            &self.path[..len],
            captured,
            promotes && !self.from_king,
        );
    }
}

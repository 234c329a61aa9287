//! Bulk counting for perft: [`Position::count`], steps with popcounts, the
//! men's captures of the Frisian family and Turkish with bitboards, and the sinks that
//! count or keep capture results without paths.

use smallvec::SmallVec;

use super::capture::Sink;
use super::shared::{
    capture_dir_count, crowned_go_on_counts, dir_mask, each_dir, longest_only, man_capture_mask,
    man_jumps_pays, man_landings, man_step_dirs, men_count_applies, shift_in, ALL_DIRS_MASK,
};
use crate::bitboard::{BitSet, Square};
use crate::geometry::{Dir, Geometry};
use crate::moves::MoveMode;
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, KingRange, MidCapturePromotion, Removal, Variant};

/// How many of the eight sets `x` hold each square, as four bit planes
/// (bit `k` of the number in plane `k`): a carry-save adder tree.
#[inline(always)]
fn count_planes<V: Variant>(x: &[Bits<V>; 8]) -> [Bits<V>; 4] {
    let full = |a: Bits<V>, b: Bits<V>, c: Bits<V>| {
        let ab = a ^ b;
        (ab ^ c, (a & b) | (c & ab))
    };
    let (s1, c1) = full(x[0], x[1], x[2]);
    let (s2, c2) = full(x[3], x[4], x[5]);
    let (s3, c3) = (x[6] ^ x[7], x[6] & x[7]);
    let (b0, c4) = full(s1, s2, s3);
    let (t, c5) = full(c1, c2, c3);
    let (b1, c6) = (t ^ c4, t & c4);
    [b0, b1, c5 ^ c6, c5 & c6]
}

/// The number of two-jump sequences of men whose first jumps land on
/// `land[d]` (direction by direction; `land_any` their union, `twice` the
/// squares landed on from two directions) and whose second jumps start from
/// `can[e]`: over every first landing, its number of second jumps, kept per
/// square in four bit planes ([`count_planes`]). A square landed on twice
/// (rare) counts for each.
#[inline(always)]
fn double_jumps<V: Variant>(
    can: &[Bits<V>; 8],
    land: &[Bits<V>; 8],
    land_any: Bits<V>,
    twice: Bits<V>,
) -> u64 {
    let planes = count_planes::<V>(can);
    let weighted = |l: Bits<V>| {
        ((l & planes[0]).count() as u64)
            + (((l & planes[1]).count() as u64) << 1)
            + (((l & planes[2]).count() as u64) << 2)
            + (((l & planes[3]).count() as u64) << 3)
    };
    if twice.is_zero() {
        weighted(land_any)
    } else {
        land.iter().map(|&l| weighted(l)).sum()
    }
}

impl<V: Variant> Position<V> {
    /// Counts the legal moves; steps are counted with popcounts.
    #[inline]
    pub(crate) fn count(&self, mode: MoveMode) -> u64 {
        // `single_jumps` and `count_men_first` work the per-direction jumps
        // out again: handing them over from here costs the step-counting
        // path more (measured) than recomputing them costs the captures.
        if men_count_applies::<V>() && self.kings.is_zero() {
            return self.count_men_only(mode);
        }
        match self.capture_sources() {
            Some((men, false)) if men_count_applies::<V>() => self.count_men_first(mode, men),
            Some((men, king_can)) => self.count_captures(mode, men, king_can),
            None => self.count_steps(),
        }
    }

    /// [`Position::count`] where [`men_count_applies`] holds (the Frisian family,
    /// Turkish, the diagonal variants whose men capture backward)
    /// without kings on the board (most positions): the men's jump starts
    /// are worked out once, for the test for a capture and for the single
    /// jumps, which are counted here; only when a man may jump twice is a
    /// function called ([`Position::count_men_doubles`]). Measured against
    /// going through [`Position::capture_sources`] and
    /// [`Position::count_men_first`]: Frisian perft 6% faster, Frysk! 6%.
    /// Handing the jump starts over to that call (by reference) made both
    /// 7-9% slower: the array then lives in memory on every path.
    #[inline(always)]
    fn count_men_only(&self, mode: MoveMode) -> u64 {
        let (men, _) = self.own_opp();
        let (can, can_any) = self.jump_starts();
        if (men & can_any).is_zero() {
            return self.count_steps();
        }
        let (singles, land_any) = self.single_jumps_landing(men, &can);
        if !(land_any & can_any).is_zero() {
            return self.count_men_doubles(mode, men & can_any);
        }
        if crowned_go_on_counts::<V>() && !(land_any & self.promotion_row()).is_zero() {
            return self.count_captures(mode, men & can_any, false);
        }
        singles
    }

    /// The number of single jumps of the men of `men` (`can` from
    /// [`Position::jump_starts`]) and the union of their landings: when no
    /// landing is in `can`'s union, the single jumps are every capture.
    #[inline(always)]
    fn single_jumps_landing(&self, men: Bits<V>, can: &[Bits<V>; 8]) -> (u64, Bits<V>) {
        let mut singles = 0u64;
        let mut land_any = Bits::<V>::ZERO;
        each_dir::<V>(man_capture_mask::<V>(self.turn), |d| {
            let j = men & can[d];
            singles += j.count() as u64;
            land_any |= shift_in::<V>(shift_in::<V>(j, d), d);
        });
        (singles, land_any)
    }

    /// [`Position::count`] where [`men_count_applies`] holds (the Frisian family,
    /// Turkish, the diagonal variants whose men capture backward)
    /// when the men of `men` capture and no king can: single jumps are
    /// counted here, double jumps and longer by
    /// [`Position::count_men_captures`]. Out of line, like
    /// [`Position::count_captures`], so that the steps' path of `count`
    /// stays small (Frysk! perft, mostly steps, was 9% slower with it inlined).
    #[inline(never)]
    fn count_men_first(&self, mode: MoveMode, men: Bits<V>) -> u64 {
        // Where crowned men go on as kings only the single jumps are
        // counted here, whatever the precedence among longer captures;
        // single jumps all weigh the same unless kings weigh.
        let crowned = crowned_go_on_counts::<V>();
        if self.kings_weigh() || (!crowned && !longest_only::<V>()) {
            return self.count_captures(mode, men, false);
        }
        let (can, can_any) = self.jump_starts();
        // Single jumps only (the most common case): when no first landing
        // has a second jump (see `single_jumps`), nor, where a crowned man
        // goes on as a king, is on the far row.
        let goes_on = if crowned {
            can_any | self.promotion_row()
        } else {
            can_any
        };
        let (singles, land_any) = self.single_jumps_landing(men, &can);
        if (land_any & goes_on).is_zero() {
            return singles;
        }
        if crowned {
            return self.count_captures(mode, men, false);
        }
        self.count_men_captures(mode, men, &can, can_any)
    }

    /// [`Position::count_men_captures`] for [`Position::count_men_only`],
    /// which has seen a double jump (with no kings on the board, every
    /// precedence rule that looks at lengths or values keeps the longest
    /// sequences; without one, the search counts them all). Out of line,
    /// like [`Position::count_men_first`].
    #[inline(never)]
    fn count_men_doubles(&self, mode: MoveMode, men: Bits<V>) -> u64 {
        if !longest_only::<V>() || crowned_go_on_counts::<V>() {
            return self.count_captures(mode, men, false);
        }
        if self.men_walk_pays() {
            return self.walk_men(mode, men).count;
        }
        let (can, can_any) = self.jump_starts();
        self.count_men_captures(mode, men, &can, can_any)
    }

    /// True where men capture in eight directions (the Frisian family):
    /// there, walking each capturing man's sequences
    /// ([`Position::walk_men`]) costs less than
    /// [`Position::count_men_captures`]' bitboards, eight directions of them
    /// for the second and third jumps: Frisian perft 11% fewer instructions
    /// (docs/speed.md). With four directions or fewer it costs more.
    #[inline(always)]
    fn men_walk_pays(&self) -> bool {
        man_capture_mask::<V>(self.turn).count_ones() > 4
    }

    /// Walks every capture sequence of each man of `men` (each has a
    /// capture): the longest length and their number.
    #[inline(always)]
    fn walk_men(&self, mode: MoveMode, men: Bits<V>) -> MenCount<V> {
        self.walk_men_into(mode, men, ())
    }

    /// [`Position::walk_men`], each sequence handed to `out` too.
    #[inline(always)]
    fn walk_men_into<W: Walked<V>>(&self, mode: MoveMode, men: Bits<V>, out: W) -> MenCount<V, W> {
        let (targets, empty) = self.man_targets_empty();
        let mut st = MenCount::new(self.turn, mode, self.promotion_row(), out);
        let mut m = men;
        while !m.is_zero() {
            let b = Bits::<V>::bit(m.lowest());
            m ^= b;
            st.walk_man(b.lowest(), targets, empty | b);
        }
        st
    }

    /// The capture moves (results only) when the men of `men` capture and
    /// `king_can` says whether a king can, for perft's inner plies. In the
    /// Frisian family, when no king can capture and no king is there to be
    /// taken, the men's sequences are walked as [`Position::count`] walks
    /// them ([`Position::walk_men`]): with every captured piece worth the
    /// same, the moves are the longest sequences. Not in WebAssembly, where
    /// the package's size counts more than this speed.
    #[inline(always)]
    pub(crate) fn capture_results(
        &self,
        mode: MoveMode,
        men: Bits<V>,
        king_can: bool,
        caps: &mut Captures<V>,
    ) {
        if !cfg!(target_arch = "wasm32")
            && men_count_applies::<V>()
            && longest_only::<V>()
            && !crowned_go_on_counts::<V>()
            && self.men_walk_pays()
            && !king_can
            && !self.kings_weigh()
        {
            self.walk_men_into(mode, men, caps);
            return;
        }
        self.generate_captures(mode, men, king_can, caps);
    }

    /// Counts the capture moves without building them. Kept out of line so
    /// that the step-counting path of `count` stays small where it is inlined.
    #[inline(never)]
    fn count_captures(&self, mode: MoveMode, men: Bits<V>, king_can: bool) -> u64 {
        if !king_can {
            if let Some(jumpers) = self.single_jumps(men) {
                return jumpers[..capture_dir_count::<V>()]
                    .iter()
                    .map(|j| j.count() as u64)
                    .sum();
            }
        }
        let mut counter = Counter::<V>::new();
        if !king_can && V::RULES.precedence.is_empty() {
            // Free choice: each man's captures count on their own, so only
            // the men with a capture that goes on are searched and the
            // others' single jumps are popcounted.
            let (singles, searched) = self.split_single_jumps(men);
            self.search_captures(mode, searched, false, &mut counter, false);
            return singles + counter.count;
        }
        self.search_captures(mode, men, king_can, &mut counter, false);
        counter.count
    }

    /// For variants without a precedence rule, when no king can capture:
    /// the number of captures of the men of `men` whose every capture is a
    /// single jump, and the other men (those with a capture that can go on
    /// after its first jump, or that crowns and goes on as a king), which
    /// need the search. Exact by the argument of [`Position::single_jumps`],
    /// applied to each man: without precedence, and as two men's captures
    /// never have the same start, the count of one man's captures does not
    /// depend on the others'.
    fn split_single_jumps(&self, men: Bits<V>) -> (u64, Bits<V>) {
        let dirs = man_capture_mask::<V>(self.turn);
        let far = self.promotion_row();
        let (can, can_any) = self.jump_starts();
        let mut searched = Bits::<V>::ZERO;
        each_dir::<V>(dirs, |d| {
            let land = shift_in::<V>(shift_in::<V>(men & can[d], d), d);
            // The landing squares from which the capture goes on.
            let on = if man_jumps_pays::<V>() {
                land & can_any
            } else {
                let mut on = Bits::<V>::ZERO;
                each_dir::<V>(dirs & !(1 << (d ^ 2)), |e| on |= land & can[e]);
                on
            };
            let on = match V::RULES.promotion {
                MidCapturePromotion::EndsMove => on & !far,
                MidCapturePromotion::PromotesAndContinues => on | (land & far),
                MidCapturePromotion::ContinuesAsMan => on,
            };
            searched |= shift_in::<V>(shift_in::<V>(on, d ^ 2), d ^ 2);
        });
        let searched = searched & men;
        let mut singles = 0;
        each_dir::<V>(dirs, |d| {
            singles += (men & !searched & can[d]).count() as u64
        });
        (singles, searched)
    }

    /// The number of capture moves when only the men of `men` capture (no
    /// king can) and they capture no kings, or the precedence rule does not
    /// look at kings: every captured set is then worth its size, so the moves
    /// are the longest sequences (with [`longest_only`]) or all of them.
    /// Called by [`Position::count_men_first`] when a man has a double
    /// jump, and only when men capture no kings or the precedence rule does
    /// not look at kings.
    ///
    /// Sequences of one and two jumps are counted with bitboards, eight
    /// directions at a time, without a search: `can[e]`, the squares from
    /// which a man could jump in direction `e` now, is exact for the first
    /// two jumps of a sequence (see [`Position::single_jumps`] for the first;
    /// a second jump in `e` from the landing `l` never passes the piece just
    /// taken unless `e` goes back, and going back would land on the man's own
    /// start, which `can` sees occupied). Only when a third jump may follow
    /// (tested conservatively, see [`Position::third_jump_men`]) are the men
    /// that may make it searched ([`MenCount`]), keeping the best length and
    /// a count and no move list.
    ///
    /// Where captured pieces leave the board at once (`Removal::Immediate`,
    /// Turkish) this holds too. The first jump, from `s` over `o = s + d` to
    /// `l = s + 2d`, empties only two squares that `can` sees occupied: the
    /// start `s` and the piece taken `o`. No second jump lands on either: a
    /// jump from `l` lands on `l + 2e`, which is `s` only for `e = -d`, back
    /// over `o`, which is no longer there to be jumped (and `can` says no,
    /// as `s` is occupied now); and `l + 2e = o = l - d` would need
    /// `2e = -d`, one direction twice as long as another, which no board
    /// has (Frisian's orthogonal directions are √2 times as long as its
    /// diagonal ones). Nor does a second jump pass over `s` (`l + e = s`
    /// would need `e = -2d`). So the pieces a second jump may take and the
    /// squares it may land on are those of the position before the move,
    /// and `can[e]` counts exactly the second jumps. The third-jump test
    /// stays a superset too: a third jump, from `l2 = l + 2e` to `l2 + 2f`,
    /// never lands on the second piece taken, `l + e` (`2f = -e`), nor on
    /// `o` (`2f = -d - 2e`: in rows and columns, a diagonal `d` moves one
    /// of each, so `-d - 2e` moves an odd number and `2f` an even one; the
    /// same holds for the orthogonal board's directions; and with a
    /// Frisian orthogonal `d`, two rows or two columns, none of the sums
    /// `-d - 2e` is twice a direction). So the squares a third jump may
    /// land on are the position's empty ones and the men's starts, as the
    /// test counts them, and pieces taken only drop out of its targets.
    #[inline(always)]
    fn count_men_captures(
        &self,
        mode: MoveMode,
        men: Bits<V>,
        can: &[Bits<V>; 8],
        can_any: Bits<V>,
    ) -> u64 {
        let (targets, empty) = self.man_targets_empty();
        let dirs = man_capture_mask::<V>(self.turn);
        // land[d]: where the men jumping in direction d land.
        let mut land = [Bits::<V>::ZERO; 8];
        let mut land_any = Bits::<V>::ZERO;
        // The squares that two men land on.
        let mut twice = Bits::<V>::ZERO;
        each_dir::<V>(dirs, |d| {
            land[d] = shift_in::<V>(shift_in::<V>(men & can[d], d), d);
            twice |= land_any & land[d];
            land_any |= land[d];
        });
        debug_assert!(!(land_any & can_any).is_zero());
        let searched = self.third_jump_men(men, targets, empty, can, &land, land_any);
        if searched.is_zero() {
            return double_jumps::<V>(can, &land, land_any, twice);
        }
        let st = self.walk_men(mode, searched);
        if st.best >= 3 {
            st.count
        } else {
            double_jumps::<V>(can, &land, land_any, twice)
        }
    }

    /// The men of `men` that may make three jumps or more (a superset): those
    /// whose second landing has a jump that does not go back over the second
    /// piece, counting the squares of the capturing men as empty (a man may
    /// come back to its own start) and captured pieces as still there to be
    /// taken (both can only add men). `land[d]` are the first landings in
    /// direction `d` (of men with `can[d]`), `land_any` their union.
    #[inline(always)]
    fn third_jump_men(
        &self,
        men: Bits<V>,
        targets: Bits<V>,
        empty: Bits<V>,
        can: &[Bits<V>; 8],
        land: &[Bits<V>; 8],
        land_any: Bits<V>,
    ) -> Bits<V> {
        let dirs = man_capture_mask::<V>(self.turn);
        let empty3 = empty | men;
        let mut can3 = [Bits::<V>::ZERO; 8];
        each_dir::<V>(dirs, |f| {
            can3[f] = shift_in::<V>(shift_in::<V>(empty3, f ^ 2) & targets, f ^ 2);
        });
        // Directions d and d ^ 2 are opposite: the jumps that do not go back
        // in d ^ 2 are those of the three other pairs, and d itself.
        let pair = |d: usize| can3[d & !2] | can3[d | 2];
        let (p0, p1, p4, p5) = (pair(0), pair(1), pair(4), pair(5));
        let not_back = |e: usize| {
            let others = match e & !2 {
                0 => p1 | p4 | p5,
                1 => p0 | p4 | p5,
                4 => p0 | p1 | p5,
                _ => p0 | p1 | p4,
            };
            others | can3[e]
        };
        // The first landings whose second jump (in e) may go on.
        let mut goes_on = Bits::<V>::ZERO;
        each_dir::<V>(dirs, |e| {
            let second = shift_in::<V>(shift_in::<V>(land_any & can[e], e), e);
            let on = second & not_back(e);
            goes_on |= shift_in::<V>(shift_in::<V>(on, e ^ 2), e ^ 2);
        });
        if goes_on.is_zero() {
            return Bits::<V>::ZERO;
        }
        let mut from = Bits::<V>::ZERO;
        each_dir::<V>(dirs, |d| {
            from |= shift_in::<V>(shift_in::<V>(land[d] & goes_on, d ^ 2), d ^ 2);
        });
        from & men
    }

    /// The sum of [`Position::count`] over the positions after each step of
    /// this position, which has no capture (perft's last two plies).
    ///
    /// Without kings on the board, and when the opponent's men could not
    /// capture here if it were their turn, most steps leave the opponent
    /// without a capture too, and their counts are the opponent's steps
    /// here, plus the steps into the square the man left, less those into
    /// the square it reached: those are summed with popcounts for every
    /// such step of a direction at once, without playing them. A step gives
    /// the opponent a capture only where the man arrives next to one of
    /// their men with an empty square (or the square it left) beyond, or
    /// leaves a square a man of theirs could land on over one of ours;
    /// those steps, and steps that crown, are played and counted one by
    /// one, as is every step of the other positions.
    #[inline(always)]
    pub(crate) fn count_step_children(&self, mode: MoveMode) -> u64 {
        if !self.kings.is_zero() {
            return self.count_step_children_played(mode);
        }
        let (own, opp) = self.own_opp();
        let empty = V::Board::ALL & !(own | opp);
        let them = self.turn.opponent();
        let their_caps = man_capture_mask::<V>(them);
        // Squares next to one of their men in direction `e`, where one of
        // ours would be jumped (`exposed`: the square beyond is empty), and
        // the squares beyond ours there (`opens`: ours that, moving away,
        // open a jump onto their square).
        let mut threat = Bits::<V>::ZERO;
        let mut exposed = Bits::<V>::ZERO;
        let mut opens = Bits::<V>::ZERO;
        each_dir::<V>(their_caps, |e| {
            let next = shift_in::<V>(opp, e);
            let beyond_empty = shift_in::<V>(empty, e ^ 2);
            threat |= next & own & beyond_empty;
            exposed |= next & beyond_empty;
            opens |= shift_in::<V>(next & own, e);
        });
        if !threat.is_zero() {
            return self.count_step_children_played(mode);
        }
        let opens = opens & own;
        let far = self.promotion_row();
        let their_steps = man_step_dirs::<V>(them);
        let mut base = 0u64;
        for &s in their_steps {
            base += (shift_in::<V>(opp, s & 3) & empty).count() as u64;
        }
        let mut n = 0u64;
        for &d in man_step_dirs::<V>(self.turn) {
            let d = d & 3;
            let to = shift_in::<V>(own, d) & empty;
            // One of their men just beyond the square reached jumps back
            // onto the square left.
            let back = if their_caps & (1 << (d ^ 2)) != 0 {
                shift_in::<V>(opp, d ^ 2)
            } else {
                Bits::<V>::ZERO
            };
            let played = to & (exposed | back | shift_in::<V>(opens, d) | far);
            let quiet = to & !played;
            let left = shift_in::<V>(quiet, d ^ 2) & own;
            n += quiet.count() as u64 * base;
            for &s in their_steps {
                let into = shift_in::<V>(opp, s & 3);
                n += (left & into).count() as u64;
                n -= (quiet & into).count() as u64;
            }
            let mut p = played;
            while !p.is_zero() {
                let t = Bits::<V>::bit(p.lowest());
                p ^= t;
                let child = self.play_step(shift_in::<V>(t, d ^ 2), t, !(t & far).is_zero(), false);
                n += child.count(mode);
            }
        }
        n
    }

    /// [`Position::count_step_children`] one step at a time.
    #[inline(always)]
    fn count_step_children_played(&self, mode: MoveMode) -> u64 {
        let mut n = 0;
        self.for_each_step(|from, to, promotes, king| {
            n += self.play_step(from, to, promotes, king).count(mode);
        });
        n
    }

    /// Counts the steps of a position without captures, with popcounts.
    #[inline(always)]
    fn count_steps(&self) -> u64 {
        let (own, opp) = self.own_opp();
        let empty = V::Board::ALL & !(own | opp);
        let own_men = own & !self.kings;
        let mut kings = own & self.kings;
        // Looked at only when there are kings (most leaves have none).
        if V::RULES.king_move_limit.is_some() && !kings.is_zero() {
            kings &= !self.limited_king();
        }
        // One branch on the side to move rather than a select per direction
        // (the compiler's choice for the mask form): the side is the same at
        // every leaf of a perft depth, so the branch is always predicted, and
        // each side popcounts only its own two step directions.
        let men_steps = |dirs: &[Dir]| {
            let mut n = 0u32;
            each_dir::<V>(dir_mask(dirs), |d| {
                n += (shift_in::<V>(own_men, d) & empty).count();
            });
            n
        };
        let mut n = match self.turn {
            Color::White => men_steps(man_step_dirs::<V>(Color::White)),
            Color::Black => men_steps(man_step_dirs::<V>(Color::Black)),
        };
        if !kings.is_zero() {
            each_dir::<V>(ALL_DIRS_MASK, |d| match V::RULES.king_range {
                KingRange::Short => n += (shift_in::<V>(kings, d) & empty).count(),
                // Kings on one line block each other, so the rays never
                // overlap and one popcount counts every king move.
                KingRange::Flying => n += V::Board::slide(kings, empty, d).count(),
            });
        }
        n as u64
    }
}

/// The results of capture moves (start, end, captured set, promotion),
/// without their paths: what perft needs to play them.
pub(crate) struct Captures<V: Variant>(pub(crate) SmallVec<[Capture<V>; 32]>);

/// Start, end, captured set and promotion of one capture move. The start,
/// end and promotion are packed into one word ([`Capture::new`]), written
/// and read whole: as three bytes written one by one and read back at once
/// (which the compiler did with a tuple), the read had to wait until the
/// bytes reached the cache (a failed store-to-load forward), in every
/// position of perft whose moves are captures.
pub(crate) struct Capture<V: Variant> {
    /// The squares captured.
    pub(crate) captured: Bits<V>,
    /// The start in bits 0-7, the end in bits 8-15, the promotion in bit 16.
    parts: u32,
}

impl<V: Variant> Clone for Capture<V> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Variant> Copy for Capture<V> {}

impl<V: Variant> Capture<V> {
    /// The capture from `from` to `to` taking `captured`.
    #[inline(always)]
    pub(crate) fn new(from: Square, to: Square, captured: Bits<V>, promotes: bool) -> Self {
        Capture {
            captured,
            parts: u32::from(from.0) | u32::from(to.0) << 8 | u32::from(promotes) << 16,
        }
    }

    /// The start square.
    #[inline(always)]
    pub(crate) fn from(self) -> Square {
        Square(self.parts as u8)
    }

    /// The end square.
    #[inline(always)]
    pub(crate) fn to(self) -> Square {
        Square((self.parts >> 8) as u8)
    }

    /// True when the man capturing is promoted.
    #[inline(always)]
    pub(crate) fn promotes(self) -> bool {
        self.parts >> 16 != 0
    }
}

impl<V: Variant> Sink<V> for Captures<V> {
    const ANY_ORDER: bool = true;
    fn clear(&mut self) {
        self.0.clear();
    }
    fn contains(&self, from: Square, to: Square, captured: Bits<V>) -> bool {
        // Start and end as one comparison of the packed word's low bits.
        let ends = Capture::<V>::new(from, to, captured, false).parts;
        self.0
            .iter()
            .any(|c| c.parts & 0xffff == ends && c.captured == captured)
    }
    #[inline]
    fn push(&mut self, from: Square, path: &[Square], captured: Bits<V>, promotes: bool) {
        self.0
            .push(Capture::new(from, path[path.len() - 1], captured, promotes));
    }
}

/// Counts capture moves without building them; keeps the start, end and
/// captured set of multi-piece captures to recognise duplicate routes.
pub(crate) struct Counter<V: Variant> {
    pub(crate) count: u64,
    /// Start, end (and no promotion) as [`Capture`] packs them, so that
    /// the word written is the word read back.
    seen: SmallVec<[Capture<V>; 16]>,
}

impl<V: Variant> Counter<V> {
    pub(crate) fn new() -> Self {
        Counter {
            count: 0,
            seen: SmallVec::new(),
        }
    }
}

impl<V: Variant> Sink<V> for Counter<V> {
    const ANY_ORDER: bool = true;
    fn clear(&mut self) {
        self.count = 0;
        self.seen.clear();
    }
    fn contains(&self, from: Square, to: Square, captured: Bits<V>) -> bool {
        let ends = Capture::<V>::new(from, to, captured, false).parts;
        self.seen
            .iter()
            .any(|c| c.parts == ends && c.captured == captured)
    }
    #[inline]
    fn push(&mut self, from: Square, path: &[Square], captured: Bits<V>, _promotes: bool) {
        self.count += 1;
        if captured.count() >= 2 {
            self.seen
                .push(Capture::new(from, path[path.len() - 1], captured, false));
        }
    }
}

/// What [`MenCount`] does with each complete sequence besides counting it:
/// nothing (`()`, counting only), or keep it as a capture move
/// ([`Captures`], for perft's inner plies).
pub(crate) trait Walked<V: Variant> {
    /// Forgets every sequence kept (a longer one was found).
    fn forget(&mut self);
    /// Keeps the sequence of the man that started on bit `from`, ended on
    /// bit `to` (`promotes`: on its promotion row) and took `captured`.
    fn keep(&mut self, from: u32, to: u32, captured: Bits<V>, promotes: bool);
}

impl<V: Variant> Walked<V> for () {
    #[inline(always)]
    fn forget(&mut self) {}
    #[inline(always)]
    fn keep(&mut self, _: u32, _: u32, _: Bits<V>, _: bool) {}
}

impl<V: Variant> Walked<V> for &mut Captures<V> {
    #[inline(always)]
    fn forget(&mut self) {
        self.0.clear();
    }
    #[inline(always)]
    fn keep(&mut self, from: u32, to: u32, captured: Bits<V>, promotes: bool) {
        self.0.push(Capture::new(
            Square(from as u8),
            Square(to as u8),
            captured,
            promotes,
        ));
    }
}

/// The counting search of [`Position::count_men_captures`] and
/// [`Position::walk_men`]: the longest sequences (with [`longest_only`]) or
/// all of them, counted, and handed to `out` ([`Walked`]).
struct MenCount<V: Variant, W: Walked<V> = ()> {
    turn: Color,
    /// Equal moves (same start, end and captured set) count once.
    distinct: bool,
    /// The length of the longest sequence so far (with [`longest_only`]).
    best: u32,
    /// The number of moves so far.
    count: u64,
    /// The pieces the man being walked may jump at its start, and the
    /// squares it may land on: the pieces it has taken are those of
    /// `targets` no longer in a call's `targets`, and where captured pieces
    /// leave the board at once, their squares are empty too. Kept here so
    /// that the recursive calls carry less.
    targets: Bits<V>,
    empty: Bits<V>,
    /// The end and the pieces still to be taken (for this man, the same as
    /// the captured set) of this man's counted sequences of three or more
    /// jumps. Shorter ones are never equal: over `a` then `b` from `s` ends
    /// on bit `s + 2(b - a)`, over `b` then `a` on `s + 2(a - b)`.
    seen: SmallVec<[(u32, Bits<V>); 8]>,
    /// The bit the man being walked started on, and the promotion row of
    /// the side to move (for `out`).
    from: u32,
    far: Bits<V>,
    out: W,
}

impl<V: Variant, W: Walked<V>> MenCount<V, W> {
    fn new(turn: Color, mode: MoveMode, far: Bits<V>, out: W) -> Self {
        MenCount {
            turn,
            distinct: mode == MoveMode::Distinct,
            best: 0,
            count: 0,
            targets: Bits::<V>::ZERO,
            empty: Bits::<V>::ZERO,
            seen: SmallVec::new(),
            from: 0,
            far,
            out,
        }
    }

    /// Counts every capture sequence of the man on bit `sq`, which has a
    /// capture; `targets` are the pieces it may jump, `empty` the squares
    /// it may land on.
    fn walk_man(&mut self, sq: u32, targets: Bits<V>, empty: Bits<V>) {
        self.targets = targets;
        self.empty = empty;
        self.from = sq;
        // Equal moves have the same start: only this man's are compared.
        self.seen.clear();
        let lands = man_landings::<V>(self.turn, sq, targets, empty);
        self.walk_from(sq, lands, targets, 0);
    }

    /// The man on bit `cur` has made `len` jumps and may still take
    /// `targets`, landing on `lands`: counts every complete sequence from
    /// here. The next level is searched in place ([`MenCount::walk_on`]):
    /// most sequences end at their second jump, and those then cost no call.
    fn walk_from(&mut self, cur: u32, mut lands: Bits<V>, targets: Bits<V>, len: u32) {
        while !lands.is_zero() {
            let to = lands.lowest();
            lands ^= Bits::<V>::bit(to);
            let (next, on) = self.jump(cur, to, targets);
            if !on.is_zero() {
                self.walk_on(to, on, next, len + 1);
            } else {
                self.complete(len + 1, to, next);
            }
        }
    }

    /// [`MenCount::walk_from`] one level down, in place.
    #[inline(always)]
    fn walk_on(&mut self, cur: u32, mut lands: Bits<V>, targets: Bits<V>, len: u32) {
        while !lands.is_zero() {
            let to = lands.lowest();
            lands ^= Bits::<V>::bit(to);
            let (next, on) = self.jump(cur, to, targets);
            if !on.is_zero() {
                self.walk_from(to, on, next, len + 1);
            } else {
                self.complete(len + 1, to, next);
            }
        }
    }

    /// The jump of the man on bit `cur` to bit `to`, which may take
    /// `targets`: the targets left, and the landings of its next jumps
    /// (none: the sequence ends on `to`).
    #[inline(always)]
    fn jump(&self, cur: u32, to: u32, targets: Bits<V>) -> (Bits<V>, Bits<V>) {
        // The piece jumped is half-way: `to = 2 * o - cur`.
        let over = Bits::<V>::bit((cur + to) / 2);
        let next = targets & !over;
        // Where captured pieces leave the board at once, the squares of
        // the pieces taken may be landed on again.
        let empty = match V::RULES.removal {
            Removal::EndOfMove => self.empty,
            Removal::Immediate => self.empty | (self.targets & !next),
        };
        // Most landings end the sequence: tested here, so that only the
        // sequences that go on pay for a call.
        (next, man_landings::<V>(self.turn, to, next, empty))
    }

    /// Counts the complete sequence of `len` jumps ending on bit `to`, with
    /// `left` of the man's targets not taken.
    #[inline(always)]
    fn complete(&mut self, len: u32, to: u32, left: Bits<V>) {
        if longest_only::<V>() {
            if len < self.best {
                return;
            }
            if len > self.best {
                self.best = len;
                self.count = 0;
                self.seen.clear();
                self.out.forget();
            }
        }
        if self.distinct && len >= 3 {
            if self.seen.iter().any(|&(t, l)| t == to && l == left) {
                return;
            }
            self.seen.push((to, left));
        }
        self.count += 1;
        let promotes = !(Bits::<V>::bit(to) & self.far).is_zero();
        self.out.keep(self.from, to, self.targets & !left, promotes);
    }
}

//! `Matcher`: the legal moves of a position prepared for matching text and
//! clicks, the thin generic shim over `Core`.

use super::matching::{Choice, Core};
use super::mv::Mv;
use super::text::Spec;

use crate::core::moves::{Move, MoveList, MoveMode};
use crate::core::position::Position;

use crate::core::variant::board_spec::{wide, BoardSpec};
use crate::core::variant::{Color, Variant};
use crate::error::Illegality;

/// The legal moves of a position, prepared for matching text and clicks:
/// the data for [`Core`] and the moves it indexes.
pub(super) struct Matcher<V: Variant> {
    pub(super) core: Core,
    pub(super) pos: Position<V>,
    pub(super) distinct: MoveList<V>,
    /// The routes [`Core`] kept, in its order.
    pub(super) routes: MoveList<V>,
}

impl<V: Variant> Clone for Matcher<V> {
    fn clone(&self) -> Self {
        Matcher {
            core: self.core.clone(),
            pos: self.pos,
            distinct: self.distinct.clone(),
            routes: self.routes.clone(),
        }
    }
}

impl<V: Variant> Matcher<V> {
    pub(super) fn new(pos: &Position<V>) -> Self {
        let distinct = pos.legal_moves();
        let all = if distinct.iter().any(Move::is_capture) {
            pos.legal_moves_in(MoveMode::Routes)
        } else {
            distinct.clone()
        };
        let data = |list: &MoveList<V>| list.iter().map(Mv::of).collect::<Vec<_>>();
        let (core, kept) = Core::new(
            BoardSpec::of::<V>(),
            data(&distinct),
            data(&all),
            pos.turn(),
            wide::<V>(pos.kings),
        );
        let routes = kept.into_iter().map(|i| all[i].clone()).collect();
        Matcher {
            core,
            pos: *pos,
            distinct,
            routes,
        }
    }

    /// Why `spec` names no legal move ([`Core::why_illegal`]): the generic
    /// part, kept small (a copy per variant in the WebAssembly package).
    #[cold]
    pub(super) fn why_illegal(&self, spec: &Spec) -> Illegality {
        let pos = &self.pos;
        let routes = pos.forbidden_moves(MoveMode::Routes);
        let (own, opp) = match pos.turn() {
            Color::White => (pos.white, pos.black),
            Color::Black => (pos.black, pos.white),
        };
        self.core.why_illegal(
            spec,
            pos.turn(),
            (wide::<V>(own), wide::<V>(opp)),
            wide::<V>(pos.kings),
            routes.iter().map(Mv::of).collect(),
        )
    }

    pub(super) fn take(&self, choice: Choice) -> Move<V> {
        match choice {
            Choice::Route(i) => self.routes[i].clone(),
            Choice::Distinct(k) => self.distinct[k].clone(),
        }
    }
}

//! The game: a [`Game`](crate::Game) (moves, undo, draws claimed or
//! automatic), its [`Outcome`](crate::Outcome), and the opening ballots
//! that matches start from.

#[cfg(feature = "ballots")]
pub mod ballots;
pub mod game;
pub mod outcome;

//! Rensa: a Gomoku / Renju engine for the Gomocup (pbrain) protocol.
//!
//! Dependencies point one way: `protocol → engine → game/search → eval → board → types`. The
//! one exception is data: the board sums the learned cell values it takes from
//! `eval::weights` when it is built.

// `unsafe` only where a measured reason demands it, each block with a `// SAFETY:` comment:
// the transposition table's zero-page allocation (search/tt.rs).
#![deny(unsafe_code)]

pub mod bench;
pub mod board;
pub mod engine;
pub mod eval;
pub mod game;
pub mod params;
pub mod protocol;
pub mod search;
pub mod solve;
pub mod types;

pub use board::{Board, Grid, Pos};
pub use types::{Cell, Color, Rule};

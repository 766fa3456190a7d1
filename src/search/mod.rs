//! The search: move choice under time, node and depth limits.
//!
//! `simple` is the foundation's one-ply mover (win, block, play near the stones); `tt` and
//! `time` are the transposition table and the time budget the real search builds on.

pub mod simple;
pub mod time;
pub mod tt;

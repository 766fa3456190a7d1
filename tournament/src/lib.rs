//! `rensa-tournament`: a Gomocup-style match runner for pbrain engines (the `rensa-match`
//! binary), with the rensa crate's rules as referee.
//!
//! Layers: `cli` → `runner` (schedule, workers, report) → `game` (one refereed game) →
//! `engine` (one child process); `opening`, `stats` and `record` are leaves.

#![forbid(unsafe_code)]

pub mod cli;
pub mod engine;
pub mod game;
pub mod opening;
pub mod record;
pub mod runner;
pub mod stats;

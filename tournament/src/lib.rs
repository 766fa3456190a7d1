//! `rensa-tournament`: a Gomocup-style match runner for pbrain engines (the `rensa-match`
//! binary), with the rensa crate's rules as referee.
//!
//! Layers: `cli` → `runner` (schedule, workers, report) and `judge` (the Gomocup formats and the
//! rule self-test) → `game` (one refereed game) → `engine` (one child process) → `proctree`
//! (suspension and memory of its process tree); `opening`, `stats` and `record` are leaves.

#![forbid(unsafe_code)]

pub mod cli;
pub mod engine;
pub mod game;
pub mod judge;
pub mod opening;
pub mod proctree;
pub mod record;
pub mod runner;
pub mod stats;

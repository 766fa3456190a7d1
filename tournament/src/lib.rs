//! `rensa-tournament`: a Gomocup-style match runner for pbrain engines (the `rensa-match`
//! binary), with the rensa crate's rules as referee.
//!
//! Layers: `cli` → `runner` (workers and report) and `judge` (the Gomocup formats and the rule
//! self-test) → `game` (one refereed game) → `engine` (one child process) → `proctree`
//! (suspension and memory of its process tree). The runner's steps are separate modules:
//! `schedule` (which game next), `tally` (counting finished games, the SPRT state), `output`
//! (SGF, PSQ and JSON lines files); `opening`, `stats` and `record` (the file formats) are
//! leaves. The tuner `rensa-tune` is `tune` (options, workers, report) over `spsa` (the
//! arithmetic, a leaf) and the same `game`. The training pipeline `rensa-train` is `train`
//! (options) over `datagen` (self-play in-process, no child processes), `label` (deeper scores for
//! existing positions), `fit` (the regression, with `choice`: the moves played as a second target) and `dataset` (the data file format, a leaf).

#![forbid(unsafe_code)]

pub mod choice;
pub mod cli;
pub mod datagen;
pub mod dataset;
pub mod engine;
pub mod fit;
pub mod game;
pub mod judge;
pub mod label;
pub mod opening;
pub mod order;
pub mod output;
pub mod proctree;
pub mod record;
pub mod runner;
pub mod schedule;
pub mod spsa;
pub mod stats;
pub mod tally;
pub mod train;
pub mod tune;

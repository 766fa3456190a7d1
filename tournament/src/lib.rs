//! `rensa-tournament`: three tools around the Rensa engine, with the rensa crate's rules as
//! referee: the Gomocup-style match runner `rensa-match`, the SPSA tuner `rensa-tune` and the
//! training pipeline `rensa-train`. Each tool is a folder; what more than one of them uses is
//! in `common`. The tools use `common` and never each other, and inside each folder the
//! dependencies run one way, downwards (`tests/layout.rs` checks that no files import each
//! other, directly or round a longer cycle):
//!
//! - `runner/` (`rensa-match`): `cli` (the command line) and `merge` (the `-json` files of a
//!   sharded run read as one run) → `runner/mod.rs` (the match: workers, progress, report) and
//!   `judge` (the Gomocup formats and the rule self-test) → `tally` (counting finished games,
//!   the SPRT state) and `output` (SGF, PSQ and JSON lines files) → `schedule` (which game
//!   next), `record` (the file formats) and `stats` (Elo, SPRT), leaves.
//! - `tune/` (`rensa-tune`): `tune/mod.rs` (options, workers, report) → `spsa` (the
//!   arithmetic, a leaf).
//! - `train/` (`rensa-train`, in-process: no engine processes): `train/mod.rs` (the options of
//!   its commands) → `datagen` (self-play), `label` (deeper scores for existing positions) and
//!   `choice` (the moves played as a second target of the fit) → `fit` (the regression) →
//!   `order` (the move ordering's values, and which move a record's successor shows played) →
//!   `dataset` (the data file format); `init` (the weights a command line names) and `choices`
//!   (the choice targets as the fit reads them) are leaves that break what were circles.
//! - `common/`, below all three: `game` (one refereed game) → `engine` (one child process) →
//!   `proctree` (suspension and memory of its process tree); `options` (the shared option
//!   parsing, `-openings` included) → `opening` (openings, their source and the seeded
//!   `SplitMix`), a leaf that `game` uses too; `shard` (`-shard I/N`), a leaf.

#![forbid(unsafe_code)]

pub mod common;
pub mod runner;
pub mod train;
pub mod tune;

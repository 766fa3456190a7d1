//! What more than one of the three tools uses: an engine as a child process ([`engine`], with
//! [`proctree`] for its process tree), one refereed game between two engines ([`game`]), the
//! openings ([`opening`]), the option-parsing helpers of the command lines ([`options`]) and
//! the parts of a run that `-shard` splits it into ([`shard`]).
//! Nothing here knows of `runner`, `tune` or `train`.

pub mod engine;
pub mod game;
pub mod opening;
pub mod options;
pub mod proctree;
pub mod shard;

//! What more than one of the three tools uses: an engine as a child process ([`engine`], with
//! [`proctree`] for its process tree), one refereed game between two engines ([`game`]), the
//! openings ([`opening`]) and the option-parsing helpers of the command lines ([`options`]).
//! Nothing here knows of `runner`, `tune` or `train`.

pub mod engine;
pub mod game;
pub mod opening;
pub mod options;
pub mod proctree;

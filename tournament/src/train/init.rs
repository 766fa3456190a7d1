//! The weights a `rensa-train` command line names ([`Init`]): the start of a fit or a copy,
//! the evaluation that `generate`'s players and `label`'s teacher use. A leaf, so that the
//! commands' modules and the options that build their configurations both take it from here.

use std::path::PathBuf;

use anyhow::Result;
use rensa::eval::weights::{self, Weights};

/// Weights named on the command line: the start of a fit or a copy, the evaluation of a
/// `generate` or `label` run.
#[derive(Clone, Debug)]
pub enum Init {
    Embedded,
    Classes,
    File(PathBuf),
}

impl Init {
    /// The weights a value of `-init` or `-weights` names: `embedded`, `classes` or a file.
    pub(crate) fn parse(v: &str) -> Init {
        match v {
            "embedded" => Init::Embedded,
            "classes" => Init::Classes,
            f => Init::File(PathBuf::from(f)),
        }
    }

    pub fn load(&self) -> Result<Weights> {
        Ok(match self {
            Init::Embedded => weights::embedded().clone(),
            Init::Classes => Weights::from_classes(),
            Init::File(p) => Weights::load(p).map_err(|e| anyhow::anyhow!(e))?,
        })
    }

    /// Makes these the weights every board built from now on evaluates with (the embedded
    /// ones already are): the players of `generate`, the teacher of `label`.
    pub fn install(&self) -> Result<()> {
        if !matches!(self, Init::Embedded) {
            weights::install(self.load()?);
        }
        Ok(())
    }
}

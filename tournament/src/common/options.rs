//! The option-parsing helpers that the three command lines share: option groups in the
//! c-gomoku-cli style (`-option key=value …`), `key=value` tokens, numbers, Gomocup rule codes,
//! and the keys of `-openings` (`OpeningOpts`, turned into an [`OpeningSource`]).

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use rensa::types::Rule;

use crate::common::opening::{self, OpeningSource};

/// Splits a command line into groups: an option word (without its dashes), then its values.
pub(crate) fn option_groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        if a.starts_with('-') && a.len() > 1 && !a.contains('=') && a.parse::<f64>().is_err() {
            groups.push((a.trim_start_matches('-').to_string(), Vec::new()));
        } else if let Some(g) = groups.last_mut() {
            g.1.push(a.clone());
        } else {
            bail!("unexpected argument {a:?} (options start with '-')");
        }
    }
    Ok(groups)
}

/// The rule of a Gomocup rule code (`-rule`).
pub(crate) fn rule_of(v: &str) -> Result<Rule> {
    let v: u32 = num(v, "-rule")?;
    Rule::ALL
        .into_iter()
        .find(|r| r.code() == v)
        .with_context(|| format!("rule {v} is not one of 0, 1, 4, 8, 9"))
}

/// The keys of `-openings`, as given.
#[derive(Clone, Debug)]
pub(crate) struct OpeningOpts {
    pub file: Option<PathBuf>,
    pub stones: usize,
    pub radius: usize,
    pub seed: u64,
    pub balance: Option<i32>,
}

impl OpeningOpts {
    /// Generated openings of 3 stones within 3 of the centre, seed 1, unbalanced.
    pub fn new() -> OpeningOpts {
        OpeningOpts {
            file: None,
            stones: 3,
            radius: 3,
            seed: 1,
            balance: None,
        }
    }

    /// Reads the `key=value` values of one `-openings` option.
    pub fn apply(&mut self, vals: &[String]) -> Result<()> {
        for v in vals {
            let (k, v) = kv(v)?;
            match k {
                "file" => self.file = Some(PathBuf::from(v)),
                "random" => self.stones = num(v, k)?,
                "radius" => self.radius = num(v, k)?,
                "seed" => self.seed = num(v, k)?,
                "balance" => self.balance = Some(num(v, k)?),
                _ => bail!("unknown -openings key {k:?} (file, random, radius, seed, balance)"),
            }
        }
        Ok(())
    }

    /// The openings: the file's (checked on the board) or the generated ones.
    pub fn source(&self, size: usize, rule: Rule) -> Result<OpeningSource> {
        Ok(match &self.file {
            Some(p) => OpeningSource::List(
                opening::read_file(p, size, rule).map_err(|e| anyhow::anyhow!(e))?,
            ),
            None => OpeningSource::Random {
                stones: self.stones,
                radius: self.radius,
                seed: self.seed,
                balance: self.balance,
            },
        })
    }
}

pub(crate) fn kv(token: &str) -> Result<(&str, &str)> {
    token
        .split_once('=')
        .with_context(|| format!("expected key=value, got {token:?}"))
}

pub(crate) fn num<T: std::str::FromStr>(v: &str, what: &str) -> Result<T> {
    v.parse()
        .map_err(|_| anyhow::anyhow!("bad value {v:?} for {what}"))
}

/// A finite number (`inf` and `NaN` parse as `f64` but mean nothing here).
pub(crate) fn finite(v: &str, what: &str) -> Result<f64> {
    let x: f64 = num(v, what)?;
    if !x.is_finite() {
        bail!("bad value {v:?} for {what}: expected a finite number");
    }
    Ok(x)
}

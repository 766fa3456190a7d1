//! Shards (`-shard I/N`): one of N disjoint parts of a run, so that N processes (on N hosts)
//! play or label one run between them. A [`Shard`] owns every unit of work (a match's opening
//! round, a generated game) whose number is `I-1` modulo `N`, or, where the order of the output
//! matters (labelled records), the `I`-th of `N` consecutive blocks. The numbers, and everything
//! drawn from them (openings, seeds), stay those of the whole run, so the shards' outputs never
//! overlap and together are the run. Pure: parsing and arithmetic.

use anyhow::{bail, Result};

/// Part `index` (0-based) of `count`; the whole run is `0` of `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/N` (1 ≤ I ≤ N, as `-shard` takes it).
    pub fn parse(v: &str) -> Result<Shard> {
        let bad = || anyhow::anyhow!("bad value {v:?} for -shard: expected I/N with 1 <= I <= N");
        let (i, n) = v.split_once('/').ok_or_else(bad)?;
        let (i, n): (usize, usize) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if i == 0 || i > n {
            bail!(bad());
        }
        Ok(Shard {
            index: i - 1,
            count: n,
        })
    }

    /// Whether unit `k` of the run is this shard's.
    pub fn owns(&self, k: usize) -> bool {
        k % self.count == self.index
    }

    /// How many of the units `0..total` are this shard's.
    pub fn share(&self, total: usize) -> usize {
        total / self.count + usize::from(total % self.count > self.index)
    }

    /// The `index`-th of `count` consecutive blocks of `0..total`, as near equal as can be.
    pub fn block(&self, total: usize) -> std::ops::Range<usize> {
        let at = |i: usize| (total as u128 * i as u128 / self.count as u128) as usize;
        at(self.index)..at(self.index + 1)
    }

    pub fn is_all(&self) -> bool {
        self.count == 1
    }
}

impl std::fmt::Display for Shard {
    /// `I/N`, as `-shard` takes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_a_run_into_disjoint_parts() {
        let s = Shard::parse("2/3").unwrap();
        assert_eq!(s, Shard { index: 1, count: 3 });
        assert_eq!(s.to_string(), "2/3");
        assert_eq!(Shard::parse("1/1").unwrap(), Shard::ALL);
        for bad in ["0/3", "4/3", "x/y", "3", "1/0", "/", "-1/3", "1/3/4", ""] {
            let e = Shard::parse(bad).unwrap_err().to_string();
            assert!(e.contains("-shard") && e.contains("I/N"), "{bad}: {e}");
        }
        // Every unit belongs to exactly one shard, and the shares add up.
        let shards: Vec<Shard> = (1..=3)
            .map(|i| Shard::parse(&format!("{i}/3")).unwrap())
            .collect();
        for k in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.owns(k)).count(), 1);
        }
        for total in 0..10 {
            let shares: Vec<usize> = shards.iter().map(|s| s.share(total)).collect();
            assert_eq!(shares.iter().sum::<usize>(), total);
            for (s, &n) in shards.iter().zip(&shares) {
                assert_eq!((0..total).filter(|&k| s.owns(k)).count(), n);
            }
            // The blocks follow each other and cover the whole.
            let blocks: Vec<_> = shards.iter().map(|s| s.block(total)).collect();
            assert_eq!((blocks[0].start, blocks[2].end), (0, total));
            assert!(blocks.windows(2).all(|w| w[0].end == w[1].start));
        }
    }
}

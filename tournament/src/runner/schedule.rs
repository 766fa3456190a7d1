//! Which games a match plays, in which order: the pairings of the engine list, and for every
//! opening round each pairing with both colours. A [`Schedule`] hands the games out one by one
//! to the workers and can be stopped (the SPRT verdict). A sharded schedule (`-shard I/N`) hands
//! out only the games of the rounds its shard owns (round `I-1` modulo `N`: both colours of an
//! opening stay together), under their indices in the whole run; a resumed one skips the games
//! already played. Pure: no processes, no clock, no I/O.

use std::collections::HashSet;

use crate::common::shard::Shard;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

/// The pairings (first engine, second engine) of `n` engines under `mode`.
pub fn pairings(n: usize, mode: Mode) -> Vec<(usize, usize)> {
    match mode {
        Mode::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        Mode::RoundRobin => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect(),
    }
}

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 0-based; the game's id in records and file names is `index + 1`.
    pub index: usize,
    /// Index into the pairing list.
    pub pairing: usize,
    /// The opening round: both games of a round and pairing use the same opening.
    pub round: usize,
    /// Whether the pairing's second engine plays Black.
    pub swapped: bool,
    /// Engine indices of Black and White.
    pub black: usize,
    pub white: usize,
}

impl Job {
    /// Game `index` of a match over `pairs`: round by round, every pairing twice (the first
    /// engine Black, then White).
    pub fn new(index: usize, pairs: &[(usize, usize)]) -> Job {
        let n = pairs.len();
        let round = index / (2 * n);
        let within = index % (2 * n);
        let pairing = within / 2;
        let swapped = within % 2 == 1;
        let (a, b) = pairs[pairing];
        let (black, white) = if swapped { (b, a) } else { (a, b) };
        Job {
            index,
            pairing,
            round,
            swapped,
            black,
            white,
        }
    }
}

/// The games still to hand out.
#[derive(Clone, Debug)]
pub struct Schedule {
    pairs: Vec<(usize, usize)>,
    /// Games in the whole run (`None`: until stopped).
    total: Option<usize>,
    shard: Shard,
    /// Games not to hand out (played before the run was resumed).
    done: HashSet<usize>,
    next: usize,
    stopped: bool,
}

impl Schedule {
    /// `total` games over `pairs` (non-empty), or without end when `total` is `None`.
    pub fn new(pairs: Vec<(usize, usize)>, total: Option<usize>) -> Schedule {
        assert!(!pairs.is_empty(), "a schedule needs a pairing");
        Schedule {
            pairs,
            total,
            shard: Shard::ALL,
            done: HashSet::new(),
            next: 0,
            stopped: false,
        }
    }

    /// Only the games of `shard`'s rounds.
    pub fn with_shard(mut self, shard: Shard) -> Schedule {
        self.shard = shard;
        self
    }

    /// Without the games of these indices (already played).
    pub fn skipping(mut self, done: impl IntoIterator<Item = usize>) -> Schedule {
        self.done.extend(done);
        self
    }

    /// Whether game `index` of the run is one this schedule plays (handed out or skipped).
    pub fn owns(&self, index: usize) -> bool {
        self.total.is_none_or(|t| index < t) && self.shard.owns(Job::new(index, &self.pairs).round)
    }

    /// The next game, or `None` once all were handed out or the schedule was stopped.
    pub fn next_job(&mut self) -> Option<Job> {
        while !self.stopped && self.total.is_none_or(|t| self.next < t) {
            let index = self.next;
            self.next += 1;
            if self.owns(index) && !self.done.contains(&index) {
                return Some(Job::new(index, &self.pairs));
            }
        }
        None
    }

    /// Hands out no more games (games already handed out are still played).
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Games in the whole run (`None`: until stopped).
    pub fn total(&self) -> Option<usize> {
        self.total
    }

    /// Games of this schedule's shard, those skipped included (`None`: until stopped).
    pub fn planned(&self) -> Option<usize> {
        let per_round = 2 * self.pairs.len();
        self.total
            .map(|t| self.shard.share(t.div_ceil(per_round)) * per_round)
    }

    pub fn pairs(&self) -> &[(usize, usize)] {
        &self.pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings_and_jobs() {
        assert_eq!(pairings(3, Mode::Gauntlet), vec![(0, 1), (0, 2)]);
        assert_eq!(pairings(3, Mode::RoundRobin), vec![(0, 1), (0, 2), (1, 2)]);
        // Two pairings: each opening round plays both pairings with both colours.
        let pairs = pairings(3, Mode::Gauntlet);
        let j = |i| {
            let j = Job::new(i, &pairs);
            (j.pairing, j.round, j.swapped, j.black, j.white)
        };
        assert_eq!(j(0), (0, 0, false, 0, 1));
        assert_eq!(j(1), (0, 0, true, 1, 0));
        assert_eq!(j(2), (1, 0, false, 0, 2));
        assert_eq!(j(4), (0, 1, false, 0, 1));
    }

    #[test]
    fn schedules_end_or_stop() {
        let mut s = Schedule::new(vec![(0, 1)], Some(3));
        let ids: Vec<usize> = std::iter::from_fn(|| s.next_job())
            .map(|j| j.index)
            .collect();
        assert_eq!(ids, [0, 1, 2]);
        let mut s = Schedule::new(vec![(0, 1)], None);
        assert_eq!(s.next_job().map(|j| j.index), Some(0));
        s.stop();
        assert!(s.is_stopped());
        assert_eq!(s.next_job(), None);
    }

    #[test]
    fn shards_take_whole_rounds_and_resumed_schedules_skip_what_was_played() {
        // Two pairings: four games a round; five rounds.
        let pairs = pairings(3, Mode::Gauntlet);
        let ids = |mut s: Schedule| {
            std::iter::from_fn(move || s.next_job())
                .map(|j| j.index)
                .collect::<Vec<_>>()
        };
        let shard = |i| Shard { index: i, count: 3 };
        let of = |i| Schedule::new(pairs.clone(), Some(20)).with_shard(shard(i));
        assert_eq!(ids(of(0)), [0, 1, 2, 3, 12, 13, 14, 15]);
        assert_eq!(ids(of(1)), [4, 5, 6, 7, 16, 17, 18, 19]);
        assert_eq!(ids(of(2)), [8, 9, 10, 11]);
        assert_eq!(of(0).planned(), Some(8));
        assert_eq!(of(2).planned(), Some(4));
        assert!(of(2).owns(9) && !of(2).owns(12) && !of(2).owns(20));
        assert_eq!(ids(of(1).skipping([5, 16])), [4, 6, 7, 17, 18, 19]);
        assert_eq!(Schedule::new(pairs.clone(), Some(20)).planned(), Some(20));
    }
}

//! Which games a match plays, in which order: the pairings of the engine list, and for every
//! opening round each pairing with both colours. A [`Schedule`] hands the games out one by one
//! to the workers and can be stopped (the SPRT verdict). Pure: no processes, no clock, no I/O.

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
    /// Games in all (`None`: until stopped).
    total: Option<usize>,
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
            next: 0,
            stopped: false,
        }
    }

    /// The next game, or `None` once all were handed out or the schedule was stopped.
    pub fn next_job(&mut self) -> Option<Job> {
        if self.stopped || self.total.is_some_and(|t| self.next >= t) {
            return None;
        }
        self.next += 1;
        Some(Job::new(self.next - 1, &self.pairs))
    }

    /// Hands out no more games (games already handed out are still played).
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    pub fn total(&self) -> Option<usize> {
        self.total
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
}

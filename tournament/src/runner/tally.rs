//! The running tally of a match: W/L/D and opening-pair (pentanomial) counts per pairing, losses
//! by fault kind, peak memory, longest move and moves saved by the tolerance per engine, and the
//! SPRT state computed from it. Pure: [`Tally::record`] folds one finished game in
//! ([`Tally::record_json`] one read back from a `-json` file), nothing here plays, times or
//! writes anything.

use std::collections::HashMap;

use rensa::types::Color;

use crate::common::game::{GameRecord, Reason};
use crate::runner::record::GameJson;
use crate::runner::schedule::Job;
use crate::runner::stats::{SprtParams, Verdict, Wld};

/// Tally of one pairing (first engine's point of view).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairingStats {
    pub first: usize,
    pub second: usize,
    pub wld: Wld,
    /// Pairs (same opening, colours swapped) scoring 0, ½, 1, 1½, 2 for the first engine.
    pub penta: [u64; 5],
    /// Half-finished pairs: opening round → first engine's score in the finished game.
    half: HashMap<usize, f64>,
}

impl PairingStats {
    /// [losses, draws, wins]: the counts the trinomial SPRT reads.
    pub fn trinomial(&self) -> [u64; 3] {
        [self.wld.losses, self.wld.draws, self.wld.wins]
    }
}

/// Everything counted so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    pub pairings: Vec<PairingStats>,
    /// Per engine: games lost by each fault kind of [`Reason::FAULTS`].
    pub faults: Vec<[u64; Reason::FAULTS.len()]>,
    /// Per engine, judge mode: the largest private memory of its process tree seen after a
    /// move, in bytes (0 outside judge mode).
    pub peak_memory: Vec<u64>,
    /// Per engine: its longest move in ms.
    pub max_move_ms: Vec<u64>,
    /// Per engine: moves that took longer than the limit but not longer than limit + tolerance.
    pub over_limit: Vec<usize>,
    /// Games recorded.
    pub games: usize,
}

impl Tally {
    /// An empty tally for `engines` engines and the given pairings.
    pub fn new(engines: usize, pairs: &[(usize, usize)]) -> Tally {
        Tally {
            pairings: pairs
                .iter()
                .map(|&(first, second)| PairingStats {
                    first,
                    second,
                    ..Default::default()
                })
                .collect(),
            faults: vec![[0; Reason::FAULTS.len()]; engines],
            peak_memory: vec![0; engines],
            max_move_ms: vec![0; engines],
            over_limit: vec![0; engines],
            games: 0,
        }
    }

    /// Counts the finished game `rec` of `job`.
    pub fn record(&mut self, job: &Job, rec: &GameRecord) {
        let first_score = match rec.winner {
            None => 0.5,
            Some(c) if (c == Color::Black) != job.swapped => 1.0,
            Some(_) => 0.0,
        };
        if let Some(loser) = rec.winner.map(|c| c.opp()) {
            if let Some(k) = Reason::FAULTS.iter().position(|r| *r == rec.reason) {
                let e = if loser == Color::Black {
                    job.black
                } else {
                    job.white
                };
                self.faults[e][k] += 1;
            }
        }
        let ps = &mut self.pairings[job.pairing];
        if first_score == 1.0 {
            ps.wld.wins += 1;
        } else if first_score == 0.0 {
            ps.wld.losses += 1;
        } else {
            ps.wld.draws += 1;
        }
        if let Some(other) = ps.half.remove(&job.round) {
            ps.penta[((other + first_score) * 2.0) as usize] += 1;
        } else {
            ps.half.insert(job.round, first_score);
        }
        let longest = rec.longest_moves();
        for (side, e) in [job.black, job.white].into_iter().enumerate() {
            self.peak_memory[e] = self.peak_memory[e].max(rec.peak_memory[side]);
            self.over_limit[e] += rec.over_limit[side];
            self.max_move_ms[e] = self.max_move_ms[e].max(longest[side]);
        }
        self.games += 1;
    }

    /// Counts game `g` of a `-json` file of a match over `pairs` between engines called
    /// `names`: its job is the one of its id in the schedule, whose engines it must name.
    pub fn record_json(
        &mut self,
        pairs: &[(usize, usize)],
        names: &[String],
        g: &GameJson,
    ) -> Result<Job, String> {
        let Some(index) = g.id.checked_sub(1) else {
            return Err("game 0: ids start at 1".to_string());
        };
        let job = Job::new(index, pairs);
        if (g.black.as_str(), g.white.as_str()) != (&names[job.black], &names[job.white]) {
            return Err(format!(
                "game {}: {} against {}, but the run plays {} against {} there",
                g.id, g.black, g.white, names[job.black], names[job.white]
            ));
        }
        self.record(&job, &g.to_record()?);
        Ok(job)
    }

    /// The first engine's games over all its pairings.
    pub fn first_engine_wld(&self) -> Wld {
        let mut w = Wld::default();
        for p in self.pairings.iter().filter(|p| p.first == 0) {
            w.add(&p.wld);
        }
        w
    }

    /// Games each engine lost by fault kind `reason`, summed over the engines.
    pub fn faults_of(&self, reason: &Reason) -> u64 {
        Reason::FAULTS
            .iter()
            .position(|r| r == reason)
            .map_or(0, |k| self.faults.iter().map(|f| f[k]).sum())
    }
}

/// The SPRT after the latest game: the LLR of the first pairing's counts and its verdict. Once a
/// verdict is reached it stands: games that were already being played are still counted in the
/// tally, but `state` is returned unchanged.
pub fn sprt_step(
    params: &SprtParams,
    state: Option<(f64, Verdict)>,
    tally: &Tally,
) -> (f64, Verdict) {
    match state {
        Some((llr, v)) if v != Verdict::Continue => (llr, v),
        _ => {
            let ps = &tally.pairings[0];
            let llr = params.llr(&ps.trinomial(), &ps.penta);
            (llr, params.verdict(llr))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::opening::Opening;
    use crate::runner::schedule::{pairings, Mode};
    use rensa::types::Rule;

    fn game(job: &Job, winner: Option<Color>, reason: Reason) -> GameRecord {
        GameRecord {
            id: job.index + 1,
            black: format!("e{}", job.black),
            white: format!("e{}", job.white),
            size: 15,
            rule: Rule::Freestyle,
            opening: Opening {
                moves: vec![(7, 7)],
            },
            // White moves first after a one-stone opening.
            moves: vec![((8, 8), 40), ((9, 9), 70), ((6, 6), 10)],
            winner,
            reason,
            detail: String::new(),
            peak_memory: [5, 9],
            over_limit: [1, 0],
        }
    }

    #[test]
    fn games_fold_into_wld_pairs_faults_and_peaks() {
        let pairs = pairings(2, Mode::Gauntlet);
        let mut t = Tally::new(2, &pairs);
        let j0 = Job::new(0, &pairs);
        let j1 = Job::new(1, &pairs);
        assert!(!j0.swapped && j1.swapped);
        // Round 0: engine 0 wins with Black, then loses on time with White.
        t.record(&j0, &game(&j0, Some(Color::Black), Reason::Five));
        assert_eq!(t.pairings[0].penta, [0; 5], "half a pair counts nothing");
        t.record(&j1, &game(&j1, Some(Color::Black), Reason::Time));
        let p = &t.pairings[0];
        assert_eq!(
            (p.wld.wins, p.wld.losses, p.wld.draws),
            (1, 1, 0),
            "first engine's side"
        );
        assert_eq!(p.penta, [0, 0, 1, 0, 0]);
        assert_eq!(p.trinomial(), [1, 0, 1]);
        assert_eq!(t.faults_of(&Reason::Time), 1);
        assert_eq!(t.faults[0][0], 1, "engine 0 (White in game 2) lost on time");
        assert_eq!(t.faults[1], [0; Reason::FAULTS.len()]);
        assert_eq!(t.games, 2);
        // White moved 40 and 10 ms, Black 70 ms; engine 0 was Black, then White.
        assert_eq!(t.max_move_ms, [70, 70]);
        assert_eq!(t.peak_memory, [9, 9]);
        assert_eq!(t.over_limit, [1, 1]);
        assert_eq!(t.first_engine_wld().score(), 0.5);
    }

    #[test]
    fn sprt_verdict_stands_once_reached() {
        let pairs = pairings(2, Mode::Gauntlet);
        let mut t = Tally::new(2, &pairs);
        let p = SprtParams {
            elo1: 100.0,
            ..SprtParams::default()
        };
        let mut state = None;
        for i in 0..20 {
            let j = Job::new(i, &pairs);
            let winner = if j.swapped {
                Color::White
            } else {
                Color::Black
            };
            t.record(&j, &game(&j, Some(winner), Reason::Five));
            state = Some(sprt_step(&p, state, &t));
        }
        let (llr, v) = state.unwrap();
        assert_eq!(v, Verdict::AcceptH1, "ten pairs won 2-0: LLR {llr}");
        // A later loss is tallied but does not reopen the test.
        let j = Job::new(20, &pairs);
        t.record(&j, &game(&j, Some(Color::White), Reason::Five));
        assert_eq!(sprt_step(&p, state, &t), (llr, Verdict::AcceptH1));
    }
}

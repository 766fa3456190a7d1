//! Temporary stand-in for the transposition table until branch `tt` lands: a direct-mapped
//! table of two atomic words per entry with the same probe/store shape.

use crate::board::Pos;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// One probed entry, scores already rebased to the probing ply.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    pub mv: Pos,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    pub pv: bool,
}

pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
}

const MATE_BOUND: i32 = super::MATE_BOUND;

impl Tt {
    pub fn new(bytes: usize) -> Tt {
        let n = (bytes / 16).max(1024).next_power_of_two() / 2;
        Tt {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    pub fn clear(&mut self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    pub fn new_search(&mut self) {}

    fn idx(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let s = &self.slots[self.idx(key)];
        let data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let mut score = (data >> 16) as u16 as i16 as i32;
        if score >= MATE_BOUND {
            score -= ply as i32;
        } else if score <= -MATE_BOUND {
            score += ply as i32;
        }
        Some(TtHit {
            mv: Pos(data as u16),
            score,
            eval: (data >> 32) as u16 as i16 as i32,
            depth: ((data >> 48) as u8) as i32 - 64,
            bound: match (data >> 56) & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                3 => Bound::Exact,
                _ => Bound::None,
            },
            pv: (data >> 58) & 1 != 0,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Pos,
        mut score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        if score >= MATE_BOUND {
            score += ply as i32;
        } else if score <= -MATE_BOUND {
            score -= ply as i32;
        }
        let s = &self.slots[self.idx(key)];
        let old = s[1].load(Ordering::Relaxed);
        let old_key = s[0].load(Ordering::Relaxed) ^ old;
        let old_depth = ((old >> 48) as u8) as i32 - 64;
        if old_key == key && depth < old_depth - 2 && bound != Bound::Exact {
            return;
        }
        let mv = if mv.is_none() && old_key == key {
            Pos(old as u16)
        } else {
            mv
        };
        let data = mv.0 as u64
            | ((score as i16 as u16 as u64) << 16)
            | ((eval as i16 as u16 as u64) << 32)
            | (((depth + 64).clamp(0, 255) as u64) << 48)
            | ((bound as u64) << 56)
            | ((pv as u64) << 58);
        s[0].store(key ^ data, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }
}

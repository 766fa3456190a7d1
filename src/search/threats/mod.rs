//! Threat-space mate searches: VCF (victory by continuous fours, `vcf.rs`), run at the root
//! and inside the VCT, and VCT (victory by continuous threats: fours and threes, `vct.rs`), run
//! at the root. Both are methods of the alpha-beta `Searcher`: they share its board, stack
//! frames (move lists and principal variations), node counting and budgets; this file holds
//! what they share.
//!
//! Positions proven to have no VCF (or VCT) within a budget are remembered in a small table,
//! `Searcher::vcf_fail` ([`crate::params::VCF_TABLE_ENTRIES`] entries): the key's high bits and
//! the budget (fours or threats) that failed, in the low byte. Nothing here allocates.

mod vcf;
mod vct;

use super::alphabeta::Searcher;
use crate::board::{Class, Pos};
use crate::types::Color;

impl Searcher<'_> {
    /// Whether the failure table says the position of `key` has no win within `budget`: it
    /// failed with at least that budget before.
    fn failed_before(&self, key: u64, budget: u32) -> bool {
        let old = self.vcf_fail[(key as usize) & (self.vcf_fail.len() - 1)];
        old & !0xFF == key & !0xFF && (old & 0xFF) as u32 >= budget
    }

    /// Records in the failure table that the position of `key` has no win within `budget`.
    fn remember_failure(&mut self, key: u64, budget: u32) {
        let slot = (key as usize) & (self.vcf_fail.len() - 1);
        self.vcf_fail[slot] = (key & !0xFF) | budget as u64;
    }

    /// Sets the line at `ply` to `us`'s five (`us` to move has one); returns the mate ply.
    fn five_now(&mut self, ply: usize, us: Color) -> usize {
        let p = self.board.find_class(us, Class::Five).unwrap_or(Pos::NONE);
        self.set_pv(ply, p);
        ply + 1
    }

    /// The cell `us` must take to stop the opponent's only five (`opp_fives` of them), or
    /// `Pos::NONE` when it has none.
    fn five_block(&self, us: Color, opp_fives: u16) -> Pos {
        if opp_fives == 1 {
            self.board
                .find_single_class(us.opp(), Class::Five)
                .unwrap_or(Pos::NONE)
        } else {
            Pos::NONE
        }
    }

    /// Sets the line at `ply` to the single move `p`.
    fn set_pv(&mut self, ply: usize, p: Pos) {
        let f = &mut self.stack.frames[ply];
        f.pv[0] = p;
        f.pv_len = 1;
    }
}

/// Searchers over ASCII boards for the tests of both searches.
#[cfg(test)]
mod testkit {
    pub(super) use super::super::alphabeta::{Halt, Searcher};
    use crate::board::{Board, Grid, Pos};
    use crate::eval::Position;
    use crate::search::{Control, Limits, ThreadData, Tt};
    use crate::types::{Color, Rule};

    pub(super) fn board(rule: Rule, text: &str) -> Board {
        Board::from_grid(&Grid::from_ascii(text).unwrap(), rule)
    }

    pub(super) fn p(s: &str) -> Pos {
        let (x, y) = s.split_once(',').unwrap();
        Pos::new(x.parse().unwrap(), y.parse().unwrap())
    }

    /// Runs `f` on a fresh searcher over `board` (no node limit but the ones `f` sets).
    pub(super) fn with_searcher<R>(board: &Board, f: impl FnOnce(&mut Searcher) -> R) -> R {
        let mut pos = Position::new(board.clone());
        let tt = Tt::new(1 << 16);
        let control = Control::new();
        let limits = Limits::infinite();
        let mut data = ThreadData::new();
        let r = f(&mut Searcher::new(
            &mut pos, &tt, &control, &limits, &mut data,
        ));
        assert_eq!(pos.grid(), board.grid(), "board restored");
        r
    }

    /// The VCT of `us` to move within `threats` threats, `fours` fours per VCF and `nodes`
    /// nodes: the mate ply and the line.
    pub(super) fn vct_of(
        s: &mut Searcher,
        us: Color,
        threats: u32,
        fours: u32,
        nodes: u64,
    ) -> Option<(usize, Vec<Pos>)> {
        s.halt = Halt::Running;
        s.node_cap = s.nodes + nodes;
        let mate = s.vct(0, us, threats, fours)?;
        let f = &s.stack.frames[0];
        Some((mate, f.pv[..f.pv_len].to_vec()))
    }

    pub(super) fn vcf_of(s: &mut Searcher, us: Color, fours: u32, nodes: u64) -> bool {
        s.halt = Halt::Running;
        s.node_cap = s.nodes + nodes;
        s.vcf(0, us, fours)
    }
}

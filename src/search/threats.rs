//! Threat-space mate search at the root: VCF (victory by continuous fours).
//!
//! The attacker plays only fours; each four leaves the defender one reply (the completion
//! point), so the tree is narrow. A defender's block that makes a four of its own must be
//! answered at once, and the attacker continues only if that answer is itself a four. In renju
//! a White four whose completion point is forbidden for Black cannot be blocked: White wins.
//! Positions proven to have no VCF within a four budget are remembered in a small table.

use super::alphabeta::Searcher;
use super::movepick;
use super::stack::MAX_PLY;
use crate::board::{rule, Pos, DIRS};
use crate::eval::threat::{self, Class};
use crate::types::{Color, Rule};

const VCF_SALT: u64 = 0x5DEE_CE66_D1CE_4E5B;

impl Searcher<'_> {
    /// Whether `us` (to move at `ply`) wins by continuous fours within `fours` attacking moves.
    /// On success the winning line is in the stack's PV at `ply`.
    pub fn vcf(&mut self, ply: usize, us: Color, fours: u32) -> bool {
        self.stack.frames[ply].pv_len = 0;
        if self.visit() || ply >= MAX_PLY - 4 {
            return false;
        }
        let q = movepick::quick(self.board, us);
        let caro = self.board.rule().blocked_five_void();
        if q.own_five || (q.own_win3 && q.opp_fives == 0) {
            let n = self.scan(ply, us);
            let moves = &self.stack.frames[ply].moves[..n];
            let p = if q.own_five {
                movepick::find(moves, Class::Five, true)
            } else {
                movepick::find_win3(moves, caro)
            };
            self.set_pv(ply, p);
            self.vcf_mate_ply = ply + if q.own_five { 1 } else { 3 };
            return true;
        }
        if q.opp_fives >= 2 || fours == 0 || !q.own_fours {
            return false;
        }
        let forced = if q.opp_fives == 1 {
            threat::find(self.board, us.opp(), Class::Five).unwrap_or(Pos::NONE)
        } else {
            Pos::NONE
        };
        let key = self.key(us) ^ VCF_SALT;
        let slot = (key as usize) & (self.vcf_fail.len() - 1);
        let tag = (key & !0xFF) | fours as u64;
        let old = self.vcf_fail[slot];
        if old & !0xFF == key & !0xFF && (old & 0xFF) as u32 >= fours {
            return false;
        }
        // Our fours, strongest first (total order).
        let rule = self.board.rule();
        let n = self.scan(ply, us);
        let n = movepick::retain_scored(&mut self.stack.frames[ply].moves[..], n, |m| {
            let ok = m.att.is_four()
                && movepick::playable(rule, us, m)
                && (forced.is_none() || m.pos == forced);
            ok.then(|| movepick::static_score(m))
        });
        for i in 0..n {
            movepick::pick_next(&mut self.stack.frames[ply].moves[..n], i);
            let m = self.stack.frames[ply].moves[i];
            self.board.make(m.pos, us);
            let won = self.vcf_defend(ply + 1, us, m.pos, fours - 1);
            self.board.undo();
            if self.stopped {
                return false;
            }
            if won {
                self.stack.update_pv(ply, m.pos);
                return true;
            }
        }
        if !self.stopped {
            self.vcf_fail[slot] = tag;
        }
        false
    }

    /// The defender's forced block after the attacker's four at `last`.
    fn vcf_defend(&mut self, ply: usize, us: Color, last: Pos, fours: u32) -> bool {
        self.stack.frames[ply].pv_len = 0;
        let them = us.opp();
        let (count, q) = self.fives_around(last, us);
        if count >= 2 {
            self.vcf_mate_ply = ply + 2;
            return true;
        }
        if count == 0 {
            return false;
        }
        if self.board.rule() == Rule::Renju
            && them == Color::Black
            && rule::renju_foul(self.board.grid(), q).is_some()
        {
            // Black cannot block on a forbidden point.
            self.vcf_mate_ply = ply + 2;
            return true;
        }
        self.board.make(q, them);
        let won = self.vcf(ply + 1, us, fours);
        self.board.undo();
        if won {
            self.stack.update_pv(ply, q);
        }
        won
    }

    /// The cells on the lines through `p` where `us` would make five: how many, and the first.
    pub fn fives_around(&self, p: Pos, us: Color) -> (u32, Pos) {
        let mut count = 0;
        let mut first = Pos::NONE;
        for &d in DIRS.iter() {
            for k in -4isize..=4 {
                if k == 0 {
                    continue;
                }
                let q = p.step(d, k);
                if self.board.grid().is_empty(q)
                    && threat::class(self.board, q, us) == Class::Five
                    && q != first
                {
                    if count == 0 {
                        first = q;
                    }
                    count += 1;
                }
            }
        }
        (count, first)
    }

    fn set_pv(&mut self, ply: usize, p: Pos) {
        let f = &mut self.stack.frames[ply];
        f.pv[0] = p;
        f.pv_len = 1;
    }
}

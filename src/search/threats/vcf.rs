//! VCF, victory by continuous fours: the attacker plays only fours; each four leaves the
//! defender one reply (the completion point), so the tree is narrow. A defender's block that
//! makes a four of its own must be answered at once, and the attacker continues only if that
//! answer is itself a four. In renju a White four whose completion point is forbidden for Black
//! cannot be blocked: White wins. In caro a five closed at both ends by the defender is void,
//! so the defender may also answer a four on the cell beyond it: every answer that leaves no
//! five is searched.

use super::super::movepick;
use super::super::stack::MAX_PLY;
use super::Searcher;
use crate::board::{rule, Class, Pos, DIRS};
use crate::types::{Color, Rule};

/// Mixed into the position key for the failure table's VCF entries.
pub(super) const VCF_SALT: u64 = 0x5DEE_CE66_D1CE_4E5B;

impl Searcher<'_> {
    /// Whether `us` (to move at `ply`) wins by continuous fours within `fours` attacking moves.
    /// On success the winning line is in the stack's PV at `ply`.
    pub fn vcf(&mut self, ply: usize, us: Color, fours: u32) -> bool {
        self.stack.frames[ply].pv_len = 0;
        if self.visit() || ply >= MAX_PLY - 4 {
            return false;
        }
        let q = movepick::quick_counts(self.board, us);
        if q.own_five {
            self.vcf_mate_ply = self.five_now(ply, us);
            return true;
        }
        if q.own_win3 && q.opp_fives == 0 {
            let p = self.win3_cell(us);
            if !p.is_none() {
                self.set_pv(ply, p);
                self.vcf_mate_ply = ply + 3;
                return true;
            }
        }
        if q.opp_fives >= 2 || fours == 0 || !q.own_fours {
            return false;
        }
        let forced = self.five_block(us, q.opp_fives);
        let key = self.key(us) ^ VCF_SALT;
        if self.failed_before(key, fours) {
            return false;
        }
        // Our fours, strongest first (total order).
        let n = self.scan_fours(ply, us);
        let rule = self.board.rule();
        let n = movepick::retain_scored(&mut self.stack.frames[ply].moves[..], n, |m| {
            let ok = m.att.is_four()
                && (forced.is_none() || m.pos == forced)
                && movepick::playable(rule, us, m);
            ok.then(|| movepick::static_score(m))
        });
        for i in 0..n {
            movepick::pick_next(&mut self.stack.frames[ply].moves[..n], i);
            let m = self.stack.frames[ply].moves[i];
            self.board.make_unscored(m.pos, us);
            let won = self.vcf_defend(ply + 1, us, m.pos, fours - 1);
            self.board.undo();
            if self.stopped() {
                return false;
            }
            if won {
                self.stack.update_pv(ply, m.pos);
                return true;
            }
        }
        if !self.stopped() {
            self.remember_failure(key, fours);
        }
        false
    }

    /// The defender's forced block after the attacker's four at `last`.
    fn vcf_defend(&mut self, ply: usize, us: Color, last: Pos, fours: u32) -> bool {
        self.stack.frames[ply].pv_len = 0;
        let them = us.opp();
        let (count, q) = self.fives_around(last, us);
        if count == 0 {
            return false;
        }
        if self.board.rule().blocked_five_void() {
            return self.vcf_defend_caro(ply, us, last, fours);
        }
        if count >= 2 {
            self.vcf_mate_ply = ply + 2;
            return true;
        }
        if self.board.rule() == Rule::Renju
            && them == Color::Black
            && rule::renju_foul(self.board.grid(), q).is_some()
        {
            // Black cannot block on a forbidden point.
            self.vcf_mate_ply = ply + 2;
            return true;
        }
        self.board.make_unscored(q, them);
        let won = self.vcf(ply + 1, us, fours);
        self.board.undo();
        if won {
            self.stack.update_pv(ply, q);
        }
        won
    }

    /// Caro: every answer to the four at `last` that leaves the attacker without a five (the
    /// completion point, or a cell beyond a five's end that closes it at both ends), all of
    /// which the attacker must beat. Such cells lie on the lines through `last`, at most five
    /// steps away.
    fn vcf_defend_caro(&mut self, ply: usize, us: Color, last: Pos, fours: u32) -> bool {
        let them = us.opp();
        let mut worst = ply + 2;
        for &d in DIRS.iter() {
            for k in -5isize..=5 {
                let c = last.step(d, k);
                if k == 0 || !self.board.grid().is_empty(c) {
                    continue;
                }
                self.board.make_unscored(c, them);
                if movepick::quick_counts(self.board, us).own_five {
                    self.board.undo();
                    continue; // not a defence
                }
                let won = self.vcf(ply + 1, us, fours);
                self.board.undo();
                if !won {
                    return false;
                }
                if self.vcf_mate_ply > worst || self.stack.frames[ply].pv_len == 0 {
                    worst = worst.max(self.vcf_mate_ply);
                    self.stack.update_pv(ply, c);
                }
            }
        }
        self.vcf_mate_ply = worst;
        true
    }

    /// The cells on the lines through `p` where `us` would make five: how many, and the first.
    fn fives_around(&self, p: Pos, us: Color) -> (u32, Pos) {
        let mut count = 0;
        let mut first = Pos::NONE;
        for &d in DIRS.iter() {
            for k in -4isize..=4 {
                if k == 0 {
                    continue;
                }
                let q = p.step(d, k);
                if self.board.grid().is_empty(q)
                    && self.board.class(q, us) == Class::Five
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

    /// A cell where `us` (to move, the opponent having no five to make) wins in three plies:
    /// an open four, or a double four; `Pos::NONE` if there is none. Renju Black: only an open
    /// four (a double four is forbidden; [`Board::class`] never calls a foul an open four).
    /// Caro: none (an open four can be voided).
    fn win3_cell(&self, us: Color) -> Pos {
        let rule = self.board.rule();
        if rule.blocked_five_void() {
            return Pos::NONE;
        }
        let n = self.board.class_counts(us);
        let (flex4, double4) = (n[Class::Flex4 as usize], n[Class::DoubleFour as usize]);
        if flex4 == 0 && double4 == 0 {
            return Pos::NONE;
        }
        let renju_black = rule == Rule::Renju && us == Color::Black;
        let find = |want: Class| self.board.find_class(us, want).unwrap_or(Pos::NONE);
        let p = if flex4 > 0 {
            find(Class::Flex4)
        } else {
            Pos::NONE
        };
        if p.is_none() && double4 > 0 && !renju_black {
            find(Class::DoubleFour)
        } else {
            p
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::board::{rule, Class};
    use crate::types::{Color, Rule};

    #[test]
    fn renju_same_line_double_four_is_no_open_four() {
        // 3,5 fills X_XXX_X on the anti-diagonal 7,1-0,8: two fours on one line, a foul,
        // which the board flags (`Forbid`) for the referee's check.
        let text = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . O X . .
            . . . . X . . O .
            . . . . X O X O .
            . . . . O . . . .
            . . X . . . O . .
            . . . . . . . . .
            X . . . . . . . .";
        let b = board(Rule::Renju, text);
        assert_eq!(b.class(p("3,5"), Color::Black), Class::Forbid);
        assert!(!rule::is_legal(b.grid(), p("3,5"), Color::Black, b.rule()));
        with_searcher(&b, |s| {
            assert!(s.win3_cell(Color::Black).is_none());
            assert!(!vcf_of(s, Color::Black, 20, 1_000_000));
            assert!(vct_of(s, Color::Black, 3, 20, 1_000_000).is_none());
        });
        let f = board(Rule::Freestyle, text);
        assert_eq!(with_searcher(&f, |s| s.win3_cell(Color::Black)), p("3,5"));
    }

    /// Black's three on row 4 between White stones at 0,4 and 7,4.
    const CARO_FOUR: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . X X X . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn caro_open_four_between_white_stones_is_no_vcf() {
        // 5,4 makes O_XXXX_O: White answers on either end, and the other five is closed at
        // both ends, void in caro. A win in freestyle.
        for rule in [Rule::Caro, Rule::CaroOverline] {
            let b = board(rule, CARO_FOUR);
            with_searcher(&b, |s| {
                assert!(!vcf_of(s, Color::Black, 20, 1_000_000), "{rule:?}");
                assert!(vct_of(s, Color::Black, 3, 20, 1_000_000).is_none());
            });
        }
        let b = board(Rule::Freestyle, CARO_FOUR);
        assert!(with_searcher(&b, |s| vcf_of(
            s,
            Color::Black,
            20,
            1_000_000
        )));
    }

    #[test]
    fn caro_open_four_with_room_is_a_vcf() {
        let text = CARO_FOUR.replace('O', ".");
        for rule in [Rule::Caro, Rule::CaroOverline] {
            let mut b = board(rule, &text);
            b.make(p("0,0"), Color::White);
            with_searcher(&b, |s| {
                assert!(vcf_of(s, Color::Black, 20, 1_000_000), "{rule:?}");
                assert!([p("1,4"), p("5,4")].contains(&s.stack.frames[0].pv[0]));
            });
        }
    }
}

//! The threat class of an empty cell for one colour: what a stone of that colour placed there
//! would make (five, open four, four-three, …), as the search and the evaluation read it.
//!
//! This is the single seam between the search and the board's pattern machinery: everything
//! above it speaks in [`Class`]. The classification here works from the raw grid (a line window
//! of ±5 cells per direction, judged with the rule's own idea of a five), which keeps every rule
//! exact — standard and caro fives, renju overlines — at the price of speed.

use crate::board::{rule, Board, Pos, DIRS};
use crate::types::{Cell, Color, Rule};

/// What a stone of one colour on an empty cell would make, strongest last. The order matters:
/// the search compares classes (`>= Class::Block4` means "makes a four").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Class {
    /// Nothing worth naming.
    #[default]
    None = 0,
    /// Renju: the cell is forbidden for Black (exactly checked).
    Forbid,
    /// One line with a two that can still become a five with one gap (`X__X_`-like).
    Block2,
    /// One open two (`_XX__`).
    Flex2,
    /// One closed three (`OXXX__`): one more stone makes a (closed) four.
    Block3,
    /// Two open twos.
    Flex2x2,
    /// A closed three together with an open two or another closed three.
    Block3Plus,
    /// One open three: one more stone makes an open four.
    Flex3,
    /// An open three together with a closed three or an open two.
    Flex3Plus,
    /// Two open threes (a foul for Black in renju).
    Flex3x2,
    /// One closed four: a single cell completes a five.
    Block4,
    /// A closed four together with a closed three or open twos.
    Block4Plus,
    /// A closed four and an open three: wins unless the opponent has fours.
    Block4Flex3,
    /// Two fours (on different lines, or twice on one line): wins unless the opponent has fives.
    DoubleFour,
    /// An open four: two cells complete a five and one stone cannot block both.
    Flex4,
    /// The stone makes a winning line.
    Five,
}

/// Number of classes (size of per-class tables).
pub const NUM_CLASSES: usize = Class::Five as usize + 1;

impl Class {
    /// Whether the stone makes a four or better (forces the opponent to answer at once).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Class::Block4
    }

    /// Whether the stone threatens to make an open four (or better) next move.
    #[inline]
    pub fn is_three_or_better(self) -> bool {
        self >= Class::Flex3
    }
}

/// The line pattern a stone makes in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
enum Line {
    Dead,
    Block2,
    Flex2,
    Block3,
    Flex3,
    Block4,
    /// Two completion points on one line that are not neighbours of one four (`X_XXX_X`).
    Flex4Split,
    Flex4,
    Five,
}

/// A window cell seen from the colour being classified.
#[derive(Clone, Copy, PartialEq, Eq)]
enum W {
    Own,
    Empty,
    Opp,
    Wall,
}

const WLEN: usize = 11;
const MID: usize = 5;

/// The run of own stones through `MID` and whether it wins under `rule` for `color`.
fn wins(w: &[W; WLEN], rule: Rule, color: Color) -> bool {
    let mut a = MID;
    while a > 0 && w[a - 1] == W::Own {
        a -= 1;
    }
    let mut b = MID;
    while b + 1 < WLEN && w[b + 1] == W::Own {
        b += 1;
    }
    let len = b - a + 1;
    if len < 5 {
        return false;
    }
    if len == 5 {
        // a ≥ 1 and b ≤ WLEN − 2 here: a run of five through MID fits inside the window.
        return !(rule.blocked_five_void() && w[a - 1] == W::Opp && w[b + 1] == W::Opp);
    }
    rule.overline_wins(color)
}

/// The cells that complete a five through `MID`, as a bit mask over the window.
fn completions(w: &mut [W; WLEN], rule: Rule, color: Color) -> u16 {
    let mut mask = 0u16;
    for q in 1..WLEN - 1 {
        if w[q] == W::Empty {
            w[q] = W::Own;
            if wins(w, rule, color) {
                mask |= 1 << q;
            }
            w[q] = W::Empty;
        }
    }
    mask
}

/// Whether a four with completion mask `mask` survives any single block: after the opponent
/// takes any one completion point, another still wins (caro blocking can void the others).
fn unstoppable(w: &mut [W; WLEN], mask: u16, rule: Rule, color: Color) -> bool {
    if mask.count_ones() < 2 {
        return false;
    }
    for q in 1..WLEN - 1 {
        if mask & (1 << q) != 0 {
            w[q] = W::Opp;
            let rest = completions(w, rule, color);
            w[q] = W::Empty;
            if rest == 0 {
                return false;
            }
        }
    }
    true
}

/// Four level only: 2 = open four (or split double), 1 = closed four, 0 = none.
fn four_level(w: &mut [W; WLEN], rule: Rule, color: Color) -> u8 {
    let mask = completions(w, rule, color);
    if unstoppable(w, mask, rule, color) {
        2
    } else if mask != 0 {
        1
    } else {
        0
    }
}

fn classify_line(w: &mut [W; WLEN], rule: Rule, color: Color) -> Line {
    if wins(w, rule, color) {
        return Line::Five;
    }
    let mask = completions(w, rule, color);
    if mask != 0 {
        if unstoppable(w, mask, rule, color) {
            // Adjacent completion points around a solid four are an open four; anything else is
            // two fours on one line.
            let lo = mask.trailing_zeros() as usize;
            let hi = 15 - mask.leading_zeros() as usize;
            let solid = hi - lo == 5 && (lo + 1..hi).all(|i| w[i] == W::Own);
            return if solid { Line::Flex4 } else { Line::Flex4Split };
        }
        return Line::Block4;
    }
    // Threes: one more own stone on this line makes a four.
    let mut best = Line::Dead;
    for q in 1..WLEN - 1 {
        if w[q] == W::Empty {
            w[q] = W::Own;
            let lvl = four_level(w, rule, color);
            w[q] = W::Empty;
            if lvl == 2 {
                return Line::Flex3;
            }
            if lvl == 1 {
                best = Line::Block3;
            }
        }
    }
    if best != Line::Dead {
        return best;
    }
    // Twos, approximately: a window of five cells through MID with two own stones and no
    // obstacle; open when a longer window of six with empty ends holds them.
    for start in MID.saturating_sub(4)..=MID {
        let end = start + 5;
        if end > WLEN {
            break;
        }
        let seg = &w[start..end];
        if seg.iter().all(|&c| c == W::Own || c == W::Empty)
            && seg.iter().filter(|&&c| c == W::Own).count() >= 2
        {
            let open = (start > 0 && w[start - 1] == W::Empty && w[end - 1] == W::Empty)
                || (end < WLEN && w[start] == W::Empty && w[end] == W::Empty);
            best = best.max(if open { Line::Flex2 } else { Line::Block2 });
        }
    }
    best
}

/// The line patterns of a stone of `color` on the empty cell `p`, one per direction.
fn lines(board: &Board, p: Pos, color: Color) -> [Line; 4] {
    let grid = board.grid();
    let rule = board.rule();
    let mut out = [Line::Dead; 4];
    for (k, &d) in DIRS.iter().enumerate() {
        let mut w = [W::Wall; WLEN];
        for (i, slot) in w.iter_mut().enumerate() {
            let q = p.step(d, i as isize - MID as isize);
            *slot = match grid.get(q) {
                Cell::Empty => W::Empty,
                Cell::Wall => W::Wall,
                c if c == color.stone() => W::Own,
                _ => W::Opp,
            };
        }
        w[MID] = W::Own;
        out[k] = classify_line(&mut w, rule, color);
    }
    out
}

/// Combines the four directional patterns into one class (no renju check).
fn combine(ls: &[Line; 4]) -> (Class, bool) {
    let n = |l: Line| ls.iter().filter(|&&x| x == l).count();
    let (f4s, f4, b4) = (n(Line::Flex4Split), n(Line::Flex4), n(Line::Block4));
    let (f3, b3, f2) = (n(Line::Flex3), n(Line::Block3), n(Line::Flex2));
    // Renju hint: shapes that may be a foul for Black.
    let fours = 2 * f4s + f4 + b4;
    let hint = fours >= 2 || f3 >= 2;
    let class = if ls.contains(&Line::Five) {
        Class::Five
    } else if f4 >= 1 {
        Class::Flex4
    } else if fours >= 2 {
        Class::DoubleFour
    } else if b4 == 1 && f3 >= 1 {
        Class::Block4Flex3
    } else if b4 == 1 && (b3 >= 1 || f2 >= 1) {
        Class::Block4Plus
    } else if b4 == 1 {
        Class::Block4
    } else if f3 >= 2 {
        Class::Flex3x2
    } else if f3 == 1 && (b3 >= 1 || f2 >= 1) {
        Class::Flex3Plus
    } else if f3 == 1 {
        Class::Flex3
    } else if b3 >= 2 || (b3 == 1 && f2 >= 1) {
        Class::Block3Plus
    } else if f2 >= 2 {
        Class::Flex2x2
    } else if b3 == 1 {
        Class::Block3
    } else if f2 == 1 {
        Class::Flex2
    } else if ls.contains(&Line::Block2) {
        Class::Block2
    } else {
        Class::None
    };
    (class, hint)
}

/// The class of the empty cell `p` for `color`. In renju, a Black move that the referee would
/// call a foul is [`Class::Forbid`] (exact check, only where the shape hints at a foul).
pub fn class(board: &Board, p: Pos, color: Color) -> Class {
    let ls = lines(board, p, color);
    let (class, hint) = combine(&ls);
    if board.rule() == Rule::Renju && color == Color::Black && class != Class::Five {
        let overline = hint || ls.iter().all(|&l| l != Line::Five) && overline_at(board, p);
        if (hint || overline) && rule::renju_foul(board.grid(), p).is_some() {
            return Class::Forbid;
        }
    }
    class
}

/// Calls `f` on every empty cell near the stones (within two steps), each once, in a fixed
/// order. Nothing on an empty board.
pub fn for_each_candidate(board: &Board, mut f: impl FnMut(Pos)) {
    let grid = board.grid();
    let (w, h) = (grid.width(), grid.height());
    let mut near = [0u64; crate::types::MAX_SIZE];
    for &(s, _) in board.history() {
        let (x, y) = (s.x(), s.y());
        let bits = {
            let lo = x.saturating_sub(2);
            let hi = (x + 2).min(w - 1);
            ((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1)
        };
        for row in near
            .iter_mut()
            .take((y + 2).min(h - 1) + 1)
            .skip(y.saturating_sub(2))
        {
            *row |= bits;
        }
    }
    for (y, &row) in near.iter().enumerate().take(h) {
        let mut bits = row;
        while bits != 0 {
            let x = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let p = Pos::new(x, y);
            if grid.is_empty(p) {
                f(p);
            }
        }
    }
}

/// Number of empty cells of each class for `color` (indexed by `Class as usize`).
pub fn counts(board: &Board, color: Color) -> [u16; NUM_CLASSES] {
    let mut n = [0u16; NUM_CLASSES];
    for_each_candidate(board, |p| n[class(board, p, color) as usize] += 1);
    n
}

/// The first empty cell (in candidate order) where `color` has class `want`.
pub fn find(board: &Board, color: Color, want: Class) -> Option<Pos> {
    let mut found = None;
    for_each_candidate(board, |p| {
        if found.is_none() && class(board, p, color) == want {
            found = Some(p);
        }
    });
    found
}

/// Whether a Black stone on `p` would make six or more in a row.
fn overline_at(board: &Board, p: Pos) -> bool {
    let grid = board.grid();
    DIRS.iter().any(|&d| {
        let mut n = 1;
        let mut k = 1;
        while grid.get(p.step(d, k)) == Cell::Black {
            n += 1;
            k += 1;
        }
        k = 1;
        while grid.get(p.step(d, -k)) == Cell::Black {
            n += 1;
            k += 1;
        }
        n >= 6
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;

    fn board(rule: Rule, text: &str) -> Board {
        let g = Grid::from_ascii(text).unwrap();
        let mut b = Board::new(g.width(), g.height(), rule);
        for p in g.positions() {
            if let Some(c) = g.get(p).color() {
                b.make(p, c);
            } else if g.get(p) == Cell::Wall {
                b.block(p);
            }
        }
        b
    }

    #[test]
    fn classes_on_a_line() {
        let b = board(
            Rule::Freestyle,
            "
            . . . . . . . . .
            . X X X X . . . .
            . . . . . . . . .
            . . X X X . . . .
            . . . . . . . . .
            O X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_eq!(class(&b, Pos::new(5, 1), Color::Black), Class::Five);
        assert_eq!(class(&b, Pos::new(0, 1), Color::Black), Class::Five);
        assert_eq!(class(&b, Pos::new(5, 3), Color::Black), Class::Flex4);
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(
            &b,
            Pos::new(6, 3),
            Color::Black
        )));
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(
            &b,
            Pos::new(4, 5),
            Color::Black
        )));
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(
            &b,
            Pos::new(5, 5),
            Color::Black
        )));
    }

    #[test]
    fn standard_overline_is_no_five() {
        let b = board(
            Rule::Standard,
            "
            . . . . . . . . . . .
            X X X X X . . . . . .
            . . . . . . . . . . .
            X X X . X . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .",
        );
        assert_ne!(class(&b, Pos::new(5, 1), Color::Black), Class::Five);
        // X X X _ X: the gap makes five exactly.
        assert_eq!(class(&b, Pos::new(3, 3), Color::Black), Class::Five);
    }

    #[test]
    fn caro_blocked_five_is_void() {
        let b = board(
            Rule::Caro,
            "
            . . . . . . . . .
            O X X X X . O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_ne!(class(&b, Pos::new(5, 1), Color::Black), Class::Five);
    }
}

//! The position the search works on: a [`Board`] and the evaluation's incremental state over it.
//!
//! The board keeps the patterns; the evaluation keeps, in step with them, what it sums over the
//! empty cells: per colour the learned values of their pattern codes ([`weights`]), the
//! network's vector sums (a network of codes) or the empty cells by both colours' class tiers
//! (a class network) ([`net`]), and the line network's features of every cell and the sums of
//! the empty cells' clipped features ([`lines`]). [`Position::make`] places a stone through
//! [`Board::make_with`] with the sums as its [`Tracker`], so they follow inside the pattern
//! pass, then moves the line windows the stone changed; [`Position::undo`] restores the sums
//! and the moved cells' features saved for the ply (copying them back is cheaper than moving
//! the windows back: no window indices, no table reads). The threat searches, which never
//! evaluate, place stones with [`Position::make_unscored`]: the sums stay those from before
//! the stone, and the undo of such a stone leaves them alone. The quiescence places its stones
//! with [`Position::make_lineless`]: the sums follow but the line features stay those from
//! before them, so its nodes cost no window updates. Taking back a stone placed before
//! the position was built recomputes them. A position reads as its board (`Deref`).

use std::ops::Deref;

use crate::board::pattern::{code_part, shift_of, tier_pair, TIERS};
use crate::board::{Board, CodeClass, Pos, TierPairs, Tracker, DIRS, LINE_CELLS, NUM_CELLS};
use crate::eval::lines::{self, Features, LineNet, LineSums};
use crate::eval::net::{self, Accumulator, FamilyNet, Inputs};
use crate::eval::weights::{self, FamilyTables, ATTACK, DEFENCE};
use crate::eval::ClassCounts;
use crate::types::{Cell, Color, Rule};

/// The sums of one ply, saved by [`Position::make`] for [`Position::undo`] (the network's and
/// the line network's only when there is one). In this order (`repr(C)`): what every ply
/// writes and reads back shares the first cache line.
#[derive(Clone, Copy)]
#[repr(C)]
struct Saved {
    cell_sums: [[i32; 2]; 2],
    tier_pairs: TierPairs,
    /// How the stone of this ply was placed.
    placed: Placed,
    acc: [Accumulator; 2],
    line_sums: LineSums,
}

/// How the stone of a ply was placed, so that [`Position::undo`] knows what to restore.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Placed {
    /// By [`Position::make`]: the saved sums are restored.
    Scored,
    /// By [`Position::make_unscored`]: the sums never moved.
    Unscored,
    /// By [`Position::make_lineless`], or above a stone placed so: the sums are restored, the
    /// line features never moved.
    Lineless,
    /// By [`Position::make_leaf`]: the sums (the line sums too) are restored, the line
    /// features never moved.
    Summed,
    /// Before the position was built: the sums are recomputed.
    Before,
}

/// What a stone does to the line features and their sums.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// The moved windows' cells' features and the sums follow ([`Position::make`]).
    Moved,
    /// Only the sums follow ([`Position::make_leaf`]).
    Summed,
    /// Neither ([`Position::make_lineless`]).
    Still,
}

impl Saved {
    const EMPTY: Saved = Saved {
        cell_sums: [[0; 2]; 2],
        acc: [[0; net::H]; 2],
        tier_pairs: [0; TIERS * TIERS],
        line_sums: [0; lines::LH],
        placed: Placed::Before,
    };
}

/// The sums over the empty cells that follow their pattern codes: the [`Tracker`] of
/// [`Position::make`].
#[derive(Clone)]
struct Sums {
    /// The rule family's learned cell values (from the weights in use when the position was
    /// built).
    values: &'static FamilyTables,
    /// The rule family's network if it reads the vector sums: they are kept for it.
    net: Option<&'static FamilyNet>,
    /// The rule family's network if it reads the class counts.
    class_net: Option<&'static FamilyNet>,
    /// Whether `class_net` reads the tier pairs ([`FamilyNet::reads_pairs`]): they are kept
    /// for it.
    pairs: bool,
    /// Per colour, the sums over the empty cells of their learned values (attack, defence) for
    /// that colour's pattern codes.
    cell_sums: [[i32; 2]; 2],
    /// Per colour, the sums over the empty cells of the network's vectors of their codes.
    acc: [Accumulator; 2],
    /// The empty cells by both colours' class tiers (kept with a class network only).
    tier_pairs: TierPairs,
    /// Per colour, the code changes of the stone being placed (before, after), and how many.
    changes: [[(u16, u16); LINE_CELLS]; 2],
    changed: [usize; 2],
    /// The tier pairs of the stone's refreshed line cells after it (`gained`) and before it
    /// (`lost`), one byte lane per pair ([`PAIR_LANE`]): a class network's pairs move by their
    /// difference once the pattern pass is done.
    gained: u128,
    lost: u128,
}

impl Sums {
    /// The zero sums of `rule`'s family under the evaluation in use (the weights' tables and
    /// the family's network).
    fn new(rule: Rule) -> Sums {
        let mut s = Sums {
            values: weights::active().family(rule),
            net: None,
            class_net: None,
            pairs: false,
            cell_sums: [[0; 2]; 2],
            acc: [[0; net::H]; 2],
            tier_pairs: [0; TIERS * TIERS],
            changes: [[(0, 0); LINE_CELLS]; 2],
            changed: [0; 2],
            gained: 0,
            lost: 0,
        };
        s.set_net(net::active().and_then(|n| n.family(rule)));
        s
    }

    /// Reads `net` as a network of codes or of classes.
    fn set_net(&mut self, net: Option<&'static FamilyNet>) {
        let classes = net.is_some_and(|n| n.inputs == Inputs::Classes);
        (self.net, self.class_net) = if classes { (None, net) } else { (net, None) };
        self.pairs = self.class_net.is_some_and(|n| n.reads_pairs());
    }

    /// The kind of network the sums follow.
    #[inline(always)]
    fn kind(&self) -> u8 {
        if self.net.is_some() {
            VECTORS
        } else if self.pairs {
            CLASSES
        } else {
            TABLES
        }
    }

    /// Counts the sums over `board`'s empty cells.
    fn recompute(&mut self, board: &Board) {
        self.cell_sums = [[0; 2]; 2];
        self.acc = [[0; net::H]; 2];
        self.tier_pairs = [0; TIERS * TIERS];
        for p in board.grid().positions().filter(|&p| board.is_empty(p)) {
            self.add_cell(board.code_classes(p), 1);
        }
    }

    /// The tables' value and the network's correction for `us` to move, with the class counts
    /// `c` ([`crate::eval::evaluate`] adds the line network's value and bounds the sum).
    #[inline]
    fn value(&self, us: Color, c: &ClassCounts) -> i32 {
        let side = &self.values.side[us.index()];
        let mask =
            weights::threat_mask(&c.us) << weights::THREAT_BITS | weights::threat_mask(&c.them);
        let mut v =
            side.tempo as i32 + side.threat[mask] as i32 + self.cell_sums[us.index()][ATTACK]
                - self.cell_sums[us.opp().index()][DEFENCE];
        if let Some(net) = self.net {
            v += net.forward(&self.acc, us);
        } else if let Some(net) = self.class_net {
            let pairs = self.pairs.then_some(&self.tier_pairs);
            v += net.forward_classes(&c.us, &c.them, pairs, us);
        }
        v
    }

    /// Adds (`sign` 1) or removes (`sign` -1) an empty cell of codes and classes `cc`.
    #[inline(always)]
    fn add_cell(&mut self, cc: [CodeClass; 2], sign: i32) {
        if self.pairs {
            let pair = &mut self.tier_pairs[tier_pair(cc)];
            *pair = (*pair as i32 + sign) as u16;
        }
        for (c, &cc) in cc.iter().enumerate() {
            let v = self.values.side[c].cell[code_part(cc)];
            self.cell_sums[c][ATTACK] += sign * v[ATTACK] as i32;
            self.cell_sums[c][DEFENCE] += sign * v[DEFENCE] as i32;
            if let Some(net) = self.net {
                for (a, &n) in self.acc[c].iter_mut().zip(net.vector(c, code_part(cc))) {
                    *a = a.wrapping_add(sign as i16 * n as i16);
                }
            }
        }
    }

    /// After the pattern pass: the logged code changes into the network's sums (one pass, each
    /// colour's sums in registers), and the refreshed cells' tier pairs, counted in byte lanes
    /// during the pass, into the tier pairs.
    #[inline(always)]
    fn finish<const K: u8>(&mut self) {
        let net = if K == VECTORS { self.net } else { None };
        if let Some(net) = net {
            for (c, &changed) in self.changed.iter().enumerate() {
                let table = net.vectors(c);
                let mut acc = self.acc[c];
                for &(before, now) in &self.changes[c][..changed] {
                    let (n, b) = (&table[now as usize], &table[before as usize]);
                    for k in 0..net::H {
                        acc[k] = acc[k].wrapping_add(n[k] as i16 - b[k] as i16);
                    }
                }
                self.acc[c] = acc;
            }
            self.changed = [0; 2];
        }
        if K == CLASSES {
            // A stone refreshes each of its `LINE_CELLS` < 256 cells at most once: no lane
            // carries into the next.
            let (gained, lost) = (self.gained.to_le_bytes(), self.lost.to_le_bytes());
            for (k, n) in self.tier_pairs.iter_mut().enumerate() {
                *n = n
                    .wrapping_add(gained[k] as u16)
                    .wrapping_sub(lost[k] as u16);
            }
            (self.gained, self.lost) = (0, 0);
        }
    }
}

// What a position's sums follow besides the tables: the kind of its network, fixed while it
// stands, so that each kind has its own copy of the pattern pass with no per-cell test of it.
const TABLES: u8 = 0;
const VECTORS: u8 = 1;
const CLASSES: u8 = 2;

/// One in the byte lane of each tier pair.
const PAIR_LANE: [u128; TIERS * TIERS] = {
    let mut lanes = [0; TIERS * TIERS];
    let mut k = 0;
    while k < lanes.len() {
        lanes[k] = 1 << (8 * k);
        k += 1;
    }
    lanes
};

/// [`Sums`] as the [`Tracker`] of a network of kind `K`.
struct Track<'a, const K: u8>(&'a mut Sums);

impl<const K: u8> Tracker for Track<'_, K> {
    #[inline(always)]
    fn taken(&mut self, cc: [CodeClass; 2]) {
        self.0.add_cell(cc, -1);
    }

    #[inline(always)]
    fn refreshed(&mut self, prev: [CodeClass; 2], now: [CodeClass; 2]) {
        let s = &mut *self.0;
        for c in 0..2 {
            let cells = &s.values.side[c].cell;
            let (n, b) = (cells[code_part(now[c])], cells[code_part(prev[c])]);
            s.cell_sums[c][ATTACK] += n[ATTACK] as i32 - b[ATTACK] as i32;
            s.cell_sums[c][DEFENCE] += n[DEFENCE] as i32 - b[DEFENCE] as i32;
            if K == VECTORS {
                // Logged without a branch (whether a code changes is hard to predict); the
                // count only moves when it did.
                let (b, n) = (code_part(prev[c]) as u16, code_part(now[c]) as u16);
                let k = s.changed[c];
                s.changes[c][k] = (b, n);
                s.changed[c] = k + (b != n) as usize;
            }
        }
        if K == CLASSES {
            // Every refreshed cell, changed or not (then the same lane in both): no branch on
            // whether its class moved, no second pass over the ones that did.
            s.gained += PAIR_LANE[tier_pair(now)];
            s.lost += PAIR_LANE[tier_pair(prev)];
        }
    }
}

/// A board and the evaluation's sums over it. See the module documentation.
#[derive(Clone)]
pub struct Position {
    board: Board,
    sums: Sums,
    /// The line network (if one is installed), each cell's features (kept for empty cells;
    /// an occupied cell keeps those from when its stone was placed, or from the last
    /// recompute) and the sums of the empty cells' clipped features.
    line_net: Option<&'static LineNet>,
    /// Whether `line_net` has a value head ([`LineNet::has_value`]) and a policy head
    /// ([`LineNet::has_policy`]).
    line_value: bool,
    line_policy: bool,
    line_features: Box<[Features; NUM_CELLS]>,
    line_sums: LineSums,
    /// How many stones placed without moving the line features stand on the board.
    lineless: usize,
    /// One per cell of the board; `saved[k]` belongs to the board's `history()[k]` (fixed
    /// size: make never allocates).
    saved: Box<[Saved]>,
    /// Per ply, like `saved`: the line features of the cells the stone's windows moved, from
    /// before it.
    moved: Box<[Moved]>,
}

/// The line features of the cells one stone's windows moved, from before it.
#[derive(Clone, Copy)]
struct Moved {
    count: usize,
    cells: [u16; 8 * lines::REACH],
    features: [Features; 8 * lines::REACH],
}

impl Deref for Position {
    type Target = Board;

    #[inline(always)]
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl Position {
    /// `board` with the evaluation in use for its rule: the weights' tables, the rule
    /// family's network and the line network, if any.
    pub fn new(board: Board) -> Position {
        let rule = board.rule();
        let cells = board.width() * board.height();
        let mut pos = Position {
            board,
            sums: Sums::new(rule),
            line_net: None,
            line_value: false,
            line_policy: false,
            line_features: vec![[0; lines::LH]; NUM_CELLS]
                .into_boxed_slice()
                .try_into()
                .expect("one per cell"),
            line_sums: [0; lines::LH],
            lineless: 0,
            saved: vec![Saved::EMPTY; cells].into_boxed_slice(),
            moved: vec![
                Moved {
                    count: 0,
                    cells: [0; 8 * lines::REACH],
                    features: [[0; lines::LH]; 8 * lines::REACH],
                };
                cells
            ]
            .into_boxed_slice(),
        };
        pos.set_line_net(lines::active().filter(|n| n.serves(rule)));
        pos
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, the evaluation's state dropped.
    pub fn into_board(self) -> Board {
        self.board
    }

    /// Places a stone of `color` on the empty cell `p`, the sums following.
    #[inline]
    pub fn make(&mut self, p: Pos, color: Color) {
        self.place(p, color, Lines::Moved);
    }

    /// [`Position::make`] that leaves the line features as they are, for the quiescence: its
    /// nodes read the line network's value from before its stones, and its makes and undos
    /// cost no window updates. Stones placed above such a stone leave them too, until it is
    /// taken back.
    #[inline]
    pub fn make_lineless(&mut self, p: Pos, color: Color) {
        self.place(p, color, Lines::Still);
    }

    /// [`Position::make`] for a node whose children are leaves: the line sums follow the
    /// stone exactly, from the moved windows' vectors, but no cell's features are written or
    /// saved, so the new node's line value is right for the window reads alone. The stones
    /// placed above it leave the line features alone, as [`Position::make_lineless`]'s do.
    #[inline]
    pub fn make_leaf(&mut self, p: Pos, color: Color) {
        self.place(p, color, Lines::Summed);
    }

    /// Places the stone through the copy of the pattern pass made for the sums' kind of
    /// network (one copy each, out of line: inlined into every caller they crowded the
    /// instruction cache).
    #[inline(always)]
    fn place(&mut self, p: Pos, color: Color, lines: Lines) {
        match self.sums.kind() {
            TABLES => self.place_as::<TABLES>(p, color, lines),
            VECTORS => self.place_as::<VECTORS>(p, color, lines),
            _ => self.place_as::<CLASSES>(p, color, lines),
        }
    }

    /// Places the stone with the line features and sums following as `lines` says, or not at
    /// all above a stone that left them (or with no line network).
    #[inline(never)]
    fn place_as<const K: u8>(&mut self, p: Pos, color: Color, lines: Lines) {
        let lines = match self.line_net {
            None => Lines::Moved,
            Some(_) if self.lineless > 0 => Lines::Still,
            Some(_) => lines,
        };
        let s = &mut self.saved[self.board.move_count()];
        s.placed = match lines {
            Lines::Moved => Placed::Scored,
            Lines::Summed => Placed::Summed,
            Lines::Still => Placed::Lineless,
        };
        s.cell_sums = self.sums.cell_sums;
        if K == VECTORS {
            s.acc = self.sums.acc;
        }
        if K == CLASSES {
            s.tier_pairs = self.sums.tier_pairs;
        }
        if self.line_net.is_some() {
            s.line_sums = self.line_sums;
            if lines != Lines::Moved {
                self.lineless += 1;
            }
        }
        self.board
            .make_with(p, color, &mut Track::<K>(&mut self.sums));
        self.sums.finish::<K>();
        let Some(ln) = self.line_net else { return };
        if lines == Lines::Still {
            return;
        }
        let i = p.index();
        let f = lines::clipped(&self.line_features[i]);
        for (s, &v) in self.line_sums.iter_mut().zip(&f) {
            *s -= v as i32;
        }
        let v = color.stone() as u32;
        if lines == Lines::Moved {
            let ply = self.board.move_count() - 1;
            self.move_windows::<true>(ln, i, v, ply);
        } else {
            self.move_windows::<false>(ln, i, v, 0);
        }
    }

    /// [`Position::make`] without the sums, for the threat searches, which never evaluate:
    /// they stay those from before the stone, stale until its [`Position::undo`].
    #[inline]
    pub fn make_unscored(&mut self, p: Pos, color: Color) {
        self.saved[self.board.move_count()].placed = Placed::Unscored;
        self.board.make(p, color);
    }

    /// Takes back the last stone, the sums with it.
    #[inline]
    pub fn undo(&mut self) -> Option<(Pos, Color)> {
        let (p, color) = self.board.last_move()?;
        let ply = self.board.move_count() - 1;
        if self.board.undo_recomputes() || self.saved[ply].placed == Placed::Before {
            self.board.undo();
            self.recompute_sums();
            return Some((p, color));
        }
        let placed = self.saved[ply].placed;
        if placed != Placed::Unscored {
            if self.line_net.is_some() {
                if placed == Placed::Scored {
                    let m = &self.moved[ply];
                    for j in 0..m.count {
                        self.line_features[m.cells[j] as usize] = m.features[j];
                    }
                } else {
                    self.lineless -= 1;
                }
                self.line_sums = self.saved[ply].line_sums;
            }
            let s = &self.saved[ply];
            self.sums.cell_sums = s.cell_sums;
            if self.sums.net.is_some() {
                self.sums.acc = s.acc;
            }
            if self.sums.pairs {
                self.sums.tier_pairs = s.tier_pairs;
            }
        }
        self.board.undo()
    }

    /// Marks the empty cell `p` as blocked ([`Board::block`]).
    pub fn block(&mut self, p: Pos) {
        self.board.block(p);
        self.recompute_sums();
    }

    /// Rebuilds the board's incremental fields and the sums ([`Board::recompute`]).
    pub fn recompute(&mut self) {
        self.board.recompute();
        self.recompute_sums();
    }

    /// Moves the line network's features of the empty cells within [`lines::REACH`] of the
    /// cell `i` on its four lines, whose windows the stone `v` (a [`Cell`] code) just placed
    /// there changed (the keys hold it), and their sums; saves the cells' features from before
    /// in `moved[ply]` for [`Position::undo`]. Without `WRITE` only the sums move. A stone's cell keeps the features it had when
    /// the stone was placed: the moves made and taken back while it stands skip it.
    #[inline(always)]
    fn move_windows<const WRITE: bool>(&mut self, ln: &LineNet, i: usize, v: u32, ply: usize) {
        // Each cell's clipped change is within ±FEATURE_ONE: the sum of 24 fits `i16`.
        let mut delta = [0i16; lines::LH];
        let halves = lines::halves();
        let m = &mut self.moved[ply];
        let mut n = 0;
        for (d, &dir) in DIRS.iter().enumerate() {
            for k in 1..=lines::REACH as isize {
                for side in [-1isize, 1] {
                    let q = Pos((i as isize + side * k * dir) as u16);
                    if self.board.cell(q) != Cell::Empty {
                        continue;
                    }
                    // The stone is at offset `-side * k` from `q`.
                    let flip = v << shift_of(-side * k);
                    let (with, without) =
                        lines::window_pair(halves, self.board.line_key(q, d), flip, side < 0);
                    if WRITE {
                        let f = &mut self.line_features[q.index()];
                        m.cells[n] = q.0;
                        m.features[n] = *f;
                        n += 1;
                        ln.move_window(f, &mut delta, without, with);
                    } else {
                        let mut f = self.line_features[q.index()];
                        ln.move_window(&mut f, &mut delta, without, with);
                    }
                }
            }
        }
        if WRITE {
            m.count = n;
        }
        for (s, &k) in self.line_sums.iter_mut().zip(&delta) {
            *s += k as i32;
        }
    }

    /// Rebuilds the sums and every cell's line features from the board.
    fn recompute_sums(&mut self) {
        debug_assert_eq!(self.lineless, 0, "recomputed with lineless stones standing");
        self.sums.recompute(&self.board);
        self.line_sums = [0; lines::LH];
        let Some(ln) = self.line_net else { return };
        for p in self.board.grid().positions() {
            let f = ln.features(&line_keys(&self.board, p));
            self.line_features[p.index()] = f;
            if self.board.is_empty(p) {
                for (s, &v) in self.line_sums.iter_mut().zip(&lines::clipped(&f)) {
                    *s += v as i32;
                }
            }
        }
    }

    /// The tables' value and the network's correction for `us` to move, with the class counts
    /// `c` ([`crate::eval::evaluate`] adds the line network's value).
    #[inline]
    pub(crate) fn sums_value(&self, us: Color, c: &ClassCounts) -> i32 {
        self.sums.value(us, c)
    }

    /// The sums over the empty cells of `color`'s learned cell values, `[ATTACK, DEFENCE]`
    /// ([`weights`]).
    #[inline]
    pub fn cell_sums(&self, color: Color) -> [i32; 2] {
        self.sums.cell_sums[color.index()]
    }

    /// The learned tables summed (the rule family's, from the weights in use when the position
    /// was built).
    #[inline]
    pub fn values(&self) -> &'static FamilyTables {
        self.sums.values
    }

    /// Sums `values` instead.
    pub fn set_values(&mut self, values: &'static FamilyTables) {
        self.sums.values = values;
        self.recompute_sums();
    }

    /// The rule family's network, if any.
    #[inline]
    pub fn net(&self) -> Option<&'static FamilyNet> {
        self.sums.net.or(self.sums.class_net)
    }

    /// Per colour (`Color::index`), the sums of the network's vectors over the empty cells.
    #[inline]
    pub fn accumulators(&self) -> &[Accumulator; 2] {
        &self.sums.acc
    }

    /// The empty cells by both colours' raw class tiers: kept as stones come and go with a
    /// class network that reads them (their only reader in the search), counted over the
    /// board otherwise.
    #[inline]
    pub fn tier_pairs(&self) -> TierPairs {
        if self.sums.pairs {
            return self.sums.tier_pairs;
        }
        self.board.count_tier_pairs()
    }

    /// Evaluates with `net` instead.
    pub fn set_net(&mut self, net: Option<&'static FamilyNet>) {
        self.sums.set_net(net);
        self.recompute_sums();
    }

    /// The line network the position keeps features for, if any.
    #[inline]
    pub fn line_net(&self) -> Option<&'static LineNet> {
        self.line_net
    }

    /// The line network, if it has a value head.
    #[inline]
    pub fn line_value(&self) -> Option<&'static LineNet> {
        self.line_net.filter(|_| self.line_value)
    }

    /// The line network, if it has a policy head.
    #[inline]
    pub fn line_policy(&self) -> Option<&'static LineNet> {
        self.line_net.filter(|_| self.line_policy)
    }

    /// The sums of the empty cells' clipped line features (zeros without a line network).
    #[inline]
    pub fn line_sums(&self) -> &LineSums {
        &self.line_sums
    }

    /// The line features of the cell `p` (zeros without a line network).
    #[inline]
    pub fn line_features(&self, p: Pos) -> &Features {
        &self.line_features[p.index()]
    }

    /// Evaluates with the line network `net` instead.
    pub fn set_line_net(&mut self, net: Option<&'static LineNet>) {
        self.line_net = net;
        self.line_value = net.is_some_and(|n| n.has_value());
        self.line_policy = net.is_some_and(|n| n.has_policy());
        self.recompute_sums();
    }

    /// Compares the board's incremental fields ([`Board::check_consistency`]) and the sums
    /// with a from-scratch computation (the line network's only with no
    /// [`Position::make_lineless`] stone standing); describes the first difference found.
    pub fn check_consistency(&self) -> Result<(), String> {
        self.board.check_consistency()?;
        let mut fresh = self.clone();
        fresh.lineless = 0;
        fresh.recompute_sums();
        let (a, b) = (&self.sums, &fresh.sums);
        if a.cell_sums != b.cell_sums {
            return Err(format!(
                "cell value sums {:?} != {:?}",
                a.cell_sums, b.cell_sums
            ));
        }
        if a.acc != b.acc {
            return Err(format!("network sums {:?} != {:?}", a.acc, b.acc));
        }
        if a.tier_pairs != b.tier_pairs {
            return Err(format!(
                "tier pairs {:?} != {:?}",
                a.tier_pairs, b.tier_pairs
            ));
        }
        if self.lineless > 0 {
            return Ok(());
        }
        if self.line_sums != fresh.line_sums {
            return Err(format!(
                "line sums {:?} != {:?}",
                self.line_sums, fresh.line_sums
            ));
        }
        for p in self.board.grid().positions() {
            let i = p.index();
            if self.board.is_empty(p) && fresh.line_features[i] != self.line_features[i] {
                return Err(format!("line features at {p}"));
            }
        }
        Ok(())
    }
}

/// The line keys of the cell `p` in the four directions.
fn line_keys(board: &Board, p: Pos) -> [u32; 4] {
    std::array::from_fn(|d| board.line_key(p, d))
}

/// The static value of `board` for `us` to move under the evaluation in use, its sums counted
/// from scratch: for the trainers, which evaluate many boards once each (a [`Position`] keeps
/// records per ply for the search). The same number as [`crate::eval::evaluate`] on a position of
/// the board.
pub fn evaluate_board(board: &Board, us: Color) -> i32 {
    let mut sums = Sums::new(board.rule());
    sums.recompute(board);
    let c = crate::eval::class_counts(board, us);
    let mut v = sums.value(us, &c);
    if let Some(ln) = lines::active().filter(|n| n.has_value() && n.serves(board.rule())) {
        let mut line_sums = [0; lines::LH];
        for p in board.grid().positions().filter(|&p| board.is_empty(p)) {
            let f = lines::clipped(&ln.features(&line_keys(board, p)));
            for (s, &v) in line_sums.iter_mut().zip(&f) {
                *s += v as i32;
            }
        }
        v += ln.value(&line_sums, us);
    }
    v.clamp(
        -crate::eval::params::EVAL_LIMIT,
        crate::eval::params::EVAL_LIMIT,
    )
}

#[cfg(test)]
mod tests;

//! Preallocated per-ply frames: the move buffer of each node, its principal variation and its
//! killers. Allocated once per search thread and kept by the engine, so no search allocates.

use crate::board::{Class, Pos};
use crate::types::MAX_SIZE;

/// Deepest ply the search reaches (main search, extensions and VCF together).
pub const MAX_PLY: usize = 128;
/// Most candidate moves one node can hold (every cell of the largest board).
pub const MAX_MOVES: usize = MAX_SIZE * MAX_SIZE;

/// A candidate move with its classes for both sides and its ordering score.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveEntry {
    pub pos: Pos,
    /// Class of the cell for the side to move (attack).
    pub att: Class,
    /// Class of the cell for the opponent (defence).
    pub def: Class,
    pub score: i32,
}

/// One ply of the search.
pub struct Frame {
    pub moves: Box<[MoveEntry; MAX_MOVES]>,
    pub pv: [Pos; MAX_PLY],
    pub pv_len: usize,
    pub killers: [Pos; 2],
    /// The node searches its defences against an open-four threat without spending depth; its
    /// children then may not do the same, so mutual threats cannot extend each other.
    pub defending: bool,
    /// The node's static evaluation (for the side to move there), read by its grandchild to
    /// tell whether the position is improving.
    pub eval: i32,
    /// A move the node must not search (the table move, while a singular-extension search
    /// asks how the others fare), or [`Pos::NONE`].
    pub excluded: Pos,
    /// The parent expects this node to fail high (a cut node): set by the parent before it
    /// searches the node, read at its start. Never a PV node.
    pub cut_node: bool,
    /// The node was reached by a pass (null move) of its parent: it does not pass again.
    pub after_null: bool,
    /// Sixteenths of a ply of threat-defence extension the line owes the node, below one ply:
    /// set by the parent before it searches the node (0 at the root).
    pub ext_credit: i32,
    /// Double singular extensions on the line to this node (`se_double_margin`): set by the
    /// parent before it searches the node (0 at the root).
    pub double_extensions: i32,
    /// The class, for the mover, of the move the node is searching now (set before each child
    /// is searched; `None` for a pass): its grandchild reads whether its side is attacking.
    pub played_att: Class,
    /// Quiescence nodes of the mover on the line to this node, this one included (0 in the
    /// main search): set at the node's start from its grandparent's.
    pub qs_plies: i32,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            moves: Box::new([MoveEntry::default(); MAX_MOVES]),
            pv: [Pos::NONE; MAX_PLY],
            pv_len: 0,
            killers: [Pos::NONE; 2],
            defending: false,
            eval: 0,
            excluded: Pos::NONE,
            cut_node: false,
            after_null: false,
            ext_credit: 0,
            double_extensions: 0,
            played_att: Class::None,
            qs_plies: 0,
        }
    }
}

/// All frames, indexed by ply.
pub struct Stack {
    pub frames: Vec<Frame>,
}

impl Stack {
    pub fn new() -> Stack {
        Stack {
            frames: (0..MAX_PLY + 2).map(|_| Frame::new()).collect(),
        }
    }

    /// Sets the principal variation at `ply` to `mv` followed by the child's line.
    /// Back to the state of a new stack (killers and principal variations forgotten); the move
    /// buffers are overwritten before they are read, so they stay as they are.
    pub fn reset(&mut self) {
        for f in &mut self.frames {
            f.pv_len = 0;
            f.killers = [Pos::NONE; 2];
            f.defending = false;
            f.excluded = Pos::NONE;
            f.cut_node = false;
            f.after_null = false;
            f.ext_credit = 0;
            f.double_extensions = 0;
            f.played_att = Class::None;
            f.qs_plies = 0;
        }
    }

    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: Pos) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        let (me, child) = (&mut head[ply], &tail[0]);
        me.pv[0] = mv;
        let n = child.pv_len.min(MAX_PLY - 1);
        me.pv[1..=n].copy_from_slice(&child.pv[..n]);
        me.pv_len = n + 1;
    }
}

impl Default for Stack {
    fn default() -> Self {
        Stack::new()
    }
}

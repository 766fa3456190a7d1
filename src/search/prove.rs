//! Proofs for tools (`pbrain-rensa solve`): whether the side to move wins by continuous fours
//! (VCF) or continuous threats (VCT) within a node limit, with the winning line. It runs the
//! threat searches of the engine (`threats/`) on their own, outside any game search: the VCF
//! deepened on the number of fours ([`PROOF_VCF_FOURS`]), then the VCT deepened one threat at a
//! time up to [`PROOF_VCT_THREATS`] or the node limit, whichever comes first. The engine's
//! searches never call this.

use super::alphabeta::Searcher;
use super::{Limits, ThreadData, Tt, UNSTOPPED};
use crate::board::{Board, Pos};
use crate::eval::Position;
use crate::params::{SearchParams, PROOF_VCF_FOURS, PROOF_VCT_THREATS, VCT_VCF_FOURS};
use crate::types::Color;

/// The threat searches use no transposition table, but a searcher needs one: the smallest.
const PROOF_TT_BYTES: usize = 1 << 10;

/// How a win was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofKind {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats (fours and threes).
    Vct,
}

/// The outcome of [`prove`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// How the win was proven; `None`: no win was found.
    pub kind: Option<ProofKind>,
    /// The winning line from the position, both sides' moves in turn, the defender's being its
    /// longest resistance. It may end before the five where the rest is forced (an open four, a
    /// double four, a four whose block is a renju foul, a threat no listed answer stops).
    pub line: Vec<Pos>,
    /// Plies to the five, the five included (0 without a win).
    pub plies: usize,
    /// Nodes spent.
    pub nodes: u64,
    /// The largest threat count whose VCT search finished without a win (0: the VCT did not
    /// finish one, or did not run: a win by fours, or caro, where VCT is off).
    pub threats: u32,
    /// Whether the node limit ended the search before it had tried everything.
    pub exhausted: bool,
}

/// Whether `us`, to move on `board`, wins by a VCF or a VCT found within `nodes` nodes. `data`
/// is any thread's memory (reset here, so the answer depends only on the arguments).
pub fn prove(board: &Board, us: Color, nodes: u64, data: &mut ThreadData) -> Proof {
    let mut board = Position::new(board.clone());
    let tt = Tt::new(PROOF_TT_BYTES);
    let limits = Limits::nodes(nodes);
    data.reset(false, &SearchParams::DEFAULT, board.rule());
    let mut s = Searcher::new(&mut board, &tt, &UNSTOPPED, &limits, data);
    let mut proof = Proof {
        kind: None,
        line: Vec::new(),
        plies: 0,
        nodes: 0,
        threats: 0,
        exhausted: false,
    };
    if PROOF_VCF_FOURS.iter().any(|&f| s.vcf(0, us, f)) {
        proof.kind = Some(ProofKind::Vcf);
        proof.plies = s.vcf_mate_ply;
    } else if !s.board.rule().blocked_five_void() {
        for threats in 1..=PROOF_VCT_THREATS {
            if s.stopped() {
                break;
            }
            if let Some(mate) = s.vct(0, us, threats, VCT_VCF_FOURS) {
                proof.kind = Some(ProofKind::Vct);
                proof.plies = mate;
                break;
            }
            if !s.stopped() {
                proof.threats = threats;
            }
        }
    }
    if proof.kind.is_some() {
        let f = &s.stack.frames[0];
        proof.line = f.pv[..f.pv_len].to_vec();
    }
    proof.nodes = s.nodes;
    proof.exhausted = s.stopped();
    proof
}

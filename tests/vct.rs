//! The root VCT through the engine's search (`search::think`): positions drawn as ASCII boards,
//! node-limited. A proven win by continuous threats comes back at once with a mate score, and
//! the game played out from it (both sides searching) ends in the attacker's five within the
//! claimed number of plies.

use rensa::board::{rule, Board, Grid};
use rensa::search::{self, Job, Limits, Tt, MATE};
use rensa::{Color, Pos, Rule};

fn board(rule: Rule, text: &str) -> Board {
    Board::from_grid(&Grid::from_ascii(text).unwrap(), rule)
}

fn think(b: &mut Board, me: Color, nodes: u64) -> search::SearchResult {
    let tt = Tt::new(1 << 22);
    let limits = Limits {
        max_depth: 64,
        ..Limits::nodes(nodes)
    };
    let r = Job::new(b, me, limits, &tt).run();
    assert!(
        rule::is_legal(b.grid(), r.best, me, b.rule()),
        "illegal {}",
        r.best
    );
    r
}

/// Plays the game out from `text` with `attacker` to move, both sides searching `nodes` nodes
/// a move; asserts the first search claims a mate in `mate` plies and the attacker's five comes
/// within them.
fn wins_as_claimed(rule: Rule, text: &str, attacker: Color, first: &[&str], mate: i32) {
    let mut b = board(rule, text);
    let r = think(&mut b, attacker, 20_000);
    assert!(
        first.contains(&r.best.to_string().as_str()),
        "{rule:?}: played {}, pv {:?}",
        r.best,
        r.pv
    );
    assert_eq!(r.score, MATE - mate, "{rule:?}: the VCT's mate score");
    assert!(
        r.nodes < 5_000,
        "{rule:?}: found by the root VCT ({} nodes)",
        r.nodes
    );
    let mut side = attacker;
    for ply in 0..mate {
        let p = if ply == 0 {
            r.best
        } else {
            think(&mut b, side, 20_000).best
        };
        let five = rule::is_five(b.grid(), p, side, rule);
        b.make(p, side);
        if five {
            assert_eq!(
                side, attacker,
                "{rule:?}: the defender made five at ply {ply}"
            );
            return;
        }
        side = side.opp();
    }
    panic!("{rule:?}: no five within {mate} plies\n{:?}", b.grid());
}

/// Black's double three on 7,8: column 7 (7,6 7,7) and row 8 (9,8 10,8).
const DOUBLE_THREE: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . O . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . . . . . X X . . . .
    . . . . . . . . . . . . . . .
    . . . O . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . . . . O .
    . . . . . . . . . . . . . . .";

#[test]
fn double_three_is_played_with_a_mate_score() {
    wins_as_claimed(Rule::Freestyle, DOUBLE_THREE, Color::Black, &["7,8"], 5);
    wins_as_claimed(Rule::Standard, DOUBLE_THREE, Color::Black, &["7,8"], 5);
}

#[test]
fn renju_white_double_three_wins_and_black_does_not_claim_one() {
    let white = Grid::from_ascii(DOUBLE_THREE)
        .unwrap()
        .with_colours_swapped()
        .to_ascii();
    wins_as_claimed(Rule::Renju, &white, Color::White, &["7,8"], 5);
    // Black's double three is a foul: no move to 7,8, and no mate in five.
    let mut b = board(Rule::Renju, DOUBLE_THREE);
    let r = think(&mut b, Color::Black, 20_000);
    assert_ne!(r.best, Pos::new(7, 8));
    assert!(r.score < MATE - 5, "score {}", r.score);
}

#[test]
fn no_three_against_an_open_three() {
    // White's open three on row 2 (3,2 4,2 5,2) threatens an open four: Black's double three
    // 7,8 is too slow, and Black has no four. The search must not claim a win.
    let text = DOUBLE_THREE.replacen(
        ". . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . .\n. . . . . . . . . . . . . . .\n. . . O O O . . . . . . . . .",
        1,
    );
    let text: String = text.lines().take(16).collect::<Vec<_>>().join("\n");
    let mut b = board(Rule::Freestyle, &text);
    let r = think(&mut b, Color::Black, 20_000);
    assert!(r.score < MATE - 100, "claimed {} with {}", r.score, r.best);
}

//! Position tests: random walks of makes and undos under every rule and board size, the
//! board's incremental state and the evaluation's sums checked against recomputation after
//! every step, with random tables and networks so that every code and window counts.

use super::*;
use crate::board::tests::{check_fives, check_lookups};
use crate::eval::weights::Weights;
use crate::types::Rule;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Learned cell tables with random values (kept for the rest of the test run), so that the
/// incremental cell sums are checked against values that differ from code to code.
fn random_values(rng: &mut Xoshiro256PlusPlus) -> &'static FamilyTables {
    let mut w = Weights::from_classes();
    for side in &mut w.families[0].side {
        for v in side.cell.iter_mut().flatten() {
            *v = (rng.next_u64() % 2001) as i16 - 1000;
        }
    }
    let w: &'static Weights = Box::leak(Box::new(w));
    &w.families[0]
}

/// A network with random vectors (kept for the rest of the test run), so that the incremental
/// network sums are checked against vectors that differ from code to code and colour to colour.
fn random_net(rng: &mut Xoshiro256PlusPlus) -> &'static FamilyNet {
    let mut n = FamilyNet::zero();
    for v in n.emb.iter_mut().flatten().flatten() {
        *v = (rng.next_u64() % 255) as i8 - 127;
    }
    Box::leak(Box::new(n))
}

/// A line network with random window vectors (kept for the rest of the test run), around the
/// clipping range so that the clipped sums change in both directions.
fn random_line_net(rng: &mut Xoshiro256PlusPlus) -> &'static LineNet {
    let mut n = LineNet::zero("random");
    for v in n.table.iter_mut().flatten() {
        *v = (rng.next_u64() % 81) as i16 - 30;
    }
    Box::leak(Box::new(n))
}

/// A network of class counts (kept for the rest of the test run): with `pairs` a weight of a
/// tier pair, so that its board keeps them as stones come and go; without, the class counts
/// alone.
fn class_net(pairs: bool) -> &'static FamilyNet {
    let mut n = FamilyNet::zero();
    n.inputs = Inputs::Classes;
    if pairs {
        n.l1_w[0][0][net::PAIR_BASE + 1] = 1;
    }
    n.index_classes();
    assert_eq!(n.reads_pairs(), pairs);
    Box::leak(Box::new(n))
}

/// Random walks of makes and undos (with a few blocked cells first), checking the incremental
/// state after every step (and the five cells every 8th step) and that a full undo restores the
/// starting key; walks in turn with a network of vectors, of classes with and without the tier
/// pairs and none, four in eight with a line network, and now and then a stone of the threat searches
/// ([`Position::make_unscored`]) taken back at once, and a quiescence stone
/// ([`Position::make_lineless`]) or a leaf ([`Position::make_leaf`], whose line sums must be
/// those of a full make) under which the line features stand still until it is taken back.
/// Returns the number of checked steps; panics if no five ever showed up.
fn random_walks(width: usize, height: usize, rule: Rule, walks: usize, steps: usize) -> usize {
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64((width * 100 + height) as u64 * 10 + rule.code() as u64);
    let mut checked = 0;
    let mut fives = 0;
    for walk in 0..walks {
        let mut b = Position::new(Board::new(width, height, rule));
        b.set_values(random_values(&mut rng));
        // Each kind of evaluation has its own copy of the pattern pass: vectors, classes and
        // tier pairs, none (the class counts alone need none of their own).
        b.set_net(match walk % 4 {
            0 => Some(random_net(&mut rng)),
            1 => Some(class_net(true)),
            2 => Some(class_net(false)),
            _ => None,
        });
        assert_eq!(b.sums.kind(), [VECTORS, CLASSES, TABLES, TABLES][walk % 4]);
        if (walk / 4) % 2 == 0 {
            b.set_line_net(Some(random_line_net(&mut rng)));
        }
        let cells: Vec<Pos> = b.grid().positions().collect();
        for _ in 0..rng.next_u64() % 4 {
            let p = cells[(rng.next_u64() % cells.len() as u64) as usize];
            if b.is_empty(p) {
                b.block(p);
            }
        }
        b.check_consistency().unwrap();
        let start_hash = b.hash();
        let mut color = Color::Black;
        for _ in 0..steps {
            let r = rng.next_u64();
            if r % 4 == 0 && b.move_count() > 0 {
                let (_, c) = b.undo().unwrap();
                color = c;
            } else {
                // Mostly near the stones, so that lines fill up and fours and fives appear.
                let near: Vec<Pos> = b.candidates().collect();
                let pool: Vec<Pos> = if near.is_empty() || r % 7 == 0 {
                    cells.iter().copied().filter(|&p| b.is_empty(p)).collect()
                } else {
                    near
                };
                if pool.is_empty() {
                    continue;
                }
                let p = pool[((r >> 8) % pool.len() as u64) as usize];
                if r % 5 == 1 {
                    b.make_unscored(p, color);
                    b.undo();
                }
                let before = b.hash_after(p, color);
                if r % 11 == 3 {
                    b.make_lineless(p, color);
                } else if r % 13 == 5 {
                    // A leaf's line sums are those of a full make.
                    let mut full = b.clone();
                    full.make(p, color);
                    b.make_leaf(p, color);
                    assert_eq!(b.line_sums(), full.line_sums());
                } else {
                    b.make(p, color);
                }
                assert_eq!(b.hash(), before);
                color = color.opp();
            }
            if let Err(e) = b.check_consistency() {
                panic!("{rule:?} {width}x{height}: {e}\n{:?}", b.grid());
            }
            check_lookups(&b);
            if checked % 8 == 0 {
                fives += check_fives(&b);
            }
            checked += 1;
        }
        while b.undo().is_some() {}
        assert_eq!(b.hash(), start_hash);
        b.check_consistency().unwrap();
    }
    assert!(fives > 0, "{rule:?} {width}x{height}: no five to check");
    checked
}

#[test]
fn random_make_undo_15_and_20_every_rule() {
    for rule in Rule::ALL {
        assert_eq!(random_walks(15, 15, rule, 6, 300), 1800);
        assert_eq!(random_walks(20, 20, rule, 4, 300), 1200);
    }
}

#[test]
fn random_make_undo_small_large_and_rectangular() {
    for rule in Rule::ALL {
        random_walks(7, 7, rule, 10, 120);
        random_walks(5, 9, rule, 10, 80);
        random_walks(32, 32, rule, 2, 400);
    }
}

#[test]
fn undo_below_a_block_restores_patterns() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(72);
    for rule in Rule::ALL {
        let mut b = Position::new(Board::new(15, 15, rule));
        b.set_line_net(Some(random_line_net(&mut rng)));
        b.make(Pos::new(7, 7), Color::Black);
        b.make(Pos::new(8, 7), Color::White);
        b.make(Pos::new(7, 8), Color::Black);
        b.block(Pos::new(7, 9));
        b.check_consistency().unwrap();
        b.make(Pos::new(6, 7), Color::White);
        b.undo();
        b.undo();
        b.check_consistency().unwrap();
        b.undo();
        b.undo();
        b.check_consistency().unwrap();
        b.recompute();
        b.make(Pos::new(3, 3), Color::Black);
        b.undo();
        b.check_consistency().unwrap();
    }
}

/// The stones a position was built on are taken back with the sums recomputed, and those of the
/// threat searches with the sums left as they were.
#[test]
fn stones_from_before_the_position_and_unscored_ones_are_taken_back() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(73);
    for rule in Rule::ALL {
        let mut board = Board::new(15, 15, rule);
        board.make(Pos::new(7, 7), Color::Black);
        board.make(Pos::new(8, 8), Color::White);
        let mut b = Position::new(board);
        b.set_values(random_values(&mut rng));
        b.set_line_net(Some(random_line_net(&mut rng)));
        b.make(Pos::new(6, 6), Color::Black);
        b.make_unscored(Pos::new(9, 9), Color::White);
        b.undo();
        b.check_consistency().unwrap();
        b.undo();
        b.undo();
        b.check_consistency().unwrap();
        b.undo();
        b.check_consistency().unwrap();
        assert_eq!(b.move_count(), 0);
    }
}

/// A board evaluated from scratch gets the number a position of it keeps incrementally, under
/// every rule (with the embedded tables and networks).
#[test]
fn a_board_evaluated_from_scratch_matches_its_position() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(74);
    for rule in Rule::ALL {
        let mut b = Position::new(Board::new(15, 15, rule));
        let mut color = Color::Black;
        for _ in 0..60 {
            let pool: Vec<Pos> = b.candidates().collect();
            let p = if pool.is_empty() {
                Pos::new(7, 7)
            } else {
                pool[(rng.next_u64() % pool.len() as u64) as usize]
            };
            b.make(p, color);
            color = color.opp();
            for us in [Color::Black, Color::White] {
                let c = crate::eval::class_counts(&b, us);
                assert_eq!(
                    crate::eval::evaluate_board(&b, us),
                    crate::eval::evaluate(&b, us, &c),
                    "{rule:?} {:?}",
                    b.grid()
                );
            }
        }
    }
}

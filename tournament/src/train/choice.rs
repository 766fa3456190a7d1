//! `rensa-train fit -choice`: the moves the search played, as a second target of the fit.
//!
//! A position's value target says how good the position is; it does not say which of its
//! children the evaluation should like best, and a search lives on that ordering. This module
//! turns each position of a game file whose next record shows the move played into a choice
//! among its candidate cells: for each legal candidate `c`, the mover's value of the child is
//! `−eval(child c)` (the opponent moves there). The fit then also minimises the cross-entropy of
//! a softmax over those values, at temperature `temp` (evaluation units per logit), against the
//! cell the search played: the comparison training of Tesauro's and Hoki's engines, one ply
//! deep.
//!
//! A child's features are stored as its difference from the parent's (both with the opponent
//! to move), which only the cells on the four lines through `c` change: `−(F(child) −
//! F(parent))`, so that the weights' dot product is the mover's value up to a constant shared
//! by all the candidates. The played cell comes first in each group. The groups are kept as
//! [`Choices`], which hold the softmax and its gradient for the fit.
//!
//! With `reply` ([`ChoiceConfig`]) each candidate is valued one move further on, at the leaf of
//! a tiny search: the opponent's reply that the starting weights like best for it, and when that
//! reply makes a four or an open three, the mover's best block of it (a quiescence of two
//! plies). A four of the mover is then worth its forced block, not the four itself, so threat
//! moves can be compared with quiet ones: the comparison at the leaves of Hoki's method, with a
//! search of two or three plies.

use rensa::board::rule::is_legal;
use rensa::board::{Board, Class, Pos};
use rensa::eval;
use rensa::types::Color;

use crate::train::choices::Choices;
use crate::train::dataset::Record;
use crate::train::fit::{is_calm, position_features, valid_block, FitConfig, LEN, VALID_EVERY};
use crate::train::order::played_move;

/// Which positions and candidate cells [`extract`] keeps, and how far it looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceConfig {
    /// One in this many of the eligible positions (`-choice-every`).
    pub every: usize,
    /// Only positions whose played cell makes no open three and no four, and of their
    /// candidates only the cells that make none either (`-choice-quiet`).
    pub quiet: bool,
    /// Value each candidate at the leaf of the opponent's best reply ([`leaf`];
    /// `-choice-reply`), not at the child.
    pub reply: bool,
}

impl Default for ChoiceConfig {
    fn default() -> ChoiceConfig {
        ChoiceConfig {
            every: 1,
            quiet: false,
            reply: false,
        }
    }
}

/// The choices of the game positions of `records` (in file order; one in `choice.every` of
/// those the config keeps), on `cfg.threads` threads; with `choice.quiet`, only those whose
/// played cell makes no open three and no four (a threat the search plays for what follows, not
/// for the position), and among their candidates only the cells that make none either.
pub fn extract(records: &[Record], cfg: &FitConfig, choice: &ChoiceConfig) -> Choices {
    let pairs = records.len().saturating_sub(1);
    let chunk = pairs.div_ceil(cfg.threads.max(1)).max(1);
    let block = valid_block(records.len());
    let parts: Vec<Choices> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..pairs)
            .step_by(chunk)
            .map(|a| {
                let b = (a + chunk).min(pairs);
                s.spawn(move || extract_part(records, a..b, block, choice, cfg))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("choice thread"))
            .collect()
    });
    let mut out = Choices::empty(LEN);
    for p in parts {
        let (ce, ge) = (out.index.len(), out.cand.len() - 1);
        out.cand.extend(p.cand[1..].iter().map(|s| s + ce));
        out.group.extend(p.group[1..].iter().map(|s| s + ge));
        out.index.extend(p.index);
        out.value.extend(p.value);
        out.valid.extend(p.valid);
        for (u, q) in out.used.iter_mut().zip(p.used) {
            *u |= q;
        }
    }
    out
}

fn extract_part(
    records: &[Record],
    range: std::ops::Range<usize>,
    block: usize,
    choice: &ChoiceConfig,
    cfg: &FitConfig,
) -> Choices {
    let mut s = Choices::empty(LEN);
    let (mut parent, mut child) = (Vec::new(), Vec::new());
    let (mut cells, mut line) = (Vec::new(), Vec::new());
    let every = choice.every.max(1);
    for n in range {
        let (r, next) = (&records[n], &records[n + 1]);
        if n % every != 0 || !r.trained(cfg.keep_mates, cfg.keep_loud) {
            continue;
        }
        let Some(played) = played_move(r, next) else {
            continue;
        };
        let Some(mut board) = r.board() else { continue };
        if cfg.calm && !is_calm(&board) {
            continue;
        }
        let w = r.width as usize;
        let played = Pos::new(played as usize % w, played as usize / w);
        let (us, them) = (r.side, r.side.opp());
        cells.clear();
        cells.push(played);
        let threat = |p: Pos| choice.quiet && board.raw_class(p, us) >= Class::Flex3;
        if threat(played) {
            continue;
        }
        cells.extend(
            board
                .candidates()
                .filter(|&p| p != played && is_legal(board.grid(), p, us, r.rule) && !threat(p)),
        );
        if cells.len() < 2 || !board.candidates().any(|p| p == played) {
            continue;
        }
        if choice.reply {
            // The mover's value of the leaf: +eval with the mover to move there, −eval with
            // the opponent to move; less the parent's, the same for every candidate.
            position_features(&board, r.rule, us, cfg.pattern_offsets, &mut parent);
            for &c in &cells {
                board.make(c, us);
                leaf(&mut board, us, &mut line);
                let to_move = if line.len() % 2 == 0 { them } else { us };
                position_features(&board, r.rule, to_move, cfg.pattern_offsets, &mut child);
                for _ in 0..line.len() + 1 {
                    board.undo();
                }
                let sign = if to_move == us { 1 } else { -1 };
                push_sum(&mut s, &child, sign, &parent, -1);
                s.cand.push(s.index.len());
            }
        } else {
            position_features(&board, r.rule, them, cfg.pattern_offsets, &mut parent);
            for &c in &cells {
                board.make(c, us);
                position_features(&board, r.rule, them, cfg.pattern_offsets, &mut child);
                board.undo();
                push_sum(&mut s, &child, -1, &parent, 1);
                s.cand.push(s.index.len());
            }
        }
        s.group.push(s.cand.len() - 1);
        s.valid.push((n / block) % VALID_EVERY == VALID_EVERY - 1);
    }
    s
}

/// Pushes `sa·a + sb·b` (both sorted by index) without its zero entries.
fn push_sum(s: &mut Choices, a: &[(u32, i16)], sa: i16, b: &[(u32, i16)], sb: i16) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let (k, v) = match (a.get(i), b.get(j)) {
            (Some(&(ka, x)), Some(&(kb, y))) if ka == kb => {
                i += 1;
                j += 1;
                (ka, sa * x + sb * y)
            }
            (Some(&(ka, x)), Some(&(kb, _))) if ka < kb => {
                i += 1;
                (ka, sa * x)
            }
            (Some(&(ka, x)), None) => {
                i += 1;
                (ka, sa * x)
            }
            (_, Some(&(kb, y))) => {
                j += 1;
                (kb, sb * y)
            }
            (None, None) => unreachable!("loop condition"),
        };
        if v != 0 {
            s.index.push(k);
            s.value.push(v);
            s.used[k as usize] = true;
        }
    }
}

/// The static value of `board` for `side` to move under the evaluation in use.
fn static_value(board: &Board, side: Color) -> i32 {
    eval::evaluate_board(board, side)
}

/// The leaf of a tiny search after the mover `us` has just played on `board` (the opponent to
/// move): the opponent's reply that leaves `us` the least ([`answer`]), and after it the moves
/// of `us`'s answer, pushed into `line` and left made on `board` (the caller undoes them). The
/// leaf's side to move is the opponent when `line` has an even length, `us` otherwise.
pub fn leaf(board: &mut Board, us: Color, line: &mut Vec<Pos>) {
    let them = us.opp();
    let rule = board.rule();
    line.clear();
    let replies: Vec<Pos> = board
        .candidates()
        .filter(|&p| is_legal(board.grid(), p, them, rule))
        .collect();
    let mut best: Option<(i32, Pos, Option<Pos>)> = None;
    for r in replies {
        board.make(r, them);
        let (v, block) = answer(board, us);
        board.undo();
        if best.is_none_or(|(bv, _, _)| v < bv) {
            best = Some((v, r, block));
        }
    }
    if let Some((_, r, block)) = best {
        board.make(r, them);
        line.push(r);
        if let Some(b) = block {
            board.make(b, us);
            line.push(b);
        }
    }
}

/// The value for `us` to move of `board`, and `us`'s move if it must answer a threat first: the
/// block of the opponent's only four (then the value is the opponent's static value negated),
/// or of an open three of the opponent the best of the cells that stop it (those where the
/// opponent would make a four); otherwise the static value. Two fours of the opponent with none
/// of `us`'s own are a loss.
fn answer(board: &mut Board, us: Color) -> (i32, Option<Pos>) {
    let them = us.opp();
    let rule = board.rule();
    let their_fives = board.class_count(them, Class::Five);
    if board.class_count(us, Class::Five) > 0
        || (their_fives == 0 && board.class_count(them, Class::Flex4) == 0)
    {
        return (static_value(board, us), None);
    }
    let blocks: Vec<Pos> = match their_fives {
        0 => board
            .candidates()
            .filter(|&p| board.raw_class(p, them).is_four())
            .collect(),
        1 => board.find_class(them, Class::Five).into_iter().collect(),
        _ => return (-eval::params::EVAL_LIMIT, None),
    };
    let mut best: Option<(i32, Pos)> = None;
    for b in blocks {
        if !is_legal(board.grid(), b, us, rule) {
            continue;
        }
        board.make(b, us);
        let v = -static_value(board, them);
        board.undo();
        if best.is_none_or(|(bv, _)| v > bv) {
            best = Some((v, b));
        }
    }
    match best {
        Some((v, b)) => (v, Some(b)),
        None => (static_value(board, us), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::fit::{eval_of, fit, flatten};
    use rensa::board::Grid;
    use rensa::eval::weights;
    use rensa::types::Rule;

    fn config(choice: f64) -> FitConfig {
        FitConfig {
            name: "test".to_string(),
            lambda: 1.0,
            scale: Some(400.0),
            epochs: 40,
            batch: 4,
            lr: 5.0,
            l2: 0.0,
            threads: 2,
            keep_mates: true,
            keep_loud: true,
            freeze_threats: false,
            freeze_weak: false,
            freeze_tempo: false,
            pattern_offsets: false,
            calm: false,
            choice,
            temp: Some(100.0),
        }
    }

    /// [`LINE_GAME`](crate::train::order::LINE_GAME), position by position.
    fn line_game() -> Vec<Record> {
        let cells: Vec<u16> = crate::train::order::LINE_GAME
            .iter()
            .map(|&(x, y)| (y * 15 + x) as u16)
            .collect();
        (1..=cells.len())
            .map(|n| Record::freestyle15(cells[..n].to_vec()))
            .collect()
    }

    /// The candidate cells of `board` (15 wide) as cell numbers, `played` first.
    fn played_first(board: &Board, played: u16) -> Vec<u16> {
        let mut cells = vec![played];
        cells.extend(
            board
                .candidates()
                .map(|p| (p.y() * 15 + p.x()) as u16)
                .filter(|&c| c != played),
        );
        cells
    }

    /// Each candidate's stored value is the mover's value of the child, `−eval(child)` with the
    /// opponent to move, up to the constant the candidates share: checked against the fit's
    /// from-scratch evaluation of the child positions.
    #[test]
    fn candidate_values_are_the_movers_value_of_the_child() {
        let records = line_game();
        let choices = extract(&records, &config(1.0), &ChoiceConfig::default());
        assert_eq!(choices.len(), records.len() - 1);
        let w = weights::embedded();
        let flat = flatten(w);
        for (g, r) in records[..records.len() - 1].iter().enumerate() {
            let board = r.board().expect("board");
            let played = *records[g + 1].stones.last().expect("move");
            let cells = played_first(&board, played);
            let first = choices.group[g];
            assert_eq!(choices.group[g + 1] - first, cells.len());
            let child = |c: u16| {
                let mut stones = r.stones.clone();
                stones.push(c);
                -eval_of(&Record::freestyle15(stones), w).expect("eval")
            };
            for (j, &c) in cells.iter().enumerate() {
                let stored = choices.value(first + j, &flat) - choices.value(first, &flat);
                assert_eq!(stored, child(c) - child(played), "position {g}, cell {c}");
            }
        }
    }

    /// With `reply`, each candidate's stored value is the mover's value of its leaf ([`leaf`]):
    /// `+eval` with the mover to move there, `−eval` with the opponent to move, up to the
    /// constant the candidates share; checked against the fit's from-scratch evaluation.
    #[test]
    fn reply_values_are_the_movers_value_of_the_leaf() {
        let records = line_game();
        let mut cfg = config(1.0);
        cfg.calm = true;
        let choice = ChoiceConfig {
            reply: true,
            ..ChoiceConfig::default()
        };
        let choices = extract(&records, &cfg, &choice);
        let w = weights::embedded();
        let flat = flatten(w);
        let mut g = 0;
        for (r, next) in records.iter().zip(&records[1..]) {
            let board = r.board().expect("board");
            if !is_calm(&board) {
                continue;
            }
            let played = *next.stones.last().expect("move");
            let to_pos = |c: u16| Pos::new(c as usize % 15, c as usize / 15);
            let cells = played_first(&board, played);
            let leaf_value = |c: u16| {
                let mut b = board.clone();
                b.make(to_pos(c), r.side);
                let mut line = Vec::new();
                leaf(&mut b, r.side, &mut line);
                let mut stones = r.stones.clone();
                stones.push(c);
                stones.extend(line.iter().map(|p| (p.y() * 15 + p.x()) as u16));
                let v = eval_of(&Record::freestyle15(stones), w).expect("eval");
                if line.len() % 2 == 0 {
                    -v
                } else {
                    v
                }
            };
            let first = choices.group[g];
            assert_eq!(choices.group[g + 1] - first, cells.len());
            for (j, &c) in cells.iter().enumerate() {
                let stored = choices.value(first + j, &flat) - choices.value(first, &flat);
                assert_eq!(stored, leaf_value(c) - leaf_value(played), "cell {c}");
            }
            g += 1;
        }
        assert!(g > 0);
        assert_eq!(choices.len(), g);
    }

    /// A four is valued after its forced block, and a reply that makes a four after the
    /// mover's block of it.
    #[test]
    fn the_leaf_answers_fours() {
        let grid = Grid::from_ascii(
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . O X X X . . . . .
            . . . . . . . . . . .
            . . . . O O . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            ",
        )
        .expect("grid");
        // Black (X) plays (6, 2) next to its three, which White blocks at (2, 2): a four whose
        // only five is (7, 2).
        let mut board = Board::from_grid(&grid, Rule::Freestyle);
        let mut line = Vec::new();
        board.make(Pos::new(6, 2), Color::Black);
        leaf(&mut board, Color::Black, &mut line);
        assert_eq!(line, vec![Pos::new(7, 2)]);
        // White extends its three, which Black blocks at (3, 4), by (7, 4): a four whose only
        // five is (8, 4), where Black must answer.
        let grid = Grid::from_ascii(
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . X O O O . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            ",
        )
        .expect("grid");
        let mut board = Board::from_grid(&grid, Rule::Freestyle);
        board.make(Pos::new(7, 4), Color::White);
        let (_, block) = answer(&mut board, Color::Black);
        assert_eq!(block, Some(Pos::new(8, 4)));
    }

    /// With `quiet`, a position whose played move makes an open three or a four is left out,
    /// and so is every candidate cell that would.
    #[test]
    fn quiet_choices_leave_out_threats() {
        let records = line_game();
        let choices = extract(
            &records,
            &config(1.0),
            &ChoiceConfig {
                quiet: true,
                ..ChoiceConfig::default()
            },
        );
        let mut g = 0;
        for (r, next) in records.iter().zip(&records[1..]) {
            let board = r.board().expect("board");
            let threat = |p: Pos| board.raw_class(p, r.side) >= Class::Flex3;
            let last = *next.stones.last().expect("move") as usize;
            if threat(Pos::new(last % 15, last / 15)) {
                continue;
            }
            let quiet = board.candidates().filter(|&p| !threat(p)).count();
            assert_eq!(choices.group[g + 1] - choices.group[g], quiet);
            g += 1;
        }
        assert!(0 < g && g < records.len() - 1, "{g} positions");
        assert_eq!(choices.len(), g);
    }

    /// A fit with the choices of a game whose moves always extend the mover's own line makes
    /// those moves likelier than the starting weights do.
    #[test]
    fn the_choice_fit_learns_the_played_cells() {
        let records = line_game();
        let cfg = config(1.0);
        let choices = extract(&records, &cfg, &ChoiceConfig::default());
        let samples = crate::train::fit::extract(&records, &cfg);
        let fitted = fit(
            &samples,
            Some(&choices),
            weights::embedded(),
            &cfg,
            &mut |_| {},
        )
        .expect("fit");
        let (first, last) = (&fitted.epochs[0], fitted.epochs.last().expect("epochs"));
        let (before, after) = (
            first.choice.expect("choices")[0],
            last.choice.expect("choices")[0],
        );
        assert!(after < 0.5 * before, "{before} -> {after}");
        assert_eq!(fitted.temp, Some(100.0));
    }
}

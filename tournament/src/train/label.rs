//! `rensa-train label`: new search scores for the positions of existing data files.
//!
//! Self-play at a few thousand nodes per move gives many varied positions quickly, but its
//! scores are those of shallow searches. `label` searches a chosen share of those positions
//! again with a larger node budget and writes them, with the new score and its proof flag and
//! the game's result unchanged, to a new data file ([`crate::train::dataset`]), in input order.
//! Every search starts from a cleared transposition table and history, so a label depends only
//! on the position, the node budget and the build. The work goes in chunks; each finished chunk
//! is written and flushed, so a run that is stopped keeps what it labelled, and `-resume`
//! carries on after the records its output already holds. A shard (`-shard I/N`) labels the
//! `I`-th of `N` consecutive blocks of the positions the whole run labels: its output is that
//! part of the run's, and the shards' outputs one after the other are the run's.

use std::io::BufWriter;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result};
use rensa::board::{Class, Pos};
use rensa::search::{self, Job, Limits, Threads, Tt};

use crate::common::opening::SplitMix;
use crate::common::shard::Shard;
use crate::train::dataset::{self, stored_move, stored_score, Record, Writer, FLAG_MATE};
use crate::train::fit::is_calm;
use crate::train::init::Init;

/// Positions searched between two writes of the output.
const CHUNK: usize = 256;

/// What to label.
#[derive(Clone, Debug)]
pub struct LabelConfig {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    /// Nodes per search.
    pub nodes: u64,
    /// Label one position in this many (the first of each run of `every`).
    pub every: usize,
    /// Leave out positions with fewer stones.
    pub min_stones: usize,
    /// Also label positions with a proven score / that are not quiet.
    pub keep_mates: bool,
    pub keep_loud: bool,
    /// Only calm positions ([`crate::train::fit::is_calm`]).
    pub calm: bool,
    /// When above 0: only positions fewer than `tail` plies before their game's last record
    /// ([`plies_to_end`]).
    pub tail: usize,
    /// When above 0: each chosen position is replaced by the position 1 to `perturb` random
    /// moves further on ([`perturbed`]).
    pub perturb: usize,
    /// Stop once the output holds this many records (a shard: once the run's would).
    pub positions: u64,
    /// The part of the run this one labels ([`Shard::ALL`]: all of it).
    pub shard: Shard,
    /// Keep the output's complete records and carry on after them.
    pub resume: bool,
    pub concurrency: usize,
    /// Transposition table per thread, bytes.
    pub tt_bytes: usize,
    /// The weights the searches evaluate with (the teacher's evaluation), installed by the
    /// command before the run.
    pub weights: Init,
}

/// Totals of a run.
#[derive(Clone, Debug, Default)]
pub struct LabelReport {
    /// Positions chosen from the input, and how many of them the output held before the run.
    pub chosen: usize,
    pub resumed: usize,
    /// Positions searched in this run, of them proven wins or losses.
    pub labelled: u64,
    pub mates: u64,
    /// Mean absolute change of the score over the labelled positions that were not proven
    /// before or after (evaluation units).
    pub mean_change: f64,
    pub seconds: f64,
}

/// Whether `r` is one of the positions `cfg` labels (apart from the one-in-`every` choice).
pub fn eligible(cfg: &LabelConfig, r: &Record) -> bool {
    r.stones.len() >= cfg.min_stones
        && r.trained(cfg.keep_mates, cfg.keep_loud)
        && (!cfg.calm || r.board().is_some_and(|b| is_calm(&b)))
}

/// For each record, how many records of its game follow it: 0 for a game's last one. A record
/// continues the game of the record before it when it is that game one ply on
/// ([`crate::train::order::played_move`]), as `generate` writes a game.
pub fn plies_to_end(records: &[Record]) -> Vec<usize> {
    let mut to_end = vec![0; records.len()];
    for i in (0..records.len().saturating_sub(1)).rev() {
        if crate::train::order::played_move(&records[i], &records[i + 1]).is_some() {
            to_end[i] = to_end[i + 1] + 1;
        }
    }
    to_end
}

/// The positions of `records` that `cfg` labels, in order.
pub fn choose(cfg: &LabelConfig, records: Vec<Record>) -> Vec<Record> {
    let to_end = plies_to_end(&records);
    records
        .into_iter()
        .zip(to_end)
        .filter(|(r, to_end)| (cfg.tail == 0 || *to_end < cfg.tail) && eligible(cfg, r))
        .map(|(r, _)| r)
        .enumerate()
        .filter(|(i, _)| i % cfg.every.max(1) == 0)
        .filter_map(|(i, r)| match cfg.perturb {
            0 => Some(r),
            k => perturbed(&r, k, i as u64),
        })
        .collect()
}

/// The position `r` after 1 to `max_moves` random moves (how many and which drawn from
/// `index`): each on a cell near the stones, chosen uniformly, legal and not making five. The
/// search meets such positions (after a move it would not play) far more often than the games
/// show them. (A fit with them added has not gained yet: see the README.) `None` if a move would make five or a renju foul, or if
/// the position reached is not calm ([`is_calm`]). The game's result does not carry over: the
/// record's result is 0 (a draw), its score 0 until labelled.
pub fn perturbed(r: &Record, max_moves: usize, index: u64) -> Option<Record> {
    let mut board = r.board()?;
    let mut rng = SplitMix(index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let moves = 1 + rng.below(max_moves as u64) as usize;
    let (w, mut side, mut stones) = (r.width as usize, r.side, r.stones.clone());
    for _ in 0..moves {
        let cells: Vec<Pos> = board.candidates().collect();
        if cells.is_empty() {
            return None;
        }
        let p = cells[rng.below(cells.len() as u64) as usize];
        if matches!(board.class(p, side), Class::Five | Class::Forbid) {
            return None;
        }
        board.make(p, side);
        stones.push((p.y() * w + p.x()) as u16);
        side = side.opp();
    }
    is_calm(&board).then(|| Record {
        side,
        result: 0,
        flags: 0,
        score: 0,
        best: None,
        stones,
        ..r.clone()
    })
}

/// `r` searched again with `nodes` nodes on a cleared table: the new score, proof flag and
/// best move.
pub fn relabel(r: &Record, nodes: u64, tt: &mut Tt, threads: &mut Threads) -> Option<Record> {
    let board = r.board()?;
    tt.clear();
    let job = Job::new(&board, r.side, Limits::nodes(nodes), tt);
    let found = search::think(&job, threads, &mut |_| {});
    let (score, mate) = stored_score(found.score);
    Some(Record {
        score,
        best: stored_move(found.best, r.width as usize),
        flags: (r.flags & !FLAG_MATE) | if mate { FLAG_MATE } else { 0 },
        ..r.clone()
    })
}

/// Runs the labelling; `progress` gets a line every `progress_s` seconds.
pub fn run(
    cfg: &LabelConfig,
    progress_s: u64,
    progress: &mut dyn FnMut(&str),
) -> Result<LabelReport> {
    let mut input = Vec::new();
    for p in &cfg.data {
        let (recs, _cut) = dataset::read(p).map_err(|e| anyhow::anyhow!(e))?;
        input.extend(recs);
    }
    let mut chosen = choose(cfg, input);
    if !cfg.shard.is_all() {
        let end = chosen
            .len()
            .min(cfg.positions.min(usize::MAX as u64) as usize);
        chosen = chosen.drain(cfg.shard.block(end)).collect();
    }
    let kept = if cfg.resume && cfg.out.exists() {
        dataset::read(&cfg.out).map_err(|e| anyhow::anyhow!(e))?.0
    } else {
        Vec::new()
    };
    // The records of an interrupted run must be a prefix of what this run would write.
    if let Some(i) = kept
        .iter()
        .zip(&chosen)
        .position(|(k, c)| k.stones != c.stones || k.side != c.side)
    {
        anyhow::bail!(
            "{}: record {i} is not the position this run chooses there (other data or options?)",
            cfg.out.display()
        );
    }
    let file = std::fs::File::create(&cfg.out)
        .with_context(|| format!("creating {}", cfg.out.display()))?;
    let mut writer = Writer::new(BufWriter::new(file))?;
    for r in &kept {
        writer.write(r)?;
    }
    writer.flush()?;
    let mut report = LabelReport {
        chosen: chosen.len(),
        resumed: kept.len(),
        ..LabelReport::default()
    };
    let end = chosen
        .len()
        .min(cfg.positions.min(usize::MAX as u64) as usize);
    let start = Instant::now();
    let mut last_print = 0;
    let mut change_sum = 0f64;
    let mut change_n = 0u64;
    let workers: Vec<Mutex<(Tt, Threads)>> = (0..cfg.concurrency.max(1))
        .map(|_| Mutex::new((Tt::new(cfg.tt_bytes), Threads::new())))
        .collect();
    let mut at = kept.len().min(end);
    while at < end {
        let todo = &chosen[at..(at + CHUNK).min(end)];
        let next = AtomicUsize::new(0);
        let slots: Vec<Mutex<Option<Record>>> = todo.iter().map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for w in &workers {
                scope.spawn(|| {
                    let mut guard = w.lock().unwrap_or_else(|e| e.into_inner());
                    let (tt, threads) = &mut *guard;
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some(r) = todo.get(i) else { return };
                        let new = relabel(r, cfg.nodes, tt, threads);
                        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = new;
                    }
                });
            }
        });
        for (old, slot) in todo.iter().zip(slots) {
            // A record whose stones do not fit its board is left out.
            let Some(new) = slot.into_inner().unwrap_or_else(|e| e.into_inner()) else {
                continue;
            };
            writer.write(&new)?;
            report.labelled += 1;
            if new.flags & FLAG_MATE != 0 {
                report.mates += 1;
            } else if old.flags & FLAG_MATE == 0 {
                change_sum += (new.score as f64 - old.score as f64).abs();
                change_n += 1;
            }
        }
        writer.flush()?;
        at += todo.len();
        let secs = start.elapsed().as_secs();
        if progress_s > 0 && secs / progress_s > last_print {
            last_print = secs / progress_s;
            progress(&format!(
                "{:>6} s  labelled {:>8} of {}  {:>6.1} positions/s",
                secs,
                at,
                end,
                report.labelled as f64 / start.elapsed().as_secs_f64().max(1e-3)
            ));
        }
    }
    report.mean_change = change_sum / change_n.max(1) as f64;
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rensa::types::{Color, Rule};

    fn config(out: PathBuf) -> LabelConfig {
        LabelConfig {
            data: Vec::new(),
            out,
            nodes: 2000,
            every: 2,
            min_stones: 2,
            keep_mates: false,
            keep_loud: false,
            calm: false,
            tail: 0,
            perturb: 0,
            positions: u64::MAX,
            shard: Shard::ALL,
            resume: false,
            concurrency: 2,
            tt_bytes: 1 << 20,
            weights: Init::Embedded,
        }
    }

    /// A short game on 15×15: h8 i9 j8 ... as cell indices.
    fn game() -> Vec<Record> {
        let moves = [
            (7, 7),
            (8, 8),
            (9, 7),
            (8, 6),
            (8, 7),
            (6, 7),
            (10, 7),
            (11, 7),
            (7, 8),
        ];
        let cells: Vec<u16> = moves.iter().map(|&(x, y)| (y * 15 + x) as u16).collect();
        (0..=cells.len())
            .map(|n| {
                let mut r = Record::freestyle15(cells[..n].to_vec());
                r.result = if n % 2 == 0 { 1 } else { -1 };
                r.score = 5;
                r
            })
            .collect()
    }

    #[test]
    fn chooses_one_in_every_of_the_eligible_positions() {
        let mut recs = game();
        recs[4].flags = FLAG_MATE;
        let cfg = config(PathBuf::new());
        let chosen: Vec<usize> = choose(&cfg, recs).iter().map(|r| r.stones.len()).collect();
        // Stones 2, 3, 5, 6, 7, 8, 9 are eligible (4 is proven); every second one is chosen.
        assert_eq!(chosen, vec![2, 5, 7, 9]);
        // Only calm positions: Black's open three (5 stones) and four (7 stones) are left out.
        let mut calm = config(PathBuf::new());
        calm.calm = true;
        calm.every = 1;
        let chosen: Vec<usize> = choose(&calm, game())
            .iter()
            .map(|r| r.stones.len())
            .collect();
        assert_eq!(chosen, vec![2, 3, 4, 6, 8, 9]);
    }

    /// `-tail`: only each game's last positions, with the games told apart by their stones.
    #[test]
    fn tail_keeps_the_last_positions_of_each_game() {
        // Two games one after the other: the second starts again from the empty board.
        let (first, second) = (game(), game()[..5].to_vec());
        let recs: Vec<Record> = first.into_iter().chain(second).collect();
        let to_end = plies_to_end(&recs);
        assert_eq!(to_end[..10], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(to_end[10..], [4, 3, 2, 1, 0]);
        let mut cfg = config(PathBuf::new());
        cfg.every = 1;
        cfg.tail = 3;
        let chosen: Vec<usize> = choose(&cfg, recs).iter().map(|r| r.stones.len()).collect();
        assert_eq!(chosen, vec![7, 8, 9, 2, 3, 4]);
    }

    /// `-perturb`: each chosen position becomes one 1 to K legal moves further on, calm, with
    /// the side to move that follows, no result; the same every time.
    #[test]
    fn perturbed_positions_extend_the_game_by_random_moves() {
        let mut cfg = config(PathBuf::new());
        cfg.calm = true;
        cfg.every = 1;
        cfg.perturb = 3;
        let chosen = choose(&cfg, game());
        assert!(!chosen.is_empty());
        assert_eq!(chosen, choose(&cfg, game()));
        for r in &chosen {
            let base = game()
                .into_iter()
                .filter(|g| r.stones.starts_with(&g.stones) && g.stones.len() < r.stones.len())
                .map(|g| g.stones.len())
                .max()
                .expect("a game position it extends");
            let n = r.stones.len() - base;
            assert!((1..=3).contains(&n), "{n} moves");
            let board = r.board().expect("legal stones");
            assert!(is_calm(&board));
            let side = if r.stones.len() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!((r.side, r.result, r.score), (side, 0, 0));
        }
        let chosen_many: usize = (0..50u64)
            .filter_map(|i| perturbed(&game()[6], 3, i))
            .map(|r| r.stones.len() - 6)
            .filter(|&n| n > 1)
            .count();
        assert!(chosen_many > 0, "never more than one move");
    }

    #[test]
    fn labels_keep_the_positions_and_results_and_resume_where_they_stopped() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("in.bin");
        let mut w = Writer::new(std::fs::File::create(&data).unwrap()).unwrap();
        for r in game() {
            w.write(&r).unwrap();
        }
        w.flush().unwrap();
        let mut cfg = config(dir.path().join("out.bin"));
        cfg.data = vec![data];
        cfg.positions = 2;
        let first = run(&cfg, 0, &mut |_| {}).unwrap();
        assert_eq!((first.chosen, first.resumed, first.labelled), (4, 0, 2));
        cfg.positions = u64::MAX;
        cfg.resume = true;
        let second = run(&cfg, 0, &mut |_| {}).unwrap();
        assert_eq!((second.resumed, second.labelled), (2, 2));
        let (out, cut) = dataset::read(&cfg.out).unwrap();
        assert_eq!(cut, 0);
        let expect = choose(&cfg, game());
        assert_eq!(out.len(), expect.len());
        // Resuming with other options would mix two choices of positions: refused, and the
        // output is left as it was.
        cfg.every = 3;
        assert!(run(&cfg, 0, &mut |_| {}).is_err());
        assert_eq!(dataset::read(&cfg.out).unwrap().0, out);
        // Two shards label the two halves: one after the other, the whole run's output.
        cfg.every = 2;
        cfg.resume = false;
        let mut halves = Vec::new();
        for index in 0..2 {
            cfg.shard = Shard { index, count: 2 };
            cfg.out = dir.path().join(format!("half{index}.bin"));
            run(&cfg, 0, &mut |_| {}).unwrap();
            halves.extend(dataset::read(&cfg.out).unwrap().0);
        }
        assert_eq!(halves, out);
        let (mut tt, mut threads) = (Tt::new(1 << 20), Threads::new());
        for (o, e) in out.iter().zip(&expect) {
            assert_eq!(
                (o.rule, &o.stones, o.side, o.result),
                (Rule::Freestyle, &e.stones, e.side, e.result)
            );
            // The same search again gives the same label: it depends on nothing else.
            assert_eq!(
                relabel(e, cfg.nodes, &mut tt, &mut threads).as_ref(),
                Some(o)
            );
        }
    }
}

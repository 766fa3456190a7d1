//! `stats`: what a data file holds, so that two generations' data can be compared before any
//! fit: its positions and games, the share of proven scores and of positions that are not
//! quiet, the results for the side to move, and how the positions and the size of their
//! (unproven) scores spread over the number of stones on the board.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Result;

use crate::train::dataset::{self, Record, FLAG_MATE, FLAG_NOT_QUIET};

/// Stones per band of the spread; the last band holds every larger count too.
pub const BAND_STONES: usize = 8;
/// Number of bands: 0–7, 8–15, …, 48 and more.
pub const BANDS: usize = 7;

/// The summary of a set of records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub positions: usize,
    /// Records that do not continue the game of the record before (see [`continues`]).
    pub games: usize,
    pub proven: usize,
    pub not_quiet: usize,
    /// Results for the side to move: wins, draws, losses.
    pub results: [usize; 3],
    /// The median number of stones.
    pub median_stones: usize,
    /// Positions per band of stones.
    pub band_positions: [usize; BANDS],
    /// The median size of the unproven scores per band (0 when the band has none).
    pub band_median_score: [u32; BANDS],
}

/// Whether `next` is a later position of `prev`'s game: more stones, `prev`'s first. A data
/// file holds each game's records in ply order (one in K of them after `label -every K`).
pub fn continues(prev: &Record, next: &Record) -> bool {
    next.stones.len() > prev.stones.len() && next.stones.starts_with(&prev.stones)
}

/// The lower median of `v` (sorted in place); 0 when empty.
fn median<T: Ord + Copy + Default>(v: &mut [T]) -> T {
    if v.is_empty() {
        return T::default();
    }
    v.sort_unstable();
    v[(v.len() - 1) / 2]
}

/// The summary of `records`, taken in their order (which tells the games apart).
pub fn summarise(records: &[Record]) -> Summary {
    let mut s = Summary {
        positions: records.len(),
        ..Summary::default()
    };
    let mut stones = Vec::with_capacity(records.len());
    let mut scores: [Vec<u32>; BANDS] = Default::default();
    let mut prev: Option<&Record> = None;
    for r in records {
        if !prev.is_some_and(|p| continues(p, r)) {
            s.games += 1;
        }
        prev = Some(r);
        s.proven += usize::from(r.flags & FLAG_MATE != 0);
        s.not_quiet += usize::from(r.flags & FLAG_NOT_QUIET != 0);
        s.results[match r.result.signum() {
            1 => 0,
            0 => 1,
            _ => 2,
        }] += 1;
        stones.push(r.stones.len());
        let band = (r.stones.len() / BAND_STONES).min(BANDS - 1);
        s.band_positions[band] += 1;
        if r.flags & FLAG_MATE == 0 {
            scores[band].push(r.score.unsigned_abs() as u32);
        }
    }
    s.median_stones = median(&mut stones);
    for (m, v) in s.band_median_score.iter_mut().zip(scores.iter_mut()) {
        *m = median(v);
    }
    s
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The summary as text: a line of totals, then the bands.
pub fn render(name: &str, s: &Summary) -> String {
    let mut out = format!(
        "{name}: {} positions of {} games; proven {:.1} %, not quiet {:.1} %; \
         side to move won {:.1} %, drew {:.1} %, lost {:.1} %; median stones {}\n",
        s.positions,
        s.games,
        percent(s.proven, s.positions),
        percent(s.not_quiet, s.positions),
        percent(s.results[0], s.positions),
        percent(s.results[1], s.positions),
        percent(s.results[2], s.positions),
        s.median_stones,
    );
    let mut head = String::from("  stones        ");
    let mut count = String::from("  positions     ");
    let mut score = String::from("  median |score|");
    for b in 0..BANDS {
        let label = if b + 1 == BANDS {
            format!("{}+", b * BAND_STONES)
        } else {
            format!("{}-{}", b * BAND_STONES, (b + 1) * BAND_STONES - 1)
        };
        let _ = write!(head, " {label:>7}");
        let _ = write!(count, " {:>7}", s.band_positions[b]);
        let _ = write!(score, " {:>7}", s.band_median_score[b]);
    }
    out.push_str(&[head, count, score].join("\n"));
    out.push('\n');
    out
}

/// `rensa-train stats`: the summary of each file and, for several, of all of them.
pub fn run(data: &[PathBuf]) -> Result<String> {
    let mut out = String::new();
    let mut all = Vec::new();
    for path in data {
        let (records, cut) = dataset::read(path).map_err(anyhow::Error::msg)?;
        let mut name = path.display().to_string();
        if cut > 0 {
            name += &format!(" (its last record cut short: {cut} bytes left out)");
        }
        out.push_str(&render(&name, &summarise(&records)));
        all.extend(records);
    }
    if data.len() > 1 {
        out.push_str(&render("all", &summarise(&all)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of the first `n` stones of a game along row 1 and 2 (Black a1, White a2, …).
    fn ply(n: usize, score: i16, flags: u8, result: i8) -> Record {
        let stones = (0..n).map(|i| ((i % 2) * 15 + i / 2) as u16).collect();
        Record {
            score,
            flags,
            result,
            ..Record::freestyle15(stones)
        }
    }

    #[test]
    fn games_are_told_apart_by_their_stones() {
        let other = Record::freestyle15(vec![112, 113, 114]);
        let records = [ply(3, 10, 0, 0), ply(6, 20, 0, 0), other, ply(9, 5, 0, 0)];
        // The third record is another game; the fourth does not continue it.
        assert_eq!(summarise(&records).games, 3);
        assert!(continues(&records[0], &records[1]));
        assert!(!continues(&records[1], &records[0]), "fewer stones");
    }

    #[test]
    fn shares_results_and_bands() {
        let records = [
            ply(6, -100, 0, 1),
            ply(7, 300, 0, -1),
            ply(12, 32000, FLAG_MATE, 1),
            ply(13, -50, FLAG_NOT_QUIET, -1),
            ply(60, 7, 0, 0),
        ];
        let s = summarise(&records);
        assert_eq!((s.positions, s.games, s.proven, s.not_quiet), (5, 1, 1, 1));
        assert_eq!(s.results, [2, 1, 2]);
        assert_eq!(s.median_stones, 12);
        assert_eq!(s.band_positions, [2, 2, 0, 0, 0, 0, 1]);
        // The proven score is left out of its band's median: 50 alone remains there.
        assert_eq!(s.band_median_score, [100, 50, 0, 0, 0, 0, 7]);
        let text = render("f.bin", &s);
        assert!(text.starts_with("f.bin: 5 positions of 1 games; proven 20.0 %"));
        assert!(text.contains("48+"), "{text}");
    }

    #[test]
    fn files_are_read_and_summed() {
        let dir = tempfile::tempdir().unwrap();
        let paths = [dir.path().join("a.bin"), dir.path().join("b.bin")];
        for (path, n) in paths.iter().zip([9, 5]) {
            let mut w = dataset::Writer::new(std::fs::File::create(path).unwrap()).unwrap();
            w.write(&ply(n, 1, 0, 0)).unwrap();
            w.flush().unwrap();
        }
        let mut cut = std::fs::read(&paths[1]).unwrap();
        cut.push(0);
        std::fs::write(&paths[1], cut).unwrap();
        let text = run(&paths).unwrap();
        assert!(text.contains("a.bin: 1 positions"), "{text}");
        assert!(
            text.contains("b.bin (its last record cut short: 1 bytes left out)"),
            "{text}"
        );
        assert!(text.contains("all: 2 positions of 2 games"), "{text}");
        assert!(run(&[dir.path().join("missing.bin")]).is_err());
    }
}

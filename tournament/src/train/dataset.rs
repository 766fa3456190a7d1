//! Training positions on disk: what `rensa-train generate` writes and `rensa-train fit` reads.
//!
//! # Format (all integers little-endian)
//!
//! A file is the 8-byte header `RNSD` + version `u32` (`2`; version 1, without the best move, is
//! still read), then records back to back:
//!
//! | bytes | field |
//! |---|---|
//! | 1 | rule, its Gomocup code (0, 1, 4, 8, 9) |
//! | 1 | board width |
//! | 1 | board height |
//! | 1 | side to move: 0 Black, 1 White |
//! | 1 | game result for the side to move: 1 win, 0 draw, −1 loss (`i8`) |
//! | 1 | flags: bit 0 the score is a proven win or loss, bit 1 the position is not quiet (a five or a win in three is on the board for someone) |
//! | 2 | the search's score for the side to move (`i16`, proven results clamped to ±32000) |
//! | 2 | the search's best move, `y · width + x` (`u16`; `0xFFFF` none) |
//! | 2 | number of stones `n` (`u16`) |
//! | 2n | the stones in move order, Black first and alternating, each `y · width + x` (`u16`) |
//!
//! Records of one game follow each other in ply order. Files can be concatenated after their
//! headers are stripped (`rensa-train merge` does it, refusing files of another version), or
//! simply listed together to `fit`.

use std::io::{Read, Write};

use rensa::board::{Board, Pos};
use rensa::search::MATE_BOUND;
use rensa::types::{Color, Rule, MAX_SIZE, MIN_SIZE};

const MAGIC: &[u8; 4] = b"RNSD";
const VERSION: u32 = 2;
/// The version before the best move, still read.
const VERSION_1: u32 = 1;
/// The stored best move of a record without one.
const NO_MOVE: u16 = u16::MAX;

/// Flag: the score is a proven win or loss.
pub const FLAG_MATE: u8 = 1;
/// Flag: someone can make five, or the side to move wins in three.
pub const FLAG_NOT_QUIET: u8 = 2;

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rule: Rule,
    pub width: u8,
    pub height: u8,
    pub side: Color,
    /// For the side to move: 1 win, 0 draw, −1 loss.
    pub result: i8,
    pub flags: u8,
    pub score: i16,
    /// The move the search that scored the position chose, `y · width + x`.
    pub best: Option<u16>,
    /// Cell indices `y · width + x`, Black first and alternating.
    pub stones: Vec<u16>,
}

impl Record {
    /// Whether `fit` trains on the record (and `label` labels it): positions with a proven
    /// score only if `keep_mates`, positions that are not quiet only if `keep_loud`.
    pub fn trained(&self, keep_mates: bool, keep_loud: bool) -> bool {
        (keep_mates || self.flags & FLAG_MATE == 0)
            && (keep_loud || self.flags & FLAG_NOT_QUIET == 0)
    }

    /// A 15×15 freestyle position of `stones` (cell indices, Black first) with the side to move
    /// they imply, no result, score or flags: the positions tests are made of.
    pub fn freestyle15(stones: Vec<u16>) -> Record {
        Record {
            rule: Rule::Freestyle,
            width: 15,
            height: 15,
            side: if stones.len().is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            },
            result: 0,
            flags: 0,
            score: 0,
            best: None,
            stones,
        }
    }

    /// The board of the record (with the weights in use), or `None` if a stone is off the
    /// board or on an occupied cell.
    pub fn board(&self) -> Option<Board> {
        let (w, h) = (self.width as usize, self.height as usize);
        if !(MIN_SIZE..=MAX_SIZE).contains(&w) || !(MIN_SIZE..=MAX_SIZE).contains(&h) {
            return None;
        }
        let mut b = Board::new(w, h, self.rule);
        let mut color = Color::Black;
        for &s in &self.stones {
            let (x, y) = (s as usize % w, s as usize / w);
            if y >= h {
                return None;
            }
            let p = Pos::new(x, y);
            if !b.is_empty(p) {
                return None;
            }
            b.make(p, color);
            color = color.opp();
        }
        Some(b)
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&[
            self.rule.code() as u8,
            self.width,
            self.height,
            self.side as u8,
            self.result as u8,
            self.flags,
        ]);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.extend_from_slice(&self.best.unwrap_or(NO_MOVE).to_le_bytes());
        out.extend_from_slice(&(self.stones.len() as u16).to_le_bytes());
        for s in &self.stones {
            out.extend_from_slice(&s.to_le_bytes());
        }
    }
}

/// A search's move as a record stores it (`y · width + x`), `None` for no move.
pub fn stored_move(p: Pos, width: usize) -> Option<u16> {
    (!p.is_none()).then(|| (p.y() * width + p.x()) as u16)
}

/// A search score as a record stores it: clamped to the `i16` field (proven results to
/// ±32000), and whether it is a proven win or loss ([`FLAG_MATE`]).
pub fn stored_score(score: i32) -> (i16, bool) {
    (score.clamp(-32000, 32000) as i16, score.abs() >= MATE_BOUND)
}

/// Writes a data file: the header, then [`Writer::write`] for each record.
pub struct Writer<W: Write> {
    out: W,
    buf: Vec<u8>,
    pub records: u64,
}

impl<W: Write> Writer<W> {
    pub fn new(mut out: W) -> std::io::Result<Writer<W>> {
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        Ok(Writer {
            out,
            buf: Vec::new(),
            records: 0,
        })
    }

    pub fn write(&mut self, r: &Record) -> std::io::Result<()> {
        self.buf.clear();
        r.write(&mut self.buf);
        self.records += 1;
        self.out.write_all(&self.buf)
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Reads every record of a data file image; says where a bad one starts. A last record cut
/// short (a generator stopped mid-write) is an error too: see [`parse_complete`].
pub fn parse(bytes: &[u8]) -> Result<Vec<Record>, String> {
    match parse_complete(bytes)? {
        (records, 0) => Ok(records),
        (_, n) => Err(format!("the last record is truncated ({n} bytes)")),
    }
}

/// Reads the complete records of a data file image and the number of bytes of a last record
/// cut short; any other damage is an error.
pub fn parse_complete(bytes: &[u8]) -> Result<(Vec<Record>, usize), String> {
    if bytes.len() < 8 || &bytes[..4] != MAGIC {
        return Err("not a Rensa data file (bad magic)".to_string());
    }
    let version = u32::from_le_bytes(bytes[4..8].try_into().expect("4"));
    if version != VERSION && version != VERSION_1 {
        return Err(format!(
            "version {version}, expected {VERSION} or {VERSION_1}"
        ));
    }
    // The fixed part of a record: version 1 has no best move.
    let fixed = if version == VERSION { 12 } else { 10 };
    let mut out = Vec::new();
    let mut at = 8;
    while at < bytes.len() {
        let bad = |what: &str| format!("record at byte {at}: {what}");
        let Some(head) = bytes.get(at..at + fixed) else {
            return Ok((out, bytes.len() - at));
        };
        let rule = Rule::ALL
            .into_iter()
            .find(|r| r.code() == head[0] as u32)
            .ok_or_else(|| bad("unknown rule"))?;
        let side = match head[3] {
            0 => Color::Black,
            1 => Color::White,
            _ => return Err(bad("bad side to move")),
        };
        let n = u16::from_le_bytes([head[fixed - 2], head[fixed - 1]]) as usize;
        let best = (fixed == 12)
            .then(|| u16::from_le_bytes([head[8], head[9]]))
            .filter(|&b| b != NO_MOVE);
        let Some(body) = bytes.get(at + fixed..at + fixed + 2 * n) else {
            return Ok((out, bytes.len() - at));
        };
        out.push(Record {
            rule,
            width: head[1],
            height: head[2],
            side,
            result: (head[4] as i8).clamp(-1, 1),
            flags: head[5],
            score: i16::from_le_bytes([head[6], head[7]]),
            best,
            stones: body
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        });
        at += fixed + 2 * n;
    }
    Ok((out, 0))
}

/// The records of several data files, in order (a last record cut short left out of each).
pub fn read_files(paths: &[std::path::PathBuf]) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for path in paths {
        records.extend(read(path)?.0);
    }
    Ok(records)
}

/// Reads a data file; a last record cut short is left out, and the number of its bytes
/// returned.
pub fn read(path: &std::path::Path) -> Result<(Vec<Record>, usize), String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    parse_complete(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let recs = vec![
            Record {
                rule: Rule::Renju,
                width: 15,
                height: 15,
                side: Color::White,
                result: -1,
                flags: FLAG_MATE,
                score: -32000,
                best: Some(113),
                stones: vec![112],
            },
            Record {
                rule: Rule::Caro,
                width: 20,
                height: 12,
                side: Color::Black,
                result: 0,
                flags: 0,
                score: 17,
                best: None,
                stones: vec![],
            },
        ];
        let mut w = Writer::new(Vec::new()).unwrap();
        for r in &recs {
            w.write(r).unwrap();
        }
        let bytes = w.out;
        assert_eq!(parse(&bytes).unwrap(), recs);
        assert!(parse(&bytes[..bytes.len() - 1]).is_err());
        let (complete, cut) = parse_complete(&bytes[..bytes.len() - 1]).unwrap();
        assert_eq!((complete.as_slice(), cut), (&recs[..1], 11));
        assert!(parse(b"RNSX\x01\0\0\0").is_err());
        let b = recs[0].board().unwrap();
        assert_eq!(b.move_count(), 1);
        // A version-1 file: no best move field.
        let mut v1 = b"RNSD\x01\0\0\0".to_vec();
        v1.extend_from_slice(&[4, 15, 15, 1, 0xFF, FLAG_MATE, 0x00, 0x83, 1, 0, 112, 0]);
        assert_eq!(
            parse(&v1).unwrap(),
            vec![Record {
                best: None,
                ..recs[0].clone()
            }]
        );
    }
}

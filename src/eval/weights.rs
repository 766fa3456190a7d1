//! The learned evaluation's numbers: per rule family and colour, a value for every pattern code
//! of a cell ([`CODES`]), a table over both sides' threat masks, and a tempo bonus. Owns the
//! weights file format, the embedded weights, loading another file, and the weights in use.
//!
//! The position sums the cell values incrementally ([`super::Position::cell_sums`]); the
//! evaluation reads the sums, the masks and the tempo ([`super::evaluate`]).
//!
//! # File format (all integers little-endian)
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `RNSW` |
//! | 4 | version, `2` (version 1 had 1001 codes: no kinds of open two and three) |
//! | 1 + n | name: its length `n` (≤ 64), then `n` bytes of UTF-8 |
//! | 4 × 3 | [`FAMILIES`], [`CODES`], [`THREATS`] as `u32` (must match) |
//! | per family ([`family`] order), per colour (Black, White) | `CODES × 2` `i16`: the cell's attack and defence values; `THREATS` `i16`: the threat table; one `i16`: the tempo |
//! | 4 | FNV-1a (32 bit) of every byte before it |
//!
//! A file that is short, long, of another version or shape, or whose checksum does not match is
//! rejected as a whole.

use std::sync::{LazyLock, RwLock};

use crate::board::pattern::code::{class_of_code, CODES};
use crate::board::Class;
use crate::types::{Color, Rule};

/// Threat-mask bits per side ([`threat_mask`]).
pub const THREAT_BITS: usize = 6;
/// Entries of a threat table: the side to move's mask times the opponent's.
pub const THREATS: usize = 1 << (2 * THREAT_BITS);
/// Rule families with their own tables: freestyle, standard, renju, caro.
pub const FAMILIES: usize = 4;

/// Which attack/defence entry of a cell value.
pub const ATTACK: usize = 0;
/// See [`ATTACK`].
pub const DEFENCE: usize = 1;

const MAGIC: &[u8; 4] = b"RNSW";
const VERSION: u32 = 2;
const MAX_NAME: usize = 64;

/// The weights compiled into the engine (see the README for what they were trained on).
static EMBEDDED: &[u8] = include_bytes!("rensa.weights");

/// The family of `rule`: its index in [`Weights::families`].
pub fn family(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
        Rule::CaroOverline | Rule::Caro => 3,
    }
}

/// A colour's tables in one rule family.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SideTables {
    /// For each pattern code of a cell of this colour: `[ATTACK]`, what the cell is worth to
    /// this colour when it is to move; `[DEFENCE]`, what it costs the side to move when this
    /// colour is the opponent.
    pub cell: [[i16; 2]; CODES],
    /// Indexed by `mask(us) << THREAT_BITS | mask(them)` with this colour to move.
    pub threat: [i16; THREATS],
    /// Added with this colour to move.
    pub tempo: i16,
}

/// Both colours' tables of one rule family (index `Color::index`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FamilyTables {
    pub side: [SideTables; 2],
}

/// A full set of weights.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Weights {
    /// A name for the bench header and the log, e.g. `gen1-f15`.
    pub name: String,
    pub families: Vec<FamilyTables>,
}

/// The threat mask of a side from its class counts: one bit each for a five, a win in three
/// (open four or double four), a four-three, a plain four, a double three, an open three.
#[inline]
pub fn threat_mask(counts: &[u16; Class::COUNT]) -> usize {
    let has = |c: Class| counts[c as usize] > 0;
    (has(Class::Five) as usize)
        | ((has(Class::Flex4) || has(Class::DoubleFour)) as usize) << 1
        | (has(Class::Block4Flex3) as usize) << 2
        | ((has(Class::Block4) || has(Class::Block4Plus)) as usize) << 3
        | (has(Class::Flex3x2) as usize) << 4
        | ((has(Class::Flex3) || has(Class::Flex3Plus)) as usize) << 5
}

/// FNV-1a, 32 bit.
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811C_9DC5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

impl SideTables {
    fn zero() -> SideTables {
        SideTables {
            cell: [[0; 2]; CODES],
            threat: [0; THREATS],
            tempo: 0,
        }
    }
}

impl Weights {
    /// Weights that reproduce the hand-set class evaluation (`eval::params`): every code is
    /// worth its class's `ATTACK` / `DEFEND` value, the threat tables are zero. The start of
    /// training, and the generation-0 baseline.
    pub fn from_classes() -> Weights {
        use super::params;
        let families = (0..FAMILIES)
            .map(|f| FamilyTables {
                side: std::array::from_fn(|c| {
                    let renju_black = f == family(Rule::Renju) && c == Color::Black.index();
                    let mut t = SideTables::zero();
                    for (code, v) in t.cell.iter_mut().enumerate() {
                        let k = class_of_code(code, renju_black) as usize;
                        *v = [params::ATTACK[k] as i16, params::DEFEND[k] as i16];
                    }
                    t.tempo = params::TEMPO as i16;
                    t
                }),
            })
            .collect();
        Weights {
            name: "classes".to_string(),
            families,
        }
    }

    /// The tables of `rule`.
    #[inline]
    pub fn family(&self, rule: Rule) -> &FamilyTables {
        &self.families[family(rule)]
    }

    /// The file image of these weights (see the module doc).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(100_000);
        write_header(&mut out, MAGIC, VERSION, &self.name);
        for n in [FAMILIES, CODES, THREATS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for fam in &self.families {
            for side in &fam.side {
                for v in side.cell.iter().flatten().chain(&side.threat) {
                    out.extend_from_slice(&v.to_le_bytes());
                }
                out.extend_from_slice(&side.tempo.to_le_bytes());
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses a file image; says what is wrong with a bad one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, String> {
        let (mut r, name) = read_header(bytes, MAGIC, VERSION, "weights")?;
        for (what, want) in [
            ("families", FAMILIES),
            ("codes", CODES),
            ("threats", THREATS),
        ] {
            let got = r.u32()? as usize;
            if got != want {
                return Err(format!("{got} {what}, expected {want}"));
            }
        }
        let mut families = Vec::with_capacity(FAMILIES);
        for _ in 0..FAMILIES {
            let mut side = [SideTables::zero(), SideTables::zero()];
            for s in &mut side {
                for v in s.cell.iter_mut().flatten() {
                    *v = r.i16()?;
                }
                for v in s.threat.iter_mut() {
                    *v = r.i16()?;
                }
                s.tempo = r.i16()?;
            }
            families.push(FamilyTables { side });
        }
        r.finish()?;
        Ok(Weights { name, families })
    }

    /// Reads and parses a weights file.
    pub fn load(path: &std::path::Path) -> Result<Weights, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Weights::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The checksum of the file image, shown with the name.
    pub fn checksum(&self) -> u32 {
        checksum(&self.to_bytes())
    }

    /// `name (checksum xxxxxxxx)`.
    pub fn label(&self) -> String {
        format!("{} ({:08x})", self.name, self.checksum())
    }
}

/// Starts a file image (of the weights or of the network): `magic`, `version`, and `name` cut to
/// at most [`MAX_NAME`] bytes at a character boundary, so that it stays UTF-8.
pub(crate) fn write_header(out: &mut Vec<u8>, magic: &[u8; 4], version: u32, name: &str) {
    out.extend_from_slice(magic);
    out.extend_from_slice(&version.to_le_bytes());
    let mut end = name.len().min(MAX_NAME);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    out.push(end as u8);
    out.extend_from_slice(&name.as_bytes()[..end]);
}

/// Checks a file image's length, `magic`, checksum (its last 4 bytes) and `version`, and reads
/// its name; returns a cursor after the name over the body (the image without its checksum).
/// `what` names the kind of file in the errors.
pub(crate) fn read_header<'a>(
    bytes: &'a [u8],
    magic: &[u8; 4],
    version: u32,
    what: &str,
) -> Result<(Reader<'a>, String), String> {
    if bytes.len() < 4 + 4 + 1 + 4 {
        return Err(format!("too short ({} bytes)", bytes.len()));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 4);
    if &body[..4] != magic {
        return Err(format!("not a Rensa {what} file (bad magic)"));
    }
    if checksum(body) != u32::from_le_bytes(tail.try_into().expect("4 bytes")) {
        return Err("checksum mismatch (truncated or corrupted)".to_string());
    }
    let mut r = Reader { bytes: body, at: 4 };
    let got = r.u32()?;
    if got != version {
        return Err(format!("version {got}, expected {version}"));
    }
    let n = r.take(1)?[0] as usize;
    let name = String::from_utf8(r.take(n)?.to_vec()).map_err(|_| "name is not UTF-8")?;
    Ok((r, name))
}

/// A cursor over a file image.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    pub(crate) fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at + n;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| format!("truncated at byte {}", self.at))?;
        self.at = end;
        Ok(s)
    }
    pub(crate) fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }
    pub(crate) fn i32(&mut self) -> Result<i32, String> {
        Ok(i32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }
    pub(crate) fn i16(&mut self) -> Result<i16, String> {
        Ok(i16::from_le_bytes(self.take(2)?.try_into().expect("2")))
    }
    /// Fails unless every byte was read.
    pub(crate) fn finish(&self) -> Result<(), String> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            n => Err(format!("{n} bytes too many")),
        }
    }
}

/// The embedded weights, parsed once.
pub fn embedded() -> &'static Weights {
    static W: LazyLock<Weights> =
        LazyLock::new(|| Weights::from_bytes(EMBEDDED).expect("the embedded weights are valid"));
    &W
}

/// The weights installed by [`install`], if any.
static ACTIVE: RwLock<Option<&'static Weights>> = RwLock::new(None);

/// The weights positions are built with: the last installed, else the embedded ones.
pub fn active() -> &'static Weights {
    match *ACTIVE.read().unwrap_or_else(|e| e.into_inner()) {
        Some(w) => w,
        None => embedded(),
    }
}

/// Makes `w` the weights of every position built from now on (positions already built keep
/// theirs). Each call keeps its weights for the life of the process: meant for a handful of
/// loads.
pub fn install(w: Weights) -> &'static Weights {
    let w: &'static Weights = Box::leak(Box::new(w));
    *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = Some(w);
    w
}

/// Loads the weights file at `path` and installs it; on failure the weights in use stay and
/// the error says why.
pub fn install_file(path: &std::path::Path) -> Result<&'static Weights, String> {
    Weights::load(path).map(install)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_images_round_trip() {
        let mut w = Weights::from_classes();
        w.name = "test".to_string();
        w.families[2].side[1].threat[77] = -321;
        let bytes = w.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes), Ok(w.clone()));
        // A name over 64 bytes is cut to at most 64, at a character boundary: 21 three-byte
        // characters (63 bytes) of the 22 given.
        w.name = "五".repeat(22);
        let back = Weights::from_bytes(&w.to_bytes()).expect("a long name still loads");
        assert_eq!(back.name, "五".repeat(21));
    }

    #[test]
    fn truncated_and_corrupted_files_are_rejected() {
        let bytes = Weights::from_classes().to_bytes();
        for cut in [0, 3, 10, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(Weights::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for at in [0, 5, 9, 500, bytes.len() - 2] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(Weights::from_bytes(&bad).is_err(), "flip at {at}");
        }
        let mut long = bytes.clone();
        long.insert(100, 0);
        assert!(Weights::from_bytes(&long).is_err());
        assert!(Weights::load(std::path::Path::new("/nonexistent/rensa.weights")).is_err());
    }

    #[test]
    fn the_embedded_weights_parse() {
        assert!(!embedded().name.is_empty());
        assert_eq!(embedded().families.len(), FAMILIES);
    }
}

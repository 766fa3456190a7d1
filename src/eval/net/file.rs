//! The network file format (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `RNSN` |
//! | 4 | version, `4` |
//! | 1 + n | name: its length `n` (≤ 64), then `n` bytes of UTF-8 |
//! | 4 × 4 | families (4), `CODES`, [`H`], [`L1`] as `u32` (must match) |
//! | per family | 1 byte: 0 no network, 1 a network of [`Inputs::Codes`], 2 of [`Inputs::Classes`]; then for a network: for `Codes` per colour `CODES × H` `i8` (the vectors), per side to move `L1 × 2H` `i16`, `L1` `i32`, `L1` `i16`, one `i32` (hidden weights and biases, output weights and bias) |
//! | 4 | FNV-1a (32 bit) of every byte before it |
//!
//! A file that is short, long, of another version or shape, or whose checksum does not match is
//! rejected as a whole.

use super::{FamilyNet, Inputs, Net, H, L1};
use crate::board::pattern::code::CODES;
use crate::eval::weights::{checksum, read_header, write_header, FAMILIES};

const MAGIC: &[u8; 4] = b"RNSN";
const VERSION: u32 = 4;

impl Net {
    /// The file image of this network.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        write_header(&mut out, MAGIC, VERSION, &self.name);
        for n in [FAMILIES, CODES, H, L1] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for f in 0..FAMILIES {
            let Some(net) = self.families.get(f).and_then(Option::as_ref) else {
                out.push(0);
                continue;
            };
            match net.inputs {
                Inputs::Codes => {
                    out.push(1);
                    for c in 0..2 {
                        for &v in net.vectors(c).iter().flatten() {
                            out.push(v as u8);
                        }
                    }
                }
                Inputs::Classes => out.push(2),
            }
            for s in 0..2 {
                for v in net.l1_w[s].iter().flatten() {
                    out.extend_from_slice(&v.to_le_bytes());
                }
                for v in &net.l1_b[s] {
                    out.extend_from_slice(&v.to_le_bytes());
                }
                for v in &net.out_w[s] {
                    out.extend_from_slice(&v.to_le_bytes());
                }
                out.extend_from_slice(&net.out_b[s].to_le_bytes());
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses a file image; says what is wrong with a bad one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let (mut r, name) = read_header(bytes, MAGIC, VERSION, "network")?;
        for (what, want) in [
            ("families", FAMILIES),
            ("codes", CODES),
            ("H", H),
            ("L1", L1),
        ] {
            let got = r.u32()? as usize;
            if got != want {
                return Err(format!("{got} {what}, expected {want}"));
            }
        }
        let mut families = Vec::with_capacity(FAMILIES);
        for _ in 0..FAMILIES {
            match r.take(1)?[0] {
                0 => families.push(None),
                kind @ (1 | 2) => {
                    let mut net = FamilyNet::zero();
                    if kind == 1 {
                        for v in net.emb.iter_mut().flatten().flatten() {
                            *v = r.take(1)?[0] as i8;
                        }
                    } else {
                        net.inputs = Inputs::Classes;
                    }
                    for s in 0..2 {
                        for v in net.l1_w[s].iter_mut().flatten() {
                            *v = r.i16()?;
                        }
                        for v in net.l1_b[s].iter_mut() {
                            *v = r.i32()?;
                        }
                        for v in net.out_w[s].iter_mut() {
                            *v = r.i16()?;
                        }
                        net.out_b[s] = r.i32()?;
                    }
                    net.tie_colours();
                    net.index_classes();
                    families.push(Some(net));
                }
                b => return Err(format!("bad family flag {b}")),
            }
        }
        r.finish()?;
        Ok(Net { name, families })
    }

    /// Reads and parses a network file.
    pub fn load(path: &std::path::Path) -> Result<Net, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Net::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Net {
        let mut f = FamilyNet::zero();
        f.emb[1][77][3] = -5;
        f.l1_w[0][2][9] = 40;
        f.l1_b[1][4] = -1234;
        f.out_w[1][15] = 99;
        f.out_b[0] = -3;
        f.tie_colours();
        let mut tied = FamilyNet::zero();
        tied.emb[0][5][1] = 7;
        tied.emb[1][5][1] = 7;
        tied.tie_colours();
        assert_eq!(tied.emb.len(), 1);
        let mut classes = FamilyNet::zero();
        classes.inputs = Inputs::Classes;
        classes.l1_w[1][3][20] = -77;
        classes.tie_colours();
        classes.index_classes();
        Net {
            name: "test-net".to_string(),
            families: vec![Some(f), Some(classes), None, Some(tied)],
        }
    }

    #[test]
    fn file_images_round_trip() {
        let n = sample();
        assert_eq!(Net::from_bytes(&n.to_bytes()), Ok(n));
    }

    #[test]
    fn truncated_long_and_corrupted_files_are_rejected() {
        let bytes = sample().to_bytes();
        for cut in [0, 3, 10, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(Net::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for at in [0, 5, 9, 30, 500, bytes.len() / 2, bytes.len() - 2] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(Net::from_bytes(&bad).is_err(), "flip at {at}");
        }
        let mut long = bytes.clone();
        long.insert(100, 0);
        assert!(Net::from_bytes(&long).is_err());
        assert!(Net::load(std::path::Path::new("/nonexistent/rensa.net")).is_err());
    }
}

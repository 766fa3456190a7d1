//! The line network file format (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `RNSL` |
//! | 4 | version, `5` (`4` had its vectors in 64ths; `3` had no families; `2` had four cells on each side of a window) |
//! | 1 + n | name: its length `n` (≤ 64), then `n` bytes of UTF-8 |
//! | 4 × 4 | [`WINDOWS`], [`LH`], [`LL1`], [`PH`] as `u32` (must match) |
//! | 1 | the rule families it serves: bit 0 freestyle, 1 standard, 2 renju, 3 caro (not 0) |
//! | `WINDOWS × LH × 2` | the window vectors, `i16` |
//! | per side to move | `LL1 × LH` `i16`, `LL1` `i32`, `LL1` `i16`, one `i32` (the value's hidden weights and biases, output weights and bias), `PH × LH` `i16`, `PH` `i16`, `PH` `i16` (the policy's hidden weights and biases, output weights) |
//! | 4 | FNV-1a (32 bit) of every byte before it |
//!
//! A file that is short, long, of another version or shape, or whose checksum does not match is
//! rejected as a whole.

use super::{LineNet, ALL_FAMILIES, LH, LL1, PH, WINDOWS};
use crate::eval::weights::{checksum, read_header, write_header};

const MAGIC: &[u8; 4] = b"RNSL";
const VERSION: u32 = 5;

impl LineNet {
    /// The file image of this network.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(WINDOWS * LH * 2 + 2048);
        write_header(&mut out, MAGIC, VERSION, &self.name);
        for n in [WINDOWS, LH, LL1, PH] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        out.push(self.families);
        for v in self.table.iter().flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for s in 0..2 {
            for v in self.l1_w[s].iter().flatten() {
                out.extend_from_slice(&v.to_le_bytes());
            }
            for v in &self.l1_b[s] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            for v in &self.out_w[s] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&self.out_b[s].to_le_bytes());
            let policy = self.policy_w[s].iter().flatten();
            for v in policy.chain(&self.policy_b[s]).chain(&self.policy_out[s]) {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses a file image; says what is wrong with a bad one.
    pub fn from_bytes(bytes: &[u8]) -> Result<LineNet, String> {
        let (mut r, name) = read_header(bytes, MAGIC, VERSION, "line network")?;
        for (what, want) in [("windows", WINDOWS), ("LH", LH), ("LL1", LL1), ("PH", PH)] {
            let got = r.u32()? as usize;
            if got != want {
                return Err(format!("{got} {what}, expected {want}"));
            }
        }
        let mut net = LineNet::zero(&name);
        net.families = r.take(1)?[0];
        if net.families == 0 || net.families & !ALL_FAMILIES != 0 {
            return Err(format!("families {:#06b}", net.families));
        }
        for v in net.table.iter_mut().flatten() {
            *v = r.i16()?;
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
            let (w, b, o) = (
                &mut net.policy_w[s],
                &mut net.policy_b[s],
                &mut net.policy_out[s],
            );
            for v in w
                .iter_mut()
                .flatten()
                .chain(b.iter_mut())
                .chain(o.iter_mut())
            {
                *v = r.i16()?;
            }
        }
        r.finish()?;
        Ok(net)
    }

    /// Reads and parses a line network file.
    pub fn load(path: &std::path::Path) -> Result<LineNet, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        LineNet::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LineNet {
        let mut n = LineNet::zero("lines-test");
        n.families = 0b0101;
        n.table[77][3] = -5;
        n.table[WINDOWS - 1][LH - 1] = 300;
        n.l1_w[1][2][9] = 40;
        n.l1_b[0][4] = -1234;
        n.out_w[1][15] = 99;
        n.out_b[0] = -3;
        n.policy_w[1][3][7] = 12;
        n.policy_b[0][5] = -9;
        n.policy_out[1][2] = 44;
        n
    }

    #[test]
    fn file_images_round_trip() {
        let n = sample();
        assert_eq!(LineNet::from_bytes(&n.to_bytes()), Ok(n));
    }

    #[test]
    fn truncated_long_and_corrupted_files_are_rejected() {
        let bytes = sample().to_bytes();
        for cut in [0, 3, 10, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(LineNet::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for at in [0, 5, 9, 30, 500, bytes.len() / 2, bytes.len() - 2] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(LineNet::from_bytes(&bad).is_err(), "flip at {at}");
        }
        let mut long = bytes.clone();
        long.insert(100, 0);
        assert!(LineNet::from_bytes(&long).is_err());
        assert!(LineNet::load(std::path::Path::new("/nonexistent/x.lines")).is_err());
    }
}

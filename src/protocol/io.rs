//! Bytes in, lines out: the stdin reader thread and the single stdout writer.
//!
//! The reader splits stdin on LF, CR or CR LF (a lone CR ends a line without waiting for an LF),
//! decodes each line lossily and hands it to a callback; it never parses more than that. The
//! writer is one mutex-guarded function that writes `line\n`, flushes, and exits the process
//! quietly (code 0) when stdout is gone.

use std::io::{self, BufRead, Write};
use std::sync::Mutex;

static OUT: Mutex<()> = Mutex::new(());

/// Writes one protocol line (`\n`-terminated, flushed). Empty lines are never written. A write
/// error means the manager closed the pipe: exit at once with code 0.
pub fn send(line: &str) {
    if line.is_empty() {
        log::warn!("refusing to write an empty line");
        return;
    }
    log::debug!("< {line}");
    let _guard = OUT.lock().unwrap_or_else(|e| e.into_inner());
    let mut out = io::stdout().lock();
    let ok = out.write_all(line.as_bytes()).is_ok()
        && out.write_all(b"\n").is_ok()
        && out.flush().is_ok();
    if !ok {
        std::process::exit(0);
    }
}

/// Exits the process with code 0 without interrupting a line being written.
pub fn exit_now() -> ! {
    exit_now_with(0)
}

/// Exits the process with `code` without interrupting a line being written.
pub fn exit_now_with(code: i32) -> ! {
    let _guard = OUT.lock().unwrap_or_else(|e| e.into_inner());
    std::process::exit(code)
}

/// Reads one line ending at LF, CR or end of input into `buf` (terminator excluded). Returns
/// `Ok(false)` at end of input with nothing read.
pub fn read_line_any<R: BufRead>(reader: &mut R, buf: &mut Vec<u8>) -> io::Result<bool> {
    buf.clear();
    loop {
        let (done, used) = {
            let chunk = match reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(!buf.is_empty());
            }
            match chunk.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    buf.extend_from_slice(&chunk[..i]);
                    (true, i + 1)
                }
                None => {
                    buf.extend_from_slice(chunk);
                    (false, chunk.len())
                }
            }
        };
        reader.consume(used);
        if done {
            return Ok(true);
        }
    }
}

/// Reads `input` to the end, calling `on_line` with every non-empty line (lossy UTF-8, trailing
/// blanks stripped). Returns when the input ends or fails, or when `on_line` returns false.
pub fn read_lines<R: BufRead>(mut input: R, mut on_line: impl FnMut(String) -> bool) {
    let mut buf = Vec::with_capacity(256);
    while let Ok(true) = read_line_any(&mut input, &mut buf) {
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim_matches(|c: char| c.is_whitespace());
        if line.is_empty() {
            continue;
        }
        log::debug!("> {line}");
        if !on_line(line.to_string()) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let mut v = Vec::new();
        read_lines(bytes, |l| {
            v.push(l);
            true
        });
        v
    }

    #[test]
    fn every_line_end() {
        assert_eq!(
            lines_of(b"START 15\r\nBEGIN\rTURN 1,2\n\n\r\n  \nEND"),
            vec!["START 15", "BEGIN", "TURN 1,2", "END"]
        );
        assert_eq!(lines_of(b"a\xff\xfeb\n"), vec!["a\u{fffd}\u{fffd}b"]);
        let long = vec![b'x'; 100_000];
        assert_eq!(lines_of(&long)[0].len(), 100_000);
        assert!(lines_of(b"").is_empty());
    }
}

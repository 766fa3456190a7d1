//! An engine's process tree as GomocupJudge sees it: finding the descendants of a process,
//! suspending and resuming them all (SIGSTOP / SIGCONT), killing them, and measuring their
//! private resident memory (USS) and the size of a folder.
//!
//! Everything here reads Linux `/proc` and sends signals with kill(2) through the `nix` crate's
//! safe wrapper (one system call per process, no helper program, no `unsafe`). On other systems
//! (or without `/proc`) suspension is a no-op, memory reads as unknown and the tree is the process
//! alone.

use std::path::Path;

/// The signals the runner sends to an engine's process tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sig {
    /// SIGSTOP: suspend (cannot be caught or ignored).
    Stop,
    /// SIGCONT: resume.
    Cont,
    /// SIGKILL: end at once.
    Kill,
}

impl Sig {
    /// The name the protocol log shows (`SIGSTOP`, …).
    pub fn name(self) -> &'static str {
        match self {
            Sig::Stop => "SIGSTOP",
            Sig::Cont => "SIGCONT",
            Sig::Kill => "SIGKILL",
        }
    }
}

/// The process and all its descendants (the process first). Children are read from
/// `/proc/<pid>/task/*/children` when the kernel provides that file, otherwise from the parent
/// field of every `/proc/<n>/stat`.
pub fn tree(pid: u32) -> Vec<u32> {
    let mut out = vec![pid];
    let mut parents: Option<Vec<(u32, u32)>> = None;
    let mut i = 0;
    while i < out.len() {
        let p = out[i];
        let kids = match children_of(p) {
            Some(k) => k,
            None => {
                let table = parents.get_or_insert_with(parent_table);
                table
                    .iter()
                    .filter(|&&(_, pp)| pp == p)
                    .map(|&(c, _)| c)
                    .collect()
            }
        };
        for k in kids {
            if !out.contains(&k) {
                out.push(k);
            }
        }
        i += 1;
    }
    out
}

/// Children listed by `/proc/<pid>/task/*/children` (`None` when the kernel lacks the file).
fn children_of(pid: u32) -> Option<Vec<u32>> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut out = Vec::new();
    for t in tasks.flatten() {
        let text = std::fs::read_to_string(t.path().join("children")).ok()?;
        out.extend(
            text.split_whitespace()
                .filter_map(|w| w.parse::<u32>().ok()),
        );
    }
    Some(out)
}

/// (pid, parent pid) of every process in `/proc`.
fn parent_table() -> Vec<(u32, u32)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            Some((pid, stat_parent(&stat)?))
        })
        .collect()
}

/// The parent pid in a `/proc/<pid>/stat` line: the second field after the `(name)`, which may
/// itself hold spaces and parentheses.
fn stat_parent(stat: &str) -> Option<u32> {
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// Sends `sig` to every pid. Processes that are already gone are ignored (a pid the kernel
/// does not accept is skipped).
#[cfg(unix)]
pub fn signal(pids: &[u32], sig: Sig) {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    let sig = match sig {
        Sig::Stop => Signal::SIGSTOP,
        Sig::Cont => Signal::SIGCONT,
        Sig::Kill => Signal::SIGKILL,
    };
    for &p in pids {
        // 0 and values above i32::MAX would address process groups or nothing: never send them.
        if let Ok(raw) = i32::try_from(p) {
            if raw > 0 {
                let _ = kill(Pid::from_raw(raw), sig);
            }
        }
    }
}

/// Without Unix signals there is nothing to send.
#[cfg(not(unix))]
pub fn signal(_pids: &[u32], _sig: Sig) {}

/// Private resident memory of one process in bytes: `Private_Clean + Private_Dirty` of
/// `/proc/<pid>/smaps_rollup` (summed over `/proc/<pid>/smaps` on kernels without the rollup).
pub fn uss(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup"))
        .or_else(|_| std::fs::read_to_string(format!("/proc/{pid}/smaps")))
        .ok()?;
    Some(private_kib(&text) * 1024)
}

/// Sum of the `Private_Clean:` and `Private_Dirty:` lines (kB) of an smaps text.
pub fn private_kib(smaps: &str) -> u64 {
    smaps
        .lines()
        .filter_map(|l| {
            let (k, v) = l.split_once(':')?;
            if k == "Private_Clean" || k == "Private_Dirty" {
                v.split_whitespace().next()?.parse::<u64>().ok()
            } else {
                None
            }
        })
        .sum()
}

/// USS of the whole tree in bytes (`None` when even the root cannot be read).
pub fn tree_uss(pid: u32) -> Option<u64> {
    let pids = tree(pid);
    let root = uss(pid)?;
    Some(root + pids[1..].iter().filter_map(|&p| uss(p)).sum::<u64>())
}

/// Total size in bytes of the files below `dir` (0 when it does not exist).
pub fn dir_size(dir: &Path) -> u64 {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return 0;
    };
    rd.flatten()
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => dir_size(&e.path()),
            Ok(t) if t.is_file() => e.metadata().map_or(0, |m| m.len()),
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaps_private_lines_are_summed() {
        let text = "Rss:  1700 kB\nPss: 323 kB\nShared_Clean: 1536 kB\nPrivate_Clean: 48 kB\n\
                    Private_Dirty: 116 kB\nPrivate_Hugetlb: 0 kB\n";
        assert_eq!(private_kib(text), 164);
    }

    #[test]
    fn stat_parent_survives_odd_names() {
        assert_eq!(stat_parent("42 (a) b) (c) S 7 42 42 0"), Some(7));
        assert_eq!(stat_parent("1 (init) S 0 1 1"), Some(0));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_memory_and_a_shell_child_is_found() {
        let me = std::process::id();
        assert!(uss(me).unwrap() > 0);
        let mut child = std::process::Command::new("sleep")
            .arg("600")
            .spawn()
            .unwrap();
        let found = tree(me).contains(&child.id());
        signal(&[child.id()], Sig::Stop);
        signal(&[child.id()], Sig::Cont);
        signal(&[child.id()], Sig::Kill);
        // SIGKILL ends even a process that was stopped; wait() returns only once it is dead.
        let status = child.wait().unwrap();
        assert!(!status.success());
        assert!(found, "the child is in this process's tree");
    }
}

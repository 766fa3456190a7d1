//! `rensa-fake-engine <mode> [--at N] [--seed S] [--piddir DIR] [--mb M] [--delay MS] [--crlf]
//! [--ruleblind] [--checkstopped DIR]`:
//! small pbrain engines for the match runner's tests, each honest or broken in one way.
//!
//! Modes: `random` (wins when it can, blocks a five, else a random legal cell near the stones),
//! `occupied` (at its N-th move plays an occupied cell), `oversleep` (at its N-th move sleeps for
//! an hour: late beyond any limit, however loaded the machine), `crash` (exits at its N-th move),
//! `garbage` (answers non-UTF-8 junk at its N-th move), `nostart` (answers ABOUT but never START),
//! `hog` (at its N-th move allocates and touches M MiB, default 64, and keeps them), `childhog`
//! (at its N-th move starts a child process that holds M MiB and sleeps for an hour; the parent
//! itself stays small). N defaults to 3. Every mode prints MESSAGE/DEBUG chatter (some of it not
//! UTF-8) before its moves. With `--piddir` the process (and the `childhog` child) writes an empty
//! file named after its pid there, so tests can check it is gone afterwards. `--delay MS` sleeps
//! before every move; `--crlf` exits (a crash) on any input line that does not end with CR LF;
//! `--ruleblind` ignores `INFO rule` (plays freestyle).
//!
//! `--checkstopped DIR` (with `--piddir`, for judge mode): before every move the fake looks at
//! every other live fake of the same pid folder (its opponent) and waits until the kernel shows it
//! stopped (state `T`); if it does not stop within a minute, the fake exits (a crash). Each
//! opponent seen stopped is noted as an empty file `DIR/<own pid>-<opponent pid>`. So a test can
//! check suspension without watching the processes from outside at the right moment.

use std::io::{BufRead, Write};

use rensa::board::{rule, Grid, Pos};
use rensa::types::{Color, Rule};
use rensa_tournament::common::opening::SplitMix;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Random,
    Occupied,
    Oversleep,
    Crash,
    Garbage,
    NoStart,
    Hog,
    ChildHog,
}

struct Fake {
    mode: Mode,
    at: usize,
    rng: SplitMix,
    grid: Grid,
    rule: Rule,
    my_moves: usize,
    mb: usize,
    delay_ms: u64,
    /// Memory kept alive by `hog`, and the child of `childhog`.
    hoard: Vec<u8>,
    child: Option<std::process::Child>,
    piddir: Option<String>,
    check_stopped: Option<String>,
}

/// Allocates `mb` MiB and writes every page so it is resident and private.
fn touch(mb: usize) -> Vec<u8> {
    let mut v = vec![0u8; mb << 20];
    for i in (0..v.len()).step_by(4096) {
        v[i] = (i / 4096) as u8 | 1;
    }
    v
}

/// `rensa-fake-engine child-hog MB [PIDDIR]`: holds MB MiB, says `ready`, sleeps.
fn child_hog(args: &[String]) -> ! {
    if let Some(dir) = args.get(2) {
        let _ = std::fs::write(
            std::path::Path::new(dir).join(std::process::id().to_string()),
            b"",
        );
    }
    let mb = args.get(1).and_then(|m| m.parse().ok()).unwrap_or(64);
    let hoard = touch(mb);
    out(b"ready");
    std::thread::sleep(std::time::Duration::from_secs(3600));
    std::process::exit(i32::from(hoard[4096]));
}

fn out(bytes: &[u8]) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(bytes);
    let _ = o.write_all(b"\n");
    let _ = o.flush();
}

impl Fake {
    fn side_to_move(&self) -> Color {
        let [b, w] = self.grid.stone_counts();
        if b == w {
            Color::Black
        } else {
            Color::White
        }
    }

    fn five_point(&self, color: Color) -> Option<Pos> {
        let mut g = self.grid.clone();
        self.grid.positions().find(|&p| {
            if !rule::is_legal(&g, p, color, self.rule) {
                return false;
            }
            g.set(p, color.stone());
            let five = rule::is_five(&g, p, color, self.rule);
            g.set(p, rensa::types::Cell::Empty);
            five
        })
    }

    fn choose(&mut self) -> Option<Pos> {
        let me = self.side_to_move();
        if let Some(p) = self.five_point(me) {
            return Some(p);
        }
        if let Some(p) = self.five_point(me.opp()) {
            if rule::is_legal(&self.grid, p, me, self.rule) {
                return Some(p);
            }
        }
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let near: Vec<Pos> = self
            .grid
            .positions()
            .filter(|&p| rule::is_legal(&self.grid, p, me, self.rule))
            .filter(|&p| {
                let (x, y) = (p.x() as i64, p.y() as i64);
                (-2..=2).any(|dx| {
                    (-2..=2).any(|dy| {
                        self.grid
                            .pos(x + dx, y + dy)
                            .is_some_and(|q| self.grid.get(q).color().is_some())
                    })
                })
            })
            .collect();
        if !near.is_empty() {
            return Some(near[self.rng.below(near.len() as u64) as usize]);
        }
        let centre = self.grid.pos(w / 2, h / 2)?;
        if rule::is_legal(&self.grid, centre, me, self.rule) {
            return Some(centre);
        }
        let all: Vec<Pos> = self
            .grid
            .positions()
            .filter(|&p| rule::is_legal(&self.grid, p, me, self.rule))
            .collect();
        (!all.is_empty()).then(|| all[self.rng.below(all.len() as u64) as usize])
    }

    fn play(&mut self) {
        self.my_moves += 1;
        if let (Some(pids), Some(marks)) = (&self.piddir, &self.check_stopped) {
            if !opponents_stopped(pids, marks, self.child.as_ref().map(|c| c.id())) {
                std::process::exit(5);
            }
        }
        if self.delay_ms > 0 {
            std::thread::sleep(std::time::Duration::from_millis(self.delay_ms));
        }
        out(b"MESSAGE thinking \xff\xfe hard");
        out(b"DEBUG nothing to see");
        if self.my_moves == self.at {
            match self.mode {
                Mode::Occupied => {
                    if let Some(p) = self
                        .grid
                        .positions()
                        .find(|&p| self.grid.get(p).color().is_some())
                    {
                        out(format!("{},{}", p.x(), p.y()).as_bytes());
                        return;
                    }
                }
                Mode::Oversleep => std::thread::sleep(std::time::Duration::from_secs(3600)),
                Mode::Crash => std::process::exit(3),
                Mode::Garbage => {
                    out(b"\xc3\x28 garbage \x80\x81");
                    return;
                }
                Mode::Hog => self.hoard = touch(self.mb),
                Mode::ChildHog => {
                    let exe = std::env::current_exe().expect("own path");
                    let mut cmd = std::process::Command::new(exe);
                    cmd.arg("child-hog").arg(self.mb.to_string());
                    if let Some(d) = &self.piddir {
                        cmd.arg(d);
                    }
                    let mut child = cmd
                        .stdin(std::process::Stdio::null())
                        .stdout(std::process::Stdio::piped())
                        .spawn()
                        .expect("child");
                    let mut r = std::io::BufReader::new(child.stdout.take().expect("pipe"));
                    let mut line = String::new();
                    let _ = r.read_line(&mut line);
                    self.child = Some(child);
                }
                Mode::Random | Mode::NoStart => {}
            }
        }
        match self.choose() {
            Some(p) => {
                let me = self.side_to_move();
                self.grid.set(p, me.stone());
                out(format!("{},{}", p.x(), p.y()).as_bytes());
            }
            None => out(b"ERROR no legal move"),
        }
    }

    fn place(&mut self, x: i64, y: i64, color: Color) {
        if let Some(p) = self.grid.pos(x, y) {
            if self.grid.is_empty(p) {
                self.grid.set(p, color.stone());
            }
        }
    }
}

/// The state letter of `/proc/<pid>/stat` (`None`: no such process).
fn proc_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat[stat.rfind(')')? + 1..].trim_start().chars().next()
}

/// `--checkstopped`: waits until every other live process that wrote its pid into `piddir` and
/// still runs with `piddir` on its command line (so a recycled pid is never mistaken for one) is
/// stopped, noting each in `marks`. False when one is still not stopped after a minute.
fn opponents_stopped(piddir: &str, marks: &str, own_child: Option<u32>) -> bool {
    let me = std::process::id();
    let Ok(rd) = std::fs::read_dir(piddir) else {
        return true;
    };
    let others: Vec<u32> = rd
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .filter(|&p| p != me && Some(p) != own_child)
        .collect();
    for pid in others {
        let ours = std::fs::read(format!("/proc/{pid}/cmdline"))
            .is_ok_and(|c| String::from_utf8_lossy(&c).contains(piddir));
        if !ours {
            continue;
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            match proc_state(pid) {
                None | Some('Z') => break,
                Some('T') => {
                    let _ = std::fs::write(format!("{marks}/{me}-{pid}"), b"");
                    break;
                }
                Some(_) if std::time::Instant::now() > deadline => return false,
                Some(_) => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        }
    }
    true
}

fn xy(s: &str) -> Option<(i64, i64, Option<u8>)> {
    let mut it = s.trim().split(',');
    let x = it.next()?.trim().parse().ok()?;
    let y = it.next()?.trim().parse().ok()?;
    let f = it.next().and_then(|f| f.trim().parse().ok());
    Some((x, y, f))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.first().map(String::as_str) {
        Some("random") => Mode::Random,
        Some("occupied") => Mode::Occupied,
        Some("oversleep") => Mode::Oversleep,
        Some("crash") => Mode::Crash,
        Some("garbage") => Mode::Garbage,
        Some("nostart") => Mode::NoStart,
        Some("hog") => Mode::Hog,
        Some("childhog") => Mode::ChildHog,
        Some("child-hog") => child_hog(&args),
        _ => {
            eprintln!("usage: rensa-fake-engine random|occupied|oversleep|crash|garbage|nostart|hog|childhog [--at N] [--seed S] [--piddir DIR] [--mb M] [--delay MS] [--crlf] [--ruleblind] [--checkstopped DIR]");
            std::process::exit(2);
        }
    };
    let mut at = 3;
    let mut seed = std::process::id() as u64
        ^ std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
    let (mut mb, mut delay_ms, mut piddir, mut check_stopped) = (64, 0, None, None);
    let crlf = args.iter().any(|a| a == "--crlf");
    let rule_blind = args.iter().any(|a| a == "--ruleblind");
    let mut i = 1;
    while i + 1 < args.len() {
        match args[i].as_str() {
            "--crlf" | "--ruleblind" => {
                i += 1;
                continue;
            }
            "--mb" => mb = args[i + 1].parse().unwrap_or(64),
            "--delay" => delay_ms = args[i + 1].parse().unwrap_or(0),
            "--at" => at = args[i + 1].parse().unwrap_or(3),
            "--seed" => seed = args[i + 1].parse().unwrap_or(seed),
            "--checkstopped" => check_stopped = Some(args[i + 1].clone()),
            "--piddir" => {
                piddir = Some(args[i + 1].clone());
                let _ = std::fs::write(
                    std::path::Path::new(&args[i + 1]).join(std::process::id().to_string()),
                    b"",
                );
            }
            _ => {}
        }
        i += 2;
    }
    let mut f = Fake {
        mode,
        at,
        rng: SplitMix(seed),
        grid: Grid::new(15, 15),
        rule: Rule::Freestyle,
        my_moves: 0,
        mb,
        delay_ms,
        hoard: Vec::new(),
        child: None,
        piddir,
        check_stopped,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    let mut board: Option<Vec<(i64, i64, u8)>> = None;
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if crlf && !buf.ends_with(b"\r\n") {
            std::process::exit(4);
        }
        let line = String::from_utf8_lossy(&buf).trim().to_string();
        if let Some(stones) = board.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = board.take().unwrap_or_default();
                let size = f.grid.width();
                f.grid = Grid::new(size, size);
                let mine = stones.iter().filter(|s| s.2 == 1).count();
                let theirs = stones.len() - mine;
                let me = if mine == theirs {
                    Color::Black
                } else {
                    Color::White
                };
                for (x, y, fl) in stones {
                    f.place(x, y, if fl == 1 { me } else { me.opp() });
                }
                f.play();
            } else if let Some((x, y, Some(fl))) = xy(&line) {
                stones.push((x, y, fl));
            }
            continue;
        }
        let mut words = line.split_whitespace();
        let cmd = words.next().unwrap_or("").to_ascii_uppercase();
        let rest: Vec<&str> = words.collect();
        match cmd.as_str() {
            "ABOUT" => out(format!("name=\"fake-{}\", version=\"1\"", args[0]).as_bytes()),
            "START" => {
                if mode == Mode::NoStart {
                    continue;
                }
                match rest.first().and_then(|s| s.parse::<usize>().ok()) {
                    Some(n) if (5..=32).contains(&n) => {
                        f.grid = Grid::new(n, n);
                        f.my_moves = 0;
                        out(b"OK");
                    }
                    _ => out(b"ERROR bad size"),
                }
            }
            "INFO" => {
                if !rule_blind && rest.len() >= 2 && rest[0].eq_ignore_ascii_case("rule") {
                    f.rule = rensa::protocol::command::decode_rule(rest[1].parse().unwrap_or(0)).0;
                }
            }
            "BEGIN" => f.play(),
            "TURN" => {
                if let Some((x, y, _)) = rest.first().and_then(|s| xy(s)) {
                    let c = f.side_to_move();
                    f.place(x, y, c);
                }
                f.play();
            }
            "BOARD" => board = Some(Vec::new()),
            "RESTART" => {
                let size = f.grid.width();
                f.grid = Grid::new(size, size);
                f.my_moves = 0;
                out(b"OK");
            }
            "END" => return,
            "" => {}
            other => out(format!("UNKNOWN {other}").as_bytes()),
        }
    }
}

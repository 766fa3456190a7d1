//! One pbrain engine as a child process: spawning, writing commands, reading replies with a
//! deadline, the optional protocol log, and cleanup (the process is killed and reaped on drop).
//!
//! Replies are read by a thread per engine as raw bytes up to `\n` (a `\r` is stripped, anything
//! that is not UTF-8 is decoded lossily) and handed over a channel, so a silent engine never
//! blocks the runner: every read has a deadline.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::common::proctree::{self, Sig};

/// How to start an engine: a display name, the program with its arguments, a working directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    /// Program then arguments. A program given with a path (`./x`, `../x`, `dir/x`) is taken
    /// relative to the directory the runner was started in, not to `dir`.
    pub cmd: Vec<String>,
    pub dir: PathBuf,
    /// Extra `INFO key value` lines sent after the standard ones at every game start (given as
    /// `info=key:value`, repeatable), e.g. `info=max_node:50000` for node-limited matches.
    pub info: Vec<String>,
}

impl EngineSpec {
    /// Parses `name=A cmd="prog arg" dir=path` style tokens (already split by the shell).
    pub fn from_tokens(tokens: &[String]) -> Result<EngineSpec> {
        let (mut name, mut cmd, mut dir) = (None, None, None);
        let mut info = Vec::new();
        for t in tokens {
            let Some((k, v)) = t.split_once('=') else {
                bail!("engine option {t:?} is not key=value");
            };
            match k {
                "name" => name = Some(v.to_string()),
                "cmd" => cmd = Some(split_command(v)?),
                "dir" => dir = Some(PathBuf::from(v)),
                "info" => {
                    let Some((key, value)) = v.split_once(':') else {
                        bail!("engine option info={v:?} is not info=key:value");
                    };
                    let ok = |t: &str| !t.is_empty() && !t.contains(char::is_whitespace);
                    if !ok(key) || !ok(value) {
                        bail!("engine option info={v:?}: key and value must be single words");
                    }
                    info.push(format!("INFO {key} {value}"));
                }
                _ => bail!("unknown engine option {k:?} (name, cmd, dir, info)"),
            }
        }
        let cmd: Vec<String> = cmd.context("engine without cmd=")?;
        if cmd.is_empty() {
            bail!("empty engine cmd");
        }
        let name = name.unwrap_or_else(|| {
            let prog = std::path::Path::new(&cmd[0]);
            prog.file_name()
                .map_or(cmd[0].clone(), |f| f.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            name,
            cmd,
            dir: dir.unwrap_or_else(|| PathBuf::from(".")),
            info,
        })
    }
}

/// Splits a command line on whitespace, honouring `"…"` and `'…'` quotes.
pub fn split_command(s: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        bail!("unterminated quote in {s:?}");
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

/// The shared protocol log: every line to and from every engine, with the time and the game.
pub struct ProtocolLog {
    out: Mutex<BufWriter<File>>,
    start: Instant,
}

impl ProtocolLog {
    pub fn create(path: &std::path::Path) -> Result<Arc<ProtocolLog>> {
        let f = File::create(path).with_context(|| format!("creating {}", path.display()))?;
        Ok(Arc::new(ProtocolLog {
            out: Mutex::new(BufWriter::new(f)),
            start: Instant::now(),
        }))
    }

    pub fn write(&self, game: usize, name: &str, dir: &str, line: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut out) = self.out.lock() {
            let _ = writeln!(out, "{ms:>9} g{game:<5} {name} {dir} {line}");
            let _ = out.flush();
        }
    }
}

/// What a read produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Line(String),
    /// The deadline passed with no line.
    Timeout,
    /// The engine closed its output (exited or crashed).
    Closed,
}

/// A running engine. Dropping it kills the process (if still running) and reaps it.
pub struct Engine {
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Option<Arc<ProtocolLog>>,
    /// The game the log lines are tagged with.
    pub game: usize,
    /// When the last reply arrived: the next command waits `move_delay` after it.
    last_reply: Option<Instant>,
    pub move_delay: Duration,
    /// The engine's answer to ABOUT.
    pub about: String,
    /// End every command with CR LF instead of LF.
    pub crlf: bool,
    /// The process tree as it was suspended (SIGSTOP), resumed by [`Engine::resume`]; empty
    /// while the engine runs.
    stopped: Vec<u32>,
    /// The process has been reaped: its pid may belong to someone else now.
    reaped: bool,
}

impl Engine {
    /// Starts the engine and sends `ABOUT`, waiting up to `timeout` for the answer (chatter such
    /// as Rapfi's `MESSAGE Load config from …` at startup is skipped).
    pub fn spawn(
        spec: &EngineSpec,
        log: Option<Arc<ProtocolLog>>,
        game: usize,
        timeout: Duration,
    ) -> Result<Engine> {
        let mut engine = Engine::launch(spec, log, game)?;
        engine.send("ABOUT")?;
        match engine.answer(Some(Instant::now() + timeout)) {
            Reply::Line(l) => engine.about = l,
            Reply::Timeout => bail!("{}: no answer to ABOUT", spec.name),
            Reply::Closed => bail!("{}: exited before answering ABOUT", spec.name),
        }
        Ok(engine)
    }

    /// Starts the engine process and sends nothing (GomocupJudge does not ask ABOUT).
    pub fn launch(spec: &EngineSpec, log: Option<Arc<ProtocolLog>>, game: usize) -> Result<Engine> {
        let mut program = PathBuf::from(&spec.cmd[0]);
        if program.components().count() > 1 && program.is_relative() {
            program = std::env::current_dir()?.join(program);
        }
        let mut cmd = Command::new(&program);
        cmd.args(&spec.cmd[1..])
            .current_dir(&spec.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if log.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        let mut child = cmd.spawn().with_context(|| {
            format!(
                "starting engine {} ({} in {})",
                spec.name,
                program.display(),
                spec.dir.display()
            )
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        while matches!(buf.last(), Some(b'\n' | b'\r')) {
                            buf.pop();
                        }
                        if tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        if let (Some(err), Some(log)) = (child.stderr.take(), log.clone()) {
            let name = spec.name.clone();
            std::thread::spawn(move || {
                let mut r = BufReader::new(err);
                let mut buf = Vec::new();
                while matches!(r.by_ref().read_until(b'\n', &mut buf), Ok(n) if n > 0) {
                    let line = String::from_utf8_lossy(&buf);
                    log.write(0, &name, "!", line.trim_end());
                    buf.clear();
                }
            });
        }
        Ok(Engine {
            name: spec.name.clone(),
            child,
            stdin,
            lines: rx,
            log,
            game,
            last_reply: None,
            move_delay: Duration::ZERO,
            about: String::new(),
            crlf: false,
            stopped: Vec::new(),
            reaped: false,
        })
    }

    /// The process id (for tests and logs).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Writes one command line. An error means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<()> {
        if let Some(t) = self.last_reply {
            let ready = t + self.move_delay;
            let now = Instant::now();
            if ready > now {
                std::thread::sleep(ready - now);
            }
        }
        if let Some(log) = &self.log {
            log.write(self.game, &self.name, ">", line);
        }
        let stdin = self.stdin.as_mut().context("stdin closed")?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(if self.crlf { b"\r\n" } else { b"\n" })?;
        stdin.flush()?;
        Ok(())
    }

    /// Suspends the engine and all its descendants (SIGSTOP), as GomocupJudge does between
    /// moves. Returns the suspended process tree.
    pub fn suspend(&mut self) -> &[u32] {
        if self.stopped.is_empty() && !self.exited() {
            self.stopped = proctree::tree(self.child.id());
            proctree::signal(&self.stopped, Sig::Stop);
            if let Some(log) = &self.log {
                log.write(self.game, &self.name, "#", Sig::Stop.name());
            }
        }
        &self.stopped
    }

    /// Resumes what [`Engine::suspend`] stopped (SIGCONT); nothing when the engine runs.
    pub fn resume(&mut self) {
        if !self.stopped.is_empty() {
            proctree::signal(&self.stopped, Sig::Cont);
            self.stopped.clear();
            if let Some(log) = &self.log {
                log.write(self.game, &self.name, "#", Sig::Cont.name());
            }
        }
    }

    /// Whether the process has exited (it is reaped then).
    fn exited(&mut self) -> bool {
        if !self.reaped {
            self.reaped = matches!(self.child.try_wait(), Ok(Some(_)));
        }
        self.reaped
    }

    /// Whether the engine is suspended.
    pub fn is_suspended(&self) -> bool {
        !self.stopped.is_empty()
    }

    /// Private resident memory (USS) of the engine's process tree in bytes, if readable.
    pub fn memory(&mut self) -> Option<u64> {
        if self.exited() {
            return None;
        }
        proctree::tree_uss(self.child.id())
    }

    /// The next line, waiting until `deadline` (`None`: forever).
    pub fn recv(&mut self, deadline: Option<Instant>) -> Reply {
        let got = match deadline {
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(d) => self
                .lines
                .recv_timeout(d.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(line) => {
                if let Some(log) = &self.log {
                    log.write(self.game, &self.name, "<", &line);
                }
                self.last_reply = Some(Instant::now());
                Reply::Line(line)
            }
            Err(RecvTimeoutError::Timeout) => Reply::Timeout,
            Err(RecvTimeoutError::Disconnected) => Reply::Closed,
        }
    }

    /// The next line that is not `MESSAGE …`, `DEBUG …` or empty: the answer to a request.
    pub fn answer(&mut self, deadline: Option<Instant>) -> Reply {
        loop {
            match self.recv(deadline) {
                Reply::Line(l) if is_chatter(&l) => continue,
                other => return other,
            }
        }
    }

    /// Throws away lines the engine printed since its last answer (logged, never read as an
    /// answer to the next request).
    pub fn drain(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            if let Some(log) = &self.log {
                log.write(self.game, &self.name, "< (stale)", &line);
            }
        }
    }

    /// Sends `END` and gives the engine `grace` to exit before it is killed; processes it started
    /// are killed in any case (GomocupJudge kills the process tree after END).
    pub fn quit(mut self, grace: Duration) {
        self.resume();
        let tree = if self.exited() {
            Vec::new()
        } else {
            proctree::tree(self.child.id())
        };
        let _ = self.send("END");
        self.stdin = None; // EOF as well
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if self.exited() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        if tree.len() > 1 {
            proctree::signal(&tree[1..], Sig::Kill);
        }
        // Drop kills the engine itself if it is still there.
    }
}

/// Whether a line is informational output that managers skip.
pub fn is_chatter(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() {
        return true;
    }
    let word = t.split_whitespace().next().unwrap_or("");
    word.eq_ignore_ascii_case("MESSAGE") || word.eq_ignore_ascii_case("DEBUG")
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Never leave a stopped process behind: resume first, then kill the whole tree (its
        // descendants even when the engine itself has already exited).
        self.resume();
        if self.reaped {
            return;
        }
        // Read while the pid is still ours (running, or a zombie not yet reaped).
        let tree = proctree::tree(self.child.id());
        self.stdin = None;
        if tree.len() > 1 {
            proctree::signal(&tree[1..], Sig::Kill);
        }
        if self.exited() {
            return;
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_with_quotes() {
        assert_eq!(
            split_command(r#"./a -x "b c" 'd e'f"#).unwrap(),
            vec!["./a", "-x", "b c", "d ef"]
        );
        assert_eq!(split_command("  a  ").unwrap(), vec!["a"]);
        assert_eq!(split_command(r#"a """#).unwrap(), vec!["a", ""]);
        assert!(split_command("a \"b").is_err());
    }

    #[test]
    fn engine_specs_parse() {
        let t = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let e = EngineSpec::from_tokens(&t(&["name=A", "cmd=./bin/x --fast", "dir=/tmp"])).unwrap();
        assert_eq!(e.name, "A");
        assert_eq!(e.cmd, vec!["./bin/x", "--fast"]);
        assert_eq!(e.dir, PathBuf::from("/tmp"));
        let e = EngineSpec::from_tokens(&t(&["cmd=/usr/bin/pbrain-x"])).unwrap();
        assert_eq!(e.name, "pbrain-x");
        assert!(EngineSpec::from_tokens(&t(&["name=A"])).is_err());
        assert!(EngineSpec::from_tokens(&t(&["cmd=x", "tc=5"])).is_err());
        let e = EngineSpec::from_tokens(&t(&["cmd=x", "info=max_node:500", "info=thread_num:2"]));
        assert_eq!(e.unwrap().info, ["INFO max_node 500", "INFO thread_num 2"]);
        assert!(EngineSpec::from_tokens(&t(&["cmd=x", "info=max_node"])).is_err());
        assert!(EngineSpec::from_tokens(&t(&["cmd=x", "info=a b:1"])).is_err());
    }

    #[test]
    fn chatter_is_recognised() {
        assert!(is_chatter("MESSAGE depth 5"));
        assert!(is_chatter("debug x"));
        assert!(is_chatter("  "));
        assert!(!is_chatter("7,7"));
        assert!(!is_chatter("MESSAGES"));
    }
}

//! One game between two engines, refereed like a Gomocup manager: the dialogue (START, INFO,
//! BEGIN / BOARD / TURN), the clocks (turn and match limits plus a tolerance), and the judging of
//! every move with the rensa crate's rules (five per rule, occupied or off-board cells, renju
//! fouls for Black), crashes and answers that are not moves.
//!
//! Two dialogues: the match runner's own (c-gomoku-cli style: ABOUT, START awaited, engines kept
//! between games) and judge mode, which mimics the official GomocupJudge (protocol.md §7.2, §8.2):
//! fresh processes, START and INFO written without waiting for `OK`, the engine suspended
//! (SIGSTOP) between its moves, CR LF line ends, the GomocupJudge clock and a memory check of the
//! process tree after every move.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rensa::board::{rule, Grid, Pos};
use rensa::types::{Color, Rule};
use tempfile::TempDir;

use crate::common::engine::{Engine, EngineSpec, ProtocolLog, Reply};
use crate::common::opening::Opening;
use crate::common::proctree;

/// Time limits in milliseconds; 0 means no limit (turn) or unlimited (match).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub turn_ms: u64,
    pub match_ms: u64,
    /// Extra time allowed on every move before it is a time loss (Gomocup: 1000 ms).
    pub tolerance_ms: u64,
}

/// Everything a game needs besides its engines and its opening.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub size: usize,
    pub rule: Rule,
    pub tc: TimeControl,
    /// Bytes, sent as `INFO max_memory` (0 = no limit).
    pub max_memory: u64,
    /// The game is a draw once this many stones are on the board (opening included).
    pub draw_after: usize,
    /// Send the whole position with BOARD before every move instead of TURN.
    pub send_board: bool,
    /// The pause between an engine's reply and the next command to it.
    pub move_delay: Duration,
    /// Time allowed for ABOUT and for START's `OK`.
    pub start_timeout: Duration,
    /// Games are played with fresh processes (END and exit after every game).
    pub fresh: bool,
    /// End every command line with CR LF (judge mode always does).
    pub crlf: bool,
    /// GomocupJudge mode: no ABOUT; each engine is launched when it first has to move, gets
    /// START and the INFO lines without its `OK` being awaited, and is suspended at once; it is
    /// resumed (SIGCONT) right after its move request (`INFO time_left` and `BOARD` with the
    /// stones so far for its first move, `TURN` later) is written, and suspended again after its
    /// answer; lines that are not `x,y` are skipped; the clock charges `elapsed − 10 ms` per move;
    /// the private memory (USS) of its process tree is checked against `max_memory` after every
    /// move; both processes end with the game.
    pub judge: bool,
    /// Judge mode: where the INFO lines go relative to START.
    pub info_order: InfoOrder,
    /// Stop the game (no result) once the engines have made this many moves (the self-test).
    pub stop_after: Option<usize>,
}

impl GameSettings {
    /// Settings with the runner's defaults for a board and rule: `-tc` defaults, 350 MiB,
    /// the Gomocup draw cap, no judge mode.
    pub fn new(size: usize, rule: Rule, tc: TimeControl) -> GameSettings {
        GameSettings {
            size,
            rule,
            tc,
            max_memory: 367_001_600,
            draw_after: if rule == Rule::Renju {
                200
            } else {
                size * size
            },
            send_board: false,
            move_delay: Duration::from_millis(5),
            start_timeout: Duration::from_millis(5000),
            fresh: false,
            crlf: false,
            judge: false,
            info_order: InfoOrder::Both,
            stop_after: None,
        }
    }
}

/// Judge mode: which INFO lines are written before START and which after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoOrder {
    /// As GomocupJudge: START, then `timeout_turn`, `timeout_match`, `max_memory`,
    /// `game_type 1`, `rule`, `folder`.
    Gomocup,
    /// `rule` and `max_memory` before START (as the fishtest worker) and again, with the rest,
    /// after it as GomocupJudge does. The default.
    Both,
    /// `rule` and `max_memory` before START only, the rest after: the engine must keep the rule
    /// across START.
    Fishtest,
}

impl InfoOrder {
    pub fn name(self) -> &'static str {
        match self {
            InfoOrder::Gomocup => "gomocup",
            InfoOrder::Both => "both",
            InfoOrder::Fishtest => "fishtest",
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A five (per rule) by the winner.
    Five,
    /// Board full or the stone cap reached.
    DrawCap,
    /// The loser answered too late (or never).
    Time,
    /// The loser played off the board or on an occupied cell.
    Illegal,
    /// The loser (Black, renju) played a forbidden point.
    Foul,
    /// The loser's process exited or its pipe broke.
    Crash,
    /// The loser's answer was not a move.
    NotAMove,
    /// The loser did not start: no answer to ABOUT, no `OK` to START, or could not be run.
    StartFailed,
    /// Judge mode: the loser's process tree used more private memory than `max_memory` (or its
    /// persistent folder grew past 70 MB).
    Memory,
    /// No result: the game was stopped after a set number of moves (the self-test).
    Stopped,
}

impl Reason {
    pub fn name(&self) -> &'static str {
        match self {
            Reason::Five => "five",
            Reason::DrawCap => "draw",
            Reason::Time => "time",
            Reason::Illegal => "illegal",
            Reason::Foul => "foul",
            Reason::Crash => "crash",
            Reason::NotAMove => "not-a-move",
            Reason::StartFailed => "start",
            Reason::Memory => "memory",
            Reason::Stopped => "stopped",
        }
    }

    /// The reason of a [`Reason::name`] (as the JSON lines write it).
    pub fn of_name(name: &str) -> Option<Reason> {
        [Reason::Five, Reason::DrawCap, Reason::Stopped]
            .into_iter()
            .chain(Reason::FAULTS)
            .find(|r| r.name() == name)
    }

    /// The fault kinds counted in reports, in order.
    pub const FAULTS: [Reason; 7] = [
        Reason::Time,
        Reason::Illegal,
        Reason::Foul,
        Reason::Crash,
        Reason::NotAMove,
        Reason::StartFailed,
        Reason::Memory,
    ];
}

/// The finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub id: usize,
    pub black: String,
    pub white: String,
    pub size: usize,
    pub rule: Rule,
    pub opening: Opening,
    /// Moves played by the engines after the opening, with the time each took.
    pub moves: Vec<((usize, usize), u64)>,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
    /// Human-readable detail: the offending answer, the five's cell, …
    pub detail: String,
    /// Judge mode: the largest private memory (USS) of each side's process tree measured after
    /// its moves, in bytes (0: not measured), Black then White.
    pub peak_memory: [u64; 2],
    /// Moves per side that took longer than the limit and were saved by the tolerance.
    pub over_limit: [usize; 2],
}

impl GameRecord {
    /// `1-0`, `0-1` or `1/2` from Black's point of view.
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2",
        }
    }

    /// The longest move of each side in ms (Black, White; 0 for a side that did not move).
    pub fn longest_moves(&self) -> [u64; 2] {
        let first = self.opening.moves.len() % 2;
        let mut m = [0; 2];
        for (i, &(_, t)) in self.moves.iter().enumerate() {
            let side = (first + i) % 2;
            m[side] = m[side].max(t);
        }
        m
    }
}

/// Makes sure the slot holds a running engine; `Err` is the reason it could not be started.
fn ensure_started(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    s: &GameSettings,
    log: &Option<Arc<ProtocolLog>>,
    game: usize,
) -> Result<(), String> {
    if slot.is_none() {
        let mut e = Engine::spawn(spec, log.clone(), game, s.start_timeout)
            .map_err(|e| format!("{e:#}"))?;
        e.move_delay = s.move_delay;
        e.crlf = s.crlf;
        *slot = Some(e);
    }
    let e = slot.as_mut().expect("started");
    e.game = game;
    e.drain();
    let fail = |slot: &mut Option<Engine>, why: String| {
        *slot = None;
        Err(why)
    };
    if e.send(&format!("START {}", s.size)).is_err() {
        return fail(slot, "pipe closed at START".into());
    }
    let deadline = Instant::now() + s.start_timeout;
    loop {
        match e.answer(Some(deadline)) {
            Reply::Line(l) if l.trim().eq_ignore_ascii_case("OK") => break,
            Reply::Line(l) if l.trim_start().to_ascii_uppercase().starts_with("ERROR") => {
                return fail(slot, format!("START refused: {l}"));
            }
            Reply::Line(_) => continue,
            Reply::Timeout => return fail(slot, "no OK to START".into()),
            Reply::Closed => return fail(slot, "exited at START".into()),
        }
    }
    let tc = s.tc;
    let mut info = Vec::new();
    if tc.turn_ms > 0 {
        info.push(format!("INFO timeout_turn {}", tc.turn_ms));
    }
    info.push(format!("INFO timeout_match {}", tc.match_ms));
    info.push(format!("INFO max_memory {}", s.max_memory));
    info.push(format!("INFO rule {}", s.rule.code()));
    info.push("INFO game_type 1".to_string());
    info.extend(spec.info.iter().cloned());
    for l in info {
        if e.send(&l).is_err() {
            return fail(slot, "pipe closed at INFO".into());
        }
    }
    Ok(())
}

/// The time a move may take before the tolerance, given the match time `used` so far:
/// `min(timeout_match − used, timeout_turn)` (GomocupJudge; a late move loses once it exceeds
/// this plus the tolerance). A zero turn or match limit means that limit does not apply; `None`:
/// no limit at all.
pub fn move_limit_ms(tc: TimeControl, used: u64) -> Option<u64> {
    let left = tc.match_ms.saturating_sub(used);
    match (tc.turn_ms, tc.match_ms) {
        (0, 0) => None,
        (0, _) => Some(left),
        (t, 0) => Some(t),
        (t, _) => Some(t.min(left)),
    }
}

/// Parses a move answer strictly: two integers separated by one comma (spaces around allowed).
pub fn parse_move(line: &str) -> Option<(i64, i64)> {
    let (a, b) = line.trim().split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// What happens to a move under the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Legal and the game goes on.
    Ok,
    /// Legal and wins.
    Five,
    OffBoard,
    Occupied,
    Foul,
}

/// Judges `color` playing `(x, y)` on `grid`, and plays it when legal.
pub fn judge_move(grid: &mut Grid, x: i64, y: i64, color: Color, rule: Rule) -> Judged {
    let Some(p) = grid.pos(x, y) else {
        return Judged::OffBoard;
    };
    if !grid.is_empty(p) {
        return Judged::Occupied;
    }
    if rule == Rule::Renju && color == Color::Black && rule::renju_foul(grid, p).is_some() {
        return Judged::Foul;
    }
    grid.set(p, color.stone());
    if rule::is_five(grid, p, color, rule) {
        Judged::Five
    } else {
        Judged::Ok
    }
}

/// GomocupJudge's allowance per move: the match clock is charged `elapsed − 10 ms`.
pub const JUDGE_MOVE_CREDIT_MS: u64 = 10;
/// GomocupJudge's limit on the engine's persistent folder (`INFO folder`): 70 MB.
pub const JUDGE_FOLDER_LIMIT: u64 = 70 * 1024 * 1024;

/// The lines a judge-mode game writes to a new engine process before suspending it: START and
/// the INFO lines, none of them awaited. `folder` is the engine's persistent folder.
pub fn judge_start_lines(s: &GameSettings, folder: &str) -> Vec<String> {
    let tc = s.tc;
    let rule = format!("INFO rule {}", s.rule.code());
    let memory = format!("INFO max_memory {}", s.max_memory);
    let mut v = Vec::new();
    if s.info_order != InfoOrder::Gomocup {
        v.push(rule.clone());
        v.push(memory.clone());
    }
    v.push(format!("START {}", s.size));
    v.push(format!("INFO timeout_turn {}", tc.turn_ms));
    v.push(format!("INFO timeout_match {}", tc.match_ms));
    if s.info_order != InfoOrder::Fishtest {
        v.push(memory);
    }
    v.push("INFO game_type 1".to_string());
    if s.info_order != InfoOrder::Fishtest {
        v.push(rule);
    }
    v.push(format!("INFO folder {folder}"));
    v
}

/// Launches a judge-mode engine: a new process, CR LF line ends, START and INFO written at
/// once, then suspended until its first move request.
fn judge_start(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    s: &GameSettings,
    log: &Option<Arc<ProtocolLog>>,
    game: usize,
    folder: &Path,
) -> Result<(), String> {
    *slot = None;
    let mut e = Engine::launch(spec, log.clone(), game).map_err(|e| format!("{e:#}"))?;
    e.crlf = true;
    e.move_delay = s.move_delay;
    for l in judge_start_lines(s, &folder.display().to_string()) {
        if e.send(&l).is_err() {
            return Err("pipe closed at START".into());
        }
    }
    e.suspend();
    *slot = Some(e);
    Ok(())
}

/// GomocupJudge's reading of an answer: every line that is not `x,y` (START's late `OK`,
/// `MESSAGE`, anything else) is skipped; the first coordinate line is the move.
fn judge_answer(e: &mut Engine, deadline: Option<Instant>) -> Reply {
    loop {
        match e.recv(deadline) {
            Reply::Line(l) if parse_move(&l).is_none() => continue,
            other => return other,
        }
    }
}

/// A new persistent folder (`INFO folder`) for one engine in one judge-mode game, in the
/// system's temporary directory. It is removed when dropped, however the game ends.
fn judge_folder(game: usize, color: Color) -> Result<TempDir, String> {
    let side = if color == Color::Black {
        "black"
    } else {
        "white"
    };
    tempfile::Builder::new()
        .prefix(&format!("rensa-judge-g{game}-{side}-"))
        .tempdir()
        .map_err(|e| format!("cannot create the INFO folder: {e}"))
}

/// Plays one game. `slots[0]` plays Black and `slots[1]` White; a slot left `None` afterwards
/// means its engine was killed (it misbehaved, or `fresh` is set) and is restarted next time.
///
/// With `s.judge` the game follows GomocupJudge (see [`GameSettings::judge`]): each engine is
/// launched when it first has to move, suspended between its moves, its memory measured after
/// every move, and both processes are ended with the game.
pub fn play_game(
    id: usize,
    specs: [&EngineSpec; 2],
    slots: [&mut Option<Engine>; 2],
    s: &GameSettings,
    opening: &Opening,
    log: &Option<Arc<ProtocolLog>>,
) -> GameRecord {
    let [black_slot, white_slot] = slots;
    let mut slots = [black_slot, white_slot];
    let mut rec = GameRecord {
        id,
        black: specs[0].name.clone(),
        white: specs[1].name.clone(),
        size: s.size,
        rule: s.rule,
        opening: opening.clone(),
        moves: Vec::new(),
        winner: None,
        reason: Reason::DrawCap,
        detail: String::new(),
        peak_memory: [0; 2],
        over_limit: [0; 2],
    };
    let finish = |rec: &mut GameRecord, winner: Option<Color>, reason: Reason, detail: String| {
        rec.winner = winner;
        rec.reason = reason;
        rec.detail = detail;
    };

    if s.judge {
        // Judge mode starts every game with new processes, each when it first has to move.
        for slot in slots.iter_mut() {
            **slot = None;
        }
    } else {
        // Start both; a failure loses (both failing is a draw).
        let started: Vec<Result<(), String>> = (0..2)
            .map(|i| ensure_started(slots[i], specs[i], s, log, id))
            .collect();
        match (&started[0], &started[1]) {
            (Ok(()), Ok(())) => {}
            (Err(a), Err(b)) => {
                finish(
                    &mut rec,
                    None,
                    Reason::StartFailed,
                    format!("both failed to start: {a}; {b}"),
                );
                return rec;
            }
            (Err(a), _) => {
                finish(&mut rec, Some(Color::White), Reason::StartFailed, a.clone());
                return end_game(rec, slots, s);
            }
            (_, Err(b)) => {
                finish(&mut rec, Some(Color::Black), Reason::StartFailed, b.clone());
                return end_game(rec, slots, s);
            }
        }
    }

    let mut grid = opening
        .to_grid(s.size, s.rule)
        .expect("openings are checked when loaded");
    // All stones in move order, for BOARD.
    let mut history: Vec<(usize, usize)> = opening.moves.clone();
    let mut used = [0u64; 2];
    let mut informed = [false; 2]; // whether the engine has seen the position once
                                   // Judge mode: each engine's INFO folder, made when it is launched, removed on drop.
    let mut folders: [Option<TempDir>; 2] = [None, None];
    let area = s.size * s.size;
    let tc = s.tc;

    loop {
        if history.len() >= s.draw_after.min(area) {
            let why = if history.len() >= area {
                "board full".to_string()
            } else {
                format!("{} stones", history.len())
            };
            finish(&mut rec, None, Reason::DrawCap, why);
            break;
        }
        if let Some(n) = s.stop_after {
            if rec.moves.len() >= n {
                finish(
                    &mut rec,
                    None,
                    Reason::Stopped,
                    format!("stopped after {n} moves"),
                );
                break;
            }
        }
        let color = if history.len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        let side = color.index();
        let winner = Some(color.opp());
        if s.judge && slots[side].is_none() {
            let started = judge_folder(id, color).and_then(|folder| {
                let r = judge_start(slots[side], specs[side], s, log, id, folder.path());
                folders[side] = Some(folder);
                r
            });
            if let Err(why) = started {
                finish(&mut rec, winner, Reason::StartFailed, why);
                break;
            }
        }
        let e = slots[side].as_mut().expect("started");
        if !s.judge {
            // GomocupJudge leaves stray lines in the queue (START's OK is read this way).
            e.drain();
        }

        // The request.
        let left = tc.match_ms.saturating_sub(used[side]);
        let mut lines = vec![format!(
            "INFO time_left {}",
            if tc.match_ms > 0 { left } else { 2_147_483_647 }
        )];
        if history.is_empty() && !s.judge {
            lines.push("BEGIN".to_string());
        } else if s.send_board || !informed[side] {
            lines.push("BOARD".to_string());
            for (i, &(x, y)) in history.iter().enumerate() {
                let mine = (i % 2 == 0) == (color == Color::Black);
                lines.push(format!("{x},{y},{}", if mine { 1 } else { 2 }));
            }
            lines.push("DONE".to_string());
        } else {
            let (x, y) = *history.last().expect("not empty");
            lines.push(format!("TURN {x},{y}"));
        }
        informed[side] = true;
        let mut sent = true;
        for l in &lines {
            if e.send(l).is_err() {
                sent = false;
                break;
            }
        }
        // GomocupJudge starts the clock just before it resumes the engine.
        let t0 = Instant::now();
        if s.judge {
            e.resume();
        }
        let limit_ms = move_limit_ms(tc, used[side]);
        let deadline = limit_ms.map(|l| t0 + Duration::from_millis(l + tc.tolerance_ms));
        let reply = match (sent, s.judge) {
            (false, _) => Reply::Closed,
            (true, true) => judge_answer(e, deadline),
            (true, false) => e.answer(deadline),
        };
        let elapsed = t0.elapsed().as_millis() as u64;
        if s.judge {
            e.suspend();
        }
        let line = match reply {
            Reply::Closed => {
                *slots[side] = None;
                finish(&mut rec, winner, Reason::Crash, "engine exited".into());
                break;
            }
            Reply::Timeout => {
                *slots[side] = None;
                finish(
                    &mut rec,
                    winner,
                    Reason::Time,
                    format!(
                        "no move within {} ms",
                        limit_ms.unwrap_or(0) + tc.tolerance_ms
                    ),
                );
                break;
            }
            Reply::Line(l) => l,
        };
        if let Some(l) = limit_ms {
            if elapsed > l + tc.tolerance_ms {
                *slots[side] = None;
                finish(
                    &mut rec,
                    winner,
                    Reason::Time,
                    format!(
                        "move after {elapsed} ms, limit {l} + {} ms",
                        tc.tolerance_ms
                    ),
                );
                break;
            }
            if elapsed > l {
                rec.over_limit[side] += 1;
            }
        }
        if s.judge {
            used[side] += elapsed.saturating_sub(JUDGE_MOVE_CREDIT_MS);
            // Memory of the (suspended) process tree, then the persistent folder.
            let mem = e.memory().unwrap_or(0);
            rec.peak_memory[side] = rec.peak_memory[side].max(mem);
            if s.max_memory > 0 && mem > s.max_memory {
                *slots[side] = None;
                finish(
                    &mut rec,
                    winner,
                    Reason::Memory,
                    format!("{mem} bytes in use, limit {}", s.max_memory),
                );
                break;
            }
            let folder = folders[side]
                .as_ref()
                .map_or(0, |f| proctree::dir_size(f.path()));
            if folder > JUDGE_FOLDER_LIMIT {
                *slots[side] = None;
                finish(
                    &mut rec,
                    winner,
                    Reason::Memory,
                    format!("persistent folder holds {folder} bytes, limit {JUDGE_FOLDER_LIMIT}"),
                );
                break;
            }
        } else {
            used[side] += elapsed;
        }
        let Some((x, y)) = parse_move(&line) else {
            *slots[side] = None;
            let shown: String = line.chars().take(60).collect();
            finish(
                &mut rec,
                winner,
                Reason::NotAMove,
                format!("answer {shown:?}"),
            );
            break;
        };
        match judge_move(&mut grid, x, y, color, s.rule) {
            Judged::OffBoard => {
                *slots[side] = None;
                finish(
                    &mut rec,
                    winner,
                    Reason::Illegal,
                    format!("{x},{y} is off the board"),
                );
                break;
            }
            Judged::Occupied => {
                *slots[side] = None;
                finish(
                    &mut rec,
                    winner,
                    Reason::Illegal,
                    format!("{x},{y} is occupied"),
                );
                break;
            }
            Judged::Foul => {
                let foul = rule::renju_foul(&grid, Pos::new(x as usize, y as usize));
                rec.moves.push(((x as usize, y as usize), elapsed));
                finish(
                    &mut rec,
                    winner,
                    Reason::Foul,
                    format!("{x},{y} is forbidden ({foul:?})"),
                );
                break;
            }
            Judged::Five => {
                rec.moves.push(((x as usize, y as usize), elapsed));
                finish(
                    &mut rec,
                    Some(color),
                    Reason::Five,
                    format!("five at {x},{y}"),
                );
                break;
            }
            Judged::Ok => {
                rec.moves.push(((x as usize, y as usize), elapsed));
                history.push((x as usize, y as usize));
            }
        }
    }
    // The engines end first; their folders are removed when `folders` drops.
    end_game(rec, slots, s)
}

/// After a game: with `fresh` (and always in judge mode), engines get END and exit.
fn end_game(rec: GameRecord, slots: [&mut Option<Engine>; 2], s: &GameSettings) -> GameRecord {
    if s.fresh || s.judge {
        for slot in slots {
            if let Some(e) = slot.take() {
                e.quit(Duration::from_millis(500));
            }
        }
    }
    rec
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_start_writes_info_around_start_per_order() {
        let mut s = GameSettings::new(
            15,
            Rule::Renju,
            TimeControl {
                turn_ms: 300,
                match_ms: 1800,
                tolerance_ms: 1000,
            },
        );
        let both = judge_start_lines(&s, "/tmp/f");
        assert_eq!(
            both,
            vec![
                "INFO rule 4",
                "INFO max_memory 367001600",
                "START 15",
                "INFO timeout_turn 300",
                "INFO timeout_match 1800",
                "INFO max_memory 367001600",
                "INFO game_type 1",
                "INFO rule 4",
                "INFO folder /tmp/f",
            ]
        );
        s.info_order = InfoOrder::Gomocup;
        assert_eq!(judge_start_lines(&s, "/tmp/f")[..], both[2..]);
        s.info_order = InfoOrder::Fishtest;
        let fish = judge_start_lines(&s, "/tmp/f");
        assert_eq!(fish[..3], both[..3]);
        assert_eq!(
            fish.iter().filter(|l| l.starts_with("INFO rule")).count(),
            1
        );
    }

    #[test]
    fn move_limits_follow_gomocupjudge() {
        let tc = |turn_ms, match_ms| TimeControl {
            turn_ms,
            match_ms,
            tolerance_ms: 1000,
        };
        // min(timeout_match − used, timeout_turn)
        assert_eq!(move_limit_ms(tc(30_000, 180_000), 0), Some(30_000));
        assert_eq!(move_limit_ms(tc(30_000, 180_000), 170_000), Some(10_000));
        assert_eq!(move_limit_ms(tc(30_000, 180_000), 190_000), Some(0));
        assert_eq!(move_limit_ms(tc(0, 180_000), 100_000), Some(80_000));
        assert_eq!(move_limit_ms(tc(5_000, 0), 1_000_000), Some(5_000));
        assert_eq!(move_limit_ms(tc(0, 0), 5), None);
    }

    #[test]
    fn moves_parse_strictly() {
        assert_eq!(parse_move("7,7"), Some((7, 7)));
        assert_eq!(parse_move(" 10 , 3 "), Some((10, 3)));
        assert_eq!(parse_move("-1,-1"), Some((-1, -1)));
        assert_eq!(parse_move("7,7,1"), None);
        assert_eq!(parse_move("7 7"), None);
        assert_eq!(parse_move("OK"), None);
        assert_eq!(parse_move("x,7"), None);
    }

    #[test]
    fn judging_off_board_occupied_and_five() {
        let mut g = Grid::from_ascii(
            "   a b c d e f g
             1 . . . . . . .
             2 . X X X X . .
             3 . O O O O . .
             4 . . . . . . .
             5 . . . . . . .
             6 . . . . . . .
             7 . . . . . . .",
        )
        .unwrap();
        assert_eq!(
            judge_move(&mut g, 7, 0, Color::Black, Rule::Freestyle),
            Judged::OffBoard
        );
        assert_eq!(
            judge_move(&mut g, 0, -1, Color::Black, Rule::Freestyle),
            Judged::OffBoard
        );
        assert_eq!(
            judge_move(&mut g, 1, 1, Color::Black, Rule::Freestyle),
            Judged::Occupied
        );
        assert_eq!(
            judge_move(&mut g, 3, 5, Color::Black, Rule::Freestyle),
            Judged::Ok
        );
        assert_eq!(g.stone_counts(), [5, 4]);
    }

    #[test]
    fn fives_are_judged_per_rule() {
        let board = "   a b c d e f g h i
                     1 . . . . . . . . .
                     2 . X X X X . X . .
                     3 . . . . . . . . .
                     4 O X X X X . O . .
                     5 . . . . . . . . .
                     6 . . . . . . . . .
                     7 . . . . . . . . .
                     8 . . . . . . . . .
                     9 . . . . . . . . .";
        let g = Grid::from_ascii(board).unwrap();
        // f2 makes six for Black: a win in freestyle and caro 8, nothing in standard and caro 9.
        for (rule, want) in [
            (Rule::Freestyle, Judged::Five),
            (Rule::Standard, Judged::Ok),
            (Rule::CaroOverline, Judged::Five),
            (Rule::Caro, Judged::Ok),
        ] {
            assert_eq!(
                judge_move(&mut g.clone(), 5, 1, Color::Black, rule),
                want,
                "{rule:?}"
            );
        }
        // f4 makes five blocked at both ends by White: void in caro, a win elsewhere.
        for (rule, want) in [
            (Rule::Freestyle, Judged::Five),
            (Rule::Standard, Judged::Five),
            (Rule::Caro, Judged::Ok),
            (Rule::CaroOverline, Judged::Ok),
        ] {
            assert_eq!(
                judge_move(&mut g.clone(), 5, 3, Color::Black, rule),
                want,
                "{rule:?}"
            );
        }
    }

    #[test]
    fn renju_fouls_are_judged_for_black_only() {
        let g = Grid::from_ascii(
            "   a b c d e f g h i
             1 . . . . . . . . .
             2 . . . . . . . . .
             3 . . . . X . . . .
             4 . . . . X . . . .
             5 . . X X . . . . .
             6 . . . . . . . . .
             7 . . . . . . . . .
             8 . . . . . . . . .
             9 . . . . . . . . .",
        )
        .unwrap();
        // e5 is a double three for Black; White may play it.
        assert_eq!(
            judge_move(&mut g.clone(), 4, 4, Color::Black, Rule::Renju),
            Judged::Foul
        );
        assert_eq!(
            judge_move(&mut g.clone(), 4, 4, Color::White, Rule::Renju),
            Judged::Ok
        );
        assert_eq!(
            judge_move(&mut g.clone(), 4, 4, Color::Black, Rule::Freestyle),
            Judged::Ok
        );
        // A foul leaves the board unchanged.
        let mut h = g.clone();
        judge_move(&mut h, 4, 4, Color::Black, Rule::Renju);
        assert_eq!(h, g);
    }
}

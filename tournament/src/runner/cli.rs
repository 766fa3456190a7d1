//! The command line of `rensa-match`: options in the c-gomoku-cli style (`-option key=value …`),
//! turned into a [`MatchConfig`] or a judge run ([`Action`]), and the help text. The parsing
//! helpers it shares with the other tools are in `common::options`.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use rensa::types::{Rule, MAX_SIZE, MIN_SIZE};

use crate::common::engine::EngineSpec;
use crate::common::game::{GameSettings, InfoOrder, TimeControl};
use crate::common::options::{finite, kv, num, option_groups, rule_of, OpeningOpts};
use crate::common::shard::Shard;
use crate::runner::judge::{CheckConfig, DEFAULT_SCALE};
use crate::runner::schedule::Mode;
use crate::runner::stats::{SprtModel, SprtParams};
use crate::runner::MatchConfig;

pub const HELP: &str = "\
rensa-match: plays pbrain (Gomocup protocol) engines against each other.

USAGE:
  rensa-match -engine name=A cmd=PROGRAM [dir=DIR] -engine name=B cmd=... [OPTIONS]
  rensa-match merge FILE... [-json FILE]
  rensa-match chain FILE... [-sprt elo0=E0 elo1=E1 ...]

Every option is a word starting with '-' followed by its values; values of the form key=value
may come in any order. Quote a command with arguments: cmd=\"./pbrain-x --flag\". A program given
with a path (./x, dir/x) is found relative to the current directory; dir= is the engine's
working directory (default .).

ENGINES AND PAIRINGS:
  -engine name=N cmd=CMD [dir=D] [info=KEY:VALUE ...]
                                   an engine; repeat for each (at least two). Each info=
                                   sends `INFO KEY VALUE` after the standard INFO lines at
                                   every game start (not in judge mode), e.g.
                                   info=max_node:50000 for a node-limited match
  -mode gauntlet|roundrobin        gauntlet: the first engine plays each other one (default);
                                   roundrobin: every engine plays every other one
  -games N                         games per pairing, rounded up to even: every opening is
                                   played twice with colours swapped (default 2; with -sprt
                                   the most games before stopping undecided, default no limit)
  -concurrency N                   games played at once, each by its own worker (default 1)
  -fresh                           new engine processes for every game (default: each worker
                                   keeps its engines and sends START between games; an engine
                                   that crashed, timed out or misbehaved is restarted)

GAME:
  -rule 0|1|4|8|9                  0 freestyle, 1 standard (exact five), 4 renju, 8 caro with
                                   overlines, 9 caro (default 0)
  -size N                          board size 5..32 (default 15)
  -tc turn=MS match=MS tolerance=MS
                                   time per move, per game (0 = none), and the grace before a
                                   late move loses (default turn=5000 match=120000
                                   tolerance=1000); time_left is sent before every move
  -drawafter N                     draw once N stones are on the board (default 200 in renju,
                                   else the whole board)
  -openings file=PATH              openings from a file, one per line, used in order: pos
                                   strings (h8i9j7) or Gomocup offsets from the centre (0,0, 1,0)
  -openings random=N [radius=R] [seed=S]
                                   N random stones within R of the centre (default random=3
                                   radius=3 seed=1), checked to hold no five and no renju foul
  -openings random=N balance=S     only openings that Rensa's own 20000-node search scores
                                   within +-S for the side to move (eval units; the side to
                                   move after 3 stones typically scores -450..0, after 4 stones
                                   0..900): candidates are redrawn until one is (200 tries)
  -sendbyboard                     send the whole position (BOARD) before every move instead
                                   of TURN
  -maxmemory BYTES                 INFO max_memory (default 367001600 = 350 MiB)
  -movedelay MS                    pause after an engine's reply before its next command
                                   (default 5)
  -starttimeout MS                 time allowed for ABOUT and for START's OK (default 5000)

GOMOCUP JUDGE MODE:
  -judge                           play every game as the official GomocupJudge does: fresh
                                   processes, no ABOUT, START and INFO (timeout_turn,
                                   timeout_match, max_memory, game_type 1, rule, folder) written
                                   without waiting for OK, the engine suspended (SIGSTOP) except
                                   while it is asked for a move, BOARD for each engine's first
                                   move, lines that are not x,y skipped, CR LF line ends, the
                                   match clock charged elapsed - 10 ms per move, and the private
                                   memory (USS) of the engine's process tree checked against
                                   -maxmemory after every move (a loss 'memory')
  -infoorder both|gomocup|fishtest judge mode: 'rule' and 'max_memory' before START and again
                                   after it (both, default), only after (gomocup), only before
                                   (fishtest)
  -crlf                            end command lines with CR LF (always on in judge mode)
  -selftest                        with one -engine: the referee's rule self-test in every
                                   format (complete a five; six is no win in standard, caro 9
                                   and for renju Black; a five between two opponent stones is no
                                   win in caro; never play a renju double three), PASS/FAIL per
                                   case, exit status 1 on any failure
  -formats                         with one or two -engine: one judge-mode game per Gomocup
                                   format (freestyle 15 and 20, fastgame 20, standard 15, renju
                                   15, caro 15 as rule 8 and 9), exit status 1 on any fault
  -scale F                         -selftest/-formats: factor on Gomocup's limits (default 0.01
                                   or 1/100: 30 s/180 s -> 300 ms/1800 ms, fastgame 5 s/120 s
                                   -> 50 ms/1200 ms); -tc tolerance= still applies (default
                                   1000 ms, not scaled); -openings seed= seeds the 3-stone
                                   openings of the format games

SPRT (two engines only):
  -sprt [elo0=0] [elo1=5] [alpha=0.05] [beta=0.05] [model=pentanomial|trinomial]
                                   stop as soon as the LLR leaves [ln(b/(1-a)), ln((1-b)/a)];
                                   H1: the first engine is elo1 stronger, H0: elo0. The LLR is
                                   the normal approximation over opening pairs (pentanomial,
                                   default) or single games (trinomial), logistic Elo.

OUTPUT:
  -sgf DIR                         save every game as DIR/game-NNNNN.sgf
  -psq DIR                         save every game as Piskvork DIR/game-NNNNN.psq
  -json FILE                       JSON lines: the settings first, then one line per game as
                                   soon as it ends, the summary last (see tournament/README.md)
  -log FILE                        log the protocol dialogue of every game
  -progress SECS                   progress line interval when stdout is not a terminal
                                   (default 10; on a terminal one line is updated in place)
  -help                            this text

SHARDS (one run split over several processes or hosts, see docs/cluster.md):
  -shard I/N                       play only shard I of N: the opening rounds r with
                                   r mod N = I-1 (both colours of an opening together), under
                                   their game numbers, openings and seeds of the whole run. With
                                   -sprt it needs -games and plays its part to the end: the
                                   verdict is the merge's
  -resume                          with -json: keep the games the file already holds (it must
                                   be of the same run and shard) and play only the others
  rensa-match merge FILE... [-json FILE]
                                   reads the -json files of the shards of one run (or of runs
                                   stopped half-way: every finished game counts), checks they
                                   are one run (same match line, no shard or game twice) and
                                   prints the report one run prints; -json writes them as one
                                   run's file
  rensa-match chain FILE... [-sprt ...]
                                   reads the -json files of several runs of one comparison
                                   (same engine names, pairings, rule, size and time; other
                                   openings) as one sequential test: the first pairing's
                                   counts summed run after run, each run's games in the order
                                   they ended; prints the state after each run and the game
                                   where the LLR first crossed a bound (the SPRT of the first
                                   run, or -sprt's). For a run capped undecided and continued
                                   on fresh openings

The last line printed is a machine-readable summary:
  SUMMARY engine=A games=.. wins=.. losses=.. draws=.. score=.. elo=.. elo_error=.. los=..
          [llr=.. sprt=H1|H0|undecided] time=.. illegal=.. foul=.. crash=.. not_a_move=.. start=..
Exit status: 0 when the match ran (whatever the result), 2 on bad options or errors;
-selftest and -formats: 0 all passed, 1 a case failed or a game was lost by a fault.
";

/// A number of seconds for a [`Duration`]: finite, at least 0, at most a year.
fn seconds(v: &str, what: &str) -> Result<Duration> {
    const MOST: f64 = 365.0 * 24.0 * 3600.0;
    let x = finite(v, what)?;
    if !(0.0..=MOST).contains(&x) {
        bail!("bad value {v:?} for {what}: expected seconds between 0 and {MOST}");
    }
    Ok(Duration::from_secs_f64(x))
}

/// What the command line asks for.
#[derive(Clone, Debug)]
pub enum Action {
    Help,
    Match(Box<MatchConfig>),
    /// `-selftest`: the rule self-test of the first engine.
    SelfTest(CheckConfig),
    /// `-formats`: one judge-mode game per Gomocup format.
    Formats(CheckConfig),
    /// `merge FILE…`: the `-json` files of one run's shards as one run, and where to write them
    /// as one file.
    Merge {
        files: Vec<PathBuf>,
        json: Option<PathBuf>,
    },
    /// `chain FILE…`: the `-json` files of several runs of one comparison as one sequential
    /// test, under the first run's SPRT or the one given.
    Chain {
        files: Vec<PathBuf>,
        sprt: Option<SprtParams>,
    },
}

/// The values of `-sprt` (`elo0= elo1= alpha= beta= model=`) over the defaults.
fn parse_sprt(vals: &[String]) -> Result<SprtParams> {
    let mut p = SprtParams::default();
    for v in vals {
        let (k, v) = kv(v)?;
        match k {
            "elo0" => p.elo0 = finite(v, "-sprt elo0")?,
            "elo1" => p.elo1 = finite(v, "-sprt elo1")?,
            "alpha" => p.alpha = finite(v, "-sprt alpha")?,
            "beta" => p.beta = finite(v, "-sprt beta")?,
            "model" => {
                p.model = match v {
                    "pentanomial" | "penta" => SprtModel::Pentanomial,
                    "trinomial" | "tri" => SprtModel::Trinomial,
                    _ => bail!("unknown SPRT model {v:?}"),
                }
            }
            _ => bail!("unknown -sprt key {k:?}"),
        }
    }
    if !(p.alpha > 0.0 && p.alpha < 1.0 && p.beta > 0.0 && p.beta < 1.0) {
        bail!("SPRT alpha and beta must lie in (0, 1)");
    }
    if p.elo1 <= p.elo0 {
        bail!("SPRT needs elo1 > elo0");
    }
    Ok(p)
}

/// The file names before the first option.
fn leading_files(args: &[String]) -> Vec<PathBuf> {
    args.iter()
        .take_while(|a| !a.starts_with('-'))
        .map(PathBuf::from)
        .collect()
}

/// The arguments of `chain` (after the word): file names, then at most `-sprt …`.
fn parse_chain(args: &[String]) -> Result<Action> {
    let files = leading_files(args);
    let mut sprt = None;
    for (opt, vals) in option_groups(&args[files.len()..])? {
        match opt.as_str() {
            "h" | "help" => return Ok(Action::Help),
            "sprt" => sprt = Some(parse_sprt(&vals)?),
            o => bail!("unknown chain option -{o} (chain FILE... [-sprt ...])"),
        }
    }
    if files.is_empty() {
        bail!("chain needs the -json files of the runs, in order: chain FILE... [-sprt ...]");
    }
    Ok(Action::Chain { files, sprt })
}

/// The arguments of `merge` (after the word): file names, then at most `-json FILE`.
fn parse_merge(args: &[String]) -> Result<Action> {
    let files = leading_files(args);
    let mut json = None;
    for (opt, vals) in option_groups(&args[files.len()..])? {
        match (opt.as_str(), vals.as_slice()) {
            ("h" | "help", _) => return Ok(Action::Help),
            ("json", [v]) => json = Some(PathBuf::from(v)),
            ("json", _) => bail!("-json takes one value"),
            (o, _) => bail!("unknown merge option -{o} (merge FILE... [-json FILE])"),
        }
    }
    if files.is_empty() {
        bail!("merge needs the -json files of the run's shards: merge FILE... [-json FILE]");
    }
    if json.as_ref().is_some_and(|j| files.contains(j)) {
        bail!("merge's -json must not be one of the files it reads");
    }
    Ok(Action::Merge { files, json })
}

/// Parses the arguments of a match (without the program name). `Ok(None)` means help was asked
/// for; `-selftest` and `-formats` are refused here (see [`parse_action`]).
pub fn parse(args: &[String]) -> Result<Option<MatchConfig>> {
    match parse_action(args)? {
        Action::Help => Ok(None),
        Action::Match(m) => Ok(Some(*m)),
        _ => bail!("not a match command line"),
    }
}

/// Parses the arguments (without the program name).
pub fn parse_action(args: &[String]) -> Result<Action> {
    if args.first().is_some_and(|a| a == "merge") {
        return parse_merge(&args[1..]);
    }
    if args.first().is_some_and(|a| a == "chain") {
        return parse_chain(&args[1..]);
    }
    let groups = option_groups(args)?;
    let mut engines = Vec::new();
    let mut mode = Mode::Gauntlet;
    let mut games = None;
    let mut concurrency = 1;
    let mut fresh = false;
    let mut rule = Rule::Freestyle;
    let mut size = 15;
    let mut tc = TimeControl {
        turn_ms: 5000,
        match_ms: 120_000,
        tolerance_ms: 1000,
    };
    let mut draw_after = None;
    let mut openings = OpeningOpts::new();
    let mut send_board = false;
    let mut max_memory = 367_001_600u64;
    let mut move_delay = 5u64;
    let mut start_timeout = 5000u64;
    let mut sprt = None;
    let (mut sgf_dir, mut psq_dir, mut json, mut log) = (None, None, None, None);
    let mut progress = Duration::from_secs(10);
    let (mut shard, mut resume) = (Shard::ALL, false);
    let (mut crlf, mut judge, mut info_order) = (false, false, InfoOrder::Both);
    let (mut selftest, mut formats, mut scale) = (false, false, DEFAULT_SCALE);

    for (opt, vals) in &groups {
        let one = || -> Result<&String> {
            match vals.as_slice() {
                [v] => Ok(v),
                _ => bail!("-{opt} takes one value"),
            }
        };
        let none = || -> Result<()> {
            if vals.is_empty() {
                Ok(())
            } else {
                bail!("-{opt} takes no value")
            }
        };
        match opt.as_str() {
            "h" | "help" => return Ok(Action::Help),
            "engine" => engines.push(EngineSpec::from_tokens(vals)?),
            "mode" => {
                mode = match one()?.as_str() {
                    "gauntlet" => Mode::Gauntlet,
                    "roundrobin" | "rr" => Mode::RoundRobin,
                    m => bail!("unknown mode {m:?}"),
                }
            }
            "games" => games = Some(num::<usize>(one()?, "-games")?),
            "concurrency" => concurrency = num(one()?, "-concurrency")?,
            "fresh" => {
                none()?;
                fresh = true
            }
            "rule" => rule = rule_of(one()?)?,
            "size" => size = num(one()?, "-size")?,
            "tc" => {
                for v in vals {
                    let (k, v) = kv(v)?;
                    let ms: u64 = num(v, k)?;
                    match k {
                        "turn" => tc.turn_ms = ms,
                        "match" => tc.match_ms = ms,
                        "tolerance" => tc.tolerance_ms = ms,
                        _ => bail!("unknown -tc key {k:?} (turn, match, tolerance)"),
                    }
                }
            }
            "drawafter" => draw_after = Some(num::<usize>(one()?, "-drawafter")?),
            "openings" => openings.apply(vals)?,
            "sendbyboard" => {
                none()?;
                send_board = true
            }
            "maxmemory" => max_memory = num(one()?, "-maxmemory")?,
            "movedelay" => move_delay = num(one()?, "-movedelay")?,
            "starttimeout" => start_timeout = num(one()?, "-starttimeout")?,
            "sprt" => {
                sprt = Some(parse_sprt(vals)?);
            }
            "sgf" => sgf_dir = Some(PathBuf::from(one()?)),
            "psq" => psq_dir = Some(PathBuf::from(one()?)),
            "json" => json = Some(PathBuf::from(one()?)),
            "log" => log = Some(PathBuf::from(one()?)),
            "progress" => progress = seconds(one()?, "-progress")?,
            "shard" => shard = Shard::parse(one()?)?,
            "resume" => {
                none()?;
                resume = true
            }
            "crlf" => {
                none()?;
                crlf = true
            }
            "judge" | "gomocup" => {
                none()?;
                judge = true
            }
            "infoorder" => {
                info_order = match one()?.as_str() {
                    "gomocup" => InfoOrder::Gomocup,
                    "both" => InfoOrder::Both,
                    "fishtest" => InfoOrder::Fishtest,
                    o => bail!("unknown -infoorder {o:?} (gomocup, both, fishtest)"),
                }
            }
            "selftest" => {
                none()?;
                selftest = true
            }
            "formats" => {
                none()?;
                formats = true
            }
            "scale" => {
                let v = one()?;
                scale = match v.split_once('/') {
                    Some((a, b)) => finite(a, "-scale")? / finite(b, "-scale")?,
                    None => finite(v, "-scale")?,
                };
                if !(scale > 0.0 && scale.is_finite()) {
                    bail!("bad value {v:?} for -scale: expected a positive finite number");
                }
            }
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if selftest || formats {
        if selftest && formats {
            bail!("-selftest and -formats are separate runs");
        }
        let most = if selftest { 1 } else { 2 };
        if engines.is_empty() || engines.len() > most {
            bail!(
                "-{} takes {} -engine",
                if selftest { "selftest" } else { "formats" },
                if selftest { "one" } else { "one or two" }
            );
        }
        let check = CheckConfig {
            engines,
            scale,
            tolerance_ms: tc.tolerance_ms,
            max_memory,
            info_order,
            move_delay: Duration::from_millis(move_delay),
            seed: openings.seed,
            log,
            sgf_dir,
            psq_dir,
        };
        return Ok(if selftest {
            Action::SelfTest(check)
        } else {
            Action::Formats(check)
        });
    }
    if engines.len() < 2 {
        bail!("give at least two -engine (see -help)");
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        bail!("board size {size} is outside {MIN_SIZE}..={MAX_SIZE}");
    }
    if concurrency == 0 {
        bail!("-concurrency must be at least 1");
    }
    if resume && json.is_none() {
        bail!("-resume needs -json FILE: the games to keep are read from it");
    }
    if sprt.is_some() && games.is_none() && !shard.is_all() {
        bail!("-shard with -sprt needs -games: a shard cannot see the others' games to stop");
    }
    let area = size * size;
    let draw_after = draw_after
        .unwrap_or(if rule == Rule::Renju { 200 } else { area })
        .min(area);
    let openings = openings.source(size, rule)?;
    Ok(Action::Match(Box::new(MatchConfig {
        engines,
        mode,
        games: games.or(if sprt.is_some() { None } else { Some(2) }),
        concurrency,
        settings: GameSettings {
            size,
            rule,
            tc,
            max_memory,
            draw_after,
            send_board,
            move_delay: Duration::from_millis(move_delay),
            start_timeout: Duration::from_millis(start_timeout),
            fresh: fresh || judge,
            crlf: crlf || judge,
            judge,
            info_order,
            stop_after: None,
        },
        openings,
        sprt,
        sgf_dir,
        psq_dir,
        json,
        log,
        progress_interval: progress,
        shard,
        resume,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::opening::OpeningSource;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn full_command_line_parses() {
        let c = parse(&args(&[
            "-engine",
            "name=new",
            "cmd=./a --x",
            "-engine",
            "name=base",
            "cmd=/tmp/b",
            "dir=/tmp",
            "-rule",
            "4",
            "-size",
            "15",
            "-tc",
            "turn=100",
            "match=2000",
            "-concurrency",
            "2",
            "-sprt",
            "elo1=10",
            "model=trinomial",
            "-openings",
            "random=4",
            "seed=7",
            "--sgf",
            "out",
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(c.engines.len(), 2);
        assert_eq!(c.engines[0].cmd, vec!["./a", "--x"]);
        assert_eq!(c.settings.rule, Rule::Renju);
        assert_eq!(c.settings.draw_after, 200);
        assert_eq!(c.settings.tc.turn_ms, 100);
        assert_eq!(c.settings.tc.tolerance_ms, 1000);
        assert_eq!(c.concurrency, 2);
        assert_eq!(c.games, None, "SPRT without -games has no limit");
        let sp = c.sprt.unwrap();
        assert_eq!(
            (sp.elo0, sp.elo1, sp.model),
            (0.0, 10.0, SprtModel::Trinomial)
        );
        assert!(matches!(
            c.openings,
            OpeningSource::Random {
                stones: 4,
                seed: 7,
                ..
            }
        ));
        assert_eq!(c.sgf_dir, Some(PathBuf::from("out")));
    }

    #[test]
    fn bad_command_lines_are_refused() {
        let two = ["-engine", "cmd=a", "-engine", "cmd=b"];
        let with = |extra: &[&str]| {
            let mut v = args(&two);
            v.extend(args(extra));
            parse(&v)
        };
        assert!(with(&[]).unwrap().is_some());
        assert!(parse(&args(&["-engine", "cmd=a"])).is_err());
        assert!(with(&["-rule", "2"]).is_err());
        assert!(with(&["-size", "40"]).is_err());
        assert!(with(&["-tc", "turns=5"]).is_err());
        assert!(with(&["-bogus"]).is_err());
        assert!(with(&["-sprt", "elo0=5", "elo1=0"]).is_err());
        assert!(with(&["-sprt", "elo1=inf"]).is_err());
        assert!(with(&["-sprt", "elo0=NaN"]).is_err());
        assert!(with(&["-sprt", "alpha=nan"]).is_err());
        assert!(with(&["-concurrency", "0"]).is_err());
        assert!(with(&["-games", "-1"]).is_err());
        assert!(with(&["-size", "4"]).is_err());
        assert!(with(&["-maxmemory", "lots"]).is_err());
        assert!(with(&["-openings", "random=x"]).is_err());
        let check = |extra: &[&str]| {
            let mut v = args(&["-formats", "-engine", "cmd=a"]);
            v.extend(args(extra));
            parse_action(&v)
        };
        assert!(matches!(
            check(&["-scale", "1/100"]),
            Ok(Action::Formats(_))
        ));
        for bad in ["1/0", "inf", "0", "-1", "x/2"] {
            assert!(check(&["-scale", bad]).is_err(), "{bad}");
        }
        assert!(with(&["-help"]).unwrap().is_none());
        // -shard: I/N with 1 <= I <= N; -resume needs the file it resumes.
        assert_eq!(
            with(&["-shard", "2/3"]).unwrap().unwrap().shard,
            Shard { index: 1, count: 3 }
        );
        for bad in ["0/3", "4/3", "x/y", "3"] {
            let e = with(&["-shard", bad]).unwrap_err().to_string();
            assert!(e.contains("-shard") && e.contains(bad), "{bad}: {e}");
        }
        assert!(with(&["-resume"]).is_err());
        assert!(
            with(&["-resume", "-json", "r.jsonl"])
                .unwrap()
                .unwrap()
                .resume
        );
        assert!(with(&["-shard", "1/2", "-sprt"]).is_err());
        assert!(with(&["-shard", "1/2", "-sprt", "-games", "100"]).is_ok());
        assert!(matches!(
            parse_action(&args(&["merge", "a.jsonl", "b.jsonl", "-json", "all.jsonl"])),
            Ok(Action::Merge { files, json: Some(_) }) if files.len() == 2
        ));
        assert!(parse_action(&args(&["merge"])).is_err());
        assert!(parse_action(&args(&["merge", "a", "-json", "a"])).is_err());
        assert!(parse_action(&args(&["merge", "a", "-games", "2"])).is_err());
        match parse_action(&args(&["chain", "a.jsonl", "b.jsonl", "-sprt", "elo1=5"])) {
            Ok(Action::Chain { files, sprt }) => {
                assert_eq!(files.len(), 2);
                assert_eq!(sprt.map(|p| p.elo1), Some(5.0));
            }
            other => panic!("{other:?}"),
        }
        assert!(parse_action(&args(&["chain"])).is_err());
        assert!(parse_action(&args(&["chain", "a", "-json", "b"])).is_err());
        // -progress: seconds, finite and not negative (Duration would panic on inf or -1).
        for bad in ["inf", "-inf", "NaN", "-1", "1e300", "soon"] {
            let e = with(&["-progress", bad]).unwrap_err().to_string();
            assert!(e.contains("-progress") && e.contains(bad), "{bad}: {e}");
        }
        let c = with(&["-progress", "0.5"]).unwrap().unwrap();
        assert_eq!(c.progress_interval, Duration::from_millis(500));
        assert_eq!(
            with(&["-size", "10"]).unwrap().unwrap().settings.draw_after,
            100
        );
    }
}

//! `pbrain-rensa`: with no arguments, the Gomocup protocol loop on stdin/stdout.
//!
//! Logging is off unless the environment variable `RENSA_LOG` names a file; the level then comes
//! from `RENSA_LOG_LEVEL` or `RUST_LOG` (default `info`). Nothing is ever written to stderr in
//! engine mode: Piskvork merges it into the protocol pipe.

use std::io::Write;

const USAGE: &str =
    "usage: pbrain-rensa            run the Gomocup (pbrain) protocol on stdin/stdout
       pbrain-rensa --force-utf8
                               the same (Yixin-Board's fork starts engines so on Windows;
                               Rensa's text is ASCII anyway)
       pbrain-rensa bench [D]  search the fixed bench positions to depth D (default 9) and
                               print nodes, speed and the signature (deterministic)
       pbrain-rensa profile [MS] [T] [NAME=VALUE...]
                               search 24 fixed 15x15 middle games for MS ms each (default
                               1000) with T threads (default 1) and print the depth reached
                               and the time to depths 8, 10, 12 and 14 (timed: not
                               deterministic); NAME=VALUE sets a search parameter (as
                               INFO param_NAME VALUE does) to compare settings
       pbrain-rensa params     print the tunable search parameters, one a line:
                               name default min max c_end (set them with
                               INFO param_<name> <value>; rensa-tune tunes them)
       pbrain-rensa solve [-rule N] [-size N|WxH] [-nodes N] [-json] [-moves] FILE|-
                               for each position of FILE (or stdin), one a line as a
                               pos string (h8i9j7), or a PSQ file, or SGF games: a VCF
                               or VCT of the side to move with its line, or else the
                               opponent's win after a pass and the defences that hold
                               (rule 0 1 4 8 9, default 0; size default 15; nodes per
                               proof default 1000000; -json: one JSON line each;
                               -moves: each is a game, solved after every stone up to
                               its five, the side to move's win only)
       pbrain-rensa --version  print the version
       pbrain-rensa --help     print this help
environment: RENSA_LOG=<file> writes a log there; RENSA_LOG_LEVEL (or RUST_LOG) sets its level;
             RENSA_WEIGHTS=<file> evaluates with that weights file (rensa-train fit writes
             one) instead of the embedded weights; RENSA_NET=<file> evaluates with that
             network's correction (rensa-train fit-net writes one) instead of the embedded
             network's, RENSA_NET=none with the tables alone; RENSA_LINES=<file> plays with
             that line network (rensa-train fit-lines writes one) instead of the embedded
             one, RENSA_LINES=none without";

/// Installs the weights file named by `RENSA_WEIGHTS` and the network file named by
/// `RENSA_NET`, if any. A file that cannot be used leaves what was in use in place; the returned
/// text says why (for the log and a `MESSAGE` line).
fn load_weights() -> Option<String> {
    let mut problems = Vec::new();
    if let Some(path) = std::env::var_os("RENSA_WEIGHTS").filter(|p| !p.is_empty()) {
        match rensa::eval::weights::install_file(std::path::Path::new(&path)) {
            Ok(w) => log::info!("weights {} from {}", w.label(), path.to_string_lossy()),
            Err(e) => {
                let embedded = rensa::eval::weights::embedded().label();
                problems.push(format!(
                    "weights not loaded: {e}; playing with the embedded {embedded}"
                ));
            }
        }
    }
    if let Some(path) = std::env::var_os("RENSA_NET").filter(|p| !p.is_empty()) {
        if path == "none" {
            rensa::eval::net::remove();
            log::info!("no network: the tables alone evaluate");
        } else {
            match rensa::eval::net::install_file(std::path::Path::new(&path)) {
                Ok(n) => log::info!("network {} from {}", n.label(), path.to_string_lossy()),
                Err(e) => problems.push(format!(
                    "network not loaded: {e}; playing with the embedded {}",
                    rensa::eval::net::embedded().label()
                )),
            }
        }
    }
    if let Some(path) = std::env::var_os("RENSA_LINES").filter(|p| !p.is_empty()) {
        if path == "none" {
            rensa::eval::lines::remove();
            log::info!("no line network");
        } else {
            match rensa::eval::lines::install_file(std::path::Path::new(&path)) {
                Ok(n) => log::info!("line network {} from {}", n.label(), path.to_string_lossy()),
                Err(e) => problems.push(format!(
                    "line network not loaded: {e}; playing with {}",
                    rensa::eval::lines::embedded().map_or("none".to_string(), |n| format!(
                        "the embedded {}",
                        n.label()
                    ))
                )),
            }
        }
    }
    for p in &problems {
        log::warn!("{p}");
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

fn init_logging() {
    let Some(path) = std::env::var_os("RENSA_LOG").filter(|p| !p.is_empty()) else {
        return;
    };
    let Ok(file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
    else {
        return;
    };
    let level = std::env::var("RENSA_LOG_LEVEL")
        .or_else(|_| std::env::var("RUST_LOG"))
        .unwrap_or_else(|_| "info".to_string());
    let _ = env_logger::Builder::new()
        .parse_filters(&level)
        .target(env_logger::Target::Pipe(Box::new(file)))
        .try_init();
}

/// `pbrain-rensa solve`: bad arguments or an unreadable file exit with code 2.
fn solve(args: &[String]) {
    let fail = |e: String| -> ! {
        let _ = writeln!(std::io::stderr(), "{e}\n{USAGE}");
        std::process::exit(2);
    };
    let options = rensa::solve::parse_options(args).unwrap_or_else(|e| fail(e));
    let text = if options.file == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map(|_| buf)
    } else {
        std::fs::read(&options.file)
    }
    .unwrap_or_else(|e| fail(format!("{}: {e}", options.file)));
    let text = String::from_utf8_lossy(&text);
    let start = std::time::Instant::now();
    let mut out = std::io::stdout().lock();
    let summary = rensa::solve::run(&options, &text, &mut out);
    if let Ok(summary) = summary {
        let line = summary.line(start.elapsed());
        // JSON output holds position lines only: the summary goes to stderr.
        let _ = if options.json {
            writeln!(std::io::stderr(), "{line}")
        } else {
            writeln!(out, "{line}")
        };
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("--force-utf8") => {
            init_logging();
            log::info!("pbrain-rensa {} started", env!("CARGO_PKG_VERSION"));
            let warning = load_weights();
            log::info!("weights {}", rensa::eval::weights::active().label());
            let code = rensa::protocol::run(warning);
            rensa::protocol::io::exit_now_with(code);
        }
        Some("bench") => {
            if let Some(w) = load_weights() {
                let _ = writeln!(std::io::stderr(), "{w}");
            }
            let depth = match args.get(1).map(|d| d.parse::<u32>()) {
                None => None,
                Some(Ok(d)) if (1..=60).contains(&d) => Some(d),
                Some(_) => {
                    let _ = writeln!(std::io::stderr(), "bench depth must be 1..=60\n{USAGE}");
                    std::process::exit(2);
                }
            };
            let report = rensa::bench::run_bench(depth);
            let mut out = std::io::stdout().lock();
            for line in rensa::bench::format_report(&report) {
                let _ = writeln!(out, "{line}");
            }
        }
        Some("profile") => {
            if let Some(w) = load_weights() {
                let _ = writeln!(std::io::stderr(), "{w}");
            }
            // Leading numbers are MS and T; NAME=VALUE pairs follow.
            let numbers = args[1..]
                .iter()
                .take(2)
                .take_while(|a| !a.contains('='))
                .count();
            let arg =
                |i: usize, default: u64| match args[..=numbers].get(i).map(|v| v.parse::<u64>()) {
                    None => default,
                    Some(Ok(v)) if v > 0 => v,
                    Some(_) => {
                        let _ = writeln!(std::io::stderr(), "bad profile argument\n{USAGE}");
                        std::process::exit(2);
                    }
                };
            let (ms, threads) = (arg(1, 1000), arg(2, 1) as usize);
            let mut params = rensa::params::SearchParams::DEFAULT;
            for pair in &args[1 + numbers..] {
                let set = pair
                    .split_once('=')
                    .ok_or_else(|| "expected NAME=VALUE".to_string());
                let set = set.and_then(|(name, value)| {
                    let value = value.parse::<i64>().map_err(|e| e.to_string())?;
                    params.set(name, value).map_err(|e| e.to_string())
                });
                if let Err(e) = set {
                    let _ = writeln!(std::io::stderr(), "profile: {pair}: {e}\n{USAGE}");
                    std::process::exit(2);
                }
            }
            let mut out = std::io::stdout().lock();
            for line in rensa::bench::depth_profile(ms, threads, params) {
                let _ = writeln!(out, "{line}");
            }
        }
        Some("params") => {
            let mut out = std::io::stdout().lock();
            for t in rensa::params::TUNABLES {
                let (d, min, max) = (t.default_value(), t.min, t.max);
                let _ = writeln!(out, "{} {d} {min} {max} {}", t.name, t.c_end);
            }
        }
        Some("solve") => solve(&args[1..]),
        Some("--version" | "-V") => {
            let _ = writeln!(
                std::io::stdout(),
                "pbrain-rensa {}",
                env!("CARGO_PKG_VERSION")
            );
        }
        Some("--help" | "-h") => {
            let _ = writeln!(std::io::stdout(), "{USAGE}");
        }
        Some(other) => {
            let _ = writeln!(std::io::stderr(), "unknown argument '{other}'\n{USAGE}");
            std::process::exit(2);
        }
    }
}

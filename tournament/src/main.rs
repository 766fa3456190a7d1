//! `rensa-match`: the command-line front of the match runner (see `rensa-match -help`).

use rensa_tournament::runner::cli::{self, Action};
use rensa_tournament::runner::{self, judge};

fn fail(e: anyhow::Error) -> ! {
    eprintln!("rensa-match: {e:#}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let action = cli::parse_action(&args).unwrap_or_else(|e| fail(e));
    match action {
        Action::Help => print!("{}", cli::HELP),
        Action::Match(cfg) => match runner::run(&cfg) {
            Ok(res) => print!("{}", runner::report(&cfg, &res)),
            Err(e) => fail(e),
        },
        Action::SelfTest(cfg) => {
            // PASS/FAIL lines are printed as the cases run; the summary comes last.
            let (report, ok) = judge::run_selftest(&cfg).unwrap_or_else(|e| fail(e));
            finish_with_summary(&report, ok);
        }
        Action::Merge { files, json } => {
            let m = runner::merge::merge(&files).unwrap_or_else(|e| fail(e));
            for note in &m.notes {
                println!("{note}");
            }
            if let Some(path) = json {
                runner::merge::write_json(&m, &path).unwrap_or_else(|e| fail(e));
            }
            print!("{}", runner::report(&m.cfg, &m.result));
        }
        Action::Chain { files, sprt } => {
            let c = runner::chain::chain(&files, sprt).unwrap_or_else(|e| fail(e));
            print!("{}", runner::chain::report(&c));
        }
        Action::Formats(cfg) => {
            let (report, ok, _) = judge::run_formats(&cfg).unwrap_or_else(|e| fail(e));
            finish_with_summary(&report, ok);
        }
    }
}

/// Prints the last line of a judge report (the summary; the other lines were printed as the
/// cases ran) and exits 0 when everything passed, 1 otherwise.
fn finish_with_summary(report: &str, ok: bool) -> ! {
    if let Some(last) = report.lines().last() {
        println!("{last}");
    }
    std::process::exit(if ok { 0 } else { 1 });
}

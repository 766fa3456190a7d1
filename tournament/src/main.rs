//! `rensa-match`: the command-line front of the match runner (see `rensa-match -help`).

use rensa_tournament::{cli, runner};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cfg = match cli::parse(&args) {
        Ok(Some(cfg)) => cfg,
        Ok(None) => {
            print!("{}", cli::HELP);
            return;
        }
        Err(e) => {
            eprintln!("rensa-match: {e:#}");
            std::process::exit(2);
        }
    };
    match runner::run(&cfg) {
        Ok(res) => print!("{}", runner::report(&cfg, &res)),
        Err(e) => {
            eprintln!("rensa-match: {e:#}");
            std::process::exit(2);
        }
    }
}

//! `rensa-tune`: the command-line front of the SPSA tuner (see `rensa-tune -help`).

use rensa_tournament::tune;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cfg = match tune::parse(&args) {
        Ok(Some(cfg)) => cfg,
        Ok(None) => {
            print!("{}", tune::HELP);
            return;
        }
        Err(e) => {
            eprintln!("rensa-tune: {e:#}");
            std::process::exit(2);
        }
    };
    match tune::run(&cfg) {
        Ok(res) => print!("\n{}", tune::report(&cfg, &res)),
        Err(e) => {
            eprintln!("rensa-tune: {e:#}");
            std::process::exit(2);
        }
    }
}

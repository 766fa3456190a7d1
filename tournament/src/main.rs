//! `rensa-match`: the Gomocup-style match runner (work in progress, see README.md).

fn main() {
    eprintln!("rensa-match: not implemented yet");
    std::process::exit(2);
}

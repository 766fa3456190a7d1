//! `pbrain-rensa`: with no arguments, the Gomocup protocol loop on stdin/stdout.

fn main() {}

//! cargo-fuzz target: arbitrary bytes as manager input, checked by the same reference model and
//! harness as the seeded test `tests/fuzz_protocol.rs` (no panic, one answer per request, legal
//! moves, state unchanged after rejected input). The first byte picks the rule; the rest is split
//! into lines by the real reader. Run: `cargo +nightly fuzz run protocol -- -dict=fuzz/protocol.dict`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../tests/fuzz_protocol/harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rule = [0, 1, 4, 8, 9][first as usize % 5];
    let mut run = harness::Run::new(rule);
    let mut stats = harness::Stats::default();
    for line in harness::lines_of(rest, 4096) {
        if !run.line(&line, &mut stats) {
            run = harness::Run::new(rule);
        }
    }
});

//! Replays the transcripts in `protocol-tests/*.txt` against the built `pbrain-rensa` binary.

#[test]
fn transcripts() {}

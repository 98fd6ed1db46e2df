#![no_main]
//! The `play` target: its body is `sevenw_fuzzing::play::play`, which
//! `cargo test` also runs over `tests/fuzz-regressions/play/`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sevenw_fuzzing::play::play(data));

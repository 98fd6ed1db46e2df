#![no_main]
//! The `card_set` target: its body is `sevenw_fuzzing::card_set::card_set`, which
//! `cargo test` also runs over `tests/fuzz-regressions/card_set/`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sevenw_fuzzing::card_set::card_set(data));

#![no_main]
//! The `replay` target: its body is `sevenw_fuzzing::replay`, which
//! `cargo test` also runs over `tests/fuzz-regressions/replay/`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sevenw_fuzzing::replay(data));

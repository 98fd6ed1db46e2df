#![no_main]
//! The `dsl` target: its body is `sevenw_fuzzing::dsl`, which
//! `cargo test` also runs over `tests/fuzz-regressions/dsl/`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sevenw_fuzzing::dsl(data));

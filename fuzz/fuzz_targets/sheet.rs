#![no_main]
//! The `sheet` target: its body is `sevenw_fuzzing::sheet`, which
//! `cargo test` also runs over `tests/fuzz-regressions/sheet/`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sevenw_fuzzing::sheet(data));

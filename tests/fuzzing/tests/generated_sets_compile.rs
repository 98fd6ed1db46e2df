//! A card set that checks clean compiles: card sets built by the
//! `card_set` fuzz target's generator from fixed pseudo-random bytes, those
//! with no error generated, and the generated code type-checked by rustc
//! (`cargo check`) in a crate that links nothing but the host API.

use std::path::{Path, PathBuf};

use sevenw_fuzzing::card_set::{check_and_gen, files_of};

/// Sets compiled, and the inputs tried to find them at most.
const SETS: usize = 24;
const TRIES: u64 = 3_000;

/// `len` bytes of a xorshift stream from `seed` (fixed: the same sets on
/// every run).
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

#[path = "../../support/cargo.rs"]
mod support;
use support::cargo;

#[test]
fn generated_card_sets_that_check_clean_compile() {
    let mut code = Vec::new();
    let mut refused = 0;
    for seed in 0..TRIES {
        if code.len() == SETS {
            break;
        }
        let Some(files) = files_of(&bytes(seed, 4096)) else {
            continue;
        };
        match check_and_gen(&files) {
            Ok(generated) => code.push(generated),
            Err(_) => refused += 1,
        }
    }
    assert_eq!(
        code.len(),
        SETS,
        "only {} clean sets in {TRIES} inputs ({refused} refused)",
        code.len()
    );

    // A crate of the generated modules, on the host API alone.
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generated-sets");
    let _ = std::fs::remove_dir_all(&scratch);
    let src = scratch.join("src");
    std::fs::create_dir_all(&src).unwrap();
    let host = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../runtime/host");
    std::fs::write(
        scratch.join("Cargo.toml"),
        format!(
            "[package]\nname = \"generated-sets\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\n\
             [dependencies]\nsevenw-host = {{ path = {:?} }}\n\n[workspace]\n",
            host.canonicalize().unwrap()
        ),
    )
    .unwrap();
    let mut lib = String::from("#![forbid(unsafe_code)]\n");
    for (i, generated) in code.iter().enumerate() {
        std::fs::write(src.join(format!("set_{i}.rs")), generated).unwrap();
        lib.push_str(&format!(
            "pub mod set_{i} {{\n    include!(\"set_{i}.rs\");\n}}\n"
        ));
    }
    std::fs::write(src.join("lib.rs"), lib).unwrap();
    let out = cargo(
        &scratch,
        &scratch.join("target"),
        &["check", "--offline", "--quiet"],
    );
    assert!(
        out.status.success(),
        "generated code does not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

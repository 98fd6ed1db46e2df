//! Checking the whole shipped library, beside parsing only its YAML, so the
//! cost of the passes after YAML can be read as a ratio; and what the
//! language server does on each change: re-check one game with the edited
//! file in an overlay.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use sevenw_compiler::load::Overlay;
use sevenw_compiler::source::FileId;
use sevenw_compiler::{Report, analyse, check, codegen};
use std::path::PathBuf;

fn cards() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards")
}

/// Every YAML file of the library, read once.
fn texts() -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![cards()];
    while let Some(d) = dirs.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                // A game's `tests/` folder holds scenarios, not cards.
                if !p.ends_with("tests") {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|e| e == "yaml") {
                out.push(std::fs::read_to_string(p).unwrap());
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let texts = texts();
    let mut g = c.benchmark_group("library");
    g.bench_function("yaml_only", |b| {
        b.iter(|| {
            let mut report = Report::default();
            for (i, t) in texts.iter().enumerate() {
                black_box(sevenw_compiler::yaml::parse(
                    FileId(i as u32),
                    t,
                    &mut report,
                ));
            }
        })
    });
    g.bench_function("check", |b| b.iter(|| black_box(check(&[cards()]))));
    for game in ["base", "duel"] {
        // An absolute folder and an open buffer, as the server has them.
        let dir = cards().canonicalize().unwrap().join(game);
        let file = dir.join("age1.yaml");
        let mut overlay = Overlay::default();
        overlay.set(file.clone(), std::fs::read_to_string(&file).unwrap());
        g.bench_function(format!("lsp_recheck_{game}"), |b| {
            b.iter(|| black_box(analyse(std::slice::from_ref(&dir), &overlay)))
        });
    }
    let lib = check(&[cards()]).library.unwrap();
    g.bench_function("generate", |b| {
        b.iter(|| black_box(codegen::generate(&lib)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

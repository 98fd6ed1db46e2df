//! Checking the whole shipped library, beside parsing only its YAML, so the
//! cost of the passes after YAML can be read as a ratio; and what the
//! language server does on each change: re-check one game with the edited
//! file in an overlay; and a hostile effect text (100 KB of one-letter
//! unknown effects, 50,000 errors) beside a benign one of the same size.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use sevenw_compiler::load::Overlay;
use sevenw_compiler::source::FileId;
use sevenw_compiler::{Options, Report, analyse, check, codegen};
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
            b.iter(|| {
                black_box(analyse(
                    std::slice::from_ref(&dir),
                    &overlay,
                    &Options::default(),
                ))
            })
        });
    }
    let lib = check(&[cards()]).library.unwrap();
    g.bench_function("generate", |b| {
        b.iter(|| black_box(codegen::generate(&lib)))
    });
    g.finish();
}

/// The mini fixture game with one more card whose effect is `clause`
/// repeated to about `bytes` bytes, in a fresh folder.
fn mini_with(name: &str, clause: &str, bytes: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sevenc-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mini = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/gen/mini");
    for e in std::fs::read_dir(mini).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let effect = clause.repeat(bytes / clause.len());
    std::fs::write(
        dir.join("long.yaml"),
        format!("age: 1\ncards:\n  - name: Long\n    colour: blue\n    players: [3]\n    effect: \"{effect}\"\n"),
    )
    .unwrap();
    dir
}

fn hostile(c: &mut Criterion) {
    let mut g = c.benchmark_group("effect text of 100 KB");
    g.sample_size(10);
    for (name, clause) in [("benign", "gain 1 coin;"), ("unknown_effects", "s;")] {
        let dir = mini_with(name, clause, 100_000);
        g.bench_function(name, |b| {
            b.iter(|| black_box(check(std::slice::from_ref(&dir))))
        });
        let _ = std::fs::remove_dir_all(&dir);
    }
    g.finish();
}

criterion_group!(benches, bench, hostile);
criterion_main!(benches);

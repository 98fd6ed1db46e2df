//! Compiling card sets from a build script, in the style of `prost-build`:
//! a [`Builder`] names the card sets, compiles them, writes the generated
//! Rust to `OUT_DIR`, and tells cargo which files to watch.
//!
//! A complete build script (the one `sevenc new` writes):
//!
#![doc = concat!("```no_run\n", include_str!("../templates/new/build.rs"), "```")]
//!
//! The crate that includes the output needs a few lines; this is the
//! `src/main.rs` that `sevenc new` writes (CI builds it), which makes a
//! `sevenw` binary over the shipped games and the designer's set:
//!
#![doc = concat!("```text\n", include_str!("../templates/new/main.rs"), "```")]
//!
//! The shipped games are built the same way by the `sevenw-cards` crate.
//!
//! A set with errors stops [`Builder::compile_or_exit`] with the same
//! report as `sevenc check` on standard error, and nothing else from the
//! script before it (cargo is told which files to watch only after a
//! success), so a designer sees the positions in their files first, never
//! a Rust error in generated code. [`Builder::compile`] returns it as a
//! [`BuildError`] instead, whose `Debug` form is the report too. Warnings
//! become `cargo::warning` lines.

use std::fmt;
use std::path::{Path, PathBuf};

/// The folder of the project's own card library (every shipped game), as
/// found beside this crate's sources.
pub fn shipped_library_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("cards")
}

/// Compiles card sets into one Rust file; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Builder {
    sets: Vec<PathBuf>,
    /// The shipped library among `sets`, if added: watched file by file.
    shipped: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    out_file: String,
    cargo: bool,
    options: crate::Options,
    /// Where to write the JSON export too, if anywhere.
    json_dir: Option<PathBuf>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder::new()
    }
}

/// What [`Builder::compile`] wrote.
#[derive(Clone, Debug)]
pub struct Built {
    /// The generated file.
    pub path: PathBuf,
    /// Every file the compiler read (what cargo was told to watch).
    pub read: Vec<PathBuf>,
    /// Warnings found (each also given to cargo as a warning line).
    pub warnings: usize,
    /// The JSON documents written ([`Builder::json_dir`]), one per family.
    pub json: Vec<PathBuf>,
}

/// Why a build failed.
pub enum BuildError {
    /// The card sets have errors: the report, rendered as `sevenc check`
    /// renders it (without colour), and how many errors it has.
    Cards { report: String, errors: usize },
    /// No output folder: neither [`Builder::out_dir`] nor `OUT_DIR` (set by
    /// cargo for build scripts).
    NoOutDir,
    /// The generated file could not be written.
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Cards { report, errors } => {
                write!(
                    f,
                    "{}\nerror: the card sets have {errors} error(s); nothing was generated",
                    report.trim_end()
                )
            }
            BuildError::NoOutDir => f.write_str(
                "no output folder: OUT_DIR is not set (outside a build script, call Builder::out_dir)",
            ),
            BuildError::Write { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
        }
    }
}

/// The same text as `Display`: a build script's `main` returning
/// `Result<(), BuildError>` prints its error with `Debug`, and a designer
/// should read the diagnostics there, not a struct dump.
impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuildError::Write { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl Builder {
    /// No card set yet; output to `$OUT_DIR/cards.rs`; cargo is told what
    /// to watch.
    pub fn new() -> Self {
        Builder {
            sets: Vec::new(),
            shipped: None,
            out_dir: None,
            out_file: "cards.rs".to_string(),
            cargo: true,
            options: crate::Options::default(),
            json_dir: None,
        }
    }

    /// Adds a card set: a game folder (with its `game.yaml`), or a library
    /// folder whose sub-folders are games. Relative paths are taken from the
    /// current folder, which in a build script is the package's root.
    pub fn card_set(mut self, path: impl AsRef<Path>) -> Self {
        self.sets.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds the project's shipped games ([`shipped_library_path`]), so that
    /// an expansion can extend the base game without copying its files.
    pub fn shipped_library(mut self) -> Self {
        self.shipped = Some(shipped_library_path());
        self.card_set(shipped_library_path())
    }

    /// Accepts `name` in a game.yaml's `family:` besides the shipped
    /// families ([`crate::SHIPPED_FAMILIES`]): a game family whose rules
    /// this crate (or one it depends on) implements and registers with the
    /// runtime under the same name. The compiled `GameInfo` of a game of
    /// that family (and of its expansions) has `family: name`.
    ///
    /// ```no_run
    /// // build.rs of a crate playing its own rules, `dice`
    /// sevenw_compiler::build::Builder::new()
    ///     .family("dice")
    ///     .card_set("cards")
    ///     .compile()
    ///     .unwrap();
    /// ```
    pub fn family(mut self, name: &str) -> Self {
        self.options = self.options.family(name);
        self
    }

    /// Writes into `dir` instead of `$OUT_DIR`.
    pub fn out_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// The generated file's name (default `cards.rs`).
    pub fn out_file(mut self, name: impl Into<String>) -> Self {
        self.out_file = name.into();
        self
    }

    /// Also writes the card data as JSON into `dir` (made if need be): one
    /// `FAMILY.json` per game family, what `sevenc gen --format json`
    /// writes ([`crate::ir::Export`], valid against
    /// `schemas/ir.schema.json`), so that an engine in another language
    /// takes the checked set from the same build. A relative `dir` is taken
    /// from the current folder (a build script's: the package's root).
    ///
    /// ```no_run
    /// sevenw_compiler::build::Builder::new()
    ///     .card_set("cards")
    ///     .json_dir("engine/data")
    ///     .compile()
    ///     .unwrap();
    /// ```
    pub fn json_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.json_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Whether to print `cargo::rerun-if-changed` and `cargo::warning`
    /// lines (default: yes; turn off outside build scripts).
    pub fn cargo_metadata(mut self, on: bool) -> Self {
        self.cargo = on;
        self
    }

    /// [`Builder::compile`] for a build script's `main`: on an error, the
    /// report goes to standard error as `sevenc check` renders it, with
    /// nothing before it and no `Error:` wrapping, and the script exits
    /// with status 1 (cargo then shows the report under its own line
    /// naming the package). What `sevenc new`'s build.rs calls.
    pub fn compile_or_exit(self) -> Built {
        match self.compile() {
            Ok(built) => built,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1)
            }
        }
    }

    /// Checks every set together, and writes the generated Rust when there
    /// is no error. Cargo is told to rerun the build when a file the
    /// compiler read changes, and when anything changes in the folder of a
    /// set added by [`Builder::card_set`], so that a card file added there
    /// is read at the next build (an edited scenario in it reruns the
    /// check too, which writes the same code: the crate is compiled again,
    /// nothing else). The shipped library is watched file by file: editing
    /// its scenarios rebuilds nothing, and a card file added to it is read
    /// once one of its files changes.
    pub fn compile(self) -> Result<Built, BuildError> {
        let compiled = crate::check_with(&self.sets, &self.options);
        let read: Vec<PathBuf> = compiled.sources.iter().map(|f| f.path.clone()).collect();
        let rendered = compiled.report.render(&compiled.sources, false);
        let Some(library) = compiled.library else {
            // Nothing for cargo but the report: a build script that fails
            // is run again at the next build whatever it said to watch.
            return Err(BuildError::Cards {
                report: rendered,
                errors: compiled.report.errors(),
            });
        };
        if self.cargo {
            for p in &read {
                println!("cargo::rerun-if-changed={}", p.display());
            }
            // A designer's set, whole (and one not there yet: rerun once
            // it appears); the shipped library too, so that a set added to
            // it is read (its files alone say nothing of a new folder).
            for p in &self.sets {
                println!("cargo::rerun-if-changed={}", p.display());
            }
            for line in rendered.lines().filter(|l| !l.trim().is_empty()) {
                println!("cargo::warning={line}");
            }
        }
        let dir = match self.out_dir {
            Some(d) => d,
            None => PathBuf::from(std::env::var_os("OUT_DIR").ok_or(BuildError::NoOutDir)?),
        };
        let path = dir.join(&self.out_file);
        let mut code = crate::codegen::generate(&library);
        let weights = weights_in(&self.sets);
        if self.cargo {
            for p in &self.sets {
                println!("cargo::rerun-if-changed={}", p.join(WEIGHTS_DIR).display());
            }
            for w in &weights {
                println!("cargo::rerun-if-changed={}", w.display());
            }
        }
        code.push_str(&weights_static(&weights));
        // Unchanged output is not rewritten, so nothing downstream is
        // rebuilt for a file that came out the same.
        if std::fs::read_to_string(&path).ok().as_deref() != Some(code.as_str()) {
            std::fs::write(&path, code).map_err(|error| BuildError::Write {
                path: path.clone(),
                error,
            })?;
        }
        let mut json = Vec::new();
        if let Some(dir) = &self.json_dir {
            std::fs::create_dir_all(dir).map_err(|error| BuildError::Write {
                path: dir.clone(),
                error,
            })?;
            for e in library.exports() {
                let path = dir.join(format!("{}.json", e.family));
                let text = e.to_json();
                if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                    std::fs::write(&path, text).map_err(|error| BuildError::Write {
                        path: path.clone(),
                        error,
                    })?;
                }
                json.push(path);
            }
        }
        Ok(Built {
            path,
            read,
            warnings: compiled.report.warnings(),
            json,
        })
    }
}

/// The folder of a card set (or library) whose `*.safetensors` files are
/// learned bots' weights, shipped with it.
pub const WEIGHTS_DIR: &str = "bots";

/// The weights files of `sets`: each set's `bots/*.safetensors`, in name
/// order, absolute.
fn weights_in(sets: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for set in sets {
        let Ok(entries) = std::fs::read_dir(set.join(WEIGHTS_DIR)) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "safetensors"))
            .map(|p| std::fs::canonicalize(&p).unwrap_or(p))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// `WEIGHTS`, the bytes of each weights file, as generated code.
fn weights_static(files: &[PathBuf]) -> String {
    let mut s = String::from(
        "\n/// The learned bots' weights shipped with these card sets (`bots/*.safetensors`).\npub static WEIGHTS: &[&[u8]] = &[",
    );
    for f in files {
        s.push_str(&format!("include_bytes!({:?}), ", f.display().to_string()));
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testkit::Scratch;

    #[test]
    fn the_shipped_library_compiles_to_the_folder_named() {
        let scratch = Scratch::new("build-shipped");
        let out = scratch.0.clone();
        let built = Builder::new()
            .shipped_library()
            .out_dir(&out)
            .out_file("games.rs")
            .cargo_metadata(false)
            .compile()
            .expect("the shipped library has no error");
        assert_eq!(built.path, out.join("games.rs"));
        assert!(built.json.is_empty(), "no JSON unless asked");
        let code = std::fs::read_to_string(&built.path).unwrap();
        assert!(code.contains("pub static GAMES"));
        // Exactly the card files: every one a YAML file of the library, no
        // scenario among them.
        assert!(built.read.iter().any(|p| p.ends_with("base/game.yaml")));
        assert!(
            built
                .read
                .iter()
                .all(|p| p.extension().is_some_and(|e| e == "yaml"))
        );
        assert!(
            !built
                .read
                .iter()
                .any(|p| p.components().any(|c| c.as_os_str() == "tests"))
        );
    }

    #[test]
    fn the_json_export_is_written_beside_the_code_when_asked() {
        let scratch = Scratch::new("build-json");
        let out = scratch.0.join("out");
        let data = scratch.0.join("data");
        std::fs::create_dir_all(&out).unwrap();
        let built = Builder::new()
            .shipped_library()
            .out_dir(&out)
            .json_dir(&data)
            .cargo_metadata(false)
            .compile()
            .expect("the shipped library has no error");
        let names: Vec<String> = built
            .json
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["architects.json", "base.json", "duel.json"]);
        // What `sevenc gen --format json` writes: the library's exports.
        let compiled = crate::check(&[shipped_library_path()]);
        let exports = compiled.library.unwrap().exports();
        for (path, e) in built.json.iter().zip(&exports) {
            assert_eq!(std::fs::read_to_string(path).unwrap(), e.to_json());
        }
    }

    #[test]
    fn errors_come_back_as_the_check_report_and_nothing_is_written() {
        // The generated-code fixture, with one colour misspelt.
        let scratch = Scratch::new("build-broken");
        let set = scratch.0.join("mini");
        std::fs::create_dir_all(&set).unwrap();
        let mini = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/gen/mini");
        for f in ["game.yaml", "cards.yaml", "age2.yaml", "wonders.yaml"] {
            let text = std::fs::read_to_string(mini.join(f)).unwrap();
            std::fs::write(
                set.join(f),
                text.replacen("colour: brown", "colour: bronw", 1),
            )
            .unwrap();
        }
        let out = scratch.0.join("out");
        std::fs::create_dir_all(&out).unwrap();
        let err = Builder::new()
            .card_set(&set)
            .out_dir(&out)
            .cargo_metadata(false)
            .compile()
            .expect_err("the set has errors");
        let text = format!("{err:?}");
        assert!(matches!(err, BuildError::Cards { errors: 1, .. }), "{text}");
        // The Debug form is the report, with a position in the file.
        assert!(text.contains("cards.yaml:4:13]"), "{text}");
        assert!(text.contains("did you mean `brown`"), "{text}");
        assert!(text.contains("nothing was generated"), "{text}");
        assert!(!out.join("cards.rs").exists());
    }

    #[test]
    fn a_family_the_builder_adds_is_accepted_and_named_in_game_info() {
        // The generated-code fixture, played by a family of its own.
        let scratch = Scratch::new("build-family");
        let set = scratch.0.join("mini");
        std::fs::create_dir_all(&set).unwrap();
        let mini = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/gen/mini");
        for f in ["game.yaml", "cards.yaml", "age2.yaml", "wonders.yaml"] {
            let text = std::fs::read_to_string(mini.join(f)).unwrap();
            let text = text.replace("family: base\n", "family: Dice\n");
            std::fs::write(set.join(f), text).unwrap();
        }
        let out = scratch.0.join("out");
        std::fs::create_dir_all(&out).unwrap();
        let builder = Builder::new()
            .card_set(&set)
            .out_dir(&out)
            .cargo_metadata(false);
        // Unknown to a Builder that was not told: an error, with the
        // families known in its help.
        let err = builder.clone().compile().expect_err("`dice` is unknown");
        let text = format!("{err:?}");
        assert!(matches!(err, BuildError::Cards { errors: 1, .. }), "{text}");
        assert!(text.contains("`dice` is not a game family"), "{text}");
        assert!(text.contains("base, duel, architects"), "{text}");
        // Told, it compiles, and the game names its family.
        let built = builder.family(" DICE ").compile().expect("`dice` is known");
        let code = std::fs::read_to_string(&built.path).unwrap();
        assert!(code.contains("family: \"dice\","), "{code}");
        assert!(!code.contains("family: \"base\""), "{code}");
    }

    #[test]
    fn outside_a_build_script_an_output_folder_is_needed() {
        // Cargo sets OUT_DIR for build scripts only; this crate has none.
        let err = Builder::new()
            .shipped_library()
            .cargo_metadata(false)
            .compile()
            .expect_err("no OUT_DIR");
        assert!(matches!(err, BuildError::NoOutDir));
    }
}

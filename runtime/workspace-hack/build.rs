//! Nothing to build: the script exists so that cargo resolves this
//! crate's build-dependencies (see `Cargo.toml`).

fn main() {}

//! `sevenw`: the command line over the shipped card library (see
//! `sevenw_runtime::cli`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    sevenw_runtime::cli::main()
}

//! `sevenw serve` on the command line.

use std::process::ExitCode;

use sevenw_runtime::games::Library;

fn run(args: &[&str]) -> ExitCode {
    let mut all = vec!["sevenw"];
    all.extend_from_slice(args);
    sevenw_cli::run(&Library::shipped(sevenw_cards::GAMES), all)
}

#[test]
fn serve_help_and_a_bad_address() {
    assert_eq!(run(&["serve", "--help"]), ExitCode::SUCCESS);
    assert_eq!(
        run(&["serve", "--addr", "not an address"]),
        ExitCode::from(2)
    );
    assert_eq!(
        run(&["serve", "--addr", "127.0.0.1:99999"]),
        ExitCode::from(2)
    );
    assert_eq!(
        run(&["serve", "--open-bots-threads", "0"]),
        ExitCode::from(2)
    );
    assert_eq!(run(&["serve", "--max-connections", "0"]), ExitCode::from(2));
    assert_eq!(
        run(&["serve", "--max-connections-per-client", "0"]),
        ExitCode::from(2)
    );
}

//! `sevenw play --human`: people at a terminal, tested through a
//! pseudo-terminal as a person would use it: the prompt, the numbered
//! actions, a wrong answer, the game to its end and its replay log.

use rexpect::session::PtySession;

const TIMEOUT_MS: u64 = 120_000;

fn spawn(args: &str) -> PtySession {
    let cmd = format!("{} play {args}", env!("CARGO_BIN_EXE_sevenw"));
    rexpect::spawn(&cmd, Some(TIMEOUT_MS)).unwrap_or_else(|e| panic!("{cmd}: {e}"))
}

/// Answers every prompt with the first action (after one wrong answer,
/// checked), until the final scores; returns how many prompts were
/// answered and what the terminal showed.
fn play_through(p: &mut PtySession, prompt: &str) -> (usize, String) {
    let mut answered = 0;
    let mut shown = String::new();
    let mut wrong_tried = false;
    loop {
        let (before, matched) = p
            .exp_regex(&format!(r"({prompt})|(Final scores)"))
            .expect("a prompt or the end");
        shown.push_str(&before);
        shown.push_str(&matched);
        if matched.contains("Final scores") {
            break;
        }
        if !wrong_tried {
            p.send_line("99999").unwrap();
            let (_, m) = p.exp_regex("is not an action: answer 1 to [0-9]+").unwrap();
            assert!(m.starts_with("is not an action"));
            p.exp_string(" > ").unwrap();
            wrong_tried = true;
        }
        p.send_line("1").unwrap();
        answered += 1;
    }
    let rest = p.exp_eof().unwrap();
    shown.push_str(&rest);
    (answered, shown)
}

#[test]
fn a_person_plays_duel_against_a_bot_at_a_terminal() {
    let dir = std::env::temp_dir().join(format!("sevenw-human-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("duel.log");
    let mut p = spawn(&format!(
        "--game duel --human 1 --bots greedy --seed 4 --log {}",
        log.display()
    ));
    p.exp_string("7 Wonders Duel: seed 4, you (seat 1), greedy (seat 2)")
        .unwrap();
    let (answered, shown) = play_through(&mut p, r"seat 1 > ");
    // A Duel game asks the first player at least a decision per Age.
    assert!(answered >= 10, "{answered} prompts\n{shown}");
    // The table is shown before a decision: the Age's cards.
    assert!(shown.contains("  1. "), "{shown}");
    assert!(shown.contains("replay log written to"), "{shown}");
    // The log the terminal wrote replays.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(["replay", log.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_people_share_a_terminal_in_the_base_game() {
    let mut p = spawn("--game base --players 3 --human 1,3 --bots random --seed 8");
    let (answered, shown) = play_through(&mut p, r"seat [13] > ");
    // 18 turns of the base game for each of the two people, at least.
    assert!(answered >= 36, "{answered} prompts\n{shown}");
    assert!(shown.contains("=== Seat 3: your turn ==="), "{shown}");
}

#[test]
fn leaving_or_a_wrong_seat_is_said_plainly() {
    let mut p = spawn("--game architects --players 2 --human 2 --seed 3");
    p.exp_string("seat 2 > ").unwrap();
    p.send_line("q").unwrap();
    p.exp_string("the game was left after").unwrap();
    p.exp_eof().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(["play", "--game", "duel", "--human", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--human: seat 3 is not a seat of this game (1 to 2)"),
        "{err}"
    );
}

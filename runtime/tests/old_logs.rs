//! Replay logs written before decisions came in two steps (format 2: a
//! build and each of its payments one move) still replay, line by line, to
//! the same result; played again, the same games write format 3 logs that
//! replay too.
//!
//! The logs in `tests/logs/` were written by `sevenw play --log` of the
//! runtime that wrote format 2, with random and greedy bots. One line of
//! `base-le7.log` (line 140) pays 2 coins to the right where that runtime
//! paid 1: a Marketplace an Edifice penalty had discarded still lowered
//! its former owner's prices there, and a card leaving a city now takes
//! its trading prices with it; the game is otherwise the same.

use sevenw_runtime::game::Setup;
use sevenw_runtime::games::rules_for;
use sevenw_runtime::replay::Log;

const LOGS: &[(&str, &str)] = &[
    ("base3.log", include_str!("logs/base3.log")),
    ("base4.log", include_str!("logs/base4.log")),
    ("base-le7.log", include_str!("logs/base-le7.log")),
    ("base2-le5.log", include_str!("logs/base2-le5.log")),
    ("duel.log", include_str!("logs/duel.log")),
    ("arch4.log", include_str!("logs/arch4.log")),
];

#[test]
fn format_2_logs_replay_to_their_result() {
    for &(name, text) in LOGS {
        let log = Log::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(log.version, 2, "{name}");
        let info = log.select(sevenw_cards::GAMES).unwrap();
        let rules = rules_for(info).unwrap();
        let story = rules.replay(&log).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(story.contains("Final scores"), "{name}: {story}");
        // A decision changed: the replay fails at its line.
        let wrong = text.replacen("move 0 ", "move 0 1000", 1);
        let log = Log::parse(&wrong).unwrap();
        let e = rules.replay(&log).unwrap_err();
        let line = 1 + text.lines().position(|l| l.starts_with("move 0 ")).unwrap();
        assert_eq!(e.line, line, "{name}: {e}");
    }
}

/// The games of the format 2 logs, played again from their set-up with
/// the same decisions: the format 3 log writes the base game's payments as
/// a second step where there was a choice, and replays.
#[test]
fn format_3_logs_write_payment_steps_and_replay() {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
    let rules = rules_for(info).unwrap();
    let mut steps = 0;
    for seed in 0..20 {
        let setup = Setup::new(4, seed);
        let played = rules
            .play(&setup, &[sevenw_runtime::bots::BotKind::Random; 4])
            .unwrap();
        let text = played.log.to_text();
        assert!(text.starts_with("sevenw replay 3\n"), "{text}");
        steps += played
            .log
            .decisions
            .iter()
            .filter(|d| !d.more.is_empty())
            .count();
        let log = Log::parse(&text).unwrap();
        rules
            .replay(&log)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        // A payment step left out: the decision goes on.
        if let Some(d) = log.decisions.iter().find(|d| !d.more.is_empty()) {
            let line = format!("move {} {} {}", d.seat, d.steps(), d.what);
            let cut = text.replace(&line, &format!("move {} {} {}", d.seat, d.index, d.what));
            let e = rules.replay(&Log::parse(&cut).unwrap()).unwrap_err();
            assert!(e.message.contains("goes on"), "{e}");
            assert_eq!(e.line, d.line);
        }
    }
    assert!(steps > 20, "{steps} decisions paid in a second step");
}

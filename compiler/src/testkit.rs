//! Test helpers: a game from in-memory files, through the passes.

use crate::diag::{Code, Report};
use crate::load::load_texts;
use crate::source::Sources;

/// A small valid vocabulary: 3–4 players, 2 Ages, hand of 2, n + 1 guilds in Age 2.
pub const VOCAB: &str = "\
game: t
title: T
family: base
players: [3, 4]
ages: 2
start_coins: 3
hand_size: 2
resources:
  raw: [wood, clay]
  manufactured: [glass]
science: [gear, tablet]
colours: [brown, blue, purple]
categories: [civilian, guilds, wonder]
vp_category: { blue: civilian, purple: guilds, wonder: wonder }
tradable: [brown, board]
scopes: { self: 0, left: 1, right: -1, neighbours: [left, right] }
counters: [card, wonder stage]
words: [produce, gain, science, trade, copy, build free]
triggers: [at game end, when built, once per age]
guilds: { colour: purple, age: 2, extra: 1 }
";

/// Runs load, parse, resolve and validate over `files` (game.yaml added).
pub fn resolved(files: &[(&str, &str)]) -> (Option<crate::resolve::Game>, Report) {
    let mut all = vec![("game.yaml", VOCAB)];
    all.extend_from_slice(files);
    let mut sources = Sources::default();
    let mut report = Report::default();
    let src = load_texts("t", &all, &mut sources, &mut report);
    let ast = crate::parse::parse(src, &mut report);
    let game = crate::resolve::resolve(ast, &mut report);
    if let Some(g) = &game {
        crate::validate::validate(g, &mut report);
    }
    report.sort();
    (game, report)
}

pub fn codes(report: &Report) -> Vec<Code> {
    report.diagnostics.iter().map(|d| d.code).collect()
}

/// A valid set for VOCAB. Age I: 6 cards for 3 players, 8 for 4. Age II:
/// 2 and 3 non-guild cards plus n + 1 of the 5 guilds. One wonder.
pub const AGE1: &str = "\
age: 1
cards:
  - name: Pit
    colour: brown
    players: [3, 3, 4]
    effect: produce clay
    chains: [Hall]
  - name: Yard
    colour: brown
    players: [3, 3, 4]
    effect: produce wood
  - name: Shrine
    colour: blue
    players: [3, 3]
    effect: gain 2 vp
";

pub const AGE2: &str = "\
age: 2
cards:
  - name: Hall
    colour: blue
    players: [3, 4]
    cost: 2 clay
    effect: gain 4 vp
  - name: Forum
    colour: blue
    players: [3]
    effect: gain 1 vp
  - name: Masons
    colour: purple
    effect: gain 1 vp per brown card in neighbours
  - name: Sages
    colour: purple
    effect: science gear or tablet
  - name: Builders
    colour: purple
    effect: gain 1 vp per wonder stage in left, self and right
  - name: Copyists
    colour: purple
    effect: copy a purple card from neighbours
  - name: Traders
    colour: purple
    effect: trade raw at 1 from left
";

pub const WONDERS: &str = "\
wonders:
  - name: Tower
    sides:
      A:
        effect: produce glass
        stages:
          - cost: 2 wood
            effect: gain 3 vp
          - cost: 2 clay
            effect: \"once per age: build a card from your hand for free\"
";

/// An empty folder under the system's temp folder, named for this process
/// and `name`, removed with everything in it when dropped (a failing test
/// included), so that `cargo test` leaves nothing behind.
pub struct Scratch(pub std::path::PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("sevenc-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the temp folder is writable");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

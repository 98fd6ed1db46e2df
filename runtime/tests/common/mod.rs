//! Helpers shared by the runtime's integration tests.
#![allow(dead_code)]

pub mod toy;

use sevenw_host::CardId;
use sevenw_runtime::base::{Action, Base, Move, Observer, Table, View};
use sevenw_runtime::player::Player;

/// A player driven by a closure over the legal moves.
pub struct Script<F: FnMut(&View<'_>, &[Move]) -> usize> {
    pub pick: F,
    /// Options offered for free builds from the discard pile, per call.
    pub free_options: Vec<Vec<CardId>>,
}

impl<F: FnMut(&View<'_>, &[Move]) -> usize> Player for Script<F> {
    fn choose_move(&mut self, view: &View<'_>, moves: &[Move]) -> usize {
        (self.pick)(view, moves)
    }
    fn choose_free_build(&mut self, _view: &View<'_>, cards: &[CardId]) -> usize {
        self.free_options.push(cards.to_vec());
        0
    }
}

pub fn script<'a>(pick: impl FnMut(&View<'_>, &[Move]) -> usize + 'a) -> Box<dyn Player + 'a> {
    Box::new(Script {
        pick,
        free_options: Vec::new(),
    })
}

/// The first move matching `pred`, else the first discard.
pub fn first(moves: &[Move], pred: impl Fn(&Move) -> bool) -> usize {
    moves
        .iter()
        .position(pred)
        .or_else(|| moves.iter().position(|m| m.action == Action::Discard))
        .unwrap_or(0)
}

/// Always discards the first card.
pub fn discarder<'a>() -> Box<dyn Player + 'a> {
    script(|_, moves| first(moves, |m| m.action == Action::Discard))
}

/// Builds a wonder stage when it can, else discards.
pub fn stager<'a>() -> Box<dyn Player + 'a> {
    script(|_, moves| first(moves, |m| matches!(m.action, Action::Stage(_))))
}

/// Checks invariants after every step of a game.
#[derive(Default)]
pub struct Checker {
    pub moves: usize,
    pub ages_ended: Vec<u8>,
    pub min_coins: i32,
    pub free_builds: usize,
}

impl Observer for Checker {
    fn moved(&mut self, _base: &Base, table: &Table, _seat: usize, _mv: &Move, _last: bool) {
        self.moves += 1;
        for c in &table.cities {
            self.min_coins = self.min_coins.min(c.coins);
            assert!(c.coins >= 0, "negative coins");
        }
    }
    fn built_from_discard(&mut self, _base: &Base, _table: &Table, _seat: usize, _card: CardId) {
        self.free_builds += 1;
    }
    fn age_ended(&mut self, _base: &Base, table: &Table) {
        self.ages_ended.push(table.age);
        assert!(
            table.hands.iter().all(|h| h.is_empty()),
            "cards left in hands after the Age"
        );
    }
}

/// Every dealt card is in exactly one place: a city, under a wonder, or
/// in the discard pile; and no city holds two cards of one name.
pub fn check_cards(base: &Base, table: &Table) {
    let mut dealt = table.dealt.clone();
    let mut placed: Vec<CardId> = table.discard.clone();
    for c in &table.cities {
        placed.extend_from_slice(&c.cards);
        placed.extend_from_slice(&c.stage_cards);
        let mut names: Vec<u16> = c.cards.iter().map(|&k| base.vocab.name_class(k)).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "two cards of one name in a city");
        assert_eq!(c.stage_cards.len(), usize::from(c.stages));
    }
    for h in &table.hands {
        placed.extend_from_slice(h);
    }
    dealt.sort_unstable();
    placed.sort_unstable();
    assert_eq!(dealt, placed, "cards lost or duplicated");
    for b in &table.boxed {
        assert!(!table.dealt.contains(b), "a boxed card was dealt");
    }
}

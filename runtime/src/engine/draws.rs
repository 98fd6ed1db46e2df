//! An expansion's draw rules (`draws:`): the cards each draws from, and
//! the draw itself, shared by the families that deal Ages (hands and
//! figures).
//!
//! A rule draws cards of any of its colours, of its Age and of no Age.
//! The cards of no Age are one pool for the whole game, as Agora's 13
//! senators are shuffled together and 5, 5 and 3 join the Ages
//! (duel-expansions-facts.md §2.2 item 5): those an Age leaves wait in the
//! box, unseen, for a later rule, and those it draws are gone from it.

use super::rng::Rng;
use sevenw_host::{CardId, DrawRule, GameInfo};

/// One draw rule with the cards it draws from: `fresh`, its Age's and
/// those of no Age no earlier rule draws from; `waiting`, those of no Age
/// an earlier rule draws from, there when they wait in the box.
#[derive(Clone, Debug)]
pub struct DrawPool {
    pub rule: DrawRule,
    fresh: Vec<CardId>,
    waiting: Vec<CardId>,
}

/// Whether card `i` is drawn by `rule`: one of its colours, no player
/// count, of its Age or (`no_age`) of no Age.
pub fn is_drawn(info: &GameInfo, i: usize, rule: &DrawRule, no_age: bool) -> bool {
    let c = &info.cards[i];
    c.copies.is_empty()
        && rule.colours.contains(c.colour)
        && (c.age == rule.age || (no_age && c.age == 0))
}

impl DrawPool {
    /// The pools of the expansions' draw rules of `info`, in the order
    /// they are drawn: by Age, then as listed.
    pub fn of(info: &GameInfo) -> Vec<DrawPool> {
        let mut rules: Vec<DrawRule> = info.draws.to_vec();
        rules.sort_by_key(|r| r.age);
        let mut seen: Vec<CardId> = Vec::new();
        rules
            .into_iter()
            .map(|rule| {
                let (mut fresh, mut waiting) = (Vec::new(), Vec::new());
                for i in (0..info.cards.len()).filter(|&i| is_drawn(info, i, &rule, true)) {
                    let id = CardId(i as u16);
                    if info.cards[i].age == 0 && seen.contains(&id) {
                        waiting.push(id);
                    } else {
                        if info.cards[i].age == 0 {
                            seen.push(id);
                        }
                        fresh.push(id);
                    }
                }
                DrawPool {
                    rule,
                    fresh,
                    waiting,
                }
            })
            .collect()
    }

    /// The most cards the rule can draw: its own and those of no Age
    /// earlier rules may leave.
    pub fn most(&self) -> usize {
        self.fresh.len() + self.waiting.len()
    }

    /// Draws `take` cards at random into `deck`: from its cards and those
    /// of no Age waiting in `boxed` (taken out of it); those not drawn go
    /// to `boxed`, unseen. `pool` is scratch space.
    pub fn draw(
        &self,
        take: usize,
        boxed: &mut Vec<CardId>,
        rng: &mut Rng,
        pool: &mut Vec<CardId>,
        deck: &mut Vec<CardId>,
    ) {
        pool.clear();
        pool.extend_from_slice(&self.fresh);
        if !self.waiting.is_empty() {
            pool.extend(boxed.iter().filter(|c| self.waiting.contains(c)));
            boxed.retain(|c| !self.waiting.contains(c));
        }
        rng.shuffle(pool);
        let take = take.min(pool.len());
        deck.extend_from_slice(&pool[..take]);
        boxed.extend_from_slice(&pool[take..]);
    }
}

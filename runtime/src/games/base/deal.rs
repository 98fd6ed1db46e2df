//! Set-up and the Ages: the boards chosen or dealt, each Age's deck dealt
//! (with the guild draw), the Leaders draft before Age I and the
//! recruitment at the start of each Age, and the conflicts at the end of
//! an Age.

use sevenw_host::{CardId, DraftRule, DrawRule, Event, GameInfo, Listens};

use crate::engine::city::seat_at;
use crate::engine::draws::{DrawPool, is_drawn};
use crate::engine::military::neighbour_battles;
use crate::engine::rng::Rng;
use crate::game::{Setup, SetupError, Sides};

use super::{Base, DEFEAT_VP, Phase, State, victory_vp};

impl Base {
    /// Checks a set-up and returns the boards: chosen ones, or dealt.
    pub(super) fn boards(
        &self,
        setup: &Setup,
        n: usize,
        deal: &mut Rng,
    ) -> Result<Vec<(u8, u8)>, SetupError> {
        let info = self.info;
        match &setup.wonders {
            Some(chosen) => {
                if chosen.len() != n {
                    return Err(SetupError::option(
                        "wonders",
                        format!(
                            "{} for {}",
                            crate::text::plural(chosen.len() as i64, "board"),
                            crate::text::plural(n as i64, "player")
                        ),
                    ));
                }
                for (seat, &(w, s)) in chosen.iter().enumerate() {
                    let ok = info.wonders.get(usize::from(w)).is_some_and(|w| {
                        usize::from(s) < w.sides.len() && !w.sides[usize::from(s)].stages.is_empty()
                    });
                    if !ok {
                        return Err(SetupError::option(
                            "wonders",
                            format!("seat {}: no such wonder or side", seat + 1),
                        ));
                    }
                    if chosen[..seat].iter().any(|&(w2, _)| w2 == w) {
                        return Err(SetupError::option(
                            "wonders",
                            format!("{} twice", self.wonder_name(w)),
                        ));
                    }
                }
                Ok(chosen.clone())
            }
            None => {
                let mut order: Vec<u8> = (0..info.wonders.len() as u8).collect();
                deal.shuffle(&mut order);
                Ok(order
                    .into_iter()
                    .take(n)
                    .map(|w| {
                        let sides = info.wonders[usize::from(w)].sides.len().max(1);
                        let s = match setup.sides {
                            Sides::A => 0,
                            Sides::B => 1.min(sides - 1),
                            Sides::Random => deal.below(sides),
                        };
                        (w, s as u8)
                    })
                    .collect())
            }
        }
    }
}

impl Base {
    /// Starts `age`: renews once-per-Age abilities, and with drafted cards
    /// in play opens the recruitment ("al comienzo de cada Era"), else deals
    /// the Age at once.
    pub fn start_age(&self, state: &mut State, age: u8) {
        let t = &mut state.table;
        t.age = age;
        state.phase = Phase::Turn;
        state.chosen.clear();
        for c in &mut t.cities {
            c.abilities.renew_hand_builds();
            // What `per age` in an effect multiplies by (`Host::age`).
            c.age = age;
        }
        if self.draft.is_some() {
            t.recruiting = true;
            t.turn = 0;
        } else {
            self.deal_age(state, age);
        }
    }

    /// Builds the deck of `age` for the table (with the guild draw),
    /// shuffles it and deals the hands.
    pub(crate) fn deal_age(&self, state: &mut State, age: u8) {
        let info = self.info;
        let t = &mut state.table;
        let n = t.cities.len();
        t.turn = 1;
        t.recruiting = false;
        let deck = &mut state.scratch.deck;
        deck.clear();
        deck.extend_from_slice(self.decks.deck(n, age));
        // The guilds, then each expansion's draw of this Age.
        if let Some((rule, cards)) = self.decks.guilds.as_ref().filter(|(r, _)| r.age == age) {
            let pool = &mut state.scratch.pool;
            pool.clear();
            pool.extend_from_slice(cards);
            state.rng.shuffle(pool);
            let take = usize::from(rule.drawn(n.min(255) as u8)).min(pool.len());
            deck.extend_from_slice(&pool[..take]);
            t.boxed.extend_from_slice(&pool[take..]);
        }
        for draw in self.decks.draws.iter().filter(|p| p.rule.age == age) {
            let take = usize::from(draw.rule.drawn(n.min(255) as u8));
            let pool = &mut state.scratch.pool;
            draw.draw(take, &mut t.boxed, &mut state.rng, pool, deck);
        }
        state.rng.shuffle(deck);
        let h = usize::from(info.hand_size);
        for (p, hand) in t.hands.iter_mut().enumerate() {
            hand.clear();
            // `start` checked that every Age deals its hands in full.
            hand.extend_from_slice(deck.get(p * h..(p + 1) * h).unwrap_or(&[]));
        }
        // A deck larger than the deal (an expansion's Age cards added to
        // the game's) leaves its last cards out of the Age, back in the box
        // unseen. The rulebooks are silent on such a deck; this follows
        // the family's own set-ups: the guilds not kept "en secreto" (base
        // game, first edition, "Preparación"), and Duel's "Devuelve a la
        // caja tres cartas de Era de cada mazo de Era, sin mirarlas" (Duel,
        // "Preparación de una Era"). The shipped decks deal exactly.
        let dealt = deck.len().min(n * h);
        t.dealt.extend_from_slice(&deck[..dealt]);
        t.boxed.extend_from_slice(&deck[dealt..]);
    }

    /// "A. Fase de selección": deals `rule.deal` drafted cards to each
    /// player from those in play (the expert ones only if asked), the rest
    /// to the box.
    pub(super) fn deal_draft(
        &self,
        state: &mut State,
        rule: DraftRule,
        expert: bool,
    ) -> Result<(), SetupError> {
        let info = self.info;
        let t = &mut state.table;
        let n = t.cities.len();
        let mut pool: Vec<CardId> = (0..info.cards.len())
            .filter(|&i| {
                let c = &info.cards[i];
                c.age == 0 && c.colour == rule.colour && (expert || !c.expert)
            })
            .map(|i| CardId(i as u16))
            .collect();
        let need = n * usize::from(rule.deal);
        if pool.len() < need {
            return Err(SetupError::Game(format!(
                "{n} players draw {need} drafted cards; the card sets in play have {}",
                pool.len()
            )));
        }
        state.rng.shuffle(&mut pool);
        let d = usize::from(rule.deal);
        t.drafting = (0..n).map(|p| pool[p * d..(p + 1) * d].to_vec()).collect();
        t.boxed.extend_from_slice(&pool[need..]);
        t.dealt.extend_from_slice(&pool[..need]);
        state.phase = Phase::Draft;
        Ok(())
    }

    /// Every seat has kept a card: the rest of each hand is passed on; a
    /// single card left is kept without a choice, and the draft ends.
    pub(super) fn resolve_draft(&self, state: &mut State) {
        let chosen = std::mem::take(&mut state.chosen);
        let t = &mut state.table;
        let n = t.cities.len();
        for (seat, mv) in chosen.iter().enumerate() {
            let hand = &mut t.drafting[seat];
            let slot = usize::from(mv.slot);
            if slot < hand.len() {
                let c = hand.remove(slot);
                t.side[seat].push(c);
                if let Some(d) = t.drafted.get_mut(seat) {
                    d.push(c);
                }
            }
        }
        state.resolved = chosen;
        state.chosen.clear();
        state.turns_played += 1;
        let pass = self.draft.map_or(-1, |d| d.pass);
        let mut passed = vec![Vec::new(); n];
        for (p, hand) in t.drafting.drain(..).enumerate() {
            passed[seat_at(p, pass, n)] = hand;
        }
        t.drafting = passed;
        if t.drafting.iter().all(|h| h.len() <= 1) {
            // "Hasta que cada jugador recibe de su vecino una sola carta, la
            // cual debe quedarse."
            for (seat, hand) in t.drafting.iter_mut().enumerate() {
                if let Some(d) = t.drafted.get_mut(seat) {
                    d.extend_from_slice(hand);
                }
                t.side[seat].append(hand);
            }
            t.drafting.clear();
            self.start_age(state, 1);
        } else {
            state.phase = Phase::Draft;
        }
    }

    /// "Conflictos militares" at the end of the Age (each victory token told
    /// to its winner's sources), then the end-of-Age effects.
    pub fn end_age(&self, state: &mut State) {
        self.fail_project(state);
        let mut gained = std::mem::take(&mut state.scratch.gained);
        let mut strength = std::mem::take(&mut state.scratch.strength);
        let t = &mut state.table;
        // A city holding a token of a kind that sits out (Cities'
        // diplomacy) takes no part, then gives one up (cities-facts.md
        // §3.2: "must discard the token").
        let mut absent = 0u64;
        let sitting = if self.sits_out { t.cities.len() } else { 0 };
        for (seat, c) in t.cities.iter_mut().enumerate().take(sitting.min(64)) {
            let kind = (0..self.info.tokens.len())
                .find(|&k| self.info.tokens[k].sits_out && c.held(k) > 0);
            if let Some(k) = kind {
                absent |= 1 << seat;
                c.lose_tokens(self.info, k, 1);
            }
        }
        neighbour_battles(
            &self.vocab,
            &mut t.cities,
            victory_vp(t.age),
            DEFEAT_VP,
            absent,
            &mut gained,
            &mut strength,
        );
        for (seat, &won) in gained.iter().enumerate() {
            for _ in 0..won {
                self.fire(
                    &mut t.cities,
                    seat,
                    Event::GainedVictory,
                    Listens::GAINED_VICTORY,
                );
            }
        }
        for seat in 0..t.cities.len() {
            self.fire(&mut t.cities, seat, Event::AgeEnd, Listens::AGE_END);
        }
        state.scratch.gained = gained;
        state.scratch.strength = strength;
        for seat in 0..state.table.cities.len() {
            self.settle_quietly(state, seat);
        }
    }

    /// "Fase de reclutamiento en la Era III": the drafted card not chosen
    /// goes back to the box, unless the city keeps its hand.
    pub(super) fn box_leftovers(&self, state: &mut State) {
        let Some(rule) = self.draft else { return };
        let t = &mut state.table;
        for seat in 0..t.cities.len() {
            if t.cities[seat].abilities.keep.contains(rule.colour) {
                continue;
            }
            let left = std::mem::take(&mut t.side[seat]);
            t.returned.extend(left);
        }
    }
}

/// Each Age's deck before its shuffle, for each player count, and the
/// cards the guilds are drawn from: made once, when the rules are made,
/// rather than from every card of the set at every Age of every game.
#[derive(Clone, Debug, Default)]
pub(super) struct Decks {
    /// How many Ages, and one: decks are found by the Age's number, 0
    /// (the leaders', never dealt as an Age) included.
    ages: usize,
    /// By `n * ages + age`: the Age's cards in the set's order, each as
    /// many times as it has copies at `n` players (the guilds apart).
    decks: Vec<Vec<CardId>>,
    /// The guild rule with the cards it draws from, in the set's order.
    pub(super) guilds: Option<(DrawRule, Vec<CardId>)>,
    /// The expansions' draw rules with the cards each draws from.
    pub(super) draws: Vec<DrawPool>,
}

impl Decks {
    pub(super) fn of(info: &GameInfo) -> Decks {
        let ages = usize::from(info.ages) + 1;
        let mut decks = Vec::new();
        for n in 0..=usize::from(info.max_players) {
            for age in 0..ages {
                let mut deck = Vec::new();
                for (i, c) in info.cards.iter().enumerate() {
                    if usize::from(c.age) == age {
                        let copies = c.copies.iter().filter(|&&m| usize::from(m) <= n).count();
                        deck.extend(std::iter::repeat_n(CardId(i as u16), copies));
                    }
                }
                decks.push(deck);
            }
        }
        let guilds = info.guilds.map(|rule| {
            let cards = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, &rule, false))
                .map(|i| CardId(i as u16))
                .collect();
            (rule, cards)
        });
        Decks {
            ages,
            decks,
            guilds,
            draws: DrawPool::of(info),
        }
    }

    /// The deck of `age` at `n` players, unshuffled (empty beyond the
    /// set's player counts, which a game's start refuses).
    pub(super) fn deck(&self, n: usize, age: u8) -> &[CardId] {
        self.decks
            .get(n * self.ages + usize::from(age))
            .map_or(&[], Vec::as_slice)
    }
}

/// Cards dealt in `age` to `n` players.
pub fn deck_size(info: &GameInfo, age: u8, n: usize) -> usize {
    let fixed: usize = info
        .cards
        .iter()
        .filter(|c| c.age == age)
        .map(|c| c.copies.iter().filter(|&&m| usize::from(m) <= n).count())
        .sum();
    let players = n.min(255) as u8;
    let guilds: usize = (info.guilds.iter().filter(|r| r.age == age))
        .map(|rule| {
            let pool = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, rule, false))
                .count();
            usize::from(rule.drawn(players)).min(pool)
        })
        .sum();
    let drawn: usize = (DrawPool::of(info).iter().filter(|p| p.rule.age == age))
        .map(|p| usize::from(p.rule.drawn(players)).min(p.most()))
        .sum();
    fixed + guilds + drawn
}

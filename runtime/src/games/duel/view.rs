//! What one seat sees ([`View`]), and the masked state previews and
//! determinization start from.

use std::fmt;

use sevenw_host::CardId;

use crate::engine::city::City;
use crate::engine::military::Track;
use crate::engine::rng::Rng;

use super::layout::{MAX_LAYOUT, Shape};
use super::{Choice, Duel, Phase, State, UNKNOWN};

impl Duel {
    /// A state fit for previews: what `seat` cannot see is gone (face-down
    /// cards become unknown, tokens set aside and the future wonders of the
    /// draft are out, the random stream is a fixed one; the boards' cards
    /// it does not know are dealt in a fixed order, [`Duel::redeal_unseen`]).
    /// Made in `m` (any state of this game: overwritten, its buffers
    /// reused).
    pub(super) fn masked_into(&self, st: &State, seat: usize, m: &mut State) {
        m.clone_from(st);
        let t = &mut m.table;
        for i in 0..MAX_LAYOUT {
            if t.layout.up & (1 << i) == 0 {
                t.layout.cards[i] = UNKNOWN;
            }
        }
        if !m.table.spaces.is_empty() {
            self.redeal_unseen(m, seat, None);
        }
        if m.table.decrees_down != 0 {
            self.redeal_decrees(&mut m.table, None);
        }
        if self.schemes_colour().is_some() {
            self.redeal_schemes(&mut m.table, seat, m.phase, None);
        }
        let looking = matches!(
            m.phase,
            Phase::Choose { seat: s, choice: Choice::Aside } if s == seat
        );
        let t = &mut m.table;
        t.aside_tokens.clear();
        t.draft_deck.clear();
        t.boxed.clear();
        if !looking {
            t.aside_cards.clear();
        }
        t.dealt.clear();
        let other = 1 - seat.min(1);
        t.stage_cards[other].clear();
        m.rng = Rng::new(0);
    }
}

/// What one seat may see: both cities, the wonders (to build, built, in the
/// draft), the progress tokens on the board and held, the conflict track,
/// the discard pile (which "los jugadores pueden consultar … en cualquier
/// momento"), the cards under its own wonders, the cards on the boards'
/// spaces (those face down only where it laid them), and the layout with
/// its face-down cards as "a card is here". The tokens set aside (but
/// those drawn for its own choice), the wonders the draft has not
/// revealed, the cards returned to the box, the cards under the
/// opponent's wonders and the boards' cards it does not know are not in
/// it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(super) duel: &'a Duel,
    pub(super) state: &'a State,
    pub(super) seat: usize,
}

impl<'a> View<'a> {
    pub fn rules(&self) -> &'a Duel {
        self.duel
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn age(&self) -> u8 {
        self.state.table.age
    }
    pub fn phase(&self) -> Phase {
        self.state.phase
    }
    pub fn current(&self) -> usize {
        self.state.table.current
    }
    /// Whether the player whose turn it is plays again when it ends.
    pub fn again(&self) -> bool {
        self.state.table.again
    }
    pub fn city(&self) -> &'a City {
        &self.state.table.cities[self.seat]
    }
    pub fn opponent(&self) -> &'a City {
        &self.state.table.cities[1 - self.seat]
    }
    pub fn cities(&self) -> &'a [City] {
        &self.state.table.cities
    }
    /// The wonders `seat` may still build.
    pub fn wonders(&self, seat: usize) -> &'a [u8] {
        &self.state.table.wonders[seat.min(1)]
    }
    /// The wonders `seat` has built.
    pub fn built(&self, seat: usize) -> &'a [u8] {
        &self.state.table.built[seat.min(1)]
    }
    pub fn draft(&self) -> &'a [u8] {
        &self.state.table.draft
    }
    pub fn board_tokens(&self) -> &'a [u8] {
        &self.state.table.board_tokens
    }
    /// The tokens `seat` holds.
    pub fn tokens(&self, seat: usize) -> &'a [u8] {
        &self.state.table.tokens[seat.min(1)]
    }
    /// The tokens drawn for this seat's choice.
    pub fn drawn_tokens(&self) -> &'a [u8] {
        match self.state.phase {
            Phase::Choose { seat, .. } if seat == self.seat => &self.state.table.drawn_tokens,
            _ => &[],
        }
    }
    /// Each player's cubes in each chamber of the senate (all 0 without
    /// one): in sight of every seat.
    pub fn senate(&self) -> &'a super::Chambers {
        &self.state.table.senate
    }
    /// The decree of chamber `c` where it lies face up (nobody knows a
    /// face-down one).
    pub fn decree(&self, c: usize) -> Option<CardId> {
        let t = &self.state.table;
        (!Duel::decree_down(t, c)).then_some(t.decrees.get(c).copied().flatten())?
    }
    /// The decrees lying face up under the top one of chamber `c`.
    pub fn under(&self, c: usize) -> impl Iterator<Item = CardId> + 'a {
        (self.state.table.under.iter())
            .filter(move |&&(k, _)| usize::from(k) == c)
            .map(|&(_, d)| d)
    }
    /// Whether chamber `c` holds a face-down decree.
    pub fn decree_face_down(&self, c: usize) -> bool {
        let t = &self.state.table;
        Duel::decree_down(t, c) && t.decrees.get(c).copied().flatten().is_some()
    }
    pub fn track(&self) -> Track {
        self.state.table.track
    }
    pub fn discard(&self) -> &'a [CardId] {
        &self.state.table.discard
    }
    pub fn stage_cards(&self) -> &'a [CardId] {
        &self.state.table.stage_cards[self.seat]
    }
    /// Slots still holding a card, as a bit set.
    pub fn present(&self) -> u32 {
        self.state.table.layout.present
    }
    /// Accessible slots, as a bit set.
    pub fn accessible(&self) -> u32 {
        self.state.table.layout.open
    }
    /// The card at `slot` if it is there and face up.
    pub fn card_at(&self, slot: usize) -> Option<CardId> {
        let l = &self.state.table.layout;
        (slot < MAX_LAYOUT && l.present & l.up & (1 << slot) != 0).then(|| l.cards[slot])
    }
    /// The boards' spaces, every board's numbered together.
    pub fn space_count(&self) -> usize {
        self.state.table.spaces.len()
    }
    /// The card on `space` as this seat sees it: face up, or face down
    /// where this seat laid it; `None` for an empty space or a face-down
    /// card the opponent laid.
    pub fn space_card(&self, space: usize) -> Option<CardId> {
        let t = &self.state.table;
        let card = (*t.spaces.get(space)?)?;
        Duel::sees_space(t, space, self.seat).then_some(card)
    }
    /// Whether `space` holds a card face down (whoever laid it).
    pub fn face_down(&self, space: usize) -> bool {
        let t = &self.state.table;
        t.spaces.get(space).is_some_and(Option::is_some) && t.down.get(space) > Some(&0)
    }
    /// The colour of the card on `space`, face up or down (public: a
    /// card is laid face down by a kind of token, which says its colour).
    pub fn space_colour(&self, space: usize) -> Option<sevenw_host::Colour> {
        let card = (*self.state.table.spaces.get(space)?)?;
        Some(self.duel.info.cards.get(usize::from(card.0))?.colour)
    }
    /// The cards drawn for this seat's choice of a card to lay or take,
    /// and those drawn for anyone's where every seat sees them (the Gate's);
    /// the cards set aside this seat looks at to build one.
    pub fn drawn_cards(&self) -> &'a [CardId] {
        match self.state.phase {
            Phase::Choose {
                seat,
                choice: Choice::Aside,
            } if seat == self.seat => &self.state.table.aside_cards,
            Phase::Choose {
                seat,
                choice: Choice::Place { .. } | Choice::Summon { .. },
            } if seat == self.seat => &self.state.table.drawn_cards,
            Phase::Choose {
                choice: Choice::Summon { public: true },
                ..
            } => &self.state.table.drawn_cards,
            _ => &[],
        }
    }
    /// Each space as this seat sees it: the card it knows there, and
    /// whether a card lies face down.
    pub fn spaces(&self) -> impl Iterator<Item = (Option<CardId>, bool)> + '_ {
        (0..self.space_count()).map(|s| (self.space_card(s), self.face_down(s)))
    }
    /// The kind of the token on the card at `slot`, if one lies there
    /// (tokens on the figure are public, on face-down cards too).
    pub fn mark_at(&self, slot: usize) -> Option<u8> {
        let l = &self.state.table.layout;
        let m = *l.marks().get(slot)?;
        (m != 0 && l.present & (1 << slot) != 0).then(|| m - 1)
    }
    /// The shape of the current figure.
    pub fn shape(&self) -> &'a Shape {
        &self.state.table.layout.shape
    }
    /// A state for previews: only what this seat sees (see
    /// [`Duel::masked_into`]), made in `m` (overwritten, its buffers reused).
    pub(super) fn masked_into(&self, m: &mut State) {
        self.duel.masked_into(self.state, self.seat, m);
    }
}

impl PartialEq for View<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.seat == o.seat
            && self.age() == o.age()
            && self.phase() == o.phase()
            && self.current() == o.current()
            && self.again() == o.again()
            && self.cities() == o.cities()
            && (0..2).all(|s| {
                self.wonders(s) == o.wonders(s)
                    && self.built(s) == o.built(s)
                    && self.tokens(s) == o.tokens(s)
            })
            && self.draft() == o.draft()
            && self.board_tokens() == o.board_tokens()
            && self.drawn_tokens() == o.drawn_tokens()
            && self.track() == o.track()
            && self.discard() == o.discard()
            && self.stage_cards() == o.stage_cards()
            && self.present() == o.present()
            && self.accessible() == o.accessible()
            && self.shape() == o.shape()
            && (0..MAX_LAYOUT).all(|i| self.card_at(i) == o.card_at(i))
            && (0..MAX_LAYOUT).all(|i| self.mark_at(i) == o.mark_at(i))
            && self.spaces().eq(o.spaces())
            && (0..self.space_count()).all(|s| self.space_colour(s) == o.space_colour(s))
            && self.drawn_cards() == o.drawn_cards()
            && self.senate() == o.senate()
            && (0..super::MAX_CHAMBERS).all(|c| {
                self.decree(c) == o.decree(c) && self.decree_face_down(c) == o.decree_face_down(c)
            })
            && self.schemes_seen() == o.schemes_seen()
    }
}

impl fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout: Vec<Option<CardId>> = (0..usize::from(self.shape().len))
            .map(|i| self.card_at(i))
            .collect();
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("age", &self.age())
            .field("phase", &self.phase())
            .field("current", &self.current())
            .field("again", &self.again())
            .field("cities", &self.cities())
            .field("wonders", &[self.wonders(0), self.wonders(1)])
            .field("built", &[self.built(0), self.built(1)])
            .field("draft", &self.draft())
            .field("board_tokens", &self.board_tokens())
            .field("tokens", &[self.tokens(0), self.tokens(1)])
            .field("drawn_tokens", &self.drawn_tokens())
            .field("track", &self.track())
            .field("discard", &self.discard())
            .field("stage_cards", &self.stage_cards())
            .field("layout", &layout)
            .field("present", &self.present())
            .field("spaces", &self.spaces().collect::<Vec<_>>())
            .field("drawn_cards", &self.drawn_cards())
            .field(
                "marks",
                &(0..MAX_LAYOUT)
                    .filter_map(|i| Some((i, self.mark_at(i)?)))
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

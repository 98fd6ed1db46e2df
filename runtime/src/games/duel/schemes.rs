//! Schemes (an expansion's `schemes:`, Agora's Conspiracies,
//! duel-expansions-facts.md §2.6): cards of no Age of the schemes' colour,
//! shuffled into a face-down deck at the start of the game.
//!
//! - `draw schemes` draws from its top; the player keeps some face down,
//!   unseen by the other ([`Choice::Keep`]), and puts each other back on
//!   the top or the bottom of the deck ([`Choice::Return`]); with
//!   `keep every scheme drawn` they keep them all.
//! - As a turn, a player may tuck a card of the figure under a scheme they
//!   hold, preparing it ([`Action::Prepare`]; which one, where several are
//!   unprepared: [`Choice::Ready`]). Any accessible card may be used;
//!   nothing else happens ("Prepare", §2.6).
//! - At the start of a later turn, before taking a card, they may reveal
//!   one prepared scheme: its effects run once, then they play their turn
//!   ("Trigger": "at most one per turn", "cannot be triggered on the turn
//!   it was prepared" — preparing is the turn's card, so the next turn
//!   is a later one). A move of [`Phase::Play`] ([`Move::Scheme`]), so a
//!   turn with nothing to trigger asks nothing more.
//! - `may trigger an unprepared scheme` reveals one no card prepares
//!   ([`Choice::Unprepared`], Agora's Curia Julia).
//!
//! The other player sees how many schemes each holds and which are
//! prepared, the cards tucked under them (taken from the figure face up)
//! and the schemes revealed; not which schemes are held or drawn, nor the
//! deck.

use sevenw_host::{CardId, Colour, Source};

use crate::engine::rng::Rng;

use super::{Action, Choice, Duel, Move, Phase, Position, State};

/// The schemes of a game ([`Position::schemes`]).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Schemes {
    /// The deck, face down; its top is the last card.
    pub deck: Vec<CardId>,
    /// Each player's schemes, face down: the card and whether a card is
    /// tucked under it (prepared).
    pub held: [Vec<(CardId, bool)>; 2],
    /// Each player's schemes revealed, in order, and whether each was
    /// prepared.
    pub revealed: [Vec<(CardId, bool)>; 2],
    /// The cards of the figure tucked under each player's schemes.
    pub tucked: [Vec<CardId>; 2],
    /// The schemes just drawn, still to keep or put back (only their
    /// drawer sees them).
    pub drawn: Vec<CardId>,
    /// How many of `drawn` are still to keep.
    pub keep: u8,
    /// This turn's trigger: [`NONE`], [`RUNNING`] (the turn goes on once
    /// its effects are done) or [`DONE`].
    pub trigger: u8,
    /// Whether schemes are in play: without, every list stays empty, and
    /// a state clones none of them.
    pub in_play: bool,
}

impl Clone for Schemes {
    fn clone(&self) -> Self {
        let mut s = Schemes::default();
        s.clone_from(self);
        s
    }

    /// Field by field into this one's buffers (as `clone_reusing!`), and
    /// nothing at all between two states of a game without schemes.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        if !self.in_play && !source.in_play {
            return;
        }
        self.copy_from(source);
    }
}

impl Schemes {
    /// [`Clone::clone_from`] where schemes are in play.
    #[inline(never)]
    fn copy_from(&mut self, source: &Self) {
        let Schemes {
            deck,
            held,
            revealed,
            tucked,
            drawn,
            keep,
            trigger,
            in_play,
        } = source;
        self.deck.clone_from(deck);
        self.held.clone_from(held);
        self.revealed.clone_from(revealed);
        self.tucked.clone_from(tucked);
        self.drawn.clone_from(drawn);
        self.keep = *keep;
        self.trigger = *trigger;
        self.in_play = *in_play;
    }
}

/// No scheme triggered yet this turn.
pub const NONE: u8 = 0;
/// A scheme triggered at the start of the turn is running.
pub const RUNNING: u8 = 1;
/// A scheme was triggered this turn.
pub const DONE: u8 = 2;

impl Schemes {
    /// How many of `seat`'s schemes are held and prepared.
    pub fn counts(&self, seat: usize) -> (usize, usize) {
        let held = self.held.get(seat).map_or(&[][..], |h| &h[..]);
        (held.len(), held.iter().filter(|h| h.1).count())
    }

    /// `seat`'s unprepared schemes.
    fn unprepared(&self, seat: usize) -> impl Iterator<Item = CardId> + '_ {
        self.held[seat.min(1)].iter().filter(|h| !h.1).map(|h| h.0)
    }
}

impl Duel {
    /// The colour of the schemes in play, if any.
    pub fn schemes_colour(&self) -> Option<Colour> {
        self.info.schemes.map(|s| s.colour)
    }

    /// Every scheme card of the game, by id: the cards of no Age of the
    /// schemes' colour (none without `schemes:`).
    pub fn scheme_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let colour = self.schemes_colour();
        (self.info.cards.iter().enumerate())
            .filter(move |(_, c)| colour.is_some() && c.age == 0 && Some(c.colour) == colour)
            .map(|(i, _)| CardId(i as u16))
    }

    /// At the start of the game: every scheme shuffled into the deck
    /// ("Shuffle the 16 Conspiracies into a face-down deck", §2.2 item 3).
    pub(super) fn deal_schemes(&self, t: &mut Position, rng: &mut Rng) {
        t.schemes.deck.clear();
        t.schemes.in_play = self.schemes_colour().is_some();
        if !t.schemes.in_play {
            return;
        }
        t.schemes.deck.extend(self.scheme_cards());
        rng.shuffle(&mut t.schemes.deck);
    }

    /// The moves schemes add to the player's turn, into `out`: each
    /// prepared scheme to trigger, if none was this turn; each accessible
    /// card to tuck under an unprepared one.
    pub(super) fn scheme_moves(&self, t: &Position, out: &mut Vec<Move>) {
        let s = &t.schemes;
        let seat = t.current.min(1);
        if s.held[seat].is_empty() {
            return;
        }
        if s.trigger == NONE {
            out.extend(
                s.held[seat]
                    .iter()
                    .filter(|h| h.1)
                    .map(|h| Move::Scheme(h.0)),
            );
        }
        if s.unprepared(seat).next().is_some() {
            let mut open = t.layout.accessible_set();
            while open != 0 {
                let slot = open.trailing_zeros() as usize;
                open &= open - 1;
                if let Some(&card) = t.layout.cards.get(slot) {
                    out.push(Move::Card {
                        slot: slot as u8,
                        card,
                        action: Action::Prepare,
                    });
                }
            }
        }
    }

    /// Whether the player to act holds a scheme (a turn of theirs may
    /// then offer more than the cards' moves).
    pub(super) fn schemes_held(&self, t: &Position) -> bool {
        !t.schemes.held[t.current.min(1)].is_empty()
    }

    /// `card`, just taken from the figure, is tucked under one of
    /// `seat`'s unprepared schemes: the only one at once, or the one they
    /// choose.
    pub(super) fn prepare(&self, st: &mut State, seat: usize, card: CardId) {
        let s = &mut st.table.schemes;
        s.tucked[seat].push(card);
        let (first, second) = {
            let mut unprepared = s.unprepared(seat);
            (unprepared.next(), unprepared.next())
        };
        match (first, second) {
            (Some(only), None) => ready(s, seat, only),
            (Some(_), Some(_)) => {
                st.phase = Phase::Choose {
                    seat,
                    choice: Choice::Ready,
                }
            }
            // Never a legal move: the card stays tucked, for no scheme.
            (None, _) => {}
        }
    }

    /// `seat` reveals `scheme`, held, and its effects run; `running`: as
    /// the start of their turn, which goes on once they are done.
    pub(super) fn trigger(&self, st: &mut State, seat: usize, scheme: CardId, running: bool) {
        let s = &mut st.table.schemes;
        let Some(i) = s.held[seat].iter().position(|h| h.0 == scheme) else {
            return;
        };
        let (card, prepared) = s.held[seat].remove(i);
        s.revealed[seat].push((card, prepared));
        if running {
            s.trigger = RUNNING;
        }
        self.run(st, seat, Source::Card(card), None);
    }

    /// Carries out `draw schemes`: `n` drawn from the deck's top, `keep`
    /// of them kept (every one with `keep every scheme drawn`); true if it
    /// asks `seat` which.
    pub(super) fn draw_schemes(&self, st: &mut State, seat: usize, n: u8, keep: u8) -> bool {
        let s = &mut st.table.schemes;
        for _ in 0..n {
            match s.deck.pop() {
                Some(c) => s.drawn.push(c),
                None => break,
            }
        }
        let all = st.table.cities[seat].abilities.keep_schemes > 0;
        let s = &mut st.table.schemes;
        if all || usize::from(keep) >= s.drawn.len() {
            s.held[seat].extend(s.drawn.drain(..).map(|c| (c, false)));
            s.keep = 0;
            return false;
        }
        s.keep = keep;
        st.phase = Phase::Choose {
            seat,
            choice: if keep == 0 {
                Choice::Return
            } else {
                Choice::Keep
            },
        };
        true
    }

    /// Carries out `trigger scheme`: true if `seat` has an unprepared
    /// scheme to choose.
    pub(super) fn trigger_pending(&self, st: &mut State, seat: usize) -> bool {
        let asks = st.table.schemes.unprepared(seat).next().is_some();
        if asks {
            st.phase = Phase::Choose {
                seat,
                choice: Choice::Unprepared,
            };
        }
        asks
    }

    /// The legal moves of a scheme's decision.
    pub(super) fn scheme_choice_moves(
        &self,
        t: &Position,
        seat: usize,
        choice: Choice,
        out: &mut Vec<Move>,
    ) {
        let s = &t.schemes;
        match choice {
            Choice::Keep => out.extend(s.drawn.iter().map(|&c| Move::Scheme(c))),
            Choice::Return => out.extend([
                Move::Return { bottom: false },
                Move::Return { bottom: true },
            ]),
            Choice::Ready => out.extend(s.unprepared(seat).map(Move::Scheme)),
            Choice::Unprepared => {
                out.extend(s.unprepared(seat).map(Move::Scheme));
                out.push(Move::NoScheme);
            }
            _ => {}
        }
    }

    /// `seat` chooses `mv` for a scheme's decision (the turn goes on
    /// after, [`Duel::choose`]).
    pub(super) fn choose_scheme(&self, st: &mut State, seat: usize, choice: Choice, mv: Move) {
        let s = &mut st.table.schemes;
        match (choice, mv) {
            (Choice::Keep, Move::Scheme(c)) => {
                if let Some(i) = s.drawn.iter().position(|&d| d == c) {
                    s.drawn.remove(i);
                    s.held[seat].push((c, false));
                    s.keep = s.keep.saturating_sub(1);
                }
                self.ask_drawn(st, seat);
            }
            (Choice::Return, Move::Return { bottom }) => {
                if !s.drawn.is_empty() {
                    let c = s.drawn.remove(0);
                    if bottom {
                        s.deck.insert(0, c);
                    } else {
                        s.deck.push(c);
                    }
                }
                self.ask_drawn(st, seat);
            }
            (Choice::Ready, Move::Scheme(c)) => ready(s, seat, c),
            (Choice::Unprepared, Move::Scheme(c)) => self.trigger(st, seat, c, false),
            _ => {}
        }
    }

    /// The next decision of a draw under way: a scheme to keep, then where
    /// each other one goes back.
    fn ask_drawn(&self, st: &mut State, seat: usize) {
        let s = &st.table.schemes;
        let choice = match (s.keep, s.drawn.len()) {
            (_, 0) => return,
            (0, _) => Choice::Return,
            (k, n) if usize::from(k) >= n => {
                let s = &mut st.table.schemes;
                s.held[seat].extend(s.drawn.drain(..).map(|c| (c, false)));
                s.keep = 0;
                return;
            }
            _ => Choice::Keep,
        };
        st.phase = Phase::Choose { seat, choice };
    }

    /// At the end of a turn where a scheme was triggered: whether it was
    /// the scheme that ran, the player then taking their card, the turn
    /// not passing ([`Duel::end_turn`]); otherwise (the card was taken,
    /// or the scheme's effects emptied the figure) the next turn may
    /// trigger one again.
    #[cold]
    pub(super) fn trigger_done(t: &mut Position) -> bool {
        if t.schemes.trigger == RUNNING && !t.layout.is_empty() {
            t.schemes.trigger = DONE;
            true
        } else {
            t.schemes.trigger = NONE;
            false
        }
    }

    /// What `seat` cannot see of the schemes dealt again: the other
    /// player's held schemes and those drawn by the other, with the deck,
    /// at random (`Some`) or in a fixed order by id, so that no preview
    /// tells them (`None`). Those revealed stay.
    pub(super) fn redeal_schemes(
        &self,
        t: &mut Position,
        seat: usize,
        phase: Phase,
        rng: Option<&mut Rng>,
    ) {
        let own_draw = self.drawer(phase) == Some(seat.min(1));
        let s = &mut t.schemes;
        let other = 1 - seat.min(1);
        let mut pool: Vec<CardId> = s.deck.clone();
        pool.extend(s.held[other].iter().map(|h| h.0));
        if !own_draw {
            pool.extend_from_slice(&s.drawn);
        }
        match rng {
            Some(rng) => rng.shuffle(&mut pool),
            None => pool.sort_unstable(),
        }
        let mut next = pool.into_iter();
        for h in &mut s.held[other] {
            h.0 = next.next().unwrap_or(h.0);
        }
        if !own_draw {
            for d in &mut s.drawn {
                *d = next.next().unwrap_or(*d);
            }
        }
        for d in &mut s.deck {
            *d = next.next().unwrap_or(*d);
        }
    }
}

/// `scheme`, one of `seat`'s unprepared schemes, is prepared.
fn ready(s: &mut Schemes, seat: usize, scheme: CardId) {
    if let Some(h) = s.held[seat].iter_mut().find(|h| h.0 == scheme && !h.1) {
        h.1 = true;
    }
}

impl Duel {
    /// The schemes as a seat's document shows them
    /// (`show.rs`): the deck's size; by seat, how many are held and
    /// prepared, those revealed and the cards tucked; the seat's own
    /// schemes and those it drew to choose from (none for a spectator).
    /// `null` without schemes.
    pub(super) fn schemes_json(&self, v: &super::View<'_>, spectator: bool) -> serde_json::Value {
        use serde_json::json;
        if self.schemes_colour().is_none() {
            return serde_json::Value::Null;
        }
        let s = &v.state.table.schemes;
        let cards = |cs: &mut dyn Iterator<Item = CardId>| -> Vec<serde_json::Value> {
            cs.map(|c| self.card_json(c)).collect()
        };
        let seats: Vec<serde_json::Value> = (0..2)
            .map(|seat| {
                let (held, prepared) = s.counts(seat);
                json!({
                    "held": held,
                    "prepared": prepared,
                    "revealed": cards(&mut s.revealed[seat].iter().map(|h| h.0)),
                    "tucked": cards(&mut s.tucked[seat].iter().copied()),
                })
            })
            .collect();
        let me = v.seat();
        let mine: Vec<serde_json::Value> = if spectator {
            Vec::new()
        } else {
            (s.held[me].iter())
                .map(|&(c, prepared)| json!({ "card": self.card_json(c), "prepared": prepared }))
                .collect()
        };
        let drawing = !spectator && self.drawer(v.phase()) == Some(me);
        let drawn = if drawing {
            cards(&mut s.drawn.iter().copied())
        } else {
            Vec::new()
        };
        json!({ "deck": s.deck.len(), "seats": seats, "mine": mine, "drawn": drawn })
    }

    /// The seat choosing among schemes it drew, if any.
    fn drawer(&self, phase: Phase) -> Option<usize> {
        match phase {
            Phase::Choose {
                seat,
                choice: Choice::Keep | Choice::Return,
            } => Some(seat),
            _ => None,
        }
    }

    /// The schemes `seat` sees (for the hidden-information tests,
    /// `Show::seen`): those revealed and the cards tucked, its own, and
    /// those it drew to choose from.
    pub(super) fn seen_schemes(&self, st: &State, seat: Option<usize>, out: &mut Vec<CardId>) {
        let s = &st.table.schemes;
        for k in 0..2 {
            out.extend(s.revealed[k].iter().map(|h| h.0));
            out.extend_from_slice(&s.tucked[k]);
        }
        if let Some(me) = seat.map(|x| x.min(1)) {
            out.extend(s.held[me].iter().map(|h| h.0));
            if self.drawer(st.phase) == Some(me) {
                out.extend_from_slice(&s.drawn);
            }
        }
    }
}

impl Duel {
    /// A scenario's `schemes:` or `prepared:` for `seat`: each scheme
    /// named leaves the deck for the player's hand of schemes, prepared or
    /// not (with no card tucked: the scenario gives them as they stand).
    pub(super) fn give_schemes(
        &self,
        st: &mut State,
        seat: usize,
        names: &[serde_saphyr::Spanned<String>],
        prepared: bool,
        found: &mut crate::doc::Found,
    ) {
        for name in names {
            let Some(id) = found.keep(crate::sheet::card(&self.vocab, name)) else {
                continue;
            };
            let colour = self.info.cards.get(usize::from(id.0)).map(|c| c.colour);
            if self.schemes_colour().is_none() || colour != self.schemes_colour() {
                let why = match self.schemes_colour() {
                    None => "no schemes are in play: `schemes` and `prepared` give cards of the colour of a `schemes:` of the card sets".to_string(),
                    Some(_) => format!("{} is not a scheme", self.card_name(id)),
                };
                found.push(crate::doc::at(name, why));
                continue;
            }
            let deck = &mut st.table.schemes.deck;
            match deck.iter().position(|&c| c == id) {
                Some(i) => {
                    deck.remove(i);
                    st.table.schemes.held[seat].push((id, prepared));
                }
                None => found.push(crate::doc::at(
                    name,
                    format!("{} is named twice", self.card_name(id)),
                )),
            }
        }
    }
}

/// What one seat sees of the schemes ([`super::View::schemes_seen`]).
#[derive(Debug, PartialEq, Eq)]
pub struct SchemesSeen {
    /// Its own schemes, and whether each is prepared.
    pub own: Vec<(CardId, bool)>,
    /// By seat: how many held, how many of them prepared.
    pub counts: [(usize, usize); 2],
    /// By seat: those revealed, and whether each was prepared.
    pub revealed: [Vec<(CardId, bool)>; 2],
    /// By seat: the cards tucked under its schemes.
    pub tucked: [Vec<CardId>; 2],
    /// The schemes left in the deck, and those drawn.
    pub deck: usize,
    pub drawn: usize,
    /// The schemes drawn, where the seat drew them and chooses now.
    pub mine_drawn: Vec<CardId>,
}

impl super::View<'_> {
    /// What the seat sees of the schemes: its own, how many each seat
    /// holds and has prepared, those revealed, the cards tucked, the
    /// deck's size and how many are drawn, and those it drew itself.
    pub fn schemes_seen(&self) -> SchemesSeen {
        let s = &self.state.table.schemes;
        let me = self.seat;
        let drawing = self.duel.drawer(self.state.phase) == Some(me);
        SchemesSeen {
            own: s.held[me].clone(),
            counts: [s.counts(0), s.counts(1)],
            revealed: s.revealed.clone(),
            tucked: s.tucked.clone(),
            deck: s.deck.len(),
            drawn: s.drawn.len(),
            mine_drawn: if drawing { s.drawn.clone() } else { Vec::new() },
        }
    }
}

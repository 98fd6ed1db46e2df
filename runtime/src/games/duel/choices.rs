//! The decisions effects ask of a player in the middle of a turn: a
//! progress token, a card of the opponent's city to discard or take, a
//! card of the discard pile to build or to put under a wonder, an
//! opponent's wonder to take or a wonder to unbuild, a card of the figure
//! to discard, a military token to discard or apply, a square for the
//! track's blocker, an opponent's card whose science symbol to count, a
//! card of the supply to take, an option, a card to lay on a board. Their
//! legal moves, what choosing one does, and which of them the effects of
//! a game's card sets ask at all ([`asks`]), for the phases of the
//! observation.

use sevenw_host::{CardId, Colour, ColourSet, Event, GameInfo, Listens, Source};

use crate::engine::city::{Pending, seat_at};
use crate::engine::held::Join;
use crate::engine::host::CityHost;
use crate::engine::vocab::{listens, options_of};

use super::turn::shadow;
use super::{Choice, Duel, Move, Phase, Position, State, WONDERS_EACH, stage_source};

impl Duel {
    /// The legal moves of `seat`'s decision `choice`.
    pub(super) fn choice_moves(
        &self,
        t: &Position,
        seat: usize,
        choice: Choice,
        out: &mut Vec<Move>,
    ) {
        match choice {
            Choice::Token { drawn: false } => {
                out.extend(t.board_tokens.iter().map(|&k| Move::Token(k)))
            }
            Choice::Token { drawn: true } => {
                out.extend(t.drawn_tokens.iter().map(|&k| Move::Token(k)))
            }
            Choice::Void => {
                let theirs = &t.tokens[1 - seat.min(1)];
                let all = t.board_tokens.iter().chain(theirs).chain(&t.drawn_tokens);
                out.extend(all.map(|&k| Move::Void(k)));
            }
            Choice::Discard { victim, colours } => {
                out.extend(self.built_of(t, victim, colours).map(Move::Discard));
            }
            Choice::Seize {
                victim,
                colours,
                swap: false,
            } => out.extend(self.built_of(t, victim, colours).map(Move::Seize)),
            Choice::Seize {
                victim,
                colours,
                swap: true,
            } => out.extend(self.swappable(t, seat, victim, colours).map(Move::Seize)),
            Choice::Give { taken, .. } => {
                let colour = self.info.cards.get(usize::from(taken.0)).map(|i| i.colour);
                let mine = colour.map_or(ColourSet(0), |k| ColourSet(1 << k.0));
                let given = self.built_of(t, seat, mine).filter(|&c| c != taken);
                out.extend(given.map(Move::Give));
            }
            Choice::Summon { .. } => out.extend(t.drawn_cards.iter().map(|&c| Move::Summon(c))),
            Choice::Row { colours } => {
                out.extend(self.top_row(t, colours).map(|(_, c)| Move::Summon(c)))
            }
            Choice::Aside => out.extend(t.aside_cards.iter().map(|&c| Move::Summon(c))),
            Choice::Copy { victim, colours } => {
                out.extend(self.copyable(t, victim, colours).map(Move::Copy));
            }
            Choice::Bury => self.burials(t, seat, out),
            Choice::Strike { accessible, may } => self.strikes(t, accessible, may, out),
            Choice::Block => {
                let cap = i8::try_from(self.conflict.capital).unwrap_or(i8::MAX);
                let pawn = t.track.pawn;
                out.extend(
                    (-cap..=cap)
                        .filter(|&s| i32::from(s) != pawn)
                        .map(Move::Block),
                );
            }
            Choice::Drop | Choice::Apply { .. } => {
                out.extend(self.military_left(t).map(Move::Military));
            }
            Choice::Raze { seats, .. } => {
                for s in self.cities_named(seat, seats) {
                    out.extend(t.built[s].iter().map(|&w| Move::Raze(w)));
                }
            }
            Choice::Steal { victim } => {
                out.extend(t.wonders[victim].iter().map(|&w| Move::Steal(w)))
            }
            Choice::Revive => {
                let options = t.cities[seat].unbuilt(&self.vocab, &t.discard);
                out.extend(options.into_iter().map(Move::Revive));
            }
            Choice::Option { source, .. } => {
                out.extend((0..options_of(self.info, source)).map(Move::Option));
            }
            Choice::Place { board } => self.place_moves(t, board, out),
            Choice::Senate { act } => self.senate_moves(t, seat, act, out),
            Choice::Decree { from: None } => {
                let with = (0..self.chambers()).filter(|&c| t.decrees[c].is_some());
                out.extend(with.map(|c| Move::Decree {
                    chamber: c as u8,
                    to: false,
                }));
            }
            Choice::Decree { from: Some(a) } => {
                let others = (0..self.chambers() as u8).filter(|&c| c != a);
                out.extend(others.map(|c| Move::Decree {
                    chamber: c,
                    to: true,
                }));
            }
            Choice::Keep | Choice::Return | Choice::Ready | Choice::Unprepared => {
                self.scheme_choice_moves(t, seat, choice, out)
            }
        }
    }

    /// `seat` chooses `mv` for `choice`; then the turn goes on.
    pub(super) fn choose(&self, st: &mut State, seat: usize, choice: Choice, mv: Move) {
        st.phase = Phase::Play;
        match (choice, mv) {
            (Choice::Token { drawn }, Move::Token(k)) => {
                let t = &mut st.table;
                if drawn {
                    // The others go back to the box.
                    t.drawn_tokens.clear();
                } else {
                    t.board_tokens.retain(|&x| x != k);
                }
                self.take_token(st, seat, k);
            }
            (Choice::Void, Move::Void(k)) => self.remove_token(st, seat, k),
            (Choice::Discard { victim, .. }, Move::Discard(c)) => {
                self.unbuild(st, victim, c);
            }
            (Choice::Seize { victim, swap, .. }, Move::Seize(c)) => {
                self.seize(st, victim, seat, c);
                // Agora's Coercion (duel-expansions-facts.md §2.7 item
                // 14): one of the chooser's own of its colour in exchange.
                if swap {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Give { victim, taken: c },
                    };
                    return;
                }
            }
            (Choice::Give { victim, .. }, Move::Give(c)) => self.seize(st, seat, victim, c),
            (Choice::Copy { victim, .. }, Move::Copy(c)) => self.copy_science(st, victim, seat, c),
            (Choice::Summon { .. }, Move::Summon(c)) => self.summon(st, seat, c),
            (Choice::Row { colours }, Move::Summon(c)) => {
                let slot = self.top_row(&st.table, colours).find(|&(_, x)| x == c);
                if let Some((slot, _)) = slot {
                    self.strike(st, seat, slot as u8);
                    st.table.discard.pop();
                    self.build_card(st, seat, c, false);
                }
            }
            // Agora's Treason (duel-expansions-facts.md §2.7 item 8): a
            // card set aside built for free, the others staying aside.
            (Choice::Aside, Move::Summon(c)) => {
                if let Some(p) = st.table.aside_cards.iter().position(|&x| x == c) {
                    st.table.aside_cards.remove(p);
                    // Out in the game now, as a card laid out.
                    st.table.dealt.push(c);
                    self.build_card(st, seat, c, false);
                }
            }
            (Choice::Steal { victim }, Move::Steal(w)) => {
                self.steal(&mut st.table, victim, seat, w);
            }
            (Choice::Raze { boxed, .. }, Move::Raze(w)) => self.raze(st, w, boxed),
            (Choice::Strike { .. }, Move::Strike { slot, .. }) => self.strike(st, seat, slot),
            // "Coloca el peón de Minerva en cualquier casilla del
            // track militar" (Pantheon's Minerva, duel-expansions-facts.md
            // §1.6): one blocker a track, a second put moving it.
            (Choice::Block, Move::Block(square)) => st.table.track.blocker = Some(square),
            (Choice::Drop, Move::Military(bit)) => {
                st.table.track.looted |= 1u16.checked_shl(u32::from(bit)).unwrap_or(0);
            }
            (Choice::Apply { seats }, Move::Military(bit)) => {
                self.apply_military(st, seat, seats, bit);
            }
            (Choice::Bury, Move::Bury { card, wonder }) => {
                if let Some(p) = st.table.discard.iter().position(|&x| x == card) {
                    st.table.discard.remove(p);
                    self.build_wonder(st, seat, wonder, Some(card));
                }
            }
            (Choice::Revive, Move::Revive(c)) => {
                if let Some(p) = st.table.discard.iter().position(|&x| x == c) {
                    st.table.discard.remove(p);
                    self.build_card(st, seat, c, false);
                }
            }
            (Choice::Decree { from: None }, Move::Decree { chamber, .. }) => {
                st.phase = Phase::Choose {
                    seat,
                    choice: Choice::Decree {
                        from: Some(chamber),
                    },
                };
                return;
            }
            (Choice::Decree { from: Some(a) }, Move::Decree { chamber, .. }) => {
                self.move_decree(st, usize::from(a), usize::from(chamber));
            }
            (Choice::Senate { act }, Move::Senate(code)) => {
                self.senate_choose(st, seat, act, code);
            }
            (Choice::Keep | Choice::Return | Choice::Ready | Choice::Unprepared, mv) => {
                self.choose_scheme(st, seat, choice, mv);
            }
            (Choice::Place { board }, Move::Place { card, space }) => {
                self.lay(&mut st.table, seat, board, card, usize::from(space));
            }
            (Choice::Option { source, follow }, Move::Option(o)) => {
                let n = options_of(self.info, source).max(1);
                st.table.cities[seat].choose(source, o.min(n - 1));
                self.run_chosen(st, seat, source, follow);
            }
            _ => {}
        }
        // The turn goes on for the player whose turn it is: the
        // chooser, but for a card laid by the opponent, who took
        // a token by the mover's effect.
        let mover = st.table.current;
        self.carry_on(st, mover);
    }

    /// "Toma una carta marrón o gris de la ciudad de tu oponente y
    /// colócala en la tuya" (Pantheon's Baal, duel-expansions-facts.md
    /// §1.6): `card` leaves `from` for `to`, with the option it was built
    /// with, and what it gives while held goes with it
    /// ([`crate::engine::held`]); what it did once stays done. The pawn
    /// follows the shields, as it does wherever they come from.
    pub(super) fn seize(&self, st: &mut State, from: usize, to: usize, card: CardId) {
        let t = &mut st.table;
        let source = Source::Card(card);
        let option = t.cities[from].chosen_for(source);
        if from == to || !t.cities[from].remove(&self.vocab, card) {
            return;
        }
        self.uncopy(t, from, card, option);
        t.market[0] = t.market[0].wrapping_add(1);
        t.market[1] = t.market[1].wrapping_add(1);
        let me = &mut t.cities[to];
        me.place(&self.vocab, card);
        if option > 0 {
            me.choose(source, option);
        }
        if listens(self.info, source).has(Listens::BUILT) {
            shadow(&t.cities[from], &mut st.shadow[from]);
            let me = &mut t.cities[to];
            let mut host = CityHost::new(&self.vocab, me, &st.shadow, to, false);
            host.source = Some(source);
            let mut join = Join { host, option };
            self.vocab.effects(source, Event::Built, &mut join);
        }
    }

    /// "Toma una carta del mazo de descartes y úsala para construir una de
    /// tus Maravillas gratis" (Pantheon's Isis, duel-expansions-facts.md
    /// §1.6): every card of the discard pile (once each) with every wonder
    /// `seat` has left to build.
    pub(super) fn burials(&self, t: &Position, seat: usize, out: &mut Vec<super::Move>) {
        let mut cards = t.discard.clone();
        cards.sort_unstable();
        cards.dedup();
        for card in cards {
            for &wonder in &t.wonders[seat] {
                out.push(super::Move::Bury { card, wonder });
            }
        }
    }

    /// The most wonders a player may hold, built or to build: the draft's
    /// 4, or all the game's where an effect takes the opponent's
    /// (`take_wonder`, Ra).
    pub(super) fn wonders_each(&self) -> usize {
        if self.asks.steals {
            2 * WONDERS_EACH
        } else {
            WONDERS_EACH
        }
    }

    /// "Toma una de las Maravillas no construidas de tu oponente y
    /// colócala en tu ciudad" (Pantheon's Ra, duel-expansions-facts.md
    /// §1.6): `wonder` leaves `from`'s wonders to build for `to`'s. The
    /// seven-wonder limit is the table's, and holds.
    pub(super) fn steal(&self, t: &mut Position, from: usize, to: usize, wonder: u8) {
        if let Some(i) = t.wonders[from].iter().position(|&w| w == wonder) {
            t.wonders[from].remove(i);
            t.wonders[to].push(wonder);
        }
    }

    /// The seats of the cities named by `seats`, offsets from `seat`.
    pub(super) fn cities_named(
        &self,
        seat: usize,
        seats: sevenw_host::Seats,
    ) -> impl Iterator<Item = usize> {
        let mut at = [false; 2];
        for &off in seats.0 {
            at[crate::engine::city::seat_at(seat, off, 2)] = true;
        }
        (0..2).filter(move |&s| at[s])
    }

    /// "Descarta la carta de Era colocada bajo cualquier Maravilla
    /// construida" (Pantheon's Anubis, duel-expansions-facts.md §1.6):
    /// the card under `wonder` goes to the discard pile and its owner may
    /// build it again. What it gives while built goes with it
    /// ([`crate::engine::held::Unbuild`]), its points too; what it did
    /// once stays done — its coins, tokens, another turn and its shields,
    /// which moved the pawn once (the facts: "keeps the one-time effects
    /// already gained (shields, …)").
    pub(super) fn raze(&self, st: &mut State, wonder: u8, boxed: bool) {
        let t = &mut st.table;
        let Some(owner) = (0..2).find(|&s| t.built[s].contains(&wonder)) else {
            return;
        };
        let i = t.built[owner]
            .iter()
            .position(|&w| w == wonder)
            .unwrap_or(0);
        t.built[owner].remove(i);
        if i < t.stage_cards[owner].len() {
            let card = t.stage_cards[owner].remove(i);
            t.discard.push(card);
        }
        // Returned to the box (Agora's Sabotage, duel-expansions-facts.md
        // §2.7 item 16), or to be built again (Pantheon's Anubis).
        if boxed {
            t.boxed_wonders.push(wonder);
        } else {
            t.wonders[owner].push(wonder);
        }
        t.market[0] = t.market[0].wrapping_add(1);
        t.market[1] = t.market[1].wrapping_add(1);
        let city = &mut t.cities[owner];
        city.stages = city.stages.saturating_sub(1);
        let shields = city.shields;
        city.leave(&self.vocab, stage_source(wonder));
        city.shields = shields;
    }

    /// "Coloca en el mazo de descartes una carta cualquiera de la
    /// estructura (visible u oculta)" (Pantheon's Zeus,
    /// duel-expansions-facts.md §1.6): every card still on the figure, by
    /// its slot, face up or face down, accessible or not.
    pub(super) fn strikes(&self, t: &Position, accessible: bool, may: bool, out: &mut Vec<Move>) {
        let shape = &t.layout.shape;
        let len = usize::from(shape.len).min(super::MAX_LAYOUT);
        // Agora's Turn of Events (duel-expansions-facts.md §2.7 item 11):
        // an accessible card only, the second one if the player wishes.
        let open = |i: usize| !accessible || t.layout.accessible(i);
        for slot in (0..len).filter(|&i| t.layout.present & (1 << i) != 0 && open(i)) {
            let row = shape.row[slot];
            let place = (0..slot).filter(|&j| shape.row[j] == row).count() as u8;
            let up = t.layout.up & (1 << slot) != 0;
            out.push(Move::Strike {
                slot: slot as u8,
                row,
                place,
                card: up.then(|| t.layout.cards[slot]),
            });
        }
        if may {
            out.push(Move::Strike {
                slot: super::decision::NO_STRIKE,
                row: 0,
                place: 0,
                card: None,
            });
        }
    }

    /// The face-up cards of `colours` in the figure's top row (the row
    /// taken last), covered or not, with their slots (Agora's Property
    /// Fraud, duel-expansions-facts.md §2.7 item 7: "it may still be
    /// covered"; a face-down card is not seen, so not chosen).
    pub(super) fn top_row<'t>(
        &self,
        t: &'t Position,
        colours: ColourSet,
    ) -> impl Iterator<Item = (usize, CardId)> + 't {
        let shape = &t.layout.shape;
        let len = usize::from(shape.len).min(super::MAX_LAYOUT);
        let colour = |c: CardId| self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
        (0..len)
            .filter(move |&i| shape.row[i] == 0 && t.layout.present & t.layout.up & (1 << i) != 0)
            .map(move |i| (i, t.layout.cards[i]))
            .filter(move |&(_, c)| colour(c).is_some_and(|k| colours.contains(k)))
    }

    /// The figure's card at `slot` goes to the discard pile, giving no
    /// coins (Zeus, §1.6). A token on it goes to `seat`, as do those on
    /// the cards it uncovers, which turn face up: the facts leave the
    /// struck card's token open (§1.13 item 2); BGA's code and the Russian
    /// rules give it to the Zeus player, and so does this rule, a
    /// Mythology token then laying its divinity as ever.
    pub(super) fn strike(&self, st: &mut State, seat: usize, slot: u8) {
        let slot = usize::from(slot);
        let t = &mut st.table;
        if slot >= super::MAX_LAYOUT || t.layout.present & (1 << slot) == 0 {
            return;
        }
        let up_before = t.layout.up;
        let card = t.layout.take(slot);
        t.discard.push(card);
        if t.layout.marked() != 0 {
            self.lift_tokens(st, seat, slot, up_before);
        }
    }

    /// The military tokens still on the track, by their bit of the
    /// track's `looted`: any of them, on either side (Pantheon's Neptune,
    /// duel-expansions-facts.md §1.6: "any of the 4 tokens may be chosen").
    pub(super) fn military_left<'t>(&self, t: &'t Position) -> impl Iterator<Item = u8> + 't {
        let n = self.conflict.tokens.len().min(8) as u8;
        (0..2u8)
            .flat_map(move |side| (0..n).map(move |i| i + 8 * side))
            .filter(move |&bit| t.track.looted & (1 << bit) == 0)
    }

    /// The military token of `bit` leaves the track, and the cities named
    /// lose its coins, as many as they have ("apply its effect": the
    /// opponent loses 2 or 5 coins, Neptune, §1.6).
    pub(super) fn apply_military(
        &self,
        st: &mut State,
        seat: usize,
        seats: sevenw_host::Seats,
        bit: u8,
    ) {
        let t = &mut st.table;
        let Some(&(_, loot)) = self.conflict.tokens.get(usize::from(bit % 8)) else {
            return;
        };
        if bit >= 16 || t.track.looted & (1 << bit) != 0 {
            return;
        }
        t.track.looted |= 1 << bit;
        for s in self.cities_named(seat, seats) {
            let city = &mut t.cities[s];
            city.coins -= i32::from(loot).min(city.coins.max(0));
        }
        // A token that acts gives its effects to the player applying it
        // (Pantheon's Neptune on Agora's tokens, duel-expansions-facts.md
        // Part 3).
        self.military_effects(st, bit, Some(seat));
    }

    /// The effects of the card on the military token of `bit` (if it
    /// acts) run for `seat`, or else for the player whose shields moved
    /// the pawn onto it: the other side's.
    pub(super) fn military_effects(&self, st: &mut State, bit: u8, seat: Option<usize>) {
        let Some(&card) = self.military.get(usize::from(bit % 8)) else {
            return;
        };
        let seat = seat.unwrap_or(if bit >= 8 { 0 } else { 1 });
        self.run(st, seat, Source::Card(card), None);
    }

    /// A square of the conflict track in words, toward whose capital
    /// (`sides` names each seat's, as "Ana's").
    pub(super) fn square_words(&self, square: i8, sides: &[&str; 2]) -> String {
        let n = square.unsigned_abs();
        let side = sides[usize::from(square > 0)];
        match n {
            0 => "on the centre square".to_string(),
            _ if n == self.conflict.capital => format!("on {side} capital"),
            1 => format!("1 square toward {side} capital"),
            _ => format!("{n} squares toward {side} capital"),
        }
    }

    /// Progress token `k` leaves the game (Agora's Obscurantism,
    /// duel-expansions-facts.md §2.7 item 5): from the board, the tokens
    /// set aside (drawn for `seat` to see, the others going back) or the
    /// opponent's city, what it gave them going with it.
    pub(super) fn remove_token(&self, st: &mut State, seat: usize, k: u8) {
        let t = &mut st.table;
        let other = 1 - seat.min(1);
        t.board_tokens.retain(|&x| x != k);
        t.drawn_tokens.retain(|&x| x != k);
        let drawn = std::mem::take(&mut t.drawn_tokens);
        t.aside_tokens.extend(drawn);
        if let Some(i) = t.tokens[other].iter().position(|&x| x == k) {
            t.tokens[other].remove(i);
            t.market[0] = t.market[0].wrapping_add(1);
            t.market[1] = t.market[1].wrapping_add(1);
            let city = &mut t.cities[other];
            city.progress = city.progress.saturating_sub(1);
            city.leave(&self.vocab, Source::Progress(k));
        }
    }

    /// The military token of `bit` in words: its card (a token that
    /// acts) or its coins, and whose side.
    pub(super) fn military_words(&self, bit: u8, side: &str) -> String {
        // A token that acts is named by its card.
        if let Some(&card) = self.military.get(usize::from(bit % 8)) {
            let name = crate::engine::vocab::card_name(self.info, card);
            return format!("{name} on {side} side");
        }
        let loot = self
            .conflict
            .tokens
            .get(usize::from(bit % 8))
            .map_or(0, |&(_, loot)| loot);
        format!("the {loot}-coin military token on {side} side")
    }

    /// Draws the cards of a [`Choice::Summon`] from the supply into
    /// `drawn_cards`: every card of these colours (`each` 0, Pantheon's
    /// Divine Theater: "look at all cards of one Mythology deck of your
    /// choice", every deck open to the choice), or `each` of each colour at
    /// random (the Gate: "reveal the top card of each of the 5 Mythology
    /// decks"), duel-expansions-facts.md §1.6-1.7. True if any was drawn.
    pub(super) fn draw_supply(&self, st: &mut State, colours: ColourSet, each: u8) -> bool {
        let t = &mut st.table;
        t.drawn_cards.clear();
        let colour_of = |c: CardId| self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
        if each == 0 {
            t.supply.retain(|&c| {
                let take = colour_of(c).is_some_and(|k| colours.contains(k));
                if take {
                    t.drawn_cards.push(c);
                }
                !take
            });
            return !t.drawn_cards.is_empty();
        }
        for colour in (0..32u8).map(Colour).filter(|&k| colours.contains(k)) {
            for _ in 0..each {
                let n = t
                    .supply
                    .iter()
                    .filter(|&&c| colour_of(c) == Some(colour))
                    .count();
                if n == 0 {
                    break;
                }
                let k = st.rng.below(n);
                if let Some(at) = (t.supply.iter().enumerate())
                    .filter(|&(_, &c)| colour_of(c) == Some(colour))
                    .nth(k)
                    .map(|(i, _)| i)
                {
                    t.drawn_cards.push(t.supply.remove(at));
                }
            }
        }
        !t.drawn_cards.is_empty()
    }

    /// `seat` takes `card`, drawn from the supply, into their city for
    /// free, its effects running as when built; the others go back to the
    /// supply (the Gate: "put the others back face down on top of their
    /// own decks", the supply drawn at random as `placing.rs` says).
    pub(super) fn summon(&self, st: &mut State, seat: usize, card: CardId) {
        let t = &mut st.table;
        if !t.drawn_cards.contains(&card) {
            return;
        }
        for c in std::mem::take(&mut t.drawn_cards) {
            if c != card {
                let i = t.supply.partition_point(|x| x.0 < c.0);
                t.supply.insert(i, c);
            }
        }
        self.build_card(st, seat, card, false);
    }

    /// The built cards of the city at `seat` of these colours whose
    /// effects give a science symbol.
    pub(super) fn copyable<'t>(
        &'t self,
        t: &'t Position,
        seat: usize,
        colours: ColourSet,
    ) -> impl Iterator<Item = CardId> + 't {
        self.built_of(t, seat, colours).filter(move |&c| {
            let option = t.cities[seat].chosen_for(Source::Card(c));
            let mut probe = GivesScience(option, false);
            self.vocab
                .effects(Source::Card(c), Event::Built, &mut probe);
            probe.1
        })
    }

    /// "Coloca la ficha de Serpiente sobre una carta verde de tu
    /// oponente": `to` counts the science symbol of `card`, built by
    /// `from`, as its own too (Pantheon's Nisaba, duel-expansions-facts.md
    /// §1.6, §1.11: for pairs and supremacy alike); the card stays where
    /// it is. What was counted stays counted, as what an effect did once
    /// stays done.
    pub(super) fn copy_science(&self, st: &mut State, from: usize, to: usize, card: CardId) {
        let t = &mut st.table;
        let source = Source::Card(card);
        if from == to || !t.cities[from].cards.contains(&card) {
            return;
        }
        let option = t.cities[from].chosen_for(source);
        shadow(&t.cities[from], &mut st.shadow[from]);
        let me = &mut t.cities[to];
        let mut host = CityHost::new(&self.vocab, me, &st.shadow, to, false);
        host.source = Some(source);
        let mut symbols = Symbols { option, host };
        self.vocab.effects(source, Event::Built, &mut symbols);
        t.copied[to].push(card);
    }

    /// `card` has left `from`'s city: a city counting its science symbol
    /// (`copy_science`) counts it no more. Pantheon's Nisaba puts the Snake
    /// token on a green card "in your opponent's city; … the card stays
    /// the opponent's" (duel-expansions-facts.md §1.6); the facts do not
    /// say what happens when it leaves that city (taken or swapped by
    /// Agora's Conspiracies, §2.7): decided here, the token goes with the
    /// card out of the city, and a symbol it completed keeps what it
    /// earned then. `option`: the one it was built with.
    pub(super) fn uncopy(&self, t: &mut Position, from: usize, card: CardId, option: u8) {
        let source = Source::Card(card);
        for seat in (0..t.cities.len()).filter(|&s| s != from) {
            let Some(i) = t.copied[seat].iter().position(|&c| c == card) else {
                continue;
            };
            t.copied[seat].remove(i);
            let back = crate::engine::held::Unbuild::new(&mut t.cities[seat], option);
            self.vocab
                .effects(source, Event::Built, &mut SymbolsBack(back));
        }
    }

    /// "Coloca en el mazo de descarte una carta gris … a tu elección que
    /// haya construido tu oponente", takes it, or counts its science
    /// symbol, as `kind` says: a card of these colours of each city named,
    /// each a choice of its own, in order; true if it asks one (a city
    /// with no such card is passed).
    pub(super) fn choose_built(
        &self,
        st: &mut State,
        seat: usize,
        colours: ColourSet,
        seats: sevenw_host::Seats,
        kind: Built,
    ) -> bool {
        let Some((first, rest)) = seats.0.split_first() else {
            return false;
        };
        if !rest.is_empty() {
            let rest = sevenw_host::Seats(rest);
            let p = match kind {
                Built::Discard => Pending::Discard(colours, rest),
                Built::Take => Pending::TakeBuilt(colours, rest),
                Built::Copy => Pending::CopyScience(colours, rest),
                Built::Swap => Pending::SwapBuilt(colours, rest),
            };
            st.table.cities[seat].abilities.pending.insert(0, p);
        }
        let victim = seat_at(seat, *first, 2);
        let t = &st.table;
        let none = match kind {
            Built::Copy => self.copyable(t, victim, colours).next().is_none(),
            Built::Swap => self.swappable(t, seat, victim, colours).next().is_none(),
            _ => self.built_of(t, victim, colours).next().is_none(),
        };
        if (kind != Built::Discard && victim == seat) || none {
            return false;
        }
        st.phase = Phase::Choose {
            seat,
            choice: match kind {
                Built::Discard => Choice::Discard { victim, colours },
                Built::Take => Choice::Seize {
                    victim,
                    colours,
                    swap: false,
                },
                Built::Swap => Choice::Seize {
                    victim,
                    colours,
                    swap: true,
                },
                Built::Copy => Choice::Copy { victim, colours },
            },
        };
        true
    }

    /// The built cards of the city at `seat` of these colours.
    /// The cards of `colours` of the city at `victim` that the city at
    /// `seat` may take in exchange for one of its own: those of a colour
    /// it holds a card of. The facts do not say what Coercion does with
    /// no card to give (§2.7 item 14); an exchange asks one, so such a
    /// card is not offered (a decision of this rule).
    pub(super) fn swappable<'t>(
        &'t self,
        t: &'t Position,
        seat: usize,
        victim: usize,
        colours: ColourSet,
    ) -> impl Iterator<Item = CardId> + 't {
        let colour = |c: CardId| self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
        let mine = (t.cities[seat].cards.iter()).fold(0u32, |m, &c| {
            colour(c).map_or(m, |k| m | 1u32.checked_shl(k.0.into()).unwrap_or(0))
        });
        self.built_of(t, victim, ColourSet(colours.0 & mine))
    }

    pub(super) fn built_of<'t>(
        &'t self,
        t: &'t Position,
        seat: usize,
        colours: ColourSet,
    ) -> impl Iterator<Item = CardId> + 't {
        t.cities[seat].cards.iter().copied().filter(move |&c| {
            self.info
                .cards
                .get(usize::from(c.0))
                .is_some_and(|i| colours.contains(i.colour))
        })
    }
}

/// Passes only the science symbols of a card's effects on to a city's
/// host, answering its choice with the option it was built with.
struct Symbols<'a> {
    option: u8,
    host: CityHost<'a>,
}

impl sevenw_host::PartialHost for Symbols<'_> {
    fn chosen(&self) -> u8 {
        self.option
    }
    fn science(&mut self, options: sevenw_host::SymSet) {
        sevenw_host::Host::science(&mut self.host, options);
    }
}

/// Takes back only the science symbols of a card's effects from a city.
struct SymbolsBack<'a>(crate::engine::held::Unbuild<'a>);

impl sevenw_host::PartialHost for SymbolsBack<'_> {
    fn chosen(&self) -> u8 {
        sevenw_host::PartialHost::chosen(&self.0)
    }
    fn science(&mut self, options: sevenw_host::SymSet) {
        sevenw_host::PartialHost::science(&mut self.0, options);
    }
}

/// Whether a card's effects, in the option it was built with, give a
/// science symbol.
struct GivesScience(u8, bool);

impl sevenw_host::PartialHost for GivesScience {
    fn chosen(&self) -> u8 {
        self.0
    }
    fn science(&mut self, _: sevenw_host::SymSet) {
        self.1 = true;
    }
}

/// The decisions effects of the card sets ask that plain Duel's do not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Asks {
    /// A card of another city, taken (`take_built`).
    pub seizes: bool,
    /// A card of the discard pile under a wonder (`wonder_from_discard`).
    pub buries: bool,
    /// An unbuilt wonder of another city (`take_wonder`).
    pub steals: bool,
    /// A built wonder to unbuild (`unbuild_wonder`).
    pub razes: bool,
    /// A card of the figure to discard (`discard_figure`).
    pub strikes: bool,
    /// A military token to discard (`discard_military`).
    pub drops: bool,
    /// A military token to apply (`apply_military`).
    pub applies: bool,
    /// A square for the track's blocker (`block_track`).
    pub blocks: bool,
    /// A card of another city whose science symbol to count
    /// (`copy_science`).
    pub copies: bool,
    /// A card of the supply to take (`take_supply`, `take_drawn`).
    pub summons: bool,
}

/// What the effects of the cards, wonders and progress tokens of `info`
/// ask, in any option and on any event they listen to.
pub(super) fn asks(info: &GameInfo, vocab: &crate::engine::vocab::Vocab) -> Asks {
    /// Records the calls that ask a decision, answering `chosen` with its
    /// option.
    struct Probe(u8, Asks);
    impl sevenw_host::PartialHost for Probe {
        fn chosen(&self) -> u8 {
            self.0
        }
        fn take_built(&mut self, _: ColourSet, _: sevenw_host::Seats) {
            self.1.seizes = true;
        }
        fn swap_built(&mut self, _: ColourSet, _: sevenw_host::Seats) {
            self.1.seizes = true;
        }
        fn wonder_from_discard(&mut self) {
            self.1.buries = true;
        }
        fn take_wonder(&mut self, _: sevenw_host::Seats) {
            self.1.steals = true;
        }
        fn unbuild_wonder(&mut self, _: sevenw_host::Seats) {
            self.1.razes = true;
        }
        fn box_wonder(&mut self, _: sevenw_host::Seats) {
            self.1.razes = true;
        }
        fn build_from_row(&mut self, _: ColourSet) {
            self.1.summons = true;
        }
        fn build_set_aside(&mut self) {
            self.1.summons = true;
        }
        fn build_from_row_but(&mut self, _: ColourSet) {
            self.1.summons = true;
        }
        fn discard_figure(&mut self) {
            self.1.strikes = true;
        }
        fn discard_accessible(&mut self) {
            self.1.strikes = true;
        }
        fn may_discard_accessible(&mut self) {
            self.1.strikes = true;
        }
        fn discard_military(&mut self) {
            self.1.drops = true;
        }
        fn apply_military(&mut self, _: sevenw_host::Seats) {
            self.1.applies = true;
        }
        fn block_track(&mut self) {
            self.1.blocks = true;
        }
        fn copy_science(&mut self, _: ColourSet, _: sevenw_host::Seats) {
            self.1.copies = true;
        }
        fn take_supply(&mut self, _: ColourSet) {
            self.1.summons = true;
        }
        fn take_drawn(&mut self, _: u8, _: ColourSet) {
            self.1.summons = true;
        }
    }
    let cards = (0..info.cards.len()).map(|c| Source::Card(CardId(c as u16)));
    let stages = (0..info.wonders.len()).map(|w| stage_source(w as u8));
    let tokens = (0..info.progress.len()).map(|t| Source::Progress(t as u8));
    let colours = (0..info.colours.len().min(16) as u8).flat_map(|c| {
        [false, true].map(|chained| Event::BuiltCard {
            colour: Colour(c),
            chained,
        })
    });
    let events: Vec<Event> = [Event::Built, Event::BuiltStage, Event::AgeEnd]
        .into_iter()
        .chain(colours)
        .collect();
    let mut all = Asks::default();
    for s in cards.chain(stages).chain(tokens) {
        for o in 0..options_of(info, s).max(1) {
            for &e in &events {
                let mut p = Probe(o, Asks::default());
                vocab.effects(s, e, &mut p);
                all.seizes |= p.1.seizes;
                all.buries |= p.1.buries;
                all.steals |= p.1.steals;
                all.razes |= p.1.razes;
                all.strikes |= p.1.strikes;
                all.drops |= p.1.drops;
                all.applies |= p.1.applies;
                all.blocks |= p.1.blocks;
                all.copies |= p.1.copies;
                all.summons |= p.1.summons;
            }
        }
    }
    all
}

/// What a choice of a built card of another city does with it
/// ([`Duel::choose_built`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Built {
    Discard,
    Take,
    Copy,
    /// Taken in exchange for one of the chooser's of its colour.
    Swap,
}

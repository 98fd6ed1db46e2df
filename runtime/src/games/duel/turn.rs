//! Carrying out a turn: the Ages dealt and laid out, the wonder draft, a
//! card built, discarded or put under a wonder, the effects and the
//! choices they ask (progress tokens, cards taken from the discard pile or
//! the opponent), the supremacies, and the next turn; the scenario helpers
//! that place things as if played.

use sevenw_host::{CardId, Colour, Event, GameInfo, Listens, Source, TokenKind};

use crate::engine::city::{City, Pending, run_built, seat_at};
use crate::engine::draws::DrawPool;
use crate::engine::host::CityHost;
use crate::engine::science::{self, MAX_SYM};
use crate::engine::vocab::{listens, options_of};

use super::choices::Built;
use super::layout::{Layout, MAX_LAYOUT, Shape};
use super::trade::MarketKey;
use super::{
    Choice, Duel, MAX_WONDERS, Phase, SCIENCE_SUPREMACY, State, Victory, WONDERS_EACH, stage_source,
};

impl Duel {
    /// Runs `source`'s effects for `Event::Built` if it listens, then every
    /// other source of the city listening to `follow` (the generated code
    /// filters on colour and chain). The source is already the city's.
    pub(super) fn run(&self, st: &mut State, seat: usize, source: Source, follow: Option<Event>) {
        // A choice (`one of`) is asked first: the effects run once it is
        // made ([`Choice::Option`]). A city rebuilt from a sheet has its
        // options given.
        if self.options > 0 && !st.rebuild && options_of(self.info, source) > 0 {
            st.phase = Phase::Choose {
                seat,
                choice: Choice::Option { source, follow },
            };
            return;
        }
        self.run_chosen(st, seat, source, follow);
    }

    /// Runs `source`'s built effects for `seat`, its option chosen if it
    /// offers any, then tells its other sources `follow`.
    pub(super) fn run_chosen(
        &self,
        st: &mut State,
        seat: usize,
        source: Source,
        follow: Option<Event>,
    ) {
        self.run_own(st, seat, source, follow);
        // What every city hears of this build, its own sources included
        // (`when any player builds …`), where a source listens so.
        if self.hears_all {
            let any = match follow {
                Some(Event::BuiltCard { colour, .. }) => {
                    Some((Event::AnyBuiltCard { colour }, Listens::ANY_BUILT_CARD))
                }
                Some(Event::BuiltStage) => Some((Event::AnyBuiltStage, Listens::ANY_BUILT_STAGE)),
                _ => None,
            };
            if let Some((event, bit)) = any {
                self.tell_all(st, seat, event, bit);
            }
        }
    }

    /// [`Duel::run_chosen`] for the city that built: `source`'s built
    /// effects and its other sources told `follow`.
    #[inline(always)]
    fn run_own(&self, st: &mut State, seat: usize, source: Source, follow: Option<Event>) {
        let t = &mut st.table;
        let me = &t.cities[seat];
        let follows = match follow {
            Some(Event::BuiltCard { .. }) => me.listening & Listens::BUILT_CARD != 0,
            Some(Event::BuiltStage) => me.listening & Listens::BUILT_STAGE != 0,
            _ => false,
        };
        if !follows && !listens(self.info, source).has(Listens::BUILT) {
            return;
        }
        self.with_host(st, seat, |h| {
            run_built(&self.vocab, h, source, follow.filter(|_| follows));
        });
    }

    /// Runs `f` with a host acting for the city at `seat`, the other city
    /// as effects see it ([`shadow`]), then marks the markets whose prices
    /// what it did may have changed ([`MarketKey`]).
    #[inline(always)]
    pub(super) fn with_host(&self, st: &mut State, seat: usize, f: impl FnOnce(&mut CityHost<'_>)) {
        let t = &mut st.table;
        let other = 1 - seat.min(1);
        let before = MarketKey::of(&t.cities[seat]);
        shadow(&t.cities[other], &mut st.shadow[other]);
        let mut h = CityHost::new(
            &self.vocab,
            &mut t.cities[seat],
            &st.shadow,
            seat,
            !st.rebuild,
        );
        f(&mut h);
        let (mine, theirs) = before.moved(MarketKey::of(&t.cities[seat]));
        if mine {
            t.market[seat] = t.market[seat].wrapping_add(1);
        }
        if theirs {
            t.market[other] = t.market[other].wrapping_add(1);
        }
    }
}

impl Duel {
    /// Each city's sources listening to `bit` hear `event`, the builder's
    /// (`seat`) first: a card or a wonder built by either player
    /// (`when any player builds …`, Agora's Decrees 1-4 and 14,
    /// duel-expansions-facts.md §2.8).
    #[cold]
    fn tell_all(&self, st: &mut State, seat: usize, event: Event, bit: u16) {
        for s in [seat, 1 - seat.min(1)] {
            if st.table.cities[s].listening & bit != 0 {
                self.tell(st, s, event, bit);
            }
        }
    }

    /// The sources of the city at `s` listening to `bit` hear `event`
    /// (what they leave to the turn structure is carried out in the
    /// turn: [`Duel::carry_on`]).
    #[cold]
    pub(super) fn tell(&self, st: &mut State, s: usize, event: Event, bit: u16) {
        self.with_host(st, s, |h| {
            crate::engine::city::run_event(&self.vocab, h, event, bit, None);
        });
    }
}

impl Duel {
    /// `seat` took wonder `w` in the draft: its `when drafted` effects are
    /// due (Agora's Knossos and Curia Julia, duel-expansions-facts.md
    /// §2.10: "when chosen in the wonder draft").
    pub(super) fn on_drafted(&self, t: &mut super::Position, seat: usize, w: u8) {
        let source = stage_source(w);
        if listens(self.info, source).has(Listens::DRAFTED) {
            t.drafted_effects.push((seat as u8, w));
        }
    }

    /// Runs the `when drafted` effects of the first wonder due, for the
    /// player who took it, as a turn of theirs that goes back to the draft
    /// once done ([`Duel::end_turn`]); what they leave (a cube to place,
    /// schemes to keep) is asked of that player.
    #[cold]
    pub(super) fn next_drafted(&self, st: &mut State) {
        if st.table.drafted_effects.is_empty() {
            return;
        }
        let (seat, w) = st.table.drafted_effects.remove(0);
        let seat = usize::from(seat).min(1);
        let t = &mut st.table;
        if t.resume.is_none() {
            t.resume = Some((st.phase, t.current));
        }
        t.current = seat;
        st.phase = Phase::Play;
        let source = stage_source(w);
        self.with_host(st, seat, |h| {
            crate::engine::city::HasCity::acting_for(h, source);
            self.vocab.effects(source, Event::Drafted, h);
        });
        self.carry_on(st, seat);
    }

    /// The next wonder's `when drafted` effects, or back to the decision
    /// and the turn the draft had reached.
    #[cold]
    fn resume_draft(&self, st: &mut State) {
        if !st.table.drafted_effects.is_empty() {
            self.next_drafted(st);
            return;
        }
        if let Some((phase, current)) = st.table.resume.take() {
            st.phase = phase;
            st.table.current = current;
            st.table.again = false;
        }
    }

    /// "Un mazo por Era" and "Preparar las cartas": the Age's deck less the
    /// cards returned unseen, plus the drawn guilds, shuffled and laid out.
    /// A deck an expansion grew returns as many more unseen: the figure
    /// is filled, as the rulebook's deck of 23 less 3 fills it
    /// (`dsl/DSL.md`, "Editions and expansions").
    pub fn start_age(&self, st: &mut State, age: u8) {
        let info = self.info;
        let t = &mut st.table;
        t.age = age;
        // What effects read of the Age (`gain 1 coin per age`).
        for c in &mut t.cities {
            c.age = age;
        }
        let cards = self.ages.get(usize::from(age));
        let mut deck: Vec<CardId> = cards.map_or_else(Vec::new, |a| a.deck.clone());
        st.rng.shuffle(&mut deck);
        let rule = info.guilds.filter(|r| r.age == age);
        let drawn = rule.map_or(0, |r| {
            usize::from(r.drawn(2)).min(cards.map_or(0, |a| a.guilds.len()))
        }) + cards.map_or(0, |a| a.draws.iter().map(|(n, _)| n).sum::<usize>());
        let shape = self.shapes[usize::from(age.max(1) - 1) % self.shapes.len()];
        let beyond = (deck.len() + drawn).saturating_sub(usize::from(shape.len));
        let aside = usize::from(info.set_aside).max(beyond).min(deck.len());
        t.aside_cards.extend(deck.drain(..aside));
        if let Some(rule) = rule {
            let mut pool: Vec<CardId> = cards.map_or_else(Vec::new, |a| a.guilds.clone());
            st.rng.shuffle(&mut pool);
            let take = usize::from(rule.drawn(2)).min(pool.len());
            deck.extend_from_slice(&pool[..take]);
            t.boxed.extend_from_slice(&pool[take..]);
            st.rng.shuffle(&mut deck);
        }
        // An expansion's draws ("Preparar las cartas" as Agora's senators
        // join each Age, duel-expansions-facts.md §2.2): drawn at random
        // after the cards set aside, the rest boxed unseen.
        let mut pool = Vec::new();
        for (take, draw) in cards.map_or(&[][..], |a| &a.draws[..]) {
            draw.draw(*take, &mut t.boxed, &mut st.rng, &mut pool, &mut deck);
            st.rng.shuffle(&mut deck);
        }
        let mut layout = Layout {
            shape,
            ..Layout::default()
        };
        let n = usize::from(shape.len).min(deck.len());
        layout.cards[..n].copy_from_slice(&deck[..n]);
        layout.present = shape.all();
        layout.open = layout.compute_open();
        layout.up = shape.face_up | layout.open;
        t.layout = layout;
        t.dealt.extend_from_slice(&deck[..n]);
        self.mark_figure(st, age);
        self.fill_boards(st, age);
        self.reveal_boards(&mut st.table, age);
        st.phase = Phase::Play;
    }

    /// Lays the tokens of the card sets in play on Age `age`'s figure, one
    /// per slot drawn at random from each rule's tokens (those not drawn
    /// leave the game). Draws nothing from the random stream when no rule
    /// names the Age.
    fn mark_figure(&self, st: &mut State, age: u8) {
        let len = usize::from(st.table.layout.shape.len);
        for rule in self.info.figure_tokens.iter().filter(|r| r.age == age) {
            let mut pool: Vec<u8> = rule.from.to_vec();
            st.rng.shuffle(&mut pool);
            for (&slot, &kind) in rule.slots.iter().zip(&pool) {
                if usize::from(slot) < len && usize::from(kind) < self.info.tokens.len() {
                    st.table.layout.mark(usize::from(slot), kind);
                }
            }
        }
    }

    /// The tokens the card taken from `slot` frees go to `seat`, whose
    /// turn it is: the one on that card and those on cards this turn
    /// turned face up (`up_before`: the face-up slots before the card
    /// was taken).
    #[inline(never)]
    pub(super) fn lift_tokens(&self, st: &mut State, seat: usize, slot: usize, up_before: u32) {
        let t = &mut st.table;
        // The card taken and those it uncovered: one to three slots.
        let freed =
            ((1u32 << (slot % MAX_LAYOUT)) | (t.layout.up & !up_before)) & t.layout.marked();
        if freed == 0 {
            return;
        }
        let (age, info) = (t.age, self.info);
        let city = &mut t.cities[seat];
        // Each kind taken, in the order of the slots, for the cards some
        // kinds lay (`placing.rs`).
        let mut taken = [u8::MAX; MAX_LAYOUT];
        let mut n = 0;
        t.layout.lift_marks(freed, |kind| {
            city.take_tokens(info, usize::from(kind), 1, age);
            if let Some(k) = taken.get_mut(n) {
                *k = kind;
                n += 1;
            }
        });
        for &kind in &taken[..n] {
            self.took_tokens(t, seat, usize::from(kind), 1);
        }
    }

    /// The seat whose pick `pick` of draft round `round` is ("Fase de
    /// selección de Maravillas": 1-2-1 from the first player in round 1,
    /// from the second in round 2).
    pub(super) fn drafter(round: u8, pick: u8) -> usize {
        let first = usize::from(round % 2);
        match pick {
            0 | 3 => first,
            _ => 1 - first,
        }
    }

    /// Reveals the next 4 wonders of the draft (or ends it).
    pub(super) fn draft_round(&self, st: &mut State, round: u8) {
        let t = &mut st.table;
        if usize::from(round) >= 2 || t.draft_deck.is_empty() {
            t.boxed_wonders.append(&mut t.draft_deck);
            self.start_age(st, 1);
            return;
        }
        let k = WONDERS_EACH.min(t.draft_deck.len());
        t.draft.clear();
        t.draft.extend(t.draft_deck.drain(..k));
        st.phase = Phase::Draft { round, pick: 0 };
        self.draft_auto(st);
    }

    /// The last wonder of a round goes without asking.
    pub(super) fn draft_auto(&self, st: &mut State) {
        if let Phase::Draft { round, pick } = st.phase
            && st.table.draft.len() == 1
        {
            let w = st.table.draft.remove(0);
            st.table.wonders[Self::drafter(round, pick)].push(w);
            st.table.drafted[Self::drafter(round, pick)].push(w);
            self.on_drafted(&mut st.table, Self::drafter(round, pick), w);
            self.draft_round(st, round + 1);
        }
    }

    /// A card joins `seat`'s city, as built ("Construir una Estructura",
    /// chains, free builds).
    pub(super) fn build_card(&self, st: &mut State, seat: usize, card: CardId, chained: bool) {
        st.table.cities[seat].place(&self.vocab, card);
        let colour = self
            .info
            .cards
            .get(usize::from(card.0))
            .map_or(Colour(0), |c| c.colour);
        self.run(
            st,
            seat,
            Source::Card(card),
            Some(Event::BuiltCard { colour, chained }),
        );
    }

    /// "Construir una Maravilla", and "7 Maravillas ¡Ni una más!": the 7th
    /// built returns the last unbuilt one to the box.
    pub(super) fn build_wonder(
        &self,
        st: &mut State,
        seat: usize,
        wonder: u8,
        card: Option<CardId>,
    ) {
        let t = &mut st.table;
        if let Some(i) = t.wonders[seat].iter().position(|&w| w == wonder) {
            t.wonders[seat].remove(i);
        }
        t.built[seat].push(wonder);
        t.stage_cards[seat].extend(card);
        let city = &mut t.cities[seat];
        city.stages = city.stages.saturating_add(1);
        city.gain_source(self.info, stage_source(wonder));
        if t.wonders_built() >= MAX_WONDERS {
            for s in 0..2 {
                let left = std::mem::take(&mut t.wonders[s]);
                t.boxed_wonders.extend(left);
            }
        }
        self.run(st, seat, stage_source(wonder), Some(Event::BuiltStage));
    }

    pub(super) fn take_token(&self, st: &mut State, seat: usize, token: u8) {
        let t = &mut st.table;
        t.tokens[seat].push(token);
        let city = &mut t.cities[seat];
        city.progress = city.progress.saturating_add(1);
        city.gain_source(self.info, Source::Progress(token));
        self.run(st, seat, Source::Progress(token), None);
    }

    /// A card leaves the city for the discard pile: its production goes.
    pub(super) fn unbuild(&self, st: &mut State, seat: usize, card: CardId) {
        let t = &mut st.table;
        let option = t.cities[seat].chosen_for(Source::Card(card));
        if t.cities[seat].remove(&self.vocab, card) {
            self.uncopy(t, seat, card, option);
            t.market[0] = t.market[0].wrapping_add(1);
            t.market[1] = t.market[1].wrapping_add(1);
            t.discard.push(card);
        }
    }

    /// Pays a cost: its coins to the bank, the trade to the bank or to an
    /// opponent holding "receive the coins … pay for trading" ("Economía").
    pub(super) fn pay(&self, st: &mut State, seat: usize, coins: u16, trade: u16) {
        self.spend(
            &mut st.table.cities[seat],
            i32::from(coins) + i32::from(trade),
        );
        let t = &mut st.table;
        if trade > 0 {
            let other = 1 - seat;
            let gets = t.cities[other]
                .abilities
                .trade_receivers
                .iter()
                .any(|s| s.0.iter().any(|&off| seat_at(other, off, 2) == seat));
            if gets {
                t.cities[other].coins += i32::from(trade);
            }
        }
    }

    /// What `city` can pay: its treasury's coins and the coins it holds
    /// apart, tokens of the kinds `as_coins` (Pantheon's Astarte, "you may
    /// spend them", duel-expansions-facts.md §1.6).
    pub fn purse(&self, city: &City) -> i32 {
        let apart: i32 = self.hoards.iter().map(|&k| city.held(k).max(0)).sum();
        city.coins.max(0) + apart
    }

    /// [`Duel::purse`] in words: "5 coins", or "9 coins (7 of them held
    /// apart)".
    pub fn purse_words(&self, city: &City) -> String {
        let all = self.purse(city);
        match all - city.coins.max(0) {
            0 => crate::text::plural(city.coins, "coin"),
            apart => format!(
                "{} ({apart} of them held apart)",
                crate::text::plural(all, "coin")
            ),
        }
    }

    /// `city` spends `n` coins: its treasury's first, then, when it runs
    /// out, the coins it holds apart. The facts leave the order open
    /// (§1.6, §1.13 item 3); this is BGA's, treasury first.
    pub(super) fn spend(&self, city: &mut City, n: i32) {
        let mut left = n - n.clamp(0, city.coins.max(0));
        city.coins -= n - left;
        for &k in &self.hoards {
            if left <= 0 {
                break;
            }
            let take = left.min(city.held(k)).clamp(0, 254);
            city.lose_tokens(self.info, k, take as u8);
            left -= take;
        }
        // Only a price the purse does not meet, never a legal move's.
        city.coins -= left;
    }

    /// After a build, and after each choice it set off: what the effects
    /// left to the turn structure, the conflict pawn, pairs of science
    /// symbols, supremacies; then the turn passes. Stops at a choice.
    pub(super) fn carry_on(&self, st: &mut State, seat: usize) {
        loop {
            // What was just built or taken waits for its option.
            if let Phase::Choose { .. } = st.phase {
                return;
            }
            // A card to lay for a token taken (`placing.rs`).
            if !st.table.to_place.is_empty()
                && let Some(asks) = self.next_placing(st)
            {
                if asks {
                    return;
                }
                continue;
            }
            let pending = {
                let p = &mut st.table.cities[seat].abilities.pending;
                (!p.is_empty()).then(|| p.remove(0))
            };
            if let Some(p) = pending {
                if self.pending(st, seat, p) {
                    return;
                }
                continue;
            }
            // What the other city's sources left, hearing this turn's
            // build (`when any player builds …`): theirs to carry out.
            if self.hears_all || !self.military.is_empty() {
                let other = 1 - seat.min(1);
                let p = &mut st.table.cities[other].abilities.pending;
                if !p.is_empty() {
                    let p = p.remove(0);
                    if self.pending(st, other, p) {
                        return;
                    }
                    continue;
                }
            }
            let a = &mut st.table.cities[seat].abilities;
            // A wonder's first ("El Mausoleo"), then a card's (Pantheon's
            // Hades), as the host files them.
            let builds = if a.discard_builds.is_empty() {
                &mut a.discard_builds_late
            } else {
                &mut a.discard_builds
            };
            if !builds.is_empty() {
                // "El Mausoleo": a discarded card of the player's choice.
                // (Of any colour: the compiler refuses a colour's free
                // build in Duel, E0306.)
                builds.remove(0);
                let has = st
                    .table
                    .discard
                    .iter()
                    .any(|&c| !st.table.cities[seat].has_name(self.vocab.name_class(c)));
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Revive,
                    };
                    return;
                }
                continue;
            }
            // "El ejército": the pawn follows the shields; a capital wins.
            // A military token that acts, reached: its effects are the
            // mover's, one token after another (Agora's,
            // duel-expansions-facts.md §2.9).
            let due = st.table.track.due;
            if due != 0 {
                let bit = due.trailing_zeros() as u8;
                st.table.track.due &= !(1 << bit);
                self.military_effects(st, bit, None);
                continue;
            }
            let t = &mut st.table;
            let looted = t.track.looted;
            if let Some(winner) = t.track.advance(&self.conflict, &mut t.cities) {
                t.ended = Some((Victory::Military, Some(winner)));
                st.phase = Phase::Over;
                return;
            }
            if !self.military.is_empty() && t.track.looted != looted {
                t.track.due |= t.track.looted & !looted;
                continue;
            }
            // Political supremacy: every chamber of the senate (Agora,
            // duel-expansions-facts.md §2.12), after the military one.
            if let Some(winner) = self.political_supremacy(t) {
                t.ended = Some((Victory::Political, Some(winner)));
                st.phase = Phase::Over;
                return;
            }
            // "Ciencia y progreso": each pair of equal symbols gives a token.
            if let Some(asks) = self.pair(st, seat) {
                if asks {
                    return;
                }
                continue;
            }
            break;
        }
        if self.science_supremacy(&st.table.cities[seat]) {
            st.table.ended = Some((Victory::Science, Some(seat)));
            st.phase = Phase::Over;
            return;
        }
        self.end_turn(st, seat);
    }

    /// "Supremacía científica": `city` holds 6 different symbols.
    #[inline]
    pub fn science_supremacy(&self, city: &City) -> bool {
        let nsym = self.info.symbols.len().min(MAX_SYM);
        let (held, _) = science::held_and_pairs(&city.science, nsym);
        held.count_ones() >= SCIENCE_SUPREMACY
    }

    /// Carries out one pending effect; true if it asks for a choice.
    fn pending(&self, st: &mut State, seat: usize, p: Pending) -> bool {
        match p {
            Pending::LoseCoins(n, seats) => {
                // "Tu oponente pierde 3 monedas, que se devuelven al banco."
                for &off in seats.0 {
                    let c = &mut st.table.cities[seat_at(seat, off, 2)];
                    c.pay_or_owe(self.info, u64::from(n), st.table.age);
                }
                false
            }
            Pending::GiveCoins(n, seats) => {
                for &off in seats.0 {
                    let c = &mut st.table.cities[seat_at(seat, off, 2)];
                    c.coins = c.coins.saturating_add(n.min(i32::MAX as u32) as i32);
                }
                false
            }
            Pending::TakeTokens(kind, n, seats) => {
                let age = st.table.age;
                for &off in seats.0 {
                    let at = seat_at(seat, off, 2);
                    let t = &mut st.table;
                    t.cities[at].take_tokens(self.info, kind as usize, u64::from(n), age);
                    self.took_tokens(t, at, kind as usize, u64::from(n));
                }
                false
            }
            // Duel has no conflict tokens of neighbour battles (its
            // vocabulary counts none): only kinds the card sets declare.
            Pending::LoseTokens(TokenKind::Declared(kind), n, seats) => {
                for &off in seats.0 {
                    let c = &mut st.table.cities[seat_at(seat, off, 2)];
                    c.lose_tokens(self.info, usize::from(kind), n);
                }
                false
            }
            Pending::Discard(colours, seats) => {
                self.choose_built(st, seat, colours, seats, Built::Discard)
            }
            Pending::TakeBuilt(colours, seats) => {
                self.choose_built(st, seat, colours, seats, Built::Take)
            }
            Pending::CopyScience(colours, seats) => {
                self.choose_built(st, seat, colours, seats, Built::Copy)
            }
            Pending::SwapBuilt(colours, seats) => {
                self.choose_built(st, seat, colours, seats, Built::Swap)
            }
            Pending::TakeWonder(seats) => {
                let Some((first, rest)) = seats.0.split_first() else {
                    return false;
                };
                if !rest.is_empty() {
                    let rest = Pending::TakeWonder(sevenw_host::Seats(rest));
                    st.table.cities[seat].abilities.pending.insert(0, rest);
                }
                let victim = seat_at(seat, *first, 2);
                let can = victim != seat && !st.table.wonders[victim].is_empty();
                if can {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Steal { victim },
                    };
                }
                can
            }
            Pending::BuildFromRow(colours) => {
                let any = self.top_row(&st.table, colours).next().is_some();
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Row { colours },
                    };
                }
                any
            }
            Pending::MoveDecree => {
                let any = self.chambers() > 1 && st.table.decrees.iter().any(Option::is_some);
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Decree { from: None },
                    };
                }
                any
            }
            Pending::BuildSetAside => {
                let any = !st.table.aside_cards.is_empty();
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Aside,
                    };
                }
                any
            }
            Pending::UnbuildWonder(seats, boxed) => {
                let t = &st.table;
                let any = self
                    .cities_named(seat, seats)
                    .any(|s| !t.built[s].is_empty());
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Raze { seats, boxed },
                    };
                }
                any
            }
            Pending::DiscardMilitary | Pending::ApplyMilitary(_) => {
                let any = self.military_left(&st.table).next().is_some();
                if any {
                    let choice = match p {
                        Pending::ApplyMilitary(seats) => Choice::Apply { seats },
                        _ => Choice::Drop,
                    };
                    st.phase = Phase::Choose { seat, choice };
                }
                any
            }
            Pending::TakeSupply(colours, each) => {
                let any = self.draw_supply(st, colours, each);
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Summon { public: each > 0 },
                    };
                }
                any
            }
            Pending::Senate(act) => self.senate_pending(st, seat, act),
            Pending::DrawSchemes { n, keep } => self.draw_schemes(st, seat, n, keep),
            Pending::TriggerScheme => self.trigger_pending(st, seat),
            Pending::CoinsPerCube { n, seats, gain } => {
                // Agora's Embezzlement (duel-expansions-facts.md §2.7
                // item 12): coins per cube in the senate's chambers.
                for s in self.cities_named(seat, seats) {
                    let cubes: i32 = st.table.senate.iter().map(|c| i32::from(c[s])).sum();
                    let c = &mut st.table.cities[s];
                    let amount = i32::from(n) * cubes;
                    if gain {
                        c.coins += amount;
                    } else {
                        c.coins -= amount.min(c.coins.max(0));
                    }
                }
                false
            }
            Pending::RemoveProgress => {
                // The tokens set aside are seen by the chooser alone.
                let t = &mut st.table;
                t.drawn_tokens = std::mem::take(&mut t.aside_tokens);
                let any = !t.board_tokens.is_empty()
                    || !t.tokens[1 - seat.min(1)].is_empty()
                    || !t.drawn_tokens.is_empty();
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Void,
                    };
                }
                any
            }
            Pending::TakeHalfCoins(seats) => {
                // Agora's Blackmail (duel-expansions-facts.md §2.7 item
                // 2): half the treasury, rounded up.
                for s in self.cities_named(seat, seats) {
                    let c = &mut st.table.cities[s];
                    let half = (c.coins.max(0) + 1) / 2;
                    c.coins -= half;
                    st.table.cities[seat].coins += half;
                }
                false
            }
            Pending::BlockTrack => {
                st.phase = Phase::Choose {
                    seat,
                    choice: Choice::Block,
                };
                true
            }
            Pending::DiscardFigure { accessible, may } => {
                let any = !st.table.layout.is_empty();
                if any {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Strike { accessible, may },
                    };
                }
                any
            }
            Pending::WonderFromDiscard => {
                let t = &st.table;
                let can = !t.discard.is_empty()
                    && !t.wonders[seat].is_empty()
                    && t.wonders_built() < MAX_WONDERS;
                if can {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Bury,
                    };
                }
                can
            }
            Pending::TakeProgress(0) => {
                let has = !st.table.board_tokens.is_empty();
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Token { drawn: false },
                    };
                }
                has
            }
            Pending::TakeProgress(n) => {
                // "La Gran Biblioteca": draw 3 of those set aside at the
                // start, keep one, return the others to the box.
                let t = &mut st.table;
                st.rng.shuffle(&mut t.aside_tokens);
                let k = usize::from(n).min(t.aside_tokens.len());
                t.drawn_tokens = t.aside_tokens.drain(..k).collect();
                let has = k > 0;
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Token { drawn: true },
                    };
                }
                has
            }
            // Another turn for the player whose turn it is; none for the
            // other, whose source heard this turn's build.
            Pending::PlayAgain => {
                st.table.again |= seat == st.table.current;
                false
            }
            // A word the Duel family does not play (its `families` in the
            // word table, `dsl/src/words.rs`), such as a conflict token or a
            // drafted hand, which Duel has not.
            _ => false,
        }
    }

    /// The first new pair of equal symbols: `Some(true)` if it asks for a
    /// token of the board, `Some(false)` if the board is empty, `None` if
    /// there is no new pair.
    fn pair(&self, st: &mut State, seat: usize) -> Option<bool> {
        let nsym = self.info.symbols.len().min(MAX_SYM);
        let (_, pairs) = science::held_and_pairs(&st.table.cities[seat].science, nsym);
        // The first symbol held twice that has not given a token yet.
        let new = pairs & !st.table.paired[seat];
        if new == 0 {
            return None;
        }
        st.table.paired[seat] |= new & new.wrapping_neg();
        let asks = !st.table.board_tokens.is_empty();
        if asks {
            st.phase = Phase::Choose {
                seat,
                choice: Choice::Token { drawn: false },
            };
        }
        Some(asks)
    }

    /// "Algunas Maravillas te permiten volver a jugar" — lost when the
    /// figure is empty; then "Fin de una Era".
    fn end_turn(&self, st: &mut State, seat: usize) {
        // The effects of a wonder taken in the draft have run: the next
        // one's, or the draft (or the Age) goes on.
        if st.table.resume.is_some() {
            self.resume_draft(st);
            return;
        }
        let t = &mut st.table;
        // A scheme triggered at the start of the turn has run: the player
        // takes their card (`schemes.rs`).
        if t.schemes.trigger != super::schemes::NONE && Duel::trigger_done(t) {
            st.phase = Phase::Play;
            return;
        }
        let again = std::mem::take(&mut t.again);
        if !again || t.layout.is_empty() {
            t.current = 1 - seat;
        }
        if !t.layout.is_empty() {
            st.phase = Phase::Play;
            return;
        }
        if t.age >= self.info.ages {
            st.phase = Phase::Over;
            return;
        }
        // "Fin de una Era": the player with less military power (the pawn
        // on their side) chooses who starts; centred, the last to act.
        let chooser = match t.track.pawn {
            p if p > 0 => 1,
            p if p < 0 => 0,
            _ => t.last,
        };
        st.phase = Phase::Starter { chooser };
    }

    /// Scenario helper: `card` joins `seat`'s city as if built (its effects
    /// and followers run; what they leave pending is not carried out).
    pub fn give_card(&self, st: &mut State, seat: usize, card: CardId) {
        self.build_card(st, seat, card, false);
    }

    /// Scenario helper: `seat` has built wonder `wonder` (without a card
    /// under it); its effects run, what they leave pending is not carried out.
    pub fn give_wonder(&self, st: &mut State, seat: usize, wonder: u8) {
        let t = &mut st.table;
        for s in 0..2 {
            t.wonders[s].retain(|&w| w != wonder);
        }
        t.boxed_wonders.retain(|&w| w != wonder);
        t.draft.retain(|&w| w != wonder);
        t.draft_deck.retain(|&w| w != wonder);
        self.build_wonder(st, seat, wonder, None);
    }

    /// Scenario helper: `seat` holds progress token `token` (its effects run).
    pub fn give_token(&self, st: &mut State, seat: usize, token: u8) {
        st.table.board_tokens.retain(|&t| t != token);
        st.table.aside_tokens.retain(|&t| t != token);
        self.take_token(st, seat, token);
    }

    /// Scenario helper: replaces the figure with these cards in one open
    /// row, all accessible, and makes it the player to act's turn. The cards
    /// it replaces go back to the box unseen.
    pub fn lay_out(&self, st: &mut State, cards: &[CardId]) {
        let old = st.table.layout;
        for card in old.remaining() {
            if let Some(i) = st.table.dealt.iter().rposition(|&c| c == card) {
                st.table.dealt.remove(i);
                st.table.boxed.push(card);
            }
        }
        let n = cards.len().min(MAX_LAYOUT);
        let mut shape = Shape::new(&[]);
        shape.len = n as u8;
        shape.face_up = shape.all();
        let mut layout = Layout {
            shape,
            ..Layout::default()
        };
        layout.cards[..n].copy_from_slice(&cards[..n]);
        // A card laid out is nowhere else.
        let t = &mut st.table;
        t.boxed.retain(|c| !cards[..n].contains(c));
        t.aside_cards.retain(|c| !cards[..n].contains(c));
        layout.present = shape.all();
        layout.open = shape.all();
        layout.up = shape.all();
        st.table.layout = layout;
        st.table.dealt.extend_from_slice(&cards[..n]);
        if st.table.age == 0 {
            st.table.age = 1;
        }
        st.phase = Phase::Play;
    }
}

/// Whether card `i` is drawn by the guild rule of `colour` in `age`.
pub(super) fn is_drawn(info: &GameInfo, i: usize, age: u8, colour: Colour) -> bool {
    let c = &info.cards[i];
    c.age == age && c.copies.is_empty() && c.colour == colour
}

/// Cards laid out in `age`: the deck for two less those set aside, plus the
/// drawn guilds and an expansion's draws.
pub fn deck_len(info: &GameInfo, age: u8) -> usize {
    let fixed: usize = info
        .cards
        .iter()
        .filter(|c| c.age == age)
        .map(|c| c.copies.iter().filter(|&&m| m <= 2).count())
        .sum();
    let fixed = fixed.saturating_sub(usize::from(info.set_aside));
    let drawn = match info.guilds {
        Some(rule) if rule.age == age => {
            let pool = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, age, rule.colour))
                .count();
            usize::from(rule.drawn(2)).min(pool)
        }
        _ => 0,
    };
    let draws: usize = (DrawPool::of(info).iter().filter(|p| p.rule.age == age))
        .map(|p| usize::from(p.rule.drawn(2)).min(p.most()))
        .sum();
    fixed + drawn + draws
}

/// The other city as effects see it: `CityHost` reads other cities only
/// through `City::count`, so a copy of what that reads serves, and the
/// acting city is borrowed in place rather than moved out.
pub(super) fn shadow(real: &City, seen: &mut City) {
    seen.colour_count = real.colour_count;
    seen.cards.clone_from(&real.cards);
    seen.stages = real.stages;
    seen.defeats = real.defeats;
    seen.victories = real.victories;
    seen.coins = real.coins;
    seen.progress = real.progress;
}

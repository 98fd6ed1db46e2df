//! Carrying out a turn: the moves chosen are paid and placed together once
//! every seat has chosen, their effects run, the pending effects settled
//! (with the choices they ask), the last card of the hand and the free
//! builds from the discard pile played, and the hands passed on. Also the
//! building blocks other modules share: a card or stage added to a city,
//! a new city, and a city previewed after one move.

use sevenw_host::{CardId, ColourSet, Event, Listens, Source, TokenKind};

use super::trade::Payment;
use crate::engine::city::{City, Pending, run_built, run_event, seat_at, valid_offset};
use crate::engine::host::CityHost;

use super::{
    Action, Base, Choice, DEFEAT_VP, DISCARD_COINS, Move, Phase, Resume, State, TRADE_PRICE,
    victory_vp,
};

impl Base {
    pub(super) fn follow_card(&self, card: CardId, chained: bool) -> Event {
        let colour = self
            .info
            .cards
            .get(usize::from(card.0))
            .map_or(sevenw_host::Colour(0), |c| c.colour);
        Event::BuiltCard { colour, chained }
    }

    /// Runs `source`'s built effects for the city at `seat` (taken out of
    /// `cities` meanwhile), then tells its other sources (`follow`); a
    /// production following the city's own gets its options.
    pub(super) fn run_built(
        &self,
        cities: &mut [City],
        seat: usize,
        source: Source,
        follow: Event,
        coins: bool,
    ) {
        if let Some(mut h) = CityHost::at(&self.vocab, cities, seat, coins) {
            run_built(&self.vocab, &mut h, source, Some(follow));
        }
        if let Some(c) = cities.get_mut(seat) {
            c.refresh_matching(&self.vocab);
        }
    }

    /// Pays for the move and places its card on `me` (a stage's card is
    /// put under it by the caller); returns the source to run and its
    /// follow-up event, if something was built.
    fn enact(&self, me: &mut City, mv: &Move) -> Option<(Source, Event)> {
        self.record_option(me, mv);
        match mv.action {
            Action::Build(p) => {
                me.coins -= p.total() as i32;
                self.pay_tokens(me, mv.card);
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Chain => {
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, true)))
            }
            Action::Free => {
                let colour = self.follow_card(mv.card, false);
                if let Event::BuiltCard { colour, .. } = colour {
                    me.abilities.use_hand_build(colour);
                }
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::RuleFree | Action::FromDiscard => {
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Stage(p, how) => {
                me.coins -= p.total() as i32;
                let stage = self.stage_info(me, how.stage);
                if let Some(st) = stage.filter(|_| self.token_costs) {
                    me.pay_tokens(self.info, st.cost.tokens);
                }
                let options = stage.map_or(0, |st| st.options);
                let source = Source::Stage {
                    wonder: me.wonder,
                    side: me.side,
                    stage: how.stage,
                };
                me.put_under(self.info, source, mv.card);
                if options > 0 {
                    me.choose(source, mv.option.min(options - 1));
                }
                Some((self.gain_stage(me, how.stage), Event::BuiltStage))
            }
            Action::Discard => {
                me.coins += DISCARD_COINS;
                me.bank_coins = true;
                None
            }
            // Carried out by the draft and by choices, never as a turn's action.
            Action::Keep | Action::Entomb | Action::Skip | Action::Owe(_) => None,
        }
    }

    /// The city gives up the tokens `card` costs (a cost in tokens of a
    /// declared kind; nothing for a card built without paying).
    fn pay_tokens(&self, me: &mut City, card: CardId) {
        if !self.token_costs {
            return;
        }
        if let Some(info) = self.info.cards.get(usize::from(card.0)) {
            me.pay_tokens(self.info, info.cost.tokens);
        }
    }

    /// Records the option `mv` chose for the card it builds, when the card
    /// offers a choice (`one of`; a stage's is recorded with the stage).
    pub(super) fn record_option(&self, me: &mut City, mv: &Move) {
        if self.card_choices && !matches!(mv.action, Action::Stage(..)) {
            let n = self.options_of(me, mv);
            if n > 0 {
                me.choose(Source::Card(mv.card), mv.option.min(n - 1));
            }
        }
    }

    /// The city builds stage `stage` of its side: it becomes a source.
    fn gain_stage(&self, me: &mut City, stage: u8) -> Source {
        let source = Source::Stage {
            wonder: me.wonder,
            side: me.side,
            stage,
        };
        me.build_stage(stage);
        me.gain_source(self.info, source);
        source
    }

    /// Adds `card` to the city at `seat` as if built now, outside the turn
    /// structure (scenarios, city sheets): its built effects run, and coins
    /// it gains are added only if `coins`.
    pub fn add_card(&self, cities: &mut [City], seat: usize, card: CardId, coins: bool) {
        cities[seat].place(&self.vocab, card);
        let follow = self.follow_card(card, false);
        self.run_built(cities, seat, Source::Card(card), follow, coins);
    }

    /// Builds the next wonder stage of the city at `seat` (the first open
    /// one, on a side with levels) outside the turn structure; false if
    /// none is left.
    pub fn add_stage(&self, cities: &mut [City], seat: usize, coins: bool) -> bool {
        match self.first_open_stage(&cities[seat]) {
            Some(stage) => self.add_stage_at(cities, seat, stage, coins),
            None => false,
        }
    }

    /// Builds stage `stage` (from 0) of the city at `seat` outside the turn
    /// structure, as [`Base::add_stage`]; false if it may not be built now.
    pub fn add_stage_at(&self, cities: &mut [City], seat: usize, stage: u8, coins: bool) -> bool {
        if !self.stage_open(&cities[seat], stage) {
            return false;
        }
        let source = self.gain_stage(&mut cities[seat], stage);
        self.run_built(cities, seat, source, Event::BuiltStage, coins);
        true
    }

    /// A city on wonder `wonder` side `side` with the game's starting coins;
    /// its board's effects run.
    pub fn new_city(&self, cities: &mut [City], seat: usize, wonder: u8, side: u8) {
        let city = &mut cities[seat];
        city.reset(wonder, side, i32::from(self.info.start_coins), TRADE_PRICE);
        city.wonder_stages = self
            .info
            .wonders
            .get(usize::from(wonder))
            .and_then(|w| w.sides.get(usize::from(side)))
            .map_or(0, |s| s.stages.len().min(255) as u8);
        let board = Source::Board { wonder, side };
        city.gain_source(self.info, board);
        self.run_built(cities, seat, board, Event::Built, true);
    }

    /// `seat`'s city as it would be after `mv`, before the other players'
    /// moves of the turn (for bots that look one move ahead).
    pub fn preview(&self, cities: &[City], seat: usize, mv: &Move) -> City {
        let mut me = cities[seat].clone();
        self.preview_into(cities, seat, mv, &mut me);
        me
    }

    /// [`Base::preview`] into `me` (any city: it is overwritten), reusing
    /// its buffers, so that a bot judging many moves allocates nothing per
    /// move.
    pub fn preview_into(&self, cities: &[City], seat: usize, mv: &Move, me: &mut City) {
        me.clone_from(&cities[seat]);
        if let Some((source, follow)) = self.enact(me, mv) {
            let mut h = CityHost::new(&self.vocab, me, cities, seat, true);
            run_built(&self.vocab, &mut h, source, Some(follow));
            me.refresh_matching(&self.vocab);
        }
    }
}

impl Base {
    /// Runs the effects of the sources of the city at `seat` that listen to
    /// `bit`, for `event`.
    pub(super) fn fire(&self, cities: &mut [City], seat: usize, event: Event, bit: u16) {
        if cities[seat].listening & bit == 0 {
            return;
        }
        if let Some(mut h) = CityHost::at(&self.vocab, cities, seat, true) {
            run_event(&self.vocab, &mut h, event, bit, None);
        }
    }

    /// Carries out the turn once every seat has chosen.
    pub(super) fn resolve_turn(&self, state: &mut State) {
        state.last_turn =
            !state.table.recruiting && state.table.hands.first().is_some_and(|h| h.len() == 2);
        let chosen = std::mem::take(&mut state.chosen);
        state.scratch.built.clear();
        for (seat, mv) in chosen.iter().enumerate() {
            self.pay_and_place(state, seat, mv);
        }
        self.run_built_effects(state);
        self.complete_projects(state);
        state.chosen = std::mem::replace(&mut state.resolved, chosen);
        state.chosen.clear();
        state.turns_played += 1;
        self.resume(state, Resume::Turn(0));
    }

    /// Continues the end of a turn from `r`: every seat's pending effects
    /// in seat order, then the last cards, then the free builds. Stops where
    /// a choice is asked (and resumes there once it is made).
    pub(super) fn resume(&self, state: &mut State, r: Resume) {
        match r {
            Resume::Turn(from) => {
                for seat in from..state.table.cities.len() {
                    if !self.settle(state, seat) {
                        state.resume = Resume::Turn(seat);
                        return;
                    }
                }
                if state.last_turn {
                    self.next_last_card(state, 0);
                } else {
                    self.next_free_build(state, 0);
                }
            }
            Resume::LastCard(seat) => {
                if !self.settle(state, seat) {
                    state.resume = r;
                    return;
                }
                self.next_last_card(state, seat + 1);
            }
            Resume::FreeBuild(seat) => {
                if !self.settle(state, seat) {
                    state.resume = r;
                    return;
                }
                self.next_free_build(state, seat);
            }
        }
    }

    /// Carries out the pending effects of the city at `seat`, in order;
    /// false if one asks a choice (the phase then says which). An effect
    /// that feeds itself (a token taken each time one is gained) stops after
    /// [`MAX_PENDING`] rounds.
    fn settle(&self, state: &mut State, seat: usize) -> bool {
        let mut rounds = 0;
        while !state.table.cities[seat].abilities.pending.is_empty() {
            let p = state.table.cities[seat].abilities.pending.remove(0);
            rounds += 1;
            if rounds > MAX_PENDING {
                state.table.cities[seat].abilities.pending.clear();
                break;
            }
            if self.pending(state, seat, p, true) {
                return false;
            }
        }
        true
    }

    /// [`Base::settle`] where no choice can be asked (the end of an Age):
    /// effects that would ask one are dropped.
    pub(super) fn settle_quietly(&self, state: &mut State, seat: usize) {
        let phase = state.phase;
        let mut rounds = 0;
        while !state.table.cities[seat].abilities.pending.is_empty() && rounds < MAX_PENDING {
            rounds += 1;
            let p = state.table.cities[seat].abilities.pending.remove(0);
            if self.pending(state, seat, p, false) {
                state.phase = phase;
            }
        }
        state.table.cities[seat].abilities.pending.clear();
    }

    /// Carries out one pending effect of `seat`; true if it asks a choice
    /// (the phase is then set to it). Without `ask`, a loss of coins a
    /// city would choose how to pay is paid as it can.
    fn pending(&self, state: &mut State, seat: usize, p: Pending, ask: bool) -> bool {
        let t = &mut state.table;
        let n = t.cities.len();
        let colour_in = |c: CardId, set: ColourSet| {
            self.info
                .cards
                .get(usize::from(c.0))
                .is_some_and(|i| set.contains(i.colour))
        };
        match p {
            Pending::TakeVictory(age) => {
                let age = if age == 0 { t.age } else { age };
                t.cities[seat].win(victory_vp(age));
                self.fire(
                    &mut t.cities,
                    seat,
                    Event::GainedVictory,
                    Listens::GAINED_VICTORY,
                );
                false
            }
            Pending::LoseTokens(kind, k, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let c = &mut t.cities[seat_at(seat, off, n)];
                    match kind {
                        TokenKind::Defeat => c.give_up_defeats(k, DEFEAT_VP),
                        // "Su elección": the lowest token, which a player
                        // always prefers to give up.
                        TokenKind::Victory => {
                            c.give_up_victories(k);
                        }
                        TokenKind::Declared(kind) => {
                            c.lose_tokens(self.info, usize::from(kind), k);
                        }
                    }
                }
                false
            }
            Pending::LoseCoins(k, seats) => {
                self.lose_coins(state, seat, seats, |_| u64::from(k), ask);
                false
            }
            Pending::LoseCoinsPer(k, what, seats) => {
                let loss = |c: &City| u64::from(k) * u64::from(c.count(&self.vocab, what));
                self.lose_coins(state, seat, seats, loss, ask);
                false
            }
            Pending::Owe(victim, loss) => {
                let victim = usize::from(victim);
                let Some(c) = t.cities.get_mut(victim) else {
                    return false;
                };
                if ask && c.coins > 0 {
                    state.phase = Phase::Choose(victim, Choice::Debt(loss));
                    return true;
                }
                c.pay_or_owe(self.info, u64::from(loss), t.age);
                false
            }
            // Taken from the bank, as a city's own coins would be (a
            // "when you take coins from the bank" ability hears of them).
            Pending::GiveCoins(k, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let c = &mut t.cities[seat_at(seat, off, n)];
                    c.coins = c.coins.saturating_add(k.min(i32::MAX as u32) as i32);
                    c.bank_coins = true;
                }
                false
            }
            Pending::TakeTokens(kind, k, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let c = &mut t.cities[seat_at(seat, off, n)];
                    c.take_tokens(self.info, kind as usize, u64::from(k), t.age);
                }
                false
            }
            Pending::Draw(colours, k) => {
                let mut pool: Vec<usize> = (0..t.boxed.len())
                    .filter(|&i| colour_in(t.boxed[i], colours))
                    .collect();
                state.rng.shuffle(&mut pool);
                pool.truncate(usize::from(k));
                pool.sort_unstable_by(|a, b| b.cmp(a));
                for i in pool {
                    let c = t.boxed.remove(i);
                    t.side[seat].push(c);
                    t.dealt.push(c);
                    if let Some(d) = t.drafted.get_mut(seat) {
                        d.push(c);
                    }
                }
                false
            }
            Pending::Entomb(colours) => {
                let any = t.cities[seat].cards.iter().any(|&c| colour_in(c, colours));
                if any {
                    state.phase = Phase::Choose(seat, Choice::Entomb(colours));
                }
                any
            }
            Pending::BuildFromHand(colours) => {
                let any = t.side[seat].iter().any(|&c| colour_in(c, colours));
                if any {
                    state.phase = Phase::Choose(seat, Choice::Recruit(colours));
                }
                any
            }
            // A penalty (Edifice): which card is not said (facts §3.4); the
            // one of those colours built last goes to the discard pile.
            Pending::Discard(colours, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let s = seat_at(seat, off, n);
                    let last = t.cities[s]
                        .cards
                        .iter()
                        .rev()
                        .copied()
                        .find(|&c| colour_in(c, colours));
                    if let Some(c) = last
                        && t.cities[s].remove(&self.vocab, c)
                    {
                        t.discard.push(c);
                    }
                }
                false
            }
            Pending::TakePawn(age) => {
                self.take_pawn(t, seat, age);
                false
            }
            // A word the base family does not play (its `families` in the
            // word table, `dsl/src/words.rs`).
            _ => false,
        }
    }

    /// Each city of `seats` (around `seat`) loses `loss` of it in coins.
    /// It pays what it can and takes a token of the kind taken instead of
    /// coins for each coin missing; or, where that kind is taken by choice
    /// ("may choose debt even when they could pay", cities-facts.md §3.1),
    /// a city with coins chooses: its choices are asked next, in seat
    /// order, before `seat`'s other pending effects.
    fn lose_coins(
        &self,
        state: &mut State,
        seat: usize,
        seats: sevenw_host::Seats,
        loss: impl Fn(&City) -> u64,
        ask: bool,
    ) {
        let t = &mut state.table;
        let n = t.cities.len();
        let mut asked = 0;
        // In seat order, whatever the order of the scope's seats.
        for victim in 0..n {
            let times = (seats.0.iter())
                .filter(|&&o| valid_offset(o, n) && seat_at(seat, o, n) == victim)
                .count();
            for _ in 0..times {
                let c = &mut t.cities[victim];
                let owed = loss(c);
                if ask && self.debt_choice.is_some() && c.coins > 0 && owed > 0 {
                    let owe = Pending::Owe(victim as u8, owed.min(u64::from(u32::MAX)) as u32);
                    t.cities[seat].abilities.pending.insert(asked, owe);
                    asked += 1;
                } else {
                    c.pay_or_owe(self.info, owed, t.age);
                }
            }
        }
    }

    pub(super) fn pay_and_place(&self, state: &mut State, seat: usize, mv: &Move) {
        let t = &mut state.table;
        let n = t.cities.len();
        let hand = if t.recruiting {
            &mut t.side[seat]
        } else {
            &mut t.hands[seat]
        };
        let slot = usize::from(mv.slot);
        if mv.action != Action::Skip && slot < hand.len() {
            hand.remove(slot);
        }
        let pay = match mv.action {
            Action::Build(p) => p,
            Action::Stage(p, how) => {
                if how.join {
                    self.join(t, seat);
                }
                t.put_under_stage(seat, how.stage, mv.card);
                p
            }
            _ => Payment::FREE,
        };
        t.cities[seat_at(seat, 1, n)].coins += i32::from(pay.left);
        t.cities[seat_at(seat, -1, n)].coins += i32::from(pay.right);
        t.cities[seat].bought |= u8::from(pay.left > 0) | (u8::from(pay.right > 0) << 1);
        if mv.action == Action::Discard {
            t.discard.push(mv.card);
        }
        if let Some((source, follow)) = self.enact(&mut t.cities[seat], mv) {
            state.scratch.built.push((seat, source, follow));
        }
    }

    /// Runs the built effects of what the turn built, after everything was
    /// placed (so effects that count see the whole turn's builds).
    pub(super) fn run_built_effects(&self, state: &mut State) {
        for i in 0..state.scratch.built.len() {
            let (seat, source, follow) = state.scratch.built[i];
            self.run_built(&mut state.table.cities, seat, source, follow, true);
        }
    }

    /// The next seat from `from` that plays its last card, if any; else the
    /// last cards are discarded (without coins) and free builds follow.
    fn next_last_card(&self, state: &mut State, from: usize) {
        let t = &mut state.table;
        for seat in from..t.cities.len() {
            if t.cities[seat].abilities.play_last_card && t.hands[seat].len() == 1 {
                state.phase = Phase::LastCard(seat);
                return;
            }
        }
        for hand in &mut t.hands {
            t.discard.append(hand);
        }
        self.next_free_build(state, 0);
    }

    /// The next free build from the discard pile due this turn: the
    /// wonders' first, in seat order from `from`, then those granted by
    /// cards ("Halicarnassus, then Solomon"); a seat whose pile offers
    /// nothing loses it. When none is left, the turn ends.
    fn next_free_build(&self, state: &mut State, from: usize) {
        let t = &mut state.table;
        for late in [false, true] {
            let start = if late { 0 } else { from };
            for seat in start..t.cities.len() {
                loop {
                    let a = &mut t.cities[seat].abilities;
                    let due = if late {
                        &mut a.discard_builds_late
                    } else {
                        &mut a.discard_builds
                    };
                    if due.is_empty() {
                        break;
                    }
                    // The colours it takes (`build a green card from the
                    // discard pile for free`), read by `takes_from_discard`.
                    a.discard_colours = due.remove(0);
                    let city = &t.cities[seat];
                    let has = t.discard.iter().any(|&c| self.takes_from_discard(city, c));
                    if has {
                        state.phase = Phase::FreeBuild(seat);
                        return;
                    }
                }
            }
        }
        self.end_turn(state);
    }

    /// Whether `city` may build `card` of the discard pile for free: an Age
    /// card it does not hold, of a colour its free build under way takes.
    /// (A sold leader lies there too, but the Leaders' effects take "Age
    /// cards" only: leaders-facts.md §2.8.)
    pub(super) fn takes_from_discard(&self, city: &City, card: CardId) -> bool {
        self.info
            .cards
            .get(usize::from(card.0))
            .is_some_and(|i| i.age > 0 && city.abilities.discard_colours.contains(i.colour))
            && !city.has_name(self.vocab.name_class(card))
    }

    /// The sources told, at the end of a turn, that their city took coins
    /// from the bank or bought from a neighbour during it ("una vez por
    /// turno").
    fn turn_events(&self, state: &mut State) {
        let t = &mut state.table;
        for seat in 0..t.cities.len() {
            let (coins, bought) = (t.cities[seat].bank_coins, t.cities[seat].bought);
            if coins {
                self.fire(
                    &mut t.cities,
                    seat,
                    Event::TookBankCoins,
                    Listens::TOOK_BANK_COINS,
                );
            }
            for _ in 0..bought.count_ones() {
                self.fire(&mut t.cities, seat, Event::BoughtFrom, Listens::BOUGHT_FROM);
            }
            t.cities[seat].bank_coins = false;
            t.cities[seat].bought = 0;
        }
    }

    /// Hands pass ("a la izquierda" in Ages I and III, to the right in Age
    /// II), or the recruitment gives way to the Age's cards, or the Age ends.
    fn end_turn(&self, state: &mut State) {
        self.turn_events(state);
        if state.table.recruiting {
            let age = state.table.age;
            if age >= self.info.ages {
                self.box_leftovers(state);
            }
            self.deal_age(state, age);
            state.phase = Phase::Turn;
            return;
        }
        if !state.last_turn {
            let t = &mut state.table;
            if passes_left(t.age) {
                t.hands.rotate_right(1); // to the left: seat p's hand goes to p + 1
            } else {
                t.hands.rotate_left(1);
            }
            t.turn += 1;
            state.phase = Phase::Turn;
            return;
        }
        self.end_age(state);
        if state.table.age < self.info.ages {
            let next = state.table.age + 1;
            self.start_age(state, next);
        } else {
            state.phase = Phase::Over;
        }
    }
}

impl Base {
    /// `city` pays a loss of `loss` coins in Age `age`, taking `by_choice`
    /// tokens of the kind taken instead of coins by choice beyond those for
    /// the coins it cannot pay.
    pub(super) fn owe(&self, city: &mut City, loss: u32, by_choice: u8, age: u8) {
        let paid = debt_paid(city.coins, loss, by_choice);
        city.coins -= paid as i32;
        let kind = self.debt_choice.unwrap_or(0);
        city.take_tokens(self.info, kind, u64::from(loss - paid), age);
    }

    /// Carries out a choice of `seat`.
    pub(super) fn choose(&self, state: &mut State, seat: usize, mv: &Move) {
        match mv.action {
            Action::Entomb => {
                // "Puntúa el doble de su coste": twice the coins it costs now
                // (a cost per Age counts the current Age; leaders-facts.md §5
                // leaves it open).
                let vp = self
                    .info
                    .cards
                    .get(usize::from(mv.card.0))
                    .map_or(0, |c| 2 * c.cost.coins_in(state.table.age.max(1)))
                    .min(1000) as i32;
                state.table.cities[seat].entomb(&self.vocab, mv.card, vp);
            }
            Action::Build(p) | Action::Stage(p, _) => {
                let t = &mut state.table;
                if let Some(slot) = t.side[seat].iter().position(|&c| c == mv.card) {
                    t.side[seat].remove(slot);
                    let n = t.cities.len();
                    t.cities[seat_at(seat, 1, n)].coins += i32::from(p.left);
                    t.cities[seat_at(seat, -1, n)].coins += i32::from(p.right);
                    let me = &mut t.cities[seat];
                    me.coins -= p.total() as i32;
                    me.bought |= u8::from(p.left > 0) | (u8::from(p.right > 0) << 1);
                    self.pay_tokens(me, mv.card);
                    self.record_option(me, mv);
                    me.place(&self.vocab, mv.card);
                    let follow = self.follow_card(mv.card, false);
                    self.run_built(&mut t.cities, seat, Source::Card(mv.card), follow, true);
                }
            }
            Action::Chain => {
                let t = &mut state.table;
                if let Some(slot) = t.side[seat].iter().position(|&c| c == mv.card) {
                    t.side[seat].remove(slot);
                    self.record_option(&mut t.cities[seat], mv);
                    t.cities[seat].place(&self.vocab, mv.card);
                    let follow = self.follow_card(mv.card, true);
                    self.run_built(&mut t.cities, seat, Source::Card(mv.card), follow, true);
                }
            }
            Action::Owe(by_choice) => {
                if let Phase::Choose(_, Choice::Debt(loss)) = state.phase {
                    let age = state.table.age;
                    self.owe(&mut state.table.cities[seat], loss, by_choice, age);
                }
            }
            _ => {}
        }
    }
}

/// Of a loss of `loss` coins, what a city holding `coins` pays when it
/// takes `by_choice` tokens beyond those for the coins it cannot pay.
pub(super) fn debt_paid(coins: i32, loss: u32, by_choice: u8) -> u32 {
    let payable = loss.min(coins.max(0) as u32);
    payable - u32::from(by_choice).min(payable)
}

/// Most pending effects carried out for one city at once (see [`Base::settle`]).
const MAX_PENDING: usize = 64;

/// Whether the hands of Age `age` pass to the left (seat p's hand to p +
/// 1, the left neighbour): in Ages I and III; to the right in Age II
/// ("a la izquierda" in Ages I and III).
pub(super) const fn passes_left(age: u8) -> bool {
    age % 2 == 1
}

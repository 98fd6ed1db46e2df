//! Carrying out a turn: the card taken (and the extra cards, the looks and
//! the keeps effects ask), the pending effects, the due actions (stages
//! built, science sets traded for progress tokens), conflict tokens turned
//! to war and the battles they start, and the end of the turn.

use sevenw_host::{CardId, Event, Listens, Source};

use crate::engine::vocab::options_of;

use crate::engine::city::{Pending, seat_at, valid_offset};
use crate::engine::gains::Built;
use crate::engine::host::CityHost;

use super::{
    Architects, Deck, Kind, MAX_PIECES, Move, Pay, Phase, Pick, Position, State, TURN_DECKS,
};

impl Architects {
    /// Runs `source`'s effects for `Event::Built` for `seat` (what it gives,
    /// what it sets off): its constant gains where it has them (most cards,
    /// at every turn: inlined), its effects otherwise.
    #[inline]
    fn run_built(&self, t: &mut Position, seat: usize, source: Source) {
        match self.vocab.built(source) {
            Built::Nothing => {}
            Built::One(g) => {
                if let Some(city) = t.cities.get_mut(seat) {
                    g.gain(city, true);
                }
            }
            Built::Gains(g) => {
                if let Some(city) = t.cities.get_mut(seat) {
                    g.gain(city, true);
                }
            }
            Built::Effects => self.run_effects(t, seat, source),
        }
    }

    /// [`Architects::run_built`] of a source whose effects are run. One
    /// whose effects offer a choice (`one of`) waits for it instead
    /// ([`Position::asked`]; a sheet gives it: [`Architects::run_asked`]).
    #[inline(never)]
    fn run_effects(&self, t: &mut Position, seat: usize, source: Source) {
        if options_of(self.info, source) > 0 {
            t.asked.push(source);
            return;
        }
        self.run_chosen(t, seat, source);
    }

    /// The options of the first source waiting for its choice.
    pub(super) fn asked_options(&self, t: &Position) -> u8 {
        t.asked.first().map_or(0, |&s| options_of(self.info, s))
    }

    /// `seat` chooses option `o` of the first source waiting for it: its
    /// effects run.
    pub(super) fn choose_option(&self, t: &mut Position, seat: usize, o: u8) {
        if t.asked.is_empty() {
            return;
        }
        let source = t.asked.remove(0);
        let n = options_of(self.info, source).max(1);
        t.cities[seat].choose(source, o.min(n - 1));
        self.run_chosen(t, seat, source);
    }

    /// Runs the effects of every source waiting for its choice with the
    /// option the city has for it already (a sheet's, a scenario's; the
    /// first when none is given).
    pub(super) fn run_asked(&self, t: &mut Position, seat: usize) {
        while !t.asked.is_empty() {
            let source = t.asked.remove(0);
            self.run_chosen(t, seat, source);
        }
    }

    /// Runs `source`'s built effects for `seat`, its option chosen.
    fn run_chosen(&self, t: &mut Position, seat: usize, source: Source) {
        if let Some(mut h) = CityHost::at(&self.vocab, &mut t.cities, seat, true) {
            h.source = Some(source);
            self.vocab.effects(source, Event::Built, &mut h);
        }
    }

    /// Runs `event` for every source of `seat` listening to `bit`, but
    /// `except`. A progress token's effect acts once per turn ("Cada ficha de
    /// Progreso solo puede utilizarse una vez en cada turno"): a token that
    /// acted this turn is skipped, and one that sets something off now
    /// counts as used.
    ///
    /// Most calls find no source listening: that check is inlined where it
    /// is called, and the walk over the sources is not.
    #[inline]
    fn run_followers(&self, t: &mut Position, seat: usize, event: Event, bit: u16, except: Source) {
        if t.cities[seat].listening & bit != 0 {
            self.walk_followers(t, seat, event, bit, except);
        }
    }

    /// [`Architects::run_followers`] once a source of `seat` listens.
    #[inline(never)]
    fn walk_followers(
        &self,
        t: &mut Position,
        seat: usize,
        event: Event,
        bit: u16,
        except: Source,
    ) {
        let mut i = 0;
        while i < t.cities[seat].sources.len() {
            let (s, l) = t.cities[seat].sources[i];
            i += 1;
            if !l.has(bit) || s == except {
                continue;
            }
            if let Source::Progress(k) = s
                && t.used_token(k)
            {
                continue;
            }
            let before = t.cities[seat].abilities.pending.len();
            if let Some(mut h) = CityHost::at(&self.vocab, &mut t.cities, seat, true) {
                h.source = Some(s);
                self.vocab.effects(s, event, &mut h);
            }
            if let Source::Progress(k) = s
                && t.cities[seat].abilities.pending.len() > before
            {
                t.used[usize::from(k) / 64] |= 1 << (k % 64);
            }
        }
    }

    /// `card` joins `seat`'s cards ("Coloca la carta que elijas enfrente de
    /// ti"): its effects, then what it sets off among the seat's tokens.
    pub fn place(&self, t: &mut Position, seat: usize, card: CardId) {
        t.cities[seat].place(&self.vocab, card);
        self.run_built(t, seat, Source::Card(card));
        // The card's colour is looked up only for a city that listens.
        if t.cities[seat].listening & Listens::TOOK_CARD != 0 {
            // A card a preview has not seen has no colour.
            let colour = (self.info.cards.get(usize::from(card.0)))
                .map_or(sevenw_host::Colour(u8::MAX), |c| c.colour);
            let event = Event::TookCard { card, colour };
            self.walk_followers(t, seat, event, Listens::TOOK_CARD, Source::Card(card));
        }
    }

    /// Takes the top card of `d` for `seat` (nothing if it is empty: "Si un
    /// mazo se queda sin cartas, permanecerá así hasta el final").
    pub(super) fn take(&self, t: &mut Position, seat: usize, d: Deck) {
        let Some(card) = t.deck_mut(d).and_then(Vec::pop) else {
            return;
        };
        self.place(t, seat, card);
    }

    /// Looks at the top `top` cards of `d` (all when fewer are left: not
    /// said, UNCERTAIN); true if a choice of one is due.
    pub(super) fn look(&self, st: &mut State, d: Deck, top: u8) -> bool {
        let t = &mut st.table;
        // Into the buffer of the last look, top card first.
        let mut looking = std::mem::take(&mut t.looking);
        looking.clear();
        let Some(deck) = t.deck_mut(d) else {
            t.looking = looking;
            return false;
        };
        let k = usize::from(top).min(deck.len());
        looking.extend(deck.drain(deck.len() - k..).rev());
        t.looking = looking;
        t.looked = Some(d);
        let first = t.looking.first().copied();
        if t.looking.iter().all(|&c| Some(c) == first) {
            if let Some(c) = first {
                self.keep(st, c);
            }
            return false;
        }
        st.phase = Phase::Keep;
        true
    }

    /// Keeps `card` of those looked at; the others go back to their deck,
    /// which is shuffled ("Devuelve las demás al mazo al que pertenecen y
    /// barájalo").
    pub(super) fn keep(&self, st: &mut State, card: CardId) {
        let t = &mut st.table;
        let Some(i) = t.looking.iter().position(|&c| c == card) else {
            return;
        };
        t.looking.remove(i);
        // The rest go back; the buffer stays for the next look.
        let mut rest = std::mem::take(&mut t.looking);
        if let Some(d) = t.looked.take()
            && let Some(deck) = t.deck_mut(d)
        {
            deck.append(&mut rest);
            st.rng.shuffle(deck);
        }
        rest.clear();
        t.looking = rest;
        let seat = st.table.current;
        self.place(&mut st.table, seat, card);
    }

    /// Takes progress token `pick` for `seat`: a face-up one is replaced by
    /// the pile's top ("ocupa su lugar con la primera ficha de la pila").
    pub(super) fn take_token(&self, t: &mut Position, seat: usize, pick: Pick) {
        let k = match pick {
            Pick::Up(k) => {
                let Some(i) = t.face_up.iter().position(|&x| x == k) else {
                    return;
                };
                t.face_up.remove(i);
                if let Some(next) = t.pile.pop() {
                    t.face_up.push(next);
                }
                k
            }
            Pick::Pile => match t.pile.pop() {
                Some(k) => k,
                None => return,
            },
        };
        self.give_token(t, seat, k);
    }

    /// `seat` holds token `k` (its effects run at once: "Podrás
    /// beneficiarte inmediatamente de su efecto").
    pub fn give_token(&self, t: &mut Position, seat: usize, k: u8) {
        t.tokens[seat].push(k);
        let city = &mut t.cities[seat];
        city.progress = city.progress.saturating_add(1);
        city.gain_source(self.info, Source::Progress(k));
        self.run_built(t, seat, Source::Progress(k));
    }

    /// Spends `n` held cards of `seat` matching `which` (fewer if it holds
    /// fewer), the last taken first, in one pass from the last: spending a
    /// card moves none taken before it.
    fn spend_last(&self, t: &mut Position, seat: usize, n: u8, which: impl Fn(Kind) -> bool) {
        let mut n = n;
        let mut i = t.cities[seat].cards.len();
        while n > 0 && i > 0 {
            i -= 1;
            if !which(self.kind(t.cities[seat].cards[i])) {
                continue;
            }
            if let Some(card) = t.cities[seat].spend_at(&self.vocab, i) {
                t.discard.push(card);
            }
            n -= 1;
        }
    }

    /// Builds stage `piece` for `seat`, paying `pay` ("descártalos y gira la
    /// Etapa dejando la cara Construida bocarriba"): its effects at once,
    /// then what it sets off among the seat's tokens.
    pub fn build(&self, t: &mut Position, seat: usize, piece: u8, pay: &Pay) {
        for (r, &n) in pay.res.iter().enumerate() {
            if n > 0 {
                self.spend_last(t, seat, n, |k| k.res == Some(r as u8));
            }
        }
        self.spend_last(t, seat, pay.coins, |k| k.coins > 0);
        if pay.double {
            t.used_coin = t.used_coin.saturating_add(1);
        }
        if pay.any {
            t.used_any = t.used_any.saturating_add(1);
        }
        self.raise(t, seat, piece);
    }

    /// Stage `piece` of `seat`'s wonder is built (paid for already).
    pub fn raise(&self, t: &mut Position, seat: usize, piece: u8) {
        let p = usize::from(piece) % MAX_PIECES;
        t.built[seat] |= 1 << p;
        let w = t.wonders[seat];
        let city = &mut t.cities[seat];
        city.stages = city.stages.saturating_add(1);
        let source = Source::Stage {
            wonder: w,
            side: 0,
            stage: piece,
        };
        city.gain_source(self.info, source);
        self.run_built(t, seat, source);
        self.run_followers(t, seat, Event::BuiltStage, Listens::BUILT_STAGE, source);
    }

    /// "Obtención de fichas de Progreso": the green cards used are
    /// discarded, then a token is chosen.
    fn science(&self, t: &mut Position, seat: usize, symbols: u16, pair: bool) {
        for s in 0..16u8 {
            if symbols & (1 << s) == 0 {
                continue;
            }
            self.spend_last(t, seat, if pair { 2 } else { 1 }, |k| k.symbol == Some(s));
        }
        t.cities[seat]
            .abilities
            .pending
            .insert(0, Pending::TakeProgress(0));
    }

    /// Turns up to `n` conflict tokens to war; turning the last one starts a
    /// battle at the end of the turn ("si … solo queda uno … dale la vuelta
    /// solo a ese marcador e ignora los demás").
    fn flip(&self, t: &mut Position, n: u8) {
        let flips = n.min(t.conflict.saturating_sub(t.war));
        t.war += flips;
        if flips > 0 && t.war == t.conflict {
            t.battle = true;
        }
    }

    /// The military victory tokens `a` takes against `b` with these
    /// shields: "Toma 1 marcador de Victoria militar por cada vecino al que
    /// superes en número de Escudos"; with two players ("Partidas de 2
    /// jugadores"), 2 for at least double the opponent's shields, and 2 for
    /// 2 or more against none.
    pub fn battle_tokens(a: u32, b: u32, two: bool) -> u32 {
        if a <= b {
            0
        } else if two && ((b == 0 && a >= 2) || (b > 0 && a >= 2 * b)) {
            2
        } else {
            1
        }
    }

    /// "Resolución de Batallas": every player against each neighbour
    /// separately (the one opponent with two players), then every red card
    /// with horns is discarded and the tokens turn back to peace.
    pub fn battle(&self, t: &mut Position) {
        let n = t.seats();
        // Shields do not change in a battle: each seat's tokens are counted
        // from the cities as they stand.
        for s in 0..n {
            let mine = t.cities[s].shields;
            let won = if n == 2 {
                Self::battle_tokens(mine, t.cities[1 - s].shields, true)
            } else {
                let left = t.cities[(s + 1) % n].shields;
                let right = t.cities[(s + n - 1) % n].shields;
                Self::battle_tokens(mine, left, false) + Self::battle_tokens(mine, right, false)
            };
            t.cities[s].victories += won;
        }
        // In the order they were taken, each spent where it lies.
        for s in 0..n {
            let mut i = 0;
            while let Some(&c) = t.cities[s].cards.get(i) {
                if self.kind(c).horns == 0 {
                    i += 1;
                    continue;
                }
                match t.cities[s].spend_at(&self.vocab, i) {
                    Some(c) => t.discard.push(c),
                    None => break,
                }
            }
        }
        t.war = 0;
        t.battle = false;
        t.battles += 1;
    }

    /// Whether `seat`'s wonder is finished: every stage built (no stage past
    /// the wonder's is ever built, an invariant).
    pub fn finished(&self, t: &Position, seat: usize) -> bool {
        let full = self
            .plans
            .get(usize::from(t.wonders[seat]))
            .map_or(0, |plan| plan.full);
        full != 0 && t.built[seat] & full == full
    }

    /// One pending effect of the player to act; true if it waits for a
    /// decision.
    fn pending(&self, st: &mut State, p: Pending) -> bool {
        let seat = st.table.current;
        match p {
            Pending::TakeCard(decks, top) => match st.table.open_first(seat, decks) {
                (0, _) | (_, None) => false,
                (1, Some(d)) if top > 1 => self.look(st, d, top),
                (1, Some(d)) => {
                    self.take(&mut st.table, seat, d);
                    false
                }
                _ => {
                    st.phase = Phase::Extra { decks, top };
                    true
                }
            },
            // Babylon and the science sets: "una de las 3 que están bocarriba
            // o la primera de la pila".
            Pending::TakeProgress(_) => {
                let (mut picks, mut first) = (0usize, None);
                self.each_pick(&st.table, |p| {
                    picks += 1;
                    first.get_or_insert(p);
                });
                match (picks, first) {
                    (1, Some(only)) => {
                        self.take_token(&mut st.table, seat, only);
                        false
                    }
                    (0, _) | (_, None) => false,
                    _ => {
                        st.phase = Phase::Token;
                        true
                    }
                }
            }
            // "toma la figura de Gato de donde esté".
            Pending::TakeCat => {
                st.table.cat = Some(seat);
                false
            }
            Pending::Flip(n) => {
                self.flip(&mut st.table, n);
                false
            }
            Pending::TakeTokens(kind, k, seats) => {
                let n = st.table.cities.len();
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    // Architects has no Ages: a kind of one number of points.
                    let c = &mut st.table.cities[seat_at(seat, off, n)];
                    c.take_tokens(self.info, kind as usize, u64::from(k), 1);
                }
                false
            }
            // A word the Architects family does not play (its `families` in
            // the word table, `dsl/src/words.rs`).
            _ => false,
        }
    }
}

impl Architects {
    /// Carries the turn on until a decision is due: pending effects in
    /// order, then the due actions (one is carried out without asking),
    /// then the end of the turn and the next turn.
    pub(super) fn carry_on(&self, st: &mut State) {
        loop {
            if matches!(st.phase, Phase::Over) {
                return;
            }
            if !st.table.asked.is_empty() {
                st.phase = Phase::Option;
                return;
            }
            let seat = st.table.current;
            let pending = {
                let p = &mut st.table.cities[seat].abilities.pending;
                (!p.is_empty()).then(|| p.remove(0))
            };
            if let Some(p) = pending {
                if self.pending(st, p) {
                    return;
                }
                continue;
            }
            // How many actions are due, and the first: one is carried
            // out, more ask the player.
            let (mut due, mut first) = (0usize, None);
            self.each_action(&st.table, |mv| {
                due += 1;
                first.get_or_insert(mv);
            });
            match (due, first) {
                (1, Some(only)) => {
                    self.act(st, &only);
                    continue;
                }
                (0, _) | (_, None) => {}
                _ => {
                    st.phase = Phase::Act;
                    return;
                }
            }
            if self.end_turn(st) {
                return;
            }
            if self.begin_turn(st) {
                return;
            }
        }
    }

    /// Carries out a build or a science trade.
    pub(super) fn act(&self, st: &mut State, mv: &Move) {
        let seat = st.table.current;
        match *mv {
            Move::Build { piece, pay } => self.build(&mut st.table, seat, piece, &pay),
            Move::Science { symbols, pair } => self.science(&mut st.table, seat, symbols, pair),
            _ => {}
        }
    }

    /// The end of the turn: a battle if one was started, then the end of
    /// the game if the seat whose turn it is has finished its wonder
    /// ("Cuando alguien termine de construir su Maravilla, la partida
    /// terminará cuando acabe el turno de esa persona"; stages are built on
    /// their owner's turn only) — or if every deck is empty (not said,
    /// UNCERTAIN: nobody could take a card again; X ends the game then).
    /// True if the game is over.
    fn end_turn(&self, st: &mut State) -> bool {
        let t = &mut st.table;
        if t.battle {
            self.battle(t);
        }
        t.peek = None;
        if self.finished(t, t.current) || t.decks_empty() {
            st.phase = Phase::Over;
            return true;
        }
        // The next seat (no division: this runs every turn).
        t.current = if t.current + 1 < t.seats() {
            t.current + 1
        } else {
            0
        };
        false
    }

    /// The start of the current seat's turn: the cat's holder looks at the
    /// central card ("al comienzo de tu turno … mirar la carta superior del
    /// mazo central"). True if the seat has a choice of card; with one deck
    /// left it takes that one, with none it takes nothing.
    pub(super) fn begin_turn(&self, st: &mut State) -> bool {
        let t = &mut st.table;
        let seat = t.current;
        t.turns += 1;
        t.used = [0; 4];
        t.used_any = 0;
        t.used_coin = 0;
        t.peek = match (t.cat, t.central.last()) {
            (Some(c), Some(&top)) if c == seat => Some((top, t.central.len())),
            _ => None,
        };
        match t.open_first(seat, TURN_DECKS) {
            (0, _) | (_, None) => false,
            (1, Some(d)) => {
                self.take(&mut st.table, seat, d);
                false
            }
            _ => {
                st.phase = Phase::Take;
                true
            }
        }
    }
}

impl Architects {
    /// Scenario and sheet helper: carries on from the position as it is
    /// (pending effects, due actions) as if the current seat had just
    /// taken its card.
    pub fn resume(&self, st: &mut State) {
        st.phase = Phase::Act;
        self.carry_on(st);
    }
}

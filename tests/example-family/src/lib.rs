//! An example game family added from outside `sevenw-runtime`: the
//! `market` rules, and Bazaar, a card set they play (`cards/bazaar/`).
//!
//! The turn structure is this crate's own — players in turn buy a card of
//! a face-up market row refilled from a deck, paying its coins, or sell
//! one for 2 coins; the game ends when the row is empty (the rules are
//! written at the top of `cards/bazaar/game.yaml`) — and everything a card
//! does runs through the generated code and the engine's [`Host`]
//! implementations ([`CityHost`] while playing, [`ScoreHost`] at the end):
//! no card is named here.
//!
//! The family implements [`Game`] with its [`Statistics`], [`Judge`] for a
//! greedy bot, [`Invariants`] for the soak checks and, for a story in its
//! own words, [`Narrate`]; it has no city sheets and no scenarios, so its
//! [`FAMILY`] gives the command line
//! `Rules::new(game).with_greedy().with_invariants().with_story()`: `play`,
//! `sim`, `balance` and `replay` run, and `score`, `price` and `test` say
//! that the game has no sheets or scenarios.
//!
//! [`Host`]: sevenw_host::Host
#![forbid(unsafe_code)]

use sevenw_host::{CardId, Event, GameInfo, Listens, Res, Source};
use sevenw_runtime::bots::Judge;
use sevenw_runtime::engine::city::{City, MAX_CATEGORIES, run_built, run_event};
use sevenw_runtime::engine::host::{CityHost, ScoreHost};
use sevenw_runtime::engine::production::MAX_RES;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::engine::vocab::{Vocab, VocabError, card_name};
use sevenw_runtime::game::{
    Broken, Game, Outcome, POINTS, Score, Setup, SetupError, Sides, best_seats, ensure,
};
use sevenw_runtime::games::{AnyGame, Family, Rules};
use sevenw_runtime::narrate::Narrate;
use sevenw_runtime::sim::Statistics;
use sevenw_runtime::soak::Invariants;
use sevenw_runtime::text::plural;

#[allow(clippy::all, clippy::pedantic, missing_docs, unused_imports, dead_code)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/cards.rs"));
}

/// The games compiled from `cards/` by `build.rs` (Bazaar).
pub use generated::GAMES;

/// The family's name, as a card set names it in `family:`.
pub const NAME: &str = "market";

/// Cards face up in the market row.
pub const ROW: usize = 4;

/// Coins a player takes for selling a card of the row.
pub const SELL_COINS: i32 = 2;

/// The `market` family: what the command line needs to find and play a
/// card set whose `game.yaml` says `family: market`. Neither city sheets
/// nor scenarios: no schemas.
pub const FAMILY: Family = Family {
    name: NAME,
    load: |info| {
        Market::new(info)
            .map(|g| {
                Box::new(Rules::new(g).with_greedy().with_invariants().with_story())
                    as Box<dyn AnyGame>
            })
            .map_err(|e| e.to_string())
    },
    schemas: Vec::new,
};

/// The `market` rules bound to one compiled card set.
#[derive(Debug)]
pub struct Market {
    info: &'static GameInfo,
    vocab: Vocab,
    /// Where coins score (1 VP per 3).
    treasury: usize,
}

/// A decision: buy or sell a card of the row (a card, not a place: two
/// copies of a card in the row are one decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Buy(CardId),
    Sell(CardId),
}

/// One point of a game of Bazaar.
#[derive(Debug)]
pub struct State {
    /// One city per seat: its coins, what it built and produces.
    pub cities: Vec<City>,
    /// The face-down deck, its top last: hidden from every seat.
    deck: Vec<CardId>,
    /// The market row, face up, in the order its cards were laid.
    pub row: Vec<CardId>,
    /// The cards sold, face up.
    pub discard: Vec<CardId>,
    /// Turns taken.
    pub turn: u32,
}

impl State {
    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
}

// By hand: `engine::clone_reusing!` is crate-private to the runtime. The
// states a search bot clones into keep their buffers (`clone_from`).
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            cities: self.cities.clone(),
            deck: self.deck.clone(),
            row: self.row.clone(),
            discard: self.discard.clone(),
            turn: self.turn,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let State {
            cities,
            deck,
            row,
            discard,
            turn,
        } = source;
        self.cities.clone_from(cities);
        self.deck.clone_from(deck);
        self.row.clone_from(row);
        self.discard.clone_from(discard);
        self.turn = *turn;
    }
}

/// What one seat sees: everything but the order of the deck.
#[derive(Debug, PartialEq)]
pub struct View<'a> {
    pub seat: usize,
    pub cities: &'a [City],
    pub row: &'a [CardId],
    pub discard: &'a [CardId],
    /// How many cards the deck holds (not which).
    pub deck_len: usize,
    pub turn: u32,
}

impl Market {
    /// The rules bound to `info`, if it has the shape they play: one Age
    /// dealt as a deck of `hand_size` cards per player, no draft, guild or
    /// project rule, no conflict track and no decks of wonders.
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        let shape = |why| Err(VocabError::Shape { rules: NAME, why });
        if info.ages != 1 || info.hand_size == 0 {
            return shape("it plays one Age, its deck `hand_size` cards per player");
        }
        if info.draft.is_some() || info.guilds.is_some() || info.projects.is_some() {
            return shape("it deals no draft, guilds or projects");
        }
        if info.conflict.is_some() || !info.decks.is_empty() || info.battles.is_some() {
            return shape("it has no conflict track and no decks of wonders");
        }
        if info.min_players < 1 {
            return shape("it needs at least one player");
        }
        let vocab = Vocab::new(info)?;
        let treasury = usize::from(vocab.category("treasury")?.0) % MAX_CATEGORIES;
        Ok(Market {
            info,
            vocab,
            treasury,
        })
    }

    /// Every copy of the deck for `n` players, in card order.
    pub fn dealt(&self, n: usize) -> Vec<CardId> {
        let mut out = Vec::new();
        for (i, c) in self.info.cards.iter().enumerate() {
            if c.age != 1 {
                continue;
            }
            let copies = c.copies.iter().filter(|&&p| usize::from(p) <= n).count();
            out.extend(std::iter::repeat_n(CardId(i as u16), copies));
        }
        out
    }

    /// The coins `card` costs.
    pub fn coins_of(&self, card: CardId) -> i32 {
        self.info
            .cards
            .get(usize::from(card.0))
            .map_or(0, |c| c.cost.coins_in(1) as i32)
    }

    /// Whether `city` can buy `card`: its coins, and its resources covered
    /// by the city's own production (not spent).
    pub fn affordable(&self, city: &City, card: CardId) -> bool {
        let Some(info) = self.info.cards.get(usize::from(card.0)) else {
            return false;
        };
        if city.coins < self.coins_of(card) {
            return false;
        }
        let mut res = [Res(0); MAX_RES];
        let mut want = [0u8; MAX_RES];
        let n = info.cost.resources.len().min(MAX_RES);
        for (k, &(r, w)) in info.cost.resources.iter().take(n).enumerate() {
            res[k] = r;
            want[k] = w;
        }
        city.own.can_supply(&res[..n], &want[..n])
    }

    /// Builds `card` in `cities[seat]`, paying its coins: its `when built`
    /// effects run, then those of the city's other cards listening to a
    /// card built.
    fn buy(&self, cities: &mut [City], seat: usize, card: CardId) {
        let coins = self.coins_of(card);
        let me = &mut cities[seat];
        me.coins -= coins;
        me.place(&self.vocab, card);
        let colour = self.info.cards[usize::from(card.0)].colour;
        if let Some(mut h) = CityHost::at(&self.vocab, cities, seat, true) {
            run_built(
                &self.vocab,
                &mut h,
                Source::Card(card),
                Some(Event::BuiltCard {
                    colour,
                    chained: false,
                }),
            );
        }
    }

    /// The final score of `me` sitting at `seat` among `cities` (its own
    /// slot there is not read): its cards' points, counted at game end
    /// through the generated effects, and 1 VP per 3 coins.
    pub fn score_city(&self, cities: &[City], seat: usize, me: &City) -> Score {
        let mut h = ScoreHost::new(&self.vocab, me, cities, seat);
        if me.listening & Listens::GAME_END != 0 {
            run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
        }
        let mut points = h.vp;
        points[self.treasury] += h.coins.max(0) / 3;
        let ncat = self.info.categories.len().min(MAX_CATEGORIES);
        Score {
            points,
            total: points[..ncat].iter().sum(),
            coins: h.coins,
            copied: Vec::new(),
        }
    }

    /// What `mv` is worth to the seat of `view`, judged on its view alone:
    /// its points after the move (3 for a VP, the treasury's left out),
    /// plus 1 a coin, plus 2 a unit it produces while there is something
    /// left to buy with it. The seat's city after the move is made in `me`
    /// (overwritten).
    fn value(&self, view: &View<'_>, mv: &Move, me: &mut City) -> i64 {
        let seat = view.seat;
        me.clone_from(&view.cities[seat]);
        match *mv {
            Move::Buy(card) => {
                me.coins -= self.coins_of(card);
                me.place(&self.vocab, card);
                let colour = self.info.cards[usize::from(card.0)].colour;
                let mut h = CityHost::new(&self.vocab, me, view.cities, seat, true);
                run_built(
                    &self.vocab,
                    &mut h,
                    Source::Card(card),
                    Some(Event::BuiltCard {
                        colour,
                        chained: false,
                    }),
                );
            }
            Move::Sell(_) => me.coins += SELL_COINS,
        }
        let s = self.score_city(view.cities, seat, me);
        let points = i64::from(s.total - s.points[self.treasury]);
        // After this move, the cards still to come.
        let to_come = view.deck_len + view.row.len() - 1;
        let production = if to_come > 0 {
            i64::from(me.own.units())
        } else {
            0
        };
        3 * points + i64::from(me.coins) + 2 * production
    }
}

/// The greedy bot's judgement: the move of the best [`Market::value`]
/// (the first of equals), each previewed in one city the bot keeps.
impl Judge for Market {
    type Scratch = City;

    fn judge(&self, view: &View<'_>, moves: &[Move], me: &mut City) -> usize {
        let mut best = (i64::MIN, 0);
        for (i, mv) in moves.iter().enumerate() {
            let v = self.value(view, mv, me);
            if v > best.0 {
                best = (v, i);
            }
        }
        best.1
    }
}

impl Game for Market {
    type State = State;
    type Move = Move;
    type View<'a> = View<'a>;

    fn info(&self) -> &'static GameInfo {
        self.info
    }

    fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let info = self.info;
        let (min, max) = (usize::from(info.min_players), usize::from(info.max_players));
        let n = match setup.players {
            Some(n) => n,
            None if min == max => min,
            None => {
                return Err(SetupError::option(
                    "players",
                    format!("{} is for {min} to {max} players: say how many", info.title),
                ));
            }
        };
        if !(min..=max).contains(&n) {
            return Err(SetupError::option(
                "players",
                format!("{} is for {min} to {max} players, not {n}", info.title),
            ));
        }
        if setup.wonders.is_some() {
            return Err(SetupError::option(
                "wonders",
                format!("{} has no wonders to choose", info.title),
            ));
        }
        if setup.sides != Sides::Random {
            return Err(SetupError::option(
                "sides",
                format!("{} has no wonder sides", info.title),
            ));
        }
        let mut deck = self.dealt(n);
        Rng::new(setup.seed).shuffle(&mut deck);
        let mut row = Vec::with_capacity(ROW);
        while row.len() < ROW {
            match deck.pop() {
                Some(c) => row.push(c),
                None => break,
            }
        }
        if row.is_empty() {
            return Err(SetupError::Game(format!(
                "{} has no cards for {n} players",
                info.title
            )));
        }
        Ok(State {
            cities: (0..n)
                .map(|_| City::new(0, 0, i32::from(info.start_coins), 2))
                .collect(),
            deck,
            row,
            discard: Vec::new(),
            turn: 0,
        })
    }

    fn seats(&self, state: &State) -> usize {
        state.cities.len()
    }

    fn to_move(&self, state: &State) -> Option<usize> {
        if state.row.is_empty() || state.cities.is_empty() {
            None
        } else {
            Some(state.turn as usize % state.cities.len())
        }
    }

    fn legal_moves(&self, state: &mut State, out: &mut Vec<Move>) {
        out.clear();
        let Some(seat) = self.to_move(state) else {
            return;
        };
        let me = &state.cities[seat];
        for (i, &c) in state.row.iter().enumerate() {
            if !state.row[..i].contains(&c) && self.affordable(me, c) {
                out.push(Move::Buy(c));
            }
        }
        for (i, &c) in state.row.iter().enumerate() {
            if !state.row[..i].contains(&c) {
                out.push(Move::Sell(c));
            }
        }
    }

    fn apply(&self, state: &mut State, mv: &Move) {
        let Some(seat) = self.to_move(state) else {
            return;
        };
        let card = match *mv {
            Move::Buy(c) | Move::Sell(c) => c,
        };
        let Some(at) = state.row.iter().position(|&c| c == card) else {
            return;
        };
        state.row.remove(at);
        match *mv {
            Move::Buy(c) => self.buy(&mut state.cities, seat, c),
            Move::Sell(c) => {
                state.discard.push(c);
                state.cities[seat].coins += SELL_COINS;
            }
        }
        while state.row.len() < ROW {
            match state.deck.pop() {
                Some(c) => state.row.push(c),
                None => break,
            }
        }
        state.turn += 1;
    }

    fn outcome(&self, state: &State) -> Outcome {
        let scores: Vec<Score> = (0..state.cities.len())
            .map(|seat| self.score_city(&state.cities, seat, &state.cities[seat]))
            .collect();
        let winners = best_seats(scores.iter().map(|s| (s.total, s.coins)));
        Outcome {
            scores,
            winners,
            victory: POINTS,
        }
    }

    fn view<'a>(&'a self, state: &'a State, seat: usize) -> View<'a> {
        View {
            seat,
            cities: &state.cities,
            row: &state.row,
            discard: &state.discard,
            deck_len: state.deck.len(),
            turn: state.turn,
        }
    }

    /// Two ranges of the card set's `C` cards: `0..C` buys card `c`,
    /// `C..2C` sells it. A move is numbered by its card, not by where the
    /// card lies in the row (the row holds a card once per move offered).
    fn num_actions(&self) -> u32 {
        2 * self.info.cards.len() as u32
    }

    fn encode(&self, mv: &Move) -> u32 {
        let cards = self.info.cards.len() as u32;
        // A card past the tables (never in a legal move): past the space.
        match *mv {
            Move::Buy(c) if u32::from(c.0) < cards => u32::from(c.0),
            Move::Sell(c) if u32::from(c.0) < cards => cards + u32::from(c.0),
            _ => 2 * cards,
        }
    }

    /// Directly: the card named, if it lies in the row (and, to buy it,
    /// the seat to move can pay it).
    fn decode(&self, state: &mut State, action: u32) -> Option<Move> {
        let cards = self.info.cards.len() as u32;
        let seat = self.to_move(state)?;
        let (buy, c) = if action < cards {
            (true, action)
        } else if action < 2 * cards {
            (false, action - cards)
        } else {
            return None;
        };
        let card = CardId(u16::try_from(c).ok()?);
        if !state.row.contains(&card) {
            return None;
        }
        if buy {
            self.affordable(&state.cities[seat], card)
                .then_some(Move::Buy(card))
        } else {
            Some(Move::Sell(card))
        }
    }

    fn describe(&self, mv: &Move) -> String {
        match *mv {
            Move::Buy(c) => format!("buy {}", card_name(self.info, c)),
            Move::Sell(c) => format!("sell {}", card_name(self.info, c)),
        }
    }

    fn determinize_into(&self, state: &State, _seat: usize, rng: &mut Rng, out: &mut State) {
        // Only the deck is hidden, from every seat alike: its cards are
        // known (those dealt and not seen), their order is not.
        out.clone_from(state);
        out.deck.sort_unstable();
        rng.shuffle(&mut out.deck);
    }
}

/// No wonders: a seat plays with nothing but its cards (no
/// [`Statistics::played_with`], only [`Statistics::built`]).
impl Statistics for Market {
    fn victories(&self) -> &'static [&'static str] {
        &[POINTS]
    }

    fn built<'s>(&self, state: &'s State, seat: usize) -> &'s [CardId] {
        state.cities.get(seat).map_or(&[], |c| &c.cards)
    }
}

impl Invariants for Market {
    fn invariants(&self, state: &State) -> Result<(), Broken> {
        let n = state.cities.len();
        let mut dealt = self.dealt(n);
        let mut seen: Vec<CardId> = state
            .deck
            .iter()
            .chain(&state.row)
            .chain(&state.discard)
            .chain(state.cities.iter().flat_map(|c| &c.cards))
            .copied()
            .collect();
        dealt.sort_unstable();
        seen.sort_unstable();
        ensure(seen == dealt, "cards in one place", || {
            format!(
                "{} cards on the table, {} dealt",
                plural(seen.len() as i64, "card"),
                dealt.len()
            )
        })?;
        for (seat, c) in state.cities.iter().enumerate() {
            ensure(c.coins >= 0, "coins never negative", || {
                format!("player {} has {} coins", seat + 1, c.coins)
            })?;
            ensure(c.abilities.pending.is_empty(), "nothing pending", || {
                format!(
                    "player {} has effects left to carry out: {:?}",
                    seat + 1,
                    c.abilities.pending
                )
            })?;
        }
        ensure(
            state.row.len() == ROW || state.deck.is_empty(),
            "the row is refilled",
            || {
                format!(
                    "{} in the row, {} in the deck",
                    state.row.len(),
                    state.deck.len()
                )
            },
        )?;
        ensure(
            state.turn as usize + state.row.len() + state.deck.len() == dealt.len(),
            "one card a turn",
            || {
                format!(
                    "{} turns taken, {} cards left, {} dealt",
                    state.turn,
                    state.row.len() + state.deck.len(),
                    dealt.len()
                )
            },
        )
    }
}

/// The names of `cards`, joined.
fn names(info: &GameInfo, cards: &[CardId]) -> String {
    let v: Vec<&str> = cards.iter().map(|&c| card_name(info, c)).collect();
    if v.is_empty() {
        "(empty)".to_string()
    } else {
        v.join(", ")
    }
}

impl Narrate for Market {
    type Memo = ();

    fn labels(&self, state: &State) -> Vec<String> {
        (1..=state.cities.len())
            .map(|i| format!("player {i}"))
            .collect()
    }

    fn opening(&self, state: &State, _memo: &mut (), out: &mut String) {
        out.push_str(&format!(
            "The market: {}; {} in the deck.\n",
            names(self.info, &state.row),
            plural(state.deck.len() as i64, "card")
        ));
    }

    fn narrate(
        &self,
        state: &State,
        seat: usize,
        mv: &Move,
        labels: &[String],
        _memo: &mut (),
        out: &mut String,
    ) {
        let who = labels.get(seat).map_or("?", String::as_str);
        let coins = state.cities.get(seat).map_or(0, |c| c.coins);
        let did = match *mv {
            Move::Buy(c) => match self.coins_of(c) {
                0 => format!("buys {}", card_name(self.info, c)),
                n => format!("buys {} for {}", card_name(self.info, c), plural(n, "coin")),
            },
            Move::Sell(c) => format!(
                "sells {} for {}",
                card_name(self.info, c),
                plural(SELL_COINS, "coin")
            ),
        };
        out.push_str(&format!(
            "{who} {did} (now {}). Market: {}\n",
            plural(coins, "coin"),
            names(self.info, &state.row)
        ));
    }
}

#[cfg(test)]
mod tests;

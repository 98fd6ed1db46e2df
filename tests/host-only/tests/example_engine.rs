//! An example engine that plays the generated card code: read it top to
//! bottom as a companion to `dsl/HOST.md`.
//!
//! This file links nothing of the project but the host API (`sevenw-host`)
//! and the generated code of the shipped library
//! (`sevenw_host_only::shipped`, the output of `sevenc gen cards`). Its
//! state is its own: a [`Table`] of [`MyCity`]s. To run a card's effects it
//! lends the generated `effects` function an [`Acting`] view (one city of
//! the table, acting) that implements [`Host`], and the generated code calls
//! the primitives back.
//!
//! What the example leaves out, because it is the turn structure's job and
//! not the generated code's: dealing and passing hands, paying costs and
//! trading, neighbour battles, science scoring. Primitives that need a
//! player's decision (a free build, a copy, a discard…) are recorded as
//! [`Owed`] for that turn structure to carry out.

use sevenw_host::*;
use sevenw_host_only::shipped::{base, duel};

// ---------------------------------------------------------------------------
// The engine's own state.
// ---------------------------------------------------------------------------

#[path = "example_engine/owed.rs"]
mod owed;
use owed::{Ability, Owed};

/// One unit of production: one resource of `options`, `amount` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Output {
    options: ResSet,
    amount: u8,
    /// Whether neighbours may buy it.
    tradable: bool,
}

/// A player's city, as this engine keeps it.
#[derive(Debug, Clone, Default)]
struct MyCity {
    /// Its wonder board: `(wonder, side)`, indices into `GameInfo::wonders`.
    board: (u8, u8),
    /// Wonder stages built.
    stages: u8,
    /// Age cards built, in order.
    built: Vec<CardId>,
    /// Progress tokens held (indices into `GameInfo::progress`).
    progress: Vec<u8>,
    /// Every source of effects the city holds: its board, cards, stages and
    /// tokens. Later events run over these.
    sources: Vec<Source>,
    /// The option chosen for a source whose effects are a `one of` choice.
    chosen: Vec<(Source, u8)>,
    coins: i32,
    /// Victory points by scoring category (`GameInfo::categories`).
    vp: Vec<i32>,
    shields: u32,
    production: Vec<Output>,
    /// Science symbols: one `SymSet` per symbol gained (a wildcard has
    /// several bits).
    science: Vec<SymSet>,
    /// Conflict tokens: defeats, and the value of each victory.
    defeats: u32,
    victories: Vec<u8>,
    /// Tokens held per kind the game declares (`GameInfo::tokens`).
    tokens: Vec<u32>,
    abilities: Vec<Ability>,
    owed: Vec<Owed>,
}

impl MyCity {
    /// How much of `r` the city always has (single-resource production).
    fn fixed(&self, r: Res) -> u32 {
        self.production
            .iter()
            .filter(|o| o.options == ResSet(1 << r.0))
            .map(|o| u32::from(o.amount))
            .sum()
    }

    fn cards_of(&self, game: &GameInfo, colours: ColourSet) -> u32 {
        let colour = |c: &CardId| game.cards[usize::from(c.0)].colour;
        self.built
            .iter()
            .filter(|c| colours.contains(colour(c)))
            .count() as u32
    }

    /// What `Counted` asks about, in this city alone.
    fn count(&self, game: &GameInfo, what: Counted) -> u32 {
        let colours_in = |set: ColourSet| {
            (0..game.colours.len() as u8)
                .map(Colour)
                .filter(move |&c| set.contains(c))
        };
        match what {
            Counted::Cards(colours) => self.cards_of(game, colours),
            Counted::WonderStages => u32::from(self.stages),
            Counted::DefeatTokens => self.defeats,
            Counted::VictoryTokens => self.victories.len() as u32,
            // The base game's tokens: 1, 3 and 5 VP in Ages I, II and III.
            Counted::VictoryTokensOfAge(age) => self
                .victories
                .iter()
                .filter(|&&vp| u32::from(vp) + 1 == 2 * u32::from(age))
                .count() as u32,
            Counted::Coins => self.coins.max(0) as u32,
            Counted::ProgressTokens => self.progress.len() as u32,
            Counted::ColourSets(set) => colours_in(set)
                .map(|c| self.cards_of(game, ColourSet(1 << c.0)))
                .min()
                .unwrap_or(0),
            Counted::PairedVictoryPoints => {
                let mut v = self.victories.clone();
                v.sort_unstable();
                v.chunk_by(|a, b| a == b)
                    .map(|run| u32::from(run[0]) * (run.len() as u32 / 2))
                    .sum()
            }
            Counted::FinishedWonders => {
                let (w, s) = self.board;
                let stages = game.wonders[usize::from(w)].sides[usize::from(s)]
                    .stages
                    .len();
                u32::from(usize::from(self.stages) >= stages)
            }
            // Held now (this example never takes a card away).
            Counted::Colours(set) => colours_in(set)
                .filter(|&c| self.cards_of(game, ColourSet(1 << c.0)) > 0)
                .count() as u32,
            // No game of decks in this example.
            Counted::Cats => 0,
            Counted::Token(kind) => self.progress.iter().filter(|&&t| t == kind).count() as u32,
            Counted::Tokens(kind) => self.tokens.get(usize::from(kind)).copied().unwrap_or(0),
            // The symbols the built cards' production shows: each unit, one
            // of each option of a choice (read once per count here; an
            // engine that counts often reads them once per card).
            Counted::Resources { resources, colours } => {
                let mut symbols = Symbols { resources, n: 0 };
                for c in &self.built {
                    if colours.contains(game.cards[usize::from(c.0)].colour) {
                        (game.effects)(Source::Card(*c), Event::Built, &mut symbols);
                    }
                }
                symbols.n
            }
            // This example keeps no card under its stages: no stage shows
            // a colour (`StageInfo::shows_colour`), so it counts nothing.
            Counted::StageColour(_) => 0,
        }
    }
}

/// The resource symbols of `resources` a source's production shows.
struct Symbols {
    resources: ResSet,
    n: u32,
}

impl PartialHost for Symbols {
    fn produce(&mut self, options: ResSet, amount: u8, _tradable: bool) {
        self.n += (options.0 & self.resources.0).count_ones() * u32::from(amount);
    }
}

/// The engine's own scoring rules: which category of the game's vocabulary
/// its treasury and conflict points go to. An engine built for a game takes
/// them from the generated constants (`base::cat::TREASURY`); nothing is
/// looked up by name.
#[derive(Debug, Clone, Copy)]
struct Rules {
    treasury: Category,
    military: Category,
}

/// The whole table: the game played, the cities in seat order, and the
/// conflict track of a two-player game.
struct Table {
    game: &'static GameInfo,
    rules: Rules,
    cities: Vec<MyCity>,
    /// Duel's conflict pawn: positive toward seat 1's capital.
    pawn: i32,
    /// Military tokens already looted: `(token index, losing seat)`.
    looted: Vec<(usize, usize)>,
    /// The seat whose pawn reached the other's capital.
    supremacy: Option<usize>,
    /// The current Age (`Host::age`: an amount `per age` is that many times).
    age: u8,
}

/// Which events `source` reacts to, from the generated tables.
fn listens(game: &GameInfo, source: Source) -> Listens {
    let side = |w: u8, s: u8| {
        game.wonders
            .get(usize::from(w))
            .and_then(|w| w.sides.get(usize::from(s)))
    };
    let l = match source {
        Source::Card(c) => game.cards.get(usize::from(c.0)).map(|c| c.listens),
        Source::Board { wonder, side: s } => side(wonder, s).map(|s| s.listens),
        Source::Stage {
            wonder,
            side: s,
            stage,
        } => side(wonder, s)
            .and_then(|s| s.stages.get(usize::from(stage)))
            .map(|st| st.listens),
        Source::Progress(t) => game.progress.get(usize::from(t)).map(|t| t.listens),
    };
    l.unwrap_or_default()
}

impl Table {
    /// A table of one city per board, each with the game's starting coins;
    /// each board's own effect (its starting resource) runs as `Built`.
    fn new(game: &'static GameInfo, rules: Rules, boards: &[(u8, u8)]) -> Self {
        let mut t = Table {
            game,
            rules,
            cities: Vec::new(),
            pawn: 0,
            looted: Vec::new(),
            supremacy: None,
            age: 1,
        };
        for &(wonder, side) in boards {
            t.cities.push(MyCity {
                board: (wonder, side),
                coins: i32::from(game.start_coins),
                vp: vec![0; game.categories.len()],
                tokens: vec![0; game.tokens.len()],
                ..MyCity::default()
            });
        }
        for (seat, &(wonder, side)) in boards.iter().enumerate() {
            t.gain_source(seat, Source::Board { wonder, side }, 0);
        }
        t
    }

    /// Runs `source`'s effects for `event`, with `seat` acting.
    fn run(&mut self, seat: usize, source: Source, event: Event) {
        let option = self.cities[seat]
            .chosen
            .iter()
            .find(|&&(s, _)| s == source)
            .map_or(0, |&(_, o)| o);
        let effects = self.game.effects;
        effects(
            source,
            event,
            &mut Acting {
                table: self,
                seat,
                option,
            },
        );
    }

    /// Runs `event` for every source of the city at `seat` that listens to
    /// it (the `Listens` bit `bit`), but `except`.
    fn fire(&mut self, seat: usize, event: Event, bit: u16, except: Option<Source>) {
        let sources = self.cities[seat].sources.clone();
        for s in sources {
            if Some(s) != except && listens(self.game, s).has(bit) {
                self.run(seat, s, event);
            }
        }
    }

    /// The city now holds `source`: it runs `Event::Built` once.
    fn gain_source(&mut self, seat: usize, source: Source, option: u8) {
        let city = &mut self.cities[seat];
        city.sources.push(source);
        city.chosen.push((source, option));
        if listens(self.game, source).has(Listens::BUILT) {
            self.run(seat, source, Event::Built);
        }
    }

    /// The city at `seat` builds `card` (paying nothing: costs are the turn
    /// structure's). Its own effects run for `Event::Built`, then every
    /// other source of the city hears `Event::BuiltCard`.
    fn build(&mut self, seat: usize, card: CardId) {
        self.cities[seat].built.push(card);
        let source = Source::Card(card);
        self.gain_source(seat, source, 0);
        let colour = self.game.cards[usize::from(card.0)].colour;
        let event = Event::BuiltCard {
            colour,
            chained: false,
        };
        self.fire(seat, event, Listens::BUILT_CARD, Some(source));
    }

    /// The city at `seat` builds the next stage of its board.
    fn build_stage(&mut self, seat: usize) {
        let city = &mut self.cities[seat];
        let (wonder, side) = city.board;
        let source = Source::Stage {
            wonder,
            side,
            stage: city.stages,
        };
        city.stages += 1;
        self.gain_source(seat, source, 0);
        self.fire(seat, Event::BuiltStage, Listens::BUILT_STAGE, Some(source));
    }

    /// The city at `seat` takes progress token `token`.
    fn take_progress(&mut self, seat: usize, token: u8) {
        self.cities[seat].progress.push(token);
        self.gain_source(seat, Source::Progress(token), 0);
    }

    /// The seat at `offset` from `seat`, or none when the offset goes all
    /// the way round (`others` lists the offsets of the most players).
    fn seat_at(&self, seat: usize, offset: i8) -> Option<usize> {
        let n = self.cities.len();
        (usize::from(offset.unsigned_abs()) < n)
            .then(|| (seat as i64 + i64::from(offset)).rem_euclid(n as i64) as usize)
    }

    /// Duel: the pawn stands at the difference of shields; each military
    /// token loots the losing city once, when the pawn first reaches it.
    fn move_pawn(&mut self) {
        let Some(track) = self.game.conflict else {
            return;
        };
        if self.cities.len() != 2 {
            return;
        }
        let cap = i32::from(track.capital);
        let diff = self.cities[0].shields as i32 - self.cities[1].shields as i32;
        self.pawn = diff.clamp(-cap, cap);
        for (i, &(at, loot)) in track.tokens.iter().enumerate() {
            for (sign, loser) in [(1, 1), (-1, 0)] {
                if self.pawn * sign >= i32::from(at) && !self.looted.contains(&(i, loser)) {
                    self.looted.push((i, loser));
                    let coins = &mut self.cities[loser].coins;
                    *coins -= i32::from(loot).min(*coins);
                }
            }
        }
        if self.pawn.abs() >= cap {
            self.supremacy = Some(if self.pawn > 0 { 0 } else { 1 });
        }
    }

    /// Final scoring: every source listening to `Event::GameEnd` runs (the
    /// generated code gives its points), then the engine's own rules add
    /// the treasury and the conflict track. Returns each city's points by
    /// category.
    fn end_game(&mut self) -> Vec<Vec<i32>> {
        for seat in 0..self.cities.len() {
            self.fire(seat, Event::GameEnd, Listens::GAME_END, None);
        }
        let (treasury, military) = (
            usize::from(self.rules.treasury.0),
            usize::from(self.rules.military.0),
        );
        for seat in 0..self.cities.len() {
            let coins = self.cities[seat].coins;
            self.cities[seat].vp[treasury] += coins / 3;
            if let Some(track) = self.game.conflict {
                let mine = if seat == 0 { self.pawn } else { -self.pawn };
                let zone = track
                    .zones
                    .iter()
                    .filter(|&&(from, _)| mine >= i32::from(from))
                    .map(|&(_, vp)| i32::from(vp))
                    .next_back()
                    .unwrap_or(0);
                self.cities[seat].vp[military] += zone;
            }
        }
        self.cities.iter().map(|c| c.vp.clone()).collect()
    }
}

// ---------------------------------------------------------------------------
// The host: one city of the table, acting.
// ---------------------------------------------------------------------------

/// What the generated code sees: the table, with `seat` acting. Seat
/// offsets in `Seats` are relative to it (1: the next seat, the base game's
/// left neighbour; -1: the previous one).
struct Acting<'t> {
    table: &'t mut Table,
    seat: usize,
    /// The option chosen when the running source was built.
    option: u8,
}

impl Acting<'_> {
    fn me(&mut self) -> &mut MyCity {
        &mut self.table.cities[self.seat]
    }

    /// The seats at these offsets (an offset that goes all the way round
    /// names no city).
    fn seats(&self, seats: Seats) -> impl Iterator<Item = usize> + '_ {
        seats
            .0
            .iter()
            .filter_map(|&off| self.table.seat_at(self.seat, off))
    }

    fn ability(&mut self, a: Ability) {
        self.me().abilities.push(a);
    }

    fn owe(&mut self, o: Owed) {
        self.me().owed.push(o);
    }
}

impl Host for Acting<'_> {
    fn count(&self, what: Counted, seats: Seats) -> u32 {
        let game = self.table.game;
        self.seats(seats)
            .map(|s| self.table.cities[s].count(game, what))
            .sum()
    }
    fn count_most(&self, what: Counted, seats: Seats) -> u32 {
        let game = self.table.game;
        self.seats(seats)
            .map(|s| self.table.cities[s].count(game, what))
            .max()
            .unwrap_or(0)
    }
    fn gain_coins(&mut self, n: i32) {
        // The bank lends nothing: a loss stops at 0.
        let me = self.me();
        me.coins = (me.coins + n).max(0);
    }
    fn gain_vp(&mut self, category: Category, n: i32) {
        if let Some(vp) = self.me().vp.get_mut(usize::from(category.0)) {
            *vp += n;
        }
    }
    fn gain_shields(&mut self, n: u32) {
        self.me().shields += n;
        // Duel: "mueve inmediatamente el medidor de Conflicto".
        self.table.move_pawn();
    }
    fn produce(&mut self, options: ResSet, amount: u8, tradable: bool) {
        self.me().production.push(Output {
            options,
            amount,
            tradable,
        });
    }
    // No card of this example family's game produces from its own
    // production or buys from neighbours at a rebate (base-family words).
    fn produce_matching(&mut self, _: ColourSet, _: bool, _: bool, _: bool) {}
    fn trade_rebate(&mut self, _: u8, _: bool, _: Seats) {}
    fn science(&mut self, options: SymSet) {
        self.me().science.push(options);
    }
    fn trade_price(&mut self, resources: ResSet, price: u8, seats: Seats) {
        self.ability(Ability::TradePrice(resources, price, seats));
    }
    fn build_free(&mut self, from: Pile, limit: Limit, colours: ColourSet) {
        match limit {
            Limit::Now => self.owe(Owed::BuildFree(from, colours)),
            Limit::OncePerAge => self.ability(Ability::BuildFreeEachAge(from, colours)),
        }
    }
    fn play_last_card(&mut self) {
        self.ability(Ability::PlayLastCard);
    }
    fn copy_card(&mut self, colours: ColourSet, seats: Seats) {
        self.owe(Owed::Copy(colours, seats));
    }
    fn copy_stage(&mut self, stage: u8, seat: i8) {
        self.owe(Owed::CopyStage(stage, seat));
    }
    fn play_again(&mut self) {
        self.owe(Owed::PlayAgain);
    }
    fn lose_coins_per(&mut self, n: u32, what: Counted, seats: Seats) {
        let game = self.table.game;
        let losers: Vec<usize> = self.seats(seats).collect();
        for s in losers {
            let city = &mut self.table.cities[s];
            let loss = n.saturating_mul(city.count(game, what));
            city.coins -= (loss.min(i32::MAX as u32) as i32).min(city.coins);
        }
    }
    fn take_tokens(&mut self, kind: u32, n: u32, seats: Seats) {
        let takers: Vec<usize> = self.seats(seats).collect();
        for s in takers {
            if let Some(held) = self.table.cities[s].tokens.get_mut(kind as usize) {
                *held = held.saturating_add(n);
            }
        }
    }
    fn give_coins(&mut self, n: u32, seats: Seats) {
        // Acts on other cities at once, from the bank.
        let takers: Vec<usize> = self.seats(seats).collect();
        for s in takers {
            let coins = &mut self.table.cities[s].coins;
            *coins = coins.saturating_add(n.min(i32::MAX as u32) as i32);
        }
    }
    fn lose_coins(&mut self, n: u32, seats: Seats) {
        // Acts on other cities at once: no decision is needed.
        let losers: Vec<usize> = self.seats(seats).collect();
        for s in losers {
            let coins = &mut self.table.cities[s].coins;
            *coins -= (n.min(i32::MAX as u32) as i32).min(*coins);
        }
    }
    fn discard_card(&mut self, colours: ColourSet, seats: Seats) {
        self.owe(Owed::Discard(colours, seats));
    }
    fn take_built(&mut self, colours: ColourSet, seats: Seats) {
        self.owe(Owed::TakeBuilt(colours, seats));
    }
    fn wonder_from_discard(&mut self) {
        self.owe(Owed::WonderFromDiscard);
    }
    fn take_wonder(&mut self, seats: Seats) {
        self.owe(Owed::TakeWonder(seats));
    }
    fn unbuild_wonder(&mut self, seats: Seats) {
        self.owe(Owed::UnbuildWonder(seats, false));
    }
    fn box_wonder(&mut self, seats: Seats) {
        self.owe(Owed::UnbuildWonder(seats, true));
    }
    fn build_from_row(&mut self, colours: ColourSet) {
        self.owe(Owed::BuildFromRow(colours));
    }
    fn build_set_aside(&mut self) {
        self.owe(Owed::BuildSetAside);
    }
    fn build_from_row_but(&mut self, colours: ColourSet) {
        self.owe(Owed::BuildFromRowBut(colours));
    }
    fn move_decree(&mut self) {
        self.owe(Owed::MoveDecree);
    }
    fn remove_progress(&mut self) {
        self.owe(Owed::RemoveProgress);
    }
    fn swap_built(&mut self, colours: ColourSet, seats: Seats) {
        self.owe(Owed::SwapBuilt(colours, seats));
    }
    fn take_half_coins(&mut self, seats: Seats) {
        self.owe(Owed::TakeHalfCoins(seats));
    }
    fn coins_per_cube(&mut self, n: u8) {
        self.owe(Owed::CoinsPerCube(n, Seats(&[0]), true));
    }
    fn lose_per_cube(&mut self, n: u8, seats: Seats) {
        self.owe(Owed::CoinsPerCube(n, seats, false));
    }
    fn discard_figure(&mut self) {
        self.owe(Owed::DiscardFigure(false, false));
    }
    fn discard_accessible(&mut self) {
        self.owe(Owed::DiscardFigure(true, false));
    }
    fn may_discard_accessible(&mut self) {
        self.owe(Owed::DiscardFigure(true, true));
    }
    fn copy_science(&mut self, colours: ColourSet, seats: Seats) {
        self.owe(Owed::CopyScience(colours, seats));
    }
    fn take_supply(&mut self, colours: ColourSet) {
        self.owe(Owed::TakeSupply(colours, 0));
    }
    fn take_drawn(&mut self, n: u8, colours: ColourSet) {
        self.owe(Owed::TakeSupply(colours, n));
    }
    fn block_track(&mut self) {
        self.owe(Owed::BlockTrack);
    }
    fn place_influence(&mut self, n: u8, from: u8, to: u8) {
        self.owe(Owed::Senate("place", [n, from, to, 0, 0]));
    }
    fn remove_influence(&mut self, n: u8, seats: Seats) {
        let victims = seats.0.len() as u8;
        self.owe(Owed::Senate("remove", [n, victims, 0, 0, 0]));
    }
    fn move_influence(&mut self, n: u8) {
        self.owe(Owed::Senate("move", [n, 0, 0, 0, 0]));
    }
    fn senate_actions(&mut self, n: u8, from: u8, to: u8, per: u8, _colours: ColourSet, most: u8) {
        self.owe(Owed::Senate("actions", [n, from, to, per, most]));
    }
    fn draw_schemes(&mut self, n: u8, keep: u8) {
        self.owe(Owed::Schemes(Some((n, keep))));
    }
    fn keep_schemes(&mut self) {
        self.ability(Ability::KeepSchemes);
    }
    fn senate_count(&mut self, n: u8, colours: ColourSet) {
        self.ability(Ability::SenateCount(n, colours));
    }
    fn bank_rebate(&mut self, resources: ResSet, n: u8) {
        self.ability(Ability::BankRebate(resources, n));
    }
    fn chain_from(&mut self, seats: Seats) {
        self.ability(Ability::ChainFrom(seats));
    }
    fn waive_symbol(&mut self, colours: ColourSet) {
        self.ability(Ability::WaiveSymbol(colours));
    }
    fn held_shields(&mut self, n: u8) {
        self.gain_shields(n.into());
    }
    fn trigger_scheme(&mut self) {
        self.owe(Owed::Schemes(None));
    }
    fn discard_military(&mut self) {
        self.owe(Owed::DiscardMilitary);
    }
    fn apply_military(&mut self, seats: Seats) {
        self.owe(Owed::ApplyMilitary(seats));
    }
    fn take_progress(&mut self, set_aside: u8) {
        self.owe(Owed::TakeProgress(set_aside));
    }
    fn discount(&mut self, n: u8, target: Discount) {
        self.ability(Ability::Discount(n, target));
    }
    fn receive_trade_coins(&mut self, seats: Seats) {
        self.ability(Ability::ReceiveTradeCoins(seats));
    }
    fn coin_discount(&mut self, n: u8, colours: ColourSet, seats: Seats) {
        self.ability(Ability::CoinDiscount(n, colours, seats));
    }
    fn free_builds(&mut self, rule: FreeRule) {
        self.ability(Ability::FreeBuilds(rule));
    }
    fn bank_trade(&mut self, resources: ResSet, price: u8) {
        self.ability(Ability::BankTrade(resources, price));
    }
    fn take_victory_token(&mut self, age: u8) {
        // Its value depends on the Age: the turn structure knows it.
        self.owe(Owed::VictoryToken(age));
    }
    fn lose_tokens(&mut self, kind: TokenKind, n: u8, seats: Seats) {
        let cities: Vec<usize> = self.seats(seats).collect();
        for s in cities {
            let c = &mut self.table.cities[s];
            match kind {
                TokenKind::Defeat if n == u8::MAX => c.defeats = 0,
                TokenKind::Defeat => c.defeats = c.defeats.saturating_sub(u32::from(n)),
                TokenKind::Victory => {
                    // Lowest first.
                    c.victories.sort_unstable();
                    let k = usize::from(n).min(c.victories.len());
                    c.victories.drain(..k);
                }
                // This engine keeps one count per kind (its games score no
                // kind by Age) and never below zero.
                TokenKind::Declared(k) => {
                    if let Some(held) = c.tokens.get_mut(usize::from(k)) {
                        *held = if n == u8::MAX {
                            0
                        } else {
                            held.saturating_sub(u32::from(n))
                        };
                    }
                }
            }
        }
    }
    fn give_defeats(&mut self) {
        self.ability(Ability::GiveDefeats);
    }
    fn science_rule(&mut self, rule: ScienceRule) {
        self.ability(Ability::Science(rule));
    }
    fn entomb(&mut self, colours: ColourSet) {
        self.owe(Owed::Entomb(colours));
    }
    fn draw_cards(&mut self, colours: ColourSet, n: u8) {
        self.owe(Owed::Draw(colours, n));
    }
    fn build_from_hand(&mut self, colours: ColourSet) {
        self.owe(Owed::BuildFromHand(colours));
    }
    fn keep_hand(&mut self, colours: ColourSet) {
        self.ability(Ability::KeepHand(colours));
    }
    fn take_pawn(&mut self, age: u8) {
        self.owe(Owed::TakePawn(age));
    }
    fn chosen(&self) -> u8 {
        self.option
    }
    fn age(&self) -> u8 {
        self.table.age
    }
    fn take_card(&mut self, decks: Decks, top: u8) {
        self.owe(Owed::TakeCard(decks, top));
    }
    fn take_cat(&mut self) {
        self.owe(Owed::TakeCat);
    }
    fn flip_conflict(&mut self, n: u8) {
        self.owe(Owed::Flip(n));
    }
    fn any_resources(&mut self) {
        self.ability(Ability::AnyResources);
    }
    fn coin_value(&mut self, n: u8) {
        self.ability(Ability::CoinValue(n));
    }
    fn board_discount(&mut self, n: u8) {
        self.ability(Ability::BoardDiscount(n));
    }
    fn pawn_toll(&mut self, n: u8, _seats: Seats) {
        self.ability(Ability::PawnToll(n));
    }
    fn chain_price(&mut self, n: u8) {
        self.ability(Ability::ChainPrice(n));
    }
    fn shields_per(&mut self, n: u32, what: Counted, seats: Seats, divisor: u32, most: bool) {
        self.ability(Ability::ShieldsPer(n, what, seats, divisor, most));
    }
}

// ---------------------------------------------------------------------------
// Playing the base game.
// ---------------------------------------------------------------------------

const BASE_RULES: Rules = Rules {
    treasury: base::cat::TREASURY,
    military: base::cat::MILITARY,
};

/// Giza side A, by its index in `base::GAME.wonders` (wonders and progress
/// tokens have no generated constants: an engine lets its players pick
/// them from the table's list).
const GIZA_A: (u8, u8) = (6, 0);
const RHODES_A: (u8, u8) = (5, 0);
const EPHESUS_A: (u8, u8) = (2, 0);
const BABYLON_A: (u8, u8) = (1, 0);

/// Four cities: seat 0 is Giza; its left neighbour (offset 1) is seat 1,
/// its right neighbour (offset -1) is seat 3; seat 2 sits across.
fn four_cities() -> Table {
    assert_eq!(base::GAME.wonders[usize::from(GIZA_A.0)].name, "Giza");
    Table::new(
        &base::GAME,
        BASE_RULES,
        &[GIZA_A, RHODES_A, EPHESUS_A, BABYLON_A],
    )
}

#[test]
fn a_board_and_brown_cards_produce() {
    let mut t = four_cities();
    // Giza's board: "produce stone", tradable.
    assert_eq!(t.cities[0].fixed(base::res::STONE), 1);
    // Lumber Yard: "produce wood".
    t.build(0, base::card::LUMBER_YARD);
    assert_eq!(t.cities[0].fixed(base::res::WOOD), 1);
    // Sawmill (Age II): "produce 2 wood".
    t.build(0, base::card::SAWMILL);
    assert_eq!(t.cities[0].fixed(base::res::WOOD), 3);
    // Tree Farm: "produce wood or clay": one of two, a choice each turn.
    t.build(0, base::card::TREE_FARM);
    let wood_or_clay = ResSet(1 << base::res::WOOD.0 | 1 << base::res::CLAY.0);
    assert!(t.cities[0].production.contains(&Output {
        options: wood_or_clay,
        amount: 1,
        tradable: true
    }));
    // Caravansery: a yellow card's production is the city's own: neighbours
    // cannot buy it.
    t.build(0, base::card::CARAVANSERY);
    let last = t.cities[0].production.last().copied().unwrap();
    assert_eq!((last.options.len(), last.tradable), (4, false));
    // Nothing else changed: no coins, no points.
    assert_eq!(t.cities[0].coins, 3);
    assert!(t.cities[0].vp.iter().all(|&v| v == 0));
}

#[test]
fn a_blue_card_scores_at_game_end_only() {
    let mut t = four_cities();
    // Baths: "gain 3 vp": points are scored at the end, not when built.
    t.build(0, base::card::BATHS);
    assert_eq!(t.cities[0].vp[usize::from(base::cat::CIVILIAN.0)], 0);
    // Running an event a source does not listen to does nothing: the
    // generated function filters on the event itself.
    t.run(0, Source::Card(base::card::BATHS), Event::AgeEnd);
    let points = t.end_game();
    assert_eq!(points[0][usize::from(base::cat::CIVILIAN.0)], 3);
    // The engine's own rule: 3 coins are 1 point of treasury.
    assert_eq!(points[0][usize::from(base::cat::TREASURY.0)], 1);
}

#[test]
fn yellow_cards_count_the_engines_own_neighbours() {
    let mut t = four_cities();
    // Brown cards: seat 0 one, its left neighbour two, its right neighbour
    // one, and the city across the table five (not a neighbour).
    t.build(0, base::card::LUMBER_YARD);
    for card in [base::card::STONE_PIT, base::card::CLAY_POOL] {
        t.build(1, card);
    }
    t.build(3, base::card::ORE_VEIN);
    for _ in 0..5 {
        t.build(2, base::card::MINE);
    }
    // Vineyard: "gain 1 coin per brown card in left, self and right".
    t.build(0, base::card::VINEYARD);
    assert_eq!(t.cities[0].coins, 3 + (2 + 1 + 1));
    // Tavern: "gain 5 coins", by calling the module's function directly
    // with a host of our own.
    base::effects(
        Source::Card(base::card::TAVERN),
        Event::Built,
        &mut Acting {
            table: &mut t,
            seat: 0,
            option: 0,
        },
    );
    assert_eq!(t.cities[0].coins, 7 + 5);
    // Haven (Age III): "gain 1 coin per brown card in self; gain 1 vp per
    // brown card in self": the coins now, the points at the end.
    t.build(0, base::card::HAVEN);
    assert_eq!(t.cities[0].coins, 12 + 1);
    let points = t.end_game();
    assert_eq!(points[0][usize::from(base::cat::COMMERCIAL.0)], 1);
}

#[test]
fn guilds_score_the_neighbours_at_game_end() {
    let mut t = four_cities();
    t.build(0, base::card::LUMBER_YARD);
    for card in [base::card::STONE_PIT, base::card::CLAY_POOL] {
        t.build(1, card);
    }
    t.build(3, base::card::ORE_VEIN);
    t.build(2, base::card::MINE);
    // Wonder stages: seat 0 two, left one, across three.
    t.build_stage(0);
    t.build_stage(0);
    t.build_stage(1);
    for _ in 0..3 {
        t.build_stage(2);
    }
    // Workers Guild: "gain 1 vp per brown card in neighbours" (not its own).
    t.build(0, base::card::WORKERS_GUILD);
    // Builders Guild: "gain 1 vp per wonder stage in left, self and right".
    t.build(0, base::card::BUILDERS_GUILD);
    let points = t.end_game();
    let guilds = usize::from(base::cat::GUILDS.0);
    assert_eq!(points[0][guilds], (2 + 1) + (1 + 2));
    // Giza A's stages: "gain 3 vp", "gain 5 vp" for the two built.
    assert_eq!(points[0][usize::from(base::cat::WONDER.0)], 3 + 5);
}

#[test]
fn decisions_are_left_to_the_turn_structure() {
    let halicarnassus = base::GAME
        .wonders
        .iter()
        .position(|w| w.name == "Halicarnassus")
        .unwrap() as u8;
    let mut t = Table::new(
        &base::GAME,
        BASE_RULES,
        &[(halicarnassus, 0), RHODES_A, EPHESUS_A],
    );
    // Halicarnassus A, stage 2: "build a card from the discard pile for
    // free": the player picks the card, at the end of the turn.
    t.build_stage(0);
    t.build_stage(0);
    assert_eq!(
        t.cities[0].owed,
        [Owed::BuildFree(Pile::Discard, ColourSet::ALL)]
    );
    // West Trading Post: raw materials from the left neighbour (offset 1)
    // for 1 coin: a lasting ability.
    t.build(0, base::card::WEST_TRADING_POST);
    let raw = base::GAME.classes[0];
    assert_eq!(raw.name, "raw");
    assert_eq!(
        t.cities[0].abilities,
        [Ability::TradePrice(raw.members, 1, Seats(&[1]))]
    );
}

// ---------------------------------------------------------------------------
// Playing Duel: the same host, two cities and a conflict track.
// ---------------------------------------------------------------------------

const DUEL_RULES: Rules = Rules {
    treasury: duel::cat::TREASURY,
    military: duel::cat::MILITARY,
};

/// A Duel wonder is a board of one side with one stage.
fn duel_wonder(name: &str) -> (u8, u8) {
    let w = duel::GAME.wonders.iter().position(|w| w.name == name);
    (w.expect(name) as u8, 0)
}

#[test]
fn duel_shields_move_the_conflict_pawn() {
    let strategy = duel::GAME
        .progress
        .iter()
        .position(|p| p.name == "Strategy")
        .unwrap() as u8;
    let mut t = Table::new(
        &duel::GAME,
        DUEL_RULES,
        &[duel_wonder("The Colossus"), duel_wonder("The Appian Way")],
    );
    assert_eq!((t.cities[0].coins, t.cities[1].coins), (7, 7));
    // Strategy: "your new red cards have 1 more Shield" ("tus nuevas cartas
    // rojas tendrán 1 Escudo adicional"): it listens to `BuiltCard`.
    t.take_progress(0, strategy);
    assert!(
        duel::GAME.progress[usize::from(strategy)]
            .listens
            .has(Listens::BUILT_CARD)
    );
    // Garrison: "gain 1 shield", and 1 more by Strategy.
    t.build(0, duel::card::GARRISON);
    assert_eq!((t.cities[0].shields, t.pawn), (2, 2));
    assert_eq!(t.cities[1].coins, 7, "no military token reached yet");
    // The Colossus: "Esta Maravilla proporciona 2 Escudos" (not raised by
    // Strategy: a wonder is no red card). The pawn enters the zone of the
    // first token: "Bruno descarta 2 monedas".
    t.build_stage(0);
    assert_eq!((t.cities[0].shields, t.pawn), (4, 4));
    assert_eq!(t.cities[1].coins, 5);
    assert_eq!(t.supremacy, None);
    // The Appian Way: "Coge 3 monedas del banco. Tu oponente pierde 3
    // monedas. Juega inmediatamente un segundo turno."
    t.build_stage(1);
    assert_eq!((t.cities[0].coins, t.cities[1].coins), (4, 8));
    assert_eq!(t.cities[1].owed, [Owed::PlayAgain]);
    // Scoring: the pawn 4 squares toward seat 1 is the 5-point zone; the
    // Colossus "otorga 3 puntos de victoria", the Appian Way 3.
    let points = t.end_game();
    let (military, wonders) = (
        usize::from(duel::cat::MILITARY.0),
        usize::from(duel::cat::WONDERS.0),
    );
    assert_eq!((points[0][military], points[1][military]), (5, 0));
    assert_eq!((points[0][wonders], points[1][wonders]), (3, 3));
}

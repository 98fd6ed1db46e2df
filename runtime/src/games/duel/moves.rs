//! What the player to act may do: prices at the bank, the trade a cost
//! needs, every legal card move (with trade costs kept per market), and a
//! move in words.

use sevenw_host::{CardId, Colour, ColourSet, Cost};

use crate::engine::city::{City, seat_at};
use crate::engine::production::MAX_RES;
use crate::engine::rng::Rng;

use super::trade::{self, TradeCache};
use super::{Action, Duel, MAX_WONDERS, Move, Position};

impl Duel {
    /// What one unit of each resource costs `seat` at the bank.
    pub fn prices(&self, cities: &[City], seat: usize) -> [u32; MAX_RES] {
        trade::prices(
            &cities[seat],
            &cities[seat_at(seat, 1, cities.len())],
            self.info.resources.len(),
        )
    }

    /// Resources `city` may leave unpaid when building a wonder (`wonder`)
    /// or a card of `colour`.
    pub fn discount_of(city: &City, wonder: bool, colour: Colour) -> u8 {
        trade::discount(city, wonder, colour)
    }

    /// Coins spent buying the resources of `cost` that `city` lacks.
    pub fn trade_cost(city: &City, cost: &Cost, prices: &[u32; MAX_RES], off: u8) -> u32 {
        trade::trade_cost(city, cost, prices, off)
    }

    /// Every legal card move of the player to act, into `out` (trade costs
    /// recomputed).
    pub fn moves(&self, table: &Position, out: &mut Vec<Move>) {
        self.moves_cached(table, &mut TradeCache::default(), out);
    }

    /// [`Duel::moves`] with trade costs kept in `cache` while the market of
    /// the player to act is unchanged ([`Position::market`]).
    pub fn moves_cached(&self, table: &Position, cache: &mut TradeCache, out: &mut Vec<Move>) {
        self.moves_of(table, cache, u32::MAX, out);
    }

    /// [`Duel::moves_cached`] of the accessible cards whose slots are set
    /// in `slots` (a bit per slot).
    pub fn moves_of(
        &self,
        table: &Position,
        cache: &mut TradeCache,
        slots: u32,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let mut seat = SeatMoves::new(self, table, cache);
        // Wonder prices do not depend on the card used: the wonders within
        // reach, made once and offered with every card.
        let mut wonder_moves = [(0u8, 0u16, 0u16); 8];
        let mut nwonders = 0;
        if seat.can_wonder {
            for &w in table.wonders[table.current].iter().take(8) {
                if let Some(m) = seat.wonder(w) {
                    wonder_moves[nwonders] = m;
                    nwonders += 1;
                }
            }
        }
        let wonder_moves = &wonder_moves[..nwonders];
        let mut slots = table.layout.accessible_set() & slots;
        out.reserve(slots.count_ones() as usize * (2 + nwonders));
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let Some(&card) = table.layout.cards.get(slot) else {
                continue;
            };
            let s = slot as u8;
            let mv = |action| Move::Card {
                slot: s,
                card,
                action,
            };
            if let Some(action) = seat.own(card) {
                out.push(mv(action));
            }
            out.push(mv(Action::Discard));
            out.extend(wonder_moves.iter().map(|&(wonder, coins, trade)| {
                mv(Action::Wonder {
                    wonder,
                    coins,
                    trade,
                })
            }));
        }
    }

    /// One of the moves of the accessible card at `slot` ([`Duel::moves_of`]
    /// of that slot), drawn with `rng` as the search bot's playouts weigh
    /// them (`weight` for a build, a chain or a wonder, 1 for the
    /// discard), without listing them: an action is drawn by the most
    /// weight the card's actions can have (its own build, the discard,
    /// each wonder the player holds), and only when it is not legal are
    /// they all priced and one drawn among the legal ones. Each legal move
    /// gets exactly its share of the weight, as from the listing, and most
    /// draws price one action. `None` when the slot holds no accessible
    /// card.
    pub fn playout_card(
        &self,
        table: &Position,
        cache: &mut TradeCache,
        slot: usize,
        rng: &mut Rng,
        weight: u32,
    ) -> Option<Move> {
        if !table.layout.accessible(slot) {
            return None;
        }
        let &card = table.layout.cards.get(slot)?;
        let mut seat = SeatMoves::new(self, table, cache);
        let held = &table.wonders[table.current];
        let wonders = if seat.can_wonder {
            held.len().min(8)
        } else {
            0
        };
        let w = weight.max(1) as usize;
        let total = w + 1 + w * wonders;
        let mv = |action| Move::Card {
            slot: slot as u8,
            card,
            action,
        };
        // One draw among every action the card could have; if the one
        // drawn is not legal, one among the legal ones, each priced (the
        // same distribution: a rejected draw leaves the legal ones their
        // shares).
        let r = rng.below(total);
        if r == w {
            return Some(mv(Action::Discard));
        }
        let mut own = None;
        if r < w {
            own = Some(seat.own(card));
            if let Some(Some(action)) = own {
                return Some(mv(action));
            }
        } else {
            let i = (r - w - 1) / w;
            if let Some((wonder, coins, trade)) = seat.wonder(held[i]) {
                return Some(mv(Action::Wonder {
                    wonder,
                    coins,
                    trade,
                }));
            }
        }
        let own = own.unwrap_or_else(|| seat.own(card));
        let mut legal = [None; 8];
        let mut n = 0;
        for (priced, &wonder) in legal.iter_mut().zip(&held[..wonders]) {
            *priced = seat.wonder(wonder);
            n += usize::from(priced.is_some());
        }
        let mut r = rng.below(w * (usize::from(own.is_some()) + n) + 1);
        if let Some(action) = own {
            if r < w {
                return Some(mv(action));
            }
            r -= w;
        }
        for (wonder, coins, trade) in legal.iter().flatten().copied() {
            if r < w {
                return Some(mv(Action::Wonder {
                    wonder,
                    coins,
                    trade,
                }));
            }
            r -= w;
        }
        Some(mv(Action::Discard))
    }

    /// One of the card moves of [`Duel::moves_cached`] and the legal moves
    /// `also` lists (the boards' takes), each as likely as any other (a
    /// random player's), drawn with `rng` without listing the card moves:
    /// an accessible card and one of the actions a card can have (its own
    /// build or chain, the discard, each wonder held while wonders may
    /// still be built) are drawn together, or one of `also` as often as
    /// each of those, and drawn again when that card's action is not
    /// legal. Rejection sampling gives every legal move the same chance,
    /// as drawing from the list would, and most draws price one action.
    /// `None` when no card is accessible (or, beyond chance, when every
    /// draw was rejected): the list serves then.
    pub fn uniform_card_move(
        &self,
        table: &Position,
        cache: &mut TradeCache,
        rng: &mut Rng,
        also: &[Move],
    ) -> Option<Move> {
        // Two copies of the loop: without boards it stays as tight as
        // Duel's own.
        if also.is_empty() {
            self.draw_card_move::<false>(table, cache, rng, also)
        } else {
            self.draw_card_move::<true>(table, cache, rng, also)
        }
    }

    /// [`Duel::uniform_card_move`], drawing among `also` too if `ALSO`.
    #[inline(always)]
    fn draw_card_move<const ALSO: bool>(
        &self,
        table: &Position,
        cache: &mut TradeCache,
        rng: &mut Rng,
        also: &[Move],
    ) -> Option<Move> {
        let open = table.layout.accessible_set();
        let cards = open.count_ones() as usize;
        if cards == 0 {
            return None;
        }
        // The accessible slots, listed once for every draw.
        let mut accessible = [0u8; 32];
        let mut rest = open;
        for slot in &mut accessible[..cards] {
            *slot = rest.trailing_zeros() as u8;
            rest &= rest - 1;
        }
        let mut seat = SeatMoves::new(self, table, cache);
        let held = &table.wonders[table.current];
        let wonders = if seat.can_wonder {
            held.len().min(8)
        } else {
            0
        };
        let per_card = 2 + wonders;
        // A wonder costs the same with any card: priced once.
        let mut priced: [Option<Option<(u8, u16, u16)>>; 8] = [None; 8];
        // The discard alone is accepted once in `per_card` draws: this
        // many all rejected is beyond chance (about e^-100), yet bounded.
        for _ in 0..per_card.saturating_mul(100) {
            // One of `also`, as likely as each card's action.
            if ALSO && let Some(&mv) = also.get(rng.below(cards * per_card + also.len())) {
                return Some(mv);
            }
            // Two draws rather than one split by a division (dozens of
            // cycles): the same chances.
            let slot = usize::from(accessible[rng.below(cards)]);
            let kind = rng.below(per_card);
            let Some(&card) = table.layout.cards.get(slot) else {
                continue;
            };
            let mv = |action| Move::Card {
                slot: slot as u8,
                card,
                action,
            };
            match kind {
                0 => {
                    if let Some(action) = seat.own(card) {
                        return Some(mv(action));
                    }
                }
                1 => return Some(mv(Action::Discard)),
                a => {
                    let i = a - 2;
                    let price = *priced[i].get_or_insert_with(|| seat.wonder(held[i]));
                    if let Some((wonder, coins, trade)) = price {
                        return Some(mv(Action::Wonder {
                            wonder,
                            coins,
                            trade,
                        }));
                    }
                }
            }
        }
        None
    }

    /// A move in words.
    pub fn describe_move(&self, mv: &Move) -> String {
        match *mv {
            Move::Card { card, action, .. } => {
                let name = self.card_name(card);
                match action {
                    Action::Build { coins, trade } if coins + trade > 0 => {
                        format!(
                            "build {name} ({})",
                            crate::text::plural(coins + trade, "coin")
                        )
                    }
                    Action::Build { .. } => format!("build {name}"),
                    Action::Chain => format!("build {name} by chain"),
                    Action::Discard => format!("discard {name}"),
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => {
                        let w = self.wonder_name(wonder);
                        if coins + trade > 0 {
                            format!(
                                "build {w} with {name} ({})",
                                crate::text::plural(coins + trade, "coin")
                            )
                        } else {
                            format!("build {w} with {name}")
                        }
                    }
                    Action::Prepare => format!("prepare a scheme with {name}"),
                }
            }
            Move::Scheme(c) => format!("scheme {}", self.card_name(c)),
            Move::Return { bottom: true } => "a scheme back to the bottom of the deck".to_string(),
            Move::Return { bottom: false } => "a scheme back to the top of the deck".to_string(),
            Move::NoScheme => "no scheme".to_string(),
            Move::Senate(code) => match super::senate::decode(code) {
                Some(Ok(c)) => format!("chamber {}", c + 1),
                Some(Err((from, to))) => {
                    format!(
                        "move a cube from chamber {} to chamber {}",
                        from + 1,
                        to + 1
                    )
                }
                None => "move no more cubes".to_string(),
            },
            Move::Decree { chamber, to: false } => {
                format!("take the decree of chamber {}", chamber + 1)
            }
            Move::Decree { chamber, to: true } => {
                format!("move the decree to chamber {}", chamber + 1)
            }
            Move::Pick(w) => format!("wonder {}", self.wonder_name(w)),
            Move::Steal(w) => format!("take {} from the opponent", self.wonder_name(w)),
            Move::Raze(w) => format!("unbuild {}", self.wonder_name(w)),
            Move::Block(square) => format!(
                "put the blocker {}",
                self.square_words(square, &["player 1's", "player 2's"])
            ),
            Move::Military(bit) => {
                let side = format!("player {}'s", bit / 8 + 1);
                format!("choose {}", self.military_words(bit, &side))
            }
            Move::Strike { slot, .. } if slot == super::decision::NO_STRIKE => {
                "discard no card from the figure".to_string()
            }
            Move::Strike { card: Some(c), .. } => {
                format!("discard {} from the figure", self.card_name(c))
            }
            Move::Strike { row, place, .. } => format!(
                "discard the face-down card of row {}, place {} from the figure",
                row + 1,
                place + 1
            ),
            Move::Token(t) => format!("progress {}", self.token_name(t)),
            Move::Void(t) => format!("remove {} from the game", self.token_name(t)),
            Move::Discard(c) => format!("discard {} of the opponent", self.card_name(c)),
            Move::Seize(c) => format!("take {} from the opponent", self.card_name(c)),
            Move::Give(c) => format!("give {} to the opponent", self.card_name(c)),
            Move::Summon(c) => format!("take {} for free", self.card_name(c)),
            Move::Copy(c) => format!(
                "count the science symbol of {} of the opponent",
                self.card_name(c)
            ),
            Move::Bury { card, wonder } => format!(
                "build {} with {} from the discard pile",
                self.wonder_name(wonder),
                self.card_name(card)
            ),
            Move::Revive(c) => format!("build {} from the discard pile", self.card_name(c)),
            Move::Start(true) => "start the next Age".to_string(),
            Move::Start(false) => "let the opponent start the next Age".to_string(),
            Move::Option(o) => format!("choose option {}", o + 1),
            Move::Place { card, space } => {
                let (board, at) = self.space_words(space);
                format!(
                    "lay {} face down on space {at} of the {board}",
                    self.card_name(card)
                )
            }
            Move::Board {
                space,
                card,
                coins,
                spend,
            } => {
                let (board, _) = self.space_words(space);
                let name = self.card_name(card);
                let paid = match (coins, self.spend_words(spend)) {
                    (0, None) => String::new(),
                    (n, None) => format!(" ({})", crate::text::plural(n, "coin")),
                    (n, Some(given)) => {
                        format!(" ({}, giving up {given})", crate::text::plural(n, "coin"))
                    }
                };
                format!("take {name} from the {board}{paid}")
            }
        }
    }
}

/// The slot of the `nth` set bit of `slots` (0 for the first).
pub(super) fn nth_slot(mut slots: u32, nth: usize) -> usize {
    for _ in 0..nth {
        slots &= slots.wrapping_sub(1);
    }
    slots.trailing_zeros() as usize
}

/// What listing the moves of the player to act asks once ([`Duel::moves_of`],
/// [`Duel::playout_card`], [`Duel::uniform_card_move`]): its city and
/// coins, its market's version and prices, and its entries of the trade
/// cache.
struct SeatMoves<'a> {
    duel: &'a Duel,
    city: &'a City,
    /// The opponent's city: a chain may be theirs ([`Duel::chained`]).
    opp: &'a City,
    coins: u32,
    version: u32,
    prices: [u32; MAX_RES],
    cards: &'a mut [(u32, u16)],
    wonders: &'a mut [(u32, u16)],
    /// Most cities have no discount: the list is not walked per card.
    discounts: bool,
    /// The city's chain price, if it has one (Engineering).
    chain_price: Option<u8>,
    can_wonder: bool,
    /// The Age, for costs that grow with it.
    age: u8,
    /// The colours the city builds for free (`free builds`).
    free: ColourSet,
    /// The colours of which one cost symbol goes unpaid (`waive_symbol`).
    waive: ColourSet,
}

impl<'a> SeatMoves<'a> {
    #[inline(always)]
    fn new(duel: &'a Duel, table: &'a Position, cache: &'a mut TradeCache) -> Self {
        let seat = table.current;
        let city = &table.cities[seat];
        let version = table.market[seat];
        cache.fit(duel.info.cards.len(), duel.info.wonders.len());
        // Made once per market version: a new one makes every entry stale.
        let prices = cache.prices(seat, version, || duel.prices(&table.cities, seat));
        let (cards, wonders) = cache.seat(seat);
        SeatMoves {
            duel,
            city,
            opp: &table.cities[1 - seat.min(1)],
            coins: duel.purse(city) as u32,
            version,
            prices,
            cards,
            wonders,
            discounts: !city.abilities.discounts.is_empty(),
            chain_price: city.abilities.chain_price(),
            can_wonder: table.wonders_built() < MAX_WONDERS,
            age: table.age,
            free: free_colours(city),
            waive: city.abilities.waived,
        }
    }

    /// The trade `cost` needs, kept in `entry` for this market version.
    #[inline(always)]
    fn trade(
        city: &City,
        prices: &[u32; MAX_RES],
        version: u32,
        entry: &mut (u32, u16),
        cost: &Cost,
        off: u8,
    ) -> u32 {
        if entry.0 != version {
            let t = trade::trade_cost(city, cost, prices, off);
            *entry = (version, t.min(u32::from(u16::MAX)) as u16);
        }
        u32::from(entry.1)
    }

    /// Wonder `w` with its coins and trade, if the player can pay it.
    #[inline(always)]
    fn wonder(&mut self, w: u8) -> Option<(u8, u16, u16)> {
        let cost = self
            .duel
            .wonder_cost(w)
            .filter(|c| self.city.holds(c.tokens))?;
        let entry = self.wonders.get_mut(usize::from(w))?;
        let off = if self.discounts {
            trade::discount(self.city, true, Colour(0))
        } else {
            0
        };
        let t = Self::trade(self.city, &self.prices, self.version, entry, cost, off);
        let coins = trade::coins_of(cost, self.city, self.age);
        (u32::from(coins) + t <= self.coins).then_some((w, coins, t as u16))
    }

    /// The card's own action: its chain, or its build if the player can
    /// pay it; none for a card whose name the city has.
    #[inline(always)]
    fn own(&mut self, card: CardId) -> Option<Action> {
        let i = usize::from(card.0);
        let fc = self.duel.fast.get(i)?;
        if self.city.has_name(fc.name) {
            return None;
        }
        if fc.chains && self.duel.chained_by(self.city, self.opp, card) {
            return Some(Action::Chain);
        }
        if !self.city.holds(fc.cost.tokens) {
            return None;
        }
        // Colours built for free or with a cost symbol unpaid: most
        // cities have neither.
        let mut waived = false;
        if (self.free.0 | self.waive.0) != 0 {
            if self.free.contains(fc.colour) {
                return Some(Action::Build { coins: 0, trade: 0 });
            }
            waived = self.waive.contains(fc.colour);
        }
        // A cost of coins alone needs no trade.
        let t = match self.cards.get_mut(i) {
            Some(entry) if fc.resources => {
                let off = if self.discounts {
                    trade::discount(self.city, false, fc.colour)
                } else {
                    0
                };
                Self::trade(self.city, &self.prices, self.version, entry, fc.cost, off)
            }
            _ => 0,
        };
        let coins = if fc.varies {
            trade::coins_of(fc.cost, self.city, self.age)
        } else {
            fc.cost.coins
        };
        let (coins, t) = if waived {
            let off = trade::discount(self.city, false, fc.colour);
            trade::waived(self.city, fc.cost, &self.prices, off, coins, t)
        } else {
            (coins, t)
        };
        let (coins, t) = trade::capped(self.chain_price, fc.chains, coins, t);
        (u32::from(coins) + t <= self.coins).then_some(Action::Build {
            coins,
            trade: t as u16,
        })
    }
}

/// The colours `city` builds for free (`free builds` of colours, Agora's
/// Corruption, duel-expansions-facts.md §2.11): no coins or resources
/// asked; tokens in its cost are still owed, as with a chain price.
pub(super) fn free_colours(city: &City) -> ColourSet {
    let rules = city.abilities.free_rules.iter();
    rules.fold(ColourSet(0), |all, r| match r {
        sevenw_host::FreeRule::Colours(set) => ColourSet(all.0 | set.0),
        _ => all,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::games::duel::Phase;
    use crate::mcts::PLAYOUT_WEIGHT;

    /// At positions of random games, the moves of an accessible card are
    /// drawn for playouts as weighing its listed moves would draw them:
    /// every move drawn is listed, and each listed move is drawn its
    /// weight's share of 4,000 draws (within five standard deviations, the
    /// draws seeded).
    #[test]
    fn playout_cards_are_drawn_as_the_listing_weighs_them() {
        let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
        let mut checked = 0;
        for seed in 0..4 {
            let mut st = g.start(&Setup::seeded(seed)).unwrap();
            let (mut play, mut draw) = (Rng::new(seed), Rng::new(seed + 100));
            let (mut moves, mut listed) = (Vec::new(), Vec::new());
            while g.to_move(&st).is_some() {
                g.legal_moves(&mut st, &mut moves);
                if matches!(st.phase, Phase::Play) && st.table.turns % 3 == 0 {
                    let open = st.table.layout.accessible_set();
                    for slot in (0..32).filter(|i| open & (1 << i) != 0) {
                        g.moves_of(&st.table, &mut st.cache, 1 << slot, &mut listed);
                        let weight = |m: &Move| g.playout_weight(m);
                        let (table, cache) = (&st.table, &mut st.cache);
                        crate::mcts::assert_drawn_as_weighed(&listed, weight, 4_000, || {
                            g.playout_card(table, cache, slot, &mut draw, PLAYOUT_WEIGHT)
                                .expect("a move")
                        });
                        checked += 1;
                    }
                    assert!(
                        g.playout_card(&st.table, &mut st.cache, 31, &mut draw, 8)
                            .is_none()
                    );
                }
                let mv = moves[play.below(moves.len())];
                g.apply(&mut st, &mv);
            }
        }
        assert!(checked > 100, "{checked} cards checked");
    }

    /// A random player's move ([`Game::uniform_move`]) is every legal move
    /// as often as any other, drawn without the list while cards are
    /// played and from it otherwise (the draft, tokens, the discard pile,
    /// who starts an Age): 4,000 seeded draws at positions of four games.
    #[test]
    fn random_players_draw_every_legal_move_alike() {
        let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
        let (mut cards, mut others) = (0, 0);
        for seed in 0..4 {
            let mut st = g.start(&Setup::seeded(seed)).unwrap();
            let (mut play, mut draw) = (Rng::new(seed), Rng::new(seed + 100));
            let mut moves = Vec::new();
            let mut ply = 0;
            while g.to_move(&st).is_some() {
                g.legal_moves(&mut st, &mut moves);
                let playing = matches!(st.phase, Phase::Play);
                if moves.len() > 1 && (!playing || ply % 3 == 0) {
                    crate::mcts::assert_uniform_at(&g, &mut st, 4_000, &mut draw);
                    *if playing { &mut cards } else { &mut others } += 1;
                }
                let mv = moves[play.below(moves.len())];
                g.apply(&mut st, &mv);
                ply += 1;
            }
        }
        assert!(
            cards > 40 && others > 8,
            "{cards} and {others} positions checked"
        );
    }
}

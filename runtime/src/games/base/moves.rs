//! What a seat may do: the legal moves of the simultaneous turn and the
//! draft (with their payments, chains, free builds and the Edifice project
//! a stage joins), the choices an effect asks of one seat, what a card or a
//! stage costs a city now, and a move in words.
//!
//! A turn is decided in two steps: the card actions (`Base::actions`,
//! each legal once the market finds one way to pay it), then, for the
//! action chosen, its ways to pay (`Base::payments`; `State::paying`
//! holds the action meanwhile). `Base::complete_moves` lists every build
//! with every payment, as scenarios, sheets and format 2 logs name them.

use sevenw_host::{CardId, CardInfo, ColourSet, Discount, FreeRule, ResSet, Source};

use super::trade::{InMarket, Market, Payment, Quote};
use crate::engine::city::{City, MAX_COLOURS, seat_at};
use crate::engine::rng::Rng;

use super::{
    Action, Base, Choice, Move, MoveGen, Phase, Position, Project, StageHow, State, Status,
};

/// The most different cards of a hand [`Base::playout_action`] draws from
/// (a hand holds 7 at most in the shipped games).
pub const HAND_DRAWN: usize = 16;

/// What a card action asks to be paid ([`Base::cost_to_pay`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ToPay {
    pub coins: u16,
    pub resources: &'static [(sevenw_host::Res, u8)],
    pub discount: u8,
    pub budget: u32,
}

impl Base {
    /// Options the effects of what `mv` builds in `city` offer (`one of`):
    /// a card's for a build of any kind, the stage's for a stage; 0 when
    /// there is no choice. A move chooses one with [`Move::option`].
    pub fn options_of(&self, city: &City, mv: &Move) -> u8 {
        match mv.action {
            Action::Build(_)
            | Action::Chain
            | Action::Free
            | Action::RuleFree
            | Action::FromDiscard => self.card_options(mv.card),
            Action::Stage(_, how) => self.stage_options(city, how.stage),
            Action::Discard | Action::Keep | Action::Entomb | Action::Skip | Action::Owe(_) => 0,
        }
    }

    /// Options the effects of `card` offer (`one of`); 0: none.
    pub fn card_options(&self, card: CardId) -> u8 {
        self.info
            .cards
            .get(usize::from(card.0))
            .map_or(0, |c| c.options)
    }

    /// Pushes `mv` with each option of `card` chosen (once, as it is, for a
    /// card without a choice).
    #[inline]
    pub(super) fn push_options(&self, out: &mut Vec<Move>, mv: Move) {
        if !self.card_choices {
            out.push(mv);
            return;
        }
        let n = self.card_options(mv.card).max(1);
        out.extend((0..n).map(|o| mv.choosing(o)));
    }

    /// The current Age's project, if there is one.
    pub fn current_project<'t>(&self, table: &'t Position) -> Option<&'t Project> {
        table.projects.iter().find(|p| p.age == table.age)
    }

    /// The coins joining the current Age's project costs `seat` with a
    /// stage built now, if it may join: "una vez por Era", while at least
    /// one pawn is on the card (A. PARTICIPAR EN EL PROYECTO). A city
    /// holding a pawn of the Age already (joined, or Ur's) joins no more.
    pub fn join_cost(&self, table: &Position, seat: usize) -> Option<u16> {
        let p = self.current_project(table)?;
        let me = table.seats.get(seat)?;
        if p.status != Status::Open || p.left == 0 || me.has_pawn(p.age) {
            return None;
        }
        let info = self.info.cards.get(usize::from(p.card.0))?;
        Some(info.cost.coins_in(p.age).min(u32::from(u16::MAX)) as u16)
    }

    /// Whether `card` is free for `city` by a chain.
    pub fn chained(&self, city: &City, card: CardId) -> bool {
        city.chained(&self.vocab, card)
    }

    /// The market seen by `seat`: its production, its neighbours' tradable
    /// production and its prices, less its rebates: on each unit of a
    /// seller's board resources, and on the first unit bought from a
    /// seller this turn while it has bought nothing from it yet.
    #[inline(always)]
    pub fn market<'t>(&self, cities: &'t [City], seat: usize) -> Market<'t> {
        let n = cities.len();
        let me = &cities[seat];
        let sellers = [seat_at(seat, 1, n), seat_at(seat, -1, n)];
        let a = &me.abilities;
        let mut market = Market {
            own: &me.own,
            left: &cities[sellers[0]].sold,
            right: &cities[sellers[1]].sold,
            prices: &me.prices,
            rebate: [0, 0],
            board_rebate: [0, 0],
            boards: [ResSet(0); 2],
            bank: &me.abilities.bank_trades,
        };
        if a.board_rebate != [0, 0] || a.first_rebate != [0, 0] {
            self.rebates(cities, me, sellers, &mut market);
        }
        market
    }

    /// The rebates of [`Base::market`], for a city holding any (rare).
    #[cold]
    #[inline(never)]
    fn rebates(&self, cities: &[City], me: &City, sellers: [usize; 2], market: &mut Market<'_>) {
        let a = &me.abilities;
        market.board_rebate = a.board_rebate;
        for (side, &s) in sellers.iter().enumerate() {
            market.boards[side] = self.vocab.made_with(&cities[s], ColourSet(0), true);
            if me.bought & (1 << side) == 0 {
                market.rebate[side] = a.first_rebate[side];
            }
        }
    }

    /// Every legal move of `seat` with `hand`, from the position at the
    /// start of the turn, into `out`.
    pub fn moves(
        &self,
        table: &Position,
        seat: usize,
        hand: &[CardId],
        movegen: &mut MoveGen,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let city = &table.cities[seat];
        let budget = city.coins.max(0) as u32;
        let market = self.market(&table.cities, seat);
        // Whether any city grants coin discounts (Leaders), asked only once
        // a card costs coins.
        let mut coin_discounts = None;
        movegen.stage.clear();
        let mut search = movegen.search.in_market(market);
        // Each stage the city may build now (the next one, or any open one
        // on a side with levels), with its own cost and options.
        let stages = &mut movegen.stage;
        if self.in_order(city) {
            if let Some(info) = self.stage_info(city, city.stages) {
                self.stage_payments(table, seat, &mut search, city.stages, info, stages);
            }
        } else {
            for (stage, info) in self.open_stages(city) {
                self.stage_payments(table, seat, &mut search, stage, info, stages);
            }
        }
        let ability = city.abilities.hand_colours();
        out.reserve(hand.len() * (movegen.stage.len() + 4));
        for (slot, &card) in hand.iter().enumerate() {
            let slot = slot as u8;
            let info = self.info.cards.get(usize::from(card.0));
            if let Some(info) = info.filter(|_| !city.has_name(self.vocab.name_class(card))) {
                if self.chained(city, card) {
                    self.push_options(out, Move::new(slot, card, Action::Chain));
                } else {
                    let coins = self.card_coins(table, seat, info, &mut coin_discounts);
                    let off = self.discount_for(city, Some(info.colour));
                    let pays = if city.holds(info.cost.tokens) {
                        search.search(coins, info.cost.resources, budget, off)
                    } else {
                        &[]
                    };
                    let free = pays.first() == Some(&Payment::FREE);
                    for &p in pays {
                        self.push_options(out, Move::new(slot, card, Action::Build(p)));
                    }
                    // Free builds are for Age cards only (the publisher's
                    // FAQ: never a leader or a wonder stage).
                    if !free && info.age > 0 {
                        let action = self.free_action(table, seat, info, ability);
                        if let Some(action) = action {
                            self.push_options(out, Move::new(slot, card, action));
                        }
                    }
                }
            }
            out.extend(
                movegen
                    .stage
                    .iter()
                    .map(|&(p, how, o)| Move::new(slot, card, Action::Stage(p, how)).choosing(o)),
            );
            out.push(Move::new(slot, card, Action::Discard));
        }
    }

    /// [`Base::coins_for`], asking whether any city grants coin discounts
    /// only once a card costs coins, and only once for a hand
    /// (`discounts`, kept from one card to the next).
    fn card_coins(
        &self,
        table: &Position,
        seat: usize,
        info: &CardInfo,
        discounts: &mut Option<bool>,
    ) -> u16 {
        let any = info.cost.coins_in(table.age.max(1)) > 0
            && *discounts.get_or_insert_with(|| {
                table
                    .cities
                    .iter()
                    .any(|c| !c.abilities.coin_discounts.is_empty())
            });
        self.coins_for(table, seat, info, any)
    }

    /// The free build a card not free by itself may have: by a rule of the
    /// city (which costs nothing to use), else a once-per-Age ability
    /// while one unused takes its colour (`ability`: the colours those
    /// take; Caligula's only black cards, leaders-facts.md §3.3). Never
    /// without either
    /// ([`may_build_free`], which the playout sampler counts on).
    fn free_action(
        &self,
        table: &Position,
        seat: usize,
        info: &CardInfo,
        ability: ColourSet,
    ) -> Option<Action> {
        let rules = &table.cities[seat].abilities.free_rules;
        if !rules.is_empty() && self.free_by_rule(table, seat, info) {
            Some(Action::RuleFree)
        } else {
            ability.contains(info.colour).then_some(Action::Free)
        }
    }

    /// The coins `info` costs the city at `seat` now: its printed coins
    /// (those per Age for the current Age) less the coin discounts every
    /// city grants it (`any`: whether any city grants one at all).
    pub fn coins_for(&self, table: &Position, seat: usize, info: &CardInfo, any: bool) -> u16 {
        let printed = info.cost.coins_in(table.age.max(1));
        let off = if any {
            City::coins_off(&table.cities, seat, info.colour)
        } else {
            0
        };
        printed.saturating_sub(off).min(u32::from(u16::MAX)) as u16
    }

    /// Resource units the city need not pay for a card of `colour`, or for
    /// a wonder stage (`None`).
    pub fn discount_for(&self, city: &City, colour: Option<sevenw_host::Colour>) -> u8 {
        city.abilities
            .discounts
            .iter()
            .filter(|(_, target)| match (target, colour) {
                (Discount::Wonders, None) => true,
                (Discount::Colours(set), Some(c)) => set.contains(c),
                _ => false,
            })
            .fold(0u8, |a, (n, _)| a.saturating_add(*n))
    }

    /// Whether a free-build rule of the city at `seat` makes the Age card
    /// `info` free now.
    pub fn free_by_rule(&self, table: &Position, seat: usize, info: &CardInfo) -> bool {
        let city = &table.cities[seat];
        if info.age == 0 || table.recruiting {
            return false;
        }
        city.abilities.free_rules.iter().any(|rule| match rule {
            FreeRule::Colours(set) => set.contains(info.colour),
            FreeRule::FirstOfColour => {
                city.colour_count[usize::from(info.colour.0) % MAX_COLOURS] == 0
            }
            // "La primera carta que eliges en cada Era": the first turn.
            FreeRule::FirstOfAge => table.turn == 1,
            // The last card played in an Age: the 6th turn (two cards in
            // hand), not the 7th card a wonder lets one play.
            FreeRule::LastOfAge => table.hands.get(seat).is_some_and(|h| h.len() == 2),
        })
    }

    /// A move in words (also the text a replay log checks).
    pub fn describe_move(&self, mv: &Move) -> String {
        let mut s = self.describe_action(mv);
        if mv.option > 0 {
            s.push_str(&format!(" choosing option {}", mv.option + 1));
        }
        s
    }

    /// `words` of `mv` (its [`Game::describe_in`](crate::game::Game::describe_in)),
    /// with what the option chosen does when what it builds offers a
    /// choice (`one of`): `… choosing option 2 (gain 2 vp)`, read in
    /// `state`. For the table only: logs keep the words without it.
    pub(super) fn with_option_words(&self, state: &State, mv: &Move, words: String) -> String {
        let mut s = words;
        let Some(seat) = crate::game::Game::to_move(self, state) else {
            return s;
        };
        let Some(city) = state.table.cities.get(seat) else {
            return s;
        };
        let source = match mv.action {
            Action::Stage(_, how) => Source::Stage {
                wonder: city.wonder,
                side: city.side,
                stage: how.stage,
            },
            _ => Source::Card(mv.card),
        };
        if self.options_of(city, mv) > 0 {
            let (_, text) = crate::engine::vocab::source_words(self.info, source);
            if let Some(t) = crate::text::option_text(text, mv.option) {
                if mv.option == 0 {
                    s.push_str(" choosing option 1");
                }
                s.push_str(&format!(" ({t})"));
            }
        }
        s
    }

    /// The name of the kind of token a loss of coins may be taken as by
    /// choice (`debt`), or `debt` if none.
    pub(super) fn debt_kind_name(&self) -> &'static str {
        (self.debt_choice)
            .and_then(|k| self.info.tokens.get(k))
            .map_or("debt", |k| k.name)
    }

    /// A choice of how to pay a loss of coins in `state`'s words: `pay 2
    /// coins and take 1 debt token`, either half alone when the other is
    /// none (`pay 1 coin`, `take 2 debt tokens`).
    pub(super) fn describe_owing(&self, state: &State, mv: &Move) -> Option<String> {
        let (Action::Owe(u), Phase::Choose(seat, Choice::Debt(loss))) = (mv.action, state.phase)
        else {
            return None;
        };
        let paid = super::turn::debt_paid(state.table.cities.get(seat)?.coins, loss, u);
        let kind = format!("{} token", self.debt_kind_name());
        let pay = format!("pay {}", crate::text::plural(paid, "coin"));
        let take = format!("take {}", crate::text::plural(loss - paid, &kind));
        Some(match (paid, loss - paid) {
            (_, 0) => pay,
            (0, _) => take,
            _ => format!("{pay} and {take}"),
        })
    }

    /// [`Base::describe_move`] without the option chosen.
    fn describe_action(&self, mv: &Move) -> String {
        let name = self.card_name(mv.card);
        let pay = |p: &Payment| {
            if *p == Payment::FREE || mv.unpaid() {
                String::new()
            } else {
                format!(" (bank {}, left {}, right {})", p.bank, p.left, p.right)
            }
        };
        let drafted = self
            .info
            .cards
            .get(usize::from(mv.card.0))
            .is_some_and(|c| c.age == 0);
        match &mv.action {
            Action::Build(p) if drafted => format!("recruit {name}{}", pay(p)),
            Action::Build(p) => format!("build {name}{}", pay(p)),
            Action::Chain => format!("build {name} by chain"),
            Action::Free => format!("build {name} free (once per age)"),
            Action::RuleFree => format!("build {name} free"),
            Action::Stage(p, how) => {
                let mut s = format!("{} with {name}{}", self.stage_words(*how), pay(p));
                if how.join {
                    s.push_str(" joining the project");
                }
                s
            }
            Action::Discard => format!("discard {name}"),
            Action::FromDiscard => format!("build {name} from the discard pile"),
            Action::Keep => format!("keep {name}"),
            Action::Entomb => format!("entomb {name}"),
            Action::Skip => "build nothing".to_string(),
            Action::Owe(0) => "pay all the coins it can".to_string(),
            Action::Owe(u) => format!(
                "take {} by choice, paying {} fewer",
                crate::text::plural(*u, &format!("{} token", self.debt_kind_name())),
                crate::text::plural(*u, "coin")
            ),
        }
    }
}

impl Base {
    /// The card actions of `seat` in the simultaneous turn or the draft
    /// (any seat that has not chosen yet: scenarios ask them in any order),
    /// its legal decisions: a build or a stage with its payment still to
    /// choose.
    pub(crate) fn seat_actions(&self, state: &mut State, seat: usize, out: &mut Vec<Move>) {
        self.seat_list(state, seat, false, out);
    }

    /// [`Base::seat_actions`] as complete moves: every build and stage with
    /// each of its ways to pay (what scenarios, sheets and replay logs of
    /// the first format name).
    pub(crate) fn seat_moves(&self, state: &mut State, seat: usize, out: &mut Vec<Move>) {
        self.seat_list(state, seat, true, out);
    }

    fn seat_list(&self, state: &mut State, seat: usize, full: bool, out: &mut Vec<Move>) {
        out.clear();
        let t = &state.table;
        if state.phase == Phase::Draft {
            if let Some(hand) = t.drafting.get(seat) {
                out.extend(
                    hand.iter()
                        .enumerate()
                        .filter(|&(slot, card)| full || !hand[..slot].contains(card))
                        .map(|(slot, &card)| Move::new(slot as u8, card, Action::Keep)),
                );
            }
            return;
        }
        let hand = if t.recruiting {
            t.side.get(seat)
        } else {
            t.hands.get(seat)
        };
        if let Some(hand) = hand {
            if full {
                self.moves(t, seat, hand, &mut state.scratch.movegen, out);
            } else {
                self.actions(t, seat, hand, &mut state.scratch.movegen, out);
            }
        }
        if out.is_empty() && seat < t.cities.len() {
            // Nothing left to play (an empty drafted hand): the turn passes.
            out.push(Move::new(0, CardId(0), Action::Skip));
        }
    }

    /// The complete legal moves of the position (each build and stage with
    /// each way to pay), as [`Game::legal_moves`](crate::game::Game::legal_moves)
    /// listed them before decisions came in two steps: what replay logs of
    /// the first format number their decisions by.
    pub fn complete_moves(&self, state: &mut State, out: &mut Vec<Move>) {
        out.clear();
        let t = &state.table;
        match state.phase {
            Phase::Turn | Phase::Draft => {
                let seat = state.chosen.len();
                self.seat_moves(state, seat, out);
            }
            Phase::LastCard(seat) => {
                self.moves(t, seat, &t.hands[seat], &mut state.scratch.movegen, out);
            }
            Phase::Choose(seat, choice) => self.choices(state, seat, choice, true, out),
            // No payment in them: as the legal moves.
            Phase::FreeBuild(_) | Phase::Over => {
                use crate::game::Game;
                state.paying = None;
                self.legal_moves(state, out);
            }
        }
    }

    /// Every card action of `seat` with `hand`, from the position at the
    /// start of the turn, into `out`: [`Base::moves`] with each build and
    /// stage once, unpaid, where some way to pay it exists (found without
    /// listing them all), and each card once however many copies the hand
    /// holds.
    pub fn actions(
        &self,
        table: &Position,
        seat: usize,
        hand: &[CardId],
        movegen: &mut MoveGen,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let mut hands = Hands::new(self, table, seat, movegen);
        for (slot, &card) in hand.iter().enumerate() {
            if hand[..slot].contains(&card) {
                continue;
            }
            let slot = slot as u8;
            hands.own_actions(slot, card, |_, mv| self.push_options(out, mv));
            out.extend(hands.stages.iter().map(|&(how, o, only)| {
                Move::card_action(slot, card, Action::Stage(Payment::FREE, how), only).choosing(o)
            }));
            out.push(Move::new(slot, card, Action::Discard));
        }
    }

    /// One of [`Base::actions`] drawn with `rng` as the search bot's
    /// playouts weigh them ([`Game::playout_weight`](crate::game::Game::playout_weight):
    /// `weight` for a build, a chain, a free build or a stage, 1 for a
    /// discard; with `weight` 1, every action alike: a random player's
    /// [`Game::uniform_move`](crate::game::Game::uniform_move)), without
    /// listing them: a card of the hand and a kind of action are drawn by
    /// the most weight a card's actions can have, and drawn again when that
    /// action is not legal. This rejection sampling
    /// gives each legal action exactly its share of the weight, as the
    /// listing would, but asks the payment search about one card instead of
    /// every card of the hand. `None` for an empty hand, one of more than
    /// [`HAND_DRAWN`] different cards (or, beyond chance, when every draw
    /// was rejected): [`Base::actions`] lists those.
    pub fn playout_action(
        &self,
        table: &Position,
        seat: usize,
        hand: &[CardId],
        movegen: &mut MoveGen,
        rng: &mut Rng,
        weight: u32,
    ) -> Option<Move> {
        // The first slot of each card (copies are one action).
        let mut distinct = [0u8; HAND_DRAWN];
        let mut n = 0;
        for (slot, &card) in hand.iter().enumerate() {
            if !hand[..slot].contains(&card) {
                let (Some(d), Ok(slot)) = (distinct.get_mut(n), u8::try_from(slot)) else {
                    return None;
                };
                *d = slot;
                n += 1;
            }
        }
        if n == 0 {
            return None;
        }
        let mut hands = Hands::new(self, table, seat, movegen);
        let w = weight.max(1) as usize;
        let stages = w * hands.stages.len();
        // Without a free build to be had, a card has one action of its own
        // at most.
        let own = if may_build_free(&table.cities[seat], hands.ability) {
            2
        } else {
            1
        };
        // Each of a card's own actions once per option of the card that
        // offers most (`one of`): a card with fewer has its other draws
        // rejected.
        let options = if self.card_choices {
            distinct[..n]
                .iter()
                .map(|&slot| usize::from(self.card_options(hand[usize::from(slot)])))
                .max()
                .unwrap_or(0)
                .max(1)
        } else {
            1
        };
        let per_kind = w * options;
        let per_card = stages + 1 + own * per_kind;
        // Each card's own actions, found the first time it is drawn.
        let mut found: [Option<[Option<Move>; 2]>; HAND_DRAWN] = [None; HAND_DRAWN];
        // The discard alone is accepted once in `per_card` draws: this many
        // all rejected is beyond chance (about e^-100 at worst), yet bounded.
        for _ in 0..per_card.saturating_mul(100) {
            let i = rng.below(n);
            let slot = distinct[i];
            let card = hand[usize::from(slot)];
            let r = rng.below(per_card);
            if r < stages {
                let (how, o, only) = hands.stages[r / w];
                return Some(
                    Move::card_action(slot, card, Action::Stage(Payment::FREE, how), only)
                        .choosing(o),
                );
            }
            if r == stages {
                return Some(Move::new(slot, card, Action::Discard));
            }
            let moves = *found[i].get_or_insert_with(|| {
                let mut moves = [None; 2];
                hands.own_actions(slot, card, |kind, mv| moves[kind] = Some(mv));
                moves
            });
            let i = r - stages - 1;
            // (Without a card offering a choice, one division as before.)
            let (kind, option) = if options == 1 {
                (i / w, 0)
            } else {
                (i / per_kind, i % per_kind / w)
            };
            if option > 0 && option >= usize::from(self.card_options(card)) {
                continue;
            }
            if let Some(mv) = moves[kind] {
                return Some(mv.choosing(option as u8));
            }
        }
        None
    }

    /// The ways `seat` may pay for the card action `mv` (unpaid), into the
    /// move generator's `pays`: those that differ in what each neighbour
    /// receives, cheapest first (the second step of a decision).
    pub(super) fn payments(&self, state: &mut State, seat: usize, mv: &Move) {
        self.payments_into(&state.table, seat, mv, &mut state.scratch.movegen);
    }

    /// The only way the seat to move may pay for the unpaid card action
    /// `mv`, when there is one alone (then no payment step follows: the
    /// move is told and shown with it); `None` while a payment is being
    /// chosen, or with several ways or none.
    pub(super) fn only_payment(&self, state: &State, mv: &Move) -> Option<Payment> {
        if !mv.unpaid() || state.paying.is_some() {
            return None;
        }
        let seat = crate::game::Game::to_move(self, state)?;
        let mut st = state.clone();
        self.payments(&mut st, seat, mv);
        match st.scratch.movegen.pays[..] {
            [p] => Some(p),
            _ => None,
        }
    }

    /// [`Base::payments`] at `t`, into `movegen`'s `pays`.
    pub(super) fn payments_into(
        &self,
        t: &Position,
        seat: usize,
        mv: &Move,
        movegen: &mut MoveGen,
    ) {
        movegen.pays.clear();
        let Some(cost) = self.cost_to_pay(t, seat, mv) else {
            return;
        };
        let market = self.market(&t.cities, seat);
        let mut search = movegen.search.in_market(market);
        let pays = search.search(cost.coins, cost.resources, cost.budget, cost.discount);
        movegen.pays.extend_from_slice(pays);
    }

    /// What paying for the card action `mv` of `seat` asks: its coins (a
    /// project's with a stage joining it), resources, the units off and
    /// the coins the city may spend; `None` for an action with nothing to
    /// pay or that cannot be taken.
    pub(super) fn cost_to_pay(&self, t: &Position, seat: usize, mv: &Move) -> Option<ToPay> {
        let city = t.cities.get(seat)?;
        let budget = city.coins.max(0) as u32;
        match mv.action {
            Action::Build(_) => {
                let info = self.info.cards.get(usize::from(mv.card.0))?;
                if !city.holds(info.cost.tokens) {
                    return None;
                }
                Some(ToPay {
                    coins: self.card_coins(t, seat, info, &mut None),
                    resources: info.cost.resources,
                    discount: self.discount_for(city, Some(info.colour)),
                    budget,
                })
            }
            Action::Stage(_, how) => {
                let cost = (self.stage_cost(city, how.stage))
                    .filter(|c| city.holds(c.tokens) && self.stage_open(city, how.stage))?;
                let extra = if how.join {
                    self.join_cost(t, seat)?
                } else {
                    0
                };
                Some(ToPay {
                    coins: cost.coins.saturating_add(extra),
                    resources: cost.resources,
                    discount: self.discount_for(city, None),
                    budget,
                })
            }
            _ => None,
        }
    }

    /// The options of a choice asked of `seat`; with `full`, each build
    /// with each way to pay.
    pub(super) fn choices(
        &self,
        state: &mut State,
        seat: usize,
        choice: Choice,
        full: bool,
        out: &mut Vec<Move>,
    ) {
        let t = &state.table;
        let colour_in = |c: CardId, set: ColourSet| {
            self.info
                .cards
                .get(usize::from(c.0))
                .is_some_and(|i| set.contains(i.colour))
        };
        match choice {
            Choice::Entomb(colours) => {
                out.extend(
                    t.cities[seat]
                        .cards
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| colour_in(c, colours))
                        .map(|(slot, &card)| Move::new(slot as u8, card, Action::Entomb)),
                );
            }
            Choice::Recruit(colours) => {
                let mut all = Vec::new();
                let hand: Vec<CardId> = t.side[seat].clone();
                if full {
                    self.moves(t, seat, &hand, &mut state.scratch.movegen, &mut all);
                } else {
                    self.actions(t, seat, &hand, &mut state.scratch.movegen, &mut all);
                }
                out.extend(all.into_iter().filter(|m| {
                    matches!(m.action, Action::Build(_) | Action::Chain)
                        && colour_in(m.card, colours)
                }));
                out.push(Move::new(0, CardId(0), Action::Skip));
            }
            // Paying all it can first; then a token more by choice each.
            Choice::Debt(loss) => {
                let payable = loss.min(t.cities[seat].coins.max(0) as u32);
                let most = payable.min(u32::from(super::MAX_OWED_BY_CHOICE)) as u8;
                out.extend((0..=most).map(|u| Move::new(0, CardId(0), Action::Owe(u))));
            }
        }
    }
}

/// Whether [`Base::free_action`] may give any card of `city` a free build:
/// only by a rule of the city, or by a once-per-Age ability while unused
/// (`ability`: the colours those take).
fn may_build_free(city: &City, ability: ColourSet) -> bool {
    ability.0 != 0 || !city.abilities.free_rules.is_empty()
}

/// What listing one seat's card actions asks once for every card of its
/// hand: the market's payment search, the stage actions (the same with
/// every card) and the city's abilities ([`Base::actions`],
/// [`Base::playout_action`]).
struct Hands<'a> {
    base: &'a Base,
    table: &'a Position,
    seat: usize,
    budget: u32,
    ability: ColourSet,
    coin_discounts: Option<bool>,
    search: InMarket<'a, 'a>,
    stages: &'a [(StageHow, u8, Option<Payment>)],
}

impl<'a> Hands<'a> {
    #[inline(always)]
    fn new(base: &'a Base, table: &'a Position, seat: usize, movegen: &'a mut MoveGen) -> Self {
        let city = &table.cities[seat];
        let budget = city.coins.max(0) as u32;
        let mut search = movegen.search.in_market(base.market(&table.cities, seat));
        let stages = &mut movegen.stage_actions;
        stages.clear();
        // The next stage (a side without levels, every shipped one) as
        // directly as looking it up; each open one on a side with levels.
        if base.in_order(city) {
            if let Some(info) = base.stage_info(city, city.stages) {
                base.stage_quotes(table, seat, &mut search, city.stages, info, stages);
            }
        } else {
            for (stage, info) in base.open_stages(city) {
                base.stage_quotes(table, seat, &mut search, stage, info, stages);
            }
        }
        Hands {
            base,
            table,
            seat,
            budget,
            ability: city.abilities.hand_colours(),
            coin_discounts: None,
            search,
            stages,
        }
    }

    /// The actions of `card` (at `slot`) that are its own, not a stage or
    /// the discard, each given to `push` with its kind (0: its chain, or
    /// its build where some way to pay it exists; 1: its free build where
    /// one applies); none for a card the city already has.
    #[inline(always)]
    fn own_actions(&mut self, slot: u8, card: CardId, mut push: impl FnMut(usize, Move)) {
        let (base, table, seat) = (self.base, self.table, self.seat);
        let city = &table.cities[seat];
        let Some(info) = base
            .info
            .cards
            .get(usize::from(card.0))
            .filter(|_| !city.has_name(base.vocab.name_class(card)))
        else {
            return;
        };
        if base.chained(city, card) {
            push(0, Move::new(slot, card, Action::Chain));
            return;
        }
        let coins = base.card_coins(table, seat, info, &mut self.coin_discounts);
        let off = base.discount_for(city, Some(info.colour));
        let quote = self
            .search
            .quote(coins, info.cost.resources, self.budget, off);
        // A cost in tokens the city lacks cannot be paid, whatever the coins.
        let quote = if city.holds(info.cost.tokens) {
            quote
        } else {
            Quote::Unpayable
        };
        let build = |only| Move::card_action(slot, card, Action::Build(Payment::FREE), only);
        match quote {
            Quote::Unpayable => {}
            Quote::Only(p) => push(0, build(Some(p))),
            Quote::Trade => push(0, build(None)),
        }
        // Free builds are for Age cards only (the publisher's FAQ: never a
        // leader or a wonder stage).
        if quote != Quote::Only(Payment::FREE) && info.age > 0 {
            let action = base.free_action(table, seat, info, self.ability);
            if let Some(action) = action {
                push(1, Move::new(slot, card, action));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::mcts::PLAYOUT_WEIGHT;

    /// At turns of random games (first and second edition, with Leaders and
    /// Edifice), the search bot's playout actions are drawn as weighing the
    /// listed actions would draw them: every action drawn is listed, and
    /// each listed action is drawn its weight's share of 8,000 draws
    /// (within five standard deviations, the draws seeded).
    #[test]
    fn playout_actions_are_drawn_as_the_listing_weighs_them() {
        let games = [
            (None, &[][..], 3),
            (None, &["leaders", "edifice"][..], 4),
            (Some(2), &["leaders", "edifice"][..], 7),
        ];
        let (mut checked, mut with_free) = (0, 0);
        for (edition, with, players) in games {
            let info = crate::select(sevenw_cards::GAMES, "base", edition, with).unwrap();
            let g = Base::new(info).unwrap();
            let mut st = g.start(&Setup::new(players, 5)).unwrap();
            let (mut play, mut draw) = (Rng::new(9), Rng::new(10));
            let (mut moves, mut listed) = (Vec::new(), Vec::new());
            let mut ply = 0;
            while g.to_move(&st).is_some() {
                g.legal_moves(&mut st, &mut moves);
                let (t, paying) = (&st.table, st.paying.is_some());
                let turn = crate::games::base::playout_hand(t, st.phase, paying, st.chosen.len());
                if let Some((seat, hand)) = turn.filter(|_| ply % 5 == 0) {
                    let mg = &mut st.scratch.movegen;
                    g.actions(t, seat, hand, mg, &mut listed);
                    let weight = |m: &Move| g.playout_weight(m);
                    crate::mcts::assert_drawn_as_weighed(&listed, weight, 8_000, || {
                        g.playout_action(t, seat, hand, mg, &mut draw, PLAYOUT_WEIGHT)
                            .expect("an action")
                    });
                    checked += 1;
                    let free = |m: &Move| matches!(m.action, Action::Free | Action::RuleFree);
                    with_free += usize::from(listed.iter().any(free));
                }
                let mv = moves[play.below(moves.len())];
                g.apply(&mut st, &mv);
                ply += 1;
            }
        }
        assert!(checked > 40, "{checked} positions checked");
        // Free builds (Olympia's, say) are drawn too.
        assert!(with_free > 0, "no free build among {checked} positions");
    }

    /// A random player's move ([`Game::uniform_move`]) is every legal move
    /// as often as any other: a card action drawn without the list at a
    /// turn or the last card, from the list otherwise (payment steps,
    /// Leaders' draft, a free build from the discard). 4,000 seeded draws
    /// at positions of three games.
    #[test]
    fn random_players_draw_every_legal_move_alike() {
        let games = [
            (None, &[][..], 3),
            (None, &["leaders", "edifice"][..], 4),
            (Some(2), &["leaders", "edifice"][..], 7),
        ];
        let (mut turns, mut others) = (0, 0);
        for (edition, with, players) in games {
            let info = crate::select(sevenw_cards::GAMES, "base", edition, with).unwrap();
            let g = Base::new(info).unwrap();
            let mut st = g.start(&Setup::new(players, 5)).unwrap();
            let (mut play, mut draw) = (Rng::new(9), Rng::new(10));
            let mut moves = Vec::new();
            let mut ply = 0;
            while g.to_move(&st).is_some() {
                g.legal_moves(&mut st, &mut moves);
                let turn = crate::games::base::playout_hand(
                    &st.table,
                    st.phase,
                    st.paying.is_some(),
                    st.chosen.len(),
                )
                .is_some();
                if moves.len() > 1 && ply % if turn { 6 } else { 2 } == 0 {
                    crate::mcts::assert_uniform_at(&g, &mut st, 4_000, &mut draw);
                    *if turn { &mut turns } else { &mut others } += 1;
                }
                let mv = moves[play.below(moves.len())];
                g.apply(&mut st, &mv);
                ply += 1;
            }
        }
        assert!(
            turns > 40 && others > 10,
            "{turns} and {others} positions checked"
        );
    }
}

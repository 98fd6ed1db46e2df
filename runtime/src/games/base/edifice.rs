//! Edifice's projects: one drawn per Age, joined with a wonder stage,
//! completed when its last pawn is taken (its participants have its
//! reward) or failed at the end of the Age (the others pay its penalty, in
//! debt when they cannot pay in full: the `PenaltyProbe` host tells).

use sevenw_host::{CardId, ColourSet, Event, Source, TokenKind};

use crate::engine::city::{City, seat_at, valid_offset};
use crate::engine::host::CityHost;

use super::{Base, Position, Project, State, Status};

/// Edifice: projects drawn, joined, completed and failed.
impl Base {
    /// "Preparación": one project of each Age drawn at random, with the
    /// pawns of the player count on it; the others stay in the box.
    pub(super) fn deal_projects(&self, state: &mut State) {
        let Some(rule) = self.info.projects else {
            return;
        };
        let n = state.table.cities.len().min(255) as u8;
        let pawns = rule.pawns_for(n);
        for age in 1..=self.info.ages {
            let pool: Vec<CardId> = (0..self.info.cards.len())
                .filter(|&i| {
                    let c = &self.info.cards[i];
                    c.age == age && c.colour == rule.colour
                })
                .map(|i| CardId(i as u16))
                .collect();
            if pool.is_empty() {
                continue;
            }
            let card = pool[state.rng.below(pool.len())];
            state.table.projects.push(Project {
                card,
                age,
                pawns,
                left: pawns,
                from_box: 0,
                status: Status::Open,
            });
        }
    }

    /// `seat` joins the current Age's project: a pawn from the card, or
    /// from the box when the card has none left ("si varios jugadores
    /// participan en el mismo turno y no hay suficientes peones").
    pub(super) fn join(&self, t: &mut Position, seat: usize) {
        let age = t.age;
        let Some(p) = t.projects.iter_mut().find(|p| p.age == age) else {
            return;
        };
        let Some(me) = t.seats.get_mut(seat) else {
            return;
        };
        if p.status != Status::Open || me.has_pawn(age) || age == 0 {
            return;
        }
        me.add_pawn(age);
        if p.left > 0 {
            p.left -= 1;
        } else {
            p.from_box = p.from_box.saturating_add(1);
        }
    }

    /// A pawn from the box (Ur): of `age`'s project, or for 0 of the
    /// earliest project still open that the city holds no pawn of. Decided
    /// where the rules are silent (facts §3.4): it does not take a pawn off
    /// the card (so it never completes a project), a city holds one pawn
    /// of a project at most, and no pawn is taken for a project already
    /// completed or failed (its reward was given when it completed).
    pub(super) fn take_pawn(&self, t: &mut Position, seat: usize, age: u8) {
        let Some(me) = t.seats.get_mut(seat) else {
            return;
        };
        let p = t.projects.iter_mut().find(|p| {
            p.status == Status::Open && !me.has_pawn(p.age) && (age == 0 || p.age == age)
        });
        if let Some(p) = p {
            me.add_pawn(p.age);
            p.from_box = p.from_box.saturating_add(1);
        }
    }

    /// "B. Construir la edificación": when the last pawn of the current
    /// Age's project has been taken, every holder of one of its pawns gains
    /// its reward at once (in seat order).
    pub(super) fn complete_projects(&self, state: &mut State) {
        let age = state.table.age;
        let Some(i) = state
            .table
            .projects
            .iter()
            .position(|p| p.age == age && p.status == Status::Open && p.left == 0)
        else {
            return;
        };
        let t = &mut state.table;
        t.projects[i].status = Status::Completed;
        let card = t.projects[i].card;
        for seat in 0..t.cities.len() {
            if t.seats[seat].has_pawn(age) {
                self.reward(&mut t.cities, seat, card);
            }
        }
    }

    /// The project `card`'s reward for the city at `seat`: its effects run
    /// as if built (its production from now on), and a reward that acts
    /// later (points at game end) stays one of the city's sources, without
    /// the card being one of its built cards.
    pub fn reward(&self, cities: &mut [City], seat: usize, card: CardId) {
        let source = Source::Card(card);
        cities[seat].gain_source(self.info, source);
        self.run_built(cities, seat, source, Event::Built, true);
    }

    /// "Si al final de la Era … queda al menos 1 peón": the current Age's
    /// project fails before the conflicts; every player without a pawn of
    /// the Age pays its penalty, or, unable to pay all of it, nothing and
    /// takes the Age's debt token.
    pub(super) fn fail_project(&self, state: &mut State) {
        let age = state.table.age;
        let Some(rule) = self.info.projects else {
            return;
        };
        let Some(i) = state
            .table
            .projects
            .iter()
            .position(|p| p.age == age && p.status == Status::Open)
        else {
            return;
        };
        state.table.projects[i].status = Status::Failed;
        let card = state.table.projects[i].card;
        for seat in 0..state.table.cities.len() {
            if state.table.seats[seat].has_pawn(age) {
                continue;
            }
            self.penalty(state, seat, card, rule.debt);
        }
    }

    /// `seat` pays the penalty of `card` if it can pay all of it, else
    /// takes a token of the declared kind `debt` of the current Age.
    pub fn penalty(&self, state: &mut State, seat: usize, card: CardId, debt: u8) {
        let t = &mut state.table;
        let source = Source::Card(card);
        let payable = {
            let mut probe = PenaltyProbe {
                base: self,
                cities: &t.cities,
                seat,
                payable: true,
            };
            self.vocab.effects(source, Event::Failed, &mut probe);
            probe.payable
        };
        if !payable {
            t.cities[seat].take_tokens(self.info, usize::from(debt), 1, t.age);
            return;
        }
        if let Some(mut h) = CityHost::at(&self.vocab, &mut t.cities, seat, true) {
            h.source = Some(source);
            self.vocab.effects(source, Event::Failed, &mut h);
            crate::engine::city::run_copies(&self.vocab, &mut h);
        }
        self.settle_quietly(state, seat);
    }
}

/// Whether a penalty can be paid in full (Edifice "si no puedes pagar la
/// totalidad de la penalización"): coins and victory tokens enough, a card
/// of the colour to discard. Everything else it might do is payable.
struct PenaltyProbe<'a> {
    base: &'a Base,
    cities: &'a [City],
    seat: usize,
    payable: bool,
}

impl PenaltyProbe<'_> {
    /// `what` as the acting city counts it in every city
    /// ([`City::as_counted_elsewhere`]).
    fn elsewhere(&self, what: sevenw_host::Counted) -> Option<sevenw_host::Counted> {
        self.cities.get(self.seat)?.as_counted_elsewhere(what)
    }

    fn each(&self, seats: sevenw_host::Seats, ok: impl Fn(&City) -> bool) -> bool {
        let n = self.cities.len();
        seats
            .0
            .iter()
            .filter(|&&o| valid_offset(o, n))
            .all(|&o| ok(&self.cities[seat_at(self.seat, o, n)]))
    }
}

impl sevenw_host::PartialHost for PenaltyProbe<'_> {
    fn count(&self, what: sevenw_host::Counted, seats: sevenw_host::Seats) -> u32 {
        let Some(what) = self.elsewhere(what) else {
            return 0;
        };
        let n = self.cities.len();
        seats
            .0
            .iter()
            .filter(|&&o| valid_offset(o, n))
            .map(|&o| self.cities[seat_at(self.seat, o, n)].count(&self.base.vocab, what))
            .sum()
    }
    fn count_most(&self, what: sevenw_host::Counted, seats: sevenw_host::Seats) -> u32 {
        let Some(what) = self.elsewhere(what) else {
            return 0;
        };
        let n = self.cities.len();
        seats
            .0
            .iter()
            .filter(|&&o| valid_offset(o, n))
            .map(|&o| self.cities[seat_at(self.seat, o, n)].count(&self.base.vocab, what))
            .max()
            .unwrap_or(0)
    }
    fn age(&self) -> u8 {
        self.cities.get(self.seat).map_or(0, |c| c.age)
    }
    fn lose_coins(&mut self, n: u32, seats: sevenw_host::Seats) {
        let ok = self.each(seats, |c| i64::from(c.coins) >= i64::from(n));
        self.payable &= ok;
    }
    fn discard_card(&mut self, colours: ColourSet, seats: sevenw_host::Seats) {
        let info = self.base.info;
        let ok = self.each(seats, |c| {
            c.cards.iter().any(|&k| {
                info.cards
                    .get(usize::from(k.0))
                    .is_some_and(|i| colours.contains(i.colour))
            })
        });
        self.payable &= ok;
    }
    fn lose_tokens(&mut self, kind: TokenKind, n: u8, seats: sevenw_host::Seats) {
        // Losing defeat tokens is no loss; `all` victory tokens (255) is
        // whatever is held.
        if kind == TokenKind::Victory && n != u8::MAX {
            let ok = self.each(seats, |c| c.victories >= u32::from(n));
            self.payable &= ok;
        }
    }
}

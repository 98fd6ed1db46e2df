//! The senate (an expansion's `senate:`, Agora's Senate,
//! duel-expansions-facts.md §2.4-§2.5, §2.12): a row of chambers where
//! the players place influence cubes. A chamber is controlled by the
//! player with strictly more cubes in it, nobody on a tie; it gives its
//! controller its points at the end; with `supremacy`, a player who
//! controls every chamber at the same moment wins at once.
//!
//! The senate words leave [`SenateAct`]s to the turn structure; each cube
//! is a decision of its own ([`Choice::Senate`]), asked only where there
//! is something to choose, and numbered by [`Move::Senate`]'s code:
//! a chamber (`0..8`), a move of a cube from chamber `c` toward the
//! first chamber (`8 + 2c`) or the last (`8 + 2c + 1`), or stopping
//! ([`SENATE_PASS`]).

use serde_saphyr::Spanned;
use sevenw_host::{CardId, Event, SenateInfo, Source};

use crate::engine::city::{Pending, SenateAct};
use crate::engine::held::Join;
use crate::engine::host::CityHost;
use crate::engine::rng::Rng;

use super::{Choice, Duel, Move, Phase, Position, State};

/// The most chambers of a senate (the compiler's limit).
pub const MAX_CHAMBERS: usize = 8;

/// The code of [`Move::Senate`] that stops moving cubes.
pub const SENATE_PASS: u8 = 8 + 2 * MAX_CHAMBERS as u8;

/// A sheet's or scenario's `decrees:`, as read.
pub(super) type Decrees = Spanned<Vec<Option<Spanned<String>>>>;

/// A sheet's or scenario's `decrees_under:`, as read.
pub(super) type Under = Spanned<Vec<Vec<Spanned<String>>>>;

/// The cubes of each player in each chamber.
pub type Chambers = [[u8; 2]; MAX_CHAMBERS];

/// The code of a move of a cube from chamber `from` toward the last
/// chamber (`up`) or the first.
pub fn shift_code(from: usize, up: bool) -> u8 {
    (8 + 2 * from + usize::from(up)) as u8
}

/// What a [`Move::Senate`] code stands for: a chamber, or a move
/// `(from, to)`, or stopping (`None`).
pub fn decode(code: u8) -> Option<Result<usize, (usize, usize)>> {
    let c = usize::from(code);
    match c {
        _ if c < MAX_CHAMBERS => Some(Ok(c)),
        _ if code < SENATE_PASS => {
            let from = (c - 8) / 2;
            let to = if c % 2 == 1 {
                from + 1
            } else {
                from.wrapping_sub(1)
            };
            Some(Err((from, to)))
        }
        _ => None,
    }
}

impl Duel {
    /// The senate in play, if any.
    pub fn senate(&self) -> Option<&'static SenateInfo> {
        self.info.senate.as_ref()
    }

    /// The chambers of the senate in play (none without).
    pub fn chambers(&self) -> usize {
        self.senate()
            .map_or(0, |s| s.chambers.len().min(MAX_CHAMBERS))
    }

    /// Whether the senate in play lays decrees.
    pub fn has_decrees(&self) -> bool {
        self.senate().is_some_and(|s| s.decrees.is_some())
    }

    /// The decree cards of the senate in play, by id: every card of no Age
    /// of its decrees' colour.
    pub fn decree_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let colour = self.senate().and_then(|s| s.decrees);
        (self.info.cards.iter().enumerate())
            .filter(move |(_, c)| c.age == 0 && Some(c.colour) == colour)
            .map(|(i, _)| CardId(i as u16))
    }

    /// At the start of the game: a decree drawn at random onto each
    /// chamber, those of `face_down` face down, the others left in the
    /// box unseen (Agora, duel-expansions-facts.md §2.2 items 1-2). No
    /// draw without decrees.
    pub(super) fn lay_decrees(&self, t: &mut Position, rng: &mut Rng) {
        t.decrees = [None; MAX_CHAMBERS];
        t.decrees_down = 0;
        let Some(s) = self.senate().filter(|s| s.decrees.is_some()) else {
            return;
        };
        let mut all: Vec<CardId> = self.decree_cards().collect();
        rng.shuffle(&mut all);
        for (c, &d) in all.iter().take(self.chambers()).enumerate() {
            t.decrees[c] = Some(d);
        }
        for &c in s.face_down {
            t.decrees_down |= 1u8.checked_shl(u32::from(c)).unwrap_or(0);
        }
    }

    /// The face-down decrees dealt again from every decree no one has
    /// seen (those face down and those left in the box): at random, or
    /// (`None`, a masked state) the first by id, so that no seat's
    /// previews tell what lies face down.
    pub(super) fn redeal_decrees(&self, t: &mut Position, rng: Option<&mut Rng>) {
        let mut up: Vec<CardId> = (0..self.chambers())
            .filter(|&c| !Duel::decree_down(t, c))
            .filter_map(|c| t.decrees[c])
            .collect();
        up.extend(t.under.iter().map(|&(_, d)| d));
        let mut pool: Vec<CardId> = self.decree_cards().filter(|d| !up.contains(d)).collect();
        if let Some(rng) = rng {
            rng.shuffle(&mut pool);
        }
        let mut next = pool.into_iter();
        for c in 0..self.chambers() {
            if Duel::decree_down(t, c) && t.decrees[c].is_some() {
                t.decrees[c] = next.next();
            }
        }
    }

    /// Whether the decree of chamber `c` lies face down.
    pub fn decree_down(t: &Position, c: usize) -> bool {
        t.decrees_down & (1u8.checked_shl(c as u32).unwrap_or(0)) != 0
    }

    /// Control of the chambers changed from `before`: each decree leaves
    /// the player who lost its chamber, what it gave while held going
    /// with it, and joins the one who took it (Agora, §2.5: "losing
    /// control loses the effect").
    pub(super) fn pass_decrees(&self, st: &mut State, before: &[Option<usize>; MAX_CHAMBERS]) {
        for (c, &was) in before.iter().enumerate().take(self.chambers()) {
            let now = Duel::controller(&st.table.senate, c);
            if now == was {
                continue;
            }
            let held: Vec<CardId> = Duel::decrees_of(&st.table, c).collect();
            for d in held {
                self.hand_decree(st, d, was, now);
            }
        }
    }

    /// Every decree of chamber `c`: the one on top, then those under it.
    pub fn decrees_of(t: &Position, c: usize) -> impl Iterator<Item = CardId> + '_ {
        let top = t.decrees.get(c).copied().flatten();
        let under = (t.under.iter())
            .filter(move |&&(k, _)| usize::from(k) == c)
            .map(|&(_, d)| d);
        top.into_iter().chain(under)
    }

    /// Agora's Insider Influence (duel-expansions-facts.md §2.7 item 15):
    /// the decree on top of chamber `from` goes under the decree of
    /// chamber `to` (on top where it has none), turned face up; one under
    /// it, if any, comes to the top of `from`. What it gives leaves the
    /// controller of `from` for that of `to` (§2.5: a chamber's decrees,
    /// two as well, all apply to its controller). Which decree of a
    /// chamber holding two moves, and whether a face-down one may, the
    /// facts do not say: decided, the top one, face up or down, as it
    /// lies on top.
    pub(super) fn move_decree(&self, st: &mut State, from: usize, to: usize) {
        let n = self.chambers();
        let t = &mut st.table;
        if from == to || from >= n || to >= n {
            return;
        }
        let Some(d) = t.decrees[from].take() else {
            return;
        };
        t.decrees_down &= !(1u8 << from);
        if let Some(i) = t.under.iter().position(|&(k, _)| usize::from(k) == from) {
            t.decrees[from] = Some(t.under.remove(i).1);
        }
        if t.decrees[to].is_none() {
            t.decrees[to] = Some(d);
            t.decrees_down &= !(1u8 << to);
        } else {
            t.under.push((to as u8, d));
        }
        let (was, now) = (
            Duel::controller(&t.senate, from),
            Duel::controller(&t.senate, to),
        );
        if was != now {
            self.hand_decree(st, d, was, now);
        }
    }

    /// Decree `d` leaves `was`'s city, what it gave while held going with
    /// it, and joins `now`'s.
    fn hand_decree(&self, st: &mut State, d: CardId, was: Option<usize>, now: Option<usize>) {
        let source = Source::Card(d);
        let t = &mut st.table;
        t.market[0] = t.market[0].wrapping_add(1);
        t.market[1] = t.market[1].wrapping_add(1);
        if let Some(old) = was {
            t.cities[old].leave(&self.vocab, source);
        }
        if let Some(new) = now {
            let other = 1 - new.min(1);
            super::turn::shadow(&t.cities[other], &mut st.shadow[other]);
            let me = &mut t.cities[new];
            me.gain_source(self.info, source);
            let mut host = CityHost::new(&self.vocab, me, &st.shadow, new, false);
            host.source = Some(source);
            let mut join = Join { host, option: 0 };
            self.vocab.effects(source, Event::Built, &mut join);
            t.cities[new].refresh_matching(&self.vocab);
        }
    }

    /// Who controls each chamber now.
    pub fn controllers(t: &Position) -> [Option<usize>; MAX_CHAMBERS] {
        std::array::from_fn(|c| Duel::controller(&t.senate, c))
    }

    /// Who controls chamber `c`: strictly more cubes.
    pub fn controller(senate: &Chambers, c: usize) -> Option<usize> {
        let [a, b] = senate[c];
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The cubes `seat` has not placed yet.
    pub fn cubes_left(&self, t: &Position, seat: usize) -> u8 {
        let cubes = self.senate().map_or(0, |s| s.cubes);
        let placed: u32 = t.senate.iter().map(|c| u32::from(c[seat])).sum();
        u32::from(cubes).saturating_sub(placed) as u8
    }

    /// The points of the chambers `seat` controls.
    pub fn senate_vp(&self, t: &Position, seat: usize) -> i32 {
        let Some(s) = self.senate() else { return 0 };
        (s.chambers.iter().enumerate())
            .take(MAX_CHAMBERS)
            .filter(|&(c, _)| Duel::controller(&t.senate, c) == Some(seat))
            .map(|(_, &p)| i32::from(p))
            .sum()
    }

    /// The player who controls every chamber, where that wins
    /// (`supremacy`, Agora's political supremacy, §2.12).
    pub fn political_supremacy(&self, t: &Position) -> Option<usize> {
        let s = self.senate().filter(|s| s.supremacy)?;
        let n = s.chambers.len().min(MAX_CHAMBERS);
        let first = Duel::controller(&t.senate, 0)?;
        (1..n)
            .all(|c| Duel::controller(&t.senate, c) == Some(first))
            .then_some(first)
    }

    /// How well `seat` holds the senate once `mv` is played for a cube of
    /// `act` (the greedy bot's judgement): every chamber at once wins
    /// where that wins; then the points of the chambers it controls less
    /// its opponent's, then its margins.
    pub fn senate_value(&self, senate: &Chambers, seat: usize, act: SenateAct, mv: &Move) -> i64 {
        let mut after = *senate;
        let other = 1 - seat.min(1);
        if let Move::Senate(code) = *mv {
            match (act, decode(code)) {
                (SenateAct::Remove { .. }, Some(Ok(c))) => {
                    after[c][other] = after[c][other].saturating_sub(1)
                }
                (_, Some(Ok(c))) => after[c][seat] = after[c][seat].saturating_add(1),
                (_, Some(Err((from, to)))) if to < MAX_CHAMBERS => {
                    after[from][seat] = after[from][seat].saturating_sub(1);
                    after[to][seat] = after[to][seat].saturating_add(1);
                }
                _ => {}
            }
        }
        let Some(s) = self.senate() else { return 0 };
        let n = s.chambers.len().min(MAX_CHAMBERS);
        let mut value = 0i64;
        let mut held = 0;
        for (c, &points) in s.chambers.iter().enumerate().take(n) {
            let sign = match Duel::controller(&after, c) {
                Some(w) if w == seat => {
                    held += 1;
                    1
                }
                Some(_) => -1,
                None => 0,
            };
            value += 100 * sign * (i64::from(points) + 1);
            value += i64::from(after[c][seat]) - i64::from(after[c][other]);
        }
        if s.supremacy && held == n {
            value += 1_000_000;
        }
        value
    }

    /// The senate for the page: each chamber's points, each player's
    /// cubes in it and who controls it; each player's cubes left; `null`
    /// without a senate.
    pub(super) fn senate_json(&self, v: &super::View<'_>) -> serde_json::Value {
        let Some(s) = self.senate() else {
            return serde_json::Value::Null;
        };
        let senate = v.senate();
        let chambers: Vec<serde_json::Value> = (s.chambers.iter().enumerate())
            .take(MAX_CHAMBERS)
            .map(|(c, &points)| {
                serde_json::json!({
                    "points": points,
                    "cubes": senate[c],
                    "controller": Duel::controller(senate, c),
                    "decree": v.decree(c).map(|d| self.card_json(d)),
                    "under": v.under(c).map(|d| self.card_json(d)).collect::<Vec<_>>(),
                    "decree_face_down": v.decree_face_down(c),
                })
            })
            .collect();
        let t = &v.state.table;
        serde_json::json!({
            "chambers": chambers,
            "cubes_left": [self.cubes_left(t, 0), self.cubes_left(t, 1)],
            "supremacy": s.supremacy,
        })
    }

    /// A sheet's or scenario's `influence:` for `seat`: its cubes in each
    /// chamber from the first, as many chambers as the senate has at
    /// most, no more cubes than a player has; refused without a senate.
    pub(super) fn give_influence(
        &self,
        st: &mut State,
        seat: usize,
        list: Option<&serde_saphyr::Spanned<Vec<serde_saphyr::Spanned<crate::doc::Scalar>>>>,
        found: &mut crate::doc::Found,
    ) {
        let Some(list) = list else { return };
        let Some(s) = self.senate() else {
            found.push(crate::doc::at(
                list,
                "no senate is in play: `influence` gives cubes in the chambers of a `senate:` of the card sets".to_string(),
            ));
            return;
        };
        let n = self.chambers();
        if list.value.len() > n {
            found.push(crate::doc::at(
                list,
                format!("the senate has {n} chambers, not {}", list.value.len()),
            ));
            return;
        }
        let cubes = i64::from(s.cubes);
        let mut total = 0;
        for (c, v) in list.value.iter().enumerate() {
            if let Some(k) = found.keep(crate::doc::int(v, "influence", 0..=cubes)) {
                st.table.senate[c][seat] = k as u8;
                total += k;
            }
        }
        if total > cubes {
            found.push(crate::doc::at(
                list,
                format!("a player has {cubes} cubes, not {total}"),
            ));
        }
    }

    /// A sheet's or scenario's `decrees:`: the decree on each chamber from
    /// the first, face up, by name (`~` for none), and `decrees_under:`,
    /// those under each; then each controller holds what its chambers'
    /// decrees give. Refused without decrees.
    pub(super) fn give_decrees(
        &self,
        st: &mut State,
        (list, under): (Option<&Decrees>, Option<&Under>),
        found: &mut crate::doc::Found,
    ) {
        st.table.decrees = [None; MAX_CHAMBERS];
        st.table.decrees_down = 0;
        st.table.under.clear();
        if let Some(list) = list.filter(|l| self.decrees_fit(l, l.value.len(), found)) {
            for (c, name) in list.value.iter().enumerate() {
                let Some(name) = name else { continue };
                if let Some(id) = self.decree_to_lay(st, name, found) {
                    st.table.decrees[c] = Some(id);
                }
            }
        }
        // `decrees_under:`: those under each chamber's top one (on top of
        // a chamber whose own is not written).
        if let Some(under) = under.filter(|u| self.decrees_fit(u, u.value.len(), found)) {
            for (c, names) in under.value.iter().enumerate() {
                for name in names {
                    let Some(id) = self.decree_to_lay(st, name, found) else {
                        continue;
                    };
                    if st.table.decrees[c].is_none() {
                        st.table.decrees[c] = Some(id);
                    } else {
                        st.table.under.push((c as u8, id));
                    }
                }
            }
        }
        self.pass_decrees(st, &[None; MAX_CHAMBERS]);
    }

    /// Whether a sheet's list of `len` chambers (`decrees:`,
    /// `decrees_under:`) fits the senate in play; what does not, found.
    fn decrees_fit<T>(&self, at: &Spanned<T>, len: usize, found: &mut crate::doc::Found) -> bool {
        let n = self.chambers();
        let why = if !self.has_decrees() {
            "no senate with decrees is in play: `decrees` names the decree of each chamber of a `senate:` with `decrees:`".to_string()
        } else if len > n {
            format!("the senate has {n} chambers, not {len}")
        } else {
            return true;
        };
        found.push(crate::doc::at(at, why));
        false
    }

    /// The decree a sheet names, if it is one of the senate's and lies on
    /// no chamber yet; what is wrong, found.
    fn decree_to_lay(
        &self,
        st: &State,
        name: &Spanned<String>,
        found: &mut crate::doc::Found,
    ) -> Option<CardId> {
        let id = found.keep(crate::sheet::card(&self.vocab, name))?;
        let t = &st.table;
        let why = if !self.decree_cards().any(|d| d == id) {
            format!("{} is not a decree of the senate", self.card_name(id))
        } else if t.decrees.contains(&Some(id)) || t.under.iter().any(|&(_, d)| d == id) {
            format!("{} lies on one chamber only", self.card_name(id))
        } else {
            return Some(id);
        };
        found.push(crate::doc::at(name, why));
        None
    }

    /// Asks `seat` for the first cube of `act`, where there is a choice;
    /// true if it asks.
    pub(super) fn senate_pending(&self, st: &mut State, seat: usize, act: SenateAct) -> bool {
        let mut any = Vec::new();
        self.senate_moves(&st.table, seat, act, &mut any);
        // Stopping alone is no choice.
        let asks = any.iter().any(|m| *m != Move::Senate(SENATE_PASS));
        if asks {
            st.phase = Phase::Choose {
                seat,
                choice: Choice::Senate { act },
            };
        }
        asks
    }

    /// The legal moves of a cube of `act` for `seat`.
    pub(super) fn senate_moves(
        &self,
        t: &Position,
        seat: usize,
        act: SenateAct,
        out: &mut Vec<Move>,
    ) {
        let n = self.chambers();
        let place = |out: &mut Vec<Move>, from: u8, to: u8| {
            if self.cubes_left(t, seat) > 0 {
                let span = usize::from(from)..=usize::from(to).min(n.saturating_sub(1));
                out.extend(span.map(|c| Move::Senate(c as u8)));
            }
        };
        let shift = |out: &mut Vec<Move>| {
            for c in (0..n).filter(|&c| t.senate[c][seat] > 0) {
                if c > 0 {
                    out.push(Move::Senate(shift_code(c, false)));
                }
                if c + 1 < n {
                    out.push(Move::Senate(shift_code(c, true)));
                }
            }
            out.push(Move::Senate(SENATE_PASS));
        };
        match act {
            SenateAct::Place { from, to, .. } => place(out, from, to),
            SenateAct::Remove { seats, .. } => {
                for victim in self.cities_named(seat, seats).filter(|&v| v != seat) {
                    let had = (0..n).filter(|&c| t.senate[c][victim] > 0);
                    out.extend(had.map(|c| Move::Senate(c as u8)));
                }
            }
            SenateAct::Shift { .. } => shift(out),
            SenateAct::Actions { from, to, .. } => {
                place(out, from, to);
                shift(out);
            }
        }
        out.sort_unstable_by_key(|m| match m {
            Move::Senate(c) => *c,
            _ => u8::MAX,
        });
        out.dedup();
    }

    /// `seat` chose `code` for a cube of `act`: the cube placed, removed
    /// or moved, a face-down piece of its chamber revealed; the rest of
    /// `act` waits first in line.
    pub(super) fn senate_choose(&self, st: &mut State, seat: usize, act: SenateAct, code: u8) {
        let before = Duel::controllers(&st.table);
        let t = &mut st.table;
        let Some(what) = decode(code) else {
            return; // stopping ends the act
        };
        let (rest, n) = match act {
            SenateAct::Place { n, from, to } => (SenateAct::Place { n: 0, from, to }, n),
            SenateAct::Remove { n, seats } => (SenateAct::Remove { n: 0, seats }, n),
            SenateAct::Shift { n } => (SenateAct::Shift { n: 0 }, n),
            SenateAct::Actions { n, from, to } => (SenateAct::Actions { n: 0, from, to }, n),
        };
        match (act, what) {
            (SenateAct::Remove { seats, .. }, Ok(c)) => {
                let victim = self.cities_named(seat, seats).find(|&v| v != seat);
                if let Some(v) = victim {
                    t.senate[c][v] = t.senate[c][v].saturating_sub(1);
                }
            }
            (_, Ok(c)) => {
                t.senate[c][seat] = t.senate[c][seat].saturating_add(1);
                // A face-down decree turns up as the first cube enters (§2.5).
                t.decrees_down &= !(1u8 << c);
            }
            // Only between chambers there are (a move never legal is
            // ignored, never a panic).
            (_, Err((from, to))) if from < self.chambers() && to < self.chambers() => {
                t.senate[from][seat] = t.senate[from][seat].saturating_sub(1);
                t.senate[to][seat] = t.senate[to][seat].saturating_add(1);
                t.decrees_down &= !(1u8.checked_shl(to as u32).unwrap_or(0));
            }
            (_, Err(_)) => {}
        }
        self.pass_decrees(st, &before);
        let t = &mut st.table;
        if n > 1 {
            let left = match rest {
                SenateAct::Place { from, to, .. } => SenateAct::Place { n: n - 1, from, to },
                SenateAct::Remove { seats, .. } => SenateAct::Remove { n: n - 1, seats },
                SenateAct::Shift { .. } => SenateAct::Shift { n: n - 1 },
                SenateAct::Actions { from, to, .. } => SenateAct::Actions { n: n - 1, from, to },
            };
            let pending = &mut t.cities[seat].abilities.pending;
            pending.insert(0, Pending::Senate(left));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for c in 0..MAX_CHAMBERS {
            assert_eq!(decode(c as u8), Some(Ok(c)));
            assert_eq!(decode(shift_code(c, true)), Some(Err((c, c + 1))));
            if c > 0 {
                assert_eq!(decode(shift_code(c, false)), Some(Err((c, c - 1))));
            }
        }
        assert_eq!(decode(SENATE_PASS), None);
    }

    /// A cube moved past either end of the row is no move: the state is
    /// left as it was, with no panic (a move never legal, applied anyway).
    #[test]
    fn a_move_off_the_row_changes_nothing() {
        let info = sevenw_host::GameInfo {
            senate: Some(SenateInfo {
                chambers: &[1, 2],
                cubes: 3,
                category: sevenw_host::Category(0),
                supremacy: false,
                decrees: None,
                face_down: &[],
            }),
            ..*crate::select(sevenw_cards::GAMES, "duel", None, &[]).unwrap()
        };
        let d = Duel::new(Box::leak(Box::new(info))).unwrap();
        let mut st = State::blank();
        st.table.cities = vec![Default::default(), Default::default()];
        st.table.senate[1] = [1, 0];
        let before = st.table.senate;
        d.senate_choose(&mut st, 0, SenateAct::Shift { n: 1 }, shift_code(1, true));
        d.senate_choose(&mut st, 0, SenateAct::Shift { n: 1 }, shift_code(7, true));
        assert_eq!(st.table.senate, before);
        d.senate_choose(&mut st, 0, SenateAct::Shift { n: 1 }, shift_code(1, false));
        assert_eq!(st.table.senate[0], [1, 0]);
    }

    #[test]
    fn control_is_a_strict_majority() {
        let mut s: Chambers = [[0; 2]; MAX_CHAMBERS];
        assert_eq!(Duel::controller(&s, 0), None);
        s[0] = [2, 1];
        s[1] = [1, 1];
        s[2] = [0, 3];
        assert_eq!(Duel::controller(&s, 0), Some(0));
        assert_eq!(Duel::controller(&s, 1), None);
        assert_eq!(Duel::controller(&s, 2), Some(1));
    }
}

//! Final scoring: each city scored through the generated effects, with the
//! copies made at game end (Olympia B's guild, Leaders' copies) chosen for
//! the best score, and the winners (best total, then most coins).

use sevenw_host::{CardId, Category, Event, Listens, ScienceRule, Source};

use crate::engine::city::{City, MAX_CATEGORIES, run_event, seat_at};
use crate::engine::host::ScoreHost;
use crate::engine::science;
use crate::engine::vocab::listens;
use crate::game::{Outcome, POINTS, Score, best_seats};

use super::{Base, Position, SCIENCE_SET_BONUS};

impl Base {
    /// The final score of the city `me` sitting at `seat` among `cities`,
    /// with these cards copied at game end.
    pub fn score_city(&self, cities: &[City], seat: usize, me: &City, copies: &[CardId]) -> Score {
        let mut h = ScoreHost::new(&self.vocab, me, cities, seat);
        if me.listening & Listens::GAME_END != 0 {
            run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
        }
        for &c in copies {
            let s = Source::Card(c);
            let l = listens(self.info, s);
            if l.has(Listens::BUILT) {
                self.vocab.effects(s, Event::Built, &mut h);
            }
            if l.has(Listens::GAME_END) {
                self.vocab.effects(s, Event::GameEnd, &mut h);
            }
        }
        let mut points = h.vp;
        let cat = |c: Category| usize::from(c.0) % MAX_CATEGORIES;
        points[cat(self.categories.military)] += me.conflict_vp;
        points[cat(self.categories.treasury)] += h.coins.max(0) / 3;
        // Each kind of token declared scores its points per token held.
        me.token_points(self.info, &mut points);
        // Entombed cards score under the wonder ("puntúa el doble de su coste").
        points[cat(self.categories.wonder)] += me.entombed.iter().map(|(_, vp)| vp).sum::<i32>();
        let nsym = self.info.symbols.len().min(science::MAX_SYM);
        let mut rules = science::Rules::default();
        let mut extra = 0u32;
        for r in &h.science_rules {
            match *r {
                ScienceRule::SetBonus { vp, .. } => extra += u32::from(vp),
                ScienceRule::Change => rules.changes = rules.changes.saturating_add(1),
                ScienceRule::CopyMost => rules.copies = rules.copies.saturating_add(1),
            }
        }
        let (sci, counts) = science::best_with(
            &h.science[..nsym],
            &h.wild,
            SCIENCE_SET_BONUS + extra,
            rules,
        );
        // A larger set bonus scores in the category of its source.
        let sets = counts[..nsym].iter().copied().min().map_or(0, u32::from);
        let mut science_vp = sci;
        for r in &h.science_rules {
            if let ScienceRule::SetBonus { vp, category } = *r {
                let bonus = u32::from(vp) * sets;
                science_vp -= bonus.min(science_vp);
                points[cat(category)] += bonus as i32;
            }
        }
        points[cat(self.categories.science)] += science_vp as i32;
        let ncat = self.info.categories.len().min(MAX_CATEGORIES);
        let total = points[..ncat].iter().sum();
        Score {
            points,
            total,
            coins: h.coins,
            copied: copies.to_vec(),
        }
    }

    /// Copies the city's sources grant at game end (rather than when built).
    fn game_end_copies(
        &self,
        cities: &[City],
        seat: usize,
        me: &City,
    ) -> Vec<(sevenw_host::ColourSet, sevenw_host::Seats)> {
        let mut h = ScoreHost::new(&self.vocab, me, cities, seat);
        run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
        h.copies
    }

    /// Cards `seat` may copy with the ability `(colours, seats)`, each
    /// with the seat of the city holding it: the same card in two cities is
    /// two cards to copy.
    fn copy_candidates(
        &self,
        cities: &[City],
        seat: usize,
        ability: &(sevenw_host::ColourSet, sevenw_host::Seats),
    ) -> Vec<(usize, CardId)> {
        let (colours, seats) = ability;
        let mut out = Vec::new();
        for &off in seats.0 {
            // Offset 0 is the city itself (Edifice's Agora applies one of
            // its own guilds again).
            let s = seat_at(seat, off, cities.len());
            for &c in &cities[s].cards {
                let colour = self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
                if colour.is_some_and(|col| colours.contains(col)) && !out.contains(&(s, c)) {
                    out.push((s, c));
                }
            }
        }
        out
    }

    /// Final scoring of every city: copies chosen for the best score of
    /// their owner, wildcards chosen for the best science, tie-break by
    /// coins.
    pub fn final_scores(&self, table: &Position) -> Outcome {
        let cities = &table.cities[..];
        let mut scores = Vec::with_capacity(cities.len());
        for (seat, me) in cities.iter().enumerate() {
            let mut chosen: Vec<CardId> = Vec::new();
            // Where each copied card lies: one card is copied once ("one
            // particular green card can be copied only once",
            // cities-facts.md §3.3), the same card of two cities twice.
            let mut taken: Vec<(usize, CardId)> = Vec::new();
            let mut abilities = me.abilities.copies.clone();
            if me.listening & Listens::GAME_END != 0 {
                abilities.extend(self.game_end_copies(cities, seat, me));
            }
            if abilities.is_empty() {
                // Nothing to copy (most cities): scored once, nothing kept.
                scores.push(self.score_city(cities, seat, me, &[]));
                continue;
            }
            let options: Vec<Vec<(usize, CardId)>> = (abilities.iter())
                .map(|a| self.copy_candidates(cities, seat, a))
                .collect();
            let mut search = CopySearch {
                best: None,
                left: COPY_SEARCH_LIMIT,
            };
            self.best_copies(
                cities,
                seat,
                me,
                &options,
                &mut chosen,
                &mut taken,
                &mut search,
            );
            let score = match search.best {
                Some((score, _)) => score,
                None => self.score_city(cities, seat, me, &[]),
            };
            scores.push(score);
        }
        let winners = winners(&scores);
        Outcome {
            scores,
            winners,
            victory: POINTS,
        }
    }
}

/// Most combinations of copies [`Base::best_copies`] scores for one city.
const COPY_SEARCH_LIMIT: u32 = 4096;

/// The best combination of copies found so far: its score and the cards
/// (sorted), and how many more combinations may be scored.
struct CopySearch {
    best: Option<(Score, Vec<CardId>)>,
    left: u32,
}

impl Base {
    /// Tries every combination of one card per copying ability (`options`:
    /// each ability's candidates; one card copied once), keeping the best
    /// total, and among equal totals the smallest sorted list of cards: the
    /// choice does not depend on the order the abilities were gained in (a
    /// city rebuilt from a sheet gains them in another order). An ability
    /// without a candidate left copies nothing. Past `COPY_SEARCH_LIMIT`
    /// combinations the best found is kept.
    #[allow(clippy::too_many_arguments)]
    fn best_copies(
        &self,
        cities: &[City],
        seat: usize,
        me: &City,
        options: &[Vec<(usize, CardId)>],
        chosen: &mut Vec<CardId>,
        taken: &mut Vec<(usize, CardId)>,
        search: &mut CopySearch,
    ) {
        if search.left == 0 {
            return;
        }
        let Some((first, rest)) = options.split_first() else {
            search.left -= 1;
            let score = self.score_city(cities, seat, me, chosen);
            let total = score.total;
            let mut cards = chosen.clone();
            cards.sort_unstable_by_key(|c| c.0);
            let better = search.best.as_ref().is_none_or(|(s, c)| {
                total > s.total
                    || (total == s.total && cards.iter().map(|c| c.0).lt(c.iter().map(|c| c.0)))
            });
            if better {
                search.best = Some((score, cards));
            }
            return;
        };
        let mut any = false;
        for &at in first {
            if taken.contains(&at) {
                continue;
            }
            any = true;
            chosen.push(at.1);
            taken.push(at);
            self.best_copies(cities, seat, me, rest, chosen, taken, search);
            taken.pop();
            chosen.pop();
        }
        if !any {
            self.best_copies(cities, seat, me, rest, chosen, taken, search);
        }
    }
}

/// Seats with the best total, then the most coins.
pub fn winners(scores: &[Score]) -> Vec<usize> {
    best_seats(scores.iter().map(|s| (s.total, s.coins)))
}

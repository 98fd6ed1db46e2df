//! Scoring ("Final de la partida"): the stages, blue cards, progress
//! tokens, military victory tokens and the cat; the best total wins, ties
//! to the most stages built.

use sevenw_host::{Category, Event, Listens};

use crate::engine::city::{MAX_CATEGORIES, run_event};
use crate::engine::host::ScoreHost;
use crate::game::{Outcome, POINTS, Score};

use super::{Architects, Position};

impl Architects {
    /// The score of every seat as things stand ("Final de la partida"):
    /// the stages built, blue cards and progress tokens (their game-end
    /// effects), military victory tokens and the cat.
    pub fn score(&self, t: &Position) -> Vec<Score> {
        let ncat = self.info.categories.len().min(MAX_CATEGORIES);
        (0..t.seats())
            .map(|seat| {
                let points = self.points(t, seat);
                Score {
                    points,
                    total: points[..ncat].iter().sum(),
                    coins: t.cities[seat].coins,
                    copied: Vec::new(),
                }
            })
            .collect()
    }

    /// The total of [`Architects::score`] for `seat` alone, without
    /// scoring the others (the greedy bot's previews).
    pub fn total(&self, t: &Position, seat: usize) -> i32 {
        let ncat = self.info.categories.len().min(MAX_CATEGORIES);
        self.points(t, seat)[..ncat].iter().sum()
    }

    /// The points of `seat` by category.
    fn points(&self, t: &Position, seat: usize) -> [i32; MAX_CATEGORIES] {
        let cat = |c: Category| usize::from(c.0) % MAX_CATEGORIES;
        let me = &t.cities[seat];
        let mut h = ScoreHost::new(&self.vocab, me, &t.cities, seat);
        if me.listening & Listens::GAME_END != 0 {
            run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
        }
        let mut points = h.vp;
        points[cat(self.categories.military)] += me.victories as i32 * self.victory_vp;
        if t.cat == Some(seat) {
            points[cat(self.categories.cat)] += i32::from(self.info.cat_vp);
        }
        me.token_points(self.info, &mut points);
        points
    }

    /// The result: the best total wins; ties go to the most stages built,
    /// then are shared ("En caso de empate, gana quien haya construido más
    /// Etapas … Si sigue habiendo empate, … comparten la victoria").
    pub fn result(&self, t: &Position) -> Outcome {
        let scores = self.score(t);
        let winners = crate::game::best_seats(
            scores
                .iter()
                .zip(&t.cities)
                .map(|(s, c)| (s.total, c.stages)),
        );
        Outcome {
            scores,
            winners,
            victory: POINTS,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::rng::Rng;
    use crate::game::{Game, Setup};
    use crate::games::architects::Architects;

    /// A seat's total alone ([`Architects::total`], what the greedy bot's
    /// previews read) is its total among every seat's scores, at every
    /// decision of random games from 2 to 7 players.
    #[test]
    fn a_seats_total_alone_is_its_total_among_all() {
        let g = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
        let mut checked = 0;
        for players in 2..=7 {
            let mut st = g.start(&Setup::new(players, 40 + players as u64)).unwrap();
            let (mut rng, mut moves) = (Rng::new(players as u64), Vec::new());
            while g.to_move(&st).is_some() {
                let all = g.score(&st.table);
                for (seat, s) in all.iter().enumerate() {
                    assert_eq!(g.total(&st.table, seat), s.total, "{players} players");
                    checked += usize::from(s.total != 0);
                }
                g.legal_moves(&mut st, &mut moves);
                g.apply(&mut st, &moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 1_000, "{checked} totals above zero");
    }
}

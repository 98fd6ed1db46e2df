//! Scoring ("Final de la partida"): the stages, blue cards, progress
//! tokens, military victory tokens and the cat; the best total wins, ties
//! to the most stages built.

use sevenw_host::{Category, Event, Listens};

use crate::engine::city::{MAX_CAT, run_event};
use crate::engine::host::ScoreHost;
use crate::game::{Outcome, POINTS, Score};

use super::{Architects, Table};

impl Architects {
    /// The score of every seat as things stand ("Final de la partida"):
    /// the stages built, blue cards and progress tokens (their game-end
    /// effects), military victory tokens and the cat.
    pub fn score(&self, t: &Table) -> Vec<Score> {
        let cat = |c: Category| usize::from(c.0) % MAX_CAT;
        let ncat = self.info.categories.len().min(MAX_CAT);
        (0..t.seats())
            .map(|seat| {
                let me = &t.cities[seat];
                let mut h = ScoreHost::new(me, &t.cities, seat);
                if me.listening & Listens::GAME_END != 0 {
                    run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
                }
                let mut points = h.vp;
                points[cat(self.cats.military)] += me.victories as i32 * self.victory_vp;
                if t.cat == Some(seat) {
                    points[cat(self.cats.cat)] += i32::from(self.info.cat_vp);
                }
                Score {
                    points,
                    total: points[..ncat].iter().sum(),
                    coins: me.coins,
                    copied: Vec::new(),
                }
            })
            .collect()
    }

    /// The result: the best total wins; ties go to the most stages built,
    /// then are shared ("En caso de empate, gana quien haya construido más
    /// Etapas … Si sigue habiendo empate, … comparten la victoria").
    pub fn result(&self, t: &Table) -> Outcome {
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

//! Scoring: civilian points ("Victoria civil"), the military points of the
//! pawn's zone, the winners and the result of a game (a supremacy or the
//! civilian count).

use sevenw_host::{Category, Event, Listens};

use crate::engine::city::{MAX_CATEGORIES, run_event};
use crate::engine::host::ScoreHost;
use crate::engine::military::Track;
use crate::game::{Outcome, Score};

use super::{COINS_PER_VP, Duel, Position, Victory};

impl Duel {
    /// Final scores of both cities as they are ("Victoria civil"): points of
    /// cards, wonders and tokens (their game-end effects), the conflict
    /// track's zone, 1 per 3 coins.
    pub fn score(&self, table: &Position) -> [Score; 2] {
        let mut out = [Score::default(), Score::default()];
        for (seat, o) in out.iter_mut().enumerate() {
            let me = &table.cities[seat];
            let mut h = ScoreHost::new(&self.vocab, me, &table.cities, seat);
            if me.listening & Listens::GAME_END != 0 {
                run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
            }
            let mut points = h.vp;
            let cat = |c: Category| usize::from(c.0) % MAX_CATEGORIES;
            points[cat(self.categories.military)] += table.track.zone_vp(&self.conflict, seat);
            points[cat(self.categories.treasury)] += h.coins.max(0) / COINS_PER_VP;
            if let Some(s) = self.senate() {
                points[cat(s.category)] += self.senate_vp(table, seat);
            }
            me.token_points(self.info, &mut points);
            let ncat = self.info.categories.len().min(MAX_CATEGORIES);
            o.points = points;
            o.total = points[..ncat].iter().sum();
            o.coins = me.coins;
        }
        out
    }

    /// "Victoria civil": the military points of the zone the pawn is in, for
    /// the player it advanced for.
    pub fn military_vp(&self, pawn: i32, seat: usize) -> i32 {
        Track::at(pawn, [0; 2]).zone_vp(&self.conflict, seat)
    }

    /// Winners of a civilian victory: the best total, then the most civilian
    /// (blue) points; both if still tied.
    pub fn civilian_winners(&self, scores: &[Score]) -> Vec<usize> {
        let civ = usize::from(self.categories.civilian.0) % MAX_CATEGORIES;
        crate::game::best_seats(scores.iter().map(|s| (s.total, s.points[civ])))
    }

    /// The result as the table stands (civilian scoring unless a supremacy
    /// ended the game).
    pub fn result(&self, table: &Position) -> Outcome {
        let scores = self.score(table);
        let (victory, winners) = match table.ended {
            Some((v, Some(w))) => (v, vec![w]),
            _ => (Victory::Civilian, self.civilian_winners(&scores)),
        };
        Outcome {
            scores: scores.to_vec(),
            winners,
            victory: victory.name(),
        }
    }
}

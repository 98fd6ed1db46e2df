//! What holds at every point of every Architects game: checked after every
//! move by `sevenw sim --check` and the `play` fuzz target.

use crate::game::{Broken, ensure};

use super::{Architects, State};

const CARDS: &str = "cards in one place";
const COINS: &str = "coins never negative";
const TOKENS: &str = "progress tokens in one place";
const CONFLICT: &str = "conflict tokens in play";
const CAT: &str = "the cat with a player";
const STAGES: &str = "stages built in order";
const HELD: &str = "a city is what its cards give";

impl Architects {
    pub(super) fn check(&self, state: &State) -> Result<(), Broken> {
        let t = &state.table;
        let n = t.seats();
        // Every copy of every deck (the unused wonders' in the box) is in
        // exactly one place.
        let mut want = vec![0usize; self.info.cards.len()];
        for d in self.info.decks {
            for &(c, k) in d.cards {
                if let Some(w) = want.get_mut(usize::from(c.0)) {
                    *w += usize::from(k);
                }
            }
        }
        let mut have = vec![0usize; self.info.cards.len()];
        let held = t.cities.iter().flat_map(|c| c.cards.iter());
        let piles = t.decks.iter().flatten().chain(&t.central).chain(&t.boxed);
        for c in piles.chain(&t.discard).chain(&t.looking).chain(held) {
            match have.get_mut(usize::from(c.0)) {
                Some(h) => *h += 1,
                None => return Err(Broken::new(CARDS, format!("no card {}", c.0))),
            }
        }
        if let Some(i) = (0..want.len()).find(|&i| want[i] != have[i]) {
            return Err(Broken::new(
                CARDS,
                format!(
                    "{} copies of {} are on the table; the game has {}",
                    have[i],
                    self.card_name(sevenw_host::CardId(i as u16)),
                    want[i]
                ),
            ));
        }
        let mut tokens = vec![0usize; self.info.progress.len()];
        for &k in t
            .face_up
            .iter()
            .chain(&t.pile)
            .chain(t.tokens.iter().flatten())
        {
            match tokens.get_mut(usize::from(k)) {
                Some(h) => *h += 1,
                None => return Err(Broken::new(TOKENS, format!("no token {k}"))),
            }
        }
        for (k, p) in self.info.progress.iter().enumerate() {
            ensure(tokens[k] == usize::from(p.copies), TOKENS, || {
                format!(
                    "{} copies of {} are on the table; the game has {}",
                    tokens[k],
                    self.token_name(k as u8),
                    p.copies
                )
            })?;
        }
        ensure(t.face_up.len() <= 3, TOKENS, || {
            format!("{} tokens face up", t.face_up.len())
        })?;
        ensure(
            t.war <= t.conflict && t.conflict == self.conflict_tokens(n),
            CONFLICT,
            || {
                format!(
                    "{} of {} tokens at war, {} for {n} players",
                    t.war,
                    t.conflict,
                    self.conflict_tokens(n)
                )
            },
        )?;
        ensure(t.cat.is_none_or(|c| c < n), CAT, || {
            format!("the cat is with seat {:?} of {n}", t.cat)
        })?;
        for (s, c) in t.cities.iter().enumerate() {
            ensure(c.coins >= 0, COINS, || {
                format!("seat {s} has {} coins", c.coins)
            })?;
            ensure(
                t.built[s].count_ones() == u32::from(c.stages),
                STAGES,
                || {
                    format!(
                        "seat {s}: {} stages counted, {:b} built",
                        c.stages, t.built[s]
                    )
                },
            )?;
            ensure(usize::from(c.progress) == t.tokens[s].len(), TOKENS, || {
                format!(
                    "seat {s}: {} tokens counted, {} held",
                    c.progress,
                    t.tokens[s].len()
                )
            })?;
            let coins: i32 = c.cards.iter().map(|&x| i32::from(self.kind(x).coins)).sum();
            ensure(coins == c.coins, HELD, || {
                format!(
                    "seat {s} has {} coins and coin cards worth {coins}",
                    c.coins
                )
            })?;
            let stages = self.stages(t.wonders[s]);
            ensure(
                stages.len() >= 16 || t.built[s] >> stages.len() == 0,
                STAGES,
                || {
                    format!(
                        "seat {s}: {:b} built of {} stages",
                        t.built[s],
                        stages.len()
                    )
                },
            )?;
            for p in 0..stages.len() {
                if t.built[s] & (1 << p) == 0 {
                    continue;
                }
                if let Some(q) = (0..stages.len())
                    .find(|&q| stages[q].level < stages[p].level && t.built[s] & (1 << q) == 0)
                {
                    return Err(Broken::new(
                        STAGES,
                        format!("seat {s} built stage {} before stage {}", p + 1, q + 1),
                    ));
                }
            }
        }
        Ok(())
    }
}

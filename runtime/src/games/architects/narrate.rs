//! An Architects game told decision by decision: after each, what changed
//! for every seat (cards taken and spent, stages built, tokens taken, the
//! cat) — the seat that decided first, with its decision, then any seat
//! whose turn passed without a choice (one deck left) — and every battle.

use std::fmt::Write;

use sevenw_host::CardId;

use crate::game::Game;
use crate::narrate::Narrate;

use super::{Architects, Move, Position, State};

/// What the story saw before the decision.
#[derive(Default)]
pub struct Memo {
    state: Option<State>,
}

/// `b` less `a`, as multisets.
fn minus(a: &[CardId], b: &[CardId]) -> Vec<CardId> {
    let mut rest = a.to_vec();
    let mut out = Vec::new();
    for &c in b {
        match rest.iter().position(|&x| x == c) {
            Some(i) => {
                rest.remove(i);
            }
            None => out.push(c),
        }
    }
    out
}

impl Architects {
    fn names_of(&self, cards: &[CardId]) -> String {
        let v: Vec<&str> = cards.iter().map(|&c| self.card_name(c)).collect();
        v.join(", ")
    }

    /// What changed for `seat` from `a` to `b`, in words.
    fn changes(&self, a: &Position, b: &Position, seat: usize) -> Vec<String> {
        let mut parts = Vec::new();
        let (was, is) = (&a.cities[seat], &b.cities[seat]);
        let gained = minus(&was.cards, &is.cards);
        let spent = minus(&is.cards, &was.cards);
        if !gained.is_empty() {
            parts.push(format!("gets {}", self.names_of(&gained)));
        }
        if !spent.is_empty() {
            parts.push(format!("spends {}", self.names_of(&spent)));
        }
        let w = b.wonders[seat];
        for p in 0..16u8 {
            if b.built[seat] & !a.built[seat] & (1 << p) != 0 {
                parts.push(format!("builds {}", self.piece_name(w, p)));
            }
        }
        for &k in b.tokens[seat].iter().skip(a.tokens[seat].len()) {
            parts.push(format!("takes {}", self.token_name(k)));
        }
        if b.cat == Some(seat) && a.cat != Some(seat) {
            parts.push("takes the cat".to_string());
        }
        parts
    }

    fn status(&self, t: &Position, seat: usize) -> String {
        format!(
            "[stages {}/{}, shields {}, war {}/{}]",
            t.built[seat].count_ones(),
            self.stages(t.wonders[seat]).len(),
            t.cities[seat].shields,
            t.war,
            t.conflict
        )
    }
}

impl Narrate for Architects {
    type Memo = Memo;

    fn labels(&self, st: &State) -> Vec<String> {
        st.table
            .wonders
            .iter()
            .enumerate()
            .map(|(s, &w)| format!("{}:{}", s + 1, self.wonder_name(w)))
            .collect()
    }

    fn opening(&self, st: &State, memo: &mut Memo, out: &mut String) {
        let t = &st.table;
        let up: Vec<&str> = t.face_up.iter().map(|&k| self.token_name(k)).collect();
        let _ = writeln!(out, "progress tokens face up: {}", up.join(", "));
        let _ = writeln!(out, "conflict tokens: {}", t.conflict);
        memo.state = Some(st.clone());
    }

    fn before(&self, st: &State, _seat: usize, memo: &mut Memo) {
        memo.state = Some(st.clone());
    }

    fn narrate(
        &self,
        st: &State,
        seat: usize,
        mv: &Move,
        labels: &[String],
        memo: &mut Memo,
        out: &mut String,
    ) {
        let t = &st.table;
        let Some(was) = memo.state.take() else {
            let _ = writeln!(out, "  {}  {}", labels[seat], self.describe(mv));
            return;
        };
        let mut parts = vec![self.describe_move(&was, mv)];
        let before = &was.table;
        parts.extend(self.changes(before, t, seat));
        let _ = writeln!(
            out,
            "  {}  {}   {}",
            labels[seat],
            parts.join("; "),
            self.status(t, seat)
        );
        let n = t.seats();
        for k in 1..n {
            let s = (seat + k) % n;
            let parts = self.changes(before, t, s);
            if !parts.is_empty() {
                let _ = writeln!(
                    out,
                    "  {}  (no choice) {}   {}",
                    labels[s],
                    parts.join("; "),
                    self.status(t, s)
                );
            }
        }
        if t.battles > before.battles {
            let won: Vec<String> = (0..n)
                .map(|s| {
                    let gain = t.cities[s]
                        .victories
                        .saturating_sub(before.cities[s].victories);
                    format!("{} +{gain}", labels[s])
                })
                .collect();
            let _ = writeln!(out, "  battle: {}", won.join(", "));
        }
        memo.state = Some(st.clone());
    }
}

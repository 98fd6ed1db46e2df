//! A Duel game told move by move: the draft, each Age with who starts it,
//! every card taken (with both players' coins and the pawn) and the tokens
//! it freed from the figure, every choice.

use std::fmt::Write;

use crate::narrate::Narrate;
use crate::text::roman;

use super::{Duel, MAX_LAYOUT, Move, State};

/// What the story has told so far.
#[derive(Default)]
pub struct Memo {
    age: u8,
    /// The tokens on the figure when last told (kind + 1 by slot).
    marks: [u8; MAX_LAYOUT],
}

impl Duel {
    fn names(&self, ws: &[u8]) -> String {
        let v: Vec<&str> = ws.iter().map(|&w| self.wonder_name(w)).collect();
        v.join(", ")
    }

    fn age_header(&self, st: &State, memo: &mut Memo, out: &mut String) {
        let t = &st.table;
        if t.age <= memo.age {
            return;
        }
        if memo.age == 0 {
            for s in 0..2 {
                let _ = writeln!(
                    out,
                    "player {} wonders: {}",
                    s + 1,
                    self.names(&t.wonders[s])
                );
            }
        }
        memo.age = t.age;
        memo.marks = *t.layout.marks();
        let _ = write!(
            out,
            "\nAge {} (player {} starts)\n",
            roman(t.age),
            t.current + 1
        ); // What lies on each board as the Age begins (its spaces in order).
        let mut first = 0;
        for b in self.info.boards {
            let range = first..first + b.spaces.len();
            first += b.spaces.len();
            let spaces = t.spaces.get(range.clone()).unwrap_or(&[]);
            let down = t.down.get(range).unwrap_or(&[]);
            let on: Vec<String> = (spaces.iter().zip(down))
                .map(|(c, &d)| match (c, d) {
                    (None, _) => "(empty)".to_string(),
                    (Some(c), 0) => self.card_name(*c).to_string(),
                    (Some(c), d) => format!("{} (face down, player {d}'s)", self.card_name(*c)),
                })
                .collect();
            let _ = writeln!(out, "the {}: {}", b.name, on.join(", "));
        }
    }
}

impl Narrate for Duel {
    type Memo = Memo;

    fn labels(&self, _state: &State) -> Vec<String> {
        vec!["player 1".to_string(), "player 2".to_string()]
    }

    fn opening(&self, st: &State, memo: &mut Memo, out: &mut String) {
        let b: Vec<&str> = st
            .table
            .board_tokens
            .iter()
            .map(|&k| self.token_name(k))
            .collect();
        let _ = writeln!(out, "progress tokens on the board: {}", b.join(", "));
        if !st.table.draft.is_empty() {
            let _ = writeln!(out, "wonder draft: {}", self.names(&st.table.draft));
        }
        self.age_header(st, memo, out);
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
        let who = &labels[seat];
        match mv {
            Move::Card { .. } | Move::Board { .. } => {
                let _ = writeln!(
                    out,
                    "  {who}  {:<52} [coins {} / {}, pawn {:+}]",
                    self.describe_move(mv),
                    t.cities[0].coins,
                    t.cities[1].coins,
                    t.track.pawn
                );
                for (was, now) in memo.marks.iter().zip(t.layout.marks()) {
                    if *was != 0 && *now == 0 {
                        let kind = self.info.tokens.get(usize::from(*was - 1));
                        let name = kind.map_or("a", |k| k.name);
                        let _ = writeln!(out, "  {who}  takes the {name} token on the figure");
                    }
                }
                memo.marks = *t.layout.marks();
            }
            Move::Pick(w) => {
                let _ = writeln!(out, "  {who}  takes {}", self.wonder_name(*w));
                if memo.age == 0 && !t.draft.is_empty() && t.draft.len() == 4 {
                    let _ = writeln!(out, "wonder draft: {}", self.names(&t.draft));
                }
            }
            // Struck face down, the card is named once in the discard pile.
            Move::Strike { .. } => {
                let name = t.discard.last().map_or("a card", |&c| self.card_name(c));
                let _ = writeln!(out, "  {who}  discards {name} from the figure");
            }
            Move::Token(k) => {
                let _ = writeln!(out, "  {who}  takes progress token {}", self.token_name(*k));
            }
            Move::Void(k) => {
                let k = self.token_name(*k);
                let _ = writeln!(out, "  {who}  removes progress token {k} from the game");
            }
            _ => {
                let _ = writeln!(out, "  {who}  {}", self.describe_move(mv));
            }
        }
        self.age_header(st, memo, out);
    }
}

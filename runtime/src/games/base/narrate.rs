//! A base game told turn by turn: the draft of the drafted cards, each
//! turn's moves once they are carried out (with the coins they leave), the
//! recruitment at the start of each Age, the last cards, free builds and
//! choices, and the conflicts at the end of each Age.

use std::fmt::Write;

use crate::narrate::Narrate;
use crate::text::{count, plural, roman};

use super::{Action, Base, Move, Phase, State};

/// What the story has told so far.
#[derive(Default)]
pub struct Memo {
    age: u8,
    turns: u32,
    turn_in_age: u8,
    phase: Phase,
    /// Whether the decision being told is of the recruitment.
    recruiting: bool,
}

impl Base {
    fn conflicts(&self, state: &State, age: u8, labels: &[String], out: &mut String) {
        let _ = writeln!(out, " conflicts of Age {}", roman(age));
        for (i, c) in state.table.cities.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {:<18} {:>2}, {}, {}, {:+} points so far",
                labels[i],
                plural(c.shields, "shield"),
                count(c.victories, "victory", "victories"),
                plural(c.defeats, "defeat"),
                c.conflict_vp
            );
        }
    }
}

impl Narrate for Base {
    type Memo = Memo;

    fn labels(&self, state: &State) -> Vec<String> {
        state
            .table
            .cities
            .iter()
            .enumerate()
            .map(|(i, c)| {
                format!(
                    "{}:{} {}",
                    i + 1,
                    self.wonder_name(c.wonder),
                    self.side_name(c.wonder, c.side)
                )
            })
            .collect()
    }

    fn opening(&self, state: &State, memo: &mut Memo, out: &mut String) {
        memo.age = state.table.age;
        if state.phase == Phase::Draft {
            let _ = write!(out, "\nDraft\n");
        } else {
            let _ = write!(out, "\nAge {}\n", roman(memo.age));
        }
    }

    fn before(&self, state: &State, _seat: usize, memo: &mut Memo) {
        memo.phase = state.phase;
        memo.recruiting = state.table.recruiting;
    }

    fn narrate(
        &self,
        state: &State,
        seat: usize,
        mv: &Move,
        labels: &[String],
        memo: &mut Memo,
        out: &mut String,
    ) {
        let coins = |s: usize| state.table.cities[s].coins;
        match memo.phase {
            Phase::Turn | Phase::Draft if state.turns_played > memo.turns => {
                memo.turns = state.turns_played;
                if memo.phase == Phase::Draft {
                    memo.turn_in_age += 1;
                    let _ = writeln!(out, " pick {}", memo.turn_in_age);
                } else if memo.recruiting {
                    let _ = writeln!(out, " recruitment");
                } else {
                    memo.turn_in_age += 1;
                    let _ = writeln!(out, " turn {}", memo.turn_in_age);
                }
                for (s, m) in state.resolved.iter().enumerate() {
                    let _ = writeln!(
                        out,
                        "  {:<18} {}  [coins {}]",
                        labels[s],
                        self.describe_move(m),
                        coins(s)
                    );
                }
            }
            Phase::LastCard(_) => {
                let _ = writeln!(
                    out,
                    "  {:<18} {} (last card)  [coins {}]",
                    labels[seat],
                    self.describe_move(mv),
                    coins(seat)
                );
            }
            Phase::FreeBuild(_) if mv.action == Action::FromDiscard => {
                let _ = writeln!(
                    out,
                    "  {:<18} builds {} from the discard pile",
                    labels[seat],
                    self.card_name(mv.card)
                );
            }
            Phase::Choose(..) => {
                let _ = writeln!(
                    out,
                    "  {:<18} {}  [coins {}]",
                    labels[seat],
                    self.describe_move(mv),
                    coins(seat)
                );
            }
            _ => {}
        }
        let over = state.phase == Phase::Over;
        if memo.age == 0 && state.table.age > 0 {
            // The draft is over: Age I begins.
            memo.age = state.table.age;
            memo.turn_in_age = 0;
            let _ = write!(out, "\nAge {}\n", roman(memo.age));
        } else if state.table.age > memo.age || (over && memo.age > 0) {
            self.conflicts(state, memo.age, labels, out);
            if over {
                memo.age = 0;
            } else {
                memo.age = state.table.age;
                memo.turn_in_age = 0;
                let _ = write!(out, "\nAge {}\n", roman(memo.age));
            }
        }
    }
}

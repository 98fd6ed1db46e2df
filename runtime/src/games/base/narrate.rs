//! A base game told turn by turn: the draft of the drafted cards, each
//! turn's moves once they are carried out (with the coins they leave), the
//! recruitment at the start of each Age, the last cards, free builds and
//! choices, and the conflicts at the end of each Age.

use std::fmt::Write;

use crate::engine::military::shields;
use crate::narrate::Narrate;
use crate::text::{count, plural, roman};

use super::{Action, Base, Choice, Move, Phase, State, Status};

/// What the story has told so far.
#[derive(Default)]
pub struct Memo {
    age: u8,
    turns: u32,
    turn_in_age: u8,
    phase: Phase,
    /// Whether the decision being told is of the recruitment.
    recruiting: bool,
    /// The coins of the seat deciding, before its decision (what a loss
    /// paid by choice is told with).
    coins: i32,
    /// Where each project stood when last told (Edifice).
    projects: Vec<Status>,
    /// Tokens of the projects' debt kind each city held when last told
    /// (Edifice).
    debts: Vec<i32>,
}

impl Base {
    /// Edifice: the projects completed or failed since last told, and who
    /// gained the reward, paid the penalty or took a debt token.
    fn projects(&self, state: &State, labels: &[String], memo: &mut Memo, out: &mut String) {
        let t = &state.table;
        memo.projects.resize(t.projects.len(), Status::Open);
        memo.debts.resize(t.seats.len(), 0);
        let debt = self.info.projects.map_or(0, |r| usize::from(r.debt));
        let kind = self.info.tokens.get(debt);
        for (i, p) in t.projects.iter().enumerate() {
            if memo.projects[i] == p.status {
                continue;
            }
            memo.projects[i] = p.status;
            let name = self.card_name(p.card);
            let holders: Vec<&str> = (0..t.seats.len())
                .filter(|&s| t.seats[s].has_pawn(p.age))
                .map(|s| labels[s].as_str())
                .collect();
            match p.status {
                Status::Completed => {
                    let _ = writeln!(
                        out,
                        " the {name} is completed: its reward for {}",
                        holders.join(", ")
                    );
                }
                Status::Failed => {
                    let _ = writeln!(out, " the {name} failed");
                    for (s, c) in t.seats.iter().enumerate() {
                        if c.has_pawn(p.age) {
                            continue;
                        }
                        let what = match kind {
                            Some(k) if t.cities[s].held(debt) > memo.debts[s] => {
                                let points = k.points.get(k.age_index(p.age)).unwrap_or(&0);
                                format!("takes a {} token ({points})", k.name)
                            }
                            _ => "pays its penalty".to_string(),
                        };
                        let _ = writeln!(out, "  {:<18} {what}", labels[s]);
                    }
                }
                Status::Open => {}
            }
        }
        for (s, c) in t.cities.iter().enumerate() {
            memo.debts[s] = c.held(debt);
        }
    }

    fn conflicts(&self, state: &State, age: u8, labels: &[String], out: &mut String) {
        let _ = writeln!(out, " conflicts of Age {}", roman(age));
        for (i, c) in state.table.cities.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {:<18} {:>2}, {}, {}, {:+} points so far",
                labels[i],
                plural(shields(&self.vocab, &state.table.cities, i), "shield"),
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

    fn before(&self, state: &State, seat: usize, memo: &mut Memo) {
        memo.phase = state.phase;
        memo.recruiting = state.table.recruiting;
        memo.coins = state.table.cities.get(seat).map_or(0, |c| c.coins);
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
            Phase::Choose(_, Choice::Debt(loss)) => {
                let Action::Owe(u) = mv.action else { return };
                let paid = super::turn::debt_paid(memo.coins, loss, u);
                let kind = format!("{} token", self.debt_kind_name());
                let _ = writeln!(
                    out,
                    "  {:<18} loses {}: pays {} and takes {}  [coins {}]",
                    labels[seat],
                    plural(loss, "coin"),
                    plural(paid, "coin"),
                    plural(loss - paid, &kind),
                    coins(seat)
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
        self.projects(state, labels, memo, out);
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

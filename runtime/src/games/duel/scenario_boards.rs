//! The boards' part of a Duel scenario (`scenario.rs`): each board's
//! spaces laid by hand, and why a take from a board or a lay on one is
//! refused, in words.

use serde_saphyr::Spanned;
use sevenw_host::CardId;

use crate::doc::{Found, Value, at, value_map};
use crate::sheet::card;
use crate::text::plural;

use super::{Duel, State};

impl Duel {
    /// The boards of a scenario: a card of theirs already built, under a
    /// wonder or discarded was taken from them; `boards`, when given, lays
    /// each board's spaces by hand (`~` an empty space), the other cards
    /// staying in the supply.
    pub(super) fn scenario_boards(
        &self,
        st: &mut State,
        boards: Option<&Spanned<Value>>,
        found: &mut Found,
    ) {
        let t = &mut st.table;
        let out: Vec<CardId> = (t.cities.iter().flat_map(|c| c.cards.iter().copied()))
            .chain(t.stage_cards.iter().flatten().copied())
            .chain(t.discard.iter().copied())
            .collect();
        for c in out {
            t.supply.retain(|&x| x != c);
            for space in t.spaces.iter_mut().filter(|s| **s == Some(c)) {
                *space = None;
            }
        }
        let Some(boards) = boards else { return };
        for space in 0..st.table.spaces.len() {
            self.clear_space(st, space);
        }
        let names: Vec<&str> = self.info.boards.iter().map(|b| b.name).collect();
        for (name, list) in found.keep(value_map(boards, "boards")).unwrap_or(&[]) {
            let key = name.value.trim().to_lowercase();
            let Some(b) = names.iter().position(|n| *n == key) else {
                found.push(at(
                    name,
                    format!(
                        "no board is named `{key}`; the boards: {}",
                        names.join(", ")
                    ),
                ));
                continue;
            };
            let first: usize = self.info.boards[..b].iter().map(|b| b.spaces.len()).sum();
            let len = self.info.boards[b].spaces.len();
            let items = match &list.value {
                Value::Seq(items) if items.len() <= len => items,
                _ => {
                    found.push(at(
                        list,
                        format!("`{key}` takes a list of at most {len} cards, one per space from the first (`~`: empty)"),
                    ));
                    continue;
                }
            };
            for (i, item) in items.iter().enumerate() {
                if matches!(item.value, Value::Null) {
                    continue;
                }
                let Some(text) = found.keep(crate::doc::value_text(item, "boards")) else {
                    continue;
                };
                let named = Spanned {
                    value: text.to_string(),
                    referenced: item.referenced,
                    defined: item.defined,
                };
                let Some(id) = found.keep(card(&self.vocab, &named)) else {
                    continue;
                };
                if !self.place_on_board(st, first + i, id) {
                    let name = self.card_name(id);
                    found.push(at(
                        item,
                        if self.boarded(id) {
                            format!("{name} is out already: built, under a wonder, discarded or on another space")
                        } else {
                            format!("{name} is no card of a board: the boards take the cards of their fills' colours, of no Age")
                        },
                    ));
                }
            }
        }
    }
}

impl Duel {
    /// Why `who` (at `seat`) may not take the card `rest` names ("X from
    /// the shrine …") from a board.
    /// Why `lays <rest>` is not a move of the choice of a card to lay on
    /// board `board`: a card not drawn, or a space not empty.
    pub(super) fn lay_why_not(&self, t: &super::Position, board: u8, rest: &str) -> String {
        let drawn: Vec<&str> = t.drawn_cards.iter().map(|&c| self.card_name(c)).collect();
        let card = rest.split(" on ").next().unwrap_or(rest).trim();
        let card = card.strip_suffix(" face down").unwrap_or(card);
        if !drawn.iter().any(|n| n.eq_ignore_ascii_case(card)) {
            return format!(
                "{card} was not drawn: the cards drawn are {}",
                drawn.join(" and ")
            );
        }
        let empty: Vec<String> = (self.spaces_of(usize::from(board)).enumerate())
            .filter(|&(_, s)| t.spaces.get(s) == Some(&None))
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        let name = self
            .info
            .boards
            .get(usize::from(board))
            .map_or("board", |b| b.name);
        format!("the empty spaces of the {name} are {}", empty.join(", "))
    }

    pub(super) fn board_why_not(
        &self,
        state: &State,
        who: &str,
        seat: usize,
        rest: &str,
    ) -> Option<String> {
        let t = &state.table;
        let c = self
            .vocab
            .find_card(rest.split(" from ").next().unwrap_or(rest))?;
        let name = self.card_name(c);
        let Some(space) = t.spaces.iter().position(|&s| s == Some(c)) else {
            return Some(format!("{name} is not on a board"));
        };
        let (board, _) = self.board_of(space)?;
        if t.down.get(space) > Some(&0) {
            return Some(format!(
                "{name} lies face down: the {} turns it face up when it opens",
                board.name
            ));
        }
        if !board.open.contains(&t.age) {
            let ages: Vec<String> = board.open.iter().map(|&a| crate::text::roman(a)).collect();
            let ages = match ages.split_last() {
                Some((last, [])) => format!("Age {last}"),
                Some((last, rest)) => format!("Ages {} and {last}", rest.join(", ")),
                None => "no Age".to_string(),
            };
            return Some(format!("the {} is open in {ages} only", board.name));
        }
        let mut price = self.price_to(t, space, seat)?;
        if let Some((_, given)) = rest.split_once(" giving up ") {
            let mut spend = 0u8;
            for one in given.split(" and ") {
                let kind = one.trim_start_matches("1 ").trim_end_matches(" token");
                let Some(b) = (self.offerings().iter())
                    .position(|&(k, _)| self.info.tokens.get(k).is_some_and(|t| t.name == kind))
                else {
                    return Some(format!("no {kind} token takes coins off a board's price"));
                };
                if t.cities[seat].held(self.offerings()[b].0) < 1 {
                    return Some(format!("{who} holds no {kind} token"));
                }
                spend |= 1 << b;
            }
            let Some(left) = self.spent_price(price, spend) else {
                if price == 0 {
                    return Some(format!("{name} is free for {who}: no token is given up"));
                }
                return Some(format!(
                    "a token {who} would give up is not needed: the others bring the price of {name} ({}) to nothing",
                    plural(price, "coin")
                ));
            };
            price = left;
        }
        Some(format!(
            "{who} cannot take {name}: it costs {} and {who} has {}",
            plural(price, "coin"),
            self.purse_words(&t.cities[seat])
        ))
    }
}

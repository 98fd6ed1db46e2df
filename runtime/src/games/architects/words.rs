//! Moves, decks, payments and science sets in words (also the text a
//! replay log checks).

use sevenw_host::{CardId, Pattern};

use super::{Architects, Deck, Move, Pay, Phase, Pick, Position, State};

impl Architects {
    /// A move in words.
    pub fn describe_move(&self, st: &State, mv: &Move) -> String {
        let t = &st.table;
        let seat = t.current;
        if let (Phase::Extra { top, .. }, Move::Take(d)) = (st.phase, *mv)
            && top > 1
        {
            let deck = match d {
                Deck::Central => "the central deck".to_string(),
                Deck::Seat(s) => self.deck_words(t, seat, s),
            };
            return format!("look at the top {top} cards of {deck}");
        }
        match *mv {
            Move::Take(d) => match d {
                Deck::Central => "take the central card".to_string(),
                Deck::Seat(s) => {
                    let top = t.deck(d).last().copied();
                    let card = top.map_or("nothing".to_string(), |c| self.card_name(c).to_string());
                    format!("take {card} from {}", self.deck_words(t, seat, s))
                }
            },
            Move::Keep(c) => format!("keep {}", self.card_name(c)),
            Move::Token(Pick::Up(k)) => format!("progress {}", self.token_name(k)),
            Move::Token(Pick::Pile) => "progress from the pile".to_string(),
            Move::Option(o) => format!("choose option {}", o + 1),
            Move::Build { piece, pay } => format!(
                "build {} with {}",
                self.piece_name(t.wonders[seat], piece),
                self.pay_words(&pay)
            ),
            Move::Science { symbols, pair } => {
                format!(
                    "trade {} for a progress token",
                    self.set_words(symbols, pair)
                )
            }
        }
    }

    /// `the left deck`, `the right deck`, `Cid's deck` (by seat number).
    pub fn deck_words(&self, t: &Position, seat: usize, owner: u8) -> String {
        let n = t.seats().max(1);
        let owner = usize::from(owner);
        if owner == seat % n {
            "the left deck".to_string()
        } else if owner == (seat + n - 1) % n {
            "the right deck".to_string()
        } else {
            format!("the deck of {}", self.wonder_name(t.wonders[owner]))
        }
    }

    /// `Wood, Stone and 1 coin (doubled)`.
    pub fn pay_words(&self, pay: &Pay) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (r, &n) in pay.res.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let name = self.res_card_name(r as u8);
            parts.push(if n == 1 {
                name.to_string()
            } else {
                format!("{n} {name}")
            });
        }
        let coin = self
            .kinds
            .iter()
            .position(|k| k.coins > 0)
            .map_or("Coin", |i| self.card_name(CardId(i as u16)));
        match pay.coins {
            0 => {}
            1 => parts.push(coin.to_string()),
            n => parts.push(format!("{n} {coin}s")),
        }
        let mut s = crate::text::listed(&parts);
        if parts.is_empty() {
            s = "nothing".to_string();
        }
        if pay.double {
            s.push_str(" (a coin counted twice)");
        }
        if pay.any {
            s.push_str(" (any resources)");
        }
        s
    }

    /// The name of the card that produces resource `r` (or the resource).
    pub fn res_card_name(&self, r: u8) -> &'static str {
        self.kinds
            .iter()
            .position(|k| k.res == Some(r))
            .map(|i| self.card_name(CardId(i as u16)))
            .or_else(|| self.info.resources.get(usize::from(r)).copied())
            .unwrap_or("?")
    }

    /// The name of the card that gives science symbol `s` (or the symbol).
    pub fn symbol_card_name(&self, s: u8) -> &'static str {
        self.kinds
            .iter()
            .position(|k| k.symbol == Some(s))
            .map(|i| self.card_name(CardId(i as u16)))
            .or_else(|| self.info.symbols.get(usize::from(s)).copied())
            .unwrap_or("?")
    }

    /// `Compass and Compass`, `Compass, Gear and Tablet`.
    pub fn set_words(&self, symbols: u16, pair: bool) -> String {
        let names: Vec<String> = (0..16u8)
            .filter(|&s| symbols & (1 << s) != 0)
            .map(|s| self.symbol_card_name(s).to_string())
            .collect();
        if pair {
            let n = names.first().cloned().unwrap_or_default();
            format!("{n} and {n}")
        } else {
            crate::text::listed(&names)
        }
    }
}

/// `3 different`, `2 identical`.
pub fn pattern_text(p: Pattern) -> String {
    let kind = if p.identical {
        "identical"
    } else {
        "different"
    };
    format!("{} {kind}", p.count)
}

//! Cards, wonders and their effects in plain words, from the resolved game:
//! what the language server shows on hover.

use crate::resolve::{
    Action, Card, Cond, Cost, Count, DiscountTarget, Effect, Effects, FreeRule, Game, Lost, Pile,
    ScienceRule, Trigger, Wonder,
};
use crate::vocab::{CounterKind, Unit, Vocab};

mod words;

use words::{described, trigger};

/// A card in a few lines of Markdown: what it is, its copies, its cost, what
/// it does and its chains.
pub fn card(game: &Game, c: &Card) -> String {
    let v = &game.vocab;
    let colour = c
        .colour
        .map_or("(unknown colour)", |i| v.colours[i as usize].as_str());
    let age = if c.age.value == 0 {
        "of no Age".to_string()
    } else {
        format!("Age {}", roman(c.age.value))
    };
    let mut out = format!(
        "**{}** — {colour} card, {age} of `{}`",
        c.name.value.trim(),
        v.game
    );
    if !c.aliases.is_empty() {
        let a: Vec<&str> = c.aliases.iter().map(|a| a.value.trim()).collect();
        out.push_str(&format!(" (also {})", a.join(", ")));
    }
    out.push_str("\n\n");
    // A card of no Age of a board's colour is laid on that board (by its
    // fills, or by a kind of token's `places`), not drafted.
    let board = (c.age.value == 0)
        .then(|| c.colour.and_then(|k| v.board_of_colour(k)))
        .flatten();
    if c.players.is_empty() {
        if let Some(b) = board {
            out.push_str(&format!("Laid on the board `{b}`.\n\n"));
        } else if c.age.value == 0 {
            out.push_str("Dealt by the draft rule");
            if c.expert == Some(true) {
                out.push_str(" (expert: only when every card is asked for)");
            }
            out.push_str(".\n\n");
        } else if v.guilds.is_some_and(|g| Some(g.colour) == c.colour) {
            out.push_str("Drawn by the guild rule.\n\n");
        } else if v
            .projects
            .as_ref()
            .is_some_and(|p| Some(p.colour) == c.colour)
        {
            out.push_str("A project: one per Age is drawn at set-up; players join it while building a wonder stage, paying its cost.\n\n");
        }
    } else {
        let mut p: Vec<i64> = c.players.iter().map(|p| p.value).collect();
        p.sort();
        let list: Vec<String> = p.iter().map(|n| format!("{n}+")).collect();
        out.push_str(&format!(
            "{} for {} players.\n\n",
            plural(p.len() as i64, "copy", "copies"),
            list.join(", ")
        ));
    }
    out.push_str(&format!("Cost: {}.\n\n", cost(v, &c.cost)));
    out.push_str(&effects(v, &c.effects));
    if !matches!(c.penalty, Effects::Absent) {
        out.push_str("\n\nPenalty, for every player without a pawn when it fails:\n");
        out.push_str(&effects(v, &c.penalty));
    }
    let chains: Vec<String> = c
        .chains
        .iter()
        .map(|ch| match (ch.own.first(), ch.extended.first()) {
            (Some(&i), _) => format!(
                "{} (Age {})",
                game.cards[i].name.value.trim(),
                roman(game.cards[i].age.value)
            ),
            (None, Some(&i)) => format!(
                "{} (Age {}, a card of `{}`)",
                game.extended[i].name.value.trim(),
                roman(game.extended[i].age.value),
                game.extended[i].game
            ),
            (None, None) => format!("{} (no such card)", ch.name.value.trim()),
        })
        .collect();
    if !chains.is_empty() {
        out.push_str(&format!("\n\nMakes free: {}.", chains.join(", ")));
    }
    let from: Vec<String> = game
        .cards
        .iter()
        .filter(|o| {
            o.chains
                .iter()
                .any(|ch| ch.own.iter().any(|&i| std::ptr::eq(&game.cards[i], c)))
        })
        .map(|o| o.name.value.trim().to_string())
        .collect();
    if !from.is_empty() {
        out.push_str(&format!("\n\nFree with: {}.", from.join(", ")));
    }
    out
}

/// A wonder board: each side's board effect and stages.
pub fn wonder(game: &Game, w: &Wonder) -> String {
    let v = &game.vocab;
    let mut out = format!("**{}** — wonder of `{}`", w.name.value.trim(), v.game);
    for s in &w.sides {
        out.push_str(&format!("\n\nSide {}: ", s.name.value.trim()));
        let board = effects(v, &s.effects);
        out.push_str(&board);
        for (i, st) in s.stages.iter().enumerate() {
            out.push_str(&format!(
                "\n{}. {} → {}",
                i + 1,
                cost(v, &st.cost),
                effects(v, &st.effects).trim_start_matches("- ")
            ));
        }
    }
    out
}

/// Effects as a Markdown list, one effect a line.
pub fn effects(v: &Vocab, e: &Effects) -> String {
    match e {
        Effects::Absent => "Does nothing.".to_string(),
        Effects::Broken => "(its effect has an error)".to_string(),
        Effects::Ok(list) if list.is_empty() => "Does nothing.".to_string(),
        Effects::Ok(list) => list
            .iter()
            .map(|e| format!("- {}", effect(v, e)))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Effects in words, one sentence a line (the lines of [`effects`]
/// without their Markdown bullets): the description a table shows beside a
/// card (`GameInfo`'s `words`); empty when there is none.
pub fn sentences(v: &Vocab, e: &[Effect]) -> String {
    e.iter()
        .map(|e| effect(v, e))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One effect in words: `At game end: 1 VP per brown card in left, your own city and right.`
pub fn effect(v: &Vocab, e: &Effect) -> String {
    let when = match &e.trigger {
        Trigger::Default => match &e.action {
            Action::Gain { unit: Unit::Vp, .. } => String::new() + "At game end: ",
            _ => String::new(),
        },
        t => trigger(v, t),
    };
    let what = action(v, &e.action);
    let option = match e.option {
        Some(i) => format!("Option {} (chosen when built): ", i + 1),
        None => String::new(),
    };
    let mut s = format!("{option}{when}{what}");
    if let Some(first) = s.get(..1) {
        s = first.to_uppercase() + &s[1..];
    }
    s.push('.');
    s
}

fn action(v: &Vocab, a: &Action) -> String {
    match a {
        Action::Produce { options, amount } => {
            let list = names(&v.resources, *options as u32);
            if options.count_ones() == 1 {
                format!("produces {amount} {}", list.join(""))
            } else {
                format!("produces {amount} of {} (one, chosen each turn)", or(&list))
            }
        }
        Action::TradeRebate { n, first, seats: s } => {
            let coins = plural(i64::from(*n), "coin", "coins");
            if *first {
                format!(
                    "pays {coins} fewer for the first resource bought from {} each turn",
                    seats(v, s)
                )
            } else {
                format!(
                    "pays {coins} fewer for each unit of their board's resources bought from {}",
                    seats(v, s)
                )
            }
        }
        Action::ProduceMatching {
            colours,
            board,
            lacking,
        } => {
            let mut from: Vec<String> = Vec::new();
            if *board {
                from.push("its board".into());
            }
            if *colours != 0 {
                let list = names(&v.colours, *colours);
                from.push(format!("its {} cards", or(&list)));
            }
            let verb = match (from.len() == 1, *lacking) {
                (true, false) => "produces",
                (false, false) => "produce",
                (true, true) => "does not produce",
                (false, true) => "do not produce",
            };
            let from = from.join(" and ");
            format!("produces 1 resource, chosen each turn, among those {from} {verb}")
        }
        Action::Gain {
            unit,
            amount,
            per,
            cond,
            per_age,
            ongoing,
        } => {
            let unit = match unit {
                Unit::Coins => plural_word(*amount as i64, "coin", "coins"),
                Unit::Vp => "VP".into(),
                Unit::Shields => plural_word(*amount as i64, "shield", "shields"),
            };
            let mut s = format!("gains {amount} {unit}");
            if *per_age {
                s.push_str(" per Age (times the current Age)");
            }
            if let Some(c) = per {
                let thing = counted_of(v, &c.what);
                let colours = c.what.colours;
                if c.distinct {
                    s.push_str(&format!(
                        " per different colour among {}",
                        or(&names(&v.colours, colours))
                    ));
                } else if c.sets {
                    s.push_str(&format!(
                        " per set of one card of each colour ({})",
                        and(&names(&v.colours, colours))
                    ));
                } else if c.divisor > 1 {
                    s.push_str(&format!(" for every {} {}", c.divisor, plural_of(&thing)));
                } else {
                    s.push_str(&format!(" per {thing}"));
                }
                if c.most {
                    s.push_str(" in the city with the most");
                } else {
                    s.push_str(&format!(" in {}", seats(v, &c.seats)));
                }
                if *ongoing {
                    s.push_str(
                        ", counted anew at each conflict (and wherever its shields are shown), \
                         not once",
                    );
                }
            }
            match cond {
                None => {}
                Some(Cond::More { what, seats: s2 }) => s.push_str(&format!(
                    " if you have more {} than each of {}",
                    plural_of(&counted_of(v, what)),
                    seats(v, s2)
                )),
                Some(Cond::Exactly { what, n: 0 }) => {
                    s.push_str(&format!(" if you have no {}", counted_of(v, what)))
                }
                Some(Cond::Exactly { what, n }) => {
                    let thing = counted_of(v, what);
                    s.push_str(&format!(
                        " if you have exactly {n} {}",
                        plural_word(*n as i64, &thing, &plural_of(&thing))
                    ))
                }
                Some(Cond::WonderComplete) => s.push_str(" if every stage of your wonder is built"),
            }
            s
        }
        Action::BuildFree { pile, colours } => {
            let card = match colours {
                None => "card".to_string(),
                Some(c) => counted(v, CounterKind::Cards, *c),
            };
            match pile {
                Pile::Discard => format!("builds a {card} from the discard pile for free"),
                Pile::Hand => format!("builds a {card} from the hand for free"),
            }
        }
        Action::Lose {
            amount,
            what,
            seats: s,
            per_age,
        } => {
            let kind = |k: u8| v.tokens.get(usize::from(k)).map_or("?", |t| &t.name[..]);
            let (one, many) = match what {
                Lost::Coins => ("coin".into(), "coins".into()),
                Lost::DefeatTokens => ("defeat token".into(), "defeat tokens".into()),
                Lost::VictoryTokens => (
                    "victory token (the lowest)".into(),
                    "victory tokens (the lowest)".into(),
                ),
                Lost::Declared(k) => (
                    format!("{} token", kind(*k)),
                    format!("{} tokens", kind(*k)),
                ),
            };
            let lost = match amount {
                None => format!("all its {many}"),
                Some(n) => plural(*n as i64, &one, &many),
            };
            let age = if *per_age {
                " per Age (times the current Age)"
            } else {
                ""
            };
            format!("{} loses {lost}{age}", seats(v, s))
        }
        Action::Discount { amount, target } => format!(
            "pays {} fewer for {}",
            plural(*amount as i64, "resource", "resources"),
            match target {
                DiscountTarget::Wonders => "wonders".to_string(),
                DiscountTarget::Colours(c) => format!("{}s", counted(v, CounterKind::Cards, *c)),
            }
        ),
        Action::CoinDiscount {
            amount,
            colours,
            seats: s,
        } => {
            let cards = format!("{}s", counted(v, CounterKind::Cards, *colours));
            let who = seats(v, s);
            match amount {
                None => format!("{who} pays no coins for {cards}"),
                Some(n) => format!(
                    "{who} pays {} fewer for {cards}",
                    plural(*n as i64, "coin", "coins")
                ),
            }
        }
        Action::FreeRule(rule) => match rule {
            FreeRule::Colours(c) => {
                format!("builds {}s for free", counted(v, CounterKind::Cards, *c))
            }
            FreeRule::FirstOfColour => {
                "builds for free each Age card of a colour not yet in the city".into()
            }
            FreeRule::FirstOfAge => "builds the first card of each Age for free".into(),
            FreeRule::LastOfAge => "builds the last card of each Age for free".into(),
        },
        Action::ScienceRule(rule) => match rule {
            ScienceRule::SetBonus(n) => format!(
                "each set of different science symbols scores {} more",
                plural(*n as i64, "VP", "VP")
            ),
            ScienceRule::Change => "changes one of its science symbols into any at game end".into(),
            ScienceRule::CopyMost => {
                "gains one more of its most common science symbol at game end".into()
            }
        },
        Action::Call { call, written } => described(v, call, written),
    }
}

/// [`counted`], with what qualifies it: a declared kind of token, the
/// Age of victory tokens, a progress token's kind, the resources of
/// symbols on cards, the colour under this stage.
fn counted_of(v: &Vocab, c: &Count) -> String {
    match (c.kind, c.token) {
        (CounterKind::VictoryTokens, Some(age)) => format!("victory token of Age {age}"),
        (CounterKind::Tokens, t) => v
            .tokens
            .get(usize::from(t.unwrap_or(0)))
            .map_or_else(|| "token".to_string(), |k| format!("{} token", k.name)),
        (CounterKind::ResourceSymbols, _) => symbols_on(v, c.resources, c.colours),
        (CounterKind::StageColour, _) => STAGE_COLOUR.to_string(),
        _ => counted(v, c.kind, c.colours),
    }
}

/// The cards [`CounterKind::StageColour`] counts, in words.
const STAGE_COLOUR: &str = "card of the colour of the card under this stage";

/// `stone symbol on brown cards`: symbols of `resources` on cards of
/// `colours`.
fn symbols_on(v: &Vocab, resources: u16, colours: u32) -> String {
    let what = or(&names(&v.resources, u32::from(resources)));
    let cards = counted(v, CounterKind::Cards, colours);
    format!("{what} symbol on {cards}s")
}

/// A counted thing in the plural: `victory tokens of Age 2`, `red cards`,
/// `stone symbols on brown cards`.
fn plural_of(thing: &str) -> String {
    let at = [" of ", " on "].iter().filter_map(|w| thing.find(w)).min();
    match at {
        Some(i) => format!("{}s{}", &thing[..i], &thing[i..]),
        None => format!("{thing}s"),
    }
}

fn counted(v: &Vocab, kind: CounterKind, colours: u32) -> String {
    let noun = CounterKind::ALL
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or("thing", |(w, _)| *w);
    if kind != CounterKind::Cards {
        return noun.to_string();
    }
    let all = (1u64 << v.colours.len()).wrapping_sub(1) as u32;
    if colours == all {
        return "card".into();
    }
    format!("{} card", or(&names(&v.colours, colours)))
}

/// The seats as the game names them: `left, your own city and right`.
fn seats(v: &Vocab, seats: &[i8]) -> String {
    if let Some((name, _)) = v.scopes.iter().find(|(_, s)| s.as_slice() == seats)
        && seats.len() > 1
    {
        return name.clone();
    }
    // In the order the game declares its scopes.
    let mut parts: Vec<(usize, String)> = seats
        .iter()
        .map(|seat| {
            let declared = v.scopes.iter().position(|(_, s)| s.as_slice() == [*seat]);
            let name = match (seat, declared) {
                (0, _) => "your own city".to_string(),
                (_, Some(i)) => v.scopes[i].0.clone(),
                (_, None) => format!("the city {seat} seats away"),
            };
            (declared.unwrap_or(usize::MAX), name)
        })
        .collect();
    parts.sort();
    and(&parts.into_iter().map(|(_, n)| n).collect::<Vec<_>>())
}

fn cost(v: &Vocab, c: &Cost) -> String {
    let mut parts: Vec<String> = c
        .resources
        .iter()
        .map(|(r, n)| format!("{n} {}", v.resources[*r as usize]))
        .collect();
    for (k, n) in &c.tokens {
        let name = v.tokens.get(usize::from(*k)).map_or("?", |t| &t.name[..]);
        let (one, many) = (format!("{name} token"), format!("{name} tokens"));
        parts.push(plural(*n as i64, &one, &many));
    }
    if c.coins > 0 {
        parts.insert(0, plural(c.coins as i64, "coin", "coins"));
    }
    if c.coins_per_age > 0 {
        parts.insert(
            0,
            format!(
                "{} per Age number",
                plural(c.coins_per_age as i64, "coin", "coins")
            ),
        );
    }
    if c.coins_per_card > 0 {
        let colours = names(&v.colours, c.per_colours).join(" or ");
        parts.insert(
            0,
            format!(
                "{} per {colours} card in the city",
                plural(c.coins_per_card as i64, "coin", "coins")
            ),
        );
    }
    if parts.is_empty() {
        "free".into()
    } else {
        parts.join(", ")
    }
}

fn names(all: &[String], mask: u32) -> Vec<String> {
    all.iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, n)| n.clone())
        .collect()
}

fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

fn or(items: &[String]) -> String {
    join(items, "or")
}

fn and(items: &[String]) -> String {
    join(items, "and")
}

/// `1 card`, `2 cards`.
pub fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", plural_word(n, one, many))
}

fn plural_word(n: i64, one: &str, many: &str) -> String {
    if n == 1 { one } else { many }.to_string()
}

/// `I`, `II`, `III`; other numbers as they are.
pub fn roman(n: i64) -> String {
    match n {
        1 => "I".into(),
        2 => "II".into(),
        3 => "III".into(),
        4 => "IV".into(),
        n => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{AGE1, AGE2, WONDERS, resolved};

    fn game() -> Game {
        let (g, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        g.unwrap()
    }

    fn card_named<'a>(g: &'a Game, name: &str) -> &'a Card {
        g.cards.iter().find(|c| c.name.value == name).unwrap()
    }

    #[test]
    fn cards_in_plain_words() {
        let g = game();
        assert_eq!(
            card(&g, card_named(&g, "Pit")),
            "**Pit** — brown card, Age I of `t`\n\n3 copies for 3+, 3+, 4+ players.\n\n\
             Cost: free.\n\n- Produces 1 clay.\n\nMakes free: Hall (Age II)."
        );
        let hall = card(&g, card_named(&g, "Hall"));
        assert!(hall.contains("Cost: 2 clay."), "{hall}");
        assert!(hall.contains("- At game end: gains 4 VP."), "{hall}");
        assert!(hall.ends_with("Free with: Pit."), "{hall}");
        let masons = card(&g, card_named(&g, "Masons"));
        assert!(masons.contains("Drawn by the guild rule."), "{masons}");
        assert!(
            masons.contains("- At game end: gains 1 VP per brown card in neighbours."),
            "{masons}"
        );
        let builders = card(&g, card_named(&g, "Builders"));
        assert!(
            builders.contains("per wonder stage in your own city, left and right"),
            "{builders}"
        );
        let traders = card(&g, card_named(&g, "Traders"));
        assert!(
            traders.contains("- Buys wood or clay from left for 1 coin each."),
            "{traders}"
        );
        let copyists = card(&g, card_named(&g, "Copyists"));
        assert!(
            copyists.contains("- Copies a purple card of neighbours at game end."),
            "{copyists}"
        );
        let sages = card(&g, card_named(&g, "Sages"));
        assert!(
            sages.contains("- Gives one science symbol of gear or tablet, chosen at game end."),
            "{sages}"
        );
    }

    /// Stonehenge's counts (cities-facts.md §10.2) in words.
    #[test]
    fn symbols_on_cards_and_the_colour_under_a_stage_in_plain_words() {
        let henge = "wonders:\n  - name: Henge\n    sides:\n      A:\n        stages:\n          - cost: 2 wood\n            effect: gain 2 vp per clay on brown cards in self; gain 1 vp if you have more wood or clay on brown or blue cards than each neighbour\n          - cost: 2 clay\n            effect: gain 1 vp per card of this stage's colour in neighbours; gain 2 vp if you have no cards of this stage's colour\n";
        let (g, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", henge)]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        let g = g.unwrap();
        assert_eq!(
            wonder(&g, &g.wonders[0]),
            "**Henge** — wonder of `t`\n\nSide A: Does nothing.\n\
             1. 2 wood → At game end: gains 2 VP per clay symbol on brown cards in your own city.\n\
             - At game end: gains 1 VP if you have more wood or clay symbols on brown or blue cards than each of neighbours.\n\
             2. 2 clay → At game end: gains 1 VP per card of the colour of the card under this stage in neighbours.\n\
             - At game end: gains 2 VP if you have no card of the colour of the card under this stage."
        );
    }

    /// Shields counted anew (Semiramis, cities-facts.md §9.1) in words.
    #[test]
    fn shields_counted_at_each_conflict_in_plain_words() {
        let fort = "wonders:\n  - name: Fort\n    sides:\n      A:\n        stages:\n          - cost: 2 wood\n            effect: gain 1 shield per wonder stage in self at each conflict; gain 2 shields per wonder stage\n";
        let (g, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", fort)]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        let g = g.unwrap();
        assert_eq!(
            wonder(&g, &g.wonders[0]),
            "**Fort** — wonder of `t`\n\nSide A: Does nothing.\n\
             1. 2 wood → Gains 1 shield per wonder stage in your own city, counted anew at each \
             conflict (and wherever its shields are shown), not once.\n\
             - Gains 2 shields per wonder stage in your own city."
        );
    }

    #[test]
    fn wonders_in_plain_words() {
        let g = game();
        let w = wonder(&g, &g.wonders[0]);
        assert_eq!(
            w,
            "**Tower** — wonder of `t`\n\nSide A: - Produces 1 glass.\n\
             1. 2 wood → At game end: gains 3 VP.\n\
             2. 2 clay → Once per Age: builds a card from the hand for free."
        );
    }
}

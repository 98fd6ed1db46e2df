//! Fields of card and wonder files that the family of the game does not
//! read (`sevenw_dsl::families`): a stage's `level` in a family that
//! builds a wonder's stages in order (Duel: a wonder is built whole) would
//! check clean and be ignored, so it is refused (E0306); the base and
//! Architects families read it. In a family whose cards are spent as what they
//! give (`FamilyDef::spent_cards`), a card giving more than one coin or
//! resource, or a stage or token giving any, is refused too: its rules
//! could not spend it. A cost in tokens where the family's rules take
//! none, and a project's cost in anything but coins (the project rule
//! joins with coins), and a card's cost where cards are taken, not
//! bought (`FamilyDef::buys_cards`), are refused the same way.

use crate::diag::{Code, Diagnostic, Report};
use crate::resolve::{Action, Effects, Game};
use crate::source::Loc;
use crate::vocab::Unit;
use sevenw_dsl::FamilyDef;

pub fn fields(game: &Game, report: &mut Report) {
    let Some(f) = FamilyDef::of(&game.vocab.family) else {
        return;
    };
    if f.spent_cards {
        spent_cards(game, f, report);
    }
    choices(game, f, report);
    costs(game, f, report);
    if f.reads_field("level") {
        return;
    }
    for w in &game.wonders {
        for side in &w.sides {
            for st in &side.stages {
                let Some(level) = &st.level else { continue };
                report.push(
                    Diagnostic::new(
                        Code::NotPlayed,
                        level.loc,
                        format!(
                            "a stage's `level` is not read by the `{}` family, whose rules build a wonder's stages in order",
                            f.name
                        ),
                    )
                    .label(format!("the `{}` rules would ignore it", f.name))
                    .help("drop `level`: the stages are built from the first"),
                );
            }
        }
    }
}

/// `one of` where the family does not ask the choice (`FamilyDef::choices`):
/// on a card, a stage, a board or a token, such a choice would always give
/// its first option. A project (Edifice) is never built by a move, so its
/// reward asks no choice either.
fn choices(game: &Game, f: &FamilyDef, report: &mut Report) {
    let family = f.name;
    let first_option = |e: &Effects| e.list().iter().find(|x| x.option.is_some()).map(|x| x.loc);
    let cards = game.cards.iter().map(|c| {
        let place = if super::is_project(game, c) {
            "project"
        } else {
            "card"
        };
        (place, &c.effects)
    });
    let sides = game.wonders.iter().flat_map(|w| w.sides.iter());
    let boards = sides.clone().map(|s| ("board", &s.effects));
    let stages = sides.flat_map(|s| s.stages.iter().map(|st| ("stage", &st.effects)));
    let tokens = game.progress.iter().map(|p| ("token", &p.effects));
    let places = cards.chain(boards).chain(stages).chain(tokens);
    for (place, at) in places.filter_map(|(p, e)| Some((p, first_option(e)?))) {
        if f.asks_choice(place) {
            continue;
        }
        let asked: Vec<String> = f.choices.iter().map(|c| format!("a {c}")).collect();
        let label = "no player would be asked: its first option would always apply";
        let (message, help) = if asked.is_empty() {
            (
                format!(
                    "the `{family}` rules ask no `one of` choice: a {place}'s would always give its first option"
                ),
                format!("give the {place} one effect"),
            )
        } else {
            let asked = asked.join(" or ");
            (
                format!(
                    "the `{family}` rules ask a `one of` choice only of {asked}: a {place}'s would always give its first option"
                ),
                format!("give the {place} one effect, or put the choice on {asked}"),
            )
        };
        report.push(
            Diagnostic::new(Code::NotPlayed, at, message)
                .label(label)
                .help(help),
        );
    }
    // A city records one option per token, so copies of a token held
    // together could not each keep their own.
    for p in &game.progress {
        let copies = p.copies.as_ref().map_or(1, |c| c.value);
        let Some(at) = first_option(&p.effects).filter(|_| copies > 1) else {
            continue;
        };
        report.push(
            Diagnostic::new(
                Code::NotPlayed,
                at,
                format!("a `one of` choice on a token of {copies} copies: a city holding two would keep one option for both"),
            )
            .label("each copy could not keep its own option")
            .help("give the token one copy, or one effect"),
        );
    }
}

/// Costs the family's rules would not take in full: any cost of a card
/// where cards are taken, never bought (`FamilyDef::buys_cards`), tokens
/// where its rules take none (`FamilyDef::token_costs`), and a project's
/// resources (the project rule joins with the card's coins: Edifice, A.
/// PARTICIPAR EN EL PROYECTO).
fn costs(game: &Game, f: &FamilyDef, report: &mut Report) {
    let family = f.name;
    let cards = game.cards.iter().map(|c| {
        let project = super::is_project(game, c);
        (if project { "project" } else { "card" }, &c.cost, c.loc)
    });
    let sides = game.wonders.iter().flat_map(|w| w.sides.iter());
    let stages = sides.flat_map(|s| s.stages.iter().map(|st| ("stage", &st.cost, st.loc)));
    for (place, cost, loc) in cards.chain(stages) {
        if place == "card" && !f.buys_cards {
            let asks = cost.coins > 0
                || cost.coins_per_age > 0
                || cost.coins_per_card > 0
                || !cost.resources.is_empty()
                || !cost.tokens.is_empty()
                || cost.pattern.is_some();
            if let Some(at) = cost.loc.filter(|_| asks) {
                report.push(
                    Diagnostic::new(
                        Code::NotPlayed,
                        at,
                        format!(
                            "the `{family}` rules take a card without paying for it: its cost would never be paid"
                        ),
                    )
                    .label("a cost of a card taken free")
                    .help("drop `cost`"),
                );
            }
            continue;
        }
        if let Some(at) = cost
            .loc
            .filter(|_| cost.coins_per_card > 0 && !f.costs_per_card)
        {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    at,
                    format!("the `{family}` rules price no coins per card of a colour held"),
                )
                .label("these coins would never be asked")
                .help("write the coins the cost asks: `2 coins`"),
            );
        }
        if let Some(at) = cost.tokens_loc.filter(|_| !f.pays_tokens(place)) {
            let paid: Vec<String> = f.token_costs.iter().map(|p| format!("a {p}")).collect();
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    at,
                    format!("the `{family}` rules take no tokens in the cost of a {place}"),
                )
                .label("these tokens would never be paid")
                .help(if paid.is_empty() {
                    format!("the `{family}` rules pay no cost with tokens: drop them")
                } else {
                    format!("tokens may pay for {} only", paid.join(" or "))
                }),
            );
        }
        if place == "project" && (!cost.resources.is_empty() || cost.pattern.is_some()) {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    cost.loc.unwrap_or(loc),
                    "a project is joined with coins: its cost's resources would never be paid",
                )
                .label("resources in a project's cost")
                .help("give the project a cost in coins (`cost: 2 coins`)"),
            );
        }
    }
}

/// What the effects give when built: coins, and resources (one per unit
/// of each production; a choice of several counts as more than one).
fn gives(effects: &Effects) -> (i64, u32, Option<Loc>) {
    let (mut coins, mut resources, mut at) = (0i64, 0u32, None);
    for e in effects.list() {
        if e.trigger != crate::resolve::Trigger::Default
            && e.trigger != crate::resolve::Trigger::WhenBuilt
        {
            continue;
        }
        match &e.action {
            Action::Gain {
                unit: Unit::Coins,
                amount,
                per: None,
                ..
            } => {
                coins += i64::from(*amount);
                at.get_or_insert(e.loc);
            }
            Action::Produce { options, amount } => {
                resources += u32::from(*amount) * options.count_ones();
                at.get_or_insert(e.loc);
            }
            _ => {}
        }
    }
    (coins, resources, at)
}

fn spent_cards(game: &Game, f: &FamilyDef, report: &mut Report) {
    let family = f.name;
    for c in &game.cards {
        let (coins, resources, at) = gives(&c.effects);
        if coins > 1 || resources > 1 || (coins > 0 && resources > 0) {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    at.unwrap_or(c.loc),
                    format!(
                        "`{}` gives more than one coin or resource: the `{family}` rules spend a card as one coin or one resource",
                        c.name.value.trim()
                    ),
                )
                .label("more than the card can be spent as")
                .help("give a card `gain 1 coin` or `produce` one resource; several cards give more"),
            );
        }
    }
    let others = game
        .wonders
        .iter()
        .flat_map(|w| w.sides.iter())
        .flat_map(|s| s.stages.iter().map(|st| &st.effects).chain([&s.effects]))
        .chain(game.progress.iter().map(|p| &p.effects));
    for effects in others {
        let (coins, resources, at) = gives(effects);
        if coins != 0 || resources != 0 {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    at,
                    format!("a stage or token giving coins or resources: the `{family}` rules have only cards give them, spent with the card"),
                )
                .label("not a card")
                .help("give coins and resources on cards; a stage or token may take a card or give points"),
            );
        }
    }
}

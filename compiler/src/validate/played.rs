//! Fields of card and wonder files that the family of the game does not
//! read (`sevenw_dsl::families`): a stage's `level` in a family that
//! builds a wonder's stages in order would check clean and be ignored, so
//! it is refused (E0306). In a family whose cards are spent as what they
//! give (`FamilyDef::spent_cards`), a card giving more than one coin or
//! resource, or a stage or token giving any, is refused too: its rules
//! could not spend it.

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

/// `one of` on a card, a board or a token: the families ask the choice
/// for a wonder stage only (when it is built), so such a choice would
/// always give its first option.
fn choices(game: &Game, f: &FamilyDef, report: &mut Report) {
    let family = f.name;
    let first_option = |e: &Effects| e.list().iter().find(|x| x.option.is_some()).map(|x| x.loc);
    let places = game
        .cards
        .iter()
        .map(|c| &c.effects)
        .chain(
            game.wonders
                .iter()
                .flat_map(|w| w.sides.iter().map(|s| &s.effects)),
        )
        .chain(game.progress.iter().map(|p| &p.effects));
    for at in places.filter_map(first_option) {
        report.push(
            Diagnostic::new(
                Code::NotPlayed,
                at,
                format!(
                    "the `{family}` rules ask a `one of` choice only when a wonder stage is built"
                ),
            )
            .label("no player would be asked: its first option would always apply")
            .help("put the choice on a wonder stage, or give the card one effect"),
        );
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

//! Fields of card and wonder files that the family of the game does not
//! read (`sevenw_dsl::families`): a stage's `level` in a family that
//! builds a wonder's stages in order would check clean and be ignored, so
//! it is refused (E0306).

use crate::diag::{Code, Diagnostic, Report};
use crate::resolve::Game;
use sevenw_dsl::FamilyDef;

pub fn fields(game: &Game, report: &mut Report) {
    let Some(f) = FamilyDef::of(&game.vocab.family) else {
        return;
    };
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

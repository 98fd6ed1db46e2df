//! Pass 2, parse: the `cost` and `effect` text of every card, board and stage
//! → syntax trees, with syntax errors placed on the offending token in the
//! YAML file.

use crate::diag::{Code, Diagnostic, Report};
use crate::load::{CardSrc, DslText, GameSrc, Text, VocabSrc, WonderSrc};
use sevenw_dsl::{Cost, Effects, SyntaxError};

/// Parsed text and the text it came from (for positions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    pub ast: T,
    pub text: DslText,
}

/// The outcome of parsing an optional field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field<T> {
    Absent,
    /// A syntax error was reported; later passes stay quiet about it.
    Broken,
    Ok(Parsed<T>),
}

impl<T> Field<T> {
    pub fn ok(&self) -> Option<&Parsed<T>> {
        match self {
            Field::Ok(p) => Some(p),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardAst {
    pub src: CardSrc,
    pub cost: Field<Cost>,
    pub effect: Field<Effects>,
    /// A project's penalty (Edifice).
    pub penalty: Field<Effects>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageAst {
    pub loc: crate::source::Loc,
    pub cost: Field<Cost>,
    pub effect: Field<Effects>,
    pub level: Option<crate::load::Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideAst {
    pub name: Text,
    pub effect: Field<Effects>,
    pub stages: Vec<StageAst>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WonderAst {
    pub src: WonderSrc,
    pub sides: Vec<SideAst>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgressAst {
    pub src: crate::load::ProgressSrc,
    pub effect: Field<Effects>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameAst {
    pub folder: String,
    pub vocab: Option<VocabSrc>,
    pub expansion: Option<crate::load::ExpansionSrc>,
    pub cards: Vec<CardAst>,
    pub wonders: Vec<WonderAst>,
    pub progress: Vec<ProgressAst>,
    pub left_out: Vec<crate::load::LeftOut>,
}

fn field<T>(
    text: &Option<DslText>,
    parse: fn(&str) -> Result<T, SyntaxError>,
    what: &str,
    report: &mut Report,
) -> Field<T> {
    let Some(text) = text else {
        return Field::Absent;
    };
    match parse(&text.text) {
        Ok(ast) => Field::Ok(Parsed {
            ast,
            text: text.clone(),
        }),
        Err(e) => {
            let loc = text.loc_of(e.span);
            let help = if e.expected.is_empty() {
                format!("see dsl/DSL.md for the {what} language")
            } else {
                format!(
                    "write {} here; see dsl/DSL.md for the {what} language",
                    list(&e.expected)
                )
            };
            report.push(
                Diagnostic::new(Code::DslSyntax, loc, format!("{what} text: {}", e.message))
                    .label(if !e.span.is_empty() {
                        "not expected here"
                    } else if e.span.start >= text.text.trim_end().len() {
                        "the text ends here"
                    } else {
                        "missing here"
                    })
                    .help(help),
            );
            Field::Broken
        }
    }
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Parses every text field of a game.
pub fn parse(game: GameSrc, report: &mut Report) -> GameAst {
    let cards = game
        .cards
        .into_iter()
        .map(|src| CardAst {
            cost: field(&src.cost, sevenw_dsl::parse_cost, "cost", report),
            effect: field(&src.effect, sevenw_dsl::parse_effects, "effect", report),
            penalty: field(&src.penalty, sevenw_dsl::parse_effects, "penalty", report),
            src,
        })
        .collect();
    let wonders = game
        .wonders
        .into_iter()
        .map(|src| WonderAst {
            sides: src
                .sides
                .iter()
                .map(|side| SideAst {
                    name: side.name.clone(),
                    effect: field(&side.effect, sevenw_dsl::parse_effects, "effect", report),
                    stages: side
                        .stages
                        .iter()
                        .map(|st| StageAst {
                            loc: st.loc,
                            cost: field(&st.cost, sevenw_dsl::parse_cost, "cost", report),
                            effect: field(&st.effect, sevenw_dsl::parse_effects, "effect", report),
                            level: st.level,
                        })
                        .collect(),
                })
                .collect(),
            src,
        })
        .collect();
    let progress = game
        .progress
        .into_iter()
        .map(|src| ProgressAst {
            effect: field(&src.effect, sevenw_dsl::parse_effects, "effect", report),
            src,
        })
        .collect();
    GameAst {
        progress,
        folder: game.folder,
        vocab: game.vocab,
        expansion: game.expansion,
        cards,
        wonders,
        left_out: game.left_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{FileId, Loc};
    use sevenw_dsl::Span;

    fn dsl(file_text: &str, needle: &str) -> DslText {
        let offset = file_text.find(needle).unwrap();
        DslText {
            text: needle.to_string(),
            offset,
            exact: true,
            loc: Loc::new(FileId(0), Span::new(offset, offset + needle.len())),
            value: needle.to_string(),
        }
    }

    #[test]
    fn syntax_errors_land_on_the_token_in_the_file() {
        let file = "cards:\n  - effect: gain five coins\n";
        let mut report = Report::default();
        let f = field(
            &Some(dsl(file, "gain five coins")),
            sevenw_dsl::parse_effects,
            "effect",
            &mut report,
        );
        assert_eq!(f, Field::Broken);
        let d = &report.diagnostics[0];
        assert_eq!(d.code, Code::DslSyntax);
        let loc = d.loc.unwrap();
        assert_eq!(&file[loc.start..loc.end], "five");
        assert_eq!(d.message, "effect text: expected a number, found `five`");
    }

    #[test]
    fn good_text_parses() {
        let file = "cost: 2 wood, ore";
        let mut report = Report::default();
        let f = field(
            &Some(dsl(file, "2 wood, ore")),
            sevenw_dsl::parse_cost,
            "cost",
            &mut report,
        );
        assert_eq!(f.ok().unwrap().ast.items.len(), 2);
        assert!(report.diagnostics.is_empty());
        assert_eq!(
            field(&None, sevenw_dsl::parse_cost, "cost", &mut report),
            Field::Absent
        );
    }
}

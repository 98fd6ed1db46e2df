//! The game families this runtime ships: one folder each, and their
//! [`Family`] values ([`SHIPPED`]) for the registry ([`crate::registry`],
//! re-exported here for the command line's callers).

pub mod architects;
pub mod base;
pub mod duel;

use sevenw_host::GameInfo;

use crate::bots::Judge;
use crate::env::Observe;
use crate::narrate::Narrate;
use crate::scenario::Scenarios;
use crate::schema::schema_for;
use crate::sheet::Sheets;
use crate::soak::Invariants;
use crate::table::Show;

pub use crate::registry::{
    AnyGame, EnvCap, Family, Library, Played, Rules, RunsCap, ScenariosCap, SheetsCap, TableCap,
    documents, rules_in, test,
};

/// A family with every capability: a greedy bot, invariants, sheets, a
/// story, scenarios, tables and environments.
fn full<G: Judge + Invariants + Sheets + Narrate + Scenarios + Show + Observe + 'static>(
    g: Result<G, crate::engine::vocab::VocabError>,
) -> Result<Box<dyn AnyGame>, String> {
    g.map(|g| {
        Box::new(
            Rules::new(g)
                .with_greedy()
                .with_invariants()
                .with_sheets()
                .with_story()
                .with_scenarios()
                .with_table()
                .with_env(),
        ) as Box<dyn AnyGame>
    })
    .map_err(|e| e.to_string())
}

/// The families this runtime ships (the card library's `family:` names).
pub const SHIPPED: &[Family] = &[
    Family {
        name: "base",
        load: |info| full(base::Base::new(info)),
        schemas: || {
            vec![
                (
                    "sheet-base",
                    schema_for::<base::sheet::SheetDoc>("A city sheet of the base game"),
                ),
                (
                    "scenario-base",
                    schema_for::<base::scenario::ScenarioDoc>("A scenario of the base game"),
                ),
            ]
        },
    },
    Family {
        name: "duel",
        load: |info| full(duel::Duel::new(info)),
        schemas: || {
            vec![
                (
                    "sheet-duel",
                    schema_for::<duel::sheet::SheetDoc>("A city sheet of 7 Wonders Duel"),
                ),
                (
                    "scenario-duel",
                    schema_for::<duel::scenario::ScenarioDoc>("A scenario of 7 Wonders Duel"),
                ),
            ]
        },
    },
    Family {
        name: "architects",
        load: |info| full(architects::Architects::new(info)),
        schemas: || {
            vec![
                (
                    "sheet-architects",
                    schema_for::<architects::sheet::SheetDoc>(
                        "A city sheet of 7 Wonders Architects",
                    ),
                ),
                (
                    "scenario-architects",
                    schema_for::<architects::scenario::ScenarioDoc>(
                        "A scenario of 7 Wonders Architects",
                    ),
                ),
            ]
        },
    },
];

impl<'a> Library<'a> {
    /// `games`, played by the shipped families.
    pub fn shipped(games: &'a [&'static GameInfo]) -> Self {
        Library {
            games,
            families: SHIPPED,
        }
    }
}

/// The rules of the shipped families that play `info`.
pub fn rules_for(info: &'static GameInfo) -> Result<Box<dyn AnyGame>, String> {
    rules_in(SHIPPED, info)
}

//! A sheet as written: the YAML document of the base game's city sheets
//! (players, their boards, cards, tokens; with Leaders their leaders, with
//! Edifice the projects, pawns and debt), read with its places for errors.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::doc::{Scalar, Value};

/// A city sheet of the base game.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetDoc {
    /// The game: `base`.
    #[schemars(with = "String")]
    pub(super) game: Spanned<String>,
    /// The edition (default 1).
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) edition: Option<Spanned<Scalar>>,
    /// The expansions in play (`[leaders]`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) expansions: Option<Spanned<Vec<Spanned<String>>>>,
    /// The Age being played, for costs per Age (default: the last).
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) age: Option<Spanned<Scalar>>,
    /// The game's projects, one per Age (Edifice): a name, or a name and
    /// `completed: true` or `failed: true`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<ProjectDoc>>")]
    pub(super) projects: Option<Spanned<Vec<Spanned<Value>>>>,
    /// Clockwise: each player's left neighbour is the next entry.
    #[schemars(with = "Vec<SheetPlayer>")]
    pub(super) players: Spanned<Vec<Spanned<SheetPlayer>>>,
}

/// A player of a sheet: a city as it stands.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetPlayer {
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// The board, by name or alias.
    #[schemars(with = "String")]
    wonder: Spanned<String>,
    /// `A` or `B` (default A).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    side: Option<Spanned<String>>,
    /// Stages built: how many, from the first, or their numbers from 1
    /// (`[1, 3]`: a side whose stages have levels).
    #[serde(default)]
    #[schemars(with = "Option<StagesDoc>")]
    stages: Option<Spanned<Value>>,
    /// The option chosen for each stage built that offers a choice (`one
    /// of`, Carthage), in the order of the stages, from 1 (default: the
    /// first).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    options: Option<Vec<Spanned<Scalar>>>,
    /// The colour of the card under each stage built whose effects count
    /// it (`cards of this stage's colour`, Stonehenge B: the card is face
    /// up), in order.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    under: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    coins: Option<Spanned<Scalar>>,
    /// Conflict tokens held: 1, 3, 5 and -1.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    conflict: Option<Vec<Spanned<Scalar>>>,
    /// Built cards, by name or alias; a card whose effects offer a choice
    /// (`one of`) as `{name: …, option: 2}` (default: the first).
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    cards: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Recruited leaders, face up (Leaders), as `cards`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    leaders: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Leaders kept face down, not recruited yet (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    leader_hand: Option<Vec<Spanned<String>>>,
    /// Leaders entombed under the wonder (Abu Simbel): each scores twice its
    /// cost; a cost per Age counts `age` (default the sheet's Age).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Entombed>>")]
    entombed: Option<Vec<Spanned<Entombed>>>,
    /// The Ages whose project it holds a participation pawn of (Edifice).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pawns: Option<Vec<Spanned<Scalar>>>,
    /// The debt tokens it holds, by their points (Edifice: -2, -3, -5).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    debt: Option<Vec<Spanned<Scalar>>>,
    /// The tokens it holds of each kind the card sets declare (`tokens:`
    /// in their game.yaml), by kind: `{debt: 2}`.
    #[serde(default)]
    #[schemars(with = "Option<crate::tokens::HeldDocs>")]
    tokens: Option<Spanned<crate::doc::Value>>,
}

/// A project of a sheet or scenario (Edifice): its name (open: pawns are
/// still on it), or its name and where it stands. (The schema's shape: the
/// documents are read as values, to report every mistake at its place.)
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum ProjectDoc {
    Name(String),
    State(ProjectState),
}

/// A project and where it stands.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct ProjectState {
    name: String,
    /// Its last pawn was taken: every player holding one of its pawns has
    /// its reward.
    completed: Option<bool>,
    /// Its Age ended with pawns on it: the others paid its penalty or took
    /// a debt token (listed under the players' `debt`).
    failed: Option<bool>,
    /// Pawns still on the card (default: those of the player count less one
    /// per player holding a pawn of its Age).
    left: Option<Scalar>,
}

/// An entombed leader: its name, or its name and the Age it was entombed in.
#[derive(Deserialize, JsonSchema, Clone)]
#[serde(untagged)]
pub enum Entombed {
    Name(#[schemars(with = "String")] Spanned<String>),
    InAge {
        #[schemars(with = "String")]
        name: Spanned<String>,
        #[schemars(with = "Scalar")]
        age: Spanned<Scalar>,
    },
}

impl Entombed {
    /// The name and the Age written of `entry`, placed where the entry is
    /// (an untagged enum is read through a buffer that keeps no places).
    pub fn parts(entry: &Spanned<Entombed>) -> (Spanned<String>, Option<Spanned<Scalar>>) {
        use crate::reader::at_entry;
        match &entry.value {
            Entombed::Name(n) => (at_entry(n, entry), None),
            Entombed::InAge { name, age } => (at_entry(name, entry), Some(at_entry(age, entry))),
        }
    }
}

crate::reader::document!(SheetDoc, "sheet", SheetPlayer);

impl From<SheetPlayer> for PlayerDoc {
    fn from(p: SheetPlayer) -> Self {
        PlayerDoc {
            name: p.name,
            wonder: Some(p.wonder),
            side: p.side,
            stages: p.stages,
            options: p.options,
            under: p.under,
            coins: p.coins,
            conflict: p.conflict,
            cards: p.cards,
            leaders: p.leaders,
            leader_hand: p.leader_hand,
            entombed: p.entombed,
            pawns: p.pawns,
            debt: p.debt,
            tokens: p.tokens,
            hand: None,
        }
    }
}

/// A player's `stages:` (for the schemas): how many stages are built,
/// from the first, or the numbers of those built, from 1 (`[1, 3]`, on a
/// side whose stages have levels and may be built in any order within a
/// level).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)] // described, never built: the reader reads `Value`s
pub enum StagesDoc {
    Count(Scalar),
    Numbers(Vec<Scalar>),
}

/// A player of a scenario (and, converted, of a sheet).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDoc {
    #[schemars(with = "String")]
    pub(in crate::games::base) name: Spanned<String>,
    /// Required in sheets; in scenarios, given for every player or none.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(in crate::games::base) wonder: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(in crate::games::base) side: Option<Spanned<String>>,
    /// Stages built: how many, from the first, or their numbers from 1.
    #[serde(default)]
    #[schemars(with = "Option<StagesDoc>")]
    pub(in crate::games::base) stages: Option<Spanned<Value>>,
    /// The option chosen for each stage built that offers a choice (`one
    /// of`), in the order of the stages, from 1 (default: the first).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(in crate::games::base) options: Option<Vec<Spanned<Scalar>>>,
    /// The colour of the card under each stage built whose effects count
    /// it (Stonehenge B), in order.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(in crate::games::base) under: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(in crate::games::base) coins: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(in crate::games::base) conflict: Option<Vec<Spanned<Scalar>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(in crate::games::base) cards: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Recruited leaders, face up (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(in crate::games::base) leaders: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Leaders kept face down, not recruited yet (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(in crate::games::base) leader_hand: Option<Vec<Spanned<String>>>,
    /// Entombed leaders (Abu Simbel).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Entombed>>")]
    pub(in crate::games::base) entombed: Option<Vec<Spanned<Entombed>>>,
    /// The Ages whose project it holds a participation pawn of (Edifice).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(in crate::games::base) pawns: Option<Vec<Spanned<Scalar>>>,
    /// The debt tokens it holds, by their points (Edifice).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(in crate::games::base) debt: Option<Vec<Spanned<Scalar>>>,
    /// The tokens it holds of each kind declared, by kind: `{debt: 2}`.
    #[serde(default)]
    #[schemars(with = "Option<crate::tokens::HeldDocs>")]
    pub(in crate::games::base) tokens: Option<Spanned<crate::doc::Value>>,
    /// Scenarios only: the cards in hand.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(in crate::games::base) hand: Option<Spanned<Vec<Spanned<String>>>>,
}

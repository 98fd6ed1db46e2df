//! The lowered card library: what code generation needs and nothing else.
//! No spans and no names but display strings; every default is explicit
//! (the event an effect runs on, tradability, the VP category).
//!
//! The same types are the JSON export for engines in other languages
//! (`sevenc gen --format json`, [`Export`]): they serialize with serde and
//! describe themselves with schemars, so `schemas/ir.schema.json` is made
//! from them and cannot drift from what is written. In the export, a bit
//! set (of colours, resources or symbols) is the list of its indices, and
//! every index names an entry of the family-wide lists of [`Game`]
//! (`resources`, `colours`, `symbols`, `categories`, `cards`, …).
//! `schemas/IR.md` says what each node means for an engine author.

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

/// The version of the exported IR ([`Export::ir_version`]): raised on
/// every change of what the export holds or means, each change listed in
/// `schemas/IR-CHANGELOG.md`.
pub const IR_VERSION: u32 = 1;

/// A bit set as the sorted list of its bits' indices.
fn mask<S: Serializer>(m: &u16, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq((0..16u8).filter(|i| m >> i & 1 == 1))
}

/// The decks a card may be taken from (7 Wonders Architects), by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeckName {
    /// The deck between the player and the left neighbour.
    Left,
    /// The deck between the player and the right neighbour.
    Right,
    /// The central deck.
    Central,
    /// Every other deck on the table.
    Others,
}

/// `sevenw_host::Decks` bits as [`DeckName`]s.
fn deck_mask<S: Serializer>(m: &u8, s: S) -> Result<S::Ok, S::Error> {
    const NAMES: [DeckName; 4] = [
        DeckName::Left,
        DeckName::Right,
        DeckName::Central,
        DeckName::Others,
    ];
    s.collect_seq(
        NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| m >> i & 1 == 1)
            .map(|(_, n)| n),
    )
}

/// A class of resources (`raw`, `manufactured`): its name and members.
#[derive(Serialize, JsonSchema)]
struct Class {
    name: String,
    /// Indices into [`Game::resources`].
    resources: Vec<u8>,
}

fn classes<S: Serializer>(c: &[(String, u16)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(c.iter().map(|(name, m)| Class {
        name: name.clone(),
        resources: (0..16u8).filter(|i| m >> i & 1 == 1).collect(),
    }))
}

/// The events of the host API (`sevenw_host::Event`) an effect runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum On {
    Built,
    AgeEnd,
    GameEnd,
    /// Its owner builds a card of this colour.
    BuiltCard(u8),
    /// Its owner builds a card by a chain.
    BuiltChain,
    BuiltStage,
    GainedVictory,
    TookBankCoins,
    BoughtFrom,
    /// A project failed: its penalty (no listens bit, see `Event::Failed`).
    Failed,
    /// Its owner takes a card (of those in [`Effect::took`]).
    TookCard,
}

impl On {
    /// The bit of `sevenw_host::Listens` for this event.
    pub fn listens_bit(self) -> u16 {
        match self {
            On::Built => 1,
            On::AgeEnd => 2,
            On::GameEnd => 4,
            On::BuiltCard(_) | On::BuiltChain => 8,
            On::BuiltStage => 16,
            On::GainedVictory => 64,
            On::TookBankCoins => 128,
            On::BoughtFrom => 256,
            On::Failed => 0,
            On::TookCard => 32,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Counted {
    Cards(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u16,
    ),
    WonderStages,
    DefeatTokens,
    VictoryTokens,
    Coins,
    ProgressTokens,
    /// Sets of one card of each of these colours.
    ColourSets(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u16,
    ),
    PairedVictoryPoints,
    FinishedWonders,
    /// Distinct colours held among these.
    Colours(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u16,
    ),
    /// Cat icons held.
    Cats,
    /// Progress tokens of this kind.
    Token(u8),
}

/// A condition of a gain, over the acting city.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    /// It has more than each city of `seats`.
    More { what: Counted, seats: Vec<i8> },
    /// It has exactly `n`.
    Exactly { what: Counted, n: u32 },
    /// It has at least `n`.
    AtLeast { what: Counted, n: u32 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    Defeat,
    Victory,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FreeRule {
    Colours(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u16,
    ),
    FirstOfColour,
    FirstOfAge,
    LastOfAge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScienceRule {
    SetBonus { vp: u8, category: u8 },
    Change,
    CopyMost,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
pub struct Counter {
    pub what: Counted,
    pub seats: Vec<i8>,
    /// Whole sets of this many (1: a plain count).
    pub divisor: u32,
    /// Only the one city of `seats` with the most counts.
    pub most: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Discount {
    Wonders,
    Colours(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u16,
    ),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    Discard,
    Hand,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Produce {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        options: u16,
        amount: u8,
        tradable: bool,
    },
    Coins {
        n: i32,
        per: Option<Counter>,
        cond: Option<Cond>,
    },
    Vp {
        category: u8,
        n: i32,
        per: Option<Counter>,
        cond: Option<Cond>,
    },
    Shields {
        n: u32,
        per: Option<Counter>,
        cond: Option<Cond>,
    },
    Science {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        options: u16,
    },
    Trade {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        resources: u16,
        price: u8,
        seats: Vec<i8>,
    },
    BuildFree {
        pile: Pile,
        once_per_age: bool,
    },
    PlayLastCard,
    PlayAgain,
    Copy {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
        seats: Vec<i8>,
    },
    Lose {
        n: u32,
        seats: Vec<i8>,
    },
    Discard {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
        seats: Vec<i8>,
    },
    TakeProgress {
        set_aside: u8,
    },
    Discount {
        n: u8,
        target: Discount,
    },
    ReceiveTrade {
        seats: Vec<i8>,
    },
    /// `n` tokens (255: all).
    LoseTokens {
        token: Token,
        n: u8,
        seats: Vec<i8>,
    },
    /// `n` coins off (255: all).
    CoinDiscount {
        n: u8,
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
        seats: Vec<i8>,
    },
    FreeRule(FreeRule),
    BankTrade {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        resources: u16,
        price: u8,
    },
    TakeVictory {
        age: u8,
    },
    GiveDefeats,
    ScienceRule(ScienceRule),
    Entomb {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
    },
    Draw {
        n: u8,
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
    },
    BuildFromHand {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
    },
    Keep {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u16,
    },
    TakePawn {
        age: u8,
    },
    /// From these decks (`sevenw_host::Decks` bits), the top `top` looked at.
    TakeCard {
        #[serde(serialize_with = "deck_mask")]
        #[schemars(with = "Vec<DeckName>")]
        decks: u8,
        top: u8,
    },
    TakeCat,
    Flip {
        n: u8,
    },
    AnyResources,
    CoinValue {
        n: u8,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
pub struct Effect {
    pub on: On,
    pub op: Op,
    /// The option of a `one of` choice it belongs to.
    pub option: Option<u8>,
    /// For [`On::TookCard`]: the cards taken that set it off.
    pub took: Vec<u16>,
}

/// Options a source's effects offer (`one of`); 0: none.
pub fn options(effects: &[Effect]) -> u8 {
    effects
        .iter()
        .filter_map(|e| e.option)
        .max()
        .map_or(0, |o| o.saturating_add(1))
}

/// Listens bits of a list of effects.
pub fn listens(effects: &[Effect]) -> u16 {
    effects.iter().fold(0, |m, e| m | e.on.listens_bit())
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, JsonSchema)]
pub struct Cost {
    pub coins: u16,
    pub coins_per_age: u8,
    pub resources: Vec<(u8, u8)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Card {
    pub name: String,
    pub aliases: Vec<String>,
    pub colour: u8,
    pub age: u8,
    pub copies: Vec<u8>,
    pub cost: Cost,
    pub chains: Vec<u16>,
    pub chained_from: Vec<u16>,
    pub effects: Vec<Effect>,
    pub expert: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Stage {
    pub cost: Cost,
    pub effects: Vec<Effect>,
    /// Built once every stage of a lower level is (from 1).
    pub level: u8,
    /// `N different` / `N identical`: (N, identical).
    pub pattern: Option<(u8, bool)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Side {
    pub name: String,
    pub board: Vec<Effect>,
    pub stages: Vec<Stage>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Wonder {
    pub name: String,
    pub aliases: Vec<String>,
    pub sides: Vec<Side>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DrawRule {
    pub colour: u8,
    pub age: u8,
    /// `players + extra` are drawn when set, else `extra`.
    pub per_player: bool,
    pub extra: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Draft {
    pub colour: u8,
    pub deal: u8,
    pub pass: i8,
}

/// The project rule (Edifice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Projects {
    pub colour: u8,
    pub pawns: Vec<(u8, u8)>,
    pub debt: Vec<i8>,
    pub category: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Progress {
    pub name: String,
    pub aliases: Vec<String>,
    pub effects: Vec<Effect>,
    pub copies: u8,
}

/// A deck of a game of decks and the copies of each card it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Deck {
    pub name: String,
    /// The wonder it belongs to; `None` for the central deck.
    pub wonder: Option<u8>,
    /// (card, copies), in card order.
    pub cards: Vec<(u16, u8)>,
}

/// Battles started by conflict tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Battles {
    pub tokens: Vec<(u8, u8)>,
    pub vp: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Conflict {
    pub capital: u8,
    pub zones: Vec<(u8, u8)>,
    pub tokens: Vec<(u8, u8)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Game {
    pub name: String,
    pub title: String,
    pub edition: u8,
    /// The game an expansion extends.
    pub extends: Option<String>,
    /// An expansion's chains to cards of the game it extends, which its
    /// own card indices cannot name: (its card, the target's name), linked
    /// by name when the runtime puts the game and the expansion together.
    pub extended_chains: Vec<(u16, String)>,
    /// Where an expansion's own symbols, colours and categories begin.
    pub own: (u8, u8, u8),
    pub draft: Option<Draft>,
    pub projects: Option<Projects>,
    pub min_players: u8,
    pub max_players: u8,
    pub ages: u8,
    pub start_coins: u16,
    /// Cards per hand; 0 when Ages are laid out.
    pub hand_size: u8,
    /// Cards laid out per Age; 0 when Ages are dealt in hands.
    pub layout: u8,
    /// Cards of each Age deck set aside unseen.
    pub set_aside: u8,
    pub resources: Vec<String>,
    #[serde(serialize_with = "classes")]
    #[schemars(with = "Vec<Class>")]
    pub classes: Vec<(String, u16)>,
    pub symbols: Vec<String>,
    pub colours: Vec<String>,
    pub categories: Vec<String>,
    pub guilds: Option<DrawRule>,
    pub conflict: Option<Conflict>,
    pub cards: Vec<Card>,
    pub wonders: Vec<Wonder>,
    pub progress: Vec<Progress>,
    /// `family:` (empty when not given).
    pub family: String,
    /// The decks of a game of decks (the wonders' in wonder order, then the
    /// central deck); empty otherwise.
    pub decks: Vec<Deck>,
    pub battles: Option<Battles>,
    pub cat_vp: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, JsonSchema)]
pub struct Library {
    pub games: Vec<Game>,
}

impl Library {
    pub fn cards(&self) -> usize {
        self.games.iter().map(|g| g.cards.len()).sum()
    }
    pub fn wonders(&self) -> usize {
        self.games.iter().map(|g| g.wonders.len()).sum()
    }
}

/// One game family's card data, as `sevenc gen --format json` and
/// [`crate::build::Builder::json`] write it: a game (each of its editions)
/// with its expansions, indices shared family-wide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Export {
    /// [`IR_VERSION`]: what this document holds and means; its changes are
    /// listed in `schemas/IR-CHANGELOG.md`.
    pub ir_version: u32,
    /// The family's rules the runtime plays it by (`base`, `duel`,
    /// `architects`, or a designer's own).
    pub family: String,
    /// The family's games: editions first, then expansions, in the order
    /// the compiler lowered them (deterministic: by name).
    pub games: Vec<Game>,
}

impl Library {
    /// The library as one [`Export`] per family, in family order. An
    /// expansion belongs to the family of the game it extends (found among
    /// the library's games by name).
    pub fn exports(&self) -> Vec<Export> {
        let family_of = |g: &Game| -> String {
            match &g.extends {
                Some(parent) => self
                    .games
                    .iter()
                    .find(|p| &p.name == parent)
                    .map_or_else(|| parent.clone(), |p| p.family.clone()),
                None if g.family.is_empty() => g.name.clone(),
                None => g.family.clone(),
            }
        };
        let mut out: Vec<Export> = Vec::new();
        for g in &self.games {
            let family = family_of(g);
            match out.iter_mut().find(|e| e.family == family) {
                Some(e) => e.games.push(g.clone()),
                None => out.push(Export {
                    ir_version: IR_VERSION,
                    family,
                    games: vec![g.clone()],
                }),
            }
        }
        out.sort_by(|a, b| a.family.cmp(&b.family));
        out
    }
}

impl Export {
    /// The document as the export writes it: pretty JSON, a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The JSON Schema of [`Export`] (draft-07), as `schemas/ir.schema.json`
    /// holds it: pretty JSON, a final newline.
    pub fn schema_text() -> String {
        let schema = schemars::generate::SchemaSettings::draft07()
            .into_generator()
            .into_root_schema_for::<Export>();
        let mut v = serde_json::to_value(schema).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            o.insert(
                "title".into(),
                serde_json::Value::String("7 Wonders card data (sevenw IR export)".into()),
            );
        }
        let mut text = serde_json::to_string_pretty(&v).unwrap_or_default();
        text.push('\n');
        text
    }
}

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
//! `schemas/IR.md` says what each node means for an engine author. What a
//! game lays out beside its decks (figures, boards, a senate, schemes,
//! military tokens) is in `ir/laid_out.rs`.

pub mod call;
mod laid_out;

pub use call::{Arg, Call};
pub use laid_out::{Board, BoardFill, FigureSlot, FigureTokens, MilitaryTokens, Schemes, Senate};

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

/// The version of the exported IR ([`Export::ir_version`]): raised on
/// every change of the export's format (not for a new call of the word
/// table, `schemas/IR-CHANGELOG.md` version 3). It is the newest entry
/// of `schemas/IR-CHANGELOG.md` (its first `## N` heading), so a change is
/// versioned by its line in the changelog.
pub const IR_VERSION: u32 = newest_version(include_bytes!("../../schemas/IR-CHANGELOG.md"));

/// The number of the first `## N` heading of a changelog (0 if none).
const fn newest_version(text: &[u8]) -> u32 {
    let mut i = 0;
    while i + 3 < text.len() {
        let line_start = i == 0 || text[i - 1] == b'\n';
        if line_start && text[i] == b'#' && text[i + 1] == b'#' && text[i + 2] == b' ' {
            let mut j = i + 3;
            let mut n = 0u32;
            while j < text.len() && text[j].is_ascii_digit() {
                n = n * 10 + (text[j] - b'0') as u32;
                j += 1;
            }
            if j > i + 3 {
                return n;
            }
        }
        i += 1;
    }
    0
}

/// A bit set as the sorted list of its bits' indices.
fn mask<S: Serializer, M: Copy + Into<u64>>(m: &M, s: S) -> Result<S::Ok, S::Error> {
    let m: u64 = (*m).into();
    s.collect_seq((0..64u8).filter(|i| m >> i & 1 == 1))
}

/// A bit set as [`mask`] does, or null for none given (any).
fn mask_or_any<S: Serializer, M: Copy + Into<u64>>(m: &Option<M>, s: S) -> Result<S::Ok, S::Error> {
    match m {
        Some(m) => mask(m, s),
        None => s.serialize_none(),
    }
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

/// A class of resources (`raw`, `manufactured`): its name and members.
#[derive(Serialize, JsonSchema)]
struct Class {
    name: String,
    /// Indices into the game's `resources`.
    resources: Vec<u8>,
}

fn classes<S: Serializer>(c: &[(String, u16)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(c.iter().map(|(name, m)| Class {
        name: name.clone(),
        resources: (0..16u8).filter(|i| m >> i & 1 == 1).collect(),
    }))
}

/// The event an effect runs on (its owner's, unless said).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum On {
    /// The source is built (a board: the game starts).
    Built,
    /// The end of each Age.
    AgeEnd,
    /// Final scoring.
    GameEnd,
    /// Its owner builds a card of this colour.
    BuiltCard(u8),
    /// Its owner builds a card by a chain.
    BuiltChain,
    /// Its owner builds a wonder stage.
    BuiltStage,
    /// Any player, its owner or another, builds a card of this colour.
    AnyBuiltCard(u8),
    /// Any player, its owner or another, builds a wonder stage.
    AnyBuiltStage,
    /// Its owner discards a card for coins.
    Discarded,
    /// Its owner takes the wonder in the draft.
    Drafted,
    /// Its owner takes a conflict victory token.
    GainedVictory,
    /// Its owner takes coins from the bank.
    TookBankCoins,
    /// A neighbour buys resources from its owner.
    BoughtFrom,
    /// A project failed: its penalty, for each player without a pawn on it.
    Failed,
    /// Its owner takes a card (of those in the effect's `took`).
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
            On::AnyBuiltCard(_) => 512,
            On::AnyBuiltStage => 1024,
            On::Discarded => 2048,
            On::Drafted => 4096,
        }
    }
}

/// What a counter or a condition counts in a city.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Counted {
    /// Cards of these colours.
    Cards(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u32,
    ),
    /// Wonder stages built (Duel: wonders built).
    WonderStages,
    /// Conflict defeat tokens.
    DefeatTokens,
    /// Conflict victory tokens.
    VictoryTokens,
    /// Conflict victory tokens of this Age (from 1): the base family's
    /// tokens of 1, 3 and 5 VP are those of Ages I, II and III.
    VictoryTokensOfAge(u8),
    /// Coins.
    Coins,
    /// Progress tokens held.
    ProgressTokens,
    /// Sets of one card of each of these colours.
    ColourSets(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u32,
    ),
    /// The VP of every pair of identical victory tokens.
    PairedVictoryPoints,
    /// 1 if every stage of its wonder is built.
    FinishedWonders,
    /// Distinct colours held among these.
    Colours(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u32,
    ),
    /// Cards showing the cat held (Architects).
    Cats,
    /// Progress tokens of this index held.
    Token(u8),
    /// Tokens of this kind (its index in [`Game::tokens`]) held.
    Tokens(u8),
    /// Symbols of these resources on the built cards of these colours:
    /// each unit a card's production gives (`produce 2 stone`: 2;
    /// `produce stone or clay`: 1 of each).
    Resources {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        resources: u16,
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u32,
    },
    /// Cards of the colour of the card put under stage `i` (from 0) of the
    /// acting city's wonder when it was built, in each city counted (0
    /// while that stage is not built). Only stage `i`'s own effects count
    /// it, and that card is turned face up (its colour is public).
    StageColour(u8),
}

impl Counted {
    /// What the resolver's count counts: cards of `colours`, progress
    /// tokens of kind `token` when one is named, victory tokens of the Age
    /// `token` when one is named, symbols of `resources` on cards of
    /// `colours`, cards of the colour under stage `token`.
    pub fn of(c: crate::resolve::Count) -> Counted {
        use crate::vocab::CounterKind;
        let crate::resolve::Count {
            kind,
            colours,
            token,
            resources,
        } = c;
        match (kind, token) {
            (CounterKind::ProgressTokens, Some(t)) => Counted::Token(t),
            (CounterKind::Cards, _) => Counted::Cards(colours),
            (CounterKind::WonderStages, _) => Counted::WonderStages,
            (CounterKind::DefeatTokens, _) => Counted::DefeatTokens,
            (CounterKind::VictoryTokens, Some(age)) => Counted::VictoryTokensOfAge(age),
            (CounterKind::VictoryTokens, None) => Counted::VictoryTokens,
            (CounterKind::Coins, _) => Counted::Coins,
            (CounterKind::ProgressTokens, None) => Counted::ProgressTokens,
            (CounterKind::PairedVictoryPoints, _) => Counted::PairedVictoryPoints,
            (CounterKind::Cats, _) => Counted::Cats,
            (CounterKind::FinishedWonders, _) => Counted::FinishedWonders,
            (CounterKind::Tokens, t) => Counted::Tokens(t.unwrap_or(0)),
            (CounterKind::ResourceSymbols, _) => Counted::Resources { resources, colours },
            (CounterKind::StageColour, t) => Counted::StageColour(t.unwrap_or(0)),
        }
    }
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

/// A kind of token a city loses: a conflict token, or a kind the card
/// sets declare (its index in [`Game::tokens`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    Defeat,
    Victory,
    Declared(u8),
}

/// What is built for free from now on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FreeRule {
    /// Cards of these colours.
    Colours(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u32,
    ),
    /// The first card of each colour.
    FirstOfColour,
    /// The first card of each Age.
    FirstOfAge,
    /// The last card of each Age.
    LastOfAge,
}

/// A change to how science scores (Leaders).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScienceRule {
    /// Each set of every symbol scores `vp` more, in `category`.
    SetBonus { vp: u8, category: u8 },
    /// A symbol held may become any other at game end.
    Change,
    /// One more of the symbol held most, after every other choice.
    CopyMost,
}

/// `what` counted in the cities at `seats` (summed), then divided by
/// `divisor` rounding down.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
pub struct Counter {
    pub what: Counted,
    /// Seat offsets: 0 the city itself, 1 its left neighbour, -1 its right.
    pub seats: Vec<i8>,
    /// Whole sets of this many (1: a plain count).
    pub divisor: u32,
    /// Only the one city of `seats` with the most counts.
    pub most: bool,
}

/// What a resource discount applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Discount {
    /// Wonder stages.
    Wonders,
    /// Cards of these colours.
    Colours(
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        u32,
    ),
}

/// Where a free build takes its card from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    /// The discard pile.
    Discard,
    /// Its owner's hand.
    Hand,
}

/// What an effect does.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// `amount` of one of the resources `options` each turn; `tradable`: neighbours may buy it.
    Produce {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        options: u16,
        amount: u8,
        tradable: bool,
    },
    /// `n` coins fewer paid to the cities at `seats` for what is bought
    /// from them: off the first unit each turn (`first`), or off each unit
    /// of the resources their board produces; never below nothing.
    TradeRebate { n: u8, first: bool, seats: Vec<i8> },
    /// One resource each turn among those the city's own cards of
    /// `colours` (and its board, with `board`) produce, or, with
    /// `lacking`, among those they do not; `tradable`: neighbours may buy
    /// it.
    ProduceMatching {
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u32,
        board: bool,
        lacking: bool,
        tradable: bool,
    },
    /// `n` coins from the bank (times `per` if given, times the current
    /// Age if `per_age`), when `cond` holds; negative: paid.
    Coins {
        n: i32,
        per: Option<Counter>,
        cond: Option<Cond>,
        per_age: bool,
    },
    /// `n` victory points in `category` (times `per` if given), when `cond` holds.
    Vp {
        category: u8,
        n: i32,
        per: Option<Counter>,
        cond: Option<Cond>,
    },
    /// `n` shields of military strength (times `per` if given), when `cond`
    /// holds. `ongoing` (with `per`): not counted once, but anew whenever
    /// the city's shields are read, at each conflict resolution first.
    Shields {
        n: u32,
        per: Option<Counter>,
        cond: Option<Cond>,
        ongoing: bool,
    },
    /// Builds a card from `pile` for free, once per Age or once: a card of
    /// `colours` (null: of any colour, those of every card set in play).
    BuildFree {
        pile: Pile,
        once_per_age: bool,
        #[serde(serialize_with = "mask_or_any")]
        #[schemars(with = "Option<Vec<u8>>")]
        colours: Option<u32>,
    },
    /// The cities at `seats` lose `n` coins (times the current Age if
    /// `per_age`).
    Lose {
        n: u32,
        seats: Vec<i8>,
        per_age: bool,
    },
    /// `n` fewer resources to pay for `target`.
    Discount { n: u8, target: Discount },
    /// The cities at `seats` give up `n` (255: all) tokens of `token`.
    LoseTokens { token: Token, n: u8, seats: Vec<i8> },
    /// `n` (255: all) coins fewer to pay for cards of `colours`, for the
    /// cities at `seats`.
    CoinDiscount {
        n: u8,
        #[serde(serialize_with = "mask")]
        #[schemars(with = "Vec<u8>")]
        colours: u32,
        seats: Vec<i8>,
    },
    /// Builds some cards for free from now on.
    FreeRule(FreeRule),
    /// Changes how science scores.
    ScienceRule(ScienceRule),
    /// A word of the table's calls (`sevenw_dsl::Shape::Call`): written
    /// in the export as the word's own node, `{"entomb": {"colours": [6]}}`
    /// (`schemas/IR.md`).
    #[serde(untagged)]
    Call(Call),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
/// When its owner's event `on` happens, `op` is carried out.
pub struct Effect {
    pub on: On,
    pub op: Op,
    /// The option of a `one of` choice it belongs to: only the option
    /// chosen when the source is built applies.
    pub option: Option<u8>,
    /// For `took_card`: the cards of its own card set whose taking sets it
    /// off.
    pub took: Vec<u16>,
    /// For `took_card`: the colours whose taking sets it off, a card of
    /// any card set in play.
    #[serde(serialize_with = "mask")]
    #[schemars(with = "Vec<u8>")]
    pub took_colours: u32,
}

/// Options a source's effects offer (`one of`); 0: none.
pub fn options(effects: &[Effect]) -> u8 {
    effects
        .iter()
        .filter_map(|e| e.option)
        .max()
        .map_or(0, |o| o.saturating_add(1))
}

/// Whether the effects of stage `stage` count the cards of the colour
/// under it ([`Counted::StageColour`]): the card is then turned face up
/// (`sevenw_host::StageInfo::shows_colour`).
pub fn shows_colour(effects: &[Effect], stage: u8) -> bool {
    let own = |w: &Counted| *w == Counted::StageColour(stage);
    let cond = |c: &Option<Cond>| match c {
        Some(Cond::More { what, .. } | Cond::Exactly { what, .. } | Cond::AtLeast { what, .. }) => {
            own(what)
        }
        None => false,
    };
    effects.iter().any(|e| match &e.op {
        Op::Coins { per, cond: c, .. }
        | Op::Vp { per, cond: c, .. }
        | Op::Shields { per, cond: c, .. } => per.as_ref().is_some_and(|p| own(&p.what)) || cond(c),
        Op::Call(call) => (call.args.iter()).any(|(_, a)| matches!(a, Arg::Counted(w) if own(w))),
        _ => false,
    })
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Listens bits of a list of effects.
pub fn listens(effects: &[Effect]) -> u16 {
    effects.iter().fold(0, |m, e| m | e.on.listens_bit())
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, JsonSchema)]
/// What building asks.
pub struct Cost {
    pub coins: u16,
    /// Coins more per Age number (a leader's cost in Leaders).
    pub coins_per_age: u8,
    /// Coins more per card of `per_colours` in the city (Agora's
    /// senators).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coins_per_card: u8,
    /// The colours (indices) `coins_per_card` counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_colours: Vec<u8>,
    /// (resource, amount).
    pub resources: Vec<(u8, u8)>,
    /// (kind of token, amount): tokens of a kind of [`Game::tokens`] the
    /// city gives up to pay, those worth least first.
    pub tokens: Vec<(u8, u8)>,
}

impl Cost {
    /// Whether it asks nothing at all.
    pub fn is_free(&self) -> bool {
        self.coins == 0
            && self.coins_per_age == 0
            && self.coins_per_card == 0
            && self.resources.is_empty()
            && self.tokens.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A card: an Age card, a leader or a project (Age 0).
pub struct Card {
    pub name: String,
    /// Other names it is known by (any case).
    pub aliases: Vec<String>,
    pub colour: u8,
    /// Its Age; 0 for a card of no Age (a leader, a project).
    pub age: u8,
    /// One entry per copy in its Age's deck: the least player count it is
    /// in play from.
    pub copies: Vec<u8>,
    pub cost: Cost,
    /// Cards it makes free to build (same game's indices).
    pub chains: Vec<u16>,
    /// Cards that make it free to build.
    pub chained_from: Vec<u16>,
    pub effects: Vec<Effect>,
    /// Leaders' expert marker.
    pub expert: bool,
    /// A card of a board costs its space's price times this, before any
    /// discount (1 for every other card).
    pub price_times: u8,
    /// Its effect text as the designer wrote it in the card file (the
    /// `effect:` value, trimmed; a project's `penalty:` follows on a line
    /// of its own as `penalty: …`); empty when it has none.
    pub text: String,
    /// Its effects in words, as `sevenc`'s hover describes them
    /// (`describe::sentences`): one sentence a line; empty when it has
    /// none. For display only.
    pub words: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A wonder stage.
pub struct Stage {
    pub cost: Cost,
    pub effects: Vec<Effect>,
    /// Built once every stage of a lower level is (from 1).
    pub level: u8,
    /// `N different` / `N identical`: (N, identical).
    pub pattern: Option<(u8, bool)>,
    /// Its effect text as written (the `effect:` value, trimmed); empty
    /// when it has none.
    pub text: String,
    /// Its effects in words, as `sevenc`'s hover describes them
    /// (`describe::sentences`): one sentence a line; empty when it has
    /// none. For display only.
    pub words: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A side of a wonder board.
pub struct Side {
    pub name: String,
    /// The board's own effects (its starting production).
    pub board: Vec<Effect>,
    pub stages: Vec<Stage>,
    /// The board's own effect text as written (the side's `effect:` value,
    /// trimmed); empty when it has none.
    pub text: String,
    /// Its effects in words, as `sevenc`'s hover describes them
    /// (`describe::sentences`): one sentence a line; empty when it has
    /// none. For display only.
    pub words: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A wonder and its sides.
pub struct Wonder {
    pub name: String,
    pub aliases: Vec<String>,
    pub sides: Vec<Side>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// Cards drawn into Age `age`'s deck: of `colour` (the guilds), or of any
/// of `colours` (an expansion's `draws:`), of that Age and of no Age.
pub struct DrawRule {
    pub colour: u8,
    /// Every colour drawn, `colour` first. Cards of no Age of these
    /// colours are drawn too, from one pool for the whole game: those
    /// drawn into one Age are not there for the next.
    pub colours: Vec<u8>,
    pub age: u8,
    /// `players + extra` are drawn when set, else `extra`.
    pub per_player: bool,
    pub extra: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
/// Cards of `colour` of no Age dealt `deal` each and passed `pass` seats
/// until all are kept (Leaders).
pub struct Draft {
    pub colour: u8,
    pub deal: u8,
    /// A seat offset (-1: to the right neighbour).
    pub pass: i8,
}

/// The project rule (Edifice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Projects {
    /// The project cards' colour.
    pub colour: u8,
    /// (players, pawns on each project): the last entry not above the
    /// player count applies.
    pub pawns: Vec<(u8, u8)>,
    /// The kind of token (index into [`Game::tokens`]) a player takes, in
    /// the project's Age, for a penalty it cannot pay in full.
    pub debt: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A progress token (Duel, Architects).
pub struct Progress {
    pub name: String,
    pub aliases: Vec<String>,
    pub effects: Vec<Effect>,
    /// Copies in the box.
    pub copies: u8,
    /// Its effect text as written (the `effect:` value, trimmed); empty
    /// when it has none.
    pub text: String,
    /// Its effects in words, as `sevenc`'s hover describes them
    /// (`describe::sentences`): one sentence a line; empty when it has
    /// none. For display only.
    pub words: String,
}

/// A deck of a game of decks and the copies of each card it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Deck {
    pub name: String,
    /// The wonder it belongs to; null for the central deck.
    pub wonder: Option<u8>,
    /// (card, copies), in card order.
    pub cards: Vec<(u16, u8)>,
}

/// Battles started by conflict tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Battles {
    /// (players, conflict tokens in play).
    pub tokens: Vec<(u8, u8)>,
    /// The VP of a military victory token.
    pub vp: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A kind of token the cities hold (`tokens:` in game.yaml).
pub struct TokenKind {
    /// Its name: `debt` for `debt token`.
    pub name: String,
    /// Its VP per token at the end of the game, in `category`: one entry,
    /// or one per Age (a token taken in Age N is worth entry N - 1).
    pub points: Vec<i8>,
    pub category: u8,
    /// A loss of coins a city cannot pay is taken as tokens of this kind,
    /// one per coin missing.
    pub instead_of_coins: bool,
    /// A city may hold fewer than none (a loss it cannot meet).
    pub negative: bool,
    /// Other players see how many a city holds (all are shown at the end).
    pub public: bool,
    /// A city holding one sits out the next battles with its neighbours,
    /// who fight each other, and gives one up after them.
    pub sits_out: bool,
    /// With `instead_of_coins`: a city that must lose coins chooses how
    /// many to pay and takes a token for each coin it does not pay.
    pub by_choice: bool,
    /// The card sets declaring it (alike): its rules
    /// (`instead_of_coins`, `by_choice`, `sits_out`) apply only in a game
    /// playing one of them.
    pub sets: Vec<String>,
    /// The names (lower case) of the cards a city holding one builds free,
    /// as by a chain: cards of the set declaring it.
    pub chains: Vec<String>,
    /// The card a city taking one lays on a board (`places:`), if any.
    pub places: Option<TokenPlaces>,
    /// Coins one token takes off the price of a card of a board when its
    /// city gives it up on taking the card (`board_discount:`; Pantheon's
    /// Offering tokens); 0: none. Several may be given up for one card,
    /// which never costs less than nothing.
    pub board_discount: u8,
    /// Each token is a coin its city holds apart from its treasury
    /// (`as_coins:`; Pantheon's Astarte): a price (of a card, a wonder, a
    /// card of a board) is paid from the treasury first, then from these
    /// tokens; a loss of coins never takes them; they score `points` at
    /// the end. Never with `instead_of_coins`, `negative` or a
    /// `board_discount`.
    pub as_coins: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// What a city taking a token of a kind lays on a board (Pantheon's
/// Mythology tokens): it draws `draw` cards of `colour` (cards of no Age)
/// at random from those not yet on a board or in a city, keeps one and
/// lays it face down on an empty space of the board named `board` of its
/// choice, the others going back. Only its player knows the card until
/// the board opens. A card of no Age of `colour` is a board's, not a
/// drafted card.
pub struct TokenPlaces {
    pub colour: u8,
    pub draw: u8,
    /// The name of a board (`Game::boards`) of the set declaring the kind
    /// or of one it is played with.
    pub board: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A conflict track (Duel): distances from its centre.
pub struct Conflict {
    /// Squares from the centre to a capital.
    pub capital: u8,
    /// (from this distance, VP), by distance.
    pub zones: Vec<(u8, u8)>,
    /// (at this distance, coins the other side loses), by distance.
    pub tokens: Vec<(u8, u8)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A game or an expansion, with its vocabulary, rules and cards.
pub struct Game {
    pub name: String,
    pub title: String,
    /// 1 unless the game (or the expansion) has several editions.
    pub edition: u8,
    /// The game an expansion extends.
    pub extends: Option<String>,
    /// The editions of that game an expansion plays with; empty for every
    /// edition (and for a game).
    pub editions: Vec<u8>,
    /// The other expansions of that game an expansion is played with: it
    /// is in play only with all of them, and uses their names.
    pub with: Vec<String>,
    /// Played in every game that plays all of `with`, never named alone.
    pub automatic: bool,
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
    /// The figure of each Age, in slot order (rows from the top, each from
    /// the left), when Ages are laid out.
    pub figures: Vec<Vec<FigureSlot>>,
    /// Tokens laid on the figures' cards (an expansion's `figure_tokens:`).
    pub figure_tokens: Vec<FigureTokens>,
    /// Boards of spaces beside the table (an expansion's `boards:`).
    pub boards: Vec<Board>,
    /// A board of chambers where influence is placed (an expansion's
    /// `senate:`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub senate: Option<Senate>,
    /// Hidden cards drawn, held and revealed once (an expansion's
    /// `schemes:`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schemes: Option<Schemes>,
    /// Cards of no Age lying on the conflict track in place of its tokens
    /// (an expansion's `military_tokens:`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub military_tokens: Option<MilitaryTokens>,
    /// Resource names (indices are family-wide, as for every list below).
    pub resources: Vec<String>,
    /// Classes of resources (`raw`, `manufactured`).
    #[serde(serialize_with = "classes")]
    #[schemars(with = "Vec<Class>")]
    pub classes: Vec<(String, u16)>,
    pub symbols: Vec<String>,
    pub colours: Vec<String>,
    /// VP categories, in score-sheet order.
    pub categories: Vec<String>,
    /// The guilds drawn into the last Age's deck.
    pub guilds: Option<DrawRule>,
    /// An expansion's other cards drawn into an Age's deck (`draws:`),
    /// one rule per Age.
    pub draws: Vec<DrawRule>,
    /// The kinds of token of the game and its expansions, family-wide: an
    /// expansion's list holds the game's and those of the expansions
    /// before it, then its own.
    pub tokens: Vec<TokenKind>,
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
    /// The VP of the cat figure (Architects).
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

/// One game family's card data, as `sevenc gen --format json` and the
/// build scripts' `Builder::json_dir` write it: a game (each of its
/// editions) with its expansions, indices shared family-wide. What each
/// node means: `schemas/IR.md`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Export {
    /// The version of what this document holds and means; its changes are
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_version_is_the_changelog_s_newest_entry() {
        assert_eq!(
            super::newest_version(b"# IR\n\ntext ## 9\n\n## 12\n\n## 11\n"),
            12
        );
        assert_eq!(super::newest_version(b"# IR\n\n## notes\n"), 0);
        let changelog = include_str!("../../schemas/IR-CHANGELOG.md");
        assert!(changelog.contains(&format!("\n## {}\n", super::IR_VERSION)));
        const { assert!(super::IR_VERSION >= 2) };
    }
}

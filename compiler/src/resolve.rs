//! Pass 3, resolve: every name of every cost and effect → an index of the
//! game's vocabulary; chains → card indices. Reports unknown names (with
//! did-you-mean), words the game does not allow, and names of the wrong kind.
//! Spans are kept for the validator; names are not.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, Report, did_you_mean, suggest};
use crate::load::{Int, Text};
use crate::parse::{Field, GameAst, Parsed};
use crate::source::Loc;
use crate::vocab::{self, CounterKind, Name, Unit, Vocab};
use sevenw_dsl::{ActionKind, WORDS, Word, WordDef, leading_words};

/// When an effect happens, as written (`Default`: the action's natural timing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    Default,
    WhenBuilt,
    GameEnd,
    AgeEnd,
    OncePerAge,
    BuildChain,
    BuildStage,
    BuildColour(u8),
    /// `when any player builds a <colour> card`.
    AnyBuildColour(u8),
    /// `when any player builds a wonder`.
    AnyBuildStage,
    /// `when you discard a card`.
    Discard,
    /// `when drafted`: a wonder taken in the draft.
    Drafted,
    GainVictory,
    BankCoins,
    Bought,
    /// `when you take …`: the cards (indices of its own card set) and the
    /// colours (of any card set in play) it waits for.
    TakeCard {
        cards: Vec<u16>,
        colours: u32,
    },
}

/// What a count counts in a city: `brown cards`, `victory tokens of age
/// 2`, `stone on brown cards`, `cards of this stage's colour`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub kind: CounterKind,
    /// For `Cards` and `ResourceSymbols`: the colours of the cards.
    pub colours: u32,
    /// For `ProgressTokens`: only the tokens of this kind (`per Culture
    /// progress token`); for `Tokens`, the kind declared (`per debt
    /// token`); for `VictoryTokens`, those of this Age (`per victory token
    /// of age 2`); for `StageColour`, the stage (from 0) whose effect it
    /// is.
    pub token: Option<u8>,
    /// For `ResourceSymbols`: the resources whose symbols count.
    pub resources: u16,
}

impl Count {
    /// A count of `kind` without qualifiers, or of cards of `colours`.
    pub fn of(kind: CounterKind, colours: u32) -> Count {
        Count {
            kind,
            colours,
            token: None,
            resources: 0,
        }
    }
}

/// What a counted amount counts and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub what: Count,
    pub seats: Vec<i8>,
    /// `per 3 coins`: whole sets of this many (1 for plain counts).
    pub divisor: u32,
    /// `in the city with the most`: the one city of `seats` with the most.
    pub most: bool,
    /// `per set of blue, red and green cards`: complete sets of one card of
    /// each colour.
    pub sets: bool,
    /// `per different colour of brown, grey or blue cards`: the colours
    /// among them held at least once.
    pub distinct: bool,
}

/// A condition of a gain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// The acting city has more than each city of `seats`.
    More { what: Count, seats: Vec<i8> },
    /// It has exactly `n` (0 for `no`).
    Exactly { what: Count, n: u32 },
    /// Every stage of its wonder is built.
    WonderComplete,
}

/// What `lose` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lost {
    Coins,
    DefeatTokens,
    VictoryTokens,
    /// Tokens of a kind the card sets declare (index).
    Declared(u8),
}

/// Which Age cards a `free builds` rule makes free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreeRule {
    Colours(u32),
    FirstOfColour,
    FirstOfAge,
    LastOfAge,
}

/// What a cost discount applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountTarget {
    Wonders,
    Colours(u32),
}

/// What an effect does, resolved: a call of the word table, or a word
/// the compiler reads in its own way (its [`sevenw_dsl::Shape`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Produce {
        options: u16,
        amount: u8,
    },
    /// `n` coins fewer paid to the cities at `seats`: off the first unit
    /// bought from each in a turn (`first`), or off each unit of the
    /// resources its board produces.
    TradeRebate {
        n: u8,
        first: bool,
        seats: Vec<i8>,
    },
    /// One resource among those the city's cards of `colours` (and its
    /// board, with `board`) produce, or, with `lacking`, do not.
    ProduceMatching {
        colours: u32,
        board: bool,
        lacking: bool,
    },
    Gain {
        unit: Unit,
        amount: u32,
        per: Option<Counter>,
        cond: Option<Cond>,
        /// `gain 2 coins per age`: times the current Age.
        per_age: bool,
        /// `gain 1 shield per defeat token in self at each conflict`: the
        /// count is read anew whenever the city's shields are read.
        ongoing: bool,
    },
    BuildFree {
        pile: Pile,
        /// `build a black card …`: only cards of these colours; `None`
        /// for `a card`, of any colour (an expansion's too).
        colours: Option<u32>,
    },
    Lose {
        /// `None`: all.
        amount: Option<u32>,
        what: Lost,
        seats: Vec<i8>,
        /// `others lose 1 coin per age`: times the current Age.
        per_age: bool,
    },
    Discount {
        amount: u8,
        target: DiscountTarget,
    },
    CoinDiscount {
        /// `None`: no coins at all.
        amount: Option<u8>,
        colours: u32,
        seats: Vec<i8>,
    },
    FreeRule(FreeRule),
    ScienceRule(ScienceRule),
    /// A word of [`sevenw_dsl::Shape::Call`]; `written` has the slots the
    /// text wrote (the others hold their default).
    Call {
        call: crate::ir::Call,
        written: Vec<&'static str>,
    },
}

/// A change to science scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScienceRule {
    /// Each science set scores this many more VP.
    SetBonus(u32),
    /// Change one of your science symbols at game end.
    Change,
    /// Copy your most common science symbol at game end.
    CopyMost,
}

/// Where a free build takes its card from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pile {
    Discard,
    Hand,
}

/// The deck words of `take a card from …`, as `sevenw_host::Decks` bits.
pub const DECK_WORDS: &[(&str, u8)] = &[
    ("left", 1),
    ("right", 2),
    ("central", 4),
    ("any", 1 | 2 | 4 | 8),
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    pub trigger: Trigger,
    pub action: Action,
    pub loc: Loc,
    /// In a `one of` choice: the option, from 0, it belongs to.
    pub option: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cost {
    pub coins: u32,
    /// Coins per Age number (`1 coin per age`).
    pub coins_per_age: u32,
    /// Coins per card of `per_colours` in the city (`1 coin per senator
    /// card`).
    pub coins_per_card: u32,
    pub per_colours: u32,
    /// (resource, amount), each resource once, in vocabulary order.
    pub resources: Vec<(u8, u32)>,
    /// `3 different`, `2 identical`, and where it is written.
    pub pattern: Option<(crate::vocab::Pattern, Loc)>,
    /// (kind of token, amount), each kind once, in declared order: tokens
    /// the city gives up to pay (`2 favour tokens`), and where the first
    /// is written.
    pub tokens: Vec<(u8, u32)>,
    pub tokens_loc: Option<Loc>,
    /// Where the cost is written (none for no `cost:`).
    pub loc: Option<Loc>,
}

/// Effects of one text field: `None` when the field was absent, or broken
/// (a problem was reported).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effects {
    Absent,
    Broken,
    Ok(Vec<Effect>),
}

/// The effect text of a field as the designer wrote it (its YAML value,
/// trimmed): empty when the field is absent.
pub fn source_text<T>(field: &crate::parse::Field<T>) -> String {
    field
        .ok()
        .map_or_else(String::new, |p| p.text.value.trim().to_string())
}

/// A card's text: its `effect`, then for a project its `penalty` on a line
/// of its own, as `penalty: …` (the YAML line it comes from).
fn card_text(effect: String, penalty: String) -> String {
    match (effect.is_empty(), penalty.is_empty()) {
        (_, true) => effect,
        (true, false) => format!("penalty: {penalty}"),
        (false, false) => format!("{effect}\npenalty: {penalty}"),
    }
}

impl Effects {
    pub fn list(&self) -> &[Effect] {
        match self {
            Effects::Ok(v) => v,
            _ => &[],
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    /// `None` when unknown (reported): the card is checked all the same.
    pub colour: Option<u8>,
    /// Where the colour is written.
    pub colour_loc: Option<Loc>,
    pub age: Int,
    pub players: Vec<Int>,
    pub players_given: bool,
    pub cost: Cost,
    pub effects: Effects,
    /// A project's penalty (Edifice).
    pub penalty: Effects,
    /// Its effect text as written ([`card_text`]).
    pub text: String,
    /// Chain targets, each as written, with the cards of that name.
    pub chains: Vec<Chain>,
    /// `expert:`, and where.
    pub expert: Option<bool>,
    pub expert_loc: Option<Loc>,
    /// `price_times:` (a card of a board), as written.
    pub price_times: Option<Int>,
    /// Copies per deck (a game of decks): the deck (`None` when unknown,
    /// reported), the count, the deck's name as written.
    pub decks: Vec<(Option<DeckRef>, Int, Text)>,
    pub decks_given: bool,
}

/// A card a chain names: `own` are the indices of the card set's cards of
/// that name; for an expansion, `extended` those of [`Game::extended`] (the
/// cards of the game it extends). Both are empty for a name no card has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub own: Vec<usize>,
    pub extended: Vec<usize>,
    pub name: Text,
}

/// A card of the game an expansion extends (of any edition checked), as
/// the expansion's cards may name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extended {
    pub name: Text,
    pub age: Int,
    /// Its colour as written (for completion).
    pub colour: Option<String>,
    /// The game and edition that define it.
    pub game: String,
    pub edition: u8,
    /// Its copies: the least player count using each.
    pub players: Vec<i64>,
}

/// A deck of a game of decks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DeckRef {
    /// The deck of the wonder of this index.
    Wonder(usize),
    Central,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub loc: Loc,
    pub cost: Cost,
    pub effects: Effects,
    /// Its effect text as written ([`source_text`]).
    pub text: String,
    pub level: Option<Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub name: Text,
    pub effects: Effects,
    /// The board's own effect text as written ([`source_text`]).
    pub text: String,
    pub stages: Vec<Stage>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wonder {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    pub sides: Vec<Side>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    pub effects: Effects,
    /// Its effect text as written ([`source_text`]).
    pub text: String,
    pub copies: Option<Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub vocab: Vocab,
    pub cards: Vec<Card>,
    pub wonders: Vec<Wonder>,
    pub progress: Vec<Progress>,
    /// See [`crate::load::GameSrc::left_out`].
    pub left_out: Vec<crate::load::LeftOut>,
    /// For an expansion: the cards of the game it extends, every edition
    /// checked (empty for a game).
    pub extended: Vec<Extended>,
}

/// Resolves a game on its own (an expansion then has no game to extend);
/// `None` when it has no usable vocabulary. The families known are the
/// shipped ones.
pub fn resolve(game: GameAst, report: &mut Report) -> Option<Game> {
    let families = crate::Options::default().families;
    let vocab = vocab::build_all(std::slice::from_ref(&game), &families, report)
        .pop()
        .flatten()?;
    resolve_with(game, vocab, report)
}

/// Resolves a game over its checked vocabulary.
pub fn resolve_with(game: GameAst, vocab: Vocab, report: &mut Report) -> Option<Game> {
    resolve_in(game, vocab, Vec::new(), report)
}

/// The cards of the game an expansion extends, from the games checked
/// (`games`, with their vocabularies `vocabs`): those of every edition of
/// the game `extends` names that the expansion plays with (`plays_at`).
pub fn extended_cards(
    extends: &str,
    plays_at: vocab::Editions,
    games: &[GameAst],
    vocabs: &[Option<Vocab>],
) -> Vec<Extended> {
    let mut out = Vec::new();
    for (g, v) in games.iter().zip(vocabs) {
        let Some(v) = v else { continue };
        if v.game != extends || v.extends.is_some() || !plays_at.contains(v.edition) {
            continue;
        }
        out.extend(g.cards.iter().map(|c| Extended {
            name: c.src.name.clone(),
            age: c.src.age,
            colour: c.src.colour.as_ref().map(|t| t.value.trim().to_lowercase()),
            game: v.game.clone(),
            edition: v.edition,
            players: c.src.players.iter().map(|p| p.value).collect(),
        }));
    }
    out
}

/// [`resolve_with`] for an expansion: its chains may name `extended`, the
/// cards of the game it extends ([`extended_cards`]).
pub fn resolve_in(
    game: GameAst,
    vocab: Vocab,
    extended: Vec<Extended>,
    report: &mut Report,
) -> Option<Game> {
    let cards: Vec<CardKey> = game
        .cards
        .iter()
        .map(|c| CardKey {
            shown: c.src.name.value.trim().to_string(),
            names: std::iter::once(&c.src.name)
                .chain(&c.src.aliases)
                .map(|t| t.value.trim().to_lowercase())
                .collect(),
        })
        .collect();
    let tokens: Vec<Vec<String>> = game
        .progress
        .iter()
        .map(|t| {
            std::iter::once(&t.src.name)
                .chain(&t.src.aliases)
                .map(|n| n.value.trim().to_lowercase())
                .collect()
        })
        .collect();
    let token_names: Vec<String> = game
        .progress
        .iter()
        .map(|t| t.src.name.value.trim().to_string())
        .collect();
    let shown_wonders: Vec<String> = game
        .wonders
        .iter()
        .map(|w| w.src.name.value.trim().to_string())
        .collect();
    let mut r = Resolver {
        v: &vocab,
        report,
        cards: &cards,
        extended: &extended,
        tokens: &tokens,
        token_names: &token_names,
        wonders: &shown_wonders,
        word_helps: HashMap::new(),
        place: counts::Place::Card,
    };
    let wonder_names: Vec<Vec<String>> = game
        .wonders
        .iter()
        .map(|w| {
            std::iter::once(&w.src.name)
                .chain(&w.src.aliases)
                .map(|n| n.value.trim().to_lowercase())
                .collect()
        })
        .collect();
    // Card indices by name, for chains: one lookup per chain.
    let mut names: std::collections::HashMap<String, Vec<usize>> = Default::default();
    for (i, c) in game.cards.iter().enumerate() {
        names
            .entry(c.src.name.value.trim().to_lowercase())
            .or_default()
            .push(i);
    }
    let mut outer: std::collections::HashMap<String, Vec<usize>> = Default::default();
    for (i, c) in extended.iter().enumerate() {
        outer
            .entry(c.name.value.trim().to_lowercase())
            .or_default()
            .push(i);
    }
    let mut resolved = Vec::new();
    for c in &game.cards {
        // A card with an unknown colour is kept (colour `None`), so that its
        // chains, player counts and deck are still checked.
        r.place = counts::Place::Card;
        let effects = r.effects(&c.effect);
        let penalty = r.effects(&c.penalty);
        let cost = r.cost(&c.cost);
        let colour = c.src.colour.as_ref().and_then(|t| r.colour(t));
        let chains = c
            .src
            .chains
            .iter()
            .map(|t| {
                let n = t.value.trim().to_lowercase();
                Chain {
                    own: names.get(&n).cloned().unwrap_or_default(),
                    extended: outer.get(&n).cloned().unwrap_or_default(),
                    name: t.clone(),
                }
            })
            .collect();
        let decks = c
            .src
            .decks
            .iter()
            .map(|(t, n)| (r.deck(t, &wonder_names), *n, t.clone()))
            .collect();
        resolved.push(Card {
            decks,
            decks_given: c.src.decks_given,
            loc: c.src.loc,
            name: c.src.name.clone(),
            aliases: c.src.aliases.clone(),
            colour,
            colour_loc: c.src.colour.as_ref().map(|t| t.loc),
            age: c.src.age,
            players: c.src.players.clone(),
            players_given: c.src.players_given,
            cost,
            effects,
            penalty,
            text: card_text(source_text(&c.effect), source_text(&c.penalty)),
            chains,
            expert: c.src.expert.map(|(b, _)| b),
            expert_loc: c.src.expert.map(|(_, l)| l),
            price_times: c.src.price_times,
        });
    }
    let mut wonders = Vec::new();
    for w in &game.wonders {
        let sides = w
            .sides
            .iter()
            .map(|s| {
                r.place = counts::Place::Board;
                let effects = r.effects(&s.effect);
                let stages = (s.stages.iter().enumerate())
                    .map(|(i, st)| {
                        // At most 255 stages (E0002): an index of `u8`.
                        r.place = counts::Place::Stage(i.min(255) as u8);
                        Stage {
                            loc: st.loc,
                            cost: r.cost(&st.cost),
                            effects: r.effects(&st.effect),
                            text: source_text(&st.effect),
                            level: st.level,
                        }
                    })
                    .collect();
                Side {
                    name: s.name.clone(),
                    effects,
                    text: source_text(&s.effect),
                    stages,
                }
            })
            .collect();
        wonders.push(Wonder {
            loc: w.src.loc,
            name: w.src.name.clone(),
            aliases: w.src.aliases.clone(),
            sides,
        });
    }
    r.place = counts::Place::Token;
    let progress = game
        .progress
        .iter()
        .map(|t| Progress {
            loc: t.src.loc,
            name: t.src.name.clone(),
            aliases: t.src.aliases.clone(),
            effects: r.effects(&t.effect),
            text: source_text(&t.effect),
            copies: t.src.copies,
        })
        .collect();
    Some(Game {
        vocab,
        cards: resolved,
        wonders,
        progress,
        left_out: game.left_out,
        extended,
    })
}

struct Resolver<'a> {
    v: &'a Vocab,
    report: &'a mut Report,
    /// Every card's names (lower case) and colour as written.
    cards: &'a [CardKey],
    /// For an expansion, the cards of the game it extends.
    extended: &'a [Extended],
    /// Every progress token's names (lower case).
    tokens: &'a [Vec<String>],
    /// Their names as written, for suggestions.
    token_names: &'a [String],
    /// The wonders' names as written (the decks of a game of decks).
    wonders: &'a [String],
    /// The help of an unknown effect word, by the word: a file may hold
    /// hundreds of thousands of unknown effects, of few distinct words
    /// (kept for the first [`HELP_MEMO`] words only).
    word_helps: HashMap<String, String>,
    /// Where the effects being resolved are written.
    place: counts::Place,
}

/// Distinct unknown words whose help is kept.
const HELP_MEMO: usize = 4096;

/// A card as the resolver finds it by name.
struct CardKey {
    /// Its name as written, for suggestions.
    shown: String,
    /// Its name and aliases, in lower case.
    names: Vec<String>,
}

mod call;
mod counts;
mod effects;
mod names;
mod shapes;
#[cfg(test)]
mod tests;

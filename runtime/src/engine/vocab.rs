//! Lookups over one game's tables, computed once when a game is set up (or a
//! sheet read): which cards share a name, which names chain into a card, the
//! scoring categories a turn structure adds to, and name searches (with
//! "did you mean" hints) for sheets, logs and command lines. Nothing here
//! runs per move.

use std::fmt;

use sevenw_host::{CardId, Category, ColourSet, Event, GameInfo, Host, Listens, ResSet, Source};

use crate::engine::city::{
    City, MAX_BOARD_DISCOUNTS, MAX_CATEGORIES, MAX_COLOURS, MAX_TOKEN_AGES, MAX_TOKEN_KINDS,
};
use crate::engine::compose::{Layer, layers_of};
use crate::engine::gains::{self, Built};
use crate::engine::nearest::{self, nearest};
use crate::engine::production::MAX_RES;

/// Most distinct card names a game may have.
pub const MAX_NAMES: usize = 256;

/// Longest name searched for a suggestion: anything longer is no misspelling
/// of a card, and comparing it would cost time for nothing.
const MAX_SUGGEST_LEN: usize = nearest::MAX_LEN;

/// A set of card names (by name class, see [`Vocab::name_class`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NameSet(pub [u64; MAX_NAMES / 64]);

impl NameSet {
    pub fn insert(&mut self, n: u16) {
        let n = usize::from(n) % MAX_NAMES;
        self.0[n / 64] |= 1 << (n % 64);
    }
    pub fn remove(&mut self, n: u16) {
        let n = usize::from(n) % MAX_NAMES;
        self.0[n / 64] &= !(1 << (n % 64));
    }
    pub fn contains(&self, n: u16) -> bool {
        let n = usize::from(n) % MAX_NAMES;
        self.0[n / 64] & (1 << (n % 64)) != 0
    }
    pub fn intersects(&self, other: &NameSet) -> bool {
        // Every word at once, without a branch per word.
        self.0
            .iter()
            .zip(&other.0)
            .fold(0u64, |acc, (a, b)| acc | (a & b))
            != 0
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// Why a game's tables cannot be used by the runtime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VocabError {
    TooManyNames(usize),
    TooManyResources(usize),
    TooManySymbols(usize),
    TooManyCategories(usize),
    TooManyColours(usize),
    TooMany {
        what: &'static str,
        have: usize,
        max: usize,
    },
    MissingCategory(&'static str),
    MissingColour(&'static str),
    /// The card set does not have the shape a turn structure needs.
    Shape {
        rules: &'static str,
        why: &'static str,
    },
    /// Card sets that cannot be played together.
    Compose(String),
}

impl fmt::Display for VocabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VocabError::TooManyNames(n) => write!(
                f,
                "the game has {n} card names; at most {MAX_NAMES} are supported"
            ),
            VocabError::TooManyResources(n) => {
                write!(f, "the game has {n} resources; at most 16 are supported")
            }
            VocabError::TooManySymbols(n) => write!(
                f,
                "the game has {n} science symbols; at most 16 are supported"
            ),
            VocabError::TooManyCategories(n) => write!(
                f,
                "the game has {n} scoring categories; at most 16 are supported"
            ),
            VocabError::TooManyColours(n) => {
                write!(f, "the game has {n} colours; at most 16 are supported")
            }
            VocabError::TooMany { what, have, max } => {
                write!(f, "the game has {have} {what}; at most {max} are supported")
            }
            VocabError::MissingCategory(c) => write!(f, "the game has no scoring category `{c}`"),
            VocabError::MissingColour(c) => write!(f, "the game has no colour `{c}`"),
            VocabError::Shape { rules, why } => {
                write!(f, "the {rules} rules cannot play this card set: {why}")
            }
            VocabError::Compose(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for VocabError {}

/// Precomputed lookups for one game.
#[derive(Clone, Debug)]
pub struct Vocab {
    pub info: &'static GameInfo,
    /// The card sets in play: the game, then its expansions (one layer for
    /// a game alone).
    pub layers: Vec<Layer>,
    /// The categories of the card sets in play, bit per category: an
    /// expansion's lists may hold names of other expansions not in play.
    pub categories_in_play: u16,
    /// The name class of each card: cards with the same name (any case) share it.
    pub name_of: Vec<u16>,
    /// No two cards share a name: a card's name is held exactly when the
    /// card is.
    pub names_unshared: bool,
    /// The name classes whose presence in a city makes each card free.
    pub chain_mask: Vec<NameSet>,
    /// The kinds of token (a bit each) whose holder builds each card free
    /// (a kind's `chains`, by card name): empty when no kind chains.
    pub token_chains: Vec<u16>,
    /// What each card does when built ([`crate::engine::gains`]).
    built: Vec<Built>,
    /// The resources each card's effects produce when built (any option
    /// of a choice; a `one of` read at its first option), and each
    /// board's, by wonder and side: what a city "produces with" them
    /// ([`crate::engine::production::Matching`]).
    made: Vec<ResSet>,
    boards_made: Vec<Vec<ResSet>>,
    /// The resource symbols each card shows, by resource: the units its
    /// effects produce when built, one of each option of a choice
    /// (`produce 2 stone`: 2 stone; `produce stone or clay`: 1 stone and
    /// 1 clay; a `one of` read at its first option), what
    /// [`sevenw_host::Counted::Resources`] counts ("each stone symbol on
    /// your brown cards": cities-facts.md §10.2).
    symbols: Vec<[u8; MAX_RES]>,
    /// Lower-cased names and aliases of each card.
    card_keys: Vec<Vec<String>>,
    /// Lower-cased names and aliases of each wonder.
    wonder_keys: Vec<Vec<String>>,
    /// Lower-cased names and aliases of each progress token.
    token_keys: Vec<Vec<String>>,
}

/// A card's name for display (`?` for an index the game does not have).
pub fn card_name(info: &GameInfo, c: CardId) -> &'static str {
    info.cards.get(usize::from(c.0)).map_or("?", |c| c.name)
}

/// A wonder's name for display.
pub fn wonder_name(info: &GameInfo, w: u8) -> &'static str {
    info.wonders.get(usize::from(w)).map_or("?", |w| w.name)
}

/// The name of side `s` of wonder `w` (`A`, `B`, …).
pub fn side_name(info: &GameInfo, w: u8, s: u8) -> &'static str {
    info.wonders
        .get(usize::from(w))
        .and_then(|w| w.sides.get(usize::from(s)))
        .map_or("?", |s| s.name)
}

/// A progress token's name for display.
pub fn token_name(info: &GameInfo, t: u8) -> &'static str {
    info.progress.get(usize::from(t)).map_or("?", |t| t.name)
}

/// Lower-case and collapse inner white space, for name matching.
pub fn key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn keys<'a>(name: &'a str, aliases: &'a [&'a str]) -> Vec<String> {
    std::iter::once(name)
        .chain(aliases.iter().copied())
        .map(key)
        .collect()
}

impl Vocab {
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        if info.resources.len() > 16 {
            return Err(VocabError::TooManyResources(info.resources.len()));
        }
        if info.symbols.len() > 16 {
            return Err(VocabError::TooManySymbols(info.symbols.len()));
        }
        if info.categories.len() > MAX_CATEGORIES {
            return Err(VocabError::TooManyCategories(info.categories.len()));
        }
        if info.colours.len() > MAX_COLOURS {
            return Err(VocabError::TooManyColours(info.colours.len()));
        }
        // Wonders and tokens are numbered by `u8` in the host API; a city
        // holds at most `MAX_TOKEN_KINDS` kinds of declared token, each
        // scored by at most `MAX_TOKEN_AGES` Ages, at most
        // `MAX_BOARD_DISCOUNTS` kinds taking coins off a board's price.
        let by_age = info.tokens.iter().map(|k| k.points.len()).max();
        let discounts = info.tokens.iter().filter(|k| k.board_discount > 0);
        for (what, have, max) in [
            (
                "kinds of token taking coins off a board's price",
                discounts.count(),
                MAX_BOARD_DISCOUNTS,
            ),
            ("wonders", info.wonders.len(), 256),
            ("progress tokens", info.progress.len(), 256),
            ("kinds of token", info.tokens.len(), MAX_TOKEN_KINDS),
            (
                "Ages a kind of token is scored by",
                by_age.unwrap_or(0),
                MAX_TOKEN_AGES,
            ),
        ] {
            if have > max {
                return Err(VocabError::TooMany { what, have, max });
            }
        }
        if info.tokens.iter().any(|k| k.points.is_empty()) {
            return Err(VocabError::Shape {
                rules: "every family",
                why: "a kind of token has no points",
            });
        }
        let mut names: Vec<String> = Vec::new();
        let mut name_of = Vec::with_capacity(info.cards.len());
        for c in info.cards {
            let k = key(c.name);
            let idx = match names.iter().position(|n| *n == k) {
                Some(i) => i,
                None => {
                    names.push(k);
                    names.len() - 1
                }
            };
            if idx >= MAX_NAMES {
                return Err(VocabError::TooManyNames(idx + 1));
            }
            name_of.push(idx as u16);
        }
        let names_unshared = names.len() == name_of.len();
        let chain_mask = info
            .cards
            .iter()
            .map(|c| {
                let mut s = NameSet::default();
                for from in c.chained_from {
                    if let Some(&n) = name_of.get(usize::from(from.0)) {
                        s.insert(n);
                    }
                }
                s
            })
            .collect();
        // A kind's chains name cards; matched here, once, by name.
        let token_chains = if info.tokens.iter().all(|k| k.chains.is_empty()) {
            Vec::new()
        } else {
            (info.cards.iter())
                .map(|c| {
                    (info.tokens.iter().enumerate().take(16))
                        .filter(|(_, k)| k.chains.iter().any(|n| n.eq_ignore_ascii_case(c.name)))
                        .fold(0u16, |m, (i, _)| m | (1 << i))
                })
                .collect()
        };
        let layers = layers_of(info);
        let categories_in_play = crate::engine::compose::categories_in_play(info)
            .into_iter()
            .filter(|&i| i < 16)
            .fold(0u16, |m, i| m | (1 << i));
        let mut vocab = Vocab {
            info,
            layers,
            categories_in_play,
            name_of,
            names_unshared,
            chain_mask,
            token_chains,
            built: Vec::new(),
            made: Vec::new(),
            boards_made: Vec::new(),
            symbols: Vec::new(),
            card_keys: info.cards.iter().map(|c| keys(c.name, c.aliases)).collect(),
            wonder_keys: info
                .wonders
                .iter()
                .map(|w| keys(w.name, w.aliases))
                .collect(),
            token_keys: info
                .progress
                .iter()
                .map(|t| keys(t.name, t.aliases))
                .collect(),
        };
        vocab.built = (0..info.cards.len().min(usize::from(u16::MAX)))
            .map(|c| {
                let s = Source::Card(CardId(c as u16));
                if !listens(info, s).has(Listens::BUILT) {
                    return Built::Nothing;
                }
                gains::record(|s, e, h| vocab.effects(s, e, h), s)
            })
            .collect();
        let probe = |s: Source| {
            let mut p = crate::engine::host::Probe::default();
            if listens(info, s).has(Listens::BUILT) {
                vocab.effects(s, Event::Built, &mut p);
            }
            p.produce
        };
        let made = |s: Source| ResSet(probe(s).iter().fold(0, |all, (o, _)| all | o.0));
        let (cards, symbols) = (0..info.cards.len().min(usize::from(u16::MAX)))
            .map(|c| {
                let produce = probe(Source::Card(CardId(c as u16)));
                let mut symbols = [0u8; MAX_RES];
                for &(options, amount) in &produce {
                    for (r, n) in symbols.iter_mut().enumerate() {
                        if options.0 >> r & 1 == 1 {
                            *n = n.saturating_add(amount);
                        }
                    }
                }
                let made = ResSet(produce.iter().fold(0, |all, (o, _)| all | o.0));
                (made, symbols)
            })
            .unzip();
        let boards = (info.wonders.iter().enumerate())
            .map(|(w, wonder)| {
                (0..wonder.sides.len())
                    .map(|s| {
                        made(Source::Board {
                            wonder: w as u8,
                            side: s as u8,
                        })
                    })
                    .collect()
            })
            .collect();
        (vocab.made, vocab.boards_made, vocab.symbols) = (cards, boards, symbols);
        Ok(vocab)
    }

    /// The resource symbols `card` shows, by resource (none for a card
    /// the game does not have).
    #[inline]
    pub fn symbols(&self, card: CardId) -> &[u8; MAX_RES] {
        const NONE: [u8; MAX_RES] = [0; MAX_RES];
        self.symbols.get(usize::from(card.0)).unwrap_or(&NONE)
    }

    /// The symbols of `resources` on the `cards` of `colours` (built
    /// cards: a city's): what [`sevenw_host::Counted::Resources`] counts, read when
    /// counted so that building a card pays nothing for it.
    pub fn resources_on(&self, cards: &[CardId], resources: ResSet, colours: ColourSet) -> u32 {
        let colour = |c: CardId| self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
        (cards.iter().copied())
            .filter(|&c| colour(c).is_some_and(|k| colours.contains(k)))
            .map(|c| {
                let shown = self.symbols(c);
                (0..MAX_RES)
                    .filter(|&r| resources.0 & (1 << r) != 0)
                    .map(|r| u32::from(shown[r]))
                    .sum::<u32>()
            })
            .sum()
    }

    /// The resources that `city`'s cards of `colours`, and its board with
    /// `board`, produce.
    pub fn made_with(&self, city: &City, colours: ColourSet, board: bool) -> ResSet {
        let colour = |c: CardId| self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
        let mut made = (city.cards.iter())
            .filter(|&&c| colour(c).is_some_and(|k| colours.contains(k)))
            .fold(0, |all, &c| {
                all | self.made.get(usize::from(c.0)).map_or(0, |r| r.0)
            });
        if board {
            made |= (self.boards_made.get(usize::from(city.wonder)))
                .and_then(|w| w.get(usize::from(city.side)))
                .map_or(0, |r| r.0);
        }
        ResSet(made)
    }

    /// What `source` does when built: nothing, its constant gains, or its
    /// effects to run (see [`crate::engine::gains`]). A card's is read from
    /// a table; other sources run their effects if they listen.
    #[inline]
    pub fn built(&self, source: Source) -> &Built {
        match source {
            Source::Card(c) => self.built.get(usize::from(c.0)).unwrap_or(&Built::Nothing),
            _ if listens(self.info, source).has(Listens::BUILT) => &Built::Effects,
            _ => &Built::Nothing,
        }
    }

    /// Runs the effects of `source` for `event`, in the card set it comes
    /// from (with that set's own index).
    ///
    /// Asked at every card placed and spent: with one card set, the call
    /// goes straight to its code from where this is called.
    #[inline]
    pub fn effects(&self, source: Source, event: Event, h: &mut dyn Host) {
        match self.layers.as_slice() {
            [layer] => (layer.info.effects)(source, event, h),
            _ => self.layered_effects(source, event, h),
        }
    }

    /// [`Vocab::effects`] with more than one card set.
    #[inline(never)]
    fn layered_effects(&self, source: Source, event: Event, h: &mut dyn Host) {
        let (layer, local) = self.locate(source);
        // A card an event names, as the source's own card set numbers it.
        let event = match event {
            Event::TookCard { card, colour } => {
                let own = card
                    .0
                    .checked_sub(layer.cards)
                    .filter(|&c| usize::from(c) < layer.info.cards.len());
                Event::TookCard {
                    card: own.map_or(CardId::NONE, CardId),
                    colour,
                }
            }
            e => e,
        };
        (layer.info.effects)(local, event, h)
    }

    /// The layer `source` comes from, and its index there.
    fn locate(&self, source: Source) -> (&Layer, Source) {
        let fallback = &self.layers[0];
        let find = |of: fn(&Layer) -> u16, at: u16| {
            self.layers
                .iter()
                .rev()
                .find(|l| of(l) <= at)
                .unwrap_or(fallback)
        };
        match source {
            Source::Card(c) => {
                let l = find(|l| l.cards, c.0);
                (l, Source::Card(CardId(c.0 - l.cards)))
            }
            Source::Board { wonder, side } => {
                let l = find(|l| u16::from(l.wonders), u16::from(wonder));
                (
                    l,
                    Source::Board {
                        wonder: wonder - l.wonders,
                        side,
                    },
                )
            }
            Source::Stage {
                wonder,
                side,
                stage,
            } => {
                let l = find(|l| u16::from(l.wonders), u16::from(wonder));
                (
                    l,
                    Source::Stage {
                        wonder: wonder - l.wonders,
                        side,
                        stage,
                    },
                )
            }
            Source::Progress(t) => {
                let l = find(|l| u16::from(l.progress), u16::from(t));
                (l, Source::Progress(t - l.progress))
            }
        }
    }

    /// Whether scores show category `i` (its card set is in play).
    pub fn category_in_play(&self, i: usize) -> bool {
        i < 16 && self.categories_in_play & (1 << i) != 0
    }

    pub fn name_class(&self, card: CardId) -> u16 {
        self.name_of.get(usize::from(card.0)).copied().unwrap_or(0)
    }

    /// The category called `name`.
    pub fn category(&self, name: &'static str) -> Result<Category, VocabError> {
        self.info
            .categories
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name))
            .map(|i| Category(i as u8))
            .ok_or(VocabError::MissingCategory(name))
    }

    /// The index of the colour called `name`.
    pub fn colour(&self, name: &'static str) -> Result<sevenw_host::Colour, VocabError> {
        self.info
            .colours
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name))
            .map(|i| sevenw_host::Colour(i as u8))
            .ok_or(VocabError::MissingColour(name))
    }

    /// The first card whose name or alias is `name`, without regard to case.
    pub fn find_card(&self, name: &str) -> Option<CardId> {
        find(&self.card_keys, name).map(|i| CardId(i as u16))
    }

    /// The wonder whose name or alias is `name`, without regard to case.
    pub fn find_wonder(&self, name: &str) -> Option<u8> {
        find(&self.wonder_keys, name).map(|i| i as u8)
    }

    /// The progress token whose name or alias is `name`.
    pub fn find_token(&self, name: &str) -> Option<u8> {
        find(&self.token_keys, name).map(|i| i as u8)
    }

    /// The side of `wonder` called `name` (`A`, `b`, …). The first two
    /// sides also answer to the other edition's names: `A` or `Day` for the
    /// first, `B` or `Night` for the second (the second edition's Day side
    /// is the first edition's A, base2e-facts.md §0).
    pub fn find_side(&self, wonder: u8, name: &str) -> Option<u8> {
        let w = self.info.wonders.get(usize::from(wonder))?;
        let k = key(name);
        let by_name = w.sides.iter().position(|s| key(s.name) == k);
        let by_place = match k.as_str() {
            "a" | "day" => Some(0),
            "b" | "night" => Some(1),
            _ => None,
        };
        by_name
            .or(by_place.filter(|&i| i < w.sides.len()))
            .map(|i| i as u8)
    }

    /// The known card name closest to `name`, for "did you mean" hints.
    pub fn suggest_card(&self, name: &str) -> Option<&'static str> {
        suggest(&self.card_keys, name).map(|i| self.info.cards[i].name)
    }

    /// The known wonder name closest to `name`.
    pub fn suggest_wonder(&self, name: &str) -> Option<&'static str> {
        suggest(&self.wonder_keys, name).map(|i| self.info.wonders[i].name)
    }

    /// The known progress token name closest to `name`.
    pub fn suggest_token(&self, name: &str) -> Option<&'static str> {
        suggest(&self.token_keys, name).map(|i| self.info.progress[i].name)
    }
}

fn find(table: &[Vec<String>], name: &str) -> Option<usize> {
    if name.len() > 4 * MAX_SUGGEST_LEN {
        return None;
    }
    let k = key(name);
    table.iter().position(|keys| keys.contains(&k))
}

/// The entry of `table` closest to `name` within a few edits
/// ([`nearest()`]: of names as near, the least).
fn suggest(table: &[Vec<String>], name: &str) -> Option<usize> {
    if name.chars().count() > MAX_SUGGEST_LEN {
        return None;
    }
    let candidates = table
        .iter()
        .enumerate()
        .flat_map(|(i, keys)| keys.iter().map(move |k| (k, i)));
    nearest(&key(name), candidates)
}

/// What `source` is in the game's tables (`None` past them).
enum Entry<'a> {
    Card(&'a sevenw_host::CardInfo),
    Board(u8, &'a sevenw_host::SideInfo),
    Stage(u8, &'a sevenw_host::StageInfo),
    Progress(&'a sevenw_host::ProgressInfo),
}

fn entry(info: &GameInfo, source: Source) -> Option<Entry<'_>> {
    let side = |w: u8, s: u8| {
        info.wonders
            .get(usize::from(w))
            .and_then(|w| w.sides.get(usize::from(s)))
    };
    Some(match source {
        Source::Card(c) => Entry::Card(info.cards.get(usize::from(c.0))?),
        Source::Board { wonder, side: s } => Entry::Board(wonder, side(wonder, s)?),
        Source::Stage {
            wonder,
            side: s,
            stage,
        } => Entry::Stage(wonder, side(wonder, s)?.stages.get(usize::from(stage))?),
        Source::Progress(t) => Entry::Progress(info.progress.get(usize::from(t))?),
    })
}

/// Whether `source` is a stage of a wonder side of the game's tables.
pub fn is_stage(info: &GameInfo, source: Source) -> bool {
    matches!(entry(info, source), Some(Entry::Stage(..)))
}

/// Whether some card, wonder side or stage, or progress token of the
/// game's tables listens to an event of the bits `bits`.
pub fn any_listens(info: &GameInfo, bits: u16) -> bool {
    let hears = |l: Listens| l.0 & bits != 0;
    info.cards.iter().any(|c| hears(c.listens))
        || info.progress.iter().any(|t| hears(t.listens))
        || (info.wonders.iter().flat_map(|w| w.sides.iter()))
            .any(|s| hears(s.listens) || s.stages.iter().any(|st| hears(st.listens)))
}

/// Which events `source` reacts to.
pub fn listens(info: &GameInfo, source: Source) -> Listens {
    match entry(info, source) {
        Some(Entry::Card(c)) => c.listens,
        Some(Entry::Board(_, s)) => s.listens,
        Some(Entry::Stage(_, st)) => st.listens,
        Some(Entry::Progress(t)) => t.listens,
        None => Listens(0),
    }
}

/// Options the effects of `source` offer, one chosen when it is built or
/// taken (`one of`); 0: none. A board's are never asked (its choice is
/// refused by the compiler), so it has none here.
pub fn options_of(info: &GameInfo, source: Source) -> u8 {
    match entry(info, source) {
        Some(Entry::Card(c)) => c.options,
        Some(Entry::Stage(_, st)) => st.options,
        Some(Entry::Progress(t)) => t.options,
        Some(Entry::Board(..)) | None => 0,
    }
}

/// What `source` is called, and its effect text as its card file gives it
/// (for display): a card's, a board's or a stage's wonder, a token's.
pub fn source_words(info: &GameInfo, source: Source) -> (&'static str, &'static str) {
    match entry(info, source) {
        Some(Entry::Card(c)) => (c.name, c.text),
        Some(Entry::Board(w, s)) => (wonder_name(info, w), s.text),
        Some(Entry::Stage(w, st)) => (wonder_name(info, w), st.text),
        Some(Entry::Progress(t)) => (t.name, t.text),
        None => ("", ""),
    }
}

/// `choose option 2 of Toll House (opponent takes 2 toll tokens)`: the
/// option `o` of `source`, waiting for its choice, in words.
pub fn option_words(info: &GameInfo, source: Source, o: u8) -> String {
    let (name, text) = source_words(info, source);
    match crate::text::option_text(text, o) {
        Some(t) => format!("choose option {} of {name} ({t})", o + 1),
        None => format!("choose option {} of {name}", o + 1),
    }
}

/// The most options any card, stage or progress token of the game offers
/// (`one of`); 0 when none offers a choice.
pub fn most_options(info: &GameInfo) -> u8 {
    let cards = info.cards.iter().map(|c| c.options);
    let stages = info
        .wonders
        .iter()
        .flat_map(|w| w.sides.iter())
        .flat_map(|s| s.stages.iter())
        .map(|s| s.options);
    let tokens = info.progress.iter().map(|t| t.options);
    cards.chain(stages).chain(tokens).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_sets() {
        let mut s = NameSet::default();
        assert!(s.is_empty());
        s.insert(3);
        s.insert(200);
        assert!(s.contains(3) && s.contains(200) && !s.contains(4));
        let mut t = NameSet::default();
        t.insert(200);
        assert!(s.intersects(&t));
        t = NameSet::default();
        t.insert(5);
        assert!(!s.intersects(&t));
    }

    /// A card set declaring more kinds of token than a city holds (one
    /// made by hand: the compiler refuses one past its limit) is refused,
    /// not played with the extra kinds dropped; so is one with more kinds
    /// taking coins off a board's price than a board take can number.
    #[test]
    fn more_kinds_of_token_than_a_city_holds_are_refused() {
        let base = crate::find_game(sevenw_cards::GAMES, "base").expect("compiled");
        let kind = sevenw_host::TokenInfo {
            sets: &["test"],
            ..sevenw_host::TokenInfo::plain("debt", &[-1])
        };
        let many = |n: usize| -> &'static GameInfo {
            Box::leak(Box::new(GameInfo {
                tokens: Box::leak(vec![kind; n].into_boxed_slice()),
                ..*base
            }))
        };
        assert!(Vocab::new(many(MAX_TOKEN_KINDS)).is_ok());
        let Err(err) = Vocab::new(many(MAX_TOKEN_KINDS + 1)) else {
            panic!("a kind past the limit is refused");
        };
        assert!(err.to_string().contains("kinds of token"), "{err}");
        let offering = sevenw_host::TokenInfo {
            board_discount: 2,
            ..kind
        };
        let offerings = |n: usize| -> &'static GameInfo {
            Box::leak(Box::new(GameInfo {
                tokens: Box::leak(vec![offering; n].into_boxed_slice()),
                ..*base
            }))
        };
        assert!(Vocab::new(offerings(MAX_BOARD_DISCOUNTS)).is_ok());
        let Err(err) = Vocab::new(offerings(MAX_BOARD_DISCOUNTS + 1)) else {
            panic!("a fifth kind with a board_discount is refused");
        };
        assert!(err.to_string().contains("off a board's price"), "{err}");
        // Nor a kind scored by more Ages than a city keeps counts of.
        let aged = sevenw_host::TokenInfo {
            points: &[-1, -2, -3, -4, -5],
            ..kind
        };
        let info = Box::leak(Box::new(GameInfo {
            tokens: Box::leak(vec![aged].into_boxed_slice()),
            ..*base
        }));
        let Err(err) = Vocab::new(info) else {
            panic!("a kind scored by 5 Ages is refused");
        };
        assert!(err.to_string().contains("Ages a kind of token"), "{err}");
    }

    #[test]
    fn keys() {
        assert_eq!(key("  Some   CARD "), "some card");
        assert_eq!(key("Alejandría"), "alejandría");
    }

    #[test]
    fn suggestions_are_close_and_bounded() {
        let table = vec![
            vec!["library".to_string()],
            vec!["lumber yard".to_string(), "aserradero".to_string()],
        ];
        assert_eq!(suggest(&table, "Libary"), Some(0));
        assert_eq!(suggest(&table, "lumber  yrd"), Some(1));
        assert_eq!(suggest(&table, "xyzzy"), None);
        // A huge name is no misspelling: no suggestion, and no time spent.
        let huge = "a".repeat(10 << 20);
        assert_eq!(suggest(&table, &huge), None);
        assert_eq!(find(&table, &huge), None);
        assert_eq!(find(&table, "ASERRADERO"), Some(1));
    }
}

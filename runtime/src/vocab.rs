//! Lookups over one game's tables, computed once when a game is set up (or a
//! sheet read): which cards share a name, which names chain into a card, and
//! name searches for sheets and command lines. Nothing here runs per move.

use std::fmt;

use sevenw_host::{CardId, Category, GameInfo};

/// Most distinct card names a game may have.
pub const MAX_NAMES: usize = 256;

/// A set of card names (by name class, see [`Vocab::name_of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NameSet(pub [u64; MAX_NAMES / 64]);

impl NameSet {
    pub fn insert(&mut self, n: u16) {
        let n = usize::from(n) % MAX_NAMES;
        self.0[n / 64] |= 1 << (n % 64);
    }
    pub fn contains(&self, n: u16) -> bool {
        let n = usize::from(n) % MAX_NAMES;
        self.0[n / 64] & (1 << (n % 64)) != 0
    }
    pub fn intersects(&self, other: &NameSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// Why a game's tables cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VocabError {
    TooManyNames(usize),
    TooManyResources(usize),
    TooManySymbols(usize),
    TooManyCategories(usize),
    TooManyColours(usize),
    MissingCategory(&'static str),
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
            VocabError::MissingCategory(c) => write!(f, "the game has no scoring category `{c}`"),
        }
    }
}

impl std::error::Error for VocabError {}

/// Precomputed lookups for one game.
#[derive(Clone, Debug)]
pub struct Vocab {
    pub info: &'static GameInfo,
    /// The name class of each card: cards with the same name (any case) share it.
    pub name_of: Vec<u16>,
    /// The name classes whose presence in a city makes each card free.
    pub chain_mask: Vec<NameSet>,
    /// Lower-cased names and aliases of each card.
    card_keys: Vec<Vec<String>>,
    /// Lower-cased names and aliases of each wonder.
    wonder_keys: Vec<Vec<String>>,
}

/// Lower-case and collapse inner white space, for name matching.
/// A card's name for display (`?` for an index the game does not have).
pub fn card_name(info: &GameInfo, c: CardId) -> &'static str {
    info.cards.get(usize::from(c.0)).map_or("?", |c| c.name)
}

/// A wonder's name for display.
pub fn wonder_name(info: &GameInfo, w: u8) -> &'static str {
    info.wonders.get(usize::from(w)).map_or("?", |w| w.name)
}

pub fn key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Vocab {
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        if info.resources.len() > 16 {
            return Err(VocabError::TooManyResources(info.resources.len()));
        }
        if info.symbols.len() > 16 {
            return Err(VocabError::TooManySymbols(info.symbols.len()));
        }
        if info.categories.len() > 16 {
            return Err(VocabError::TooManyCategories(info.categories.len()));
        }
        if info.colours.len() > 16 {
            return Err(VocabError::TooManyColours(info.colours.len()));
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
        let card_keys = info
            .cards
            .iter()
            .map(|c| {
                std::iter::once(c.name)
                    .chain(c.aliases.iter().copied())
                    .map(key)
                    .collect()
            })
            .collect();
        let wonder_keys = info
            .wonders
            .iter()
            .map(|w| {
                std::iter::once(w.name)
                    .chain(w.aliases.iter().copied())
                    .map(key)
                    .collect()
            })
            .collect();
        Ok(Vocab {
            info,
            name_of,
            chain_mask,
            card_keys,
            wonder_keys,
        })
    }

    /// The distinct cards of `pile` that `city` may build (it holds no card of
    /// that name), in id order: the choices of a free build from the discard pile.
    pub fn unbuilt(&self, pile: &[CardId], city: &crate::state::City) -> Vec<CardId> {
        let mut options: Vec<CardId> = pile
            .iter()
            .copied()
            .filter(|&c| !city.has_name(self.name_class(c)))
            .collect();
        options.sort_unstable();
        options.dedup();
        options
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

    /// The first card whose name or alias is `name`, without regard to case.
    pub fn find_card(&self, name: &str) -> Option<CardId> {
        let k = key(name);
        self.card_keys
            .iter()
            .position(|keys| keys.contains(&k))
            .map(|i| CardId(i as u16))
    }

    /// The wonder whose name or alias is `name`, without regard to case.
    pub fn find_wonder(&self, name: &str) -> Option<u8> {
        let k = key(name);
        self.wonder_keys
            .iter()
            .position(|keys| keys.contains(&k))
            .map(|i| i as u8)
    }

    /// The side of `wonder` called `name` (`A`, `b`, …).
    pub fn find_side(&self, wonder: u8, name: &str) -> Option<u8> {
        let w = self.info.wonders.get(usize::from(wonder))?;
        let k = key(name);
        w.sides
            .iter()
            .position(|s| key(s.name) == k)
            .map(|i| i as u8)
    }

    /// The known card name closest to `name`, for "did you mean" hints.
    pub fn suggest_card(&self, name: &str) -> Option<&'static str> {
        let k = key(name);
        let mut best: Option<(usize, &'static str)> = None;
        for (i, keys) in self.card_keys.iter().enumerate() {
            for cand in keys {
                let d = distance(&k, cand);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, self.info.cards[i].name));
                }
            }
        }
        best.filter(|&(d, _)| d <= 1 + k.chars().count() / 3)
            .map(|(_, n)| n)
    }

    /// The known wonder name closest to `name`.
    pub fn suggest_wonder(&self, name: &str) -> Option<&'static str> {
        let k = key(name);
        let mut best: Option<(usize, &'static str)> = None;
        for (i, keys) in self.wonder_keys.iter().enumerate() {
            for cand in keys {
                let d = distance(&k, cand);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, self.info.wonders[i].name));
                }
            }
        }
        best.filter(|&(d, _)| d <= 1 + k.chars().count() / 3)
            .map(|(_, n)| n)
    }
}

/// Levenshtein distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Which events `source` reacts to.
pub fn listens(info: &sevenw_host::GameInfo, source: sevenw_host::Source) -> sevenw_host::Listens {
    use sevenw_host::{Listens, Source};
    let side = |w: u8, s: u8| {
        info.wonders
            .get(usize::from(w))
            .and_then(|w| w.sides.get(usize::from(s)))
    };
    match source {
        Source::Card(c) => info
            .cards
            .get(usize::from(c.0))
            .map_or(Listens(0), |c| c.listens),
        Source::Board { wonder, side: s } => side(wonder, s).map_or(Listens(0), |s| s.listens),
        Source::Stage {
            wonder,
            side: s,
            stage,
        } => side(wonder, s)
            .and_then(|s| s.stages.get(usize::from(stage)))
            .map_or(Listens(0), |st| st.listens),
        Source::Progress(t) => info
            .progress
            .get(usize::from(t))
            .map_or(Listens(0), |t| t.listens),
    }
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

    #[test]
    fn keys_and_distance() {
        assert_eq!(key("  Some   CARD "), "some card");
        assert_eq!(key("Alejandría"), "alejandría");
        assert_eq!(distance("som card", "some card"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }
}

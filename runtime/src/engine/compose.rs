//! A game with expansions in play, as one set of tables.
//!
//! The compiler generates each card set on its own: a game (`base`, either
//! edition) and each expansion of it (`leaders`), with card, wonder and
//! token indices of their own from 0, and one `effects` function each. An
//! expansion's vocabulary lists hold the game's names first and its own
//! after them (the compiler gives the expansions of one game disjoint
//! places, so any of them combine), so its colour, category and symbol
//! indices mean the same in the game and in every expansion.
//!
//! [`compose`] lays the card sets chosen at set-up end to end: the game's
//! cards, then each expansion's, and the same for wonders and tokens. The
//! result is a [`GameInfo`] like any other, built once per combination and
//! kept for the life of the process (there are a handful of combinations;
//! nothing is built per game played). Its `effects` field is never called:
//! effects run through [`crate::engine::vocab::Vocab::effects`], which hands
//! each source to the card set it comes from, with its own index.

use std::sync::{Mutex, PoisonError};

use sevenw_host::{CardId, CardInfo, DeckInfo, Event, GameInfo, Host, Own, Source, TokenInfo};

use crate::engine::vocab::VocabError;

/// One card set in play, and where its cards, wonders and tokens begin in
/// the composed tables.
#[derive(Clone, Copy, Debug)]
pub struct Layer {
    pub info: &'static GameInfo,
    pub cards: u16,
    pub wonders: u8,
    pub progress: u8,
}

impl Layer {
    /// The card set's own tables, at the start of the composed ones.
    pub fn alone(info: &'static GameInfo) -> Self {
        Layer {
            info,
            cards: 0,
            wonders: 0,
            progress: 0,
        }
    }
}

/// A composed game and its layers.
struct Composed {
    key: Vec<usize>,
    info: &'static GameInfo,
    layers: Vec<Layer>,
}

/// Every combination composed so far.
static COMPOSED: Mutex<Vec<Composed>> = Mutex::new(Vec::new());

/// The effects of a composed game are run by `Vocab::effects`, never from here.
fn composed_effects(_source: Source, _event: Event, _host: &mut dyn Host) {}

fn key_of(game: &'static GameInfo, expansions: &[&'static GameInfo]) -> Vec<usize> {
    std::iter::once(game)
        .chain(expansions.iter().copied())
        .map(|g| std::ptr::from_ref(g) as usize)
        .collect()
}

/// The card sets a game's tables come from: its layers if it was composed,
/// else the game alone.
pub fn layers_of(info: &'static GameInfo) -> Vec<Layer> {
    let composed = COMPOSED.lock().unwrap_or_else(PoisonError::into_inner);
    composed
        .iter()
        .find(|c| std::ptr::eq(c.info, info))
        .map_or_else(|| vec![Layer::alone(info)], |c| c.layers.clone())
}

/// The scoring categories of the card sets in play, by index: a composed
/// game's list is the family's (the names of every expansion sorting
/// before the last one in play), and only those of its layers are scored.
pub fn categories_in_play(info: &'static GameInfo) -> Vec<usize> {
    let mut shown = vec![false; info.categories.len()];
    for l in layers_of(info) {
        let from = usize::from(l.info.own.categories);
        for s in shown.iter_mut().take(l.info.categories.len()).skip(from) {
            *s = true;
        }
    }
    (0..shown.len()).filter(|&i| shown[i]).collect()
}

/// Links each expansion's chains to cards of the game (its
/// `extended_chains`, by name) in the composed card table: both ends' lists
/// get the other, in composed indices. The game's cards are the first
/// layer's; a name the game in play does not have links nothing.
fn link_extended_chains(cards: &mut [CardInfo], layers: &[Layer]) {
    let Some((game, expansions)) = layers.split_first() else {
        return;
    };
    let in_game = usize::from(game.cards)..usize::from(game.cards) + game.info.cards.len();
    let mut links: Vec<(usize, usize)> = Vec::new();
    for l in expansions {
        for &(from, name) in l.info.extended_chains {
            let from = usize::from(from.0) + usize::from(l.cards);
            let Some(age) = cards.get(from).map(|c| c.age) else {
                continue;
            };
            for to in in_game.clone() {
                if cards[to].age > age && cards[to].name.trim().eq_ignore_ascii_case(name.trim()) {
                    links.push((from, to));
                }
            }
        }
    }
    let with = |ids: &'static [CardId], more: &mut dyn Iterator<Item = usize>| {
        let mut v: Vec<CardId> = ids.to_vec();
        v.extend(more.map(|i| CardId(i as u16)));
        v.sort_unstable();
        v.dedup();
        &*Box::leak(v.into_boxed_slice())
    };
    for (i, card) in cards.iter_mut().enumerate() {
        let mut to = links.iter().filter(|l| l.0 == i).map(|l| l.1).peekable();
        if to.peek().is_some() {
            card.chains = with(card.chains, &mut to);
        }
        let mut from = links.iter().filter(|l| l.1 == i).map(|l| l.0).peekable();
        if from.peek().is_some() {
            card.chained_from = with(card.chained_from, &mut from);
        }
    }
}

/// Whether an expansion joins every game playing those it is played with
/// (`automatic` with `with:`), never named by a player.
pub fn joins_alone(g: &GameInfo) -> bool {
    g.automatic && !g.with.is_empty()
}

/// `game` with `expansions` in play. Fails if an expansion does not extend
/// `game` or their vocabularies do not fit together. With no expansion,
/// `game` itself.
pub fn compose(
    game: &'static GameInfo,
    expansions: &[&'static GameInfo],
) -> Result<&'static GameInfo, VocabError> {
    if expansions.is_empty() {
        return Ok(game);
    }
    let key = key_of(game, expansions);
    let mut composed = COMPOSED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(c) = composed.iter().find(|c| c.key == key) {
        return Ok(c.info);
    }
    let shape = |why: String| VocabError::Compose(why);
    for (i, e) in expansions.iter().enumerate() {
        if !e.extends.eq_ignore_ascii_case(game.name) {
            return Err(shape(format!(
                "`{}` is not an expansion of `{}`",
                e.name, game.name
            )));
        }
        if expansions[..i].iter().any(|o| std::ptr::eq(*o, *e)) {
            return Err(shape(format!("`{}` is in play twice", e.name)));
        }
        if e.resources != game.resources || e.classes != game.classes {
            return Err(shape(format!(
                "`{}` was compiled for other resources than `{}`",
                e.name, game.name
            )));
        }
    }
    let all: Vec<&'static GameInfo> = std::iter::once(game)
        .chain(expansions.iter().copied())
        .collect();
    // One senate, one deck of schemes and one set of military tokens in
    // play: the runtime plays one of each, and a second would be left out.
    type Has = fn(&GameInfo) -> bool;
    let parts: [(&str, Has); 3] = [
        ("a senate", |g| g.senate.is_some()),
        ("a deck of schemes", |g| g.schemes.is_some()),
        ("military tokens of their own", |g| g.military.is_some()),
    ];
    for (what, has) in parts {
        if let [a, b, ..] = all.iter().filter(|g| has(g)).collect::<Vec<_>>()[..] {
            return Err(shape(format!(
                "`{}` and `{}` each bring {what}, and only one card set in play may",
                a.name, b.name
            )));
        }
    }
    let symbols = longest(&all, |g| g.symbols, "science symbols")?;
    let colours = longest(&all, |g| g.colours, "colours")?;
    let categories = longest(&all, |g| g.categories, "categories")?;
    let tokens = in_play(longest(&all, |g| g.tokens, "kinds of token")?, &all);

    let mut layers = Vec::with_capacity(all.len());
    let (mut cards, mut wonders, mut progress) = (Vec::new(), Vec::new(), Vec::new());
    // Each deck of the game of decks: its name, its wonder, its cards.
    type Deck = (&'static str, Option<u8>, Vec<(CardId, u8)>);
    let mut decks: Vec<Deck> = Vec::new();
    for g in &all {
        let layer = Layer {
            info: g,
            cards: u16::try_from(cards.len()).map_err(|_| VocabError::TooManyNames(cards.len()))?,
            wonders: u8::try_from(wonders.len()).map_err(|_| VocabError::TooMany {
                what: "wonders",
                have: wonders.len(),
                max: 256,
            })?,
            progress: u8::try_from(progress.len()).map_err(|_| VocabError::TooMany {
                what: "progress tokens",
                have: progress.len(),
                max: 256,
            })?,
        };
        let shift = |ids: &'static [CardId]| -> &'static [CardId] {
            if layer.cards == 0 || ids.is_empty() {
                ids
            } else {
                let moved: Vec<CardId> = ids.iter().map(|c| CardId(c.0 + layer.cards)).collect();
                Box::leak(moved.into_boxed_slice())
            }
        };
        cards.extend(g.cards.iter().map(|c| CardInfo {
            chains: shift(c.chains),
            chained_from: shift(c.chained_from),
            ..*c
        }));
        // A game of decks: an expansion's central deck joins the game's,
        // and a wonder of its own brings its deck.
        for d in g.decks {
            let wonder = d.wonder.map(|w| w.saturating_add(layer.wonders));
            let moved = d.cards.iter().map(|&(c, n)| (CardId(c.0 + layer.cards), n));
            match decks.iter_mut().find(|(_, w, _)| *w == wonder) {
                Some((_, _, list)) => list.extend(moved),
                None => decks.push((d.name, wonder, moved.collect())),
            }
        }
        wonders.extend_from_slice(g.wonders);
        progress.extend_from_slice(g.progress);
        layers.push(layer);
    }
    if cards.len() > usize::from(u16::MAX) {
        return Err(VocabError::TooManyNames(cards.len()));
    }
    link_extended_chains(&mut cards, &layers);
    // A set joining every game that plays those it is played with
    // (`automatic`) goes without saying.
    let titles: Vec<&str> = (expansions.iter())
        .filter(|e| !joins_alone(e))
        .map(|e| expansion_title(game.title, e.title))
        .collect();
    let title: &'static str =
        Box::leak(format!("{} with {}", game.title, crate::text::listed(&titles)).into_boxed_str());
    let own_figures = all.iter().rev().find(|g| g.figures != game.figures);
    let figures = own_figures.map_or(game.figures, |g| g.figures);
    // Tokens on the figures: those of every card set written for the
    // figures in play. A set's tokens written for others are laid by a
    // set played with both (Pantheon's on Agora's structures,
    // duel-expansions-facts.md Part 3), which the compiler asks for.
    for g in all.iter().filter(|g| g.figures != figures) {
        for t in g.figure_tokens {
            let laid = (all.iter().filter(|o| o.figures == figures))
                .any(|o| o.figure_tokens.iter().any(|r| r.age == t.age));
            if !laid {
                return Err(VocabError::Compose(format!(
                    "`{}` lays tokens on figures of Age {} that another card set in play lays out its own way, and no card set in play says where they lie",
                    g.name, t.age
                )));
            }
        }
    }
    let info: &'static GameInfo = Box::leak(Box::new(GameInfo {
        title,
        extends: "",
        own: Own::default(),
        start_coins: all
            .iter()
            .map(|g| g.start_coins)
            .max()
            .unwrap_or(game.start_coins),
        symbols,
        colours,
        categories,
        draft: all.iter().find_map(|g| g.draft),
        // An expansion's guild rule replaces the game's (Pantheon's Grand
        // Temples); of several, the last in the family's order.
        guilds: all.iter().rev().find_map(|g| g.guilds),
        tokens,
        // An expansion may deal larger hands (Cities: 8): the largest.
        hand_size: all
            .iter()
            .map(|g| g.hand_size)
            .max()
            .unwrap_or(game.hand_size),
        draws: Box::leak(
            all.iter()
                .flat_map(|g| g.draws.iter().copied())
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        ),
        figure_tokens: Box::leak(
            (all.iter().filter(|g| g.figures == figures))
                .flat_map(|g| g.figure_tokens.iter().copied())
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        ),
        // Boards: those of every card set in play.
        boards: Box::leak(
            all.iter()
                .flat_map(|g| g.boards.iter().copied())
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        ),
        projects: all.iter().find_map(|g| g.projects),
        senate: all.iter().find_map(|g| g.senate),
        schemes: all.iter().find_map(|g| g.schemes),
        // Military tokens that act replace the game's, with the track
        // their set lays them on (Agora's, duel-expansions-facts.md
        // §2.9): one set in play at most brings them (checked above).
        military: all.iter().rev().find_map(|g| g.military),
        conflict: all
            .iter()
            .rev()
            .find(|g| g.military.is_some())
            .map_or(game.conflict, |g| g.conflict),
        // An expansion's own figures replace the game's (Agora's larger
        // structures); of several, the last in the family's order.
        figures,
        layout: own_figures.map_or(game.layout, |g| g.layout),
        cards: Box::leak(cards.into_boxed_slice()),
        wonders: Box::leak(wonders.into_boxed_slice()),
        progress: Box::leak(progress.into_boxed_slice()),
        decks: Box::leak(
            decks
                .into_iter()
                .map(|(name, wonder, cards)| DeckInfo {
                    name,
                    wonder,
                    cards: Box::leak(cards.into_boxed_slice()),
                })
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        ),
        effects: composed_effects,
        extended_chains: &[],
        ..*game
    }));
    composed.push(Composed { key, info, layers });
    Ok(info)
}

/// A list every card set in `all` has (its names take family-wide
/// places): the longest one, which every other one must begin.
fn longest<T: PartialEq>(
    all: &[&'static GameInfo],
    get: fn(&GameInfo) -> &'static [T],
    what: &str,
) -> Result<&'static [T], VocabError> {
    let best = all
        .iter()
        .map(|g| get(g))
        .max_by_key(|l| l.len())
        .unwrap_or(&[]);
    for g in all {
        let l = get(g);
        if best.get(..l.len()) != Some(l) {
            return Err(VocabError::Compose(format!(
                "the {what} of `{}` do not fit those of the other card sets in play",
                g.name
            )));
        }
    }
    Ok(best)
}

/// `tokens` with the rules of each kind whose card set is not among `all`
/// switched off: its place is family-wide, but a debt or a diplomacy of an
/// expansion not in play takes no coin loss and sits out no battle.
fn in_play(tokens: &'static [TokenInfo], all: &[&'static GameInfo]) -> &'static [TokenInfo] {
    let played =
        |t: &TokenInfo| (all.iter()).any(|g| t.sets.iter().any(|s| g.name.eq_ignore_ascii_case(s)));
    if tokens.iter().all(played) {
        return tokens;
    }
    let off = |t: &TokenInfo| TokenInfo {
        instead_of_coins: false,
        by_choice: false,
        sits_out: false,
        places: None,
        board_discount: 0,
        as_coins: false,
        ..*t
    };
    let tokens: Vec<TokenInfo> = (tokens.iter())
        .map(|t| if played(t) { *t } else { off(t) })
        .collect();
    Box::leak(tokens.into_boxed_slice())
}

/// An expansion's title without the game's name it repeats: "Edifice" for
/// "7 Wonders: Edifice" beside "7 Wonders (second edition)".
pub fn expansion_title<'a>(game: &str, expansion: &'a str) -> &'a str {
    match expansion.split_once(':') {
        Some((head, rest)) if !rest.trim().is_empty() && game.starts_with(head.trim()) => {
            rest.trim()
        }
        _ => expansion,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An expansion of the base game whose Age II card chains to the
    /// game's Lighthouse (Age III) by name, as the compiler writes it.
    fn harbours(base: &'static GameInfo) -> &'static GameInfo {
        let pilot = CardInfo {
            name: "Pilot",
            age: 2,
            chains: &[],
            chained_from: &[],
            ..base.cards[0]
        };
        Box::leak(Box::new(GameInfo {
            name: "harbours",
            extends: "base",
            cards: Box::leak(Box::new([pilot])),
            wonders: &[],
            progress: &[],
            draft: None,
            projects: None,
            extended_chains: &[(CardId(0), "Lighthouse")],
            ..*base
        }))
    }

    /// Two sets bringing a senate (as Agora does) cannot be played
    /// together: the second's would go unplayed.
    #[test]
    fn two_senates_are_refused() {
        let find = |name: &str| {
            (sevenw_cards::GAMES.iter().copied())
                .find(|g| g.name == name)
                .unwrap()
        };
        let (duel, agora) = (find("duel"), find("agora"));
        let other: &'static GameInfo = Box::leak(Box::new(GameInfo {
            name: "assembly",
            ..*agora
        }));
        let e = compose(duel, &[agora, other]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`agora` and `assembly` each bring a senate, and only one card set in play may"
        );
        assert!(compose(duel, &[agora]).is_ok());
    }

    #[test]
    fn an_expansion_chains_to_a_card_of_the_game_by_name() {
        for edition in [1, 2] {
            let base = sevenw_cards::GAMES
                .iter()
                .copied()
                .find(|g| g.name == "base" && g.edition == edition)
                .unwrap();
            let composed = compose(base, &[harbours(base)]).unwrap();
            let pilot = CardId(base.cards.len() as u16);
            assert_eq!(composed.cards[usize::from(pilot.0)].name, "Pilot");
            let lighthouse: Vec<usize> = (0..base.cards.len())
                .filter(|&i| composed.cards[i].name == "Lighthouse")
                .collect();
            assert!(!lighthouse.is_empty());
            for &i in &lighthouse {
                assert!(composed.cards[i].chained_from.contains(&pilot));
                assert!(
                    composed.cards[usize::from(pilot.0)]
                        .chains
                        .contains(&CardId(i as u16))
                );
                // The game's own chains to it are kept.
                assert!(composed.cards[i].chained_from.len() >= 2);
            }
        }
    }

    /// Two expansions as the compiler places their kinds of token: `debts`
    /// declares a debt taken instead of coins, by choice; `truces`, placed
    /// after it, holds that kind too and declares a diplomacy of its own.
    /// A kind's rules apply only when its set is in play.
    #[test]
    fn a_kind_of_token_plays_its_rules_only_with_its_set() {
        let base = (sevenw_cards::GAMES.iter().copied())
            .find(|g| g.name == "base")
            .unwrap();
        let debt = TokenInfo {
            instead_of_coins: true,
            by_choice: true,
            sets: &["debts"],
            ..TokenInfo::plain("debt", &[-1])
        };
        let truce = TokenInfo {
            sits_out: true,
            board_discount: 2,
            as_coins: true,
            sets: &["truces"],
            ..TokenInfo::plain("truce", &[-1])
        };
        let set = |name: &'static str, tokens: &'static [TokenInfo]| -> &'static GameInfo {
            Box::leak(Box::new(GameInfo {
                name,
                extends: "base",
                cards: &[],
                wonders: &[],
                progress: &[],
                draft: None,
                projects: None,
                tokens,
                ..*base
            }))
        };
        let debts = set("debts", Box::leak(Box::new([debt])));
        let truces = set("truces", Box::leak(Box::new([debt, truce])));
        let alone = compose(base, &[truces]).unwrap();
        assert_eq!(alone.tokens.len(), 2);
        assert!(!alone.tokens[0].instead_of_coins && !alone.tokens[0].by_choice);
        assert!(alone.tokens[1].sits_out);
        let both = compose(base, &[debts, truces]).unwrap();
        assert!(both.tokens[0].instead_of_coins && both.tokens[0].by_choice);
        assert!(both.tokens[1].sits_out);
        let debts_alone = compose(base, &[debts]).unwrap();
        assert_eq!(debts_alone.tokens, &[debt][..]);
        // Every rule of a kind whose set is not in play is off.
        let quiet = compose(base, &[set("quiet", Box::leak(Box::new([debt, truce])))]).unwrap();
        let t = quiet.tokens[1];
        assert!(!t.sits_out && t.board_discount == 0 && !t.as_coins && t.places.is_none());
        // A kind two sets declare alike plays its rules with either.
        let shared = TokenInfo {
            sets: &["debts", "levies"],
            ..debt
        };
        let levies = set("levies", Box::leak(Box::new([shared])));
        let levies_alone = compose(base, &[levies]).unwrap();
        assert!(levies_alone.tokens[0].instead_of_coins && levies_alone.tokens[0].by_choice);
        let neither = compose(base, &[set("quays", Box::leak(Box::new([shared])))]).unwrap();
        assert!(!neither.tokens[0].instead_of_coins && !neither.tokens[0].by_choice);
    }

    #[test]
    fn a_combination_is_titled_without_repeating_the_game() {
        assert_eq!(
            expansion_title("7 Wonders", "7 Wonders: Edifice"),
            "Edifice"
        );
        assert_eq!(
            expansion_title("7 Wonders (second edition)", "7 Wonders: Leaders"),
            "Leaders"
        );
        assert_eq!(expansion_title("Bazaar", "Harbours"), "Harbours");
        assert_eq!(
            expansion_title("Bazaar", "Other: Harbours"),
            "Other: Harbours"
        );
        assert_eq!(
            crate::text::listed(&["Leaders", "Edifice"]),
            "Leaders and Edifice"
        );
        assert_eq!(crate::text::listed(&["A", "B", "C"]), "A, B and C");
    }
}

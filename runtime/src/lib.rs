//! The runtime of the 7 Wonders project: it plays the games that the card
//! compiler generates from `cards/`, and scores and prices city sheets.
//!
//! The crate is thin on purpose. No card, wonder or guild is named here: all
//! behaviour comes from the [`sevenw_host::GameInfo`] tables of a game and
//! its generated `effects` function, which calls back into the engine through
//! the [`sevenw_host::Host`] primitives implemented in [`engine::host`].
//!
//! Layout, from shared primitives to one game's rules to the command line:
//!
//! - [`engine`]: what every game builds on — the seeded generator, lookups
//!   over a game's tables, the city, the host implementations, payment
//!   search, science and military.
//! - [`game`]: the one interface every game implements (set-up, whose
//!   decision is next, legal moves, applying a move, the outcome, a seat's
//!   fair view) and the loop that plays it.
//! - [`registry`]: the registry through which any family, from this crate
//!   or another, is found by name ([`registry::Family`],
//!   [`registry::Library`]), and what the command line asks of a family
//!   ([`registry::AnyGame`] and the capabilities it may offer).
//! - [`games`]: one folder per shipped game family — its turn structure,
//!   its city sheets, its story — and their list, [`games::SHIPPED`].
//! - [`bots`], [`mcts`], [`statistics`], [`sim`], [`soak`], [`balance`],
//!   [`parts`], [`sheet`], [`reader`], [`replay`], [`scenario`],
//!   [`narrate`], [`table`], [`env`], [`schema`], [`doc`], [`text`]: what
//!   a command line needs, written once over the interface. The `sevenw` command line itself is the crate `sevenw-cli`.
//!
//! The games themselves are not in this crate: the shipped ones are the
//! generated crate `sevenw-cards` (`sevenw_cards::GAMES`), and a designer's
//! are generated into their own binary by `sevenw_compiler::build::Builder`.
//! Every function that needs games takes them as a `&[&'static GameInfo]`,
//! so this crate is compiled once, whatever the cards say.
#![forbid(unsafe_code)]

pub mod balance;
pub mod bots;
pub mod doc;
pub mod engine;
pub mod env;
pub mod game;
pub mod games;
pub mod learned;
pub mod mcts;
pub mod narrate;
pub mod parts;
pub mod reader;
pub mod registry;
pub mod replay;
pub mod scenario;
pub mod schema;
pub mod sheet;
pub mod sim;
pub mod soak;
pub mod statistics;
pub mod table;
pub mod text;
pub mod tokens;

pub use sevenw_host as api;

use sevenw_host::GameInfo;

/// The game of `games` named `name` (any case): its first edition. An
/// expansion is not a game of its own.
pub fn find_game(games: &[&'static GameInfo], name: &str) -> Option<&'static GameInfo> {
    games
        .iter()
        .copied()
        .filter(|g| g.extends.is_empty() && g.name.eq_ignore_ascii_case(name.trim()))
        .min_by_key(|g| g.edition)
}

/// The names of the games of `games`, each once.
pub fn names_of(games: &[&'static GameInfo]) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for g in games.iter().filter(|g| g.extends.is_empty()) {
        if !names.contains(&g.name) {
            names.push(g.name);
        }
    }
    names
}

/// The expansions of `games` that extend the game `name`.
pub fn expansions_of(games: &[&'static GameInfo], name: &str) -> Vec<&'static GameInfo> {
    let mut out: Vec<&'static GameInfo> = games
        .iter()
        .copied()
        .filter(|g| g.extends.eq_ignore_ascii_case(name))
        .collect();
    out.sort_by_key(|g| g.name);
    out
}

/// The game that the expansions `with` extend, for a command line that
/// names expansions but no game (`--with leaders` plays the base game).
pub fn extended_by(
    games: &[&'static GameInfo],
    with: &[&str],
) -> Result<&'static str, SelectError> {
    let mut first: Option<&'static GameInfo> = None;
    for w in with.iter().map(|w| w.trim()).filter(|w| !w.is_empty()) {
        let Some(e) = games
            .iter()
            .find(|g| !g.extends.is_empty() && g.name.eq_ignore_ascii_case(w))
        else {
            // Each name once, though an expansion has several editions;
            // not those that join by themselves (`automatic`).
            let mut all: Vec<&str> = games
                .iter()
                .filter(|g| !g.extends.is_empty() && !engine::compose::joins_alone(g))
                .map(|g| g.name)
                .collect();
            all.sort_unstable();
            all.dedup();
            return Err(SelectError {
                option: "with",
                message: format!(
                    "unknown expansion `{}` (expansions: {}); or name the game with --game",
                    text::shown(w),
                    all.join(", ")
                ),
            });
        };
        match first {
            Some(f) if !f.extends.eq_ignore_ascii_case(e.extends) => {
                return Err(SelectError {
                    option: "with",
                    message: format!(
                        "`{}` extends `{}` but `{}` extends `{}`: they cannot be played together",
                        f.name, f.extends, e.name, e.extends
                    ),
                });
            }
            Some(_) => {}
            None => first = Some(e),
        }
    }
    first.map(|f| f.extends).ok_or_else(|| SelectError {
        option: "game",
        message: format!("the game is needed: --game {}", names_of(games).join("|")),
    })
}

/// Why a game cannot be set up as asked, and which choice was wrong:
/// `game`, `edition` or `with`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectError {
    pub option: &'static str,
    pub message: String,
}

impl std::fmt::Display for SelectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The game `name` of `games` in `edition` (its first when `None`), with
/// the expansions `with` in play: one set of tables
/// ([`engine::compose::compose`]), built once per combination.
pub fn select(
    games: &[&'static GameInfo],
    name: &str,
    edition: Option<u8>,
    with: &[&str],
) -> Result<&'static GameInfo, SelectError> {
    let fail = |option, message: String| SelectError { option, message };
    let name = name.trim();
    let editions: Vec<&'static GameInfo> = games
        .iter()
        .copied()
        .filter(|g| g.extends.is_empty() && g.name.eq_ignore_ascii_case(name))
        .collect();
    if editions.is_empty() {
        if let Some(e) = games.iter().find(|g| g.name.eq_ignore_ascii_case(name)) {
            return Err(fail(
                "game",
                format!(
                    "`{}` is an expansion of `{}`: play `{}` with it",
                    e.name, e.extends, e.extends
                ),
            ));
        }
        return Err(fail(
            "game",
            format!(
                "unknown game `{}` (games: {}){}",
                text::shown(name),
                names_of(games).join(", "),
                text::did_you_mean(engine::nearest::closest(
                    &name.to_lowercase(),
                    &names_of(games)
                ))
            ),
        ));
    }
    let game = match edition {
        None => editions.iter().copied().min_by_key(|g| g.edition),
        Some(e) => editions.iter().copied().find(|g| g.edition == e),
    };
    let Some(game) = game else {
        let mut known: Vec<String> = editions.iter().map(|g| g.edition.to_string()).collect();
        known.sort();
        return Err(fail(
            "edition",
            format!(
                "`{}` has no edition {} (editions: {})",
                editions[0].name,
                edition.unwrap_or(0),
                known.join(", ")
            ),
        ));
    };
    // Of the editions of each expansion, the one that plays with this
    // edition of the game (one at most: the compiler checks it).
    let every = expansions_of(games, game.name);
    let available: Vec<&'static GameInfo> = every
        .iter()
        .copied()
        .filter(|e| plays_with(e, game.edition))
        .collect();
    let mut chosen: Vec<&'static GameInfo> = Vec::new();
    for w in with.iter().map(|w| w.trim()).filter(|w| !w.is_empty()) {
        let Some(e) = available.iter().find(|e| e.name.eq_ignore_ascii_case(w)) else {
            if let Some(e) = every.iter().find(|e| e.name.eq_ignore_ascii_case(w)) {
                return Err(fail("with", not_at_edition(&every, e, game)));
            }
            let names: Vec<&str> = (available.iter())
                .filter(|e| !engine::compose::joins_alone(e))
                .map(|e| e.name)
                .collect();
            return Err(fail(
                "with",
                if names.is_empty() {
                    format!(
                        "unknown expansion `{}`: `{}` has none",
                        text::shown(w),
                        game.name
                    )
                } else {
                    format!(
                        "unknown expansion `{}` of `{}` (expansions: {}){}",
                        text::shown(w),
                        game.name,
                        names.join(", "),
                        text::did_you_mean(engine::nearest::closest(&w.to_lowercase(), &names))
                    )
                },
            ));
        };
        if !chosen.iter().any(|c| std::ptr::eq(*c, *e)) {
            chosen.push(e);
        }
    }
    combine(&available, &every, game, &mut chosen).map_err(|m| fail("with", m))?;
    engine::compose::compose(game, &chosen).map_err(|e| fail("with", e.to_string()))
}

/// Completes the expansions `chosen` among `available` as the compiler
/// numbered them: an expansion played with others (`with:`) needs them in
/// play; one marked `automatic` joins every game that plays all it is
/// played with. Then one order for every combination, the compiler's (an
/// expansion after those it is played with, then by name), so card indices
/// and logs do not depend on the order the expansions were named in.
fn combine(
    available: &[&'static GameInfo],
    every: &[&'static GameInfo],
    game: &'static GameInfo,
    chosen: &mut Vec<&'static GameInfo>,
) -> Result<(), String> {
    let named =
        |list: &[&'static GameInfo], n: &str| list.iter().any(|e| e.name.eq_ignore_ascii_case(n));
    for e in chosen.iter() {
        // One it is played with that has no edition here is refused as such.
        if let Some(w) = e.with.iter().find(|w| !named(available, w))
            && let Some(x) = every.iter().find(|x| x.name.eq_ignore_ascii_case(w))
        {
            return Err(format!(
                "`{}` is played with `{w}`: {}",
                e.name,
                not_at_edition(every, x, game)
            ));
        }
        let missing: Vec<&str> = e
            .with
            .iter()
            .copied()
            .filter(|w| !named(chosen, w))
            .collect();
        if !missing.is_empty() {
            let mut all: Vec<&str> = chosen.iter().map(|c| c.name).collect();
            all.extend(&missing);
            return Err(format!(
                "`{}` is played only with {}: add {} (`--with {}`)",
                e.name,
                missing
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect::<Vec<_>>()
                    .join(" and "),
                if missing.len() == 1 { "it" } else { "them" },
                all.join(",")
            ));
        }
    }
    // Automatic expansions, until none joins (one may need another).
    loop {
        let joins: Vec<&'static GameInfo> = available
            .iter()
            .copied()
            .filter(|e| e.automatic && !chosen.iter().any(|c| std::ptr::eq(*c, *e)))
            .filter(|e| e.with.iter().all(|w| named(chosen, w)))
            .collect();
        if joins.is_empty() {
            break;
        }
        chosen.extend(joins);
    }
    chosen.sort_by_key(|e| (depth(every, e.name, 0), e.name));
    Ok(())
}

/// How deep the expansion `name` stands among the expansions it is played
/// with: 0 alone, else one more than the deepest of them; its editions
/// side by side, at the deepest (as the compiler numbers them).
fn depth(every: &[&'static GameInfo], name: &str, guard: usize) -> usize {
    if guard > every.len() {
        return 0;
    }
    every
        .iter()
        .filter(|e| e.name.eq_ignore_ascii_case(name))
        .flat_map(|e| e.with.iter())
        .map(|w| depth(every, w, guard + 1) + 1)
        .max()
        .unwrap_or(0)
}

/// Whether the expansion `e` plays with edition `edition` of its game.
pub fn plays_with(e: &GameInfo, edition: u8) -> bool {
    e.editions.is_empty() || e.editions.contains(&edition)
}

/// Why the expansion `e` (one of `every`, the expansions of `game` in
/// every edition) is not played with `game`'s edition: the editions of the
/// game its editions play with.
fn not_at_edition(every: &[&'static GameInfo], e: &GameInfo, game: &GameInfo) -> String {
    let mut at: Vec<u8> = every
        .iter()
        .filter(|x| x.name.eq_ignore_ascii_case(e.name))
        .flat_map(|x| x.editions.iter().copied())
        .collect();
    at.sort_unstable();
    at.dedup();
    let shown: Vec<String> = at.iter().map(u8::to_string).collect();
    let (last, rest) = shown
        .split_last()
        .map_or(("", &[][..]), |(l, r)| (l.as_str(), r));
    let editions = if rest.is_empty() {
        format!("edition {last}")
    } else {
        format!("editions {} and {last}", rest.join(", "))
    };
    format!(
        "`{}` has no edition played with edition {} of `{}`: its editions play with {editions} of it (`--edition {}`)",
        e.name,
        game.edition,
        game.name,
        at.first().copied().unwrap_or(1)
    )
}

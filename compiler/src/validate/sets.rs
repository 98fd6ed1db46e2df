//! Checks across the card sets of a game (`family`: a name defined by both
//! an expansion and its game, E0304) and the runtime's limits on a game and
//! on a game with all its expansions (`limits`, `family_limits`, E0002).

use super::*;
use crate::vocab::together;

/// Checks across the card sets of one game: an expansion's cards and
/// wonders must not take a name the game it extends (any edition it plays
/// with) or another of its expansions that can be in play with it uses,
/// since sheets and logs find them by name.
pub fn family(games: &[Game], report: &mut Report) {
    let family_of = |x: &Game| x.vocab.extends.clone().unwrap_or(x.vocab.game.clone());
    for (i, g) in games.iter().enumerate() {
        let Some(parent) = &g.vocab.extends else {
            continue;
        };
        // The card sets before it: the game (every edition, which share
        // their names: a clash is one problem, reported once with each
        // edition's place) and the expansions of the game before it.
        let mut cards: HashMap<String, Vec<(&Game, Loc)>> = HashMap::new();
        let mut wonders: HashMap<String, Vec<(&Game, Loc)>> = HashMap::new();
        for (j, other) in games.iter().enumerate() {
            // Names are unique only among card sets that can be in play
            // together: not two editions of one expansion, nor an
            // expansion and an edition of the game it does not play with.
            if i == j || family_of(other) != *parent || !together(&g.vocab, &other.vocab) {
                continue;
            }
            // Each pair of expansions once; an expansion against every edition.
            if other.vocab.extends.is_some() && j > i {
                continue;
            }
            let mut seen = std::collections::HashSet::new();
            for d in &other.cards {
                if seen.insert(key(&d.name.value)) {
                    cards
                        .entry(key(&d.name.value))
                        .or_default()
                        .push((other, d.name.loc));
                }
            }
            let mut seen = std::collections::HashSet::new();
            for d in &other.wonders {
                if seen.insert(key(&d.name.value)) {
                    wonders
                        .entry(key(&d.name.value))
                        .or_default()
                        .push((other, d.name.loc));
                }
            }
        }
        let clash =
            |report: &mut Report, name: &crate::load::Text, what: &str, theirs: &[(&Game, Loc)]| {
                let mut owners: Vec<&str> =
                    theirs.iter().map(|(o, _)| o.vocab.game.as_str()).collect();
                owners.sort_unstable();
                owners.dedup();
                let mut d = Diagnostic::new(
                    Code::DefinedInBoth,
                    name.loc,
                    format!(
                        "`{}` is a {what} of `{}` too",
                        name.value.trim(),
                        owners.join("` and `")
                    ),
                )
                .label("defined again here");
                let editions = theirs.len() > owners.len();
                for (o, loc) in theirs {
                    d = d.note(
                        *loc,
                        if editions {
                            format!("defined here (edition {})", o.vocab.edition)
                        } else {
                            "defined here".to_string()
                        },
                    );
                }
                report.push(d.help(format!(
                    "{what}s are found by name in sheets and logs: give this one another name"
                )));
            };
        for c in &g.cards {
            if let Some(theirs) = cards.get(&key(&c.name.value)) {
                clash(report, &c.name, "card", theirs);
            }
        }
        for w in &g.wonders {
            if let Some(theirs) = wonders.get(&key(&w.name.value)) {
                clash(report, &w.name, "wonder", theirs);
            }
        }
    }
}

/// How many of each thing a card set may hold: the runtime and the
/// generated code number cards with 16 bits (`CardId`), and wonders,
/// progress tokens, a wonder's sides and a side's stages with 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Cards of a game with all its expansions.
    pub cards: usize,
    /// Wonders and progress tokens of a game with all its expansions,
    /// sides of a wonder, stages of a side.
    pub small: usize,
}

impl Limits {
    pub const RUNTIME: Limits = Limits {
        cards: u16::MAX as usize,
        small: u8::MAX as usize,
    };
}

/// Reports the first thing past a limit (E0002), at its place: none of the
/// generated tables' indices may wrap.
fn limit(
    report: &mut Report,
    what: &str,
    whose: &str,
    held: usize,
    max: usize,
    loc: Loc,
    help: &str,
) {
    report.push(
        Diagnostic::new(
            Code::InputLimit,
            loc,
            format!("{whose} holds {held} {what}; at most {max} are allowed"),
        )
        .label("one too many")
        .help(help.to_string()),
    );
}

/// The limits of one card set: its own cards, wonders, tokens, sides and
/// stages.
pub fn limits(game: &Game, max: Limits, report: &mut Report) {
    let name = &game.vocab.game;
    let whose = format!("`{name}`");
    if let Some(c) = game.cards.get(max.cards) {
        let help = "cards are numbered with 16 bits; split the set into a game and an expansion";
        limit(
            report,
            "cards",
            &whose,
            game.cards.len(),
            max.cards,
            c.name.loc,
            help,
        );
    }
    if let Some(w) = game.wonders.get(max.small) {
        let help = "wonders are numbered with 8 bits";
        limit(
            report,
            "wonders",
            &whose,
            game.wonders.len(),
            max.small,
            w.name.loc,
            help,
        );
    }
    if let Some(t) = game.progress.get(max.small) {
        let help = "progress tokens are numbered with 8 bits";
        limit(
            report,
            "progress tokens",
            &whose,
            game.progress.len(),
            max.small,
            t.name.loc,
            help,
        );
    }
    for w in &game.wonders {
        let of = format!("`{}`", w.name.value.trim());
        if let Some(s) = w.sides.get(max.small) {
            let help = "a wonder's sides are numbered with 8 bits";
            limit(
                report,
                "sides",
                &of,
                w.sides.len(),
                max.small,
                s.name.loc,
                help,
            );
        }
        for s in &w.sides {
            if let Some(st) = s.stages.get(max.small) {
                let of = format!("`{}` side {}", w.name.value.trim(), s.name.value.trim());
                let help = "a side's stages are numbered with 8 bits";
                limit(
                    report,
                    "stages",
                    &of,
                    s.stages.len(),
                    max.small,
                    st.loc,
                    help,
                );
            }
        }
    }
}

/// The limits of a game with every expansion of it in play at once (the
/// runtime lays their tables end to end): its largest edition's cards,
/// wonders and tokens, then each expansion's, in the order the compiler
/// numbers them (by name). Reported at the first expansion's thing past
/// the limit; a set over the limit on its own is reported by [`limits`].
pub fn family_limits(games: &[Game], max: Limits, report: &mut Report) {
    for g in games.iter().filter(|g| g.vocab.extends.is_none()) {
        let family = &g.vocab.game;
        // Each family once: at its first edition listed.
        if games
            .iter()
            .position(|x| x.vocab.extends.is_none() && x.vocab.game == *family)
            != games.iter().position(|x| std::ptr::eq(x, g))
        {
            continue;
        }
        let editions: Vec<&Game> = games
            .iter()
            .filter(|x| x.vocab.extends.is_none() && x.vocab.game == *family)
            .collect();
        let mut expansions: Vec<&Game> = games
            .iter()
            .filter(|x| x.vocab.extends.as_deref() == Some(family.as_str()))
            .collect();
        expansions.sort_by(|a, b| a.vocab.game.cmp(&b.vocab.game));
        // Of the editions of an expansion, never in play together, the largest.
        type Count = fn(&Game) -> usize;
        let largest = |count: Count| -> Vec<&Game> {
            let mut out: Vec<&Game> = Vec::new();
            for x in &expansions {
                match out.last_mut() {
                    Some(l) if l.vocab.game == x.vocab.game => {
                        if count(x) > count(l) {
                            *l = x;
                        }
                    }
                    _ => out.push(x),
                }
            }
            out
        };
        let whose = format!("`{family}` with all its expansions");
        let help = "the runtime lays a game's and its expansions' tables end to end; move cards to another game";
        // Each kind of thing: its name, its limit, and the places of a set's.
        type Places = fn(&Game) -> Vec<Loc>;
        let kinds: [(&str, usize, Places, Count); 3] = [
            (
                "cards",
                max.cards,
                |g| g.cards.iter().map(|c| c.name.loc).collect(),
                |g| g.cards.len(),
            ),
            (
                "wonders",
                max.small,
                |g| g.wonders.iter().map(|w| w.name.loc).collect(),
                |g| g.wonders.len(),
            ),
            (
                "progress tokens",
                max.small,
                |g| g.progress.iter().map(|t| t.name.loc).collect(),
                |g| g.progress.len(),
            ),
        ];
        for (what, max, places, count) in kinds {
            let expansions = largest(count);
            // The largest edition, then each expansion in turn.
            let mut held = editions.iter().map(|e| places(e).len()).max().unwrap_or(0);
            let total = held + expansions.iter().map(|x| places(x).len()).sum::<usize>();
            if held > max {
                continue; // over on its own: `limits` says so
            }
            for x in &expansions {
                let mine = places(x);
                if mine.len() > max {
                    break; // over on its own: `limits` says so
                }
                if held + mine.len() > max {
                    limit(report, what, &whose, total, max, mine[max - held], help);
                    break;
                }
                held += mine.len();
            }
        }
    }
}

//! Checks across the card sets of a game (`family`: a name defined by both
//! an expansion and its game, E0304) and the runtime's limits on a game and
//! on a game with all its expansions (`limits`, `family_limits`, E0002).

use super::*;

/// Checks across the card sets of one game: an expansion's cards and
/// wonders must not take a name the game it extends (any edition) or
/// another of its expansions uses, since sheets and logs find them by name.
pub fn family(games: &[Game], report: &mut Report) {
    for (i, g) in games.iter().enumerate() {
        let Some(parent) = &g.vocab.extends else {
            continue;
        };
        for (j, other) in games.iter().enumerate() {
            let family_of = |x: &Game| x.vocab.extends.clone().unwrap_or(x.vocab.game.clone());
            if i == j || family_of(other) != *parent {
                continue;
            }
            // Each pair of expansions once; an expansion against every edition.
            if other.vocab.extends.is_some() && j > i {
                continue;
            }
            // Reported at the expansion's card: `other` is the game, or an
            // expansion before it.
            let (mine, theirs) = (other, g);
            let mut cards: HashMap<String, &Card> = HashMap::new();
            for d in &mine.cards {
                cards.entry(key(&d.name.value)).or_insert(d);
            }
            let mut wonders: HashMap<String, &crate::resolve::Wonder> = HashMap::new();
            for d in &mine.wonders {
                wonders.entry(key(&d.name.value)).or_insert(d);
            }
            for c in &theirs.cards {
                if let Some(first) = cards.get(&key(&c.name.value)) {
                    report.push(
                        Diagnostic::new(
                            Code::DefinedInBoth,
                            c.name.loc,
                            format!(
                                "`{}` is a card of `{}` too",
                                c.name.value.trim(),
                                mine.vocab.game
                            ),
                        )
                        .label("defined again here")
                        .note(first.name.loc, "defined here")
                        .help("cards are found by name in sheets and logs: give this one another name"),
                    );
                }
            }
            for w in &theirs.wonders {
                if let Some(first) = wonders.get(&key(&w.name.value)) {
                    report.push(
                        Diagnostic::new(
                            Code::DefinedInBoth,
                            w.name.loc,
                            format!(
                                "`{}` is a wonder of `{}` too",
                                w.name.value.trim(),
                                mine.vocab.game
                            ),
                        )
                        .label("defined again here")
                        .note(first.name.loc, "defined here")
                        .help("wonders are found by name in sheets and logs: give this one another name"),
                    );
                }
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
        let whose = format!("`{family}` with all its expansions");
        let help = "the runtime lays a game's and its expansions' tables end to end; move cards to another game";
        // Each kind of thing: its name, its limit, and the places of a set's.
        type Places = fn(&Game) -> Vec<Loc>;
        let kinds: [(&str, usize, Places); 3] = [
            ("cards", max.cards, |g| {
                g.cards.iter().map(|c| c.name.loc).collect()
            }),
            ("wonders", max.small, |g| {
                g.wonders.iter().map(|w| w.name.loc).collect()
            }),
            ("progress tokens", max.small, |g| {
                g.progress.iter().map(|t| t.name.loc).collect()
            }),
        ];
        for (what, max, places) in kinds {
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

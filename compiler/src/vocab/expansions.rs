//! A game with its editions and expansions: every vocabulary of a set
//! built at once (`build_all`), an expansion's over the game it extends
//! (`extend`, indices allocated family-wide), and the editions of a game
//! compared (E0305).

use super::editions::{Editions, MAX_EDITION};
use super::*;
use crate::load::TokenSrc;

/// The vocabulary of an expansion: that of `parent` (the game it extends),
/// then the names of the expansions of the same game before it
/// (`before`: their own names, which this one may not use unless it is
/// played with them, `with`, in an edition that plays where it does,
/// `plays_at`), then its own. Its other editions before it share its
/// places: a name both declare is one place.
pub fn extend(
    src: &ExpansionSrc,
    folder: &str,
    parent: &Vocab,
    before: &[&Vocab],
    with: &[String],
    plays_at: Editions,
    report: &mut Report,
) -> Option<Vocab> {
    let game = lower(&src.game);
    let edition = src.edition.as_ref().map(|e| e.value);
    folder_named(&src.game, edition, folder, "expansion", report);
    let before_errors = report.errors();
    let mut v = parent.clone();
    v.file = src.file;
    v.game = game.clone();
    v.title = src.title.value.clone();
    v.edition = edition.map_or(1, |e| e.clamp(1, i64::from(MAX_EDITION)) as u8);
    v.plays_at = plays_at;
    v.extends = Some(parent.game.clone());
    v.with = with.to_vec();
    v.automatic = src.automatic.unwrap_or(false);
    v.elsewhere = Vec::new();
    v.foreign = Vec::new();
    let mut declared = Declared::default();
    let parent_names = parent
        .resources
        .iter()
        .chain(parent.classes.iter().map(|(n, _)| n))
        .chain(&parent.symbols)
        .chain(&parent.colours)
        .chain(&parent.categories)
        .chain(parent.scopes.iter().map(|(n, _)| n));
    declared.before = parent_names
        .map(|n| (n.clone(), parent.game.clone()))
        .collect();
    let own = |list: &[String], from: u8| -> Vec<String> {
        list.get(usize::from(from)..).unwrap_or(&[]).to_vec()
    };
    // The names of the expansions before this one keep their places; an
    // expansion it is played with lends it all it declares. Its own other
    // editions come last (side by side in the family's order).
    let (siblings, others): (Vec<&Vocab>, Vec<&Vocab>) =
        before.iter().copied().partition(|e| e.game == game);
    // The own names of each edition lent, by expansion.
    let mut lent_names: Vec<(String, Vec<String>)> = Vec::new();
    // The boards of the expansions it is played with.
    let mut lent_boards: Vec<String> = Vec::new();
    let mut lent_senate = 0u8;
    let mut lent_schemes = false;
    for e in others {
        let lent = with.contains(&e.game) && !e.plays_at.meet(plays_at).is_empty();
        if lent {
            lent_boards.extend(e.boards.iter().map(|b| b.name.clone()));
            lent_senate = lent_senate.max(e.senate_chambers);
            lent_schemes |= e.schemes_in_play;
            v.lent_schemes = (v.lent_schemes)
                .or(e.schemes.as_ref().map(|s| s.colour))
                .or(e.lent_schemes);
            v.lent_decrees = (v.lent_decrees)
                .or(e.senate.as_ref().and_then(|s| s.decrees))
                .or(e.lent_decrees);
            let names = (own(&e.symbols, e.own.symbols).into_iter())
                .chain(own(&e.colours, e.own.colours))
                .chain(own(&e.categories, e.own.categories))
                .chain(
                    (e.tokens.iter().skip(usize::from(e.own_tokens)))
                        .map(|t| format!("{} token", t.name)),
                )
                .collect();
            lent_names.push((e.game.clone(), names));
        }
        for (list, mine, from) in [
            (&mut v.symbols, &e.symbols, e.own.symbols),
            (&mut v.colours, &e.colours, e.own.colours),
            (&mut v.categories, &e.categories, e.own.categories),
        ] {
            for n in own(mine, from) {
                // Another edition of `e` took this place already.
                if list.contains(&n) {
                    if lent {
                        v.foreign.retain(|(f, g)| !(*f == n && *g == e.game));
                    }
                    continue;
                }
                declared.before.push((n.clone(), e.game.clone()));
                if !lent {
                    v.foreign.push((n.clone(), e.game.clone()));
                }
                list.push(n);
            }
        }
        v.colour_category.resize(v.colours.len(), None);
        for t in e.tokens.iter().skip(usize::from(e.own_tokens)) {
            let kind = format!("{} token", t.name);
            // Another edition of `e` took this place already.
            if v.tokens.iter().any(|k| k.name == t.name) {
                if lent {
                    v.foreign.retain(|(f, g)| !(*f == kind && *g == e.game));
                }
                continue;
            }
            if !lent {
                v.foreign.push((kind, e.game.clone()));
            }
            v.tokens.push(t.clone());
        }
        if lent {
            lend(&mut v, e, &mut declared);
            // Its figures, when it lays out the Ages its own way: those in
            // play with it (its own `figures:` aside).
            if e.figures != parent.figures {
                v.figures = e.figures.clone();
                v.deal = e.deal;
            }
        }
    }
    // Played with several editions of an expansion, it uses the names
    // every one of them declares: in play is one of them.
    for (game, names) in &lent_names {
        let editions: Vec<&Vec<String>> = (lent_names.iter())
            .filter(|(g, _)| g == game)
            .map(|(_, n)| n)
            .collect();
        for n in names {
            let everywhere = editions.iter().all(|e| e.contains(n));
            if !everywhere && !v.foreign.iter().any(|(f, _)| f == n) {
                v.foreign.push((n.clone(), game.clone()));
            }
        }
    }
    v.own = Own {
        symbols: v.symbols.len() as u8,
        colours: v.colours.len() as u8,
        categories: v.categories.len() as u8,
    };
    v.own_tokens = v.tokens.len() as u8;
    // The places of its other editions, which it may not use unless it
    // declares them too.
    let mut shared: Vec<String> = Vec::new();
    for e in &siblings {
        for (list, mine, from) in [
            (&mut v.symbols, &e.symbols, e.own.symbols),
            (&mut v.colours, &e.colours, e.own.colours),
            (&mut v.categories, &e.categories, e.own.categories),
        ] {
            for n in own(mine, from) {
                if !list.contains(&n) {
                    v.foreign.push((n.clone(), game.clone()));
                    shared.push(n.clone());
                    list.push(n);
                }
            }
        }
        for t in e.tokens.iter().skip(usize::from(e.own_tokens)) {
            if !v.tokens.iter().any(|k| k.name == t.name) {
                v.foreign.push((format!("{} token", t.name), game.clone()));
                v.tokens.push(t.clone());
            }
        }
    }
    for (items, list, what, max) in [
        (&src.science, &mut v.symbols, "science symbols", MAX_SET),
        (&src.colours, &mut v.colours, "colours", MAX_COLOURS),
        (&src.categories, &mut v.categories, "categories", MAX_SET),
    ] {
        for t in items {
            let n = lower(t);
            if shared.contains(&n) && !declared.here.iter().any(|(h, _)| *h == n) {
                declared.here.push((n.clone(), t.loc));
                v.foreign.retain(|(f, g)| !(*f == n && *g == game));
                continue;
            }
            declared.list(std::slice::from_ref(t), list, what, max, report);
        }
    }
    v.colour_category.resize(v.colours.len(), None);
    for (source, cat) in &src.vp_category {
        let Some(ci) = find_in(cat, &v.categories, "category", report) else {
            continue;
        };
        if let Some(col) = find_in(source, &v.colours, "colour", report) {
            v.colour_category[col as usize] = Some(ci);
        }
    }
    scope_defs(
        &src.scopes,
        &mut v.scopes,
        parent.max_players,
        &mut declared,
        report,
    );
    let (counters, nouns) = counters(&src.counters, report);
    for (k, n) in counters.into_iter().zip(nouns) {
        if !v.counters.contains(&k) {
            v.counters.push(k);
            v.counter_nouns.push(n);
        }
    }
    for w in known(&src.words, sevenw_dsl::WORD_NAMES, "an effect word", report) {
        if !v.words.contains(&w) {
            v.words.push(w);
        }
    }
    for t in known(
        &src.triggers,
        sevenw_dsl::TRIGGER_NAMES,
        "a trigger",
        report,
    ) {
        if !v.triggers.contains(&t) {
            v.triggers.push(t);
        }
    }
    // A kind its other editions declare keeps their place, declared alike.
    let (alike, new): (Vec<_>, Vec<_>) = (src.tokens.iter().cloned()).partition(|t| {
        v.tokens[usize::from(v.own_tokens)..]
            .iter()
            .any(|k| k.name == lower(&t.name))
    });
    for t in &alike {
        let mut mine = Vec::new();
        super::tokens::declare(
            std::slice::from_ref(t),
            &game,
            &mut mine,
            &v.categories,
            &v.colours,
            v.ages,
            report,
        );
        let name = lower(&t.name);
        let theirs = v.tokens.iter().find(|k| k.name == name);
        if let (Some(mine), Some(theirs)) = (mine.first(), theirs)
            && !mine.alike(theirs)
        {
            report.push(
                Diagnostic::new(
                    Code::EditionsDiffer,
                    t.name.loc,
                    format!("this edition of `{game}` declares the token `{name}` otherwise than another edition"),
                )
                .label("declared otherwise here")
                .help(format!("the editions of an expansion share the places of their kinds of token: declare `{name}` as the other edition does, or give this kind another name")),
            );
        }
        let kind = format!("{name} token");
        v.foreign.retain(|(f, g)| !(*f == kind && *g == game));
    }
    let new = share_tokens(new, &game, parent.tokens.len(), &mut v, report);
    super::tokens::declare(
        &new,
        &game,
        &mut v.tokens,
        &v.categories,
        &v.colours,
        v.ages,
        report,
    );
    super::tokens::played_by(&src.tokens, &parent.family, &game, report);
    super::tokens::held_apart(&src.tokens, &parent.family, report);
    if let Some(c) = &src.start_coins {
        v.start_coins = small(report, c, 0, 1000, "the starting coins");
    }
    if let Some(d) = &src.draft {
        v.draft = draft(d, &v.colours, &v.scopes, report);
    }
    // Its own figures take the game's place while it is in play.
    let mut deal = v.deal;
    if let Some(own) = super::figures::own_figures(
        &src.figures,
        &mut deal,
        v.ages,
        &parent.family,
        &game,
        report,
    ) {
        v.figures = own;
        v.figures_at = src.figures.first().map(|f| f.loc);
        v.deal = deal;
    }
    v.figure_tokens = super::figures::figure_tokens(
        &src.figure_tokens,
        &v.figures,
        &v.tokens,
        v.ages,
        &parent.family,
        &game,
        report,
    );
    v.boards = super::boards::boards(
        &src.boards,
        &v.colours,
        v.ages,
        &parent.family,
        &game,
        report,
    );
    v.senate = super::senate::senate(
        src.senate.as_ref(),
        &v.categories,
        &v.colours,
        &parent.family,
        &game,
        report,
    );
    v.senate_chambers = (v.senate.as_ref()).map_or(lent_senate, |s| s.chambers.len() as u8);
    v.schemes = super::schemes::schemes(
        src.schemes.as_ref(),
        &v.colours,
        &parent.family,
        &game,
        report,
    );
    // Written with a mistake, they are still in play for the words.
    v.schemes_in_play = src.schemes.is_some() || lent_schemes;
    // Its military tokens take the place of the game's on its conflict
    // track, looting no coins.
    v.military_tokens = super::military::military_tokens(
        src.military_tokens.as_ref(),
        &v.colours,
        v.conflict.as_ref(),
        &parent.family,
        (&game, &parent.game),
        report,
    );
    if let (Some(m), Some(c)) = (&v.military_tokens, &mut v.conflict) {
        c.tokens = m.at.iter().map(|&a| (a, 0)).collect();
    }
    // A kind's `places` names a board of this set or of one it is played
    // with, and its `board_discount` needs one.
    let mut boards: Vec<String> = v.boards.iter().map(|b| b.name.clone()).collect();
    for b in lent_boards {
        if !boards.contains(&b) {
            boards.push(b);
        }
    }
    super::tokens::kinds_on_boards(&src.tokens, &boards, &parent.family, &game, report);
    // Its own guild rule takes the game's place while it is in play.
    v.guilds_own = false;
    if let Some(g) = &src.guilds
        && let Some(rule) = draw_rule(g, &v.colours, v.ages, false, report)
    {
        v.guilds = Some(rule);
        v.guilds_own = true;
    }
    v.draws = Vec::new();
    super::plays::field(
        &parent.family,
        &game,
        "draws",
        src.draws.first().map(|d| d.loc),
        "its rules draw no cards into an Age's deck but by their own rule: leave the cards to the game's own set-up",
        report,
    );
    for d in &src.draws {
        let Some(rule) = draw_rule(d, &v.colours, v.ages, true, report) else {
            continue;
        };
        if v.draws.iter().any(|r| r.age == rule.age) {
            bad(
                report,
                d.loc,
                format!("Age {} has a draw rule already", rule.age),
                "one draw rule per Age",
                None,
            );
            continue;
        }
        v.draws.push(rule);
    }
    v.hand_size_loc = src.hand_size.as_ref().map(|h| h.loc);
    if let Some(h) = &src.hand_size {
        match v.deal {
            Deal::Hands(_) => v.deal = Deal::Hands(small(report, h, 1, 50, "the hand size") as u8),
            _ => bad(
                report,
                h.loc,
                format!("`{}` does not deal hands: it has no hand size", parent.game),
                "its Ages are laid out or its cards in decks",
                None,
            ),
        }
    }
    if let Some(p) = &src.projects {
        v.projects = projects(p, &v, report);
    }
    let usable = report.errors() == before_errors;
    super::plays::check(
        &parent.family,
        &game,
        &src.words,
        &src.triggers,
        &src.counters,
        report,
    );
    usable.then_some(v)
}

/// Of the kinds `src` declares, those another expansion of the same game
/// declares too (in `v.tokens`, after the parent's `parent_kinds`) are
/// one kind the two share when declared alike: this set joins its
/// `sets` and may use its name. Declared otherwise, it is E0304. Returns
/// the kinds left to declare.
fn share_tokens(
    src: Vec<TokenSrc>,
    game: &str,
    parent_kinds: usize,
    v: &mut Vocab,
    report: &mut Report,
) -> Vec<TokenSrc> {
    let others = parent_kinds..usize::from(v.own_tokens).max(parent_kinds);
    let theirs = |v: &Vocab, t: &TokenSrc| {
        let name = lower(&t.name);
        (v.tokens.get(others.clone()).unwrap_or(&[]).iter())
            .position(|k| k.name == name)
            .map(|k| k + others.start)
    };
    let (shared, new): (Vec<_>, Vec<_>) = src.into_iter().partition(|t| theirs(v, t).is_some());
    for t in &shared {
        let Some(k) = theirs(v, t) else { continue };
        let mut mine = Vec::new();
        super::tokens::declare(
            std::slice::from_ref(t),
            game,
            &mut mine,
            &v.categories,
            &v.colours,
            v.ages,
            report,
        );
        let Some(mine) = mine.first() else { continue };
        let kind = &mut v.tokens[k];
        let owner = kind.sets.join("`, `");
        if !mine.alike(kind) {
            report.push(
                Diagnostic::new(
                    Code::DefinedInBoth,
                    t.name.loc,
                    format!("the token `{}` is declared otherwise by `{owner}`", kind.name),
                )
                .label("declared again, otherwise, here")
                .help(format!(
                    "two expansions share a kind of token by declaring it alike: write `{}` as `{owner}` does (its points, category and rules), or give this kind another name",
                    kind.name
                )),
            );
            continue;
        }
        if !kind.sets.iter().any(|s| s == game) {
            kind.sets.push(game.to_string());
        }
        let name = format!("{} token", kind.name);
        v.foreign.retain(|(f, _)| *f != name);
    }
    new
}

/// Gives every vocabulary the same sets for a kind of token that several
/// expansions of one game share (`share_tokens`): its rules apply when
/// any of them is played, whichever vocabulary a composed game reads.
fn shared_sets(out: &mut [Option<Vocab>]) {
    let family = |v: &Vocab| v.extends.clone().unwrap_or_else(|| v.game.clone());
    let mut sets: Vec<(String, String, Vec<String>)> = Vec::new();
    for v in out.iter().flatten() {
        for t in &v.tokens {
            let f = family(v);
            match sets.iter_mut().find(|(g, n, _)| *g == f && *n == t.name) {
                Some((_, _, s)) => {
                    for set in &t.sets {
                        if !s.contains(set) {
                            s.push(set.clone());
                        }
                    }
                }
                None => sets.push((f, t.name.clone(), t.sets.clone())),
            }
        }
    }
    for v in out.iter_mut().flatten() {
        let f = family(v);
        for t in &mut v.tokens {
            if let Some((_, _, s)) = sets.iter().find(|(g, n, _)| *g == f && *n == t.name) {
                t.sets.clone_from(s);
                t.sets.sort();
            }
        }
    }
}

/// What an expansion played with `e` (`with:`) takes of it beyond its
/// names' places: the categories of its colours, its scopes, counters,
/// words and triggers, its rules.
fn lend(v: &mut Vocab, e: &Vocab, declared: &mut Declared) {
    for (c, cat) in e.colour_category.iter().enumerate() {
        if cat.is_some() && v.colour_category.get(c).is_some_and(Option::is_none) {
            v.colour_category[c] = *cat;
        }
    }
    for (name, seats) in &e.scopes {
        if !v.scopes.iter().any(|(n, _)| n == name) {
            declared.before.push((name.clone(), e.game.clone()));
            v.scopes.push((name.clone(), seats.clone()));
        }
    }
    for (k, n) in e.counters.iter().zip(&e.counter_nouns) {
        if !v.counters.contains(k) {
            v.counters.push(*k);
            v.counter_nouns.push(n.clone());
        }
    }
    for w in &e.words {
        if !v.words.contains(w) {
            v.words.push(w.clone());
        }
    }
    for t in &e.triggers {
        if !v.triggers.contains(t) {
            v.triggers.push(t.clone());
        }
    }
    if v.draft.is_none() {
        v.draft = e.draft;
    }
    if v.projects.is_none() {
        v.projects = e.projects.clone();
    }
    v.start_coins = v.start_coins.max(e.start_coins);
}

/// The vocabularies of the games `games` (in their order, `None` where
/// unusable): each game's own, then each expansion's over the game it
/// extends. Reports an expansion of a game that is not there, two games of
/// the same name and edition, and editions whose lists differ (an
/// expansion of the game must fit every edition).
pub fn build_all(
    games: &[crate::parse::GameAst],
    families: &[String],
    report: &mut Report,
) -> Vec<Option<Vocab>> {
    let mut out: Vec<Option<Vocab>> = games
        .iter()
        .map(|g| {
            g.vocab
                .as_ref()
                .and_then(|src| build(src, &g.folder, families, report))
        })
        .collect();
    editions(games, &out, report);
    // Expansions, after those they are played with, then in name order: a
    // name's index does not depend on which folders are named first.
    let exps: Vec<usize> = (0..games.len())
        .filter(|&i| games[i].expansion.is_some())
        .collect();
    let planned = super::combinations::plan(games, &exps, report);
    // The first edition of each game (any when there is no first).
    let parent_of = |name: &str, out: &[Option<Vocab>]| -> Option<usize> {
        (0..out.len())
            .filter(|&i| {
                out[i]
                    .as_ref()
                    .is_some_and(|v| v.game == name && v.extends.is_none())
            })
            .min_by_key(|&i| out[i].as_ref().map(|v| v.edition))
    };
    for (n, plan) in planned.iter().enumerate() {
        let i = plan.game;
        let Some(src) = games[i].expansion.as_ref() else {
            continue;
        };
        let target = plan.root.clone();
        let Some(p) = parent_of(&target, &out) else {
            let expansions: Vec<String> = games
                .iter()
                .filter_map(|g| g.expansion.as_ref().map(|e| lower(&e.game)))
                .collect();
            let is_expansion = expansions.contains(&target);
            let known: Vec<&str> = games
                .iter()
                .filter_map(|g| g.vocab.as_ref().map(|v| v.game.value.trim()))
                .collect();
            let help = if is_expansion {
                format!(
                    "`{target}` is an expansion: an expansion extends a game; write the game `{target}` extends"
                )
            } else {
                crate::diag::suggest(&target, known.iter().copied()).unwrap_or_else(|| {
                    // Not beside the expansion, nor in the libraries it
                    // may build against (`load::extended_dirs`).
                    let library = crate::build::shipped_library_path();
                    let shipped = crate::load::games_in(&library);
                    let near = crate::diag::did_you_mean(&target, shipped.iter().map(String::as_str))
                        .map(|n| format!("did you mean `{n}`?"));
                    let folder = &games[i].folder;
                    let name_it = format!(
                        "or name the game's folder with the expansion's: `sevenc check PATH/TO/{target} PATH/TO/{folder}`"
                    );
                    match near {
                        Some(near) => format!("{near} (a game of the shipped library); {name_it}"),
                        None => format!(
                            "no folder of the game `{target}` was found beside the expansion's, in the library its folder builds against, or in the shipped library (its games: {}); {name_it}",
                            shipped.join(", ")
                        ),
                    }
                })
            };
            report.push(
                Diagnostic::new(
                    Code::UnknownGame,
                    src.extends.loc,
                    format!(
                        "`{}` extends `{target}`, which is not a game checked here",
                        lower(&src.game)
                    ),
                )
                .label("no such game")
                .help(help),
            );
            continue;
        };
        // The editions of the game checked: it must play with one.
        let editions = (out.iter().flatten())
            .filter(|v| v.game == target && v.extends.is_none())
            .fold(Editions::NONE, |a, v| a.join(Editions::only(v.edition)));
        if plan.plays_at.meet(editions).is_empty() {
            let at = src.edition.as_ref().map_or(src.extends.loc, |e| e.loc);
            report.push(
                Diagnostic::new(
                    Code::EditionUnplayable,
                    at,
                    format!(
                        "`{}` plays with {} of `{target}`, which is not checked here",
                        lower(&src.game),
                        plan.plays_at.shown()
                    ),
                )
                .label(format!("no such edition of `{target}`"))
                .help(format!(
                    "edition N of an expansion plays with edition N of the game it extends; `{target}` has {} here: write one of them, or check the folder of that edition too",
                    editions.shown()
                )),
            );
            continue;
        }
        let before: Vec<Vocab> = planned[..n]
            .iter()
            .filter_map(|q| out[q.game].clone())
            .filter(|v| v.extends.as_deref() == Some(target.as_str()))
            .collect();
        let before_refs: Vec<&Vocab> = before.iter().collect();
        let parent = out[p].clone();
        if let Some(parent) = parent {
            out[i] = extend(
                src,
                &games[i].folder,
                &parent,
                &before_refs,
                &plan.with,
                plan.plays_at,
                report,
            );
        }
    }
    shared_sets(&mut out);
    let order: Vec<usize> = planned.iter().map(|p| p.game).collect();
    super::figures::tokens_keep_a_place(&out, &order, report);
    // What each card set may not use, and who declares it: for help.
    let snapshot = out.clone();
    for v in out.iter_mut().flatten() {
        let family = v.extends.clone().unwrap_or_else(|| v.game.clone());
        for other in snapshot.iter().flatten() {
            let other_family = other.extends.clone().unwrap_or_else(|| other.game.clone());
            // Another edition of an expansion declares what this one
            // may not use; the editions of a game share their names.
            let sibling = v.extends.is_some() && other.edition != v.edition;
            if other_family != family || (other.game == v.game && !sibling) {
                continue;
            }
            let names = other
                .symbols
                .iter()
                .skip(usize::from(other.own.symbols))
                .chain(other.colours.iter().skip(usize::from(other.own.colours)))
                .chain(
                    other
                        .categories
                        .iter()
                        .skip(usize::from(other.own.categories)),
                )
                .chain(&other.words)
                .chain(&other.triggers)
                .chain(other.scopes.iter().map(|(n, _)| n))
                .chain(&other.counter_nouns);
            for n in names {
                let mine = v.lookup(n).is_some()
                    || v.words.contains(n)
                    || v.triggers.contains(n)
                    || v.counter_nouns.contains(n)
                    || v.foreign.iter().any(|(f, _)| f == n);
                if !mine && !v.elsewhere.iter().any(|(e, _)| e == n) {
                    v.elsewhere.push((n.clone(), other.game.clone()));
                }
            }
        }
    }
    out
}

/// A list of two editions: its name, the first's, the second's, and where
/// the second's is written.
type Compared<'a> = (&'a str, &'a [String], &'a [String], &'a [Text]);

/// Two games of one name must be different editions with the same lists.
fn editions(games: &[crate::parse::GameAst], out: &[Option<Vocab>], report: &mut Report) {
    for (i, a) in out.iter().enumerate() {
        let Some(a) = a else { continue };
        for (j, b) in out.iter().enumerate().skip(i + 1) {
            let Some(b) = b else { continue };
            if a.game != b.game {
                continue;
            }
            let (first, second, second_src) = if a.edition <= b.edition {
                (a, b, games[j].vocab.as_ref())
            } else {
                (b, a, games[i].vocab.as_ref())
            };
            let Some(src) = second_src else { continue };
            if a.edition == b.edition {
                report.push(
                    Diagnostic::new(
                        Code::DefinedInBoth,
                        src.game.loc,
                        format!(
                            "two folders define edition {} of the game `{}`",
                            second.edition, second.game
                        ),
                    )
                    .label("defined again here")
                    .note(
                        Loc {
                            end: 0,
                            ..Loc::new(first.file, Span::new(0, 0))
                        },
                        "first defined in this game.yaml",
                    )
                    .help(
                        "give the other edition `edition: 2` (its folder named after the number)",
                    ),
                );
                continue;
            }
            let lists: [Compared; 4] = [
                ("science", &first.symbols, &second.symbols, &src.science),
                ("colours", &first.colours, &second.colours, &src.colours),
                (
                    "categories",
                    &first.categories,
                    &second.categories,
                    &src.categories,
                ),
                ("resources", &first.resources, &second.resources, &[]),
            ];
            for (what, x, y, texts) in lists {
                if x != y {
                    let at = texts.first().map_or(src.game.loc, |t| t.loc);
                    report.push(
                        Diagnostic::new(
                            Code::EditionsDiffer,
                            at,
                            format!(
                                "edition {} of `{}` lists other {what} than edition {}",
                                second.edition, second.game, first.edition
                            ),
                        )
                        .label(format!("these {what} differ"))
                        .help(format!(
                            "the editions of a game share its expansions, so they list the same {what} in the same order: {}",
                            x.join(", ")
                        )),
                    );
                }
            }
            let scopes = |v: &Vocab| v.scopes.clone();
            if scopes(first) != scopes(second) {
                report.push(
                    Diagnostic::new(
                        Code::EditionsDiffer,
                        src.game.loc,
                        format!(
                            "edition {} of `{}` declares other scopes than edition {}",
                            second.edition, second.game, first.edition
                        ),
                    )
                    .label("its scopes differ")
                    .help("the editions of a game share its expansions, so they declare the same scopes"),
                );
            }
            if first.family != second.family
                && !first.family.is_empty()
                && !second.family.is_empty()
            {
                let at = src.family.as_ref().map_or(src.game.loc, |t| t.loc);
                report.push(
                    Diagnostic::new(
                        Code::EditionsDiffer,
                        at,
                        format!(
                            "edition {} of `{}` names another family than edition {}",
                            second.edition, second.game, first.edition
                        ),
                    )
                    .label("this family differs")
                    .help(format!(
                        "the editions of a game share its expansions, which one family's rules play: write `family: {}`",
                        first.family
                    )),
                );
            }
        }
    }
}

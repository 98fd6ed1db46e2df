//! Expansions of expansions: the order a family's expansions are built in
//! and numbered, and for each the game it extends, the expansions it is
//! played with (`with:`, and an expansion named in `extends:`, which
//! stands for its game and itself) and the editions of the game it plays
//! with. An expansion comes after those it is played with, then in name
//! order (its editions side by side, by number), so every combination
//! shares one numbering (the runtime composes in the same order).

use super::editions::{self, Editions};
use super::*;

/// An expansion as the family builds it.
pub(super) struct Planned {
    /// Its index among the games checked.
    pub game: usize,
    /// The game it extends (lower case).
    pub root: String,
    /// The expansions it is played with, those they are played with
    /// included, in the family's order.
    pub with: Vec<String>,
    /// The editions of the game it plays with: those it says (`edition:`),
    /// where an edition of each expansion it is played with plays too.
    pub plays_at: Editions,
}

/// The expansions `exps` (indices into `games`) in the order they are
/// built: each after those it is played with, then by name and edition.
/// An unknown name in `with:`, a circle, or editions that are never in
/// play with those of an expansion it needs, is reported and leaves the
/// expansion out.
pub(super) fn plan(
    games: &[crate::parse::GameAst],
    exps: &[usize],
    report: &mut Report,
) -> Vec<Planned> {
    let src = |i: usize| games[i].expansion.as_ref().expect("an expansion");
    let name = |i: usize| lower(&src(i).game);
    let number = |i: usize| src(i).edition.as_ref().map_or(1, |e| e.value);
    // Every edition of the expansion `n`.
    let named =
        |n: &str| -> Vec<usize> { exps.iter().copied().filter(|&i| name(i) == n).collect() };
    let left_out = editions::check(games, exps, report);
    // Direct needs: an expansion named in `extends:`, then `with:`, each
    // in every edition.
    let mut needs: Vec<Vec<usize>> = Vec::new();
    let mut bad: Vec<bool> = exps.iter().map(|i| left_out.contains(i)).collect();
    for (k, &i) in exps.iter().enumerate() {
        let s = src(i);
        let mut list = Vec::new();
        let target = lower(&s.extends);
        list.extend(named(&target).into_iter().filter(|&j| name(j) != name(i)));
        for w in &s.with {
            let found: Vec<usize> = named(&lower(w))
                .into_iter()
                .filter(|&j| name(j) != name(i))
                .collect();
            if found.is_empty() {
                let mut known: Vec<String> = exps.iter().map(|&j| name(j)).collect();
                known.sort();
                known.dedup();
                report.push(
                    Diagnostic::new(
                        Code::UnknownGame,
                        w.loc,
                        format!(
                            "`{}` is played with `{}`, which is not an expansion checked here",
                            name(i),
                            lower(w)
                        ),
                    )
                    .label("no such expansion")
                    .maybe_help(crate::diag::suggest(
                        &lower(w),
                        known.iter().map(String::as_str),
                    )),
                );
                bad[k] = true;
            }
            list.extend(found);
        }
        needs.push(list);
    }
    // The depth of each: 0 alone, else one more than the deepest it needs.
    let pos = |i: usize| exps.iter().position(|&j| j == i).expect("an expansion");
    let mut depth: Vec<Option<usize>> = vec![None; exps.len()];
    for k in 0..exps.len() {
        let mut stack = vec![(k, 0usize)];
        let mut path: Vec<usize> = Vec::new();
        while let Some((at, next)) = stack.pop() {
            if depth[at].is_some() {
                continue;
            }
            if next == 0 {
                if path.contains(&at) {
                    let s = src(exps[at]);
                    report.push(
                        Diagnostic::new(
                            Code::UnknownGame,
                            s.game.loc,
                            format!(
                                "`{}` is played with itself, through `with:`",
                                name(exps[at])
                            ),
                        )
                        .label("a circle of expansions")
                        .help("an expansion is played with expansions that do not need it"),
                    );
                    bad[at] = true;
                    depth[at] = Some(0);
                    path.clear();
                    continue;
                }
                path.push(at);
            }
            match needs[at].get(next) {
                Some(&j) => {
                    stack.push((at, next + 1));
                    stack.push((pos(j), 0));
                }
                None => {
                    let d = needs[at]
                        .iter()
                        .map(|&j| depth[pos(j)].map_or(0, |d| d + 1))
                        .max()
                        .unwrap_or(0);
                    depth[at] = Some(d);
                    path.retain(|&p| p != at);
                }
            }
        }
    }
    // The editions of an expansion stand side by side: at the deepest.
    let at_depth: Vec<usize> = (0..exps.len())
        .map(|k| {
            (0..exps.len())
                .filter(|&o| name(exps[o]) == name(exps[k]))
                .map(|o| depth[o].unwrap_or(0))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut order: Vec<usize> = (0..exps.len()).collect();
    order.sort_by_key(|&k| (at_depth[k], name(exps[k]), number(exps[k])));
    let mut planned: Vec<Planned> = Vec::new();
    for k in order {
        if bad[k] {
            continue;
        }
        let i = exps[k];
        let s = src(i);
        // The names it needs, each once, in the order written.
        let mut needed: Vec<String> = Vec::new();
        for &j in &needs[k] {
            if !needed.contains(&name(j)) {
                needed.push(name(j));
            }
        }
        // One that needs an expansion left out (reported there) is left out.
        if needed
            .iter()
            .any(|n| !planned.iter().any(|p| name(p.game) == *n))
        {
            continue;
        }
        // It plays where an edition of each expansion it needs plays.
        let mut plays_at = editions::declared(s);
        let mut never = None;
        for n in &needed {
            let theirs = (planned.iter())
                .filter(|p| name(p.game) == *n)
                .fold(Editions::NONE, |a, p| a.join(p.plays_at));
            if plays_at.meet(theirs).is_empty() {
                never = Some((n.clone(), theirs));
                break;
            }
            plays_at = plays_at.meet(theirs);
        }
        // The game: what `extends:` names, or the game of the expansion it names.
        let target = lower(&s.extends);
        let root = (planned.iter())
            .find(|p| name(p.game) == target)
            .map_or(target.clone(), |p| p.root.clone());
        if let Some((n, theirs)) = never {
            let at = (s.with.iter())
                .find(|w| lower(w) == n)
                .map_or(s.extends.loc, |w| w.loc);
            report.push(
                Diagnostic::new(
                    Code::EditionUnplayable,
                    at,
                    format!(
                        "`{}` plays with {} of `{root}`, and `{n}` with {}: they are never in play together",
                        name(i),
                        plays_at.shown(),
                        theirs.shown()
                    ),
                )
                .label(format!("no edition of `{n}` plays with it"))
                .help(format!(
                    "a card set played with `{n}` follows the edition of `{n}` in play, and `{n}` plays with {} of `{root}`: give `{}` one of them (`edition: {}`), or add an edition of `{n}` for {}",
                    theirs.shown(),
                    name(i),
                    theirs.numbers().first().copied().unwrap_or(1),
                    plays_at.shown()
                )),
            );
            continue;
        }
        // The editions of one expansion extend one game.
        if let Some(p) = planned
            .iter()
            .find(|p| name(p.game) == name(i) && p.root != root)
        {
            report.push(
                Diagnostic::new(
                    Code::EditionUnplayable,
                    s.extends.loc,
                    format!(
                        "this edition of `{}` extends `{root}`, another edition extends `{}`",
                        name(i),
                        p.root
                    ),
                )
                .label("the editions of an expansion extend one game")
                .note(src(p.game).extends.loc, "the other edition's")
                .help("an expansion's editions are editions of one expansion of one game: extend the same game, or give this one another name"),
            );
            continue;
        }
        // Those it is played with, in the editions that play where it does.
        let mut with: Vec<String> = Vec::new();
        for n in &needed {
            for p in planned.iter().filter(|p| name(p.game) == *n) {
                if !p.plays_at.meet(plays_at).is_empty() {
                    with.extend(p.with.iter().cloned());
                }
            }
            with.push(n.clone());
        }
        let rank = |n: &String| planned.iter().position(|p| name(p.game) == *n);
        with.sort_by_key(rank);
        with.dedup();
        planned.push(Planned {
            game: i,
            root,
            with,
            plays_at,
        });
    }
    planned
}

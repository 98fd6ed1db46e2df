//! Expansions of expansions: the order a family's expansions are built in
//! and numbered, and for each the game it extends and the expansions it
//! is played with (`with:`, and an expansion named in `extends:`, which
//! stands for its game and itself). An expansion comes after those it is
//! played with, then in name order, so every combination shares one
//! numbering (the runtime composes in the same order).

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
}

/// The expansions `exps` (indices into `games`) in the order they are
/// built: each after those it is played with, then by name. An unknown
/// name in `with:`, or a circle, is reported and leaves the expansion out.
pub(super) fn plan(
    games: &[crate::parse::GameAst],
    exps: &[usize],
    report: &mut Report,
) -> Vec<Planned> {
    let src = |i: usize| games[i].expansion.as_ref().expect("an expansion");
    let name = |i: usize| lower(&src(i).game);
    let by_name = |n: &str| exps.iter().copied().find(|&i| name(i) == n);
    // Direct needs: an expansion named in `extends:`, then `with:`.
    let mut needs: Vec<Vec<usize>> = Vec::new();
    let mut bad = vec![false; exps.len()];
    for (k, &i) in exps.iter().enumerate() {
        let s = src(i);
        let mut list = Vec::new();
        let target = lower(&s.extends);
        if let Some(j) = by_name(&target) {
            list.push(j);
        }
        for w in &s.with {
            match by_name(&lower(w)) {
                Some(j) if j != i => list.push(j),
                _ => {
                    let known: Vec<String> = exps.iter().map(|&j| name(j)).collect();
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
            }
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
    let mut order: Vec<usize> = (0..exps.len()).collect();
    order.sort_by_key(|&k| (depth[k].unwrap_or(0), name(exps[k])));
    let mut planned: Vec<Planned> = Vec::new();
    for k in order {
        if bad[k] {
            continue;
        }
        let i = exps[k];
        // One that needs an expansion left out (reported there) is left out.
        if needs[k]
            .iter()
            .any(|&j| !planned.iter().any(|p| p.game == j))
        {
            continue;
        }
        // The game: what `extends:` names, or the game of the expansion it names.
        let target = lower(&src(i).extends);
        let root = match by_name(&target) {
            Some(j) => planned
                .iter()
                .find(|p| p.game == j)
                .map_or(target.clone(), |p| p.root.clone()),
            None => target,
        };
        let mut with: Vec<String> = Vec::new();
        for &j in &needs[k] {
            if let Some(p) = planned.iter().find(|p| p.game == j) {
                with.extend(p.with.iter().cloned());
            }
            with.push(name(j));
        }
        let rank = |n: &String| planned.iter().position(|p| name(p.game) == *n);
        with.sort_by_key(rank);
        with.dedup();
        planned.push(Planned {
            game: i,
            root,
            with,
        });
    }
    planned
}

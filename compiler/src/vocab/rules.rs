//! The rules a game.yaml (or an expansion's) may add, checked against its
//! names: the project rule (Edifice) and the draft rule (Leaders).

use super::*;

/// A project rule: its colour declared and scoring in a category, pawns
/// for rising player counts, a declared kind of token taken for a penalty
/// not paid in full.
pub(super) fn projects(
    p: &crate::load::ProjectsSrc,
    v: &Vocab,
    report: &mut Report,
) -> Option<Projects> {
    let colour = find_in(&p.colour, &v.colours, "colour", report)?;
    if v.colour_category
        .get(colour as usize)
        .copied()
        .flatten()
        .is_none()
    {
        bad(
            report,
            p.colour.loc,
            format!(
                "the project colour `{}` scores in no category",
                lower(&p.colour)
            ),
            "no `vp_category` for it",
            Some("add it to `vp_category:` (its rewards' points score there)".into()),
        );
        return None;
    }
    let mut pawns: Vec<(u8, u8)> = Vec::new();
    for (players, n) in &p.pawns {
        let players = small(report, players, 1, 255, "a player count") as u8;
        let n = small(report, n, 1, 255, "the pawns on a project") as u8;
        if pawns.last().is_some_and(|(q, _)| *q >= players) {
            bad(
                report,
                p.loc,
                "the player counts of `pawns` must rise".to_string(),
                "not in order",
                Some("write the pairs from the fewest players to the most".into()),
            );
            return None;
        }
        pawns.push((players, n));
    }
    if pawns.is_empty() {
        bad(
            report,
            p.loc,
            "a project rule needs at least one [players, pawns] pair".to_string(),
            "no pawns",
            None,
        );
        return None;
    }
    let name = lower(&p.debt);
    let Some(debt) = v.tokens.iter().position(|k| k.name == name) else {
        let kinds: Vec<&str> = v.tokens.iter().map(|k| &k.name[..]).collect();
        bad(
            report,
            p.debt.loc,
            format!("no kind of token `{name}` to take for a penalty"),
            "not declared",
            Some(match crate::diag::did_you_mean(&name, kinds.iter().copied()) {
                _ if kinds.is_empty() => {
                    "declare it in `tokens:` (`penalty: { points: [-2, -3, -5], category: edifice }`)"
                        .into()
                }
                Some(near) => format!("did you mean `{near}`?"),
                None => format!("the kinds declared: {}", kinds.join(", ")),
            }),
        );
        return None;
    };
    Some(Projects {
        colour,
        pawns,
        debt: debt as u8,
        loc: p.loc,
    })
}

/// A draft rule: its colour must be declared, its pass one seat away.
pub(super) fn draft(
    d: &DraftSrc,
    colours: &[String],
    scopes: &[(String, Vec<i8>)],
    report: &mut Report,
) -> Option<Draft> {
    let colour = find_in(&d.colour, colours, "colour", report)?;
    let deal = small(report, &d.deal, 1, 20, "the cards dealt to each player") as u8;
    let pn = lower(&d.pass);
    let pass = match scopes.iter().find(|(s, _)| *s == pn) {
        Some((_, seats)) if seats.len() == 1 && seats[0] != 0 => seats[0],
        Some(_) => {
            bad(
                report,
                d.pass.loc,
                format!("`{pn}` is not one other seat"),
                "hands are passed to one neighbour",
                Some("name a scope of one seat offset, such as `left` or `right`".into()),
            );
            return None;
        }
        None => {
            bad(
                report,
                d.pass.loc,
                format!("`{pn}` is not a scope of this game"),
                "unknown scope",
                crate::diag::suggest(&pn, scopes.iter().map(|(s, _)| s.as_str())),
            );
            return None;
        }
    };
    Some(Draft {
        colour,
        deal,
        pass,
        loc: d.loc,
    })
}

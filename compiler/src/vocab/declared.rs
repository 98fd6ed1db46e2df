//! The names a game's vocabulary declares, checked as they come: each
//! unique across the kinds the resolver looks up, and each list within
//! its limit.

use super::*;

/// The names declared so far, unique across the kinds the resolver looks up.
#[derive(Default)]
pub(super) struct Declared {
    /// Names declared in this file, and where.
    pub(super) here: Vec<(String, Loc)>,
    /// Names declared by the game an expansion extends (and the expansions
    /// before it), with who declared them.
    pub(super) before: Vec<(String, String)>,
}

impl Declared {
    /// `t` as a name, if it is a valid one not declared before.
    pub(super) fn unique(&mut self, t: &Text, report: &mut Report) -> Option<String> {
        let n = lower(t);
        if n.is_empty() || n.contains(char::is_whitespace) {
            bad(
                report,
                t.loc,
                format!("`{}` is not a valid name", t.value),
                "names are single words",
                None,
            );
            return None;
        }
        if let Some((_, first)) = self.here.iter().find(|(s, _)| *s == n) {
            report.push(
                Diagnostic::new(
                    Code::BadVocabulary,
                    t.loc,
                    format!("`{n}` is declared twice"),
                )
                .label("declared again here")
                .note(*first, "first declared here"),
            );
            return None;
        }
        if let Some((_, by)) = self.before.iter().find(|(s, _)| *s == n) {
            report.push(
                Diagnostic::new(
                    Code::DefinedInBoth,
                    t.loc,
                    format!("`{n}` is already declared by `{by}`"),
                )
                .label("declared again here")
                .help(format!(
                    "an expansion declares only what it adds: use `{by}`'s `{n}` as it is (an expansion of `{by}`'s game that uses it is played with it: `with: [{by}]`), or give this one another name"
                )),
            );
            return None;
        }
        self.here.push((n.clone(), t.loc));
        Some(n)
    }

    /// Appends the valid new names of `items` to `out`, at most `max` in all.
    pub(super) fn list(
        &mut self,
        items: &[Text],
        out: &mut Vec<String>,
        what: &str,
        max: usize,
        report: &mut Report,
    ) {
        for t in items {
            if let Some(n) = self.unique(t, report) {
                if out.len() == max {
                    bad(
                        report,
                        t.loc,
                        format!("a game may declare at most {max} {what}"),
                        "one too many",
                        None,
                    );
                    continue;
                }
                out.push(n);
            }
        }
    }
}

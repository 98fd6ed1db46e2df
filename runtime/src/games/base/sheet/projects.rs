//! Edifice on a sheet: the projects a document lists (each entry as read,
//! by name or with its fields) and where each stands, the pawns a player
//! holds, and why a city cannot join the current Age's project.

use serde_saphyr::Spanned;

use crate::doc::{Value, at, int, value_int, value_text};
use crate::sheet::SheetError;
use crate::text::shown;
use sevenw_host::CardId;

use super::super::{Base, Position, Project, Seat, Status};
use super::PlayerDoc;

impl Base {
    /// The mistake of a player's `debt:` on a sheet or in a scenario:
    /// Edifice's debt tokens are the kind of token its projects rule names,
    /// written under `tokens:` like every declared kind.
    pub(in crate::games::base) fn debt_moved<T>(&self, d: &Spanned<T>) -> SheetError {
        let kind = (self.info.projects)
            .and_then(|r| self.info.tokens.get(usize::from(r.debt)))
            .map_or("penalty", |k| k.name);
        at(
            d,
            format!(
                "debt tokens are a kind of token, `{kind}`: write `tokens: {{{kind}: [-2, -5]}}`, each token by its points"
            ),
        )
    }

    /// Why `seat` cannot join the current Age's project now (Edifice).
    pub(in crate::games::base) fn why_no_join(
        &self,
        table: &Position,
        seat: usize,
        who: &str,
    ) -> String {
        let age = crate::text::roman(table.age);
        let Some(p) = self.current_project(table) else {
            return format!("there is no project of Age {age} (list it under `projects`)");
        };
        let name = self.card_name(p.card);
        match p.status {
            Status::Completed => format!("the {name} is completed: nobody joins it any more"),
            Status::Failed => format!("the {name} failed at the end of Age {age}"),
            Status::Open if table.seats[seat].has_pawn(p.age) => {
                format!("{who} holds a pawn of the {name} already (once per Age)")
            }
            Status::Open => format!("no pawn is left on the {name}"),
        }
    }

    /// A player's `pawns` (Edifice), checked and set; `debt`, which a
    /// kind of token holds, refused with the way to write it.
    pub(super) fn pawns_and_debt(
        &self,
        p: &PlayerDoc,
        who: &str,
        projects: &[Project],
        me: &mut Seat,
    ) -> Result<(), SheetError> {
        if let Some(d) = p.debt.iter().flatten().next() {
            return Err(self.debt_moved(d));
        }
        if self.info.projects.is_none() {
            return match p.pawns.iter().flatten().next() {
                Some(v) => Err(at(
                    v,
                    format!(
                        "{} has no projects: `pawns` are Edifice's (`expansions: [edifice]`)",
                        self.info.title
                    ),
                )),
                None => Ok(()),
            };
        }
        for a in p.pawns.iter().flatten() {
            // Pawns are kept as a bit per Age: 8 Ages at most.
            let age = int(a, "pawns", 1..=i64::from(self.info.ages.min(8)))? as u8;
            if me.has_pawn(age) {
                return Err(at(
                    a,
                    format!(
                        "{who} holds one pawn of the Age {} project at most",
                        crate::text::roman(age)
                    ),
                ));
            }
            if !projects.iter().any(|p| p.age == age) {
                return Err(at(
                    a,
                    format!(
                        "no project of Age {} is listed: name it under `projects`",
                        crate::text::roman(age)
                    ),
                ));
            }
            me.add_pawn(age);
        }
        Ok(())
    }

    /// The projects a document lists (Edifice), over `drawn` (a scenario's,
    /// drawn by its seed): one per Age, each where it stands; and the Ages
    /// whose pawns left were given.
    pub(in crate::games::base) fn projects_of(
        &self,
        doc: Option<&Spanned<Vec<Spanned<Value>>>>,
        age: u8,
        players: usize,
        mut drawn: Vec<Project>,
    ) -> Result<(Vec<Project>, Vec<u8>), SheetError> {
        let mut given = Vec::new();
        let Some(doc) = doc else {
            return Ok((drawn, given));
        };
        let Some(rule) = self.info.projects else {
            return Err(at(
                doc,
                format!(
                    "{} has no projects: `projects` is Edifice's (`expansions: [edifice]`)",
                    self.info.title
                ),
            ));
        };
        let pawns = rule.pawns_for(players.min(255) as u8);
        let all: Vec<CardId> = (0..self.info.cards.len())
            .filter(|&i| self.info.cards[i].colour == rule.colour)
            .map(|i| CardId(i as u16))
            .collect();
        let entries = doc
            .value
            .iter()
            .map(project_entry)
            .collect::<Result<Vec<_>, _>>()?;
        let mut seen: Vec<(u8, &Spanned<String>)> = Vec::new();
        for entry in &entries {
            let name = &entry.name;
            let (completed, failed, left) = (entry.completed, entry.failed, entry.left);
            let names: Vec<&str> = all.iter().map(|&c| self.card_name(c)).collect();
            let id = match self.vocab.find_card(&name.value) {
                Some(id) if all.contains(&id) => id,
                found => {
                    let what = match found {
                        Some(id) => format!("{} is not a project", self.card_name(id)),
                        None => format!("unknown project `{}`", shown(name.value.trim())),
                    };
                    let lower = crate::engine::nearest::normal(&name.value);
                    let hint = match crate::engine::nearest::closest(&lower, &names) {
                        Some(s) => format!("; did you mean `{s}`?"),
                        None => format!(" (projects: {})", names.join(", ")),
                    };
                    return Err(at(name, format!("{what}{hint}")));
                }
            };
            let p_age = self.info.cards[usize::from(id.0)].age;
            let shown_age = crate::text::roman(p_age);
            if let Some((_, first)) = seen.iter().find(|(a, _)| *a == p_age) {
                return Err(at(
                    name,
                    format!(
                        "{} is a project of Age {shown_age}, as `{}` is (at {}:{}): one project per Age",
                        self.card_name(id),
                        shown(first.value.trim()),
                        first.referenced.line(),
                        first.referenced.column()
                    ),
                ));
            }
            seen.push((p_age, name));
            let flag = |v: Option<&Spanned<Value>>, field| match v {
                Some(v) => crate::scenario::value_bool(v, field),
                None => Ok(false),
            };
            let completed_v = flag(completed, "completed")?;
            let failed_v = flag(failed, "failed")?;
            let status = match (completed_v, failed_v) {
                (true, true) => {
                    return Err(at(
                        completed.expect("given"),
                        format!("{} is completed or failed, not both", self.card_name(id)),
                    ));
                }
                (true, false) => Status::Completed,
                (false, true) => Status::Failed,
                (false, false) => Status::Open,
            };
            if status != Status::Open && p_age > age {
                let at_field = completed.or(failed).expect("given");
                return Err(at(
                    at_field,
                    format!(
                        "{} is the Age {shown_age} project: it cannot be {} in Age {}",
                        self.card_name(id),
                        if status == Status::Completed {
                            "completed"
                        } else {
                            "failed"
                        },
                        crate::text::roman(age)
                    ),
                ));
            }
            if status == Status::Open && p_age < age {
                return Err(at(
                    name,
                    format!(
                        "{} is the Age {shown_age} project and Age {shown_age} is over: say `completed: true` or `failed: true`",
                        self.card_name(id)
                    ),
                ));
            }
            let mut project = Project {
                card: id,
                age: p_age,
                pawns,
                left: pawns,
                from_box: 0,
                status,
            };
            if let Some(l) = left {
                let l = value_int(l, "left")?;
                if !(0..=i64::from(pawns)).contains(&l) {
                    return Err(at(
                        left.expect("given"),
                        format!(
                            "`left` is 0 to {pawns} (the pawns laid on a project for {players} players), not {l}"
                        ),
                    ));
                }
                let l = l as u8;
                if status == Status::Completed && l > 0 {
                    return Err(at(
                        left.expect("given"),
                        format!("{} is completed: no pawn is left on it", self.card_name(id)),
                    ));
                }
                if status == Status::Open && l == 0 {
                    return Err(at(
                        left.expect("given"),
                        format!("{} has no pawn left: it is completed", self.card_name(id)),
                    ));
                }
                project.left = l;
                given.push(p_age);
            }
            drawn.retain(|p| p.age != p_age);
            drawn.push(project);
        }
        drawn.sort_by_key(|p| p.age);
        Ok((drawn, given))
    }
}

/// Pawns still on each project whose count was not given: none on a
/// completed one, else those laid at set-up less one per player holding a
/// pawn of its Age.
pub(in crate::games::base) fn settle_left(projects: &mut [Project], seats: &[Seat], given: &[u8]) {
    for p in projects.iter_mut().filter(|p| !given.contains(&p.age)) {
        let holders = seats.iter().filter(|s| s.has_pawn(p.age)).count();
        p.left = match p.status {
            Status::Completed => 0,
            _ => p.pawns.saturating_sub(holders.min(255) as u8),
        };
        if p.left == 0 && p.status == Status::Open {
            // More holders than pawns: some came from the box; one pawn
            // stays on the card (only its last taken completes it).
            p.left = 1;
        }
    }
}

/// A project entry as read: its name and fields, each at its place.
struct ProjectEntry<'v> {
    name: Spanned<String>,
    completed: Option<&'v Spanned<Value>>,
    failed: Option<&'v Spanned<Value>>,
    left: Option<&'v Spanned<Value>>,
}

fn project_entry(v: &Spanned<Value>) -> Result<ProjectEntry<'_>, SheetError> {
    let map = match &v.value {
        Value::Scalar(s) => {
            return Ok(ProjectEntry {
                name: Spanned {
                    value: s.clone(),
                    referenced: v.referenced,
                    defined: v.defined,
                },
                completed: None,
                failed: None,
                left: None,
            });
        }
        Value::Map(m) => m,
        other => {
            return Err(at(
                v,
                format!(
                    "a project is a name or `{{name: …, completed: true}}`, not {}",
                    other.kind()
                ),
            ));
        }
    };
    const KEYS: [&str; 4] = ["name", "completed", "failed", "left"];
    let mut e = ProjectEntry {
        name: Spanned {
            value: String::new(),
            referenced: v.referenced,
            defined: v.defined,
        },
        completed: None,
        failed: None,
        left: None,
    };
    let mut named = false;
    for (k, val) in map {
        match k.value.trim() {
            "name" => {
                let n = value_text(val, "name")?;
                e.name = Spanned {
                    value: n.to_string(),
                    referenced: val.referenced,
                    defined: val.defined,
                };
                named = true;
            }
            "completed" => e.completed = Some(val),
            "failed" => e.failed = Some(val),
            "left" => e.left = Some(val),
            other => {
                return Err(at(
                    k,
                    format!(
                        "unknown field `{}` of a project (fields: {}){}",
                        shown(other),
                        KEYS.join(", "),
                        crate::text::did_you_mean(crate::engine::nearest::closest(
                            &crate::engine::nearest::normal(other),
                            &KEYS
                        ))
                    ),
                ));
            }
        }
    }
    if !named {
        return Err(at(v, "a project needs its `name`"));
    }
    Ok(e)
}

//! `expect:` blocks: the checks of a seat (by name) and of the table that
//! every game has (coins, points, cards held, stages, the player to move,
//! the winners…), before those a game adds ([`Scenarios::check`]), and
//! the helpers games use to compare cards and read yes or no.

use serde_saphyr::Spanned;

use crate::doc::{DocError, Found, Value, at, value_int, value_map, value_text, value_texts};
use crate::engine::nearest::{closest, normal};
use crate::engine::vocab::Vocab;
use crate::text::{did_you_mean, shown};

use super::{Check, Run, Scenarios, fail_at, find, waiting_for};

/// The checks of a seat every game has.
const SEAT_CHECKS: &[&str] = &[
    "coins",
    "shields",
    "stages",
    "cards",
    "has",
    "lacks",
    "produces",
    "sells",
    "science",
    "victories",
    "defeats",
    "conflict points",
    "tokens",
    "score",
    "can",
    "cannot",
];

/// The checks of the table every game has.
const TABLE_CHECKS: &[&str] = &["winners", "victory", "to move", "over"];

/// An `expect:` block: checks of seats (by name) and of the table. The
/// checks are independent: a mistake in one (an unknown check, a value of
/// the wrong kind) is kept in `found`, and the others are still made.
pub(super) fn expect<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    value: &Spanned<Value>,
    run: &mut Run,
    note: &str,
    found: &mut Found,
) {
    let Some(entries) = found.keep(value_map(value, "expect")) else {
        return;
    };
    for (k, v) in entries {
        if let Some(seat) = names.iter().position(|n| normal(n) == normal(&k.value)) {
            let Some(checks) = found.keep(value_map(v, &k.value)) else {
                continue;
            };
            for (ck, cv) in checks {
                run.checks += 1;
                let what = normal(&ck.value).replace('_', " ");
                let result = match common_seat(game, state, names, seat, &what, cv) {
                    Ok(Check::Unknown) => game.check(state, names, Some(seat), &what, cv),
                    c => c,
                };
                match result {
                    Err(e) => found.push(e),
                    Ok(Check::Pass) => {}
                    Ok(Check::Fail(m)) => run.failures.push(fail_at(
                        ck,
                        format!("{}'s {}: {m}{note}", names[seat], ck.value.trim()),
                    )),
                    Ok(Check::Unknown) => {
                        let mut all: Vec<&str> = SEAT_CHECKS.to_vec();
                        all.extend_from_slice(game.check_keys(true));
                        found.push(at(
                            ck,
                            format!(
                                "unknown check `{}` of a player (checks: {}){}",
                                shown(&ck.value),
                                yaml_keys(&all),
                                did_you_mean(
                                    closest(&what, &all).map(|k| k.replace(' ', "_")).as_deref()
                                )
                            ),
                        ));
                    }
                }
            }
            continue;
        }
        run.checks += 1;
        let what = normal(&k.value).replace('_', " ");
        let result = match common_table(game, state, names, &what, v) {
            Ok(Check::Unknown) => game.check(state, names, None, &what, v),
            c => c,
        };
        match result {
            Err(e) => found.push(e),
            Ok(Check::Pass) => {}
            Ok(Check::Fail(m)) => run
                .failures
                .push(fail_at(k, format!("{}: {m}{note}", k.value.trim()))),
            Ok(Check::Unknown) => {
                let mut all: Vec<&str> = TABLE_CHECKS.to_vec();
                all.extend_from_slice(game.check_keys(false));
                let players: Vec<String> = names.iter().map(|n| normal(n)).collect();
                let mut options: Vec<&str> = all.clone();
                options.extend(players.iter().map(String::as_str));
                // A suggestion as it would be written: a player's name as
                // given, a check with its underscores.
                let hint =
                    closest(&what, &options).map(|c| match players.iter().position(|p| p == c) {
                        Some(i) => names[i].clone(),
                        None => c.replace(' ', "_"),
                    });
                found.push(at(
                    k,
                    format!(
                        "`{}` is neither a player nor a check (players: {}; checks: {}){}",
                        shown(&k.value),
                        names.join(", "),
                        yaml_keys(&all),
                        did_you_mean(hint.as_deref())
                    ),
                ));
            }
        }
    }
}

/// Check names as they are written in files (`conflict_points`).
fn yaml_keys(keys: &[&str]) -> String {
    keys.iter()
        .map(|k| k.replace(' ', "_"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `expected X, found Y` unless equal.
pub fn equal<T: PartialEq + std::fmt::Display>(want: T, have: T) -> Check {
    if want == have {
        Check::Pass
    } else {
        Check::Fail(format!("expected {want}, found {have}"))
    }
}

/// Compares two lists of names in any order: `expected [A, B], found [C]`
/// (each sorted) unless they hold the same.
pub fn same_names(mut want: Vec<&str>, mut have: Vec<&str>) -> Check {
    want.sort_unstable();
    have.sort_unstable();
    if want == have {
        Check::Pass
    } else {
        Check::Fail(format!(
            "expected [{}], found [{}]",
            want.join(", "),
            have.join(", ")
        ))
    }
}

/// The progress tokens a check names against those `have` holds.
pub fn same_tokens(
    vocab: &Vocab,
    v: &Spanned<Value>,
    field: &str,
    have: &[u8],
) -> Result<Check, DocError> {
    let name = |k| crate::engine::vocab::token_name(vocab.info, k);
    let mut want = Vec::new();
    for k in value_texts(v, field)? {
        want.push(name(crate::sheet::token(vocab, &k)?));
    }
    Ok(same_names(want, have.iter().map(|&k| name(k)).collect()))
}

/// The wonders a check names against those `have` holds.
pub fn same_wonders(
    vocab: &Vocab,
    v: &Spanned<Value>,
    field: &str,
    have: &[u8],
) -> Result<Check, DocError> {
    let name = |w| crate::engine::vocab::wonder_name(vocab.info, w);
    let mut want = Vec::new();
    for w in value_texts(v, field)? {
        want.push(name(crate::sheet::wonder(vocab, &w)?));
    }
    Ok(same_names(want, have.iter().map(|&w| name(w)).collect()))
}

/// The names of cards as a sorted list for messages and comparison.
fn names_of(vocab: &Vocab, cards: impl Iterator<Item = sevenw_host::CardId>) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = cards
        .map(|c| crate::engine::vocab::card_name(vocab.info, c))
        .collect();
    v.sort_unstable();
    v
}

/// The cards a check names, each resolved.
pub fn cards_named(
    vocab: &Vocab,
    v: &Spanned<Value>,
    field: &str,
) -> Result<Vec<sevenw_host::CardId>, DocError> {
    value_texts(v, field)?
        .iter()
        .map(|n| crate::sheet::card(vocab, n))
        .collect()
}

/// Compares a multiset of cards with what a check expects.
pub fn same_cards(
    vocab: &Vocab,
    want: &[sevenw_host::CardId],
    have: impl Iterator<Item = sevenw_host::CardId>,
) -> Check {
    let want = names_of(vocab, want.iter().copied());
    let have = names_of(vocab, have);
    if want == have {
        return Check::Pass;
    }
    let mut missing = want.clone();
    let mut extra = Vec::new();
    for h in &have {
        match missing.iter().position(|m| m == h) {
            Some(i) => {
                missing.remove(i);
            }
            None => extra.push(*h),
        }
    }
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing {}", missing.join(", ")));
    }
    if !extra.is_empty() {
        parts.push(format!("not expected {}", extra.join(", ")));
    }
    Check::Fail(format!(
        "expected [{}], found [{}] ({})",
        want.join(", "),
        have.join(", "),
        parts.join("; ")
    ))
}

/// The checks every game has, of a seat.
fn common_seat<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    seat: usize,
    what: &str,
    v: &Spanned<Value>,
) -> Result<Check, DocError> {
    let vocab = game.vocab();
    let info = game.info();
    let city = &game.cities(state)[seat];
    Ok(match what {
        "coins" => equal(value_int(v, what)?, i64::from(city.coins)),
        "shields" => {
            let shields = crate::engine::military::shields(vocab, game.cities(state), seat);
            equal(value_int(v, what)?, i64::from(shields))
        }
        "stages" => equal(value_int(v, what)?, i64::from(city.stages)),
        "victories" => equal(value_int(v, what)?, i64::from(city.victories)),
        "defeats" => equal(value_int(v, what)?, i64::from(city.defeats)),
        "conflict points" => equal(value_int(v, what)?, i64::from(city.conflict_vp)),
        "cards" => same_cards(
            vocab,
            &cards_named(vocab, v, what)?,
            city.cards.iter().copied(),
        ),
        "has" | "lacks" => {
            let want = cards_named(vocab, v, what)?;
            let wrong: Vec<&str> = want
                .iter()
                .filter(|&&c| city.has_name(vocab.name_class(c)) != (what == "has"))
                .map(|&c| crate::engine::vocab::card_name(info, c))
                .collect();
            if wrong.is_empty() {
                Check::Pass
            } else if what == "has" {
                Check::Fail(format!(
                    "{} not built (built: {})",
                    wrong.join(", "),
                    names_of(vocab, city.cards.iter().copied()).join(", ")
                ))
            } else {
                Check::Fail(format!("{} built", wrong.join(", ")))
            }
        }
        "produces" | "sells" => {
            let p = if what == "produces" {
                &city.own
            } else {
                &city.sold
            };
            let mut fails = Vec::new();
            for (k, n) in value_map(v, what)? {
                let want = value_int(n, &k.value)?;
                let set = resources(info, k)?;
                let have = if set.count_ones() == 1 {
                    i64::from(p.fixed[set.trailing_zeros() as usize])
                } else {
                    p.choices
                        .iter()
                        .filter(|c| c.options.0 == set)
                        .map(|c| i64::from(c.amount))
                        .sum()
                };
                if want != have {
                    fails.push(format!("{}: expected {want}, found {have}", k.value.trim()));
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "tokens" => {
            let fails = crate::tokens::differences(info, city, v)?;
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "science" => {
            let mut fails = Vec::new();
            for (k, n) in value_map(v, what)? {
                let want = value_int(n, &k.value)?;
                let name = normal(&k.value);
                let have = if name == "wild" || name == "wildcards" {
                    city.wild.len() as i64
                } else {
                    let s = info
                        .symbols
                        .iter()
                        .position(|s| normal(s) == name)
                        .ok_or_else(|| {
                            at(
                                k,
                                format!(
                                    "unknown science symbol `{}` (symbols: {}, and `wild`){}",
                                    shown(&k.value),
                                    info.symbols.join(", "),
                                    did_you_mean(closest(&name, info.symbols))
                                ),
                            )
                        })?;
                    i64::from(city.science.get(s).copied().unwrap_or(0))
                };
                if want != have {
                    fails.push(format!("{}: expected {want}, found {have}", k.value.trim()));
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "score" => {
            let out = game.outcome(state);
            let Some(score) = out.scores.get(seat) else {
                return Ok(Check::Fail("no score".into()));
            };
            let mut fails = Vec::new();
            for (k, n) in value_map(v, what)? {
                let want = value_int(n, &k.value)?;
                let name = normal(&k.value);
                let have = if name == "total" {
                    score.total
                } else {
                    let c = info
                        .categories
                        .iter()
                        .position(|c| normal(c) == name)
                        .ok_or_else(|| {
                            at(
                                k,
                                format!(
                                    "the game has no scoring category `{}` (categories: {}, and `total`){}",
                                    shown(&k.value),
                                    info.categories.join(", "),
                                    did_you_mean(closest(&name, info.categories))
                                ),
                            )
                        })?;
                    score.points[c]
                };
                if want != i64::from(have) {
                    fails.push(format!("{}: expected {want}, found {have}", k.value.trim()));
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "can" | "cannot" => {
            if !game.decides_now(state, seat) {
                return Ok(Check::Fail(format!(
                    "{} has no decision to make now (the game waits for {}): `{what}` checks the moves of a player who decides",
                    names[seat],
                    waiting_for(game, state, names)
                )));
            }
            let mut fails = Vec::new();
            for step in value_texts(v, what)? {
                let phrase = normal(&step.value);
                let found = find(game, state, names, seat, &phrase);
                match (what, found) {
                    ("can", Err(why)) => fails.push(format!("`{}`: {why}", shown(&step.value))),
                    ("cannot", Ok(_)) => {
                        fails.push(format!("`{}` can be played", shown(&step.value)))
                    }
                    _ => {}
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        _ => Check::Unknown,
    })
}

/// The resources a `produces` key names: `wood`, or `wood or clay`.
fn resources(info: &sevenw_host::GameInfo, k: &Spanned<String>) -> Result<u16, DocError> {
    let mut set = 0u16;
    for part in normal(&k.value).split(" or ") {
        let r = info
            .resources
            .iter()
            .position(|r| normal(r) == part)
            .ok_or_else(|| {
                at(
                    k,
                    format!(
                        "unknown resource `{}` (resources: {}){}",
                        shown(part),
                        info.resources.join(", "),
                        did_you_mean(closest(part, info.resources))
                    ),
                )
            })?;
        set |= 1 << (r % 16);
    }
    Ok(set)
}

/// The checks every game has, of the table.
fn common_table<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    what: &str,
    v: &Spanned<Value>,
) -> Result<Check, DocError> {
    Ok(match what {
        "winners" => {
            let out = game.outcome(state);
            let mut want: Vec<String> = Vec::new();
            for n in value_texts(v, what)? {
                want.push(names[crate::reader::seat_named(names, &n)?].clone());
            }
            let have: Vec<String> = out.winners.iter().map(|&w| names[w].clone()).collect();
            want.sort();
            let mut sorted = have.clone();
            sorted.sort();
            if want == sorted {
                Check::Pass
            } else {
                Check::Fail(format!(
                    "expected {}, found {}",
                    want.join(" and "),
                    have.join(" and ")
                ))
            }
        }
        "victory" => {
            let want = normal(value_text(v, what)?);
            if !game.victories().iter().any(|k| *k == want) {
                return Err(at(
                    v,
                    format!(
                        "`{}` is no victory of this game (victories: {})",
                        shown(&want),
                        game.victories().join(", ")
                    ),
                ));
            }
            equal(want.as_str(), game.outcome(state).victory)
        }
        "to move" => {
            let want = value_text(v, what)?.trim();
            if normal(want) != "nobody" && !names.iter().any(|n| normal(n) == normal(want)) {
                return Err(at(
                    v,
                    format!(
                        "no player `{}` (players: {}; or `nobody`)",
                        shown(want),
                        names.join(", ")
                    ),
                ));
            }
            let have = match game.to_move(state) {
                Some(s) => names[s].as_str(),
                None => "nobody",
            };
            if normal(want) == normal(have) {
                Check::Pass
            } else {
                Check::Fail(format!("expected {want}, found {have}"))
            }
        }
        "over" => equal(value_bool(v, "over")?, game.is_over(state)),
        _ => Check::Unknown,
    })
}

/// The true or false a value holds (`yes` and `no` too).
pub fn value_bool(v: &Spanned<Value>, field: &str) -> Result<bool, DocError> {
    match normal(value_text(v, field)?).as_str() {
        "true" | "yes" => Ok(true),
        "false" | "no" => Ok(false),
        other => Err(at(
            v,
            format!("`{field}` is true or false, not `{}`", shown(other)),
        )),
    }
}

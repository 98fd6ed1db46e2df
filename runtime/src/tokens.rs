//! Declared tokens (`tokens:` in game.yaml) as documents write them: a
//! player's `tokens: {debt: 2, penalty: [-2, -3]}` on sheets and in
//! scenarios, and a seat's `declared_tokens` in a table's document.
//!
//! A kind of one number of points is written as a count (below zero
//! where the kind allows it); a kind scored by Age as the list of its
//! tokens' points, one entry per token, Age by Age — Edifice's debt, "una
//! ficha de Deuda correspondiente a la Era actual" (Edifice rulebook,
//! 2nd edition, B. CONSTRUIR LA EDIFICACIÓN), is held as `[-2, -5]`.

use serde_saphyr::Spanned;
use sevenw_host::{GameInfo, TokenInfo};

use crate::doc::{DocError, Found, Value, at, value_int, value_map};
use crate::engine::city::{City, MAX_TOKEN_AGES};

/// The most tokens of one kind a document gives a city (and, for a kind
/// that may fall below zero, the fewest below zero).
pub const MOST: i64 = i16::MAX as i64;

/// A city's counts of one kind, by the Age they were taken in.
pub type ByAge = [i16; MAX_TOKEN_AGES];

/// What a city holds of one kind, as documents write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// How many (a kind of one number of points).
    Count(i32),
    /// Each token's points, Age by Age (a kind scored by Age).
    Values(Vec<i8>),
}

impl Held {
    /// What `by_age` holds of kind `k`.
    pub fn of(k: &TokenInfo, by_age: &ByAge) -> Held {
        if k.points.len() < 2 {
            return Held::Count(i32::from(by_age[0]));
        }
        let mut values = Vec::new();
        for (&p, &n) in k.points.iter().zip(by_age) {
            values.extend(std::iter::repeat_n(p, n.max(0) as usize));
        }
        Held::Values(values)
    }

    /// As a sheet writes it: `2`, `[-2, -5]`.
    pub fn yaml(&self) -> String {
        match self {
            Held::Count(n) => n.to_string(),
            Held::Values(v) => {
                let v: Vec<String> = v.iter().map(i8::to_string).collect();
                format!("[{}]", v.join(", "))
            }
        }
    }

    /// As a table's document shows it: `2`, `[-2, -5]`.
    pub fn json(&self) -> serde_json::Value {
        match self {
            Held::Count(n) => serde_json::json!(n),
            Held::Values(v) => serde_json::json!(v),
        }
    }

    /// The same tokens, whichever order a document lists them in.
    fn sorted(mut self) -> Held {
        if let Held::Values(v) = &mut self {
            v.sort_unstable();
        }
        self
    }
}

/// A player's `tokens:` in a document, by kind (for the schemas).
pub type HeldDocs = std::collections::BTreeMap<String, HeldDoc>;

/// What a document says a city holds of one kind (for the schemas): a
/// count, or each token's points for a kind scored by Age.
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)] // described, never built: the reader reads `Value`s
pub enum HeldDoc {
    Count(crate::doc::Scalar),
    Points(Vec<crate::doc::Scalar>),
}

/// The counts a document's `value` gives of kind `k` (named `name` in
/// messages): a count for a kind of one number of points, within
/// [`MOST`] (and above zero unless the kind may fall below it); for a
/// kind scored by Age, a list of points, each one of the kind's, going
/// to the first Age worth that much.
pub fn read(k: &TokenInfo, value: &Spanned<Value>) -> Result<ByAge, DocError> {
    let mut by_age = [0; MAX_TOKEN_AGES];
    let name = k.name;
    if k.points.len() < 2 {
        let n = value_int(value, name).map_err(|_| {
            at(
                value,
                format!("{name} tokens: a count, such as `{name}: 2`"),
            )
        })?;
        let least = if k.negative { -MOST } else { 0 };
        if !(least..=MOST).contains(&n) {
            return Err(at(
                value,
                format!("{name}: {least} to {MOST} tokens, not {n}"),
            ));
        }
        by_age[0] = n as i16;
        return Ok(by_age);
    }
    let worth: Vec<String> = k.points.iter().map(i8::to_string).collect();
    let Value::Seq(items) = &value.value else {
        return Err(at(
            value,
            format!(
                "{name} tokens are worth the Age they were taken in: list each token's points, such as `{name}: [{}]`",
                worth[0]
            ),
        ));
    };
    if items.len() as i64 > MOST {
        return Err(at(value, format!("{name}: at most {MOST} tokens")));
    }
    for item in items {
        let p = value_int(item, name)?;
        let Some(age) = k.points.iter().position(|&w| i64::from(w) == p) else {
            return Err(at(
                item,
                format!("a {name} token is worth {}, not {p}", either(&worth)),
            ));
        };
        by_age[age] += 1;
    }
    Ok(by_age)
}

/// `a`, `a or b`, `a, b or c`.
fn either(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A player's `tokens: {debt: 2}` given to `city`; each mistake kept in
/// `found`.
pub fn give(info: &GameInfo, tokens: Option<&Spanned<Value>>, city: &mut City, found: &mut Found) {
    let Some(tokens) = tokens else { return };
    let Some(entries) = found.keep(value_map(tokens, "tokens")) else {
        return;
    };
    for (k, v) in entries {
        let Some(kind) = found.keep(crate::doc::token_kind(info, k)) else {
            continue;
        };
        if let Some(by_age) = found.keep(read(&info.tokens[kind], v)) {
            city.tokens[kind] = by_age;
        }
    }
}

/// The `tokens:` line of a player of a sheet the runtime writes: what it
/// holds of each kind the card sets declare (nothing when they declare
/// none).
pub fn line(info: &GameInfo, city: &City) -> String {
    if info.tokens.is_empty() {
        return String::new();
    }
    let held: Vec<String> = (info.tokens.iter().zip(&city.tokens))
        .map(|(k, by_age)| {
            let held = Held::of(k, by_age).yaml();
            format!("{}: {held}", crate::sheet::quoted(k.name))
        })
        .collect();
    format!("    tokens: {{{}}}\n", held.join(", "))
}

/// A scenario's check of a player's `tokens: {debt: 2}`: each kind named
/// against what `city` holds; the differences, in words.
pub fn differences(
    info: &GameInfo,
    city: &City,
    want: &Spanned<Value>,
) -> Result<Vec<String>, DocError> {
    let mut fails = Vec::new();
    for (k, v) in value_map(want, "tokens")? {
        let kind = crate::doc::token_kind(info, k)?;
        let t = &info.tokens[kind];
        let want = Held::of(t, &read(t, v)?).sorted();
        let have = Held::of(t, &city.tokens[kind]).sorted();
        if want != have {
            fails.push(format!(
                "{} tokens: expected {}, found {}",
                t.name,
                want.yaml(),
                have.yaml()
            ));
        }
    }
    Ok(fails)
}

/// Why `who` cannot pay the tokens of a cost for `what` (`(kind, how
/// many)`): the first kind `city` holds too few of; `None` when it holds
/// them all.
pub fn lacking(
    info: &GameInfo,
    city: &City,
    tokens: &[(u8, u8)],
    who: &str,
    what: &str,
) -> Option<String> {
    let &(k, n) = tokens
        .iter()
        .find(|&&(k, n)| city.held(usize::from(k)) < i32::from(n))?;
    Some(format!(
        "{who} cannot pay {what}: it takes {} and {who} holds {}",
        tokens_of(info, k, n),
        city.held(usize::from(k))
    ))
}

/// `2 favour tokens`: `n` tokens of the kind `k`.
fn tokens_of(info: &GameInfo, k: u8, n: u8) -> String {
    let name = info.tokens.get(usize::from(k)).map_or("?", |t| t.name);
    crate::text::plural(n, &format!("{name} token"))
}

/// What a build pays: its coins in words (`None` when it pays none) and
/// the tokens of declared kinds it gives up: "2 coins and 1 favour
/// token", "1 favour token", "nothing".
pub fn with_tokens(info: &GameInfo, coins: Option<String>, tokens: &[(u8, u8)]) -> String {
    let mut parts: Vec<String> = coins.into_iter().collect();
    parts.extend(tokens.iter().map(|&(k, n)| tokens_of(info, k, n)));
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(" and ")
    }
}

/// Adds to a seat's object of a table's document `declared_tokens`: what
/// the city holds of each kind the card sets declare (`{"debt": 2}`),
/// when they declare any. A kind that is not public shows `null` unless
/// `own` (the seat looking is this city's, or the game is over).
pub fn show(info: &GameInfo, city: &City, own: bool, seat: &mut serde_json::Value) {
    if info.tokens.is_empty() {
        return;
    }
    let held: serde_json::Map<String, serde_json::Value> = (info.tokens.iter())
        .zip(&city.tokens)
        .map(|(k, by_age)| {
            let shown = if k.public || own {
                Held::of(k, by_age).json()
            } else {
                serde_json::Value::Null
            };
            (k.name.to_string(), shown)
        })
        .collect();
    if let Some(o) = seat.as_object_mut() {
        o.insert("declared_tokens".into(), serde_json::Value::Object(held));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEBT: TokenInfo = TokenInfo {
        instead_of_coins: true,
        sets: &["test"],
        ..TokenInfo::plain("debt", &[-1])
    };
    const PENALTY: TokenInfo = TokenInfo {
        sets: &["test"],
        ..TokenInfo::plain("penalty", &[-2, -3, -5])
    };

    fn value(yaml: &str) -> Spanned<Value> {
        crate::doc::read(yaml, "a test").unwrap()
    }

    #[test]
    fn a_kind_scored_by_age_reads_and_writes_each_token_s_points() {
        let by_age = read(&PENALTY, &value("[-5, -2, -5]")).unwrap();
        assert_eq!(by_age, [1, 0, 2, 0]);
        assert_eq!(Held::of(&PENALTY, &by_age).yaml(), "[-2, -5, -5]");
        let e = read(&PENALTY, &value("[-4]")).unwrap_err();
        assert!(e.to_string().contains("worth -2, -3 or -5, not -4"), "{e}");
        let e = read(&PENALTY, &value("2")).unwrap_err();
        assert!(e.to_string().contains("list each token's points"), "{e}");
    }

    #[test]
    fn a_count_is_at_least_zero_unless_the_kind_allows_less() {
        assert_eq!(read(&DEBT, &value("3")).unwrap(), [3, 0, 0, 0]);
        let e = read(&DEBT, &value("-1")).unwrap_err();
        assert!(e.to_string().contains("0 to 32767 tokens, not -1"), "{e}");
        let below = TokenInfo {
            negative: true,
            ..DEBT
        };
        assert_eq!(read(&below, &value("-1")).unwrap(), [-1, 0, 0, 0]);
    }
}

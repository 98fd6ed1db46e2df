//! A request's JSON body: read within the client timeout, then read into
//! its request type, a mistake said as a person reads it (the field, what
//! it takes, what it got) and never in the Rust types it is read into,
//! which serde's own messages name (`expected usize`, `struct SeatReq`).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::App;
use crate::api::{ApiError, BODY_LIMIT};
use crate::conn::AwaitingBody;

/// A request the API reads from a JSON body.
pub(crate) trait Fields: DeserializeOwned {
    /// What the value at `path` must be, in words: `path` names the
    /// fields from the top, a dot between, `[]` for a list's item
    /// (`seats[].kind`); `""` is the whole body.
    fn takes(path: &str) -> &'static str;
}

/// The body of a request, read as `T`.
pub(crate) struct Json<T>(pub T);

impl<T: Fields + Send> FromRequest<Arc<App>> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Self, ApiError> {
        let body = read(req, app).await?;
        parse(&body)
            .map(Json)
            .map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m))
    }
}

/// `d` in seconds, as a person writes it (`10`, `0.5`).
pub(crate) fn seconds(d: Duration) -> String {
    format!("{}", d.as_secs_f64())
}

/// The whole body, if it arrives within the client timeout (counted from
/// the handler's start: the head has arrived) and is not too long. While
/// it is awaited, the connection counts as waiting on its client (a
/// newcomer at the connection cap may push it out).
async fn read(req: Request, app: &Arc<App>) -> Result<Bytes, ApiError> {
    let waiting = AwaitingBody::new(req.extensions());
    let read = tokio::time::timeout(app.client_timeout, Bytes::from_request(req, app)).await;
    if let Some(w) = waiting
        && !w.arrived()
    {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the connection was closed to make room for another",
        ));
    }
    let Ok(read) = read else {
        return Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not arrive within {} s",
                seconds(app.client_timeout)
            ),
        ));
    };
    read.map_err(|e| {
        let status = e.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                status,
                format!("the request is too long (at most {BODY_LIMIT} bytes)"),
            )
        } else {
            ApiError::new(
                if status.is_client_error() {
                    status
                } else {
                    StatusCode::BAD_REQUEST
                },
                format!("the request's body cannot be read: {}", e.body_text()),
            )
        }
    })
}

/// `body` read as `T`, or what is wrong with it in words.
pub(crate) fn parse<T: Fields>(body: &[u8]) -> Result<T, String> {
    // serde reads a struct from a list too, its fields in order: a body
    // is an object, as the API describes it.
    if body.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(match serde_json::from_slice::<Value>(body) {
            Ok(v) => format!(
                "the request is not the JSON expected: the body must be {}, not {}",
                T::takes(""),
                described(&v)
            ),
            Err(e) => not_json(&e),
        });
    }
    let mut de = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let segments: Vec<&Segment> = e.path().iter().collect();
        words::<T>(body, &segments, e.inner())
    })?;
    de.end().map_err(|e| not_json(&e))?;
    Ok(value)
}

/// What serde_json's syntax error `e` says: of JSON, in JSON's words.
fn not_json(e: &serde_json::Error) -> String {
    if e.classify() == serde_json::error::Category::Eof {
        format!("the request's JSON is cut short: {e}")
    } else {
        format!("the request is not JSON: {e}")
    }
}

/// What is wrong at `segments` (where serde stopped) with `body`.
fn words<T: Fields>(body: &[u8], segments: &[&Segment], e: &serde_json::Error) -> String {
    if e.classify() != serde_json::error::Category::Data {
        return not_json(e);
    }
    // serde's messages for fields name JSON keys only; for values they
    // name Rust types, so those are said from `takes` and the value given.
    let message = e.to_string();
    let field = |prefix: &str| {
        let rest = message.strip_prefix(prefix)?;
        Some((rest.split('`').next()?, rest))
    };
    // A missing field's path is its object's; an unknown or repeated
    // one's ends with the key itself.
    let named = |f: &str| {
        let within = match segments.split_last() {
            Some((Segment::Map { key }, within)) if key == f => within,
            _ => segments,
        };
        shown(within)
    };
    let (at, pattern) = (shown(segments), pattern(segments));
    let said = if let Some((f, _)) = field("missing field `") {
        format!(
            "`{}` is missing: it must be {}",
            join(&at, &clip(f)),
            T::takes(&join(&pattern, f))
        )
    } else if let Some((f, rest)) = field("unknown field `") {
        // "…, expected one of `a`, `b` at line 1 column 9": the keys taken.
        let taken = rest
            .split_once("expected ")
            .map(|(_, t)| t.rsplit_once(" at line ").map_or(t, |(t, _)| t))
            .unwrap_or_default();
        let at = named(f);
        if at.is_empty() {
            format!(
                "there is no field `{}` (the request takes {taken})",
                clip(f)
            )
        } else {
            format!(
                "there is no field `{}` in `{at}` (it takes {taken})",
                clip(f)
            )
        }
    } else if let Some((f, _)) = field("duplicate field `") {
        format!("`{}` is given twice", join(&named(f), &clip(f)))
    } else {
        let given = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|v| value_at(&v, segments).map(described))
            .map_or(String::new(), |g| format!(", not {g}"));
        if at.is_empty() {
            format!("the body must be {}{given}", T::takes(""))
        } else {
            format!("`{at}` must be {}{given}", T::takes(&pattern))
        }
    };
    format!("the request is not the JSON expected: {said}")
}

/// At most 30 characters of a key or text the client sent.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(30).collect();
    if s.chars().count() > 30 {
        out.push('…');
    }
    out
}

/// `parent.field`, or `field` at the top.
fn join(parent: &str, field: &str) -> String {
    if parent.is_empty() {
        field.to_string()
    } else {
        format!("{parent}.{field}")
    }
}

/// The path as the client reads it: `seats[2].kind`.
fn shown(segments: &[&Segment]) -> String {
    path_with(segments, |s| match s {
        Segment::Seq { index } => format!("[{index}]"),
        Segment::Map { key } | Segment::Enum { variant: key } => clip(key),
        _ => "?".into(),
    })
}

/// The path as [`Fields::takes`] reads it: `seats[].kind`.
fn pattern(segments: &[&Segment]) -> String {
    path_with(segments, |s| match s {
        Segment::Seq { .. } => "[]".into(),
        Segment::Map { key } | Segment::Enum { variant: key } => key.clone(),
        _ => "?".into(),
    })
}

fn path_with(segments: &[&Segment], each: impl Fn(&Segment) -> String) -> String {
    let mut out = String::new();
    for s in segments {
        let part = each(s);
        if !out.is_empty() && !part.starts_with('[') {
            out.push('.');
        }
        out.push_str(&part);
    }
    out
}

fn value_at<'a>(v: &'a Value, segments: &[&Segment]) -> Option<&'a Value> {
    segments.iter().try_fold(v, |v, s| match s {
        Segment::Seq { index } => v.get(*index),
        Segment::Map { key } | Segment::Enum { variant: key } => v.get(key.as_str()),
        _ => None,
    })
}

/// A JSON value in a few words.
fn described(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => serde_json::to_string(&clip(s)).unwrap_or_default(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "read only to be refused")]
    struct Item {
        kind: String,
        #[serde(default)]
        n: Option<u8>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "read only to be refused")]
    struct Top {
        count: usize,
        items: Vec<Item>,
    }

    impl Fields for Top {
        fn takes(path: &str) -> &'static str {
            match path {
                "" => "an object with `count` and `items`",
                "count" => "a whole number",
                "items" => "a list of items",
                "items[]" => "an item",
                "items[].kind" => "text such as \"a\"",
                "items[].n" => "a number from 0 to 255",
                _ => "something else",
            }
        }
    }

    fn said(body: &str) -> String {
        parse::<Top>(body.as_bytes()).unwrap_err()
    }

    #[test]
    fn a_mistake_is_said_by_its_field_in_words() {
        let cases = [
            (
                r#"{"count": 1, "items": [{"kind": "a"}, {"kind": 3}]}"#,
                "`items[1].kind` must be text such as \"a\", not 3",
            ),
            (
                r#"{"count": -1, "items": []}"#,
                "`count` must be a whole number, not -1",
            ),
            (
                r#"{"count": "one", "items": []}"#,
                "`count` must be a whole number, not \"one\"",
            ),
            (
                r#"{"count": 1, "items": [{"kind": "a", "n": 300}]}"#,
                "`items[0].n` must be a number from 0 to 255, not 300",
            ),
            (
                r#"{"count": 1, "items": {}}"#,
                "`items` must be a list of items, not an object",
            ),
            (
                r#"{"count": 1, "items": [null]}"#,
                "`items[0]` must be an item, not null",
            ),
            (
                "[]",
                "the body must be an object with `count` and `items`, not a list",
            ),
            (r#"[1, []]"#, "the body must be an object"),
            (
                "  \"x\"",
                "the body must be an object with `count` and `items`, not \"x\"",
            ),
            ("", "cut short"),
            (
                r#"{"count": 1, "items": [{}]}"#,
                "`items[0].kind` is missing: it must be text such as \"a\"",
            ),
            (
                r#"{"items": []}"#,
                "`count` is missing: it must be a whole number",
            ),
            (
                r#"{"count": 1, "items": [], "x": 1}"#,
                "there is no field `x` (the request takes `count` or `items`)",
            ),
            (
                r#"{"count": 1, "items": [{"kind": "a", "y": 1}]}"#,
                "there is no field `y` in `items[0]` (it takes `kind` or `n`)",
            ),
            (r#"{"count": 1, "count": 2}"#, "`count` is given twice"),
            ("{", "cut short"),
            ("{]", "not JSON"),
            (r#"{"count": 1, "items": []} x"#, "not JSON"),
        ];
        for (body, words) in cases {
            let e = said(body);
            assert!(e.contains(words), "{body}: `{e}` does not say `{words}`");
            for rust in ["usize", "u8", "struct", "sequence", "Top", "Item"] {
                assert!(!e.contains(rust), "{body}: `{e}` says `{rust}`");
            }
        }
    }
}

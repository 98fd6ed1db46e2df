//! From pest pairs to the syntax tree: the grammar reads clauses and their
//! phrases; each phrase is read against the word table
//! ([`crate::words`]) by the matcher of [`crate::syntax`].

use crate::ast::*;
use crate::syntax::{Failure, Matcher, Tok, TokKind};
use crate::words::{Shape, TriggerId, WordId, is_action_keyword};
use pest::Parser as _;
use pest::iterators::Pair;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "effect.pest"]
struct Grammar;

/// A syntax error: where, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The offending token (empty at the end of the text).
    pub span: Span,
    /// `expected a number, found `five``
    pub message: String,
    /// What would have been accepted, as shown to a designer.
    pub expected: Vec<String>,
}

/// Parses the text of an `effect` field.
pub fn parse_effects(text: &str) -> Result<Effects, SyntaxError> {
    let top = Grammar::parse(Rule::effects, text)
        .map_err(|e| syntax_error(e, text, true))?
        .next()
        .expect("the effects rule always yields one pair");
    let mut clauses = Vec::new();
    for pair in top.into_inner() {
        if pair.as_rule() == Rule::clause {
            clauses.push(clause(pair, text)?);
        }
    }
    Ok(Effects { clauses })
}

/// Parses the text of a `cost` field.
pub fn parse_cost(text: &str) -> Result<Cost, SyntaxError> {
    let top = Grammar::parse(Rule::cost, text)
        .map_err(|e| syntax_error(e, text, false))?
        .next()
        .expect("the cost rule always yields one pair");
    let mut items = Vec::new();
    let mut pattern = None;
    for pair in top.into_inner() {
        if pair.as_rule() == Rule::pattern {
            let span = span_of(&pair);
            let mut count = None;
            let mut identical = false;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::number => count = Some(num(p)?),
                    Rule::k_identical => identical = true,
                    _ => {}
                }
            }
            let count = count.expect("a pattern always has a count");
            pattern = Some(Pattern {
                count,
                identical,
                span,
            });
            continue;
        }
        if pair.as_rule() == Rule::cost_item {
            let span = span_of(&pair);
            let mut amount = None;
            let mut name = None;
            let mut per_age = None;
            let mut per_card = Vec::new();
            let mut token = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::number => amount = Some(num(p)?),
                    Rule::name => name = Some(word(p)),
                    Rule::k_token => token = Some(span_of(&p)),
                    Rule::per_age => per_age = Some(span_of(&p)),
                    Rule::per_card => per_card.extend(
                        p.into_inner()
                            .filter(|x| x.as_rule() == Rule::name)
                            .map(word),
                    ),
                    _ => {}
                }
            }
            let name = name.expect("a cost item always has a name");
            items.push(CostItem {
                amount,
                name,
                token,
                per_age,
                per_card,
                span,
            });
        }
    }
    Ok(Cost { items, pattern })
}

fn span_of(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

fn word(p: Pair<'_, Rule>) -> Word {
    Word {
        text: p.as_str().to_string(),
        span: span_of(&p),
    }
}

fn num(p: Pair<'_, Rule>) -> Result<Num, SyntaxError> {
    let span = span_of(&p);
    match p.as_str().parse::<u32>() {
        Ok(value) if value <= 1_000_000 => Ok(Num { value, span }),
        _ => Err(too_large(p.as_str(), span)),
    }
}

fn too_large(text: &str, span: Span) -> SyntaxError {
    SyntaxError {
        span,
        message: format!("the number `{text}` is too large"),
        expected: vec!["a number up to 1000000".into()],
    }
}

/// The tokens of a phrase.
fn tokens<'a>(p: Pair<'a, Rule>) -> Result<Vec<Tok<'a>>, SyntaxError> {
    let mut out = Vec::new();
    for t in p.into_inner() {
        let kind = match t.as_rule() {
            Rule::name => TokKind::Name,
            Rule::number => TokKind::Number,
            Rule::comma => TokKind::Comma,
            _ => TokKind::Other,
        };
        let span = span_of(&t);
        if kind == TokKind::Number && !t.as_str().parse::<u32>().is_ok_and(|v| v <= 1_000_000) {
            return Err(too_large(t.as_str(), span));
        }
        out.push(Tok {
            kind,
            text: t.as_str(),
            span,
        });
    }
    Ok(out)
}

/// Whether `tokens` start with a word a trigger starts with.
fn trigger_like(tokens: &[Tok<'_>]) -> bool {
    tokens.first().is_some_and(|t| {
        t.kind == TokKind::Name
            && ["when", "at", "once"]
                .iter()
                .any(|w| t.text.eq_ignore_ascii_case(w))
    })
}

/// The phrase's words as one text, for messages: `when you build a card`.
fn phrase_text(tokens: &[Tok<'_>]) -> String {
    let mut out = String::new();
    for t in tokens {
        if !out.is_empty() && t.kind != TokKind::Comma {
            out.push(' ');
        }
        out.push_str(t.text);
    }
    out
}

fn span_of_tokens(tokens: &[Tok<'_>]) -> Span {
    match (tokens.first(), tokens.last()) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => Span::default(),
    }
}

/// What a failure to read a phrase says: what was expected at the token
/// reached, and what was found there.
fn failed(f: &Failure, tokens: &[Tok<'_>], text: &str) -> SyntaxError {
    let mut expected = f.expected.clone();
    let (span, what) = match tokens.get(f.at) {
        Some(t) => (t.span, t.found()),
        None => {
            // The phrase ended: a clause could end here or go on.
            let end = tokens.last().map_or(0, |t| t.span.end);
            let rest = &text[end.min(text.len())..];
            let next = rest.trim_start();
            let at = end + (rest.len() - next.len());
            match next.chars().next() {
                None => (Span::new(at, at), "the end of the text".to_string()),
                Some(c) => (Span::new(at, at + c.len_utf8()), format!("`{c}`")),
            }
        }
    };
    expected.sort();
    expected.dedup();
    let message = if expected.is_empty() {
        format!("unexpected {what}")
    } else {
        format!("expected {}, found {what}", join_or(&expected))
    };
    SyntaxError {
        span,
        message,
        expected,
    }
}

fn clause(p: Pair<'_, Rule>, text: &str) -> Result<Clause, SyntaxError> {
    let span = span_of(&p);
    let mut phrases = Vec::new();
    let mut colon = false;
    let mut one_of_pair = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::phrase => phrases.push(tokens(q)?),
            Rule::colon => colon = true,
            Rule::one_of => one_of_pair = Some(q),
            _ => {}
        }
    }
    if let Some(q) = one_of_pair {
        return Ok(Clause {
            trigger: None,
            action: one_of(q, text)?,
            span,
        });
    }
    let (head, body) = match (colon, phrases.len()) {
        (true, 2) => {
            let body = phrases.pop().expect("two phrases");
            (phrases.pop(), body)
        }
        _ => (None, phrases.pop().expect("a clause has a phrase")),
    };
    let trigger = match head {
        Some(head) => Some(trigger(&head)?),
        None => None,
    };
    Ok(Clause {
        trigger,
        action: action(&body, text)?,
        span,
    })
}

/// The trigger a phrase before `:` is.
fn trigger(tokens: &[Tok<'_>]) -> Result<Trigger, SyntaxError> {
    let mut m = Matcher::new(tokens);
    for id in TriggerId::all() {
        if let Some(slots) = m.whole(id.syntax()) {
            return Ok(Trigger {
                id,
                slots,
                span: span_of_tokens(tokens),
            });
        }
    }
    Err(SyntaxError {
        span: span_of_tokens(tokens),
        message: format!("`{}` is not a trigger of the language", phrase_text(tokens)),
        expected: crate::words::TRIGGERS
            .iter()
            .map(|t| format!("`{}`", t.written))
            .collect(),
    })
}

/// `one of (…) or (…)`: each option's clauses.
fn one_of(p: Pair<'_, Rule>, text: &str) -> Result<Action, SyntaxError> {
    let span = span_of(&p);
    let mut word_span = span;
    let mut options = Vec::new();
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::k_one => word_span = span_of(&q),
            Rule::option => {
                let mut clauses = Vec::new();
                for c in q.into_inner().filter(|c| c.as_rule() == Rule::clause_in) {
                    clauses.push(clause(c, text)?);
                }
                options.push(clauses);
            }
            _ => {}
        }
    }
    Ok(Action {
        kind: ActionKind::OneOf { options },
        span,
        word_span,
    })
}

/// The span of the word itself: the words its syntax starts with, up to
/// its first slot or optional part (the whole phrase when it starts with
/// one).
fn word_span(syntax: &crate::syntax::Syntax, slots: &Slots, tokens: &[Tok<'_>]) -> Span {
    let lead = syntax
        .items
        .iter()
        .take_while(|i| matches!(i, crate::syntax::Item::Lit(_)))
        .count();
    let first_slot = slots.0.first().map(|(_, _, s)| s.start);
    let end = tokens
        .iter()
        .take(lead)
        .take_while(|t| first_slot.is_none_or(|s| t.span.start < s))
        .last();
    match (tokens.first(), end) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => span_of_tokens(tokens),
    }
}

/// The effect a phrase is: the first word of the table whose syntax reads
/// it whole.
fn action(tokens: &[Tok<'_>], text: &str) -> Result<Action, SyntaxError> {
    let span = span_of_tokens(tokens);
    let mut m = Matcher::new(tokens);
    let first = tokens.first();
    for id in WordId::all() {
        let def = id.def();
        if def.shape == Shape::OneOf {
            continue;
        }
        let syntax = id.syntax();
        // Only a word that may start with this token is tried.
        let starts = syntax.may_start_with_slot()
            || first.is_some_and(|t| {
                syntax
                    .leading()
                    .iter()
                    .any(|w| t.text.eq_ignore_ascii_case(w))
            });
        if !starts {
            continue;
        }
        if let Some(slots) = m.whole(syntax) {
            let word_span = word_span(syntax, &slots, tokens);
            return Ok(Action {
                kind: ActionKind::Word { id, slots },
                span,
                word_span,
            });
        }
    }
    let keyword = first.is_some_and(|t| t.kind == TokKind::Name && is_action_keyword(t.text));
    match first {
        // `one of` without its options.
        Some(t)
            if t.text.eq_ignore_ascii_case("one")
                && tokens
                    .get(1)
                    .is_some_and(|t| t.text.eq_ignore_ascii_case("of")) =>
        {
            let mut f = Failure::default();
            f.note(2, "`(` and an effect");
            Err(failed(&f, tokens, text))
        }
        Some(t) if t.kind == TokKind::Name && !keyword => {
            // `at game end gain 2 vp`: a trigger without its `:`.
            if trigger_like(tokens) {
                let mut tm = Matcher::new(tokens);
                for id in TriggerId::all() {
                    if let Some((_, end)) = tm.prefix(id.syntax()) {
                        let at = tokens[end - 1].span.end;
                        return Err(SyntaxError {
                            span: Span::new(at, at),
                            message: format!(
                                "expected `:` after the trigger `{}`",
                                phrase_text(&tokens[..end])
                            ),
                            expected: vec!["`:`".into()],
                        });
                    }
                }
            }
            Ok(Action {
                kind: ActionKind::Unknown {
                    word: Word {
                        text: t.text.to_string(),
                        span: t.span,
                    },
                },
                span,
                word_span: t.span,
            })
        }
        Some(_) if !keyword => {
            let mut f = Failure::default();
            f.note(0, "an effect");
            Err(failed(&f, tokens, text))
        }
        // A keyword, then words no word of the language has there (`take a
        // diplomacy token`): an effect the language does not have, named
        // for the resolver, which lists the game's effects.
        _ if no_such_effect(&m.failure, tokens) => {
            let upto = (m.failure.at + 1).min(tokens.len());
            let phrase = &tokens[..upto];
            let span = span_of_tokens(phrase);
            Ok(Action {
                kind: ActionKind::Unknown {
                    word: Word {
                        text: phrase_text(phrase),
                        span,
                    },
                },
                span: span_of_tokens(tokens),
                word_span: span,
            })
        }
        _ => Err(failed(&m.failure, tokens, text)),
    }
}

/// Whether the words tried all failed on a word where only other words
/// were expected: not a slip of the syntax (a missing number, a `;`) but
/// an effect no word of the language writes.
fn no_such_effect(f: &Failure, tokens: &[Tok<'_>]) -> bool {
    let word = |e: &String| {
        e.len() > 2
            && e.starts_with('`')
            && e.ends_with('`')
            && e[1..e.len() - 1]
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '\'')
    };
    !f.slotted
        && tokens.get(f.at).is_some_and(|t| t.kind == TokKind::Name)
        && !f.expected.is_empty()
        && f.expected.iter().all(word)
}

/// What a designer calls the thing a rule stands for.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::name => "a name",
        Rule::number => "a number",
        Rule::clause | Rule::clause_in | Rule::phrase | Rule::other => "an effect",
        Rule::cost_item => "a resource or coins",
        Rule::k_or => "`or`",
        Rule::k_of => "`of`",
        Rule::k_free => "`free`",
        Rule::EOI => "the end of the text",
        Rule::option => "`(` and an effect",
        Rule::k_one => "`one`",
        Rule::pattern => "`N different` or `N identical`",
        _ => return None,
    })
}

/// `clauses`: the text is effect text, where `;` separates clauses.
fn syntax_error(e: pest::error::Error<Rule>, text: &str, clauses: bool) -> SyntaxError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<String> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .filter_map(|r| describe(*r))
            .map(String::from)
            .collect(),
        pest::error::ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    // `;` separates clauses; pest does not report literal strings as rules.
    // It is expected where a clause could end: after something that is not
    // already a `;`.
    let before = text[..pos.min(text.len())].trim_end();
    let after_clause = !before.is_empty() && !before.ends_with(';') && !before.ends_with(':');
    if clauses && after_clause && expected.iter().any(|x| x == "the end of the text") {
        expected.push("`;`".into());
    }
    expected.sort();
    expected.dedup();
    let span = token_at(text, pos);
    let found = &text[span.start..span.end];
    let what = if found.is_empty() {
        "the end of the text".to_string()
    } else {
        format!("`{found}`")
    };
    let message = if expected.is_empty() {
        format!("unexpected {what}")
    } else {
        format!("expected {}, found {what}", join_or(&expected))
    };
    SyntaxError {
        span,
        message,
        expected,
    }
}

/// The token that starts at byte `pos`: a word, a number or one character.
fn token_at(text: &str, pos: usize) -> Span {
    let pos = pos.min(text.len());
    let rest = &text[pos..];
    let Some(first) = rest.chars().next() else {
        return Span::new(pos, pos);
    };
    let len = if first.is_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '\''))
            .unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    Span::new(pos, pos + len)
}

/// `a, b or c`
pub(crate) fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests;

//! From pest pairs to the syntax tree.

use crate::ast::*;
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
            clauses.push(clause(pair)?);
        }
    }
    Ok(Effects { clauses })
}

/// Whether `word` is, as a whole, a keyword an action starts with.
pub(crate) fn is_action_keyword(word: &str) -> bool {
    Grammar::parse(Rule::action_kw, word)
        .ok()
        .and_then(|mut p| p.next())
        .is_some_and(|p| p.as_str().len() == word.len())
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
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::number => amount = Some(num(p)?),
                    Rule::name => name = Some(word(p)),
                    Rule::per_age => per_age = Some(span_of(&p)),
                    _ => {}
                }
            }
            let name = name.expect("a cost item always has a name");
            items.push(CostItem {
                amount,
                name,
                per_age,
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
        _ => Err(SyntaxError {
            span,
            message: format!("the number `{}` is too large", p.as_str()),
            expected: vec!["a number up to 1000000".into()],
        }),
    }
}

/// The names in the pair's subtree that stand for `rule`, in order.
fn words(p: Pair<'_, Rule>) -> Vec<Word> {
    p.into_inner()
        .flat_map(|q| match q.as_rule() {
            Rule::name => vec![word(q)],
            Rule::scope | Rule::counted_word => q.into_inner().map(word).collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn per(p: Pair<'_, Rule>) -> Result<Per, SyntaxError> {
    let span = span_of(&p);
    let mut out = Per {
        divisor: None,
        sets: false,
        distinct: false,
        counted: Vec::new(),
        scopes: Vec::new(),
        most: false,
        span,
    };
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::number => out.divisor = Some(num(q)?),
            Rule::set_of => out.sets = true,
            Rule::colour_of => out.distinct = true,
            Rule::counted => out.counted = words(q),
            Rule::scopes => out.scopes = words(q),
            Rule::most => out.most = true,
            _ => {}
        }
    }
    Ok(out)
}

fn cond(p: Pair<'_, Rule>) -> Result<Cond, SyntaxError> {
    let span = span_of(&p);
    let inner = p
        .into_inner()
        .find(|q| q.as_rule() != Rule::k_if)
        .expect("a condition has one alternative");
    let parts: Vec<Pair<'_, Rule>> = inner.clone().into_inner().collect();
    let find = |r: Rule| parts.iter().find(|q| q.as_rule() == r).cloned();
    let counted = || words(find(Rule::counted).expect("the condition counts something"));
    let kind = match inner.as_rule() {
        Rule::c_more => CondKind::More {
            counted: counted(),
            scope: words(find(Rule::scope).expect("`than each` names a scope")).remove(0),
        },
        Rule::c_none => CondKind::No { counted: counted() },
        Rule::c_exactly => CondKind::Exactly {
            n: num(find(Rule::number).expect("`exactly` has a number"))?,
            counted: counted(),
        },
        Rule::c_complete => CondKind::WonderComplete,
        r => unreachable!("not a condition: {r:?}"),
    };
    Ok(Cond { kind, span })
}

/// Whether `text` starts with a word a trigger starts with.
fn trigger_like(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    ["when", "at", "once"]
        .iter()
        .any(|w| first.eq_ignore_ascii_case(w))
}

fn clause(p: Pair<'_, Rule>) -> Result<Clause, SyntaxError> {
    let span = span_of(&p);
    // `at game end gain 2 vp`: a trigger without its `:` parses as an unknown
    // action; say what is missing instead.
    if let Some(Ok(trigger)) = p
        .clone()
        .into_inner()
        .find(|q| q.as_rule() == Rule::action)
        .and_then(|a| a.into_inner().next())
        .filter(|a| a.as_rule() == Rule::unknown_action && trigger_like(a.as_str()))
        .map(|a| Grammar::parse(Rule::trigger, a.as_str()))
    {
        let t = trigger.peek().map(|t| t.as_str().len()).unwrap_or(0);
        let at = span.start + t;
        let phrase = p.as_str()[..t]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        return Err(SyntaxError {
            span: Span::new(at, at),
            message: format!("expected `:` after the trigger `{phrase}`"),
            expected: vec!["`:`".into()],
        });
    }
    // `when you build a card: gain 1 coin`: words that start a trigger, then
    // a `:`, but no trigger of the language; say so, and how each is written.
    if let Some(a) = p
        .clone()
        .into_inner()
        .find(|q| q.as_rule() == Rule::action)
        .and_then(|a| a.into_inner().next())
        .filter(|a| a.as_rule() == Rule::unknown_action)
    {
        let text = a.as_str();
        if let (true, Some(colon)) = (trigger_like(text), text.find(':')) {
            let start = span_of(&a).start;
            let phrase = text[..colon]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            return Err(SyntaxError {
                span: Span::new(start, start + text[..colon].trim_end().len()),
                message: format!("`{phrase}` is not a trigger of the language"),
                expected: TriggerKind::WRITTEN
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect(),
            });
        }
    }
    let mut trigger = None;
    let mut act = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::trigger => trigger = Some(trigger_of(q)),
            Rule::action => act = Some(action(q)?),
            Rule::one_of => act = Some(one_of(q)?),
            _ => {}
        }
    }
    Ok(Clause {
        trigger,
        action: act.expect("a clause always has an action"),
        span,
    })
}

/// `one of (…) or (…)`: each option's clauses.
fn one_of(p: Pair<'_, Rule>) -> Result<Action, SyntaxError> {
    let span = span_of(&p);
    let mut word_span = span;
    let mut options = Vec::new();
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::k_one => word_span = span_of(&q),
            Rule::option => {
                let mut clauses = Vec::new();
                for c in q.into_inner().filter(|c| c.as_rule() == Rule::clause_in) {
                    clauses.push(clause(c)?);
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

fn trigger_of(p: Pair<'_, Rule>) -> Trigger {
    let span = span_of(&p);
    let inner = p
        .into_inner()
        .next()
        .expect("a trigger has one alternative");
    let kind = match inner.as_rule() {
        Rule::t_when_built => TriggerKind::WhenBuilt,
        Rule::t_game_end => TriggerKind::GameEnd,
        Rule::t_age_end => TriggerKind::AgeEnd,
        Rule::t_once_per_age => TriggerKind::OncePerAge,
        Rule::t_build_chain => TriggerKind::BuildChain,
        Rule::t_build_stage => TriggerKind::BuildStage,
        Rule::t_build_colour => {
            let name = inner
                .into_inner()
                .find(|q| q.as_rule() == Rule::name)
                .map(word)
                .expect("the colour trigger names a colour");
            TriggerKind::BuildColour(name)
        }
        Rule::t_gain_victory => TriggerKind::GainVictory,
        Rule::t_bank_coins => TriggerKind::BankCoins,
        Rule::t_bought => TriggerKind::Bought,
        Rule::t_take => TriggerKind::TakeCard(
            inner
                .into_inner()
                .filter(|q| q.as_rule() == Rule::taken)
                .filter_map(|q| q.into_inner().next())
                .map(|q| {
                    let colour = q.as_rule() == Rule::taken_colour;
                    let names: Vec<Word> = q
                        .into_inner()
                        .filter(|n| n.as_rule() == Rule::name)
                        .map(word)
                        .collect();
                    // A name of several words is one name.
                    let span = Span::new(
                        names.first().map_or(0, |w| w.span.start),
                        names.last().map_or(0, |w| w.span.end),
                    );
                    let text = names
                        .iter()
                        .map(|w| w.text.as_str())
                        .collect::<Vec<_>>()
                        .join(" ");
                    Taken {
                        name: Word { text, span },
                        colour,
                    }
                })
                .collect(),
        ),
        r => unreachable!("not a trigger: {r:?}"),
    };
    Trigger { kind, span }
}

fn action(p: Pair<'_, Rule>) -> Result<Action, SyntaxError> {
    let span = span_of(&p);
    let inner = p
        .into_inner()
        .next()
        .expect("an action has one alternative");
    let rule = inner.as_rule();
    let parts: Vec<Pair<'_, Rule>> = inner.clone().into_inner().collect();
    // The leading word(s): the first keyword of the action.
    let word_span = parts.first().map(span_of).unwrap_or(span);
    let find = |r: Rule| parts.iter().find(|q| q.as_rule() == r).cloned();
    let kind = match rule {
        Rule::produce => ActionKind::Produce {
            amount: find(Rule::number).map(num).transpose()?,
            choice: words(find(Rule::choice).expect("produce has a choice")),
        },
        Rule::gain => ActionKind::Gain {
            amount: num(find(Rule::number).expect("gain has an amount"))?,
            unit: words(find(Rule::unit).expect("gain has a unit")).remove(0),
            per: find(Rule::per).map(per).transpose()?,
            cond: find(Rule::cond).map(cond).transpose()?,
        },
        Rule::science => ActionKind::Science {
            choice: words(find(Rule::choice).expect("science has a choice")),
        },
        Rule::trade => ActionKind::Trade {
            choice: words(find(Rule::choice).expect("trade has a choice")),
            price: num(find(Rule::number).expect("trade has a price"))?,
            from: find(Rule::scopes).map(words).unwrap_or_default(),
        },
        Rule::build_free => {
            let pile = find(Rule::pile)
                .and_then(|p| p.into_inner().next())
                .map(|p| match p.as_rule() {
                    Rule::p_hand => Pile::Hand,
                    _ => Pile::Discard,
                })
                .expect("a free build names a pile");
            ActionKind::BuildFree { pile }
        }
        Rule::play_last_card => ActionKind::PlayLastCard,
        Rule::play_again => ActionKind::PlayAgain,
        Rule::copy => ActionKind::Copy {
            counted: words(find(Rule::counted).expect("copy counts something")),
            from: words(find(Rule::scopes).expect("copy names scopes")),
        },
        Rule::lose => ActionKind::Lose {
            from: find(Rule::scopes).map(words).unwrap_or_default(),
            amount: find(Rule::number).map(num).transpose()?,
            what: words(find(Rule::lost).expect("lose says what is lost")),
        },
        Rule::discard => ActionKind::Discard {
            counted: words(find(Rule::counted).expect("discard counts something")),
            from: words(find(Rule::scopes).expect("discard names scopes")),
        },
        Rule::take_progress => ActionKind::TakeProgress {
            set_aside: find(Rule::number).map(num).transpose()?,
        },
        Rule::discount => ActionKind::Discount {
            amount: num(find(Rule::number).expect("a discount has an amount"))?,
            target: match find(Rule::counted) {
                Some(c) => DiscountTarget::Cards(words(c)),
                None => DiscountTarget::Wonders,
            },
        },
        Rule::receive_trade => ActionKind::ReceiveTrade {
            from: words(find(Rule::scopes).expect("receive names scopes")),
        },
        Rule::coin_discount => ActionKind::CoinDiscount {
            from: find(Rule::scopes).map(words).unwrap_or_default(),
            amount: find(Rule::number).map(num).transpose()?,
            target: words(find(Rule::counted).expect("a coin discount counts something")),
        },
        Rule::free_rule => {
            let rule = match (find(Rule::first_last), find(Rule::each_what)) {
                (Some(fl), Some(what)) => {
                    let first = fl.as_str().eq_ignore_ascii_case("first");
                    let age = what.as_str().to_ascii_lowercase().starts_with("age");
                    match (first, age) {
                        (true, false) => FreeRule::FirstOfColour,
                        (true, true) => FreeRule::FirstOfAge,
                        // `the last card of each colour` is not in the grammar's
                        // meaning; it reads as the last card of each Age.
                        (false, _) => FreeRule::LastOfAge,
                    }
                }
                _ => FreeRule::Cards(words(
                    find(Rule::counted).expect("a free-build rule names cards"),
                )),
            };
            ActionKind::FreeRule { rule }
        }
        Rule::bank_trade => ActionKind::BankTrade {
            choice: find(Rule::choice).map(words).unwrap_or_default(),
            price: num(find(Rule::number).expect("buying from the bank has a price"))?,
        },
        Rule::take_victory => ActionKind::TakeVictory {
            age: find(Rule::number).map(num).transpose()?,
        },
        Rule::give_defeats => ActionKind::GiveDefeats,
        Rule::science_rule => {
            let r = parts
                .first()
                .cloned()
                .expect("a science rule has one alternative");
            let rule = match r.as_rule() {
                Rule::sr_bonus => ScienceRule::SetBonus(num(r
                    .into_inner()
                    .find(|q| q.as_rule() == Rule::number)
                    .expect("a set bonus has a number"))?),
                Rule::sr_change => ScienceRule::Change,
                _ => ScienceRule::CopyMost,
            };
            ActionKind::ScienceRule { rule }
        }
        Rule::entomb => ActionKind::Entomb {
            counted: words(find(Rule::counted).expect("entomb counts something")),
        },
        Rule::draw => ActionKind::Draw {
            amount: num(find(Rule::number).expect("draw has an amount"))?,
            counted: words(find(Rule::counted).expect("draw counts something")),
        },
        Rule::build_hand => ActionKind::BuildFromHand {
            counted: words(find(Rule::counted).expect("build from hand counts something")),
        },
        Rule::keep => ActionKind::Keep {
            counted: words(find(Rule::counted).expect("keep counts something")),
        },
        Rule::take_pawn => ActionKind::TakePawn {
            age: find(Rule::number).map(num).transpose()?,
        },
        Rule::take_card => ActionKind::TakeCard {
            decks: find(Rule::decks)
                .map(|d| {
                    d.into_inner()
                        .filter(|q| q.as_rule() == Rule::deck)
                        .flat_map(|q| q.into_inner().map(word))
                        .collect()
                })
                .unwrap_or_default(),
            top: find(Rule::number).map(num).transpose()?,
        },
        Rule::take_cat => ActionKind::TakeCat,
        Rule::flip => ActionKind::Flip {
            amount: num(find(Rule::number).expect("flip has a number"))?,
        },
        Rule::any_resources => ActionKind::AnyResources,
        Rule::coin_value => ActionKind::CoinValue {
            amount: num(find(Rule::number).expect("a coin value has a number"))?,
        },
        Rule::unknown_action => ActionKind::Unknown {
            word: word(find(Rule::name).expect("an unknown action starts with a word")),
        },
        r => unreachable!("not an action: {r:?}"),
    };
    let word_span = match &kind {
        ActionKind::Unknown { word } => word.span,
        // Words of several keywords: the whole phrase is the word.
        ActionKind::PlayAgain
        | ActionKind::PlayLastCard
        | ActionKind::BuildFree { .. }
        | ActionKind::TakeProgress { .. }
        | ActionKind::ReceiveTrade { .. }
        | ActionKind::Lose { .. }
        | ActionKind::CoinDiscount { .. }
        | ActionKind::FreeRule { .. }
        | ActionKind::BankTrade { .. }
        | ActionKind::TakeVictory { .. }
        | ActionKind::GiveDefeats
        | ActionKind::ScienceRule { .. }
        | ActionKind::BuildFromHand { .. }
        | ActionKind::Keep { .. }
        | ActionKind::TakePawn { .. }
        | ActionKind::TakeCard { .. }
        | ActionKind::TakeCat
        | ActionKind::AnyResources
        | ActionKind::CoinValue { .. } => span,
        _ => word_span,
    };
    Ok(Action {
        kind,
        span,
        word_span,
    })
}

/// What a designer calls the thing a rule stands for.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::name | Rule::counted_word | Rule::scope | Rule::unit => "a name",
        Rule::choice => "a name",
        Rule::scopes => "a scope",
        Rule::counted => "what to count",
        Rule::number => "a number",
        Rule::clause | Rule::action | Rule::unknown_action => "an effect",
        Rule::trigger => "a trigger",
        Rule::cost_item => "a resource or coins",
        Rule::k_or => "`or`",
        Rule::k_and => "`and`",
        Rule::k_per => "`per`",
        Rule::k_in => "`in`",
        Rule::k_from => "`from`",
        Rule::k_at => "`at`",
        Rule::k_a => "`a`",
        Rule::k_the => "`the`",
        Rule::k_free => "`free`",
        Rule::k_for => "`for`",
        Rule::k_card => "`card`",
        Rule::k_coins => "`coins`",
        Rule::k_your => "`your`",
        Rule::k_lose => "`loses`",
        Rule::k_pay => "`pay`",
        Rule::most => "`the city with the most`",
        Rule::wonders | Rule::w_wonders => "`wonders`",
        Rule::pile | Rule::p_discard | Rule::p_hand => "`the discard pile` or `your hand`",
        Rule::EOI => "the end of the text",
        Rule::per => "`per`",
        Rule::cond => "`if`",
        Rule::k_if => "`if`",
        Rule::k_than => "`than`",
        Rule::k_each => "`each`",
        Rule::k_age => "`age`",
        Rule::k_all => "`all`",
        Rule::k_neighbour => "`neighbour`",
        Rule::lost => "what is lost",
        Rule::first_last => "`first` or `last`",
        Rule::option => "`(` and an effect",
        Rule::k_one => "`one`",
        Rule::each_what => "`colour` or `age`",
        Rule::decks | Rule::deck => "a deck (`the left, right or central deck`, `any deck`)",
        Rule::k_deck => "`deck`",
        Rule::k_tokens => "`tokens`",
        Rule::taken | Rule::taken_card | Rule::taken_colour => "a card",
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

//! Pass 4, validate: rules across cards, on the resolved game. Duplicates,
//! chains, player counts, deck composition for every supported player count,
//! the guild rule, and well-formed wonders.

use std::collections::HashMap;

use crate::describe::plural;
use crate::diag::{Code, Diagnostic, Nearest, Report};
use crate::load::Text;
use crate::resolve::{Card, DeckRef, Effects, Game};
use crate::source::Loc;
use crate::vocab::Deal;

mod decks;
mod military;
mod played;
mod schemes;
mod senate;
mod sets;
use decks::{
    board_card, boards, draws, game_decks, hands_filled, own_guilds, pieces, supply_words,
};
use military::{military, military_card};
use schemes::{scheme_card, scheme_words, schemes};
use senate::{decree_card, decrees, senate_words};
pub use sets::{Limits, family, family_limits, limits};

pub fn validate(game: &Game, report: &mut Report) {
    limits(game, Limits::RUNTIME, report);
    ages_and_players(game, report);
    duplicates(game, report);
    chains(game, report);
    token_chains(game, report);
    decks(game, report);
    wonders(game, report);
    aliases(game, report);
    no_effect(game, report);
    progress(game, report);
    penalties(game, report);
    game_decks(game, report);
    draws(game, report);
    own_guilds(game, report);
    boards(game, report);
    supply_words(game, report);
    senate_words(game, report);
    decrees(game, report);
    scheme_words(game, report);
    schemes(game, report);
    military(game, report);
    drafted_only_on_wonders(game, report);
    hands_filled(game, report);
    pieces(game, report);
    played::fields(game, report);
}

/// `when drafted:` waits for a wonder taken in the draft: on a card or a
/// progress token it would check clean and never happen (E0306).
fn drafted_only_on_wonders(game: &Game, report: &mut Report) {
    let effects = (game.cards.iter().map(|c| (&c.name.value, &c.effects)))
        .chain(game.progress.iter().map(|t| (&t.name.value, &t.effects)));
    for (name, list) in effects {
        for e in list.list() {
            if e.trigger != crate::resolve::Trigger::Drafted {
                continue;
            }
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    e.loc,
                    format!(
                        "`{}` is not a wonder: only a wonder is taken in the draft, so `when drafted` would never happen",
                        name.trim()
                    ),
                )
                .label("never drafted")
                .help("give `when drafted:` to a wonder's stage, or drop the trigger"),
            );
        }
    }
}

fn progress(game: &Game, report: &mut Report) {
    let mut firsts: HashMap<String, &crate::resolve::Progress> = HashMap::new();
    for t in &game.progress {
        let first = *firsts.entry(key(&t.name.value)).or_insert(t);
        if !std::ptr::eq(first, t) {
            report.push(
                Diagnostic::new(
                    Code::DuplicateCard,
                    t.name.loc,
                    format!("the progress token `{}` is defined twice", t.name.value),
                )
                .label("defined again here")
                .note(first.name.loc, "first defined here"),
            );
        }
        if matches!(t.effects, Effects::Absent)
            || matches!(&t.effects, Effects::Ok(v) if v.is_empty())
        {
            report.push(
                Diagnostic::new(
                    Code::NoEffect,
                    t.name.loc,
                    format!("the progress token `{}` has no effect", t.name.value),
                )
                .label("this token does nothing")
                .help("add `effect:`; see dsl/DSL.md"),
            );
        }
    }
}

fn key(s: &str) -> String {
    s.trim().to_lowercase()
}

/// Whether the guild rule draws the card: the guild colour in the guild Age.
/// A card whose colour is unknown (reported) counts as a guild when it
/// stands in the guild Age without `players`, as guilds do.
fn is_guild(game: &Game, c: &Card) -> bool {
    game.vocab.guilds.is_some_and(|g| {
        g.age as i64 == c.age.value
            && c.colour
                .map_or(!c.players_given, |colour| colour == g.colour)
    })
}

/// The expansion's draw rule (`draws:`) that draws the card: its colour in
/// its Age.
fn drawn_by(game: &Game, c: &Card) -> Option<crate::vocab::DrawRule> {
    game.vocab.draws.iter().copied().find(|d| {
        (d.age as i64 == c.age.value || c.age.value == 0)
            && c.colour.is_some_and(|k| d.colours & 1 << k != 0)
    })
}

/// Whether the project rule draws the card (Edifice).
pub(crate) fn is_project(game: &Game, c: &Card) -> bool {
    let p = game.vocab.projects.as_ref().map(|p| p.colour);
    p.is_some() && c.colour == p
}

/// A penalty is paid, all of it or none (then a debt token): only a project
/// has one, and only losses and discards can be paid.
fn penalties(game: &Game, report: &mut Report) {
    for c in &game.cards {
        let list = c.penalty.list();
        if list.is_empty() {
            continue;
        }
        if !is_project(game, c) {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    list[0].loc,
                    format!("`{}` is not a project, so it has no penalty", c.name.value),
                )
                .label("a penalty of a card that is not a project")
                .help(
                    "only cards of the project colour (`projects:` in game.yaml) have a `penalty`",
                ),
            );
            continue;
        }
        for e in list {
            if e.trigger != crate::resolve::Trigger::Default
                || e.option.is_some()
                || !match &e.action {
                    crate::resolve::Action::Lose { .. } => true,
                    crate::resolve::Action::Call { call, .. } => call.def().name == "discard",
                    _ => false,
                }
            {
                report.push(
                    Diagnostic::new(Code::WrongKind, e.loc, "a penalty is a loss or a discard")
                        .label("not something a player pays")
                        .help("write e.g. `lose 2 coins`, `lose 2 victory tokens` or `discard a brown card from self`"),
                );
            }
        }
    }
}

/// `; checked without `age2.yaml``: the files and cards left out that the
/// result of a set-wide check did not need, for its help.
fn checked_without(game: &Game) -> String {
    let mut parts: Vec<String> = game
        .left_out
        .iter()
        .filter(|l| l.cards && l.part != crate::load::Part::Copies)
        .map(|l| l.describe())
        .collect();
    parts.dedup();
    if parts.is_empty() {
        String::new()
    } else {
        format!(
            "\nchecked without {} (left out, see its own report)",
            parts.join(", ")
        )
    }
}

/// Cards of no Age: dealt by the draft rule, of its colour, one copy each.
/// Returns whether `c` is one (and was checked here).
fn draft_card(game: &Game, c: &Card, report: &mut Report) -> bool {
    let v = &game.vocab;
    let name = c.name.value.trim();
    let draft_colour = v.draft.map(|d| d.colour);
    // A card of no Age an expansion's `draws:` draws into the Ages is
    // checked as a drawn Age card.
    let is_draft = c.age.value == 0 && drawn_by(game, c).is_none();
    if let (Some(true), Some(loc)) = (c.expert, c.expert_loc)
        && !is_draft
    {
        report.push(
            Diagnostic::new(
                Code::DraftCard,
                loc,
                format!("`{name}` is an Age card: `expert` is for cards of no Age"),
            )
            .label("not a drafted card")
            .help("remove `expert`; it marks drafted cards (leaders) left out of first games"),
        );
    }
    if !is_draft {
        if let (Some(d), Some(colour)) = (draft_colour, c.colour)
            && colour == d
        {
            let cname = &v.colours[colour as usize];
            report.push(
                Diagnostic::new(
                    Code::DraftCard,
                    c.colour_loc.unwrap_or(c.name.loc),
                    format!(
                        "`{name}` has the draft colour `{cname}` but stands in Age {}",
                        c.age.value
                    ),
                )
                .label(format!("the draft rule deals the `{cname}` cards"))
                .help("move it to a file of `age: 0`, or give it another colour"),
            );
        }
        return false;
    }
    let Some(d) = draft_colour else {
        report.push(
            Diagnostic::new(
                Code::DraftCard,
                c.age.loc,
                format!("`{}` has no draft rule to deal cards of no Age", v.game),
            )
            .label("age 0: a card of no Age")
            .help(format!(
                "give the cards an Age from 1 to {}, or add `draft:` to game.yaml",
                v.ages
            )),
        );
        return true;
    };
    if let Some(colour) = c.colour
        && colour != d
    {
        report.push(
            Diagnostic::new(
                Code::DraftCard,
                c.colour_loc.unwrap_or(c.name.loc),
                format!(
                    "`{name}` is a card of no Age but not of the draft colour `{}`",
                    v.colours[d as usize]
                ),
            )
            .label("not the draft colour")
            .help(format!(
                "cards of no Age are dealt by the draft rule: give it the colour `{}`",
                v.colours[d as usize]
            )),
        );
    }
    if let Some(p) = c.players.first() {
        report.push(
            Diagnostic::new(
                Code::DraftCard,
                p.loc,
                format!("`{name}` is dealt by the draft rule, so it takes no player counts"),
            )
            .label("not used for drafted cards")
            .help("remove `players`: each drafted card is one copy, dealt at random"),
        );
    }
    true
}

fn ages_and_players(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let mut bad_ages = std::collections::BTreeSet::new();
    for c in &game.cards {
        if board_card(game, c, report)
            || decree_card(game, c, report)
            || scheme_card(game, c, report)
            || military_card(game, c, report)
            || draft_card(game, c, report)
        {
            continue;
        }
        let age = c.age.value;
        let pooled = age == 0 && drawn_by(game, c).is_some();
        if (age < 1 || age > v.ages as i64) && !pooled && bad_ages.insert(c.age.loc) {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    c.age.loc,
                    format!("age {age} is not an Age of `{}`", v.game),
                )
                .label("no such Age")
                .help(format!("`{}` has Ages 1 to {}", v.game, v.ages)),
            );
        }
        if let (Some(g), Some(colour)) = (v.guilds, c.colour)
            && colour == g.colour
            && c.age.value != g.age as i64
            && (1..=v.ages as i64).contains(&c.age.value)
        {
            let name = &v.colours[colour as usize];
            report.push(
                Diagnostic::new(
                    Code::GuildOutsideAge,
                    c.colour_loc.unwrap_or(c.name.loc),
                    format!(
                        "`{}` has the guild colour `{name}` but stands in Age {age}",
                        c.name.value
                    ),
                )
                .label(format!(
                    "the guild rule draws `{name}` cards in Age {}",
                    g.age
                ))
                .help(format!(
                    "move it to the Age {} cards (without `players`), or give it another colour",
                    g.age
                )),
            );
        }
        if let Deal::Decks { .. } = v.deal {
            // A game of decks: copies are counted per deck, not per player count.
            if let Some(p) = c.players.first() {
                report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        p.loc,
                        format!(
                            "`{}` is dealt into decks, so it takes `decks`, not `players`",
                            c.name.value
                        ),
                    )
                    .label("not used in a game of decks")
                    .help("write the copies of each deck: `decks: {Giza: 2, central: 4}`"),
                );
            }
            if !c.decks_given {
                report.push(
                    Diagnostic::new(
                        Code::MissingField,
                        c.name.loc,
                        format!("`{}` has no `decks`, so no deck holds it", c.name.value),
                    )
                    .label("this card is in no deck")
                    .help("add `decks:` with the copies of each deck: `{Giza: 2, central: 4}`"),
                );
            }
            continue;
        }
        if c.decks_given {
            let at = c.decks.first().map_or(c.name.loc, |(_, n, _)| n.loc);
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    at,
                    format!(
                        "`{}` has `decks`, but `{}` is not a game of decks",
                        c.name.value, v.game
                    ),
                )
                .label("no decks in this game")
                .help("copies are given by `players:` here; `decks:` is for games with `decks:` in game.yaml"),
            );
        }
        if is_project(game, c) {
            if let Some(p) = c.players.first() {
                report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        p.loc,
                        format!(
                            "`{}` is a project, drawn by the project rule, so it takes no player counts",
                            c.name.value
                        ),
                    )
                    .label("not used for projects")
                    .help("remove `players`: one project of each Age is drawn at random"),
                );
            }
            continue;
        }
        // Drawn by the guild rule or an expansion's draw rule: no copies.
        let drawn = drawn_by(game, c)
            .map(|d| {
                (
                    d,
                    format!("a draw rule of Age {}", d.age),
                    "such cards",
                    "drawn cards",
                )
            })
            .or_else(|| {
                v.guilds
                    .filter(|_| is_guild(game, c))
                    .map(|g| (g, "the guild rule".to_string(), "guilds", "guilds"))
            });
        if let Some((rule, by, what, kind)) = drawn {
            if let Some(p) = c.players.first() {
                let held = if rule.per_player {
                    format!("players + {}", rule.extra)
                } else {
                    rule.extra.to_string()
                };
                report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        p.loc,
                        format!(
                            "`{}` is drawn by {by}, so it takes no player counts",
                            c.name.value
                        ),
                    )
                    .label(format!("not used for {kind}"))
                    .help(format!(
                        "remove `players`: the Age holds {held} {what} drawn at random"
                    )),
                );
            }
            continue;
        }
        if c.players.is_empty() && !c.players_given {
            report.push(
                Diagnostic::new(
                    Code::MissingField,
                    c.name.loc,
                    format!("`{}` has no `players`, so no game uses it", c.name.value),
                )
                .label("this card is never dealt")
                .help(format!(
                    "add `players: [{}]` (one entry per copy: the least player count using it)",
                    v.min_players
                )),
            );
        }
        for p in &c.players {
            if p.value < v.min_players as i64 || p.value > v.max_players as i64 {
                report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        p.loc,
                        format!(
                            "`{}` is played with {} to {} players, not {}",
                            v.game, v.min_players, v.max_players, p.value
                        ),
                    )
                    .label("not a player count of this game"),
                );
            }
        }
    }
}

fn duplicates(game: &Game, report: &mut Report) {
    // The first card of each name and Age: one pass, whatever the set's size.
    let mut firsts: HashMap<(String, i64), &Card> = HashMap::new();
    for c in &game.cards {
        let first = *firsts.entry((key(&c.name.value), c.age.value)).or_insert(c);
        if !std::ptr::eq(first, c) {
            report.push(
                Diagnostic::new(
                    Code::DuplicateCard,
                    c.name.loc,
                    format!("`{}` is defined twice in Age {}", c.name.value, c.age.value),
                )
                .label("defined again here")
                .note(first.name.loc, "first defined here")
                .help("a second copy is another entry of `players:`, not another card"),
            );
        }
    }
}

/// The cards a kind of token of this set chains to (`chains:` of a kind)
/// are cards of this set (E0201).
fn token_chains(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let own = v.tokens.get(usize::from(v.own_tokens)..).unwrap_or(&[]);
    let names: Vec<&str> = (game.cards.iter())
        .flat_map(|c| std::iter::once(&c.name).chain(&c.aliases))
        .map(|n| n.value.trim())
        .collect();
    for kind in own {
        for t in &kind.chains {
            let n = t.value.trim();
            if names.iter().any(|c| c.eq_ignore_ascii_case(n))
                || game.left_out.iter().any(|l| l.may_define(&t.value))
            {
                continue;
            }
            report.push(
                Diagnostic::new(
                    Code::UnknownCard,
                    t.loc,
                    format!(
                        "the {} token chains to `{n}`, which is not a card of `{}`",
                        kind.name, v.game
                    ),
                )
                .label("no card of this set has this name")
                .maybe_help(join_help(
                    crate::diag::suggest(n, names.iter().copied()),
                    &checked_without(game),
                )),
            );
        }
    }
}

fn chains(game: &Game, report: &mut Report) {
    // Built at the first missing chain, once for the set: the names of its
    // cards, and of the cards of the game it extends.
    let mut nearest: Option<Nearest> = None;
    for c in &game.cards {
        for ch in &c.chains {
            let t = &ch.name;
            if ch.own.is_empty() && ch.extended.is_empty() {
                if game.left_out.iter().any(|l| l.may_define(&t.value)) {
                    continue; // the target may stand in what was left out
                }
                let near = nearest.get_or_insert_with(|| {
                    let mut uniq: Vec<&str> = game
                        .cards
                        .iter()
                        .map(|c| c.name.value.as_str())
                        .chain(game.extended.iter().map(|c| c.name.value.as_str()))
                        .map(str::trim)
                        .collect();
                    uniq.sort_by_cached_key(|n| n.to_lowercase());
                    uniq.dedup_by_key(|n| n.to_lowercase());
                    Nearest::new(uniq)
                });
                let whose = match &game.vocab.extends {
                    Some(parent) => format!("`{}` or of `{parent}`", game.vocab.game),
                    None => format!("`{}`", game.vocab.game),
                };
                report.push(
                    Diagnostic::new(
                        Code::UnknownCard,
                        t.loc,
                        format!("chain to `{}`, which is not a card of {whose}", t.value),
                    )
                    .label("no card has this name")
                    .maybe_help(join_help(
                        near.find(t.value.trim())
                            .map(|n| format!("did you mean `{n}`?")),
                        &checked_without(game),
                    )),
                );
            } else if !ch.own.is_empty() {
                if !ch
                    .own
                    .iter()
                    .any(|&i| game.cards[i].age.value > c.age.value)
                {
                    let target = &game.cards[ch.own[0]];
                    backwards(report, c, t, &target.name, target.age.value, "");
                }
            } else if !ch
                .extended
                .iter()
                .any(|&i| game.extended[i].age.value > c.age.value)
            {
                let target = &game.extended[ch.extended[0]];
                let of = format!(" (a card of `{}`)", target.game);
                backwards(report, c, t, &target.name, target.age.value, &of);
            }
        }
    }
}

/// E0203: `c`'s chain `t` leads to `target` (`of`: whose card it is, for a
/// card of the game an expansion extends), of Age `age`, not a later one.
fn backwards(report: &mut Report, c: &Card, t: &Text, target: &Text, age: i64, of: &str) {
    report.push(
        Diagnostic::new(
            Code::ChainBackwards,
            t.loc,
            format!(
                "`{}` (Age {}) chains to `{}`{of} of Age {age}, which is not a later Age",
                c.name.value, c.age.value, target.value
            ),
        )
        .label("a chain must lead to a later Age")
        .note(target.loc, "the target is defined here")
        .help("put the chain on the earlier card: `chains:` lists the cards it makes free"),
    );
}

fn decks(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    // An expansion's Age cards join the decks of the game it extends: the
    // runtime checks the decks of the game as played.
    if v.extends.is_some() {
        return;
    }
    // The cards an Age deck holds for n players, and how to say it.
    let (need, holds): (Box<dyn Fn(i64) -> i64>, String) = match v.deal {
        // Checked by `game_decks`.
        Deal::Decks { .. } => return,
        Deal::Hands(h) => (
            Box::new(move |n| h as i64 * n),
            plural(h as i64, "card per player", "cards per player"),
        ),
        Deal::Layout { size, set_aside } => (
            Box::new(move |_| size as i64 + set_aside as i64),
            format!(
                "{} ({size} laid out, {set_aside} set aside)",
                plural(size as i64 + set_aside as i64, "card", "cards")
            ),
        ),
    };
    for age in 1..=v.ages as i64 {
        if game.left_out.iter().any(|l| l.may_hold_age(age)) {
            continue; // its count would mislead; the file's own report says so
        }
        let in_age: Vec<&Card> = game.cards.iter().filter(|c| c.age.value == age).collect();
        let Some(first) = in_age.first() else {
            report.push(
                Diagnostic::new(
                    Code::DeckSize,
                    v.players_loc,
                    format!("Age {age} has no cards"),
                )
                .label(format!(
                    "`{}` is played over {}",
                    v.game,
                    plural(v.ages as i64, "Age", "Ages")
                ))
                .help(format!("add a card file with `age: {age}`")),
            );
            continue;
        };
        let guild_age = v.guilds.filter(|g| g.age as i64 == age);
        let guilds = in_age.iter().filter(|c| is_guild(game, c)).count() as i64;
        let mut problems = Vec::new();
        for n in v.min_players..=v.max_players {
            let n = n as i64;
            let dealt: i64 = in_age
                .iter()
                .filter(|c| !is_guild(game, c))
                .map(|c| c.players.iter().filter(|p| p.value <= n).count() as i64)
                .sum();
            let drawn = guild_age.map_or(0, |g| (g.drawn(n as u8) as i64).min(guilds));
            let total = dealt + drawn;
            if total != need(n) {
                problems.push(format!(
                    "{n} players: {} instead of {}",
                    plural(total, "card", "cards"),
                    need(n)
                ));
            }
        }
        if !problems.is_empty() {
            report.push(
                Diagnostic::new(
                    Code::DeckSize,
                    first.name.loc,
                    format!("the Age {age} deck does not hold {holds}"),
                )
                .label(format!("the Age {age} deck starts here"))
                .help(format!(
                    "{}; each card adds one copy per `players:` entry of at most n{}{}",
                    problems.join(", "),
                    if guild_age.is_some() {
                        ", plus the guilds drawn"
                    } else {
                        ""
                    },
                    checked_without(game)
                )),
            );
        }
        if let Some(g) = guild_age {
            let need = g.drawn(v.max_players) as i64;
            if guilds < need {
                report.push(
                    Diagnostic::new(
                        Code::TooFewGuilds,
                        g.loc,
                        format!(
                            "{guilds} guild cards, but a {}-player game draws {need}",
                            v.max_players
                        ),
                    )
                    .label("the guild rule is declared here")
                    .help(format!(
                        "add guild cards (colour `{}`, Age {age})",
                        v.colours[g.colour as usize]
                    )),
                );
            }
        }
    }
}

/// Help made of an optional first part and a suffix (which may be empty).
fn join_help(help: Option<String>, suffix: &str) -> Option<String> {
    match help {
        Some(h) => Some(format!("{h}{suffix}")),
        None => suffix.strip_prefix('\n').map(str::to_string),
    }
}

fn wonders(game: &Game, report: &mut Report) {
    let mut firsts: HashMap<String, &crate::resolve::Wonder> = HashMap::new();
    for w in &game.wonders {
        let first = *firsts.entry(key(&w.name.value)).or_insert(w);
        if !std::ptr::eq(first, w) {
            report.push(
                Diagnostic::new(
                    Code::DuplicateWonder,
                    w.name.loc,
                    format!("the wonder `{}` is defined twice", w.name.value),
                )
                .label("defined again here")
                .note(first.name.loc, "first defined here"),
            );
        }
        if w.sides.is_empty() {
            report.push(
                Diagnostic::new(
                    Code::BadWonder,
                    w.name.loc,
                    format!("the wonder `{}` has no side", w.name.value),
                )
                .label("no sides")
                .help("add `sides:` with `A:` and `B:`, each with its `stages`"),
            );
        }
        for (j, s) in w.sides.iter().enumerate() {
            if w.sides[..j]
                .iter()
                .any(|x| key(&x.name.value) == key(&s.name.value))
            {
                report.push(
                    Diagnostic::new(
                        Code::DuplicateWonder,
                        s.name.loc,
                        format!("`{}` has two sides named `{}`", w.name.value, s.name.value),
                    )
                    .label("side named again here"),
                );
            }
            if s.stages.is_empty() {
                report.push(
                    Diagnostic::new(
                        Code::BadWonder,
                        s.name.loc,
                        format!("side {} of `{}` has no stage", s.name.value, w.name.value),
                    )
                    .label("no stages on this side")
                    .help("list the side's stages, each with `cost` and `effect`"),
                );
            }
            for (k, st) in s.stages.iter().enumerate() {
                if matches!(st.effects, Effects::Absent)
                    || matches!(&st.effects, Effects::Ok(v) if v.is_empty())
                {
                    report.push(
                        Diagnostic::new(
                            Code::BadWonder,
                            Loc {
                                end: st.loc.start,
                                ..st.loc
                            },
                            format!(
                                "stage {} of `{}` side {} has no effect",
                                k + 1,
                                w.name.value,
                                s.name.value
                            ),
                        )
                        .label("this stage does nothing")
                        .help("add `effect:` to the stage"),
                    );
                }
            }
        }
    }
}

fn aliases<'g>(game: &'g Game, report: &mut Report) {
    // Every name and alias of cards and wonders, by key, with its owners in
    // order: one lookup per alias, whatever the set's size.
    type Owners<'a> = HashMap<String, Vec<(&'a str, Loc)>>;
    let mut names: Owners<'g> = HashMap::new();
    for (n, l) in game
        .cards
        .iter()
        .map(|c| (&c.name.value, c.name.loc))
        .chain(game.wonders.iter().map(|w| (&w.name.value, w.name.loc)))
    {
        names.entry(key(n)).or_default().push((n.as_str(), l));
    }
    let owners = game
        .cards
        .iter()
        .map(|c| (&c.name, &c.aliases))
        .chain(game.wonders.iter().map(|w| (&w.name, &w.aliases)));
    let mut seen_alias: Owners<'g> = HashMap::new();
    for (owner, list) in owners {
        let mine = key(&owner.value);
        for a in list {
            let k = key(&a.value);
            let other = |map: &Owners<'g>| -> Option<(&'g str, Loc)> {
                map.get(&k)
                    .and_then(|v| v.iter().find(|(o, _)| key(o) != mine).copied())
            };
            let clash = other(&names)
                .map(|(o, l)| (o, l, "the name"))
                .or_else(|| other(&seen_alias).map(|(o, l)| (o, l, "the same alias")));
            if let Some((other, at, what)) = clash {
                report.push(
                    Diagnostic::new(
                        Code::AliasClash,
                        a.loc,
                        format!(
                            "the alias `{}` of `{}` also names `{other}`",
                            a.value, owner.value
                        ),
                    )
                    .label("ambiguous alias")
                    .note(at, format!("{what} of `{other}`")),
                );
            }
            seen_alias
                .entry(k)
                .or_default()
                .push((owner.value.as_str(), a.loc));
        }
    }
}

fn no_effect(game: &Game, report: &mut Report) {
    for c in &game.cards {
        let empty = match &c.effects {
            Effects::Absent => true,
            Effects::Ok(v) => v.is_empty(),
            Effects::Broken => false,
        };
        if empty {
            report.push(
                Diagnostic::new(
                    Code::NoEffect,
                    c.name.loc,
                    format!("`{}` has no effect", c.name.value),
                )
                .label("this card does nothing")
                .help("add `effect:`; see dsl/DSL.md"),
            );
        }
    }
}

#[cfg(test)]
mod tests;

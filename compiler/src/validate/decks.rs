//! Checks of a game of decks (7 Wonders Architects' shape): every wonder's
//! deck and the central deck (E0209), and every wonder's stages against the
//! game's `pieces`, with their levels (E0210, E0206).

use super::*;

/// A game of decks (7 Wonders Architects): every wonder's deck and the
/// central deck hold the counts of `decks:` in game.yaml.
pub(super) fn game_decks(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let Deal::Decks {
        wonder,
        central,
        loc,
    } = v.deal
    else {
        return;
    };
    // An expansion's decks are those of the game it extends.
    if v.extends.is_some() {
        return;
    }
    if game
        .left_out
        .iter()
        .any(|l| l.cards && l.part != crate::load::Part::Copies)
    {
        return; // the counts would mislead; the file's own report says so
    }
    let mut held = vec![0i64; game.wonders.len()];
    let mut in_central = 0i64;
    let mut places: Vec<Option<Loc>> = vec![None; game.wonders.len() + 1];
    for c in &game.cards {
        for (d, n, t) in &c.decks {
            if n.value < 1 || n.value > 250 {
                report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        n.loc,
                        format!("{} copies in a deck: it must be 1 to 250", n.value),
                    )
                    .label("out of range")
                    .help("leave a deck out of `decks` when it holds no copy"),
                );
                continue;
            }
            match d {
                Some(DeckRef::Wonder(w)) => {
                    held[*w] += n.value;
                    places[*w].get_or_insert(t.loc);
                }
                Some(DeckRef::Central) => {
                    in_central += n.value;
                    places[game.wonders.len()].get_or_insert(t.loc);
                }
                None => return, // reported; the counts would mislead
            }
        }
    }
    let total = wonder as i64 * game.wonders.len() as i64 + central as i64;
    let mut wrong = |what: String, have: i64, need: u8, at: Option<Loc>| {
        report.push(
            Diagnostic::new(
                Code::DeckCount,
                at.unwrap_or(loc),
                format!(
                    "{what} holds {}, not {need}",
                    plural(have, "card", "cards")
                ),
            )
            .label(if at.is_some() {
                "the first card of this deck".to_string()
            } else {
                "the decks are declared here".to_string()
            })
            .help(format!(
                "`decks: {{wonder: {wonder}, central: {central}}}`: {total} cards in all; adjust the copies in the cards' `decks:`"
            )),
        );
    };
    for (i, w) in game.wonders.iter().enumerate() {
        if held[i] != wonder as i64 {
            wrong(
                format!("the deck of {}", w.name.value),
                held[i],
                wonder,
                places[i],
            );
        }
    }
    if in_central != central as i64 {
        wrong(
            "the central deck".to_string(),
            in_central,
            central,
            places[game.wonders.len()],
        );
    }
}

/// Most stages of a side with levels: the runtime keeps which are built
/// as the bits of one number.
const MOST_LEVELLED: usize = 64;

/// A game of `pieces`: every wonder's stages cost each piece once, in
/// counted resources; levels start at 1, rise by at most one, never fall,
/// on a side of 64 stages at most;
/// a card's cost never counts resources.
pub(super) fn pieces(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    for c in &game.cards {
        if let Some((p, loc)) = c.cost.pattern {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    loc,
                    format!(
                        "`{}` costs `{}`: only wonder stages count their resources",
                        c.name.value,
                        p.text()
                    ),
                )
                .label("not a card's cost")
                .help("name the resources (`2 wood, glass`), or leave the cost out"),
            );
        }
    }
    for w in &game.wonders {
        for s in &w.sides {
            let mut last = 0i64;
            for st in &s.stages {
                let Some(l) = st.level else { continue };
                if l.value < 1 || l.value < last || l.value > last + 1 {
                    report.push(
                        Diagnostic::new(
                            Code::BadWonder,
                            l.loc,
                            format!(
                                "level {} of a stage of `{}` side {} follows level {last}",
                                l.value, w.name.value, s.name.value
                            ),
                        )
                        .label("levels must start at 1 and rise one at a time")
                        .help("list the stages from the bottom: each level the same as the one before or one more"),
                    );
                }
                last = l.value;
            }
            let levelled = s.stages.iter().filter(|st| st.level.is_some()).count();
            if levelled > 0 && s.stages.len() > MOST_LEVELLED {
                report.push(
                    Diagnostic::new(
                        Code::BadWonder,
                        s.name.loc,
                        format!(
                            "`{}` side {} has {} stages with levels: at most {MOST_LEVELLED}",
                            w.name.value,
                            s.name.value,
                            s.stages.len()
                        ),
                    )
                    .label("too many stages for levels")
                    .help(format!(
                        "give a side with levels {MOST_LEVELLED} stages at most, or no levels"
                    )),
                );
            }
            if levelled > 0 && levelled < s.stages.len() {
                report.push(
                    Diagnostic::new(
                        Code::BadWonder,
                        s.name.loc,
                        format!(
                            "some stages of `{}` side {} have a `level`, some not",
                            w.name.value, s.name.value
                        ),
                    )
                    .label("levels for some stages only")
                    .help("give every stage of the side its `level`, or none"),
                );
            }
            if v.pieces.is_empty() {
                for st in &s.stages {
                    if let Some((p, loc)) = st.cost.pattern {
                        report.push(
                            Diagnostic::new(
                                Code::PieceCosts,
                                loc,
                                format!("a stage of `{}` costs `{}`, but `{}` declares no `pieces`", w.name.value, p.text(), v.game),
                            )
                            .label("counted resources in a game without pieces")
                            .help("name the resources (`2 wood`), or declare the stage costs in game.yaml: `pieces: [2 different, …]`"),
                        );
                    }
                }
                continue;
            }
            let mut have: Vec<crate::vocab::Pattern> = Vec::new();
            for st in &s.stages {
                match st.cost.pattern {
                    Some((p, _)) => have.push(p),
                    None => report.push(
                        Diagnostic::new(
                            Code::PieceCosts,
                            st.loc,
                            format!(
                                "a stage of `{}` side {} names its resources, but `{}` builds wonders from its `pieces`",
                                w.name.value, s.name.value, v.game
                            ),
                        )
                        .label("not a cost of counted resources")
                        .help(format!(
                            "write one of the pieces: {}",
                            v.pieces.iter().map(|p| p.text()).collect::<Vec<_>>().join(", ")
                        )),
                    ),
                }
            }
            if have.len() < s.stages.len() {
                continue;
            }
            let mut want = v.pieces.clone();
            want.sort();
            have.sort();
            if have != want {
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
                let list = |v: &[crate::vocab::Pattern]| {
                    v.iter().map(|p| p.text()).collect::<Vec<_>>().join(", ")
                };
                let mut parts = Vec::new();
                if !extra.is_empty() {
                    parts.push(format!("{} more than the pieces", list(&extra)));
                }
                if !missing.is_empty() {
                    parts.push(format!("no {}", list(&missing)));
                }
                let mut d = Diagnostic::new(
                    Code::PieceCosts,
                    w.name.loc,
                    format!(
                        "`{}` side {} does not cost each piece once: {}",
                        w.name.value,
                        s.name.value,
                        parts.join("; ")
                    ),
                )
                .label("this wonder's stages")
                .help(format!(
                    "each wonder has the stages {}, once each",
                    list(&v.pieces)
                ));
                if let Some(at) = v.pieces_loc {
                    d = d.note(at, "the pieces are declared here");
                }
                report.push(d);
            }
        }
    }
}

/// An expansion's draw rules (`draws:`) each find enough cards: at the
/// most players of the game, its colour in its Age must hold what is drawn
/// (E0209), or the deal would come up short.
pub(super) fn draws(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let of = |d: &crate::vocab::DrawRule, age: i64| {
        (game.cards.iter())
            .filter(|c| c.age.value == age && c.colour.is_some_and(|k| d.colours & 1 << k != 0))
            .count() as u32
    };
    // The cards of no Age are one pool for the game: what earlier Ages
    // draw of them is not there for later ones (counted at the most each
    // may draw of them).
    let mut rules: Vec<&crate::vocab::DrawRule> = v.draws.iter().collect();
    rules.sort_by_key(|d| d.age);
    let mut taken: Vec<(u32, u32)> = Vec::new();
    for d in rules {
        // Its cards of no Age are dealt this way only (the schemes and
        // the military tokens say so themselves).
        for k in (0..32u8).filter(|&k| d.colours & 1 << k != 0) {
            if of_no_age(game, k) > 0 {
                super::schemes::dealt_twice(
                    game,
                    ("cards drawn into the Ages", k, d.loc),
                    (false, false),
                    "draw cards of another colour, or deal these one way",
                    report,
                );
            }
        }
        let used: u32 = (taken.iter())
            .filter(|(mask, _)| mask & d.colours != 0)
            .map(|(_, n)| n)
            .sum();
        let pooled = of(d, 0).saturating_sub(used);
        let have = of(d, i64::from(d.age)) + pooled;
        let need = d.drawn(v.max_players);
        taken.push((d.colours, need.min(pooled)));
        if have < need {
            let colour = (0..32u8)
                .filter(|&k| d.colours & 1 << k != 0)
                .filter_map(|k| v.colours.get(usize::from(k)).cloned())
                .collect::<Vec<_>>()
                .join(" or ");
            report.push(
                Diagnostic::new(
                    Code::DeckSize,
                    d.loc,
                    format!(
                        "the draw of Age {} takes {need} {colour} cards at {} players, but `{}` has {have} {}",
                        d.age, v.max_players, v.game,
                        if of(d, 0) > 0 { "in that Age and of no Age, less those earlier Ages draw" } else { "in that Age" }
                    ),
                )
                .label("too few cards to draw")
                .help(format!(
                    "add {} {colour} {} of `age: {}` (or of `age: 0`, drawn by any Age), or draw fewer",
                    need - have,
                    if need - have == 1 { "card" } else { "cards" },
                    d.age
                )),
            );
        }
    }
}

/// An expansion's own guild rule (`guilds:`, in place of its game's)
/// finds enough cards of its colour in its Age, its own and its game's
/// (E0209): at the game's most players it draws what the rule says.
pub(super) fn own_guilds(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let (true, true, Some(g)) = (v.extends.is_some(), v.guilds_own, v.guilds) else {
        return;
    };
    let colour = &v.colours[usize::from(g.colour)];
    let own = (game.cards.iter())
        .filter(|c| c.age.value == i64::from(g.age) && c.colour == Some(g.colour))
        .filter(|c| !c.players_given)
        .count();
    let theirs = (game.extended.iter())
        .filter(|e| e.age.value == i64::from(g.age) && e.players.is_empty())
        .filter(|e| e.colour.as_deref() == Some(colour.as_str()))
        .count();
    let have = (own + theirs) as u32;
    let need = g.drawn(v.max_players);
    if have < need {
        report.push(
            Diagnostic::new(
                Code::TooFewGuilds,
                g.loc,
                format!(
                    "the guild rule draws {need} {colour} cards of Age {} at {} players, but there are {have}",
                    g.age, v.max_players
                ),
            )
            .label("the guild rule is declared here")
            .help(format!(
                "add {colour} cards of `age: {}` without `players`, or draw fewer",
                g.age
            )),
        );
    }
}

/// An expansion that changes the hand size (`hand_size:`) still deals
/// every hand in full with the game it extends, in each of its editions
/// checked: each Age's deck at each player count (the game's cards by
/// their copies and guild draw, the expansion's by theirs and its draws)
/// holds the hands (E0204), or the rules would refuse the game at set-up.
pub(super) fn hands_filled(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let (Some(at), Deal::Hands(hand)) = (v.hand_size_loc, v.deal) else {
        return;
    };
    let mut editions: Vec<u8> = game.extended.iter().map(|e| e.edition).collect();
    editions.sort_unstable();
    editions.dedup();
    let drawn = |rule: Option<crate::vocab::DrawRule>, n: u8, pool: usize| {
        rule.map_or(0, |r| (r.drawn(n) as usize).min(pool))
    };
    for edition in editions {
        for age in 1..=v.ages {
            let short = (v.min_players..=v.max_players).find_map(|n| {
                let copies = |players: &mut dyn Iterator<Item = i64>| {
                    players.filter(|&p| p <= i64::from(n)).count()
                };
                let theirs = game
                    .extended
                    .iter()
                    .filter(|e| e.edition == edition && e.age.value == i64::from(age));
                let fixed: usize = theirs
                    .clone()
                    .map(|e| copies(&mut e.players.iter().copied()))
                    .sum();
                let guild = v.guilds.filter(|g| g.age == age);
                let guild_pool = theirs
                    .filter(|e| {
                        e.players.is_empty()
                            && guild.is_some_and(|g| {
                                e.colour.as_deref()
                                    == v.colours.get(usize::from(g.colour)).map(String::as_str)
                            })
                    })
                    .count();
                let mine = game.cards.iter().filter(|c| c.age.value == i64::from(age));
                // An expansion's own guild rule draws its own cards too.
                let guild_pool = guild_pool
                    + mine
                        .clone()
                        .filter(|c| {
                            v.guilds_own
                                && !c.players_given
                                && guild.is_some_and(|g| c.colour == Some(g.colour))
                        })
                        .count();
                let own: usize = mine
                    .clone()
                    .map(|c| copies(&mut c.players.iter().map(|p| p.value)))
                    .sum();
                let draw = v.draws.iter().copied().find(|d| d.age == age);
                let own_pool = mine
                    .filter(|c| {
                        draw.is_some_and(|d| c.colour == Some(d.colour)) && c.players.is_empty()
                    })
                    .count();
                let total = fixed + drawn(guild, n, guild_pool) + own + drawn(draw, n, own_pool);
                let need = usize::from(hand) * usize::from(n);
                (total < need).then_some((n, total, need))
            });
            if let Some((n, total, need)) = short {
                let extends = v.extends.as_deref().unwrap_or("");
                report.push(
                    Diagnostic::new(
                        Code::DeckSize,
                        at,
                        format!(
                            "hands of {hand} leave Age {age} short at {n} players: `{extends}` (edition {edition}) with `{}` deals {total} cards, {need} needed",
                            v.game
                        ),
                    )
                    .label("the hands cannot be dealt in full")
                    .help(format!(
                        "add cards to Age {age} (a draw rule, `draws:`, adds some per player), or deal smaller hands"
                    )),
                );
            }
        }
    }
}

/// The board that takes `c`, a card of no Age of a fill's colour or of
/// the colour a kind of token's `places` lays on a board.
fn board_of<'v>(game: &'v Game, c: &Card) -> Option<&'v str> {
    (c.age.value == 0).then_some(())?;
    game.vocab.board_of_colour(c.colour?)
}

/// A card a board's fill takes, or a kind of token's `places` lays on a
/// board (E0006): one copy, no `players`; no cost, since its space's
/// price is what it costs. Returns whether `c` is one.
pub(super) fn board_card(game: &Game, c: &Card, report: &mut Report) -> bool {
    let name = c.name.value.trim();
    let Some(board) = board_of(game, c) else {
        if let Some(t) = &c.price_times {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    t.loc,
                    format!("`{name}` lies on no board, so no space's price is multiplied"),
                )
                .label("only for a card of a board")
                .help("remove `price_times`, or give the card a colour of no Age that a board's `fill` or a kind of token's `places` names"),
            );
        }
        return false;
    };
    if let Some(t) = c
        .price_times
        .as_ref()
        .filter(|t| !(1..=9).contains(&t.value))
    {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                t.loc,
                format!("`price_times` of `{name}` is {}, not 1 to 9", t.value),
            )
            .label("out of range")
            .help("write how many times its space's price the card costs: `2` for twice"),
        );
    }
    if let Some(p) = c.players.first() {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                p.loc,
                format!("`{name}` is laid on the board `{board}`, so it takes no player counts"),
            )
            .label("not used for cards on a board")
            .help("remove `players`: each card of the board's colour is one card, drawn at random"),
        );
    }
    if let Some(at) = c.cost.loc {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                at,
                format!(
                    "`{name}` is taken from the board `{board}` for its space's price, so it has no cost"
                ),
            )
            .label("never paid")
            .help("remove `cost`: set what a card costs by the prices of the board's spaces"),
        );
    }
    true
}

/// Each call of one of `words` (`sevenw_dsl` word names) among the
/// effects of the set's cards, wonder stages and progress tokens, with
/// its effect.
pub(super) fn calls_of<'g>(
    game: &'g Game,
    words: &'g [&'g str],
) -> impl Iterator<Item = (&'g crate::resolve::Effect, &'g crate::ir::Call)> + 'g {
    let cards = game.cards.iter().map(|c| &c.effects);
    let sides = game.wonders.iter().flat_map(|w| w.sides.iter());
    let stages = sides.flat_map(|s| s.stages.iter().map(|st| &st.effects));
    let tokens = game.progress.iter().map(|p| &p.effects);
    let all = cards.chain(stages).chain(tokens).flat_map(|e| e.list());
    all.filter_map(move |e| match &e.action {
        crate::resolve::Action::Call { call, .. } if words.contains(&call.word.def().name) => {
            Some((e, call))
        }
        _ => None,
    })
}

/// The words that take cards of the supply (`sevenw_dsl` word names):
/// the boards' cards of no Age, of a colour a fill or a `places` names.
const SUPPLY_WORDS: [&str; 2] = ["take from supply", "take drawn"];

/// Each colour a word taking from the supply names is one the supply
/// holds (E0204): a colour a board's fill or a kind of token's `places`
/// names. Another would check clean and never give a card.
pub(super) fn supply_words(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    for (e, call) in calls_of(game, &SUPPLY_WORDS) {
        let word = call.word.def().name;
        for (_, arg) in &call.args {
            let crate::ir::Arg::Colours(bits) = *arg else {
                continue;
            };
            let missing =
                (0..32u8).filter(|&c| bits & (1 << c) != 0 && v.board_of_colour(c).is_none());
            for c in missing {
                let name = v.colours.get(usize::from(c)).map_or("?", String::as_str);
                report.push(
                    Diagnostic::new(
                        Code::DeckSize,
                        e.loc,
                        format!(
                            "`{word}` takes {name} cards from the supply, but no board fills with {name} cards and no kind of token places them: the supply holds none"
                        ),
                    )
                    .label("never a card to take")
                    .help(format!(
                        "name a colour a board's `fill` or a kind of token's `places` names, or give a board a fill of {name} cards"
                    )),
                );
            }
        }
    }
}

/// The set's cards of no Age of `colour`.
pub(super) fn of_no_age(game: &Game, colour: u8) -> usize {
    (game.cards.iter())
        .filter(|c| c.age.value == 0 && c.colour == Some(colour))
        .count()
}

/// Each board's fills, and each `places` of the set's own kinds of
/// token, find cards (E0204): a colour of cards of no Age the card set
/// holds.
pub(super) fn boards(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let have = |colour: u8| of_no_age(game, colour);
    let own = v.tokens.get(usize::from(v.own_tokens)..).unwrap_or(&[]);
    for kind in own {
        let Some(p) = &kind.places else { continue };
        if have(p.colour) > 0 {
            continue;
        }
        let name = &v.colours[usize::from(p.colour)];
        report.push(
            Diagnostic::new(
                Code::DeckSize,
                p.colour_at,
                format!(
                    "a {} token lays a {name} card on the board `{}`, but `{}` has no {name} card of no Age",
                    kind.name, p.board, v.game
                ),
            )
            .label("nothing to draw")
            .help(format!(
                "add {name} cards to a file of `age: 0`, or name another colour"
            )),
        );
    }
    for b in &v.boards {
        for (&(age, colour), &at) in b.fill.iter().zip(&b.fill_at) {
            if have(colour) == 0 {
                let name = &v.colours[usize::from(colour)];
                report.push(
                    Diagnostic::new(
                        Code::DeckSize,
                        at,
                        format!(
                            "the board `{}` is filled with {name} cards at the start of Age {age}, but `{}` has no {name} card of no Age",
                            b.name, v.game
                        ),
                    )
                    .label("nothing to fill with")
                    .help(format!(
                        "add {name} cards to a file of `age: 0`, or fill the board with another colour"
                    )),
                );
            }
        }
    }
}

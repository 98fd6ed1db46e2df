//! Public data of the card library: the games one may start
//! (`/api/library`) and a game's cards and wonders (`/api/games/{id}/cards`).

use serde_json::{Value, json};
use sevenw_host::{Cost, GameInfo, Pattern};
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::games::AnyGame;

/// The most playouts a search bot of a served game may take per decision.
pub const MAX_PLAYOUTS: u32 = 5_000;

/// The bots `game` has, by the names a seat's `kind` takes.
pub fn bots(game: &dyn AnyGame) -> Vec<String> {
    let mut out = Vec::new();
    for kind in BotKind::ALL {
        if game.check_bots(&[kind]).is_ok() {
            out.push(kind.name().to_string());
            if matches!(kind, BotKind::Mcts(_) | BotKind::Classic(_)) {
                out.push(format!("{}:N", kind.name()));
            }
        }
    }
    out
}

/// `{name, title, editions, expansions, min_players, max_players, sides,
/// options, bots}` for the game `editions[0]` and its expansions.
pub fn game_entry(
    editions: &[&'static GameInfo],
    expansions: &[&'static GameInfo],
    game: &dyn AnyGame,
) -> Value {
    let info = editions[0];
    let sides = editions
        .iter()
        .any(|e| e.wonders.iter().any(|w| w.sides.len() > 1));
    let options: Vec<Value> = game
        .options()
        .iter()
        .map(|o| json!({"name": o.name, "values": o.values, "help": o.help}))
        .collect();
    json!({
        "name": info.name,
        "title": info.title,
        "editions": editions.iter().map(|e| e.edition).collect::<Vec<_>>(),
        "expansions": expansions.iter().map(|e| json!({"name": e.name, "title": e.title, "editions": e.editions})).collect::<Vec<_>>(),
        "min_players": info.min_players,
        "max_players": info.max_players,
        "sides": sides,
        "options": options,
        "bots": bots(game),
    })
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A cost in words: `2 coins, 1 wood, 2 ore`, or `free`.
pub fn cost_words(info: &GameInfo, cost: &Cost, pattern: Option<Pattern>) -> String {
    let mut parts = Vec::new();
    if cost.coins > 0 {
        parts.push(plural(u32::from(cost.coins), "coin"));
    }
    if cost.coins_per_age > 0 {
        parts.push(format!(
            "{} per Age",
            plural(u32::from(cost.coins_per_age), "coin")
        ));
    }
    if cost.coins_per_card > 0 {
        parts.push(format!(
            "{} per {} card you have",
            plural(u32::from(cost.coins_per_card), "coin"),
            per_colours(info, cost)
        ));
    }
    for (r, n) in cost.resources {
        let name = info.resources.get(usize::from(r.0)).copied().unwrap_or("?");
        parts.push(format!("{n} {name}"));
    }
    if let Some(p) = pattern {
        parts.push(format!(
            "{} resources, all {}",
            p.count,
            if p.identical {
                "identical"
            } else {
                "different"
            }
        ));
    }
    if parts.is_empty() {
        "free".to_string()
    } else {
        parts.join(", ")
    }
}

/// A cost by its parts (`price`), for a page to draw as symbols.
pub fn price(info: &GameInfo, cost: &Cost) -> Value {
    let resources: Vec<Value> = (cost.resources.iter())
        .map(|(r, n)| {
            let name = info.resources.get(usize::from(r.0)).copied().unwrap_or("?");
            json!({"resource": name, "count": n})
        })
        .collect();
    let per = per_colours(info, cost);
    json!({"coins": cost.coins, "coins_per_age": cost.coins_per_age,
           "coins_per_card": cost.coins_per_card, "per_card": per, "resources": resources})
}

/// The colours a cost counts coins per card of, joined: `senator`.
fn per_colours(info: &GameInfo, cost: &Cost) -> String {
    let names = (info.colours.iter().enumerate())
        .filter(|&(c, _)| c < 32 && cost.per_colours.0 & (1 << c) != 0)
        .map(|(_, n)| *n);
    names.collect::<Vec<_>>().join(" or ")
}

/// Every card, wonder and progress token of `info`, with its effect as
/// the card files write it (`text`) and in plain words (`words`, as
/// `sevenc`'s hover says it): public data.
pub fn cards(info: &GameInfo) -> Value {
    let cards: Vec<Value> = info
        .cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({
                "id": i,
                "name": c.name,
                "colour": info.colours.get(usize::from(c.colour.0)).copied().unwrap_or(""),
                "age": c.age,
                "cost": cost_words(info, &c.cost, None),
                "chains": c.chains.iter().filter_map(|t| info.cards.get(usize::from(t.0)).map(|t| t.name)).collect::<Vec<_>>(),
                "text": c.text,
                "words": c.words,
                "price": price(info, &c.cost),
            })
        })
        .collect();
    let wonders: Vec<Value> = info
        .wonders
        .iter()
        .enumerate()
        .map(|(i, w)| {
            json!({
                "id": i,
                "name": w.name,
                "sides": w.sides.iter().map(|s| json!({
                    "name": s.name,
                    "text": s.text,
                    "words": s.words,
                    "stages": s.stages.iter().map(|st| json!({
                        "cost": cost_words(info, &st.cost, st.pattern),
                        "level": st.level,
                        "text": st.text,
                        "words": st.words,
                        "price": price(info, &st.cost),
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "game": info.name,
        "title": info.title,
        "colours": info.colours,
        "resources": info.resources,
        "cards": cards,
        "wonders": wonders,
        "progress": info.progress.iter().enumerate().map(|(i, p)| json!({
            "id": i,
            "name": p.name,
            "text": p.text,
            "words": p.words,
        })).collect::<Vec<_>>(),
    })
}

//! `sevenw play --human SEAT`: people at a terminal play some seats, bots
//! the others. Each person is shown what their seat sees (its view, never
//! the state), the history as that seat may read it, and the legal actions
//! by number and name; they answer with a number.

use std::io::{BufRead, Write};

use sevenw_runtime::bots::BotKind;
use sevenw_runtime::engine::rng::derive;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::AnyGame;
use sevenw_runtime::table::Table;

use crate::args::PlayArgs;
use crate::io::label;
use crate::{Fail, input};

/// Plays `setup` with people at `humans` (seats from 0) and `bots` at the
/// others, reading answers from `inp` and writing to `out`. Returns the
/// closing text (the final scores), or a failure when the input ends
/// before the game does.
pub(crate) fn play(
    g: &dyn AnyGame,
    setup: &Setup,
    bots: &[BotKind],
    humans: &[usize],
    a: &PlayArgs,
    inp: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<String, Fail> {
    let mut table = g
        .need_tables()
        .map_err(input)?
        .start(setup)
        .map_err(|e| input(e.to_string()))?;
    let seats = table.seats();
    let names: Vec<String> = (0..seats)
        .map(|s| {
            if humans.contains(&s) {
                format!("you (seat {})", s + 1)
            } else {
                format!("{} (seat {})", bots[s], s + 1)
            }
        })
        .collect();
    let io = |e: std::io::Error| input(format!("cannot write to the terminal: {e}"));
    writeln!(
        out,
        "{}: seed {}, {}",
        g.info().title,
        setup.seed,
        names.join(", ")
    )
    .map_err(io)?;
    writeln!(
        out,
        "Answer with an action's number; `v` shows the table again, `q` leaves."
    )
    .map_err(io)?;
    // How many history lines each person has read.
    let mut read = vec![0usize; seats];
    let mut last_person: Option<usize> = None;
    while let Some(seat) = table.to_move() {
        if !humans.contains(&seat) {
            let kind = bots[seat];
            let seed = derive(setup.seed, 7_000 + table.played() as u64);
            let Some(action) = table.bot(kind, seed).map_err(|e| input(e.to_string()))? else {
                return Err(input(format!(
                    "the {kind} bot of seat {} cannot move",
                    seat + 1
                )));
            };
            table
                .play(seat, action)
                .map_err(|e| input(format!("the bot's move was refused: {e}")))?;
            continue;
        }
        if humans.len() > 1 && last_person != Some(seat) && !table.continues() {
            writeln!(out, "\n=== Seat {}: your turn ===", seat + 1).map_err(io)?;
        }
        last_person = Some(seat);
        news(table.as_ref(), seat, &names, &mut read[seat], out).map_err(io)?;
        if !table.continues() {
            writeln!(out, "{}", render(&table.view(Some(seat)))).map_err(io)?;
        }
        let actions = table.actions();
        if table.continues() {
            writeln!(out, "How to pay:").map_err(io)?;
        }
        for (i, a) in actions.iter().enumerate() {
            writeln!(out, "{:>3}. {}", i + 1, a.text).map_err(io)?;
        }
        let chosen = loop {
            write!(out, "seat {} > ", seat + 1).map_err(io)?;
            out.flush().map_err(io)?;
            let mut line = String::new();
            let n = inp
                .read_line(&mut line)
                .map_err(|e| input(format!("cannot read the terminal: {e}")))?;
            let answer = line.trim();
            if n == 0 || answer.eq_ignore_ascii_case("q") {
                return Err(input(format!(
                    "the game was left after {} decisions; it is not saved",
                    table.played()
                )));
            }
            if answer.eq_ignore_ascii_case("v") {
                writeln!(out, "{}", render(&table.view(Some(seat)))).map_err(io)?;
                continue;
            }
            match answer.parse::<usize>() {
                Ok(k) if (1..=actions.len()).contains(&k) => break actions[k - 1].number,
                _ => writeln!(
                    out,
                    "`{}` is not an action: answer 1 to {} (`v` shows the table, `q` leaves)",
                    sevenw_runtime::text::shown(answer),
                    actions.len()
                )
                .map_err(io)?,
            }
        };
        table
            .play(seat, chosen)
            .map_err(|e| input(format!("the move was refused: {e}")))?;
    }
    for &h in humans {
        news(table.as_ref(), h, &names, &mut read[h], out).map_err(io)?;
    }
    let mut text = String::from("\nFinal scores\n");
    if let Some(score) = table.score(&names) {
        text.push_str(&score.to_text());
    }
    if let Some(path) = &a.log {
        std::fs::write(path, table.log().to_text())
            .map_err(|e| input(format!("cannot write {}: {e}", label(path))))?;
        text.push_str(&format!("replay log written to {}\n", label(path)));
    }
    Ok(text)
}

/// The history lines `seat` has not read yet.
fn news(
    table: &dyn Table,
    seat: usize,
    names: &[String],
    read: &mut usize,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let lines = table.history(Some(seat));
    for l in lines.iter().skip(*read) {
        let who = names.get(l.seat).map_or("?", String::as_str);
        writeln!(out, "  {who}: {}", l.text)?;
    }
    *read = lines.len();
    Ok(())
}

/// A seat's view as text: the JSON document [`Table::view`] gives, keys as
/// labels, cards by name.
pub(crate) fn render(v: &serde_json::Value) -> String {
    let mut s = String::new();
    write_value(&mut s, v, 0);
    s.trim_end().to_string()
}

fn write_value(s: &mut String, v: &serde_json::Value, depth: usize) {
    use serde_json::Value;
    let pad = "  ".repeat(depth);
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                if empty(x) || k == "seat" {
                    continue;
                }
                let key = k.replace('_', " ");
                match inline(x) {
                    Some(text) => s.push_str(&format!("{pad}{key}: {text}\n")),
                    None => {
                        s.push_str(&format!("{pad}{key}:\n"));
                        write_value(s, x, depth + 1);
                    }
                }
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                match inline(x) {
                    Some(text) => s.push_str(&format!("{pad}- {text}\n")),
                    None => {
                        s.push_str(&format!("{pad}- {}\n", i + 1));
                        write_value(s, x, depth + 1);
                    }
                }
            }
        }
        other => s.push_str(&format!("{pad}{}\n", inline(other).unwrap_or_default())),
    }
}

/// Whether a value says nothing worth a line: nothing, zero, no, an
/// empty list or an object of such values.
fn empty(v: &serde_json::Value) -> bool {
    use serde_json::Value;
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(t) => t.is_empty(),
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.values().all(empty),
        Value::Bool(true) => false,
    }
}

/// A value on one line, if it fits one: scalars, things with a name, and
/// lists of those.
fn inline(v: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match v {
        Value::Null => Some("-".to_string()),
        Value::Bool(b) => Some(if *b { "yes" } else { "no" }.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(t) => Some(t.clone()),
        Value::Object(map) => {
            // A named thing with its scalar details: `Baths (blue, age 1)`.
            let name = map.get("name").and_then(Value::as_str)?;
            let mut details = Vec::new();
            for (k, x) in map {
                match (k.as_str(), x) {
                    ("name" | "id", _) | (_, Value::Null) => {}
                    ("colour", Value::String(c)) => details.push(c.clone()),
                    (_, Value::String(_) | Value::Number(_) | Value::Bool(_)) => {
                        details.push(format!("{} {}", k.replace('_', " "), inline(x)?));
                    }
                    _ => return None,
                }
            }
            Some(if details.is_empty() {
                name.to_string()
            } else {
                format!("{name} ({})", details.join(", "))
            })
        }
        Value::Array(items) => {
            let parts: Option<Vec<String>> = items.iter().map(inline).collect();
            parts
                .filter(|p| p.iter().map(String::len).sum::<usize>() < 160)
                .map(|p| p.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_read_as_text() {
        // Keys in order: a JSON map keeps insertion order in some builds
        // (serde_json's `preserve_order`) and sorts in others.
        let v = serde_json::json!({
            "age": 2,
            "cities": [{"coins": 3, "military": {"points": 0}, "pending": null, "seat": 0, "shields": 0, "wonder": {"name": "Giza", "side": "A"}}],
            "discard": [],
            "hand": [{"id": 3, "name": "Baths", "colour": "blue"}, {"id": 4, "name": "Loom", "colour": "grey"}],
        });
        // Nothing, zero and empty are left out; seats are numbered from 1.
        assert_eq!(
            render(&v),
            "age: 2\ncities:\n  - 1\n    coins: 3\n    wonder: Giza (side A)\nhand: Baths (blue), Loom (grey)"
        );
    }
}

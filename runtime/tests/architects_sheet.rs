//! Architects city sheets: the score and price calculators.

use sevenw_runtime::game::Game;
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::sheet::{ScoreReport, SheetError, Sheets, Target, seat_of};

fn arch() -> Architects {
    Architects::new(sevenw_cards::game("architects").expect("compiled")).unwrap()
}

fn score(text: &str) -> Result<ScoreReport, SheetError> {
    let a = arch();
    let s = a.read_sheet(text)?;
    Ok(ScoreReport::new(&a, &a.outcome(&s.state), &s.names))
}

const TABLE: &str = include_str!("../sheets/architects.yaml");

#[test]
fn scores_every_category() {
    let r = score(TABLE).unwrap();
    let row = |i: usize| -> Vec<(&str, i32)> { r.players[i].points.clone() };
    // Ana: Giza 4 + 5; blue 2 × 3 + 2; 3 tokens × 3; the cat 2; Culture 4
    // and Education 2 per token (2) = 8.
    assert_eq!(
        row(0),
        [
            ("wonder", 9),
            ("civilian", 8),
            ("military", 9),
            ("cat", 2),
            ("progress", 8)
        ]
    );
    assert_eq!(r.players[0].total, 36);
    // Ben: Rhodes 4 + 4 + 5; a blue 3; 1 token 3; Culture 4, Decor 4
    // (unfinished).
    assert_eq!(
        row(1),
        [
            ("wonder", 13),
            ("civilian", 3),
            ("military", 3),
            ("cat", 0),
            ("progress", 8)
        ]
    );
    assert_eq!(r.winners, ["Ana"]);
    // The JSON of the issue: name, wonder, civilian, military, cat,
    // progress, total; winners.
    let text = r.to_json();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys = [
        "name", "wonder", "civilian", "military", "cat", "progress", "total",
    ];
    for k in keys {
        assert!(json["players"][0].get(k).is_some(), "{k}");
    }
    let at: Vec<usize> = keys
        .iter()
        .map(|k| text.find(&format!("\"{k}\"")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "keys in order: {text}");
    assert_eq!(json["players"][0]["total"], 36);
    assert_eq!(json["winners"], serde_json::json!(["Ana"]));
}

#[test]
fn culture_twice_and_decor_on_a_finished_wonder() {
    let text = "\
game: architects
players:
  - {name: Ana, wonder: Giza, progress: [Culture, Culture]}
  - name: Ben
    wonder: Babylon
    pieces: [2 different, 2 identical, 3 different, 4 different, 3 identical]
    progress: [Decor]
";
    let r = score(text).unwrap();
    assert_eq!(r.players[0].total, 12);
    assert_eq!(r.players[1].points[0], ("wonder", 20));
    assert_eq!(r.players[1].points[4], ("progress", 6));
}

fn err(text: &str) -> (u64, u64, String) {
    let Err(e) = score(text) else {
        panic!("no error");
    };
    (e.line, e.column, e.message)
}

#[test]
fn mistakes_have_a_place() {
    // A stage whose level is not reached.
    let (l, c, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, pieces: [3 different]}\n  - {name: Ben, wonder: Rhodes}\n",
    );
    assert_eq!((l, c), (3, 40));
    assert!(
        m.contains("cannot be built before 2 different, 2 identical"),
        "{m}"
    );
    let (l, _, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, pieces: [5 different]}\n  - {name: Ben, wonder: Rhodes}\n",
    );
    assert_eq!(l, 3);
    assert!(m.contains("Giza has no stage `5 different`"), "{m}");
    let (l, _, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, cat: true}\n  - {name: Ben, wonder: Rhodes, cat: true}\n",
    );
    assert_eq!(l, 4);
    assert!(m.contains("the cat is one figure"), "{m}");
    let (_, _, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, progress: [Culture, Culture, Culture]}\n  - {name: Ben, wonder: Rhodes}\n",
    );
    assert!(m.contains("2 copies of Culture"), "{m}");
    let (_, _, m) = err("game: architects\nplayers:\n  - {name: Ana, wonder: Giza}\n");
    assert!(m.contains("is for 2 to 7"), "{m}");
    let (_, _, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza}\n  - {name: Ben, wonder: Giza}\n",
    );
    assert!(m.contains("Giza is given twice"), "{m}");
    let (_, _, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, deck: [Wood]}\n  - {name: Ben, wonder: Rhodes}\n",
    );
    // A sheet has no decks (scenarios do).
    assert!(m.contains("unknown field `deck`"), "{m}");
    let (_, _, m) = err(
        "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, blue: -1}\n  - {name: Ben, wonder: Rhodes}\n",
    );
    assert!(
        m.contains("`blue` must be a whole number from 0 to 1000"),
        "{m}"
    );
}

#[test]
fn prices_the_next_stage_and_refuses_cards() {
    let a = arch();
    let s = a.read_sheet(TABLE).unwrap();
    let ben = seat_of(&s.names, "Ben").unwrap();
    // Rhodes' next stage is 3 identical; Wood, Stone and a Coin do not pay
    // it.
    let p = a
        .price(&s.state, &s.names, ben, &Target::of("stage"))
        .unwrap();
    assert!(!p.buildable, "{}", p.reason);
    assert!(
        p.reason.contains("cannot build 3 identical"),
        "{}",
        p.reason
    );
    let two_stone = TABLE.replace("cards: [Wood, Stone, Coin]", "cards: [Stone, Stone, Coin]");
    let s = a.read_sheet(&two_stone).unwrap();
    let p = a
        .price(&s.state, &s.names, ben, &Target::of("stage"))
        .unwrap();
    assert!(p.buildable);
    assert_eq!(p.coins, Some(1));
    assert_eq!(p.reason, "Ben can build 3 identical with 2 Stone and Coin");
    assert!(a.refuse(&Target::named("card", "Wood".into())).is_some());
    assert!(a.refuse(&Target::named("wonder", "Giza".into())).is_some());
    assert!(a.refuse(&Target::of("stage")).is_none());
    // A finished wonder has nothing to price.
    let done = TABLE.replace(
        "pieces: [2 different, 2 identical, 3 different]",
        "pieces: [2 different, 2 identical, 3 different, 3 identical, 4 different]",
    );
    let s = a.read_sheet(&done).unwrap();
    let p = a
        .price(&s.state, &s.names, ben, &Target::of("stage"))
        .unwrap();
    assert!(
        !p.buildable && p.reason.contains("finished"),
        "{}",
        p.reason
    );
}

#[test]
fn no_input_makes_it_panic() {
    for end in (0..TABLE.len()).step_by(5) {
        if TABLE.is_char_boundary(end) {
            let _ = score(&TABLE[..end]);
        }
    }
}

/// Every mistake of `text`, as (line, column, code, message).
fn mistakes(text: &str) -> Vec<(u64, u64, &'static str, String)> {
    let Err(e) = score(text) else {
        panic!("no error");
    };
    e.all()
        .map(|m| (m.line, m.column, m.code, m.message.clone()))
        .collect()
}

/// The 1-based line and column of the first `what` in `text`.
fn place(text: &str, what: &str) -> (u64, u64) {
    let at = text.find(what).expect("in the text");
    let line = text[..at].matches('\n').count() as u64 + 1;
    let column = (at - text[..at].rfind('\n').map_or(0, |n| n + 1)) as u64 + 1;
    (line, column)
}

#[test]
fn a_sheet_with_independent_mistakes_reports_each_at_its_place() {
    let text = "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, pieces: [5 different], cards: [Wod, Stone]}\n  - {name: Ben, wonder: Rhodes, military: lots, cat: true}\n  - {name: Cy, wonder: Ephesus, progress: [Culture, Culture, Culture], cat: true}\n";
    let all = mistakes(text);
    let want = [
        (
            place(text, "5 different"),
            "S0003",
            "Giza has no stage `5 different`",
        ),
        (place(text, "Wod"), "S0002", "unknown card `Wod`"),
        (
            place(text, "lots"),
            "S0003",
            "`military` must be a whole number",
        ),
        (
            (
                5,
                text.lines().nth(4).unwrap().rfind("Culture").unwrap() as u64 + 1,
            ),
            "S0003",
            "2 copies of Culture",
        ),
        (
            (
                5,
                text.lines().nth(4).unwrap().find("true").unwrap() as u64 + 1,
            ),
            "S0003",
            "the cat is one figure: it is already given at line 4",
        ),
    ];
    assert_eq!(all.len(), want.len(), "{all:?}");
    for ((line, column, code, message), ((l, c), co, m)) in all.iter().zip(want) {
        assert_eq!((*line, *column), (l, c), "{message}");
        assert_eq!(*code, co, "{message}");
        assert!(message.contains(m), "{message} does not say {m}");
    }
}

#[test]
fn a_wonder_unknown_leaves_its_stages_unread_and_the_rest_checked() {
    let text = "game: architects\nplayers:\n  - {name: Ana, wonder: Gizah, pieces: [2 different], cards: [Wod]}\n  - {name: Ben, wonder: Rhodes, pieces: [stage 9]}\n  - {name: Cy, wonder: Rhodes}\n";
    let all = mistakes(text);
    let messages: Vec<&str> = all.iter().map(|m| m.3.as_str()).collect();
    assert_eq!(all.len(), 4, "{messages:?}");
    assert_eq!((all[0].0, all[0].2), (3, "S0002"));
    assert!(
        messages[0].contains("unknown wonder `Gizah`"),
        "{messages:?}"
    );
    // Ana's stages are named by a wonder not known: not read.
    assert_eq!(all[1].0, 3);
    assert!(messages[1].contains("unknown card `Wod`"), "{messages:?}");
    assert_eq!(all[2].0, 4);
    assert!(
        messages[2].contains("Rhodes has no stage `stage 9`"),
        "{messages:?}"
    );
    assert_eq!((all[3].0, all[3].1), place(text, "Rhodes}"));
    assert!(
        messages[3].contains("Rhodes is given twice"),
        "{messages:?}"
    );
}

#[test]
fn a_stage_refused_is_not_built_and_the_sheet_reads_once_fixed() {
    // Two players each with a stage above a missing level: both said.
    let text = "game: architects\nplayers:\n  - {name: Ana, wonder: Giza, pieces: [3 different]}\n  - {name: Ben, wonder: Rhodes, pieces: [stage 5]}\n";
    let all = mistakes(text);
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(all[0].0, 3);
    assert!(all[0].3.contains("cannot be built before"), "{all:?}");
    assert_eq!(all[1].0, 4);
    assert!(all[1].3.contains("cannot be built before"), "{all:?}");
}

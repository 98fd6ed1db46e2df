//! The score and price calculators over city sheets of the shipped game.

use sevenw_runtime::game::Game;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::sheet::{Price, ScoreReport, Sheet, SheetError, Sheets, Target, seat_of};

fn base() -> Base {
    Base::new(sevenw_cards::game("base").expect("the base game is compiled")).unwrap()
}

/// Reads a sheet of the base game.
fn load(text: &str) -> Result<Sheet<Base>, SheetError> {
    base().read_sheet(text)
}

/// The score report of a sheet.
fn score(text: &str) -> ScoreReport {
    let b = base();
    let s = b.read_sheet(text).unwrap();
    ScoreReport::new(&b, &b.outcome(&s.state), &s.names)
}

/// What `player` of the sheet pays for `target`.
fn price_of(text: &str, player: &str, target: &Target) -> Result<Price, SheetError> {
    let b = base();
    let s = b.read_sheet(text)?;
    let seat = seat_of(&s.names, player)?;
    b.price(&s.state, &s.names, seat, target)
}

const TABLE: &str = "\
game: base
players:
  - name: Ana
    wonder: Babylon
    side: A
    stages: 2
    coins: 7
    conflict: [1, 3, -1]
    cards: [Lumber Yard, Scriptorium, Library, Scientists Guild]
  - name: Ben
    wonder: giza
    side: b
    stages: 1
    coins: 4
    conflict: [1, 1]
    cards: [Stone Pit, Clay Pool, Baths, Aqueduct, Workers Guild]
  - name: Cy
    wonder: Olimpia
    side: B
    stages: 3
    coins: 3
    conflict: [-1, -1, 5]
    cards: [ore vein, Loom, Press, Altar]
";

#[test]
fn scores_every_category_and_names_the_winner() {
    let r = score(TABLE);
    let row = |i: usize| -> Vec<i32> { r.players[i].points.iter().map(|&(_, v)| v).collect() };
    // military treasury wonder civilian commercial guilds science
    // Ana: 3 tokens; 7 coins; stage 1; science tablets 2 + 2 wildcards = 4² = 16.
    assert_eq!(row(0), vec![3, 2, 3, 0, 0, 0, 16]);
    // Ben: Baths 3 + Aqueduct 5; Workers Guild: Ana's and Cy's brown cards.
    assert_eq!(row(1), vec![2, 1, 3, 8, 0, 2, 0]);
    // Cy: Olympia B copies the Workers Guild: 3 brown cards next door.
    assert_eq!(row(2), vec![3, 1, 5, 2, 0, 3, 0]);
    assert_eq!(r.players[2].copied, vec!["Workers Guild"]);
    assert_eq!(
        r.players.iter().map(|p| p.total).collect::<Vec<_>>(),
        vec![24, 16, 14]
    );
    assert_eq!(r.winners, vec!["Ana"]);
    assert_eq!(r.victory, "points");
    let text = r.to_text();
    assert!(text.ends_with("Ana wins\n"), "{text}");
    assert!(text.contains("(copies Workers Guild)"), "{text}");
}

#[test]
fn json_has_the_documented_shape() {
    let v: serde_json::Value = serde_json::from_str(&score(TABLE).to_json()).unwrap();
    let keys: Vec<&str> = v["players"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for k in [
        "name",
        "military",
        "treasury",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science",
        "total",
    ] {
        assert!(keys.contains(&k), "{k} in {keys:?}");
    }
    assert_eq!(keys.len(), 9);
    assert_eq!(v["players"][1]["name"], "Ben");
    assert_eq!(v["players"][1]["civilian"], 8);
    assert_eq!(v["players"][0]["total"], 24);
    assert_eq!(v["winners"], serde_json::json!(["Ana"]));
    assert_eq!(v["victory"], "points");
    let mut top: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    top.sort_unstable();
    assert_eq!(top, vec!["players", "victory", "winners"]);
    // Keys come in the documented order.
    let text = score(TABLE).to_json();
    let pos = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
    assert!(pos("name") < pos("military") && pos("science") < pos("total"));
    assert!(pos("players") < pos("winners") && pos("winners") < pos("victory"));
}

#[test]
fn ties_after_coins_list_every_winner() {
    let text = "\
game: base
players:
  - {name: A, wonder: Giza, coins: 5, cards: [Baths]}
  - {name: B, wonder: Rhodes, coins: 5, cards: [Baths]}
  - {name: C, wonder: Ephesus, coins: 2, cards: [Altar]}
";
    let r = score(text);
    assert_eq!(r.winners, vec!["A", "B"]);
    assert!(r.to_text().ends_with("A and B tie\n"), "{}", r.to_text());
    let text = text.replace(
        "coins: 5, cards: [Baths]}\n  - {name: B",
        "coins: 4, cards: [Baths]}\n  - {name: B",
    );
    // 4 coins still make 1 point: the same total, fewer coins.
    let r = score(&text);
    assert_eq!(r.players[0].total, r.players[1].total);
    assert_eq!(r.winners, vec!["B"]);
}

const MARKET: &str = "\
game: base
players:
  - name: Ana
    wonder: Babylon
    coins: 3
    cards: [Lumber Yard, Altar, Scriptorium]
  - name: Ben
    wonder: Giza
    coins: 1
    cards: [Ore Vein, Glassworks, East Trading Post]
  - name: Cy
    wonder: Alexandria
    coins: 0
    cards: [Clay Pool, Press, Marketplace]
";

fn price(player: &str, card: &str) -> Price {
    price_of(MARKET, player, &Target::named("card", card.to_string())).unwrap()
}

fn short(p: &Price) -> (bool, Option<u32>, bool) {
    (p.buildable, p.coins, p.chain)
}

#[test]
fn prices_with_trading_and_chains() {
    // Free by a chain.
    assert_eq!(short(&price("Ana", "Temple")), (true, Some(0), true));
    assert_eq!(short(&price("ana", "courthouse")), (true, Some(0), true));
    // Stone from Ben, 2 coins.
    assert_eq!(short(&price("Ana", "Baths")), (true, Some(2), false));
    // Glass from either neighbour.
    assert_eq!(short(&price("Ana", "Workshop")), (true, Some(2), false));
    // Clay from Cy and papyrus from Cy: 4 coins, Ana has 3.
    let lab = price("Ana", "Laboratory");
    assert_eq!(short(&lab), (false, Some(4), false));
    assert!(lab.reason.contains("cannot afford"), "{}", lab.reason);
    // Two ore: only one in reach.
    assert_eq!(short(&price("Ana", "Statue")), (false, None, false));
    // Already built.
    let altar = price("Ana", "Altar");
    assert_eq!(short(&altar), (false, None, false));
    assert!(altar.reason.contains("already"));
    // Ben's East Trading Post: raw at 1 from his right, Ana (clay).
    assert_eq!(short(&price("Ben", "Guard Tower")), (true, Some(1), false));
    // Cy would pay 2 to Ben for stone but has no coins.
    assert_eq!(short(&price("Cy", "Baths")), (false, Some(2), false));
    // A coin cost counts too: Tree Farm costs 1 coin.
    assert_eq!(short(&price("Ben", "Tree Farm")), (true, Some(1), false));
    assert_eq!(short(&price("Cy", "Tree Farm")), (false, Some(1), false));
}

#[test]
fn prices_wonder_stages() {
    // Babylon A, stage 1: 2 clay — the board's and Cy's Clay Pool.
    let p = price_of(MARKET, "Ana", &Target::of("stage")).unwrap();
    assert_eq!(short(&p), (true, Some(2), false));
    assert_eq!(p.to_json(), r#"{"buildable":true,"coins":2,"chain":false}"#);
    let done = "\
game: base
players:
  - {name: A, wonder: Rhodes, side: B, stages: 2}
  - {name: B, wonder: Giza}
  - {name: C, wonder: Ephesus}
";
    let p = price_of(done, "A", &Target::of("stage")).unwrap();
    assert_eq!(short(&p), (false, None, false));
    assert_eq!(
        p.to_json(),
        r#"{"buildable":false,"coins":null,"chain":false}"#
    );
    // Base-game wonders are priced stage by stage: the game says what it
    // prices.
    let e = price_of(MARKET, "Ana", &Target::named("wonder", "Babylon".into())).unwrap_err();
    assert!(
        e.message
            .contains("prices no `wonder` (it prices card=NAME, stage)"),
        "{e}"
    );
}

#[test]
fn unknown_names_asked_about_are_errors() {
    let e = price_of(MARKET, "Dora", &Target::of("stage")).unwrap_err();
    assert!(
        e.message.contains("Dora") && e.message.contains("Ana, Ben, Cy"),
        "{e}"
    );
    let e = price_of(MARKET, "Ana", &Target::named("card", "Libary".into())).unwrap_err();
    assert!(e.message.contains("did you mean `Library`"), "{e}");
}

fn err(text: &str) -> (u64, u64, String) {
    let e = load(text).map(|_| ()).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn mistakes_are_reported_with_line_and_column() {
    let (l, c, m) = err(&TABLE.replace("Library, Scientists", "Libary, Scientists"));
    assert_eq!((l, c), (9, 39));
    assert!(
        m.contains("unknown card `Libary`") && m.contains("Library"),
        "{m}"
    );

    let (l, c, m) = err(&TABLE.replace("Clay Pool, Baths", "Clay Pool, stone pit"));
    assert_eq!((l, c), (16, 35));
    assert!(m.contains("listed twice") && m.contains("16:13"), "{m}");

    let (l, c, m) = err(&TABLE.replace("stages: 3", "stages: 4"));
    assert_eq!((l, c), (20, 13));
    assert!(m.contains("3 stages"), "{m}");

    let (l, _, m) = err(&TABLE.replace("wonder: giza", "wonder: gyza"));
    assert_eq!(l, 11);
    assert!(m.contains("did you mean `Giza`"), "{m}");

    let (l, _, m) = err(&TABLE.replace("side: b", "side: C"));
    assert_eq!(l, 12);
    assert!(m.contains("no side `C`"), "{m}");

    let (l, _, m) = err(&TABLE.replace("conflict: [1, 1]", "conflict: [1, 2]"));
    assert_eq!(l, 15);
    assert!(m.contains("not a conflict token"), "{m}");

    let (l, c, m) = err(&TABLE.replace("coins: 4", "coins: -4"));
    assert_eq!((l, c), (14, 12));
    assert_eq!(
        m,
        "`coins` must be a whole number from 0 to 1000000, not -4"
    );

    let (l, _, m) = err(&TABLE.replace("coins: 4", "coin: 4"));
    assert_eq!(l, 14);
    assert!(m.contains("unknown field `coin`"), "{m}");

    let (l, _, m) = err(&TABLE.replace("wonder: Olimpia", "wonder: Babilonia"));
    assert_eq!(l, 18);
    assert!(m.contains("already Ana's wonder"), "{m}");

    let (l, _, m) = err(&TABLE.replace("name: Cy", "name: ana"));
    assert_eq!(l, 17);
    assert!(m.contains("two players"), "{m}");

    let (l, _, m) = err(&TABLE.lines().take(9).collect::<Vec<_>>().join("\n"));
    assert_eq!(l, 3);
    assert!(m.contains("1 player;"), "{m}");

    let (l, _, m) = err("game: base\nplayers: [\n");
    assert!(l >= 2, "{l}");
    assert!(
        m.starts_with("invalid YAML") && m.contains("unclosed bracket"),
        "{m}"
    );

    let (_, _, m) = err("");
    assert_eq!(m, "the sheet is empty");
}

#[test]
fn no_input_makes_it_panic() {
    // Odd but well-formed YAML of every kind is an error, never a panic.
    for text in [
        "- 1\n- 2",
        "game: 7\nplayers: 3",
        "game: base\nplayers: {a: 1}",
        "game: base\nplayers:\n  - name: A\n",
        "game: base\nplayers:\n  - {name: '', wonder: Giza}\n  - {name: B, wonder: Rhodes}\n  - {name: C, wonder: Ephesus}",
        "game: base\nplayers:\n  - {name: A, wonder: Giza, stages: 99999999999999999999}\n",
        "game: base\nplayers:\n  - {name: A, wonder: Giza, coins: 99999999999}\n  - {name: B, wonder: Rhodes}\n  - {name: C, wonder: Ephesus}",
        "game: base\nplayers:\n  - {name: A, wonder: Giza, cards: [[x]]}\n",
        "\u{feff}game: base",
        "game: base\nplayers: &a [*a]",
    ] {
        assert!(load(text).is_err(), "{text:?}");
    }
}

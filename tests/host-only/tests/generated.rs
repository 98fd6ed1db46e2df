//! The three layers of generated-code tests (after prost): the pinned output
//! of a small fixture, the fixtures' generated code run against a recording
//! host, and a check that the committed code of the shipped library is current.

use sevenw_host::*;
use sevenw_host_only::fixtures::{decks, family, hostile, mini, pair};
use std::path::{Path, PathBuf};

mod recorder;
use recorder::Recorder;

/// A host whose cities hold given counts: the acting city `mine`, every
/// other city `theirs` (for the conditions of a gain).
struct Counts {
    mine: u32,
    theirs: u32,
    calls: Vec<String>,
}

impl PartialHost for Counts {
    fn count(&self, _what: Counted, seats: Seats) -> u32 {
        if seats.0 == [0] {
            self.mine
        } else {
            self.theirs * seats.0.len() as u32
        }
    }
    fn count_most(&self, _what: Counted, _seats: Seats) -> u32 {
        self.mine.max(self.theirs)
    }
    fn gain_coins(&mut self, n: i32) {
        self.calls.push(format!("coins {n}"));
    }
    fn gain_vp(&mut self, category: Category, n: i32) {
        self.calls.push(format!("vp {} {n}", category.0));
    }
}

fn run(game: &GameInfo, source: Source, event: Event) -> Vec<String> {
    let mut h = Recorder::default();
    (game.effects)(source, event, &mut h);
    h.calls
}

fn card(game: &GameInfo, name: &str) -> Source {
    let i = game.cards.iter().position(|c| c.name == name).expect(name);
    Source::Card(CardId(i as u16))
}

const RED: Colour = mini::colour::RED;

#[test]
fn the_mini_game_tables() {
    let g = &mini::GAME;
    assert_eq!(
        (
            g.name,
            g.min_players,
            g.max_players,
            g.ages,
            g.hand_size,
            g.start_coins
        ),
        ("mini", 3, 3, 2, 2, 2)
    );
    assert_eq!(g.resources, ["wood", "clay", "glass"]);
    assert_eq!(g.classes[0].name, "raw");
    assert_eq!(g.classes[0].members, ResSet(0b011));
    let hall = &g.cards[mini::card::HALL.0 as usize];
    assert_eq!(hall.cost.resources, [(mini::res::WOOD, 2)]);
    assert_eq!(hall.chains, [mini::card::GRAND_HALL]);
    assert_eq!(
        g.cards[mini::card::GRAND_HALL.0 as usize].chained_from,
        [mini::card::HALL]
    );
    assert_eq!(g.cards[mini::card::MARKET.0 as usize].cost.coins, 1);
    assert_eq!(g.cards[mini::card::WOODPILE.0 as usize].copies, [3, 3]);
    let rule = g.guilds.unwrap();
    assert_eq!(
        (rule.colour, rule.age, rule.extra),
        (mini::colour::PURPLE, 2, 0)
    );
    assert!(g.cards[mini::card::SAGES.0 as usize].copies.is_empty());
    // Listens: what each source reacts to.
    assert_eq!(hall.listens, Listens(Listens::GAME_END));
    assert_eq!(
        g.cards[mini::card::CAMP.0 as usize].listens,
        Listens(Listens::BUILT | Listens::AGE_END)
    );
    let tower = &g.wonders[0];
    assert_eq!(
        tower.sides.iter().map(|s| s.name).collect::<Vec<_>>(),
        ["A", "B"]
    );
    assert_eq!(tower.sides[1].stages[1].listens, Listens(Listens::GAME_END));
    assert_eq!(
        tower.sides[0].stages[1].cost.resources,
        [(mini::res::CLAY, 2)]
    );
}

#[test]
fn card_effects_call_the_host_on_their_events() {
    let g = &mini::GAME;
    assert_eq!(
        run(g, card(g, "Woodpile"), Event::Built),
        ["produce 0b11 x1 tradable=true"]
    );
    assert!(run(g, card(g, "Hall"), Event::Built).is_empty());
    assert_eq!(run(g, card(g, "Hall"), Event::GameEnd), ["vp 0 3"]);
    assert_eq!(
        run(g, card(g, "Market"), Event::Built),
        ["trade 0b11 at 1 from [-1, 1]"]
    );
    let red = Event::BuiltCard {
        colour: RED,
        chained: false,
    };
    let blue = Event::BuiltCard {
        colour: mini::colour::BLUE,
        chained: false,
    };
    assert_eq!(run(g, card(g, "Market"), red), ["coins 2"]);
    assert!(run(g, card(g, "Market"), blue).is_empty());
    assert_eq!(run(g, card(g, "Camp"), Event::Built), ["shields 2"]);
    assert_eq!(run(g, card(g, "Camp"), Event::AgeEnd), ["coins 1"]);
    // Counted amounts: the recorder counts 3 of everything.
    assert_eq!(run(g, card(g, "Bazaar"), Event::Built), ["coins 6"]);
    assert_eq!(run(g, card(g, "Bazaar"), Event::GameEnd), ["vp 1 3"]);
    let chained = Event::BuiltCard {
        colour: mini::colour::BLUE,
        chained: true,
    };
    assert_eq!(run(g, card(g, "Bazaar"), chained), ["coins 4"]);
    assert_eq!(run(g, card(g, "Tacticians"), Event::GameEnd), ["vp 2 3"]);
    assert_eq!(run(g, card(g, "Sages"), Event::Built), ["science 0b11"]);
    assert_eq!(
        run(g, card(g, "Architects"), Event::BuiltStage),
        ["lose 1 per WonderStages in [-1, 1]"]
    );
    assert!(run(g, card(g, "Architects"), Event::Built).is_empty());
}

#[test]
fn wonder_effects_call_the_host() {
    let g = &mini::GAME;
    let board = Source::Board { wonder: 0, side: 0 };
    assert_eq!(
        run(g, board, Event::Built),
        ["produce 0b100 x1 tradable=true"]
    );
    assert!(run(g, Source::Board { wonder: 0, side: 1 }, Event::Built).is_empty());
    let stage = |side, stage| Source::Stage {
        wonder: 0,
        side,
        stage,
    };
    assert_eq!(
        run(g, stage(0, 0), Event::Built),
        ["build free Hand OncePerAge 0b11111111111111111111111111111111"]
    );
    assert_eq!(
        run(g, stage(0, 1), Event::Built),
        ["build free Discard Now 0b11111111111111111111111111111111"]
    );
    assert_eq!(
        run(g, stage(1, 0), Event::Built),
        ["play last card", "science 0b1"]
    );
    assert_eq!(
        run(g, stage(1, 1), Event::GameEnd),
        ["copy 0b10000 from [-1, 1]"]
    );
    // Out of range sources do nothing rather than panic.
    assert!(run(g, stage(9, 9), Event::Built).is_empty());
    assert!(run(g, Source::Card(CardId(999)), Event::Built).is_empty());
}

#[test]
fn hostile_names_stay_data() {
    let g = &hostile::GAME;
    assert_eq!(g.title, "Hostile \"*/ names");
    let names: Vec<&str> = g.cards.iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        [
            "\"); panic!(\"injected",
            "*/ fn evil() {} /*",
            "fn",
            "self",
            "Éfeso Ωμέγα 🎲",
            "r#try"
        ]
    );
    assert_eq!(g.cards[1].aliases, ["\\\" }", "// comment"]);
    assert_eq!(
        run(g, Source::Card(hostile::card::PANIC_INJECTED), Event::Built),
        ["produce 0b1 x1 tradable=true"]
    );
    assert_eq!(
        run(g, Source::Card(hostile::card::FN_), Event::Built),
        ["coins 1"]
    );
    assert_eq!(
        run(g, Source::Card(hostile::card::SELF_), Event::Built),
        ["coins 1"]
    );
}

#[test]
fn two_player_words_call_the_host() {
    let g = &pair::GAME;
    assert_eq!((g.hand_size, g.layout, g.set_aside), (0, 3, 1));
    let rule = g.guilds.unwrap();
    assert_eq!((rule.per_player, rule.extra, rule.drawn(2)), (false, 1, 1));
    let track = g.conflict.unwrap();
    assert_eq!(
        (track.capital, track.zones, track.tokens),
        (9, &[(1, 2), (3, 5), (6, 10)][..], &[(3, 2), (6, 5)][..])
    );
    // The recorder answers `count` with 3 and `count_most` with 5.
    assert_eq!(
        run(g, card(g, "Depot"), Event::Built),
        ["trade 0b10 at 1 from []", "coins 6"]
    );
    assert_eq!(
        run(g, card(g, "Moneylenders"), Event::GameEnd),
        ["vp 1 1"],
        "5 coins make 1 set of 3"
    );
    assert_eq!(run(g, card(g, "Shippers"), Event::Built), ["coins 5"]);
    let stage = |wonder| Source::Stage {
        wonder,
        side: 0,
        stage: 0,
    };
    assert_eq!(
        run(g, stage(0), Event::Built),
        ["lose 3 in [1]", "take progress 3", "discount 2 Wonders"]
    );
    assert_eq!(
        run(g, stage(1), Event::Built),
        ["discard 0b10 from [1]", "take progress 0"]
    );
    let names: Vec<&str> = g.progress.iter().map(|t| t.name).collect();
    assert_eq!(names, ["Economy", "Masonry", "Theology", "Mathematics"]);
    assert_eq!(
        run(g, Source::Progress(0), Event::Built),
        ["receive trade coins [1]"]
    );
    assert_eq!(
        run(g, Source::Progress(1), Event::Built),
        ["discount 2 Colours(ColourSet(2))"]
    );
    assert_eq!(
        run(g, Source::Progress(2), Event::BuiltStage),
        ["play again"]
    );
    assert_eq!(run(g, Source::Progress(3), Event::GameEnd), ["vp 3 9"]);
    assert_eq!(g.progress[3].listens, Listens(Listens::GAME_END));
}

#[test]
fn an_expansion_lists_the_games_names_first_and_its_own_after() {
    let (town, town2, guests, visitors) = (
        &family::town::GAME,
        &family::town2::GAME,
        &family::guests::GAME,
        &family::visitors::GAME,
    );
    assert_eq!((town.name, town.edition, town.extends), ("town", 1, ""));
    assert_eq!((town2.name, town2.edition, town2.extends), ("town", 2, ""));
    assert_eq!(town.colours, town2.colours);
    assert_eq!((guests.extends, visitors.extends), ("town", "town"));
    // Expansions in name order: guests' names, then visitors'.
    assert_eq!(
        guests.colours,
        ["brown", "blue", "red", "green", "purple", "white"]
    );
    assert_eq!(
        visitors.colours,
        ["brown", "blue", "red", "green", "purple", "white", "black"]
    );
    assert_eq!(
        (guests.own.colours, guests.own.categories),
        (5, 5),
        "guests' own names begin after the game's"
    );
    assert_eq!((visitors.own.colours, visitors.own.categories), (6, 6));
    assert_eq!(guests.start_coins, 6);
    assert_eq!(visitors.start_coins, 3, "the game's, not changed");
    let draft = guests.draft.unwrap();
    assert_eq!(
        (draft.colour, draft.deal, draft.pass),
        (family::guests::colour::WHITE, 2, -1)
    );
    assert!(town.draft.is_none());
    // Drafted cards: no Age, no copies; the expert one marked.
    let mason = guests.cards.iter().find(|c| c.name == "Mason").unwrap();
    assert_eq!((mason.age, mason.copies, mason.expert), (0, &[][..], true));
    assert_eq!((mason.cost.coins, mason.cost.coins_per_age), (0, 1));
    assert_eq!(mason.cost.coins_in(3), 3);
    let patron = guests.cards.iter().find(|c| c.name == "Patron").unwrap();
    assert!(!patron.expert);
    // Indices of its own: the expansion's first card is 0.
    assert_eq!(family::guests::card::PATRON, CardId(0));
}

#[test]
fn expansion_words_call_the_host() {
    let g = &family::guests::GAME;
    let white = 1 << family::guests::colour::WHITE.0;
    assert_eq!(
        run(g, card(g, "Patron"), Event::Built),
        [
            format!("coin discount 255 {white:#b} for [0]"),
            format!("coin discount 1 {white:#b} for [-1, 1]")
        ]
    );
    assert_eq!(
        run(g, card(g, "Mason"), Event::Built),
        [
            "discount 1 Wonders".to_string(),
            format!("free builds Colours(ColourSet({}))", 1 << 4)
        ]
    );
    assert_eq!(
        run(g, card(g, "Trader"), Event::Built),
        ["bank trade 0b11 at 1"]
    );
    assert_eq!(
        run(g, card(g, "Hero"), Event::Built),
        ["take victory token 0"]
    );
    assert_eq!(run(g, card(g, "Hero"), Event::GainedVictory), ["coins 2"]);
    assert_eq!(
        g.cards[family::guests::card::HERO.0 as usize].listens,
        Listens(Listens::BUILT | Listens::GAINED_VICTORY)
    );
    assert_eq!(
        run(g, card(g, "Peacemaker"), Event::Built),
        [
            "lose 255 Defeat tokens in [0]",
            "lose 1 Victory tokens in [1, 2]",
            "give defeats"
        ],
        "`others` reaches every other seat of the most players"
    );
    let guests_cat = family::guests::cat::GUESTS;
    assert_eq!(
        run(g, card(g, "Sage"), Event::Built),
        [
            format!("science rule SetBonus {{ vp: 3, category: {guests_cat:?} }}"),
            "science rule Change".to_string(),
            "science rule CopyMost".to_string()
        ]
    );
    assert_eq!(run(g, card(g, "Banker"), Event::TookBankCoins), ["coins 1"]);
    assert_eq!(run(g, card(g, "Banker"), Event::BoughtFrom), ["coins 1"]);
    assert!(run(g, card(g, "Banker"), Event::Built).is_empty());
    // Sets and pairs are counts of the host (the recorder counts 3).
    assert_eq!(
        run(g, card(g, "Judge"), Event::GameEnd),
        ["vp 5 9", "vp 5 3"]
    );
    let stage = |side, stage| Source::Stage {
        wonder: 0,
        side,
        stage,
    };
    assert_eq!(
        run(g, Source::Board { wonder: 0, side: 0 }, Event::Built),
        [format!("keep {white:#b}")]
    );
    assert_eq!(
        run(g, stage(0, 0), Event::Built),
        ["coins 5".to_string(), format!("draw 2 {white:#b}")]
    );
    assert_eq!(
        run(g, stage(0, 1), Event::Built),
        [format!("build from hand {white:#b}")]
    );
    assert_eq!(
        run(g, stage(1, 0), Event::Built),
        [format!("entomb {white:#b}")]
    );
    let t2 = &family::town2::GAME;
    assert_eq!(
        run(
            t2,
            Source::Stage {
                wonder: 0,
                side: 0,
                stage: 0
            },
            Event::Built
        ),
        ["free builds FirstOfColour"]
    );
    assert_eq!(
        run(
            t2,
            Source::Stage {
                wonder: 0,
                side: 1,
                stage: 0
            },
            Event::Built
        ),
        ["free builds FirstOfAge"]
    );
    assert_eq!(
        run(
            t2,
            Source::Stage {
                wonder: 0,
                side: 1,
                stage: 1
            },
            Event::Built
        ),
        ["free builds LastOfAge"]
    );
}

#[test]
fn conditions_hold_or_not() {
    let g = &family::guests::GAME;
    let rival = card(g, "Rival");
    let run_with = |mine, theirs| {
        let mut h = Counts {
            mine,
            theirs,
            calls: Vec::new(),
        };
        (g.effects)(rival, Event::GameEnd, &mut h);
        h.calls
    };
    // More than each neighbour (strictly), none, exactly one.
    assert_eq!(run_with(1, 0), ["vp 5 5", "vp 5 7"]);
    assert_eq!(run_with(0, 0), ["vp 5 6"]);
    assert_eq!(run_with(2, 2), Vec::<String>::new());
    assert_eq!(run_with(2, 1), ["vp 5 5"]);
    let t2 = &family::town2::GAME;
    let decorators = card(t2, "Decorators");
    for (complete, want) in [(0, vec![]), (1, vec!["vp 4 7".to_string()])] {
        let mut h = Counts {
            mine: complete,
            theirs: 0,
            calls: Vec::new(),
        };
        (t2.effects)(decorators, Event::GameEnd, &mut h);
        assert_eq!(h.calls, want);
    }
}

#[test]
fn architects_words_call_the_host() {
    let g = &decks::GAME;
    assert_eq!(g.family, "architects");
    assert_eq!((g.hand_size, g.layout), (0, 0));
    // The decks: each wonder's in wonder order, then the central deck.
    let decks: Vec<(&str, Option<u8>, usize)> = g
        .decks
        .iter()
        .map(|d| {
            (
                d.name,
                d.wonder,
                d.cards.iter().map(|&(_, n)| usize::from(n)).sum(),
            )
        })
        .collect();
    assert_eq!(
        decks,
        [
            ("Tower", Some(0), 3),
            ("Gate", Some(1), 3),
            ("central", None, 2)
        ]
    );
    assert_eq!(
        g.decks[2].cards,
        [(decks::card::WOOD, 1), (decks::card::ARCHER, 1)]
    );
    let b = g.battles.unwrap();
    assert_eq!((b.tokens, b.vp), (&[(2, 3), (3, 4)][..], 3));
    assert_eq!(g.cat_vp, 2);
    // Stages: levels (given, or in order) and counted costs.
    let tower = &g.wonders[0].sides[0].stages;
    assert_eq!(
        tower
            .iter()
            .map(|s| (s.level, s.pattern))
            .collect::<Vec<_>>(),
        [
            (
                1,
                Some(Pattern {
                    count: 2,
                    identical: false
                })
            ),
            (
                1,
                Some(Pattern {
                    count: 3,
                    identical: true
                })
            )
        ]
    );
    let gate = &g.wonders[1].sides[0].stages;
    assert_eq!(gate.iter().map(|s| s.level).collect::<Vec<_>>(), [1, 2]);
    let stage = |wonder, stage| Source::Stage {
        wonder,
        side: 0,
        stage,
    };
    assert_eq!(
        run(g, stage(0, 0), Event::Built),
        ["take card 0b1111 top 1"]
    );
    assert_eq!(run(g, stage(0, 0), Event::GameEnd), ["vp 0 3"]);
    assert_eq!(run(g, stage(0, 1), Event::Built), ["take progress 0"]);
    assert_eq!(run(g, stage(1, 0), Event::Built), ["take card 0b100 top 1"]);
    assert_eq!(run(g, card(g, "Cat"), Event::Built), ["take cat"]);
    assert_eq!(run(g, card(g, "Cat"), Event::GameEnd), ["vp 1 2"]);
    assert_eq!(
        run(g, card(g, "Archer"), Event::Built),
        ["shields 1", "flip 2"]
    );
    // `when you take Wood or a yellow card`: only those.
    let took = |c: CardId| Event::TookCard {
        card: c,
        colour: g.cards[usize::from(c.0)].colour,
    };
    let woodwork = Source::Progress(0);
    assert_eq!(g.progress[0].listens, Listens(Listens::TOOK_CARD));
    assert_eq!(
        run(g, woodwork, took(decks::card::WOOD)),
        ["take card 0b111 top 1"]
    );
    assert_eq!(
        run(g, woodwork, took(decks::card::COIN)),
        ["take card 0b111 top 1"]
    );
    assert!(run(g, woodwork, took(decks::card::ARCHER)).is_empty());
    // A card of another card set (in a game composed with expansions) of
    // the colour waited for sets it off; one of another colour does not.
    let other = |colour: Colour| Event::TookCard {
        card: CardId::NONE,
        colour,
    };
    assert_eq!(
        run(
            g,
            woodwork,
            other(g.cards[usize::from(decks::card::COIN.0)].colour)
        ),
        ["take card 0b111 top 1"]
    );
    assert!(
        run(
            g,
            woodwork,
            other(g.cards[usize::from(decks::card::ARCHER.0)].colour)
        )
        .is_empty()
    );
    assert!(run(g, woodwork, Event::Built).is_empty());
    assert_eq!(
        run(g, Source::Progress(1), Event::BuiltStage),
        ["take card 0b11 top 5"]
    );
    assert_eq!(
        run(g, Source::Progress(2), Event::Built),
        ["coin value 2", "any resources"]
    );
    // Culture: two copies, each counting the kind (the recorder counts 3).
    assert_eq!(g.progress[3].copies, 2);
    assert_eq!(g.progress[0].copies, 1);
    assert_eq!(
        run(g, Source::Progress(3), Event::GameEnd),
        ["vp 4 2", "vp 4 6"]
    );
    assert_eq!(
        run(g, Source::Progress(4), Event::GameEnd),
        ["vp 4 4", "vp 4 6", "vp 4 3", "vp 4 3"]
    );
}

/// A host that answers each count with what it is asked about, to see
/// which `Counted` the generated code passes.
struct Asked(Vec<String>);

impl PartialHost for Asked {
    fn count(&self, what: Counted, _seats: Seats) -> u32 {
        match what {
            Counted::Cats => 10,
            Counted::FinishedWonders => 100,
            Counted::Token(t) => 1000 + u32::from(t),
            Counted::VictoryTokens => 7,
            _ => 0,
        }
    }
    fn gain_vp(&mut self, _c: Category, n: i32) {
        self.0.push(n.to_string());
    }
}

#[test]
fn architects_counters_reach_the_host() {
    let g = &decks::GAME;
    let mut h = Asked(Vec::new());
    (g.effects)(Source::Progress(4), Event::GameEnd, &mut h);
    // Decor: 4, 2 per finished wonder, 1 per cat, 1 per victory token.
    assert_eq!(h.0, ["4", "200", "10", "7"]);
    let mut h = Asked(Vec::new());
    (g.effects)(Source::Progress(3), Event::GameEnd, &mut h);
    // Culture counts its own kind (index 3).
    assert_eq!(h.0, ["2", "2006"]);
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn generate(dir: &Path) -> String {
    let compiled = sevenw_compiler::check(&[dir.to_path_buf()]);
    let lib = compiled
        .library
        .unwrap_or_else(|| panic!("{}", compiled.report.render(&compiled.sources, false)));
    sevenw_compiler::codegen::generate(&lib)
}

#[test]
fn pinned_output_of_the_mini_fixture() {
    let code = generate(&workspace().join("tests/fixtures/gen/mini"));
    insta::assert_snapshot!("mini", code);
}

#[test]
fn generation_is_deterministic() {
    let dir = workspace().join("tests/fixtures/gen/mini");
    assert_eq!(generate(&dir), generate(&dir));
}

#[test]
fn generated_code_is_not_stale() {
    let fresh = generate(&workspace().join("cards"));
    let committed = include_str!("../src/shipped.rs");
    assert!(
        fresh == committed,
        "tests/host-only/src/shipped.rs is stale: run\n  cargo run -p sevenc -- gen cards -o tests/host-only/src/shipped.rs"
    );
}

#[test]
fn the_shipped_code_runs_on_the_host_alone() {
    let g = sevenw_host_only::shipped::GAMES
        .iter()
        .find(|g| g.name == "base")
        .expect("base game");
    let lumber = card(g, "Lumber Yard");
    assert_eq!(
        run(g, lumber, Event::Built),
        ["produce 0b1 x1 tradable=true"]
    );
}

/// The text of every card, stage, board and token is its `effect:` value
/// in the card file, trimmed: named ones compared with what the files say,
/// and every line of every text found in its game's files as written.
#[test]
fn effect_texts_are_the_card_files_own() {
    use sevenw_host_only::shipped::{architects, base, duel, edifice, leaders};
    let named = |g: &GameInfo, name: &str| -> &'static str {
        g.cards.iter().find(|c| c.name == name).expect(name).text
    };
    let token = |g: &GameInfo, name: &str| -> &'static str {
        g.progress.iter().find(|t| t.name == name).expect(name).text
    };
    assert_eq!(named(&base::GAME, "Lumber Yard"), "produce wood");
    // A block scalar keeps its lines; the final newline is trimmed.
    assert_eq!(
        named(&duel::GAME, "Scientists Guild"),
        "gain 1 coin per green card in the city with the most;\n\
         gain 1 vp per green card in the city with the most"
    );
    assert_eq!(token(&duel::GAME, "Agriculture"), "gain 6 coins; gain 4 vp");
    // A quoted scalar without its quotes.
    assert_eq!(
        token(&architects::GAME, "Urbanism"),
        "when you take Wood or Clay: take a card from the left, right or central deck"
    );
    assert_eq!(named(&architects::GAME, "Wood"), "produce wood");
    // A leader is a card; a comment after the value is not its text.
    assert_eq!(
        named(&leaders::GAME, "Imhotep"),
        "pay 1 fewer resource for wonder stages"
    );
    // A project's penalty on a line of its own.
    assert_eq!(
        named(&edifice::GAME, "Money Changer"),
        "gain 4 coins\npenalty: lose 2 coins"
    );
    let alexandria = base::GAME
        .wonders
        .iter()
        .find(|w| w.name == "Alexandria")
        .expect("Alexandria");
    assert_eq!(alexandria.sides[0].text, "produce glass");
    assert_eq!(alexandria.sides[0].stages[0].text, "gain 3 vp");
    assert_eq!(alexandria.sides[0].stages[1].text, "produce raw");

    for g in sevenw_host_only::shipped::GAMES {
        let dir = workspace().join("cards").join(match g.edition {
            1 => g.name.to_string(),
            e => format!("{}{e}", g.name),
        });
        let mut files = String::new();
        for entry in std::fs::read_dir(&dir).expect("a game's folder") {
            let path = entry.expect("a file").path();
            if path.extension().is_some_and(|e| e == "yaml") {
                files.push_str(&std::fs::read_to_string(&path).expect("a card file"));
            }
        }
        let stages = g.wonders.iter().flat_map(|w| w.sides.iter()).flat_map(|s| {
            std::iter::once((s.text, s.listens))
                .chain(s.stages.iter().map(|st| (st.text, st.listens)))
        });
        let texts = g
            .cards
            .iter()
            .map(|c| (c.text, c.listens))
            .chain(stages)
            .chain(g.progress.iter().map(|t| (t.text, t.listens)));
        for (text, listens) in texts {
            // Whatever has effects has its text.
            assert!(
                listens.0 == 0 || !text.is_empty(),
                "{}: an effect without text",
                g.name
            );
            assert_eq!(text, text.trim(), "{}: untrimmed {text:?}", g.name);
            for line in text.lines() {
                assert!(
                    files.contains(line),
                    "{}: {line:?} is not in its files",
                    g.name
                );
            }
        }
    }
}

/// Edifice in the shipped library: a project's reward runs when built (it
/// completes), its penalty only for `Event::Failed`; Carthage's choice runs
/// the option the host says was chosen; Ur takes pawns from the box.
#[test]
fn edifice_projects_choices_and_pawns() {
    use sevenw_host_only::shipped::edifice;
    let g = &edifice::GAME;
    let rule = g.projects.expect("edifice has a project rule");
    assert_eq!(g.colours[usize::from(rule.colour.0)], "project");
    // The debt tokens, a declared kind scored by Age on the edifice line.
    let debt = g.tokens[usize::from(rule.debt)];
    assert_eq!((debt.name, debt.points), ("penalty", &[-2, -3, -5][..]));
    assert_eq!(g.categories[usize::from(debt.category)], "edifice");
    let pawns: Vec<u8> = (3..=7).map(|n| rule.pawns_for(n)).collect();
    assert_eq!(pawns, [2, 3, 3, 4, 5], "facts §2, the rulebook's table");
    let money = card(g, "Money Changer");
    assert_eq!(run(g, money, Event::Built), ["coins 4"]);
    assert_eq!(run(g, money, Event::Failed), ["lose 2 in [0]"]);
    assert!(run(g, money, Event::GameEnd).is_empty());
    let i = g
        .cards
        .iter()
        .position(|c| c.name == "Money Changer")
        .unwrap();
    assert_eq!(g.cards[i].cost.coins, 1);
    assert_eq!(
        g.cards[i].listens,
        Listens(Listens::BUILT),
        "no bit for the penalty"
    );

    let carthage = g.wonders.iter().position(|w| w.name == "Carthage").unwrap() as u8;
    let day = &g.wonders[usize::from(carthage)].sides[0];
    assert_eq!(day.stages[1].options, 2);
    assert_eq!(day.stages[0].options, 0);
    let stage = Source::Stage {
        wonder: carthage,
        side: 0,
        stage: 1,
    };
    let mut h = Recorder::default();
    (g.effects)(stage, Event::Built, &mut h);
    assert_eq!(h.calls, ["coins 7"]);
    let mut h = Recorder {
        option: 1,
        ..Recorder::default()
    };
    (g.effects)(stage, Event::Built, &mut h);
    assert_eq!(h.calls, ["shields 1"]);
    let mut h = Recorder {
        option: 1,
        ..Recorder::default()
    };
    (g.effects)(stage, Event::GameEnd, &mut h);
    assert_eq!(h.calls.len(), 1, "the option's 2 VP at game end");

    let ur = g.wonders.iter().position(|w| w.name == "Ur").unwrap() as u8;
    let night = Source::Stage {
        wonder: ur,
        side: 1,
        stage: 2,
    };
    assert_eq!(run(g, night, Event::Built), ["take pawn 3"]);
    let day = Source::Stage {
        wonder: ur,
        side: 0,
        stage: 1,
    };
    assert_eq!(run(g, day, Event::Built), ["take pawn 0"]);
}

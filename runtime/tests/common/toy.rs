//! A small hand-built game in the shape of the base game, written the way
//! the card compiler's output is (static tables and one `effects` fn), so
//! the engine is tested apart from the shipped cards. Every wonder power of
//! the host API has a board here. Names are made up.
#![allow(dead_code)]

use sevenw_host::*;

pub const WOOD: Res = Res(0);
pub const STONE: Res = Res(1);
pub const CLAY: Res = Res(2);
pub const ORE: Res = Res(3);
pub const GLASS: Res = Res(4);
pub const LOOM: Res = Res(5);
pub const PAPYRUS: Res = Res(6);
pub const RAW: ResSet = ResSet(0b000_1111);
pub const MANUFACTURED: ResSet = ResSet(0b111_0000);

pub const BROWN: Colour = Colour(0);
pub const GREY: Colour = Colour(1);
pub const BLUE: Colour = Colour(2);
pub const YELLOW: Colour = Colour(3);
pub const GREEN: Colour = Colour(4);
pub const RED: Colour = Colour(5);
pub const PURPLE: Colour = Colour(6);

pub const MILITARY: Category = Category(0);
pub const TREASURY: Category = Category(1);
pub const WONDER: Category = Category(2);
pub const CIVILIAN: Category = Category(3);
pub const COMMERCIAL: Category = Category(4);
pub const GUILDS: Category = Category(5);
pub const SCIENCE: Category = Category(6);

const fn one(r: Res) -> ResSet {
    ResSet(1 << r.0)
}
const fn cols(c: &[Colour]) -> ColourSet {
    let mut bits = 0;
    let mut i = 0;
    while i < c.len() {
        bits |= 1 << c[i].0;
        i += 1;
    }
    ColourSet(bits)
}

const B: Listens = Listens(Listens::BUILT);
const E: Listens = Listens(Listens::GAME_END);
const BE: Listens = Listens(Listens::BUILT | Listens::GAME_END);
/// Copies for 7n cards of 7 kinds: 3 at 3 players, one more per player.
const FULL: &[u8] = &[3, 3, 3, 4, 5, 6, 7];

#[allow(clippy::too_many_arguments)]
const fn card(
    name: &'static str,
    colour: Colour,
    age: u8,
    copies: &'static [u8],
    cost: Cost,
    chains: &'static [CardId],
    chained_from: &'static [CardId],
    listens: Listens,
) -> CardInfo {
    CardInfo {
        name,
        aliases: &[],
        colour,
        age,
        copies,
        cost,
        chains,
        chained_from,
        listens,
        expert: false,
        price_times: 1,
        options: 0,
        text: "",
        words: "",
    }
}
const fn cost(coins: u16, resources: &'static [(Res, u8)]) -> Cost {
    Cost {
        coins,
        coins_per_age: 0,
        coins_per_card: 0,
        per_colours: sevenw_host::ColourSet(0),
        resources,
        tokens: &[],
    }
}

// Card ids, for tests.
pub const LOG: CardId = CardId(0);
pub const QUARRY: CardId = CardId(1);
pub const KILN: CardId = CardId(2);
pub const SHRINE: CardId = CardId(3);
pub const BAZAAR: CardId = CardId(4);
pub const STUDY: CardId = CardId(5);
pub const PALISADE: CardId = CardId(6);
pub const EXCHANGE: CardId = CardId(7);
pub const SANCTUARY: CardId = CardId(8);
pub const OBSERVATORY: CardId = CardId(9);
pub const RAMPART: CardId = CardId(10);
pub const ORCHARD: CardId = CardId(11);
pub const PRINTER: CardId = CardId(12);
pub const LOG2: CardId = CardId(13);
pub const CITADEL: CardId = CardId(14);
pub const CIRCUS: CardId = CardId(15);
pub const ACADEMY: CardId = CardId(16);
pub const ARMOURY: CardId = CardId(17);
pub const PARK: CardId = CardId(18);
pub const BEACON: CardId = CardId(19);
pub const G_BROWN: CardId = CardId(20);
pub const G_GREY: CardId = CardId(21);
pub const G_SCIENCE: CardId = CardId(22);
pub const G_DEFEAT: CardId = CardId(23);
pub const G_SELF: CardId = CardId(24);
pub const G_STAGES: CardId = CardId(25);
pub const G_BLUE: CardId = CardId(26);
pub const G_YELLOW: CardId = CardId(27);
pub const G_RED: CardId = CardId(28);

pub static CARDS: [CardInfo; 29] = [
    // Age I
    card("Log", BROWN, 1, FULL, Cost::FREE, &[], &[], B),
    card("Quarry", BROWN, 1, FULL, cost(1, &[]), &[], &[], B),
    card("Kiln", GREY, 1, FULL, Cost::FREE, &[], &[], B),
    card(
        "Shrine",
        BLUE,
        1,
        FULL,
        cost(0, &[(STONE, 1)]),
        &[SANCTUARY],
        &[],
        B,
    ),
    card("Bazaar", YELLOW, 1, FULL, Cost::FREE, &[], &[], B),
    card(
        "Study",
        GREEN,
        1,
        FULL,
        cost(0, &[(LOOM, 1)]),
        &[OBSERVATORY],
        &[],
        B,
    ),
    card("Palisade", RED, 1, FULL, cost(0, &[(ORE, 1)]), &[], &[], B),
    // Age II
    card(
        "Exchange",
        YELLOW,
        2,
        FULL,
        cost(0, &[(WOOD, 1)]),
        &[],
        &[],
        B,
    ),
    card(
        "Sanctuary",
        BLUE,
        2,
        FULL,
        cost(0, &[(CLAY, 2), (GLASS, 1)]),
        &[],
        &[SHRINE],
        B,
    ),
    card(
        "Observatory",
        GREEN,
        2,
        FULL,
        cost(0, &[(ORE, 2)]),
        &[],
        &[STUDY],
        B,
    ),
    card("Rampart", RED, 2, FULL, cost(0, &[(STONE, 3)]), &[], &[], B),
    card("Orchard", YELLOW, 2, FULL, Cost::FREE, &[], &[], B),
    card("Printer", GREY, 2, FULL, Cost::FREE, &[], &[], B),
    card("Log", BROWN, 2, FULL, cost(1, &[]), &[], &[], B),
    // Age III
    card(
        "Citadel",
        BLUE,
        3,
        FULL,
        cost(
            0,
            &[
                (WOOD, 1),
                (STONE, 1),
                (CLAY, 1),
                (ORE, 1),
                (GLASS, 1),
                (LOOM, 1),
                (PAPYRUS, 1),
            ],
        ),
        &[],
        &[],
        B,
    ),
    card("Circus", YELLOW, 3, FULL, Cost::FREE, &[], &[], BE),
    card(
        "Academy",
        GREEN,
        3,
        FULL,
        cost(0, &[(STONE, 3), (GLASS, 1)]),
        &[],
        &[],
        B,
    ),
    card(
        "Armoury",
        RED,
        3,
        FULL,
        cost(0, &[(ORE, 2), (WOOD, 1)]),
        &[],
        &[],
        B,
    ),
    card("Park", BLUE, 3, FULL, cost(0, &[(CLAY, 2)]), &[], &[], B),
    card(
        "Beacon",
        YELLOW,
        3,
        &[3, 4, 5, 6, 7],
        Cost::FREE,
        &[],
        &[],
        E,
    ),
    // Guilds: drawn, n + 2.
    card(
        "Brown Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(ORE, 2)]),
        &[],
        &[],
        E,
    ),
    card(
        "Grey Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(STONE, 2)]),
        &[],
        &[],
        E,
    ),
    card(
        "Science Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(WOOD, 2)]),
        &[],
        &[],
        B,
    ),
    card(
        "Defeat Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(ORE, 1)]),
        &[],
        &[],
        E,
    ),
    card(
        "Self Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(WOOD, 1)]),
        &[],
        &[],
        E,
    ),
    card(
        "Stage Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(CLAY, 1)]),
        &[],
        &[],
        E,
    ),
    card(
        "Blue Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(GLASS, 1)]),
        &[],
        &[],
        E,
    ),
    card(
        "Yellow Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(PAPYRUS, 1)]),
        &[],
        &[],
        E,
    ),
    card(
        "Red Guild",
        PURPLE,
        3,
        &[],
        cost(0, &[(LOOM, 1)]),
        &[],
        &[],
        E,
    ),
];

/// A stage of `cost` at `level` (the toy game's stages are built in order:
/// levels 1, 2, 3).
const fn stage(cost: Cost, level: u8) -> StageInfo {
    StageInfo {
        cost,
        listens: B,
        options: 0,
        level,
        pattern: None,
        shows_colour: false,
        text: "",
        words: "",
    }
}

// Wonder ids, for tests.
pub const DIGGER: u8 = 0; // build from the discard pile
pub const PATRON: u8 = 1; // once per Age, build from the hand for free
pub const HOARDER: u8 = 2; // play the last card of each Age
pub const MIMIC: u8 = 3; // copy a purple card at game end
pub const SAGE: u8 = 4; // science wildcard
pub const MERCHANT: u8 = 5; // trade discount, coins
pub const SOLDIER: u8 = 6; // shields, points

pub static WONDERS: [WonderInfo; 7] = [
    WonderInfo {
        name: "Digger",
        aliases: &["Excavadora"],
        sides: &[
            SideInfo {
                name: "A",
                listens: B,
                text: "",
                words: "",
                stages: &[
                    stage(cost(0, &[(STONE, 2)]), 1),
                    stage(cost(0, &[(ORE, 2)]), 2),
                    stage(cost(0, &[(GLASS, 2)]), 3),
                ],
            },
            SideInfo {
                name: "B",
                listens: B,
                text: "",
                words: "",
                stages: &[
                    stage(cost(0, &[(ORE, 2)]), 1),
                    stage(cost(0, &[(CLAY, 2)]), 2),
                ],
            },
        ],
    },
    WonderInfo {
        name: "Patron",
        aliases: &[],
        sides: &[SideInfo {
            name: "A",
            listens: B,
            text: "",
            words: "",
            stages: &[
                stage(cost(0, &[(WOOD, 2)]), 1),
                stage(cost(0, &[(STONE, 2)]), 2),
            ],
        }],
    },
    WonderInfo {
        name: "Hoarder",
        aliases: &[],
        sides: &[SideInfo {
            name: "A",
            listens: B,
            text: "",
            words: "",
            stages: &[
                stage(cost(0, &[(CLAY, 1)]), 1),
                stage(cost(0, &[(CLAY, 2)]), 2),
            ],
        }],
    },
    WonderInfo {
        name: "Mimic",
        aliases: &[],
        sides: &[
            SideInfo {
                name: "A",
                listens: B,
                text: "",
                words: "",
                stages: &[stage(cost(0, &[(ORE, 1)]), 1)],
            },
            // Side B grants its copy when the game ends, not when built.
            SideInfo {
                name: "B",
                listens: B,
                text: "",
                words: "",
                stages: &[StageInfo {
                    cost: cost(0, &[(ORE, 1)]),
                    listens: E,
                    options: 0,
                    level: 1,
                    pattern: None,
                    shows_colour: false,
                    text: "",
                    words: "",
                }],
            },
        ],
    },
    WonderInfo {
        name: "Sage",
        aliases: &[],
        sides: &[SideInfo {
            name: "A",
            listens: B,
            text: "",
            words: "",
            stages: &[
                stage(cost(0, &[(WOOD, 2)]), 1),
                stage(cost(0, &[(PAPYRUS, 1), (LOOM, 1)]), 2),
            ],
        }],
    },
    WonderInfo {
        name: "Merchant",
        aliases: &[],
        sides: &[SideInfo {
            name: "A",
            listens: B,
            text: "",
            words: "",
            stages: &[
                stage(cost(0, &[(LOOM, 1)]), 1),
                stage(cost(0, &[(STONE, 2)]), 2),
            ],
        }],
    },
    WonderInfo {
        name: "Soldier",
        aliases: &[],
        sides: &[SideInfo {
            name: "A",
            listens: B,
            text: "",
            words: "",
            stages: &[
                stage(cost(0, &[(WOOD, 2)]), 1),
                stage(cost(0, &[(ORE, 3)]), 2),
            ],
        }],
    },
];

pub static CLASSES: [ClassInfo; 2] = [
    ClassInfo {
        name: "raw",
        members: RAW,
    },
    ClassInfo {
        name: "manufactured",
        members: MANUFACTURED,
    },
];

const LEFT: Seats = Seats(&[1]);
const NEIGHBOURS: Seats = Seats(&[1, -1]);
const SELF: Seats = Seats(&[0]);
const ALL3: Seats = Seats(&[1, 0, -1]);

fn effects(source: Source, event: Event, h: &mut dyn Host) {
    use Event::*;
    use Source::*;
    let card = |c: CardId| Card(c);
    match (source, event) {
        (s, Built) if s == card(LOG) => h.produce(one(WOOD), 1, true),
        (s, Built) if s == card(QUARRY) => h.produce(ResSet(one(STONE).0 | one(CLAY).0), 1, true),
        (s, Built) if s == card(KILN) => h.produce(one(GLASS), 1, true),
        (s, Built) if s == card(SHRINE) => h.gain_vp(CIVILIAN, 3),
        (s, Built) if s == card(BAZAAR) => h.trade_price(RAW, 1, LEFT),
        (s, Built) if s == card(STUDY) => h.science(SymSet(0b001)),
        (s, Built) if s == card(PALISADE) => h.gain_shields(1),
        (s, Built) if s == card(EXCHANGE) => h.produce(MANUFACTURED, 1, false),
        (s, Built) if s == card(SANCTUARY) => h.gain_vp(CIVILIAN, 4),
        (s, Built) if s == card(OBSERVATORY) => h.science(SymSet(0b010)),
        (s, Built) if s == card(RAMPART) => h.gain_shields(2),
        (s, Built) if s == card(ORCHARD) => {
            let n = h.count(Counted::Cards(cols(&[BROWN])), ALL3);
            h.gain_coins(n as i32)
        }
        (s, Built) if s == card(PRINTER) => h.produce(one(PAPYRUS), 1, true),
        (s, Built) if s == card(LOG2) => h.produce(one(WOOD), 2, true),
        (s, Built) if s == card(CITADEL) => h.gain_vp(CIVILIAN, 8),
        (s, Built) if s == card(CIRCUS) => {
            let n = h.count(Counted::WonderStages, SELF);
            h.gain_coins(n as i32)
        }
        (s, GameEnd) if s == card(CIRCUS) => {
            let n = h.count(Counted::WonderStages, SELF);
            h.gain_vp(COMMERCIAL, n as i32)
        }
        (s, Built) if s == card(ACADEMY) => h.science(SymSet(0b100)),
        (s, Built) if s == card(ARMOURY) => h.gain_shields(3),
        (s, Built) if s == card(PARK) => h.gain_vp(CIVILIAN, 5),
        (s, GameEnd) if s == card(BEACON) => {
            let n = h.count(Counted::Cards(cols(&[YELLOW])), SELF);
            h.gain_vp(COMMERCIAL, n as i32)
        }
        (s, GameEnd) if s == card(G_BROWN) => {
            let n = h.count(Counted::Cards(cols(&[BROWN])), NEIGHBOURS);
            h.gain_vp(GUILDS, n as i32)
        }
        (s, GameEnd) if s == card(G_GREY) => {
            let n = h.count(Counted::Cards(cols(&[GREY])), NEIGHBOURS);
            h.gain_vp(GUILDS, 2 * n as i32)
        }
        (s, Built) if s == card(G_SCIENCE) => h.science(SymSet(0b111)),
        (s, GameEnd) if s == card(G_DEFEAT) => {
            let n = h.count(Counted::DefeatTokens, NEIGHBOURS);
            h.gain_vp(GUILDS, n as i32)
        }
        (s, GameEnd) if s == card(G_SELF) => {
            let n = h.count(Counted::Cards(cols(&[BROWN, GREY, PURPLE])), SELF);
            h.gain_vp(GUILDS, n as i32)
        }
        (s, GameEnd) if s == card(G_STAGES) => {
            let n = h.count(Counted::WonderStages, ALL3);
            h.gain_vp(GUILDS, n as i32)
        }
        (s, GameEnd) if s == card(G_BLUE) => {
            let n = h.count(Counted::Cards(cols(&[BLUE])), NEIGHBOURS);
            h.gain_vp(GUILDS, n as i32)
        }
        (s, GameEnd) if s == card(G_YELLOW) => {
            let n = h.count(Counted::Cards(cols(&[YELLOW])), NEIGHBOURS);
            h.gain_vp(GUILDS, n as i32)
        }
        (s, GameEnd) if s == card(G_RED) => {
            let n = h.count(Counted::Cards(cols(&[RED])), NEIGHBOURS);
            h.gain_vp(GUILDS, n as i32)
        }
        // Boards: each produces one resource, tradable.
        (Board { wonder, .. }, Built) => h.produce(
            one(match wonder {
                DIGGER => STONE,
                PATRON => WOOD,
                HOARDER => CLAY,
                MIMIC => ORE,
                SAGE => GLASS,
                MERCHANT => LOOM,
                _ => PAPYRUS,
            }),
            1,
            true,
        ),
        (
            Stage {
                wonder: MIMIC,
                side: 1,
                stage: 0,
            },
            GameEnd,
        ) => h.copy_card(cols(&[PURPLE]), NEIGHBOURS),
        (
            Stage {
                wonder,
                side,
                stage,
            },
            Built,
        ) => match (wonder, side, stage) {
            (DIGGER, 0, 0) => h.gain_vp(WONDER, 3),
            (DIGGER, 0, 1) => h.build_free(Pile::Discard, Limit::Now, ColourSet::ALL),
            (DIGGER, 0, 2) => h.gain_vp(WONDER, 7),
            (DIGGER, 1, _) => {
                h.gain_vp(WONDER, 1);
                h.build_free(Pile::Discard, Limit::Now, ColourSet::ALL)
            }
            (PATRON, _, 0) => h.build_free(Pile::Hand, Limit::OncePerAge, ColourSet::ALL),
            (PATRON, _, 1) => h.gain_vp(WONDER, 5),
            (HOARDER, _, 0) => h.gain_vp(WONDER, 2),
            (HOARDER, _, 1) => h.play_last_card(),
            (MIMIC, 0, 0) => h.copy_card(cols(&[PURPLE]), NEIGHBOURS),
            (SAGE, _, 0) => h.science(SymSet(0b111)),
            (SAGE, _, 1) => h.science(SymSet(0b011)),
            (MERCHANT, _, 0) => h.trade_price(RAW, 1, NEIGHBOURS),
            (MERCHANT, _, 1) => h.gain_coins(9),
            (SOLDIER, _, 0) => h.gain_shields(2),
            (SOLDIER, _, 1) => h.gain_vp(WONDER, 5),
            _ => {}
        },
        _ => {}
    }
}

pub static TOY: GameInfo = GameInfo {
    name: "toy",
    title: "A toy game for the engine's tests",
    edition: 1,
    extends: "",
    editions: &[],
    with: &[],
    automatic: false,
    own: sevenw_host::Own {
        symbols: 0,
        colours: 0,
        categories: 0,
    },
    draft: None,
    projects: None,
    min_players: 3,
    max_players: 7,
    ages: 3,
    start_coins: 3,
    hand_size: 7,
    layout: 0,
    figures: &[],
    figure_tokens: &[],
    boards: &[],
    senate: None,
    schemes: None,
    military: None,
    set_aside: 0,
    resources: &["wood", "stone", "clay", "ore", "glass", "loom", "papyrus"],
    classes: &CLASSES,
    symbols: &["compass", "gear", "tablet"],
    colours: &["brown", "grey", "blue", "yellow", "green", "red", "purple"],
    categories: &[
        "military",
        "treasury",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science",
    ],
    draws: &[],
    tokens: &[],
    guilds: Some(DrawRule {
        colour: PURPLE,
        colours: ColourSet(1 << PURPLE.0),
        age: 3,
        per_player: true,
        extra: 2,
    }),
    conflict: None,
    cards: &CARDS,
    wonders: &WONDERS,
    progress: &[],
    effects,
    family: "",
    decks: &[],
    battles: None,
    cat_vp: 0,
    extended_chains: &[],
};

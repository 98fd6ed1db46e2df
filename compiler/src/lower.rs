//! Pass 5, lower: the checked games → the IR. Runs only when no pass found
//! an error, so it never reports; it makes every default explicit.

use crate::describe;
use crate::ir::{self, Counted, Effect, On, Op};
use crate::resolve::{self, Action, DeckRef, Game, Trigger};
use crate::vocab::{Deal, Unit, Vocab};

/// Where an effect's text stands, for its VP category and tradability.
#[derive(Clone, Copy)]
enum Holder {
    Card(u8),
    Board,
    Stage,
    Progress,
}

pub fn lower(games: &[Game]) -> ir::Library {
    ir::Library {
        games: games.iter().map(game).collect(),
    }
}

fn draw_rule(g: &crate::vocab::DrawRule) -> ir::DrawRule {
    ir::DrawRule {
        colour: g.colour,
        colours: std::iter::once(g.colour)
            .chain((0..32u8).filter(|&c| c != g.colour && g.colours & 1 << c != 0))
            .collect(),
        age: g.age,
        per_player: g.per_player,
        extra: g.extra,
    }
}

fn game(g: &Game) -> ir::Game {
    let v = &g.vocab;
    let mut cards: Vec<ir::Card> = g
        .cards
        .iter()
        .map(|c| (c, c.colour.unwrap_or_default()))
        .map(|(c, colour)| ir::Card {
            name: c.name.value.trim().to_string(),
            aliases: c
                .aliases
                .iter()
                .map(|a| a.value.trim().to_string())
                .collect(),
            // Lowering runs only without errors: every colour is known.
            colour,
            age: c.age.value as u8,
            copies: {
                let mut p: Vec<u8> = c.players.iter().map(|p| p.value as u8).collect();
                p.sort();
                p
            },
            cost: cost(&c.cost),
            chains: Vec::new(),
            chained_from: Vec::new(),
            effects: {
                let mut list = effects(v, c.effects.list(), Holder::Card(colour));
                // A project's penalty runs when it fails, whatever its words.
                list.extend(
                    effects(v, c.penalty.list(), Holder::Card(colour))
                        .into_iter()
                        .map(|e| Effect {
                            on: On::Failed,
                            ..e
                        }),
                );
                list
            },
            expert: c.expert == Some(true),
            price_times: (c.price_times.as_ref()).map_or(1, |t| t.value.clamp(1, 9) as u8),
            text: c.text.clone(),
            words: {
                let mut w = describe::sentences(v, c.effects.list());
                let penalty = describe::sentences(v, c.penalty.list());
                if !penalty.is_empty() {
                    // As the hover says it (describe::card).
                    w.push_str("\nPenalty, for every player without a pawn when it fails:\n");
                    w.push_str(&penalty);
                }
                w
            },
        })
        .collect();
    for (i, c) in g.cards.iter().enumerate() {
        for ch in &c.chains {
            for &t in &ch.own {
                if g.cards[t].age.value > c.age.value {
                    cards[i].chains.push(t as u16);
                    cards[t].chained_from.push(i as u16);
                }
            }
        }
    }
    let mut extended_chains: Vec<(u16, String)> = Vec::new();
    for (i, c) in g.cards.iter().enumerate() {
        for ch in &c.chains {
            if ch.own.is_empty()
                && let Some(t) = ch
                    .extended
                    .iter()
                    .map(|&t| &g.extended[t])
                    .find(|t| t.age.value > c.age.value)
            {
                extended_chains.push((i as u16, t.name.value.trim().to_string()));
            }
        }
    }
    extended_chains.sort();
    extended_chains.dedup();
    for c in &mut cards {
        c.chains.sort();
        c.chains.dedup();
        c.chained_from.sort();
        c.chained_from.dedup();
    }
    let wonders = g
        .wonders
        .iter()
        .map(|w| ir::Wonder {
            name: w.name.value.trim().to_string(),
            aliases: w
                .aliases
                .iter()
                .map(|a| a.value.trim().to_string())
                .collect(),
            sides: w
                .sides
                .iter()
                .map(|s| ir::Side {
                    name: s.name.value.trim().to_string(),
                    board: effects(v, s.effects.list(), Holder::Board),
                    stages: s
                        .stages
                        .iter()
                        .enumerate()
                        .map(|(k, st)| ir::Stage {
                            cost: cost(&st.cost),
                            effects: effects(v, st.effects.list(), Holder::Stage),
                            // Without levels, stages are built in order.
                            level: st.level.map_or(k as i64 + 1, |l| l.value).clamp(1, 255) as u8,
                            pattern: st.cost.pattern.map(|(p, _)| (p.count, p.identical)),
                            text: st.text.clone(),
                            words: describe::sentences(v, st.effects.list()),
                        })
                        .collect(),
                    text: s.text.clone(),
                    words: describe::sentences(v, s.effects.list()),
                })
                .collect(),
        })
        .collect();
    ir::Game {
        name: v.game.clone(),
        title: v.title.clone(),
        edition: v.edition,
        extends: v.extends.clone(),
        editions: v.plays_at.numbers(),
        with: v.with.clone(),
        automatic: v.automatic,
        extended_chains,
        own: (v.own.symbols, v.own.colours, v.own.categories),
        draft: v.draft.map(|d| ir::Draft {
            colour: d.colour,
            deal: d.deal,
            pass: d.pass,
        }),
        projects: v.projects.as_ref().map(|p| ir::Projects {
            colour: p.colour,
            pawns: p.pawns.clone(),
            debt: p.debt,
        }),
        min_players: v.min_players,
        max_players: v.max_players,
        ages: v.ages,
        start_coins: v.start_coins,
        hand_size: match v.deal {
            Deal::Hands(h) => h,
            Deal::Layout { .. } | Deal::Decks { .. } => 0,
        },
        layout: match v.deal {
            Deal::Layout { size, .. } => size,
            Deal::Hands(_) | Deal::Decks { .. } => 0,
        },
        set_aside: match v.deal {
            Deal::Layout { set_aside, .. } => set_aside,
            Deal::Hands(_) | Deal::Decks { .. } => 0,
        },
        figures: v
            .figures
            .iter()
            .map(|f| {
                f.iter()
                    .map(|s| ir::FigureSlot {
                        row: s.row,
                        col: s.col,
                        face_up: s.face_up,
                    })
                    .collect()
            })
            .collect(),
        figure_tokens: v
            .figure_tokens
            .iter()
            .map(|t| ir::FigureTokens {
                age: t.age,
                slots: t.slots.clone(),
                from: t.from.clone(),
            })
            .collect(),
        boards: v
            .boards
            .iter()
            .map(|b| ir::Board {
                name: b.name.clone(),
                spaces: b.spaces.clone(),
                open: b.open.clone(),
                fill: (b.fill.iter())
                    .map(|&(age, colour)| ir::BoardFill { age, colour })
                    .collect(),
            })
            .collect(),
        senate: v.senate.as_ref().map(|s| ir::Senate {
            chambers: s.chambers.clone(),
            cubes: s.cubes,
            category: s.category,
            supremacy: s.supremacy,
            decrees: s.decrees,
            face_down: s.face_down.clone(),
        }),
        schemes: (v.schemes.as_ref()).map(|s| ir::Schemes { colour: s.colour }),
        military_tokens: (v.military_tokens.as_ref()).map(|m| ir::MilitaryTokens {
            colour: m.colour,
            at: m.at.clone(),
        }),
        family: v.family.clone(),
        decks: decks(g),
        battles: v.battles.as_ref().map(|b| ir::Battles {
            tokens: b.tokens.clone(),
            vp: b.vp,
        }),
        cat_vp: v.cat_vp,
        resources: v.resources.clone(),
        classes: v.classes.clone(),
        symbols: v.symbols.clone(),
        colours: v.colours.clone(),
        categories: v.categories.clone(),
        // An expansion carries a guild rule only when it replaces its
        // game's.
        guilds: v.guilds.filter(|_| v.guilds_own).map(|g| draw_rule(&g)),
        draws: v.draws.iter().map(draw_rule).collect(),
        tokens: v
            .tokens
            .iter()
            .map(|t| ir::TokenKind {
                name: t.name.clone(),
                points: t.points.clone(),
                category: t.category,
                instead_of_coins: t.instead_of_coins,
                negative: t.negative,
                public: t.public,
                sits_out: t.sits_out,
                by_choice: t.by_choice,
                sets: t.sets.clone(),
                chains: (t.chains.iter())
                    .map(|c| c.value.trim().to_lowercase())
                    .collect(),
                places: t.places.as_ref().map(|p| ir::TokenPlaces {
                    colour: p.colour,
                    draw: p.draw,
                    board: p.board.clone(),
                }),
                board_discount: t.board_discount,
                as_coins: t.as_coins,
            })
            .collect(),
        conflict: v.conflict.as_ref().map(|c| ir::Conflict {
            capital: c.capital,
            zones: c.zones.clone(),
            tokens: c.tokens.clone(),
        }),
        progress: g
            .progress
            .iter()
            .map(|t| ir::Progress {
                name: t.name.value.trim().to_string(),
                aliases: t
                    .aliases
                    .iter()
                    .map(|a| a.value.trim().to_string())
                    .collect(),
                effects: effects(v, t.effects.list(), Holder::Progress),
                copies: t.copies.map_or(1, |c| c.value.clamp(1, 255) as u8),
                text: t.text.clone(),
                words: describe::sentences(v, t.effects.list()),
            })
            .collect(),
        cards,
        wonders,
    }
}

/// The decks of a game of decks: each wonder's, then the central deck.
fn decks(g: &Game) -> Vec<ir::Deck> {
    if !matches!(g.vocab.deal, Deal::Decks { .. }) {
        return Vec::new();
    }
    let deck = |which: DeckRef| -> Vec<(u16, u8)> {
        g.cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let n: i64 = c
                    .decks
                    .iter()
                    .filter(|(d, _, _)| *d == Some(which))
                    .map(|(_, n, _)| n.value)
                    .sum();
                (n > 0).then(|| (i as u16, n.clamp(1, 255) as u8))
            })
            .collect()
    };
    let mut out: Vec<ir::Deck> = g
        .wonders
        .iter()
        .enumerate()
        .map(|(w, wonder)| ir::Deck {
            name: wonder.name.value.trim().to_string(),
            wonder: Some(w as u8),
            cards: deck(DeckRef::Wonder(w)),
        })
        .collect();
    out.push(ir::Deck {
        name: "central".to_string(),
        wonder: None,
        cards: deck(DeckRef::Central),
    });
    out
}

fn cost(c: &resolve::Cost) -> ir::Cost {
    ir::Cost {
        coins: c.coins.min(255) as u16,
        coins_per_age: c.coins_per_age.min(255) as u8,
        coins_per_card: c.coins_per_card.min(255) as u8,
        per_colours: (0..32u8)
            .filter(|&k| c.per_colours & (1 << k) != 0)
            .collect(),
        resources: c
            .resources
            .iter()
            .map(|(r, n)| (*r, (*n).min(255) as u8))
            .collect(),
        tokens: (c.tokens.iter())
            .map(|(k, n)| (*k, (*n).min(255) as u8))
            .collect(),
    }
}

fn cond(c: &resolve::Cond) -> ir::Cond {
    match c {
        resolve::Cond::More { what, seats } => ir::Cond::More {
            what: Counted::of(*what),
            seats: seats.clone(),
        },
        resolve::Cond::Exactly { what, n } => ir::Cond::Exactly {
            what: Counted::of(*what),
            n: *n,
        },
        resolve::Cond::WonderComplete => ir::Cond::AtLeast {
            what: Counted::FinishedWonders,
            n: 1,
        },
    }
}

fn counter(c: &resolve::Counter) -> ir::Counter {
    ir::Counter {
        what: if c.distinct {
            Counted::Colours(c.what.colours)
        } else if c.sets {
            Counted::ColourSets(c.what.colours)
        } else {
            Counted::of(c.what)
        },
        seats: c.seats.clone(),
        divisor: c.divisor,
        most: c.most,
    }
}

/// The category of VP from an effect of `holder`.
fn vp_category(v: &Vocab, holder: Holder) -> u8 {
    match holder {
        Holder::Card(c) => v.colour_category.get(c as usize).copied().flatten(),
        Holder::Board | Holder::Stage => v.wonder_category,
        Holder::Progress => v.progress_category,
    }
    .unwrap_or(0)
}

fn effects(v: &Vocab, list: &[resolve::Effect], holder: Holder) -> Vec<Effect> {
    list.iter().map(|e| effect(v, e, holder)).collect()
}

/// Whether production of `holder` may be bought by the neighbours.
fn tradable(v: &Vocab, holder: Holder) -> bool {
    match holder {
        Holder::Card(c) => v.tradable_colours & (1 << c) != 0,
        Holder::Board => v.tradable_board,
        Holder::Stage | Holder::Progress => false,
    }
}

fn effect(v: &Vocab, e: &resolve::Effect, holder: Holder) -> Effect {
    let op = match &e.action {
        Action::Produce { options, amount } => Op::Produce {
            options: *options,
            amount: *amount,
            tradable: tradable(v, holder),
        },
        Action::TradeRebate { n, first, seats } => Op::TradeRebate {
            n: *n,
            first: *first,
            seats: seats.clone(),
        },
        Action::ProduceMatching {
            colours,
            board,
            lacking,
        } => Op::ProduceMatching {
            colours: *colours,
            board: *board,
            lacking: *lacking,
            tradable: tradable(v, holder),
        },
        Action::Gain {
            unit,
            amount,
            per,
            cond: c,
            per_age,
            ongoing,
        } => {
            let n = *amount as i32;
            let per = per.as_ref().map(counter);
            let cond = c.as_ref().map(cond);
            match unit {
                Unit::Coins => Op::Coins {
                    n,
                    per,
                    cond,
                    per_age: *per_age,
                },
                Unit::Shields => Op::Shields {
                    n: n as u32,
                    per,
                    cond,
                    ongoing: *ongoing,
                },
                Unit::Vp => Op::Vp {
                    category: vp_category(v, holder),
                    n,
                    per,
                    cond,
                },
            }
        }
        Action::BuildFree { pile, colours } => Op::BuildFree {
            pile: match pile {
                resolve::Pile::Discard => ir::Pile::Discard,
                resolve::Pile::Hand => ir::Pile::Hand,
            },
            once_per_age: e.trigger == Trigger::OncePerAge,
            colours: *colours,
        },
        Action::Lose {
            amount,
            what: resolve::Lost::Coins,
            seats,
            per_age,
        } => Op::Lose {
            n: amount.unwrap_or(u32::MAX),
            seats: seats.clone(),
            per_age: *per_age,
        },
        Action::Lose {
            amount,
            what,
            seats,
            ..
        } => Op::LoseTokens {
            token: match what {
                resolve::Lost::Declared(k) => ir::Token::Declared(*k),
                resolve::Lost::DefeatTokens => ir::Token::Defeat,
                _ => ir::Token::Victory,
            },
            n: amount.map_or(u8::MAX, |n| n.min(254) as u8),
            seats: seats.clone(),
        },
        Action::CoinDiscount {
            amount,
            colours,
            seats,
        } => Op::CoinDiscount {
            n: amount.unwrap_or(u8::MAX),
            colours: *colours,
            seats: seats.clone(),
        },
        Action::FreeRule(r) => Op::FreeRule(match r {
            resolve::FreeRule::Colours(c) => ir::FreeRule::Colours(*c),
            resolve::FreeRule::FirstOfColour => ir::FreeRule::FirstOfColour,
            resolve::FreeRule::FirstOfAge => ir::FreeRule::FirstOfAge,
            resolve::FreeRule::LastOfAge => ir::FreeRule::LastOfAge,
        }),
        Action::ScienceRule(r) => Op::ScienceRule(match r {
            resolve::ScienceRule::SetBonus(n) => ir::ScienceRule::SetBonus {
                vp: (*n).min(255) as u8,
                category: vp_category(v, holder),
            },
            resolve::ScienceRule::Change => ir::ScienceRule::Change,
            resolve::ScienceRule::CopyMost => ir::ScienceRule::CopyMost,
        }),
        Action::Discount { amount, target } => Op::Discount {
            n: *amount,
            target: match target {
                resolve::DiscountTarget::Wonders => ir::Discount::Wonders,
                resolve::DiscountTarget::Colours(c) => ir::Discount::Colours(*c),
            },
        },
        Action::Call { call, .. } => Op::Call(call.clone()),
    };
    let natural = match &op {
        Op::Vp { .. } => On::GameEnd,
        Op::Call(c) if c.def().timing == sevenw_dsl::Timing::GameEnd => On::GameEnd,
        _ => On::Built,
    };
    let on = match &e.trigger {
        Trigger::Default | Trigger::OncePerAge => natural,
        Trigger::WhenBuilt => On::Built,
        Trigger::GameEnd => On::GameEnd,
        Trigger::AgeEnd => On::AgeEnd,
        Trigger::BuildChain => On::BuiltChain,
        Trigger::BuildStage => On::BuiltStage,
        Trigger::BuildColour(c) => On::BuiltCard(*c),
        Trigger::AnyBuildColour(c) => On::AnyBuiltCard(*c),
        Trigger::AnyBuildStage => On::AnyBuiltStage,
        Trigger::Discard => On::Discarded,
        Trigger::Drafted => On::Drafted,
        Trigger::GainVictory => On::GainedVictory,
        Trigger::BankCoins => On::TookBankCoins,
        Trigger::Bought => On::BoughtFrom,
        Trigger::TakeCard { .. } => On::TookCard,
    };
    let (took, took_colours) = match &e.trigger {
        Trigger::TakeCard { cards, colours } => (cards.clone(), *colours),
        _ => (Vec::new(), 0),
    };
    Effect {
        on,
        op,
        option: e.option,
        took,
        took_colours,
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{Counted, Counter, On, Op, Pile};
    use crate::testkit::{AGE1, AGE2, WONDERS, resolved};

    fn lowered() -> crate::ir::Game {
        let (game, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        super::lower(&[game.unwrap()]).games.remove(0)
    }

    fn card<'a>(g: &'a crate::ir::Game, name: &str) -> &'a crate::ir::Card {
        g.cards.iter().find(|c| c.name == name).unwrap()
    }

    #[test]
    fn an_expansion_chains_to_cards_of_its_game_by_name() {
        // The E0202 fixture's game, and an expansion of it whose Age I
        // card chains to the game's Library (Age II).
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/diag/e0202-expansion-chain");
        let scratch = crate::testkit::Scratch::new("lower-extended-chain");
        let harbours = scratch.0.join("harbours");
        std::fs::create_dir_all(&harbours).unwrap();
        std::fs::copy(
            fixture.join("harbours/game.yaml"),
            harbours.join("game.yaml"),
        )
        .unwrap();
        let cards = std::fs::read_to_string(fixture.join("harbours/age1.yaml")).unwrap();
        std::fs::write(
            harbours.join("age1.yaml"),
            cards.replace("[Library, Templ]", "[library]"),
        )
        .unwrap();
        let compiled = crate::check(&[fixture.join("base"), harbours]);
        let rendered = compiled.report.render(&compiled.sources, false);
        let lib = compiled.library.expect(&rendered);
        let g = lib.games.iter().find(|g| g.name == "harbours").unwrap();
        assert_eq!(g.extended_chains, [(0, "Library".to_string())]);
        assert!(g.cards[0].chains.is_empty(), "no card of its own");
        let code = crate::codegen::generate(&lib);
        assert!(
            code.contains(r#"extended_chains: &[(card::PILOT, "Library")],"#),
            "{code}"
        );
    }

    #[test]
    fn a_kinds_places_is_lowered_and_its_colour_is_a_boards() {
        // The E0302 fixture's game, and its expansion made right: omens
        // lay relics (a colour no fill names) on the shrine.
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/diag/e0302-token-places");
        let scratch = crate::testkit::Scratch::new("lower-token-places");
        let shrines = scratch.0.join("shrines");
        std::fs::create_dir_all(&shrines).unwrap();
        let game = std::fs::read_to_string(fixture.join("shrines/game.yaml")).unwrap();
        let game = game
            .replace("colours: [spirit]", "colours: [spirit, relic]")
            .replace(
                "draw: 0, colour: sprit, board: shrin",
                "draw: 2, colour: Relic, board: Shrine",
            );
        std::fs::write(shrines.join("game.yaml"), game).unwrap();
        let cards = std::fs::read_to_string(fixture.join("shrines/spirits.yaml")).unwrap();
        let relic = "  - name: Relic\n    colour: relic\n    effect: gain 1 coin\n";
        std::fs::write(shrines.join("spirits.yaml"), cards + relic).unwrap();
        let compiled = crate::check(&[fixture.join("pair"), shrines]);
        let rendered = compiled.report.render(&compiled.sources, false);
        assert!(compiled.report.diagnostics.is_empty(), "{rendered}");
        let lib = compiled.library.expect(&rendered);
        let g = lib.games.iter().find(|g| g.name == "shrines").unwrap();
        let relic = g.colours.iter().position(|c| c == "relic").unwrap() as u8;
        let omen = g.tokens.iter().find(|t| t.name == "omen").unwrap();
        assert_eq!(
            omen.places,
            Some(crate::ir::TokenPlaces {
                colour: relic,
                draw: 2,
                board: "shrine".into(),
            })
        );
        let code: String = crate::codegen::generate(&lib).split_whitespace().collect();
        let want =
            format!(r#"places:Some(TokenPlaces{{colour:Colour({relic}),draw:2,board:"shrine",}})"#);
        assert!(code.contains(&want), "{code}");
    }

    /// The `TokenInfo { .. }` of the kind `name` in generated `code`
    /// (whitespace removed), without its closing brace: its `places` is
    /// None, no brace.
    fn token_info<'a>(code: &'a str, name: &str) -> &'a str {
        let at = code.find(&format!(r#"name:"{name}","#)).expect(code);
        &code[at..at + code[at..].find('}').expect(code)]
    }

    /// The library of the E0302 fixture `fixture`'s pair and its set
    /// `set`, which checks clean.
    fn fixture_library(fixture: &str, set: &str) -> crate::ir::Library {
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/diag")
            .join(fixture);
        let compiled = crate::check(&[fixture.join("pair"), fixture.join(set)]);
        let rendered = compiled.report.render(&compiled.sources, false);
        assert!(compiled.report.diagnostics.is_empty(), "{rendered}");
        compiled.library.expect(&rendered)
    }

    #[test]
    fn a_kinds_board_discount_and_as_coins_are_lowered_and_emitted() {
        // Offerings take 2 coins off the shrine's cards, and are no coins
        // held apart.
        let lib = fixture_library("e0302-token-board-discount", "shrines");
        let g = lib.games.iter().find(|g| g.name == "shrines").unwrap();
        let offering = g.tokens.iter().find(|t| t.name == "offering").unwrap();
        assert_eq!((offering.board_discount, offering.as_coins), (2, false));
        let code: String = crate::codegen::generate(&lib).split_whitespace().collect();
        let kind = token_info(&code, "offering");
        assert!(
            kind.ends_with("places:None,board_discount:2,as_coins:false,"),
            "{kind}"
        );
        // Hoards are coins held apart; a relic held below zero is not.
        let lib = fixture_library("e0302-token-as-coins", "temple");
        let g = lib.games.iter().find(|g| g.name == "temple").unwrap();
        let kind = |name: &str| g.tokens.iter().find(|t| t.name == name).unwrap();
        assert_eq!(
            (kind("hoard").as_coins, kind("hoard").board_discount),
            (true, 0)
        );
        assert_eq!(
            (kind("relic").as_coins, kind("relic").negative),
            (false, true)
        );
        let code: String = crate::codegen::generate(&lib).split_whitespace().collect();
        let hoard = token_info(&code, "hoard");
        assert!(
            hoard.ends_with("places:None,board_discount:0,as_coins:true,"),
            "{hoard}"
        );
        let relic = token_info(&code, "relic");
        assert!(
            relic.ends_with("board_discount:0,as_coins:false,"),
            "{relic}"
        );
    }

    #[test]
    fn schemes_are_lowered_and_emitted_for_the_set_declaring_them() {
        // Plots deals its plot cards (colour 7, after the pair's seven) as
        // schemes; Crime, played with it, uses its words but declares none.
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/diag/ok-schemes");
        let sets = ["pair", "plots", "crime"].map(|s| fixture.join(s));
        let compiled = crate::check(&sets);
        let rendered = compiled.report.render(&compiled.sources, false);
        assert!(compiled.report.diagnostics.is_empty(), "{rendered}");
        let lib = compiled.library.expect(&rendered);
        let schemes = |name: &str| lib.games.iter().find(|g| g.name == name).unwrap().schemes;
        assert_eq!(schemes("plots"), Some(crate::ir::Schemes { colour: 7 }));
        assert_eq!((schemes("pair"), schemes("crime")), (None, None));
        let code: String = crate::codegen::generate(&lib).split_whitespace().collect();
        let emitted = code
            .matches("schemes:Some(SchemesInfo{colour:Colour(7)})")
            .count();
        assert_eq!(emitted, 1, "{code}");
        assert_eq!(code.matches("schemes:None").count(), 2, "{code}");
    }

    #[test]
    fn military_tokens_are_lowered_and_emitted_for_the_set_declaring_them() {
        // Militia lays its militia cards (colour 7, after the pair's seven)
        // on squares 3 and 6, in place of the pair's coin tokens.
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/diag/ok-military");
        let sets = ["pair", "militia"].map(|s| fixture.join(s));
        let compiled = crate::check(&sets);
        let rendered = compiled.report.render(&compiled.sources, false);
        assert!(compiled.report.diagnostics.is_empty(), "{rendered}");
        let lib = compiled.library.expect(&rendered);
        let game = |name: &str| lib.games.iter().find(|g| g.name == name).unwrap();
        let tokens = crate::ir::MilitaryTokens {
            colour: 7,
            at: vec![3, 6],
        };
        assert_eq!(game("militia").military_tokens, Some(tokens));
        assert_eq!(game("pair").military_tokens, None);
        // Its conflict track is the pair's, its tokens looting no coins.
        let track = |name: &str| game(name).conflict.clone().unwrap();
        assert_eq!(track("pair").tokens, [(3, 2), (6, 5)]);
        assert_eq!(track("militia").tokens, [(3, 0), (6, 0)]);
        assert_eq!(
            (track("militia").capital, track("militia").zones),
            (track("pair").capital, track("pair").zones)
        );
        let code: String = crate::codegen::generate(&lib).split_whitespace().collect();
        let emitted = code
            .matches("military:Some(MilitaryInfo{colour:Colour(7)})")
            .count();
        assert_eq!(emitted, 1, "{code}");
        assert_eq!(code.matches("military:None").count(), 1, "{code}");
        assert!(code.contains("tokens:&[(3,0),(6,0)]"), "{code}");
    }

    #[test]
    fn texts_are_the_effect_values_as_written() {
        let g = lowered();
        assert_eq!(card(&g, "Yard").text, "produce wood");
        let side = &g.wonders[0].sides[0];
        assert_eq!(side.text, "produce glass");
        assert_eq!(side.stages[0].text, "gain 3 vp");
        // Without the quotes.
        assert_eq!(
            side.stages[1].text,
            "once per age: build a card from your hand for free"
        );
        // A block scalar keeps its lines, a plain one over two lines is
        // folded (as YAML reads them), both trimmed; no effect, no text.
        let more = "age: 2\ncards:\n  \
            - {name: Well, colour: purple, effect: \"  gain 1 vp;\\tgain 2 coins \"}\n  \
            - name: Spring\n    colour: purple\n    effect: |\n      gain 1 vp;\n      gain 2 coins\n  \
            - name: Brook\n    colour: purple\n    effect: gain 1 vp;\n      gain 2 coins\n  \
            - name: Pond\n    colour: purple\n";
        let (game, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("b2.yaml", more)]);
        // `Pond` does nothing: a warning.
        assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);
        let g = super::lower(&[game.unwrap()]).games.remove(0);
        assert_eq!(card(&g, "Well").text, "gain 1 vp;\tgain 2 coins");
        assert_eq!(card(&g, "Spring").text, "gain 1 vp;\ngain 2 coins");
        assert_eq!(card(&g, "Brook").text, "gain 1 vp; gain 2 coins");
        assert_eq!(card(&g, "Pond").text, "");
    }

    #[test]
    fn natural_timing_is_made_explicit() {
        let g = lowered();
        assert_eq!(
            card(&g, "Shrine").effects[0].on,
            On::GameEnd,
            "VP count at game end"
        );
        assert_eq!(
            card(&g, "Pit").effects[0].on,
            On::Built,
            "production lasts from when built"
        );
        let copy = &card(&g, "Copyists").effects[0];
        assert_eq!(copy.on, On::GameEnd);
        let stage = &g.wonders[0].sides[0].stages[1].effects[0];
        assert_eq!(stage.on, On::Built);
        assert_eq!(
            stage.op,
            Op::BuildFree {
                pile: Pile::Hand,
                once_per_age: true,
                colours: None,
            }
        );
    }

    #[test]
    fn tradability_follows_the_vocabulary() {
        let g = lowered();
        // tradable: [brown, board]; wonder stages never.
        assert_eq!(
            card(&g, "Pit").effects[0].op,
            Op::Produce {
                options: 0b010,
                amount: 1,
                tradable: true
            }
        );
        assert_eq!(
            g.wonders[0].sides[0].board[0].op,
            Op::Produce {
                options: 0b100,
                amount: 1,
                tradable: true
            }
        );
    }

    #[test]
    fn vp_go_to_the_category_of_their_source() {
        let g = lowered();
        let cat = |name: &str| g.categories.iter().position(|c| c == name).unwrap() as u8;
        assert_eq!(
            card(&g, "Shrine").effects[0].op,
            Op::Vp {
                category: cat("civilian"),
                n: 2,
                per: None,
                cond: None
            }
        );
        assert_eq!(
            card(&g, "Masons").effects[0].op,
            Op::Vp {
                category: cat("guilds"),
                n: 1,
                per: Some(Counter {
                    what: Counted::Cards(0b001),
                    seats: vec![-1, 1],
                    divisor: 1,
                    most: false
                }),
                cond: None
            }
        );
        assert_eq!(
            g.wonders[0].sides[0].stages[0].effects[0].op,
            Op::Vp {
                category: cat("wonder"),
                n: 3,
                per: None,
                cond: None
            }
        );
    }

    #[test]
    fn chains_link_both_ways_and_cards_are_in_age_order() {
        let g = lowered();
        let ages: Vec<u8> = g.cards.iter().map(|c| c.age).collect();
        assert!(ages.windows(2).all(|w| w[0] <= w[1]));
        let pit = g.cards.iter().position(|c| c.name == "Pit").unwrap() as u16;
        let hall = g.cards.iter().position(|c| c.name == "Hall").unwrap() as u16;
        assert_eq!(card(&g, "Pit").chains, [hall]);
        assert_eq!(card(&g, "Hall").chained_from, [pit]);
        assert_eq!(card(&g, "Hall").cost.resources, [(1, 2)]);
        assert_eq!(card(&g, "Pit").copies, [3, 3, 4]);
        assert_eq!(
            g.guilds.map(|r| (r.colour, r.age, r.extra)),
            Some((2, 2, 1))
        );
    }
}

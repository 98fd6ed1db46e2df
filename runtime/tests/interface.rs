//! The game interface as a whole: every compiled game is reachable through
//! the registry and plays to its end; simulations give the same games on
//! any number of threads; moves are checked where it matters; and the bugs
//! found trying the command line as a new user would stay fixed.

use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::{Game, Illegal, Setup, try_apply};
use sevenw_runtime::games::base::{Action, Base, Move, Phase};
use sevenw_runtime::games::duel::Duel;
use sevenw_runtime::games::{AnyGame, Family, Library, Rules, SHIPPED, rules_for, rules_in};
use sevenw_runtime::sheet::{ScoreReport, Sheets, Target, seat_of};
use sevenw_runtime::sim::{SimOptions, simulate};

fn base() -> Base {
    Base::new(sevenw_cards::game("base").unwrap()).unwrap()
}

fn duel() -> Duel {
    Duel::new(sevenw_cards::game("duel").unwrap()).unwrap()
}

#[test]
fn every_compiled_game_has_rules_and_plays_to_the_end() {
    // Every game and edition on its own, and every game with each of its
    // expansions (an expansion is no game of its own), with those it is
    // played with (`with:`, the Cities leaders with Cities and Leaders).
    let games = sevenw_cards::GAMES;
    let mut playable: Vec<&'static sevenw_host::GameInfo> = Vec::new();
    for info in games.iter().filter(|i| i.extends.is_empty()) {
        playable.push(info);
        for x in sevenw_runtime::expansions_of(games, info.name) {
            let mut named = vec![x.name];
            named.extend(x.with.iter().copied());
            let with = sevenw_runtime::select(games, info.name, Some(info.edition), &named)
                .unwrap_or_else(|e| panic!("{} with {}: {}", info.name, x.name, e.message));
            playable.push(with);
        }
    }
    assert!(playable.len() > games.iter().filter(|i| i.extends.is_empty()).count());
    for info in playable {
        let g: Box<dyn AnyGame> = rules_for(info).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.info().name, info.name);
        // A game of one player count (Duel) is set up without saying it.
        let players = (info.max_players > 2).then_some(usize::from(info.min_players));
        let setup = Setup {
            players,
            seed: 3,
            ..Setup::default()
        };
        let seats = players.unwrap_or(2);
        let played = g.play(&setup, &vec![BotKind::Random; seats]).unwrap();
        assert!(played.text.contains("Final scores"), "{}", info.name);
        let ending = played.log.ending.as_ref().unwrap();
        assert_eq!(ending.scores.len(), seats);
        assert!(g.victories().contains(&ending.victory.as_str()));
        // The log plays back to the same story (all but the header line).
        let again = g.replay(&played.log).unwrap();
        let body = |t: &str| t[t.find('\n').unwrap()..].to_string();
        assert_eq!(body(&again), body(&played.text), "{}", info.name);
    }
    // Each shipped family plays a shipped game, and each shipped game
    // names a shipped family.
    for f in SHIPPED {
        assert!(
            sevenw_cards::GAMES.iter().any(|i| i.family == f.name),
            "family {} plays no shipped game",
            f.name
        );
    }
    for i in sevenw_cards::GAMES {
        assert!(
            SHIPPED.iter().any(|f| f.name == i.family),
            "{} names the family `{}`, which is not shipped",
            i.name,
            i.family
        );
    }
}

#[test]
fn a_game_is_played_by_the_family_its_card_set_names() {
    let info = sevenw_cards::game("duel").unwrap();
    // Without the family its card set names, nothing plays it, and the
    // message says which family is missing and which there are.
    let others: Vec<Family> = SHIPPED
        .iter()
        .copied()
        .filter(|f| f.name != "duel")
        .collect();
    let Err(e) = rules_in(&others, info) else {
        panic!("duel played without its family");
    };
    assert!(
        e.contains("`duel`") && e.contains("base, architects"),
        "{e}"
    );
    // A family of another name that loads Duel's rules plays it once its
    // card set names it: the registry goes by name, not by the tables.
    let renamed = Family {
        name: "duel",
        ..SHIPPED[0]
    };
    assert!(
        rules_in(&[renamed], info).is_err(),
        "base's rules bound to Duel's tables"
    );
    let lib = Library::shipped(sevenw_cards::GAMES);
    assert_eq!(lib.rules(info).unwrap().info().name, "duel");
}

#[test]
fn a_family_with_only_the_rules_plays_and_says_plainly_what_it_lacks() {
    // The base game's rules with none of its sheets, story or scenarios.
    let g = Rules::new(base());
    let setup = Setup {
        players: Some(3),
        seed: 5,
        ..Setup::default()
    };
    let played = g.play(&setup, &[BotKind::Random; 3]).unwrap();
    // The plain story: a line per decision in the game's words, by seat,
    // then the final scores; the same as the full rules' log.
    let decisions = played.log.decisions.len();
    let (story, scores) = played.text.split_once("\nFinal scores\n").unwrap();
    let told = story.lines().filter(|l| l.starts_with("player ")).count();
    assert_eq!(told, decisions, "{story}");
    assert!(scores.contains("player 3"), "{scores}");
    let full = rules_for(sevenw_cards::game("base").unwrap()).unwrap();
    assert_eq!(
        full.play(&setup, &[BotKind::Random; 3]).unwrap().log,
        played.log
    );
    let again = g.replay(&played.log).unwrap();
    let body = |t: &str| t[t.find('\n').unwrap()..].to_string();
    assert_eq!(body(&again), body(&played.text));
    // Simulation, with its checks, needs no sheets.
    let opts = SimOptions {
        setup: setup.clone(),
        bots: vec![BotKind::Random; 3],
        games: 20,
        threads: 1,
        check: true,
    };
    assert_eq!(g.runs().sim(&opts, &|_| {}).unwrap().games, 20);
    // What needs sheets, scenarios, tables or observations says so.
    assert!(g.sheets().is_none() && g.scenarios().is_none());
    assert!(g.tables().is_none() && g.envs().is_none());
    let e = g.need_sheets("`score`").err().unwrap();
    assert!(e.ends_with("has no city sheets: `score` needs one"), "{e}");
    let e = g.need_scenarios().err().unwrap();
    assert!(e.ends_with("has no scenarios: `test` needs them"), "{e}");
    assert!(
        g.need_tables()
            .err()
            .unwrap()
            .contains("played by bots only")
    );
    assert!(g.need_envs().err().unwrap().contains("has no observations"));
    // A family with them offers each.
    assert!(full.need_sheets("`score`").is_ok() && full.need_envs().is_ok());
}

#[test]
fn a_simulation_is_the_same_on_any_number_of_threads() {
    let b = base();
    let d = duel();
    let opts = |players: Option<usize>, threads| SimOptions {
        setup: Setup {
            players,
            seed: 11,
            ..Setup::default()
        },
        bots: vec![BotKind::Random; players.unwrap_or(2)],
        games: 300,
        threads,
        check: false,
    };
    let one = simulate(&b, &opts(Some(4), 1), &|_| {}).unwrap();
    for threads in [2, 3, 8] {
        assert_eq!(simulate(&b, &opts(Some(4), threads), &|_| {}).unwrap(), one);
    }
    assert_eq!(one.games, 300);
    assert_eq!(one.seat_wins.iter().sum::<u64>() + one.shared, 300);
    let one = simulate(&d, &opts(None, 1), &|_| {}).unwrap();
    assert_eq!(simulate(&d, &opts(None, 2), &|_| {}).unwrap(), one);
    // Progress is told for every game.
    let told = std::sync::atomic::AtomicU64::new(0);
    simulate(&d, &opts(None, 2), &|n| {
        told.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(told.into_inner(), 300);
}

#[test]
fn moves_are_checked_when_asked() {
    let b = base();
    let mut st = b.start(&Setup::new(3, 1)).unwrap();
    let hand = st.table.hands[0].clone();
    let discard = Move::new(0, hand[0], Action::Discard);
    assert_eq!(
        try_apply(&b, &mut st, 1, &discard),
        Err(Illegal::NotYourTurn { to_move: 0 })
    );
    let foreign = Move::new(0, st.table.hands[1][0], Action::Discard);
    assert_eq!(try_apply(&b, &mut st, 0, &foreign), Err(Illegal::NotLegal));
    assert_eq!(try_apply(&b, &mut st, 0, &discard), Ok(()));
    // Seat 0 has chosen; the others have not: nothing is carried out yet.
    assert_eq!(st.table.hands[0].len(), 7);
    assert_eq!(b.to_move(&st), Some(1));
    assert_eq!(st.phase, Phase::Turn);
}

/// A base sheet of three players, with lines for the test to change.
const BASE: &str = "\
game: base
players:
  - name: Ana
    wonder: Babylon
    conflict: [-1]
  - name: Ben
    wonder: Giza
    cards: [Strategists Guild]
  - name: Cy
    wonder: Rhodes
";

fn score(g: &impl Sheets, text: &str) -> ScoreReport {
    let s = g.read_sheet(text).unwrap_or_else(|e| panic!("{e}"));
    ScoreReport::new(g, &g.outcome(&s.state), &s.names)
}

fn points(r: &ScoreReport, player: usize, cat: &str) -> i32 {
    r.players[player]
        .points
        .iter()
        .find(|(c, _)| *c == cat)
        .unwrap()
        .1
}

#[test]
fn conflict_tokens_never_wrap() {
    // 300 defeat tokens next to the Strategists Guild: 300 points, in a
    // debug build (no overflow panic) and in release (no wrap to 44).
    let b = base();
    let many = vec!["-1"; 300].join(", ");
    let r = score(
        &b,
        &BASE.replace("conflict: [-1]", &format!("conflict: [{many}]")),
    );
    assert_eq!(points(&r, 1, "guilds"), 300);
    assert_eq!(points(&r, 0, "military"), -300);
    let many = vec!["5"; 256].join(", ");
    let r = score(
        &b,
        &BASE.replace("conflict: [-1]", &format!("conflict: [{many}]")),
    );
    assert_eq!(points(&r, 0, "military"), 1280);
}

#[test]
fn sheet_mistakes_are_said_in_the_users_terms() {
    let b = base();
    let err = |text: &str| {
        b.read_sheet(text)
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{text}"))
    };
    let e = err(&format!("{BASE}---\n{BASE}"));
    assert!(e.message.contains("more than one YAML document"), "{e}");
    let e = err(&BASE.replace(
        "    wonder: Giza\n",
        "    wonder: Giza\n    wonder: Olympia\n",
    ));
    assert_eq!(e.message, "`wonder` is given twice");
    assert_eq!((e.line, e.column), (8, 5));
    let e = err(&BASE.replace("  - name: Cy\n", "  - name: Cy\n    coins: 2147483648\n"));
    assert_eq!(
        e.message,
        "`coins` must be a whole number from 0 to 1000000, not 2147483648"
    );
    let e = err(&BASE.replace("  - name: Cy\n", "  - name: Cy\n    coins: lots\n"));
    assert!(e.message.ends_with("not `lots`"), "{e}");
    let e = err(&BASE.replace("  - name: Cy\n", "  - name: Cy\n    colr: red\n"));
    assert!(e.message.contains("unknown field `colr`"), "{e}");
    for word in [
        "from_str",
        "DuplicateKeyPolicy",
        "budget breached",
        "invalid i64",
    ] {
        for text in [
            format!("{BASE}---\n{BASE}"),
            BASE.replace(
                "    wonder: Giza\n",
                "    wonder: Giza\n    wonder: Olympia\n",
            ),
            BASE.replace("  - name: Cy\n", "  - name: Cy\n    coins: lots\n"),
        ] {
            assert!(!err(&text).message.contains(word), "{word}");
        }
    }
    // The place is given once, by the error's line and column.
    let e = err("game: base\nplayers: [\n");
    assert!(!e.message.contains("line ") && e.line > 0, "{e}");
}

#[test]
fn duel_score_and_price_read_a_sheet_the_same_way() {
    let d = duel();
    let text = "game: duel\nplayers:\n  - name: Ana\n    coins: 20\n    cards: [Baths]\n  - name: Ben\n    coins: 20\n";
    let s = d.read_sheet(text).unwrap();
    let price = |who: &str, card: &str| {
        d.price(
            &s.state,
            &s.names,
            seat_of(&s.names, who).unwrap(),
            &Target::named("card", card.into()),
        )
        .unwrap()
    };
    // The opponent's card cannot be built: the game has one copy.
    let p = price("Ben", "Baths");
    assert!(!p.buildable && p.coins.is_none(), "{p:?}");
    assert_eq!(p.reason, "Baths is already Ana's: the game has one copy");
    assert_eq!(price("Ana", "Baths").reason, "Ana already has Baths");
    assert!(price("Ben", "Altar").buildable);
    // And a sheet giving it to both is refused, in the same words.
    let both = "game: duel\nplayers:\n  - name: Ana\n    cards: [Baths]\n  - name: Ben\n    cards: [Baths]\n";
    let e = d.read_sheet(both).err().unwrap();
    assert_eq!((e.line, e.column), (6, 13));
    assert!(
        e.message
            .contains("Baths is already Ana's: the game has one copy"),
        "{e}"
    );
}

#[test]
fn a_sheet_is_read_by_its_own_game_only() {
    let e = base()
        .read_sheet(BASE.replace("game: base", "game: duel").as_str())
        .err()
        .unwrap();
    assert_eq!((e.line, e.column), (1, 7));
    assert!(e.message.contains("a sheet of `duel`"), "{e}");
    let e = duel()
        .read_sheet("game: base\nplayers:\n  - name: A\n  - name: B\n")
        .err()
        .unwrap();
    assert!(e.message.contains("read as a sheet of `duel`"), "{e}");
}

#[test]
fn laying_out_cards_for_a_scenario_keeps_every_card_somewhere() {
    let d = duel();
    let w: Vec<(u8, u8)> = (0..8).map(|w| (w, 0)).collect();
    let mut st = d.start(&Setup::seeded(4).with_wonders(w)).unwrap();
    let baths = d.vocab.find_card("Baths").unwrap();
    d.lay_out(&mut st, &[baths]);
    let t = &st.table;
    let mut placed: Vec<_> = t.layout.remaining().collect();
    placed.extend_from_slice(&t.discard);
    let mut dealt = t.dealt.clone();
    placed.sort();
    dealt.sort();
    assert_eq!(placed, dealt, "what was dealt is laid out");
    // The replaced Age I back in the box, the cards set aside kept
    // apart, and the Baths laid out in neither.
    assert_eq!(
        t.boxed.len() + t.aside_cards.len(),
        3 + 20 - 1,
        "the set-aside cards and the replaced Age I"
    );
    assert_eq!(t.aside_cards.len(), 3);
    assert!(!t.boxed.contains(&baths) && !t.aside_cards.contains(&baths));
}

/// Choosing an edition and expansions: what exists is found in any case,
/// and a mistake names the option, what exists and the nearest name.
#[test]
fn editions_and_expansions_are_chosen_by_name() {
    use sevenw_cards::GAMES;
    use sevenw_runtime::select;
    let second = select(GAMES, "BASE", Some(2), &[" Leaders "]).unwrap();
    assert_eq!((second.name, second.edition), ("base", 2));
    assert!(second.cards.len() > select(GAMES, "base", Some(2), &[]).unwrap().cards.len());
    let e = select(GAMES, "base", None, &["leader"]).unwrap_err();
    assert_eq!(e.option, "with");
    assert!(
        e.message
            .starts_with("unknown expansion `leader` of `base` (expansions: ")
            && e.message.ends_with("); did you mean `leaders`?"),
        "{}",
        e.message
    );
    let e = select(GAMES, "base", Some(3), &[]).unwrap_err();
    assert_eq!(e.option, "edition");
    assert!(e.message.contains("editions: 1, 2"), "{}", e.message);
    let e = select(GAMES, "duel", None, &["leaders"]).unwrap_err();
    assert_eq!(
        e.message,
        "unknown expansion `leaders` of `duel` (expansions: agora, pantheon)"
    );
    let e = select(GAMES, "architects", None, &["leaders"]).unwrap_err();
    assert!(e.message.contains("`architects` has none"), "{}", e.message);
    let e = select(GAMES, "leaders", None, &[]).unwrap_err();
    assert_eq!(e.option, "game");
}

//! Edifice (issue 10) through the game interface: the rulebook's example of
//! joining a project (a stage of 2 wood with the Belvedere's 1 coin), a
//! project completed when its last pawn is taken, and one failed at the end
//! of the Age (penalty paid in full, or a debt token). Rules: the Spanish
//! rulebook of 7 Wonders: Edifice (second edition), sections A. PARTICIPAR
//! EN EL PROYECTO and B. CONSTRUIR LA EDIFICACIÓN; cards: the published
//! Edifice projects (costs, rewards and penalties, as in `cards/edifice`).

use sevenw_host::{CardId, ResSet};
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::base::{Action, Base, Move, Phase, State, Status};

fn edifice() -> Base {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", Some(1), &["edifice"])
        .expect("edifice composes with the base game");
    Base::new(info).expect("the base rules play it")
}

fn card(b: &Base, name: &str) -> CardId {
    CardId(
        b.info
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name}")) as u16,
    )
}

fn res(b: &Base, name: &str) -> ResSet {
    ResSet(1 << b.info.resources.iter().position(|r| *r == name).unwrap())
}

fn wonder(b: &Base, name: &str) -> u8 {
    b.info.wonders.iter().position(|w| w.name == name).unwrap() as u8
}

/// A 3-player Age I with `project` as the Age I project; every seat on
/// Giza side A (first stage: 2 stone) but seat 0 on `board`.
fn start(b: &Base, project: &str, board: (&str, u8)) -> State {
    let giza = wonder(b, "Giza");
    let babylon = wonder(b, "Babylon");
    let rhodes = wonder(b, "Rhodes");
    let first = wonder(b, board.0);
    let others: Vec<u8> = [giza, babylon, rhodes]
        .into_iter()
        .filter(|&w| w != first)
        .collect();
    let setup = Setup {
        wonders: Some(vec![(first, board.1), (others[0], 0), (others[1], 0)]),
        ..Setup::new(3, 11)
    };
    let mut s = b.start(&setup).unwrap();
    assert_eq!(s.table.projects.len(), 3);
    assert_eq!(s.table.projects[0].pawns, 2, "2 pawns at 3 players");
    s.table.projects[0].card = card(b, project);
    s
}

/// The complete moves (each stage with each way to pay).
fn moves(b: &Base, s: &mut State) -> Vec<Move> {
    let mut out = Vec::new();
    b.complete_moves(s, &mut out);
    out
}

/// Everyone discards but seats in `joins`, who build a stage joining.
fn turn(b: &Base, s: &mut State, joins: &[usize]) {
    for seat in 0..3 {
        let all = moves(b, s);
        let mv = if joins.contains(&seat) {
            *all.iter()
                .find(|m| matches!(m.action, Action::Stage(_, how) if how.join))
                .unwrap_or_else(|| panic!("seat {seat} can join: {all:?}"))
        } else {
            *all.iter().find(|m| m.action == Action::Discard).unwrap()
        };
        b.apply(s, &mv);
    }
}

#[test]
fn the_rulebook_example_a_stage_of_two_wood_with_the_belvedere() {
    // "Era I, la etapa cuesta 2 de madera, el Mirador cuesta 1 moneda":
    // Rhodes A's first stage costs 2 wood.
    let b = edifice();
    let rhodes = &b.info.wonders[usize::from(wonder(&b, "Rhodes"))].sides[0];
    assert_eq!(rhodes.stages[0].cost.resources.len(), 1);
    assert_eq!(rhodes.stages[0].cost.resources[0].1, 2);
    let (name, side) = ("Rhodes", 0);
    let mut s = start(&b, "Belvedere", (name, side));
    s.table.cities[0].own.add(res(&b, "wood"), 2);
    s.table.cities[0].coins = 3;
    let all = moves(&b, &mut s);
    let join = all
        .iter()
        .find(|m| matches!(m.action, Action::Stage(p, how) if how.join && p.total() == 1))
        .expect("the stage with 2 wood of its own and 1 coin for the Belvedere");
    let plain = all
        .iter()
        .find(|m| matches!(m.action, Action::Stage(p, how) if !how.join && p.total() == 0));
    assert!(plain.is_some(), "the stage alone costs no coin");
    b.apply(&mut s, join);
    for _ in 1..3 {
        let d = *moves(&b, &mut s)
            .iter()
            .find(|m| m.action == Action::Discard)
            .unwrap();
        b.apply(&mut s, &d);
    }
    let me = &s.table.cities[0];
    assert_eq!(me.coins, 2, "3 coins less the Belvedere's 1");
    assert_eq!(me.stages, 1);
    assert!(s.table.seats[0].has_pawn(1));
    assert_eq!(s.table.projects[0].left, 1, "one pawn taken from the card");
    assert_eq!(s.table.projects[0].status, Status::Open);
    // Once per Age: no second join.
    assert!(
        moves(&b, &mut s)
            .iter()
            .all(|m| !matches!(m.action, Action::Stage(_, how) if how.join))
    );
}

#[test]
fn the_last_pawn_completes_the_project_and_every_holder_gains_the_reward() {
    // Money Changer: 1 coin to join, 4 coins to each participant (facts §4).
    let b = edifice();
    let mut s = start(&b, "Money Changer", ("Giza", 0));
    for c in &mut s.table.cities {
        c.coins = 5;
        for r in ["stone", "clay", "wood", "ore"] {
            c.own.add(res(&b, r), 3);
        }
    }
    // Three join in one turn, two pawns on the card: the third from the box.
    turn(&b, &mut s, &[0, 1, 2]);
    let p = s.table.projects[0];
    assert_eq!((p.left, p.from_box, p.status), (0, 1, Status::Completed));
    for (c, held) in s.table.cities.iter().zip(&s.table.seats) {
        assert!(held.has_pawn(1));
        assert_eq!(c.coins, 5 - 1 + 4, "paid 1, gained 4 at once");
        assert!(!c.cards.contains(&p.card), "a reward, not a built card");
    }
}

#[test]
fn a_failed_project_makes_those_without_a_pawn_pay_or_take_a_debt_token() {
    // The Belvedere fails: discard a brown card (facts §4); a player with
    // none pays nothing and takes the Age I debt token, -2 (B. CONSTRUIR LA
    // EDIFICACIÓN). The player holding a pawn pays nothing.
    let b = edifice();
    let mut s = start(&b, "Belvedere", ("Giza", 0));
    s.table.cities[0].own.add(res(&b, "stone"), 2);
    s.table.cities[0].coins = 3;
    let lumber = card(&b, "Lumber Yard");
    b.add_card(&mut s.table.cities, 0, lumber, false);
    b.add_card(&mut s.table.cities, 2, lumber, false);
    turn(&b, &mut s, &[0]);
    // Play out Age I with discards only.
    while s.table.age == 1 && s.phase != Phase::Over {
        let d = *moves(&b, &mut s)
            .iter()
            .find(|m| m.action == Action::Discard)
            .unwrap();
        b.apply(&mut s, &d);
    }
    assert_eq!(s.table.projects[0].status, Status::Failed);
    let c = &s.table.cities;
    // The kind the project rule names: `penalty`, -2/-3/-5 by Age.
    let debt = usize::from(b.info.projects.unwrap().debt);
    assert_eq!(b.info.tokens[debt].name, "penalty");
    assert_eq!(c[0].held(debt), 0, "a pawn holder pays nothing");
    assert!(c[0].cards.contains(&lumber));
    assert_eq!(c[1].held(debt), 1, "no brown card: a debt token");
    assert_eq!(c[1].tokens[debt][..3], [1, 0, 0], "of Age I");
    let mut points = [0; sevenw_runtime::engine::city::MAX_CATEGORIES];
    c[1].token_points(b.info, &mut points);
    assert_eq!(points.iter().sum::<i32>(), -2);
    assert_eq!(c[2].held(debt), 0);
    assert!(!c[2].cards.contains(&lumber), "paid with its brown card");
    assert!(s.table.discard.contains(&lumber));
    assert_eq!(
        c[2].own
            .max_of(sevenw_host::Res(res(&b, "wood").0.trailing_zeros() as u8)),
        0
    );
    let out = b.final_scores(&s.table);
    let edifice = b.vocab.category("edifice").unwrap();
    assert_eq!(out.scores[1].points[usize::from(edifice.0)], -2);
    assert_eq!(out.scores[2].points[usize::from(edifice.0)], 0);
}

const SHEET: &str = "\
game: base
expansions: [edifice]
projects:
  - {name: Belvedere, completed: true}
  - {name: Auction House, failed: true}
  - {name: Archives, completed: true}
players:
  - {name: Ana, wonder: Rhodes, stages: 2, coins: 3, cards: [Lumber Yard, Altar, Baths], pawns: [1, 3], tokens: {penalty: [-3]}}
  - {name: Ben, wonder: Giza, stages: 1, pawns: [2]}
  - {name: Cid, wonder: Ur, tokens: {penalty: [-2, -3]}}
";

fn read(
    text: &str,
) -> Result<sevenw_runtime::sheet::Sheet<Base>, sevenw_runtime::sheet::SheetError> {
    use sevenw_runtime::sheet::Sheets;
    edifice().read_sheet(text)
}

fn edifice_points(text: &str) -> Vec<i32> {
    let b = edifice();
    let s = read(text).unwrap();
    let r = sevenw_runtime::sheet::ScoreReport::new(&b, &b.outcome(&s.state), &s.names);
    r.players
        .iter()
        .map(|p| {
            p.points
                .iter()
                .find(|(c, _)| *c == "edifice")
                .map(|&(_, v)| v)
                .expect("an edifice column")
        })
        .collect()
}

/// FINAL DE LA PARTIDA: the completed projects' points of their
/// participants and the debt tokens on one line. Ana: Belvedere 2 (two
/// stages), Archives 2 (brown and blue), a -3 token; Ben joined only the
/// failed Auction House; Cid holds -2 and -3.
#[test]
fn a_sheet_scores_completed_projects_and_debt_in_edifice() {
    assert_eq!(edifice_points(SHEET), [1, 0, -5]);
    let s = read(SHEET).unwrap();
    let t = &s.state.table;
    assert_eq!(
        t.projects.iter().map(|p| p.status).collect::<Vec<_>>(),
        [Status::Completed, Status::Failed, Status::Completed]
    );
    assert_eq!(t.seats[0].pawns, 0b101);
    // An open Age III project gives nothing yet.
    let open = SHEET.replace("{name: Archives, completed: true}", "Archives");
    assert_eq!(edifice_points(&open), [-1, 0, -5]);
}

#[test]
fn sheet_mistakes_about_projects_have_places() {
    let err = |from: &str, to: &str| {
        let e = read(&SHEET.replace(from, to)).map(|_| ()).unwrap_err();
        (e.line, e.column, e.message)
    };
    let (l, c, m) = err("name: Belvedere,", "name: Belvedre,");
    assert_eq!((l, c), (4, 12));
    assert!(m.contains("did you mean `Belvedere`"), "{m}");
    let (l, _, m) = err("name: Auction House,", "name: Altar,");
    assert_eq!(l, 5);
    assert!(m.contains("Altar is not a project"), "{m}");
    let (l, _, m) = err("name: Auction House,", "name: Money Changer,");
    assert_eq!(l, 5);
    assert!(m.contains("one project per Age"), "{m}");
    let (l, _, m) = err("game: base\n", "game: base\nage: 2\n");
    assert_eq!(l, 7);
    assert!(m.contains("cannot be completed in Age II"), "{m}");
    let (l, _, m) = err("{name: Auction House, failed: true}", "Auction House");
    assert_eq!(l, 5);
    assert!(m.contains("Age II is over"), "{m}");
    let (l, c, m) = err("tokens: {penalty: [-3]}", "tokens: {penalty: [-4]}");
    assert_eq!((l, c), (8, 124));
    assert!(
        m.contains("a penalty token is worth -2, -3 or -5, not -4"),
        "{m}"
    );
    // The debt tokens a player held under `debt:` are the kind `penalty`.
    let (l, c, m) = err("tokens: {penalty: [-3]}", "debt: [-3]");
    assert_eq!((l, c), (8, 112));
    assert!(m.contains("write `tokens: {penalty: [-2, -5]}`"), "{m}");
    let (l, _, m) = err("pawns: [1, 3]", "pawns: [1, 4]");
    assert_eq!(l, 8);
    assert!(m.contains("pawns"), "{m}");
    let (l, _, m) = err("pawns: [1, 3]", "pawns: [1, 1]");
    assert_eq!(l, 8);
    assert!(m.contains("one pawn"), "{m}");
    let (l, _, m) = err(
        "completed: true}\n  - {name: Auction",
        "complete: true}\n  - {name: Auction",
    );
    assert_eq!(l, 4);
    assert!(m.contains("did you mean `completed`"), "{m}");
    // Without Edifice, no projects.
    let b = Base::new(sevenw_cards::game("base").unwrap()).unwrap();
    use sevenw_runtime::sheet::Sheets;
    let e = b
        .read_sheet(
            &SHEET
                .replace("expansions: [edifice]\n", "")
                .replace("wonder: Ur", "wonder: Babylon"),
        )
        .map(|_| ())
        .unwrap_err();
    assert!(e.message.contains("has no projects"), "{}", e.message);
}

/// `sevenw price --stage --join`: the stage's cost and the current Age's
/// project's coins together (A. PARTICIPAR EN EL PROYECTO), or why not.
#[test]
fn price_of_a_stage_joining_the_project() {
    use sevenw_runtime::sheet::{Sheets, Target};
    let sheet = "\
game: base
expansions: [edifice]
age: 1
projects: [Belvedere]
players:
  - {name: Ana, wonder: Rhodes, side: A, coins: 3, cards: [Lumber Yard]}
  - {name: Ben, wonder: Giza, side: A, coins: 1, cards: [Timber Yard], pawns: [1]}
  - {name: Cid, wonder: Babylon, side: A, coins: 0, cards: [Clay Pool, Clay Pit]}
";
    let b = edifice();
    let s = b.read_sheet(sheet).unwrap();
    let price = |seat: usize, t: Target| b.price(&s.state, &s.names, seat, &t).unwrap();
    // Rhodes A's 2 wood: her Lumber Yard and 1 bought from Ben (2 coins),
    // and the Belvedere's 1 coin.
    let p = price(0, Target::of("stage"));
    assert_eq!((p.buildable, p.coins), (true, Some(2)));
    let p = price(0, Target::of("join"));
    assert_eq!((p.buildable, p.coins), (true, Some(3)));
    assert!(p.reason.contains("joining the Belvedere"), "{}", p.reason);
    // Ben joined this Age already.
    let p = price(1, Target::of("join"));
    assert!(
        !p.buildable && p.reason.contains("once per Age"),
        "{}",
        p.reason
    );
    // Cid pays the stage with his own clay but lacks the coin.
    assert_eq!(price(2, Target::of("stage")).coins, Some(0));
    let p = price(2, Target::of("join"));
    assert_eq!((p.buildable, p.coins), (false, Some(1)));
    // A completed project is joined no more.
    let done = sheet.replace(
        "age: 1\nprojects: [Belvedere]",
        "age: 1\nprojects: [{name: Belvedere, completed: true}]",
    );
    let s = b.read_sheet(&done).unwrap();
    let p = b.price(&s.state, &s.names, 0, &Target::of("join")).unwrap();
    assert!(
        !p.buildable && p.reason.contains("completed"),
        "{}",
        p.reason
    );
    // Without Edifice, --join is refused.
    let plain = Base::new(sevenw_cards::game("base").unwrap()).unwrap();
    assert!(plain.refuse(&Target::of("join")).is_some());
    assert!(plain.refuse(&Target::of("stage")).is_none());
}

/// Counts the greedy bots' decisions where joining the project was legal,
/// and those that joined.
#[derive(Default)]
struct Joins {
    offered: usize,
    joined: usize,
}

impl sevenw_runtime::game::Observer<Base> for Joins {
    fn decided(&mut self, _g: &Base, _s: &State, _seat: usize, index: usize, moves: &[Move]) {
        let join = |m: &Move| matches!(m.action, Action::Stage(_, how) if how.join);
        if moves.iter().any(join) {
            self.offered += 1;
            if moves.get(index).is_some_and(join) {
                self.joined += 1;
            }
        }
    }
}

/// The greedy bot values joining (its reward, the penalty spared): over
/// seeded 4-player games of greedy bots with Edifice it joins some projects,
/// completes some, and does not join at every chance.
#[test]
fn greedy_bots_join_projects_in_some_games() {
    use sevenw_runtime::bots::{BotKind, table};
    let b = edifice();
    let mut joins = Joins::default();
    let mut games_with_a_join = 0;
    let mut completed = 0;
    for seed in 0..12 {
        let mut s = b.start(&Setup::new(4, seed)).unwrap();
        let mut bots = table(&[BotKind::Greedy; 4], seed);
        let before = joins.joined;
        sevenw_runtime::game::play_out(&b, &mut s, &mut bots, &mut joins).unwrap();
        games_with_a_join += usize::from(joins.joined > before);
        completed += s
            .table
            .projects
            .iter()
            .filter(|p| p.status == Status::Completed)
            .count();
        // Every project is settled and pawns come only from joining or the box.
        for p in &s.table.projects {
            assert_ne!(p.status, Status::Open);
            let holders = s.table.seats.iter().filter(|c| c.has_pawn(p.age)).count();
            assert!(holders >= usize::from(p.pawns - p.left));
        }
    }
    assert!(
        games_with_a_join >= 3,
        "{games_with_a_join} games with a join"
    );
    assert!(completed >= 1, "no project completed");
    assert!(
        joins.joined < joins.offered,
        "joined {} of {}",
        joins.joined,
        joins.offered
    );
}

//! Play itself: a game of any variant, seed and player count, each decision
//! taken by the fuzzer's bytes (a seeded random bot once they run out),
//! every invariant checked after every move, the end re-scored as a sheet
//! and replayed from its log ([`sevenw_runtime::soak::play_checked`]).

use std::cell::Cell;
use std::rc::Rc;
use std::sync::OnceLock;

use arbitrary::Unstructured;
use sevenw_runtime::bots::RandomBot;
use sevenw_runtime::game::{Game, Player, Setup, Sides};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::games::duel::Duel;
use sevenw_runtime::sheet::Sheets;
use sevenw_runtime::sim::Statistics;
use sevenw_runtime::soak::{Invariants, play_checked};

/// Every game's rules, built once: the base game in both editions with
/// every combination of expansions, Duel, Architects.
struct Rules {
    base: Vec<Base>,
    duel: Duel,
    architects: Architects,
}

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let games = sevenw_cards::GAMES;
        let mut base = Vec::new();
        for edition in [1, 2] {
            for with in [&[][..], &["leaders"], &["edifice"], &["leaders", "edifice"]] {
                let info = sevenw_runtime::select(games, "base", Some(edition), with)
                    .expect("the shipped card sets fit together");
                base.push(Base::new(info).expect("the base rules play them"));
            }
        }
        let duel = Duel::new(sevenw_cards::game("duel").expect("compiled")).expect("rules");
        let architects =
            Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules");
        Rules {
            base,
            duel,
            architects,
        }
    })
}

/// Chooses by the fuzzer's bytes, shared by every seat; then at random.
struct Bytes<'a> {
    data: &'a [u8],
    at: Rc<Cell<usize>>,
    fallback: RandomBot,
}

impl<G: Game> Player<G> for Bytes<'_> {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        let i = self.at.get();
        match self.data.get(i) {
            Some(&b) => {
                self.at.set(i + 1);
                usize::from(b) % moves.len()
            }
            None => self.fallback.choose(game, view, moves),
        }
    }
}

fn run<G: Statistics + Invariants + Sheets>(g: &G, setup: &Setup, seats: usize, data: &[u8]) {
    let at = Rc::new(Cell::new(0));
    let mut players: Vec<Bytes<'_>> = (0..seats)
        .map(|s| Bytes {
            data,
            at: Rc::clone(&at),
            fallback: RandomBot::new(setup.seed ^ s as u64),
        })
        .collect();
    if let Err(v) = play_checked(g, setup, &mut players) {
        panic!("{}: {v}", g.info().title);
    }
}

/// The target: the first bytes choose the game and set-up, the rest the
/// decisions.
pub fn play(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let (Ok(which), Ok(seed), Ok(sides), Ok(expert)) = (
        u.int_in_range(0u8..=9),
        u.arbitrary::<u64>(),
        u.int_in_range(0u8..=2),
        u.arbitrary::<bool>(),
    ) else {
        return;
    };
    let sides = [Sides::A, Sides::B, Sides::Random][usize::from(sides)];
    let r = rules();
    let players = |min: u8, max: u8, u: &mut Unstructured<'_>| {
        u.int_in_range(min..=max)
            .map(usize::from)
            .unwrap_or(usize::from(min))
    };
    match which {
        0..=7 => {
            let b = &r.base[usize::from(which)];
            let n = players(3, 7, &mut u);
            let mut setup = Setup::new(n, seed).with_sides(sides);
            // Only Leaders has expert cards to deal.
            if expert && which % 2 == 1 {
                setup = setup.with_option("leaders", "all");
            }
            run(b, &setup, n, u.take_rest());
        }
        8 => run(&r.duel, &Setup::seeded(seed), 2, u.take_rest()),
        _ => {
            let n = players(2, 7, &mut u);
            run(&r.architects, &Setup::new(n, seed), n, u.take_rest());
        }
    }
}

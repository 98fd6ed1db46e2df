//! Observations (`env::Observe`, `runtime/FORMATS.md`, "Observations") and
//! games stepped by action numbers (`env::Env`, `env::Batch`), for every
//! family: at every decision of seeded random games, every seat's
//! observation of the real state equals its observation of
//! determinizations for it (fair: built from what the seat sees); the
//! length is the sum of the parts, every number written and finite;
//! through `AnyGame::envs`, whole games stepped with legal numbers, the
//! legal numbers those of the legal moves, rewards only at the end, an
//! illegal number refused and changing nothing, a fork independent; a
//! `Batch` writing each game's rows, the same on one thread or two; and
//! some numbers read back by their parts' names (Duel's draft and Age I
//! layout, Architects' seats going round from the observer).

#[path = "shared/combinations.rs"]
mod combinations;

mod base {
    use std::collections::HashSet;

    use sevenw_host::GameInfo;
    use sevenw_runtime::engine::rng::{Rng, derive};
    use sevenw_runtime::env::{Batch, Observe, Out};
    use sevenw_runtime::game::{Game, Setup};
    use sevenw_runtime::games::base::{Base, State};
    use sevenw_runtime::games::{AnyGame, Library};

    use super::combinations::BASE_COMBINATIONS as COMBINATIONS;

    /// Every base-family combination the library ships: each edition
    /// alone, with Leaders, with Edifice, and with both, each with Cities
    /// too (its edition; with Leaders, its leaders).
    fn sets() -> Vec<(&'static GameInfo, Vec<&'static str>)> {
        let mut out = Vec::new();
        for edition in [None, Some(2)] {
            for with in COMBINATIONS {
                let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", edition, with)
                    .expect("a shipped combination");
                out.push((info, with.to_vec()));
            }
        }
        out
    }

    fn setup(with: &[&str], players: usize, seed: u64) -> Setup {
        let s = Setup::new(players, seed);
        if seed % 2 == 1 && with.contains(&"leaders") {
            s.with_option("leaders", "all")
        } else {
            s
        }
    }

    /// What `seat` observes of `state`, every number checked written
    /// (the buffer starts as NaN) and finite.
    fn observe(b: &Base, state: &State, seat: usize) -> Vec<f32> {
        let mut o = vec![f32::NAN; b.observation_len(b.seats(state))];
        b.observe(&b.view(state, seat), &mut o);
        assert!(o.iter().all(|x| x.is_finite()), "{o:?}");
        o
    }

    /// At every decision of a seeded random game of each combination at 3
    /// and 7 players, every seat observes the same of the real state as of
    /// two determinizations for it; the observer's observation changes as
    /// the game goes, two seats holding different hands observe different
    /// things, and every kind of decision is met.
    #[test]
    fn observations_depend_only_on_the_view() {
        // The kinds of decision met (the `decision` part's one-hot; with
        // Cities a tenth, a loss of coins paid by choice).
        let mut kinds = [0usize; 10];
        for (info, with) in sets() {
            let b = Base::new(info).unwrap();
            for (g, players) in [3usize, 7].into_iter().enumerate() {
                let setup = setup(&with, players, 40 + g as u64);
                let name = format!("{} {with:?} {setup:?}", info.title);
                let mut s = b.start(&setup).unwrap();
                let mut play = Rng::new(derive(setup.seed, 9));
                let mut moves = Vec::new();
                let (mut ply, mut changed) = (0u64, 0);
                let mut before: Option<Vec<f32>> = None;
                while let Some(mover) = b.to_move(&s) {
                    for seat in 0..players {
                        let real = observe(&b, &s, seat);
                        for k in 0..2 {
                            let mut rng = Rng::new(derive(ply, k));
                            let d = b.determinize(&s, seat, &mut rng);
                            assert!(
                                observe(&b, &d, seat) == real,
                                "{name}, decision {ply}, seat {seat}: hidden things observed"
                            );
                        }
                        if seat == 0 {
                            changed += usize::from(before.as_ref() != Some(&real));
                            before = Some(real.clone());
                        }
                        let other = (seat + 1) % players;
                        let sorted = |x: usize| {
                            let mut h = b.view(&s, x).hand().to_vec();
                            h.sort_unstable();
                            h
                        };
                        if sorted(seat) != sorted(other) {
                            assert!(
                                observe(&b, &s, other) != real,
                                "{name}, decision {ply}: seats {seat} and {other} hold different hands"
                            );
                        }
                    }
                    let o = observe(&b, &s, mover);
                    let at = usize::from(info.ages) + 2;
                    let width = 9 + usize::from(with.contains(&"cities"));
                    let kind = o[at..at + width].iter().position(|&x| x == 1.0).unwrap();
                    kinds[kind] += 1;
                    b.legal_moves(&mut s, &mut moves);
                    b.apply(&mut s, &moves[play.below(moves.len())]);
                    ply += 1;
                }
                assert!(
                    changed >= 3 * 6,
                    "{name}: seat 0's observation changed {changed} times in {ply} decisions"
                );
            }
        }
        // Every kind but the end: the payment step, the draft, the
        // recruitment, a last card, the discard pile, both effects' choices,
        // and a loss paid by choice.
        assert!(kinds[..8].iter().all(|&k| k > 0), "{kinds:?}");
        assert!(kinds[9] > 0, "{kinds:?}");
    }

    /// The parts add up to the observation's length, which depends on the
    /// card sets and the player count only; their names are distinct.
    #[test]
    fn parts_add_up_to_the_length() {
        for (info, with) in sets() {
            let b = Base::new(info).unwrap();
            for players in 3..=7usize {
                let parts = b.observation_parts(players);
                let len: usize = parts.iter().map(|p| p.len).sum();
                assert_eq!(len, b.observation_len(players), "{with:?} {players}");
                assert!(parts.iter().all(|p| p.len > 0 && !p.meaning.is_empty()));
                let names: HashSet<&str> = parts.iter().map(|p| p.name.as_str()).collect();
                assert_eq!(names.len(), parts.len(), "distinct names");
                assert!(names.contains("seat 0 built") && names.contains("hand"));
                let s = b.start(&setup(&with, players, 1)).unwrap();
                assert_eq!(observe(&b, &s, players - 1).len(), len);
            }
        }
        // The lengths README gives.
        let len = |edition, with: &[&str], players| {
            let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", edition, with).unwrap();
            Base::new(info).unwrap().observation_len(players)
        };
        let all = ["leaders", "edifice"];
        let got = [
            len(None, &[], 3),
            len(None, &[], 7),
            len(Some(2), &all, 3),
            len(Some(2), &all, 7),
        ];
        assert_eq!(got, [646, 1170, 1549, 2417]);
    }

    /// Stonehenge B (cities-facts.md §10.2) turns the card under its
    /// second stage face up: every seat observes its colour, in the
    /// `under` part of that city (seat-relative), and a game with no such
    /// stage has no `under` part.
    #[test]
    fn a_card_face_up_under_a_stage_is_observed() {
        let info =
            sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &["wonder-pack"]).unwrap();
        let b = Base::new(info).unwrap();
        let sheet = "game: base\nexpansions: [wonder-pack]\nplayers:\n  - {name: Ana, wonder: Stonehenge, side: B, stages: 2, under: [blue]}\n  - {name: Ben, wonder: Giza}\n  - {name: Cid, wonder: Rhodes}\n";
        let s = sevenw_runtime::sheet::Sheets::read_sheet(&b, sheet)
            .unwrap()
            .state;
        let blue = info.colours.iter().position(|c| *c == "blue").unwrap();
        let parts = b.observation_parts(3);
        let at = |name: &str| {
            let i = parts.iter().position(|p| p.name == name).unwrap();
            (
                parts[..i].iter().map(|p| p.len).sum::<usize>(),
                parts[i].len,
            )
        };
        for (seat, ana) in [
            (0, "seat 0 under"),
            (1, "seat 2 under"),
            (2, "seat 1 under"),
        ] {
            let o = observe(&b, &s, seat);
            let (start, len) = at(ana);
            let mut want = vec![0.0; len];
            want[blue] = 1.0;
            assert_eq!(o[start..start + len], want[..], "seat {seat} sees Ana's");
            let (ben, _) = at(if seat == 0 {
                "seat 1 under"
            } else {
                "seat 0 under"
            });
            assert!(o[ben..ben + len].iter().all(|&x| x == 0.0));
        }
        let plain = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        let plain = Base::new(plain).unwrap().observation_parts(3);
        assert!(plain.iter().all(|p| !p.name.ends_with("under")));
    }

    /// The rules of `info` as the command line finds them.
    fn rules(info: &'static GameInfo) -> Box<dyn AnyGame> {
        Library::shipped(sevenw_cards::GAMES).rules(info).unwrap()
    }

    /// Every base combination at 3 to 7 players, a whole game stepped
    /// through `AnyGame::envs` beside the same game played on the rules
    /// (`common::whole_game`).
    #[test]
    fn a_stepper_plays_as_the_rules_do() {
        for (i, (info, with)) in sets().into_iter().enumerate() {
            let b = Base::new(info).unwrap();
            let setup = setup(&with, 3 + i % 5, 7 + i as u64);
            super::common::whole_game(&b, &*rules(info), &setup, 40);
        }
    }

    /// The rows of a batch stepped at random.
    struct Rows {
        observations: Vec<f32>,
        masks: Vec<u8>,
        rewards: Vec<f32>,
        to_move: Vec<i64>,
        done: Vec<u8>,
    }

    impl Rows {
        fn new(b: &Batch<'_>) -> Rows {
            let n = b.games();
            Rows {
                observations: vec![f32::NAN; n * b.observation_len()],
                masks: vec![7; n * b.num_actions()],
                rewards: vec![f32::NAN; n * b.seats()],
                to_move: vec![-1; n],
                done: vec![7; n],
            }
        }

        fn out(&mut self) -> Out<'_> {
            Out {
                observations: &mut self.observations,
                masks: &mut self.masks,
                rewards: &mut self.rewards,
                to_move: &mut self.to_move,
                done: &mut self.done,
            }
        }

        fn same(&self, o: &Rows) -> bool {
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            bits(&self.observations) == bits(&o.observations)
                && self.masks == o.masks
                && bits(&self.rewards) == bits(&o.rewards)
                && self.to_move == o.to_move
                && self.done == o.done
        }
    }

    /// A batch of base games stepped at random writes the same rows on one
    /// thread as on two; a finished game's row has its rewards and starts
    /// the next game.
    #[test]
    fn a_batch_is_the_same_on_any_number_of_threads() {
        let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        let rules = rules(info);
        let b = Base::new(info).unwrap();
        let setup = Setup::new(3, 0);
        let make = || rules.envs().expect("an environment").start(&setup);
        let games = 40;
        let mut one = Batch::new(games, 5, 1, &make).unwrap();
        let mut two = Batch::new(games, 5, 2, &make).unwrap();
        assert_eq!(one.observation_len(), b.observation_len(3));
        assert_eq!(
            (one.games(), one.seats(), one.num_actions()),
            (games, 3, b.num_actions() as usize)
        );
        let (mut r1, mut r2) = (Rows::new(&one), Rows::new(&two));
        one.current(r1.out()).unwrap();
        two.current(r2.out()).unwrap();
        assert!(r1.same(&r2));
        assert!(r1.observations.iter().all(|x| x.is_finite()));
        let age = b
            .observation_parts(3)
            .iter()
            .position(|p| p.name == "age")
            .unwrap();
        assert_eq!(age, 0, "the age comes first");
        let obs_len = one.observation_len();
        let mut done = 0;
        for step in 0..300u64 {
            one.step_random(step, r1.out()).unwrap();
            two.step_random(step, r2.out()).unwrap();
            assert!(r1.same(&r2), "step {step}");
            for g in 0..games {
                let rew = &r1.rewards[3 * g..3 * g + 3];
                let row = &r1.observations[g * obs_len..(g + 1) * obs_len];
                let mask = &r1.masks[g * one.num_actions()..(g + 1) * one.num_actions()];
                assert!(row.iter().all(|x| x.is_finite()));
                assert!(mask.contains(&1), "a legal action in every row");
                let env = one.env(g).unwrap();
                assert_eq!(Some(r1.to_move[g] as usize), env.to_move());
                if r1.done[g] == 1 {
                    done += 1;
                    assert!(rew.iter().all(|&x| [-1.0, 0.0, 1.0].contains(&x)));
                    assert!(rew.contains(&1.0) || rew.iter().all(|&x| x == 0.0));
                    // The next game, at its first decision: Age I, turn 1.
                    assert!(env.decisions().is_empty());
                    assert_eq!(row[1], 1.0, "Age I");
                } else {
                    assert_eq!(r1.done[g], 0);
                    assert!(rew.iter().all(|&x| x == 0.0));
                }
            }
        }
        assert!(done >= games, "{done} games finished");
        // A refused step plays nothing.
        let before = one.env(0).unwrap().decisions().len();
        let mut actions = vec![0u32; games];
        for (g, a) in actions.iter_mut().enumerate() {
            *a = one.env(g).unwrap().legal()[0];
        }
        actions[3] = u32::MAX;
        assert!(one.step(&actions, r1.out()).is_err());
        assert_eq!(one.env(0).unwrap().decisions().len(), before);
        actions[3] = one.env(3).unwrap().legal()[0];
        one.step(&actions, r1.out()).unwrap();
    }
}

/// What every family's tests share: a whole game stepped through an `Env`
/// beside its rules played directly, and a `Batch`'s rows.
mod common {
    use sevenw_runtime::engine::rng::{Rng, derive};
    use sevenw_runtime::env::{Batch, Observe, Out};
    use sevenw_runtime::game::{Outcome, Setup, legal_mask};
    use sevenw_runtime::games::AnyGame;
    use sevenw_runtime::table::Refused;

    fn observe<G: Observe>(g: &G, s: &G::State, seat: usize) -> Vec<f32> {
        let mut out = vec![f32::NAN; g.observation_len(g.seats(s))];
        g.observe(&g.view(s, seat), &mut out);
        out
    }

    /// Plays a random game of `setup` (its moves drawn from `seed`) and,
    /// at every decision, checks every seat's observation: finite, unlike
    /// every other seat's, and equal to its observation of three
    /// determinizations for it (nothing hidden from it shows). Each
    /// observation goes into `seen`; returns the decisions played.
    pub fn fair<G: Observe>(
        g: &G,
        setup: &Setup,
        seed: u64,
        seen: &mut std::collections::HashSet<Vec<u32>>,
    ) -> usize {
        let mut s = g.start(setup).unwrap();
        let players = g.seats(&s);
        let (mut moves, mut play) = (Vec::new(), Rng::new(derive(setup.seed, 1)));
        let mut ply = 0u64;
        while g.to_move(&s).is_some() {
            let all: Vec<Vec<f32>> = (0..players).map(|p| observe(g, &s, p)).collect();
            for (seat, real) in all.iter().enumerate() {
                assert!(real.iter().all(|x| x.is_finite()));
                assert!(
                    all[..seat].iter().all(|o| o != real),
                    "game {seed}, ply {ply}: two seats alike"
                );
                for k in 0..3 {
                    let mut rng = Rng::new(derive(derive(seed, ply), k));
                    let d = g.determinize(&s, seat, &mut rng);
                    assert_eq!(
                        &observe(g, &d, seat),
                        real,
                        "game {seed}, ply {ply}, seat {seat}: the observation shows hidden things"
                    );
                }
                seen.insert(real.iter().map(|x| x.to_bits()).collect());
            }
            g.legal_moves(&mut s, &mut moves);
            let mv = moves[play.below(moves.len())];
            g.apply(&mut s, &mv);
            ply += 1;
        }
        ply as usize
    }

    /// Plays a game of `setup` through `rules.env` with random legal
    /// numbers, beside `g` played directly: at every decision the seat to
    /// move, the legal numbers and every seat's observation agree, rewards
    /// are 0, an illegal number is refused and changes nothing, and (every
    /// `fork_every` decisions) a fork goes its own way; at the end the
    /// outcome and the rewards are the game's, and a reset starts again.
    pub fn whole_game<G: Observe>(
        g: &G,
        rules: &dyn AnyGame,
        setup: &Setup,
        fork_every: usize,
    ) -> Outcome {
        let mut env = rules.envs().expect("an environment").start(setup).unwrap();
        let mut s = g.start(setup).unwrap();
        let players = g.seats(&s);
        let n = env.observation_len();
        assert_eq!(env.seats(), players);
        assert_eq!(n, g.observation_len(players));
        assert_eq!(env.observation_parts(), g.observation_parts(players));
        assert_eq!(env.num_actions(), g.num_actions());
        let (mut moves, mut obs, mut other) = (Vec::new(), vec![0.0; n], vec![0.0; n]);
        let (mut want_mask, mut mask) = (Vec::new(), vec![9u8; env.num_actions() as usize]);
        let mut rewards = vec![f32::NAN; players];
        let mut rng = Rng::new(setup.seed);
        let mut steps = 0;
        while let Some(seat) = g.to_move(&s) {
            assert_eq!(env.to_move(), Some(seat));
            legal_mask(g, &mut s, &mut moves, &mut want_mask);
            let want: Vec<u32> = moves.iter().map(|m| g.encode(m)).collect();
            assert_eq!(env.legal(), &want[..]);
            env.mask(&mut mask);
            assert!(mask.iter().zip(&want_mask).all(|(&a, &w)| (a == 1) == w));
            for p in 0..players {
                env.observe(p, &mut obs);
                assert_eq!(obs, observe(g, &s, p));
            }
            env.rewards(&mut rewards);
            assert!(rewards.iter().all(|&r| r == 0.0));
            // An illegal number is refused and changes nothing.
            let bad = (0..=env.num_actions()).find(|a| !want.contains(a)).unwrap();
            env.observe(seat, &mut obs);
            assert_eq!(env.step(bad), Err(Refused::NotLegal { action: bad }));
            env.observe(seat, &mut other);
            assert_eq!(obs, other);
            assert_eq!(env.legal(), &want[..]);
            assert_eq!(env.decisions().len(), steps);
            let k = rng.below(want.len());
            if steps % fork_every == fork_every / 2 {
                let mut fork = env.fork();
                fork.observe(seat, &mut other);
                assert_eq!(obs, other);
                fork.step(want[(k + 1) % want.len()]).unwrap();
                assert_eq!(fork.decisions().len(), steps + 1);
                env.observe(seat, &mut other);
                assert_eq!(obs, other);
                assert_eq!(env.legal(), &want[..]);
                assert_eq!(env.decisions().len(), steps);
            }
            if steps % 2 == 0 {
                env.step(want[k]).unwrap();
            } else {
                // By index, past the end: taken modulo the legal count.
                env.step_index(k + want.len());
            }
            g.apply(&mut s, &moves[k]);
            steps += 1;
        }
        assert_eq!(env.to_move(), None);
        assert!(env.legal().is_empty());
        assert_eq!(env.step(0), Err(Refused::Over));
        let outcome = env.outcome().expect("over");
        assert_eq!(outcome, g.outcome(&s));
        env.rewards(&mut rewards);
        for (seat, r) in rewards.iter().enumerate() {
            let want = if outcome.winners.len() == players {
                0.0
            } else if outcome.winners.contains(&seat) {
                1.0
            } else {
                -1.0
            };
            assert_eq!(*r, want, "seat {seat}: {outcome:?}");
        }
        env.observe(0, &mut obs);
        assert!(obs.iter().all(|x| x.is_finite()));
        env.reset(setup.seed).unwrap();
        assert_eq!(env.decisions().len(), 0);
        env.observe(0, &mut obs);
        assert_eq!(obs, observe(g, &g.start(setup).unwrap(), 0));
        outcome
    }

    /// Steps a batch of `games` games of `setup` `steps` times with random
    /// numbers, on one, two and three threads: each row is its game's
    /// (the observation of the seat to move, the legal numbers as the
    /// mask, rewards only where a game ended), and the rows are the same
    /// on all. Take more games than a thread claims at once (8), so that
    /// every thread has some. Returns how many games ended.
    pub fn batch(rules: &dyn AnyGame, setup: &Setup, games: usize, steps: u64) -> usize {
        let make = || rules.envs().expect("an environment").start(setup);
        let run = |threads| {
            let mut b = Batch::new(games, 77, threads, &make).unwrap();
            let (l, a, p) = (b.observation_len(), b.num_actions(), b.seats());
            let mut obs = vec![f32::NAN; games * l];
            let mut masks = vec![9u8; games * a];
            let mut rewards = vec![f32::NAN; games * p];
            let mut to_move = vec![-1i64; games];
            let mut done = vec![9u8; games];
            let (mut ends, mut all) = (0, Vec::new());
            for step in 0..steps {
                let out = Out {
                    observations: &mut obs,
                    masks: &mut masks,
                    rewards: &mut rewards,
                    to_move: &mut to_move,
                    done: &mut done,
                };
                if step == 0 {
                    b.current(out).unwrap();
                } else {
                    b.step_random(step, out).unwrap();
                }
                for i in 0..games {
                    let e = b.env(i).unwrap();
                    let seat = e.to_move().unwrap();
                    assert_eq!(to_move[i], seat as i64);
                    let mut want = vec![0.0; l];
                    e.observe(seat, &mut want);
                    assert_eq!(&obs[i * l..(i + 1) * l], &want[..]);
                    let marked: Vec<u32> = (0..a as u32)
                        .filter(|&x| masks[i * a + x as usize] == 1)
                        .collect();
                    let mut legal = e.legal().to_vec();
                    legal.sort_unstable();
                    assert_eq!(marked, legal);
                    let r = &rewards[i * p..(i + 1) * p];
                    if done[i] == 1 {
                        ends += 1;
                        assert!(r.contains(&1.0) || r.iter().all(|&x| x == 0.0), "{r:?}");
                        assert!(e.decisions().is_empty(), "the next game begun");
                    } else {
                        assert_eq!(done[i], 0);
                        assert!(r.iter().all(|&x| x == 0.0), "{r:?}");
                    }
                }
                all.extend_from_slice(&obs);
            }
            (ends, all)
        };
        let (ends, one) = run(1);
        for threads in [2, 3] {
            assert!(one == run(threads).1, "{threads} threads change the games");
        }
        ends
    }
}

mod duel {
    use std::collections::HashSet;

    use sevenw_runtime::engine::rng::derive;
    use sevenw_runtime::env::Observe;
    use sevenw_runtime::game::{Game, Setup};
    use sevenw_runtime::games::duel::{self, Duel};
    use sevenw_runtime::games::rules_for;

    fn game() -> Duel {
        Duel::new(sevenw_cards::game("duel").unwrap()).unwrap()
    }

    fn observe(g: &Duel, s: &<Duel as Game>::State, seat: usize) -> Vec<f32> {
        let mut out = vec![f32::NAN; g.observation_len(2)];
        g.observe(&g.view(s, seat), &mut out);
        out
    }

    #[test]
    fn observations_depend_only_on_the_view() {
        let g = game();
        let mut seen = HashSet::new();
        let mut decisions = 0;
        for i in 0..100u64 {
            decisions += super::common::fair(&g, &Setup::seeded(derive(17, i)), i, &mut seen);
        }
        // Observations follow the game: nearly every one differs.
        assert!(
            seen.len() > decisions * 3 / 2,
            "{} observations for {decisions} decisions",
            seen.len()
        );
    }

    #[test]
    fn the_parts_make_the_observation() {
        let g = game();
        let parts = g.observation_parts(2);
        let len: usize = parts.iter().map(|p| p.len).sum();
        assert_eq!(len, g.observation_len(2));
        assert!(parts.iter().all(|p| p.len > 0 && !p.meaning.is_empty()));
        let names: HashSet<&str> = parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names.len(), parts.len(), "names are unique");
        // The shipped tables: 73 cards, 12 wonders, 10 tokens, 5
        // resources, 7 symbols, 2 military tokens a side, 20 slots, 3 Ages.
        assert_eq!(
            len,
            8 + 3 + 5 + 2 * (3 + 2 + 10 + 24 + 10 + 7 + 73) + 3 * 73 + 40 + 20 + 12
        );
        let s = g.start(&Setup::seeded(3)).unwrap();
        let mut out = vec![f32::NAN; len];
        g.observe(&g.view(&s, 1), &mut out);
        assert!(out.iter().all(|x| x.is_finite()));
    }

    #[test]
    fn whole_games_step_by_numbers() {
        let g = game();
        let rules = rules_for(sevenw_cards::game("duel").unwrap()).unwrap();
        let mut ends = [0; 3];
        for i in 0..20u64 {
            let outcome = super::common::whole_game(&g, &*rules, &Setup::seeded(derive(29, i)), 10);
            ends[outcome.winners.len().min(2)] += 1;
        }
        assert!(ends[1] > 0, "somebody won: {ends:?}");
    }

    /// The numbers of a part, by name.
    fn part<'o>(g: &Duel, obs: &'o [f32], name: &str) -> &'o [f32] {
        let mut at = 0;
        for p in g.observation_parts(2) {
            if p.name == name {
                return &obs[at..at + p.len];
            }
            at += p.len;
        }
        panic!("no part {name}")
    }

    #[test]
    fn the_numbers_say_what_the_parts_mean() {
        let g = game();
        let mut s = g.start(&Setup::seeded(8)).unwrap();
        let mut moves = Vec::new();
        let drafter = g.to_move(&s).unwrap();
        let o = observe(&g, &s, drafter);
        assert_eq!(part(&g, &o, "phase")[0], 1.0, "the draft");
        assert_eq!(part(&g, &o, "to move"), [1.0, 0.0]);
        assert_eq!(
            part(&g, &observe(&g, &s, 1 - drafter), "to move"),
            [0.0, 1.0]
        );
        assert_eq!(part(&g, &o, "draft").iter().sum::<f32>(), 4.0);
        assert_eq!(part(&g, &o, "me: coins"), [7.0]);
        assert_eq!(part(&g, &o, "board tokens").iter().sum::<f32>(), 5.0);
        // Into Age I: 20 cards laid out, 6 accessible, 8 face down.
        while !matches!(s.phase, duel::Phase::Play) {
            g.legal_moves(&mut s, &mut moves);
            g.apply(&mut s, &moves[0]);
        }
        for seat in 0..2 {
            let o = observe(&g, &s, seat);
            assert_eq!(part(&g, &o, "age"), [1.0, 0.0, 0.0]);
            assert_eq!(part(&g, &o, "me: wonders").iter().sum::<f32>(), 4.0);
            assert_eq!(part(&g, &o, "opponent: wonders").iter().sum::<f32>(), 4.0);
            assert_eq!(part(&g, &o, "accessible").iter().sum::<f32>(), 6.0);
            assert_eq!(part(&g, &o, "covered").iter().sum::<f32>(), 6.0);
            assert_eq!(part(&g, &o, "slots up").iter().sum::<f32>(), 12.0);
            assert_eq!(part(&g, &o, "slots down").iter().sum::<f32>(), 8.0);
            assert_eq!(part(&g, &o, "pawn"), [0.0]);
        }
        // A build moves cards and coins; the pawn is seen from each side.
        let mut shields = 0;
        while g.to_move(&s).is_some() && shields == 0 {
            let seat = g.to_move(&s).unwrap();
            g.legal_moves(&mut s, &mut moves);
            g.apply(&mut s, &moves[0]);
            shields = s.table.cities[seat].shields;
            let o = observe(&g, &s, seat);
            assert_eq!(
                part(&g, &o, "me: cards").iter().sum::<f32>(),
                s.table.cities[seat].cards.len() as f32
            );
            assert_eq!(
                part(&g, &o, "me: coins"),
                [s.table.cities[seat].coins as f32]
            );
        }
        let pawn = s.table.track.pawn as f32;
        assert_eq!(part(&g, &observe(&g, &s, 0), "pawn"), [pawn]);
        assert_eq!(part(&g, &observe(&g, &s, 1), "pawn"), [-pawn]);
    }

    /// Games stepped together: the rows are those of each game's env, a
    /// finished game starts again, and the threads change nothing.
    #[test]
    fn a_batch_steps_games_together() {
        let rules = rules_for(sevenw_cards::game("duel").unwrap()).unwrap();
        assert!(
            super::common::batch(&*rules, &Setup::seeded(0), 21, 400) > 0,
            "a game ended"
        );
    }
}

mod architects {
    use std::collections::HashSet;

    use sevenw_runtime::engine::rng::derive;
    use sevenw_runtime::env::Observe;
    use sevenw_runtime::game::{Game, Setup};
    use sevenw_runtime::games::architects::Architects;
    use sevenw_runtime::games::rules_for;

    fn game() -> Architects {
        Architects::new(sevenw_cards::game("architects").unwrap()).unwrap()
    }

    fn observe(g: &Architects, s: &<Architects as Game>::State, seat: usize) -> Vec<f32> {
        let mut out = vec![f32::NAN; g.observation_len(g.seats(s))];
        g.observe(&g.view(s, seat), &mut out);
        out
    }

    #[test]
    fn observations_depend_only_on_the_view() {
        let g = game();
        for (players, games) in [(2, 12u64), (3, 8), (5, 5), (7, 4)] {
            let mut seen = HashSet::new();
            let mut decisions = 0;
            for i in 0..games {
                let setup = Setup::new(players, derive(41 + players as u64, i));
                decisions += super::common::fair(&g, &setup, i, &mut seen);
            }
            assert!(
                seen.len() > decisions * players * 9 / 10,
                "{players} players: {} observations for {decisions} decisions",
                seen.len()
            );
        }
    }

    #[test]
    fn the_parts_make_the_observation() {
        let g = game();
        for players in 2..=7 {
            let parts = g.observation_parts(players);
            let len: usize = parts.iter().map(|p| p.len).sum();
            assert_eq!(len, g.observation_len(players));
            assert!(parts.iter().all(|p| p.len > 0 && !p.meaning.is_empty()));
            let names: HashSet<&str> = parts.iter().map(|p| p.name.as_str()).collect();
            assert_eq!(names.len(), parts.len(), "names are unique");
            // The shipped tables: 14 cards, 14 tokens, 7 wonders of at
            // most 5 stages, 5 resources, 3 symbols.
            let n = players;
            assert_eq!(
                len,
                6 + 5
                    + n
                    + (n + 1)
                    + 3
                    + 15
                    + 15
                    + (14 + 1 + n + 1)
                    + 14
                    + 16
                    + 1
                    + n * (7 + 5 + 28 + 14 + 5 + 3 + 5)
            );
            let s = g.start(&Setup::new(players, 3)).unwrap();
            let mut out = vec![f32::NAN; len];
            g.observe(&g.view(&s, players - 1), &mut out);
            assert!(out.iter().all(|x| x.is_finite()));
        }
    }

    #[test]
    fn whole_games_step_by_numbers() {
        let g = game();
        let rules = rules_for(sevenw_cards::game("architects").unwrap()).unwrap();
        for (players, games) in [(2, 6u64), (3, 4), (5, 3), (7, 3)] {
            let mut winners = 0;
            for i in 0..games {
                let setup = Setup::new(players, derive(53 + players as u64, i));
                let outcome = super::common::whole_game(&g, &*rules, &setup, 7);
                winners += usize::from(outcome.winners.len() < players);
            }
            assert!(winners > 0, "{players} players: nobody won alone");
        }
    }

    #[test]
    fn seats_go_round_from_the_observer() {
        let g = game();
        let n = 5;
        let s = g.start(&Setup::new(n, 4)).unwrap();
        let names: Vec<String> = g.observation_parts(n).into_iter().map(|p| p.name).collect();
        let lens: Vec<usize> = g.observation_parts(n).into_iter().map(|p| p.len).collect();
        let part = |o: &[f32], name: &str| -> Vec<f32> {
            let i = names.iter().position(|x| x == name).unwrap();
            let at: usize = lens[..i].iter().sum();
            o[at..at + lens[i]].to_vec()
        };
        let current = s.table.current;
        for me in 0..n {
            let o = observe(&g, &s, me);
            let mut turn = vec![0.0; n];
            turn[(current + n - me) % n] = 1.0;
            assert_eq!(part(&o, "to move"), turn);
            for r in 0..n {
                let seat = (me + r) % n;
                let mut wonder = vec![0.0; 7];
                wonder[usize::from(s.table.wonders[seat])] = 1.0;
                assert_eq!(part(&o, &format!("seat +{r}: wonder")), wonder);
                let deck = &s.table.decks[seat];
                assert_eq!(part(&o, &format!("seat +{r}: deck")), [deck.len() as f32]);
                let top = part(&o, &format!("seat +{r}: deck top"));
                assert_eq!(top[usize::from(deck.last().unwrap().0)], 1.0);
                assert_eq!(top.iter().sum::<f32>(), 1.0);
            }
            assert_eq!(part(&o, "cat"), [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
            assert_eq!(part(&o, "central"), [s.table.central.len() as f32]);
            assert_eq!(part(&o, "face-up tokens").iter().sum::<f32>(), 3.0);
        }
    }

    #[test]
    fn a_batch_steps_games_together() {
        let rules = rules_for(sevenw_cards::game("architects").unwrap()).unwrap();
        assert_eq!(
            rules
                .envs()
                .expect("an environment")
                .start(&Setup::new(4, 0))
                .unwrap()
                .observation_len(),
            game().observation_len(4)
        );
        assert!(
            super::common::batch(&*rules, &Setup::new(4, 0), 19, 300) > 0,
            "a game ended"
        );
    }
}

/// A buffer of the wrong length gets what fits, never a panic: every
/// family, shorter and longer than the observation.
mod any_buffer {
    use sevenw_runtime::game::Setup;
    use sevenw_runtime::games::rules_for;

    #[test]
    fn a_buffer_of_the_wrong_length_gets_what_fits() {
        for (name, players) in [("duel", 2), ("architects", 4), ("base", 3)] {
            let g = rules_for(sevenw_cards::game(name).unwrap()).unwrap();
            let setup = Setup {
                players: Some(players),
                seed: 3,
                ..Setup::default()
            };
            let mut e = g.envs().expect("an environment").start(&setup).unwrap();
            for _ in 0..25 {
                e.step_index(1);
            }
            let len = e.observation_len();
            let mut whole = vec![0.0; len];
            e.observe(0, &mut whole);
            for n in [0, 1, len / 2, len - 1] {
                let mut short = vec![f32::NAN; n];
                e.observe(0, &mut short);
                assert_eq!(short[..], whole[..n], "{name}, {n} numbers");
            }
            let mut long = vec![f32::NAN; len + 7];
            e.observe(0, &mut long);
            assert_eq!(long[..len], whole[..], "{name}");
            assert!(long[len..].iter().all(|&x| x == 0.0), "{name}");
            let mut mask = vec![9u8; 3];
            e.mask(&mut mask);
            assert!(mask.iter().all(|&m| m <= 1), "{name}");
        }
    }
}

/// `env::turn`: who decides in the turn under way, and with what.
mod turns {
    use std::collections::HashSet;

    use sevenw_runtime::engine::rng::{Rng, derive};
    use sevenw_runtime::env::turn;
    use sevenw_runtime::game::Setup;
    use sevenw_runtime::games::rules_for;

    /// Plays whole random games turn by turn: each turn's seats are
    /// distinct, the first is the seat to move, and the game then asks
    /// each in the listed order with the listed legal actions, whatever
    /// the seats before it chose (a payment is its seat's next step).
    /// Returns the most seats seen in one turn.
    fn widest(game: &str, players: Option<usize>, seeds: u64) -> usize {
        let rules = rules_for(sevenw_cards::game(game).unwrap()).unwrap();
        let mut widest = 0;
        for i in 0..seeds {
            let setup = Setup {
                players,
                ..Setup::seeded(derive(41, i))
            };
            let mut env = rules.envs().expect("an environment").start(&setup).unwrap();
            let mut rng = Rng::new(derive(43, i));
            while let Some(first) = env.to_move() {
                let seats = turn(&*env);
                assert_eq!(seats[0].0, first);
                let distinct: HashSet<_> = seats.iter().map(|&(s, _)| s).collect();
                assert_eq!(distinct.len(), seats.len(), "{seats:?}");
                widest = widest.max(seats.len());
                for (seat, legal) in seats {
                    assert_eq!(env.to_move(), Some(seat));
                    assert_eq!(env.legal(), &legal[..], "seat {seat}");
                    while env.to_move() == Some(seat) {
                        let n = env.legal().len();
                        env.step_index(rng.below(n));
                    }
                }
            }
            assert!(turn(&*env).is_empty(), "none once over");
        }
        widest
    }

    #[test]
    fn the_base_game_gathers_every_seat_of_a_simultaneous_turn() {
        assert_eq!(widest("base", Some(3), 4), 3);
        assert_eq!(widest("base", Some(7), 2), 7);
    }

    #[test]
    fn duel_and_architects_take_turns_one_seat_at_a_time() {
        assert_eq!(widest("duel", None, 10), 1);
        assert_eq!(widest("architects", Some(4), 4), 1);
    }
}

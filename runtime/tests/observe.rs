//! Observations and environments (`runtime/README.md`, "Observations";
//! `env.rs`): every family's observation is built from a seat's view
//! alone, so it is the same for every determinization of that seat, at
//! every decision of seeded random games; it is as long as its parts say,
//! every number written and finite; a `Stepper` behind `AnyGame::env`
//! lists the legal moves' numbers, observes and rewards as the game does;
//! a `Batch` writes the same rows on one thread as on two.

mod base {
    use std::collections::HashSet;

    use sevenw_host::GameInfo;
    use sevenw_runtime::engine::rng::{Rng, derive};
    use sevenw_runtime::env::{Batch, Observe, Out};
    use sevenw_runtime::game::{Game, Setup, legal_mask};
    use sevenw_runtime::games::base::{Base, State};
    use sevenw_runtime::games::{AnyGame, Library};
    use sevenw_runtime::table::Refused;

    /// Every base-family combination the library ships: each edition
    /// alone, with Leaders, with Edifice, and with both.
    fn sets() -> Vec<(&'static GameInfo, Vec<&'static str>)> {
        let mut out = Vec::new();
        for edition in [None, Some(2)] {
            for with in [&[][..], &["leaders"], &["edifice"], &["leaders", "edifice"]] {
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
        // The kinds of decision met (the `decision` part's one-hot).
        let mut kinds = [0usize; 9];
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
                    let kind = o[at..at + 9].iter().position(|&x| x == 1.0).unwrap();
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
        // recruitment, a last card, the discard pile, both effects' choices.
        assert!(kinds[..8].iter().all(|&k| k > 0), "{kinds:?}");
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
        assert_eq!(got, [646, 1170, 1531, 2375]);
    }

    /// The rules of `info` as the command line finds them.
    fn rules(info: &'static GameInfo) -> Box<dyn AnyGame> {
        Library::shipped(sevenw_cards::GAMES).rules(info).unwrap()
    }

    /// A whole game stepped through `AnyGame::env`, beside the same game
    /// played on the rules: the same seat to move, legal numbers, mask and
    /// observation at every decision; no reward before the end; at the
    /// end winners +1 and the others -1 (0 for all when all win).
    #[test]
    fn a_stepper_plays_as_the_rules_do() {
        for (i, (info, with)) in sets().into_iter().enumerate() {
            let b = Base::new(info).unwrap();
            let rules = rules(info);
            let players = 3 + i % 5;
            let setup = setup(&with, players, 7 + i as u64);
            let mut env = rules.env(&setup).unwrap();
            assert_eq!(env.seats(), players);
            assert_eq!(env.num_actions(), b.num_actions());
            assert_eq!(env.observation_len(), b.observation_len(players));
            assert_eq!(env.observation_parts(), b.observation_parts(players));
            let mut s = b.start(&setup).unwrap();
            let (mut moves, mut mask) = (Vec::new(), Vec::new());
            let mut m = vec![0u8; b.num_actions() as usize];
            let mut r = vec![f32::NAN; players];
            let mut o = vec![f32::NAN; env.observation_len()];
            let mut rng = Rng::new(i as u64);
            let mut played = 0;
            while let Some(seat) = b.to_move(&s) {
                assert_eq!(env.to_move(), Some(seat));
                legal_mask(&b, &mut s, &mut moves, &mut mask);
                let numbers: Vec<u32> = moves.iter().map(|mv| b.encode(mv)).collect();
                assert_eq!(env.legal(), &numbers[..]);
                env.mask(&mut m);
                assert!(m.iter().zip(&mask).all(|(&a, &b)| (a == 1) == b));
                env.rewards(&mut r);
                assert!(r.iter().all(|&x| x == 0.0));
                assert_eq!(env.outcome(), None);
                for x in 0..players {
                    env.observe(x, &mut o);
                    assert!(o == observe(&b, &s, x), "decision {played}, seat {x}");
                }
                let k = rng.below(moves.len());
                if played % 2 == 0 {
                    env.step_index(k + moves.len());
                } else {
                    let refused = env.step(b.num_actions());
                    assert!(matches!(refused, Err(Refused::NotLegal { .. })));
                    env.step(numbers[k]).unwrap();
                }
                b.apply(&mut s, &moves[k]);
                played += 1;
            }
            assert_eq!(env.to_move(), None);
            assert!(env.legal().is_empty());
            assert_eq!(env.step(0), Err(Refused::Over));
            assert_eq!(env.decisions().len(), played);
            let outcome = b.outcome(&s);
            assert_eq!(env.outcome().as_ref(), Some(&outcome));
            env.rewards(&mut r);
            let all = outcome.winners.len() == players;
            for (seat, &x) in r.iter().enumerate() {
                let want = match (all, outcome.winners.contains(&seat)) {
                    (true, _) => 0.0,
                    (false, true) => 1.0,
                    (false, false) => -1.0,
                };
                assert_eq!(x, want, "seat {seat} of {:?}", outcome.winners);
            }
            // A reset starts the game its seed deals.
            env.reset(99).unwrap();
            let fresh = b.start(&Setup { seed: 99, ..setup }).unwrap();
            env.observe(0, &mut o);
            assert!(o == observe(&b, &fresh, 0));
            assert!(env.decisions().is_empty());
            assert_eq!(env.legal().len(), {
                let mut f = fresh;
                b.legal_moves(&mut f, &mut moves);
                moves.len()
            });
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
        let make = || rules.env(&setup);
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

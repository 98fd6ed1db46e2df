//! The learned bot (`sevenw_runtime::learned`): a policy read from its
//! weights plays the largest logit among the legal actions, computed here
//! apart from the runtime's code; the same seed plays the same game; the
//! fingerprint tells card sets and player counts apart; weights for
//! another card set, or none, are refused with the command that trains
//! them; a file that is not a policy says why.

use std::collections::HashMap;
use std::sync::OnceLock;

use safetensors::tensor::{Dtype, TensorView, serialize};
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::env::Env;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, rules_for};
use sevenw_runtime::learned::{self, FORMAT, Policy};

fn rules(game: &str, with: &[&str]) -> Box<dyn AnyGame> {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, game, None, with)
        .unwrap_or_else(|e| panic!("{game}: {}", e.message));
    rules_for(info).unwrap()
}

fn env<'g>(g: &'g dyn AnyGame, players: Option<usize>, seed: u64) -> Box<dyn Env + 'g> {
    let setup = Setup {
        players,
        seed,
        ..Setup::default()
    };
    g.envs().unwrap().start(&setup).unwrap()
}

/// Random weights: `hidden` widths, for `env`'s selection (or the
/// fingerprint `fingerprint` when given), as the bytes of a file and as
/// plain matrices `[outputs][inputs]` with their biases.
struct Weights {
    bytes: Vec<u8>,
    layers: Vec<(Vec<Vec<f32>>, Vec<f32>)>,
}

fn weights(env: &dyn Env, hidden: &[usize], seed: u64, fingerprint: Option<&str>) -> Weights {
    let mut rng = Rng::new(seed);
    let mut widths = vec![env.observation_len()];
    widths.extend_from_slice(hidden);
    widths.push(env.num_actions() as usize);
    let mut layers = Vec::new();
    for w in widths.windows(2) {
        let (inputs, outputs) = (w[0], w[1]);
        let mut r = || (rng.below(2001) as f32 - 1000.0) / 1000.0;
        let m: Vec<Vec<f32>> = (0..outputs)
            .map(|_| (0..inputs).map(|_| r()).collect())
            .collect();
        let b: Vec<f32> = (0..outputs).map(|_| r()).collect();
        layers.push((m, b));
    }
    let key = env.selection();
    let meta = HashMap::from([
        ("format".to_string(), FORMAT.to_string()),
        ("selection".to_string(), key.words.clone()),
        ("players".to_string(), env.seats().to_string()),
        (
            "fingerprint".to_string(),
            fingerprint.unwrap_or(&key.fingerprint).to_string(),
        ),
        (
            "observation_len".to_string(),
            env.observation_len().to_string(),
        ),
        ("num_actions".to_string(), env.num_actions().to_string()),
    ]);
    Weights {
        bytes: file(&layers, Some(meta)),
        layers,
    }
}

fn bytes_of(xs: impl Iterator<Item = f32>) -> Vec<u8> {
    xs.flat_map(f32::to_le_bytes).collect()
}

/// A safetensors file of `layers` (the last the policy head).
fn file(layers: &[(Vec<Vec<f32>>, Vec<f32>)], meta: Option<HashMap<String, String>>) -> Vec<u8> {
    let data: Vec<(String, Vec<u8>, Vec<usize>)> = layers
        .iter()
        .enumerate()
        .flat_map(|(i, (m, b))| {
            let name = if i + 1 == layers.len() {
                "policy".to_string()
            } else {
                format!("hidden.{i}")
            };
            let shape = vec![m.len(), m[0].len()];
            [
                (
                    format!("{name}.weight"),
                    bytes_of(m.iter().flatten().copied()),
                    shape,
                ),
                (
                    format!("{name}.bias"),
                    bytes_of(b.iter().copied()),
                    vec![b.len()],
                ),
            ]
        })
        .collect();
    let views: Vec<(String, TensorView<'_>)> = data
        .iter()
        .map(|(n, d, s)| {
            (
                n.clone(),
                TensorView::new(Dtype::F32, s.clone(), d).unwrap(),
            )
        })
        .collect();
    serialize(views, meta).unwrap()
}

/// The action the weights take, computed in the plainest way.
fn expected(w: &Weights, obs: &[f32], legal: &[u32]) -> u32 {
    let mut x = obs.to_vec();
    let (head, hidden) = w.layers.split_last().unwrap();
    for (m, b) in hidden {
        x = m
            .iter()
            .zip(b)
            .map(|(row, b)| (row.iter().zip(&x).map(|(a, b)| a * b).sum::<f32>() + b).max(0.0))
            .collect();
    }
    let logit = |a: u32| {
        let row = &head.0[a as usize];
        row.iter().zip(&x).map(|(a, b)| a * b).sum::<f32>() + head.1[a as usize]
    };
    let mut best = legal[0];
    for &a in legal {
        if logit(a) > logit(best) {
            best = a;
        }
    }
    best
}

/// The weights every test of this binary plays, shipped once: Duel's and
/// Architects' at 3 players.
fn shipped() -> &'static [Weights] {
    static SHIPPED: OnceLock<Vec<Weights>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let duel = rules("duel", &[]);
        let arch = rules("architects", &[]);
        let list = vec![
            weights(&*env(&*duel, None, 1), &[16, 8], 5, None),
            weights(&*env(&*arch, Some(3), 1), &[12], 6, None),
        ];
        let bytes: Vec<&'static [u8]> = list
            .iter()
            .map(|w| &*Box::leak(w.bytes.clone().into_boxed_slice()))
            .collect();
        learned::ship(Box::leak(bytes.into_boxed_slice()));
        list
    })
}

#[test]
fn the_learned_bot_takes_the_largest_logit_among_the_legal_actions() {
    let shipped = shipped();
    for (game, players, w) in [
        ("duel", None, &shipped[0]),
        ("architects", Some(3), &shipped[1]),
    ] {
        let g = rules(game, &[]);
        for seed in 0..3 {
            let mut e = env(&*g, players, seed);
            let mut obs = vec![0.0; e.observation_len()];
            let mut decisions = 0;
            while let Some(seat) = e.to_move() {
                e.observe(seat, &mut obs);
                let want = expected(w, &obs, e.legal());
                let got = e.bot(BotKind::Learned, 9).unwrap().unwrap();
                assert_eq!(got, want, "{game}, seed {seed}, decision {decisions}");
                e.step(got).unwrap();
                decisions += 1;
            }
            assert!(decisions > 10, "{game}: {decisions} decisions");
        }
    }
}

#[test]
fn a_game_with_learned_bots_plays_the_same_for_the_same_seed() {
    shipped();
    let g = rules("duel", &[]);
    let setup = Setup {
        seed: 12,
        ..Setup::default()
    };
    let bots = [BotKind::Learned, BotKind::Random];
    let a = g.play(&setup, &bots).unwrap();
    let b = g.play(&setup, &bots).unwrap();
    assert_eq!(a.text, b.text);
    let other = g
        .play(
            &Setup {
                seed: 13,
                ..setup.clone()
            },
            &bots,
        )
        .unwrap();
    assert_ne!(a.text, other.text);
}

#[test]
fn the_fingerprint_tells_card_sets_and_player_counts_apart() {
    let base = rules("base", &[]);
    let leaders = rules("base", &["leaders"]);
    let f = |g: &dyn AnyGame, p: usize| env(g, Some(p), 1).selection();
    let (b3, b4, l4) = (f(&*base, 3), f(&*base, 4), f(&*leaders, 4));
    assert_eq!(b3, f(&*base, 3), "the same selection, the same fingerprint");
    assert_eq!(b3.fingerprint.len(), 16);
    assert_ne!(b3.fingerprint, b4.fingerprint);
    assert_ne!(b4.fingerprint, l4.fingerprint);
    assert_eq!(b4.words, "7 Wonders, 4 players");
    assert_eq!(
        l4.words,
        "7 Wonders, 4 players, with Leaders (second edition)"
    );
    assert_eq!(
        l4.train,
        "python -m sevenw.train --game base --players 4 --with leaders"
    );
    let duel = rules("duel", &[]);
    let d = env(&*duel, None, 1).selection();
    assert_eq!(
        (d.words.as_str(), d.train.as_str()),
        ("7 Wonders Duel", "python -m sevenw.train --game duel")
    );
}

#[test]
fn a_selection_without_weights_is_refused_with_the_command_that_trains_them() {
    shipped();
    let g = rules("architects", &[]);
    // Weights ship for 3 players, not for 4.
    let e = env(&*g, Some(4), 1);
    let err = e.bot(BotKind::Learned, 1).unwrap_err().to_string();
    assert!(err.contains("no learned weights play"), "{err}");
    assert!(
        err.contains(
            "`python -m sevenw.train --game architects --players 4 --out weights.safetensors`"
        ),
        "{err}"
    );
    assert!(err.contains("SEVENW_WEIGHTS"), "{err}");
    let err = g
        .check_learned(4, &[BotKind::Learned, BotKind::Random])
        .unwrap_err()
        .to_string();
    assert!(err.contains("no learned weights play"), "{err}");
    g.check_learned(3, &[BotKind::Learned; 3]).unwrap();
    g.check_learned(4, &[BotKind::Random; 4]).unwrap();
}

#[test]
fn weights_that_are_not_a_policy_say_why() {
    let duel = rules("duel", &[]);
    let e = env(&*duel, None, 1);
    let good = weights(&*e, &[4], 1, None);
    assert!(Policy::from_bytes(&good.bytes).is_ok());
    let why = |bytes: &[u8]| Policy::from_bytes(bytes).unwrap_err().to_string();
    assert!(why(b"hello").contains("not a safetensors file"));
    // No metadata.
    assert!(why(&file(&good.layers, None)).contains("no metadata"));
    // A layer of the wrong width.
    let mut narrow = good.layers.clone();
    narrow[0].0.iter_mut().for_each(|row| {
        row.pop();
    });
    let meta = learned::read_meta(&good.bytes).unwrap();
    let meta_map = HashMap::from([
        ("format".to_string(), FORMAT.to_string()),
        ("selection".to_string(), meta.selection.clone()),
        ("players".to_string(), "2".to_string()),
        ("fingerprint".to_string(), meta.fingerprint.clone()),
        (
            "observation_len".to_string(),
            meta.observation_len.to_string(),
        ),
        ("num_actions".to_string(), meta.num_actions.to_string()),
    ]);
    let msg = why(&file(&narrow, Some(meta_map.clone())));
    assert!(msg.contains("`hidden.0` has the shape"), "{msg}");
    // A number that is not finite.
    let mut nan = good.layers.clone();
    nan[1].1[3] = f32::NAN;
    assert!(why(&file(&nan, Some(meta_map.clone()))).contains("not finite"));
    // Another format.
    let mut other = meta_map;
    other.insert("format".into(), "someone-else/3".into());
    assert!(why(&file(&good.layers, Some(other))).contains("`someone-else/3`"));
}

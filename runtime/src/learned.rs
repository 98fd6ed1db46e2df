//! The learned bot: a policy network trained by self-play through the
//! Python environments (`python -m sevenw.train`), played from its weights
//! without Python.
//!
//! **Weights are data**: a safetensors file of 32-bit floats, dense layers
//! `hidden.K.weight` (`[outputs, inputs]`, row-major) and `hidden.K.bias`
//! for K = 0, 1, … with a ReLU after each, then the policy head
//! `policy.weight` (`[num_actions, last width]`) and `policy.bias`; other
//! tensors (the value head training used) are ignored. Its metadata
//! (`__metadata__`) says what it plays: `format` ([`FORMAT`]),
//! `selection` (words), `players`, `fingerprint` ([`crate::env::fingerprint`]),
//! `observation_len`, `num_actions`, and `command` (how it was trained).
//!
//! **A policy plays the card set it was trained on.** The fingerprint
//! ([`Selection`]) digests the player count, the observation's and action
//! space's sizes and every card, wonder side and progress token of the
//! card sets in play (names, costs, chains, effect texts): change a card's
//! cost and the weights trained before no longer apply, and the bot
//! refuses them with a message saying how to retrain ([`find`]).
//!
//! **Where weights are found**: the files and folders named in the
//! `SEVENW_WEIGHTS` environment variable (separated as `PATH` is), then the
//! weights the program ships ([`ship`]: the card library's `cards/bots/`).
//! The first whose fingerprint matches plays; a process reads a
//! selection's weights once and keeps them.
//!
//! **Deciding** observes the seat's view as [`crate::env::Env::observe`]
//! does (the same [`bounded`] numbers training saw), runs the hidden
//! layers, computes the logits of the legal actions only (one row of the
//! head each) and takes the largest (the first on a tie): deterministic,
//! and nothing allocated per decision once the bot's buffers have grown.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use safetensors::{Dtype, SafeTensors};

use crate::env::{Observe, POLICY_FORMAT, Selection, bounded};
use crate::game::{Player, SetupError};

/// The `format` a weights file's metadata names.
pub const FORMAT: &str = POLICY_FORMAT;

/// The environment variable naming weights files and folders.
pub const WEIGHTS_VAR: &str = "SEVENW_WEIGHTS";

/// The most hidden layers a policy may have.
const MAX_HIDDEN: usize = 8;

/// What a weights file says it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// The selection in words (`7 Wonders Duel`, `7 Wonders, 4 players`).
    pub selection: String,
    pub players: usize,
    pub fingerprint: String,
    pub observation_len: usize,
    pub num_actions: usize,
    /// The command that trained it.
    pub command: String,
}

/// A policy network read from its weights.
#[derive(Debug)]
pub struct Policy {
    meta: Meta,
    hidden: Vec<Dense>,
    head: Dense,
}

/// A dense layer: `outputs × inputs` weights, and a bias each. The
/// policy head keeps the file's rows (an action's logit is one row, and
/// only the legal actions' are computed); a hidden layer is turned into
/// columns ([`Dense::by_columns`]), so that its outputs are the sum of the
/// columns of its non-zero inputs: observations are mostly zeros (one-hot
/// parts, empty cards), and so are a ReLU's outputs.
#[derive(Debug)]
struct Dense {
    inputs: usize,
    outputs: usize,
    /// Row-major (`[outputs][inputs]`), or column-major once
    /// [`Dense::by_columns`].
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl Dense {
    /// The same layer with its weights column-major (`[inputs][outputs]`).
    fn by_columns(self) -> Dense {
        let mut cols = vec![0.0; self.weight.len()];
        for o in 0..self.outputs {
            for i in 0..self.inputs {
                cols[i * self.outputs + o] = self.weight[o * self.inputs + i];
            }
        }
        Dense {
            weight: cols,
            ..self
        }
    }

    /// `out = relu(W x + b)` for a column-major layer, skipping the zeros
    /// of `x`.
    #[inline]
    fn relu_columns(&self, x: &[f32], out: &mut [f32]) {
        let out = &mut out[..self.outputs];
        out.copy_from_slice(&self.bias);
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                let col = &self.weight[i * self.outputs..(i + 1) * self.outputs];
                for (y, w) in out.iter_mut().zip(col) {
                    *y += xi * w;
                }
            }
        }
        for y in out.iter_mut() {
            *y = y.max(0.0);
        }
    }

    /// The output `o` for the input `x`.
    #[inline]
    fn unit(&self, o: usize, x: &[f32]) -> f32 {
        let row = &self.weight[o * self.inputs..(o + 1) * self.inputs];
        self.bias[o] + dot(row, x)
    }
}

/// `a · b`, in four lanes (the compiler vectorises it).
#[inline]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 4];
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for k in 0..4 {
            acc[k] += x[k] * y[k];
        }
    }
    let tail: f32 = ra.iter().zip(rb).map(|(x, y)| x * y).sum();
    acc[0] + acc[1] + acc[2] + acc[3] + tail
}

/// A weights file that cannot be read as a policy, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WeightsError {}

fn bad(message: impl Into<String>) -> WeightsError {
    WeightsError(message.into())
}

/// The metadata of a weights file, read from its header alone.
pub fn read_meta(bytes: &[u8]) -> Result<Meta, WeightsError> {
    let (_, metadata) = SafeTensors::read_metadata(bytes)
        .map_err(|e| bad(format!("not a safetensors file: {e}")))?;
    let map = metadata.metadata().as_ref().ok_or_else(|| {
        bad("its header has no metadata: it was not written by sevenw's training")
    })?;
    let get = |key: &str| {
        map.get(key)
            .cloned()
            .ok_or_else(|| bad(format!("its metadata has no `{key}`")))
    };
    let number = |key: &str| {
        get(key)?
            .trim()
            .parse::<usize>()
            .map_err(|_| bad(format!("its metadata's `{key}` is not a whole number")))
    };
    let format = get("format")?;
    if format != FORMAT {
        return Err(bad(format!(
            "it is in the format `{format}`; this program reads `{FORMAT}`"
        )));
    }
    Ok(Meta {
        selection: get("selection")?,
        players: number("players")?,
        fingerprint: get("fingerprint")?,
        observation_len: number("observation_len")?,
        num_actions: number("num_actions")?,
        command: map.get("command").cloned().unwrap_or_default(),
    })
}

impl Policy {
    /// Reads a policy from the bytes of its weights file, checking every
    /// shape against the metadata.
    pub fn from_bytes(bytes: &[u8]) -> Result<Policy, WeightsError> {
        let meta = read_meta(bytes)?;
        let tensors = SafeTensors::deserialize(bytes)
            .map_err(|e| bad(format!("not a safetensors file: {e}")))?;
        let dense = |name: &str, inputs: usize| -> Result<Dense, WeightsError> {
            let w = tensors
                .tensor(&format!("{name}.weight"))
                .map_err(|_| bad(format!("it has no tensor `{name}.weight`")))?;
            let b = tensors
                .tensor(&format!("{name}.bias"))
                .map_err(|_| bad(format!("it has no tensor `{name}.bias`")))?;
            if w.dtype() != Dtype::F32 || b.dtype() != Dtype::F32 {
                return Err(bad(format!("`{name}` is not made of 32-bit floats (F32)")));
            }
            let (shape, bias) = (w.shape(), b.shape());
            if shape.len() != 2 || shape[1] != inputs || bias != [shape[0]] {
                return Err(bad(format!(
                    "`{name}` has the shape {shape:?} with a bias of {bias:?}; [outputs, {inputs}] and [outputs] were expected"
                )));
            }
            let floats = |data: &[u8]| -> Vec<f32> {
                data.chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect()
            };
            let (weight, bias) = (floats(w.data()), floats(b.data()));
            if weight.iter().chain(&bias).any(|x| !x.is_finite()) {
                return Err(bad(format!("`{name}` holds a number that is not finite")));
            }
            Ok(Dense {
                inputs,
                outputs: shape[0],
                weight,
                bias,
            })
        };
        let mut hidden = Vec::new();
        let mut width = meta.observation_len;
        while tensors
            .tensor(&format!("hidden.{}.weight", hidden.len()))
            .is_ok()
        {
            if hidden.len() == MAX_HIDDEN {
                return Err(bad(format!("it has more than {MAX_HIDDEN} hidden layers")));
            }
            let layer = dense(&format!("hidden.{}", hidden.len()), width)?;
            width = layer.outputs;
            hidden.push(layer.by_columns());
        }
        let head = dense("policy", width)?;
        if head.outputs != meta.num_actions {
            return Err(bad(format!(
                "its policy has {} actions; its metadata says {}",
                head.outputs, meta.num_actions
            )));
        }
        Ok(Policy { meta, hidden, head })
    }

    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The index in `actions` of the action the policy takes for the
    /// (bounded) observation `obs`: the largest logit, the first on a tie.
    /// `scratch` holds the hidden layers' outputs.
    pub fn pick(
        &self,
        obs: &[f32],
        actions: impl Iterator<Item = u32>,
        scratch: &mut Scratch,
    ) -> usize {
        let widest = self.hidden.iter().map(|l| l.outputs).max().unwrap_or(0);
        let Scratch { a, b } = scratch;
        a.resize(widest, 0.0);
        b.resize(widest, 0.0);
        // Layer k reads the observation (k = 0), else what layer k − 1
        // wrote: odd layers write into `b`, even ones into `a`.
        let fill = |layer: &Dense, x: &[f32], out: &mut [f32]| layer.relu_columns(x, out);
        let mut len = 0;
        for (k, layer) in self.hidden.iter().enumerate() {
            match k {
                0 => fill(layer, obs, a),
                k if k % 2 == 1 => fill(layer, &a[..len], b),
                _ => fill(layer, &b[..len], a),
            }
            len = layer.outputs;
        }
        let input: &[f32] = match self.hidden.len() {
            0 => obs,
            n if n % 2 == 1 => &a[..len],
            _ => &b[..len],
        };
        let mut best = (0, f32::NEG_INFINITY);
        for (i, a) in actions.enumerate() {
            let a = a as usize;
            let logit = if a < self.head.outputs {
                self.head.unit(a, input)
            } else {
                f32::NEG_INFINITY
            };
            if logit > best.1 {
                best = (i, logit);
            }
        }
        best.0
    }
}

/// The buffers a policy decides in.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
}

/// The weights this program ships, set once at start ([`ship`]).
static SHIPPED: OnceLock<&'static [&'static [u8]]> = OnceLock::new();

/// Policies read so far, by fingerprint.
static LOADED: Mutex<Vec<(String, Arc<Policy>)>> = Mutex::new(Vec::new());

/// Makes `weights` (the bytes of weights files) the ones this program
/// ships; later calls are ignored.
pub fn ship(weights: &'static [&'static [u8]]) {
    let _ = SHIPPED.set(weights);
}

/// The `*.safetensors` files of folder `dir`, in name order (none when it
/// cannot be read).
pub fn weights_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|f| f.extension().is_some_and(|x| x == "safetensors"))
        .collect();
    files.sort();
    files
}

/// The weights files `SEVENW_WEIGHTS` names: each a file, or a folder whose
/// `*.safetensors` files are taken in name order.
fn named_files() -> Vec<PathBuf> {
    let Some(var) = std::env::var_os(WEIGHTS_VAR) else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for p in std::env::split_paths(&var).filter(|p| !p.as_os_str().is_empty()) {
        if p.is_dir() {
            files.extend(weights_in(&p));
        } else {
            files.push(p);
        }
    }
    files
}

/// What a search for weights looked at that did not match.
struct Seen {
    file: String,
    what: Result<Meta, String>,
}

/// The policy trained for `selection` (its words, for messages) whose
/// fingerprint is `want`, from the files `SEVENW_WEIGHTS` names or the
/// shipped weights; `retrain` is the training command for it, which the
/// refusal gives.
pub fn find(want: &str, selection: &str, retrain: &str) -> Result<Arc<Policy>, String> {
    if let Some((_, p)) = lock().iter().find(|(f, _)| f == want) {
        return Ok(p.clone());
    }
    let mut seen = Vec::new();
    let mut found = None;
    for file in named_files() {
        let shown = file.display().to_string();
        match std::fs::read(&file) {
            Err(e) => seen.push(Seen {
                file: shown,
                what: Err(format!("cannot be read: {e}")),
            }),
            Ok(bytes) => match try_load(&bytes, want) {
                Ok(Some(p)) => {
                    found = Some(p);
                    break;
                }
                Ok(None) => seen.push(Seen {
                    file: shown,
                    what: read_meta(&bytes).map_err(|e| e.0),
                }),
                Err(e) => seen.push(Seen {
                    file: shown,
                    what: Err(e),
                }),
            },
        }
    }
    if found.is_none() {
        for bytes in SHIPPED.get().copied().unwrap_or_default() {
            if let Ok(Some(p)) = try_load(bytes, want) {
                found = Some(p);
                break;
            }
        }
    }
    match found {
        Some(p) => {
            let p = Arc::new(p);
            lock().push((want.to_string(), p.clone()));
            Ok(p)
        }
        None => Err(refusal(want, selection, retrain, &seen)),
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<(String, Arc<Policy>)>> {
    LOADED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The policy in `bytes` if it was trained for the fingerprint `want`;
/// `Err` when it was but cannot be read.
fn try_load(bytes: &[u8], want: &str) -> Result<Option<Policy>, String> {
    match read_meta(bytes) {
        Ok(m) if m.fingerprint == want => Policy::from_bytes(bytes).map(Some).map_err(|e| e.0),
        Ok(_) => Ok(None),
        Err(e) => Err(e.0),
    }
}

/// Why no weights play `selection`, and how to train them.
fn refusal(want: &str, selection: &str, retrain: &str, seen: &[Seen]) -> String {
    let mut s = format!("no learned weights play {selection} (card set fingerprint {want})");
    for f in seen {
        match &f.what {
            Ok(m) if m.selection == selection => {
                let _ = write!(
                    s,
                    "; `{}` was trained for {} with other cards (fingerprint {}): the card set changed since",
                    f.file, m.selection, m.fingerprint
                );
            }
            Ok(m) => {
                let _ = write!(s, "; `{}` plays {}, not this game", f.file, m.selection);
            }
            Err(e) => {
                let _ = write!(s, "; `{}` {e}", f.file);
            }
        }
    }
    let _ = write!(
        s,
        ". Train them with `{retrain} --out weights.safetensors` and name the file in {WEIGHTS_VAR}"
    );
    s
}

/// The learned bot of one seat: its policy and its buffers.
#[derive(Debug)]
pub struct LearnedBot {
    policy: Arc<Policy>,
    players: usize,
    obs: Vec<f32>,
    scratch: Scratch,
}

impl LearnedBot {
    pub fn new(policy: Arc<Policy>, players: usize) -> Self {
        LearnedBot {
            policy,
            players,
            obs: Vec::new(),
            scratch: Scratch::default(),
        }
    }
}

impl<G: Observe> Player<G> for LearnedBot {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        self.obs.resize(game.observation_len(self.players), 0.0);
        game.observe(view, &mut self.obs);
        for x in &mut self.obs {
            *x = bounded(*x);
        }
        self.policy.pick(
            &self.obs,
            moves.iter().map(|m| game.encode(m)),
            &mut self.scratch,
        )
    }
}

/// The policy trained for `selection` ([`find`]).
pub fn policy_for(selection: &Selection) -> Result<Arc<Policy>, String> {
    find(&selection.fingerprint, &selection.words, &selection.train)
}

/// The learned bot for a seat of `game` at `players` players.
pub fn bot<G: Observe + 'static>(
    game: &G,
    players: usize,
) -> Result<Box<dyn Player<G>>, SetupError> {
    let policy =
        policy_for(&Selection::of(game, players)).map_err(|m| SetupError::option("bots", m))?;
    Ok(Box::new(LearnedBot::new(policy, players)))
}

/// Reads a weights file from disk (for tools and tests).
pub fn load(path: &Path) -> Result<Policy, WeightsError> {
    let bytes = std::fs::read(path).map_err(|e| bad(format!("cannot be read: {e}")))?;
    Policy::from_bytes(&bytes)
}

impl Policy {
    /// The sizes of its layers: `[inputs, hidden…, actions]`.
    pub fn widths(&self) -> Vec<usize> {
        let mut w = vec![self.meta.observation_len];
        w.extend(self.hidden.iter().map(|l| l.outputs));
        w.push(self.head.outputs);
        w
    }
}

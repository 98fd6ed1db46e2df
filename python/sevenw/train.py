"""Trains a learned player by self-play: ``python -m sevenw.train``.

A policy network (dense ReLU layers, a policy head over the game's fixed
action space and a value head) learns in two stages, on CPU with NumPy
alone:

1. **Imitation** (``--teacher greedy``): games played by the teacher bot
   (with a few random moves for variety) teach the policy the teacher's
   choices and the value the games' outcomes — a start better than random.
2. **Self-play** (``--updates``): every seat of ``--envs`` games stepped
   together (:class:`sevenw.VecEnv`) plays the policy's samples; each
   finished game's reward (+1 a win, −1 a loss) trains it by proximal
   policy optimisation (PPO: the clipped surrogate, the value as baseline,
   an entropy bonus).

Every ``--eval-every`` updates the policy, playing its most likely action,
meets ``--eval-bots`` from each seat in turn; the win rates draw the
learning curve (an SVG beside the weights). The weights are a safetensors
file (``hidden.K.*``, ``policy.*``, ``value.*``) whose metadata names the
selection and its card set's fingerprint (:meth:`sevenw.Env.selection`):
``sevenw … --bots learned`` plays it when the file is in
``SEVENW_WEIGHTS`` (or in the card library's ``bots/`` folder, which the
program ships), and refuses it for any other card set.

The same arguments and seed train the same weights on the same machine
(NumPy's seeded generator, the games' seeds; ``--minutes`` stops by the
clock and so is the one option that is not reproducible).

``--ray ADDRESS`` plays the self-play games on a Ray cluster
(:class:`RaySelfPlay`: ``--workers`` actors, each its share of the games
and its own seeds); the learning stays in this process. The same
arguments and number of workers train the same weights.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

import sevenw

FORMAT = "sevenw-policy/1"


# ------------------------------------------------------------------ network


class Net:
    """Dense ReLU layers shared by a policy head and a value head."""

    def __init__(self, inputs: int, hidden: list[int], actions: int, rng: np.random.Generator):
        dims = [inputs] + hidden
        self.W = [
            (rng.standard_normal((dims[i], dims[i + 1])) * math.sqrt(2.0 / dims[i])).astype(np.float32)
            for i in range(len(hidden))
        ]
        self.b = [np.zeros(d, np.float32) for d in hidden]
        last = dims[-1]
        self.Wp = (rng.standard_normal((last, actions)) * 0.01).astype(np.float32)
        self.bp = np.zeros(actions, np.float32)
        self.Wv = (rng.standard_normal((last, 1)) * 0.01).astype(np.float32)
        self.bv = np.zeros(1, np.float32)

    def params(self) -> list[np.ndarray]:
        return [*self.W, *self.b, self.Wp, self.bp, self.Wv, self.bv]

    def forward(self, x: np.ndarray):
        hs = [x]
        for W, b in zip(self.W, self.b):
            x = np.maximum(x @ W + b, 0.0)
            hs.append(x)
        z = x @ self.Wp + self.bp
        v = (x @ self.Wv + self.bv)[:, 0]
        return z, v, hs

    def backward(self, hs, dz: np.ndarray, dv: np.ndarray) -> list[np.ndarray]:
        h = hs[-1]
        dWp = h.T @ dz
        dbp = dz.sum(0)
        dWv = h.T @ dv[:, None]
        dbv = np.array([dv.sum()], np.float32)
        dh = dz @ self.Wp.T + dv[:, None] @ self.Wv.T
        dW = [None] * len(self.W)
        db = [None] * len(self.b)
        for i in reversed(range(len(self.W))):
            dh = dh * (hs[i + 1] > 0)
            dW[i] = hs[i].T @ dh
            db[i] = dh.sum(0)
            if i > 0:
                dh = dh @ self.W[i].T
        return [*dW, *db, dWp, dbp, dWv, dbv]

    def tensors(self) -> dict[str, np.ndarray]:
        """The weights as the runtime reads them: ``[outputs, inputs]``."""
        t = {}
        for i, (W, b) in enumerate(zip(self.W, self.b)):
            t[f"hidden.{i}.weight"] = np.ascontiguousarray(W.T)
            t[f"hidden.{i}.bias"] = b.copy()
        t["policy.weight"] = np.ascontiguousarray(self.Wp.T)
        t["policy.bias"] = self.bp.copy()
        t["value.weight"] = np.ascontiguousarray(self.Wv.T)
        t["value.bias"] = self.bv.copy()
        return t


class Adam:
    def __init__(self, params: list[np.ndarray], lr: float, clip: float = 1.0):
        self.params, self.lr, self.clip = params, lr, clip
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[np.ndarray]) -> None:
        norm = math.sqrt(sum(float((g * g).sum()) for g in grads))
        scale = min(1.0, self.clip / (norm + 1e-8))
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            g = g * scale
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mh = m / (1 - b1**self.t)
            vh = v / (1 - b2**self.t)
            p -= (self.lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)


def masked_softmax(z: np.ndarray, mask: np.ndarray):
    """Probabilities and log-probabilities over the legal actions."""
    legal = mask > 0
    z = np.where(legal, z, -1e9).astype(np.float32)
    m = z.max(1, keepdims=True)
    e = np.exp(z - m) * legal
    s = e.sum(1, keepdims=True)
    p = e / s
    logp = np.where(legal, z - m - np.log(s), 0.0).astype(np.float32)
    return p, logp


def greedy_actions(net: Net, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z, _, _ = net.forward(obs)
    return np.where(mask > 0, z, -np.inf).argmax(1)


# ------------------------------------------------------------------ data


@dataclass
class Samples:
    obs: list = field(default_factory=list)
    mask: list = field(default_factory=list)
    action: list = field(default_factory=list)
    logp: list = field(default_factory=list)
    value: list = field(default_factory=list)
    ret: list = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ret)

    def arrays(self):
        return (
            np.asarray(self.obs, np.float32),
            np.asarray(self.mask, np.int8),
            np.asarray(self.action, np.int64),
            np.asarray(self.logp, np.float32),
            np.asarray(self.value, np.float32),
            np.asarray(self.ret, np.float32),
        )


def imitation_data(selection: dict, teacher: str, games: int, epsilon: float, seed: int) -> Samples:
    """Games played by ``teacher`` at every seat (a random legal move with
    probability ``epsilon``): each decision's observation, mask, the
    teacher's action and the deciding seat's final reward."""
    rng = np.random.default_rng(seed)
    env = sevenw.Env(**selection, seed=seed)
    out = Samples()
    for g in range(games):
        env.reset(seed + g)
        pending = []
        k = 0
        while not env.is_over:
            seat = env.to_move
            mask = env.action_mask()
            legal = np.flatnonzero(mask)
            a = env.bot(teacher, seed * 1000 + g * 97 + k)
            if rng.random() < epsilon:
                move = int(rng.choice(legal))
            else:
                move = a
            pending.append((env.observe(seat).copy(), mask.copy(), a, seat))
            env.step(move)
            k += 1
        rewards = env.rewards()
        for o, m, a, s in pending:
            out.obs.append(o)
            out.mask.append(m)
            out.action.append(a)
            out.logp.append(0.0)
            out.value.append(0.0)
            out.ret.append(float(rewards[s]))
    return out


class SelfPlay:
    """Games stepped together, every seat sampling the policy; each game's
    decisions become samples once it ends."""

    def __init__(self, selection: dict, envs: int, threads: int, seed: int, max_steps: int):
        self.venv = sevenw.VecEnv(envs, threads=threads, max_steps=max_steps, **selection, seed=seed)
        self.obs, self.masks, self.to_move = (a.copy() for a in self.venv.reset(seed))
        self.pending: list[list] = [[] for _ in range(envs)]
        self.games = 0

    def collect(self, net: Net, rng: np.random.Generator, want: int) -> Samples:
        out = Samples()
        while len(out) < want:
            z, v, _ = net.forward(self.obs)
            p, logp = masked_softmax(z, self.masks)
            c = p.cumsum(1)
            u = rng.random(len(p)) * c[:, -1]
            actions = (c > u[:, None]).argmax(1)
            rows = np.arange(len(p))
            for i in rows:
                self.pending[i].append(
                    (self.obs[i].copy(), self.masks[i].copy(), int(actions[i]), float(logp[i, actions[i]]), float(v[i]), int(self.to_move[i]))
                )
            obs, masks, rewards, to_move, terminated, truncated, _ = self.venv.step(actions)
            for i in np.flatnonzero(terminated | truncated):
                self.games += 1
                for o, m, a, lp, val, seat in self.pending[i]:
                    out.obs.append(o)
                    out.mask.append(m)
                    out.action.append(a)
                    out.logp.append(lp)
                    out.value.append(val)
                    out.ret.append(float(rewards[i, seat]))
                self.pending[i] = []
            self.obs, self.masks, self.to_move = obs.copy(), masks.copy(), to_move.copy()
        return out


class _Worker:
    """One Ray actor's share of the self-play games (:class:`RaySelfPlay`):
    its own games and sampling generator, seeded by its place."""

    def __init__(self, selection: dict, envs: int, seed: int, max_steps: int):
        self.play = SelfPlay(selection, envs, 1, seed, max_steps)
        self.rng = np.random.default_rng(seed)

    def collect(self, net: Net, want: int) -> tuple[tuple, int]:
        return self.play.collect(net, self.rng, want).arrays(), self.play.games


class RaySelfPlay:
    """:class:`SelfPlay` on a Ray cluster (``--ray``): ``workers`` actors
    each step their share of the ``envs`` games, each sampling the policy
    with its own generator; an update sends them the network and takes
    their samples in the actors' order. The same arguments and number of
    workers give the same samples, wherever the actors run."""

    def __init__(self, selection: dict, envs: int, workers: int, seed: int, max_steps: int, address: Optional[str]):
        import ray

        from . import cluster

        cluster.connect(None if address in (None, "local") else address)
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if workers < 1 or envs < workers or workers > cpus:
            raise ValueError(f"--workers: from 1 to the cluster's {cpus} CPUs and the {envs} games of --envs")
        actor = ray.remote(num_cpus=1)(_Worker)
        shares = [envs // workers + (k < envs % workers) for k in range(workers)]
        self.actors = [actor.remote(selection, n, seed + 7919 * k, max_steps) for k, n in enumerate(shares)]
        self.games = 0
        self.samples: list[int] = []

    def close(self) -> None:
        """Ends the actors, freeing their CPUs for the cluster's next work."""
        import ray

        for a in self.actors:
            ray.kill(a)
        self.actors = []

    def collect(self, net: Net, rng: np.random.Generator, want: int) -> Samples:
        import ray

        n = len(self.actors)
        shared = ray.put(net)
        parts = ray.get([a.collect.remote(shared, -(-want // n)) for a in self.actors])
        out = Samples()
        self.games = sum(games for _, games in parts)
        # The samples each worker brought to this update, in order.
        self.samples = [len(arrays[-1]) for arrays, _ in parts]
        for arrays, _ in parts:
            for name, xs in zip(("obs", "mask", "action", "logp", "value", "ret"), arrays):
                getattr(out, name).extend(xs)
        return out


# ------------------------------------------------------------------ learning


@dataclass
class Hyper:
    lr: float = 3e-4
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    epochs: int = 3
    minibatch: int = 1024


def imitate(net: Net, opt: Adam, data: Samples, epochs: int, minibatch: int, rng: np.random.Generator) -> float:
    obs, mask, action, _, _, ret = data.arrays()
    n = len(ret)
    loss = 0.0
    for _ in range(epochs):
        order = rng.permutation(n)
        total = 0.0
        for s in range(0, n, minibatch):
            idx = order[s : s + minibatch]
            B = len(idx)
            z, v, hs = net.forward(obs[idx])
            p, logp = masked_softmax(z, mask[idx])
            a = action[idx]
            rows = np.arange(B)
            total += float(-logp[rows, a].sum())
            dz = p.copy()
            dz[rows, a] -= 1.0
            dz /= B
            dv = 0.5 * (v - ret[idx]) / B
            opt.step(net.backward(hs, dz.astype(np.float32), dv.astype(np.float32)))
        loss = total / n
    return loss


def ppo(net: Net, opt: Adam, data: Samples, h: Hyper, rng: np.random.Generator) -> dict:
    obs, mask, action, old_logp, old_v, ret = data.arrays()
    adv = ret - old_v
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(ret)
    ent_sum = 0.0
    count = 0
    for _ in range(h.epochs):
        order = rng.permutation(n)
        for s in range(0, n, h.minibatch):
            idx = order[s : s + h.minibatch]
            B = len(idx)
            rows = np.arange(B)
            z, v, hs = net.forward(obs[idx])
            p, logp = masked_softmax(z, mask[idx])
            a = action[idx]
            A = adv[idx]
            ratio = np.exp(logp[rows, a] - old_logp[idx])
            clipped = ((A > 0) & (ratio > 1 + h.clip)) | ((A < 0) & (ratio < 1 - h.clip))
            coef = np.where(clipped, 0.0, A * ratio).astype(np.float32)
            onehot = np.zeros_like(p)
            onehot[rows, a] = 1.0
            dz = coef[:, None] * (p - onehot)
            H = -(p * logp).sum(1)
            dz += h.entropy * p * (logp + H[:, None])
            dz /= B
            dv = h.value * (v - ret[idx]) / B
            opt.step(net.backward(hs, dz.astype(np.float32), dv.astype(np.float32)))
            ent_sum += float(H.sum())
            count += B
    return {"entropy": ent_sum / max(count, 1)}


def evaluate(net: Net, selection: dict, bot: str, games: int, seed: int) -> float:
    """The policy's share of wins (shared wins count a half) against
    ``bot`` at every other seat, the policy's seat rotating."""
    env = sevenw.Env(**selection, seed=seed)
    score = 0.0
    for g in range(games):
        env.reset(seed + g)
        mine = g % env.seats
        k = 0
        while not env.is_over:
            seat = env.to_move
            if seat == mine:
                o = env.observe(seat)[None, :]
                m = env.action_mask()[None, :]
                env.step(int(greedy_actions(net, o, m)[0]))
            else:
                env.step(env.bot(bot, seed * 7919 + g * 131 + k))
            k += 1
        r = env.rewards()
        if r[mine] > 0:
            score += 1.0 / max(1, int((r > 0).sum()))
        elif (r == 0).all():
            score += 1.0 / env.seats
    return score / games


# ------------------------------------------------------------------ output


def save(net: Net, path: str, selection: dict, env: "sevenw.Env", command: str) -> None:
    from safetensors.numpy import save_file

    key = env.selection()
    meta = {
        "format": FORMAT,
        "selection": key["words"],
        "players": str(env.seats),
        "fingerprint": key["fingerprint"],
        "observation_len": str(env.observation_len),
        "num_actions": str(env.num_actions),
        "command": command,
        "selection_args": json.dumps(selection, sort_keys=True),
    }
    tmp = path + ".part"
    save_file(net.tensors(), tmp, metadata=meta)
    os.replace(tmp, path)


def load(path: str) -> tuple[Net, dict]:
    """A weights file's network (to play it from Python, inspect it, or
    train it further) and its metadata."""
    from safetensors import safe_open

    with safe_open(path, framework="numpy") as f:
        meta = f.metadata() or {}
        t = {k: f.get_tensor(k) for k in f.keys()}
    net = Net.__new__(Net)
    n = sum(1 for k in t if k.startswith("hidden.") and k.endswith(".weight"))
    net.W = [np.ascontiguousarray(t[f"hidden.{i}.weight"].T) for i in range(n)]
    net.b = [t[f"hidden.{i}.bias"] for i in range(n)]
    net.Wp = np.ascontiguousarray(t["policy.weight"].T)
    net.bp = t["policy.bias"]
    last = net.Wp.shape[0]
    net.Wv = np.ascontiguousarray(t["value.weight"].T) if "value.weight" in t else np.zeros((last, 1), np.float32)
    net.bv = t.get("value.bias", np.zeros(1, np.float32))
    return net, meta


def curve_svg(points: list[dict], bots: list[str], title: str) -> str:
    """The learning curve: each evaluation's win rates by games played."""
    W, H, L, R, T, B = 720, 360, 56, 150, 36, 44
    xs = [p["games"] for p in points] or [0]
    xmax = max(max(xs), 1)
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b"]

    def X(x):
        return L + (W - L - R) * x / xmax

    def Y(y):
        return T + (H - T - B) * (1 - y)

    s = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{L}" y="20" font-size="14">{escape(title)}</text>',
    ]
    for k in range(0, 11, 2):
        y = Y(k / 10)
        s.append(f'<line x1="{L}" x2="{W - R}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        s.append(f'<text x="{L - 6}" y="{y + 4:.1f}" text-anchor="end">{k * 10}%</text>')
    s.append(f'<text x="{(L + W - R) / 2:.0f}" y="{H - 8}" text-anchor="middle">self-play games</text>')
    for k in range(0, 5):
        x = xmax * k / 4
        s.append(f'<text x="{X(x):.1f}" y="{H - B + 16}" text-anchor="middle">{int(x):,}</text>')
    for j, bot in enumerate(bots):
        pts = [(X(p["games"]), Y(p["win"][bot])) for p in points if bot in p["win"]]
        c = colours[j % len(colours)]
        if pts:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            s.append(f'<polyline fill="none" stroke="{c}" stroke-width="2" points="{path}"/>')
            for x, y in pts:
                s.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{c}"/>')
        s.append(f'<text x="{W - R + 10}" y="{T + 16 + 18 * j}" fill="{c}">vs {escape(bot)}</text>')
    s.append("</svg>")
    return "\n".join(s) + "\n"


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Progress:
    """One line on standard error, redrawn: a bar, the updates done, the
    time, the games played and the last evaluation."""

    def __init__(self, total: int, quiet: bool):
        self.total, self.quiet, self.start = total, quiet, time.monotonic()

    def show(self, done: int, text: str) -> None:
        if self.quiet:
            return
        width = 24
        fill = int(width * done / max(self.total, 1))
        t = time.monotonic() - self.start
        sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} updates, {t:.0f} s, {text}\033[K")
        sys.stderr.flush()

    def done(self) -> None:
        if not self.quiet:
            sys.stderr.write("\n")


# ------------------------------------------------------------------ command


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m sevenw.train",
        description="Train a learned player by self-play and write its weights (safetensors) and learning curve (SVG).",
    )
    p.add_argument("--game", help="the game (default: the one the expansions extend)")
    p.add_argument("--edition", type=int, help="the game's edition")
    p.add_argument("--with", dest="expansions", default="", help="expansions in play, comma-separated")
    p.add_argument("--players", type=int, help="players (a game of one player count leaves it out)")
    p.add_argument("--out", help="the weights file (default: GAME[-Np][-with-…].safetensors)")
    p.add_argument("--curve", help="the learning curve (default: the weights file's name with .svg)")
    p.add_argument("--seed", type=int, default=1, help="the seed of everything (default 1)")
    p.add_argument("--hidden", default="256,128", help="hidden layer widths (default 256,128)")
    p.add_argument("--teacher", default="greedy", help="the bot imitated first, or `none` (default greedy)")
    p.add_argument("--teacher-games", type=int, default=600, help="games the teacher plays (default 600)")
    p.add_argument("--updates", type=int, default=300, help="self-play updates (default 300)")
    p.add_argument("--minutes", type=float, help="stop self-play after this long (not reproducible)")
    p.add_argument("--batch", type=int, default=8192, help="decisions per update (default 8192)")
    p.add_argument("--envs", type=int, default=128, help="games stepped together (default 128)")
    p.add_argument("--threads", type=int, default=min(2, os.cpu_count() or 1), help="threads stepping them")
    p.add_argument("--lr", type=float, default=3e-4, help="Adam's learning rate (default 3e-4)")
    p.add_argument("--entropy", type=float, default=0.01, help="the entropy bonus (default 0.01)")
    p.add_argument("--eval-every", type=int, default=25, help="updates between evaluations (default 25)")
    p.add_argument("--eval-games", type=int, default=100, help="games per evaluation and bot (default 100)")
    p.add_argument("--eval-bots", default="greedy", help="bots the evaluations meet, comma-separated (default greedy)")
    p.add_argument("--ray", metavar="ADDRESS", help="self-play on a Ray cluster: `auto`, `ray://host:10001`, or `local` (starts one)")
    p.add_argument("--workers", type=int, help="with --ray, actors sharing the games (default: the cluster's CPUs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def selection_of(a: argparse.Namespace) -> dict:
    sel: dict = {}
    if a.game:
        sel["game"] = a.game
    if a.edition:
        sel["edition"] = a.edition
    if a.expansions:
        sel["expansions"] = [x.strip() for x in a.expansions.split(",") if x.strip()]
    if a.players:
        sel["players"] = a.players
    return sel


def default_out(env: "sevenw.Env", sel: dict) -> str:
    name = (sel.get("game") or env.title).lower().replace(" ", "-")
    if sel.get("edition"):
        name += f"{sel['edition']}"
    if "players" in sel:
        name += f"-{sel['players']}p"
    for x in sel.get("expansions", []):
        name += f"-{x}"
    return name + ".safetensors"


def main(argv: Optional[list[str]] = None) -> int:
    a = parser().parse_args(argv)
    # The cluster's arguments, checked before any training starts.
    if a.workers is not None and not a.ray:
        print("error: --workers shares the games among a Ray cluster's actors: give --ray too", file=sys.stderr)
        return 2
    if a.ray:
        try:
            import ray
        except ImportError:
            print("error: --ray needs the `ray` package: pip install -r python/requirements-rl.txt", file=sys.stderr)
            return 2
    sel = selection_of(a)
    try:
        env = sevenw.Env(**sel, seed=a.seed)
        hidden = [int(x) for x in a.hidden.split(",") if x.strip()]
        if not hidden or min(hidden) < 1 or len(hidden) > 8:
            raise ValueError("--hidden: one to eight widths, each at least 1")
    except (sevenw.SevenwError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    out = a.out or default_out(env, sel)
    curve = a.curve or (os.path.splitext(out)[0] + ".svg")
    bots = [b.strip() for b in a.eval_bots.split(",") if b.strip()]
    command = "python -m sevenw.train " + " ".join(argv if argv is not None else sys.argv[1:])
    rng = np.random.default_rng(a.seed)
    net = Net(env.observation_len, hidden, env.num_actions, rng)
    opt = Adam(net.params(), a.lr)
    key = env.selection()
    log = sys.stderr
    print(f"training a policy for {key['words']} (fingerprint {key['fingerprint']}): layers {[env.observation_len, *hidden, env.num_actions]}", file=log)
    points: list[dict] = []

    def evaluation(games: int) -> dict:
        win = {b: evaluate(net, sel, b, a.eval_games, a.seed * 31 + len(points)) for b in bots}
        points.append({"games": games, "win": win})
        with open(curve, "w") as f:
            f.write(curve_svg(points, bots, f"{key['words']}: the learned policy's wins"))
        save(net, out, sel, env, command)
        return win

    if a.teacher != "none":
        t = time.monotonic()
        data = imitation_data(sel, a.teacher, a.teacher_games, 0.1, a.seed)
        loss = imitate(net, opt, data, 4, 512, rng)
        print(f"imitated {a.teacher}: {len(data):,} decisions of {a.teacher_games} games, loss {loss:.3f}, {time.monotonic() - t:.0f} s", file=log)
    win = evaluation(0)
    print(f"after imitation: {fmt_win(win)}", file=log)
    if a.ray:
        from . import cluster

        cluster.connect(None if a.ray == "local" else a.ray)
        workers = a.workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        try:
            play = RaySelfPlay(sel, a.envs, workers, a.seed * 1_000_003, 2000, a.ray)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(f"self-play on a Ray cluster: {workers} workers", file=log)
    else:
        play = SelfPlay(sel, a.envs, a.threads, a.seed * 1_000_003, max_steps=2000)
    h = Hyper(lr=a.lr, entropy=a.entropy)
    bar = Progress(a.updates, a.quiet)
    start = time.monotonic()
    last = fmt_win(win)
    try:
        for u in range(1, a.updates + 1):
            data = play.collect(net, rng, a.batch)
            stats = ppo(net, opt, data, h, rng)
            if u % a.eval_every == 0 or u == a.updates:
                last = fmt_win(evaluation(play.games))
            bar.show(u, f"{play.games:,} games, entropy {stats['entropy']:.2f}, {last}")
            if a.minutes and time.monotonic() - start > a.minutes * 60:
                if not points or points[-1]["games"] != play.games:
                    last = fmt_win(evaluation(play.games))
                break
    finally:
        if isinstance(play, RaySelfPlay):
            play.close()
    bar.done()
    print(f"wrote {out} and {curve}: {last}", file=log)
    return 0


def fmt_win(win: dict) -> str:
    return ", ".join(f"vs {b} {100 * w:.0f}%" for b, w in win.items())


if __name__ == "__main__":
    sys.exit(main())

"""Steps per second of sevenw.VecEnv: random legal actions drawn in Rust
(``step_random``), and drawn in Python from the masks (``step``), for
several batch sizes and thread counts.

    python bench/vec_speed.py                       # Duel
    python bench/vec_speed.py --game architects --players 7
    python bench/vec_speed.py --num-envs 256,1024,4096 --threads 1,2

A step is one decision in every game of the batch (a finished game starts
again), so steps/s counts decisions: ``num_envs`` per call.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import sevenw


def rust_random(v, n: int, seconds: float) -> float:
    v.reset()
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(16):
            v.step_random(calls)
            calls += 1
        if time.perf_counter() >= deadline:
            break
    return calls * n / (time.perf_counter() - start)


def python_random(v, n: int, seconds: float, seed: int = 0) -> float:
    """Random legal actions chosen by NumPy from the masks (the masks
    weighted by uniform noise, the largest taken)."""
    rng = np.random.default_rng(seed)
    obs, masks, to_move = v.reset()
    noise = np.empty(masks.shape, dtype=np.float32)
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        rng.random(dtype=np.float32, out=noise)
        np.multiply(noise, masks, out=noise)
        actions = np.argmax(noise, axis=1).astype(np.uint32)
        obs, masks, rewards, to_move, done = v.step(actions)
        calls += 1
    return calls * n / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="duel")
    ap.add_argument("--players", type=int)
    ap.add_argument("--num-envs", default="64,256,1024,4096")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    sel = dict(game=args.game)
    if args.players:
        sel["players"] = args.players
    print(f"{sel}")
    print("| num_envs | threads | step_random steps/s | step (NumPy actions) steps/s |")
    print("|---:|---:|---:|---:|")
    for n in [int(x) for x in args.num_envs.split(",")]:
        for t in [int(x) for x in args.threads.split(",")]:
            v = sevenw.VecEnv(n, threads=t, **sel)
            r = rust_random(v, n, args.seconds)
            p = python_random(v, n, args.seconds)
            print(f"| {n:,} | {t} | {r:,.0f} | {p:,.0f} |", flush=True)


if __name__ == "__main__":
    main()

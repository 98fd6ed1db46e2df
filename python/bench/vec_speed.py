"""Steps per second of sevenw.VecEnv: random legal actions drawn in Rust
(``step_random``), and drawn in Python from the masks (``step``), for
several batch sizes and thread counts.

    python python/bench/vec_speed.py                       # Duel
    python python/bench/vec_speed.py --game architects --players 7
    python python/bench/vec_speed.py --num-envs 256,1024,4096 --threads 1,2

A step is one decision in every game of the batch (a finished game starts
again), so steps/s counts decisions: ``num_envs`` per call.

Each row is measured ``--rounds`` times, the rows taking turns, and gives
the median and the best. Its last column says how much of two cores the
machine gave at that moment: SHA-256 of a buffer on two threads at once
(hashlib lets go of the GIL) against one, 2.0 for two free cores. On a
shared machine it moves from minute to minute; read a row with it.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import threading
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
        obs, masks, rewards, to_move, terminated, truncated, info = v.step(actions)
        calls += 1
    return calls * n / (time.perf_counter() - start)


def cores(mb: int = 16, tries: int = 2) -> float:
    """Throughput of SHA-256 on two threads at once over one thread's (the
    best of ``tries`` timings of each)."""
    data = bytes(mb << 20)

    def once() -> None:
        hashlib.sha256(data).digest()

    def timed(threads: int) -> float:
        pool = [threading.Thread(target=once) for _ in range(threads)]
        start = time.perf_counter()
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        return time.perf_counter() - start

    one = min(timed(1) for _ in range(tries))
    two = min(timed(2) for _ in range(tries))
    return 2 * one / two


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="duel", help="the game (default duel)")
    ap.add_argument("--players", type=int, help="seats (default: the game's)")
    ap.add_argument(
        "--num-envs", default="64,256,1024,4096", help="batch sizes, comma-separated"
    )
    ap.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    ap.add_argument(
        "--seconds", type=float, default=1.0, help="length of one measurement"
    )
    ap.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="measurements of each row, the rows taking turns (median and best shown)",
    )
    args = ap.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        ap.error("--rounds must be at least 1 and --seconds above 0")
    sel = dict(game=args.game)
    if args.players:
        sel["players"] = args.players
    rows = [
        (int(n), int(t))
        for n in args.num_envs.split(",")
        for t in args.threads.split(",")
    ]
    envs = {row: sevenw.VecEnv(row[0], threads=row[1], **sel) for row in rows}
    got = {row: ([], [], []) for row in rows}
    for _ in range(args.rounds):
        for row, (r, p, c) in got.items():
            c.append(cores())
            r.append(rust_random(envs[row], row[0], args.seconds))
            p.append(python_random(envs[row], row[0], args.seconds))
    print(f"{sel}, {args.rounds} round(s) of {args.seconds} s: median (best)")
    print(
        "| num_envs | threads | step_random steps/s "
        "| step (NumPy actions) steps/s | cores given |"
    )
    print("|---:|---:|---:|---:|---:|")
    for (n, t), (r, p, c) in got.items():
        print(
            f"| {n:,} | {t} | {statistics.median(r):,.0f} ({max(r):,.0f}) "
            f"| {statistics.median(p):,.0f} ({max(p):,.0f}) "
            f"| {min(c):.2f}–{max(c):.2f} |"
        )


if __name__ == "__main__":
    main()

"""AEC environment steps per second with uniformly random legal actions
(drawn from the action mask): sevenw's Duel against another PettingZoo
AEC environment of 7 Wonders Duel, the same loop for both.

    python bench/aec_speed.py                      # sevenw only
    python bench/aec_speed.py --kilian /work/kilian \\
        --kilian-python /work/venv-kilian/bin/python

With ``--kilian`` the other environment (kilianmandon/seven-wonders-rl's
``pettingzoo_env.GameEnv``, whose own requirements include torch) runs in a
second process under its own interpreter, after ours; each prints one JSON
line and the parent prints the table.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np


def loop(env, seconds: float, seed: int) -> dict:
    """The loop both environments run: games of random legal actions
    until ``seconds`` have passed; a game ends at the first termination."""
    rng = np.random.default_rng(seed)
    steps = games = 0
    env.reset(seed=seed)
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset()
        games += 1
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                break
            legal = np.flatnonzero(obs["action_mask"])
            env.step(legal[rng.integers(len(legal))])  # a NumPy integer
            steps += 1
    dt = time.perf_counter() - start
    return {"steps": steps, "games": games, "seconds": dt, "steps_per_sec": steps / dt}


def native_loop(selection: dict, seconds: float, seed: int) -> dict:
    """The floor under the wrapper: the same work on sevenw.Env directly
    (the observation and mask of the seat to move, a random legal action,
    the step), without PettingZoo's agent_iter/last."""
    import sevenw

    e = sevenw.Env(**selection)
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        e.reset(seed + games)
        games += 1
        while not e.is_over:
            e.observe(e.to_move)
            legal = np.flatnonzero(e.action_mask())
            e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    dt = time.perf_counter() - start
    return {"steps": steps, "games": games, "seconds": dt, "steps_per_sec": steps / dt}


def make(which: str, kilian: str | None, selection: dict):
    if which == "sevenw":
        from sevenw.pettingzoo import env

        return env(**selection)
    sys.path.insert(0, kilian)
    os.chdir(kilian)  # it reads card_data/ from the working directory
    from pettingzoo_env import GameEnv

    return GameEnv()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kilian", help="a checkout of kilianmandon/seven-wonders-rl")
    ap.add_argument("--kilian-python", default=sys.executable)
    ap.add_argument("--game", default="duel", help="sevenw's game (default duel)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--only", choices=["sevenw", "native", "kilian"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    selection = {"game": args.game}
    if args.players:
        selection["players"] = args.players

    if args.only == "native":
        native_loop(selection, min(1.0, args.seconds), args.seed)
        r = native_loop(selection, args.seconds, args.seed)
        r["env"] = "sevenw.Env (no PettingZoo) " + json.dumps(selection)
        print(json.dumps(r))
        return
    if args.only:
        env = make(args.only, args.kilian, selection)
        loop(env, min(1.0, args.seconds), args.seed)  # warm up
        r = loop(env, args.seconds, args.seed)
        r["env"] = "sevenw " + json.dumps(selection) if args.only == "sevenw" else "kilian (duel)"
        print(json.dumps(r))
        return

    runs = [("sevenw", sys.executable), ("native", sys.executable)]
    if args.kilian:
        runs.append(("kilian", args.kilian_python))
    results = []
    for which, python in runs:
        cmd = [python, os.path.abspath(__file__), "--only", which, "--seconds",
               str(args.seconds), "--seed", str(args.seed), "--game", args.game]
        if args.players:
            cmd += ["--players", str(args.players)]
        if args.kilian:
            cmd += ["--kilian", os.path.abspath(args.kilian)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        results.append(json.loads(out.strip().splitlines()[-1]))
    ours = results[0]["steps_per_sec"]
    print("| environment | steps | games | seconds | steps/s | sevenw / it |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in results:
        print(
            f"| {r['env']} | {r['steps']:,} | {r['games']:,} | {r['seconds']:.1f} "
            f"| {r['steps_per_sec']:,.0f} | {ours / r['steps_per_sec']:,.1f}× |"
        )


if __name__ == "__main__":
    main()

"""Figures to size a Ray run of sevenw.cluster: on a local cluster of 1 and
2 workers, the games per task, the bytes of a task's arguments and of a
part, the seconds per game of a bot, and the driver's cost of merging N
parts.

    python bench/cluster_size.py                    # Duel, greedy and mcts:50
    python bench/cluster_size.py --game base --players 5 --bots greedy
"""

from __future__ import annotations

import argparse
import json
import pickle
import time

import ray

import sevenw
from sevenw import cluster


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="duel")
    ap.add_argument("--players", type=int)
    ap.add_argument("--bots", default="greedy,mcts:50")
    ap.add_argument("--games", default="2000,200", help="games for each bot")
    ap.add_argument("--merge-games", type=int, default=200_000)
    args = ap.parse_args()
    sel = dict(game=args.game, seed=1)
    if args.players:
        sel["players"] = args.players
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)

    plan = sevenw.plan(10**6)
    print(f"plan of 1,000,000 games: {len(plan):,} chunks of {plan[0][1] - plan[0][0]} games")
    for bots, games in zip(args.bots.split(","), [int(g) for g in args.games.split(",")]):
        for workers in (1, 2):
            chunk = games if workers == 1 else max(1, games // 8)
            tasks = cluster.groups(sevenw.plan(games), chunk, 8)
            arg_bytes = max(
                len(pickle.dumps(("sim_part", g, games, bots, sel))) for g in tasks
            )
            parts, seconds, _ = cluster.parts(
                "sim", games=games, bots=bots, chunk_games=chunk, **sel
            )
            sizes = [len(p) for p in parts]
            print(
                json.dumps(
                    {
                        "bots": bots,
                        "workers": workers,
                        "games": games,
                        "tasks": len(tasks),
                        "games_per_task": games / len(tasks),
                        "task_arg_bytes": arg_bytes,
                        "parts": len(parts),
                        "part_bytes_max": max(sizes),
                        "part_bytes_mean": sum(sizes) / len(sizes),
                        "seconds": round(seconds, 3),
                        "games_per_sec": round(games / seconds, 1),
                    }
                ),
                flush=True,
            )

    # The driver's merge: N parts, one per chunk of the plan of a run.
    for kind in ("sim", "balance"):
        part = getattr(sevenw, f"{kind}_part")
        merge = getattr(sevenw, f"{kind}_merge")
        for g in (args.merge_games // 100, args.merge_games // 10, args.merge_games):
            plan = sevenw.plan(g)
            if not plan:
                continue
            parts = [part(start=s, end=e, games=g, bots="random", **sel) for s, e in plan]
            t0 = time.perf_counter()
            merge(parts, games=g, bots="random", threads=2, seconds=1.0, **sel)
            dt = time.perf_counter() - t0
            print(
                json.dumps(
                    {
                        "merge": kind,
                        "games": g,
                        "parts": len(parts),
                        "part_bytes_mean": round(sum(map(len, parts)) / len(parts)),
                        "part_bytes_total": sum(map(len, parts)),
                        "merge_seconds": round(dt, 4),
                        "merge_us_per_part": round(dt / len(parts) * 1e6, 1),
                    }
                ),
                flush=True,
            )
    ray.shutdown()


if __name__ == "__main__":
    main()

"""Simulations and balance reports on a Ray cluster.

:func:`sim` and :func:`balance` take :func:`sevenw.sim`'s and
:func:`sevenw.balance`'s keywords and give the same text: the games of
``sevenw.plan(games)`` are split into contiguous groups of chunks, each
group a Ray task calling :func:`sevenw.sim_part` (or ``balance_part``) on
its chunks, and the driver merges the parts in plan order with
``sim_merge`` (``balance_merge``). Whatever the grouping and however many
workers, the result is the one of a local run, except the fields that
describe the run (``seconds``, ``games_per_sec``, ``threads``). A task
whose worker dies is run again (``max_retries``); a part is a pure
function of its range, so a retried task neither loses nor counts twice a
game.

Connects to a running cluster with ``address`` (``"auto"``, or
``"ray://host:10001"``), uses the one ``ray.init`` already made in this
process, or starts a local one.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

import sevenw as _sw

__all__ = ["sim", "balance", "parts", "groups", "connect"]

#: How many times a task whose worker died is run again.
MAX_RETRIES = 5


def connect(address: str | None = None) -> None:
    """Joins the cluster at ``address``, or the one already joined, or
    starts a local one."""
    import ray

    if ray.is_initialized():
        return
    if address is None:
        ray.init(include_dashboard=False)
    else:
        ray.init(address=address)


def groups(
    plan: Sequence[tuple[int, int]], chunk_games: int | None, tasks: int
) -> list[list[tuple[int, int]]]:
    """Contiguous groups of the plan's chunks, in order: each of about
    ``chunk_games`` games (at least one chunk), or, without it, about
    ``tasks`` groups of equal size."""
    plan = [(int(s), int(e)) for s, e in plan]
    if not plan:
        return []
    total = plan[-1][1] - plan[0][0]
    if chunk_games is None:
        chunk_games = max(1, -(-total // max(1, tasks)))
    out: list[list[tuple[int, int]]] = []
    cur: list[tuple[int, int]] = []
    size = 0
    for s, e in plan:
        cur.append((s, e))
        size += e - s
        if size >= chunk_games:
            out.append(cur)
            cur, size = [], 0
    if cur:
        out.append(cur)
    return out


def _run_group(part, ranges, games, bots, selection) -> list[bytes]:
    if isinstance(part, str):  # a function of the native module, by name
        import sevenw

        part = getattr(sevenw, part)
    return [part(start=s, end=e, games=games, bots=bots, **selection) for s, e in ranges]


_remote_cache: dict[int, Any] = {}


def _remote(max_retries: int):
    import ray

    f = _remote_cache.get(max_retries)
    if f is None:
        f = ray.remote(num_cpus=1, max_retries=max_retries, retry_exceptions=False)(
            _run_group
        )
        _remote_cache[max_retries] = f
    return f


def parts(
    kind: str,
    *,
    games: int,
    bots,
    chunk_games: int | None = None,
    address: str | None = None,
    _part: Callable[..., bytes] | None = None,
    _max_retries: int = MAX_RETRIES,
    **selection,
) -> tuple[list[bytes], float, int]:
    """The parts of a run of ``kind`` (``"sim"`` or ``"balance"``) made on
    the cluster, in plan order, with the seconds they took and the
    cluster's CPUs: what :func:`sim` and :func:`balance` merge."""
    import ray

    if kind not in ("sim", "balance"):
        raise ValueError(f"kind is sim or balance, not {kind!r}")
    connect(address)
    part = _part if _part is not None else f"{kind}_part"
    cpus = int(ray.cluster_resources().get("CPU", 1))
    tasks = groups(_sw.plan(games), chunk_games, 4 * cpus)
    remote = _remote(_max_retries)
    t0 = time.perf_counter()
    sel = ray.put(selection)
    refs = [remote.remote(part, g, games, bots, sel) for g in tasks]
    out: list[bytes] = []
    for r in refs:  # in plan order
        out.extend(ray.get(r))
    return out, time.perf_counter() - t0, cpus


def _run(kind, *, games, bots, threads, merge_extra, selection, **kw) -> str:
    got, seconds, cpus = parts(kind, games=games, bots=bots, **kw, **selection)
    merge = getattr(_sw, f"{kind}_merge")
    return merge(
        got,
        games=games,
        bots=bots,
        threads=threads if threads is not None else cpus,
        seconds=seconds,
        **merge_extra,
        **selection,
    )


def sim(
    *,
    games: int,
    bots,
    threads: int | None = None,
    chunk_games: int | None = None,
    address: str | None = None,
    _part: Callable[..., bytes] | None = None,
    _max_retries: int = MAX_RETRIES,
    **selection,
) -> str:
    """:func:`sevenw.sim` on a Ray cluster: the same JSON text but for
    ``seconds``, ``games_per_sec`` and ``threads`` (the number reported:
    by default the cluster's CPUs). ``chunk_games``: games per task
    (default: four tasks per CPU)."""
    return _run(
        "sim",
        games=games,
        bots=bots,
        threads=threads,
        chunk_games=chunk_games,
        address=address,
        selection=selection,
        merge_extra={},
        _part=_part,
        _max_retries=_max_retries,
    )


def balance(
    *,
    games: int,
    bots,
    threads: int | None = None,
    out: str | None = None,
    chunk_games: int | None = None,
    address: str | None = None,
    _part: Callable[..., bytes] | None = None,
    _max_retries: int = MAX_RETRIES,
    **selection,
) -> str:
    """:func:`sevenw.balance` on a Ray cluster (see :func:`sim`); ``out``
    a folder the driver writes ``report.json`` and ``report.html`` to."""
    return _run(
        "balance",
        games=games,
        bots=bots,
        threads=threads,
        chunk_games=chunk_games,
        address=address,
        selection=selection,
        merge_extra={} if out is None else {"out": out},
        _part=_part,
        _max_retries=_max_retries,
    )

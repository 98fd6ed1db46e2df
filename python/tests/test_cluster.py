"""sevenw.cluster on a local Ray cluster: the same results as one local
run, at 1 and 2 workers, and with a worker killed mid-run."""

from __future__ import annotations

import json
import os

import pytest
import ray

import sevenw
from sevenw import cluster

RUN_FIELDS = ("seconds", "games_per_sec", "threads")
SELECTION = dict(game="duel", seed=11)
BOTS = "random"


def strip(text: str) -> str:
    """The report without the fields that describe the run."""
    doc = json.loads(text)

    def drop(x):
        if isinstance(x, dict):
            return {k: drop(v) for k, v in x.items() if k not in RUN_FIELDS}
        if isinstance(x, list):
            return [drop(v) for v in x]
        return x

    return json.dumps(drop(doc))


@pytest.fixture(scope="module")
def local_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def games():
    """Enough games for several chunks of the plan."""
    n = 16
    while len(sevenw.plan(n)) < 5 and n < 4096:
        n *= 2
    return n


def crash_once(marker: str, kind: str):
    """A part function whose first call anywhere kills its worker."""

    def part(**kw):
        import sevenw as sw

        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return getattr(sw, f"{kind}_part")(**kw)
        os.close(fd)
        os._exit(1)

    return part


@pytest.mark.parametrize("kind", ["sim", "balance"])
@pytest.mark.parametrize("workers", [1, 2])
def test_same_as_local(local_cluster, games, kind, workers):
    local = getattr(sevenw, kind)(games=games, bots=BOTS, **SELECTION)
    plan = sevenw.plan(games)
    # 1 worker: one task holding the whole plan; 2: a task per chunk.
    chunk = games if workers == 1 else 1
    got = getattr(cluster, kind)(games=games, bots=BOTS, chunk_games=chunk, **SELECTION)
    assert strip(got) == strip(local)
    if kind == "sim":  # the report of balance does not say
        assert json.loads(got)["threads"] == 2

    parts, seconds, cpus = cluster.parts(
        kind, games=games, bots=BOTS, chunk_games=chunk, **SELECTION
    )
    assert len(parts) == len(plan)
    merge = getattr(sevenw, f"{kind}_merge")
    whole = getattr(sevenw, f"{kind}_part")(
        start=0, end=games, games=games, bots=BOTS, **SELECTION
    )
    args = dict(games=games, bots=BOTS, threads=2, seconds=1.0, **SELECTION)
    assert merge(parts, **args) == merge([whole], **args)


@pytest.mark.parametrize("kind", ["sim", "balance"])
def test_killed_worker_is_retried(local_cluster, games, kind, tmp_path):
    marker = str(tmp_path / "crashed")
    local = getattr(sevenw, kind)(games=games, bots=BOTS, **SELECTION)
    got = getattr(cluster, kind)(
        games=games,
        bots=BOTS,
        chunk_games=1,
        _part=crash_once(marker, kind),
        **SELECTION,
    )
    assert os.path.exists(marker), "no worker was killed"
    assert strip(got) == strip(local)


def test_no_retry_fails(local_cluster, games, tmp_path):
    """Without retries the killed task is an error, not a short result."""
    marker = str(tmp_path / "crashed")
    with pytest.raises(ray.exceptions.RayError):
        cluster.sim(
            games=games,
            bots=BOTS,
            chunk_games=1,
            _part=crash_once(marker, "sim"),
            _max_retries=0,
            **SELECTION,
        )


def test_groups_are_contiguous():
    plan = [(0, 10), (10, 20), (20, 25), (25, 40)]
    for chunk in (None, 1, 10, 15, 100):
        for tasks in (1, 2, 3, 8):
            g = cluster.groups(plan, chunk, tasks)
            assert [c for grp in g for c in grp] == plan
            assert all(grp for grp in g)
    assert len(cluster.groups(plan, 1, 1)) == 4
    assert len(cluster.groups(plan, None, 1)) == 1
    assert cluster.groups([], None, 4) == []

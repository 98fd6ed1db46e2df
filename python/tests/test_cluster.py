"""sevenw.cluster on a local Ray cluster: the same results as one local
run, at 1 and 2 workers, and with a worker killed mid-run."""

from __future__ import annotations

import json
import os

import numpy as np
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


# A short training whose self-play games run on the cluster (README,
# "Learned bots": `--ray`).
RAY_TRAIN = [
    "--game", "duel", "--teacher", "none", "--updates", "2", "--batch", "256",
    "--envs", "8", "--eval-every", "2", "--eval-games", "4", "--hidden", "16",
    "--quiet", "--ray", "local", "--workers", "2",
]


def test_training_on_the_cluster_is_reproducible(local_cluster, tmp_path):
    """Two workers play the self-play games; the same arguments train the
    same weights, and the file names the command that trained it."""
    from sevenw import train

    a, b = tmp_path / "a.safetensors", tmp_path / "b.safetensors"
    assert train.main(RAY_TRAIN + ["--out", str(a)]) == 0
    assert train.main(RAY_TRAIN + ["--out", str(b)]) == 0
    first, _ = train.load(str(a))
    again, meta = train.load(str(b))
    for x, y in zip(first.params(), again.params()):
        np.testing.assert_array_equal(x, y)
    assert "--ray local --workers 2" in meta["command"]
    # Evaluated before self-play and after its two updates.
    assert a.with_suffix(".svg").read_text().count("<circle") == 2


def test_training_on_the_cluster_learns_from_every_worker(local_cluster):
    """Each of the workers plays its share of the games, and an update
    takes the samples of all of them."""
    from sevenw import train

    rng = np.random.default_rng(1)
    env = sevenw.Env(game="duel")
    net = train.Net(env.observation_len, [16], env.num_actions, rng)
    play = train.RaySelfPlay({"game": "duel"}, 6, 2, 5, 2000, "local")
    data = play.collect(net, rng, 300)
    # Each worker brings at least its half of the samples, of whole games.
    assert len(play.samples) == 2 and all(n >= 150 for n in play.samples)
    assert len(data) == sum(play.samples)
    assert play.games >= 2
    obs, mask, action, *_ = data.arrays()
    assert obs.shape == (len(data), env.observation_len)
    assert all(mask[i, a] for i, a in enumerate(action))
    play.close()


def test_more_workers_than_games_is_refused(local_cluster):
    from sevenw import train

    with pytest.raises(ValueError, match="--workers"):
        train.RaySelfPlay({"game": "duel"}, 1, 2, 5, 2000, "local")
    with pytest.raises(ValueError, match="CPUs"):
        train.RaySelfPlay({"game": "duel"}, 8, 3, 5, 2000, "local")

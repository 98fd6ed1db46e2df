"""The learned player's path (README, "Learned bots"): ``python -m
sevenw.train`` writes weights and a learning curve, the same arguments
train the same weights, and the runtime, reading the file without Python,
takes at every decision the action the network computed here takes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import sevenw
from sevenw import train

pytest.importorskip("safetensors")

# Architects at 3 players: no weights ship for it, so the runtime plays the
# file named in SEVENW_WEIGHTS (a process reads a selection's weights once).
SHORT = [
    "--game", "architects", "--players", "3",
    "--teacher-games", "6", "--updates", "2", "--batch", "512", "--envs", "8",
    "--eval-every", "1", "--eval-games", "4", "--hidden", "32,16", "--quiet",
]


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("train") / "architects-3p.safetensors"
    assert train.main(SHORT + ["--out", str(out)]) == 0
    return out


def test_training_writes_weights_and_a_learning_curve(trained: Path):
    net, meta = train.load(str(trained))
    env = sevenw.Env(game="architects", players=3)
    key = env.selection()
    assert meta["format"] == "sevenw-policy/1"
    assert meta["fingerprint"] == key["fingerprint"]
    assert meta["selection"] == key["words"] == "7 Wonders Architects, 3 players"
    assert meta["players"] == "3"
    assert int(meta["observation_len"]) == env.observation_len
    assert int(meta["num_actions"]) == env.num_actions
    assert meta["command"].startswith("python -m sevenw.train --game architects")
    assert [w.shape for w in net.W] == [(env.observation_len, 32), (32, 16)]
    assert net.Wp.shape == (16, env.num_actions)
    svg = trained.with_suffix(".svg").read_text()
    assert svg.startswith("<svg") and "<polyline" in svg and "vs greedy" in svg
    # An evaluation after imitation and after each of the two updates.
    assert svg.count("<circle") == 3


def test_the_same_arguments_train_the_same_weights(trained: Path, tmp_path: Path):
    again = tmp_path / "again.safetensors"
    assert train.main(SHORT + ["--out", str(again)]) == 0
    a, _ = train.load(str(trained))
    b, _ = train.load(str(again))
    for x, y in zip(a.params(), b.params()):
        np.testing.assert_array_equal(x, y)


def test_the_runtime_plays_what_the_network_computes(trained: Path, monkeypatch):
    monkeypatch.setenv("SEVENW_WEIGHTS", str(trained))
    net, _ = train.load(str(trained))
    env = sevenw.Env(game="architects", players=3, seed=5)
    decisions = 0
    while not env.is_over:
        seat = env.to_move
        obs = env.observe(seat)[None, :]
        mask = env.action_mask()[None, :]
        want = int(train.greedy_actions(net, obs, mask)[0])
        got = env.bot("learned")
        assert got == want, f"decision {decisions}: {env.action_words(got)} vs {env.action_words(want)}"
        env.step(got)
        decisions += 1
    assert decisions > 20


def test_a_selection_without_weights_says_how_to_train_them():
    env = sevenw.Env(game="architects", players=6)
    with pytest.raises(sevenw.SetupError, match=r"python -m sevenw.train --game architects --players 6"):
        env.bot("learned")


def test_the_command_line_refuses_a_selection_it_cannot_play(tmp_path: Path):
    r = subprocess.run(
        [sys.executable, "-m", "sevenw.train", "--game", "nope", "--out", str(tmp_path / "x.safetensors")],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert r.returncode == 2
    assert "error:" in r.stderr and "nope" in r.stderr
    assert not (tmp_path / "x.safetensors").exists()


def test_workers_without_a_cluster_is_refused(capsys):
    assert train.main(SHORT + ["--workers", "2"]) == 2
    assert "--workers" in capsys.readouterr().err

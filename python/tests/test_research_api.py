"""What a researcher writing a training loop needs of Env, VecEnv and
Game: words for action numbers and back, replayable VecEnv rows,
Gymnasium's seeding, the end of a game in VecEnv's info, bounded
observations, one mask dtype, and errors in Python's terms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import sevenw

SELECTIONS = [
    dict(game="duel"),
    dict(game="architects", players=4),
    dict(game="base", players=3),
    dict(game="base", edition=2, players=5, expansions=["leaders", "edifice"]),
    dict(game="base", players=4, expansions=["cities"]),
]
IDS = ["duel", "architects", "base", "leaders-edifice", "cities"]


# ---------------------------------------------------------- action words


@pytest.mark.parametrize("sel", SELECTIONS, ids=IDS)
def test_every_action_number_has_words_that_name_it_back(sel):
    env = sevenw.Env(**sel)
    vec = sevenw.VecEnv(2, **sel)
    game = sevenw.Game(**sel)
    assert game.num_actions == vec.num_actions == env.num_actions
    words = [env.action_words(a) for a in range(env.num_actions)]
    assert len(set(words)) == len(words), "two numbers share words"
    for a in range(0, env.num_actions, 7):
        assert vec.action_words(a) == game.action_words(a) == words[a]
    for a, w in enumerate(words):
        assert env.action_number(w) == a
    # Case and spacing aside.
    assert env.action_number("  " + words[3].upper().replace(" ", "   ")) == 3
    assert vec.action_number(words[-1]) == game.action_number(words[-1]) == len(words) - 1


@pytest.mark.parametrize("sel", SELECTIONS, ids=IDS)
def test_a_legal_moves_number_is_named_as_the_table_names_it(sel):
    """The words of a legal number are those the table gives the move, but
    for what the position fills in; Game.action_number takes both."""
    game = sevenw.Game(seed=2, **sel)
    rng = np.random.default_rng(2)
    for _ in range(30):
        if game.is_over:
            break
        for number, text in game.actions():
            assert game.action_number(text) == number
            first = game.action_words(number).split()[0]
            assert first in ("pay", "build", "take", "progress", "trade") or text.startswith(
                first
            ), (number, text, game.action_words(number))
        game.play(game.actions()[int(rng.integers(len(game.actions())))][0])


def test_action_words_refuse_numbers_and_words_they_do_not_know():
    for obj in (sevenw.Env(game="duel"), sevenw.VecEnv(1, game="duel"), sevenw.Game(game="duel")):
        n = obj.num_actions
        for outside in (-1, n, 10**30):
            with pytest.raises(ValueError, match=f"action {outside} is outside the action space \\(0 to {n - 1}\\)"):
                obj.action_words(outside)
        with pytest.raises(TypeError, match="an action is an int, not float"):
            obj.action_words(1.0)
        with pytest.raises(ValueError, match='no action of 7 Wonders Duel is called "fly to the moon"'):
            obj.action_number("fly to the moon")
    assert sevenw.Env(game="duel").action_words(np.int64(0)) == "build Lumber Yard"


def test_cards_of_one_name_are_told_apart():
    env = sevenw.Env(game="base", players=3)
    looms = [w for w in (env.action_words(a) for a in range(env.num_actions)) if w.startswith("build Loom")]
    assert "build Loom (age 1 card)" in looms and "build Loom (age 2 card)" in looms


# ------------------------------------------------------------- replays


@pytest.mark.parametrize("sel", SELECTIONS, ids=IDS)
def test_a_vecenv_row_replays_from_its_seed_and_decisions(sel):
    vec = sevenw.VecEnv(3, seed=11, **sel)
    vec.reset(seed=11)
    for t in range(40):
        vec.step_random(t)
    out = vec.step_random(99)
    obs, masks, to_move = out[0], out[1], out[3]
    all_seats = vec.observe_all()
    assert all_seats.shape == (3, vec.seats, vec.observation_len)
    for i in range(3):
        seed, decisions = vec.seeds()[i], vec.decisions(i)
        env = sevenw.Env(**{**sel, "seed": seed})
        game = sevenw.Game(**{**sel, "seed": seed})
        assert game.seed == seed
        for a in decisions:
            env.step(a)
            game.play(a)
        assert env.decisions() == game.decisions() == decisions
        assert env.to_move == game.to_move == to_move[i]
        assert np.array_equal(env.observe(env.to_move), obs[i])
        assert np.array_equal(env.action_mask(), masks[i])
        assert sorted(a for a, _ in game.actions()) == np.flatnonzero(masks[i]).tolist()
        for seat in range(vec.seats):
            assert np.array_equal(env.observe(seat), all_seats[i, seat])


# --------------------------------------------------------------- seeding


@pytest.mark.parametrize("cls", ["Env", "VecEnv"])
def test_reset_without_a_seed_follows_gymnasiums_convention(cls):
    def make(**kw):
        return sevenw.Env(game="duel", **kw) if cls == "Env" else sevenw.VecEnv(2, game="duel", **kw)

    def played(e):
        if cls == "Env":
            return e.seed
        return tuple(e.seeds())

    def draws(e, first):
        out = []
        e.reset(seed=first)
        out.append(played(e))
        for _ in range(3):
            e.reset()
            out.append(played(e))
        return out

    # Built alike, reset alike from an explicit seed: the same games.
    a, b = make(), make()
    assert draws(a, 5) == draws(b, 5)
    assert len(set(draws(a, 5))) == 4, "each reset() a new game"
    # Without any seed, two envs built alike play different games.
    c, d = make(), make()
    c.reset()
    d.reset()
    assert played(c) != played(d)
    # A selection's seed starts the stream.
    e, f = make(seed=3), make(seed=3)
    e.reset()
    f.reset()
    assert played(e) == played(f)


def test_env_reset_returns_the_seed_and_takes_none():
    env = sevenw.Env(game="base", players=3)
    assert env.reset(seed=7) == 7 == env.seed
    s = env.reset()
    assert s == env.seed and s != 7
    assert sevenw.Env(game="base", players=3).reset(seed=7) == 7


# ---------------------------------------------------- VecEnv bookkeeping


def test_vecenv_reports_ended_games_before_starting_them_again():
    vec = sevenw.VecEnv(4, game="duel", seed=1)
    obs, masks, _ = vec.reset(seed=1)
    assert masks.dtype == np.int8
    ended = 0
    for t in range(400):
        seeds = vec.seeds()
        decisions = [vec.decisions(i) for i in range(4)]
        obs, masks, rewards, to_move, term, trunc, info = vec.step_random(t)
        assert term.dtype == np.bool_ and trunc.dtype == np.bool_
        assert not trunc.any()
        if not term.any():
            assert info == {} and not rewards.any()
            continue
        assert np.array_equal(info["_final_observation"], term)
        assert np.array_equal(info["_final_info"], term)
        for i in np.flatnonzero(term):
            ended += 1
            final = info["final_observation"][i]
            assert final.shape == (vec.seats, vec.observation_len)
            fi = info["final_info"][i]
            assert fi["seed"] == seeds[i] and fi["terminated"] and not fi["truncated"]
            # The ended game: its decisions before the step and the last.
            assert fi["decisions"][:-1] == decisions[i]
            replay = sevenw.Env(game="duel", seed=fi["seed"])
            for a in fi["decisions"]:
                replay.step(a)
            assert replay.is_over
            for seat in range(vec.seats):
                assert np.array_equal(replay.observe(seat), final[seat])
            outcome = fi["outcome"]
            assert outcome == replay.outcome()
            assert outcome["victory"] in ("civilian", "military", "science")
            assert list(rewards[i]) == outcome["rewards"] == list(replay.rewards())
            # The row goes on with a new game.
            assert vec.decisions(i) == [] and vec.seeds()[i] != seeds[i]
        for i in np.flatnonzero(~term):
            assert info["final_observation"][i] is None and info["final_info"][i] is None
    assert ended >= 4


def test_vecenv_truncates_at_max_steps():
    vec = sevenw.VecEnv(3, max_steps=10, game="base", players=3, seed=2)
    assert vec.max_steps == 10
    vec.reset(seed=2)
    for t in range(10):
        out = vec.step_random(t)
    obs, masks, rewards, to_move, term, trunc, info = out
    assert trunc.all() and not term.any() and not rewards.any()
    for i in range(3):
        fi = info["final_info"][i]
        assert fi["truncated"] and len(fi["decisions"]) == 10 and "outcome" not in fi
        assert vec.decisions(i) == []
    with pytest.raises(ValueError, match="max_steps must be at least 1"):
        sevenw.VecEnv(1, max_steps=0, game="duel")


# ------------------------------------------------------------ observations


@pytest.mark.parametrize("sel", SELECTIONS, ids=IDS)
def test_observations_stay_within_the_bound(sel):
    bound = sevenw.OBSERVATION_BOUND
    assert bound == 2.0
    env = sevenw.Env(**sel)
    rng = np.random.default_rng(0)
    for seed in (1, 2, 3):
        env.reset(seed=seed)
        big = 0
        while not env.is_over:
            for seat in range(env.seats):
                o = env.observe(seat)
                assert np.all(np.abs(o) <= bound), o[np.abs(o) > bound]
                big += int(np.sum(np.abs(o) > 1))
            env.step(int(rng.choice(env.legal_actions())))
        o = env.observe(0)
        assert np.all(np.abs(o) <= bound)
    if sel["game"] == "duel":
        assert big > 0, "Duel's coins exceed 1: squashed, not clipped"


# --------------------------------------------------- errors and dtypes


def test_vecenv_refuses_floats_and_other_shapes_in_pythons_terms():
    vec = sevenw.VecEnv(2, game="duel", seed=1)
    _, masks, _ = vec.reset(seed=1)
    legal = np.array([np.flatnonzero(masks[i])[0] for i in range(2)])
    with pytest.raises(TypeError, match="actions are action numbers, integers, not an array of float64"):
        vec.step(legal + 0.9)
    with pytest.raises(ValueError, match=r"one action number per game: an array of shape \(2,\), not \[1, 2\]"):
        vec.step(legal.reshape(1, 2))
    with pytest.raises(ValueError, match=r"not \[3\]"):
        vec.step(np.array([0, 0, 0]))
    assert vec.decisions(0) == [] and vec.decisions(1) == []
    vec.step(legal)
    assert vec.decisions(0) == [int(legal[0])]
    with pytest.raises(ValueError, match=r"no game 2 in this VecEnv \(0 to 1\)"):
        vec.decisions(2)


def test_seeds_and_seats_outside_their_range_are_value_errors():
    env = sevenw.Env(game="duel")
    for seat in (-1, 2, 2**70):
        with pytest.raises(ValueError, match=f"seat {seat} is not a seat of this game"):
            env.observe(seat)
    with pytest.raises(TypeError, match="a seat is an int"):
        env.observe(0.0)
    game = sevenw.Game(game="duel")
    with pytest.raises(ValueError, match="seat -1 is not a seat of this game"):
        game.view(-1)
    for make in (sevenw.Env, sevenw.Game, lambda **kw: sevenw.VecEnv(1, **kw)):
        for bad in (-1, 2**64):
            with pytest.raises(ValueError, match=f"a seed is an int from 0 to 18446744073709551615, not {bad}"):
                make(game="duel", seed=bad)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="a seed is an int from 0 to"):
            env.reset(seed=bad)
    with pytest.raises(TypeError, match="a seed is an int, not float"):
        env.reset(seed=1.5)
    assert sevenw.Env(game="duel", seed=2**64 - 1).seed == 2**64 - 1


def test_masks_are_int8_everywhere():
    env = sevenw.Env(game="base", players=3)
    assert env.action_mask().dtype == np.int8
    assert all(m.dtype == np.int8 for _, m in env.turn())
    vec = sevenw.VecEnv(2, game="base", players=3)
    assert vec.reset()[1].dtype == np.int8
    assert vec.step_random(0)[1].dtype == np.int8


# ------------------------------------------------------------- outcome


def test_outcome_says_who_won_and_how():
    env = sevenw.Env(game="duel", seed=3)
    game = sevenw.Game(game="duel", seed=3)
    assert env.outcome() is None and game.outcome() is None
    while not env.is_over:
        a = env.bot("greedy")
        env.step(a)
        game.play(a)
    o = env.outcome()
    assert o == game.outcome()
    assert o["victory"] == game.score()["victory"]
    assert len(o["scores"]) == 2 and o["rewards"] == list(env.rewards())
    assert [f"Seat {w + 1}" for w in o["winners"]] == game.score()["winners"]


# ------------------------------------------------------------- import


def test_importing_from_the_source_folder_says_what_to_do():
    python = Path(__file__).resolve().parents[1]
    if any(p.suffix in (".so", ".pyd") for p in (python / "sevenw").iterdir()):
        pytest.skip("a compiled module was built into the source folder")
    run = subprocess.run(
        [sys.executable, "-c", "import sevenw"], cwd=python, capture_output=True, text=True
    )
    assert run.returncode != 0
    assert "sevenw's compiled module is not in" in run.stderr
    assert "Run from another folder" in run.stderr
    assert "circular import" not in run.stderr.splitlines()[-1]

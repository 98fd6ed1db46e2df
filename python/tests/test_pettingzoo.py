"""sevenw.pettingzoo: PettingZoo's own API and seed tests, for every game
and expansion, and the parallel environment checked against the game
played one decision at a time."""

from __future__ import annotations

import numpy as np
import pytest

import sevenw
import functools
import types

from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from sevenw import pettingzoo as pz

# PettingZoo's api_test advises a Box or Discrete observation and warns
# that a dict is "not a NumPy array": the Dict of `observation` and
# `action_mask` is the layout PettingZoo documents for masked actions, as
# its own classic environments use (they draw the same two warnings).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

SELECTIONS = {
    "duel": dict(game="duel"),
    "duel-pantheon": dict(game="duel", expansions=["pantheon"]),
    "duel-agora": dict(game="duel", expansions=["agora"]),
    "duel-pantheon-agora": dict(game="duel", expansions=["pantheon", "agora"]),
    "architects-2": dict(game="architects", players=2),
    "architects-3": dict(game="architects", players=3),
    "architects-7": dict(game="architects", players=7),
    "base1-3": dict(game="base", edition=1, players=3),
    "base1-7": dict(game="base", edition=1, players=7),
    "base2-3": dict(game="base", edition=2, players=3),
    "base2-7": dict(game="base", edition=2, players=7),
    "leaders": dict(game="base", edition=2, players=4, expansions=["leaders"]),
    "edifice": dict(game="base", edition=1, players=5, expansions=["edifice"]),
    "leaders-edifice": dict(
        game="base", edition=2, players=6, expansions=["leaders", "edifice"]
    ),
    "cities": dict(game="base", edition=1, players=4, expansions=["cities"]),
    "cities2-leaders": dict(
        game="base", edition=2, players=5, expansions=["cities", "leaders"]
    ),
    "wonder-pack": dict(game="base", edition=1, players=4, expansions=["wonder-pack"]),
    "cities2-wonder-pack": dict(
        game="base", edition=2, players=7, expansions=["cities", "wonder-pack"]
    ),
}
BASE = [k for k, s in SELECTIONS.items() if s["game"] == "base"]


def native(sel):
    """The game's native Env (every shipped family observes)."""
    return sevenw.Env(**sel)


@pytest.fixture(params=list(SELECTIONS), ids=list(SELECTIONS))
def sel(request):
    s = SELECTIONS[request.param]
    native(s)
    return s


@pytest.fixture(params=["duel", "base1-3"])
def one_sel(request):
    s = SELECTIONS[request.param]
    native(s)
    return s


@pytest.fixture(params=BASE, ids=BASE)
def base_sel(request):
    s = SELECTIONS[request.param]
    native(s)
    return s


def test_api(sel):
    api_test(pz.env(**sel), num_cycles=1000)


def test_seed(sel):
    seed_test(lambda: pz.env(**sel), num_cycles=300)


def test_parallel_api(sel):
    parallel_api_test(pz.parallel_env(**sel), num_cycles=1000)


def test_parallel_seed(sel):
    # parallel_seed_test samples without the mask: the default
    # (illegal="index") plays whole games with those actions, "lose" ends
    # them at the first one.
    parallel_seed_test(lambda: pz.parallel_env(**sel), num_cycles=300)
    parallel_seed_test(lambda: pz.parallel_env(illegal="lose", **sel), num_cycles=300)


def test_max_cycles_pettingzoo(sel):
    """PettingZoo's own max_cycles_test, with the defaults, three times
    (its resets draw seeds from entropy)."""
    mod = types.SimpleNamespace(
        env=functools.partial(pz.env, **sel),
        parallel_env=functools.partial(pz.parallel_env, **sel),
    )
    for _ in range(3):
        max_cycles_test(mod)


def test_render(sel):
    render_test(lambda render_mode=None: pz.env(render_mode=render_mode, **sel))


def random_game(e, seed):
    """Plays a game of the AEC env with random legal actions; returns the
    actions taken and the rewards summed per agent."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    actions = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        a = int(rng.choice(legal))
        actions.append(a)
        e.step(a)
    return actions, total


def test_aec_is_the_native_game(sel):
    """The AEC env's agents, observations, masks and rewards are the
    native game's, decision by decision."""
    e = pz.env(**sel)
    actions, total = random_game(e, seed=5)
    n = native(sel)
    n.reset(5)
    for a in actions:
        assert a in n.legal_actions()
        n.step(a)
    assert n.is_over
    assert list(e.native.decisions()) == list(n.decisions()) == actions
    assert [total[f"player_{i}"] for i in range(n.seats)] == list(n.rewards())
    assert not e.agents


def test_reset_seeds(sel):
    """reset(seed=s) plays the native game of seed s; reset() the native
    Env's next seed after it (Gymnasium's convention)."""
    e = pz.env(**sel)
    n = native(sel)
    for reset in (3, None, 9, None):
        e.reset(seed=reset)
        seed = n.reset(reset)
        assert e.native.seed == seed
        s = n.to_move
        assert e.agent_selection == f"player_{s}"
        obs = e.observe(e.agent_selection)
        assert np.array_equal(obs["observation"], n.observe(s))
        assert np.array_equal(obs["action_mask"], n.action_mask())
        for i, agent in enumerate(e.possible_agents):
            if i != s:
                assert not e.observe(agent)["action_mask"].any()


def play_parallel(e, seed, rng):
    """Plays a game of the parallel env with random legal actions; records
    per agent what it was shown and chose, in order."""
    obs, _ = e.reset(seed=seed)
    shown = {a: [] for a in e.possible_agents}
    widths = []
    while e.agents:
        actions = {}
        acting = 0
        for agent in e.agents:
            mask = obs[agent]["action_mask"]
            if mask.any():
                acting += 1
                a = int(rng.choice(np.flatnonzero(mask)))
                shown[agent].append((obs[agent]["observation"].copy(), mask.copy(), a))
            else:
                a = int(rng.integers(e.action_space(agent).n))  # ignored
            actions[agent] = a
        assert acting >= 1
        assert sorted(e.deciding) == sorted(
            a for a in e.agents if obs[a]["action_mask"].any()
        )
        widths.append(acting)
        obs, rew, term, trunc, info = e.step(actions)
        assert set(obs) == set(rew) == set(term) == set(trunc) == set(info)
    return shown, widths, rew


def test_parallel_is_the_game_decision_by_decision(sel):
    """Each decision the parallel env took is the native game's, and the
    observation and mask an agent acted on are the ones the seat has at
    the start of that decision when the game is played one decision at a
    time."""
    e = pz.parallel_env(**sel)
    rng = np.random.default_rng(1)
    for seed in (1, 2):
        shown, widths, rewards = play_parallel(e, seed, rng)
        decisions = list(e.native.decisions())
        n = native(sel)
        n.reset(seed)
        taken = {a: 0 for a in shown}
        for d in decisions:
            s = n.to_move
            agent = f"player_{s}"
            o, m, a = shown[agent][taken[agent]]
            taken[agent] += 1
            assert a == d
            assert np.array_equal(m, n.action_mask()), "mask at its decision"
            assert np.array_equal(o, n.observe(s)), "observation at its decision"
            n.step(d)
        assert n.is_over
        assert all(taken[a] == len(shown[a]) for a in shown)
        assert [rewards[f"player_{i}"] for i in range(n.seats)] == list(n.rewards())
        if sel["game"] == "base":
            # Turns are simultaneous: every seat decides in the first step.
            assert widths[0] == n.seats
            assert max(widths) == n.seats
        else:
            assert max(widths) == 1


def test_parallel_simultaneous_off(base_sel):
    e = pz.parallel_env(simultaneous=False, **base_sel)
    shown, widths, _ = play_parallel(e, 3, np.random.default_rng(3))
    assert max(widths) == 1


def test_illegal_actions(one_sel):
    sel = one_sel
    n = native(sel)
    e = pz.env(**sel)
    e.reset(seed=0)
    bad = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    e = pz.env(illegal="raise", **sel)
    e.reset(seed=0)
    with pytest.raises(sevenw.IllegalAction):
        e.step(bad)
    for outside in (-1, e.action_space(e.agent_selection).n, 2**40):
        with pytest.raises(sevenw.IllegalAction):
            e.step(outside)
    with pytest.raises(RuntimeError):
        pz.env(**sel).step(0)  # before reset

    e = pz.env(illegal="lose", **sel)
    e.reset(seed=0)
    offender = e.agent_selection
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards[offender] == -1.0
    assert sum(e.rewards.values()) == -1.0
    assert e.infos[offender]["illegal_action"]

    e = pz.env(**sel)  # illegal="index", the default
    e.reset(seed=0)
    e.step(bad)
    n.reset(0)
    n.step_index(bad)
    assert list(e.native.decisions()) == list(n.decisions())

    e = pz.env(illegal="index", **sel)
    e.reset(seed=0)
    e.step(-3)
    n.reset(0)
    legal = n.legal_actions()
    n.step(legal[-3 % len(legal)])
    assert list(e.native.decisions()) == list(n.decisions())

    p = pz.parallel_env(illegal="raise", **sel)
    p.reset(seed=0)
    with pytest.raises(sevenw.IllegalAction):
        p.step({a: bad for a in p.agents})
    with pytest.raises(sevenw.IllegalAction):
        p.step({a: -1 for a in p.agents})
    with pytest.raises(ValueError):
        p.step({})
    with pytest.raises(ValueError):
        pz.env(illegal="ignore", **sel)


def test_spaces(one_sel):
    sel = one_sel
    n = native(sel)
    e = pz.env(**sel)
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert space["observation"].shape == (n.observation_len,)
        assert space["observation"].dtype == np.float32
        assert (space["observation"].low == -2).all() and (space["observation"].high == 2).all()
        assert space["action_mask"].shape == (n.num_actions,)
        assert space["action_mask"].dtype == np.int8
        assert e.action_space(agent).n == n.num_actions
    assert e.possible_agents == [f"player_{i}" for i in range(n.seats)]


def test_max_cycles(sel):
    """max_cycles=5: every agent acts exactly 5 times in the AEC env (a
    decision asked of an agent past its 5, a payment step, is taken for
    it), then all are truncated; the parallel env truncates after 5
    steps."""
    e = pz.env(max_cycles=5, **sel)
    e.reset(seed=0)
    acted = dict.fromkeys(e.possible_agents, 0)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        acted[agent] += 1
    assert set(acted.values()) == {5}, acted
    p = pz.parallel_env(max_cycles=3, **sel)
    obs, _ = p.reset(seed=0)
    for i in range(3):
        acts = {a: int(np.argmax(obs[a]["action_mask"])) for a in p.agents}
        obs, _, term, trunc, _ = p.step(acts)
    assert all(trunc.values()) and not any(term.values()) and not p.agents


def test_observations_stay_in_the_space(sel):
    """Every observation of random games lies in the observation space
    (its bounds are ±sevenw.OBSERVATION_BOUND), masks included."""
    e = pz.env(**sel)
    for seed in (1, 2):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            assert e.observation_space(agent).contains(obs), agent
            e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))


def test_the_end_of_a_game_says_how_it_was_won(one_sel):
    e = pz.env(**one_sel)
    e.reset(seed=4)
    ends = {}
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        if term:
            ends[agent] = info["outcome"]
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
    assert set(ends) == set(e.possible_agents)
    outcome = ends["player_0"]
    assert all(o == outcome for o in ends.values())
    assert outcome == e.native.outcome() and outcome["victory"]
    assert outcome["rewards"] == list(e.native.rewards())
    p = pz.parallel_env(**one_sel)
    shown, _, rewards = play_parallel(p, 4, np.random.default_rng(4))
    assert p.native.outcome()["winners"] == [
        i for i in range(p.native.seats) if rewards[f"player_{i}"] == max(rewards.values())
    ]


def test_hidden_choices(base_sel):
    """In the base game a seat's choice is hidden until its turn is carried
    out: after a decision (and its payment), every other seat sees the same
    whatever the choice, or the turn was carried out whatever the choice."""
    n = native(base_sel)
    rng = np.random.default_rng(11)
    hidden = 0
    for seed in (1, 2):
        n.reset(seed)
        while not n.is_over:
            s = n.to_move
            legal = n.legal_actions()
            others = [t for t in range(n.seats) if t != s]
            before = {t: n.observe(t) for t in others}
            views = []
            for a in rng.choice(legal, size=min(4, len(legal)), replace=False):
                f = n.fork()
                f.step(int(a))
                while f.to_move == s:
                    f.step_index(0)
                views.append({t: f.observe(t) for t in others})
            same = [all(np.array_equal(v[t], before[t]) for t in others) for v in views]
            assert all(same) or not any(same), (seed, n.decisions())
            hidden += all(same)
            n.step(int(rng.choice(legal)))
    assert hidden > 0


@pytest.mark.parametrize(
    "selection, width",
    [
        (dict(game="base", players=3), 3),
        (dict(game="base", players=7), 7),
        (dict(game="duel"), 1),
    ],
)
def test_turn_lists_the_seats_the_game_then_asks_with_their_masks(selection, width):
    """``Env.turn()``: each seat of the turn, in order, is the one the game
    asks next, with the listed mask, whatever the seats before it chose."""
    env = sevenw.Env(seed=5, **selection)
    rng = np.random.default_rng(5)
    widest = 0
    while env.to_move is not None:
        turn = env.turn()
        assert turn[0][0] == env.to_move
        widest = max(widest, len(turn))
        for seat, mask in turn:
            assert env.to_move == seat
            assert np.array_equal(env.action_mask(), mask)
            while env.to_move == seat:
                env.step(int(rng.choice(env.legal_actions())))
    assert widest == width
    assert env.turn() == []

"""The package against the command line: the same diagnostics, games,
results and messages."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

import sevenw


# ------------------------------------------------------------------ check


def test_the_shipped_library_is_clean(root):
    diags = sevenw.check(root / "cards")
    assert [d for d in diags if d.severity == "error"] == []


def test_a_broken_card_is_sevenc_checks_diagnostic(root, tmp_path, sevenc_cli):
    base = tmp_path / "base"
    shutil.copytree(root / "cards" / "base", base)
    age2 = base / "age2.yaml"
    text = age2.read_text()
    assert "produce glass or loom or papyrus" in text
    age2.write_text(text.replace("produce glass or loom", "produce glas or loom", 1))

    diags = sevenw.check(base)
    wrong = [d for d in diags if d.code == "E0102"]
    assert len(wrong) == 1, diags
    d = wrong[0]
    assert d.severity == "error"
    assert d.file.endswith("age2.yaml") and d.line > 0 and d.column > 0
    assert "glass" in d.help

    cli = sevenc_cli("check", base, "--format", "json")
    assert cli.returncode == 1, cli.stderr
    lines = [json.loads(x) for x in cli.stdout.splitlines()]
    assert len(lines) == len(diags)
    for mine, theirs in zip(diags, lines):
        for key in ["code", "severity", "message", "file", "line", "column", "help", "label"]:
            assert getattr(mine, key) == theirs[key], key
        assert mine.related == theirs["related"]


def test_an_unreadable_path_raises_oserror(tmp_path):
    with pytest.raises(OSError):
        sevenw.check(tmp_path / "nowhere")


def test_a_missing_path_is_named_as_sevenc_check_names_it(tmp_path, sevenc_cli):
    missing = tmp_path / "nowhere"
    with pytest.raises(FileNotFoundError) as err:
        sevenw.check(missing)
    assert err.value.filename == str(missing)
    assert f"`{missing}` does not exist" in str(err.value)
    theirs = sevenc_cli("check", missing, "--format", "json")
    assert f"`{missing}` does not exist" in theirs.stdout


# ------------------------------------------------------------------ games


def selections():
    """A selection for every game and expansion built in."""
    out = []
    for g in sevenw.games():
        if g["extends"]:
            # An expansion plays with the game's editions it lists (all when
            # none), and with the expansions it is played with (`with`).
            edition = (g["editions"] or [1])[0]
            named = [g["name"], *g["with"]]
            out.append(dict(expansions=named, edition=edition, players=g["players"][0]))
        else:
            out.append(dict(game=g["name"], edition=g["edition"], players=g["players"][0]))
    return out


def test_the_games_are_listed():
    names = {g["name"] for g in sevenw.games()}
    assert {"base", "duel", "architects", "leaders", "edifice", "cities"} <= names
    with_ = {g["name"]: g["with"] for g in sevenw.games()}
    assert with_["cities-leaders"] == ["cities", "leaders"] and with_["leaders"] == []
    for g in sevenw.games():
        low, high = g["players"]
        assert 1 <= low <= high
        assert isinstance(g["title"], str) and g["edition"] >= 1


@pytest.mark.parametrize("selection", selections(), ids=lambda s: str(s))
def test_every_game_is_selectable_and_plays(selection):
    g = sevenw.Game(**selection, seed=3)
    assert g.seats == selection["players"]
    for turn in range(20):
        if g.is_over:
            break
        g.play(g.bot("random", turn))
    try:
        env = sevenw.Env(**selection, seed=3)
    except sevenw.SetupError as e:
        # A family without observations yet says so.
        assert "cannot be stepped as an environment" in str(e)
        return
    assert env.seats == selection["players"]
    for _ in range(20):
        if env.is_over:
            break
        env.step(env.bot("random", 1))


def test_a_bad_selection_is_the_command_lines_message(sevenw_cli):
    with pytest.raises(sevenw.SetupError) as e:
        sevenw.Game(game="nothing")
    assert isinstance(e.value, ValueError) and isinstance(e.value, sevenw.SevenwError)
    cli = sevenw_cli("play", "--game", "nothing", "--seed", "0")
    assert cli.returncode == 2
    assert str(e.value) in cli.stderr
    assert "nothing" in str(e.value)

    with pytest.raises(sevenw.SetupError) as e:
        sevenw.Env(game="base", players=9)
    cli = sevenw_cli("play", "--game", "base", "--players", "9", "--seed", "0")
    assert cli.returncode != 0 and str(e.value) in cli.stderr

    with pytest.raises(TypeError):
        sevenw.Env(game="base", colour="red")


# ------------------------------------------------------------------- Game


def test_a_game_plays_to_the_end_and_its_log_replays(tmp_path, sevenw_cli):
    g = sevenw.Game(game="duel", seed=5)
    assert g.seats == 2 and not g.is_over
    turn = 0
    while not g.is_over:
        seat = g.to_move
        actions = g.actions()
        assert actions and all(isinstance(n, int) and isinstance(t, str) for n, t in actions)
        view = g.view(seat)
        assert isinstance(view, dict)
        if turn % 2 == 0:
            g.play(actions[turn % len(actions)][0])
        else:
            g.play(g.bot("greedy", turn), seat)
        turn += 1
    assert g.actions() == []
    assert isinstance(g.view(), dict)
    score = g.score(["Ana", "Ben"])
    assert score["winners"] and set(score["winners"]) <= {"Ana", "Ben"}
    assert len(g.history()) > 0 and len(g.history(0)) > 0
    with pytest.raises(sevenw.IllegalAction):
        g.play(0)

    log = tmp_path / "game.log"
    log.write_text(g.log())
    cli = sevenw_cli("replay", log)
    assert cli.returncode == 0, cli.stderr


def test_a_table_refuses_a_wrong_move_and_changes_nothing():
    g = sevenw.Game(game="base", players=3, seed=2)
    before = (g.actions(), g.view(0), g.decisions())
    legal = {n for n, _ in g.actions()}
    bad = next(n for n in range(10_000) if n not in legal)
    with pytest.raises(sevenw.IllegalAction):
        g.play(bad)
    assert (g.actions(), g.view(0), g.decisions()) == before
    assert g.score() is None


# -------------------------------------------------------------------- Env


def test_env_shapes_masks_and_rewards():
    env = sevenw.Env(game="base", players=4, seed=11)
    n, length = env.num_actions, env.observation_len
    assert sum(p[1] for p in env.observation_parts()) == length
    steps = 0
    while not env.is_over:
        mask = env.action_mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(env.legal_actions())
        obs = env.observe(env.to_move)
        assert obs.dtype == np.float32 and obs.shape == (length,)
        r = env.rewards()
        assert r.dtype == np.float32 and r.shape == (4,) and not r.any()
        env.step_index(steps * 7)
        steps += 1
    assert env.to_move is None and env.legal_actions() == []
    r = env.rewards()
    assert set(r.tolist()) <= {-1.0, 0.0, 1.0} and r.any()
    assert len(env.decisions()) == steps


def test_a_seat_not_in_the_game_is_a_value_error():
    env = sevenw.Env(game="duel")
    for seat in (-1, 2, 10**6):
        with pytest.raises(ValueError, match=f"seat {seat} is not a seat of this game \\(0 to 1\\)"):
            env.observe(seat)


def test_an_illegal_action_raises_and_changes_nothing():
    env = sevenw.Env(game="base", edition=2, expansions=["leaders"], players=3, seed=4)
    env.step(env.legal_actions()[0])
    before = (env.legal_actions(), env.observe(0).tolist(), env.decisions())
    bad = next(a for a in range(env.num_actions) if a not in env.legal_actions())
    with pytest.raises(sevenw.IllegalAction, match="not one of the legal actions"):
        env.step(bad)
    assert (env.legal_actions(), env.observe(0).tolist(), env.decisions()) == before


def test_an_action_outside_the_action_space_is_illegal_not_an_overflow():
    env = sevenw.Env(game="duel")
    game = sevenw.Game(game="duel")
    last = env.num_actions - 1
    for outside in (10**12, -1, env.num_actions, 2**32, 10**40, np.int64(-5)):
        message = f"action {outside} is outside the action space \\(0 to {last}\\)"
        with pytest.raises(sevenw.IllegalAction, match=message):
            env.step(outside)
        with pytest.raises(sevenw.IllegalAction, match=message):
            game.play(outside)
    assert env.decisions() == [] and game.decisions() == []
    env.step(np.int64(env.legal_actions()[0]))
    game.play(np.uint32(game.actions()[0][0]))
    with pytest.raises(TypeError):
        env.step(1.5)


def test_reset_fork_and_bots_are_deterministic():
    env = sevenw.Env(game="base", players=3, seed=1)
    for _ in range(10):
        env.step(env.bot("greedy"))
    copy = env.fork()
    assert copy.decisions() == env.decisions()
    assert np.array_equal(copy.observe(0), env.observe(0))
    copy.step(copy.legal_actions()[-1])
    assert len(copy.decisions()) == len(env.decisions()) + 1
    first = env.decisions()
    env.reset(1)
    assert env.decisions() == [] and env.seed == 1
    for _ in range(10):
        env.step(env.bot("greedy"))
    assert env.decisions() == first
    with pytest.raises(sevenw.SetupError):
        env.bot("clever")


# ----------------------------------------------------------------- VecEnv


def run_batch(threads: int, steps: int = 60):
    v = sevenw.VecEnv(8, threads=threads, game="base", players=3, seed=9)
    obs, masks, to_move = v.reset()
    assert obs.shape == (8, v.observation_len) and obs.dtype == np.float32
    assert masks.shape == (8, v.num_actions) and masks.dtype == np.int8
    assert to_move.shape == (8,) and to_move.dtype == np.int64
    rows = [(obs.copy(), masks.copy(), to_move.copy())]
    rng = np.random.default_rng(0)
    for t in range(steps):
        if t % 2:
            out = v.step_random(t)
        else:
            acts = np.array(
                [rng.choice(np.flatnonzero(masks[i])) for i in range(8)], dtype=np.uint32
            )
            out = v.step(acts)
        obs, masks, rewards, to_move, terminated, truncated, info = out
        assert rewards.shape == (8, v.seats) and terminated.shape == (8,)
        assert terminated.dtype == truncated.dtype == np.bool_ and not truncated.any()
        rows.append(tuple(a.copy() for a in out[:6]))
    return v, rows


def test_vecenv_writes_the_same_arrays_on_any_number_of_threads():
    one, a = run_batch(1)
    two, b = run_batch(2)
    assert one.num_envs == 8 and two.threads == 2
    for x, y in zip(a, b):
        for p, q in zip(x, y):
            assert np.array_equal(p, q)
    # Every game's mask is its legal actions.
    masks = one.step_random(99)[1]
    for i in range(8):
        assert np.flatnonzero(masks[i]).tolist() == sorted(one.legal_actions(i))


def test_vecenv_refuses_an_illegal_action_before_playing():
    v = sevenw.VecEnv(4, game="base", players=5, seed=3)
    obs, masks, _ = v.reset(seed=3)
    before = obs.copy()
    acts = np.array([np.flatnonzero(masks[i])[0] for i in range(4)], dtype=np.uint32)
    acts[2] = next(a for a in range(v.num_actions) if not masks[2][a])
    with pytest.raises(sevenw.IllegalAction, match="game 2"):
        v.step(acts)
    assert np.array_equal(v.reset(seed=3)[0], before)


def test_vecenv_refuses_an_action_outside_the_action_space_before_playing():
    v = sevenw.VecEnv(4, game="duel", seed=3)
    obs, masks, _ = v.reset(seed=3)
    before = obs.copy()
    legal = np.array([np.flatnonzero(masks[i])[0] for i in range(4)], dtype=np.int64)
    last = v.num_actions - 1
    # 2**32 + a legal action would wrap round to that action in uint32.
    for outside in (-1, v.num_actions, 2**32 + int(legal[2])):
        acts = legal.copy()
        acts[2] = outside
        with pytest.raises(
            sevenw.IllegalAction,
            match=f"game 2: action {outside} is outside the action space \\(0 to {last}\\)",
        ):
            v.step(acts)
    acts = [int(a) for a in legal]
    acts[1] = 10**30
    with pytest.raises(sevenw.IllegalAction, match="game 1: action 10{30} "):
        v.step(acts)
    assert np.array_equal(v.reset(seed=3)[0], before)
    v.step(legal)


def test_vecenv_returns_the_same_arrays_every_step():
    v = sevenw.VecEnv(2, game="base", players=3)
    obs, _, _ = v.reset()
    out = v.step_random(1)
    assert out[0] is obs


# ------------------------------------------------------ sim and balance

TIMING = {"seconds", "games_per_sec"}


def without_timing(doc):
    return {k: v for k, v in doc.items() if k not in TIMING}


@pytest.mark.parametrize(
    "selection,bots",
    [
        (dict(game="base", players=4, seed=5), "greedy,random,greedy,random"),
        (dict(game="duel", seed=2), ["random", "greedy"]),
        (dict(expansions=["leaders"], edition=2, players=3, seed=1), "random"),
    ],
)
def test_sim_is_the_command_lines_json(selection, bots, sevenw_cli):
    text = sevenw.sim(games=12, bots=bots, threads=2, **selection)
    mine = json.loads(text)
    args = ["sim", "--games", "12", "--threads", "2", "--json", "--seed", selection["seed"]]
    args += ["--bots", bots if isinstance(bots, str) else ",".join(bots)]
    if "game" in selection:
        args += ["--game", selection["game"]]
    if "players" in selection:
        args += ["--players", selection["players"]]
    if "expansions" in selection:
        args += ["--with", ",".join(selection["expansions"]), "--edition", selection["edition"]]
    cli = sevenw_cli(*args)
    assert cli.returncode == 0, cli.stderr
    theirs = json.loads(cli.stdout)
    assert without_timing(mine) == without_timing(theirs)
    assert set(mine) == set(theirs)


def test_sim_check_and_bad_bots():
    doc = json.loads(sevenw.sim(games=3, bots="random", check=True, game="architects", players=4))
    assert doc["games"] == 3
    with pytest.raises(sevenw.SetupError, match="unknown bot"):
        sevenw.sim(games=3, bots="clever", game="duel")


def test_balance_is_a_report(tmp_path):
    text = sevenw.balance(games=8, bots="random", game="duel", seed=4, threads=1)
    report = json.loads(text)
    assert report["games"] == 8
    again = sevenw.balance(games=8, bots="random", game="duel", seed=4, threads=2, out=tmp_path / "r")
    assert (tmp_path / "r" / "report.html").exists()
    assert json.loads((tmp_path / "r" / "report.json").read_text()) == json.loads(again)
    assert without_timing(json.loads(again)) == without_timing(report)


# ----------------------------------------------------------- run in parts


def test_a_run_in_parts_is_the_run_played_at_once(tmp_path):
    sel = dict(game="base", players=3, seed=6)
    plan = sevenw.plan(20)
    assert plan[0][0] == 0 and plan[-1][1] == 20
    assert all(a[1] == b[0] for a, b in zip(plan, plan[1:]))
    parts = [sevenw.sim_part(start=s, end=e, games=20, bots="random", **sel) for s, e in plan]
    assert all(isinstance(p, bytes) for p in parts)
    merged = json.loads(
        sevenw.sim_merge(parts[::-1], games=20, bots="random", threads=2, seconds=1.0, **sel)
    )
    whole = json.loads(sevenw.sim(games=20, bots="random", threads=2, **sel))
    assert without_timing(merged) == without_timing(whole)
    with pytest.raises(sevenw.SevenwError):
        sevenw.sim_merge(parts[1:], games=20, bots="random", **sel)

    halves = [
        sevenw.balance_part(start=0, end=8, games=16, bots="random", game="duel"),
        sevenw.balance_part(start=8, end=16, games=16, bots="random", game="duel"),
    ]
    report = sevenw.balance_merge(
        halves, games=16, bots="random", game="duel", seconds=1.0, out=tmp_path / "b"
    )
    whole = sevenw.balance(games=16, bots="random", game="duel")
    assert without_timing(json.loads(report)) == without_timing(json.loads(whole))
    assert (tmp_path / "b" / "report.html").exists()


# ------------------------------------------------------------------ stubs


def test_the_stubs_document_every_name_of_the_native_module():
    import ast
    from pathlib import Path

    stub = Path(sevenw.__file__).with_name("_native.pyi")
    tree = ast.parse(stub.read_text())
    documented = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            assert ast.get_docstring(node), node.name
            documented[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            documented[node.target.id] = node
    public = {n for n in dir(sevenw._native) if not n.startswith("_")} | {"__version__"}
    assert public == set(documented), public ^ set(documented)
    # Every method and property of the classes, too.
    for cls in (sevenw.Game, sevenw.Env, sevenw.VecEnv):
        node = documented[cls.__name__]
        names = {
            n.name if isinstance(n, ast.FunctionDef) else n.target.id
            for n in node.body
            if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
        }
        mine = {n for n in dir(cls) if not n.startswith("_")}
        assert mine <= names, mine - names


def test_every_name_of_the_native_module_has_a_runtime_docstring():
    """`help()` shows them: the functions, the classes, and every public
    method and property each class defines."""
    native = sevenw._native
    assert (native.__doc__ or "").strip()
    missing = []
    for name in dir(native):
        if name.startswith("_"):
            continue
        obj = getattr(native, name)
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if isinstance(obj, type):
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and not (member.__doc__ or "").strip():
                    missing.append(f"{name}.{attr}")
    assert missing == []
    # Each class's own methods and properties, at least the known ones.
    assert {"step", "legal_actions", "to_move", "seed"} <= set(vars(sevenw.Env))

"""PettingZoo environments of every game of the family.

- :func:`env` / :class:`raw_env`: an AEC environment (agents take turns),
  for every game and expansion. The agent to act is the seat the runtime
  asks next; in the base game, whose turns are simultaneous, the runtime
  asks the seats one at a time from the same position and a seat's
  pending choice stays hidden from the others until the turn is carried
  out, so stepping them in turn is fair.
- :func:`parallel_env` / :class:`parallel_raw_env`: a ``ParallelEnv``. In
  the base game one step takes the action of every seat deciding in the
  current simultaneous turn (a card action each), each observed at the
  start of its decision; a payment the rules leave open is a decision of
  its own, the same seat's, in the next step (the others' decisions
  already taken wait for it, as the runtime carries a turn out in seat
  order), and a seat deciding alone (a free build from the discard pile,
  the last card of an Age) acts alone. In Duel and Architects
  (turn-based) one seat acts per step, honestly. An agent with no
  decision in a step gets an all-zero mask, and its action is ignored.

Every agent observes ``{"observation": float32[L], "action_mask":
int8[A]}`` (the native ``Env``'s dtypes); the mask is all zero for an
agent with no decision pending. Every number of an observation lies in
``[-2, 2]`` (``sevenw.OBSERVATION_BOUND``), the bounds the observation
space states. Rewards come only at the end (winners +1, others -1, all
tied 0), when every agent terminates; each agent's ``info`` then holds
``outcome`` (``winners``, ``victory``, ``scores``, ``rewards``).

``max_cycles`` (``None``: no limit) in PettingZoo's sense: a game is
truncated once each agent has acted ``max_cycles`` times. The parallel
environment truncates after ``max_cycles`` steps (each deciding agent
acts once a step); the AEC one once every agent has taken
``max_cycles`` steps. An agent never acts more than ``max_cycles``
times: a decision the game asks of one that has taken them all while
another has not (a payment step of the base game, a second step of an
Architects turn) is taken for it, its first legal action, in the last
cycle before the truncation.

An illegal action (one the mask refuses, or outside the action space) is
taken as the legal action of index ``a`` modulo their number
(``illegal="index"``, the default: what PettingZoo's ``max_cycles_test``
and ``parallel_seed_test``, which sample without the mask, need to play);
``illegal="raise"`` raises :class:`sevenw.IllegalAction` instead (nothing
played: for a training loop that should never choose one), and
``illegal="lose"`` ends the game, the offender rewarded -1 and the others
0 (PettingZoo's ``TerminateIllegalWrapper`` convention).

Seeds follow Gymnasium's convention, as :meth:`sevenw.Env.reset` does:
``reset(seed=s)`` plays the native game of seed ``s`` (what
``sevenw.Env.reset(s)`` plays) and starts a stream of seeds there;
``reset()`` plays the stream's next seed. The stream starts at the
selection's ``seed`` when it gives one, else at the operating system's
entropy. The selection keywords are :class:`sevenw.Env`'s: ``game``,
``players``, ``edition``, ``expansions``, ``seed``, ``sides``,
``options``. The native game is :attr:`raw_env.native` (for its bots,
``fork``, ``observation_parts``, ``action_words``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import sevenw as _sw

__all__ = ["env", "raw_env", "parallel_env", "parallel_raw_env"]

_ILLEGAL = ("raise", "lose", "index")


def _check_illegal(illegal: str) -> str:
    if illegal not in _ILLEGAL:
        raise ValueError(f"illegal must be one of {_ILLEGAL}, not {illegal!r}")
    return illegal


class _Common:
    """What both kinds of environment share: the native game, the agents,
    the spaces (built once, one object per agent) and the seeding."""

    def _setup(self, selection: dict[str, Any], max_cycles, illegal, render_mode):
        self._selection = dict(selection)
        self._env = _sw.Env(**selection)
        self._seats = int(self._env.seats)
        self._A = int(self._env.num_actions)
        self._L = int(self._env.observation_len)
        self.possible_agents = [f"player_{i}" for i in range(self._seats)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -_sw.OBSERVATION_BOUND,
                        _sw.OBSERVATION_BOUND,
                        (self._L,),
                        dtype=np.float32,
                    ),
                    "action_mask": spaces.Box(0, 1, (self._A,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(self._A) for a in self.possible_agents
        }
        zero = np.zeros(self._A, dtype=np.int8)
        zero.flags.writeable = False
        self._zero_mask = zero
        self.max_cycles = max_cycles
        self.illegal = _check_illegal(illegal)
        self.render_mode = render_mode
        self.agents = []

    def _new_game(self, seed) -> None:
        self._env.reset(seed)

    def _end_infos(self) -> dict:
        """Each agent's info at the end of a game: its outcome."""
        outcome = self._env.outcome()
        return {a: {"outcome": outcome} for a in self.possible_agents}

    # The spaces: the same objects every call (seeding a space sticks).
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def native(self):
        """The :class:`sevenw.Env` underneath (to call bots, fork, read
        ``observation_parts`` or ``decisions``)."""
        return self._env

    def _mask(self) -> np.ndarray:
        return self._env.action_mask()

    def render(self):
        """The game's decisions so far, as action numbers, in a line."""
        return " ".join(str(a) for a in self._env.decisions())

    def close(self):
        pass


class raw_env(_Common, AECEnv):
    """The AEC environment (see the module)."""

    metadata = {"name": "sevenw_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal: str = "index",
        **selection,
    ):
        AECEnv.__init__(self)
        self._setup(selection, max_cycles, illegal, render_mode)
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = self.possible_agents[0]
        self._to_move = None

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_game(seed)
        agents = self.possible_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {} for a in agents}
        self.num_moves = 0
        self._steps = dict.fromkeys(agents, 0)
        self._to_move = self._env.to_move
        self.agent_selection = agents[self._to_move]

    def observe(self, agent):
        seat = self._seat_of[agent]
        if seat == self._to_move:
            mask = self._env.action_mask()
        else:
            mask = self._zero_mask
        return {"observation": self._env.observe(seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        done = self.terminations.get(agent)
        if done is None:
            raise RuntimeError("no game under way: call reset()")
        if done or self.truncations[agent]:
            self._was_dead_step(action)
            return
        env = self._env
        try:
            env.step(int(action))
        except _sw.IllegalAction:
            if self.illegal == "raise":
                raise
            if self.illegal == "lose":
                self._end_illegal(agent)
                return
            legal = env.legal_actions()
            env.step(legal[int(action) % len(legal)])
        self.num_moves += 1
        self._steps[agent] += 1
        self._spent_steps()
        to_move = env.to_move
        self._to_move = to_move
        self._cumulative_rewards[agent] = 0.0
        if to_move is None:
            r = env.rewards()
            agents = self.possible_agents
            for i, a in enumerate(agents):
                self.rewards[a] = float(r[i])
                self.terminations[a] = True
            self.infos = self._end_infos()
            self._accumulate_rewards()
            # Every agent steps once more, dead (with None), in seat order.
            self.agent_selection = agents[0]
            return
        self.agent_selection = self.possible_agents[to_move]
        m = self.max_cycles
        if m is not None and all(n >= m for n in self._steps.values()):
            for a in self.agents:
                self.truncations[a] = True

    def _spent_steps(self) -> None:
        """With ``max_cycles``: a decision of an agent that has taken its
        ``max_cycles`` steps while another has not (the payment step of
        the base game, a second step of an Architects turn) is taken for
        it, the first legal action, so that no agent acts more than
        ``max_cycles`` times before the game is truncated."""
        m, env = self.max_cycles, self._env
        if m is None:
            return
        steps, agents = self._steps, self.possible_agents
        while env.to_move is not None and steps[agents[env.to_move]] >= m:
            if all(n >= m for n in steps.values()):
                return
            env.step_index(0)

    def _end_illegal(self, agent) -> None:
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else 0.0
            self.terminations[a] = True
        self.infos[agent] = {"illegal_action": True}
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        self._to_move = None


def env(**kwargs) -> raw_env:
    """The AEC environment of a game (see the module). Returned unwrapped:
    it checks its own actions, so PettingZoo's wrappers would only add a
    cost to every step."""
    return raw_env(**kwargs)


class parallel_raw_env(_Common, ParallelEnv):
    """The parallel environment (see the module).

    ``simultaneous`` (the default) gathers in one step every seat deciding
    in the current turn, as :meth:`sevenw.Env.turn` finds them (the seat to
    move alone in a game of turns taken one at a time); ``False`` makes one
    seat act per step, without the copy of the game that finding them
    steps.
    """

    metadata = {"name": "sevenw_parallel_v0", "render_modes": ["ansi"]}

    def __init__(
        self,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal: str = "index",
        simultaneous: bool = True,
        **selection,
    ):
        self._setup(selection, max_cycles, illegal, render_mode)
        self.simultaneous = bool(simultaneous)
        self._pending: dict[int, np.ndarray] = {}
        self._queue: list[tuple[int, int]] = []

    # -- the turn's deciding seats ------------------------------------
    def _gather(self) -> dict[int, np.ndarray]:
        """Every seat deciding in the current turn, with its mask.

        The runtime asks the seats of a simultaneous turn one at a time
        from the same position; :meth:`sevenw.Env.turn` finds the ones
        after the first on a copy of the game, stepped with arbitrary
        choices (hidden from the others, so the same for any choice): a
        seat belongs to the turn if it has not decided in it yet and its
        observation on the copy is the one it has now, so what it sees
        does not depend on the decisions before it.
        """
        env = self._env
        if env.to_move is None:
            return {}
        if not self.simultaneous:
            return {env.to_move: self._mask()}
        return dict(env.turn())

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.num_moves = 0
        self._queue = []
        self._pending = self._gather()
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        env, pending, zero = self._env, self._pending, self._zero_mask
        return {
            a: {
                "observation": env.observe(i),
                "action_mask": pending.get(i, zero),
            }
            for i, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def _finish(self, rewards, terminated: bool, truncated: bool, infos=None):
        agents = self.agents
        obs = self._observations()
        rew = {a: float(rewards[self._seat_of[a]]) for a in agents}
        term = dict.fromkeys(agents, terminated)
        trunc = dict.fromkeys(agents, truncated)
        info = {a: {} for a in agents}
        if infos:
            info.update(infos)
        if terminated or truncated:
            self.agents = []
            self._pending = {}
        return obs, rew, term, trunc, info

    def step(self, actions: dict):
        if not self.agents:
            raise RuntimeError("step after the game ended: call reset()")
        pending, env = self._pending, self._env
        chosen: list[tuple[int, int]] = []
        for seat, mask in pending.items():
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} is to act and has no action")
            a = int(actions[agent])
            if not (0 <= a < self._A and mask[a]):
                if self.illegal == "raise":
                    raise _sw.IllegalAction(
                        f"{agent}: action {a} is not legal (see its action_mask)"
                    )
                if self.illegal == "lose":
                    r = np.zeros(self._seats, dtype=np.float32)
                    r[seat] = -1.0
                    self._pending = {}
                    return self._finish(r, True, False, {agent: {"illegal_action": True}})
                legal = np.flatnonzero(mask)
                a = int(legal[a % len(legal)])
            chosen.append((seat, a))
        # A payment comes before the turn's decisions still queued.
        self._queue[:0] = chosen
        self._pending = {}
        self.num_moves += 1
        # Carry the decisions out in the runtime's order; a payment left
        # open stops the queue until its seat decides it.
        while self._queue:
            seat, a = self._queue.pop(0)
            if env.to_move != seat:
                raise RuntimeError(
                    f"the runtime asks seat {env.to_move}, not seat {seat}: "
                    "the turn's seats were not gathered right"
                )
            env.step(a)
            if self._queue and env.to_move == seat:
                self._pending = {seat: self._mask()}
                break
        if not self._pending:
            self._pending = self._gather()
        if env.to_move is None:
            return self._finish(env.rewards(), True, False, self._end_infos())
        zero = np.zeros(self._seats, dtype=np.float32)
        if self.max_cycles is not None and self.num_moves >= self.max_cycles:
            return self._finish(zero, False, True)
        return self._finish(zero, False, False)

    def state(self) -> np.ndarray:
        """Every seat's observation, one after the other (what a
        centralised critic may read)."""
        return np.concatenate([self._env.observe(i) for i in range(self._seats)])

    @property
    def deciding(self) -> list[str]:
        """The agents whose action the next step takes."""
        return [self.possible_agents[s] for s in self._pending]


def parallel_env(**kwargs) -> parallel_raw_env:
    """The parallel environment of a game (see the module)."""
    return parallel_raw_env(**kwargs)

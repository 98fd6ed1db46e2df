"""The native module of ``sevenw`` (Rust, PyO3): every name here is
re-exported by ``sevenw`` itself; import from there.

A *selection* is the keyword arguments that choose a game and its set-up,
parsed exactly as ``sevenw play`` parses the same options (``--game``,
``--edition``, ``--with``, ``--players``, ``--seed``, ``--sides``,
``--wonders``, ``--option``, ``--bots``), with the same messages for a
mistake (raised as :class:`SetupError`):

- ``game``: ``"base"``, ``"duel"``, ``"architects"`` or a game built in;
  may be left out when ``expansions`` names what it extends;
- ``edition``: the game's edition (default its first);
- ``expansions``: expansions in play (``["leaders", "edifice"]``);
- ``players``: seats (a game of one player count may leave it out);
- ``seed``: the game's seed, an int from 0 to ``2**64 - 1`` (default
  ``0``; the same seed, the same game; another int is a ``ValueError``);
  for ``Env`` and ``VecEnv`` also where their stream of seeds starts
  (``reset()`` without one: Gymnasium's convention, README "Seeds");
- ``sides``: ``"a"``, ``"b"`` or ``"random"`` (the default);
- ``wonders``: wonders chosen instead of dealt (``"Giza:B,Rhodes,..."``
  or a list);
- ``options``: set-up options the game defines, names to values;
- ``bots``: one bot kind for every seat or one per seat (``sim``,
  ``balance``).

Seats are numbered from 0 here (the command line and logs count from 1).
"""

from os import PathLike
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str
OBSERVATION_BOUND: float
"""Every number of an observation lies in ``[-OBSERVATION_BOUND,
OBSERVATION_BOUND]`` (2.0): a family's number ``x`` is reported as ``x``
within ±1 (marks, one-hots, fractions) and as ``±(2 − 1/|x|)`` beyond
(counts keep their order; ``x = ±1/(2 − |y|)`` undoes it)."""

class SevenwError(Exception):
    """Every error sevenw raises (besides ``OSError`` and ``TypeError``)."""

class SetupError(SevenwError, ValueError):
    """A selection or set-up the command line refuses, with its message
    (an unknown game, a player count out of range, a bad option)."""

class IllegalAction(SevenwError, ValueError):
    """An action that is not legal now, or a game that is over, with the
    runtime's message; nothing was played."""

def check_json(path: Union[str, PathLike[str]]) -> str:
    """``sevenc check PATH --format json``'s output: one JSON object per
    diagnostic per line (``sevenw.check`` reads it into
    :class:`sevenw.Diagnostic` objects). Raises ``OSError`` when ``path``
    cannot be read (``FileNotFoundError`` when it does not exist), its
    message naming the path as ``sevenc check`` does and its ``filename``
    the path."""

def games() -> list[dict[str, Any]]:
    """Every game and expansion built into the module, as dicts:
    ``name``, ``title``, ``edition``, ``extends`` (the game an expansion
    extends, ``None`` for a game), ``editions`` (the editions of that game
    an expansion plays with, empty for every one), ``with`` (the
    expansions it is played only together with, empty for none) and
    ``players`` (``(min, max)``)."""

def run(args: list[str]) -> str:
    """What ``sevenw ARGS`` writes to standard output, for ``play``,
    ``sim``, ``balance``, ``replay``, ``score`` and ``price`` (no progress
    bar); a bad command line raises :class:`SetupError`, bad input
    :class:`SevenwError`, with the command line's message."""

def sim(
    *,
    games: int,
    bots: Union[str, list[str]],
    threads: Optional[int] = None,
    check: bool = False,
    game: Optional[str] = None,
    edition: Optional[int] = None,
    expansions: list[str] = ...,
    players: Optional[int] = None,
    seed: int = 0,
    sides: Optional[str] = None,
    wonders: Union[str, list[str], None] = None,
    options: dict[str, str] = ...,
) -> str:
    """Plays ``games`` games of the selection with ``bots`` (as ``--bots``
    spells them: ``"greedy"``, ``"random,greedy,mcts:200"``, or a list) on
    ``threads`` threads (default every core; the results do not depend on
    it) and returns exactly what ``sevenw sim --json`` prints for the same
    options: a JSON document (``runtime/FORMATS.md``, "JSON outputs",
    documents its fields).
    ``check=True`` is ``--check``: every invariant after every move; a
    violation raises :class:`SevenwError`."""

def balance(
    *,
    games: int,
    bots: Union[str, list[str]],
    threads: Optional[int] = None,
    out: Union[str, PathLike[str], None] = None,
    game: Optional[str] = None,
    edition: Optional[int] = None,
    expansions: list[str] = ...,
    players: Optional[int] = None,
    seed: int = 0,
    sides: Optional[str] = None,
    wonders: Union[str, list[str], None] = None,
    options: dict[str, str] = ...,
) -> str:
    """A balance report of ``games`` games: the text of the ``report.json``
    that ``sevenw balance`` writes for the same options. With ``out``,
    ``report.json`` and ``report.html`` are written into that folder (made
    if need be), as the command line does."""

def plan(games: int) -> list[tuple[int, int]]:
    """The chunks ``sim`` and ``balance`` cut a run of ``games`` games
    into, as ``(start, end)`` ranges (game ``i`` of a run is seeded from
    the run's seed and ``i`` alone): the tasks of a run in parts."""

def sim_part(
    *,
    start: int,
    end: int,
    games: int,
    bots: Union[str, list[str]],
    threads: Optional[int] = 1,
    check: bool = False,
    game: Optional[str] = None,
    edition: Optional[int] = None,
    expansions: list[str] = ...,
    players: Optional[int] = None,
    seed: int = 0,
    sides: Optional[str] = None,
    wonders: Union[str, list[str], None] = None,
    options: dict[str, str] = ...,
) -> bytes:
    """Plays games ``start..end`` of the :func:`sim` run of ``games``
    games (the same selection and bots) on ``threads`` threads and returns
    their sums: a JSON document naming its run and its games, for
    :func:`sim_merge`. A pure function of its arguments: a task run again
    gives the same bytes."""

def sim_merge(
    parts: list[bytes],
    *,
    games: int,
    bots: Union[str, list[str]],
    threads: Optional[int] = None,
    seconds: float = 0.0,
    check: bool = False,
    game: Optional[str] = None,
    edition: Optional[int] = None,
    expansions: list[str] = ...,
    players: Optional[int] = None,
    seed: int = 0,
    sides: Optional[str] = None,
    wonders: Union[str, list[str], None] = None,
    options: dict[str, str] = ...,
) -> str:
    """The :func:`sim` output of the run from its parts (in any order):
    equal to the run played at once but for ``seconds`` (given here),
    ``games_per_sec`` and ``threads`` (the number reported). Raises
    :class:`SevenwError` for parts of another run, or parts that leave a
    game out or hold one twice."""

def balance_part(
    *,
    start: int,
    end: int,
    games: int,
    bots: Union[str, list[str]],
    threads: Optional[int] = 1,
    game: Optional[str] = None,
    edition: Optional[int] = None,
    expansions: list[str] = ...,
    players: Optional[int] = None,
    seed: int = 0,
    sides: Optional[str] = None,
    wonders: Union[str, list[str], None] = None,
    options: dict[str, str] = ...,
) -> bytes:
    """:func:`sim_part` for a :func:`balance` report."""

def balance_merge(
    parts: list[bytes],
    *,
    games: int,
    bots: Union[str, list[str]],
    threads: Optional[int] = None,
    seconds: float = 0.0,
    out: Union[str, PathLike[str], None] = None,
    game: Optional[str] = None,
    edition: Optional[int] = None,
    expansions: list[str] = ...,
    players: Optional[int] = None,
    seed: int = 0,
    sides: Optional[str] = None,
    wonders: Union[str, list[str], None] = None,
    options: dict[str, str] = ...,
) -> str:
    """The :func:`balance` report (``report.json``'s text) of the run
    from its parts, written with ``report.html`` into ``out`` when given;
    equal to the run played at once but for ``seconds`` and
    ``games_per_sec``."""

class Game:
    """A game at a table, played one decision at a time by people and
    bots, each seat shown only what it may see: ``sevenw play``'s game,
    ``sevenw serve``'s table.

    >>> g = Game(game="duel", seed=1)
    >>> while not g.is_over:
    ...     g.play(g.bot("greedy"))
    >>> g.score()["winners"]
    """

    def __init__(
        self,
        *,
        game: Optional[str] = None,
        edition: Optional[int] = None,
        expansions: list[str] = ...,
        players: Optional[int] = None,
        seed: int = 0,
        sides: Optional[str] = None,
        wonders: Union[str, list[str], None] = None,
        options: dict[str, str] = ...,
    ) -> None:
        """A new game of the selection; :class:`SetupError` if the command
        line would refuse it."""
    @property
    def to_move(self) -> Optional[int]:
        """The seat whose decision is next; ``None`` once the game is over."""
    @property
    def seats(self) -> int:
        """Seats at the table."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    @property
    def title(self) -> str:
        """The game's title (``"7 Wonders Duel"``)."""
    @property
    def num_actions(self) -> int:
        """The size of the action space: every action number is below it."""
    @property
    def seed(self) -> int:
        """The game's seed."""
    def action_words(self, action: int) -> str:
        """The words of action number ``action``, any of the action space
        (legal now or not), as :meth:`Env.action_words` gives them: what
        it does, without what the position fills in (:meth:`actions` words
        a legal move with it: the coins it costs). ``ValueError`` outside
        the space, ``TypeError`` for a non-int."""
    def action_number(self, words: str) -> int:
        """The action number of ``words``: those of :meth:`action_words`,
        or those :meth:`actions` gives a legal move now (case and spacing
        aside). ``ValueError`` when no action has them."""
    def outcome(self) -> Optional[dict[str, Any]]:
        """How the game ended, as :meth:`Env.outcome`; ``None`` before."""
    def actions(self) -> list[tuple[int, str]]:
        """The legal decisions of the seat to move, as ``(number, words)``:
        the number in the game's fixed action space, the words as a replay
        log writes them. Empty once the game is over."""
    def play(self, action: int, seat: Optional[int] = None) -> None:
        """Plays decision ``action`` for ``seat`` (default: the seat to
        move). Raises :class:`IllegalAction` (not legal now, outside the
        action space, not that seat's turn, the game over): nothing is
        played."""
    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        """What ``seat`` may see (a spectator's view for ``None``: only what
        is public), as the JSON document ``sevenw serve`` shows, in Python
        objects (``runtime/README.md``, "Tables", lists its fields).
        Raises ``ValueError`` for a seat not in the game."""
    def history(self, seat: Optional[int] = None) -> list[tuple[int, str]]:
        """The moves ``seat`` may read so far (a spectator's for ``None``),
        as ``(seat that moved, words)``. Raises ``ValueError`` for a seat
        not in the game."""
    def decisions(self) -> list[int]:
        """The decisions played so far, as action numbers."""
    def score(self, names: Optional[list[str]] = None) -> Optional[dict[str, Any]]:
        """The final score (``sevenw score --json``'s document: players
        with points by category and total, winners, victory), the seats
        called ``names`` (default ``Seat 1``, ``Seat 2``…); ``None``
        before the end."""
    def log(self) -> str:
        """The game's replay log so far, with its ending once over: the
        text ``sevenw replay`` plays again and checks."""
    def bot(self, kind: str, seed: int = 0) -> int:
        """The decision a bot of ``kind`` (as ``--bots`` spells it:
        ``random``, ``greedy``, ``mcts``, ``mcts:N``, ``learned``) takes for
        the seat to move, from that seat's information only, its random
        stream seeded by ``seed``. Not played: pass it to :meth:`play`.
        Raises :class:`SetupError` for an unknown kind (or a learned bot
        without weights for the selection: the message says how to train
        them), :class:`IllegalAction` once the game is over. The GIL is released while it thinks."""

class Env:
    """One game stepped by action numbers for reinforcement learning: each
    seat observes a flat ``float32`` vector built from its own view only,
    actions are numbers in the game's fixed space of ``num_actions``.
    Rewards come at the end: ``1`` to every winner, ``-1`` to every other
    seat (``0`` to all when every seat wins).

    >>> env = Env(game="base", players=3, seed=7)
    >>> while not env.is_over:
    ...     obs = env.observe(env.to_move)
    ...     env.step(env.legal_actions()[0])
    >>> env.rewards()
    """

    def __init__(
        self,
        *,
        game: Optional[str] = None,
        edition: Optional[int] = None,
        expansions: list[str] = ...,
        players: Optional[int] = None,
        seed: int = 0,
        sides: Optional[str] = None,
        wonders: Union[str, list[str], None] = None,
        options: dict[str, str] = ...,
    ) -> None:
        """A new game of the selection, started with its seed (``0`` unless
        given). The stream of seeds ``reset()`` draws from starts at the
        selection's seed when it gives one, else at the operating system's
        entropy."""
    def reset(self, seed: Optional[int] = None) -> int:
        """Starts a new game, set up as before, and returns its seed: seed
        ``seed`` when given (the stream of seeds then starts again there),
        else the stream's next seed (Gymnasium's convention: the ``k``-th
        ``reset()`` after ``reset(seed=s)`` plays the same game in every
        ``Env`` of the selection). A seed outside 0 to ``2**64 - 1`` is a
        ``ValueError``, a non-int a ``TypeError``."""
    @property
    def to_move(self) -> Optional[int]:
        """The seat whose decision is next; ``None`` once the game is over."""
    @property
    def seats(self) -> int:
        """Seats in the game."""
    @property
    def num_actions(self) -> int:
        """The size of the action space: every action number is below it."""
    @property
    def observation_len(self) -> int:
        """The length of every observation."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    @property
    def seed(self) -> int:
        """The seed of the game under way (the last reset's)."""
    @property
    def title(self) -> str:
        """The game's title."""
    def selection(self) -> dict[str, str]:
        """What a learned policy for this selection is trained for:
        ``fingerprint`` (the card set's at this player count: weights carry
        it, and the learned bot plays only weights whose fingerprint
        matches), ``words`` (the selection in words) and ``train`` (the
        command that trains a policy for it)."""
    def legal_actions(self) -> list[int]:
        """The legal action numbers of the seat to move, in the order the
        game lists its moves (empty once over)."""
    def action_mask(self) -> npt.NDArray[np.int8]:
        """The legal actions as an int8 mask of ``num_actions`` (the dtype
        Gymnasium's ``Discrete.sample(mask=)`` takes): 1 for a legal
        action, else 0."""
    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` sees, as ``observation_len`` numbers (a new
        array), each in ``[-OBSERVATION_BOUND, OBSERVATION_BOUND]``;
        :meth:`observation_parts` says what each range means. Raises
        ``ValueError`` for a seat not in the game (a negative one
        included), ``TypeError`` for a non-int."""
    def step(self, action: int) -> None:
        """Plays ``action`` for the seat to move. Raises
        :class:`IllegalAction` with the runtime's message when it is not
        legal, is outside the action space (``action 1192 is outside the
        action space (0 to 1191)``) or the game is over: nothing is
        played."""
    def turn(self) -> list[tuple[int, npt.NDArray[np.int8]]]:
        """The seats deciding in the turn under way, in the order the game
        asks them, each with its action mask (new arrays): the seat to
        move, then every seat that decides in the same simultaneous turn
        (the base game), found on a copy of the game. One seat where turns
        are taken one at a time; none once the game is over."""
    def step_index(self, i: int) -> None:
        """Plays the legal action of index ``i`` (modulo their count) of
        :meth:`legal_actions`: a step without the lookup. Does nothing once
        over."""
    def rewards(self) -> npt.NDArray[np.float32]:
        """Each seat's reward (``seats`` numbers): all zero before the end."""
    def observation_parts(self) -> list[tuple[str, int, str]]:
        """The observation's parts in order, as ``(name, length,
        meaning)``; their lengths add up to ``observation_len``."""
    def bot(self, kind: str, seed: int = 0) -> int:
        """The action a bot of ``kind`` (``random``, ``greedy``, ``mcts``,
        ``mcts:N``, ``learned``) takes for the seat to move, from that
        seat's information only, seeded by ``seed``; not played. Raises
        :class:`SetupError` for an unknown kind (or a learned bot without
        weights for the selection: the message says how to train them),
        :class:`IllegalAction` once the game is over. The GIL is released while it thinks."""
    def decisions(self) -> list[int]:
        """The actions played since the last reset: with :attr:`seed`,
        what replays the game (``Game(seed=…)`` and :meth:`Game.play`)."""
    def action_words(self, action: int) -> str:
        """The words of action number ``action``, any of the action space
        (legal now or not): what it does, without what the position fills
        in (the coins of a build): ``"build Lumber Yard"``, ``"discard
        Altar"``, ``"pay left 2, right 0"``. Distinct numbers have distinct
        words. ``ValueError`` outside the space, ``TypeError`` for a
        non-int."""
    def action_number(self, words: str) -> int:
        """The action number whose :meth:`action_words` are ``words``
        (case and spacing aside): ``action_number(action_words(n)) == n``.
        ``ValueError`` when no action has them."""
    def outcome(self) -> Optional[dict[str, Any]]:
        """How the game ended: ``winners`` (seats), ``victory`` (the game's
        word for how: ``points``; ``civilian``, ``military`` or
        ``science`` in Duel…), ``scores`` (each seat's total) and
        ``rewards``; ``None`` before the end."""
    def fork(self) -> Env:
        """An independent copy of the game as it stands."""

class VecEnv:
    """``num_envs`` games of one selection stepped together on ``threads``
    threads, the GIL released. Results are written into numpy arrays made
    once: every call returns the *same* arrays, overwritten by the next
    call (copy what you keep). A finished game starts again at once with
    the next seed (game ``i``'s ``k``-th game is seeded from the batch's
    seed, ``i`` and ``k``: the results do not depend on ``threads``); its
    ``terminated`` (or, cut short at ``max_steps``, ``truncated``) is
    True and its ``rewards`` row holds the finished game's rewards, while
    ``obs``, ``masks`` and ``to_move`` are the new game's; the ended game
    itself is in the step's ``info`` (``final_observation``,
    ``final_info``, Gymnasium's layout). :meth:`seeds` and
    :meth:`decisions` replay any game under way.
    """

    num_envs: int
    """Games stepped together."""
    observation_len: int
    """The length of each observation (columns of ``obs``)."""
    num_actions: int
    """The size of the action space (columns of ``masks``)."""
    seats: int
    """Seats per game (columns of ``rewards``)."""
    threads: int
    """Threads stepping the games."""
    max_steps: Optional[int]
    """Decisions after which a game is cut short (``truncated``)."""

    def __init__(
        self,
        num_envs: int,
        threads: int = 1,
        max_steps: Optional[int] = None,
        *,
        game: Optional[str] = None,
        edition: Optional[int] = None,
        expansions: list[str] = ...,
        players: Optional[int] = None,
        seed: int = 0,
        sides: Optional[str] = None,
        wonders: Union[str, list[str], None] = None,
        options: dict[str, str] = ...,
    ) -> None:
        """``num_envs`` games of the selection, seeded from its seed;
        ``max_steps`` (``None``: no limit) cuts a game short after that
        many decisions."""
    def reset(
        self, seed: Optional[int] = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Starts every game again and returns ``(obs, masks, to_move)``:
        ``obs`` ``num_envs × observation_len`` float32, the seat to move's
        observation; ``masks`` ``num_envs × num_actions`` int8, its legal
        actions; ``to_move`` ``num_envs`` int64. The batch is seeded
        ``seed`` when given (the stream of seeds then starts again there),
        else by the stream's next seed (as :meth:`Env.reset`)."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.int64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays ``actions[i]`` (``num_envs`` action numbers, an integer
        array) in game ``i`` for its seat to move and returns ``(obs,
        masks, rewards, to_move, terminated, truncated, info)``:
        ``rewards`` ``num_envs × seats`` float32, non-zero only where the
        step ended a game by the rules; ``terminated`` and ``truncated``
        ``num_envs`` bool. ``info`` is empty unless a game ended; then, as
        Gymnasium lays out a step that starts ended games again:
        ``final_observation`` (by game, ``None`` or every seat's
        observation at the end, ``seats × observation_len``),
        ``final_info`` (by game, ``None`` or a dict: ``seed``,
        ``decisions``, ``terminated``, ``truncated``, and ``outcome`` as
        :meth:`Env.outcome` for a game ended by the rules), and the bool
        masks ``_final_observation``, ``_final_info``. Floats raise
        ``TypeError`` (never truncated), another shape ``ValueError``; an
        action outside the action space or not legal in its game raises
        :class:`IllegalAction` naming the game, before anything is
        played."""
    def step_random(
        self, seed: int
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.int64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays a uniformly random legal action in every game (drawn from
        ``seed`` and the game's index), then returns what :meth:`step`
        returns."""
    def observe_all(self) -> npt.NDArray[np.float32]:
        """Every seat's observation of every game under way: a new array
        ``num_envs × seats × observation_len``."""
    def seeds(self) -> list[int]:
        """The seed of each game under way."""
    def decisions(self, i: int) -> list[int]:
        """The actions played in game ``i`` since it started: with
        ``seeds()[i]``, what replays it in an :class:`Env` or a
        :class:`Game`. ``ValueError`` for no such game."""
    def selection(self) -> dict[str, str]:
        """As :meth:`Env.selection`."""
    def legal_actions(self, i: int) -> list[int]:
        """The legal actions of game ``i``; ``ValueError`` for no such
        game."""
    def action_words(self, action: int) -> str:
        """The words of action number ``action`` (as
        :meth:`Env.action_words`)."""
    def action_number(self, words: str) -> int:
        """The action number of ``words`` (as :meth:`Env.action_number`)."""

"""sevenw: the 7 Wonders family's card compiler and runtime, from Python.

Check card sets (:func:`check`), list the games (:func:`games`), play a game
at a table (:class:`Game`), step games for reinforcement learning
(:class:`Env`, :class:`VecEnv`), simulate (:func:`sim`) and write balance
reports (:func:`balance`). A game is chosen with the keyword arguments of a
*selection*, parsed exactly as ``sevenw play`` parses its options::

    game="base", edition=2, expansions=["leaders"], players=5, seed=3,
    sides="a", wonders="Giza:B,Rhodes,...", options={"name": "value"}

Errors carry the command line's messages: :class:`SetupError` for a
selection it refuses, :class:`IllegalAction` for a move that is not legal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from os import PathLike
from typing import Any, Optional, Union

try:
    from . import _native
except ImportError as e:  # the source folder, without its compiled module
    import os as _os

    _here = _os.path.dirname(_os.path.abspath(__file__))
    if not any(n.startswith("_native.") and n.endswith((".so", ".pyd")) for n in _os.listdir(_here)):
        raise ImportError(
            f"sevenw's compiled module is not in {_here}: that folder is the "
            "package's source, and Python imports it instead of the installed "
            "package because it runs from the folder above it (python/). Run "
            "from another folder (`cd ..`), or build the module into the "
            "source with `maturin develop --release -m python/Cargo.toml`."
        ) from e
    raise
from ._native import (
    OBSERVATION_BOUND,
    Env,
    Game,
    IllegalAction,
    SetupError,
    SevenwError,
    VecEnv,
    balance,
    balance_merge,
    balance_part,
    games,
    plan,
    sim,
    sim_merge,
    sim_part,
)

__version__: str = _native.__version__

__all__ = [
    "OBSERVATION_BOUND",
    "Diagnostic",
    "Env",
    "Game",
    "IllegalAction",
    "SetupError",
    "SevenwError",
    "VecEnv",
    "balance",
    "balance_merge",
    "balance_part",
    "check",
    "games",
    "plan",
    "sim",
    "sim_merge",
    "sim_part",
]


@dataclass(frozen=True)
class Diagnostic:
    """One problem of a card set, as ``sevenc check --format json`` gives it.

    ``code`` is stable (``E0102``); ``severity`` is ``"error"`` or
    ``"warning"``; ``file``, ``line`` and ``column`` (from 1) place the
    offending token, or are ``None`` for a problem of no one place; ``help``
    says how to fix it, when the compiler knows. ``label`` is the words
    under the token, ``span`` its byte range ``(start, end)`` in the file,
    ``related`` other places involved (dicts with ``file``, ``line``,
    ``column``, ``span``, ``label``).
    """

    code: str
    severity: str
    message: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    help: Optional[str]
    label: Optional[str] = None
    span: Optional[tuple[int, int]] = None
    related: list[dict[str, Any]] = field(default_factory=list)

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        return f"{place}{self.severity} {self.code}: {self.message}"


def check(path: Union[str, PathLike[str]]) -> list[Diagnostic]:
    """Checks a card set: a game folder, an expansion (with the game it
    extends) or a library of them, as ``sevenc check PATH`` does.

    Returns every diagnostic, errors and warnings (an empty list for a clean
    set); raises ``OSError`` only when ``path`` cannot be read.
    """
    out = []
    for line in _native.check_json(path).splitlines():
        d = json.loads(line)
        span = d.get("span")
        out.append(
            Diagnostic(
                code=d["code"],
                severity=d["severity"],
                message=d["message"],
                file=d.get("file"),
                line=d.get("line"),
                column=d.get("column"),
                help=d.get("help"),
                label=d.get("label"),
                span=(span["start"], span["end"]) if span else None,
                related=d.get("related") or [],
            )
        )
    return out

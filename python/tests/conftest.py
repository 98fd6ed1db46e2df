"""Shared fixtures: the repository, and the command-line tools to compare
with (``SEVENW_BIN`` and ``SEVENC_BIN``, set by ``python/test.sh``; else
``cargo run``)."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(var: str, package: str, binary: str) -> list[str]:
    given = os.environ.get(var)
    if given:
        return shlex.split(given)
    return ["cargo", "run", "--quiet", "-p", package, "--bin", binary, "--"]


def _run(tool: list[str], args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        tool + [str(a) for a in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sevenw_cli():
    """Runs the ``sevenw`` command line; returns the completed process."""
    tool = _tool("SEVENW_BIN", "sevenw", "sevenw")
    return lambda *args, cwd=ROOT: _run(tool, list(args), cwd)


@pytest.fixture(scope="session")
def sevenc_cli():
    """Runs ``sevenc``; returns the completed process."""
    tool = _tool("SEVENC_BIN", "sevenc", "sevenc")
    return lambda *args, cwd=ROOT: _run(tool, list(args), cwd)

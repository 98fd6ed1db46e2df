#!/usr/bin/env python3
"""The table of instructions per game in runtime/benches/README.md, from
callgrind's own output.

    python3 runtime/benches/table.py commands [--out DIR] [--sevenw PATH]
        prints the valgrind command of every row of the table, each writing
        its callgrind output file into DIR (default target/callgrind);
    python3 runtime/benches/table.py table FILE_OR_DIR... [--write README]
        reads callgrind output files (a folder: every file in it), and prints
        the Markdown table, or with --write puts it in README between the
        lines `<!-- table.py -->` and `<!-- /table.py -->`.

A row is named by the command callgrind ran (its `cmd:` line: the game,
edition, expansions, players and bots of `sevenw sim`), and its figure is
the file's total instruction count (its `totals:` line, or `summary:` in a
file without one; the `Ir` event) divided by `--games`. Python 3 standard
library only.
"""

import argparse
import os
import shlex
import sys

# The rows of the table, in its order: (sim arguments, players, [(bots,
# games)]). A run's games are few for greedy bots, which are slower.
GAMES = [
    ["--game", "base"],
    ["--game", "base", "--with", "leaders"],
    ["--game", "base", "--with", "edifice"],
    ["--game", "base", "--with", "leaders,edifice"],
    ["--game", "base", "--edition", "2"],
    ["--game", "base", "--edition", "2", "--with", "leaders"],
    ["--game", "base", "--edition", "2", "--with", "edifice"],
    ["--game", "base", "--edition", "2", "--with", "leaders,edifice"],
]
ROWS = [(g, p, [("random", 100), ("greedy", 10)]) for g in GAMES for p in (3, 7)]
ROWS.append((["--game", "duel"], 2, [("random", 300), ("greedy", 20)]))
ROWS.append((["--game", "duel", "--with", "pantheon"], 2, [("random", 300), ("greedy", 20)]))
ROWS += [(["--game", "architects"], p, [("random", 200), ("greedy", 5)]) for p in (3, 7)]

BEGIN, END = "<!-- table.py -->", "<!-- /table.py -->"


def option(args, name, default=None):
    """The value of `name` in `args` (`--name VALUE` or `--name=VALUE`)."""
    for i, a in enumerate(args):
        if a == name and i + 1 < len(args):
            return args[i + 1]
        if a.startswith(name + "="):
            return a[len(name) + 1:]
    return default


def label(args):
    """A row's game, in the table's words: `base, second edition, with
    Leaders and Edifice`."""
    game = option(args, "--game", "")
    expansions = [e.strip().capitalize() for e in option(args, "--with", "").split(",") if e.strip()]
    if game != "base":
        name = {"duel": "Duel", "architects": "Architects"}.get(game, game)
        return ", with ".join([name, " and ".join(expansions)]) if expansions else name
    edition = option(args, "--edition", "1")
    words = ["base", {"1": "first edition", "2": "second edition"}.get(edition, "edition " + edition)]
    if expansions:
        words.append("with " + " and ".join(expansions))
    return ", ".join(words)


def row_key(args):
    """What names a row: its game, players and bots."""
    game = option(args, "--game", "")
    players = option(args, "--players", "2" if game == "duel" else "?")
    return (label(args), players, option(args, "--bots", "greedy"))


def read_callgrind(path):
    """(the command's arguments after `sim`, total instructions) of one
    callgrind output file."""
    cmd, events, totals, summaries = None, ["Ir"], [], []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("cmd:"):
                cmd = line[4:].strip()
            elif line.startswith("events:"):
                events = line[7:].split()
            elif line.startswith("totals:"):
                totals.append(line[7:].split())
            elif line.startswith("summary:"):
                summaries.append(line[8:].split())
    if cmd is None:
        raise ValueError(f"{path}: no `cmd:` line: not a callgrind output file")
    counts = totals or summaries
    if not counts:
        raise ValueError(f"{path}: no `totals:` or `summary:` line")
    if "Ir" not in events:
        raise ValueError(f"{path}: no `Ir` event (events: {' '.join(events)})")
    ir = events.index("Ir")
    # A file of several parts (`--combine-dumps=yes`) has a total per part.
    total = sum(int(c[ir]) for c in counts)
    words = shlex.split(cmd)
    if "sim" not in words:
        raise ValueError(f"{path}: `{cmd}` is not a `sevenw sim` run")
    return words[words.index("sim") + 1:], total


def table(paths):
    """The Markdown table of the runs in `paths`, in the table's order
    (runs of rows it does not list after them)."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, n) for n in os.listdir(p))
        else:
            files.append(p)
    found = {}
    for path in files:
        args, total = read_callgrind(path)
        games = int(option(args, "--games", "0"))
        if games <= 0:
            raise ValueError(f"{path}: the run has no `--games`")
        found[row_key(args)] = total / games
    order = [row_key(g + ["--players", str(p), "--bots", b]) for g, p, runs in ROWS for b, _ in runs]
    keys = [k for k in order if k in found] + sorted(k for k in found if k not in order)
    lines = ["| game | players | bots | instructions per game |", "|---|---|---|---|"]
    for game, players, bots in keys:
        per_game = found[(game, players, bots)]
        lines.append(f"| {game} | {players} | {bots} | {round(per_game / 1000):,} k |")
    return "\n".join(lines) + "\n"


def write(readme, text):
    """`readme` with the lines between the markers replaced by `text`."""
    with open(readme, encoding="utf-8") as f:
        doc = f.read()
    start, end = doc.find(BEGIN + "\n"), doc.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{readme}: no `{BEGIN}` … `{END}` lines")
    start += len(BEGIN) + 1
    with open(readme, "w", encoding="utf-8") as f:
        f.write(doc[:start] + text + doc[end:])


def commands(out, sevenw):
    """The valgrind command of every row, writing into `out`."""
    lines = [f"mkdir -p {shlex.quote(out)}"]
    for game, players, runs in ROWS:
        for bots, games in runs:
            args = game + ["--players", str(players), "--bots", bots, "--games", str(games)]
            args += ["--seed", "1", "--threads", "1"]
            name = "-".join(a.lstrip("-").replace(",", "+") for a in game[1:] + [str(players), bots])
            target = os.path.join(out, name + ".out")
            lines.append(
                f"valgrind --tool=callgrind --callgrind-out-file={shlex.quote(target)} "
                + " ".join(shlex.quote(a) for a in [sevenw, "sim"] + args)
            )
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("commands", help="print the valgrind command of every row")
    c.add_argument("--out", default="target/callgrind", help="where callgrind writes")
    c.add_argument("--sevenw", default="target/release/sevenw", help="the binary measured")
    t = sub.add_parser("table", help="print the table from callgrind output files")
    t.add_argument("paths", nargs="+", help="callgrind output files, or folders of them")
    t.add_argument("--write", metavar="README", help="put the table in README instead")
    a = parser.parse_args()
    try:
        if a.what == "commands":
            sys.stdout.write(commands(a.out, a.sevenw))
        elif a.write:
            write(a.write, table(a.paths))
        else:
            sys.stdout.write(table(a.paths))
    except (OSError, ValueError) as e:
        sys.exit(f"table.py: {e}")


if __name__ == "__main__":
    main()

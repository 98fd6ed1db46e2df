#!/usr/bin/env python3
"""Writes a valid card set of N cards for timing `sevenc check` and `gen`.

    python3 compiler/benches/big_set.py 20000 /tmp/big20k
    sevenc check /tmp/big20k && sevenc gen /tmp/big20k -o /tmp/big20k.rs

The folder is a game of its own (named as the folder, extending nothing): the base
game's vocabulary, Age decks and wonders, copied from `cards/base`, plus
guilds (purple, Age III: n + 2 are drawn, so any number of them keeps the
decks valid) with varied costs and effects in the base game's language, up
to N cards in all. The same N always writes the same files.
"""

import pathlib
import random
import re
import shutil
import sys

BASE = pathlib.Path(__file__).resolve().parent.parent.parent / "cards" / "base"

RAW = ["wood", "stone", "clay", "ore"]
MANUFACTURED = ["glass", "loom", "papyrus"]
COLOURS = ["brown", "grey", "blue", "yellow", "green", "red", "purple"]
SCOPES = ["self", "neighbours", "left", "right", "left, self and right"]
SYMBOLS = ["compass", "gear", "tablet"]
ADJECTIVES = ["Amber", "Brass", "Cedar", "Dusk", "Ember", "Flint", "Granite",
              "Harbour", "Ivory", "Jade", "Lantern", "Marble", "Northern",
              "Obsidian", "Pearl", "Quarry", "River", "Salt", "Tidal", "Umber"]
NOUNS = ["Masons", "Weavers", "Scribes", "Smiths", "Sailors", "Potters",
         "Archers", "Brewers", "Carvers", "Dyers", "Glaziers", "Heralds",
         "Jesters", "Keepers", "Lawyers", "Millers", "Oarsmen", "Pilots"]


def effect(rng: random.Random) -> str:
    """One to three clauses from the base game's words and triggers."""
    def clause() -> str:
        kind = rng.randrange(9)
        n = rng.randint(1, 4)
        if kind == 0:
            return "produce " + " or ".join(rng.sample(RAW, rng.randint(1, 3)))
        if kind == 1:
            return "produce " + " or ".join(rng.sample(MANUFACTURED, rng.randint(1, 2)))
        if kind == 2:
            colours = rng.sample(COLOURS, rng.randint(1, 3))
            listed = colours[0] if len(colours) == 1 else \
                ", ".join(colours[:-1]) + " or " + colours[-1]
            unit = rng.choice(["vp", "coin" if n == 1 else "coins"])
            return f"gain {n} {unit} per {listed} card in {rng.choice(SCOPES)}"
        if kind == 3:
            return f"gain {n} vp per wonder stage in {rng.choice(SCOPES)}"
        if kind == 4:
            return f"gain {n} vp per defeat token in {rng.choice(SCOPES)}"
        if kind == 5:
            return "science " + " or ".join(rng.sample(SYMBOLS, rng.randint(1, 3)))
        if kind == 6:
            side = rng.choice(["left", "right", "neighbours"])
            return f"trade {rng.choice(['raw', 'manufactured'])} at 1 from {side}"
        if kind == 7:
            return f"gain {n} shield" + ("s" if n > 1 else "")
        return f"gain {n} {'coin' if n == 1 else 'coins'}; gain {n + 1} vp"

    clauses = [clause() for _ in range(rng.randint(1, 3))]
    if rng.randrange(4) == 0:
        clauses.append(f"at game end: gain {rng.randint(1, 5)} vp")
    if rng.randrange(10) == 0:
        clauses.append("once per age: build a card from your hand for free")
    return "; ".join(clauses)


def cost(rng: random.Random) -> str:
    parts = []
    for r in rng.sample(RAW + MANUFACTURED, rng.randint(1, 4)):
        k = rng.randint(1, 3)
        parts.append(f"{k} {r}" if k > 1 else r)
    return ", ".join(parts)


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: big_set.py N FOLDER")
    total, out = int(sys.argv[1]), pathlib.Path(sys.argv[2])
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    base_cards = 0
    for f in sorted(BASE.glob("*.yaml")):
        text = f.read_text()
        if f.name == "game.yaml":
            text = re.sub(r"^game: base$", f"game: {out.name}", text, flags=re.M)
            text = re.sub(r"^title: .*$", "title: Big", text, flags=re.M)
        elif f.name != "wonders.yaml":
            base_cards += len(re.findall(r"^  - name:", text, flags=re.M))
        (out / f.name).write_text(text)
    rng = random.Random(total)
    lines = ["# Written by compiler/benches/big_set.py.", "age: 3", "cards:"]
    for i in range(max(0, total - base_cards)):
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} Guild {i + 1}"
        lines.append(f"  - name: {name}")
        lines.append("    colour: purple")
        if rng.randrange(5):
            lines.append(f"    cost: {cost(rng)}")
        lines.append(f"    effect: \"{effect(rng)}\"")
    (out / "many.yaml").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

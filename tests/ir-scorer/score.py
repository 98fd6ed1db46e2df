#!/usr/bin/env python3
"""A second scorer of 7 Wonders city sheets, from the exported IR alone.

It reads the JSON export of the card data (`sevenc gen --format json
--out-dir DIR`: one FAMILY.json per game family, schemas/IR.md) and a city
sheet, and scores the sheet as `sevenw score --json` does, category by
category. Nothing here knows a card, a wonder or an effect by name: every
point comes from the effects the IR gives (events, operations, counters,
conditions, choices). What it knows are the rules of each family's game
(base, Duel, Architects: the military tokens or track, coins to
treasury, the science sets, supremacies, tie-breaks), cited by rulebook
section below.

  score.py EXPORT_DIR SHEET.yaml         print the score as JSON
  score.py --compare EXPORT_DIR CASES    CASES: JSON lines {"sheet": text,
                                         "score": sevenw's JSON}; compares
                                         every case, category by category

Standard library only (sheets are read by the small YAML reader of
`sheet_yaml.py`, beside it, which knows the subset sheets are written in).
"""

import itertools
import json
import os
import sys

# The sheet reader beside this file, imported without leaving compiled
# files in the repository.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sheet_yaml import read_yaml  # noqa: E402

# ------------------------------------------------------------ the card data


class Refused(Exception):
    """A sheet this scorer cannot read (an unknown name, a game not exported)."""


def load_family(export_dir, game):
    """The export holding `game` (by file: FAMILY.json in `export_dir`)."""
    import glob
    import os

    for path in sorted(glob.glob(os.path.join(export_dir, "*.json"))):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        # Version 2 only added `text`, which scoring does not read; version 3
        # named the calls of the word table, whose nodes read as before, and
        # new calls come without a version: this scorer ignores every call
        # it does not score (they act during play; a sheet gives their
        # results), which the comparison with `sevenw score` checks.
        # Version 4 added `took_colours`, which scoring does not read;
        # version 5 `with` and `automatic` (absent before: none, false);
        # version 6 a kind of token's `points` as a list (one number, or
        # one per Age), read here as a list whichever version wrote it;
        # version 8 `per_age` of coins (absent before: false), the count
        # `victory_tokens_of_age` and a free build's `colours`, which
        # scoring does not read; version 9 the counts `resources` and
        # `stage_colour`; version 10 `ongoing` of shields, which scoring
        # does not read (shields act during play); version 11 `words`, the
        # effects in plain words; version 15 a kind's `board_discount` and
        # `as_coins`, which scoring does not read (they act during play;
        # coins held apart score as their kind's tokens, not as coins);
        # version 16 a senate (its chambers scored, `senate_of`), schemes,
        # costs per card and effects on any player's build, a discard or
        # the draft, which scoring does not read; version 17
        # `military_tokens`, which scoring does not read (they act during
        # play); version 18 draws of several colours and of no Age, and
        # figures lent by the sets played with, which scoring does not
        # read (they act at the deal).
        if doc.get("ir_version") not in range(1, 19):
            raise Refused(f"{path}: ir_version {doc.get('ir_version')}, this scorer reads 1 to 18")
        for g in doc["games"]:
            for t in g.get("tokens") or []:
                if isinstance(t["points"], int):
                    t["points"] = [t["points"]]
                t.setdefault("negative", False)
        if any(g["name"] == game and g["extends"] is None for g in doc["games"]):
            return doc
    raise Refused(f"no export holds the game `{game}`")


def tag(node):
    """An externally tagged enum value: (variant, content or None)."""
    if isinstance(node, str):
        return node, None
    (k, v), = node.items()
    return k, v


def combination(doc, name, edition, with_):
    """The expansions of `name` in play with those named `with_`, in the
    family's order: of an expansion of several editions, the one that
    plays with `edition` of the game (`editions`, empty for every one); one
    played with others (`with`) needs them; one marked `automatic` joins
    every game playing all it is played with; an expansion comes after
    those it is played with, then by name."""
    exps = {g["name"]: g for g in doc["games"] if g["extends"] == name
            and (not g.get("editions") or edition in g["editions"])}
    chosen = [n for n in with_ if n in exps]
    for n in chosen:
        missing = [w for w in exps[n].get("with") or [] if w not in chosen]
        if missing:
            raise Refused(f"`{n}` is played only with {', '.join(missing)}")
    grew = True
    while grew:
        joins = [n for n, g in exps.items()
                 if g.get("automatic") and n not in chosen
                 and all(w in chosen for w in g.get("with") or [])]
        chosen += joins
        grew = bool(joins)

    def depth(n, guard=0):
        needs = [w for w in exps[n].get("with") or [] if w in exps]
        if not needs or guard > len(exps):
            return 0
        return 1 + max(depth(w, guard + 1) for w in needs)

    return [exps[n] for n in sorted(chosen, key=lambda n: (depth(n), n))]


class Pool:
    """The games of one sheet: a game (one edition) and its expansions."""

    def __init__(self, doc, sheet):
        name = sheet.get("game")
        edition = sheet.get("edition") or 1
        with_ = [e.lower() for e in sheet.get("expansions") or []]
        base = [g for g in doc["games"] if g["name"] == name and g["extends"] is None]
        first = [g for g in base if g["edition"] == edition]
        if not first:
            raise Refused(f"{name} has no edition {edition}")
        self.games = first + combination(doc, name, edition, with_)
        self.info = self.games[-1]
        self.cards = [c for g in self.games for c in g["cards"]]
        self.wonders = [w for g in self.games for w in g["wonders"]]
        self._cards = self._wonders = None
        # Indices are family-wide: an expansion's lists hold the game's
        # entries, then those of the expansions before it, then its own
        # (from `own`); the categories in play are the game's and each
        # expansion's own.
        cats = list(self.games[0]["categories"])
        in_play = set(range(len(cats)))
        for g in self.games[1:]:
            if len(g["categories"]) > len(cats):
                cats = list(g["categories"])
            in_play |= set(range(g["own"][2], len(g["categories"])))
        self.categories = cats
        self.projects = next((g["projects"] for g in self.games if g["projects"]), None)
        # The kinds of token (version 5), family-wide: the longest list.
        self.tokens = max((g.get("tokens") or [] for g in self.games), key=len)
        self.ages = self.games[0]["ages"]
        self.in_play = sorted(i for i in in_play if i < len(cats))

    def category(self, name):
        return self.categories.index(name)

    @staticmethod
    def _index(items):
        """Names and aliases, any case, to the first item bearing them."""
        index = {}
        for item in items:
            for n in [item["name"]] + item["aliases"]:
                index.setdefault(n.lower(), item)
        return index

    def card(self, name):
        if self._cards is None:
            self._cards = self._index(self.cards)
        found = self._cards.get(str(name).lower())
        if found is None:
            raise Refused(f"no card `{name}`")
        return found

    def wonder(self, name):
        if self._wonders is None:
            self._wonders = self._index(self.wonders)
        found = self._wonders.get(str(name).lower())
        if found is None:
            raise Refused(f"no wonder `{name}`")
        return found


# ---------------------------------------------------------------- the cities


class City:
    def __init__(self, pool, wonder, side):
        self.pool = pool
        self.side = side
        self.stages = 0
        self.cards = []
        self.colours = {}
        self.coins = 0
        self.victories = 0
        self.defeats = 0
        self.conflict_vp = 0
        self.wins = {}
        self.vp = {}
        self.science = [0] * len(pool.info["symbols"])
        self.wild = []
        self.science_rules = []
        self.copies = []
        self.entombed_vp = 0
        self.tokens = [0] * len(pool.tokens)
        self.progress = []
        self.cats = 0
        self.symbols = {}
        # The colour under each stage whose card is face up, by stage.
        self.under = {}
        # Sources with the option chosen for each: (effects, option).
        self.sources = [(side["board"], 0)]

    def place(self, card):
        self.cards.append(card)
        self.colours[card["colour"]] = self.colours.get(card["colour"], 0) + 1
        # Its resource symbols (version 9, `resources`): each unit its
        # production gives when built, one of each option of a choice (a
        # `one of` at its first option).
        for e in card["effects"]:
            kind, op = tag(e["op"])
            if tag(e["on"])[0] == "built" and kind == "produce" and e["option"] in (None, 0):
                for r in op["options"]:
                    key = (card["colour"], r)
                    self.symbols[key] = self.symbols.get(key, 0) + op["amount"]

    def count(self, what):
        kind, arg = tag(what)
        if kind == "cards":
            return sum(self.colours.get(c, 0) for c in arg)
        if kind == "wonder_stages":
            return self.stages
        if kind == "defeat_tokens":
            return self.defeats
        if kind == "victory_tokens":
            return self.victories
        if kind == "victory_tokens_of_age":
            # A token is known by its points: Age N's is worth 2N - 1.
            return self.wins.get(2 * arg - 1, 0)
        if kind == "coins":
            return max(self.coins, 0)
        if kind == "colour_sets":
            return min((self.colours.get(c, 0) for c in arg), default=0)
        if kind == "paired_victory_points":
            return sum(vp * (n // 2) for vp, n in self.wins.items())
        if kind == "finished_wonders":
            n = len(self.side["stages"])
            return int(n > 0 and self.stages >= n)
        if kind == "colours":
            return sum(1 for c in arg if self.colours.get(c, 0) > 0)
        if kind == "cats":
            return self.cats
        if kind == "progress_tokens":
            return len(self.progress)
        if kind == "token":
            return self.progress.count(arg)
        if kind == "tokens":
            return max(held_count(self.tokens[arg]), 0) if arg < len(self.tokens) else 0
        if kind == "resources":
            return sum(self.symbols.get((c, r), 0) for c in arg["colours"] for r in arg["resources"])
        raise Refused(f"count of {kind}")

    def elsewhere(self, what):
        """`what` as this city counts it in every city: the colour under
        one of its stages (version 9, `stage_colour`) is the cards of that
        colour, None while the stage shows none."""
        kind, arg = tag(what)
        if kind != "stage_colour":
            return what
        colour = self.under.get(arg)
        return None if colour is None else {"cards": [colour]}


class Table:
    """Seat offsets (`seats` in the IR): 0 the city itself, 1 its left
    neighbour, -1 its right one (the sheet lists players clockwise, the left
    neighbour next)."""

    def __init__(self, cities, ages):
        self.cities = cities
        self.ages = ages

    def at(self, seat, off):
        n = len(self.cities)
        return None if abs(off) >= max(n, 1) else self.cities[(seat + off) % n]

    def count(self, seat, what, seats):
        what = self.cities[seat].elsewhere(what)
        if what is None:
            return 0
        return sum(c.count(what) for c in (self.at(seat, o) for o in seats) if c)

    def count_most(self, seat, what, seats):
        what = self.cities[seat].elsewhere(what)
        if what is None:
            return 0
        return max((c.count(what) for c in (self.at(seat, o) for o in seats) if c), default=0)

    def counter(self, seat, per):
        f = self.count_most if per["most"] else self.count
        n = f(seat, per["what"], per["seats"])
        return n // per["divisor"] if per["divisor"] > 1 else n

    def holds(self, seat, cond):
        if cond is None:
            return True
        kind, c = tag(cond)
        mine = self.count(seat, c["what"], [0])
        if kind == "more":
            return all(mine > self.count(seat, c["what"], [o]) for o in c["seats"])
        if kind == "exactly":
            return mine == c["n"]
        return mine >= c["n"]

    def amount(self, seat, op):
        n = op["n"]
        if op.get("per_age"):
            # At scoring the Age is the last one.
            n *= self.ages
        return n * self.counter(seat, op["per"]) if op["per"] else n


class Score:
    """What the effects run at scoring add to a city (the runtime's ScoreHost)."""

    def __init__(self, city):
        self.vp = dict(city.vp)
        self.coins = city.coins
        self.science = list(city.science)
        self.wild = list(city.wild)
        self.rules = list(city.science_rules)
        self.copies = []


def run(table, seat, effects, option, on, out, rebuild, copied=None):
    """Runs the effects of one source on event `on` for the city at `seat`,
    into `out` (a City when rebuilding it from the sheet, else a Score);
    `copied`: the stages copied since the source was built (a loop of
    copies copies each once)."""
    copied = set() if copied is None else copied
    for e in effects:
        if tag(e["on"])[0] != on:
            continue
        if e["option"] is not None and e["option"] != option:
            continue
        kind, op = tag(e["op"])
        if kind == "vp":
            if table.holds(seat, op["cond"]):
                c = op["category"]
                out.vp[c] = out.vp.get(c, 0) + table.amount(seat, op)
        elif kind == "coins":
            # Coins paid out while rebuilding are not added: the sheet
            # gives the coins as they are.
            if not rebuild and table.holds(seat, op["cond"]):
                out.coins += table.amount(seat, op)
        elif kind == "science":
            syms = op["options"]
            if len(syms) == 1:
                out.science[syms[0]] += 1
            else:
                out.wild.append(syms)
        elif kind == "science_rule":
            (out.science_rules if rebuild else out.rules).append(op)
        elif kind == "take_cat":
            # A card showing the cat: its icon counts while it is held
            # (the figure itself is the sheet's `cat`).
            if rebuild:
                out.cats += 1
        elif kind == "copy":
            (out.copies).append(op)
        elif kind == "copy_stage":
            # Stage N of the side the city at `seat` plays, copied as if
            # this city had built it (cities-facts.md §10.3, Manneken Pis):
            # one of its sources, its built effects run with its first
            # option; a side without that stage gives nothing. Cities are
            # rebuilt from their stages: scoring copies nothing.
            other = table.at(seat, op["seat"]) if rebuild else None
            stages = other.side["stages"] if other else []
            i = op["stage"] - 1
            if 0 <= i < len(stages) and id(stages[i]) not in copied:
                copied.add(id(stages[i]))
                out.sources.append((stages[i]["effects"], 0))
                run(table, seat, stages[i]["effects"], 0, "built", out, True, copied)
        # Every other operation acts during play (production, trade,
        # shields, free builds…): a sheet gives its results.


# --------------------------------------------------- the base game's scoring
#
# 7 Wonders, first edition rulebook (Spanish), "Fin del juego": the points of
# every category are summed, the most points win, then the most coins. The
# categories are the game's (`categories` in the IR); what the effects give
# is counted by the effects, what the rules give by these constants:
# "Fin de una era": the conflict tokens (+1/+3/+5, -1) are on the sheet as
# their values; the treasury scores 1 point per 3 coins; a science symbol
# scores its count squared, and each set of the game's symbols 7 more
# (the base rulebook's "Tarjetas verdes"; Leaders, second edition, "símbolos
# científicos idénticos", keeps the rule for larger counts).
SCIENCE_SET = 7


def science(counts, wild, set_bonus, rules):
    """The best science score: each wildcard (a symbol "or" another) and each
    science rule of Leaders' cards chosen for the most points; also the
    counts reached (for a larger set bonus, scored apart)."""
    n = len(counts)
    best = (-1, counts)
    changes = sum(1 for r in rules if tag(r)[0] == "change")
    copies = sum(1 for r in rules if tag(r)[0] == "copy_most")

    def points(c):
        return sum(x * x for x in c) + set_bonus * (min(c) if c else 0)

    def after_change(c, k):
        if k == 0:
            yield list(c)
            return
        seen = set()
        for i in range(n):
            if c[i] == 0:
                continue
            for j in range(n):
                d = list(c)
                d[i] -= 1
                d[j] += 1
                key = tuple(d)
                if key in seen:
                    continue
                seen.add(key)
                yield from after_change(d, k - 1)

    for changed in after_change(list(counts), changes):
        for pick in itertools.product(*wild) if wild else [()]:
            c = list(changed)
            for s in pick:
                c[s] += 1
            for _ in range(copies):
                m = max(range(n), key=lambda i: (c[i], -i))
                c[m] += 1
            p = points(c)
            if p > best[0]:
                best = (p, c)
    return best


def base_cities(pool, sheet):
    players = sheet["players"]
    cities = []
    for p in players:
        w = pool.wonder(p["wonder"])
        side = w["sides"][0]
        if p.get("side") is not None:
            want = str(p["side"]).lower()
            found = [s for s in w["sides"] if s["name"].lower() == want]
            if not found:
                raise Refused(f"{w['name']} has no side {p['side']}")
            side = found[0]
        cities.append(City(pool, w, side))
    table = Table(cities, pool.ages)
    for seat, (p, city) in enumerate(zip(players, cities)):
        run(table, seat, city.side["board"], 0, "built", city, True)
        options = list(p.get("options") or [])
        under = list(p.get("under") or [])
        # How many, from the first, or the numbers of those built (a side
        # whose stages have levels is built in any order within a level).
        stages = p.get("stages") or 0
        stages = sorted(n - 1 for n in stages) if isinstance(stages, list) else range(stages)
        for i in stages:
            stage = city.side["stages"][i]
            n = max((e["option"] for e in stage["effects"] if e["option"] is not None), default=-1) + 1
            o = (options.pop(0) - 1) if n and options else 0
            if shows_colour(stage, i):
                if not under:
                    raise Refused(f"stage {i + 1} needs its colour in `under`")
                colours = [c.lower() for c in pool.games[-1]["colours"]]
                city.under[i] = colours.index(str(under.pop(0)).lower())
            city.stages += 1
            city.sources.append((stage["effects"], o))
            run(table, seat, stage["effects"], o, "built", city, True)
        for entry in list(p.get("cards") or []) + list(p.get("leaders") or []):
            name, o = built(entry)
            card = pool.card(name)
            city.place(card)
            city.sources.append((card["effects"], o))
            run(table, seat, card["effects"], o, "built", city, True)
    # Edifice ("Recompensa"): a completed project's reward is the project
    # card's effects, run for every city holding a pawn of its Age.
    for entry in sheet.get("projects") or []:
        if isinstance(entry, dict) and entry.get("completed"):
            card = pool.card(entry["name"])
            for seat, p in enumerate(players):
                if card["age"] in (p.get("pawns") or []):
                    table.cities[seat].sources.append((card["effects"], 0))
                    run(table, seat, card["effects"], 0, "built", table.cities[seat], True)
    age = sheet.get("age") or pool.ages
    for p, city in zip(players, cities):
        # Leaders (Abu Simbel): a leader entombed scores twice its cost in
        # coins in the Age it was entombed, under the wonder.
        for e in p.get("entombed") or []:
            name, a = (e["name"], e.get("age", age)) if isinstance(e, dict) else (e, age)
            cost = pool.card(name)["cost"]
            city.entombed_vp += min(2 * (cost["coins"] + cost["coins_per_age"] * a), 1000)
        city.coins = p.get("coins") if p.get("coins") is not None else 0
        held_tokens(pool, city, p)
        for v in p.get("conflict") or []:
            city.conflict_vp += v
            if v < 0:
                city.defeats += 1
            else:
                city.victories += 1
                city.wins[v] = city.wins.get(v, 0) + 1
    return table


def shows_colour(stage, i):
    """Whether the effects of stage `i` count the cards of the colour
    under it (version 9, `stage_colour`): its card is then face up, and a
    sheet gives the colour in `under`."""
    def own(what):
        return tag(what) == ("stage_colour", i)

    for e in stage["effects"]:
        kind, op = tag(e["op"])
        if not isinstance(op, dict):
            continue
        per, cond = op.get("per"), op.get("cond")
        if per and own(per["what"]):
            return True
        if cond and own(tag(cond)[1]["what"]):
            return True
        if any(isinstance(v, dict) and len(v) == 1 and own(v) for v in op.values()):
            return True
    return False


def held_tokens(pool, city, p):
    """The kinds of token the card sets declare (`tokens:`), as a player of
    a sheet holds them by name: a count (`{debt: 2}`), or for a kind scored
    by Age (version 6: `points` lists one number per Age) each token's
    points (`{penalty: [-2, -5]}`, Edifice's debt)."""
    for name, n in (p.get("tokens") or {}).items():
        name = str(name).strip().lower()
        for suffix in (" tokens", " token"):
            if name.endswith(suffix):
                name = name[: -len(suffix)]
        kinds = [t["name"] for t in pool.tokens]
        if name not in kinds:
            raise Refused(f"no kind of token {name}")
        kind = pool.tokens[kinds.index(name)]
        if len(kind["points"]) > 1:
            if not isinstance(n, list) or any(v not in kind["points"] for v in n):
                raise Refused(f"{name}: each token's points, one of {kind['points']}")
        elif not isinstance(n, int) or (n < 0 and not kind["negative"]):
            raise Refused(f"{name}: a count")
        city.tokens[kinds.index(name)] = n


def held_count(n):
    """How many tokens a kind's holding is: a count, or a list of points."""
    return len(n) if isinstance(n, list) else n


def token_points(pool, city, points):
    """Each kind of token scores its points per token held, in its category
    (a kind scored by Age: each token the points of its Age)."""
    for t, n in zip(pool.tokens, city.tokens):
        points[t["category"]] += sum(n) if isinstance(n, list) else t["points"][0] * n


def score_city(pool, table, seat, copied):
    city = table.cities[seat]
    out = Score(city)
    for effects, option in city.sources:
        run(table, seat, effects, option, "game_end", out, False)
    for card in copied:
        run(table, seat, card["effects"], 0, "built", out, False)
        run(table, seat, card["effects"], 0, "game_end", out, False)
    cat = pool.category
    points = {c: 0 for c in range(len(pool.categories))}
    for c, v in out.vp.items():
        points[c] = points.get(c, 0) + v
    points[cat("military")] += city.conflict_vp
    points[cat("treasury")] += max(out.coins, 0) // 3
    points[cat("wonder")] += city.entombed_vp
    extra = sum(tag(r)[1]["vp"] for r in out.rules if tag(r)[0] == "set_bonus")
    sci, counts = science(out.science, out.wild, SCIENCE_SET + extra, out.rules)
    sets = min(counts) if counts else 0
    for r in out.rules:
        kind, b = tag(r)
        if kind == "set_bonus":
            bonus = b["vp"] * sets
            sci -= min(bonus, sci)
            points[b["category"]] += bonus
    points[cat("science")] += sci
    token_points(pool, city, points)
    total = sum(points[c] for c in pool.in_play)
    return points, total, out


def score_base(pool, sheet):
    table = base_cities(pool, sheet)
    results = []
    for seat, city in enumerate(table.cities):
        chosen = []
        # One card is copied once; the same card in two cities is two
        # cards (each candidate kept with the seat holding it).
        taken = []
        abilities = list(city.copies) + list(score_city(pool, table, seat, [])[2].copies)
        for ab in abilities:
            best = None
            cands, seen = [], set()
            for off in ab["seats"]:
                at = (seat + off) % len(table.cities)
                other = table.at(seat, off)
                for c in other.cards if other else []:
                    if c["colour"] in ab["colours"] and (at, c["name"]) not in seen:
                        seen.add((at, c["name"]))
                        cands.append((at, c["name"], c))
            for at, name, c in cands:
                if (at, name) in taken:
                    continue
                t = score_city(pool, table, seat, chosen + [c])[1]
                if best is None or t > best[0]:
                    best = (t, (at, name), c)
            if best:
                chosen.append(best[2])
                taken.append(best[1])
        points, total, out = score_city(pool, table, seat, chosen)
        results.append((points, total, out.coins))
    return results


# ------------------------------------------------------------ Duel's scoring
#
# 7 Wonders Duel rulebook (Spanish): "Victoria civil": the points of the
# cards, wonders and progress tokens (their effects), of the conflict
# track's zone the pawn stands in (`conflict` in the IR: its zones and
# capital), 1 per 3 coins of the treasury; the most points win, then the
# most civilian (blue) points. "Supremacía militar": the pawn in a capital
# wins at once; "Supremacía científica": 6 different science symbols
# ("Hay 7 símbolos científicos distintos") win at once.
DUEL_COINS_PER_VP = 3
DUEL_SCIENCE_SUPREMACY = 6


def built(entry):
    """A sheet's entry of something built or taken: its name and the option
    chosen (from 0), written `{name, option}` (from 1) when it offered a
    choice (`one of`)."""
    if isinstance(entry, dict):
        return entry["name"], entry["option"] - 1
    return entry, 0


def senate_of(pool, sheet):
    """The senate in play (Agora's, duel-expansions-facts.md §2.5) and
    each chamber's controller: the seat with strictly more cubes in it
    (None on a tie, 0-0 too), from the sheet's `influence` lists."""
    senate = next((g["senate"] for g in pool.games if g.get("senate")), None)
    if senate is None:
        return None, []
    cubes = []
    for p in sheet["players"]:
        row = list(p.get("influence") or [])
        cubes.append(row + [0] * (len(senate["chambers"]) - len(row)))
    control = []
    for c in range(len(senate["chambers"])):
        a, b = cubes[0][c], cubes[1][c]
        control.append(0 if a > b else 1 if b > a else None)
    return senate, control


def duel_cities(pool, sheet):
    players = sheet["players"]
    cities = [City(pool, None, {"board": [], "stages": []}) for _ in players]
    table = Table(cities, pool.ages)
    tokens = [t for g in pool.games for t in g["progress"]]
    for seat, (p, city) in enumerate(zip(players, cities)):
        city.progress = []
        for entry in p.get("cards") or []:
            name, o = built(entry)
            card = pool.card(name)
            city.place(card)
            city.sources.append((card["effects"], o))
            run(table, seat, card["effects"], o, "built", city, True)
        for entry in p.get("wonders") or []:
            name, o = built(entry)
            w = pool.wonder(name)
            stage = w["sides"][0]["stages"][0]
            city.stages += 1
            city.sources.append((stage["effects"], o))
            run(table, seat, stage["effects"], o, "built", city, True)
        for entry in p.get("progress") or []:
            name, o = built(entry)
            low = str(name).lower()
            found = [i for i, t in enumerate(tokens)
                     if t["name"].lower() == low or low in (a.lower() for a in t["aliases"])]
            if not found:
                raise Refused(f"no progress token `{name}`")
            city.progress.append(found[0])
            city.sources.append((tokens[found[0]]["effects"], o))
            run(table, seat, tokens[found[0]]["effects"], o, "built", city, True)
    # A decree's effects are its chamber's controller's (§2.5), those
    # under another's too (`decrees_under`, §2.7 item 15).
    _, control = senate_of(pool, sheet)
    laid = [[name] for name in sheet.get("decrees") or []]
    for c, names in enumerate(sheet.get("decrees_under") or []):
        laid[c] += names
    for c, names in enumerate(laid):
        seat = control[c] if c < len(control) else None
        for name in names:
            if name is None or seat is None:
                continue
            card = pool.card(name)
            cities[seat].sources.append((card["effects"], 0))
            run(table, seat, card["effects"], 0, "built", cities[seat], True)
    for p, city in zip(players, cities):
        city.coins = p.get("coins") if p.get("coins") is not None else 0
        held_tokens(pool, city, p)
        # The opponent's cards whose science symbol the city counts too
        # (`copies`: the Pantheon's Nisaba, duel-expansions-facts.md §1.6),
        # for supremacy: each card's symbol once.
        for name in p.get("copies") or []:
            for e in pool.card(name)["effects"]:
                kind, op = tag(e["op"])
                if tag(e["on"])[0] == "built" and kind == "science" and len(op["options"]) == 1:
                    city.science[op["options"][0]] += 1
    return table


def score_duel(pool, sheet):
    table = duel_cities(pool, sheet)
    conflict = pool.games[0]["conflict"]
    pawn = sheet.get("conflict") or 0
    results = []
    for seat, city in enumerate(table.cities):
        out = Score(city)
        for effects, option in city.sources:
            run(table, seat, effects, option, "game_end", out, False)
        points = {c: 0 for c in range(len(pool.categories))}
        for c, v in out.vp.items():
            points[c] = points.get(c, 0) + v
        mine = pawn if seat == 0 else -pawn
        zone = [vp for start, vp in conflict["zones"] if mine > 0 and mine >= start]
        points[pool.category("military")] += zone[-1] if zone else 0
        points[pool.category("treasury")] += max(out.coins, 0) // DUEL_COINS_PER_VP
        senate, control = senate_of(pool, sheet)
        if senate is not None:
            points[senate["category"]] += sum(
                vp for vp, s in zip(senate["chambers"], control) if s == seat)
        token_points(pool, city, points)
        total = sum(points[c] for c in pool.in_play)
        results.append((points, total, city.coins))
    names = [p["name"] for p in sheet["players"]]
    civ = pool.category("civilian")
    if conflict["capital"] > 0 and abs(pawn) >= conflict["capital"]:
        victory, winners = "military", [names[0 if pawn > 0 else 1]]
    else:
        science = [s for s, c in enumerate(table.cities)
                   if sum(1 for n in c.science if n > 0) >= DUEL_SCIENCE_SUPREMACY]
        senate, control = senate_of(pool, sheet)
        political = [s for s in (0, 1) if senate is not None and senate["supremacy"]
                     and all(c == s for c in control)]
        if science:
            victory, winners = "science", [names[science[0]]]
        elif political:
            # Political supremacy: every chamber at once (§2.12).
            victory, winners = "political", [names[political[0]]]
        else:
            best = max((t, p[civ]) for p, t, _ in results)
            victory = "civilian"
            winners = [n for n, (p, t, _) in zip(names, results) if (t, p[civ]) == best]
    return results, victory, winners


# ------------------------------------------------------ Architects' scoring
#
# 7 Wonders Architects rulebook (Spanish), "Final de la partida": the
# points of the stages built, blue cards and progress tokens (their
# effects), of each military victory token (`battles.vp` in the IR) and of
# the cat (`cat_vp`); the most points win, then the most stages built
# ("En caso de empate, gana quien haya construido más Etapas"). A sheet
# names a stage by its cost (`2 different`, the stage's `pattern`) or as
# `stage N`; `blue` and `blue_cat` are that many blue cards without and with
# the cat (a card whose effects take the cat).


def arch_cities(pool, sheet):
    players = sheet["players"]
    cities = []
    for p in players:
        w = pool.wonder(p["wonder"])
        cities.append(City(pool, w, w["sides"][0]))
    table = Table(cities, pool.ages)
    tokens = [t for g in pool.games for t in g["progress"]]
    blue = pool.games[0]["colours"].index("blue")

    def has_cat(card):
        return any(tag(e["on"])[0] == "built" and tag(e["op"])[0] == "take_cat"
                   for e in card["effects"])

    def give(seat, card):
        city = table.cities[seat]
        city.place(card)
        city.sources.append((card["effects"], 0))
        run(table, seat, card["effects"], 0, "built", city, True)

    def piece_name(i, st):
        if st["pattern"]:
            n, identical = st["pattern"]
            return f"{n} {'identical' if identical else 'different'}"
        return f"stage {i + 1}"

    for seat, (p, city) in enumerate(zip(players, cities)):
        stages = city.side["stages"]
        raised = []
        for entry in p.get("pieces") or []:
            name, o = built(entry)
            key = " ".join(str(name).lower().split())
            found = [i for i, st in enumerate(stages)
                     if key in (piece_name(i, st), f"stage {i + 1}")]
            if not found:
                raise Refused(f"no stage `{name}`")
            raised.append((found[0], o))
        for i, o in sorted(raised, key=lambda r: (stages[r[0]]["level"], r[0])):
            city.stages += 1
            city.sources.append((stages[i]["effects"], o))
            run(table, seat, stages[i]["effects"], o, "built", city, True)
        for field, cat in (("blue", False), ("blue_cat", True)):
            for _ in range(p.get(field) or 0):
                card = next(c for c in pool.cards if c["colour"] == blue and has_cat(c) == cat)
                give(seat, card)
        for name in p.get("cards") or []:
            give(seat, pool.card(name))
        for entry in p.get("progress") or []:
            name, o = built(entry)
            low = str(name).lower()
            found = [i for i, t in enumerate(tokens)
                     if t["name"].lower() == low or low in (a.lower() for a in t["aliases"])]
            if not found:
                raise Refused(f"no progress token `{name}`")
            city.progress.append(found[0])
            city.sources.append((tokens[found[0]]["effects"], o))
            run(table, seat, tokens[found[0]]["effects"], o, "built", city, True)
        city.victories = p.get("military") or 0
        held_tokens(pool, city, p)
    return table


def score_architects(pool, sheet):
    table = arch_cities(pool, sheet)
    game = pool.games[0]
    results = []
    for seat, (p, city) in enumerate(zip(sheet["players"], table.cities)):
        out = Score(city)
        for effects, option in city.sources:
            run(table, seat, effects, option, "game_end", out, False)
        points = {c: 0 for c in range(len(pool.categories))}
        for c, v in out.vp.items():
            points[c] = points.get(c, 0) + v
        points[pool.category("military")] += city.victories * (game["battles"] or {"vp": 0})["vp"]
        if p.get("cat") is True:
            points[pool.category("cat")] += game["cat_vp"]
        token_points(pool, city, points)
        total = sum(points[c] for c in pool.in_play)
        results.append((points, total, city.stages))
    names = [p["name"] for p in sheet["players"]]
    best = max((t, st) for _, t, st in results)
    winners = [n for n, (_, t, st) in zip(names, results) if (t, st) == best]
    return results, "points", winners


# ------------------------------------------------------------------ reports


def report(pool, sheet, results, victory="points", winners=None):
    players = []
    for p, (points, total, _) in zip(sheet["players"], results):
        row = {"name": p["name"]}
        for c in pool.in_play:
            row[pool.categories[c]] = points[c]
        row["total"] = total
        players.append(row)
    if winners is None:
        best = max((t, c) for _, t, c in results)
        winners = [p["name"] for p, (_, t, c) in zip(sheet["players"], results) if (t, c) == best]
    return {"players": players, "winners": winners, "victory": victory}


def score_sheet(export_dir, text, cache=None):
    sheet = read_yaml(text)
    game = sheet.get("game")
    key = str(game)
    if cache is not None and key in cache:
        doc = cache[key]
    else:
        doc = load_family(export_dir, game)
        if cache is not None:
            cache[key] = doc
    # One pool per game, edition and expansions.
    key = (str(game), sheet.get("edition"), str(sheet.get("expansions")))
    pool = cache.get(key) if cache is not None else None
    if pool is None:
        pool = Pool(doc, sheet)
        if cache is not None:
            cache[key] = pool
    if doc["family"] == "base":
        return report(pool, sheet, score_base(pool, sheet))
    if doc["family"] == "duel":
        results, victory, winners = score_duel(pool, sheet)
        return report(pool, sheet, results, victory, winners)
    if doc["family"] == "architects":
        results, victory, winners = score_architects(pool, sheet)
        return report(pool, sheet, results, victory, winners)
    raise Refused(f"the {doc['family']} family is not scored yet")


def differences(mine, theirs):
    """Every place the two reports differ, in words."""
    out = []
    for k in ("winners", "victory"):
        if mine.get(k) != theirs.get(k):
            out.append(f"{k}: {mine.get(k)} here, {theirs.get(k)} by sevenw")
    a, b = mine.get("players", []), theirs.get("players", [])
    if len(a) != len(b):
        out.append(f"{len(a)} players here, {len(b)} by sevenw")
    for pa, pb in zip(a, b):
        for k in sorted(set(pa) | set(pb)):
            if pa.get(k) != pb.get(k):
                out.append(f"{pb.get('name')} {k}: {pa.get(k)} here, {pb.get(k)} by sevenw")
    return out


def compare(export_dir, cases_path):
    cache = {}
    compared, wrong, refused = {}, 0, {}
    with open(cases_path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            case = json.loads(line)
            label = case.get("label") or "sheets"
            try:
                mine = score_sheet(export_dir, case["sheet"], cache)
            except Refused as e:
                refused[label] = refused.get(label, 0) + 1
                if refused[label] == 1:
                    print(f"{label}: not scored: {e}", file=sys.stderr)
                continue
            compared[label] = compared.get(label, 0) + 1
            diff = differences(mine, case["score"])
            if diff:
                wrong += 1
                if wrong <= 5:
                    print(f"case {line_no} ({label}) differs:\n  " + "\n  ".join(diff[:8]), file=sys.stderr)
                    print(case["sheet"], file=sys.stderr)
    summary = {"compared": compared, "differing": wrong, "refused": refused}
    print(json.dumps(summary, sort_keys=True))
    return 1 if wrong else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "--compare":
        return compare(argv[2], argv[3])
    if len(argv) == 3:
        with open(argv[2], encoding="utf-8") as f:
            text = f.read()
        try:
            print(json.dumps(score_sheet(argv[1], text), indent=2))
        except Refused as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

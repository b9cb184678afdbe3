"""Mayan Curse's box: load and validate components.toml into a frozen Box.

The shipped file sits beside this module; a user's own box numbers in
<data dir>/boxes/mayan-curse.toml replace it whole (companion.components).
Every problem is a BadComponents naming the file and the dotted key.
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass

from ...components import cached_box, unconfirmed
from ...errors import BadComponents

GAME_NAME = "mayan-curse"
DEFAULT_PATH = pathlib.Path(__file__).with_name("components.toml")
COLOURS = ("brown", "gray", "beige")
PLACES = ("passage", "temple")
MAX_PLAYERS = 6
HAND = 3  # sacred stones drawn by each player each round


@dataclass(frozen=True)
class Difficulty:
    name: str
    knowledge: int
    camera: bool


@dataclass(frozen=True)
class Scenario:
    """One solo scenario's conditions (see components.toml for their meaning)."""

    number: int
    text: str
    knowledge: int = 0
    min_stelae: tuple = ()  # ((colour, n), ...)
    max_stelae: int | None = None
    backpack_unused: bool = False
    camera: str | None = None  # "required" | "forbidden" | None
    max_boulders_at_entrance: int | None = None
    all_stelae: tuple = ()  # ((colour, place), ...)


@dataclass(frozen=True)
class Box:
    """The numbers of one box of Mayan Curse, validated."""

    symbols: tuple
    kinds: tuple  # stone kinds: each single symbol, then "a/b" for each dual pair
    stones: tuple  # how many stones of each kind
    values: tuple  # per colour (COLOURS order): ((value, count), ...) ascending
    layout: tuple  # per player count 1..6: per colour: (in passage, on temple)
    boulder_names: tuple
    tokens: tuple
    solo_tokens: tuple
    rows: int
    cameras: int
    camera_knowledge: int
    backpack_bonus: int
    backpack_items: tuple
    difficulties: tuple
    scenarios: tuple
    source: str = ""
    unconfirmed: tuple = ()

    def stock(self, colour: str) -> int:
        return sum(c for _, c in self.values[COLOURS.index(colour)])

    def difficulty(self, name: str) -> Difficulty:
        for d in self.difficulties:
            if d.name == name:
                return d
        raise BadComponents(f"The box file has no solo difficulty called {name!r}.")


class _Checker:
    """Small helpers that turn a bad value into a sentence naming the key."""

    def __init__(self, path):
        self.path = path

    def fail(self, key, what):
        raise BadComponents(f"In the box file {self.path}, {key} {what}.")

    def table(self, data, key):
        value = data.get(key.rsplit(".", 1)[-1]) if isinstance(data, dict) else None
        if not isinstance(value, dict):
            self.fail(key, "is missing or is not a table")
        return value

    def count(self, value, key, lo=0, hi=None):
        if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
            bound = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
            self.fail(key, f"must be a whole number {bound}, not {value!r}")
        return value

    def strings(self, value, key, n=None):
        if not isinstance(value, list) or not value or not all(isinstance(s, str) and s.strip() for s in value):
            self.fail(key, "must be a list of names")
        if n is not None and len(value) != n:
            self.fail(key, f"must list exactly {n} names, not {len(value)}")
        if len(set(value)) != len(value):
            self.fail(key, "names the same thing twice")
        return tuple(value)

    def counts(self, value, key, n):
        if not isinstance(value, list) or len(value) != n:
            self.fail(key, f"must be a list of {n} whole numbers")
        return tuple(self.count(v, f"{key}[{i}]") for i, v in enumerate(value))


def _stones(c, data):
    st = c.table(data, "stones")
    symbols = c.strings(st.get("symbols"), "stones.symbols")
    single = st.get("single")
    if not isinstance(single, dict):
        c.fail("stones.single", "must be a table of symbol = count")
    for sym in single:
        if sym not in symbols:
            c.fail(f"stones.single.{sym}", "is not one of stones.symbols")
    kinds, counts = [], []
    for sym in symbols:
        kinds.append(sym)
        counts.append(c.count(single.get(sym, 0), f"stones.single.{sym}"))
    duals = st.get("dual", [])
    if not isinstance(duals, list):
        c.fail("stones.dual", "must be a list of symbol pairs")
    for i, pair in enumerate(duals):
        key = f"stones.dual[{i}]"
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1] or any(p not in symbols for p in pair):
            c.fail(key, "must be two different symbols from stones.symbols")
        kind = "/".join(sorted(pair, key=symbols.index))
        if kind in kinds:
            counts[kinds.index(kind)] += 1
        else:
            kinds.append(kind)
            counts.append(1)
    if sum(counts) < HAND * MAX_PLAYERS:
        c.fail("stones", f"must hold at least {HAND * MAX_PLAYERS} stones (3 for each of 6 players), not {sum(counts)}")
    return symbols, tuple(kinds), tuple(counts)


def _values(c, data):
    stelae = c.table(data, "stelae")
    out = []
    for colour in COLOURS:
        t = c.table(stelae, f"stelae.{colour}")
        vals = t.get("values")
        if not isinstance(vals, dict) or not vals:
            c.fail(f"stelae.{colour}.values", "must be a table of value = count")
        pairs = []
        for v, n in vals.items():
            key = f"stelae.{colour}.values.{v}"
            if not str(v).isdigit() or int(v) < 1:
                c.fail(key, "must be a knowledge value of 1 or more")
            pairs.append((int(v), c.count(n, key)))
        pairs.sort()
        if sum(n for _, n in pairs) == 0:
            c.fail(f"stelae.{colour}.values", "holds no stelae")
        out.append(tuple(pairs))
    return tuple(out)


def _layout(c, data, values):
    lay = c.table(data, "layout")
    out = []
    for n in range(1, MAX_PLAYERS + 1):
        per = c.table(lay, f"layout.{n}")
        row = []
        for ci, colour in enumerate(COLOURS):
            here = []
            for place in PLACES:
                t = c.table(per, f"layout.{n}.{place}")
                here.append(c.count(t.get(colour, 0), f"layout.{n}.{place}.{colour}"))
            stock = sum(k for _, k in values[ci])
            if sum(here) > stock:
                c.fail(f"layout.{n}", f"lays {sum(here)} {colour} stelae but the box holds only {stock}")
            row.append(tuple(here))
        out.append(tuple(row))
    return tuple(out)


def _solo(c, data, colours_places):
    solo = c.table(data, "solo")
    diffs = solo.get("difficulty")
    if not isinstance(diffs, list) or not diffs:
        c.fail("solo.difficulty", "must list the difficulty levels")
    difficulties = []
    for i, d in enumerate(diffs):
        key = f"solo.difficulty[{i}]"
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            c.fail(f"{key}.name", "must be a name")
        cam = d.get("camera", False)
        if not isinstance(cam, bool):
            c.fail(f"{key}.camera", "must be true or false")
        difficulties.append(Difficulty(d["name"], c.count(d.get("knowledge"), f"{key}.knowledge"), cam))
    scen = solo.get("scenarios")
    if not isinstance(scen, list) or len(scen) != 12:
        c.fail("solo.scenarios", "must list the 12 scenarios")
    known = {"text", "knowledge", "min_stelae", "max_stelae", "backpack", "camera", "max_boulders_at_entrance", "all_stelae"}
    scenarios = []
    for i, s in enumerate(scen):
        key = f"solo.scenarios[{i}]"
        if not isinstance(s, dict) or not isinstance(s.get("text"), str):
            c.fail(f"{key}.text", "must be the scenario's sentence")
        for k in s:
            if k not in known:
                c.fail(f"{key}.{k}", "is not a condition the companion knows")
        mins = s.get("min_stelae", {})
        if not isinstance(mins, dict) or any(col not in COLOURS for col in mins):
            c.fail(f"{key}.min_stelae", "must be a table of colour = count (brown, gray, beige)")
        if s.get("backpack", "unused") != "unused":
            c.fail(f"{key}.backpack", 'can only be "unused"')
        if s.get("camera") not in (None, "required", "forbidden"):
            c.fail(f"{key}.camera", 'must be "required" or "forbidden"')
        alls = s.get("all_stelae", [])
        if not isinstance(alls, list) or any(a not in colours_places for a in alls):
            c.fail(f"{key}.all_stelae", 'must list "colour.place" names such as "brown.passage"')
        scenarios.append(Scenario(
            number=i + 1,
            text=s["text"],
            knowledge=c.count(s.get("knowledge", 0), f"{key}.knowledge"),
            min_stelae=tuple((col, c.count(n, f"{key}.min_stelae.{col}")) for col, n in mins.items()),
            max_stelae=None if "max_stelae" not in s else c.count(s["max_stelae"], f"{key}.max_stelae"),
            backpack_unused="backpack" in s,
            camera=s.get("camera"),
            max_boulders_at_entrance=None if "max_boulders_at_entrance" not in s
            else c.count(s["max_boulders_at_entrance"], f"{key}.max_boulders_at_entrance", 0, 2),
            all_stelae=tuple(tuple(a.split(".")) for a in alls),
        ))
    return tuple(difficulties), tuple(scenarios)


def parse_box(data: dict, source: str = "components.toml") -> Box:
    """Validate parsed TOML into a Box; BadComponents names the bad key."""
    c = _Checker(source)
    if not isinstance(data, dict):
        c.fail("the file", "must be a TOML document")
    symbols, kinds, stones = _stones(c, data)
    values = _values(c, data)
    layout = _layout(c, data, values)
    b = c.table(data, "boulders")
    names = c.strings(b.get("names"), "boulders.names", 3)
    tokens = c.counts(b.get("tokens"), "boulders.tokens", 3)
    solo_tokens = c.counts(b.get("solo_tokens"), "boulders.solo_tokens", 3)
    rows = c.count(b.get("rows"), "boulders.rows", 1, 30)
    t = c.table(data, "temple")
    items = c.strings(t.get("backpack_items"), "temple.backpack_items")
    colours_places = {f"{col}.{pl}" for col in COLOURS for pl in PLACES}
    difficulties, scenarios = _solo(c, data, colours_places)
    return Box(
        symbols=symbols, kinds=kinds, stones=stones, values=values, layout=layout,
        boulder_names=names, tokens=tokens, solo_tokens=solo_tokens, rows=rows,
        cameras=c.count(t.get("cameras"), "temple.cameras"),
        camera_knowledge=c.count(t.get("camera_knowledge"), "temple.camera_knowledge"),
        backpack_bonus=c.count(t.get("backpack_bonus"), "temple.backpack_bonus"),
        backpack_items=items, difficulties=difficulties, scenarios=scenarios,
        source=str(source), unconfirmed=tuple(unconfirmed(data)),
    )


def load_box() -> Box:
    """The box in use: the user's override if present, else the shipped file
    (cached while the file is unchanged: thousands of test games set up a game each)."""
    return cached_box(GAME_NAME, DEFAULT_PATH, lambda data, path: parse_box(data, str(path)))


def as_box(components) -> Box:
    """Accept None (load the box in use), parsed TOML data, or a Box."""
    if components is None:
        return load_box()
    if isinstance(components, Box):
        return components
    return parse_box(components, "the given components")

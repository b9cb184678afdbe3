"""Mayan Curse's box: load and validate components.toml into a frozen Box.

The shipped file sits beside this module; a user's own box numbers in
<data dir>/boxes/mayan-curse.toml replace it whole (companion.rules.components).
Every problem is a BadComponents naming the file and the dotted key.
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any

from companion.rules.components import BoxNumber, BoxSpec, Checker, cached_box, get_path, unconfirmed
from companion.rules.limits import MAX_TEXT

from ...errors import BadComponents
from .i18n import N_, _, ngettext
from .terms import colour as colour_word
from .terms import colour_capital, difficulty, symbol

GAME_NAME = "mayan-curse"
DEFAULT_PATH = pathlib.Path(__file__).with_name("components.toml")
COLOURS = ("brown", "gray", "beige")
PLACES = ("passage", "temple")
MAX_PLAYERS = 6
HAND = 3  # sacred stones drawn by each player each round
PASSAGE_SLABS = 16  # Components: 16 passage slab tiles
STELAE_PER_SLAB = 2  # Setup 4: 1 or 2 stelae on a slab, "in the leftmost and rightmost shaded spaces"
PASSAGE_HOLDS = PASSAGE_SLABS * STELAE_PER_SLAB
#: The allowed range of each kind of box number: the validator and the Box setup
#: screen's steppers use the same bounds.
RANGES = {"stones": (0, 20), "stelae": (0, 25), "tokens": (0, 6), "rows": (1, 30), "temple": (0, 100),
          "solo": (0, 200)}


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
    min_stelae: tuple[Any, ...] = ()  # ((colour, n), ...)
    max_stelae: int | None = None
    backpack_unused: bool = False
    camera: str | None = None  # "required" | "forbidden" | None
    max_boulders_at_entrance: int | None = None
    all_stelae: tuple[Any, ...] = ()  # ((colour, place), ...)


@dataclass(frozen=True)
class Box:
    """The numbers of one box of Mayan Curse, validated."""

    symbols: tuple[Any, ...]
    kinds: tuple[Any, ...]  # stone kinds: each single symbol, then "a/b" for each dual pair
    stones: tuple[Any, ...]  # how many stones of each kind
    values: tuple[Any, ...]  # per colour (COLOURS order): ((value, count), ...) ascending
    layout: tuple[Any, ...]  # per player count 1..6: per colour: (in passage, on temple)
    boulder_names: tuple[Any, ...]
    tokens: tuple[Any, ...]
    solo_tokens: tuple[Any, ...]
    rows: int
    cameras: int
    camera_knowledge: int
    backpack_bonus: int
    backpack_items: tuple[Any, ...]
    difficulties: tuple[Any, ...]
    scenarios: tuple[Any, ...]
    source: str = ""
    unconfirmed: tuple[Any, ...] = ()

    def stock(self, colour: str) -> int:
        return sum(c for _, c in self.values[COLOURS.index(colour)])

    def difficulty(self, name: str) -> Difficulty:
        for d in self.difficulties:
            if d.name == name:
                found: Difficulty = d
                return found
        raise BadComponents(f"The box file has no solo difficulty called {name!r}.")


def _stones(c: Checker, data: dict[str, Any]) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
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
        counts.append(c.count(single.get(sym, 0), f"stones.single.{sym}", *RANGES["stones"]))
    duals = st.get("dual", [])
    if not isinstance(duals, list):
        c.fail("stones.dual", "must be a list of symbol pairs")
    for i, pair in enumerate(duals):
        key = f"stones.dual[{i}]"
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1] or any(p not in symbols for p in pair):
            c.fail(key, "must be two different symbols from stones.symbols")
        kind = "/".join(sorted(pair, key=symbols.index))
        if len(kind) > MAX_TEXT:  # a drawn stone's kind is a name the draw carries
            c.fail(key, f"makes the stone name {kind[:20]!r}… longer than {MAX_TEXT} characters; "
                        "use shorter symbol names")
        if kind in kinds:
            counts[kinds.index(kind)] += 1
        else:
            kinds.append(kind)
            counts.append(1)
    if sum(counts) < HAND * MAX_PLAYERS:
        c.fail("stones", f"must hold at least {HAND * MAX_PLAYERS} stones (3 for each of 6 players), not {sum(counts)}")
    return symbols, tuple(kinds), tuple(counts)


def _values(c: Checker, data: dict[str, Any]) -> tuple[Any, ...]:
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
            if len(str(v)) > 3:
                c.fail(key, "must be a knowledge value from 1 to 999")
            pairs.append((int(v), c.count(n, key, *RANGES["stelae"])))
        pairs.sort()
        if sum(n for _, n in pairs) == 0:
            c.fail(f"stelae.{colour}.values", "holds no stelae")
        out.append(tuple(pairs))
    return tuple(out)


def _layout(c: Checker, data: dict[str, Any], values: tuple[Any, ...]) -> tuple[Any, ...]:
    lay = c.table(data, "layout")
    out = []
    for n in range(1, MAX_PLAYERS + 1):
        per = c.table(lay, f"layout.{n}")
        row = []
        for ci, colour in enumerate(COLOURS):
            here = []
            for place in PLACES:
                t = c.table(per, f"layout.{n}.{place}")
                here.append(c.count(t.get(colour, 0), f"layout.{n}.{place}.{colour}", *RANGES["stelae"]))
            stock = sum(k for _, k in values[ci])
            if sum(here) > stock:
                c.fail(f"layout.{n}", f"lays {sum(here)} {colour} stelae but the box holds only {stock}")
            row.append(tuple(here))
        in_passage = sum(here[0] for here in row)
        if in_passage > PASSAGE_HOLDS:
            # i18n: stands in "In the box file …, layout.6.passage …" (the Checker's sentence, domain companion)
            c.fail(f"layout.{n}.passage", _("lays {count} stelae in the passage, but its {slabs} slabs hold at most "
                                           "{most} ({per} on a slab, Setup 4)", count=in_passage,
                                           slabs=PASSAGE_SLABS, most=PASSAGE_HOLDS, per=STELAE_PER_SLAB))
        out.append(tuple(row))
    return tuple(out)


def _solo(c: Checker, data: dict[str, Any], colours_places: set[str]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    solo = c.table(data, "solo")
    diffs = solo.get("difficulty")
    if not isinstance(diffs, list) or not diffs:
        c.fail("solo.difficulty", "must list the difficulty levels")
    difficulties = []
    for i, d in enumerate(diffs):
        key = f"solo.difficulty[{i}]"
        if not isinstance(d, dict):
            c.fail(key, "must be a table with a name and the knowledge needed")
        c.name(d.get("name"), f"{key}.name")
        cam = d.get("camera", False)
        if not isinstance(cam, bool):
            c.fail(f"{key}.camera", "must be true or false")
        need = c.count(d.get("knowledge"), f"{key}.knowledge", *RANGES["solo"])
        difficulties.append(Difficulty(d["name"], need, cam))
    scen = solo.get("scenarios")
    if not isinstance(scen, list) or len(scen) != 12:
        c.fail("solo.scenarios", "must list the 12 scenarios")
    known = {"text", "knowledge", "min_stelae", "max_stelae", "backpack", "camera", "max_boulders_at_entrance",
             "all_stelae"}
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
        if not isinstance(alls, list) or any(not isinstance(a, str) or a not in colours_places for a in alls):
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


def parse_box(data: dict[str, Any], source: str = "components.toml") -> Box:
    """Validate parsed TOML into a Box; BadComponents names the bad key."""
    c = Checker(source)
    if not isinstance(data, dict):
        c.fail("the file", "must be a TOML document")
    symbols, kinds, stones = _stones(c, data)
    values = _values(c, data)
    layout = _layout(c, data, values)
    b = c.table(data, "boulders")
    names = c.strings(b.get("names"), "boulders.names", 3)
    tokens = c.counts(b.get("tokens"), "boulders.tokens", 3, *RANGES["tokens"])
    solo_tokens = c.counts(b.get("solo_tokens"), "boulders.solo_tokens", 3, *RANGES["tokens"])
    rows = c.count(b.get("rows"), "boulders.rows", *RANGES["rows"])
    t = c.table(data, "temple")
    items = c.strings(t.get("backpack_items"), "temple.backpack_items")
    colours_places = {f"{col}.{pl}" for col in COLOURS for pl in PLACES}
    difficulties, scenarios = _solo(c, data, colours_places)
    return Box(
        symbols=symbols, kinds=kinds, stones=stones, values=values, layout=layout,
        boulder_names=names, tokens=tokens, solo_tokens=solo_tokens, rows=rows,
        cameras=c.count(t.get("cameras"), "temple.cameras", *RANGES["temple"]),
        camera_knowledge=c.count(t.get("camera_knowledge"), "temple.camera_knowledge", *RANGES["temple"]),
        backpack_bonus=c.count(t.get("backpack_bonus"), "temple.backpack_bonus", *RANGES["temple"]),
        backpack_items=items, difficulties=difficulties, scenarios=scenarios,
        source=str(source), unconfirmed=tuple(unconfirmed(data)),
    )


def load_box() -> Box:
    """The box in use: the user's override if present, else the shipped file
    (cached while the file is unchanged: thousands of test games set up a game each)."""
    box: Box = cached_box(GAME_NAME, DEFAULT_PATH, lambda data, path: parse_box(data, str(path)))
    return box


def as_box(components: Any) -> Box:
    """Accept None (load the box in use), parsed TOML data, or a Box."""
    if components is None:
        return load_box()
    if isinstance(components, Box):
        return components
    return parse_box(components, "the given components")


# --- the Box setup screen's view of this file -----------------------------------------
#: Where each number comes from in the rulebook (../shared/rules/mayan-curse.txt).
_SOURCES = {
    "stones.single": N_("Components: 20 sacred stones (16 single, 4 dual); how they share the symbols is not "
                        "printed"),
    "stelae.values": N_("Components: 60 stelae (25 brown, 23 gray, 12 beige); Discovering Stelae: the value "
                        "ranges; how many tokens carry each value is not printed"),
    "layout": N_("Setup 4 refers to a table of stelae per player count that the text does not print; the 16 "
                 "passage slabs hold at most 32 (2 on a slab)"),
    "boulders.tokens": N_("Components: 6 trigger tokens; how many go on each boulder is not printed"),
    "boulders.solo_tokens": N_("Solo Mode, Boulders: 2 on the leftmost boulder, 1 each on the center and rightmost"),
    "boulders.rows": N_("Setup 3: the first river board holds 7 slabs; Sealing the Entrance: reset the first 7 "
                        "slabs"),
    "temple.cameras": N_("Components: 6 camera tokens"),
    "temple.camera_knowledge": N_("Reaching the Top: the camera is worth 15 knowledge"),
    "temple.backpack_bonus": N_("End of the Game: +2 knowledge if they haven't used their backpack"),
    "solo.difficulty": N_("Solo Mode, Difficulty Level: the knowledge needed"),
}


def _numbers(data: dict[str, Any], shipped: dict[str, Any]) -> list[BoxNumber]:
    """Every number of the box file a table may change, with its rulebook source;
    those the rulebook does not print are marked unconfirmed."""
    out: list[BoxNumber] = []
    open_keys = set(unconfirmed(data)) | set(unconfirmed(shipped))

    def add(key: str, label: str, lo: int, hi: int, source: str, unsure: bool) -> None:
        try:
            value = get_path(data, key)
        except (KeyError, IndexError, TypeError):
            return
        try:
            default = get_path(shipped, key)
        except (KeyError, IndexError, TypeError):
            default = value
        if isinstance(value, int) and not isinstance(value, bool):
            out.append(BoxNumber(key, label, value, int(default), lo, hi, _(source), unsure))

    stones = data.get("stones", {}) if isinstance(data, dict) else {}
    for sym in (stones.get("single") or {}):
        add(f"stones.single.{sym}", _("Single {symbol} stones", symbol=symbol(sym)), *RANGES["stones"],
            _SOURCES["stones.single"],
            "stones.single" in open_keys)
    for colour in COLOURS:
        values = ((data.get("stelae") or {}).get(colour) or {}).get("values") or {}
        for v in values:
            add(f"stelae.{colour}.values.{v}",
                _("{colour} stelae worth {value}", colour=colour_capital(colour), value=v), *RANGES["stelae"],
                _SOURCES["stelae.values"], f"stelae.{colour}.values" in open_keys)
    for n in range(1, MAX_PLAYERS + 1):
        for place in PLACES:
            for colour in COLOURS:
                label = (ngettext("{n} player: {colour} stelae in the passage",
                                  "{n} players: {colour} stelae in the passage", n, colour=colour_word(colour))
                         if place == "passage" else
                         ngettext("{n} player: {colour} stelae on the temple",
                                  "{n} players: {colour} stelae on the temple", n, colour=colour_word(colour)))
                add(f"layout.{n}.{place}.{colour}", label, *RANGES["stelae"], _SOURCES["layout"],
                    f"layout.{n}" in open_keys)
    for i in range(3):
        add(f"boulders.tokens[{i}]", _("Trigger tokens on boulder {number} (from the left)", number=i + 1),
            *RANGES["tokens"],
            _SOURCES["boulders.tokens"], "boulders.tokens" in open_keys)
        add(f"boulders.solo_tokens[{i}]", _("Solo: trigger tokens on boulder {number} (from the left)", number=i + 1),
            *RANGES["tokens"],
            _SOURCES["boulders.solo_tokens"], "boulders.solo_tokens" in open_keys)
    add("boulders.rows", _("Slab rows between the boulders and the entrance"), *RANGES["rows"],
        _SOURCES["boulders.rows"],
        "boulders.rows" in open_keys)
    for key, label in (("cameras", _("Camera tokens")), ("camera_knowledge", _("Knowledge for a camera")),
                       ("backpack_bonus", _("Knowledge for an unused backpack"))):
        add(f"temple.{key}", label, *RANGES["temple"], _SOURCES[f"temple.{key}"], f"temple.{key}" in open_keys)
    for i, d in enumerate((data.get("solo") or {}).get("difficulty") or []):
        if isinstance(d, dict):
            add(f"solo.difficulty[{i}].knowledge",
                _("Solo {level}: knowledge needed", level=difficulty(d.get("name", i + 1))), *RANGES["solo"],
                _SOURCES["solo.difficulty"], False)
    return out


def box_spec() -> BoxSpec:
    return BoxSpec(game=GAME_NAME, title="Mayan Curse", shipped=DEFAULT_PATH, numbers=_numbers,
                   validate=lambda data, source: parse_box(data, str(source)))

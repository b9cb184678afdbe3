"""Maya's box numbers: load components.toml (or the user's override) and
validate it into frozen specs the rules read.

A wrong file is a BadComponents naming the key, e.g.
"tiles.4.quarries[2].max_cards must be a whole number of at least 1, not 0."
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass
from functools import lru_cache

from ...components import cached_box, unconfirmed
from ...errors import BadComponents

DEFAULT_PATH = pathlib.Path(__file__).with_name("components.toml")

GREEN_MARKERS = ("protect", "move_block", "pool_block", "first_player", "transport2", "free_pass", "free_double")
BLUE_MARKERS = ("transport4", "joker", "extra_block", "two_points")
# The markers as players call them, for sentences shown at the table.
MARKER_TITLES = {
    "protect": "protection against -3", "move_block": "move a block", "pool_block": "block from the pool",
    "first_player": "First Player", "transport2": "+2 transport", "free_pass": "free pass",
    "free_double": "free double move", "transport4": "+4 transport", "joker": "joker",
    "extra_block": "extra block", "two_points": "+2 points",
}


def titles(markers) -> str:
    return ", ".join(MARKER_TITLES.get(m, str(m)) for m in markers)


@dataclass(frozen=True)
class QuarrySpec:
    blocks: tuple  # blocks won by 1st, 2nd, ... place
    max_cards: int
    marker: str  # the green Special Property marker above it


@dataclass(frozen=True)
class LevelSpec:
    spaces: int
    most: int  # gold for the most blocks
    second: int  # gold for the second most


@dataclass(frozen=True)
class PyramidSpec:
    name: str
    levels: tuple  # of LevelSpec, bottom first


@dataclass(frozen=True)
class Box:
    """Everything printed that a game with `players` players uses."""

    players: int
    colours: tuple
    worker_cards: tuple
    low_values: frozenset
    blocks_per_colour: int
    quarries: tuple  # of QuarrySpec, left to right
    pyramids: tuple  # of PyramidSpec, left to right
    source: str
    unconfirmed: tuple  # dotted keys the rulebook does not print


def _fail(key, what, value):
    raise BadComponents(f"In the Maya box file, {key} must be {what}, not {value!r}.")


def _int(value, key, lo=None):
    if isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo):
        _fail(key, "a whole number" + (f" of at least {lo}" if lo is not None else ""), value)
    return value


def _table(data, key):
    if not isinstance(data, dict):
        _fail(key, "a table", data)
    return data


def _list(value, key, min_len=1):
    if not isinstance(value, list) or len(value) < min_len:
        _fail(key, f"a list of at least {min_len} item" + ("s" if min_len != 1 else ""), value)
    return value


def validate(data: dict, players: int, source: str = "") -> Box:
    """Check the parsed file and build the Box for `players` players."""
    _table(data, "the file")
    colours = _list(data.get("colours"), "colours", 5)
    for i, c in enumerate(colours):
        if not isinstance(c, str) or not c:
            _fail(f"colours[{i}]", "a colour name", c)
    cards = _list(data.get("worker_cards"), "worker_cards", 1)
    for i, v in enumerate(cards):
        _int(v, f"worker_cards[{i}]")
    low = _list(data.get("low_values"), "low_values", 1)
    for i, v in enumerate(low):
        _int(v, f"low_values[{i}]", 1)
        if v not in cards:
            _fail(f"low_values[{i}]", "the value of a worker card", v)
    blocks = _int(data.get("blocks_per_colour"), "blocks_per_colour", 2)

    layout = _table(data.get("layout"), "layout")
    names = _list(layout.get(str(players)), f"layout.{players}", 1)
    pyramids_data = _table(data.get("pyramids"), "pyramids")
    pyramids = []
    for i, name in enumerate(names):
        if name not in pyramids_data:
            _fail(f"layout.{players}[{i}]", "the name of a pyramid in [pyramids]", name)
        p = _table(pyramids_data[name], f"pyramids.{name}")
        levels = []
        for j, lv in enumerate(_list(p.get("levels"), f"pyramids.{name}.levels", 1)):
            key = f"pyramids.{name}.levels[{j}]"
            _table(lv, key)
            spaces = _int(lv.get("spaces"), f"{key}.spaces", 1)
            gold = lv.get("gold")
            if not (isinstance(gold, list) and len(gold) == 2):
                _fail(f"{key}.gold", "two numbers [most, second most]", gold)
            most, second = (_int(g, f"{key}.gold[{k}]", 0) for k, g in enumerate(gold))
            levels.append(LevelSpec(spaces, most, second))
        pyramids.append(PyramidSpec(name, tuple(levels)))
    if sum(p.levels[0].spaces for p in pyramids) < 2 * players:
        _fail(f"layout.{players}", f"pyramids whose bottom levels hold the {2 * players} starting blocks", names)

    tiles = _table(data.get("tiles"), "tiles")
    tile = _table(tiles.get(str(players)), f"tiles.{players}")
    quarries = []
    for i, q in enumerate(_list(tile.get("quarries"), f"tiles.{players}.quarries", 1)):
        key = f"tiles.{players}.quarries[{i}]"
        _table(q, key)
        won = _list(q.get("blocks"), f"{key}.blocks", 1)
        won = tuple(_int(b, f"{key}.blocks[{k}]", 0) for k, b in enumerate(won))
        max_cards = _int(q.get("max_cards"), f"{key}.max_cards", 1)
        marker = q.get("marker")
        if marker not in GREEN_MARKERS:
            _fail(f"{key}.marker", "one of " + ", ".join(GREEN_MARKERS), marker)
        quarries.append(QuarrySpec(won, max_cards, marker))
    markers = [q.marker for q in quarries]
    if len(set(markers)) != len(markers):
        _fail(f"tiles.{players}.quarries", "quarries with different markers (there is one of each)", markers)

    return Box(
        players=players,
        colours=tuple(colours),
        worker_cards=tuple(sorted(cards)),
        low_values=frozenset(low),
        blocks_per_colour=blocks,
        quarries=tuple(quarries),
        pyramids=tuple(pyramids),
        source=source,
        unconfirmed=tuple(unconfirmed(data)),
    )


@lru_cache(maxsize=None)
def _default_data():
    import tomllib

    with open(DEFAULT_PATH, "rb") as f:
        return tomllib.load(f)


def load_box(players: int) -> Box:
    """The Box for `players`: the user's override file if there is one, else ours
    (cached while the file is unchanged: every new game and every replay asks)."""
    return cached_box("maya", DEFAULT_PATH, lambda data, path: validate(data, players, str(path)), players)


def unconfirmed_values() -> list[str]:
    """Every number our default file marks as not printed in the rulebook, as
    dotted keys (for the box-setup screen)."""
    return unconfirmed(_default_data())

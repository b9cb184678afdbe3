"""Maya's box numbers: load components.toml (or the user's override) and
validate it into frozen specs the rules read.

A wrong file is a BadComponents naming the key, e.g.
"In the box file …/maya.toml, tiles.4.quarries[2].max_cards must be a whole
number from 1 to 40, not 0." (companion.rules.components.Checker)
"""
from __future__ import annotations

import pathlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from companion.rules.components import Checker, cached_box, unconfirmed

from .i18n import N_, _

DEFAULT_PATH = pathlib.Path(__file__).with_name("components.toml")

GREEN_MARKERS = ("protect", "move_block", "pool_block", "first_player", "transport2", "free_pass", "free_double")
BLUE_MARKERS = ("transport4", "joker", "extra_block", "two_points")
# The markers as players call them, for sentences shown at the table.
# (marked with N_, translated in titles())
MARKER_TITLES = {
    "protect": N_("protection against -3"), "move_block": N_("move a block"), "pool_block": N_("block from the pool"),
    "first_player": N_("First Player"), "transport2": N_("+2 transport"), "free_pass": N_("free pass"),
    "free_double": N_("free double move"), "transport4": N_("+4 transport"), "joker": N_("joker"),
    "extra_block": N_("extra block"), "two_points": N_("+2 points"),
}


def titles(markers: Iterable[Any]) -> str:
    """The markers' names in a sentence's list, in the current language."""
    return ", ".join(_(MARKER_TITLES[m]) if m in MARKER_TITLES else str(m) for m in markers)


@dataclass(frozen=True)
class QuarrySpec:
    blocks: tuple[int, ...]  # blocks won by 1st, 2nd, ... place
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
    levels: tuple[LevelSpec, ...]  # of LevelSpec, bottom first


@dataclass(frozen=True)
class Box:
    """Everything printed that a game with `players` players uses."""

    players: int
    colours: tuple[str, ...]
    worker_cards: tuple[int, ...]
    low_values: frozenset[int]
    blocks_per_colour: int
    quarries: tuple[QuarrySpec, ...]  # of QuarrySpec, left to right
    pyramids: tuple[PyramidSpec, ...]  # of PyramidSpec, left to right
    source: str
    unconfirmed: tuple[str, ...]  # dotted keys the rulebook does not print


def validate(data: dict[str, Any], players: int, source: str = "") -> Box:
    """Check the parsed file and build the Box for `players` players; a bad value
    is a BadComponents naming its key (the shared Checker's sentences; what this
    file adds to them, in Maya's words: "is not a table", "must name the 5 colours")."""
    # i18n: stands in "In the box file for Maya, {key} …" (the Checker's sentence, domain companion)
    c = Checker(source or _("for Maya"))
    if not isinstance(data, dict):
        c.fail(_("the file"), _("is not a table"))
    colours = c.strings(data.get("colours"), "colours")
    if len(colours) < 5:
        c.fail("colours", _("must name the {n} colours", n=5))
    cards = c.items(data.get("worker_cards"), "worker_cards", 1, 40)
    cards = [c.count(v, f"worker_cards[{i}]", -20, 20) for i, v in enumerate(cards)]
    low = c.items(data.get("low_values"), "low_values", 1, 40)
    for i, v in enumerate(low):
        c.count(v, f"low_values[{i}]", 1, 20)
        if v not in cards:
            c.fail(f"low_values[{i}]", _("must be the value of a worker card, not {value}", value=repr(v)))
    blocks = c.count(data.get("blocks_per_colour"), "blocks_per_colour", 2, 200)

    layout = c.table(data, "layout")
    names = c.items(layout.get(str(players)), f"layout.{players}", 1, 10)
    pyramids_data = c.table(data, "pyramids")
    pyramids = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in pyramids_data:
            wrong = f"{name!r:.40}"
            c.fail(f"layout.{players}[{i}]", _("must be the name of a pyramid in [pyramids], not {value}", value=wrong))
        p = c.table(pyramids_data, f"pyramids.{name}")
        levels = []
        for j, lv in enumerate(c.items(p.get("levels"), f"pyramids.{name}.levels", 1, 20)):
            key = f"pyramids.{name}.levels[{j}]"
            if not isinstance(lv, dict):
                c.fail(key, _("is not a table"))
            spaces = c.count(lv.get("spaces"), f"{key}.spaces", 1, 100)
            most, second = c.counts(lv.get("gold"), f"{key}.gold", 2, 0, 100)
            levels.append(LevelSpec(spaces, most, second))
        pyramids.append(PyramidSpec(name, tuple(levels)))
    if sum(p.levels[0].spaces for p in pyramids) < 2 * players:
        c.fail(f"layout.{players}",
               _("must name pyramids whose bottom levels hold the {n} starting blocks", n=2 * players))

    tiles = c.table(data, "tiles")
    tile = c.table(tiles, f"tiles.{players}")
    quarries = []
    for i, q in enumerate(c.items(tile.get("quarries"), f"tiles.{players}.quarries", 1, 12)):
        key = f"tiles.{players}.quarries[{i}]"
        if not isinstance(q, dict):
            c.fail(key, _("is not a table"))
        won = c.counts(q.get("blocks"), f"{key}.blocks", None, 0, blocks)
        if not won:
            c.fail(f"{key}.blocks", _("must list the blocks for at least first place"))
        max_cards = c.count(q.get("max_cards"), f"{key}.max_cards", 1, 40)
        marker = c.name(q.get("marker"), f"{key}.marker", GREEN_MARKERS)
        quarries.append(QuarrySpec(won, max_cards, marker))
    markers = [q.marker for q in quarries]
    if len(set(markers)) != len(markers):
        c.fail(f"tiles.{players}.quarries", _("must have different markers (there is one of each)"))

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


@cache
def _default_data() -> dict[str, Any]:
    import tomllib

    with open(DEFAULT_PATH, "rb") as f:
        return tomllib.load(f)


def load_box(players: int) -> Box:
    """The Box for `players`: the user's override file if there is one, else ours
    (cached while the file is unchanged: every new game and every replay asks)."""
    return cast(Box, cached_box("maya", DEFAULT_PATH, lambda data, path: validate(data, players, str(path)), players))


def unconfirmed_values() -> list[str]:
    """Every number our default file marks as not printed in the rulebook, as
    dotted keys (for the box-setup screen)."""
    return unconfirmed(_default_data())

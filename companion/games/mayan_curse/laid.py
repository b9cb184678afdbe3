"""The stelae a solo table laid (Setup 4), asked at New game when its scenario needs them.

Our rulebook text does not print Setup 4's table, so the box file's layout is a guess
a table may not have followed. The "all ... stelae" scenarios (9, 10 and 12) are
judged against the count laid, so New game asks it, for those scenarios only, with the
box in use's number already filled in (game.toml `when`): a table that laid the box's
numbers taps nothing. The other counts are the box's.
"""
from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from typing import Any

from companion.rules.engine import Option

from ...errors import BadComponents, BadOption
from .components import COLOURS, DEFAULT_PATH, PASSAGE_HOLDS, PASSAGE_SLABS, PLACES, Box, load_box, parse_box
from .i18n import _, ngettext
from .terms import colour as colour_word

#: The counts a shipped scenario's "all ... stelae" names (components.toml all_stelae):
#: each is an option, asked by game.toml only while a scenario naming it is chosen.
ASKED = (("brown", "passage"), ("gray", "passage"), ("beige", "passage"), ("beige", "temple"))


def option_name(colour: str, place: str) -> str:
    return f"laid_{colour}_{place}"


NAMES = tuple(option_name(c, p) for c, p in ASKED)


def laid_options(box: Box) -> tuple[Option, ...]:
    """The counts as options, each defaulting to the box's solo layout."""
    return tuple(Option(option_name(c, p), box.layout[0][COLOURS.index(c)][PLACES.index(p)], "int",
                        lo=0, hi=box.stock(c), help=f"solo: the {c} stelae laid in the {p} at setup (Setup 4)")
                 for c, p in ASKED)


@functools.lru_cache(maxsize=1)
def _shipped() -> Box:
    return parse_box(tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8")), str(DEFAULT_PATH))


def box_for_defaults() -> Box:
    """The box whose numbers New game fills in: the one in use, or the shipped one while
    the table's own file is broken (starting the game then says what is wrong with it)."""
    try:
        return load_box()
    except BadComponents:
        return _shipped()


def solo_laid(box: Box, options: Mapping[str, Any]) -> tuple[Any, ...]:
    """Per colour, (in the passage, on the temple) as the solo table laid them: the asked
    counts, the box's for the others; BadOption when they cannot have been laid."""
    laid = [list(pair) for pair in box.layout[0]]
    for c, p in ASKED:
        laid[COLOURS.index(c)][PLACES.index(p)] = options[option_name(c, p)]
    for ci, c in enumerate(COLOURS):
        passage, temple = laid[ci]
        if passage + temple > box.stock(c):
            raise BadOption(ngettext("The box holds {n} {colour} stela, not {passage} in the passage and {temple} "
                                     "on the temple.",
                                     "The box holds {n} {colour} stelae, not {passage} in the passage and {temple} "
                                     "on the temple.", box.stock(c), colour=colour_word(c), passage=passage,
                                     temple=temple))
    total = sum(passage for passage, _temple in laid)
    if total > PASSAGE_HOLDS:
        raise BadOption(_("The passage's {slabs} slabs hold at most {most} stelae, not {count}.",
                          slabs=PASSAGE_SLABS, most=PASSAGE_HOLDS, count=total))
    return tuple(tuple(pair) for pair in laid)

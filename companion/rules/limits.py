"""The sizes a move, a journal entry and a box file may have: one set for all.

A box file's names become the names the game's moves carry (a boulder, a stone
kind), and a move is journaled before it is applied, so the box check
(components.Checker), the journal's plain-data check (plaindata) and the moves'
own field check (moves.parse_action) must agree: a box file that passes its
check can never make the game refuse its own legal move.

`shown` names any value in a sentence, short, and never raises (a 5,000-digit
number cannot be turned into text by Python's default limits; a deeply nested
list cannot be repr'd).
"""
from __future__ import annotations

import math
import reprlib
from typing import Any

from companion.words import _

#: Whole numbers a move or a box carries: no rule and no printed component needs
#: more, and a huge integer must be a sentence, not a slow or failing computation.
#: (Below 2**53, so every JSON reader reads it back exactly.)
MAX_INT = 1_000_000
#: Characters in one piece of text: a name in a move, in a box file, in the journal.
MAX_TEXT = 100
#: Nesting of lists and tables in one action.
MAX_DEPTH = 8
#: Values in one action (a shuffle order has ~70).
MAX_ITEMS = 2_000
#: How many of one component a box file may list or count: no printed count comes
#: near it (and a deck of 10**18 cards must be a sentence, not a MemoryError).
MAX_COUNT = 1_000
#: Characters of a value quoted in a sentence.
SHOWN = 40


def shown_int(value: int, limit: int = SHOWN) -> str:
    """An integer for a sentence: itself when short, else its first digits and how
    many there are ("1234…(400 digits)"). Never raises, however large."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    if value.bit_length() <= 3 * limit:  # at most ~36 digits: plain
        text = str(value)
        if len(text) <= limit:
            return sign + text
    if value.bit_length() < 13_000:  # below Python's 4,300-digit str() limit
        text = str(value)
        # i18n: a number too long to show: its first digits, then how many digits it has
        return _("{sign}{head}…({n} digits)", sign=sign, head=text[:4], n=len(text))
    if value.bit_length() > 400_000:  # dividing would take a while: say its size only
        return _("{sign}a number of about {n} digits", sign=sign, n=int(value.bit_length() * math.log10(2)) + 1)
    digits = int(value.bit_length() * math.log10(2))  # the true count, or one less
    if value >= 10 ** digits:
        digits += 1
    return _("{sign}{head}…({n} digits)", sign=sign, head=value // 10 ** (digits - 4), n=digits)


class _Short(reprlib.Repr):
    def __init__(self, limit: int):
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = limit
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 4

    def repr_int(self, x: int, level: int) -> str:
        return shown_int(x, self.maxlong)


def shown(value: Any, limit: int = SHOWN) -> str:
    """Any value, quoted short for a sentence; never raises."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return shown_int(value, limit)
    try:
        text = _Short(limit).repr(value)
    except Exception:  # a value whose repr itself fails
        # i18n: a value that cannot be shown, named by its Python type ("a dict")
        text = _("a {type}", type=type(value).__name__)
    return text if len(text) <= limit + 10 else text[:limit] + "…"


__all__ = ["MAX_COUNT", "MAX_DEPTH", "MAX_INT", "MAX_ITEMS", "MAX_TEXT", "SHOWN", "shown", "shown_int"]

"""The sacred purse: 20 stones drawn three at a time, returned at the end of each turn.

Stones of the same kind are indistinguishable, so a draw is a multiset of
kinds (listed in the box's kind order) and its chance is hypergeometric.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any

from companion.rules.engine import require

from .components import HAND
from .i18n import _
from .terms import stone_name


def kinds_of(box: Any, stones: Any) -> list[int]:
    """Kind indexes of a drawn hand given as names; IllegalAction on a stone the box lacks."""
    require(isinstance(stones, (list, tuple)) and len(stones) == HAND,
            _("A draw is exactly {n} sacred stones.", n=HAND))
    out = []
    for s in stones:
        require(s in box.kinds, _("There is no {stone} sacred stone; the stones are: {stones}.",
                                  stone=repr(s)[:40], stones=", ".join(stone_name(k) for k in box.kinds)))
        out.append(box.kinds.index(s))
    return sorted(out)


def take(purse: tuple[Any, ...], idx: list[int], box: Any) -> tuple[Any, ...]:
    """The purse after drawing these stones; IllegalAction if they are not in it."""
    p = list(purse)
    for i in idx:
        require(p[i] > 0, _("The purse holds no more {stone} stones.", stone=stone_name(box.kinds[i])))
        p[i] -= 1
    return tuple(p)


def give_back(purse: tuple[Any, ...], hand: tuple[Any, ...], box: Any) -> tuple[Any, ...]:
    p = list(purse)
    for s in hand:
        p[box.kinds.index(s)] += 1
    return tuple(p)


@lru_cache(maxsize=4096)
def draw_outcomes(purse: tuple[Any, ...]) -> tuple[Any, ...]:
    """Every distinct hand of HAND stones from the purse with its probability:
    ((kind indexes), p). Cached: the purse takes few distinct shapes."""
    total = sum(purse)
    out = []
    k = len(purse)

    def rec(start: int, left: int, chosen: list[int], weight: int) -> None:
        if left == 0:
            out.append((tuple(chosen), weight / comb(total, HAND)))
            return
        for i in range(start, k):
            for m in range(1, min(left, purse[i]) + 1):
                rec(i + 1, left - m, chosen + [i] * m, weight * comb(purse[i], m))

    rec(0, HAND, [], 1)
    return tuple(out)


def sample_draw(purse: tuple[Any, ...], rng: Any) -> list[int]:
    """Draw HAND stones one by one, as a hand in a bag would."""
    p = list(purse)
    got = []
    for _k in range(HAND):
        r = rng.randrange(sum(p))
        pick = 0
        for pick, c in enumerate(p):  # noqa: B007 - the kind the loop stops at is the one drawn
            if r < c:
                break
            r -= c
        p[pick] -= 1
        got.append(pick)
    return sorted(got)

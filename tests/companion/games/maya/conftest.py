"""Helpers for Maya scenarios: a box with chosen numbers and states that start
at a chosen moment of a round (the boardgame.io habit: custom setup, then play
through the engine)."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from companion.games.maya import GAME, rounds
from companion.games.maya.components import LevelSpec, PyramidSpec, QuarrySpec, load_box
from companion.games.maya.state import BUILDING, QUARRY_END, Options, Quarry
from companion.rules.engine import TABLE

# The rulebook's examples name colours; the box file lists them in this order.
BLUE, RED, GREEN, YELLOW, PURPLE = range(5)
NAMES = ["Blue", "Red", "Green", "Yellow", "Purple"]


def box(n=5, quarries=None, pyramids=None):
    b = load_box(n)
    if quarries is not None:
        b = replace(b, quarries=tuple(QuarrySpec(tuple(bl), mx, mk) for bl, mx, mk in quarries))
    if pyramids is not None:
        b = replace(b, pyramids=tuple(
            PyramidSpec(name, tuple(LevelSpec(sp, most, second) for sp, most, second in levels))
            for name, levels in pyramids))
    return b


def fresh(n=5, options=None, b=None):
    return GAME.setup(NAMES[:n], options or {}, components=b or box(n))


def empty_pyramids(b, n):
    return tuple(tuple((0,) * n for _ in p.levels) for p in b.pyramids)


def at_distribution(columns, n=5, options=None, b=None, starting=BLUE, markers=None, two_points=None,
                    pyramids=None, protected=None):
    """A state whose quarrying just ended with these columns ((seat, card) in
    placement order, one list per quarry, left to right); returns it advanced
    to the first decision of the distribution."""
    b = b or box(n)
    s = fresh(n, options, b)
    cards = []
    for seat in range(n):
        left = list(b.worker_cards)
        for col in columns:
            for owner, v in col:
                if owner == seat:
                    left.remove(v)
        cards.append(tuple(left))
    quarries = []
    for q, (col, spec) in enumerate(zip(columns, b.quarries)):
        quarries.append(Quarry(cards=tuple(col), marker=spec.marker,
                               two_points=(two_points or {}).get(q),
                               protected=tuple((protected or {}).get(q, ()))))
    pyr = pyramids if pyramids is not None else empty_pyramids(b, n)
    in_pyr = [sum(level[s_] for p in pyr for level in p) for s_ in range(n)]
    s = replace(
        s, phase=QUARRY_END, turn=None, starting=starting, setup_placed=2 * n, hand=(0,) * n,
        pool=tuple(b.blocks_per_colour - k for k in in_pyr), pyramids=pyr,
        old=tuple(tuple(sum(level) for level in p) for p in pyr),
        cards=tuple(cards), passed=(True,) * n, quarries=tuple(quarries),
        markers=tuple(tuple(m) for m in (markers or [()] * n)),
    )
    return rounds.advance(rounds.quarry_end(s))


def at_building(pyramids, hands, n=5, options=None, b=None, turn=BLUE, old=None, markers=None, gold=None):
    b = b or box(n)
    s = fresh(n, options, b)
    in_pyr = [sum(level[s_] for p in pyramids for level in p) for s_ in range(n)]
    return replace(
        s, phase=BUILDING, turn=turn, setup_placed=2 * n, hand=tuple(hands),
        pool=tuple(b.blocks_per_colour - k - h for k, h in zip(in_pyr, hands)),
        pyramids=tuple(tuple(tuple(level) for level in p) for p in pyramids),
        old=old if old is not None else tuple((0,) * len(p) for p in pyramids),
        cards=((),) * n, quarries=tuple(Quarry(marker=q.marker, revealed=True) for q in b.quarries),
        markers=tuple(tuple(m) for m in (markers or [()] * n)),
        gold=tuple(gold) if gold else s.gold,
    )


def act(state, actor, type_, **kw):
    return GAME.apply(state, {"actor": actor, "type": type_, **kw})


def blocks_total(state, seat):
    """Every block of a colour is in the pool, a hand or a pyramid."""
    return state.pool[seat] + state.hand[seat] + sum(level[seat] for p in state.pyramids for level in p)


@pytest.fixture
def maya():
    return SimpleNamespace(
        GAME=GAME, TABLE=TABLE, box=box, fresh=fresh, at_distribution=at_distribution, at_building=at_building,
        act=act, blocks_total=blocks_total, empty_pyramids=empty_pyramids, Options=Options,
        BLUE=BLUE, RED=RED, GREEN=GREEN, YELLOW=YELLOW, PURPLE=PURPLE, NAMES=NAMES,
    )

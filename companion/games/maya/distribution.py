"""Distribution of blocks, quarry by quarry from the right: reveal, the -3
cards' choices, ranking, blocks and the Special Property marker.

In scoring-only mode the starting player enters each quarry's column of
face-up cards, card by card in table order, then closes it; the same
resolution follows."""
from __future__ import annotations

from typing import Any, cast

from companion.rules.engine import Action, require
from companion.rules.limits import shown
from companion.rules.seats import is_seat

from . import markers as mk
from .i18n import _
from .quarrying import lay_card, low_sentence
from .state import MINUS, Event, Pending, Quarry, State, note, order_from, replace, tup_add, tup_set


def present(quarry: Quarry) -> list[int]:
    """Seats with a card (or the 2 points marker) at the quarry, in the order
    they first placed there (the tie-break)."""
    seen: list[int] = []
    for seat, _card in quarry.cards:
        if seat not in seen:
            seen.append(seat)
    if quarry.two_points is not None and quarry.two_points not in seen:
        seen.append(quarry.two_points)
    return seen


def targets(state: State, q: int, owner: int) -> list[int]:
    """Whom owner's -3 card may take 3 points from: the other players at the
    quarry, unless protected there."""
    quarry = state.quarries[q]
    return [s for s in present(quarry) if s != owner and s not in quarry.protected]


def points(state: State, q: int) -> dict[int, int]:
    quarry = state.quarries[q]
    pts = {s: 0 for s in present(quarry)}
    for seat, v in quarry.cards:
        if v != MINUS:  # a -3 card takes points from another player, never from its owner
            pts[seat] += v
    if quarry.two_points is not None:
        pts[quarry.two_points] += 2
    for _owner, target in state.deductions:
        pts[target] -= 3
    return pts


def reveal(state: State, q: int) -> State:
    """Turn the column face up and ask each -3 card's owner, in starting-player
    order, whom to take 3 points from."""
    quarries = tup_set(state.quarries, q, replace(state.quarries[q], revealed=True))
    state = replace(state, quarries=quarries, current=q, deductions=())
    owners = {seat for seat, v in state.quarries[q].cards if v == MINUS}
    pend = tuple(Pending("minus_three", s, q) for s in order_from(state, state.starting)
                 if s in owners and targets(state, q, s))
    return replace(state, pending=pend)


def minus_three_legal(state: State, pend: Pending) -> list[Action]:
    """A target for the -3 card, or decline: the owner "can" take the points (rulebook)."""
    return [{"actor": pend.seat, "type": "minus_three", "target": t}
            for t in targets(state, cast(int, pend.quarry), pend.seat)] + [{"actor": pend.seat, "type": "decline"}]


def minus_three(state: State, pend: Pending, action: Action) -> State:
    target = action.get("target")
    name = state.names[pend.seat]
    if action["type"] == "decline":
        return replace(state, pending=state.pending[1:])
    require(action["type"] == "minus_three", _(mk.DESCRIBE["minus_three"], name=name))
    require(target in targets(state, cast(int, pend.quarry), pend.seat),
            _("{name}'s -3 card takes points from another player at this quarry who is not protected.", name=name))
    return replace(state, pending=state.pending[1:], deductions=state.deductions + ((pend.seat, target),))


def resolve(state: State, q: int) -> State:
    """Blocks by place to those with more than zero points, ties to whoever
    placed first; the highest scorer takes the marker above the quarry."""
    quarry = state.quarries[q]
    spec = state.box.quarries[q]
    pts = points(state, q)
    order = present(quarry)
    ranked = sorted((s for s in order if pts[s] > 0), key=lambda s: (-pts[s], order.index(s)))
    hand, pool = state.hand, state.pool
    won: dict[int, int] = {}
    for place, seat in enumerate(ranked):
        if place >= len(spec.blocks):
            break
        n = min(spec.blocks[place], pool[seat])
        won[seat] = n
        hand, pool = tup_add(hand, seat, n), tup_add(pool, seat, -n)
    winner = ranked[0] if ranked else None
    if winner is None and state.options.unscored_marker == "highest" and order:
        winner = sorted(order, key=lambda s: (-pts[s], order.index(s)))[0]
    result: Event = {
        "event": "quarry", "quarry": q,
        "cards": [[s, v] for s, v in quarry.cards],
        "two_points": quarry.two_points,
        "deductions": [list(d) for d in state.deductions],
        "points": {str(s): p for s, p in pts.items()},
        "blocks": {str(s): b for s, b in won.items()},
        "marker": quarry.marker if winner is not None else None,
        "marker_to": winner if quarry.marker else None,
    }
    marker = quarry.marker
    state = note(replace(state, hand=hand, pool=pool, deductions=(), current=q - 1,
                         results=state.results + (result,)), result)
    if winner is None or marker is None:
        return state
    state = replace(state, quarries=tup_set(state.quarries, q, replace(state.quarries[q], marker=None)))
    if marker in mk.AT_ONCE:
        pend = mk.pending_for(state, winner, marker, q)
        return replace(state, pending=(pend,)) if pend else state
    return mk.give(state, winner, marker)


# --- scoring-only mode: entering a column --------------------------------------

def entry_legal(state: State, seat: int) -> list[Action]:
    q = cast(int, state.current)  # a column is being entered
    quarry = state.quarries[q]
    spec = state.box.quarries[q]
    out: list[Action] = []
    if len(quarry.cards) < spec.max_cards:
        for s in range(state.n):
            for v in sorted(set(state.cards[s])):
                if quarry.cards or v in state.box.low_values:
                    out.append({"actor": seat, "type": "enter_card", "seat": s, "card": v})
    out.append({"actor": seat, "type": "close_column"})
    return out


def enter(state: State, action: Action) -> State:
    q = cast(int, state.current)  # a column is being entered
    quarry = state.quarries[q]
    spec = state.box.quarries[q]
    if action["type"] == "close_column":
        quarries = tup_set(state.quarries, q, replace(quarry, closed=True))
        return replace(state, quarries=quarries)
    require(action["type"] == "enter_card",
            _("Enter the cards of quarry {q} in order, then close the column.", q=q + 1))
    s: Any = action.get("seat")
    v: Any = action.get("card")
    require(is_seat(s, state.n), _("There is no player {seat} at this table.", seat=shown(s)))
    require(v in state.cards[s], _("{name} has no worker card {card} left to lay.", name=state.names[s], card=repr(v)))
    require(len(quarry.cards) < spec.max_cards,
            _("Quarry {q} takes only {n} worker cards.", q=q + 1, n=spec.max_cards))
    require(bool(quarry.cards) or v in state.box.low_values, low_sentence(state, q))
    return lay_card(state, q, s, v)

"""Transport: each player keeps as many blocks as the points on their
remaining worker cards (-3 ignored) plus marker bonuses; the surplus returns
to the pool. Then the extra-block marker adds one block that needs no transport."""
from __future__ import annotations

from .state import MINUS, State, note, replace, tup_set


def capacity(state: State, seat: int) -> int:
    worker_points = sum(v for v in state.cards[seat] if v != MINUS)
    held = state.markers[seat]
    # the green +2 and a joker standing for it are two markers: both count
    bonus = 2 * (held.count("transport2") + held.count("joker:transport2")) + 4 * held.count("transport4")
    return worker_points + bonus


def transport(state: State) -> State:
    hand, pool = list(state.hand), list(state.pool)
    report = {}
    for seat in range(state.n):
        keep = min(hand[seat], capacity(state, seat))
        returned = hand[seat] - keep
        hand[seat], pool[seat] = keep, pool[seat] + returned
        extra = 0
        if "extra_block" in state.markers[seat] and pool[seat] > 0:
            extra = 1
            hand[seat], pool[seat] = hand[seat] + 1, pool[seat] - 1
        report[str(seat)] = {"kept": keep, "returned": returned, "extra": extra, "blocks": hand[seat]}
    # the transport markers are spent now, used or not
    markers = state.markers
    for seat in range(state.n):
        spent = ("transport2", "joker:transport2", "transport4", "extra_block")
        left = tuple(m for m in markers[seat] if m not in spent)
        markers = tup_set(markers, seat, left)
    return note(replace(state, hand=tuple(hand), pool=tuple(pool), markers=markers),
                {"event": "transport", "players": report})

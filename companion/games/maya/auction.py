"""Advanced game: the sealed simultaneous auction of the blue markers before
each round's quarrying.

Every player who has not bid acts at once; a bid is hidden from everyone but
its bidder until all are in. The highest bidder chooses first; ties choose in
turn order from the starting player; the lowest bidder and anyone who bid
nothing get no marker and keep their gold; the winners pay the bank."""
from __future__ import annotations

from itertools import combinations
from typing import Any, cast

from companion.rules.engine import CHANCE, Action, require

from . import markers as mk
from .components import BLUE_MARKERS, titles
from .i18n import _
from .state import AUCTION_CHOICE, AUCTION_DRAW, BIDDING, Event, State, note, order_from, replace, tup_set


def begin(state: State) -> State:
    count = state.n - 1
    if count < len(BLUE_MARKERS):
        return replace(state, phase=AUCTION_DRAW, turn=None)
    return replace(state, phase=BIDDING, blue_drawn=BLUE_MARKERS, bids=(None,) * state.n, turn=None)


def draw_outcomes(state: State) -> list[tuple[Action, float]]:
    combos = list(combinations(BLUE_MARKERS, state.n - 1))
    return [({"actor": CHANCE, "type": "draw_blue_markers", "markers": list(c)}, 1 / len(combos)) for c in combos]


def draw(state: State, action: Action) -> State:
    drawn: Any = action.get("markers")
    require(isinstance(drawn, (list, tuple)) and len(drawn) == state.n - 1
            and all(isinstance(m, str) and m in BLUE_MARKERS for m in drawn) and len(set(drawn)) == len(drawn),
            _("Draw {n} different blue markers from: {markers}.", n=state.n - 1, markers=titles(BLUE_MARKERS)))
    ordered = tuple(m for m in BLUE_MARKERS if m in drawn)
    return note(replace(state, phase=BIDDING, blue_drawn=ordered, bids=(None,) * state.n),
                {"event": "blue_drawn", "markers": list(ordered)})


def bid_legal(state: State, seat: int) -> list[Action]:
    return [{"actor": seat, "type": "bid", "gold": g} for g in range(state.gold[seat] + 1)]


def bid(state: State, action: Action) -> State:
    seat = action["actor"]
    g: Any = action.get("gold")
    require(action["type"] == "bid", _("{name} must first enter a bid.", name=state.names[seat]))
    require(isinstance(g, int) and not isinstance(g, bool) and g >= 0,
            _("A bid is a whole number of gold coins, {n} or more.", n=0))
    require(g <= state.gold[seat],
            _("{name} has only {gold} gold to bid.", name=state.names[seat], gold=state.gold[seat]))
    state = replace(state, bids=tup_set(state.bids, seat, g))
    if any(b is None for b in state.bids):
        return state
    return reveal(state)


def reveal(state: State) -> State:
    n = state.n
    bids = cast(tuple[int, ...], state.bids)  # every seat has bid
    position = {s: k for k, s in enumerate(order_from(state, state.starting))}
    order = sorted(range(n), key=lambda s: (-bids[s], position[s]))
    # the last in order is the lowest bidder; nobody who bid nothing gets a marker
    choosers = tuple(s for s in order[: n - 1] if bids[s] > 0)
    lowest = min(bids)
    if state.options.lowest_bid_tie == "none" and max(bids) > lowest:
        # every player tied for the lowest bid goes without (and keeps their gold)
        choosers = tuple(s for s in choosers if bids[s] > lowest)
    gold = list(state.gold)
    for s in choosers:
        gold[s] -= bids[s]
    event: Event = {"event": "bids", "bids": list(state.bids), "order": list(choosers)}
    return note(replace(state, phase=AUCTION_CHOICE, choosers=choosers, gold=tuple(gold)), event)


def choose_legal(state: State, seat: int) -> list[Action]:
    return [{"actor": seat, "type": "choose_blue_marker", "marker": m} for m in state.blue_drawn]


def choose(state: State, action: Action) -> State:
    seat = action["actor"]
    m = action.get("marker")
    require(action["type"] == "choose_blue_marker",
            _("{name} must first choose a blue marker.", name=state.names[seat]))
    require(m in state.blue_drawn, _("{name} may choose one of: {markers}.", name=state.names[seat],
                                     markers=titles(state.blue_drawn)))
    state = mk.give(state, seat, cast(str, m))
    return replace(state, blue_drawn=tuple(x for x in state.blue_drawn if x != m), choosers=state.choosers[1:])

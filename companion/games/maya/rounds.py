"""The flow of a round: what happens by itself between the players' decisions
(reveals, resolutions, transport, scoring, a new round) and who acts next."""
from __future__ import annotations

from typing import Any, cast

from companion.rules.engine import CHANCE

from . import auction, building, distribution, quarrying, scoring, setup, transport
from .state import (
    AUCTION_CHOICE,
    AUCTION_DRAW,
    BIDDING,
    BUILDING,
    DISTRIBUTION,
    FIRST_PLAYER,
    OVER,
    QUARRY_END,
    QUARRYING,
    SETUP,
    Pending,
    Quarry,
    State,
    note,
    order_from,
    replace,
)

ROUNDS = 3


def start_round(state: State, number: int) -> State:
    """Worker cards return, nobody holds blocks, the markers go back above the
    quarries; the First Player marker's holder chooses who starts."""
    n = state.n
    starting = state.starting
    if number > 1 and state.fp_holder is None and state.options.starting_player == "clockwise":
        starting = (starting + 1) % n
    state = replace(
        state,
        round=number,
        starting=starting,
        cards=(state.box.worker_cards,) * n,
        passed=(False,) * n,
        quarries=tuple(Quarry(marker=q.marker) for q in state.box.quarries),
        markers=((),) * n,
        old=tuple(tuple(sum(level) for level in pyr) for pyr in state.pyramids),
        pending=(),
        current=None,
        deductions=(),
        blue_drawn=(),
        bids=(None,) * n,
        choosers=(),
        results=(),
    )
    if number > 1 and state.fp_holder is not None:
        return replace(state, phase=FIRST_PLAYER, turn=state.fp_holder)
    return begin_auction(state)


def choose_starting_player(state: State, seat: int) -> State:
    # the First Player marker goes back above its quarry for this round
    state = note(replace(state, starting=seat, fp_holder=None), {"event": "starting_player", "seat": seat})
    return begin_auction(state)


def begin_auction(state: State) -> State:
    if state.options.advanced:
        return auction.begin(state)
    return begin_quarrying(state)


def begin_quarrying(state: State) -> State:
    if state.options.quarries == "companion":
        return quarrying.begin(state)
    return quarry_end(state)


def quarry_end(state: State) -> State:
    """After all have passed: the 2 points marker, and the joker's first chance
    (it may be kept for later), in turn order."""
    pend = []
    for s in order_from(state, state.starting):
        if "two_points" in state.markers[s]:
            pend.append(Pending("two_points", s))
        if "joker" in state.markers[s]:
            pend.append(Pending("joker", s))
    return replace(state, phase=QUARRY_END, turn=None, pending=tuple(pend))


#: state.current after the right-to-left distribution: the joker's second chance, then transport
AFTER_QUARRIES, CARRY = -1, -2


def joker_carry(state: State) -> State:
    """Every quarry is scored: a joker still held may now be +2 transport (or a block)."""
    pend = tuple(Pending("joker_carry", s) for s in order_from(state, state.starting) if "joker" in state.markers[s])
    return replace(state, current=CARRY, pending=pend)


def advance(state: State) -> State:
    """Run everything that needs nobody's decision, until someone must act."""
    while True:
        if state.pending:
            return state
        phase = state.phase
        if phase == SETUP:
            if not setup.done(state):
                return state
            state = start_round(state, 1)
        elif phase in (FIRST_PLAYER, AUCTION_DRAW, BIDDING):
            return state
        elif phase == AUCTION_CHOICE:
            if state.choosers and state.blue_drawn:
                return state
            state = begin_quarrying(replace(state, choosers=(), blue_drawn=()))
        elif phase == QUARRYING:
            if state.turn is not None:
                return state
            state = quarry_end(state)
        elif phase == QUARRY_END:
            state = replace(state, phase=DISTRIBUTION, current=len(state.quarries) - 1)
        elif phase == DISTRIBUTION:
            q = cast(int, state.current)  # set while distributing
            if q == AFTER_QUARRIES:
                state = joker_carry(state)
                continue
            if q < 0:
                state = building.first_builder(transport.transport(replace(state, current=None)))
                continue
            quarry = state.quarries[q]
            if not quarry.revealed:
                if state.options.quarries == "scoring-only" and not quarry.closed:
                    return state  # waiting for the column to be entered
                state = distribution.reveal(state, q)
                continue
            state = distribution.resolve(state, q)
        elif phase == BUILDING:
            if state.turn is not None:
                return state
            last = state.round >= ROUNDS
            state = scoring.score(state, last_round=last)
            if last:
                return replace(state, phase=OVER, turn=None)
            state = start_round(state, state.round + 1)
        elif phase == OVER:
            return state
        else:
            raise AssertionError(phase)


def actors(state: State) -> frozenset[Any]:
    if state.pending:
        return frozenset((state.pending[0].seat,))
    phase = state.phase
    if phase == OVER:
        return frozenset()
    if phase == AUCTION_DRAW:
        return frozenset((CHANCE,))
    if phase == BIDDING:
        return frozenset(s for s, b in enumerate(state.bids) if b is None)
    if phase == AUCTION_CHOICE:
        return frozenset((state.choosers[0],))
    if phase == DISTRIBUTION:
        return frozenset((state.starting,))  # scoring-only: the starting player enters the column
    return frozenset((state.turn,))


__all__ = ["actors", "advance", "choose_starting_player", "start_round"]

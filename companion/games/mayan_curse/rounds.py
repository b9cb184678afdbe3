"""Rounds and turns: the draw, turns in order, escaping, the end of a round and of the game.

Step 1 draw (a CHANCE action per player still in the passage), step 2 turns
from the first player clockwise, step 3 boulders, step 4 the first-player
token passes clockwise. `settle` makes the automatic steps between actions.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import require
from . import boulders as bl
from .components import COLOURS
from .purse import give_back, kinds_of, take
from .state import BOULDERS, DRAW, OVER, REVEAL, TURN, Opts, Seat, State, event
from .stelae import missing_values


def new_state(box, names, opts: Opts) -> State:
    n = len(names)
    layout = box.layout[n - 1]
    tokens = box.solo_tokens if n == 1 else box.tokens
    state = State(
        box=box, names=tuple(names), opts=opts, seats=tuple(Seat() for _ in names),
        round=0, first=0, phase=DRAW, queue=(),
        purse=box.stones,
        supply=tuple(tuple(c for _, c in box.values[ci]) for ci in range(len(COLOURS))),
        board=tuple(tuple(p) for p in layout),
        crushed=tuple(0 for _ in COLOURS),
        boulders=tuple((t, bl.start_position(box)) for t in tokens),
        cameras=box.cameras,
    )
    return start_round(state, first=0, number=1)


def in_passage(state: State) -> list[int]:
    return [i for i, s in enumerate(state.seats) if not s.escaped]


def clockwise_from(state: State, first: int) -> tuple:
    """Seats still in the passage, in turn order from the first player (escaped ones skipped)."""
    n = len(state.seats)
    return tuple(s for s in ((first + k) % n for k in range(n)) if not state.seats[s].escaped)


def start_round(state: State, first: int, number: int) -> State:
    return replace(state, round=number, first=first, phase=DRAW, queue=clockwise_from(state, first),
                   tumbling=(), tumbled=())


def draw(state: State, action: dict) -> State:
    """CHANCE wrote the three stones into the action; only that seat will see them."""
    seat = state.queue[0]
    require(action.get("seat") == seat, f"{state.names[seat]} draws next.")
    idx = kinds_of(state.box, action.get("stones"))
    purse = take(state.purse, idx, state.box)
    hand = tuple(state.box.kinds[i] for i in idx)
    return replace(state, purse=purse, seats=state.with_seat(seat, stones=hand), queue=state.queue[1:],
                   notice=f"{state.names[seat]} drew {len(hand)} sacred stones.",
                   event=event("stones_drawn", seat=seat, count=len(hand)))


def end_turn(state: State, seat: int, escaped: bool = False) -> State:
    """Step 2c: all three stones go back into the purse, used or not. Solo: a token comes off."""
    s = state.seats[seat]
    purse = give_back(state.purse, s.stones, state.box)
    changes = {"stones": ()}
    if escaped:
        changes.update(escaped=True, escaped_with=state.at_entrance())
    seats = state.with_seat(seat, **changes)
    boulders = state.boulders
    name = state.names[seat]
    notice = (f"{name} escaped and leaves the board. " if escaped else f"{name} ended their turn. ") + \
        "Their stones go back into the purse."
    if state.solo and not escaped:
        # Solo Mode: "remove 1 trigger token at the end of each turn" instead of on discoveries.
        if any(t for t, _ in boulders):
            boulders = bl.remove_token(boulders)
            notice += " A trigger token comes off the leftmost boulder that has one."
    return replace(state, purse=purse, seats=seats, boulders=boulders, queue=state.queue[1:],
                   turns=state.turns + 1, notice=notice,
                   event=event("escaped" if escaped else "turn_ended", seat=seat))


def escape(state: State, seat: int) -> State:
    return end_turn(state, seat, escaped=True)


def next_first(state: State) -> int:
    """Step 4: the token passes clockwise; by default past players who have escaped."""
    n = len(state.seats)
    nxt = (state.first + 1) % n
    if state.opts.token_skips_escaped:
        for k in range(n):
            cand = (state.first + 1 + k) % n
            if not state.seats[cand].escaped:
                return cand
    return nxt


def finish(state: State) -> State:
    """The game is over; physical stelae: escaped players still enter their values."""
    phase = REVEAL if state.opts.stelae == "physical" and missing_values(state) else OVER
    return replace(state, phase=phase, queue=(), tumbling=())


def settle(state: State) -> State:
    """Make the steps that need nobody: start turns, boulders, the next round, the end."""
    while True:
        if state.phase in (OVER, REVEAL):
            if state.phase == REVEAL and not missing_values(state):
                state = replace(state, phase=OVER)
            return state
        if state.sealed or not in_passage(state):
            return finish(state)
        if state.phase == DRAW and not state.queue:
            state = replace(state, phase=TURN, queue=clockwise_from(state, state.first))
            continue
        if state.phase == TURN and not state.queue:
            state = bl.start_step(state)
            continue
        if state.phase == BOULDERS and not state.tumbling:
            state = start_round(state, next_first(state), state.round + 1)
            continue
        return state

"""Stelae: discovered by colour, valued in secret, crushed unrevealed.

Digital stelae: the companion draws the value from the tokens of that colour
not yet drawn (a CHANCE action). Physical stelae: the real token is in the
player's hand; they enter its value privately on their turn or at the end.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import require
from .boulders import remove_token
from .components import COLOURS, PLACES
from .state import TURN, VALUE, State, event


def discover_choices(state: State, seat: int) -> list[dict]:
    out = []
    s = state.seats[seat]
    for ci, colour in enumerate(COLOURS):
        for pi, place in enumerate(PLACES):
            if state.board[ci][pi] > 0 and (pi == 0 or s.reached_temple):
                out.append({"type": "discover_stela", "colour": colour, "place": place})
    return out


def discover(state: State, seat: int, action: dict) -> State:
    """A player entered a space with a stela; gray and beige ones take a trigger token (not solo)."""
    colour, place = action.get("colour"), action.get("place", "passage")
    require(colour in COLOURS, f"A stela is brown, gray or beige, not {colour!r}.")
    require(place in PLACES, f'A stela lies in the "passage" or on the "temple", not {place!r}.')
    ci, pi = COLOURS.index(colour), PLACES.index(place)
    name = state.names[seat]
    require(state.board[ci][pi] > 0, f"No {colour} stela is left {'in the passage' if pi == 0 else 'on the temple'}.")
    require(pi == 0 or state.seats[seat].reached_temple,
            f"{name} has not reached the temple yet, so cannot discover a stela on it.")
    board = list(state.board)
    row = list(board[ci])
    row[pi] -= 1
    board[ci] = tuple(row)
    boulders = state.boulders
    notice = f"{name} discovered a {colour} stela."
    took = colour != "brown" and not state.solo and any(t for t, _ in boulders)
    if took:
        boulders = remove_token(boulders)
        notice += " A trigger token comes off the leftmost boulder that has one."
    s = state.seats[seat]
    seats = state.with_seat(seat, stelae=s.stelae + ((colour, place, 0),))
    phase = VALUE if state.opts.stelae == "digital" else TURN
    return replace(state, board=tuple(board), boulders=boulders, seats=seats, phase=phase, notice=notice,
                   event=event("stela_discovered", seat=seat, colour=colour, place=place, token_removed=took))


def pending(state: State) -> tuple[int, str]:
    """(seat, colour) of the stela whose value CHANCE draws now."""
    seat = state.queue[0]
    return seat, state.seats[seat].stelae[-1][0]


def value_outcomes(state: State) -> list[tuple[dict, float]]:
    seat, colour = pending(state)
    ci = COLOURS.index(colour)
    left = state.supply[ci]
    total = sum(left)
    return [({"actor": "chance", "type": "stela_value", "seat": seat, "colour": colour, "value": v}, n / total)
            for (v, _), n in zip(state.box.values[ci], left) if n]


def draw_value(state: State, action: dict) -> State:
    """CHANCE wrote the drawn value into the action; only that seat will see it."""
    seat, colour = pending(state)
    require(action.get("seat") == seat and action.get("colour") == colour,
            f"The draw is for {state.names[seat]}'s {colour} stela.")
    ci = COLOURS.index(colour)
    values = [v for v, _ in state.box.values[ci]]
    value = action.get("value")
    require(value in values and state.supply[ci][values.index(value)] > 0,
            f"No {colour} stela worth {value!r} is left to draw.")
    supply = list(state.supply)
    left = list(supply[ci])
    left[values.index(value)] -= 1
    supply[ci] = tuple(left)
    s = state.seats[seat]
    stelae = s.stelae[:-1] + ((colour, s.stelae[-1][1], value),)
    return replace(state, supply=tuple(supply), seats=state.with_seat(seat, stelae=stelae), phase=TURN)


def enter_choices(state: State, seat: int) -> list[dict]:
    """Physical stelae: the values this player may enter for the stelae not yet entered.
    Any value the colour carries is offered, not only those left, so that the choice
    never hints at what the others have entered."""
    out = []
    for i, (colour, _, value) in enumerate(state.seats[seat].stelae):
        if value == 0:
            for v, n in state.box.values[COLOURS.index(colour)]:
                if n:
                    out.append({"type": "enter_stela_value", "stela": i, "value": v})
    return out


def enter_value(state: State, seat: int, action: dict) -> State:
    require(state.opts.stelae == "physical", "The companion draws stela values in this game; nothing to enter.")
    stelae = state.seats[seat].stelae
    i = action.get("stela")
    require(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(stelae),
            f"{state.names[seat]} has no such stela: they hold {len(stelae)} "
            f"stela{'' if len(stelae) == 1 else 'e'}, counted from 0.")
    colour, place, old = stelae[i]
    require(old == 0, f"That {colour} stela's value is already entered.")
    values = [v for v, n in state.box.values[COLOURS.index(colour)] if n]
    value = action.get("value")
    require(value in values, f"A {colour} stela is worth {min(values)} to {max(values)} knowledge, not {value!r}.")
    stelae = stelae[:i] + ((colour, place, value),) + stelae[i + 1:]
    return replace(state, seats=state.with_seat(seat, stelae=stelae))


def missing_values(state: State) -> tuple:
    """Escaped seats with stela values still to enter (physical stelae, at the end)."""
    return tuple(i for i, s in enumerate(state.seats) if s.escaped and any(v == 0 for _, _, v in s.stelae))


def crush_choices(state: State) -> list[dict]:
    return [{"type": "stela_crushed", "colour": c} for ci, c in enumerate(COLOURS) if state.board[ci][0] > 0]


def crush(state: State, action: dict) -> State:
    """A boulder entered a space with a stela: removed from the game unrevealed."""
    colour = action.get("colour")
    require(colour in COLOURS, f"A stela is brown, gray or beige, not {colour!r}.")
    ci = COLOURS.index(colour)
    require(state.board[ci][0] > 0, f"No {colour} stela is left in the passage to crush.")
    board = list(state.board)
    board[ci] = (board[ci][0] - 1, board[ci][1])
    crushed = list(state.crushed)
    crushed[ci] += 1
    return replace(state, board=tuple(board), crushed=tuple(crushed),
                   notice=f"A boulder crushed a {colour} stela; it leaves the game unrevealed.",
                   event=event("stela_crushed", colour=colour))


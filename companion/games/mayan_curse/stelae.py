"""Stelae: discovered by colour, valued in secret, crushed unrevealed.

Digital stelae: the companion draws the value from the tokens of that colour
not yet drawn (a CHANCE action). Physical stelae: the real token lies face
down before the player, who looks under it; the companion asks for its value
only when scoring needs it (escaped players at the end), though a player may
enter it earlier. The layout per player count is not printed, so a discovery
beyond it is accepted with a notice; the printed token counts (25 brown, 23
gray, 12 beige) are the limit.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules.engine import require
from companion.rules.seats import same_seat

from .actions import DISCOVER_STELA, ENTER_STELA_VALUE, STELA_CRUSHED, STELA_VALUE
from .boulders import crushing, remove_token
from .components import COLOURS, PLACES
from .i18n import _, ngettext
from .state import TURN, VALUE, State, event
from .terms import colour as colour_word


def out_of_stock(state: State, ci: int) -> int:
    """Tokens of colour ci no longer in the box: discovered by anyone, or crushed."""
    colour = COLOURS[ci]
    found = sum(1 for s in state.seats for c, _, _ in s.stelae if c == colour)
    return found + int(state.crushed[ci])


def in_box(state: State, ci: int) -> bool:
    """A token of that colour can still be on the board (the printed counts)."""
    return out_of_stock(state, ci) < state.box.stock(COLOURS[ci])


def discover_choices(state: State, seat: int) -> list[dict[str, Any]]:
    out = []
    s = state.seats[seat]
    for ci, colour in enumerate(COLOURS):
        if not in_box(state, ci):
            continue
        for pi, place in enumerate(PLACES):
            if pi == 0 or s.reached_temple:
                out.append({"type": DISCOVER_STELA, "colour": colour, "place": place})
    return out


def discover(state: State, seat: int, action: dict[str, Any]) -> State:
    """A player entered a space with a stela; gray and beige ones take a trigger token (not solo)."""
    colour: Any = action.get("colour")
    place: Any = action.get("place", "passage")
    require(colour in COLOURS, _("A stela is brown, gray or beige, not {colour}.", colour=repr(colour)[:40]))
    require(place in PLACES, _("A stela lies in the passage or on the temple, not {place}.", place=repr(place)[:40]))
    ci, pi = COLOURS.index(colour), PLACES.index(place)
    name = state.names[seat]
    require(in_box(state, ci), _("All {n} {colour} stelae of the box are already discovered or crushed.",
                                 n=state.box.stock(colour), colour=colour_word(colour, after_the=True)))
    require(pi == 0 or state.seats[seat].reached_temple,
            _("{name} has not reached the temple yet, so cannot discover a stela on it.", name=name))
    beyond = state.board[ci][pi] == 0
    board = list(state.board)
    row = list(board[ci])
    row[pi] = max(0, row[pi] - 1)
    board[ci] = tuple(row)
    boulders = state.boulders
    took = colour != "brown" and not state.solo and any(t for t, _ in boulders)
    if took:
        boulders = remove_token(boulders)
    s = state.seats[seat]
    seats = state.with_seat(seat, stelae=s.stelae + ((colour, place, 0),))
    phase = VALUE if state.opts.stelae == "digital" else TURN
    ev = event("stela_discovered", seat=seat, colour=colour, place=place, token_removed=took, beyond_layout=beyond)
    return replace(state, board=tuple(board), boulders=boulders, seats=seats, phase=phase, events=(ev,))


def pending(state: State) -> tuple[int, str]:
    """(seat, colour) of the stela whose value CHANCE draws now."""
    seat = state.queue[0]
    return seat, state.seats[seat].stelae[-1][0]


def value_outcomes(state: State) -> list[tuple[dict[str, Any], float]]:
    seat, colour = pending(state)
    ci = COLOURS.index(colour)
    left = state.supply[ci]
    total = sum(left)
    return [({"actor": "chance", "type": STELA_VALUE, "seat": seat, "colour": colour, "value": v}, n / total)
            for (v, _), n in zip(state.box.values[ci], left) if n]


def draw_value(state: State, action: dict[str, Any]) -> State:
    """CHANCE wrote the drawn value into the action; only that seat will see it."""
    seat, colour = pending(state)
    require(same_seat(action.get("seat"), seat) and action.get("colour") == colour,
            _("The draw is for {name}'s {colour} stela.", name=state.names[seat],
              colour=colour_word(colour, after_the=True)))
    ci = COLOURS.index(colour)
    values = [v for v, _ in state.box.values[ci]]
    value: Any = action.get("value")
    require(value in values and state.supply[ci][values.index(value)] > 0,
            _("No {colour} stela worth {value} is left in the supply: look at the value on your stela again.",
              colour=colour_word(colour), value=repr(value)[:40]))
    supply = list(state.supply)
    left = list(supply[ci])
    left[values.index(value)] -= 1
    supply[ci] = tuple(left)
    s = state.seats[seat]
    stelae = s.stelae[:-1] + ((colour, s.stelae[-1][1], value),)
    return replace(state, supply=tuple(supply), seats=state.with_seat(seat, stelae=stelae), phase=TURN,
                   events=(event("stela_value_drawn", seat=seat, colour=colour),))


def enter_choices(state: State, seat: int) -> list[dict[str, Any]]:
    """Physical stelae: the values this player may enter for the stelae not yet entered.
    Any value the colour carries is offered, not only those left, so that the choice
    never hints at what the others have entered."""
    out = []
    for i, (colour, _p, value) in enumerate(state.seats[seat].stelae):
        if value == 0:
            for v, n in state.box.values[COLOURS.index(colour)]:
                if n:
                    out.append({"type": ENTER_STELA_VALUE, "stela": i, "value": v})
    return out


def enter_value(state: State, seat: int, action: dict[str, Any]) -> State:
    require(state.opts.stelae == "physical", _("The companion draws stela values in this game; nothing to enter."))
    stelae = state.seats[seat].stelae
    i: Any = action.get("stela")
    require(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(stelae),
            ngettext("{name} has no such stela: they hold {n} stela, counted from 0.",
                     "{name} has no such stela: they hold {n} stelae, counted from 0.", len(stelae),
                     name=state.names[seat]))
    colour, place, old = stelae[i]
    require(old == 0, _("That {colour} stela's value is already entered.", colour=colour_word(colour)))
    values = [v for v, n in state.box.values[COLOURS.index(colour)] if n]
    value: Any = action.get("value")
    require(value in values, _("A {colour} stela is worth {lo} to {hi} knowledge, not {value}.",
                               colour=colour_word(colour), lo=min(values), hi=max(values), value=repr(value)[:40]))
    stelae = stelae[:i] + ((colour, place, value),) + stelae[i + 1:]
    return replace(state, seats=state.with_seat(seat, stelae=stelae),
                   events=(event("stela_value_entered", seat=seat, colour=colour),))


def missing_values(state: State) -> tuple[Any, ...]:
    """Escaped seats with stela values still to enter (physical stelae, at the end)."""
    return tuple(i for i, s in enumerate(state.seats) if s.escaped and any(v == 0 for _, _, v in s.stelae))


def crush_choices(state: State) -> list[dict[str, Any]]:
    return [{"type": STELA_CRUSHED, "colour": c} for ci, c in enumerate(COLOURS) if in_box(state, ci)]


def crush(state: State, action: dict[str, Any]) -> State:
    """A boulder entered a space with a stela: removed from the game unrevealed."""
    colour: Any = action.get("colour")
    require(colour in COLOURS, _("A stela is brown, gray or beige, not {colour}.", colour=repr(colour)[:40]))
    ci = COLOURS.index(colour)
    require(in_box(state, ci), _("All {n} {colour} stelae are already discovered or crushed.",
                                 n=state.box.stock(colour), colour=colour_word(colour, after_the=True)))
    beyond = state.board[ci][0] == 0
    board = list(state.board)
    board[ci] = (max(0, board[ci][0] - 1), board[ci][1])
    crushed = list(state.crushed)
    crushed[ci] += 1
    name = state.box.boulder_names[state.tumbling[0]]
    return replace(state, board=tuple(board), crushed=tuple(crushed), tumbled=crushing(state, colour),
                   events=(event("stela_crushed", colour=colour, boulder=name, beyond_layout=beyond),))

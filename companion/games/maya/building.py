"""Phase 2, building the pyramids: where a block may go, the bonus block,
the double move and the two kinds of pass."""
from __future__ import annotations

from typing import Any, cast

from companion.rules.engine import Action, require

from . import markers as mk
from .i18n import _
from .state import BUILDING, Event, State, add_block, level_full, note, replace, tup_add, tup_set
from .words import and_list


def open_level(state: State) -> int | None:
    """The one level where blocks may go now: every lower level of every
    pyramid is full (pyramids already full to the top do not hold it back)."""
    lowest = None
    for pyr, spec in zip(state.pyramids, state.box.pyramids):
        for level, (counts, ls) in enumerate(zip(pyr, spec.levels)):
            if lowest is not None and level >= lowest:
                break
            if sum(counts) < ls.spaces:
                lowest = level
                break
    return lowest


def placements(state: State, seat: int) -> list[int]:
    """Pyramids where `seat` may place one block now."""
    level = open_level(state)
    if level is None:
        return []
    out = []
    for p, pyr in enumerate(state.pyramids):
        if level < len(pyr) and not level_full(state, p, level) and all(pyr[k][seat] > 0 for k in range(level)):
            out.append(p)
    return out


def why_not(state: State, seat: int, p: int) -> str:
    """The sentence for a block that may not go into pyramid p."""
    name = state.box.pyramids[p].name
    level = open_level(state)
    if level is None:
        return _("Every pyramid is full.")
    pyr = state.pyramids[p]
    if level >= len(pyr) or level_full(state, p, level):
        for q, other in enumerate(state.pyramids):
            if level < len(other) and not level_full(state, q, level):
                return _("{pyramid}'s level {level} is not open yet: level {lower} of {other} is not full.",
                         pyramid=name, level=level + 2, lower=level + 1, other=state.box.pyramids[q].name)
        return _("{pyramid} is full.", pyramid=name)
    for k in range(level):
        if pyr[k][seat] == 0:
            return _("{name} has no block in level {lower} of {pyramid}, so may not build in its level {level}.",
                     name=state.names[seat], lower=k + 1, pyramid=name, level=level + 1)
    return _("A block may not go into {pyramid} now.", pyramid=name)


def place(state: State, seat: int, p: int) -> State:
    """One block from seat's hand into pyramid p (in the open level), then the
    bonus block if it completed that level."""
    level = cast(int, open_level(state))  # a block is placed only where a level is open
    pyramids = add_block(state.pyramids, p, level, seat)
    state = replace(state, pyramids=pyramids, hand=tup_add(state.hand, seat, -1))
    return bonus_block(state, seat, p, level)


def bonus_block(state: State, placer: int, p: int, level: int) -> State:
    """The rulebook's building example gives the bonus to whoever holds the
    sole majority when the level is completed (Red, when Blue completes
    Copan); option bonus_block="completer" gives it only to the completer."""
    spec = state.box.pyramids[p]
    counts = state.pyramids[p][level]
    if not level_full(state, p, level) or level + 1 >= len(spec.levels):
        return state  # not completed, or the top level: no bonus
    top = max(counts)
    leaders = [s for s, c in enumerate(counts) if c == top]
    if len(leaders) != 1:
        return state  # no sole majority
    seat = leaders[0]
    if state.options.bonus_block == "completer" and seat != placer:
        return state
    if state.old[p][level + 1] > 0 or level_full(state, p, level + 1) or state.pool[seat] == 0:
        return state  # blocks from earlier rounds there (or no room, or none left)
    return note(replace(
        state,
        pyramids=add_block(state.pyramids, p, level + 1, seat),
        pool=tup_add(state.pool, seat, -1),
    ), {"event": "bonus_block", "seat": seat, "pyramid": p, "level": level + 1})


def double_moves(state: State, seat: int) -> list[tuple[int, int]]:
    """(a, b) pyramid pairs for a double move, the second chosen after the first is built."""
    out = []
    for a in placements(state, seat):
        after = place(state, seat, a)
        for b in placements(after, seat):
            out.append((a, b))
    return out


def legal(state: State, seat: int) -> list[Action]:
    hand = state.hand[seat]
    actions: list[Action] = []
    where = placements(state, seat)
    free_pass = mk.has(state, seat, "free_pass")
    free_double = mk.has(state, seat, "free_double")
    for p in where:
        actions.append({"actor": seat, "type": "place_block", "pyramid": p})
    if where and hand >= 3:
        paid = replace(state, hand=tup_add(state.hand, seat, -1), pool=tup_add(state.pool, seat, 1))
        for a, b in double_moves(paid, seat):
            actions.append({"actor": seat, "type": "double_move", "pyramids": [a, b], "free": False})
    if where and free_double and hand >= 2:
        for a, b in double_moves(state, seat):
            actions.append({"actor": seat, "type": "double_move", "pyramids": [a, b], "free": True})
    actions.append({"actor": seat, "type": "pass", "free": False})
    if free_pass:
        actions.append({"actor": seat, "type": "pass", "free": True})
    if "joker" in state.markers[seat]:  # decided now: a free pass, or a free double move
        actions.append({"actor": seat, "type": "use_joker", "as": "free_pass"})
        if where and hand >= 2:
            for a, b in double_moves(state, seat):
                actions.append({"actor": seat, "type": "use_joker", "as": "free_double", "pyramids": [a, b]})
    return actions


def apply(state: State, action: Action) -> State:
    seat = action["actor"]
    kind = action["type"]
    name = state.names[seat]
    free = action.get("free", False)
    require(isinstance(free, bool), _("A move is free (true) or paid (false)."))
    if kind == "place_block":
        p = _pyramid(state, action.get("pyramid"))
        require(p in placements(state, seat), why_not(state, seat, p))
        state = _built(state, seat, [p])
    elif kind == "double_move":
        pair: Any = action.get("pyramids")
        require(isinstance(pair, (list, tuple)) and len(pair) == 2, _("A double move names two pyramids."))
        a, b = (_pyramid(state, x) for x in pair)
        if free:
            require(mk.has(state, seat, "free_double"), _("{name} has no free double move marker.", name=name))
            require(state.hand[seat] >= 2, _("{name} needs two blocks for a double move.", name=name))
        else:
            require(state.hand[seat] >= 3,
                    _("{name} needs three blocks for a double move: one to pay and two to place.", name=name))
        if free:
            paid = mk.use(state, seat, "free_double")
        else:
            paid = replace(state, hand=tup_add(state.hand, seat, -1), pool=tup_add(state.pool, seat, 1))
        require(a in placements(paid, seat), why_not(paid, seat, a))
        after = place(paid, seat, a)
        require(b in placements(after, seat), why_not(after, seat, b))
        state = _built(paid, seat, [a, b], paid=not free)
    elif kind == "use_joker":
        require("joker" in state.markers[seat], _("{name} has no joker.", name=name))
        as_ = action.get("as")
        require(as_ in mk.JOKER_WHEN["building"],
                _("On a building turn the joker stands for a free pass or a free double move."))
        held = list(state.markers[seat])
        held.remove("joker")
        spent = replace(state, markers=tup_set(state.markers, seat, tuple(held)))
        if as_ == "free_pass":
            state = spent
        else:
            pair = action.get("pyramids")
            require(isinstance(pair, (list, tuple)) and len(pair) == 2, _("A double move names two pyramids."))
            a, b = (_pyramid(state, x) for x in pair)
            require(state.hand[seat] >= 2, _("{name} needs two blocks for a double move.", name=name))
            require(a in placements(spent, seat), why_not(spent, seat, a))
            require(b in placements(place(spent, seat, a), seat), why_not(place(spent, seat, a), seat, b))
            state = _built(spent, seat, [a, b])
    elif kind == "pass":
        if free:
            require(mk.has(state, seat, "free_pass"), _("{name} has no free pass marker.", name=name))
            state = mk.use(state, seat, "free_pass")
        else:
            forced = not placements(state, seat)
            state = replace(
                state,
                hand=tup_add(state.hand, seat, -1),
                pool=tup_add(state.pool, seat, 1),
                # an involuntary pass is paid for by the bank with 1 gold
                gold=tup_add(state.gold, seat, 1) if forced else state.gold,
            )
            state = note(state, {"event": "pass", "seat": seat, "forced": forced})
    else:
        require(False, _("In the building phase {name} places a block, makes a double move or passes.", name=name))
    return next_builder(state, seat)


def _built(state: State, seat: int, where: list[int], paid: bool = False) -> State:
    """Place the blocks in order and say what happened, bonus blocks included."""
    placed: list[list[int | None]] = []
    start = len(state.events)
    for p in where:
        placed.append([p, open_level(state)])
        state = place(state, seat, p)
    bonus = list(state.events[start:])  # the bonus blocks these placements won
    event: Event = {"event": "built", "seat": seat, "placed": placed, "bonus": bonus}
    if len(where) == 2:
        event["double_move"] = "paid" if paid else "free"
    return replace(state, last=event, events=state.events[:start] + (event,))


def next_builder(state: State, seat: int) -> State:
    """The next player clockwise who still has blocks; None when all are placed."""
    n = state.n
    for k in range(1, n + 1):
        s = (seat + k) % n
        if state.hand[s] > 0:
            return replace(state, turn=s)
    return replace(state, turn=None)


def first_builder(state: State) -> State:
    return replace(state, phase=BUILDING, turn=None) if not any(state.hand) else next_builder(
        replace(state, phase=BUILDING), (state.starting - 1) % state.n
    )


def _pyramid(state: State, p: Any) -> int:
    require(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(state.pyramids),
            no_pyramid(state, p))
    return cast(int, p)


def no_pyramid(state: State, p: Any) -> str:
    names = [spec.name for spec in state.box.pyramids]
    return _("There is no pyramid {p}; the pyramids are {names}.", p=repr(p), names=and_list(names))

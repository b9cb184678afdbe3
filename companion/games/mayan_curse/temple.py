"""The temple and the backpack: the temple transition board, cameras, the one backpack item."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules.engine import require

from .boulders import clear_tokens
from .i18n import _
from .state import State, event
from .terms import item as item_word


def reach_board(state: State, seat: int) -> State:
    """The first player to reach the temple transition board takes every trigger token off."""
    name = state.names[seat]
    require(not state.seats[seat].reached_temple, _("{name} has already reached the temple transition board.",
                                                        name=name))
    seats = state.with_seat(seat, reached_temple=True)
    if state.temple_reached:
        return replace(state, seats=seats, events=(event("temple_board", seat=seat, first=False),))
    return replace(state, seats=seats, temple_reached=True, boulders=clear_tokens(state.boulders),
                   events=(event("temple_board", seat=seat, first=True),))


def claim_camera(state: State, seat: int) -> State:
    """Reaching the top claims a camera (15 knowledge) while any remain, one per player."""
    name = state.names[seat]
    s = state.seats[seat]
    require(s.reached_temple, _("{name} has not reached the temple yet.", name=name))
    require(not s.camera, _("{name} already has a camera; each player can claim only one.", name=name))
    require(state.cameras > 0, _("No camera tokens are left."))
    return replace(state, seats=state.with_seat(seat, camera=True), cameras=state.cameras - 1,
                   events=(event("camera", seat=seat),))


def use_backpack(state: State, seat: int, action: dict[str, Any]) -> State:
    """One backpack item per game; flipping the card loses the +2 knowledge."""
    name = state.names[seat]
    s = state.seats[seat]
    require(not s.backpack, _("{name} already used their backpack ({item}); it works once per game.", name=name,
                              item=item_word(s.backpack)))
    item: Any = action.get("item")
    items = state.box.backpack_items
    require(item in items, _("The backpack holds {items}, not {item}.", items=", ".join(item_word(x) for x in items),
                             item=repr(item)[:40]))
    return replace(state, seats=state.with_seat(seat, backpack=item), events=(event("backpack", seat=seat, item=item),))

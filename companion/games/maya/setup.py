"""Preparation: the quarry tile and pyramids for the player count, 8 worker
cards and 2 blocks each, and the two starting blocks placed in turn.

Seat 0 is the starting player of the first round (the players choose who sits
first when they enter their names)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.engine import Action, require

from .building import no_pyramid
from .components import Box
from .i18n import _
from .state import SETUP, Options, Quarry, State, add_block, level_full, replace, tup_add

START_GOLD_ADVANCED = 10


def new_state(names: Sequence[str], options: Options, box: Box) -> State:
    n = len(names)
    pyramids = tuple(tuple((0,) * n for _ in p.levels) for p in box.pyramids)
    return State(
        names=tuple(names),
        options=options,
        box=box,
        round=1,
        phase=SETUP,
        starting=options.first,
        turn=options.first,
        gold=(START_GOLD_ADVANCED if options.advanced else 0,) * n,
        pool=(box.blocks_per_colour - 2,) * n,
        hand=(2,) * n,
        pyramids=pyramids,
        old=tuple((0,) * len(p.levels) for p in box.pyramids),
        cards=(box.worker_cards,) * n,
        passed=(False,) * n,
        quarries=tuple(Quarry(marker=q.marker) for q in box.quarries),
        markers=((),) * n,
        bids=(None,) * n,
    )


def legal(state: State, seat: int) -> list[Action]:
    return [{"actor": seat, "type": "setup_block", "pyramid": p} for p in targets(state, seat)]


def targets(state: State, seat: int) -> list[int]:
    out = []
    for p, pyr in enumerate(state.pyramids):
        if not level_full(state, p, 0) and not any(level[seat] for level in pyr):
            out.append(p)
    return out


def apply(state: State, action: Action) -> State:
    seat = action["actor"]
    p: Any = action.get("pyramid")
    require(action["type"] == "setup_block", _("{name} first places a starting block.", name=state.names[seat]))
    require(isinstance(p, int) and 0 <= p < len(state.pyramids), no_pyramid(state, p))
    require(p in targets(state, seat),
            _("{name} already has a block in {pyramid}; the second goes elsewhere.", name=state.names[seat],
              pyramid=state.box.pyramids[p].name)
            if any(lv[seat] for lv in state.pyramids[p]) else
            _("The bottom level of {pyramid} is full.", pyramid=state.box.pyramids[p].name))
    placed = state.setup_placed + 1
    state = replace(state, pyramids=add_block(state.pyramids, p, 0, seat), hand=tup_add(state.hand, seat, -1),
                    setup_placed=placed)
    return replace(state, turn=(state.starting + placed) % state.n)


def done(state: State) -> bool:
    return state.setup_placed >= 2 * state.n

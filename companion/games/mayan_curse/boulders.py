"""The three boulders: trigger tokens, the tumbling order, where each one stopped.

The companion cannot see the slabs, so the players report where a tumbling
boulder stopped: on a slab row of the first river board (counted from the
entrance) or at the entrance. The companion keeps the tokens and the order.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import require
from .state import BOULDERS, ENTRANCE, State, event


def start_position(box) -> int:
    """A boulder not yet tumbled sits beyond the last row of the first river board."""
    return box.rows + 1


def remove_token(boulders: tuple) -> tuple:
    """One token off the leftmost boulder that still has tokens (Discovering Stelae)."""
    out = list(boulders)
    for i, (tokens, pos) in enumerate(out):
        if tokens > 0:
            out[i] = (tokens - 1, pos)
            break
    return tuple(out)


def clear_tokens(boulders: tuple) -> tuple:
    """All remaining tokens off (Leaving the Passage: the temple transition board)."""
    return tuple((0, pos) for _, pos in boulders)


def tumble_order(boulders: tuple) -> tuple:
    """Boulders with no tokens that can still tumble, closest to the entrance
    first, ties left to right (Step 3: Boulders). Boulders at one distance are
    ordered by their left-to-right name, since the companion knows rows, not columns."""
    ready = [(pos, i) for i, (tokens, pos) in enumerate(boulders) if tokens == 0 and pos != ENTRANCE]
    return tuple(i for _, i in sorted(ready))


def start_step(state: State) -> State:
    """Step 3: the boulders without tokens tumble, one at a time, in order."""
    return replace(state, phase=BOULDERS, tumbling=tumble_order(state.boulders), tumbled=())


def nearest_stop(state: State, pos: int) -> int:
    """The farthest row a boulder at `pos` may be reported on.

    Important notes, Boulders (OBSTACLES): a boulder blocked on its way to the
    entrance tumbles sideways, and one blocked while moving sideways along a slab
    stops, so a boulder already in the passage may end on the row it started
    from. One still on the central board is not on a slab: it reaches row 7
    or nearer (see docs/rules-notes.md)."""
    return pos if pos <= state.box.rows else state.box.rows


def stop_choices(state: State) -> list[dict]:
    """Where the boulder tumbling now may stop: its own row or any row nearer the
    entrance (see nearest_stop), or the entrance."""
    i = state.tumbling[0]
    name = state.box.boulder_names[i]
    pos = state.boulders[i][1]
    out = [{"type": "boulder_stopped", "boulder": name, "where": "passage", "row": r}
           for r in range(1, nearest_stop(state, pos) + 1)]
    out.append({"type": "boulder_stopped", "boulder": name, "where": "entrance"})
    return out


def stop(state: State, action: dict) -> State:
    """Record where the boulder tumbling now stopped; a third boulder at the entrance seals it."""
    box = state.box
    require(state.phase == BOULDERS and state.tumbling, "No boulder is tumbling now.")
    i = state.tumbling[0]
    name = box.boulder_names[i]
    other = action.get("boulder")
    require(other == name, f"The {name} boulder tumbles now, not the {other} one." if other in box.boulder_names
            else f"The {name} boulder tumbles now; there is no {other!r} boulder.")
    pos = state.boulders[i][1]
    where = action.get("where")
    if where == "entrance":
        new = ENTRANCE
    else:
        require(where == "passage", 'A boulder stops "in the passage" (with its row) or "at the entrance".')
        row = action.get("row")
        last = nearest_stop(state, pos)
        stays = f"; {pos} if it was blocked where it stands" if last == pos else ""
        require(isinstance(row, int) and not isinstance(row, bool) and 1 <= row <= last,
                f"The {name} boulder tumbles towards the entrance: it stops on a row from 1 to {last}"
                f" (counted from the entrance{stays}), or at the entrance.")
        new = row
    boulders = list(state.boulders)
    boulders[i] = (boulders[i][0], new)
    boulders = tuple(boulders)
    at = sum(1 for _, p in boulders if p == ENTRANCE)
    if new == ENTRANCE and at == len(boulders):
        return replace(state, boulders=boulders, tumbling=(), tumbled=state.tumbled + (i,), sealed=True,
                       event=event("sealed", boulder=name),
                       notice=f"The {name} boulder reached the entrance: all {at} boulders block it. "
                              "The entrance is sealed and the game ends.")
    if new == ENTRANCE:
        notice = (f"The {name} boulder reached the entrance: reset the first {box.rows} slabs "
                  "so they are flush with the entrance board.")
        ev = event("boulder_at_entrance", boulder=name, reset_slabs=box.rows)
    else:
        notice = (f"The {name} boulder was blocked and stays on row {new} of the passage." if new == pos
                  else f"The {name} boulder stopped on row {new} of the passage.")
        ev = event("boulder_stopped", boulder=name, row=new)
    return replace(state, boulders=boulders, tumbling=state.tumbling[1:], tumbled=state.tumbled + (i,),
                   notice=notice, event=ev)

"""The three boulders: trigger tokens, the tumbling order, where each one stopped.

The companion cannot see the slabs, so the players report where a tumbling
boulder stopped: on a slab row of the first river board (counted from the
entrance), at the entrance, or (blocked) where it stands. The companion keeps
the tokens, each boulder's row and its place left to right among the boulders
on that row, and the order they tumble in.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules.engine import require

from .actions import BOULDER_STOPPED
from .i18n import _
from .state import BOULDERS, ENTRANCE, State, Tumble, event
from .terms import boulder


def start_position(box: Any) -> int:
    """A boulder not yet tumbled sits beyond the last row of the first river board."""
    return int(box.rows) + 1


def remove_token(boulders: tuple[Any, ...]) -> tuple[Any, ...]:
    """One token off the leftmost boulder that still has tokens (Discovering Stelae)."""
    out = list(boulders)
    for i, (tokens, pos) in enumerate(out):
        if tokens > 0:
            out[i] = (tokens - 1, pos)
            break
    return tuple(out)


def clear_tokens(boulders: tuple[Any, ...]) -> tuple[Any, ...]:
    """All remaining tokens off (Leaving the Passage: the temple transition board)."""
    return tuple((0, pos) for _, pos in boulders)


def columns(state: State) -> tuple[Any, ...]:
    """Each boulder's place left to right among boulders at its distance (0 = leftmost)."""
    return state.columns or tuple(range(len(state.boulders)))


def tumble_order(state: State) -> tuple[Any, ...]:
    """Boulders with no tokens that can still tumble, closest to the entrance first;
    at the same distance "from left to right" (Step 3: Boulders) as they lie now."""
    cols = columns(state)
    ready = [(pos, cols[i], i) for i, (tokens, pos) in enumerate(state.boulders) if tokens == 0 and pos != ENTRANCE]
    return tuple(i for _, _, i in sorted(ready))


def start_step(state: State) -> State:
    """Step 3: the boulders without tokens tumble, one at a time, in order."""
    order = tumble_order(state)
    events = state.events
    if order:
        events += (event("boulders_tumble", order=tuple(state.box.boulder_names[i] for i in order)),)
    return replace(state, phase=BOULDERS, tumbling=order, tumbled=(), events=events)


def nearest_stop(state: State, pos: int) -> int:
    """The farthest row a boulder at `pos` may be reported on.

    Important notes, Boulders (OBSTACLES): a boulder blocked on its way to the
    entrance tumbles sideways, and one blocked while moving sideways along a slab
    stops, so a boulder already in the passage may end on the row it started
    from. One still on the central board is not on a slab: it reaches row 7
    or nearer, or stays on its board (see docs/rules-notes.md)."""
    return pos if pos <= state.box.rows else int(state.box.rows)


def others_on(state: State, i: int, row: int) -> list[int]:
    """The other boulders on that row, left to right."""
    cols = columns(state)
    return sorted((j for j, (_, p) in enumerate(state.boulders) if j != i and p == row), key=lambda j: cols[j])


def stop_choices(state: State) -> list[dict[str, Any]]:
    """Where the boulder tumbling now may stop: its own row or any row nearer the
    entrance (see nearest_stop), the entrance, or, on its board, staying there.
    On a row that already holds boulders, its place among them (0 = leftmost)."""
    i = state.tumbling[0]
    name = state.box.boulder_names[i]
    pos = state.boulders[i][1]
    out: list[dict[str, Any]] = []
    for r in range(1, nearest_stop(state, pos) + 1):
        base = {"type": BOULDER_STOPPED, "boulder": name, "where": "passage", "row": r}
        k = len(others_on(state, i, r)) if r != pos else 0
        out += [dict(base, place=p) for p in range(k + 1)] if k else [base]
    if pos > state.box.rows:
        out.append({"type": BOULDER_STOPPED, "boulder": name, "where": "stays"})
    out.append({"type": BOULDER_STOPPED, "boulder": name, "where": "entrance"})
    return out


def _place(state: State, i: int, row: int, place: Any) -> tuple[Any, ...]:
    """The columns after boulder i lands on `row` at `place` among the boulders there.
    No place (a journal written before places were asked): after those named left of it."""
    cols = list(columns(state))
    others = others_on(state, i, row)
    if place is None:
        place = sum(1 for j in others if j < i)
    require(isinstance(place, int) and not isinstance(place, bool) and 0 <= place <= len(others),
            _("Its place on the row counts the boulders already there from the left: 0 to {n}.", n=len(others)))
    line = others[:place] + [i] + others[place:]
    for k, j in enumerate(line):
        cols[j] = k
    return tuple(cols)


def stop(state: State, action: dict[str, Any]) -> State:
    """Record where the boulder tumbling now stopped; a third boulder at the entrance seals it."""
    box = state.box
    require(state.phase == BOULDERS and bool(state.tumbling), _("No boulder is tumbling now."))
    i = state.tumbling[0]
    name = box.boulder_names[i]
    other: Any = action.get("boulder")
    require(other == name, _("The {boulder} boulder tumbles now, not the {other} one.", boulder=boulder(name),
                             other=boulder(other)) if other in box.boulder_names
            else _("The {boulder} boulder tumbles now; there is no {other} boulder.", boulder=boulder(name),
                   other=repr(other)[:40]))
    pos = state.boulders[i][1]
    where: Any = action.get("where")
    cols = columns(state)
    if where == "entrance":
        new = ENTRANCE
    elif where == "stays":
        require(pos > box.rows, _("The {boulder} boulder is on row {row}: if it was blocked there, report row {row}.",
                                  boulder=boulder(name), row=pos))
        new = pos
    else:
        require(where == "passage",
                _("A boulder stops in the passage (on a row), at the entrance, or stays on its board."))
        row: Any = action.get("row")
        last = nearest_stop(state, pos)
        require(isinstance(row, int) and not isinstance(row, bool) and 1 <= row <= last,
                _("The {boulder} boulder tumbles towards the entrance: it stops on a row from 1 to {last} "
                  "(counted from the entrance; {last} if it was blocked where it stands), or at the entrance.",
                  boulder=boulder(name), last=last) if last == pos else
                _("The {boulder} boulder tumbles towards the entrance: it stops on a row from 1 to {last} "
                  "(counted from the entrance), or at the entrance.", boulder=boulder(name), last=last))
        new = row
        place: Any = action.get("place")
        lone = new == pos or not others_on(state, i, new)
        require(place is None or not lone,
                _("No other boulder lies on row {row}, so the {boulder} boulder needs no place among them.",
                  row=new, boulder=boulder(name)) if new != pos else
                _("The {boulder} boulder stays where it is on row {row}; it needs no new place.", row=new,
                  boulder=boulder(name)))
        if not lone:
            cols = _place(state, i, new, place)
    boulders = list(state.boulders)
    boulders[i] = (boulders[i][0], new)
    crushed = state.tumbled[-1].crushed if state.tumbled and state.tumbled[-1].end == -1 else ()
    done = tuple(t for t in state.tumbled if t.end != -1) + (Tumble(i, pos, new, crushed),)
    state = replace(state, boulders=tuple(boulders), columns=cols, tumbled=done)
    at = state.at_entrance()
    if new == ENTRANCE and at == len(boulders):
        return replace(state, tumbling=(), sealed=True, events=(event("sealed", boulder=name, at=at),))
    if new == ENTRANCE:
        ev = event("boulder_at_entrance", boulder=name, reset_slabs=box.rows, at=at, of=len(boulders))
    elif new == pos:
        ev = event("boulder_stays", boulder=name, row=new if new <= box.rows else None)
    else:
        ev = event("boulder_stopped", boulder=name, row=new)
    return replace(state, tumbling=state.tumbling[1:], events=(ev,))


def crushing(state: State, colour: str) -> tuple[Any, ...]:
    """`tumbled` with a stela of `colour` crushed by the boulder tumbling now (kept
    as an open Tumble, end -1, until the boulder's stop is reported)."""
    i = state.tumbling[0]
    done = state.tumbled
    if done and done[-1].end == -1:
        return done[:-1] + (replace(done[-1], crushed=done[-1].crushed + (colour,)),)
    return done + (Tumble(i, state.boulders[i][1], -1, (colour,)),)


def set_tokens(state: State, i: int, tokens: int) -> State:
    """A correction: the trigger tokens really on boulder i."""
    boulders = list(state.boulders)
    boulders[i] = (tokens, boulders[i][1])
    return replace(state, boulders=tuple(boulders))

"""Corrections: a public number fixed to what the real table shows.

In a session's history a correction is an entry like an action,

    {"actor": 0, "type": "correction", "key": "count", "value": 7, "label": "The count"}

(actor: the seat who made it), journaled with the kind "correction" and
applied through `Game.correct(state, key, value)`, never `Game.apply`. Anything
that replays a session's actions uses `step` so corrections apply too.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import IllegalAction
from companion.rules.engine import Game
from companion.rules.seats import is_seat, parse_seat

CORRECTION = "correction"


def is_correction(action: Mapping[str, Any]) -> bool:
    return action.get("type") == CORRECTION and "key" in action and "value" in action


def step(game: Game, state: Any, action: Mapping[str, Any]) -> Any:
    """The state after one entry of a session's history: an action or a correction."""
    if is_correction(action):
        return game.correct(state, action["key"], action["value"])
    return game.apply(state, dict(action))


def stepper(game: Game) -> Any:
    """step bound to a game: apply(state, action) for anything that replays a session."""
    return lambda state, action: step(game, state, action)


def correction_action(game: Game, state: Any, key: Any, value: Any, by_seat: Any, seats: int) -> dict[str, Any]:
    """The history entry for a correction, checked: a seat at this table, a key the
    game offers now, a whole number in range. IllegalAction (a sentence) otherwise."""
    by_seat = parse_seat(by_seat, seats)
    offered = {c.key: c for c in game.corrections(state)}
    if not isinstance(key, str) or key not in offered:
        raise IllegalAction("That number cannot be fixed now." if offered else "There is nothing to fix now.")
    fix = offered[key]
    if isinstance(value, bool) or not isinstance(value, int) or not fix.lo <= value <= fix.hi:
        raise IllegalAction(f"{fix.label} must be a whole number from {fix.lo} to {fix.hi}.")
    if value == fix.value:
        raise IllegalAction(f"{fix.label} is already {value}; nothing to fix.")
    return {"actor": by_seat, "type": CORRECTION, "key": key, "value": value, "label": fix.label}


def correction_sentence(action: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Ana fixed the count to 7." """
    seat = action.get("actor")
    who = names[seat] if is_seat(seat, names) else "Someone"
    label = str(action.get("label") or action.get("key") or "a number")
    if label[:1].isupper() and not label[1:2].isupper() and not label.split(" ")[0].endswith("'s"):
        label = label[0].lower() + label[1:]
    return f"{who} fixed {label} to {action.get('value')}."


__all__ = ["CORRECTION", "correction_action", "correction_sentence", "is_correction", "step", "stepper"]

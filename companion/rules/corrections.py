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

from companion.errors import CompanionError, IllegalAction
from companion.i18n import SOURCE, current
from companion.rules.engine import Game
from companion.rules.seats import is_seat, parse_seat
from companion.words import _

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
        raise IllegalAction(_("That number cannot be fixed now.") if offered else _("There is nothing to fix now."))
    fix = offered[key]
    if isinstance(value, bool) or not isinstance(value, int) or not fix.lo <= value <= fix.hi:
        raise IllegalAction(_("{label} must be a whole number from {lo} to {hi}.", label=fix.label, lo=fix.lo,
                              hi=fix.hi))
    if value == fix.value:
        raise IllegalAction(_("{label} is already {value}; nothing to fix.", label=fix.label, value=value))
    return {"actor": by_seat, "type": CORRECTION, "key": key, "value": value, "label": fix.label}


def correction_label(game: Game, state: Any, action: Mapping[str, Any]) -> str | None:
    """The label the game gives the corrected number now, in the current language
    (the journal's `label` is the one of the language it was fixed in), from the
    state before the correction; None when the game does not offer it there."""
    try:
        for fix in game.corrections(state):
            if fix.key == action.get("key"):
                return str(fix.label)
    except (CompanionError, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return None
    return None


def correction_sentence(action: Mapping[str, Any], names: Sequence[str], label: str | None = None) -> str:
    """ "Ana fixed the count to 7." label: the number's label in the current
    language (correction_label), else the one the journal holds."""
    seat = action.get("actor")
    value = action.get("value")
    label = label or str(action.get("label") or action.get("key") or "")
    if not is_seat(seat, names):
        if not label:
            return _("Someone fixed a number to {value}.", value=value)
        return _("Someone fixed {label} to {value}.", label=_lower(label), value=value)
    if not label:
        return _("{name} fixed a number to {value}.", name=names[seat], value=value)
    return _("{name} fixed {label} to {value}.", name=names[seat], label=_lower(label), value=value)


def _lower(label: str) -> str:
    """"The count" inside an English sentence: "the count" (a name, "Ana's score", kept).
    Other languages keep the label as the game wrote it (a German noun stays capital)."""
    if current() != SOURCE:
        return label
    if label[:1].isupper() and not label[1:2].isupper() and not label.split(" ")[0].endswith("'s"):
        return label[0].lower() + label[1:]
    return label


__all__ = ["CORRECTION", "correction_action", "correction_label", "correction_sentence", "is_correction", "step",
           "stepper"]

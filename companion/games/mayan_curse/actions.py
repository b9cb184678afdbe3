"""Mayan Curse's action types (the strings journals and replays hold) and the
sentence for each action, in the words of the view it is described for.

Everyone imports these constants instead of retyping the strings: the engine,
the bot, the table screen (docs/actions.md lists each action's fields).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.seats import is_seat

# chance (the companion's draws, or a person entering them under physical randomness)
DRAW_STONES = "draw_stones"
STELA_VALUE = "stela_value"
# a player's turn
ENTER_STONES = "enter_stones"  # the real purse: the three stones drawn, entered behind the gate
PLAY_STONE = "play_stone"  # a stone played to move: public from now on
DISCOVER_STELA = "discover_stela"
REACH_TEMPLE_BOARD = "reach_temple_board"
CLAIM_CAMERA = "claim_camera"
USE_BACKPACK = "use_backpack"
ENTER_STELA_VALUE = "enter_stela_value"
ESCAPE = "escape"
END_TURN = "end_turn"
# Step 3, reported for the table
BOULDER_STOPPED = "boulder_stopped"
STELA_CRUSHED = "stela_crushed"

#: The moves that use what only their player knows (stones in hand, stela values):
#: a phone offers these; every other move stays on the touchscreen.
PRIVATE = frozenset({ENTER_STONES, PLAY_STONE, ENTER_STELA_VALUE})

TURN_TYPES = (ENTER_STONES, PLAY_STONE, DISCOVER_STELA, REACH_TEMPLE_BOARD, CLAIM_CAMERA, USE_BACKPACK,
              ENTER_STELA_VALUE, ESCAPE, END_TURN)
BOULDER_TYPES = (BOULDER_STOPPED, STELA_CRUSHED)
CHANCE_TYPES = (DRAW_STONES, STELA_VALUE)


def stone_name(kind: str) -> str:
    """A sacred stone as players name it: "Dog", or "Dog / Jaguar" for a dual stone."""
    return " / ".join(part.capitalize() for part in str(kind).split("/"))


def _name(view: Mapping[str, Any], seat: Any) -> str:
    players = view.get("players") or []
    if is_seat(seat, players):
        return str(players[seat]["name"])
    return "The draw" if seat == "chance" else str(seat)


def _own(view: Mapping[str, Any], seat: Any) -> bool:
    """The view is that seat's own (it may read its own secrets)."""
    you = view.get("you")
    return isinstance(you, Mapping) and you.get("seat") == seat


def describe_action(view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """A sentence for `action`; a TABLE view's never names a stone in hand or a stela value."""
    kind: Any = action.get("type")
    who = _name(view, action.get("actor"))
    if kind == DRAW_STONES:
        seat: Any = action.get("seat")
        if _own(view, seat):
            return f"You drew {', '.join(stone_name(s) for s in action.get('stones') or [])}."
        return f"{_name(view, seat)} drew 3 sacred stones."
    if kind == STELA_VALUE:
        seat = action.get("seat")
        if _own(view, seat):
            return f"Your {action.get('colour')} stela is worth {action.get('value')}."
        return f"{_name(view, seat)} looked at the value of their {action.get('colour')} stela."
    if kind == ENTER_STONES:
        if _own(view, action.get("actor")):
            return f"You entered your stones: {', '.join(stone_name(s) for s in action.get('stones') or [])}."
        return f"{who} entered the stones they drew."
    if kind == PLAY_STONE:
        return f"{who} plays the {stone_name(str(action.get('stone')))} stone."
    if kind == DISCOVER_STELA:
        there = " on the temple" if action.get("place") == "temple" else ""
        return f"{who} discovered a {action.get('colour')} stela{there}."
    if kind == REACH_TEMPLE_BOARD:
        return f"{who} reached the temple transition board."
    if kind == CLAIM_CAMERA:
        return f"{who} reached the top of the temple and claimed a camera."
    if kind == USE_BACKPACK:
        return f"{who} used the {action.get('item')}."
    if kind == ENTER_STELA_VALUE:
        if _own(view, action.get("actor")):
            return f"You entered {action.get('value')} for your stela {int(action.get('stela') or 0) + 1}."
        return f"{who} entered the value of a stela."
    if kind == ESCAPE:
        return f"{who} escaped."
    if kind == END_TURN:
        return f"{who} ended their turn."
    if kind == BOULDER_STOPPED:
        name: Any = action.get("boulder")
        where: Any = action.get("where")
        if where == "entrance":
            return f"The {name} boulder reached the entrance."
        if where == "stays":
            return f"The {name} boulder stays on its board."
        return f"The {name} boulder stopped on row {action.get('row')}."
    if kind == STELA_CRUSHED:
        return f"A boulder crushed a {action.get('colour')} stela."
    return str(kind or "an action").replace("_", " ")


def private_lines(view: Mapping[str, Any]) -> list[str]:
    """A seat's own secrets in sentences (a phone page, a private view): the stones
    in hand, the stelae with their values, the knowledge so far. Only `you`."""
    you: Mapping[str, Any] = view.get("you") or {}
    lines = []
    stones = [stone_name(s) for s in you.get("stones") or []]
    lines.append(f"Your stones: {', '.join(stones)}." if stones else "No stones in hand.")
    played = [stone_name(s) for s in you.get("played") or []]
    if played:
        lines.append(f"Played this turn: {', '.join(played)}.")
    stelae = you.get("stelae") or []
    if stelae:
        shown = []
        for s in stelae:
            value = s.get("value")
            worth = f" worth {value}" if value is not None else " (value not entered)"
            there = " on the temple" if s.get("place") == "temple" else ""
            shown.append(f"{s.get('colour')}{there}{worth}")
        lines.append(f"Your stelae: {'; '.join(shown)}.")
    if you.get("knowledge") is not None:
        lines.append(f"Your knowledge so far: {you['knowledge']}.")
    if you.get("to_enter"):
        lines.append("Enter what you drew or looked at.")
    return lines

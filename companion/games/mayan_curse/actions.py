"""Mayan Curse's action types (the strings journals and replays hold) and the
sentence for each action, in the words of the view it is described for.

Everyone imports these constants instead of retyping the strings: the engine,
the bot, the table screen (docs/actions.md lists each action's fields).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.seats import is_seat

from .i18n import _
from .terms import boulder, colour, colour_name, the_item
from .terms import stone_name as _stone_name

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
    """A sacred stone as players name it: "Dog", or "Dog / Jaguar" for a dual stone
    (in the current language: terms.stone_name)."""
    return _stone_name(kind)


def _name(view: Mapping[str, Any], seat: Any) -> str:
    players = view.get("players") or []
    if is_seat(seat, players):
        return str(players[seat]["name"])
    return _("The draw") if seat == "chance" else str(seat)


def _own(view: Mapping[str, Any], seat: Any) -> bool:
    """The view is that seat's own (it may read its own secrets)."""
    you = view.get("you")
    return isinstance(you, Mapping) and you.get("seat") == seat


def _stones(action: Mapping[str, Any]) -> str:
    return ", ".join(stone_name(s) for s in action.get("stones") or [])


def describe_action(view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """A sentence for `action`; a TABLE view's never names a stone in hand or a stela value."""
    kind: Any = action.get("type")
    who = _name(view, action.get("actor"))
    if kind == DRAW_STONES:
        seat: Any = action.get("seat")
        if _own(view, seat):
            return _("You drew {stones}.", stones=_stones(action))
        return _("{name} drew 3 sacred stones.", name=_name(view, seat))
    if kind == STELA_VALUE:
        seat = action.get("seat")
        if _own(view, seat):
            return _("Your {colour} stela is worth {value}.", colour=colour(action.get("colour")),
                     value=action.get("value"))
        return _("{name} looked at the value of their {colour} stela.", name=_name(view, seat),
                 colour=colour(action.get("colour"), after_the=True))
    if kind == ENTER_STONES:
        if _own(view, action.get("actor")):
            return _("You entered your stones: {stones}.", stones=_stones(action))
        return _("{name} entered the stones they drew.", name=who)
    if kind == PLAY_STONE:
        return _("{name} plays the {stone} stone.", name=who, stone=stone_name(str(action.get("stone"))))
    if kind == DISCOVER_STELA:
        if action.get("place") == "temple":
            return _("{name} discovered a {colour} stela on the temple.", name=who, colour=colour(action.get("colour")))
        return _("{name} discovered a {colour} stela.", name=who, colour=colour(action.get("colour")))
    if kind == REACH_TEMPLE_BOARD:
        return _("{name} reached the temple transition board.", name=who)
    if kind == CLAIM_CAMERA:
        return _("{name} reached the top of the temple and claimed a camera.", name=who)
    if kind == USE_BACKPACK:
        return _("{name} used {item}.", name=who, item=the_item(action.get("item")))
    if kind == ENTER_STELA_VALUE:
        if _own(view, action.get("actor")):
            return _("You entered {value} for your stela {number}.", value=action.get("value"),
                     number=int(action.get("stela") or 0) + 1)
        return _("{name} entered the value of a stela.", name=who)
    if kind == ESCAPE:
        return _("{name} escaped.", name=who)
    if kind == END_TURN:
        return _("{name} ended their turn.", name=who)
    if kind == BOULDER_STOPPED:
        name = boulder(action.get("boulder"))
        where: Any = action.get("where")
        if where == "entrance":
            return _("The {boulder} boulder reached the entrance.", boulder=name)
        if where == "stays":
            return _("The {boulder} boulder stays on its board.", boulder=name)
        return _("The {boulder} boulder stopped on row {row}.", boulder=name, row=action.get("row"))
    if kind == STELA_CRUSHED:
        return _("A boulder crushed a {colour} stela.", colour=colour(action.get("colour")))
    # i18n: an action this version has no sentence for; {kind} is its internal name
    return _("An action: {kind}.", kind=str(kind or "?").replace("_", " "))


def private_lines(view: Mapping[str, Any]) -> list[str]:
    """A seat's own secrets in sentences (a phone page, a private view): the stones
    in hand, the stelae with their values, the knowledge so far. Only `you`."""
    you: Mapping[str, Any] = view.get("you") or {}
    lines = []
    stones = [stone_name(s) for s in you.get("stones") or []]
    lines.append(_("Your stones: {stones}.", stones=", ".join(stones)) if stones else _("No stones in hand."))
    played = [stone_name(s) for s in you.get("played") or []]
    if played:
        lines.append(_("Played this turn: {stones}.", stones=", ".join(played)))
    stelae = you.get("stelae") or []
    if stelae:
        shown = []
        for s in stelae:
            value = s.get("value")
            label = colour_name(s.get("colour"))
            temple = s.get("place") == "temple"
            if value is not None:
                shown.append(_("{colour} on the temple worth {value}", colour=label, value=value) if temple
                             else _("{colour} worth {value}", colour=label, value=value))
            else:
                shown.append(_("{colour} on the temple (value not entered)", colour=label) if temple
                             else _("{colour} (value not entered)", colour=label))
        lines.append(_("Your stelae: {stelae}.", stelae="; ".join(shown)))
    if you.get("knowledge") is not None:
        lines.append(_("Your knowledge so far: {n}.", n=you["knowledge"]))
    if you.get("to_enter"):
        lines.append(_("Enter what you drew or looked at."))
    return lines

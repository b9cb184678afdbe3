"""What a session can journal: plain JSON data of a sane size and shape
(companion/rules/moves.py check_record asks it for every action the session takes)."""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError, IllegalAction
from companion.rules.limits import MAX_DEPTH, MAX_INT, MAX_ITEMS, MAX_TEXT, shown
from companion.rules.seats import CHANCE, is_seat_number
from companion.words import _

if TYPE_CHECKING:
    from companion.rules.engine import Game

# The bounds are the moves' own (companion/rules/limits.py): what the journal takes, a
# move can carry, and a box file's names fit both. The action check that uses
# them is companion/rules/moves.py (check_record, parse_action).


def plain_data_problem(value: Any) -> str | None:
    """Why value cannot be journaled as plain data (a sentence fragment, in the current
    language: it ends "… cannot be recorded: {why}."), or None.
    Iterative: deep nesting is refused without recursing."""
    stack = [(value, 0)]
    items = 0
    while stack:
        v, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            # i18n: these complete "The options cannot be recorded: {why}." (a value a player entered)
            return _("it is far too large")
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, int):
            if abs(v) > MAX_INT:
                return _("a number in it is far too large")
        elif isinstance(v, float):
            if not math.isfinite(v) or abs(v) > MAX_INT:
                return _("a number in it is not a real number")
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                return _("a text in it is far too long")
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                return _("a text in it has characters that cannot be stored")
        elif isinstance(v, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                return _("it is nested too deeply")
            if isinstance(v, dict):
                for k, x in v.items():
                    if not isinstance(k, str):
                        return _("its names must be text")
                    stack.append((k, depth + 1))
                    stack.append((x, depth + 1))
            else:
                stack.extend((x, depth + 1) for x in v)
        else:
            return _("it must be plain data (numbers, text, lists), not {type}", type=type(v).__name__)
    return None


def check_numbers(game: Game, state: Any, action: dict[str, Any], keys: list[str]) -> None:
    """A true/false or a decimal where the game's own actions of that type
    have a whole number (a seat, a card value) is refused. For a draw entered by
    a person (CHANCE), the game's own draw of that moment is the model: one
    outcome picked with a fixed RNG carries the same fields as every other."""
    try:
        if action.get("actor") == CHANCE:
            models = [game.sample_chance(state, random.Random(0))]
        else:
            models = game.legal_actions(state, action["actor"])
    except (CompanionError, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return  # no model now (e.g. nothing is to be drawn): apply will say why
    models = [a for a in models if a.get("type") == action.get("type")]
    for key in keys:
        value = action[key]
        for a in models:
            if is_seat_number(a.get(key)) and type(value) is not int:
                if key == "seat":
                    raise IllegalAction(_("That action's seat must be a seat number, not {value}.",
                                          value=shown(value)))
                raise IllegalAction(_("That action's {field} must be a whole number, not {value}.", field=key,
                                      value=shown(value)))


__all__ = ["MAX_DEPTH", "MAX_INT", "MAX_ITEMS", "MAX_TEXT", "check_numbers", "plain_data_problem"]

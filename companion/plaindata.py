"""What a session can journal: plain JSON data of a sane size and shape."""
from __future__ import annotations

import json
import math
from typing import Any

from .engine import CHANCE, Game
from .errors import CompanionError, IllegalAction
from .journal import dumps

MAX_DEPTH = 8  # nesting of lists and tables in an action
MAX_ITEMS = 2_000  # values in one action (a shuffle order has ~70)
MAX_TEXT = 200  # characters in one piece of text
MAX_INT = 2**53  # whole numbers beyond this do not survive every JSON reader


def plain_data_problem(value: Any) -> str | None:
    """Why value cannot be journaled as plain data (a sentence fragment), or None.
    Iterative: deep nesting is refused without recursing."""
    stack = [(value, 0)]
    items = 0
    while stack:
        v, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            return "it is far too large"
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, int):
            if abs(v) > MAX_INT:
                return "a number in it is far too large"
        elif isinstance(v, float):
            if not math.isfinite(v) or abs(v) > MAX_INT:
                return "a number in it is not a real number"
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                return "a text in it is far too long"
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                return "a text in it has characters that cannot be stored"
        elif isinstance(v, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                return "it is nested too deeply"
            if isinstance(v, dict):
                for k, x in v.items():
                    if not isinstance(k, str):
                        return "its names must be text"
                    stack.append((k, depth + 1))
                    stack.append((x, depth + 1))
            else:
                stack.extend((x, depth + 1) for x in v)
        else:
            return f"it must be plain data (numbers, text, lists), not {type(v).__name__}"
    return None


def check_action(game: Game, state: Any, action: Any) -> tuple[dict[str, Any], str]:
    """The action as a replay will read it back, and its JSON; anything that
    is not plain data of a sane size or shape is IllegalAction, nothing changed."""
    if not isinstance(action, dict):
        raise IllegalAction("That is not an action: it needs an actor and a type.")
    why = plain_data_problem(action)
    if why:
        raise IllegalAction(f"That action cannot be recorded: {why}.")
    actor = action.get("actor")
    if actor != CHANCE and (isinstance(actor, bool) or not isinstance(actor, int)):
        raise IllegalAction(f"There is no seat {actor!r:.40} at this table.")
    odd = [k for k, v in action.items() if isinstance(v, (bool, float)) and k != "actor"]
    if odd:
        check_numbers(game, state, action, odd)
    payload = dumps(action)
    return json.loads(payload), payload


def check_numbers(game: Game, state: Any, action: dict[str, Any], keys: list[str]) -> None:
    """A true/false or a decimal where the game's own actions of that type
    have a whole number (a seat, a card value) is refused."""
    if action.get("actor") == CHANCE:
        return
    try:
        legal = [a for a in game.legal_actions(state, action["actor"]) if a.get("type") == action.get("type")]
    except CompanionError:
        return  # apply will say why
    for key in keys:
        value = action[key]
        for a in legal:
            v = a.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and type(value) is not int:
                raise IllegalAction(f"That action's {key} must be a whole number, not {value!r}.")


__all__ = ["MAX_DEPTH", "MAX_INT", "MAX_ITEMS", "MAX_TEXT", "check_action", "check_numbers", "plain_data_problem"]

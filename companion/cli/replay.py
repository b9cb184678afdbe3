"""Replaying a game from its JSON lines (`maya-companion replay`): a setup line, then
one action (or correction) per line. Every mistake is a ReplayError naming the line and
the reason, in the language current where it is made; the view printed is the same JSON
in every language."""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.games import get_game
from companion.i18n import SOURCE, format_decimal, language
from companion.words import _

if TYPE_CHECKING:
    from companion.rules.engine import Game


class ReplayError(Exception):
    def __init__(self, line: int, reason: str):
        super().__init__(_("Line {line}: {reason}", line=line, reason=reason))


def replay_lines(lines: Iterable[str]) -> dict[str, Any]:
    """Replay a setup line and action lines; {"view", "result", "actions"}.
    Raises ReplayError naming the line (1-based) and the reason."""
    from companion.rules.corrections import step
    from companion.rules.engine import TABLE

    game: Game | None = None
    state: Any = None
    count = 0
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as e:
            raise ReplayError(number, _("this is not valid JSON ({error} at column {column}).", error=e.msg,
                                        column=e.colno)) from None
        except RecursionError:
            raise ReplayError(number, _("this line nests lists or objects too deeply to be a move.")) from None
        except ValueError:  # an integer too long for Python to read (over 4,300 digits)
            raise ReplayError(number, _too_large(_longest_number(raw))) from None
        if not isinstance(data, dict):
            raise ReplayError(number, _("each line must be a JSON object."))
        # the setup's fairness record carries the 64-bit seed, for `verify`
        huge = _huge_number(data if game is not None else {k: v for k, v in data.items() if k != "fairness"})
        if huge is not None:
            raise ReplayError(number, _too_large(huge))
        if game is None:
            game, state = _replay_setup(number, data)
            continue
        try:
            state = step(game, state, data)  # a move, or a correction the table made
        except CompanionError as e:  # IllegalAction and its kin: already a sentence
            raise ReplayError(number, str(e)) from None
        except Exception as e:  # an engine bug must still not print a traceback
            raise ReplayError(number, _("the game could not apply this action ({error}).",
                                        error=type(e).__name__ + ": " + str(e))) from None
        count += 1
    if game is None:
        raise ReplayError(1, _("the file is empty; the first line must be the setup {setup}.",
                               setup='{"game": ..., "players": [...]}'))
    with language(SOURCE):  # the printed JSON is the same in every language
        result = game.result(state)
        return {"view": game.view(state, TABLE), "result": result.to_json() if result else None, "actions": count}


def _huge_number(data: Any) -> int | None:
    """The first whole number in a line beyond what any move carries (limits.MAX_INT), or None."""
    from companion.rules.limits import MAX_INT

    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_INT:
            return v
        if isinstance(v, dict):
            stack.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            stack.extend(reversed(v))
    return None


def _longest_number(raw: str) -> str:
    import re

    return max(re.findall(r"-?\d+", raw), key=len, default="")


def _too_large(value: int | str) -> str:
    """"the number 1234…(400 digits) is too large …": the value named, short."""
    from companion.rules.limits import MAX_INT, shown_int

    if isinstance(value, str):  # the digits as written (Python cannot read them as a number)
        sign, digits = ("-", value[1:]) if value.startswith("-") else ("", value)
        text = _("{start}…({n} digits)", start=sign + digits[:4], n=len(digits))
    else:
        text = shown_int(value)
    return _("the number {number} is too large (the numbers in a move are at most {most}).", number=text,
             most=format_decimal(MAX_INT))


def _replay_setup(number: int, data: dict[str, Any]) -> tuple[Game, Any]:
    if "game" not in data or "players" not in data:
        raise ReplayError(number, _("the first line must be the setup {setup}.",
                                    setup='{"game": ..., "players": [...], "options": {...}}'))
    if not isinstance(data["players"], list):
        raise ReplayError(number, _("{field} must be a list of names.", field="players"))
    if not isinstance(data.get("options") or {}, dict):
        raise ReplayError(number, _("{field} must be an object of names and values, e.g. {example}.",
                                    field="options", example='{"advanced": true}'))
    unknown = sorted(set(data) - {"game", "players", "options", "fairness"})  # fairness: read by `verify`
    if unknown:
        raise ReplayError(number, _("the setup has an unknown field {field}.", field=repr(unknown[0])))
    try:
        game = get_game(str(data["game"]))
        players = game.check_players(data["players"])
        options = game.resolve_options(data.get("options") or {})
        return game, game.setup(players, options)
    except CompanionError as e:
        raise ReplayError(number, str(e)) from None


__all__ = ["ReplayError", "replay_lines"]

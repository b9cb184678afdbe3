"""A game's options in the words of its rulebook, and which tables they apply to
(issue 22 §4): New game shows and records only the options that apply to its
table, Past games lists only those of the game played.

The words are in the [options] table of the game's game.toml, in the order the
screens show them:

    [options.difficulty]
    players = [1, 1]            # the player counts asked (companion.games.info)
    when = { scenario = [0] }   # the other options' values it needs
    label = "Difficulty level"
    values = { easy = "Easy (20 knowledge)", ... }   # true/false are "on"/"off"
    help = "One line under the option."
    seat = true                 # the value is a seat: shown as that player's name

An option the file does not describe reads as its name ("tokens to win: 5").

    applies("mayan_curse", "difficulty", 4, options)   # False: solo only
    text("maya_madness", "dealer", -1, ["Ana", "Ben"])  # "Dealer: the last player"
    described("mayan_curse", options, players=4)        # ["Sacred stones: …", …]
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import CompanionError

_SPECS: dict[str, dict[str, dict[str, Any]]] = {}


def specs(game: str) -> dict[str, dict[str, Any]]:
    """The [options] table of a game's game.toml (option name -> its words), in the
    file's order; empty for a game with no file (a test's) or an unreadable one."""
    if game in _SPECS:
        return _SPECS[game]
    from companion.games import META, _folder, info

    found: dict[str, dict[str, Any]] = {}
    try:
        folder = _folder(info(game).module)
        if folder is not None and (folder / META).is_file():
            data = tomllib.loads((folder / META).read_text(encoding="utf-8"))
            found = {str(k): dict(v) for k, v in (data.get("options") or {}).items() if isinstance(v, dict)}
    except (CompanionError, OSError, tomllib.TOMLDecodeError):
        found = {}
    _SPECS[game] = found
    return found


def _key(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def applies(game: str, name: str, players: int, options: Mapping[str, Any] | None = None) -> bool:
    """Whether a table of `players` playing with `options` is asked about option `name`:
    the player counts it is for, and the other options' values it needs."""
    spec = specs(game).get(name, {})
    lo, hi = spec.get("players", (0, 10**6))
    if not int(lo) <= players <= int(hi):
        return False
    for other, wanted in (spec.get("when") or {}).items():
        if options is not None and other in options and options[other] not in wanted:
            return False
    return True


def label(game: str, name: str) -> str:
    """The option's name for a player ("Difficulty level")."""
    return str(specs(game).get(name, {}).get("label") or name.replace("_", " ").capitalize())


def value_text(game: str, name: str, value: Any, names: Sequence[str] = ()) -> str:
    """A value in words ("Normal (25 knowledge)", "the last player", "Ana")."""
    spec = specs(game).get(name, {})
    words = spec.get("values") or {}
    if _key(value) in words:
        return str(words[_key(value)])
    if spec.get("seat") and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return _key(value)


def text(game: str, name: str, value: Any, names: Sequence[str] = ()) -> str:
    """"Label: value", as New game's button and Past games' detail show it."""
    return f"{label(game, name)}: {value_text(game, name, value, names)}"


def help_text(game: str, name: str, fallback: str = "") -> str:
    """The line under the option (the game's own help when the file has none)."""
    return str(specs(game).get(name, {}).get("help") or fallback)


def order(game: str, names: Sequence[str]) -> list[str]:
    """The option names in the order the game's file lists them (the others after)."""
    listed = list(specs(game))
    return sorted(names, key=lambda n: listed.index(n) if n in listed else len(listed))


def described(game: str, options: Mapping[str, Any], players: int, names: Sequence[str] = ()) -> list[str]:
    """The options that applied to a game, in words, in the file's order."""
    return [text(game, n, options[n], names) for n in order(game, list(options))
            if applies(game, n, players, options)]


def forget() -> None:
    """Read the files again next time (tests that write a game.toml)."""
    _SPECS.clear()

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

The words are the game's, so they are translated with the game's own catalog (its
package's locale/, the domain `companion.i18n.Words.of(<its package>)`, found from the
registry), in the language current where they are shown.

    applies("mayan_curse", "difficulty", 4, options)   # False: solo only
    text("maya_madness", "dealer", -1, ["Ana", "Ben"])  # "Dealer: the last player"
    described("mayan_curse", options, players=4)        # ["Sacred stones: …", …]
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import CompanionError
from companion.i18n import Words
from companion.words import _

_SPECS: dict[str, dict[str, dict[str, Any]]] = {}
_WORDS: dict[str, Words | None] = {}


def words_of(game: str) -> Words | None:
    """The game's own translations (the catalog beside its package), or None for a game
    that is not a package (a test's) or is unknown. Kept per game: a Words looks the
    language up on each call."""
    if game not in _WORDS:
        from companion.games import info

        try:
            _WORDS[game] = Words.of(info(game).module)
        except (CompanionError, ValueError, ImportError):
            _WORDS[game] = None
    return _WORDS[game]


def game_text(game: str, message: str) -> str:
    """A word of the game's game.toml (a title, a label, a value, a help line) in the
    current language: the game's catalog translates it."""
    words = words_of(game)
    return words.gettext(message) if words is not None and message else message


def title(game: str) -> str:
    """The game's title in the current language (the registry's, through the game's catalog)."""
    from companion.games import title as registry_title

    return game_text(game, registry_title(game))


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


def _shown(value: Any) -> str:
    """A value no file describes, in words: on/off translated, others as they are."""
    if isinstance(value, bool):
        # i18n: an option switched on or off ("Advanced: on")
        return _("on") if value else _("off")
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
    said = specs(game).get(name, {}).get("label")
    return game_text(game, str(said)) if said else name.replace("_", " ").capitalize()


def value_text(game: str, name: str, value: Any, names: Sequence[str] = ()) -> str:
    """A value in words ("Normal (25 knowledge)", "the last player", "Ana")."""
    spec = specs(game).get(name, {})
    words = spec.get("values") or {}
    if _key(value) in words:
        return game_text(game, str(words[_key(value)]))
    if spec.get("seat") and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return _shown(value)


def text(game: str, name: str, value: Any, names: Sequence[str] = ()) -> str:
    """"Label: value", as New game's button and Past games' detail show it."""
    # i18n: an option and its value, as New game and Past games show them ("Difficulty level: Easy")
    return _("{label}: {value}", label=label(game, name), value=value_text(game, name, value, names))


def help_text(game: str, name: str, fallback: str = "") -> str:
    """The line under the option (the game's own help when the file has none)."""
    said = specs(game).get(name, {}).get("help")
    return game_text(game, str(said)) if said else fallback


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
    _WORDS.clear()

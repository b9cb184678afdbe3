"""Counted words on the history and statistics screens ("1 play", "3 plays"), in the
language current where they are made (companion/words.py's catalog: German "1 Partie",
"3 Partien"). The number is written the language's way ("1,234" / "1.234").

    plays(1)            # "1 play" (also count(1, <the word>), the screens' way)
    wins(3)             # "3 wins"
    played_at(t)        # "Nov 12, 2026, 2:30 PM" / "12. Nov. 2026, 14:30" (Past games)
    played_on(t)        # "Nov 12" / "12. Nov." (the statistics' plot)
    minutes_on_average(35.5)   # "35.5 min on average" / "im Schnitt 35,5 Min."
"""
from __future__ import annotations

import datetime
from collections.abc import Callable

from companion.i18n import PSEUDO, SOURCE, current, format_decimal, format_skeleton, pseudo
from companion.words import _, ngettext


def _number(n: float) -> str:
    return format_decimal(n)


def plays(n: float) -> str:
    return ngettext("{count} play", "{count} plays", n, count=_number(n))


def wins(n: float) -> str:
    return ngettext("{count} win", "{count} wins", n, count=_number(n))


def games(n: float) -> str:
    return ngettext("{count} game", "{count} games", n, count=_number(n))


def matches(n: float) -> str:
    return ngettext("{count} match", "{count} matches", n, count=_number(n))


def moves(n: float) -> str:
    return ngettext("{count} move", "{count} moves", n, count=_number(n))


def draws(n: float) -> str:
    return ngettext("{count} draw", "{count} draws", n, count=_number(n))


def players(n: float) -> str:
    return ngettext("{count} player", "{count} players", n, count=_number(n))


def minutes(n: float) -> str:
    return ngettext("{count} minute", "{count} minutes", n, count=_number(n))


def _singular(name: str) -> str:
    return name.removesuffix("es") if name.endswith("ches") else name.removesuffix("s")


#: word -> its counted form: each function above under its word in the singular ("play"),
#: the name `count` takes (each a literal ngettext, so the catalog has both forms).
COUNTED: dict[str, Callable[[float], str]] = {
    _singular(f.__name__): f for f in (plays, wins, games, matches, moves, draws, players, minutes)}


def count(n: float, word: str) -> str:
    """"1 play", "0 plays", "2 games" (German "1 Partie", "0 Partien", "2 Spiele").
    A word without a counted form here reads in English (KeyError would hide a screen)."""
    said = COUNTED.get(word)
    if said is not None:
        return said(n)
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown} {word if n == 1 else word + 's'}"


def _local(t: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(t)


def played_at(t: float) -> str:
    """When a game was played (a Unix time), in the current language's own way
    ("Nov 12, 2026, 2:30 PM" / "12. Nov. 2026, 14:30")."""
    from babel.dates import format_time

    when = _local(t)
    lang = current()
    clock = str(format_time(when, format="short", locale=SOURCE if lang == PSEUDO else lang))
    # i18n: a game's date and time in Past games ("Nov 12, 2026, 2:30 PM")
    return _("{date}, {time}", date=format_skeleton("yMMMd", when), time=clock)


def played_on(t: float) -> str:
    """The day a game was played, short ("Nov 12" / "12. Nov."); bracketed under the
    pseudo-locale like every other text that is the language's."""
    text = format_skeleton("MMMd", _local(t))
    return pseudo(text) if current() == PSEUDO else text


def minutes_on_average(minutes: float | None) -> str:
    """A game's average length ("35.5 min on average" / "im Schnitt 35,5 Min.")."""
    shown = format_decimal(minutes) if minutes is not None else "–"
    return _("{minutes} min on average", minutes=shown)


__all__ = ["COUNTED", "count", "draws", "games", "matches", "minutes", "minutes_on_average", "moves", "played_at",
           "played_on", "players", "plays", "wins"]

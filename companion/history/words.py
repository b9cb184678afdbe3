"""Counted words on the history and statistics screens ("1 play", "3 plays"), in the
language current where they are made (companion/words.py's catalog: German "1 Partie",
"3 Partien"). The number is written the language's way ("1,234" / "1.234").

    count(1, "play")    # "1 play"
    count(3, "win")     # "3 wins"
"""
from __future__ import annotations

from collections.abc import Callable

from companion.i18n import format_decimal
from companion.words import ngettext


def _number(n: float) -> str:
    return format_decimal(n)


#: word -> its counted form (each a literal ngettext, so the catalog has both forms).
COUNTED: dict[str, Callable[[float], str]] = {
    "play": lambda n: ngettext("{count} play", "{count} plays", n, count=_number(n)),
    "win": lambda n: ngettext("{count} win", "{count} wins", n, count=_number(n)),
    "game": lambda n: ngettext("{count} game", "{count} games", n, count=_number(n)),
    "match": lambda n: ngettext("{count} match", "{count} matches", n, count=_number(n)),
    "move": lambda n: ngettext("{count} move", "{count} moves", n, count=_number(n)),
    "draw": lambda n: ngettext("{count} draw", "{count} draws", n, count=_number(n)),
    "player": lambda n: ngettext("{count} player", "{count} players", n, count=_number(n)),
    "minute": lambda n: ngettext("{count} minute", "{count} minutes", n, count=_number(n)),
}


def count(n: float, word: str) -> str:
    """"1 play", "0 plays", "2 games" (German "1 Partie", "0 Partien", "2 Spiele").
    A word without a counted form here reads in English (KeyError would hide a screen)."""
    said = COUNTED.get(word)
    if said is not None:
        return said(n)
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown} {word if n == 1 else word + 's'}"


__all__ = ["COUNTED", "count"]

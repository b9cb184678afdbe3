"""Which language a seat's phone page speaks (issue 24): each phone its owner's.

In this order: the language the page's chooser just asked for (``/s/<token>?lang=de``);
the one a remembered player chose before (players.json, companion/table/players.py);
the phone's own cookie (an unremembered player's phone); the browser's
Accept-Language when the companion ships it; else the table's language. Anything a
phone sends that the companion cannot speak (a bogus code, a huge header) counts as
saying nothing: the next rule decides, never an error.

    decide(asked="de", remembered=None, cookie=None, accept="fr-CH, en;q=0.8")  # -> "de"
    decide(None, None, None, "fr-CH, de;q=0.9, en;q=0.8")                        # -> "de"
"""
from __future__ import annotations

from typing import Protocol

from companion.i18n import LANGUAGES, known, table_language

#: The cookie an unremembered phone keeps its choice in (no other data: a language code).
COOKIE = "maya_lang"
COOKIE_AGE = 400 * 24 * 3600  # seconds: the longest a browser keeps a cookie
MAX_HEADER = 512  # characters of Accept-Language read (more: the rest ignored)


def shipped(code: object) -> str | None:
    """`code` when the companion ships it for a phone ("de-DE" -> "de"); None otherwise
    (the tests' pseudo-locale too, when asked for by name)."""
    lang = known(code)
    return lang if lang is not None and (lang in LANGUAGES or lang == table_language()) else None


def accepted(header: str | None) -> str | None:
    """The first language of an Accept-Language header the companion ships, by the
    header's weights ("fr-CH, de;q=0.9, en;q=0.8" -> "de"); None for none or garbage."""
    if not isinstance(header, str):
        return None
    ranked = []
    for i, item in enumerate(header[:MAX_HEADER].split(",")):
        code, _, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight > 0:
            ranked.append((-weight, i, code.strip()))
    for _w, _i, code in sorted(ranked):
        lang = shipped(code)
        if lang is not None:
            return lang
    return None


def decide(asked: object, remembered: object, cookie: object, accept: str | None) -> str:
    """The page's language (see the module docstring for the order)."""
    for said in (asked, remembered, cookie):
        lang = shipped(said)
        if lang is not None:
            return lang
    return accepted(accept) or table_language()


class PlayerLanguages(Protocol):
    """Where a remembered player's language is kept (the roster; tests give a dict)."""

    def language_of(self, name: str) -> str | None: ...
    def remember(self, name: str, language: str) -> bool: ...


class RosterLanguages:
    """The remembered players' languages, in players.json (companion/table/players.py).
    Each call opens the roster anew, as the rest of the companion does, so a roster
    written by a screen meanwhile is not overwritten with an old one."""

    def language_of(self, name: str) -> str | None:
        from companion.table.players import Roster

        player = Roster.open().by_name(name)
        return (player.language or None) if player is not None else None

    def remember(self, name: str, language: str) -> bool:
        """Keep `language` for the remembered player `name`; False for a player the
        roster does not remember (their phone's cookie keeps it) or a roster that
        cannot be written."""
        from companion.errors import CompanionError
        from companion.table.players import Roster

        roster = Roster.open()
        player = roster.by_name(name)
        if player is None:
            return False
        try:
            roster.set_language(player.id, language)
        except (CompanionError, OSError):
            return False
        return True


__all__ = ["COOKIE", "COOKIE_AGE", "PlayerLanguages", "RosterLanguages", "accepted", "decide", "shipped"]

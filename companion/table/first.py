"""A fair first player: the companion draws who starts (issue 25).

Every rulebook leaves the first player (or dealer) to the table. A game declares
the option that holds that seat (`starts = Starts(...)`, companion/rules/starts.py);
New game lets the table choose it, or, when the companion makes the draws
(digital randomness), lets the companion draw it. The draw comes from the
session's committed seed (companion/rules/chance.py `draw_first`), is written
into the options before the first action, so a replay needs no RNG, and the
drawn seat is kept in the session's meta (`first_drawn`), exported in the
fairness record and re-derived by `maya-companion verify`. A table drawing with
a real die simply enters the seat it rolled, as a chosen first player.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadOption
from companion.rules.chance import draw_first
from companion.rules.starts import starts_of
from companion.words import _

#: the session meta's key for the seat the companion drew
DRAWN = "first_drawn"


def can_draw(game: Any, randomness: str, players: int = 2) -> bool:
    """New game offers "Draw the first player" only for a game that declares who
    starts, only when the companion makes the draws (its seed is committed), and
    not to a solo player."""
    return randomness == "digital" and starts_of(game) is not None and players > 1


def drawn_options(game: Any, players: Sequence[str], options: Mapping[str, Any], seed: int,
                  randomness: str) -> tuple[dict[str, Any], int]:
    """The options with the drawn seat as the one who starts, and that seat."""
    starts = starts_of(game)
    if starts is None:
        raise BadOption(_("{title} has no first player to draw.", title=game.title or game.name))
    if randomness != "digital":
        raise BadOption(_("The companion draws the first player only when it makes the draws"
                          " (digital randomness); roll at the table and choose who starts."))
    seat = draw_first(seed, len(players))
    return {**options, starts.option: starts.value_for(seat, len(players))}, seat


def drawn_seat(session: Any) -> int | None:
    """The seat the companion drew to start, None when the table chose (a session
    or its journal row)."""
    meta = session.get("meta") if isinstance(session, Mapping) else getattr(session, "meta", None)
    seat = (meta if isinstance(meta, Mapping) else {}).get(DRAWN)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def drawn_sentence(session: Any) -> str:
    """"The draw chose Ben to start.", or "" when the table chose."""
    return drawn_line(list(getattr(session, "players", ())), drawn_seat(session))


def drawn_line(players: Sequence[str], seat: int | None) -> str:
    """"The draw chose Ben to start." for a drawn seat (a frame's `drawn`), "" for None."""
    if seat is None or not 0 <= seat < len(players):
        return ""
    return _("The draw chose {name} to start.", name=players[seat])


def check_drawn(game: Any, players: Sequence[str], options: Mapping[str, Any], seed: int,
                seat: Any) -> str:
    """For `verify`: "" when `seat` is the seed's draw and the options make it start,
    else what is wrong."""
    starts = starts_of(game)
    n = len(players)
    if starts is None or not isinstance(seat, int) or isinstance(seat, bool):
        return _("The file says the first player was drawn, but names no seat this game can draw.")
    if seat != draw_first(seed, n):
        return _("The seed draws {name} to start, not {other}.", name=players[draw_first(seed, n)],
                 other=players[seat] if 0 <= seat < n else seat)
    if starts.starter(options, n) != seat:
        return _("The options do not make {name}, the drawn first player, start.", name=players[seat])
    return ""


__all__ = ["DRAWN", "can_draw", "check_drawn", "drawn_line", "drawn_options", "drawn_seat", "drawn_sentence"]

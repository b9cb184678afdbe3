"""Who starts: the option a game declares for its first player (or dealer).

Every rulebook leaves the first player to the table. A game names, with a class
attribute `starts = Starts(option, ...)`, the option that holds a seat, so New
game can let the table choose it or let the companion draw it (the draw:
companion/rules/chance.py `draw_first`, journaled in the session's options and
checked by `maya-companion verify`).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Starts:
    """`option` holds a seat; the seat that starts is `offset` after it (a dealer:
    the player to the dealer's left starts, offset 1)."""

    option: str
    offset: int = 0

    def value_for(self, seat: int, seats: int) -> int:
        """The option's value that makes `seat` start."""
        return (seat - self.offset) % seats

    def starter(self, options: Mapping[str, Any], seats: int) -> int:
        """The seat that starts under these options (-1 is the last seat)."""
        value = int(options[self.option])
        return ((value % seats) + self.offset) % seats


def starts_of(game: Any) -> Starts | None:
    """The game's declaration, None for a game that declares none."""
    starts = getattr(game, "starts", None)
    return starts if isinstance(starts, Starts) else None


__all__ = ["Starts", "starts_of"]

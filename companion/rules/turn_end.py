"""How a game's turn ends: the action a game declares for "this seat ends its turn now".

The turn clock's "then the turn ends" option (issue 25 §1; companion/table/clock.py)
plays it for a seat whose per-turn time ran out. A game names it with a class
attribute, found the same way as `starts` (companion/rules/starts.py):

    class MayanCurse(Game):
        ends_turn = EndsTurn("end_turn")

A game whose turn is not one such move (a card that must be played, a phase of
several steps) declares none, and New game offers it no such option. The action
goes through the table controller like a tap; the game refuses it when it is not
legal now, and then nothing happens.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class EndsTurn:
    """The action type that ends the acting seat's turn (it takes no other values)."""

    type: str

    def action(self, seat: int) -> dict[str, Any]:
        return {"actor": seat, "type": self.type}


def ends_turn_of(game: Any) -> EndsTurn | None:
    """The game's declaration, None for a game that declares none."""
    ends = getattr(game, "ends_turn", None)
    return ends if isinstance(ends, EndsTurn) else None


__all__ = ["EndsTurn", "ends_turn_of"]

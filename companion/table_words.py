"""The sentences the table controller itself says (the rest come from the game):
what Undo and Redo did, the privacy gate's prompts, the end of a game, the
"Fix a number" screen's help. Screens show these and write none of their own."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def took_back(who: str | None, fix: bool) -> str:
    if fix:
        return f"Took back {who}'s fix." if who else "Took back the fix."
    return f"Took back {who}'s last move." if who else "Took back the last move."


def put_back(who: str | None) -> str:
    return f"Put back {who}'s move." if who else "Put back the move."


def gate_title(name: str) -> str:
    """Over an open private view."""
    return f"Only {name} looks"


def ask_title(name: str) -> str:
    return f"{name}'s secret"


def ask_away(name: str) -> str:
    return f"Everyone except {name}: please look away."


def ask_show(name: str) -> str:
    return f"I am {name}: show me"


def hides_in(seconds: int) -> str:
    return f"hides in {seconds} s"


def headline(winners: Sequence[str]) -> str:
    if not winners:
        return "Nobody wins."
    return " and ".join(winners) + (" win!" if len(winners) > 1 else " wins!")


def not_over() -> str:
    return "The game is not over."


def fix_hint(any_fix: bool) -> str:
    return ("Set it to what the table really shows; everyone sees the fix in the log."
            if any_fix else "There is no number to fix at this point of the game.")


def fixed_by(name: str) -> str:
    return f"Fixed by {name} (tap for another player)"


def closed_view(name: str, why: Any) -> str:
    return (f"{name}'s private view stays closed: the companion could not record that it was "
            f"looked at ({why}).")

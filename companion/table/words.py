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


# --- Home: the games in progress ------------------------------------------------------
def names(players: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    players = list(players)
    if not players:
        return ""
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def moves(n: int) -> str:
    return "1 move" if n == 1 else f"{n} moves"


def resume_hint(any_game: bool) -> str:
    return "Games in progress — tap to resume:" if any_game else "No game in progress."


def show_more(showing_all: bool, newest: int, total: int) -> str:
    return f"Show newest {newest}" if showing_all else f"Show all {total}"


def resume_row(title: str, n: int, started: str) -> str:
    return f"Resume {title} — {moves(n)}, started {started}"


def abandon_question(title: str, players: Sequence[str]) -> str:
    return f"Abandon {title} with {names(players)}?"


def abandon_consequence(n: int) -> str:
    kept = ("No move has been made yet." if n == 0 else
            f"Its {'move stays' if n == 1 else f'{n} moves stay'} in the journal.")
    return f"It will no longer be offered to resume and will not count as a finished game. {kept}"


def abandoned(title: str, players: Sequence[str]) -> str:
    return f"{title} with {names(players)} was abandoned."


def empty_log() -> str:
    return "Nothing has happened yet."

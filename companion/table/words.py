"""The sentences the table controller itself says (the rest come from the game):
what Undo and Redo did, the privacy gate's prompts, the end of a game, the
"Fix a number" screen's help. Screens show these and write none of their own.

Each is made when called, in the language current then (companion/i18n.py), from
the companion domain's catalog (companion/words.py)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.words import _, joined, ngettext


def took_back(who: str | None, fix: bool) -> str:
    if fix:
        return _("Took back {name}'s fix.", name=who) if who else _("Took back the fix.")
    return _("Took back {name}'s last move.", name=who) if who else _("Took back the last move.")


def put_back(who: str | None) -> str:
    return _("Put back {name}'s move.", name=who) if who else _("Put back the move.")


def gate_title(name: str) -> str:
    """Over an open private view."""
    return _("Only {name} looks", name=name)


def ask_title(name: str) -> str:
    return _("{name}'s secret", name=name)


def ask_away(name: str) -> str:
    return _("Everyone except {name}: please look away.", name=name)


def ask_show(name: str) -> str:
    # i18n: the button the asking player taps once the others look away
    return _("I am {name}: show me", name=name)


def hides_in(seconds: int) -> str:
    # i18n: over an open private view, in its last seconds ("s": seconds)
    return _("hides in {seconds} s", seconds=seconds)


def and_list(items: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy" in the current language."""
    items = [str(i) for i in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    # i18n: the end of a list of names: "Ana, Ben and Cy" ({first}: "Ana, Ben")
    return _("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def headline(winners: Sequence[str]) -> str:
    if not winners:
        return _("Nobody wins.")
    return ngettext("{names} wins!", "{names} win!", len(winners), names=joined(winners))


def not_over() -> str:
    return _("The game is not over.")


def fix_hint(any_fix: bool) -> str:
    return (_("Set it to what the table really shows; everyone sees the fix in the log.")
            if any_fix else _("There is no number to fix at this point of the game."))


def fixed_by(name: str) -> str:
    return _("Fixed by {name} (tap for another player)", name=name)


def closed_view(name: str, why: Any) -> str:
    return _("{name}'s private view stays closed: the companion could not record that it was "
             "looked at ({why}).", name=name, why=why)


# --- Home: the games in progress ------------------------------------------------------
def names(players: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    return and_list(list(players))


def moves(n: int) -> str:
    return ngettext("{n} move", "{n} moves", n)


def resume_hint(any_game: bool) -> str:
    return _("Games in progress — tap to resume:") if any_game else _("No game in progress.")


def show_more(showing_all: bool, newest: int, total: int) -> str:
    # i18n: a button under the list of games in progress
    return _("Show newest {n}", n=newest) if showing_all else _("Show all {n}", n=total)


def resume_row(title: str, n: int, started: str) -> str:
    # i18n: one game in progress on Home; {moves}: "12 moves", {started}: a date
    return _("Resume {title} — {moves}, started {started}", title=title, moves=moves(n), started=started)


def abandon_question(title: str, players: Sequence[str]) -> str:
    return _("Abandon {title} with {names}?", title=title, names=names(players))


def abandon_consequence(n: int) -> str:
    kept = (_("No move has been made yet.") if n == 0 else
            ngettext("Its move stays in the journal.", "Its {n} moves stay in the journal.", n))
    return _("It will no longer be offered to resume and will not count as a finished game. {kept}", kept=kept)


def abandoned(title: str, players: Sequence[str]) -> str:
    return _("{title} with {names} was abandoned.", title=title, names=names(players))


def empty_log() -> str:
    return _("Nothing has happened yet.")

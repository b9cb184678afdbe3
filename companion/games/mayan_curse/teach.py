"""The first-game guide for Mayan Curse (issue 25 §1, companion/table/teach.py):
the first time each step of a round comes up, what happens now and what to do at
the real table, in the project's own words (the rulebook,
/work/shared/rules/mayan-curse.txt, is cited by its section). Read from the TABLE
view only: the guide is shown to the whole table and never says what a seat hides.

    teach_key(view)       -> the guide's key for this state (the view's phase)
    teach_card(key, view) -> (title, lines) in the table's language, or None
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import N_, _
from .state import BOULDERS, DRAW, REVEAL, TURN, VALUE

#: key -> (title, lines); "setup" is shown once, before the first step's card
CARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    # "Setup" 1-4
    "setup": (N_("Setting up"), (
        N_("Join the boards, entrance to temple; stack the 6 temple slabs, largest at the bottom."),
        N_("Cover the rivers with passage slabs: the 1-dot and 2-dot slabs by the entrance, the rest shuffled."),
        N_("Lay the stelae face down along the passage for {players} players; set the 3 boulders with their "
           "trigger tokens."),)),
    # "Step 1: Draw"
    DRAW: (N_("Drawing stones"), (
        N_("Each player draws three sacred stones from the purse and enters them here behind the "
           "privacy gate; keep them hidden."),)),
    # "Step 2: Turns"
    TURN: (N_("A turn"), (
        N_("Slide up to 3 slabs, then move your adventurer: each stone crosses a line of its symbol."),
        N_("Enter here what happened: a stela found (keep it face down), the temple, a camera, the "
           "backpack, an escape."),
        N_("End the turn here; the stones go back into the purse."),)),
    "value": (N_("A stela's value"), (
        N_("The value of the stela just found is drawn now: only its finder sees it, in their private "
           "view."),)),
    # "Step 3: Boulders"
    BOULDERS: (N_("Boulders tumble"), (
        N_("A boulder with no trigger tokens left tumbles towards the entrance: move it on the board."),
        N_("Enter where it stopped and which stelae it crushed (those leave the game unseen)."),)),
    # "Game End"
    REVEAL: (N_("Revealing the stelae"), (
        N_("The game is over: each player who escaped turns their stelae over and enters their values "
           "here."),)),
}

_STONES_COMPANION = N_("Your three sacred stones are in your private view (your fob or seat button).")
_STONES_REAL = N_("Draw three sacred stones from the real purse; enter them behind the privacy gate.")


def teach_key(view: Mapping[str, Any]) -> str | None:
    phase = str(view.get("phase") or "")
    if phase == VALUE:
        return "value"
    return phase if phase in CARDS and phase != "setup" else None


def teach_card(key: str, view: Mapping[str, Any]) -> tuple[str, Sequence[str]] | None:
    card = CARDS.get(key)
    if card is None:
        return None
    title, lines = card
    players = len(view.get("players") or ())
    out = [_(line, players=players) for line in lines]
    if key == TURN:
        real = (view.get("options") or {}).get("purse", "companion") == "real"
        out.insert(0, _(_STONES_REAL) if real else _(_STONES_COMPANION))
    return _(title), out[:4]

"""The first-game guide for Maya Madness (issue 25 §1, companion/table/teach.py):
the first time each part of the game comes up, what happens now and what to do at
the real table, in the project's own words (the rulebook,
/work/shared/rules/maya-madness.txt, is cited by its section). Read from the TABLE
view only: the guide is shown to the whole table and never says what a seat hides.

    teach_key(view)       -> the guide's key for this state (the view's phase)
    teach_card(key, view) -> (title, lines) in the table's language, or None
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import N_, _

#: key -> (title, lines); "setup" is shown once, before the first phase's card
CARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    # "Setup"
    "setup": (N_("Setting up"), (
        N_("Give each player a number line."),
        N_("Leave the number tokens in the box: the companion draws them; yours is in your private view."),
        N_("The player left of the dealer ({dealer}) plays first, then clockwise."),)),
    "shuffle": (N_("Shuffling"), (
        N_("Shuffle the cards and enter here how they were dealt: five cards to each player."),)),
    "start_card": (N_("The starting card"), (
        N_("The dealer turns over the top card of the draw pile and enters it here: its number is the "
           "starting count."),
        N_("A Wild: the dealer chooses the count. A Skip or a Reverse: the count starts at 0."),)),
    "start_count": (N_("The starting count"), (
        N_("A Wild was turned over: the dealer says the starting count and enters it here."),)),
    # "Game Play Overview", "Power Cards", "Uncovering Tokens"
    "play": (N_("Playing cards"), (
        N_("On your turn play one card to the discard pile, enter it here and say the count aloud."),
        N_("Reach your secret number on your own turn to win the token; the companion draws you a new one."),
        N_("Skip skips the next player, Reverse turns direction and sign, the Temple of Zero brings 0 and "
           "another card."),)),
    # "Tips and Strategies": the draw pile runs out
    "reshuffle": (N_("A new draw pile"), (
        N_("The draw pile is empty: shuffle the discard pile into a new draw pile (the count stays)."),)),
}

_REAL_CARDS = N_("Shuffle the cards and deal five to each; the rest, face down, is the draw pile.")
_DEALT = N_("The companion deals: each player's hand is in their private view.")
_DRAW = N_("Then draw back to five cards.")


def teach_key(view: Mapping[str, Any]) -> str | None:
    phase = str(view.get("phase") or "")
    return phase if phase in CARDS and phase != "setup" else None


def teach_card(key: str, view: Mapping[str, Any]) -> tuple[str, Sequence[str]] | None:
    card = CARDS.get(key)
    if card is None:
        return None
    title, lines = card
    players = [p for p in view.get("players") or () if isinstance(p, Mapping)]
    dealer = view.get("dealer")
    name = str(players[dealer].get("name")) if isinstance(dealer, int) and 0 <= dealer < len(players) else ""
    out = [_(line, dealer=name) for line in lines]
    real = (view.get("options") or {}).get("deck", "physical") == "physical"
    if key == "setup":
        out.insert(1, _(_REAL_CARDS) if real else _(_DEALT))
    if key == "play" and real:
        out.insert(1, _(_DRAW))
    return _(title), out[:4]

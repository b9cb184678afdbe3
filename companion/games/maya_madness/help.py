""""What can I do now?" for Maya Madness (companion/table/help.py): each phase's
short summary, in the project's own words (not the rulebook's), and the moves
players often try, refused by the game's own apply. `tries` reads only the
viewer's view, so the table's help tries nothing but what the table sees."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import END_TURN, GUESS, PLAY
from .i18n import N_, _

#: the view's phase (what the game waits for) -> (its name, the lines of its summary)
PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "shuffle": (N_("Dealing"), (N_("The companion shuffles and deals five cards to each player."),)),
    "reshuffle": (N_("A new draw pile"), (N_("The draw pile is empty: the discard pile becomes the new one."),)),
    "draw_token": (N_("Secret tokens"), (
        N_("A player draws a secret number token: only they may look at it, in their private view."),)),
    "start_card": (N_("The starting card"), (
        N_("The dealer turns over the top card: its number is the starting count (a Skip or Reverse "
           "starts at 0, a Wild at the dealer's number)."),)),
    "start_count": (N_("The starting count"), (
        N_("A Wild was turned over: the dealer chooses the starting count."),)),
    "play": (N_("Playing cards"), (
        N_("On your turn play one card: a number card adds to the count, Skip skips the next player, "
           "Reverse turns the direction and the count's sign, the Temple of Zero brings it to 0."),
        N_("Make the count your secret number on your own turn to win that token; the first with the tokens "
           "needed wins."),
        N_("Another player reaching your number on their turn does not count."),)),
    "over": (N_("The game is over"), (N_("A player has won the tokens needed."),)),
}

ADVANCED = N_("Advanced play: instead of a card you may guess an opponent's secret number.")


def phase_help(view: Mapping[str, Any]) -> tuple[str, Sequence[str]]:
    name, lines = PHASES.get(str(view.get("phase")), ("", ()))
    if not name:
        return "", ()
    out = [_(line) for line in lines]
    if view.get("phase") == "play" and (view.get("options") or {}).get("advanced"):
        out.append(_(ADVANCED))
    return _(name), out


def tries(view: Mapping[str, Any], viewer: Any) -> list[tuple[str, dict[str, Any]]]:
    """Moves players often try now, from what `viewer` sees in `view`."""
    if view.get("phase") != "play":
        return []
    actors = [a for a in (view.get("waiting_for") or {}).get("actors") or () if isinstance(a, int)]
    players = view.get("players") or []
    if len(actors) != 1 or len(players) < 2:
        return []
    seat = actors[0]
    other = (seat + 1) % len(players)
    name = players[seat]["name"]
    out: list[tuple[str, dict[str, Any]]] = []
    if viewer == "table" or viewer == other:
        out.append((_("{name} plays a card out of turn", name=players[other]["name"]),
                    {"actor": other, "type": PLAY, "card": "0"}))
    if viewer not in ("table", seat):
        return out
    if not view.get("bonus"):
        out.append((_("{name} ends the turn without a card", name=name), {"actor": seat, "type": END_TURN}))
    if (view.get("options") or {}).get("advanced"):
        out.append((_("{name} guesses their own number", name=name),
                    {"actor": seat, "type": GUESS, "target": seat, "number": 1}))
    else:
        out.append((_("{name} guesses a secret number", name=name),
                    {"actor": seat, "type": GUESS, "target": other, "number": 1}))
    return out

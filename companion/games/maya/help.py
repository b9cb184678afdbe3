""""What can I do now?" for Maya (companion/table/help.py): each phase's short
summary, in the project's own words (not the rulebook's), and the moves players
often try, refused by the game's own apply.

`tries(view, viewer)` builds its moves from `view` alone, the viewer's: the table's
help tries only what the table may see, a seat's help that seat's own cards."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import BID, PASS, PLACE_WORKER
from .i18n import N_, _
from .state import (
    AUCTION_CHOICE,
    AUCTION_DRAW,
    BIDDING,
    BUILDING,
    DISTRIBUTION,
    FIRST_PLAYER,
    OVER,
    QUARRY_END,
    QUARRYING,
    SETUP,
)

#: phase -> (its name, the lines of its summary); translated where shown
PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    SETUP: (N_("Starting blocks"), (
        N_("In turn, each player puts a block on the lowest level of a pyramid, until both starting "
           "blocks are placed."),)),
    FIRST_PLAYER: (N_("Who starts"), (
        N_("The holder of the First Player marker says who starts this round."),)),
    AUCTION_DRAW: (N_("The auction's markers"), (
        N_("The blue-backed markers to be auctioned this round are drawn."),)),
    BIDDING: (N_("Sealed bids"), (
        N_("Everyone bids gold at once, in secret: each enters a bid in their private view."),
        N_("The highest bids choose a blue marker first; a bid is paid whatever it wins."),)),
    AUCTION_CHOICE: (N_("Choosing markers"), (
        N_("The winners of the auction choose their markers, highest bid first."),)),
    QUARRYING: (N_("Quarrying"), (
        N_("In turn, lay one worker card face down at a quarry, or pass for the rest of the phase."),
        N_("A quarry's first card must be low; no quarry takes more cards than its limit."),
        N_("Keep cards back: the cards left carry your blocks to the pyramids."),)),
    QUARRY_END: (N_("After quarrying"), (
        N_("Everyone has passed: a marker that acts now (the 2 points, the joker) is used first."),)),
    DISTRIBUTION: (N_("Sharing out the blocks"), (
        N_("Quarry by quarry the cards are turned: the most points gets the most blocks and the "
           "quarry's marker."),
        N_("A −3 takes 3 points off another player in its quarry; a marker may have to be used at once."),)),
    BUILDING: (N_("Building"), (
        N_("In turn, place one block, make a double move (pay one block, place two) or pass (pay one block)."),
        N_("A higher level opens only when that level's lower levels are full in every pyramid, and only "
           "for a player with a block on each lower level of that pyramid."),)),
    OVER: (N_("The game is over"), (
        N_("After the third round's scoring the most gold wins."),)),
}


def phase_help(view: Mapping[str, Any]) -> tuple[str, Sequence[str]]:
    name, lines = PHASES.get(str(view.get("phase")), ("", ()))
    return (_(name), [_(line) for line in lines]) if name else ("", ())


def tries(view: Mapping[str, Any], viewer: Any) -> list[tuple[str, dict[str, Any]]]:
    """Moves players often try now, from what `viewer` sees in `view`."""
    phase = view.get("phase")
    actors = [a for a in (view.get("waiting_for") or {}).get("actors") or () if isinstance(a, int)]
    players = view.get("players") or []
    out: list[tuple[str, dict[str, Any]]] = []
    if phase == QUARRYING and len(actors) == 1 and viewer == "table" and len(players) > 1:
        other = (actors[0] + 1) % len(players)
        out.append((_("{name} passes out of turn", name=players[other]["name"]), {"actor": other, "type": PASS}))
    you = view.get("you")
    if not isinstance(you, Mapping) or viewer not in actors:
        return out
    cards = sorted(set(you.get("cards") or ()))
    quarries = view.get("quarries") or []
    if phase == QUARRYING and cards:
        empty = [q for q in quarries if not q.get("cards")]
        full = [q for q in quarries if len(q.get("cards") or ()) >= int(q.get("max_cards") or 0)]
        if empty:
            q, card = empty[0]["quarry"], cards[-1]
            out.append((_("Your {card} on an empty quarry", card=card),
                        {"actor": viewer, "type": PLACE_WORKER, "quarry": q, "card": card}))
        if full:
            q = full[0]["quarry"]
            out.append((_("A card on a full quarry"),
                        {"actor": viewer, "type": PLACE_WORKER, "quarry": q, "card": cards[0]}))
    if phase == BIDDING:
        gold = next((p.get("gold") for p in players if p.get("seat") == viewer), None)
        if isinstance(gold, int):
            out.append((_("A bid of more gold than you have"), {"actor": viewer, "type": BID, "gold": gold + 1}))
    return out

"""The first-game guide for Maya (issue 25 §1, companion/table/teach.py): the first
time each phase comes up, what happens now and what to do at the real table, in
the project's own words (the rulebook, /work/shared/rules/maya.txt, is cited by its
section). Everything here is read from the TABLE view: the guide is shown to the
whole table, so it never says what a seat hides.

    teach_key(view)       -> the guide's key for this state (its phase, or "new_round")
    teach_card(key, view) -> (title, lines) in the table's language, or None
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import N_, _
from .state import (
    AUCTION_CHOICE,
    AUCTION_DRAW,
    BIDDING,
    BUILDING,
    DISTRIBUTION,
    FIRST_PLAYER,
    QUARRY_END,
    QUARRYING,
    SETUP,
)

#: the phases a round after the first opens with: taught once, as "a new round"
#: (scoring and erosion happened just before them: "Phase 3 – Scoring", "Removal of stones")
NEW_ROUND = "new_round"
_ROUND_START = frozenset({FIRST_PLAYER, AUCTION_DRAW, BIDDING, AUCTION_CHOICE, QUARRYING})

#: key -> (title, lines); a line may name {players}, {pyramids} (public numbers and names)
CARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    # "Preparation"
    SETUP: (N_("Setting up"), (
        N_("Lay out the quarry tile for {players} players, the pyramids {pyramids}, and each quarry's "
           "green marker above it."),
        N_("Each player takes 8 worker cards and 2 blocks of their colour; the other blocks are their pool."),
        N_("In turn, put a starting block on the bottom level of a pyramid and tap it here."),)),
    # "Variation for Advanced Players": the auction
    AUCTION_DRAW: (N_("The blue markers"), (
        N_("Shuffle the blue-backed markers face down and draw one fewer than there are players."),
        N_("Turn them face up beside the board and enter them here: they are auctioned now."),)),
    BIDDING: (N_("The auction"), (
        N_("The blue markers beside the board are auctioned: everyone bids gold at the same time."),
        N_("In turn, each player opens their private view and enters a bid there; nobody says it aloud."),
        N_("When all have bid the companion shows the bids: pay what you bid to the bank."),)),
    AUCTION_CHOICE: (N_("Taking the blue markers"), (
        N_("The highest bid chooses a blue marker first, then the next: take yours and lay it in front "
           "of you."),)),
    # "Phase 1 – Quarrying"
    QUARRYING: (N_("Quarrying"), (
        N_("In turn, place one worker card at a quarry, or pass for the rest of the phase."),
        N_("A quarry's first card must be low (3 to 5); a card's back tells low from high."),
        N_("Keep some cards: the points you keep carry your blocks to the pyramids."),)),
    QUARRY_END: (N_("Everyone has passed"), (
        N_("A blue marker that acts now (the 2 points, the joker) may be used before the cards are "
           "turned: its holder lays it beside a quarry."),)),
    # "Distribution of blocks", "Transport"
    DISTRIBUTION: (N_("Sharing out the blocks"), (
        N_("Quarry by quarry, from the right, the cards are turned face up in their order."),
        N_("The most points takes the most blocks and the quarry's green marker; the owner of a −3 "
           "chooses whom it takes 3 points from."),
        N_("Your cards left carry one block per point: take the blocks shown from your pool."),)),
    # "Phase 2 – Building pyramids"
    BUILDING: (N_("Building"), (
        N_("In turn, put one block on a pyramid at the table and tap the same place here."),
        N_("A double move: pay one block to your pool, place two. A pass: pay one block."),
        N_("A higher level opens only when the lower levels of every pyramid are full."),)),
    # "Phase 3 – Scoring", "Removal of stones", "A new round"
    NEW_ROUND: (N_("A new round"), (
        N_("The pyramids were scored: take the gold the companion shows from the bank."),
        N_("Erosion: take off the pyramids the blocks the companion took off, back to their pools."),
        N_("Everyone takes back their 8 worker cards; the green markers go back above their quarries."),)),
}


def _real_cards(view: Mapping[str, Any]) -> bool:
    """Worker cards laid at the real table, entered only when a quarry is turned."""
    return bool((view.get("options") or {}).get("quarries", "companion") != "companion")


def teach_key(view: Mapping[str, Any]) -> str | None:
    phase = str(view.get("phase") or "")
    # with real cards the companion waits in the distribution while the table quarries
    starts = _ROUND_START | {DISTRIBUTION} if _real_cards(view) else _ROUND_START
    if phase in starts and int(view.get("round") or 1) >= 2:
        return NEW_ROUND
    return phase if phase in CARDS else None


def teach_card(key: str, view: Mapping[str, Any]) -> tuple[str, Sequence[str]] | None:
    card = CARDS.get(key)
    if card is None:
        return None
    title, lines = card
    players = len(view.get("players") or ())
    pyramids = ", ".join(str(p.get("name")) for p in view.get("pyramids") or () if isinstance(p, Mapping))
    out = [_(line, players=players, pyramids=pyramids) for line in lines]
    if key == QUARRYING:
        out.insert(1, _("Choose your card and its quarry in your private view: the table sees only its back."))
    if key == DISTRIBUTION and _real_cards(view):
        # the quarrying happens at the table first: taught here, where the companion waits
        out = [_(CARDS[QUARRYING][1][0]),
               _("Lay cards face down below the quarries; a quarry's first card must be low."),
               _("When all have passed, turn each quarry's cards, from the right, and enter them here."), out[-1]]
    if key == SETUP and (view.get("options") or {}).get("advanced"):
        out.insert(2, _("Advanced: each player also takes 10 gold."))
    return _(title), out[:4]

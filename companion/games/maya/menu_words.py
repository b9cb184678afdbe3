"""The words of Maya's choices (menu.py): short button labels, the pickers'
questions, the confirmations of moves that cannot be taken back, and why a
choice shown greyed is not possible now. Public labels and sentences never name
a concealed card's value or a sealed bid."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .words import marker_name, names_of, number, plural, pyramid_name

View = Mapping[str, Any]

# --- labels ----------------------------------------------------------------------------
PASS_LABEL = "Pass"
FORCED_PASS_LABEL = "Pass (+1 gold)"
DOUBLE_LABEL = "Double move"
FREE_DOUBLE_LABEL = "Free double move"
JOKER_DOUBLE_LABEL = "Joker: free double move"
FREE_PASS_LABEL = "Free pass"
JOKER_PASS_LABEL = "Joker: free pass"
KEEP_JOKER_LABEL = "Keep the joker"
DECLINE_LABEL = "Decline"
MOVE_LABEL = "Move a block"
LAY_LABEL = "Lay a card"
BID_LABEL = "Seal a bid"
COLUMN_LABEL = "Column complete"
DRAW_LABEL = "Markers drawn"

# --- the pickers' questions --------------------------------------------------------------
CARD_PART = "Which card?"
QUARRY_PART = "At which quarry?"
DOUBLE_PART = "First, then"
FROM_PART = "From which pyramid?"
LEVEL_PART = "From which level?"
INTO_PART = "Into which pyramid?"
BID_PART = "How much gold?"
DRAW_PART = "The markers drawn"

# --- confirmations -----------------------------------------------------------------------
QUARRY_PASS_QUESTION = "Pass for the rest of quarrying? You lay no more cards this round."
PAID_PASS_QUESTION = "Pass and pay 1 block to the pool? You build no more this round."
FREE_PASS_QUESTION = "Use the free pass? You build no more this round."
JOKER_PASS_QUESTION = "Use the joker as a free pass? You build no more this round."
DOUBLE_QUESTION = "Pay 1 block to the pool for a double move?"

NO_CARD_FITS = "None of your cards may go to a quarry now."
DRAW_SENTENCE = "Enter the blue markers drawn for the auction."


def quarry_label(q: int) -> str:
    return f"Quarry {q + 1}"


def level_label(lv: int) -> str:
    return f"Level {lv + 1}"


def joker_label(as_: str) -> str:
    return "Joker: " + marker_name(as_)


def look_label(view: View, seat: int) -> str:
    name = names_of(view)[seat]
    return f"{name}: bid" if view["phase"] == "bidding" else f"{name}: lay a card or pass"


def card_of_label(view: View, seat: int) -> str:
    return f"{names_of(view)[seat]}'s card"


def card_of_sentence(view: View, seat: int) -> str:
    return f"The next card of the column is {names_of(view)[seat]}'s."


def lay_sentence(view: View, seat: int) -> str:
    return f"{names_of(view)[seat]} lays a worker card face down at a quarry."


def lay_picked(v: int) -> str:
    """A seat's own card chosen (tapped, or its tag read): where may it go?"""
    return f"Lay your {number(v)} at:"


def bid_sentence(view: View, seat: int) -> str:
    return f"{names_of(view)[seat]} seals a bid."


def double_sentence(view: View, seat: int, action: Mapping[str, Any]) -> str:
    who = names_of(view)[seat]
    if action.get("type") == "use_joker":
        return f"{who}'s joker stands for a free double move: two blocks, one after the other."
    if action.get("free"):
        return f"{who} uses the free double move: two blocks, one after the other."
    return f"{who} pays a block to the pool for a double move: two blocks, one after the other."


def move_sentence(view: View, seat: int) -> str:
    return f"{names_of(view)[seat]} moves one of their blocks into the first level of a pyramid."


def joker_sentence(view: View, seat: int, as_: str) -> str:
    return f"{names_of(view)[seat]}'s joker stands for {marker_name(as_)}."


def forced_pass_sentence(view: View, seat: int) -> str:
    return f"{names_of(view)[seat]} cannot place a block: one goes to the pool and the bank pays 1 gold."


def why_no_start(view: View, seat: int, p: int) -> str:
    name = pyramid_name(view, p)
    first = view["pyramids"][p]["levels"][0]
    if first["blocks"][seat]:
        return f"{names_of(view)[seat]} already has a starting block in {name}."
    return f"{name}'s first level is full."


def why_no_double(view: View, seat: int, fits: bool) -> str:
    blocks = view["players"][seat]["blocks"]
    if not fits:
        return "No block fits now."
    if blocks < 3:
        return f"A double move needs 3 blocks (one to pay, two to place); {names_of(view)[seat]} has " \
               f"{plural(blocks, 'block')}."
    return "No two blocks fit one after the other now."

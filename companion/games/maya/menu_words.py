"""The words of Maya's choices (menu.py): short button labels, the pickers'
questions, the confirmations of moves that cannot be taken back, and why a
choice shown greyed is not possible now. Public labels and sentences never name
a concealed card's value or a sealed bid.

The constants are marked with N_ (made at import) and translated where menu.py
uses them (`_(W.PASS_LABEL)`); the functions speak the current language."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import N_, _, ngettext
from .words import marker_name, names_of, number, pyramid_name

View = Mapping[str, Any]

# --- labels ----------------------------------------------------------------------------
# i18n: a button: pass (lay no more cards, or build no more this round)
PASS_LABEL = N_("Pass")
FORCED_PASS_LABEL = N_("Pass (+1 gold)")
DOUBLE_LABEL = N_("Double move")
FREE_DOUBLE_LABEL = N_("Free double move")
JOKER_DOUBLE_LABEL = N_("Joker: free double move")
FREE_PASS_LABEL = N_("Free pass")
JOKER_PASS_LABEL = N_("Joker: free pass")
KEEP_JOKER_LABEL = N_("Keep the joker")
# i18n: a button: do not use the marker (or the −3 card)
DECLINE_LABEL = N_("Decline")
MOVE_LABEL = N_("Move a block")
LAY_LABEL = N_("Lay a card")
BID_LABEL = N_("Seal a bid")
COLUMN_LABEL = N_("Column complete")
DRAW_LABEL = N_("Markers drawn")

# --- the pickers' questions --------------------------------------------------------------
CARD_PART = N_("Which card?")
QUARRY_PART = N_("At which quarry?")
# i18n: a picker of two pyramids, one after the other
DOUBLE_PART = N_("First, then")
FROM_PART = N_("From which pyramid?")
LEVEL_PART = N_("From which level?")
INTO_PART = N_("Into which pyramid?")
BID_PART = N_("How much gold?")
DRAW_PART = N_("The markers drawn")

# --- confirmations -----------------------------------------------------------------------
QUARRY_PASS_QUESTION = N_("Pass for the rest of quarrying? You lay no more cards this round.")
PAID_PASS_QUESTION = N_("Pass and pay 1 block to the pool? You build no more this round.")
FREE_PASS_QUESTION = N_("Use the free pass? You build no more this round.")
JOKER_PASS_QUESTION = N_("Use the joker as a free pass? You build no more this round.")
DOUBLE_QUESTION = N_("Pay 1 block to the pool for a double move?")

NO_CARD_FITS = N_("None of your cards may go to a quarry now.")
DRAW_SENTENCE = N_("Enter the blue markers drawn for the auction.")


def quarry_label(q: int) -> str:
    return _("Quarry {q}", q=q + 1)


def level_label(lv: int) -> str:
    return _("Level {level}", level=lv + 1)


def joker_label(as_: str) -> str:
    return _("Joker: {marker}", marker=marker_name(as_))


def look_label(view: View, seat: int) -> str:
    name = names_of(view)[seat]
    if view["phase"] == "bidding":
        return _("{name}: bid", name=name)
    return _("{name}: lay a card or pass", name=name)


def card_of_label(view: View, seat: int) -> str:
    return _("{name}'s card", name=names_of(view)[seat])


def card_of_sentence(view: View, seat: int) -> str:
    return _("The next card of the column is {name}'s.", name=names_of(view)[seat])


def lay_sentence(view: View, seat: int) -> str:
    return _("{name} lays a worker card face down at a quarry.", name=names_of(view)[seat])


def lay_picked(v: int) -> str:
    """A seat's own card chosen (tapped, or its tag read): where may it go?"""
    return _("Lay your {card} at:", card=number(v))


def bid_sentence(view: View, seat: int) -> str:
    return _("{name} seals a bid.", name=names_of(view)[seat])


def double_sentence(view: View, seat: int, action: Mapping[str, Any]) -> str:
    who = names_of(view)[seat]
    if action.get("type") == "use_joker":
        return _("{name}'s joker stands for a free double move: two blocks, one after the other.", name=who)
    if action.get("free"):
        return _("{name} uses the free double move: two blocks, one after the other.", name=who)
    return _("{name} pays a block to the pool for a double move: two blocks, one after the other.", name=who)


def move_sentence(view: View, seat: int) -> str:
    return _("{name} moves one of their blocks into the first level of a pyramid.", name=names_of(view)[seat])


def joker_sentence(view: View, seat: int, as_: str) -> str:
    return _("{name}'s joker stands for {marker}.", name=names_of(view)[seat], marker=marker_name(as_))


def forced_pass_sentence(view: View, seat: int) -> str:
    return _("{name} cannot place a block: one goes to the pool and the bank pays 1 gold.",
             name=names_of(view)[seat])


def why_no_start(view: View, seat: int, p: int) -> str:
    name = pyramid_name(view, p)
    first = view["pyramids"][p]["levels"][0]
    if first["blocks"][seat]:
        return _("{name} already has a starting block in {pyramid}.", name=names_of(view)[seat], pyramid=name)
    return _("{pyramid}'s first level is full.", pyramid=name)


def why_no_double(view: View, seat: int, fits: bool) -> str:
    blocks = view["players"][seat]["blocks"]
    if not fits:
        return _("No block fits now.")
    if blocks < 3:
        return ngettext("A double move needs 3 blocks (one to pay, two to place); {name} has {n} block.",
                        "A double move needs 3 blocks (one to pay, two to place); {name} has {n} blocks.",
                        blocks, name=names_of(view)[seat])
    return _("No two blocks fit one after the other now.")

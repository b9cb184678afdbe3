"""Maya Madness action types, and the sentence for an action.

The controller, the bots and the screens import these constants instead of
retyping the strings; the strings themselves never change (journals and the
rulebook replays hold them).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import _

PLAY = "play"  # a card from the hand (a Wild with its "value")
GUESS = "guess"  # advanced play: a guess at an opponent's secret number
END_TURN = "end_turn"  # physical deck: no card left for a bonus play
DRAW_TOKEN = "draw_token"  # chance: a secret token for "seat"
SHUFFLE = "shuffle"  # chance, full deck: the deck's order
RESHUFFLE = "reshuffle"  # chance, full deck: the discard pile into a new draw pile
START_CARD = "start_card"  # physical deck: the dealer turns over the starting card
START_COUNT = "start_count"  # the dealer names the count for a Wild starting card
# An undo took back a token won (or a guess answered): the token everybody saw goes back
# into the pool and its seat draws again (issue 10: nobody gains from an undo).
RETURN_TOKEN = "return_token"

PLAYER_TYPES = (PLAY, GUESS, END_TURN, START_CARD, START_COUNT)
CHANCE_TYPES = (DRAW_TOKEN, SHUFFLE, RESHUFFLE, RETURN_TOKEN)
TYPES = PLAYER_TYPES + CHANCE_TYPES


def _name(view: Mapping[str, Any], seat: Any) -> str:
    players = view.get("players") or []
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return str(players[seat]["name"])
    return _("The draw") if seat == "chance" else _("Someone")


def describe_action(view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """The action as the table hears it. Everything named here is said aloud at a
    real table (the card, a Wild's value, a guess); a token drawn is never named."""
    from .cards import CARD_SET, card_name, number

    who, kind = _name(view, action.get("actor")), action.get("type")
    card = action.get("card")
    if kind == PLAY and isinstance(card, str) and card in CARD_SET:
        if card == "wild" and isinstance(action.get("value"), int):
            return _("{name} plays a Wild as {value}.", name=who, value=number(int(action["value"])))
        return _("{name} plays {card}.", name=who, card=card_name(card))
    if kind == GUESS:
        target = _name(view, action.get("target"))
        return _("{name} guesses {target}'s secret number is {number}.", name=who, target=target,
                 number=action.get("number"))
    if kind == END_TURN:
        return _("{name} ends the turn.", name=who)
    if kind == DRAW_TOKEN:
        return _("{name} draws a secret token.", name=_name(view, action.get("seat")))
    if kind == RETURN_TOKEN:
        return _("{name}'s token, which everybody saw, goes back into the pool; {name} draws a new one.",
                 name=_name(view, action.get("seat")))
    if kind == SHUFFLE:
        return _("The deck is shuffled and dealt.")
    if kind == RESHUFFLE:
        return _("The discard pile is shuffled into a new draw pile.")
    if kind == START_CARD and isinstance(card, str) and card in CARD_SET:
        return _("{name} turns over {card}.", name=who, card=card_name(card))
    if kind == START_COUNT and isinstance(action.get("count"), int):
        return _("{name} chooses a starting count of {count}.", name=who, count=number(int(action["count"])))
    # i18n: an action the game does not know, by its type's name (not a sentence the table normally reads)
    return _("{name}: {action}.", name=who, action=str(kind).replace("_", " "))


#: The moves that use what only their player knows (the hand in full-deck play; a
#: guess is made with one's own secret in mind): a phone offers these.
PRIVATE = frozenset({PLAY, GUESS, END_TURN})


def private_lines(view: Mapping[str, Any]) -> list[str]:
    """A seat's own secrets in sentences (a phone page): the secret number, the hand
    (full deck) beside the count, the values of tokens won face down. Only `you`,
    and the public count and direction the hand is played against."""
    from .cards import NOMINATIVE, card_name, cards_list, number

    you: Mapping[str, Any] = view.get("you") or {}
    lines = []
    secret = you.get("secret")
    lines.append(_("Your secret number: {number}.", number=secret) if secret is not None
                 else _("You are drawing a new token."))
    hand = you.get("hand") or []
    if hand:
        lines.append(_("Your hand: {cards}.", cards=cards_list([card_name(str(c), NOMINATIVE) for c in hand])))
        if isinstance(view.get("count"), int):
            count = number(int(view["count"]))
            if view.get("direction") == "counterclockwise":
                lines.append(_("The count is {count}, play goes counterclockwise.", count=count))
            else:
                lines.append(_("The count is {count}, play goes clockwise.", count=count))
    values = you.get("token_values") or []
    if values:
        lines.append(_("Your tokens won: {values}.", values=cards_list([str(v) for v in values])))
    return lines

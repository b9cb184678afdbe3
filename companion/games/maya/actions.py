"""Maya's action types, named once: the engine's move table, the bots, the
controller and the screens import these instead of retyping the strings (the
strings themselves never change: journals and rulebook replays keep working)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SETUP_BLOCK = "setup_block"
CHOOSE_STARTING_PLAYER = "choose_starting_player"
DRAW_BLUE_MARKERS = "draw_blue_markers"
BID = "bid"
CHOOSE_BLUE_MARKER = "choose_blue_marker"
PLACE_WORKER = "place_worker"
PASS = "pass"  # quarrying (no field) and building ("free": true/false)
ENTER_CARD = "enter_card"
CLOSE_COLUMN = "close_column"
PLACE_BLOCK = "place_block"
DOUBLE_MOVE = "double_move"
MINUS_THREE = "minus_three"
DECLINE = "decline"
PLACE_PROTECTION = "place_protection"
MOVE_BLOCK = "move_block"
POOL_BLOCK = "pool_block"
APPOINT_STARTING_PLAYER = "appoint_starting_player"
PLACE_TWO_POINTS = "place_two_points"
USE_JOKER = "use_joker"

ALL = (SETUP_BLOCK, CHOOSE_STARTING_PLAYER, DRAW_BLUE_MARKERS, BID, CHOOSE_BLUE_MARKER, PLACE_WORKER, PASS,
       ENTER_CARD, CLOSE_COLUMN, PLACE_BLOCK, DOUBLE_MOVE, MINUS_THREE, DECLINE, PLACE_PROTECTION, MOVE_BLOCK,
       POOL_BLOCK, APPOINT_STARTING_PLAYER, PLACE_TWO_POINTS, USE_JOKER)


def is_private(action: Mapping[str, Any]) -> bool:
    """Choices a player makes behind the privacy gate: their card and quarry (or
    their pass while quarrying), their sealed bid."""
    kind = action.get("type")
    return kind in (PLACE_WORKER, BID) or (kind == PASS and "free" not in action)


def public_part(action: Mapping[str, Any]) -> dict[str, Any]:
    """What the whole table may know of an action: a sealed bid's amount and a
    laid card's value are left out."""
    if action.get("type") == BID:
        return {"actor": action.get("actor"), "type": BID}
    if action.get("type") == PLACE_WORKER:
        return {"actor": action.get("actor"), "type": PLACE_WORKER, "quarry": action.get("quarry")}
    return dict(action)


def describe_action(view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """The action as a sentence in `view`'s words; a TABLE view's sentence never
    names a card's value or a sealed bid."""
    from .words import action_sentence

    return action_sentence(view, action)


#: The moves that use what only their player knows (the cards in hand, the sealed
#: bid): a phone offers these; every other move stays on the touchscreen.
PRIVATE = frozenset({PLACE_WORKER, BID})


def private_lines(view: Mapping[str, Any]) -> list[str]:
    """A seat's own secrets in sentences (a phone page): cards in hand, cards laid
    face down with their values, the sealed bid. Only `you`."""
    from .i18n import _
    from .words import number

    you: Mapping[str, Any] = view.get("you") or {}
    cards = [number(int(c)) for c in you.get("cards") or []]
    lines = [_("Your cards: {cards}.", cards=", ".join(cards)) if cards else _("No worker cards left in hand.")]
    laid = you.get("laid") or []
    if laid:
        lines.append(_("Laid face down: {cards}.", cards="; ".join(
            _("{card} at quarry {q}", card=number(int(c["value"])), q=int(c["quarry"]) + 1) for c in laid)))
    if you.get("bid") is not None:
        lines.append(_("Your sealed bid: {gold} gold.", gold=you["bid"]))
    return lines

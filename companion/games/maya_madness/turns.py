"""Maya Madness turns: what the game waits for, who acts now, and the sentences
for an action out of turn or out of place.

Split from rules.py (the moves), which re-exports these names.
"""
from __future__ import annotations

from typing import Any

from companion.rules.engine import CHANCE
from companion.rules.limits import shown
from companion.rules.seats import is_seat

from ...errors import IllegalAction
from .actions import CHANCE_TYPES, DRAW_TOKEN, END_TURN, GUESS, RESHUFFLE, SHUFFLE, TYPES
from .actions import PLAY as PLAY_CARD
from .actions import START_CARD as START_CARD_T
from .actions import START_COUNT as START_COUNT_T
from .state import PLAY, START_CARD, START_COUNT, State

# --- what the game waits for --------------------------------------------------


def waiting(s: State) -> str:
    """One word for what the game waits for now:
    shuffle, reshuffle, draw_token (chance); start_card, start_count (the dealer);
    play (the current player; `s.bonus` says it must be another card); over."""
    if s.phase == PLAY:
        if s.refill is not None:
            return "reshuffle"
        if s.token_queue:
            return "draw_token"
        return "play"
    return s.phase


def actors(s: State) -> frozenset[Any]:
    w = waiting(s)
    if w == "play":
        return frozenset((s.turn,))
    if w in ("start_card", "start_count"):
        return frozenset((s.dealer,))
    if w == "over":
        return frozenset()
    return frozenset((CHANCE,))


# --- who may act, in sentences ----------------------------------------------------


def _who(s: State, actor: Any) -> str:
    if actor == CHANCE:
        return "the draw"
    if isinstance(actor, int) and not isinstance(actor, bool) and 0 <= actor < s.n:
        return str(s.names[actor])
    return repr(actor)


_WAIT_SENTENCE = {
    "shuffle": "The deck must be shuffled first.",
    "reshuffle": "The discard pile must be reshuffled into a new draw pile first.",
    "draw_token": "A secret token must be drawn first.",
    "over": "The game is over; no more actions can be taken.",
}


def _check_actor(s: State, action: dict[str, Any], w: str, chance: bool = False) -> Any:
    """The action's actor may act now: a sentence naming who may, otherwise.
    `chance`: the action is a draw or shuffle, which only CHANCE makes."""
    actor = action.get("actor")
    if w == "over":
        raise IllegalAction(_WAIT_SENTENCE["over"])
    if actor != CHANCE and not is_seat(actor, s.n):
        raise IllegalAction(f"There is no player {shown(actor)} at this table.")
    if chance and actor != CHANCE:
        raise IllegalAction(f"Shuffling and drawing tokens are the companion's part, not {s.names[actor]}'s.")
    if not chance and actor == CHANCE:
        raise IllegalAction("Only a player can do that, not the draw.")
    now = actors(s)
    if actor in now:
        return actor
    if CHANCE in now:
        raise IllegalAction(_WAIT_SENTENCE[w])
    (who,) = now
    if actor == CHANCE:
        raise IllegalAction(f"Nothing is to be drawn now: {s.names[who]} is to act.")
    if w == "start_card":
        raise IllegalAction(f"{s.names[who]}, the dealer, turns over the starting card, not {_who(s, actor)}.")
    if w == "start_count":
        raise IllegalAction(f"{s.names[who]}, the dealer, chooses the starting count, not {_who(s, actor)}.")
    raise IllegalAction(f"It is {s.names[who]}'s turn, not {_who(s, actor)}'s.")


def _setup_first(s: State, seat: int, w: str, what: str) -> str:
    """Why `seat` (the dealer, the only one who acts during setup) cannot `what` yet."""
    if w == "start_card":
        return f"{s.names[seat]}, the dealer, turns over the starting card before anyone can {what}."
    return f"{s.names[seat]}, the dealer, chooses the starting count before anyone can {what}."


def check_actor(s: State, action: dict[str, Any]) -> None:
    """Who may act now, in this game's own sentences ("Cy, the dealer, turns over
    the starting card, not Ana."), before the move table is consulted."""
    _check_actor(s, action, waiting(s), chance=action.get("type") in CHANCE_TYPES)


def not_now(s: State, action: dict[str, Any]) -> str:
    """Why an action of a type the phase has no move for cannot be taken now."""
    kind, w = action.get("type"), waiting(s)
    if kind not in TYPES:
        return f"Maya Madness has no action {kind!r:.40}; the actions are {', '.join(TYPES)}."
    seat = action.get("actor")
    if kind == GUESS and not s.advanced:
        return "Guessing a secret number is only part of advanced play."
    if kind in (PLAY_CARD, GUESS, END_TURN) and w in (START_CARD, START_COUNT):
        what = {PLAY_CARD: "play a card", GUESS: "guess", END_TURN: "end a turn"}[kind]
        return _setup_first(s, seat if isinstance(seat, int) else s.dealer, w, what)
    return {
        DRAW_TOKEN: "No secret token is to be drawn now.",
        SHUFFLE: "The deck is not to be shuffled now.",
        RESHUFFLE: "The discard pile is not to be reshuffled now.",
        START_CARD_T: "The starting card has already been turned over.",
        START_COUNT_T: "The starting count is not to be chosen now.",
        END_TURN: "There is no turn to end now.",
    }.get(kind, "That cannot be done now.")

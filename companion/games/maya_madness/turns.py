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
from .i18n import N_, _
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
        return _("the draw")
    if isinstance(actor, int) and not isinstance(actor, bool) and 0 <= actor < s.n:
        return str(s.names[actor])
    return repr(actor)


_WAIT_SENTENCE = {  # translated where raised
    "shuffle": N_("The deck must be shuffled first."),
    "reshuffle": N_("The discard pile must be reshuffled into a new draw pile first."),
    "draw_token": N_("A secret token must be drawn first."),
    "over": N_("The game is over; no more actions can be taken."),
}


def _check_actor(s: State, action: dict[str, Any], w: str, chance: bool = False) -> Any:
    """The action's actor may act now: a sentence naming who may, otherwise.
    `chance`: the action is a draw or shuffle, which only CHANCE makes."""
    actor = action.get("actor")
    if w == "over":
        raise IllegalAction(_(_WAIT_SENTENCE["over"]))
    if actor != CHANCE and not is_seat(actor, s.n):
        raise IllegalAction(_("There is no player {player} at this table.", player=shown(actor)))
    if chance and actor != CHANCE:
        raise IllegalAction(_("Shuffling and drawing tokens are the companion's part, not {name}'s.",
                              name=s.names[actor]))
    if not chance and actor == CHANCE:
        raise IllegalAction(_("Only a player can do that, not the draw."))
    now = actors(s)
    if actor in now:
        return actor
    if CHANCE in now:
        raise IllegalAction(_(_WAIT_SENTENCE[w]))
    (who,) = now
    if actor == CHANCE:
        raise IllegalAction(_("Nothing is to be drawn now: {name} is to act.", name=s.names[who]))
    if w == "start_card":
        raise IllegalAction(_("{name}, the dealer, turns over the starting card, not {other}.",
                              name=s.names[who], other=_who(s, actor)))
    if w == "start_count":
        raise IllegalAction(_("{name}, the dealer, chooses the starting count, not {other}.",
                              name=s.names[who], other=_who(s, actor)))
    raise IllegalAction(_("It is {name}'s turn, not {other}'s.", name=s.names[who], other=_who(s, actor)))


def _setup_first(s: State, seat: int, w: str, kind: str) -> str:
    """Why `seat` (the dealer, the only one who acts during setup) cannot play, guess or
    end a turn yet (`kind`: the action's type)."""
    name = s.names[seat]
    if w == "start_card":
        if kind == GUESS:
            return _("{name}, the dealer, turns over the starting card before anyone can guess.", name=name)
        if kind == END_TURN:
            return _("{name}, the dealer, turns over the starting card before anyone can end a turn.", name=name)
        return _("{name}, the dealer, turns over the starting card before anyone can play a card.", name=name)
    if kind == GUESS:
        return _("{name}, the dealer, chooses the starting count before anyone can guess.", name=name)
    if kind == END_TURN:
        return _("{name}, the dealer, chooses the starting count before anyone can end a turn.", name=name)
    return _("{name}, the dealer, chooses the starting count before anyone can play a card.", name=name)


def check_actor(s: State, action: dict[str, Any]) -> None:
    """Who may act now, in this game's own sentences ("Cy, the dealer, turns over
    the starting card, not Ana."), before the move table is consulted."""
    _check_actor(s, action, waiting(s), chance=action.get("type") in CHANCE_TYPES)


def not_now(s: State, action: dict[str, Any]) -> str:
    """Why an action of a type the phase has no move for cannot be taken now."""
    kind, w = action.get("type"), waiting(s)
    if kind not in TYPES:
        return _("Maya Madness has no action {action}; the actions are {actions}.",
                 action=repr(kind)[:40], actions=", ".join(TYPES))
    seat = action.get("actor")
    if kind == GUESS and not s.advanced:
        return _("Guessing a secret number is only part of advanced play.")
    if kind in (PLAY_CARD, GUESS, END_TURN) and w in (START_CARD, START_COUNT):
        return _setup_first(s, seat if isinstance(seat, int) else s.dealer, w, str(kind))
    if kind == DRAW_TOKEN:
        return _("No secret token is to be drawn now.")
    if kind == SHUFFLE:
        return _("The deck is not to be shuffled now.")
    if kind == RESHUFFLE:
        return _("The discard pile is not to be reshuffled now.")
    if kind == START_CARD_T:
        return _("The starting card has already been turned over.")
    if kind == START_COUNT_T:
        return _("The starting count is not to be chosen now.")
    if kind == END_TURN:
        return _("There is no turn to end now.")
    return _("That cannot be done now.")

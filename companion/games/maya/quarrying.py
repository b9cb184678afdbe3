"""Phase 1, quarrying: worker cards laid face down at the quarries, in turn,
until everyone has passed. In scoring-only mode the players lay their real
cards and nothing here is used; the columns are entered at the reveal."""
from __future__ import annotations

from typing import Any

from companion.rules.engine import Action, require

from .i18n import _
from .markers import no_quarry
from .state import QUARRYING, State, note, replace, tup_set


def is_low(state: State, value: int) -> bool:
    return value in state.box.low_values


def low_sentence(state: State, q: int) -> str:
    lows = ", ".join(map(str, sorted(state.box.low_values)))
    return _("The first card at quarry {q} must be a low card ({lows}).", q=q + 1, lows=lows)


def may_take(state: State, q: int, value: int) -> bool:
    quarry = state.quarries[q]
    if len(quarry.cards) >= state.box.quarries[q].max_cards:
        return False
    return bool(quarry.cards) or is_low(state, value)


def legal(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    values = sorted(set(state.cards[seat]))
    for q in range(len(state.quarries)):
        for v in values:
            if may_take(state, q, v):
                actions.append({"actor": seat, "type": "place_worker", "quarry": q, "card": v})
    actions.append({"actor": seat, "type": "pass"})
    return actions


def can_place(state: State, seat: int) -> bool:
    cards = state.cards[seat]
    if not cards:
        return False
    has_low = any(v in state.box.low_values for v in cards)
    for quarry, spec in zip(state.quarries, state.box.quarries):
        if len(quarry.cards) < spec.max_cards and (quarry.cards or has_low):
            return True
    return False


def apply(state: State, action: Action) -> State:
    seat = action["actor"]
    name = state.names[seat]
    if action["type"] == "pass":
        state = note(replace(state, passed=tup_set(state.passed, seat, True)), {"event": "passed", "seat": seat})
        return next_turn(state, seat)
    require(action["type"] == "place_worker", _("While quarrying {name} lays a worker card at a quarry or passes.",
                                                      name=name))
    q: Any = action.get("quarry")
    v: Any = action.get("card")
    require(isinstance(q, int) and 0 <= q < len(state.quarries), no_quarry(state, q))
    require(v in state.cards[seat], _("{name} has no worker card {card} left.", name=name, card=repr(v)))
    quarry = state.quarries[q]
    require(len(quarry.cards) < state.box.quarries[q].max_cards,
            _("Quarry {q} is full: it takes {n} worker cards.", q=q + 1, n=state.box.quarries[q].max_cards))
    require(bool(quarry.cards) or is_low(state, v), low_sentence(state, q))
    state = note(lay_card(state, q, seat, v), {"event": "placed", "seat": seat, "quarry": q, "low": is_low(state, v)})
    return next_turn(state, seat)


def lay_card(state: State, q: int, seat: int, v: int) -> State:
    """Seat's worker card v goes to the end of quarry q's column (already checked legal).
    Shared by quarrying and by entering a column in scoring-only mode."""
    hand = list(state.cards[seat])
    hand.remove(v)
    quarry = state.quarries[q]
    quarries = tup_set(state.quarries, q, replace(quarry, cards=quarry.cards + ((seat, v),)))
    return replace(state, quarries=quarries, cards=tup_set(state.cards, seat, tuple(hand)))


def next_turn(state: State, seat: int) -> State:
    """The next player clockwise who has not passed; a player with no cards or
    no legal placement passes without being asked. None when all have passed."""
    n = state.n
    passed = list(state.passed)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if passed[s]:
            continue
        if not can_place(state, s):
            passed[s] = True
            continue
        return replace(state, turn=s, passed=tuple(passed))
    return replace(state, turn=None, passed=tuple(passed))


def begin(state: State) -> State:
    state = replace(state, phase=QUARRYING, passed=(False,) * state.n)
    return next_turn(state, (state.starting - 1) % state.n)

"""What a Maya Madness seat can do now, as Choices (companion/rules/choices.py): the
card pad, a Wild's value, the starting count, a guess, the end of a turn.

Every card kind has a fixed slot (−5..+5, then Wild, Skip, Reverse, Temple of
Zero), so the pad never shifts from player to player. Cards played on the
physical deck, the starting card and count, a guess and the end of a turn are
said aloud at a real table: public choices. With the full deck the hand is a
secret: its cards are that seat's own choices (behind the privacy gate, or on
its phone), each kind in its slot.

A Wild's value, the starting count and a guess's target and number are pickers
(Parts), not a button per combination. A guess asks first: its answer is shown
to everybody at once (docs/rules-notes.md, "Choices").
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.rules.choices import Choice, Part, PartOption

from . import actions
from .actions import END_TURN, GUESS, PLAY, START_CARD, START_COUNT
from .cards import PAD_ORDER, WILD, WILD_VALUES, card_label, signed
from .i18n import N_, _, pgettext
from .state import State
from .turns import waiting

#: The slot of each card kind on the pad: −5..−1, 0, +1..+5, then the powers.
CARD_SLOTS = {card: i for i, card in enumerate(PAD_ORDER)}
END_TURN_SLOT, GUESS_SLOT, START_COUNT_SLOT = 20, 21, 30

#: The groups a player reads (section titles; the pad's hint), translated where a menu is made.
CARD_PLAYED, STARTING_CARD, STARTING_COUNT, YOUR_HAND, YOUR_TURN = (
    N_("Card played"), N_("Starting card"), N_("Starting count"), N_("Your hand"), N_("Your turn"))

GUESS_CONFIRM = N_("Make this guess? Its answer is shown to everybody at once, "
                   "and an undo cannot hide it again.")


def _group(title: str) -> str:
    """A group's title in the current language (the constants above are its English)."""
    return _(title)

_VALUES = tuple(PartOption(v, signed(v)) for v in WILD_VALUES)


def menu(game: Any, s: State, seat: int) -> list[Choice]:
    """The choices of `seat` now (none when it is not to act), in slot order."""
    legal = game.legal_actions(s, seat)
    if not legal:
        return []
    view = game.view(s, "table")
    by_type: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    out: list[Choice] = []
    if START_CARD in by_type:
        out += [_card(view, a, _group(STARTING_CARD), "start:") for a in by_type[START_CARD]]
    if START_COUNT in by_type:
        out.append(_start_count(view, seat, by_type[START_COUNT]))
    if PLAY in by_type:
        out += _plays(s, seat, view, by_type.get(PLAY, []))
    if END_TURN in by_type:
        (a,) = by_type[END_TURN]
        out.append(Choice(key="end_turn", label=pgettext("button", "End turn"),
                          sentence=actions.describe_action(view, a),
                          group=_group(YOUR_TURN), slot=END_TURN_SLOT, action=a))
    if s.advanced and not s.bonus and waiting(s) == "play":
        out.append(_guess(view, s, seat, by_type.get(GUESS, [])))
    return sorted(out, key=lambda c: c.slot)


def _card(view: Mapping[str, Any], action: dict[str, Any], group: str, prefix: str,
          seat: int | None = None) -> Choice:
    card = action["card"]
    return Choice(key=prefix + card, label=card_label(card), sentence=actions.describe_action(view, action),
                  group=group, slot=CARD_SLOTS[card], action=action, seat=seat)


def _start_count(view: Mapping[str, Any], seat: int, legal: list[dict[str, Any]]) -> Choice:
    who = view["players"][seat]["name"]
    return Choice(key="start_count", label=pgettext("button", "Starting count"),
                  sentence=_("{name} chooses the starting count.", name=who),
                  group=_group(STARTING_COUNT), slot=START_COUNT_SLOT,
                  action={"actor": seat, "type": START_COUNT},
                  parts=(Part("count", pgettext("picker", "Starting count"), _VALUES),),
                  legal=tuple({"count": a["count"]} for a in legal))


def _wild(view: Mapping[str, Any], seat: int, group: str, legal: list[dict[str, Any]],
          private: int | None) -> Choice:
    who = view["players"][seat]["name"]
    return Choice(key="play:" + WILD, label=card_label(WILD),
                  sentence=_("{name} plays a Wild and says what it counts as.", name=who),
                  group=group, slot=CARD_SLOTS[WILD], action={"actor": seat, "type": PLAY, "card": WILD},
                  seat=private, parts=(Part("value", _("Wild counts as"), _VALUES),),
                  legal=tuple({"value": a["value"]} for a in legal))


def _plays(s: State, seat: int, view: Mapping[str, Any], legal: list[dict[str, Any]]) -> list[Choice]:
    """The cards: the whole pad on the physical deck; with the full deck the cards
    of the seat's hand, each kind in its slot (a kind not held leaves its place
    empty: a phone or the gate shows the hand, not ten greyed buttons)."""
    wilds = [a for a in legal if a["card"] == WILD]
    if s.deck_mode != "full":
        played = _group(CARD_PLAYED)
        out = [_card(view, a, played, "play:") for a in legal if a["card"] != WILD]
        return out + ([_wild(view, seat, played, wilds, None)] if wilds else [])
    held = Counter(s.hands[seat])
    out = []
    hand = _group(YOUR_HAND)
    for a in legal:
        if a["card"] == WILD:
            if a is wilds[0]:
                out.append(_wild(view, seat, hand, wilds, seat))
            continue
        choice = _card(view, a, hand, "play:", seat)  # the hand: only behind the gate
        n = held[a["card"]]
        out.append(_replace(choice, label=_("{card} ×{n}", card=choice.label, n=n)) if n > 1 else choice)
    return out


def _guess(view: Mapping[str, Any], s: State, seat: int, legal: list[dict[str, Any]]) -> Choice:
    """A guess: whose secret, then the number; every seat and every token value has
    its slot in the pickers, the ones not open to a guess are left out by them."""
    names = [p["name"] for p in view["players"]]
    who = names[seat]
    choice = Choice(key="guess", label=pgettext("button", "Guess"),
                    sentence=_("{name} guesses an opponent's secret number.", name=who),
                    group=_group(YOUR_TURN), slot=GUESS_SLOT, action={"actor": seat, "type": GUESS},
                    confirm=_(GUESS_CONFIRM),
                    parts=(Part("target", _("Whose secret number?"),
                                tuple(PartOption(i, n) for i, n in enumerate(names))),
                           Part("number", _("Their secret number is"),
                                tuple(PartOption(v, str(v)) for v in range(1, len(s.pool))))),
                    legal=tuple({"target": a["target"], "number": a["number"]} for a in legal))
    if legal:
        return choice
    return _replace(choice, enabled=False, parts=(), legal=(), confirm=None,
                    why=_("{name} has already guessed every token there is to guess.", name=who))


def _replace(choice: Choice, **changes: Any) -> Choice:
    return dataclasses.replace(choice, **changes)

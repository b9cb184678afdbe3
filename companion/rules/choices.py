"""Choices: what a player can do now, as the game says it (issue 21).

A game's `menu(state, seat)` lists `Choice`s; screens and phone pages render
them and send back the choice's `key` (and, for a choice with parts, the
values picked); the table controller turns that into the action by
`complete()`, and the session checks and plays it. No screen or page builds
an action, compares a label's text, decides when a move is offered, or writes
a player-facing sentence.

    Choice(key="pass", label="Pass", sentence="Ana passes and takes 1 gold.",
           group="Your turn", slot=90, action={"actor": 0, "type": "pass"},
           confirm="Pass this round? A pass cannot be taken back.")

A choice made of several parts (three stones out of the purse's kinds, a bid
0..N, a card from a hand, a pyramid then a level then a destination) carries
its parts as pickers and every legal combination of their values, instead of
one button per combination:

    Choice(key="draw", label="Draw 3 stones", ..., action={"actor": CHANCE, "type": "draw"},
           parts=(Part("stones", "Three stones", options=(...), count=3),),
           legal=({"stones": ("jade", "jade", "gold")}, ...))

`options_for(choice, picks)` gives a picker the values still possible after
the picks so far, so a screen never offers a dead end, and `complete(choice,
picks)` the action (IllegalAction, in a sentence, for picks no legal
combination has).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import IllegalAction
from companion.words import _

PUBLIC = None  # Choice.seat for a choice anyone at the table may see


@dataclass(frozen=True)
class PartOption:
    """One value a picker offers: the value put into the action and its short label."""

    value: Any
    label: str


@dataclass(frozen=True)
class Part:
    """One part of a multi-part choice, shown as a picker.

    key: the action's field the picked value goes into. label: what the picker
    asks ("Three stones", "Your bid", "Level"). options: every value it may
    offer, in a stable order (the picker's slots). count: how many values are
    picked for this part (3 stones); above 1 the action's field gets a tuple
    of the values in the order picked, repeats allowed when the legal
    combinations have them.
    """

    key: str
    label: str
    options: tuple[PartOption, ...]
    count: int = 1


@dataclass(frozen=True)
class Choice:
    """A thing a player can do now.

    key: stable and unique in one menu ("pass", "play:+3"); what a screen sends back.
    label: a short button label ("Play Bird", "Copan", "Pass").
    sentence: what it does, for the log and for a confirmation.
    group: the section title a player reads ("Your cards", "Boulders"), never an
        internal name.
    slot: the place in its group, stable from player to player and turn to turn
        (a screen lays a group out by slot; a missing slot leaves its place empty).
    action: the action it plays, complete for a choice without parts, else the
        action the picked parts are filled into.
    confirm: the question to ask first (an irreversible move), or None.
    seat: PUBLIC (None) when anyone may see it; a seat number when it shows what
        only that seat may know: then it is shown only through the privacy gate
        for that seat, or on that seat's phone.
    parts, legal: a multi-part choice's pickers and every legal combination of
        their values ({part key: value, or a tuple of values for count > 1}).
    enabled, why: a choice shown but not possible now keeps its slot, greyed,
        with the sentence saying why.
    """

    key: str
    label: str
    sentence: str
    group: str
    slot: int
    action: Mapping[str, Any]
    confirm: str | None = None
    seat: int | None = PUBLIC
    parts: tuple[Part, ...] = ()
    legal: tuple[Mapping[str, Any], ...] = ()
    enabled: bool = True
    why: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.seat is None


def _matches(combo: Mapping[str, Any], picks: Mapping[str, Any]) -> bool:
    for key, picked in picks.items():
        have = combo.get(key)
        if isinstance(picked, (list, tuple)):
            if not isinstance(have, (list, tuple)) or tuple(have[:len(picked)]) != tuple(picked):
                return False
        elif have != picked:
            return False
    return True


def options_for(choice: Choice, picks: Mapping[str, Any]) -> list[PartOption]:
    """The values the next unfinished part may still take after `picks` (a part
    with count > 1 is picked one value at a time: its pick is the tuple so far).
    Empty when every part is picked."""
    for part in choice.parts:
        got = picks.get(part.key)
        done = got is not None and (part.count == 1 or len(got) >= part.count)
        if done:
            continue
        earlier = {k: v for k, v in picks.items() if k != part.key}
        so_far = tuple(got or ()) if part.count > 1 else ()
        possible = set()
        for combo in choice.legal:
            if not _matches(combo, earlier):
                continue
            value = combo.get(part.key)
            if part.count > 1:
                value = tuple(value or ())
                if value[:len(so_far)] == so_far and len(value) > len(so_far):
                    possible.add(_hashable(value[len(so_far)]))
            else:
                possible.add(_hashable(value))
        return [o for o in part.options if _hashable(o.value) in possible]
    return []


def next_part(choice: Choice, picks: Mapping[str, Any]) -> Part | None:
    """The part a picker asks for next, or None when every part is picked."""
    for part in choice.parts:
        got = picks.get(part.key)
        if got is None or (part.count > 1 and len(got) < part.count):
            return part
    return None


def complete(choice: Choice, picks: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The action for `choice` with `picks` filled in; IllegalAction when a part
    is missing or the picks are no legal combination."""
    action = dict(choice.action)
    if not choice.parts:
        return action
    if picks is not None and not isinstance(picks, Mapping):
        raise IllegalAction(_("{label}: that is not possible now.", label=choice.label))
    picks = dict(picks or {})
    for part in choice.parts:
        if part.key not in picks:
            raise IllegalAction(_("{label}: nothing is picked yet.", label=part.label))
        if part.count > 1:
            if not isinstance(picks[part.key], (list, tuple)):  # a phone's 5 or None, not a list of picks
                raise IllegalAction(_("{label}: that is not possible now.", label=choice.label))
            picks[part.key] = tuple(picks[part.key])
    for combo in choice.legal:
        if all(_hashable(combo.get(p.key)) == _hashable(picks[p.key]) for p in choice.parts):
            action.update({p.key: _plain(combo[p.key]) for p in choice.parts})
            return action
    raise IllegalAction(_("{label}: that is not possible now.", label=choice.label))


def find(choices: Sequence[Choice], key: str) -> Choice | None:
    """The choice with `key`, or None (a screen asked for something no longer offered)."""
    for c in choices:
        if c.key == key:
            return c
    return None


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


def _plain(value: Any) -> Any:
    """A picked value as JSON-safe action data (tuples become lists)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value

"""Who acts and who looks: the one place that decides whether a value names a seat.

A seat is a whole number 0..players-1 in table order, typed `Seat` (a NewType of
int, so an action holding one stays plain JSON). True and False are not seats
though Python counts them as 1 and 0, and neither is 0.0: a journal, a phone or
a replay file that sends one is refused with a sentence, never taken for seat 0
or 1. Checking never raises anything but the error asked for, with a sentence
that quotes the value short (limits.shown), however large or deeply nested it is.

The other actor is CHANCE (the draws); the other viewer is TABLE (what the
physical table shows). Both are strings, so actions and views stay JSON-safe.
A `Seat` is made only by `parse_seat` / `as_seat` (and `companion.rules.moves.parse_action`,
which gives an action's actor as an `Actor`).
"""
from __future__ import annotations

from collections.abc import Sized
from typing import Any, Final, Literal, NewType, TypeGuard

from companion.errors import CompanionError, IllegalAction
from companion.rules.limits import shown
from companion.words import _

CHANCE: Final = "chance"  # the actor who shuffles, draws and deals
TABLE: Final = "table"  # the viewer who sees only what the physical table shows

#: A seat at the table, 0..n-1 clockwise; an int at run time (JSON-safe).
Seat = NewType("Seat", int)
Chance = Literal["chance"]
#: Who an action names: a seat, or the draws.
Actor = Seat | Chance
#: Who a view is for: a seat, or the whole table.
Viewer = Seat | Literal["table"]


def is_seat_number(value: Any) -> TypeGuard[int]:
    """A whole number (not True/False, not 0.0): the shape of a seat, any range."""
    return isinstance(value, int) and not isinstance(value, bool)


def _count(players: int | Sized) -> int:
    return players if isinstance(players, int) else len(players)


def is_seat(value: Any, players: int | Sized) -> TypeGuard[Seat]:
    """A seat at a table of `players` (a count, or the list of names)."""
    return is_seat_number(value) and 0 <= value < _count(players)


def same_seat(value: Any, seat: int) -> bool:
    """value names exactly `seat` (False is not seat 0, 1.0 is not seat 1)."""
    return is_seat_number(value) and value == seat


def parse_seat(value: Any, players: int | Sized, error: type[CompanionError] = IllegalAction) -> Seat:
    """value as a seat at a table of `players`; else `error` with a sentence."""
    if not is_seat(value, players):
        raise error(_("There is no seat {seat} at this table.", seat=shown(value)))
    return value


def as_seat(value: int) -> Seat:
    """A seat number the caller already knows is at the table (a loop over range(n))."""
    return Seat(value)


def is_actor(value: Any) -> TypeGuard[Actor]:
    """The shape of an actor: CHANCE or a seat number (its range is the table's)."""
    return value == CHANCE or is_seat_number(value)


__all__ = ["CHANCE", "TABLE", "Actor", "Chance", "Seat", "Viewer", "as_seat", "is_actor", "is_seat",
           "is_seat_number", "parse_seat", "same_seat"]

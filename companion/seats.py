"""What a seat is: the one place that decides whether a value names a seat.

A seat is a whole number 0..players-1 in table order. True and False are not
seats though Python counts them as 1 and 0, and neither is 0.0: a journal, a
phone or a replay file that sends one is refused with a sentence, never taken
for seat 0 or 1. Checking never raises anything but the error asked for, with
a sentence that quotes the value short (limits.shown), however large or deeply
nested it is.
"""
from __future__ import annotations

from collections.abc import Sized
from typing import Any, TypeGuard

from .errors import CompanionError, IllegalAction
from .limits import shown


def is_seat_number(value: Any) -> TypeGuard[int]:
    """A whole number (not True/False, not 0.0): the shape of a seat, any range."""
    return isinstance(value, int) and not isinstance(value, bool)


def _count(players: int | Sized) -> int:
    return players if isinstance(players, int) else len(players)


def is_seat(value: Any, players: int | Sized) -> TypeGuard[int]:
    """A seat at a table of `players` (a count, or the list of names)."""
    return is_seat_number(value) and 0 <= value < _count(players)


def same_seat(value: Any, seat: int) -> bool:
    """value names exactly `seat` (False is not seat 0, 1.0 is not seat 1)."""
    return is_seat_number(value) and value == seat


def parse_seat(value: Any, players: int | Sized, error: type[CompanionError] = IllegalAction) -> int:
    """value as a seat at a table of `players`; else `error` with a sentence."""
    if not is_seat(value, players):
        raise error(f"There is no seat {shown(value)} at this table.")
    return value


__all__ = ["is_seat", "is_seat_number", "parse_seat", "same_seat"]

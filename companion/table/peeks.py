"""The peeks a session records: who saw which private view, when, and what it showed.

A peek is recorded as (index, seat, digest): after `index` actions in effect,
`seat` saw its private view, whose digest (a hash of `view(state, seat)["you"]`)
is kept in the journal's `seen` entry. Undo (companion/table/undo.py) asks `blocker`
whether a peek forbids going back. See docs/journal.md, "Undo rules".
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from companion.rules.engine import Game

Peek = tuple[int, int, "str | None"]  # (actions in effect, seat, digest of its private view; None: unknown)


def private_digest(game: Game, state: Any, seat: int) -> str:
    """A short, stable hash of what `seat`'s private view shows in `state`: its
    `you` (the whole seat view for a game whose views have no `you`)."""
    view = game.view(state, seat)
    part = view["you"] if isinstance(view, Mapping) and "you" in view else view
    text = json.dumps(part, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


class Peeks:
    """The recorded peeks, oldest first (their indexes never decrease)."""

    def __init__(self) -> None:
        self._records: list[Peek] = []

    def __iter__(self) -> Iterator[Peek]:
        return iter(self._records)

    def __len__(self) -> int:
        return len(self._records)

    def known(self, index: int, seat: int, digest: str | None) -> bool:
        """True when this seat's view was already recorded as seen, unchanged, at this index."""
        for p in reversed(self._records):
            if p[0] < index:
                return False
            if p[1] == seat and p[2] == digest:
                return True
        return False

    def add(self, index: int, seat: int, digest: str | None) -> None:
        if self._records and self._records[-1][0] > index:
            raise ValueError("a peek recorded before the last one")
        if not self.known(index, seat, digest):
            self._records.append((index, seat, digest))

    def clamp(self, index: int) -> None:
        """The actions from `index` on were undone: a peek after them saw what the
        state at `index` shows (the undo was allowed), so it now counts from there."""
        moved: list[Peek] = []
        while self._records and self._records[-1][0] > index:
            moved.append(self._records.pop())
        for _, seat, digest in reversed(moved):
            self.add(index, seat, digest)

    def blocker(self, index: int, digest_at: Callable[[int], str]) -> int | None:
        """The seat of a peek made after `index` whose private view would change if
        the game went back to `index` (digest_at(seat): its digest there), or None."""
        cache: dict[int, str] = {}
        for p_index, seat, digest in reversed(self._records):
            if p_index <= index:
                return None
            if seat not in cache:
                cache[seat] = digest_at(seat)
            if digest is None or digest != cache[seat]:
                return seat
        return None


__all__ = ["Peek", "Peeks", "private_digest"]

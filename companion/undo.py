"""What undo must respect: the peeks (who saw which private view when) and the
public reveals a confirmed undo cannot take out of people's heads.

A peek is recorded as (index, seat, digest): after `index` actions in effect,
`seat` saw its private view, whose digest (a hash of `view(state, seat)["you"]`)
is kept in the journal's `seen` entry. Undoing back to index i is refused by a
peek at index p > i only when that seat's private view in the state the undo
returns to differs from what it saw: a peek at an unchanged secret blocks
nothing. See docs/journal.md, "Undo rules".
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .engine import TABLE, Game
from .log import entry

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


def reveal_sentences(game: Game, states: Sequence[Any], actions: Sequence[Mapping[str, Any]],
                     start: int, reveals: Sequence[int]) -> list[str]:
    """What the table read when actions[j] (j in reveals) showed something: the
    TABLE log's sentences for them, so the confirmation names what stays known."""
    out: list[str] = []
    for j in reveals:
        before = game.view(states[j - start], TABLE)
        after = game.view(states[j - start + 1], TABLE)
        for sentence in entry(game, before, actions[j], after, j)["sentences"]:
            if sentence and sentence not in out:
                out.append(sentence)
    return out


def confirm_sentence(mover: str, seen: Sequence[str]) -> str:
    """The question put to the table before a public reveal is undone."""
    said = " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in seen)
    known = f"Everyone has seen this: {said} It stays known." if said else \
        "Everyone has seen what it showed; that stays known."
    return f"Undo {mover}'s last move? {known}"


__all__ = ["Peeks", "confirm_sentence", "private_digest", "reveal_sentences"]

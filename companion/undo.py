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
from typing import TYPE_CHECKING, Any

from .corrections import CORRECTION
from .engine import CHANCE, TABLE, Game
from .log import entry

if TYPE_CHECKING:
    from .session import Session

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


def undo_plan(s: Session) -> tuple[int | None, str, list[int]]:
    """(index of the last player action or correction, sentence why not, the
    indexes of the public reveals among the actions undo would take back)."""
    actions = s.actions
    i = len(actions) - 1
    while i >= 0 and actions[i].get("actor") == CHANCE:
        i -= 1
    if i < 0:
        return None, "Nothing to undo yet.", []
    mover = s.name(actions[i].get("actor"))
    target: list[Any] = []

    def digest_at(seat: int) -> str:
        if not target:
            target.append(s._states[i])
        return private_digest(s.game, target[0], seat)

    seat = s._peeks.blocker(i, digest_at)
    if seat is not None:
        who = s.name(seat)
        return None, f"{who} has already looked at a secret since then, so {mover}'s last move can't be undone.", []
    reveals = []
    state = s._states[i]
    for j in range(i, len(actions)):
        after = s._states[j + 1]
        if actions[j].get("type") != CORRECTION and not s.game.undoable(state, actions[j], after):
            reveals.append(j)
        state = after
    return i, "", reveals


def can_undo(s: Session) -> tuple[bool, str]:
    """Session.can_undo: whether undo() works without the table's confirmation, and the sentence."""
    i, why, reveals = undo_plan(s)
    if i is None:
        return False, why
    mover = s.name(s.actions[i].get("actor"))
    if reveals:
        what = f"{mover}'s last move" if reveals[0] == i else f"A draw after {mover}'s last move"
        return False, f"{what} showed something to everyone, so it can be undone only if the table agrees."
    if s.actions[i].get("type") == CORRECTION:
        return True, f"Undo {mover}'s fix."
    return True, f"Undo {mover}'s last move."


def needs_confirm(s: Session) -> str | None:
    """Session.undo_needs_confirm: the question for the table, or None."""
    i, _, reveals = undo_plan(s)
    if i is None or not reveals:
        return None
    states = [s._states[j] for j in range(i, len(s.actions) + 1)]
    seen = reveal_sentences(s.game, states, s.actions, i, reveals)
    return confirm_sentence(s.name(s.actions[i].get("actor")), seen)


def rehide_steps(s: Session, i: int) -> tuple[list[tuple[dict[str, Any], str, Any]], int]:
    """([(action, payload, state after)], m): the game's m rehide actions for going
    back to states[i], then the draws they call for (undone outcomes dealt again first)."""
    steps: list[tuple[dict[str, Any], str, Any]] = []
    landing = s._states[i]
    for hidden in s.game.rehide(s.state, landing) or []:
        action, text = s._check_action(hidden)
        landing = s.game.apply(landing, action)
        steps.append((action, text, landing))
    rehidden = len(steps)
    if steps:
        undone = [a for a in s.actions[i:] if a.get("actor") == CHANCE]
        steps += s._draws_after(landing, remembered=undone + s._remembered)
    return steps, rehidden


__all__ = ["Peeks", "can_undo", "confirm_sentence", "needs_confirm", "private_digest", "rehide_steps",
           "reveal_sentences", "undo_plan"]

"""What a Session is made of, as the parts split out of it see it.

companion/table/session.py holds the Session; its undo and redo (companion/table/undo.py),
its dealer (companion/table/dealer.py) and its snapshots (companion/table/snapshot_store.py) are
mixins written against this Protocol, so none of them imports the session
(the session imports them: no import circle).
"""
from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Protocol

from companion.errors import JournalError
from companion.rules.engine import Game
from companion.store.journal import Journal
from companion.store.snapshots import States
from companion.table.log import LogEntry, SessionLog
from companion.table.peeks import Peeks
from companion.words import _

Snapshot = tuple[int, int, Any]  # (index, prefix checksum, the state after that many actions)
#: an undone group: its actions, their prefix checksums, and their log entries (for Redo)
RedoGroup = tuple[list[dict[str, Any]], "array[int]", list[LogEntry]]


def broken(message: str, **fields: Any) -> JournalError:
    """A game the journal cannot rebuild: the sentence in the current language, its
    `reason` in English (message: marked with N_, its fields named)."""
    e = JournalError(_(message, **fields))
    e.reason = message.format(**fields)
    return e


class SessionCore(Protocol):
    """The attributes and steps of a Session the mixins share (see session.py)."""

    journal: Journal
    id: int
    game: Game
    players: list[str]
    seed: int
    randomness: str
    _actions: list[dict[str, Any]]
    _states: States
    _hashes: array[int]
    _redo: list[RedoGroup]
    _interned: dict[str, dict[str, Any]]
    _peeks: Peeks
    _remembered: list[dict[str, Any]]
    _draws: int
    _seq: int
    _pickles: bool
    _log: SessionLog
    _step: Callable[[Any, Any], Any]

    @property
    def state(self) -> Any: ...
    @property
    def actions(self) -> list[dict[str, Any]]: ...
    def name(self, seat: Any) -> str: ...
    def _notify(self, event: str) -> None: ...
    def _check_action(self, action: Any) -> tuple[dict[str, Any], str]: ...
    def _write(self, entries: list[tuple[str, str]], after: Any, actions_after: int,
               due: list[Snapshot] | None = None) -> bool: ...
    def _journal_entry(self, kind: str, payload: str, after: Any, count_after: int,
                       snapshots: list[Snapshot] | None = None) -> bool: ...
    def _record(self, action: dict[str, Any], after: Any, prefix: int) -> None: ...
    def _draws_after(self, state: Any, remembered: list[dict[str, Any]] | None = None) -> list[Any]: ...
    def _dealt_again(self, action: dict[str, Any]) -> None: ...
    def _snapshots_for(self, first: int, states: list[Any], hashes: list[int]) -> list[Snapshot]: ...
    def _load_snapshot(self, idx: int) -> Any: ...
    def can_undo(self) -> tuple[bool, str]: ...

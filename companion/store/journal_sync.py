"""The journal's durability: the explicit fsync after each commit, inline or
deferred to a worker (companion/store/durable.py), and taking back what a
failed fsync did not keep. A mixin of `Journal` (companion/store/journal.py),
which calls `_synced` after every COMMIT; see docs/journal.md, "Durability".
"""
from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from typing import Any, NamedTuple

from companion.errors import JournalError
from companion.store import durable
from companion.store.journal_read import sentence
from companion.store.paths import _

#: An idle checkpoint (`Journal.idle`) copies the WAL into the main file once this
#: many commits were made since the last one (a Madness move writes 2-3 pages:
#: ~150 of the 1,000 at which SQLite's own checkpoint, inside a commit, runs as
#: the backstop). Its cost is mostly SQLite's two fsyncs, whatever its size
#: (here: 0.5 ms after one move, 6 ms after 5, 14 ms after 140, median), so it
#: is not run after every move.
IDLE_CHECKPOINT_COMMITS = 64


class _Undo(NamedTuple):
    """What takes one commit back: its game and the statements (run latest commit first)."""

    session: int
    statements: list[tuple[str, tuple[Any, ...]]]


_ROW = "summary, finished, result, abandoned, crc"


def _row_back(conn: sqlite3.Connection, session_id: int) -> tuple[str, tuple[Any, ...]]:
    """The UPDATE that puts the session's row back as it is now (its checksum too)."""
    row = conn.execute(f"SELECT {_ROW} FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return ("UPDATE sessions SET summary = ?, finished = ?, result = ?, abandoned = ?, crc = ? WHERE id = ?",
            (*row, session_id))


class JournalSync:
    """Deferred mode, waiting for the disk, and taking back what it did not keep."""

    _syncer: durable.Syncer
    _deferred: bool
    _since_checkpoint: int
    _conn: sqlite3.Connection | None
    conn: sqlite3.Connection  # JournalReader's property (an annotation only: no attribute here)

    def _synced(self, doing: str, back: _Undo | None, deferrable: bool) -> None:
        """The commit is in the WAL: fsync it now, or (deferred mode) hand it to the
        worker. An fsync the disk fails takes back every commit not on disk (this
        one included) and is a JournalError: nothing was changed."""
        syncer = self._syncer
        alone = not syncer.pending  # no earlier move waits for the worker: this one can be taken back here
        syncer.committed(back)
        self._since_checkpoint += 1
        try:
            syncer.prepare()
            if deferrable and self._deferred:
                syncer.request()
                return
            syncer.sync_inline()
        except OSError as e:
            if not alone:
                # Moves before it are in memory too: they and this one are taken back together,
                # by the session that shows them (wait_synced raises there too).
                raise JournalError(_("{failed} It is taken back with the unsaved moves before it.",
                                     failed=sentence(e, doing))) from None
            try:
                self.take_back_unsaved()
            except JournalError as again:
                raise JournalError(f"{sentence(e, doing)} {again}") from None  # two sentences, each translated
            raise JournalError(_("{failed} Nothing was changed.", failed=sentence(e, doing))) from None

    # --- durability (companion/store/durable.py) ---------------------------------
    def defer_sync(self, on: bool = True) -> None:
        """Deferred mode (the app's): a move's commit returns once it is in the WAL,
        and the worker thread fsyncs it; whoever shows the move waits for
        `wait_synced()` (the app's swap gate) or `when_synced(fn)` (phones) first.
        Off (the default, and the CLI's, the tests'): commit() returns once durable.
        Turning it off waits for the fsync under way."""
        if not on and self._deferred:
            self.wait_synced()
        self._deferred = bool(on)

    @property
    def deferred(self) -> bool:
        return self._deferred

    @property
    def pending(self) -> bool:
        """Something committed is not known to be on disk yet."""
        return self._syncer.pending

    def when_synced(self, fn: Callable[[], Any]) -> None:
        """fn() once everything committed so far is on disk: at once (in this
        thread) if nothing is pending, else from the syncing worker thread. If that
        fsync fails fn is never called: the session takes the moves back, and that
        is a change of its own (announced again)."""
        self._syncer.when(fn)

    def wait_synced(self, timeout: float | None = None) -> bool:
        """Block until everything committed so far is on disk (True), or `timeout`
        seconds passed (False). A failed fsync is a JournalError with a sentence;
        then `take_back_unsaved()` (Session.take_back_unsaved) must follow."""
        try:
            return self._syncer.wait(timeout)
        except OSError as e:
            raise JournalError(sentence(e, _("The move could not be saved"))) from None

    def take_back_unsaved(self) -> set[int]:
        """Return the journal to the last state known on disk: every commit since
        (its entries, snapshots and row changes) is taken back in one new
        transaction, fsynced inline. Returns the ids of the games it touched.
        JournalError (a sentence) when the disk still fails; the journal then
        holds the same as before the call, or less, never a half."""
        records = [r for r in self._syncer.undo_records() if r is not None]
        touched = {r.session for r in records}
        if records:
            conn = self.conn
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for record in reversed(records):
                        for sql, args in record.statements:
                            conn.execute(sql, args)
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise JournalError(sentence(e, _("The unsaved move could not be taken back from the journal"))
                                   ) from None
        try:
            self._syncer.prepare()
            durable.fsync(self._syncer_fd())
        except OSError as e:
            raise JournalError(_("{failed} Games may not be kept until the storage card is replaced.",
                                 failed=sentence(e, _("Saving still fails")))) from None
        self._syncer.recovered()
        return touched

    def _syncer_fd(self) -> int:
        fd = self._syncer._fd
        if fd is None:
            raise OSError(errno.ENOENT, "No such file")
        return fd

    def idle(self, least: int = IDLE_CHECKPOINT_COMMITS) -> bool:
        """The app is idle: copy the WAL into the main file now (PASSIVE: never waits
        for a reader), so SQLite's own checkpoint (and its two fsyncs) does not land
        inside a move's commit. Only when nothing waits for the worker and `least`
        commits were made since the last checkpoint. True when it checkpointed; a
        checkpoint the disk refuses changes nothing (the WAL keeps every move) and
        is tried again at the next idle moment."""
        if self._conn is None or self._syncer.pending or self._since_checkpoint < max(1, least):
            return False
        try:
            busy, _frames, _copied = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:
            return False
        if not busy:
            self._since_checkpoint = 0
        return not busy


__all__ = ["IDLE_CHECKPOINT_COMMITS", "JournalSync"]

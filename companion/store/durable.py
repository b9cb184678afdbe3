"""Making the journal's commits durable: one explicit fsync of its WAL file.

The journal commits with `synchronous=NORMAL` (SQLite writes the WAL and does
not wait for the disk) and then makes the WAL durable with `fsync` below:
inline, before `commit()` returns (the default), or on the worker thread of a
`Syncer` (the app's deferred mode), so the frame is prepared while the disk
works and the buffer swap waits for it (kivy_ui/swap_gate.py).

    syncer = Syncer(wal_path)
    ticket = syncer.committed(undo)     # after each COMMIT, on the journal's thread
    syncer.request()                    # deferred: the worker fsyncs (or: syncer.sync_inline())
    syncer.wait()                       # True once every commit so far is on disk

Tickets coalesce: one fsync started after commit t covers every commit up to t,
so a burst of commits costs one fsync. The worker does nothing but the blocking
`fsync(fd)` (it releases the GIL; it never touches SQLite); what waits for it
(`when`) is called from the worker once the fsync returned.

A failed fsync (EIO, ENOSPC) is sticky: after it nothing committed later is
called durable (on Linux a later fsync may succeed although the failed writes
were dropped), every waiter is told, and `undo_records()` gives what the
journal must take back to return to the last state known on disk; `recovered()`
starts afresh once it has.

Benchmarks emulate an SD card by replacing `fsync` (`durable.fsync = slow`);
it is always called through this module's attribute.
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from typing import Any

#: What takes one commit back (the journal's; the syncer only keeps it until that commit is on disk).
Undo = Any


#: How soon CPython hands the GIL to the worker while a fsync is wanted (seconds). The
#: worker runs a few bytecodes before and after the fsync; with CPython's default
#: (5 ms) it waited that long each time while the main thread prepared the frame, so
#: the fsync started late and its end was heard late.
SWITCH_S = 0.0005


def fsync(fd: int) -> None:
    """The one call that makes the journal's WAL durable (benchmarks replace it)."""
    os.fsync(fd)


@contextlib.contextmanager
def unsynced() -> Iterator[None]:
    """Within the block no commit waits for the disk: for filling a journal in bulk
    where durability is not what is measured or tested (benchmarks' and tests'
    fixtures; never the app). `PRAGMA synchronous=OFF` no longer does this: the
    journal's own fsync (above) runs whatever SQLite's setting."""
    global fsync
    real = fsync
    fsync = _no_fsync
    try:
        yield
    finally:
        fsync = real


def _no_fsync(fd: int) -> None:
    return None


class Syncer:
    """The -wal file of one journal and the fsyncs that make its commits durable.

    Every commit takes a ticket (`committed`); `synced` is the last ticket known
    on disk. The file descriptor is opened by the journal's thread after a commit
    (`prepare`), again if the -wal was replaced (another inode)."""

    def __init__(self, wal_path: os.PathLike[str] | str, fallback: os.PathLike[str] | str | None = None):
        self.path = os.fspath(wal_path)
        #: synced when there is no -wal (a journal not in WAL mode): the main file
        self.fallback = os.fspath(fallback) if fallback is not None else None
        self._cond = threading.Condition()
        self._issued = 0  # tickets handed out
        self._synced = 0  # every ticket up to this one is on disk
        self._wanted = 0  # the worker fsyncs while this is above what it started last
        self._started = 0  # the tickets in the file when the worker's last fsync started
        self._failed: OSError | None = None
        self._undo: list[tuple[int, Undo]] = []  # (ticket, undo record) not known on disk yet
        self._waiters: list[tuple[int, Callable[[], Any]]] = []
        self._fd: int | None = None
        self._ident: tuple[int, int] | None = None
        self._folder_synced = False
        self._retired: list[int] = []  # descriptors of a replaced -wal, closed once no fsync uses them
        self._busy = 0  # fsyncs running now (worker or inline)
        self._thread: threading.Thread | None = None
        self._closing = False
        self._switch: float | None = None  # the interpreter's switch interval, while lowered

    # --- the journal's thread -------------------------------------------------
    def prepare(self) -> None:
        """Have a descriptor for the file a commit just wrote (after COMMIT): the
        -wal, opened again if it is a new file (then its folder is synced too, so
        the new name survives a power cut), else the main file."""
        for path in (self.path, self.fallback):
            if path is None:
                continue
            try:
                st = os.stat(path)
            except FileNotFoundError:
                continue
            ident = (st.st_dev, st.st_ino)
            if ident != self._ident:
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
                with self._cond:
                    old, self._fd, self._ident = self._fd, fd, ident
                    if old is not None:
                        self._retired.append(old)
                    self._close_retired()
                self._folder_synced = False
            if not self._folder_synced:
                self._sync_folder(path)
                self._folder_synced = True
            return

    @staticmethod
    def _sync_folder(path: str) -> None:
        """The folder holds the new file's name: synced too (OSError if the disk fails)."""
        try:
            dfd = os.open(os.path.dirname(path) or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return  # a folder that cannot be opened (not Linux): nothing more to do
        try:
            fsync(dfd)
        finally:
            os.close(dfd)

    def committed(self, undo: Undo) -> int:
        """A commit is in the file (not yet known on disk): its ticket."""
        with self._cond:
            self._issued += 1
            self._undo.append((self._issued, undo))
            return self._issued

    def request(self) -> None:
        """Have the worker fsync everything committed so far (started on first use)."""
        with self._cond:
            self._wanted = self._issued
            if self._switch is None:
                self._switch = sys.getswitchinterval()
                sys.setswitchinterval(min(self._switch, SWITCH_S))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="journal-fsync", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def sync_inline(self) -> None:
        """fsync now, on this thread; OSError when the disk reports one (sticky)."""
        with self._cond:
            if self._failed is not None:
                raise self._failed
            target, fd = self._issued, self._fd
            self._busy += 1
        try:
            if fd is not None:
                fsync(fd)
        except OSError as e:
            self._done(target, e)
            raise
        self._done(target, None)

    # --- any thread -------------------------------------------------------------
    @property
    def pending(self) -> bool:
        """Something committed is not known on disk yet (or its fsync failed)."""
        return self._synced < self._issued

    @property
    def failed(self) -> OSError | None:
        return self._failed

    def when(self, fn: Callable[[], Any]) -> None:
        """fn() once every commit so far is on disk: now (this thread) if nothing is
        pending, else from the worker. Never called if that fsync fails: what it
        would announce is taken back (and the taking back is a change of its own)."""
        with self._cond:
            if self._synced >= self._issued:
                pending = False
            else:
                pending = True
                self._waiters.append((self._issued, fn))
        if not pending:
            fn()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every commit so far is on disk: True; False on timeout.
        Raises the OSError of a failed fsync that covered (or preceded) them."""
        with self._cond:
            target = self._issued
            ok = self._cond.wait_for(lambda: self._synced >= target or self._failed is not None, timeout)
            if self._synced >= target:
                return True
            if self._failed is not None:
                raise self._failed
            return ok

    # --- after a failure ----------------------------------------------------------
    def undo_records(self) -> list[Undo]:
        """What was committed since the last state on disk, oldest first."""
        with self._cond:
            return [u for t, u in self._undo if t > self._synced]

    def recovered(self) -> None:
        """The journal took back every commit not on disk and synced that: start afresh
        (the waiters of what was taken back are forgotten)."""
        with self._cond:
            self._failed = None
            self._synced = self._issued
            self._undo.clear()
            self._waiters.clear()
            self._cond.notify_all()

    def close(self, timeout: float | None = 10.0) -> None:
        """Stop the worker (after the fsync it is doing) and close the descriptors."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
            thread = self._thread
            if self._switch is not None:
                sys.setswitchinterval(self._switch)
                self._switch = None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        with self._cond:
            if self._fd is not None:
                self._retired.append(self._fd)
                self._fd = self._ident = None
            self._close_retired()

    # --- the worker -----------------------------------------------------------------
    def _run(self) -> None:
        cond = self._cond
        while True:
            with cond:
                cond.wait_for(self._work)
                if self._wanted <= self._started or self._failed is not None:
                    return  # closing, with nothing left that an fsync could make durable
                started = self._started = self._issued
                fd = self._fd
                self._busy += 1
            error = None
            try:
                if fd is not None:
                    fsync(fd)  # the only thing done here: it releases the GIL
            except OSError as e:
                error = e
            self._done(started, error)

    def _work(self) -> bool:
        return self._closing or (self._wanted > self._started and self._failed is None)

    def _done(self, target: int, error: OSError | None) -> None:
        """An fsync that started when `target` commits were in the file returned."""
        ready: list[Callable[[], Any]] = []
        with self._cond:
            self._busy -= 1
            self._close_retired()
            if error is not None:
                if self._failed is None:
                    self._failed = error
                self._waiters.clear()
            elif self._failed is None and target > self._synced:
                self._synced = target
                self._undo = [(t, u) for t, u in self._undo if t > target]
                ready = [fn for t, fn in self._waiters if t <= target]
                self._waiters = [(t, fn) for t, fn in self._waiters if t > target]
            if self._switch is not None and (self._failed is not None or self._wanted <= target):
                sys.setswitchinterval(self._switch)  # nothing more wanted of the worker
                self._switch = None
            self._cond.notify_all()
        for fn in ready:
            try:
                fn()
            except Exception:  # a listener's bug must not stop the fsyncs of the moves after it
                traceback.print_exc()

    def _close_retired(self) -> None:
        if self._busy:
            return
        for fd in self._retired:
            try:
                os.close(fd)
            except OSError:
                pass
        self._retired.clear()


__all__ = ["Syncer", "Undo", "fsync"]

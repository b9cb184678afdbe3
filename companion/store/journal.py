"""The journal: every game's setup and every action, in one SQLite file.

It stores setups and actions, never states; a session is rebuilt by replaying
its entries through the game's `apply` (see companion/table/session.py). A player's
tap (the action and the draws the dealer makes after it) is committed in one
transaction (WAL, synchronous=NORMAL), then the WAL is made durable with one
explicit fsync (companion/store/durable.py): before the caller returns by
default, so after a crash or power cut the journal holds exactly what was
acknowledged, plus at most the one commit that was under way. In deferred mode
(`defer_sync()`, the app's) the fsync runs on a worker thread and the caller
acknowledges a move only once `wait_synced()` / `when_synced()` say it is on
disk; a failed fsync is taken back (`take_back_unsaved()`), never kept.

A file that is not a valid database, or was written by a newer version of the
companion, is moved aside (never deleted) and a fresh journal is started. A
game whose rows cannot be read (a damaged byte) is set aside: kept, left out
of the lists, and named in `journal.notice`; every other game still loads.
Every error from the disk or SQLite is a JournalError with a sentence.

The format is described in docs/journal.md.
"""
from __future__ import annotations

import os
import pathlib
import random
import sqlite3
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from companion.errors import JournalError
from companion.store import durable
from companion.store.journal_read import (
    _DAMAGE,
    _SESSION_COLUMNS,
    SALVAGE_MAX,
    JournalReader,
    _Unreadable,
    count_actions,
    dumps,
    entry_crc,
    loads,
    row_crc,
    sentence,
)
from companion.store.journal_sync import JournalSync, _row_back, _Undo
from companion.store.paths import _, data_dir, make_private_dir, move_aside
from companion.store.schema import MIGRATIONS, SCHEMA_VERSION, Newer, migrate

FILENAME = "journal.sqlite3"
KINDS = ("action", "undo", "redo", "seen", "correction")
WAIT_S = 15.0  # how long a journal locked by another process is waited for
# SQLite's page cache for the journal's one connection, in KiB. SQLite's default
# (2,000 KiB) filled as the file grew (tens of KiB a game, snapshots included),
# so the app's memory grew for its first ~100 games; what a tap, a resume or a
# page of a list reads is a few dozen pages, and a page not held is read back
# from the OS's file cache (resume, history and stats timed the same at 128,
# 256 and 2,000 KiB).
CACHE_KIB = 256


_INSERT_ENTRY = "INSERT INTO entries (session, seq, kind, payload, time, crc) VALUES (?, ?, ?, ?, ?, ?)"
_SEAL = f"UPDATE sessions SET crc = row_crc({_SESSION_COLUMNS}) WHERE id = ?"


_SEALED: dict[tuple[str, ...], str] = {}


def _sealed_update(columns: tuple[str, ...]) -> str:
    """One UPDATE that sets `columns` (parameters in that order, then the id) and
    the row's checksum over the new values: what an UPDATE then _SEAL would do,
    in one statement (SQLite evaluates a SET expression over the old row, so the
    new values are passed to row_crc as parameters)."""
    sql = _SEALED.get(columns)
    if sql is None:
        params = {c: f"?{i}" for i, c in enumerate(columns, 1)}
        crc_args = ", ".join(params.get(c, c) for c in _SESSION_COLUMNS.replace(" ", "").split(","))
        sets = ", ".join(f"{c} = {p}" for c, p in params.items())
        sql = _SEALED[columns] = (f"UPDATE sessions SET {sets}, crc = row_crc({crc_args})"
                                  f" WHERE id = ?{len(columns) + 1}")
    return sql


class ChangedElsewhere(JournalError):
    """Another window or process wrote this game meanwhile (test with isinstance, not
    the sentence: the sentence is in the reader's language)."""


def _newer(moved: str) -> Callable[[], str]:
    return lambda: _("The journal was written by a newer version of the companion, so it was moved to {file}"
                     " (nothing was deleted) and a fresh journal was started.", file=moved)


def _damaged(moved: str) -> Callable[[], str]:
    return lambda: _("The journal file was damaged, so it was moved to {file} (nothing was deleted) and a fresh"
                     " journal was started.", file=moved)


class _MoveAside(Exception):
    def __init__(self, why: str):
        self.why = why


def connect(path: pathlib.Path | str) -> sqlite3.Connection:
    """A connection set up the journal's way: autocommit (each statement is
    its own transaction unless we BEGIN), WAL. It has no Syncer, so SQLite
    syncs each commit itself (synchronous=FULL): as durable as a Journal's
    commit with its explicit fsync."""
    conn = sqlite3.connect(str(path), isolation_level=None, cached_statements=64, timeout=WAIT_S)
    _journal_pragmas(conn, "FULL")
    return conn


def _journal_pragmas(conn: sqlite3.Connection, synchronous: str = "NORMAL") -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    # NORMAL: a commit writes the WAL without waiting for the disk; the journal
    # then fsyncs the WAL itself (durable.Syncer), inline or on its worker.
    conn.execute(f"PRAGMA synchronous={synchronous}")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")


def _create_private(path: pathlib.Path) -> None:
    """Create the journal file readable by its owner only (SQLite gives its -wal
    and -shm files the same permissions); an existing one is tightened."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
        os.close(fd)
    except FileExistsError:
        pass
    for suffix in ("", "-wal", "-shm"):
        try:
            os.chmod(path.with_name(path.name + suffix), 0o600)
        except OSError:
            pass  # not ours, or not there: SQLite will say if it matters


def _empty_beside_wal(path: pathlib.Path) -> bool:
    """An empty main file with a -wal beside it: SQLite would delete the -wal
    (and every game in it). The -wal is looked at first: a journal being
    created has its main file written before any -wal exists."""
    try:
        wal = os.stat(path.with_name(path.name + "-wal")).st_size
        main = os.stat(path).st_size
    except FileNotFoundError:
        return False
    return wal > 0 and main == 0


class Journal(JournalSync, JournalReader):
    """One journal file. Open with `Journal.open(path=None)`. Reading (the lists,
    counts, a game's row and entries, setting a damaged game aside) is
    JournalReader's, in companion/store/journal_read.py."""

    # --- opening ------------------------------------------------------------
    @classmethod
    def open(cls, path: pathlib.Path | str | None = None) -> Journal:
        """Open (creating or upgrading) the journal. Safe against another process
        opening the same file at the same time: creating and upgrading happen in
        one exclusive transaction, and a locked file is waited for, never taken
        for damage. Unfinished games whose rows are damaged are set aside and
        named in `notice`. Any disk or SQLite problem is a JournalError sentence."""
        path = pathlib.Path(path) if path is not None else data_dir() / FILENAME
        make_private_dir(path.parent)
        notice: Callable[[], str] | None = None
        try:
            try:
                conn = cls._open_checked(path)
            except _MoveAside as e:
                moved = move_aside(path, e.why, ("-wal", "-shm"))
                notice = _newer(moved.name) if e.why == "newer" else _damaged(moved.name)
                try:
                    conn = cls._open_checked(path)
                except _MoveAside:
                    raise JournalError(_("A fresh journal could not be started at {path}.", path=path)) from None
        except (sqlite3.Error, OSError) as e:
            raise JournalError(sentence(e, _("The journal at {path} could not be opened", path=path))) from None
        journal = cls(conn, path, notice)
        try:
            journal.in_progress()  # sets aside (and names) unfinished games whose rows are damaged
            for sid, why in journal._safe_rows("SELECT id, set_aside FROM sessions WHERE set_aside IS NOT NULL", ()):
                journal.set_aside(sid, "", str(why))  # set aside before: said again at every start
        except _Unreadable:
            # The list of games itself is damaged: the whole file is kept aside.
            journal.close()
            moved = move_aside(path, "damaged", ("-wal", "-shm"))
            fresh = cls.open(path)
            fresh._notes.insert(0, _damaged(moved.name))
            return fresh
        return journal

    @classmethod
    def _open_checked(cls, path: pathlib.Path) -> sqlite3.Connection:
        """_open_once, again while another process holds the file: some lock
        waits (turning on WAL, escalating a read) get no busy timeout in SQLite."""
        deadline = time.monotonic() + WAIT_S
        while True:
            try:
                return cls._open_once(path)
            except sqlite3.OperationalError as e:
                if not ("locked" in str(e) or "busy" in str(e)) or time.monotonic() > deadline:
                    raise
                time.sleep(random.uniform(0.005, 0.05))

    @staticmethod
    def _open_once(path: pathlib.Path) -> sqlite3.Connection:
        # Look at the files before SQLite does: SQLite may tidy away a -wal file
        # beside a main file it cannot read, and nothing of the user's may be deleted.
        if _empty_beside_wal(path):
            raise _MoveAside("damaged")
        try:
            with open(path, "rb") as f:
                header = f.read(16)
        except FileNotFoundError:
            header = b""
        if header and header != b"SQLite format 3\x00":
            raise _MoveAside("damaged")
        _create_private(path)
        conn = None
        try:
            conn = sqlite3.connect(str(path), isolation_level=None, cached_statements=64, timeout=WAIT_S)
            conn.create_function("row_crc", 12, row_crc, deterministic=True)
            # Reading the header is what tells a database from any other file.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                conn.close()
                raise _MoveAside("newer")
            _journal_pragmas(conn)
            if version < SCHEMA_VERSION:
                migrate(conn)
            # Tables we expect must be there and readable.
            conn.execute(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions LIMIT 0").fetchall()
            conn.execute("SELECT session, seq, kind, payload, time, crc FROM entries LIMIT 0").fetchall()
            return conn
        except _MoveAside:
            raise
        except UnicodeDecodeError:  # SQLite's own message quoting a garbled schema
            if conn is not None:
                conn.close()
            raise _MoveAside("damaged") from None
        except sqlite3.DatabaseError as e:
            if conn is not None:
                conn.close()
            if isinstance(e, sqlite3.OperationalError) and not any(d in str(e) for d in _DAMAGE):
                raise  # locked, read-only, full: not damage, so never move the file
            if isinstance(e, Newer):
                raise _MoveAside("newer") from None
            raise _MoveAside("damaged") from None

    def __init__(self, conn: sqlite3.Connection, path: pathlib.Path, notice: Callable[[], str] | None):
        super().__init__(conn, path, notice)
        self._syncer = durable.Syncer(path.with_name(path.name + "-wal"), fallback=path)
        self._deferred = False
        self._since_checkpoint = 0  # commits since the last checkpoint (idle)

    def close(self) -> None:
        """Close the file, once the fsync under way (deferred mode) returned."""
        if self._conn is not None:
            try:
                self._syncer.wait(10.0)
            except OSError:
                pass  # nothing waiting for it was shown (the swap gate): nothing to take back here
            self._syncer.close()
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    # --- writing --------------------------------------------------------------
    def _write(self, doing: str, statements: Sequence[tuple[str, tuple[Any, ...]]],
               undo: Callable[[sqlite3.Connection], Any] | None = None, deferrable: bool = False) -> int | None:
        """Run statements in one transaction, then make it durable (_synced); a
        failure rolls back every one of them and is a JournalError whose sentence
        says nothing was changed. Returns the first statement's lastrowid.

        undo(conn): read inside the transaction before the statements, it gives
        the commit's _Undo (or a function of the lastrowid that gives it): kept
        until the commit is known on disk. deferrable: in deferred mode only the
        worker fsyncs it."""
        conn = self.conn
        first = None
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                back = undo(conn) if undo is not None else None
                for sql, args in statements:
                    cur = conn.execute(sql, args)
                    first = cur.lastrowid if first is None else first
                if callable(back):
                    back = back(first)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise
        except sqlite3.IntegrityError as e:
            if "UNIQUE" not in str(e):
                raise JournalError(_("{failed} Nothing was changed.", failed=sentence(e, doing))) from None
            raise ChangedElsewhere(
                _("This game was changed elsewhere (another window or process); reopen it to continue.")
            ) from None
        except (sqlite3.Error, UnicodeError) as e:
            raise JournalError(_("{failed} Nothing was changed.", failed=sentence(e, doing))) from None
        self._synced(doing, back, deferrable)
        return first

    def create_session(self, game: str, players: list[str], options: dict[str, Any], meta: dict[str, Any] | None,
                       seed: int, randomness: str, started: float | None = None) -> int:
        def undo(_conn: sqlite3.Connection) -> Callable[[int | None], _Undo]:
            # sessions has no DELETE trigger: its count on Home is taken back by hand
            return lambda new: _Undo(int(new or 0), [
                ("DELETE FROM sessions WHERE id = ?", (new,)),
                ("UPDATE list_counts SET n = n - 1 WHERE list = 'open' AND game = ?", (game,))])

        new_id = self._write(_("The new game could not be saved"), [
            ("INSERT INTO sessions (game, players, options, meta, seed, randomness, started, summary)"
             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             (game, dumps(list(players)), dumps(dict(options)), dumps(dict(meta or {})), str(int(seed)),
              randomness, time.time() if started is None else started, dumps({"entries": 0, "actions": 0}))),
            ("UPDATE sessions SET crc = row_crc(" + _SESSION_COLUMNS + ") WHERE id = last_insert_rowid()", ()),
        ], undo)
        assert new_id is not None
        return new_id

    def commit(self, session_id: int, seq: int, entries: Sequence[tuple[str, str]],
               summary: dict[str, Any] | None = None, result: Any = ..., when: float | None = None,
               snapshots: Sequence[tuple[int, int, bytes]] = ()) -> None:
        """Commit entries (kind, payload JSON) numbered from seq, the game's
        summary and, when given, its result (a dict: finished; None: in progress
        again) in ONE transaction: one fsync. Returns only once it is durable
        (deferred mode: once it is in the WAL; see wait_synced); on failure
        nothing was written (JournalError with a sentence). A second writer to
        the same seq is a JournalError, never a silent overwrite."""
        now = time.time() if when is None else when
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (_INSERT_ENTRY, (session_id, seq + i, kind, payload, now, entry_crc(session_id, seq + i, kind, payload)))
            for i, (kind, payload) in enumerate(entries)
        ]
        statements += [("INSERT OR IGNORE INTO snapshots (session, idx, prefix, state, crc) VALUES (?, ?, ?, ?, ?)",
                        (session_id, idx, prefix, blob, zlib.crc32(blob))) for idx, prefix, blob in snapshots]
        changed: dict[str, Any] = {}
        if summary is not None:
            changed["summary"] = dumps(summary)
        if result is not ...:
            # float: what the REAL column stores, so the checksum is of the value read back
            changed["finished"] = None if result is None else float(now)
            changed["result"] = None if result is None else dumps(result)
        if changed:
            statements.append((_sealed_update(tuple(changed)), (*changed.values(), session_id)))

        def undo(conn: sqlite3.Connection) -> _Undo:
            back = [("DELETE FROM entries WHERE session = ? AND seq >= ? AND seq < ?",
                     (session_id, seq, seq + len(entries)))]
            # a snapshot is only a shortcut: one that was there already and is taken back costs a replay
            back += [("DELETE FROM snapshots WHERE session = ? AND idx = ? AND prefix = ?", (session_id, idx, prefix))
                     for idx, prefix, _ in snapshots]
            if changed:
                back.append(_row_back(conn, session_id))
            return _Undo(session_id, back)

        self._write(_("The move could not be saved"), statements, undo, deferrable=True)

    def append(self, session_id: int, seq: int, kind: str, payload: str) -> None:
        """Commit one entry on its own (the summary is then recounted on demand)."""
        self._write(_("The move could not be saved"), [
            (_INSERT_ENTRY, (session_id, seq, kind, payload, time.time(), entry_crc(session_id, seq, kind, payload))),
            ("UPDATE sessions SET summary = NULL WHERE id = ?", (session_id,)),
            (_SEAL, (session_id,)),
        ], lambda conn: _Undo(session_id, [("DELETE FROM entries WHERE session = ? AND seq = ?", (session_id, seq)),
                                           _row_back(conn, session_id)]))

    def set_result(self, session_id: int, result: dict[str, Any] | None, when: float | None = None) -> None:
        """Mark a session finished with its result, or (result None) in progress again."""
        self.commit(session_id, 0, (), result=result, when=when)

    def abandon(self, session_id: int, when: float | None = None) -> None:
        """Give up a game in progress: committed at once (one UPDATE, its own
        transaction). Its setup and actions stay in the journal, but it is no
        longer in `in_progress()`, nor in `history()` (that is finished games
        only); `abandoned()` lists it. Abandoning it again changes nothing.
        A finished game cannot be abandoned: it stays in the history."""
        row = self.session(session_id)  # JournalError naming the game if there is none
        if row["finished"] is not None:
            raise JournalError(_(
                "Game {id} is already finished, so it stays in the past games and cannot be abandoned.", id=session_id))
        if row["abandoned"] is not None:
            return
        self._write(_("Game {id} could not be abandoned", id=session_id), [
            ("UPDATE sessions SET abandoned = ? WHERE id = ? AND finished IS NULL",
             (time.time() if when is None else when, session_id)),
            (_SEAL, (session_id,)),
        ], lambda conn: _Undo(session_id, [_row_back(conn, session_id)]))


__all__ = [
    "FILENAME",
    "MIGRATIONS",
    "SALVAGE_MAX",
    "SCHEMA_VERSION",
    "ChangedElsewhere",
    "Journal",
    "JournalReader",
    "connect",
    "count_actions",
    "data_dir",
    "dumps",
    "entry_crc",
    "loads",
    "row_crc",
    "sentence",
]

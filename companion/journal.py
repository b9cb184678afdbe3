"""The journal: every game's setup and every action, in one SQLite file.

It stores setups and actions, never states; a session is rebuilt by replaying
its entries through the game's `apply` (see companion/session.py). A player's
tap (the action and the draws the dealer makes after it) is committed in one
transaction (WAL, synchronous=FULL: one fsync) before the caller returns, so
after a crash or power cut the journal holds exactly what was acknowledged,
plus at most the one commit that was under way.

A file that is not a valid database, or was written by a newer version of the
companion, is moved aside (never deleted) and a fresh journal is started. A
game whose rows cannot be read (a damaged byte) is set aside: kept, left out
of the lists, and named in `journal.notice`; every other game still loads.
Every error from the disk or SQLite is a JournalError with a sentence.

The format is described in docs/journal.md.
"""
from __future__ import annotations

import json
import os
import pathlib
import random
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from .errors import JournalError
from .paths import data_dir, make_private_dir, move_aside

FILENAME = "journal.sqlite3"
KINDS = ("action", "undo", "redo", "seen", "correction")
WAIT_S = 15.0  # how long a journal locked by another process is waited for
SALVAGE_MAX = 200_000  # games looked up one by one when the list of games is damaged

# Migration i brings the schema from version i to version i + 1. Append only:
# a released migration is never edited, so every old file upgrades the same way.
MIGRATIONS: list[str] = [
    # 0 -> 1: sessions and their entries.
    """
    CREATE TABLE sessions (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        players     TEXT NOT NULL,          -- JSON list of names, seat order
        options     TEXT NOT NULL,          -- JSON object, resolved options
        meta        TEXT NOT NULL,          -- JSON object: colours, fobs, ...
        seed        TEXT NOT NULL,          -- decimal integer (any size)
        randomness  TEXT NOT NULL CHECK (randomness IN ('digital', 'physical')),
        started     REAL NOT NULL,          -- unix time
        finished    REAL,                   -- unix time, NULL while in progress
        result      TEXT                    -- JSON Result.to_json(), NULL while in progress
    );
    CREATE TABLE entries (
        session     INTEGER NOT NULL REFERENCES sessions(id),
        seq         INTEGER NOT NULL,       -- 0, 1, 2, ... per session
        kind        TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo', 'seen')),
        payload     TEXT NOT NULL,          -- JSON
        time        REAL NOT NULL,
        PRIMARY KEY (session, seq)
    ) WITHOUT ROWID;
    CREATE INDEX sessions_finished ON sessions(finished);
    """,
    # 1 -> 2: a game can be abandoned (given up unfinished). Its setup and
    # actions stay; only when it was abandoned is added.
    """
    ALTER TABLE sessions ADD COLUMN abandoned REAL;   -- unix time, NULL unless abandoned
    """,
    # 2 -> 3: what Home and Past games show without reading entries (summary,
    # updated in the same transaction as the entries), checksums that tell a
    # damaged row from a good one, and games set aside because they are damaged.
    """
    ALTER TABLE sessions ADD COLUMN summary TEXT;     -- JSON {"entries": n, "actions": k}, NULL if unknown
    ALTER TABLE sessions ADD COLUMN crc INTEGER;      -- row_crc() of the row, NULL on rows from before
    ALTER TABLE sessions ADD COLUMN set_aside TEXT;   -- why the game was set aside (damaged), else NULL
    ALTER TABLE entries ADD COLUMN crc INTEGER;       -- entry_crc() of the entry, NULL on entries from before
    CREATE INDEX sessions_listed ON sessions(finished, abandoned, set_aside, started);
    """,
    # 3 -> 4: the lists Home and Past games page through, newest first, read
    # only the rows of the page (and count in the index alone).
    """
    CREATE INDEX sessions_open ON sessions(started DESC, id DESC)
        WHERE finished IS NULL AND abandoned IS NULL AND set_aside IS NULL;
    CREATE INDEX sessions_past ON sessions(started DESC, id DESC)
        WHERE finished IS NOT NULL AND abandoned IS NULL AND set_aside IS NULL;
    CREATE INDEX sessions_past_game ON sessions(game, started DESC, id DESC)
        WHERE finished IS NOT NULL AND abandoned IS NULL AND set_aside IS NULL;
    CREATE TABLE list_counts (                -- how many games each list holds, per game: kept by triggers
        list        TEXT NOT NULL,            -- 'open' (in progress) or 'past' (finished history)
        game        TEXT NOT NULL,
        n           INTEGER NOT NULL,
        PRIMARY KEY (list, game)
    ) WITHOUT ROWID;
    INSERT INTO list_counts (list, game, n)
        SELECT CASE WHEN finished IS NULL THEN 'open' ELSE 'past' END, game, count(*) FROM sessions
        WHERE abandoned IS NULL AND set_aside IS NULL GROUP BY 1, 2;
    CREATE TRIGGER list_counts_insert AFTER INSERT ON sessions
        WHEN NEW.abandoned IS NULL AND NEW.set_aside IS NULL
    BEGIN
        INSERT INTO list_counts (list, game, n)
            VALUES (CASE WHEN NEW.finished IS NULL THEN 'open' ELSE 'past' END, NEW.game, 1)
            ON CONFLICT (list, game) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER list_counts_update AFTER UPDATE OF finished, abandoned, set_aside, game ON sessions
    BEGIN
        UPDATE list_counts SET n = n - 1
            WHERE OLD.abandoned IS NULL AND OLD.set_aside IS NULL AND game = OLD.game
            AND list = CASE WHEN OLD.finished IS NULL THEN 'open' ELSE 'past' END;
        INSERT INTO list_counts (list, game, n)
            SELECT CASE WHEN NEW.finished IS NULL THEN 'open' ELSE 'past' END, NEW.game, 1
            WHERE NEW.abandoned IS NULL AND NEW.set_aside IS NULL
            ON CONFLICT (list, game) DO UPDATE SET n = n + 1;
    END;
    """,
    # 4 -> 5: snapshots of a game's state every SNAPSHOT_EVERY actions, saved
    # with the commit that reached them, so resuming applies only the actions
    # after the latest one. A snapshot is for exactly one history of actions
    # (prefix: a checksum of their payloads); the entries stay the record.
    """
    CREATE TABLE snapshots (
        session     INTEGER NOT NULL REFERENCES sessions(id),
        idx         INTEGER NOT NULL,       -- the state after this many actions in effect
        prefix      INTEGER NOT NULL,       -- crc32 chain of those actions' payloads
        state       BLOB NOT NULL,          -- the state, pickled (loaded with the games' classes only)
        crc         INTEGER NOT NULL,       -- crc32 of state
        PRIMARY KEY (session, idx, prefix)
    ) WITHOUT ROWID;
    """,
    # 5 -> 6: a correction (a public number fixed to what the real table shows)
    # is an entry of its own kind. SQLite cannot change a CHECK in place, so the
    # entries are copied, unchanged, into a table that allows it.
    """
    CREATE TABLE entries_v6 (
        session     INTEGER NOT NULL REFERENCES sessions(id),
        seq         INTEGER NOT NULL,       -- 0, 1, 2, ... per session
        kind        TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo', 'seen', 'correction')),
        payload     TEXT NOT NULL,          -- JSON
        time        REAL NOT NULL,
        crc         INTEGER,                -- entry_crc() of the entry, NULL on entries from before version 3
        PRIMARY KEY (session, seq)
    ) WITHOUT ROWID;
    INSERT INTO entries_v6 (session, seq, kind, payload, time, crc)
        SELECT session, seq, kind, payload, time, crc FROM entries;
    DROP TABLE entries;
    ALTER TABLE entries_v6 RENAME TO entries;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)

_INSERT_ENTRY = "INSERT INTO entries (session, seq, kind, payload, time, crc) VALUES (?, ?, ?, ?, ?, ?)"
_SESSION_COLUMNS = ("id, game, players, options, meta, seed, randomness, started, finished, result, abandoned,"
                    " summary")
_SEAL = f"UPDATE sessions SET crc = row_crc({_SESSION_COLUMNS}) WHERE id = ?"
_DAMAGE = ("no such table", "no such column", "already exists", "malformed", "not a database")


def dumps(value: Any) -> str:
    """Compact JSON, refusing NaN (not JSON) so a bad value fails before commit."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def entry_crc(session_id: int, seq: int, kind: str, payload: str) -> int:
    """The checksum stored beside an entry: a changed byte anywhere in it shows."""
    return zlib.crc32(f"{session_id}|{seq}|{kind}|{payload}".encode("utf-8", "surrogatepass"))


def row_crc(*columns: Any) -> int:
    """The checksum of a sessions row (its columns in _SESSION_COLUMNS order)."""
    return zlib.crc32(repr(columns).encode("utf-8", "surrogatepass"))


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def sentence(e: BaseException, doing: str = "The journal could not be used") -> str:
    """A player's sentence for an OS or SQLite error on the journal."""
    text = str(getattr(e, "strerror", None) or e).lower()
    if "full" in text or "no space" in text or "quota" in text:
        why = "the disk is full"
    elif "readonly" in text or "read-only" in text or "permission" in text or "access" in text:
        why = "the data folder cannot be written to (read-only or no permission)"
    elif "locked" in text or "busy" in text:
        why = "another program is using the journal"
    elif "unable to open" in text or "no such file" in text:
        why = "the journal file cannot be opened"
    elif "disk i/o" in text or "input/output" in text:
        why = "the storage card reported a read or write error"
    else:
        why = str(e)
    return f"{doing}: {why}."


class _MoveAside(Exception):
    def __init__(self, why: str):
        self.why = why


class _Damaged(Exception):
    """A row that cannot be read as written."""


def connect(path: pathlib.Path | str) -> sqlite3.Connection:
    """A connection set up the journal's way: autocommit (each statement is
    its own transaction unless we BEGIN), WAL, synchronous=FULL."""
    conn = sqlite3.connect(str(path), isolation_level=None, cached_statements=64, timeout=WAIT_S)
    _journal_pragmas(conn)
    return conn


def _journal_pragmas(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


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


class Journal:
    """One journal file. Open with `Journal.open(path=None)`."""

    def __init__(self, conn: sqlite3.Connection, path: pathlib.Path, notice: str | None):
        self._conn: sqlite3.Connection | None = conn
        self.path = path
        self.notices: list[str] = [notice] if notice else []
        self._set_aside: dict[int, str] = {}

    @property
    def notice(self) -> str | None:
        """Every sentence for the players about what was done to keep their games
        (a file moved aside, a damaged game set aside), or None."""
        return " ".join(self.notices) if self.notices else None

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise JournalError("The journal is closed.")
        return self._conn

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
        notice = None
        try:
            try:
                conn = cls._open_checked(path)
            except _MoveAside as e:
                moved = move_aside(path, e.why, ("-wal", "-shm"))
                if e.why == "newer":
                    notice = (f"The journal was written by a newer version of the companion, so it was moved "
                              f"to {moved.name} (nothing was deleted) and a fresh journal was started.")
                else:
                    notice = (f"The journal file was damaged, so it was moved to {moved.name} "
                              f"(nothing was deleted) and a fresh journal was started.")
                try:
                    conn = cls._open_checked(path)
                except _MoveAside:
                    raise JournalError(f"A fresh journal could not be started at {path}.") from None
        except (sqlite3.Error, OSError) as e:
            raise JournalError(sentence(e, f"The journal at {path} could not be opened")) from None
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
            fresh.notices.insert(0, f"The journal file was damaged, so it was moved to {moved.name} "
                                    f"(nothing was deleted) and a fresh journal was started.")
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
                _migrate(conn)
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
            if isinstance(e, _Newer):
                raise _MoveAside("newer") from None
            raise _MoveAside("damaged") from None

    def close(self) -> None:
        if self._conn is not None:
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
    def _write(self, doing: str, statements: Sequence[tuple[str, tuple[Any, ...]]]) -> int | None:
        """Run statements in one transaction; a failure rolls back every one of
        them and is a JournalError whose sentence says nothing was changed.
        Returns the first statement's lastrowid."""
        conn = self.conn
        first = None
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    cur = conn.execute(sql, args)
                    first = cur.lastrowid if first is None else first
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
                raise JournalError(sentence(e, doing) + " Nothing was changed.") from None
            raise JournalError(
                "This game was changed elsewhere (another window or process); reopen it to continue."
            ) from None
        except (sqlite3.Error, UnicodeError) as e:
            raise JournalError(sentence(e, doing) + " Nothing was changed.") from None
        return first

    def create_session(self, game: str, players: list[str], options: dict[str, Any], meta: dict[str, Any] | None,
                       seed: int, randomness: str, started: float | None = None) -> int:
        new_id = self._write("The new game could not be saved", [
            ("INSERT INTO sessions (game, players, options, meta, seed, randomness, started, summary)"
             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             (game, dumps(list(players)), dumps(dict(options)), dumps(dict(meta or {})), str(int(seed)),
              randomness, time.time() if started is None else started, dumps({"entries": 0, "actions": 0}))),
            ("UPDATE sessions SET crc = row_crc(" + _SESSION_COLUMNS + ") WHERE id = last_insert_rowid()", ()),
        ])
        assert new_id is not None
        return new_id

    def commit(self, session_id: int, seq: int, entries: Sequence[tuple[str, str]],
               summary: dict[str, Any] | None = None, result: Any = ..., when: float | None = None,
               snapshots: Sequence[tuple[int, int, bytes]] = ()) -> None:
        """Commit entries (kind, payload JSON) numbered from seq, the game's
        summary and, when given, its result (a dict: finished; None: in progress
        again) in ONE transaction: one fsync. Returns only once it is durable; on
        failure nothing was written (JournalError with a sentence). A second
        writer to the same seq is a JournalError, never a silent overwrite."""
        now = time.time() if when is None else when
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (_INSERT_ENTRY, (session_id, seq + i, kind, payload, now, entry_crc(session_id, seq + i, kind, payload)))
            for i, (kind, payload) in enumerate(entries)
        ]
        statements += [("INSERT OR IGNORE INTO snapshots (session, idx, prefix, state, crc) VALUES (?, ?, ?, ?, ?)",
                        (session_id, idx, prefix, blob, zlib.crc32(blob))) for idx, prefix, blob in snapshots]
        if summary is not None:
            statements.append(("UPDATE sessions SET summary = ? WHERE id = ?", (dumps(summary), session_id)))
        if result is not ...:
            if result is None:
                statements.append(("UPDATE sessions SET finished = NULL, result = NULL WHERE id = ?", (session_id,)))
            else:
                statements.append(("UPDATE sessions SET finished = ?, result = ? WHERE id = ?",
                                   (now, dumps(result), session_id)))
        if summary is not None or result is not ...:
            statements.append((_SEAL, (session_id,)))
        self._write("The move could not be saved", statements)

    def append(self, session_id: int, seq: int, kind: str, payload: str) -> None:
        """Commit one entry on its own (the summary is then recounted on demand)."""
        self._write("The move could not be saved", [
            (_INSERT_ENTRY, (session_id, seq, kind, payload, time.time(), entry_crc(session_id, seq, kind, payload))),
            ("UPDATE sessions SET summary = NULL WHERE id = ?", (session_id,)),
            (_SEAL, (session_id,)),
        ])

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
            raise JournalError(
                f"Game {session_id} is already finished, so it stays in the past games and cannot be abandoned."
            )
        if row["abandoned"] is not None:
            return
        self._write(f"Game {session_id} could not be abandoned", [
            ("UPDATE sessions SET abandoned = ? WHERE id = ? AND finished IS NULL",
             (time.time() if when is None else when, session_id)),
            (_SEAL, (session_id,)),
        ])

    # --- damage -----------------------------------------------------------------
    def set_aside(self, session_id: int, game: str, why: str) -> str:
        """Leave a damaged game out of every list (kept in the file, never deleted)
        and say so in `notice`. Returns the sentence."""
        if not game:
            try:
                game = self.conn.execute("SELECT game FROM sessions WHERE id = ?", (session_id,)).fetchone()[0]
            except (sqlite3.Error, TypeError):
                game = ""
        name = game if isinstance(game, str) and game and game.isprintable() and len(game) < 40 else "a game"
        said = (f"Game {session_id} ({name}) could not be read ({why}), so it was set aside: it is kept in "
                f"the journal but no longer offered. Every other game is unaffected.")
        if session_id in self._set_aside:
            return self._set_aside[session_id]
        self._set_aside[session_id] = said
        self.notices.append(said)
        try:
            with self.conn:
                self.conn.execute("UPDATE sessions SET set_aside = ? WHERE id = ?", (why, session_id))
        except sqlite3.Error:
            pass  # the disk refuses: it stays left out for this run, and is found again next time
        return said

    def damaged_games(self) -> list[dict[str, Any]]:
        """Games set aside as damaged: {"id", "why"}."""
        out = {sid: why for sid, why in self._safe_rows(
            "SELECT id, set_aside FROM sessions WHERE set_aside IS NOT NULL", ())}
        for sid, said in self._set_aside.items():
            out.setdefault(sid, said)
        return [{"id": sid, "why": why} for sid, why in sorted(out.items())]

    def _safe_rows(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Rows of a query; a row with bytes that are not UTF-8 is read leniently
        (its checksum then shows the damage). A damaged table is a JournalError."""
        conn = self.conn
        try:
            return conn.execute(sql, args).fetchall()
        except UnicodeDecodeError:
            raise _Unreadable("The journal could not be read; it is damaged.") from None
        except sqlite3.OperationalError as e:
            if any(d in str(e) for d in _DAMAGE):
                raise _Unreadable(f"The journal could not be read ({e}); it may be damaged.") from None
            if "decode" not in str(e):
                raise JournalError(sentence(e, "The journal could not be read")) from None
        except sqlite3.DatabaseError as e:
            raise _Unreadable(f"The journal could not be read ({e}); it may be damaged.") from None
        conn.text_factory = _lenient_text
        try:
            return conn.execute(sql, args).fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as e:
            raise _Unreadable(f"The journal could not be read ({e}); it may be damaged.") from None
        finally:
            conn.text_factory = str

    # --- reading --------------------------------------------------------------
    def session(self, session_id: int) -> dict[str, Any]:
        """The session's row; a damaged one is set aside and is a JournalError."""
        rows = self._safe_rows(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions WHERE id = ?",
                               (session_id,))
        if not rows:
            # Games are numbered 1, 2, 3, ... and never deleted: a missing number
            # below the highest, or one whose moves are there, is damage.
            try:
                top = self.conn.execute("SELECT max(id) FROM sessions").fetchone()[0] or 0
                moves = self.conn.execute("SELECT 1 FROM entries WHERE session = ? LIMIT 1", (session_id,)).fetchall()
            except sqlite3.Error:
                top, moves = 0, [(1,)]
            if moves or (isinstance(session_id, int) and 0 < session_id <= top):
                raise JournalError(self.set_aside(session_id, "", "its details are missing"))
            raise JournalError(f"There is no game number {session_id} in the journal.")
        row = rows[0]
        if row[13] is not None or session_id in self._set_aside:
            raise JournalError(self._set_aside.get(session_id) or self.set_aside(session_id, row[1], str(row[13])))
        try:
            return _session_row(row)
        except _Damaged as e:
            raise JournalError(self.set_aside(session_id, row[1], str(e))) from None

    def entries(self, session_id: int) -> list[tuple[int, str, str]]:
        """(seq, kind, payload JSON) in order, each checked against its checksum;
        a damaged entry sets the game aside (JournalError)."""
        rows = self._safe_rows(
            "SELECT seq, kind, payload, crc FROM entries WHERE session = ? ORDER BY seq", (session_id,))
        out = []
        for seq, kind, payload, crc in rows:
            if crc is not None and (not isinstance(payload, str) or not isinstance(kind, str)
                                    or crc != entry_crc(session_id, seq, kind, payload)):
                raise JournalError(self.set_aside(session_id, "", f"entry {seq} is damaged"))
            out.append((seq, kind, payload))
        return out

    def load(self, session_id: int) -> tuple[dict[str, Any], list[tuple[int, str, str]]]:
        """The session's row and its entries, read in one transaction (one
        snapshot, whatever another process writes meanwhile). Entries missing
        against the summary written with them set the game aside (JournalError)."""
        conn = self.conn
        began = not conn.in_transaction
        if began:
            try:
                conn.execute("BEGIN")
            except sqlite3.Error as e:
                raise JournalError(sentence(e, "The journal could not be read")) from None
        try:
            try:
                row = self.session(session_id)
            except _Unreadable:
                raise JournalError(self.set_aside(session_id, "", "its details cannot be read")) from None
            try:
                entries = self.entries(session_id)
            except _Unreadable:
                raise JournalError(self.set_aside(session_id, row["game"], "its moves cannot be read")) from None
        finally:
            if began and conn.in_transaction:
                try:
                    conn.execute("COMMIT")
                except sqlite3.Error:
                    pass  # a read: nothing to lose
        summary = row["summary"]
        if summary is not None and summary.get("entries") != len(entries):
            raise JournalError(self.set_aside(session_id, row["game"], "some of its moves are missing"))
        return row, entries

    def snapshot_marks(self, session_id: int) -> list[tuple[int, int]]:
        """(idx, prefix) of the session's saved snapshots, latest first."""
        try:
            return [(int(i), int(p)) for i, p in self.conn.execute(
                "SELECT idx, prefix FROM snapshots WHERE session = ? ORDER BY idx DESC", (session_id,))]
        except (sqlite3.Error, TypeError, ValueError):
            return []  # a damaged snapshot list costs time (a full replay), never a game

    def snapshot(self, session_id: int, idx: int, prefix: int) -> bytes | None:
        """The pickled state after `idx` actions of exactly that history, if saved and intact."""
        try:
            row = self.conn.execute("SELECT state, crc FROM snapshots WHERE session = ? AND idx = ? AND prefix = ?",
                                    (session_id, idx, prefix)).fetchone()
        except sqlite3.Error:
            return None
        if row is None or not isinstance(row[0], bytes) or zlib.crc32(row[0]) != row[1]:
            return None
        return row[0]

    def sessions(self) -> list[dict[str, Any]]:
        """Every readable session, newest first (damaged ones are set aside)."""
        out = []
        for row in self._safe_rows(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions"
                                   f" ORDER BY started DESC, id DESC", ()):
            if row[13] is not None:
                continue
            try:
                out.append(_session_row(row))
            except _Damaged as e:
                self.set_aside(row[0], row[1], str(e))
        return out

    def _listed(self, where: str, args: tuple[Any, ...], keep: Callable[[tuple[Any, ...]], bool], limit: int = -1,
                offset: int = 0) -> Iterator[dict[str, Any]]:
        """Readable sessions rows matching `where` (SQL) / `keep` (the same test in
        Python, for rows salvaged one by one when a page of the table is damaged)."""
        try:
            rows = self._safe_rows(
                f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions WHERE {where} AND set_aside IS NULL"
                f" ORDER BY started DESC, id DESC LIMIT ? OFFSET ?", (*args, limit, offset))
        except _Unreadable:
            rows = [r for r in self._salvaged_rows() if r[13] is None and keep(r)]
            rows.sort(key=lambda r: (r[7] if isinstance(r[7], (int, float)) else 0, r[0]), reverse=True)
            rows = rows[offset:] if limit < 0 else rows[offset:offset + limit]
        for row in rows:
            if row[0] in self._set_aside:
                continue
            try:
                yield _session_row(row)
            except _Damaged as e:
                self.set_aside(row[0], row[1], str(e))

    def _salvaged_rows(self) -> list[tuple[Any, ...]]:
        """Every sessions row still readable, one by one: a damaged page of the
        table (or of its index) costs only the games on it, which are set aside."""
        try:
            top = self.conn.execute("SELECT max(id) FROM sessions").fetchone()[0] or 0
        except sqlite3.Error:
            raise _Unreadable("The list of games cannot be read; the journal is damaged.") from None
        rows = []
        for sid in range(1, min(int(top), SALVAGE_MAX) + 1):
            try:
                rows += self._safe_rows(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions WHERE id = ?",
                                        (sid,))
            except _Unreadable:
                self.set_aside(sid, "", "the page it is on is damaged")
        return rows

    def _actions_of(self, row: dict[str, Any]) -> int:
        summary = row["summary"]
        if summary is not None:
            return int(summary["actions"])
        try:
            return count_actions(self.entries(row["id"]))
        except (JournalError, ValueError, KeyError, TypeError):
            return 0

    def in_progress(self, limit: int | None = None, offset: int = 0) -> list[dict[str, Any]]:
        """Games neither finished nor abandoned, newest first:
        {"id", "game", "players", "started", "actions"}. Read from each game's
        summary (no entry is read); `limit`/`offset` page (Home shows the newest
        few and in_progress_count()); a damaged game is set aside and named in
        `notice` instead of raising."""
        out = []
        for row in self._listed("finished IS NULL AND abandoned IS NULL", (),
                                lambda r: r[8] is None and r[10] is None,
                                -1 if limit is None else int(limit), int(offset)):
            actions = self._actions_of(row)
            if row["id"] in self._set_aside:
                continue
            out.append({"id": row["id"], "game": row["game"], "players": row["players"],
                        "started": row["started"], "actions": actions})
        return out

    def in_progress_count(self) -> int:
        """How many games in_progress() would list (counted by SQL, in the index)."""
        return self._count("open", None)

    def _count(self, which: str, game: str | None) -> int:
        """A list's size from list_counts (kept by triggers: no scan of the games)."""
        sql = "SELECT sum(n) FROM list_counts WHERE list = ?"
        args: tuple[Any, ...] = (which,)
        if game is not None:
            sql, args = sql + " AND game = ?", (which, game)
        try:
            n = self._safe_rows(sql, args)[0][0]
        except _Unreadable:
            n = None
        if not isinstance(n, int) or n < 0:  # damaged counts: count the rows themselves
            return len(self.in_progress()) if which == "open" else len(self.history(game=game))
        return n

    def history(self, limit: int | None = None, offset: int = 0, game: str | None = None,
                player: str | None = None) -> list[dict[str, Any]]:
        """Finished games, newest first: {"id", "game", "players", "scores",
        "winners" (seats), "winner_names", "started", "finished", "duration_s"}.
        `limit`/`offset` page through them (history(50) reads 50 rows, whatever
        the journal holds); `game` and `player` filter. history_count() counts."""
        where, args = _history_filter(game, player)
        out = []

        def keep(r: tuple[Any, ...]) -> bool:
            return r[8] is not None and r[10] is None and (game is None or r[1] == game)

        for row in self._listed(where, args, keep, -1 if limit is None else int(limit), int(offset)):
            if player is not None and player not in row["players"]:
                continue
            players = row["players"]
            result = row["result"] if isinstance(row["result"], dict) else {}
            winners = list(result.get("winners", []))
            out.append({
                "id": row["id"], "game": row["game"], "players": players,
                "scores": list(result.get("scores", [])), "winners": winners,
                "winner_names": [players[w] for w in winners if isinstance(w, int) and 0 <= w < len(players)],
                "started": row["started"], "finished": row["finished"],
                "duration_s": round(row["finished"] - row["started"], 3),
            })
        return out

    def history_count(self, game: str | None = None, player: str | None = None) -> int:
        """How many finished games history() would list (counted by SQL)."""
        if player is None:
            return self._count("past", game)
        where, args = _history_filter(game, player)
        try:
            rows = self._safe_rows(f"SELECT players FROM sessions WHERE {where} AND set_aside IS NULL", args)
        except _Unreadable:
            return len(self.history(game=game, player=player))
        return sum(1 for (players,) in rows if _names(players, player))

    def history_counts(self) -> dict[str, int]:
        """Finished games per game name (counted by SQL)."""
        try:
            return {g: int(n) for g, n in self._safe_rows(
                "SELECT game, n FROM list_counts WHERE list = 'past' AND n > 0", ())}
        except _Unreadable:
            counts: dict[str, int] = {}
            for g in self.history():
                counts[g["game"]] = counts.get(g["game"], 0) + 1
            return counts

    def abandoned(self) -> list[dict[str, Any]]:
        """Abandoned games, newest first: {"id", "game", "players", "started", "abandoned", "actions"}."""
        return [
            {"id": r["id"], "game": r["game"], "players": r["players"], "started": r["started"],
             "abandoned": r["abandoned"], "actions": self._actions_of(r)}
            for r in self._listed("abandoned IS NOT NULL", (), lambda r: r[10] is not None)
        ]


class _Newer(sqlite3.DatabaseError):
    pass


class _Unreadable(JournalError):
    """A table of the journal cannot be read at all (damaged pages)."""


def _names(players_json: Any, player: str) -> bool:
    try:
        players = json.loads(players_json)
    except (TypeError, ValueError, RecursionError):
        return False
    return isinstance(players, list) and player in players


def _history_filter(game: str | None, player: str | None) -> tuple[str, tuple[Any, ...]]:
    where = "finished IS NOT NULL AND abandoned IS NULL"
    args: tuple[Any, ...] = ()
    if game is not None:
        where, args = where + " AND game = ?", (*args, game)
    if player is not None:  # narrowed in SQL, checked exactly on each row
        where, args = where + " AND instr(players, ?) > 0", (*args, dumps(player))
    return where, args


def count_actions(entries: Iterable[tuple[int, str, str]]) -> int:
    """How many actions are in effect after the undos and redos (no replay needed)."""
    n = 0
    undone: list[int] = []
    for _seq, kind, payload in entries:
        if kind in ("action", "correction"):
            n += 1
        elif kind == "undo":
            k = json.loads(payload)["actions"]
            n -= k
            undone.append(k)
        elif kind == "redo" and undone:
            n += undone.pop()
    return n


def _session_row(row: Sequence[Any]) -> dict[str, Any]:
    """A sessions row as a dict, checked: its checksum, its JSON and their types.
    Anything else is _Damaged with a short reason."""
    crc = row[12]
    if crc is not None and crc != row_crc(*row[:12]):
        raise _Damaged("its details do not match their checksum")
    try:
        players, options, meta = json.loads(row[2]), json.loads(row[3]), json.loads(row[4])
        result = json.loads(row[9]) if row[9] else None
        summary = json.loads(row[11]) if row[11] else None
        out = {
            "id": row[0], "game": row[1], "players": players, "options": options, "meta": meta,
            "seed": int(row[5]), "randomness": row[6], "started": float(row[7]),
            "finished": None if row[8] is None else float(row[8]), "result": result,
            "abandoned": row[10], "summary": summary,
        }
    except (ValueError, TypeError, RecursionError):
        raise _Damaged("its details are not readable") from None
    if (not isinstance(row[1], str) or not isinstance(players, list)
            or not all(isinstance(p, str) for p in players) or not isinstance(options, dict)
            or not isinstance(meta, dict) or row[6] not in ("digital", "physical")
            or (summary is not None and not (isinstance(summary, dict) and isinstance(summary.get("actions"), int)))):
        raise _Damaged("its details are not readable")
    return out


def _statements(script: str) -> Iterator[str]:
    """The statements of a migration, one by one (a trigger's body keeps its ';')."""
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if buffer.strip(" \n;"):
                yield buffer
            buffer = ""


def _migrate(conn: sqlite3.Connection) -> None:
    """Create or upgrade the schema in ONE exclusive transaction. The version is
    read again inside it: another process may have done it meanwhile (then there
    is nothing left to do), and a locked file is waited for (busy timeout)."""
    conn.execute("BEGIN EXCLUSIVE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _Newer("newer")
        for target in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _statements(MIGRATIONS[target - 1]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


__all__ = [
    "FILENAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Journal",
    "connect",
    "count_actions",
    "data_dir",
    "dumps",
    "entry_crc",
    "row_crc",
    "sentence",
]

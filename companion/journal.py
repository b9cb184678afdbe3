"""The journal: every game's setup and every action, in one SQLite file.

It stores setups and actions, never states; a session is rebuilt by replaying
its entries through the game's `apply` (see companion/session.py). Each entry
is committed in its own transaction (WAL, synchronous=FULL) before the caller
returns, so after a crash or power cut the journal holds exactly what was
acknowledged, plus at most the one entry whose commit was under way.

A file that is not a valid database, or was written by a newer version of the
companion, is moved aside (never deleted) and a fresh journal is started;
`journal.notice` then holds a sentence for the app to show.

A game nobody will finish can be abandoned: it keeps its actions but is no
longer in progress, nor in the history of finished games.

The format is described in docs/journal.md.
"""
from __future__ import annotations

import json
import pathlib
import sqlite3
import time
from typing import Any, Iterable

from .errors import JournalError
from .paths import data_dir, move_aside

FILENAME = "journal.sqlite3"
KINDS = ("action", "undo", "redo", "seen")

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
]
SCHEMA_VERSION = len(MIGRATIONS)

_INSERT_ENTRY = "INSERT INTO entries (session, seq, kind, payload, time) VALUES (?, ?, ?, ?, ?)"


def dumps(value: Any) -> str:
    """Compact JSON, refusing NaN (not JSON) so a bad value fails before commit."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class _MoveAside(Exception):
    def __init__(self, why: str):
        self.why = why


def connect(path: pathlib.Path | str) -> sqlite3.Connection:
    """A connection set up the journal's way: autocommit (each statement is
    its own transaction unless we BEGIN), WAL, synchronous=FULL."""
    conn = sqlite3.connect(str(path), isolation_level=None, cached_statements=64)
    _journal_pragmas(conn)
    return conn


def _journal_pragmas(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


class Journal:
    """One journal file. Open with `Journal.open(path=None)`."""

    def __init__(self, conn: sqlite3.Connection, path: pathlib.Path, notice: str | None):
        self._conn = conn
        self.path = path
        self.notice = notice

    # --- opening ------------------------------------------------------------
    @classmethod
    def open(cls, path: pathlib.Path | str | None = None) -> "Journal":
        path = pathlib.Path(path) if path is not None else data_dir() / FILENAME
        path.parent.mkdir(parents=True, exist_ok=True)
        notice = None
        try:
            conn = cls._open_checked(path)
        except _MoveAside as e:
            moved = move_aside(path, e.why, ("-wal", "-shm"))
            if e.why == "newer":
                notice = (
                    f"The journal was written by a newer version of the companion, so it was moved to "
                    f"{moved.name} (nothing was deleted) and a fresh journal was started."
                )
            else:
                notice = (
                    f"The journal file was damaged, so it was moved to {moved.name} "
                    f"(nothing was deleted) and a fresh journal was started."
                )
            try:
                conn = cls._open_checked(path)
            except _MoveAside:
                raise JournalError(f"A fresh journal could not be started at {path}.") from None
        except (sqlite3.Error, OSError) as e:
            reason = getattr(e, "strerror", None) or e
            raise JournalError(f"The journal at {path} could not be opened: {reason}.") from None
        return cls(conn, path, notice)

    @staticmethod
    def _open_checked(path: pathlib.Path) -> sqlite3.Connection:
        # Look at the header before SQLite does: SQLite may tidy away a -wal file
        # beside a file it cannot read, and nothing of the user's may be deleted.
        try:
            with open(path, "rb") as f:
                header = f.read(16)
        except FileNotFoundError:
            header = b""
        if header and header != b"SQLite format 3\x00":
            raise _MoveAside("damaged")
        conn = None
        try:
            conn = sqlite3.connect(str(path), isolation_level=None, cached_statements=64)
            # Reading the header is what tells a database from any other file.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            if version > SCHEMA_VERSION:
                conn.close()
                raise _MoveAside("newer")
            _journal_pragmas(conn)
            _migrate(conn, version)
            if version > 0:
                # Tables we expect must be there and readable.
                conn.execute("SELECT count(*) FROM sessions").fetchone()
                conn.execute("SELECT count(*) FROM entries WHERE session = -1").fetchone()
            return conn
        except sqlite3.DatabaseError as e:
            if conn is not None:
                conn.close()
            damage = ("no such table", "already exists", "malformed", "not a database")
            if isinstance(e, sqlite3.OperationalError) and not any(d in str(e) for d in damage):
                raise  # locked, read-only, unable to open: not damage, so never move the file
            raise _MoveAside("damaged") from None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def schema_version(self) -> int:
        return self._conn.execute("PRAGMA user_version").fetchone()[0]

    # --- writing --------------------------------------------------------------
    def create_session(self, game: str, players: list, options: dict, meta: dict | None,
                       seed: int, randomness: str, started: float | None = None) -> int:
        cur = self._conn.execute(
            "INSERT INTO sessions (game, players, options, meta, seed, randomness, started)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, dumps(list(players)), dumps(dict(options)), dumps(dict(meta or {})), str(int(seed)),
             randomness, time.time() if started is None else started),
        )
        return cur.lastrowid

    def append(self, session_id: int, seq: int, kind: str, payload: str) -> None:
        """Commit one entry (payload already JSON) in its own transaction.

        Returns only once it is durable; a second writer to the same seq is a
        JournalError, never a silent overwrite."""
        try:
            self._conn.execute(_INSERT_ENTRY, (session_id, seq, kind, payload, time.time()))
        except sqlite3.IntegrityError:
            raise JournalError(
                "This game was changed elsewhere (another window or process); reopen it to continue."
            ) from None
        except sqlite3.Error as e:
            raise JournalError(f"The move could not be saved ({e}); nothing was changed.") from None

    def set_result(self, session_id: int, result: dict | None, when: float | None = None) -> None:
        """Mark a session finished with its result, or (result None) in progress again."""
        if result is None:
            self._conn.execute("UPDATE sessions SET finished = NULL, result = NULL WHERE id = ?", (session_id,))
        else:
            self._conn.execute(
                "UPDATE sessions SET finished = ?, result = ? WHERE id = ?",
                (time.time() if when is None else when, dumps(result), session_id),
            )

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
        self._conn.execute(
            "UPDATE sessions SET abandoned = ? WHERE id = ? AND finished IS NULL",
            (time.time() if when is None else when, session_id),
        )

    # --- reading --------------------------------------------------------------
    def session(self, session_id: int) -> dict:
        row = self._conn.execute(
            f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,),
        ).fetchone()
        if row is None:
            raise JournalError(f"There is no game number {session_id} in the journal.")
        return _session_row(row)

    def entries(self, session_id: int) -> list[tuple[int, str, str]]:
        """(seq, kind, payload JSON) in order."""
        return self._conn.execute(
            "SELECT seq, kind, payload FROM entries WHERE session = ? ORDER BY seq", (session_id,)
        ).fetchall()

    def sessions(self) -> list[dict]:
        rows = self._conn.execute(
            f"SELECT {_SESSION_COLUMNS} FROM sessions ORDER BY started DESC, id DESC"
        ).fetchall()
        return [_session_row(r) for r in rows]

    def in_progress(self) -> list[dict]:
        """Games neither finished nor abandoned, newest first:
        {"id", "game", "players", "started", "actions"}."""
        out = []
        for row in self._conn.execute(
            "SELECT id, game, players, started FROM sessions WHERE finished IS NULL AND abandoned IS NULL"
            " ORDER BY started DESC, id DESC"
        ).fetchall():
            out.append({
                "id": row[0], "game": row[1], "players": json.loads(row[2]), "started": row[3],
                "actions": count_actions(self.entries(row[0])),
            })
        return out

    def history(self) -> list[dict]:
        """Finished games, newest first: {"id", "game", "players", "scores",
        "winners" (seats), "winner_names", "started", "finished", "duration_s"}."""
        out = []
        for row in self._conn.execute(
            "SELECT id, game, players, started, finished, result FROM sessions"
            " WHERE finished IS NOT NULL AND abandoned IS NULL ORDER BY started DESC, id DESC"
        ).fetchall():
            players = json.loads(row[2])
            result = json.loads(row[5]) if row[5] else {}
            winners = list(result.get("winners", []))
            out.append({
                "id": row[0], "game": row[1], "players": players,
                "scores": list(result.get("scores", [])), "winners": winners,
                "winner_names": [players[w] for w in winners if isinstance(w, int) and 0 <= w < len(players)],
                "started": row[3], "finished": row[4], "duration_s": round(row[4] - row[3], 3),
            })
        return out

    def abandoned(self) -> list[dict]:
        """Abandoned games, newest first: {"id", "game", "players", "started", "abandoned", "actions"}."""
        return [
            {"id": r[0], "game": r[1], "players": json.loads(r[2]), "started": r[3], "abandoned": r[4],
             "actions": count_actions(self.entries(r[0]))}
            for r in self._conn.execute(
                "SELECT id, game, players, started, abandoned FROM sessions WHERE abandoned IS NOT NULL"
                " ORDER BY started DESC, id DESC"
            ).fetchall()
        ]


def count_actions(entries: Iterable[tuple[int, str, str]]) -> int:
    """How many actions are in effect after the undos and redos (no replay needed)."""
    n = 0
    undone: list[int] = []
    for _seq, kind, payload in entries:
        if kind == "action":
            n += 1
        elif kind == "undo":
            k = json.loads(payload)["actions"]
            n -= k
            undone.append(k)
        elif kind == "redo" and undone:
            n += undone.pop()
    return n


_SESSION_COLUMNS = "id, game, players, options, meta, seed, randomness, started, finished, result, abandoned"


def _session_row(row) -> dict:
    return {
        "id": row[0], "game": row[1], "players": json.loads(row[2]), "options": json.loads(row[3]),
        "meta": json.loads(row[4]), "seed": int(row[5]), "randomness": row[6], "started": row[7],
        "finished": row[8], "result": json.loads(row[9]) if row[9] else None, "abandoned": row[10],
    }


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    for target in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[target - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


__all__ = ["Journal", "data_dir", "SCHEMA_VERSION", "MIGRATIONS", "count_actions", "dumps", "connect", "FILENAME"]

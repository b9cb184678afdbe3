"""The journal's schema: its migrations, applied in order, and the upgrade of a
file from any older version (docs/journal.md, "Schema")."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator

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


class Newer(sqlite3.DatabaseError):
    """The file was written by a newer companion (its schema is past ours)."""


def statements(script: str) -> Iterator[str]:
    """The statements of a migration, one by one (a trigger's body keeps its ';')."""
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if buffer.strip(" \n;"):
                yield buffer
            buffer = ""


def migrate(conn: sqlite3.Connection) -> None:
    """Create or upgrade the schema in ONE exclusive transaction. The version is
    read again inside it: another process may have done it meanwhile (then there
    is nothing left to do), and a locked file is waited for (busy timeout)."""
    conn.execute("BEGIN EXCLUSIVE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise Newer("newer")
        for target in range(version + 1, SCHEMA_VERSION + 1):
            for statement in statements(MIGRATIONS[target - 1]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise

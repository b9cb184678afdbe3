"""The journal file: where it lives, its schema, damaged and newer files, history."""
import json
import sqlite3

import pytest

from companion.store.journal import CACHE_KIB, SCHEMA_VERSION, Journal, count_actions, data_dir
from companion.table.session import Session


def test_default_journal_lives_in_the_user_data_dir():
    with Journal.open() as j:
        assert j.path == data_dir() / "journal.sqlite3"
        assert j.path.exists()
        assert j.notice is None


def test_journal_uses_wal_and_current_schema_and_a_move_is_on_disk_when_act_returns(tmp_path, toy, monkeypatch):
    """WAL with synchronous=NORMAL (SQLite does not wait for the disk) and the
    journal's own fsync of the -wal file before act() returns (docs/journal.md)."""
    import os

    from companion.store import durable

    synced: list[str] = []
    monkeypatch.setattr(durable, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")))
    with Journal.open(tmp_path / "j.sqlite3") as j:
        assert j.schema_version == SCHEMA_VERSION >= 1
        assert j._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j._conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        s = Session.create(j, "toy", ["Ana", "Ben"], seed=3)
        synced.clear()
        s.act({"actor": 0, "type": "roll"})
        assert synced == [str(tmp_path / "j.sqlite3-wal")]
        assert not j.pending and not j.deferred


def test_the_journals_page_cache_is_capped_so_memory_stays_flat_as_the_file_grows(tmp_path):
    """SQLite's default cache (2,000 KiB) filled as the journal grew, game after game."""
    with Journal.open(tmp_path / "j.sqlite3") as j:
        assert j._conn.execute("PRAGMA cache_size").fetchone()[0] == -CACHE_KIB
        assert 64 <= CACHE_KIB <= 512


def test_reopening_keeps_sessions(tmp_path, toy):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as j:
        s = Session.create(j, "toy", ["Ana", "Ben"], seed=3)
        s.act({"actor": 0, "type": "roll"})
        view = s.view()
    with Journal.open(path) as j:
        assert j.notice is None
        assert Session.resume(j, s.id).view() == view


def test_a_file_that_is_not_a_database_is_moved_aside_not_deleted(tmp_path):
    path = tmp_path / "journal.sqlite3"
    garbage = b"this is not sqlite at all" * 100
    path.write_bytes(garbage)
    (tmp_path / "journal.sqlite3-wal").write_bytes(b"stray wal")
    with Journal.open(path) as j:
        assert j.notice and "damaged" in j.notice and "moved" in j.notice
        assert j.in_progress() == [] and j.history() == []
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("journal.sqlite3.damaged-")]
    names = sorted(p.name for p in aside)
    assert len(names) == 2 and names[1].endswith("-wal")
    main = next(p for p in aside if not p.name.endswith("-wal"))
    assert main.read_bytes() == garbage  # kept byte for byte
    assert main.name in j.notice


def test_a_journal_from_a_newer_version_is_moved_aside(tmp_path, toy):
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as j:
        Session.create(j, "toy", ["Ana", "Ben"], seed=1)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with Journal.open(path) as j:
        assert j.notice and "newer version" in j.notice
        assert j.in_progress() == []
    aside = [p for p in tmp_path.iterdir() if ".newer-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1
    old = sqlite3.connect(aside[0])
    assert old.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1


def test_an_old_schema_is_migrated_in_place(tmp_path):
    """A version-0 file (an empty database) is upgraded, not moved aside."""
    path = tmp_path / "journal.sqlite3"
    sqlite3.connect(path).close()
    with Journal.open(path) as j:
        assert j.notice is None and j.schema_version == SCHEMA_VERSION


def test_finished_games_stay_as_history(tmp_path, toy):
    with Journal.open(tmp_path / "j.sqlite3") as j:
        s = Session.create(j, "toy", ["Ana", "Ben"], options={"target": 5}, seed=7)
        while not s.is_over():
            s.act({"actor": next(iter(s.actors())), "type": "roll"})
        (h,) = j.history()
        result = s.result()
        assert h["players"] == ["Ana", "Ben"] and h["game"] == "toy"
        assert h["scores"] == list(result.scores)
        assert h["winners"] == list(result.winners)
        assert h["winner_names"] == [["Ana", "Ben"][w] for w in result.winners]
        assert h["finished"] >= h["started"] and h["duration_s"] >= 0
        assert j.in_progress() == []


def test_in_progress_lists_newest_first_with_action_count(tmp_path, toy):
    with Journal.open(tmp_path / "j.sqlite3") as j:
        a = Session.create(j, "toy", ["Ana", "Ben"], seed=1)
        b = Session.create(j, "toy", ["Cy", "Di", "Ed"], seed=2)
        b.act({"actor": 0, "type": "roll"})
        b.undo()
        listed = j.in_progress()
        assert [x["id"] for x in listed] == [b.id, a.id]
        assert listed[0]["actions"] == len(b.actions)
        assert listed[1]["actions"] == len(a.actions)


def test_action_count_follows_undo_and_redo():
    entries = [(0, "action", "{}"), (1, "action", "{}"), (2, "action", "{}"),
               (3, "undo", json.dumps({"actions": 2})), (4, "redo", "{}"), (5, "undo", json.dumps({"actions": 2}))]
    assert count_actions(entries) == 1


def test_a_database_with_damaged_pages_is_moved_aside(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    with Journal.open(path) as j:
        assert j.notice and "damaged" in j.notice
        assert j.schema_version == SCHEMA_VERSION
    assert any(p.name.startswith("journal.sqlite3.damaged-") for p in tmp_path.iterdir())


def test_a_journal_that_cannot_be_opened_is_an_error_and_is_not_moved(tmp_path):
    """A directory where the file should be is not damage: report it, move nothing."""
    path = tmp_path / "journal.sqlite3"
    path.mkdir()
    from companion.errors import JournalError
    with pytest.raises(JournalError, match="could not be opened"):
        Journal.open(path)
    assert path.is_dir() and [p.name for p in tmp_path.iterdir()] == ["journal.sqlite3"]


def test_pages_and_counts_match_the_full_lists_whatever_happens_to_the_games(tmp_path, toy):
    """Home and Past games read a page and a count kept by triggers: after games
    are started, finished, un-finished by undo, abandoned and set aside, every
    page is the matching slice of the full list and every count its length."""
    import random

    rng = random.Random(4)
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        sessions = []
        for i in range(30):
            s = Session.create(j, "toy", ["Ana", "Ben"] if i % 2 else ["Cy", "Di"], options={"target": 5}, seed=i)
            sessions.append(s)
            while rng.random() < 0.9 and not s.is_over():
                s.act(rng.choice(s.legal_actions(next(iter(s.actors())))))
            if s.is_over() and rng.random() < 0.3 and s.can_undo()[0]:
                s.undo()  # the winning move taken back: in progress again
            elif not s.is_over() and rng.random() < 0.2:
                j.abandon(s.id)
            elif rng.random() < 0.1:
                j.set_aside(s.id, "toy", "a test says so")
        games, past = j.in_progress(), j.history()
        assert j.in_progress_count() == len(games) and j.history_count() == len(past) > 0
        assert j.history_count(player="Ana") == len([g for g in past if "Ana" in g["players"]])
        assert j.history_counts() == {"toy": len(past)}
        for limit, offset in ((3, 0), (5, 2), (50, 0), (2, len(past))):
            assert j.history(limit, offset) == past[offset:offset + limit]
            assert j.in_progress(limit, offset) == games[offset:offset + limit]
        assert j.history(50, player="Ana") == [g for g in past if "Ana" in g["players"]][:50]
        assert all(g["actions"] == len(Session.resume(j, g["id"], deal=False).actions) for g in games)

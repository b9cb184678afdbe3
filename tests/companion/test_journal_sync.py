"""The journal's deferred fsync (companion/store/durable.py): commits in flight
share one fsync, and what waits for the disk hears of it only once it returned
(issue 23; docs/journal.md, "Durability")."""
from __future__ import annotations

import threading

from companion.store import durable
from companion.store.journal import Journal
from companion.table.session import Session


def test_commits_in_flight_share_one_fsync_and_each_waiter_hears_after_its_own(tmp_path, toy, monkeypatch):
    real = durable.fsync
    release = threading.Event()
    calls: list[str] = []

    def held(fd: int) -> None:
        calls.append(threading.current_thread().name)
        release.wait(10)
        real(fd)

    with Journal.open(tmp_path / "j.sqlite3") as j:
        s = Session.create(j, "toy", ["Ana", "Ben"], seed=3)
        j.defer_sync(True)
        heard: list[tuple[int, str]] = []
        j.when_synced(lambda: heard.append((0, threading.current_thread().name)))
        assert heard == [(0, "MainThread")], "nothing pending: at once, in the caller's thread"
        monkeypatch.setattr(durable, "fsync", held)
        for n in range(1, 5):  # four moves while the disk is busy with the first
            s.act({"actor": min(a for a in s.actors() if a != "chance"), "type": "roll"})
            j.when_synced(lambda n=n: heard.append((n, threading.current_thread().name)))
        assert j.pending and len(heard) == 1
        release.set()
        assert j.wait_synced(5) and not j.pending
        assert [n for n, _ in heard] == [0, 1, 2, 3, 4]
        assert {name for _, name in heard[1:]} == {"journal-fsync"}
        assert 1 <= len(calls) <= 2 and set(calls) == {"journal-fsync"}, "one fsync for the moves behind the first"


def test_the_syncer_follows_a_replaced_wal_and_syncs_the_main_file_when_there_is_none(tmp_path, monkeypatch):
    import os

    main, wal = tmp_path / "j.sqlite3", tmp_path / "j.sqlite3-wal"
    main.write_bytes(b"main")
    synced: list[int] = []
    monkeypatch.setattr(durable, "fsync", lambda fd: synced.append(os.fstat(fd).st_ino))
    syncer = durable.Syncer(wal, fallback=main)
    syncer.prepare()  # no -wal yet: the main file
    syncer.committed(None)
    syncer.sync_inline()
    assert synced[-1] == main.stat().st_ino and not syncer.pending
    wal.write_bytes(b"one")
    syncer.prepare()
    syncer.committed(None)
    syncer.sync_inline()
    assert synced[-1] == wal.stat().st_ino
    (tmp_path / "new").write_bytes(b"two")
    os.replace(tmp_path / "new", wal)  # another file under the same name
    syncer.prepare()
    syncer.committed(None)
    syncer.sync_inline()
    assert synced[-1] == wal.stat().st_ino
    syncer.close()

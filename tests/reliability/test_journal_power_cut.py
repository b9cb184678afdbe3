"""Issue 23: the fsync off the critical path, and still no move a player saw is
lost in a power cut (docs/journal.md, "Durability").

A test disk keeps only what was synced: each time the journal's explicit fsync
(`durable.fsync`) returns, the bytes of the file it synced are copied aside,
and each time an idle checkpoint returns (SQLite synced the WAL and the main
file itself) both files are. "Cutting the power" opens a journal made of those
copies alone. Games are played in deferred mode (the app's): the commit returns
before the disk has the move, and the player sees it only once `wait_synced()`
returned (the app's swap gate). Every entry a player saw must be in the journal
after the cut; without the wait the same test finds seen moves lost.
"""
from __future__ import annotations

import os
import random
import shutil
import threading
import time

import pytest

from companion.bots import RandomBot
from companion.rules.engine import CHANCE
from companion.store import durable
from companion.store.journal import Journal
from companion.table.session import Session

GAMES = (("maya-madness", ["Di", "Ed"], {"deck": "full"}), ("maya", ["Ana", "Ben", "Cy"], {}),
         ("mayan-curse", ["Flo", "Gus", "Hal"], {}))


class PowerCutDisk:
    """What survives a power cut: each file as it was when last synced."""

    def __init__(self, folder):
        self.folder = folder
        self.kept: dict[str, bytes] = {}
        self.lock = threading.Lock()

    def keep(self, *paths: str) -> None:
        with self.lock:
            for path in paths:
                try:
                    with open(path, "rb") as f:
                        self.kept[os.path.basename(path)] = f.read()
                except FileNotFoundError:
                    self.kept.pop(os.path.basename(path), None)

    def cut(self, into) -> Journal:
        """The power is cut: a journal made only of what was synced (no -shm: it is rebuilt)."""
        shutil.rmtree(into, ignore_errors=True)
        into.mkdir()
        with self.lock:
            for name, data in self.kept.items():
                (into / name).write_bytes(data)
        return Journal.open(into / "journal.sqlite3")


@pytest.fixture
def disk(tmp_path, monkeypatch):
    """A journal in deferred mode on a test disk; the fsync takes `disk.delay` seconds."""
    d = PowerCutDisk(tmp_path / "live")
    d.folder.mkdir()
    d.delay = 0.0
    real = durable.fsync

    def fsync(fd: int) -> None:
        if d.delay:
            time.sleep(d.delay)
        real(fd)
        path = os.readlink(f"/proc/self/fd/{fd}")
        if os.path.isfile(path):
            d.keep(path)

    monkeypatch.setattr(durable, "fsync", fsync)
    d.journal = Journal.open(d.folder / "journal.sqlite3")
    # The test disk sees the journal's own fsyncs and its idle checkpoints, not the
    # syncs of SQLite's checkpoint inside a commit: that backstop is off here.
    d.journal.conn.execute("PRAGMA wal_autocheckpoint=0")
    d.keep(str(d.journal.path))  # its header, written (and synced by SQLite) when WAL was turned on
    real_idle = d.journal.idle

    def idle() -> bool:
        done = real_idle(least=1)
        d.keep(str(d.journal.path), str(d.journal.path) + "-wal")  # SQLite synced both
        return done

    d.journal.idle = idle
    d.journal.defer_sync(True)
    yield d
    d.journal.close()


def _step(s: Session, rng: random.Random) -> None:
    """A move, an undo, a redo or a look, as a table makes them."""
    r = rng.random()
    if r < 0.06 and s.can_undo()[0]:
        s.undo()
    elif r < 0.09 and s.can_redo()[0]:
        s.redo()
    elif r < 0.11:
        s.mark_seen(rng.randrange(len(s.players)))
    else:
        seat = rng.choice(sorted((a for a in s.actors() if a != CHANCE), key=str))
        s.act(RandomBot().choose(s.game, s.state, seat, rng))


def play_and_cut(disk, tmp_path, wait: bool, seed: int, moves: int = 240) -> list[str]:
    """Play random games; after each change the player sees it (after wait_synced
    when `wait`); at random moments cut the power and list every seen entry lost."""
    rng = random.Random(seed)
    j = disk.journal
    seen: dict[int, list] = {}  # game -> the entries the table has shown
    lost: list[str] = []
    s = None
    for step in range(moves):
        if s is None or s.is_over():
            game, players, options = GAMES[step % len(GAMES)]
            s = Session.create(j, game, players, options=options, seed=rng.randrange(10**6))
        _step(s, rng)
        if rng.random() < 0.05:
            lost += cut(disk, tmp_path, seen, step)  # while the frame is prepared (the fsync under way)
        if wait:
            j.wait_synced()  # the swap gate: the frame is shown only now
        seen[s.id] = j.entries(s.id)
        if rng.random() < 0.05:
            j.idle()  # the app was idle for a moment
        if rng.random() < 0.05:
            lost += cut(disk, tmp_path, seen, step)  # the move on the screen
    return lost


def cut(disk, tmp_path, seen: dict[int, list], step: int) -> list[str]:
    lost = []
    with disk.cut(tmp_path / "after-cut") as after:
        for sid, entries in seen.items():
            kept = after.entries(sid) if any(r["id"] == sid for r in after.sessions()) else []
            if kept[: len(entries)] != entries:
                lost.append(f"step {step}: game {sid} lost seen entries ({len(kept)} of {len(entries)} kept)")
            else:
                Session.resume(after, sid, deal=False)  # and it is a game that loads
    return lost


def test_a_power_cut_loses_no_move_a_player_saw(disk, tmp_path):
    disk.delay = 0.002  # an fsync slower than a move: commits pile up behind it and coalesce
    assert play_and_cut(disk, tmp_path, wait=True, seed=23) == []


def test_without_waiting_for_the_fsync_the_power_cut_loses_seen_moves(disk, tmp_path):
    """The same test catches the defect: a move shown before its fsync returned."""
    disk.delay = 0.02
    assert play_and_cut(disk, tmp_path, wait=False, seed=23, moves=120) != []


def test_a_power_cut_loses_no_turn_clock_seconds_a_player_saw(disk, tmp_path):
    """Issue 25 §1: the turn clock's seconds ride each move's commit (the game's summary),
    so what the tiles showed at the last move a player saw comes back after a cut."""
    from companion.table import clock as turn_clock
    from companion.table.clock import Setting, Spent

    rng, now = random.Random(25), [100.0]
    j = disk.journal
    s = Session.create(j, "maya-madness", ["Di", "Ed", "Flo"], options={"deck": "full"}, seed=4,
                       meta={"clock": Setting("chess", 600).to_meta()})
    s.clock = turn_clock.for_session(s, lambda: now[0])
    for step in range(60):
        now[0] += rng.uniform(1, 20)
        _step(s, rng)
        j.wait_synced()  # the frame shows the move, and the tiles its seconds
        seen = s.clock.spent
        if rng.random() < 0.2:
            with disk.cut(tmp_path / "after-cut") as after:
                record = Session.resume(after, s.id, deal=False).clock_record
                assert Spent.from_json(record, 3) == Spent.from_json(seen.to_json(), 3), f"step {step}"

"""Issue 23: a failed fsync (the disk reports EIO or ENOSPC) is a sentence and
the move is taken back, never silently kept: memory and journal return to the
last state on disk, and the game goes on (docs/journal.md, "Durability")."""
from __future__ import annotations

import errno
import random
import threading

import pytest

from companion.bots import RandomBot
from companion.errors import JournalError
from companion.rules.engine import CHANCE, TABLE
from companion.store import durable
from companion.store.journal import Journal
from companion.table.session import Session


class FailingDisk:
    """durable.fsync that fails (OSError) while `failing`, optionally after a delay."""

    def __init__(self):
        self.failing = 0  # errno, or 0
        self.times: int | None = None  # how many more fsyncs fail (None: all)
        self.calls = 0
        self.gate = threading.Event()
        self.gate.set()

    def __call__(self, fd: int) -> None:
        self.calls += 1
        self.gate.wait(10)
        if self.failing and self.times != 0:
            if self.times is not None:
                self.times -= 1
            raise OSError(self.failing, "Input/output error" if self.failing == errno.EIO else "No space left")


@pytest.fixture
def fsync(monkeypatch):
    disk = FailingDisk()
    monkeypatch.setattr(durable, "fsync", disk)
    return disk


def _move(s: Session, rng: random.Random) -> dict:
    seat = rng.choice(sorted((a for a in s.actors() if a != CHANCE), key=str))
    return RandomBot().choose(s.game, s.state, seat, rng)


def _same(j: Journal, s: Session) -> None:
    """Memory and journal agree: a fresh resume gives this session's state and history."""
    fresh = Session.resume(j, s.id, deal=False)
    assert (fresh.actions, fresh.view(TABLE), fresh.can_undo(), fresh.can_redo(), fresh.log) == (
        s.actions, s.view(TABLE), s.can_undo(), s.can_redo(), s.log)
    assert [g["actions"] for g in j.in_progress() if g["id"] == s.id] == ([] if s.is_over() else [len(s.actions)])


@pytest.mark.parametrize("code", [errno.EIO, errno.ENOSPC])
def test_deferred_moves_whose_fsync_fails_are_taken_back_with_a_sentence_and_the_game_goes_on(tmp_path, fsync, code):
    rng = random.Random(code)
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        j.defer_sync(True)
        s = Session.create(j, "maya-madness", ["Di", "Ed", "Flo"], options={"deck": "full"}, seed=5)
        for _ in range(10):
            s.act(_move(s, rng))
        j.wait_synced()
        on_disk = (list(s.actions), s.view(TABLE), j.entries(s.id))
        heard: list[str] = []
        s.subscribe(lambda _s, event: heard.append(event))
        fsync.gate.clear()  # the disk is slow: three moves are committed behind one fsync
        fsync.failing = code
        tries = [_move(s, rng)]
        s.act(tries[0])
        for _ in range(2):
            s.act(_move(s, rng))
        fsync.gate.set()
        with pytest.raises(JournalError) as failed:
            j.wait_synced()
        said = str(failed.value)
        assert said.startswith("The move could not be saved: ")
        assert ("disk is full" if code == errno.ENOSPC else "read or write error") in said
        phones: list[str] = []
        j.when_synced(lambda: phones.append("sent"))  # nothing of the failed moves goes out
        fsync.failing = 0
        told = []
        sentence = s.take_back_unsaved(failed.value, say=told.append)
        assert sentence == f"{said} It was taken back; play it again." and told == [sentence]
        assert heard[-1] == "taken back"
        assert (list(s.actions), s.view(TABLE), j.entries(s.id)) == on_disk
        _same(j, s)
        assert phones == [] and not j.pending
        s.act(tries[0])  # played again: the game goes on
        j.wait_synced()
        for _ in range(5):
            s.act(_move(s, rng))
        j.wait_synced()
        _same(j, s)


def test_an_inline_fsync_that_fails_changes_nothing_and_says_so(tmp_path, fsync):
    """Without deferred mode (the CLI, the tests) act() raises the sentence, as a full disk does."""
    rng = random.Random(2)
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=2)
        for _ in range(8):
            s.act(_move(s, rng))
        before = (list(s.actions), s.view(TABLE), j.entries(s.id), j.in_progress())
        fsync.failing, fsync.times = errno.EIO, 1
        move = _move(s, rng)
        with pytest.raises(JournalError, match="could not be saved: the storage card reported a read or write "
                                               "error. Nothing was changed."):
            s.act(move)
        assert (list(s.actions), s.view(TABLE), j.entries(s.id), j.in_progress()) == before
        s.act(move)
        _same(j, s)


def test_a_disk_that_keeps_failing_is_said_and_memory_still_follows_the_journal(tmp_path, fsync):
    rng = random.Random(3)
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        j.defer_sync(True)
        s = Session.create(j, "mayan-curse", ["Flo", "Gus", "Hal"], seed=3)
        j.wait_synced()
        fsync.failing = errno.EIO
        s.act(_move(s, rng))
        with pytest.raises(JournalError) as failed:
            j.wait_synced()
        said = s.take_back_unsaved(failed.value)
        assert said.endswith("It was taken back. Saving still fails: the storage card reported a read or write "
                             "error. Games may not be kept until the storage card is replaced.")
        _same(j, s)


def test_a_new_game_whose_fsync_fails_is_not_left_in_the_journal(tmp_path, fsync):
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        fsync.failing, fsync.times = errno.EIO, 1
        with pytest.raises(JournalError, match="new game could not be saved.*Nothing was changed"):
            Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=1)
        assert j.sessions() == [] and j.in_progress_count() == 0

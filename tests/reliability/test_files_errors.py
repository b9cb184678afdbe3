"""Issue 12, points 5 and 12: every OS or SQLite problem with the data folder is a
sentence (a CompanionError), never a traceback; the journal and the tag list are
readable by their owner only (0600 in a 0700 folder); a tag list that is not
UTF-8 text is moved aside with a sentence (docs/journal.md, "The file")."""
from __future__ import annotations

import os
import random
import shutil
import stat
import subprocess

import pytest

from companion.bots import RandomBot
from companion.errors import CompanionError
from companion.rules.engine import CHANCE
from companion.store.journal import Journal
from companion.table.session import Session
from companion.table.tags import TagRegistry


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_journal_and_tags_are_private_to_their_owner(tmp_path, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(os, "umask", os.umask)  # the usual umask 022 would give 0644 / 0755
    old = os.umask(0o022)
    try:
        with Journal.open() as j:
            s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=1)
            s.act(s.legal_actions(next(iter(s.actors())))[0])
            files = [j.path, j.path.with_name(j.path.name + "-wal"), j.path.with_name(j.path.name + "-shm")]
            assert [_mode(f) for f in files] == [0o600] * 3
        tags = TagRegistry.open()
        tags.learn("0A0B0C0D", {"kind": "fob", "player": "Ana"})
        assert _mode(tmp_path / "data" / "tags.json") == 0o600
        assert _mode(tmp_path / "data") == 0o700
    finally:
        os.umask(old)


def test_a_data_folder_that_cannot_be_created_is_a_sentence(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(blocker / "data"))
    with pytest.raises(CompanionError, match="could not be created"):
        Journal.open()
    with pytest.raises(CompanionError):
        TagRegistry.open()


@pytest.mark.parametrize("damage", [b'{"version":1,"tags":{"0A":{"kind":"fob","player":"\xff"}}}', b"[" * 100000,
                                    b'{"version":1,"tags":{"0A":{"kind":"fob","player":"\\ud800"}}}'])
def test_a_tag_list_that_is_not_text_is_moved_aside_with_a_sentence(tmp_path, damage):
    path = tmp_path / "tags.json"
    path.write_bytes(damage)
    tags = TagRegistry.open(path)
    assert tags.notice and "moved" in tags.notice and len(tags) == 0
    assert [p.read_bytes() for p in tmp_path.iterdir() if ".damaged-" in p.name] == [damage]
    tags.learn("0B", {"kind": "fob", "player": "Ben"})  # and it carries on
    assert TagRegistry.open(path).lookup("0B") == {"kind": "fob", "player": "Ben"}


def test_a_tag_name_that_cannot_be_stored_is_refused_and_leaves_no_file(tmp_path):
    tags = TagRegistry.open(tmp_path / "tags.json")
    with pytest.raises(CompanionError):
        tags.learn("0B", {"kind": "fob", "player": "B\ud800n"})
    assert list(tmp_path.iterdir()) == []


def _fill(folder) -> None:
    with open(folder / "filler", "wb") as f:
        try:
            f.write(b"\0" * (2 << 20))
        except OSError:
            pass


def _every_journal_call(j: Journal, s: Session, rng: random.Random) -> list[str]:
    """Each thing the app does with the journal; returns the raw exceptions met."""
    raw = []
    calls = [
        ("Session.create", lambda: Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=rng.randrange(99))),
        ("act", lambda: s.act(RandomBot().choose(s.game, s.state, sorted(a for a in s.actors() if a != CHANCE)[0],
                                                  rng))),
        ("undo", lambda: s.undo()),
        ("mark_seen", lambda: s.mark_seen(0)),
        ("abandon", lambda: j.abandon(s.id)),
        ("in_progress", j.in_progress),
        ("history", j.history),
        ("resume", lambda: Session.resume(j, s.id)),
    ]
    for name, call in calls:
        try:
            call()
        except CompanionError as e:
            assert str(e) and "\n" not in str(e)
        except Exception as e:
            raw.append(f"{name}: {type(e).__name__}: {e}")
    return raw


def test_on_a_full_disk_every_journal_call_is_a_sentence(small_disk):
    raw = []
    for trial in range(5):
        folder = small_disk / f"t{trial}"
        folder.mkdir()
        j = Journal.open(folder / "journal.sqlite3")
        s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=trial)
        for _ in range(5):
            s.act(s.legal_actions(next(iter(s.actors())))[0])
        _fill(small_disk)
        raw += _every_journal_call(j, s, random.Random(trial))
        try:
            Journal.open(folder / "other.sqlite3").close()
        except CompanionError:
            pass
        os.unlink(small_disk / "filler")
        j.close()
        shutil.rmtree(folder)
    assert raw == []


def test_a_read_only_data_folder_is_a_sentence_at_every_step(small_disk):
    folder = small_disk / "data"
    folder.mkdir()
    with Journal.open(folder / "journal.sqlite3") as j:
        s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=1)
        sid = s.id
    (folder / "broken.sqlite3").write_bytes(b"not a database" * 10)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    try:
        raw = []
        for call in (lambda: Journal.open(folder / "journal.sqlite3"),
                     lambda: Journal.open(folder / "broken.sqlite3"),  # cannot be moved aside
                     lambda: Journal.open(folder / "new" / "journal.sqlite3"),
                     lambda: TagRegistry.open(folder / "tags.json").learn("0A", {"kind": "fob", "player": "Ana"})):
            try:
                opened = call()
            except CompanionError as e:
                assert str(e)
                continue
            except Exception as e:
                raw.append(f"{type(e).__name__}: {e}")
                continue
            if isinstance(opened, Journal):  # a journal that opens read-only must refuse writes with sentences
                ro_session = Session.resume(opened, sid, deal=False) if opened.in_progress() else None
                if ro_session is not None:
                    raw += _every_journal_call(opened, ro_session, random.Random(1))
                opened.close()
        assert raw == []
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)

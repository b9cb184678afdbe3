"""Issue 24 for the journal and the data folder: their sentences for the players are
made when read, in the language current then (the journal stores data, never
sentences); disk trouble reads German at a German table."""
from __future__ import annotations

import errno
import sqlite3

import pytest

from companion.errors import DataFolderError, JournalError
from companion.history import files as export_files
from companion.history.records import ExportError
from companion.i18n import language
from companion.store import paths
from companion.store.journal import ChangedElsewhere, Journal
from companion.store.journal_read import sentence
from companion.table.session import Session


def _damage_players(path, sid: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE sessions SET players = CAST(? AS TEXT) WHERE id = ?", (b'["Ana","B\xffn"]', sid))
    conn.commit()
    conn.close()


def test_a_game_set_aside_is_said_in_the_language_of_whoever_reads_the_notice(tmp_path, toy):
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as j:
        bad = Session.create(j, "toy", ["Jörg", "Ñandú"], seed=2)
    _damage_players(path, bad.id)
    with Journal.open(path) as j:  # opened in English: the notice is kept as data, not as a sentence
        english = j.notice or ""
        with language("de"):
            german = j.notice or ""
            aside = j._set_aside[bad.id]
            with pytest.raises(JournalError, match=f"Partie {bad.id} "):
                j.session(bad.id)
    assert f"Game {bad.id} (toy)" in english and "set aside" in english
    assert f"Partie {bad.id} (toy)" in german and "beiseitegelegt" in german and "set aside" not in german
    assert "beiseitegelegt" in aside
    row = sqlite3.connect(path).execute("SELECT set_aside FROM sessions WHERE id = ?", (bad.id,)).fetchone()[0]
    assert row and "beiseitegelegt" not in row  # the journal keeps why, in its own words, not the sentence


def test_a_full_disk_reads_german_at_a_german_table():
    full = OSError(errno.ENOSPC, "No space left on device")
    assert sentence(full) == "The journal could not be used: the disk is full."
    with language("de"):
        assert sentence(full) == "Das Spieljournal konnte nicht benutzt werden: das Laufwerk ist voll."
        said = sentence(sqlite3.OperationalError("attempt to write a readonly database"))
    assert "schreibgeschützt" in said


def test_a_data_folder_that_cannot_be_made_is_said_in_german(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with language("de"), pytest.raises(DataFolderError, match="Der Datenordner .* konnte nicht angelegt werden"):
        paths.make_private_dir(blocker / "data")


def test_a_full_stick_says_in_german_that_nothing_was_written(tmp_path, monkeypatch):
    def full(*_args, **_kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export_files, "_write_temp", full)
    with language("de"):
        folder, where = export_files.export_folder(tmp_path, mounts=[str(tmp_path)])
        with pytest.raises(ExportError, match="Nichts wurde auf den USB-Stick .* geschrieben"):
            export_files.save({"maya-plays.csv": "a\n"}, folder, where)
        assert "USB-Stick" in export_files.no_stick()


def test_changed_elsewhere_is_known_by_its_class_not_its_words():
    assert issubclass(ChangedElsewhere, JournalError)

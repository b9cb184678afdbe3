"""Start-up never exits over a data folder or a preferences file: a journal that
cannot be opened is a sentence on Home, a damaged preferences file is ignored."""
from __future__ import annotations

import json
import os

import pytest

from companion.errors import JournalError
from kivy_ui.app import load_prefs, open_stores


def test_a_journal_that_cannot_be_opened_is_a_sentence_not_an_exit(tmp_path, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path / "data"))
    from companion.journal import Journal

    def broken(*_a, **_k):
        raise JournalError("The data folder /x is read-only, so the journal cannot be written.")

    monkeypatch.setattr(Journal, "open", classmethod(lambda cls, *a, **k: broken()))
    journal, tags, notices = open_stores()
    assert journal is None and tags is not None
    assert any("read-only" in n and "Games cannot be saved" in n for n in notices)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder anyway")
def test_an_unwritable_data_folder_is_a_sentence(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o500)
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(data))
    journal, _tags, notices = open_stores()
    assert journal is None and notices


@pytest.mark.parametrize("content", [b"[1, 2]", b'{"sounds": "loud"}', b"\xff\xfe{", b"[" * 5000, b"5"])
def test_a_preferences_file_of_the_wrong_shape_gives_the_defaults(tmp_path, content):
    path = tmp_path / "app-prefs.json"
    path.write_bytes(content)
    assert load_prefs(path) == {}


def test_good_preferences_are_read(tmp_path):
    path = tmp_path / "app-prefs.json"
    path.write_text(json.dumps({"sounds": False, "junk": 3}))
    assert load_prefs(path) == {"sounds": False}

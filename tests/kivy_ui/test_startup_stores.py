"""Start-up never exits over a data folder or a preferences file: a journal that
cannot be opened is a sentence on Home, a damaged preferences file is ignored."""
from __future__ import annotations

import json
import os

import pytest

from companion.errors import JournalError


# kivy_ui.app imports Kivy's window: imported here at collection, it made the one
# window of the whole UI suite at Kivy's default 800x600 before the driver could
# set 800x480, so every UI test ran at 800x600. Each test imports it when it runs.
def load_prefs(path):
    from kivy_ui.app import load_prefs as load

    return load(path)


def open_stores():
    from kivy_ui.app import open_stores as open_them

    return open_them()


def test_a_journal_that_cannot_be_opened_is_a_sentence_not_an_exit(tmp_path, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path / "data"))
    from companion.store.journal import Journal

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


FIRST_FRAME_PROBE = r"""
import json, os, sys
os.environ["KIVY_NO_ARGS"] = "1"
import kivy_ui.app as A
from kivy.core.window import Window
on_start = A.MayaApp.on_start
def patched(self):
    on_start(self)
    def flipped(*_):
        Window.unbind(on_flip=flipped)
        print("LOADED " + json.dumps(sorted(sys.modules)), flush=True)
        os._exit(0)
    Window.bind(on_flip=flipped)
A.MayaApp.on_start = patched
from kivy_ui.main import main
main(["--sim", "--window"])
"""


def test_home_is_on_screen_before_the_devices_the_journal_and_the_rules_are_loaded(display, tmp_path):
    """Issue 13: start-up to the first interactive frame is close to a bare Kivy window.
    Home is drawn first; the device layer (and gpiozero, pyserial), the journal
    (SQLite), the rules engine and the table controller load after that frame, and a
    table without a config file never loads a TOML parser."""
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    env = dict(display, KIVY_NO_ARGS="1", MAYA_COMPANION_DATA=str(tmp_path / "data"),
               MAYA_COMPANION_CONFIG=str(tmp_path / "none.toml"), KIVY_HOME=str(tmp_path / "kivy"))
    script = tmp_path / "probe.py"  # a file: Kivy's App looks for its class's source
    script.write_text(FIRST_FRAME_PROBE)
    out = subprocess.run([sys.executable, str(script)], env=env, cwd=root, capture_output=True, text=True,
                         timeout=120)
    line = next((x for x in out.stdout.splitlines() if x.startswith("LOADED ")), None)
    assert line is not None, out.stderr[-2000:]
    loaded = set(json.loads(line[7:]))
    assert "kivy_ui.screens.home" in loaded
    late = ("hardware", "gpiozero", "serial", "sqlite3", "companion.store.journal", "companion.rules.engine",
            "companion.table.controller", "companion.table.session", "tomllib")
    assert sorted(m for m in late if m in loaded) == []

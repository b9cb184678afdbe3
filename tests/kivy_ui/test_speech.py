"""Spoken cues in the app (issue 25 §1): the Settings screen's rows (on/off, the volume
in steps, remembered in config.toml [app] across a restart), a move's cue spoken
through the swap gate (never in the move's own call, only once the move is on disk),
and a machine without espeak-ng told so in a sentence. The speaker here records what
espeak-ng would be asked (no sound in CI); test_speech_voice.py runs the real one into
a file."""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from .test_app import harmless, new_game, pad

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]


class Done:
    """A finished child process, as Popen's would be once espeak-ng has spoken."""

    def poll(self) -> int:
        return 0

    def terminate(self) -> None:
        pass


class Recorder:
    """Stands in for subprocess.Popen: the arguments of every espeak-ng started, with
    the game's moves at that moment and whether the journal still had one to write."""

    def __init__(self, app):
        self.calls: list[tuple[list[str], tuple[int, bool]]] = []
        self.app = app

    def __call__(self, args, **kw):
        assert kw["stdout"] == kw["stderr"] == subprocess.DEVNULL  # never a pipe to wait on
        journal = self.app.journal
        self.calls.append((list(args), (moves(self.app), bool(journal is not None and journal.pending))))
        return Done()

    def said(self) -> list[str]:
        return [args[-1] for args, _ in self.calls]


@pytest.fixture
def speaking(ui, tmp_path, monkeypatch):
    """The shared app with its config file in tmp_path and a recording speaker; spoken
    cues off again after."""
    from kivy_ui.speech import Speaker

    config = tmp_path / "config.toml"
    monkeypatch.setenv("MAYA_COMPANION_CONFIG", str(config))
    app = ui.app
    recorder = Recorder(app)
    old = app.speech.speaker, app.speech.on, app.speech.volume
    app.speech.speaker = Speaker(exe="espeak-ng", spawn=recorder)
    try:
        yield ui, config, recorder
    finally:
        app.speech.speaker, app.speech.on, app.speech.volume = old
        app.show("home")
        ui.frames(2)


def test_spoken_cues_are_turned_on_stepped_and_remembered(speaking, display):
    d, config, spoken = speaking
    config.write_text("# our table\n[app]\nsounds = true  # we like them\n")
    d.tap(d.screen().ids.settings)
    screen = d.screen()
    ids = screen.ids
    assert screen.name == "settings" and d.app.speech.on is False  # off by default
    assert ids.speech_off.bold and not ids.speech_on.bold and ids.volume_up.disabled
    assert d.find("Spoken cues", exact=True) and ids.speech_missing.text == ""
    for b in (ids.speech_off, ids.speech_on, ids.volume_down, ids.volume_up):
        assert b.height >= 48 and b.width >= 48  # a finger's target

    d.tap(ids.speech_on)
    assert d.app.speech.on and ids.speech_on.bold and not ids.speech_off.bold
    assert spoken.said() == ["Spoken cues are on."]
    assert spoken.calls[-1][0][:5] == ["espeak-ng", "-v", "en", "-a", "100"]  # 50 %: espeak-ng's own
    d.tap(ids.volume_up)
    assert (d.app.speech.volume, ids.volume.text) == (60, "60 %")
    assert spoken.calls[-1][0][4] == "120" and spoken.said()[-1] == "Spoken cues at this volume."
    for _ in range(3):
        d.tap(ids.volume_down)
    assert d.app.speech.volume == 30
    text = config.read_text()
    assert "speech = true" in text and "speech_volume = 30" in text and "# we like them" in text

    # a move's cue, through the swap gate: whose turn it is now
    d.app.show("home")
    d.frames(2)
    table = new_game(d)
    d.frames(3)
    dealer = table.frame().waiting
    assert spoken.said()[-1] == dealer  # the game opened: whose turn it is
    for card in ("+2", None):  # the dealer's starting card on the pad, then a turn
        before = len(spoken.calls)
        if card:
            pad(d, card)
        else:  # as the pad plays it, without the frames a tap draws
            seat, label = table.frame().acting[0], harmless(table).replace("−", "-")
            table.play(next(a for a in table.session.legal_actions(seat) if a["card"] == label))
            assert len(spoken.calls) == before, "spoken before the frame showing the move was drawn"
            d.frames(3)
        assert len(spoken.calls) == before + 1 and spoken.said()[-1] == table.frame().waiting
        made, pending = spoken.calls[-1][1]
        assert made == moves(d.app) and not pending, "spoken before the move was on disk"
    assert spoken.said()[-1] != dealer
    d.tap(d.screen().ids.home)

    # started again from its config file: still on, at 30 %
    again = child(display["DISPLAY"], config)
    assert again["screen"] == "settings" and (again["on"], again["volume"]) == (True, 30)
    assert again["highlighted"] == ["On"] and again["volume_text"] == "30 %"


def test_without_espeak_ng_the_row_says_so_and_nothing_else_changes(speaking):
    from kivy_ui.speech import Speaker

    d, config, spoken = speaking
    d.app.speech.speaker = Speaker(exe="", spawn=spoken)
    d.tap(d.screen().ids.settings)
    ids = d.screen().ids
    assert "espeak-ng, which is not installed" in ids.speech_missing.text and d.visible(ids.speech_missing)
    assert ids.speech_on.disabled and ids.speech_off.bold
    assert d.app.speech.set_on(True) is None and d.app.speech.on is False
    assert "speech = false" in config.read_text() and spoken.calls == []
    d.tap_text("Deutsch", widget=ids.language_row, exact=True)  # the other rows still answer
    # (a ScrollView may hand the tap's release to the button 0.2 s after the finger left)
    assert d.until(lambda: d.app.language == "de", 2), \
        (d.app.language, d.screen().notice, [type(w).__name__ for w in d.window_widgets()])
    assert "espeak-ng, das hier nicht installiert ist" in ids.speech_missing.text
    d.tap_text("English", widget=ids.language_row, exact=True)
    assert d.until(lambda: d.app.language == "en", 2)


def moves(app) -> int:
    session = app.session
    return len(session.actions) if session is not None else 0


def child(display: str, config: pathlib.Path) -> dict:
    data = config.parent
    env = dict(os.environ, DISPLAY=display, MAYA_COMPANION_DATA=str(data / "data"),
               KIVY_HOME=str(data / "kivy"), KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               SDL_AUDIODRIVER="dummy", KIVY_CLIPBOARD="sdl2", PYTHONPATH=str(ROOT),
               MAYA_COMPANION_CONFIG=str(config))
    env.pop("KIVY_METRICS_DENSITY", None)
    r = subprocess.run([sys.executable, str(HERE / "speech_child.py")], env=env, capture_output=True,
                       text=True, timeout=240, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])

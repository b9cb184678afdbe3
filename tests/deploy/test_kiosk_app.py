"""The app as the kiosk service starts it (`maya-companion --kiosk`): no mouse
cursor, the screen kept awake, the rotation asked for, and a clean terminal: one
line about the devices, nothing else even when a name field takes the keyboard
(Kivy looks for xclip/xsel then) and a sound plays on a machine with no sound card."""
from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from .kiosk_child import kiosk_env

REPO = pathlib.Path(__file__).resolve().parents[2]

CHILD = r'''
import json
from tests.deploy.kiosk_child import run


def started(app):
    from kivy.clock import Clock
    from kivy.core.window import Window

    sink, said = app.device_sink, []

    def said_too(event):  # the devices' line is printed once they are up, after the first frame
        sink(event)
        said.append(event)

    app.device_sink = said_too

    def play(dt):
        app.show("new_game")
        app.sm.current_screen.rows()[0].ids.name.focus = True
        app.play_sound("error")

    def report(dt, waited=[0.0]):
        if not said and waited[0] < 60:  # a loaded machine: the devices come up late
            waited[0] += 0.5
            Clock.schedule_once(report, 0.5)
            return
        print(json.dumps({"rotation": Window.rotation, "show_cursor": Window.show_cursor,
                          "allow_screensaver": Window.allow_screensaver, "fullscreen": Window.fullscreen,
                          "size": list(Window.size)}), flush=True)
        app.stop()

    Clock.schedule_once(play, 1.0)
    Clock.schedule_once(report, 2.5)


run(started)
'''


def test_the_kiosk_hides_the_cursor_keeps_the_screen_awake_and_keeps_the_terminal_clean(tmp_path):
    if shutil.which("xvfb-run") is None:
        pytest.skip("missing tool: no xvfb-run (apt install xvfb; scripts/setup installs it) to start the app on.")
    env = kiosk_env(tmp_path)
    r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 800x480x24", sys.executable, "-c", CHILD,
                        "--kiosk", "--rotation", "180", "--sim"],
                       env=env, capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    lines = r.stdout.strip().splitlines()
    window = json.loads(lines[-1])
    assert window["rotation"] == 180 and window["show_cursor"] is False
    assert window["allow_screensaver"] is False and window["fullscreen"] == "auto"
    said = lines[:-1]
    assert len(said) == 1 and said[0].startswith("maya-companion: Simulated devices, as asked.")
    if not pathlib.Path("/proc/asound/cards").exists():
        assert "No sound device, so no sounds." in said[0]
    assert r.stderr == ""

"""How a tap reaches the app, decided at every start (kivy_ui/main.py), whichever
way it is started (the service, ./scripts/run, maya-companion from a terminal).

Issue 20 §2: every tap counted twice under ./scripts/run on the console:
SDL_TOUCH_MOUSE_EVENTS=0 was set only in the unit, and the probesysfs line the
set-up writes into Kivy's config made each tap a touch (Kivy's mtdev provider)
and a click (SDL). Under a desktop, which turns Touch Display 2 and hands SDL
the touches itself, that line and a config.ini rotation would be a second
touch path and a second turn.
"""
from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from kivy_ui import main as app_main

from .kiosk_child import kiosk_env

REPO = pathlib.Path(__file__).resolve().parents[2]
KIVY_DEFAULT = {"mouse": "mouse", "%(name)s": "probesysfs"}
INSTALLED = {"mouse": "mouse,multitouch_on_demand", "%(name)s": "probesysfs,provider=mtdev"}


def test_on_the_console_kivy_reads_the_panel_once_and_sdl_adds_no_click():
    assert app_main.choose_touch(INSTALLED, desktop=False) == ([], True)
    assert app_main.choose_touch(KIVY_DEFAULT, desktop=False) == ([], True)
    twice = dict(INSTALLED, hid_touch="probesysfs,provider=hidinput")
    assert app_main.choose_touch(twice, desktop=False) == (["hid_touch"], True)


def test_on_the_console_without_a_probe_line_sdls_clicks_are_the_only_touches_and_stay():
    assert app_main.choose_touch({"mouse": "mouse"}, desktop=False) == ([], False)


def test_under_a_desktop_the_desktops_touches_are_the_only_ones():
    assert app_main.choose_touch(INSTALLED, desktop=True) == (["%(name)s"], False)
    assert app_main.choose_touch(KIVY_DEFAULT, desktop=True) == (["%(name)s"], False)


# The real app, started as the service starts it, reports what Kivy was handed.
CHILD = r'''
import json, os
from tests.deploy.kiosk_child import run


def started(app):
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.config import Config
    from kivy.core.window import Window

    def report(dt):
        print(json.dumps({"SDL_TOUCH_MOUSE_EVENTS": os.environ.get("SDL_TOUCH_MOUSE_EVENTS"),
                          "input": dict(Config.items("input")), "rotation": Window.rotation,
                          "providers": sorted(type(p).__name__ for p in EventLoop.input_providers)}),
              flush=True)
        app.stop()

    Clock.schedule_once(report, 0.5)


run(started)
'''


def _kivy_home_as_installed(tmp_path: pathlib.Path) -> pathlib.Path:
    """~/.kivy/config.ini as deploy/install-pi.sh leaves it, with an upside-down
    panel set for the console ([graphics] rotation = 180, as docs/hardware.md says)."""
    home = tmp_path / "kivy"
    ini = home / "config.ini"
    r = subprocess.run([sys.executable, str(REPO / "deploy/kivy_ini.py"), str(ini),
                        str(REPO / "deploy/kivy-touchscreen.ini")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    ini.write_text(ini.read_text() + "\n[graphics]\nrotation = 180\n")
    return home


def _started(tmp_path, prefix: list[str], **extra: str) -> dict:
    env = kiosk_env(tmp_path, _kivy_home_as_installed(tmp_path), SDL_AUDIODRIVER="dummy", **extra)
    r = subprocess.run([*prefix, sys.executable, "-c", CHILD, "--kiosk", "--sim"], env=env,
                       capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_started_on_the_console_the_panel_is_read_once_and_taps_are_not_also_clicks(tmp_path):
    """No desktop: SDL draws on its own (its offscreen driver here, KMS on a Pi)."""
    got = _started(tmp_path, [], SDL_VIDEODRIVER="offscreen")
    assert got["SDL_TOUCH_MOUSE_EVENTS"] == "0"
    assert [v for v in got["input"].values() if v.startswith("probesysfs")] == ["probesysfs,provider=mtdev"]
    assert got["rotation"] == 180


def test_started_under_a_desktop_no_second_touch_path_and_no_second_turn(tmp_path):
    if shutil.which("xvfb-run") is None:
        pytest.skip("missing tool: no xvfb-run (apt install xvfb; scripts/setup installs it) to start the app on.")
    got = _started(tmp_path, ["xvfb-run", "-a", "-s", "-screen 0 800x480x24"])
    assert got["SDL_TOUCH_MOUSE_EVENTS"] is None  # SDL's touches-as-clicks are the desktop's touches
    assert not [v for v in got["input"].values() if v.startswith("probesysfs")]
    assert not {"MTDMotionEventProvider", "HIDInputMotionEventProvider"} & set(got["providers"])
    assert got["rotation"] == 0
    # The user's file is left as it was, for the console.
    assert "probesysfs,provider=mtdev" in (tmp_path / "kivy/config.ini").read_text()

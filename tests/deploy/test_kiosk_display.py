"""Touch Display 2 may come up to a minute after power-on (issue 20 §2): the
kiosk must not decide its rotation, or start drawing, before the panel is there.
The app waits for a connected display on a Pi's console (kivy_ui/main.py)."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import threading
import time

from kivy_ui import main as app_main

from .kiosk_child import kiosk_env

REPO = pathlib.Path(__file__).resolve().parents[2]


def _panel(drm: pathlib.Path, status: str, mode: str = "720x1280") -> None:
    folder = drm / "card1-DSI-1"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "modes").write_text(mode + "\n")
    (folder / "status").write_text(status + "\n")


def test_the_wait_ends_when_the_panel_is_connected(monkeypatch, tmp_path, capsys):
    _panel(tmp_path, "disconnected")
    monkeypatch.setattr(app_main, "DRM", str(tmp_path))
    threading.Timer(0.5, _panel, (tmp_path, "connected")).start()
    waited = app_main.wait_for_display(timeout=10, step=0.05)
    assert waited is not None and 0.4 < waited < 5
    assert "waiting for the display" in capsys.readouterr().out


def test_no_display_at_all_is_said_and_the_start_goes_on(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(app_main, "DRM", str(tmp_path))
    assert app_main.wait_for_display(timeout=0.3, step=0.05) is None
    assert "no display connected after 0 s; starting all the same." in capsys.readouterr().err


# The kiosk started on a Pi 5's console whose panel is still dark: it comes 1.5 s later.
CHILD = r'''
import json, pathlib, sys, threading
from kivy_ui import main as app_main
from tests.deploy.kiosk_child import run

root = pathlib.Path(sys.argv.pop(1))
(root / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
panel = root / "drm/card1-DSI-1"
panel.mkdir(parents=True)
(panel / "status").write_text("disconnected\n")
(panel / "modes").write_text("720x1280\n")
app_main.MODEL, app_main.DRM = str(root / "model"), str(root / "drm")
threading.Timer(1.5, lambda: (panel / "status").write_text("connected\n")).start()


def started(app):
    from kivy.clock import Clock
    from kivy.core.window import Window

    def report(dt):
        print(json.dumps({"rotation": Window.rotation}), flush=True)
        app.stop()

    Clock.schedule_once(report, 0.5)


run(started)
'''


def test_the_kiosk_waits_for_a_late_touch_display_2_and_then_turns_it_to_landscape(tmp_path):
    env = kiosk_env(tmp_path, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="offscreen")
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path), "--kiosk", "--sim"], env=env,
                       capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    assert time.monotonic() - start > 1.5
    lines = r.stdout.strip().splitlines()
    assert lines[0].startswith("maya-companion: waiting for the display")
    assert json.loads(lines[-1])["rotation"] == 90


def _pi5_drm(drm: pathlib.Path, panel: str) -> None:
    """/sys/class/drm as a Pi 5 has it with Touch Display 2 on DSI and nothing on
    HDMI: vc4's card1 also carries its writeback connector (TXP), which the kernel
    always reports "connected" (vc4_txp_connector_detect) and which has no modes."""
    for name, status, modes in (("HDMI-A-1", "disconnected", ""), ("HDMI-A-2", "disconnected", ""),
                                ("Writeback-1", "connected", "")):
        folder = drm / f"card1-{name}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "status").write_text(status + "\n")
        (folder / "modes").write_text(modes)
    (drm / "card0").mkdir(exist_ok=True)  # v3d: the GPU, no connector
    _panel(drm, panel)


def test_vc4s_writeback_connector_is_no_display(monkeypatch, tmp_path):
    """The writeback connector says "connected" from the first moment: taken for a
    display, the app never waited for a late panel and decided no rotation."""
    _pi5_drm(tmp_path, "disconnected")
    monkeypatch.setattr(app_main, "DRM", str(tmp_path))
    assert app_main.display_connected() is False
    assert app_main._panel_size() is None
    _panel(tmp_path, "connected")
    assert app_main.display_connected() is True
    assert app_main._panel_size() == (720, 1280)

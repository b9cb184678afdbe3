"""UI test setup: a display (Xvfb when there is none), Kivy quiet and private,
an 800x480 window, and one real app for the whole UI suite (Kivy allows one
window per process). Screenshots go to artifacts/screenshots/."""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
_KIVY_HOME = tempfile.mkdtemp(prefix="maya-kivy-home-")

# Kivy reads these when it is first imported: set before any test imports it.
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_HOME"] = _KIVY_HOME
os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound card in CI

_xvfb = None


def start_xvfb() -> None:
    """Start a private Xvfb and point DISPLAY at it, unless a display exists."""
    global _xvfb
    if os.environ.get("DISPLAY") or _xvfb is not None:
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("missing tool: no display and no Xvfb (apt install xvfb) to run the UI tests.")
    read, write = os.pipe()
    _xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    os.environ["DISPLAY"] = f":{number}"


def pytest_sessionfinish(session, exitstatus):
    if _xvfb is not None:
        _xvfb.terminate()
        _xvfb.wait(5)
    shutil.rmtree(_KIVY_HOME, ignore_errors=True)


@pytest.fixture(scope="session")
def ui_data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("ui-data")


@pytest.fixture(scope="session")
def display():
    """A DISPLAY for Kivy (ours or Xvfb's); returns the environment for child processes."""
    start_xvfb()
    return dict(os.environ)


@pytest.fixture(scope="session")
def driver(display, ui_data_dir):
    """The running app, driven frame by frame (see kivy_ui/driver.py)."""
    os.environ["MAYA_COMPANION_DATA"] = str(ui_data_dir)
    from kivy_ui.driver import AppDriver

    d = AppDriver(simulate=True)
    d.start()
    from kivy.core.window import Window

    # One window for the whole suite, at the size the tests are about: a test module
    # that imports Kivy's window when it is collected would make it at Kivy's default.
    assert tuple(Window.size) == d.size, f"the UI tests' window is {tuple(Window.size)}, not {d.size}"
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None)
    d.shots = SHOTS
    yield d
    d.stop()


@pytest.fixture
def ui(driver, ui_data_dir, monkeypatch):
    """The app back at home, keeping its own data dir for the whole session."""
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(ui_data_dir))
    app = driver.app
    from kivy.uix.modalview import ModalView

    for w in driver.window_widgets():  # a celebration or cue the last test left open
        if isinstance(w, ModalView):
            w.dismiss(animation=False)
    if app.table is not None:
        app.table.close_gate()
        app.table.cancel_peek()
    if getattr(app, "language", "en") != "en":  # a test that failed in German leaves no German behind
        app.set_language("en", remember=False)
    driver.patient = True
    app.show("home")
    driver.frames(2)
    return driver

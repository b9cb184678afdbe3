"""Rotation: both official Pi displays in landscape, and the layout usable in portrait.

Raspberry Pi Touch Display 2 is a 720x1280 portrait panel; the original 7"
display is 800x480 landscape. Kivy turns the picture and the touches together
(`[graphics] rotation`), so a finger lands on what is drawn under it with no
invert_x / invert_y. Each case runs the real app in its own process (one Kivy
window per process) on a private Xvfb large enough for a 1280-pixel side, walks
every screen with touches given in the panel's own coordinates (as the
touchscreen reports them) and reports any text that is cut off. Screenshots:
artifacts/screenshots/rotation-*.png.

Run as a script, this file is that child process:
    python tests/kivy_ui/test_rotation.py WIDTH HEIGHT ROTATION SHOTS_DIR
"""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"

# (panel width, panel height, rotation) -> the window the players see.
CASES = [
    pytest.param(720, 1280, 90, id="touch-display-2-landscape"),
    # Portrait (issue 22): every screen reached by taps on the panel, nothing cut off.
    pytest.param(720, 1280, 0, id="touch-display-2-portrait"),
    pytest.param(800, 480, 180, id="7inch-upside-down"),
    # Known: at 480 pixels wide the game screens' top-bar waiting sentence, Maya's seat rows
    # and quarry ("8 cards · starts", "0/3 Pool block"), the Curse's "Temple stela" /
    # "Temple board", Past games' title and the box setup's sentence are cut off (the sim
    # panel and the rest of Maya Madness fit since issue 22).
    # strict: the day they fit, this marker must go.
    pytest.param(800, 480, 90, id="7inch-portrait", marks=pytest.mark.xfail(
        strict=True, reason="480-pixel-wide portrait: top bar, Maya, Curse, Past games, box setup text cut off")),
]


# --- the child: the app on one panel --------------------------------------------------------

def child(width: int, height: int, rotation: int, shots: str) -> int:
    from kivy.config import Config

    from kivy_ui.driver import AppDriver

    class PanelDriver(AppDriver):
        """Taps where a finger on the panel would be: the widget's place on the
        screen turned back into the panel's own (unrotated, 0..1) coordinates."""

        def tap(self, widget, hold: float = 0.0, frames: int = 2):
            from kivy.core.window import Window
            from kivy.tests.common import UnitTestTouch
            from kivy.uix.scrollview import ScrollView

            parent = widget.parent
            while parent is not None and not isinstance(parent, ScrollView):
                parent = parent.parent if parent.parent is not parent else None
            if parent is not None:
                parent.scroll_to(widget, padding=10, animate=False)
                self.frames(2)
            x, y = widget.to_window(*widget.center)
            fx, fy = x / (Window.width - 1), y / (Window.height - 1)  # on the picture the players see
            nx, ny = {0: (fx, fy), 90: (1 - fy, fx), 180: (1 - fx, 1 - fy), 270: (fy, 1 - fx)}[Window.rotation]
            touch = UnitTestTouch(nx * (Window.width - 1), ny * (Window.height - 1))  # -> sx, sy = nx, ny
            touch.touch_down()
            self.frames(1)
            if hold:
                self.wait(hold)
            touch.touch_up()
            self.frames(frames)

    d = PanelDriver(simulate=True, width=width, height=height)
    Config.set("graphics", "rotation", str(rotation))
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    from kivy.core.window import Window

    from companion.games import available as game_names
    from kivy_ui.screens.home import game_title

    tag = f"rotation-{width}x{height}-{rotation}"
    report: dict = {"window": list(Window.size), "problems": {}, "reached": []}

    def look(name: str) -> None:
        d.frames(3)
        report["problems"][name] = d.cut_off()
        report["reached"].append(d.screen().name)
        screenshot(f"{tag}-{name}")

    def screenshot(name: str) -> None:
        """The picture as the players see it (Window.screenshot reads a turned window
        with the wrong width): the panel's pixels, turned back by the rotation."""
        from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels
        from PIL import Image

        d.frames(2)
        w, h = Window.system_size
        img = Image.frombytes("RGBA", (w, h), glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE))
        img = img.transpose(Image.Transpose.FLIP_TOP_BOTTOM).rotate(-rotation, expand=True)
        pathlib.Path(shots).mkdir(parents=True, exist_ok=True)
        img.convert("RGB").save(pathlib.Path(shots) / f"{name}.png")

    look("home")
    for game in game_names():
        d.app.show("home")
        d.frames(2)
        try:
            screen = d.fill_new_game(game_title(game), ("Ana", "Ben", "Cy"))
            look(f"new_game-{game}")
            d.tap(screen.ids.start)
            d.until(lambda g=game: d.screen().name == g, 10)
            look(game)
        except Exception as e:  # a broken screen is reported by name, and the others still looked at
            report["problems"][game] = [f"{type(e).__name__}: {e}"]
    for name in ("history", "tags", "box_setup"):
        d.app.show(name)
        look(name)
    print(json.dumps(report), flush=True)
    d.stop()
    return 0


# --- the tests ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def big_display():
    """A private Xvfb with room for a 1280-pixel side (the shared one is 1024x768)."""
    if shutil.which("Xvfb") is None:
        pytest.skip("missing tool: no Xvfb (apt install xvfb; scripts/setup installs it) to draw the rotated screens.")
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x1400x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait(5)


@pytest.mark.parametrize("width, height, rotation", CASES)
def test_every_screen_fits_the_panel_and_touches_land_under_the_finger(big_display, tmp_path, width, height, rotation):
    env = dict(os.environ, DISPLAY=big_display, MAYA_COMPANION_DATA=str(tmp_path / "data"),
               KIVY_HOME=str(tmp_path / "kivy"), KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               SDL_AUDIODRIVER="dummy", KIVY_CLIPBOARD="sdl2", PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, __file__, str(width), str(height), str(rotation), str(SHOTS)],
                       env=env, capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    report = json.loads(r.stdout.strip().splitlines()[-1])
    turned = rotation in (90, 270)
    assert report["window"] == ([height, width] if turned else [width, height])
    # Every tap was a finger on the panel: reaching each screen means the touches landed.
    from companion.games import available as game_names

    games = list(game_names())
    problems = {k: v for k, v in report["problems"].items() if v}
    assert report["reached"] == ["home"] + [s for g in games for s in ("new_game", g)] + [
        "history", "tags", "box_setup"], problems
    assert problems == {}


# --- choosing the rotation (kivy_ui/main.py) --------------------------------------------------

def fake_panel(monkeypatch, tmp_path, mode: str | None, connector: str = "card1-DSI-1"):
    from kivy_ui import main as app_main

    if mode is not None:
        folder = tmp_path / connector
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "status").write_text("connected\n")
        (folder / "modes").write_text(mode + "\n")
    monkeypatch.setattr(app_main, "DRM", str(tmp_path))
    for var in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(var, raising=False)
    return app_main


def test_touch_display_2_on_the_console_is_turned_to_landscape(monkeypatch, tmp_path):
    app_main = fake_panel(monkeypatch, tmp_path, "720x1280")
    rotation, why = app_main.choose_rotation(None, 0, fullscreen=True)
    assert rotation == 90 and "720x1280" in why


def test_the_original_7inch_display_is_left_as_it_is(monkeypatch, tmp_path):
    app_main = fake_panel(monkeypatch, tmp_path, "800x480")
    assert app_main.choose_rotation(None, 0, fullscreen=True) == (0, "")


def test_a_rotation_asked_for_or_in_kivys_config_wins_over_the_panel(monkeypatch, tmp_path):
    app_main = fake_panel(monkeypatch, tmp_path, "720x1280")
    assert app_main.choose_rotation(0, 0, fullscreen=True)[0] == 0  # portrait on purpose
    assert app_main.choose_rotation(270, 0, fullscreen=True)[0] == 270
    assert app_main.choose_rotation(None, 180, fullscreen=True)[0] == 180


def test_under_a_desktop_or_in_a_window_the_picture_is_not_turned(monkeypatch, tmp_path):
    app_main = fake_panel(monkeypatch, tmp_path, "720x1280")
    assert app_main.choose_rotation(None, 0, fullscreen=False)[0] == 0
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")  # the desktop turns the screen itself
    assert app_main.choose_rotation(None, 0, fullscreen=True)[0] == 0


if __name__ == "__main__":
    w, h, rot = (int(x) for x in sys.argv[1:4])
    raise SystemExit(child(w, h, rot, sys.argv[4]))

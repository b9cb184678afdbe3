"""Started where there is no screen at all (a headless server), the app says so
and how to run it instead of waiting silently for a display that never comes."""
from kivy_ui import main as app_main


def test_without_any_screen_the_app_says_so_and_stops(monkeypatch, capsys):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(app_main.glob, "glob", lambda pattern: [])
    assert app_main.main(["--sim"]) == 2
    err = capsys.readouterr().err
    assert "there is no screen here" in err
    assert "xvfb-run -a " in err and "maya-companion --sim" in err


def test_a_display_device_is_enough_for_the_pi_console(monkeypatch):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(app_main.glob, "glob", lambda pattern: ["/dev/dri/card0"] if "dri" in pattern else [])
    monkeypatch.setattr(app_main.sys, "platform", "linux")
    assert app_main._no_screen() is False

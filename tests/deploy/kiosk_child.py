"""The app as the kiosk service starts it, in a child process of a deploy test,
with the test's own code run once the app has started.

A test's child script (`python -c CHILD --kiosk ...`) ends with

    from tests.deploy.kiosk_child import run
    run(started)           # started(app) runs right after the app's on_start

and the test starts it with `kiosk_env(tmp_path)`: a private data, config and
Kivy home, the repository on PYTHONPATH, no display or Kivy settings of the
machine's own."""
from __future__ import annotations

import os
import pathlib
import sys
from collections.abc import Callable
from typing import Any

REPO = pathlib.Path(__file__).resolve().parents[2]


def kiosk_env(tmp_path: pathlib.Path, kivy_home: pathlib.Path | None = None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KIVY_", "SDL_", "DISPLAY", "WAYLAND_", "AUDIODEV", "NOTIFY_", "WATCHDOG_"))}
    env.update(MAYA_COMPANION_DATA=str(tmp_path / "data"), KIVY_HOME=str(kivy_home or tmp_path / "kivy"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_RUNTIME_DIR=str(tmp_path),
               PYTHONPATH=str(REPO), **extra)
    return env


def run(started: Callable[[Any], None], argv: list[str] | None = None) -> None:
    """Start the app as `maya-companion` does, with `started(app)` run after its on_start."""
    from kivy_ui import main as app_main

    say = app_main._say_devices_once

    def hooked(app: Any, extra: str) -> None:  # main() calls it once the app exists
        say(app, extra)
        start = app.on_start

        def on_start() -> None:
            start()
            started(app)

        app.on_start = on_start

    app_main._say_devices_once = hooked
    sys.exit(app_main.main(sys.argv[1:] if argv is None else argv))

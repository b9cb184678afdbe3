"""`maya-companion` (no command) and `maya-companion app`: start the touchscreen app.

    maya-companion            real devices if present, simulated otherwise
    maya-companion --sim      simulated devices and the on-screen device panel
    maya-companion --window   an 800x480 window even on a Pi
"""
from __future__ import annotations

import argparse
import glob
import os
import pathlib
import sys


def _on_a_pi() -> bool:
    try:
        return "raspberry pi" in pathlib.Path("/proc/device-tree/model").read_text(errors="ignore").lower()
    except OSError:
        return False


def _no_screen() -> bool:
    """True on Linux with no X11 or Wayland display and no display device
    (a headless server): SDL would wait there with nothing to draw on."""
    if not sys.platform.startswith("linux"):
        return False
    if any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
        return False
    return not (glob.glob("/dev/dri/card*") or glob.glob("/dev/fb[0-9]*"))


NO_SCREEN = (
    "maya-companion: there is no screen here (no DISPLAY, no display device).\n"
    "  Run it on the Pi's touchscreen or on a desktop.\n"
    "  On a machine without a screen: `xvfb-run -a maya-companion --sim` runs it on a virtual screen,\n"
    "  and `maya-companion devices --sim --demo` checks the devices without one."
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="maya-companion app", description="The Maya table companion app.")
    parser.add_argument("--sim", action="store_true", help="simulate the buttons and the fob reader")
    parser.add_argument("--window", action="store_true", help="a window, not full screen, even on a Pi")
    parser.add_argument("--fullscreen", action="store_true", help="full screen on any machine")
    parser.add_argument("--size", default="800x480", help="window size, WIDTHxHEIGHT (default 800x480)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    from companion.errors import CompanionError

    from .devices import app_settings, load_config

    try:
        config = load_config()
        settings = app_settings(config)
    except CompanionError as e:
        print(f"maya-companion: {e}", file=sys.stderr)
        return 2
    try:
        width, height = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"maya-companion: --size must look like 800x480, not {args.size!r}.", file=sys.stderr)
        return 2

    if _no_screen():
        print(NO_SCREEN, file=sys.stderr)
        return 2

    # Kivy reads these at import time: set them before the first kivy import.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")  # not xclip/xsel, which a Pi image lacks
    from kivy.config import Config

    fullscreen = args.fullscreen or (not args.window and (settings["fullscreen"] if settings["fullscreen"] is not None else _on_a_pi()))
    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "1")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")  # no red dots on right-click
    if fullscreen:
        # A touchscreen table has no keyboard: names are typed on Kivy's docked one.
        Config.set("kivy", "keyboard_mode", "systemanddock")

    from .app import MayaApp

    MayaApp(simulate=True if args.sim else None, config=config).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

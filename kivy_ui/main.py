"""`maya-companion` (no command) and `maya-companion app`: start the touchscreen app.

    maya-companion            real devices if present, simulated otherwise
    maya-companion --sim      simulated devices and the on-screen device panel
    maya-companion --window   an 800x480 window even on a Pi
    maya-companion --kiosk    full screen, no mouse cursor (the Pi's service uses it)
    maya-companion --rotation 90   turn the picture (and the touches with it)
"""
from __future__ import annotations

import argparse
import faulthandler
import glob
import logging
import os
import pathlib
import shutil
import sys
import time
from collections.abc import Mapping

# Where Linux describes the machine, the displays and the sound cards (tests point these elsewhere).
MODEL = "/proc/device-tree/model"
DRM = "/sys/class/drm"
ASOUND = "/proc/asound"
#: Seconds the app waits at start for a display to be connected (Touch Display 2 may
#: come up to a minute after power-on); the unit's TimeoutStartSec leaves room for it.
DISPLAY_WAIT = 90.0


def _on_a_pi() -> bool:
    try:
        return "raspberry pi" in pathlib.Path(MODEL).read_text(errors="ignore").lower()
    except OSError:
        return False


def on_the_desktop(environ: Mapping[str, str] | None = None) -> bool:
    """A desktop session (X11 or Wayland) owns the screen and the touchscreen: it
    turns the display and hands touches to SDL itself."""
    env = os.environ if environ is None else environ
    return any(env.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY"))


def _no_screen() -> bool:
    """True on Linux with no X11 or Wayland display and no display device
    (a headless server): SDL would wait there with nothing to draw on."""
    if not sys.platform.startswith("linux"):
        return False
    if any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
        return False
    return not (glob.glob("/dev/dri/card*") or glob.glob("/dev/fb[0-9]*"))


def _command() -> str:
    """How to start this program again, as the user can type it here: `maya-companion`
    when that is on PATH, else its path in this Python's environment (.venv/bin/...)."""
    bin_dir = pathlib.Path(sys.executable).parent
    found = shutil.which("maya-companion")
    if found and pathlib.Path(found).parent == bin_dir:
        return "maya-companion"
    script = bin_dir / "maya-companion"
    if not script.exists():
        return f"{sys.executable} -m companion"
    try:
        return str(script.relative_to(pathlib.Path.cwd()))
    except ValueError:
        return str(script)


def no_screen_hint() -> str:
    cmd = _command()
    xvfb = f"xvfb-run -a {cmd} --sim"
    if not shutil.which("xvfb-run"):
        xvfb += " (after: sudo apt install xvfb)"
    return (
        "maya-companion: there is no screen here (no DISPLAY, no display device).\n"
        "  Run it on the Pi's touchscreen or on a desktop.\n"
        f"  On a machine without a screen: `{xvfb}` runs it on a virtual screen,\n"
        f"  and `{cmd} devices --sim --demo` checks the devices without one."
    )


# --- the screen: rotation (Raspberry Pi Touch Display 2 is a portrait panel) --------------

def _connectors() -> list[str]:
    """The status files of the connectors a screen can be on. Not a writeback
    connector (vc4's TXP on a Pi 4 and 5: it draws into memory, has no modes, and
    the kernel always says it is "connected")."""
    return [p for p in glob.glob(f"{DRM}/card*-*/status") if "-Writeback-" not in p]


def display_connected() -> bool:
    """A display is connected (KMS): the DSI panel or a screen on HDMI."""
    for status in _connectors():
        try:
            if pathlib.Path(status).read_text().strip() == "connected":
                return True
        except OSError:
            continue
    return False


def wait_for_display(timeout: float = DISPLAY_WAIT, step: float = 0.5) -> float | None:
    """On a Pi's console, before anything is decided about the screen: wait until a
    display is connected (Touch Display 2 may appear up to a minute after power-on,
    and a rotation decided before it exists would be wrong for the whole evening).
    Seconds waited, or None when none came within `timeout`."""
    from .watchdog import notify

    start = time.monotonic()
    said = False
    while not display_connected():
        waited = time.monotonic() - start
        if waited >= timeout:
            print(f"maya-companion: no display connected after {timeout:.0f} s; starting all the same.",
                  file=sys.stderr, flush=True)
            return None
        if not said:
            said = True
            print("maya-companion: waiting for the display to come up (Touch Display 2 can take a minute).",
                  flush=True)
            notify("STATUS=Waiting for the display")
        time.sleep(step)
    return time.monotonic() - start


def _panel_size() -> tuple[int, int] | None:
    """The native mode of the first connected display (KMS), the DSI panel first:
    (720, 1280) for Touch Display 2, (800, 480) for the original 7" display."""
    connectors = sorted(_connectors(), key=lambda p: ("-DSI-" not in p, p))
    for status in connectors:
        folder = pathlib.Path(status).parent
        try:
            if folder.joinpath("status").read_text().strip() != "connected":
                continue
            w, h = folder.joinpath("modes").read_text().split()[0].split("x")
            return int(w), int(h.rstrip("ip"))
        except (OSError, ValueError, IndexError):
            continue
    return None


def choose_rotation(asked: int | None, kivy_rotation: int, fullscreen: bool) -> tuple[int, str]:
    """The rotation and why. Kivy turns the touches with the picture, so nothing
    else (no invert_x / invert_y) may turn them again.

    asked: --rotation or MAYA_COMPANION_ROTATION; kivy_rotation: [graphics] rotation
    in Kivy's config.ini, for the console: under a desktop, which turns the screen
    itself, it would be a second turn. Otherwise a portrait panel drawn full screen
    without a desktop (Touch Display 2 on the console) is turned to landscape."""
    if asked is not None:
        return asked, f"rotated {asked}° as asked" if asked else "not rotated, as asked"
    on_console = not on_the_desktop()
    if kivy_rotation and not on_console:
        return 0, (f"not rotated: the desktop turns the screen (rotation = {kivy_rotation} in Kivy's "
                   "config.ini is for the console; --rotation turns it here too)")
    if kivy_rotation:
        return kivy_rotation, f"rotated {kivy_rotation}° (Kivy's config.ini)"
    panel = _panel_size() if fullscreen and on_console else None
    if panel and panel[1] > panel[0]:
        return 90, f"a {panel[0]}x{panel[1]} portrait panel, turned 90° to landscape (--rotation 270 for the other way)"
    return 0, ""


# --- touch: exactly one way for a tap to reach the app -------------------------------------

def choose_touch(inputs: Mapping[str, str], desktop: bool) -> tuple[list[str], bool]:
    """(the [input] lines of Kivy's config to leave out, whether SDL must stop
    turning touches into mouse clicks), decided at every start.

    On the console Kivy reads the panel itself (one probesysfs line: mtdev, or
    hidinput) and SDL, which reads it too, must not add a click for each touch:
    SDL_TOUCH_MOUSE_EVENTS=0. Under a desktop the desktop owns the panel, turns it
    with the screen and gives SDL the touches as clicks (Kivy takes no touch from
    SDL on Linux): a probesysfs line there reads the panel a second time, unturned,
    and every tap counts twice."""
    probes = [key for key, value in inputs.items() if value.strip().startswith("probesysfs")]
    if desktop:
        return probes, False
    # More than one line opens the panel once per line.
    return probes[1:], bool(probes)


# --- sound: the device SDL should open ------------------------------------------------------

def _alsa_cards() -> list[tuple[int, str, str]]:
    """(number, id, description) of each ALSA card, from /proc/asound/cards."""
    try:
        text = pathlib.Path(ASOUND, "cards").read_text()
    except OSError:
        return []
    cards = []
    for line in text.splitlines():
        head, _, desc = line.partition("]:")
        number, _, card_id = head.strip().partition("[")
        if number.strip().isdigit():
            cards.append((int(number), card_id.strip(), desc.strip()))
    return cards


def _hdmi_connected(card_id: str) -> bool:
    """vc4hdmi0 is HDMI-A-1, vc4hdmi1 is HDMI-A-2: sound there only with a screen plugged in."""
    port = "HDMI-A-2" if card_id.endswith("1") else "HDMI-A-1"
    for status in glob.glob(f"{DRM}/card*-{port}/status"):
        try:
            if pathlib.Path(status).read_text().strip() == "connected":
                return True
        except OSError:
            pass
    return False


def choose_sound() -> str:
    """Point SDL at a sound device that can play, and say which (one short phrase).

    Under a desktop (a sound server is running) the system's choice stands. On the
    Pi's console: a USB audio device first, else an HDMI screen that is plugged in,
    else the headphone jack (Pi 4). A Pi 5 with only a DSI display has no sound
    device at all: SDL gets its silent driver instead of printing ALSA errors."""
    if os.environ.get("SDL_AUDIODRIVER") or os.environ.get("AUDIODEV") or not sys.platform.startswith("linux"):
        return ""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if os.environ.get("PULSE_SERVER") or any(
        runtime and os.path.exists(os.path.join(runtime, s)) for s in ("pulse/native", "pipewire-0")
    ):
        return ""  # a sound server picks the device
    cards = _alsa_cards()
    usb = [c for c in cards if os.path.exists(f"{ASOUND}/card{c[0]}/usbid")]
    hdmi = [c for c in cards if "hdmi" in c[1].lower() and _hdmi_connected(c[1])]
    other = [c for c in cards if c not in usb and "hdmi" not in c[1].lower()]
    for kind, found in (("USB", usb), ("HDMI", hdmi), ("", other)):
        if found:
            os.environ["SDL_AUDIODRIVER"] = "alsa"
            os.environ["AUDIODEV"] = f"plughw:CARD={found[0][1]},DEV=0"
            return f"sound on {found[0][2] or found[0][1]}" + (f" ({kind})" if kind else "")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    pi5 = " (a Pi 5 has no headphone jack: plug in USB audio or an HDMI screen)" if _on_a_pi() else ""
    return "no sound device, so no sounds" + pi5


class _QuietKivy(logging.Filter):
    """Kivy's start-up noise that says nothing to a player: its config file being
    written the first time, and the search for xclip/xsel (the app's clipboard is
    SDL2's, KIVY_CLIPBOARD=sdl2; Kivy still looks for a "cut buffer")."""

    NOISE = ("Config: Older configuration version", "Config: Upgrading configuration",
             "Cutbuffer: Unable to find any valuable Cutbuffer provider")

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.getMessage()).startswith(self.NOISE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="maya-companion app", description="The Maya table companion app.")
    parser.add_argument("--sim", action="store_true", help="simulate the buttons and the fob reader")
    parser.add_argument("--window", action="store_true", help="a window, not full screen, even on a Pi")
    parser.add_argument("--fullscreen", action="store_true", help="full screen on any machine")
    parser.add_argument("--size", default="800x480", help="window size, WIDTHxHEIGHT (default 800x480)")
    parser.add_argument("--kiosk", action="store_true", help="full screen with no mouse cursor (the Pi's service)")
    parser.add_argument("--rotation", type=int, choices=(0, 90, 180, 270), default=None,
                        help="turn the picture, touches included (default: landscape on any official Pi display)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    from companion.errors import CompanionError
    from companion.i18n import set_table_language, system_language

    from .devices import app_settings, load_config

    set_table_language(system_language())  # a broken config file is told in the system's language

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

    desktop = on_the_desktop()
    fullscreen = args.kiosk or args.fullscreen or (
        not args.window and (settings["fullscreen"] if settings["fullscreen"] is not None else _on_a_pi()))
    if fullscreen and not desktop and _on_a_pi():
        wait_for_display()
    if _no_screen():
        print(no_screen_hint(), file=sys.stderr)
        return 2
    # A hang that systemd's watchdog ends (SIGABRT) leaves every thread's stack in the journal.
    # The process's own stderr: Kivy, once imported, wraps sys.stderr in a stream with no fileno.
    try:
        faulthandler.enable(file=sys.__stderr__ or sys.stderr)
    except (AttributeError, ValueError, OSError):
        pass  # no stderr to write to (closed or not a file): nothing to leave the stacks in
    asked = args.rotation
    if asked is None and os.environ.get("MAYA_COMPANION_ROTATION", "").strip():
        try:
            asked = int(os.environ["MAYA_COMPANION_ROTATION"])
            assert asked in (0, 90, 180, 270)
        except (ValueError, AssertionError):
            print("maya-companion: MAYA_COMPANION_ROTATION must be 0, 90, 180 or 270.", file=sys.stderr)
            return 2

    # Kivy reads these at import time: set them before the first kivy import.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")  # not xclip/xsel, which a Pi image lacks
    sound = choose_sound()
    logging.getLogger("kivy").addFilter(_QuietKivy())
    from kivy.config import Config

    drop, no_touch_clicks = choose_touch(dict(Config.items("input")), desktop)
    for key in drop:
        Config.remove_option("input", key)  # for this run only: the file is the user's
    if no_touch_clicks:
        os.environ.setdefault("SDL_TOUCH_MOUSE_EVENTS", "0")  # read when SDL starts, at the window's import
    rotation, turned = choose_rotation(asked, Config.getint("graphics", "rotation"), fullscreen)
    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "1")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")  # no red dots on right-click
    Config.set("graphics", "rotation", str(rotation))
    Config.set("graphics", "allow_screensaver", "0")  # the screen stays awake while the app runs
    if args.kiosk:
        Config.set("graphics", "show_cursor", "0")  # a touch table: no mouse arrow in the middle of it
    # The on-screen keyboard is New game's to show (kivy_ui/screens/new_game.py: Kivy's own
    # VKeyboard, docked below the form, only when no physical keyboard is attached).

    from .app import MayaApp

    app = MayaApp(simulate=True if args.sim else None, config=config)
    _say_devices_once(app, "".join(f" {x[0].upper()}{x[1:]}." for x in (turned, sound) if x))
    app.run()
    return 0


def _say_devices_once(app, extra: str) -> None:
    """One line on the terminal when the devices start: real or simulated and why
    (the hardware layer's own sentence), with the screen and sound choices."""
    sink = app.device_sink
    said: list[object] = []

    def first(event):
        # By the event's topic, not its class: importing hardware/ here would load
        # gpiozero and the config before the first frame (start-up time).
        if not said and getattr(event, "topic", None) == "device" and event.device == "hardware":
            said.append(event)
            print(f"maya-companion: {event.detail}{extra}", flush=True)
        sink(event)

    app.device_sink = first


if __name__ == "__main__":
    raise SystemExit(main())

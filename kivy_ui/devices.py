"""Wiring the devices to the app: real ones through hardware.start, or simulated twins.

The sink handed to the hardware layer may be called from any thread; it only
schedules the event onto Kivy's main thread with Clock.schedule_once (which is
thread-safe), so no widget is ever touched from a device thread.
"""
from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

from companion.errors import BadConfig
from companion.store.paths import config_path


def load_config(path: pathlib.Path | None = None) -> dict:
    """The config file as a dict ({} when there is none); a broken file is a BadConfig sentence."""
    path = path or config_path()
    if not path.exists():
        return {}
    import tomllib  # only when there is a file to read: a table without one starts sooner

    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise BadConfig(f"The config file {path} is not valid TOML: {e}.") from None
    except UnicodeDecodeError:
        raise BadConfig(f"The config file {path} is not UTF-8 text; save it again as UTF-8.") from None
    except OSError as e:
        raise BadConfig(f"The config file {path} could not be read: {e.strerror or e}.") from None


APP_KEYS = ("gate_timeout", "sounds", "fullscreen", "phones_host", "phones_port", "keyboard")


def app_settings(config: dict) -> dict:
    """The [app] section with defaults; a bad value names its key, and a misspelt
    key names the nearest known one ("sound — did you mean sounds?")."""
    import difflib
    import ipaddress

    app = config.get("app", {})
    if app is None:
        app = {}
    if not isinstance(app, dict):
        raise BadConfig("The [app] section of the config file must be a table of settings.")
    app = dict(app)
    for key in app:
        if key not in APP_KEYS:
            near = difflib.get_close_matches(str(key), APP_KEYS, n=1)
            hint = f" — did you mean {near[0]}?" if near else f"; the [app] settings are: {', '.join(APP_KEYS)}."
            raise BadConfig(f"The config file has an unknown setting app.{key}{hint}")
    out = {"gate_timeout": 12.0, "sounds": True, "fullscreen": None, "phones_host": "0.0.0.0", "phones_port": 8765,
           "keyboard": "auto"}
    if "gate_timeout" in app:
        v = app["gate_timeout"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 2 <= v <= 120:
            raise BadConfig(f"app.gate_timeout must be a number of seconds between 2 and 120, not {v!r:.40}.")
        out["gate_timeout"] = float(v)
    for key in ("sounds", "fullscreen"):
        if key in app:
            if not isinstance(app[key], bool):
                raise BadConfig(f"app.{key} must be true or false, not {app[key]!r:.40}.")
            out[key] = app[key]
    if "phones_host" in app:
        v = app["phones_host"]
        try:
            ipaddress.ip_address(v if isinstance(v, str) else "")
        except ValueError:
            raise BadConfig(f"app.phones_host must be this machine's address on the network the phones use "
                            f"(e.g. \"192.168.1.20\", or \"0.0.0.0\" for all), not {v!r:.40}.") from None
        out["phones_host"] = v
    if "phones_port" in app:
        v = app["phones_port"]
        if isinstance(v, bool) or not isinstance(v, int) or not 1024 <= v <= 65535:
            raise BadConfig(f"app.phones_port must be a port number from 1024 to 65535, not {v!r:.40}.")
        out["phones_port"] = v
    if "keyboard" in app:  # the on-screen keyboard's letters: "auto" (the system's LANG), "de", "fr"…
        from kivy_ui.screens.new_game_keys import NAMES

        v = app["keyboard"]
        if not isinstance(v, str) or v.strip().lower() not in ("auto", *NAMES):
            raise BadConfig(f"app.keyboard must be \"auto\" (the system's language) or one of "
                            f"{', '.join(NAMES)}, not {v!r:.40}.")
        out["keyboard"] = v.strip().lower()
    return out


def start_devices(sink: Callable[[Any], None], simulate: bool | None) -> Any:
    """Start the devices through the hardware facade; returns (handle, problem sentence or None).

    A bad hardware section in the config file is reported and the app runs on
    simulated devices instead, so a typo never keeps a table from playing.
    """
    import hardware

    path = config_path()
    try:
        return hardware.start(path if path.exists() else None, sink, simulate=simulate), None
    except hardware.BadConfig as e:
        return hardware.start(None, sink, simulate=True), f"{e} The devices are simulated until it is fixed."


# Simulated fobs the sim panel offers (upper-case hex, as readers report them).
SIM_FOBS = ("0A1B2C3D01", "0A1B2C3D02", "0A1B2C3D03", "0A1B2C3D04")
SEAT_BUTTONS = ("seat1", "seat2", "seat3", "seat4", "seat5")

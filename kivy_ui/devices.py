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
from companion.i18n import LANGUAGES
from companion.store.paths import config_path

from .i18n import _


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
        raise BadConfig(_("The config file {path} is not valid TOML: {error}.", path=path, error=e)) from None
    except UnicodeDecodeError:
        raise BadConfig(_("The config file {path} is not UTF-8 text; save it again as UTF-8.", path=path)) from None
    except OSError as e:
        raise BadConfig(_("The config file {path} could not be read: {error}.", path=path,
                          error=e.strerror or e)) from None


APP_KEYS = ("gate_timeout", "sounds", "fullscreen", "phones_host", "phones_port", "keyboard", "language",
            "speech", "speech_volume")
#: Spoken cues' volume: per cent of the loudest, in the Settings screen's steps.
SPEECH_VOLUMES = range(10, 101, 10)


def app_settings(config: dict) -> dict:
    """The [app] section with defaults; a bad value names its key, and a misspelt
    key names the nearest known one ("sound — did you mean sounds?")."""
    import difflib
    import ipaddress

    app = config.get("app", {})
    if app is None:
        app = {}
    if not isinstance(app, dict):
        raise BadConfig(_("The [app] section of the config file must be a table of settings."))
    app = dict(app)
    for key in app:
        if key not in APP_KEYS:
            near = difflib.get_close_matches(str(key), APP_KEYS, n=1)
            if near:
                raise BadConfig(_("The config file has an unknown setting app.{key} — did you mean {near}?",
                                  key=key, near=near[0]))
            raise BadConfig(_("The config file has an unknown setting app.{key}; the [app] settings are: {keys}.",
                              key=key, keys=", ".join(APP_KEYS)))
    out = {"gate_timeout": 12.0, "sounds": True, "fullscreen": None, "phones_host": "0.0.0.0", "phones_port": 8765,
           "keyboard": "auto", "language": "auto", "speech": False, "speech_volume": 50}
    if "gate_timeout" in app:
        v = app["gate_timeout"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 2 <= v <= 120:
            raise BadConfig(_("app.gate_timeout must be a number of seconds between 2 and 120, not {value}.",
                              value=repr(v)[:40]))
        out["gate_timeout"] = float(v)
    for key in ("sounds", "fullscreen", "speech"):
        if key in app:
            if not isinstance(app[key], bool):
                raise BadConfig(_("app.{key} must be true or false, not {value}.", key=key, value=repr(app[key])[:40]))
            out[key] = app[key]
    if "phones_host" in app:
        v = app["phones_host"]
        try:
            ipaddress.ip_address(v if isinstance(v, str) else "")
        except ValueError:
            raise BadConfig(_("app.phones_host must be this machine's address on the network the phones use "
                              "(e.g. \"192.168.1.20\", or \"0.0.0.0\" for all), not {value}.",
                              value=repr(v)[:40])) from None
        out["phones_host"] = v
    if "phones_port" in app:
        v = app["phones_port"]
        if isinstance(v, bool) or not isinstance(v, int) or not 1024 <= v <= 65535:
            raise BadConfig(_("app.phones_port must be a port number from 1024 to 65535, not {value}.",
                              value=repr(v)[:40]))
        out["phones_port"] = v
    if "keyboard" in app:  # the on-screen keyboard's letters: "auto" (the system's LANG), "de", "fr"…
        from kivy_ui.screens.new_game_keys import NAMES

        v = app["keyboard"]
        if not isinstance(v, str) or v.strip().lower() not in ("auto", *NAMES):
            raise BadConfig(_("app.keyboard must be \"auto\" (the system's language) or one of {names}, "
                              "not {value}.", names=", ".join(NAMES), value=repr(v)[:40]))
        out["keyboard"] = v.strip().lower()
    if "language" in app:  # the table's language: "auto" (the system's LANG on each start) or "de"…
        v = app["language"]
        code = v.strip().lower() if isinstance(v, str) else None
        if code != "auto" and code not in LANGUAGES:
            raise BadConfig(_("app.language must be \"auto\" (the system's language) or one of {codes}, "
                              "not {value}.", codes=", ".join(LANGUAGES), value=repr(v)[:40]))
        out["language"] = code
    if "speech_volume" in app:  # spoken cues' loudness, in per cent (kivy_ui/speech.py)
        v = app["speech_volume"]
        if isinstance(v, bool) or not isinstance(v, int) or v not in SPEECH_VOLUMES:
            raise BadConfig(_("app.speech_volume must be a volume in per cent, one of {volumes}, not {value}.",
                              volumes=", ".join(map(str, SPEECH_VOLUMES)), value=repr(v)[:40]))
        out["speech_volume"] = v
    return out


def table_language(settings: dict) -> str:
    """The language the table speaks at start: app.language, or the system's for "auto"."""
    from companion.i18n import system_language

    code = settings.get("language", "auto")
    return system_language() if code in (None, "auto") else str(code)


def remember_language(code: str, path: pathlib.Path | None = None) -> None:
    """Write `language = "code"` into the [app] section of the config file (remember)."""
    remember("language", code, path)


def remember(key: str, value: str | bool | int, path: pathlib.Path | None = None) -> None:
    """Write `key = value` into the [app] section of the config file, the rest of
    the file (its comments too) as it was: the line replaced, added under [app], or an
    [app] section added. Written whole or not at all (a temporary file, then a rename);
    OSError when the disk refuses, BadConfig when the file could not be read."""
    import json
    import os
    import re
    import tomllib

    path = path or config_path()
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    # TOML's true/false, a number, or a basic string (JSON's quoting is TOML's for these)
    literal = ("true" if value else "false") if isinstance(value, bool) else json.dumps(value)
    line = f"{key} = {literal}"
    lines = text.splitlines()
    section = None
    at = None
    header = None
    for i, ln in enumerate(lines):
        m = re.match(r"\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$", ln)
        if m and not ln.lstrip().startswith("[["):
            section = m.group(1)
            if section == "app":
                header = i
            continue
        if section == "app" and re.match(rf"\s*{re.escape(key)}\s*=", ln):
            at = i
    if at is not None:
        lines[at] = line
    elif header is not None:
        lines.insert(header + 1, line)
    else:
        lines += ([""] if lines and lines[-1].strip() else []) + ["[app]", line]
    new = "\n".join(lines) + "\n"
    tomllib.loads(new)  # the file still reads (it did before: it was read at start)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(new, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


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
        return hardware.start(None, sink, simulate=True), _("{problem} The devices are simulated until it is fixed.",
                                                            problem=e)


# Simulated fobs the sim panel offers (upper-case hex, as readers report them).
SIM_FOBS = ("0A1B2C3D01", "0A1B2C3D02", "0A1B2C3D03", "0A1B2C3D04")
SEAT_BUTTONS = ("seat1", "seat2", "seat3", "seat4", "seat5")

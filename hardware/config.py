"""The hardware section of the companion's config file: buttons, LEDs, RFID readers.

Every value has a default, so no file at all is a valid configuration (the app
then runs on simulated devices). A bad value raises BadConfig with a sentence
naming the key, e.g. ``config.toml: buttons[2].pin must be a BCM pin number
0-27, not 'x'.`` Indexes in key names count from 0, as in the file's arrays.
A key the companion does not know is an error too, with the nearest known key
(``config.toml: readers[0].protocl is not a setting; did you mean protocol?``),
so a typo never leaves a setting silently at its default. A file that is not
UTF-8, not TOML or absurdly large is a sentence naming the file; every number
has bounds. Nothing here ever raises anything but BadConfig.

hardware/ must not import companion/, so the caller passes the path
(the app passes ``companion.store.paths.config_path()``); ``default_path()`` repeats
those few lines for the ``maya-companion devices`` command on purpose.
See docs/hardware.md for the reference and an example.
"""
from __future__ import annotations

import difflib
import os
import pathlib
import tomllib
from dataclasses import dataclass
from typing import Any

from .i18n import _, ngettext
from .rfid import families

PROTOCOLS = families.NAMES
DEFAULT_BAUD = {f.name: f.baud for f in families.FAMILIES}  # for reading; the config asks the record
PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "pigpio", "native", "mock")

# Free BCM pins on a Pi 4/5 that avoid the UART (14, 15), I2C (2, 3) and SPI.
DEFAULT_SEAT_PINS = (5, 6, 13, 19, 26)
DEFAULT_LED_PINS = (12, 16, 20, 21, 25)


# Sections of the same file that the layers above read (kivy_ui: [app]); hardware
# only checks that they are there by name, their contents are the app's to check.
APP_SECTIONS = ("app",)
MAX_FILE_BYTES = 1 << 20  # a config file is a few KB; anything near 1 MB is not one
MAX_NAME = 40
MAX_PORT = 256
MAX_READERS = 8

KEYS = {
    "": ("gpio", "button_defaults", "buttons", "leds", "readers"),
    "gpio": ("pin_factory",),
    "button_defaults": ("pull_up", "debounce", "hold_time"),
    "buttons": ("name", "pin", "pull_up", "debounce", "hold_time"),
    "leds": ("name", "pin", "active_high"),
    "readers": ("name", "port", "protocol", "baud", "unseen", "poll", "reconnect_min", "reconnect_max"),
}


class BadConfig(ValueError):
    """A config value that does not validate; the message names the key."""


@dataclass(frozen=True)
class ButtonConfig:
    name: str
    pin: int
    pull_up: bool = True
    debounce: float = 0.02  # seconds: edges closer than this to an accepted one are contact bounce
    hold_time: float = 0.8  # seconds held down before it counts as a hold


@dataclass(frozen=True)
class LedConfig:
    name: str
    pin: int
    active_high: bool = True


@dataclass(frozen=True)
class ReaderConfig:
    name: str = "reader"
    port: str = "/dev/rfid"
    protocol: str = "rdm6300"
    baud: int = 9600
    unseen: float = 0.5  # seconds a tag may go unseen before it counts as removed
    poll: float = 0.1  # pn532: seconds between InListPassiveTarget polls
    reconnect_min: float = 0.2  # back-off after a lost port: first wait ...
    reconnect_max: float = 5.0  # ... doubling up to this


@dataclass(frozen=True)
class HardwareConfig:
    buttons: tuple[ButtonConfig, ...] = ()
    leds: tuple[LedConfig, ...] = ()
    readers: tuple[ReaderConfig, ...] = ()
    pin_factory: str = "auto"
    source: pathlib.Path | None = None  # the file read, or None for built-in defaults

    @property
    def from_file(self) -> bool:
        return self.source is not None


def default_buttons() -> tuple[ButtonConfig, ...]:
    return tuple(ButtonConfig(f"seat{i + 1}", pin) for i, pin in enumerate(DEFAULT_SEAT_PINS))


def default_leds() -> tuple[LedConfig, ...]:
    return tuple(LedConfig(f"seat{i + 1}", pin) for i, pin in enumerate(DEFAULT_LED_PINS))


def defaults() -> HardwareConfig:
    """The configuration used with no file: five seat buttons, five seat LEDs, one RDM6300."""
    return HardwareConfig(default_buttons(), default_leds(), (ReaderConfig(),))


def default_path() -> pathlib.Path:
    """$MAYA_COMPANION_CONFIG, else $XDG_CONFIG_HOME/maya-companion/config.toml, else
    ~/.config/maya-companion/config.toml.

    Duplicates companion.store.paths.config_path() on purpose: hardware/ may not import
    companion/, and the `devices` command must find the same file as the app."""
    override = os.environ.get("MAYA_COMPANION_CONFIG")
    if override:
        return pathlib.Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(pathlib.Path.home() / ".config")
    return pathlib.Path(base) / "maya-companion" / "config.toml"


def load(path: str | os.PathLike[str] | None, app_sections: tuple[str, ...] = APP_SECTIONS) -> HardwareConfig:
    """Read the config file at path; a missing file (or None) gives the defaults.

    app_sections: top-level tables of the same file that other layers read (known
    by name here, not checked). Raises BadConfig naming the file and the key."""
    if path is None:
        return defaults()
    path = pathlib.Path(path)
    name = path.name
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return defaults()
    except OSError as e:
        raise BadConfig(_("{file}: cannot be read ({reason}).", file=name,
                          reason=e.strerror or type(e).__name__)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise BadConfig(_("{file}: is larger than {kb} KB; a config file is a few lines of text.", file=name,
                          kb=MAX_FILE_BYTES // 1024))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise BadConfig(_("{file}: is not UTF-8 text (byte {byte} on line {line}); save it as UTF-8.", file=name,
                          byte=format(raw[e.start], "#04x"), line=line)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BadConfig(_("{file}: is not valid TOML ({error}).", file=name, error=e)) from None
    except RecursionError:
        raise BadConfig(_("{file}: is not valid TOML (its arrays or tables are nested too deeply).",
                          file=name)) from None
    return parse(data, source=path, app_sections=app_sections)


def parse(data: dict[str, Any], source: pathlib.Path | None = None,
          app_sections: tuple[str, ...] = APP_SECTIONS) -> HardwareConfig:
    """Validate the parsed TOML; sections that are absent keep their defaults."""
    v = _Validator(source.name if source else "config.toml")
    v.known(data, "", KEYS[""] + tuple(app_sections))
    gpio = v.table(data, "gpio")
    pin_factory = v.choice(gpio, "gpio", "pin_factory", PIN_FACTORIES, "auto")
    bdef = v.table(data, "button_defaults")
    base = ButtonConfig("", 0)
    base_pull = v.boolean(bdef, "button_defaults", "pull_up", base.pull_up)
    base_debounce = v.seconds(bdef, "button_defaults", "debounce", base.debounce, hi=1.0)
    base_hold = v.seconds(bdef, "button_defaults", "hold_time", base.hold_time, lo=0.05, hi=30.0)

    buttons: tuple[ButtonConfig, ...]
    if "buttons" in data:
        found = []
        for i, b in enumerate(v.array(data, "buttons", 28)):
            key = f"buttons[{i}]"
            v.known(b, key, KEYS["buttons"])
            found.append(ButtonConfig(
                name=v.name(b, key, f"button{i + 1}"),
                pin=v.pin(b, key),
                pull_up=v.boolean(b, key, "pull_up", base_pull),
                debounce=v.seconds(b, key, "debounce", base_debounce, hi=1.0),
                hold_time=v.seconds(b, key, "hold_time", base_hold, lo=0.05, hi=30.0),
            ))
        buttons = tuple(found)
    else:
        buttons = tuple(ButtonConfig(b.name, b.pin, base_pull, base_debounce, base_hold)
                        for b in default_buttons())
    leds: tuple[LedConfig, ...]
    if "leds" in data:
        tables = v.array(data, "leds", 28)
        for i, t in enumerate(tables):
            v.known(t, f"leds[{i}]", KEYS["leds"])
        leds = tuple(LedConfig(v.name(t, f"leds[{i}]", f"led{i + 1}"), v.pin(t, f"leds[{i}]"),
                               v.boolean(t, f"leds[{i}]", "active_high", True))
                     for i, t in enumerate(tables))
    elif "buttons" in data:
        leds = ()  # LEDs are optional; default pins could clash with the buttons given
    else:
        leds = default_leds()
    readers: tuple[ReaderConfig, ...]
    if "readers" in data:
        readers = tuple(_reader(v, t, f"readers[{i}]", i)
                        for i, t in enumerate(v.array(data, "readers", MAX_READERS)))
    else:
        readers = (ReaderConfig(),)
    v.unique_names(buttons, "buttons")
    v.unique_names(leds, "leds")
    v.unique_names(readers, "readers")
    v.unique_pins(buttons, leds)
    return HardwareConfig(buttons, leds, readers, pin_factory, source)


def _reader(v: _Validator, t: dict[str, Any], key: str, i: int) -> ReaderConfig:
    v.known(t, key, KEYS["readers"])
    protocol = v.protocol(t, key)
    lo = v.seconds(t, key, "reconnect_min", 0.2, lo=0.01, hi=60.0)
    return ReaderConfig(
        name=v.name(t, key, "reader" if i == 0 else f"reader{i + 1}"),
        port=v.text(t, key, "port", "/dev/rfid"),
        protocol=protocol,
        baud=v.integer(t, key, "baud", families.family(protocol).baud, 300, 4_000_000),
        unseen=v.seconds(t, key, "unseen", 0.5, lo=0.05, hi=60.0),
        poll=v.seconds(t, key, "poll", 0.1, lo=0.01, hi=10.0),
        reconnect_min=lo,
        reconnect_max=v.seconds(t, key, "reconnect_max", max(5.0, lo), lo=lo, hi=600.0),
    )


def _key(key: str) -> str:
    """A key as written in the file, or its repr when it holds odd characters or is very long."""
    return key if key.isprintable() and len(key) <= 60 else _show(key)


def _show(value: object) -> str:
    """A value for a sentence: repr, cut short (a pasted novel stays readable)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class _Validator:
    file: str

    def fail(self, key: str, what: str, value: object) -> BadConfig:
        # i18n: {what} is one of the descriptions below ("a BCM pin number 0-27", "true or false")
        return BadConfig(_("{file}: {key} must be {what}, not {value}.", file=self.file, key=key, what=what,
                           value=_show(value)))

    def known(self, t: dict[str, Any], key: str, keys: tuple[str, ...]) -> None:
        """Every key of table t must be one the companion reads; else say which, and the nearest."""
        for item in t:
            if item in keys:
                continue
            where = _key(f"{key}.{item}" if key else item)
            close = difflib.get_close_matches(item.lower(), keys, n=1, cutoff=0.6)
            if close:
                raise BadConfig(_("{file}: {key} is not a setting; did you mean {near}?", file=self.file, key=where,
                                  near=close[0]))
            if not key:  # a section's key written at the top: say which section it belongs in
                for section in ("readers", "buttons", "leds", "gpio", "button_defaults"):
                    close = difflib.get_close_matches(item.lower(), KEYS[section], n=1, cutoff=0.6)
                    if close:
                        brackets = f"[[{section}]]" if section in ("readers", "buttons", "leds") else f"[{section}]"
                        raise BadConfig(_("{file}: {key} is not a setting at the top of the file; did you mean"
                                          " {near} under {section}?", file=self.file, key=where, near=close[0],
                                          section=brackets))
            if key:
                raise BadConfig(_("{file}: {key} is not a setting; the settings of {section} are: {keys}.",
                                  file=self.file, key=where, section=key.split("[")[0], keys=", ".join(keys)))
            raise BadConfig(_("{file}: {key} is not a setting; the settings are: {keys}.", file=self.file, key=where,
                              keys=", ".join(keys)))

    def table(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        t = data.get(key, {})
        if not isinstance(t, dict):
            raise self.fail(key, _("a table ({section})", section="[" + key + "]"), t)
        self.known(t, key, KEYS[key])
        return t

    def array(self, data: dict[str, Any], key: str, most: int) -> list[dict[str, Any]]:
        a = data[key]
        if not isinstance(a, list) or not all(isinstance(t, dict) for t in a):
            raise self.fail(key, _("an array of tables ({section})", section="[[" + key + "]]"), a)
        if len(a) > most:
            raise BadConfig(ngettext("{file}: {key} has {n} entry; at most {most} are possible.",
                                     "{file}: {key} has {n} entries; at most {most} are possible.", len(a),
                                     file=self.file, key=key, most=most))
        return a

    def name(self, t: dict[str, Any], key: str, default: str) -> str:
        n = t.get("name", default)
        if not isinstance(n, str) or not n.strip() or len(n.strip()) > MAX_NAME or not n.isprintable():
            raise self.fail(f"{key}.name", _("a short text (1-{most} characters)", most=MAX_NAME), n)
        return n.strip()

    def pin(self, t: dict[str, Any], key: str) -> int:
        if "pin" not in t:
            raise BadConfig(_("{file}: {key} is missing; give the BCM pin number (0-27).", file=self.file,
                              key=key + ".pin"))
        p = t["pin"]
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 27:
            raise self.fail(f"{key}.pin", _("a BCM pin number 0-27"), p)
        return p

    def boolean(self, t: dict[str, Any], key: str, item: str, default: bool) -> bool:
        b = t.get(item, default)
        if not isinstance(b, bool):
            raise self.fail(f"{key}.{item}", _("true or false"), b)
        return b

    def seconds(self, t: dict[str, Any], key: str, item: str, default: float,
                lo: float = 0.0, hi: float = 3600.0) -> float:
        s = t.get(item, default)
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not lo <= s <= hi:
            raise self.fail(f"{key}.{item}", _("a number of seconds from {low} to {high}", low=format(lo, "g"),
                                               high=format(hi, "g")), s)
        return float(s)

    def integer(self, t: dict[str, Any], key: str, item: str, default: int, lo: int, hi: int) -> int:
        n = t.get(item, default)
        if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
            raise self.fail(f"{key}.{item}", _("a whole number from {low} to {high}", low=lo, high=hi), n)
        return n

    def text(self, t: dict[str, Any], key: str, item: str, default: str) -> str:
        s = t.get(item, default)
        if not isinstance(s, str) or not s.strip() or len(s) > MAX_PORT or not s.isprintable():
            raise self.fail(f"{key}.{item}", _("a port path or URL such as {examples}",
                                                examples="/dev/serial0, loop://"), s)
        return s.strip()

    def choice(self, t: dict[str, Any], key: str, item: str, choices: tuple[str, ...], default: str) -> str:
        c = t.get(item, default)
        if c not in choices:
            raise self.fail(f"{key}.{item}", _("one of {choices}", choices=", ".join(choices)), c)
        return str(c)

    def protocol(self, t: dict[str, Any], key: str) -> str:
        """A reader family by name or alias, any case (families.py); a near miss is suggested."""
        p = t.get("protocol", "rdm6300")
        found = families.find(p)
        if found is not None:
            return found.name
        near = families.nearest(p)
        if near:
            raise BadConfig(_("{file}: {key} must be one of {choices}, not {value}; did you mean {near}?",
                              file=self.file, key=key + ".protocol", choices=", ".join(PROTOCOLS), value=_show(p),
                              near=near))
        raise BadConfig(_("{file}: {key} must be one of {choices}, not {value}.", file=self.file,
                          key=key + ".protocol", choices=", ".join(PROTOCOLS), value=_show(p)))

    def unique_names(self, items: tuple[Any, ...], key: str) -> None:
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            if item.name in seen:
                raise BadConfig(_("{file}: {key} {name} is already used by {other}.", file=self.file,
                                  key=key + "[" + str(i) + "].name", name=repr(item.name),
                                  other=key + "[" + str(seen[item.name]) + "]"))
            seen[item.name] = i

    def unique_pins(self, buttons: tuple[ButtonConfig, ...], leds: tuple[LedConfig, ...]) -> None:
        seen: dict[int, str] = {}
        groups: tuple[tuple[str, tuple[ButtonConfig | LedConfig, ...]], ...] = (("buttons", buttons), ("leds", leds))
        for key, items in groups:
            for i, item in enumerate(items):
                if item.pin in seen:
                    raise BadConfig(_("{file}: {key} {pin} is already used by {other}.", file=self.file,
                                      key=key + "[" + str(i) + "].pin", pin=item.pin, other=seen[item.pin]))
                seen[item.pin] = f"{key}[{i}]"

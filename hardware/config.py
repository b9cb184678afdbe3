"""The hardware section of the companion's config file: buttons, LEDs, RFID readers.

Every value has a default, so no file at all is a valid configuration (the app
then runs on simulated devices). A bad value raises BadConfig with a sentence
naming the key, e.g. ``config.toml: buttons[2].pin must be a BCM pin number
0-27, not 'x'.`` Indexes in key names count from 0, as in the file's arrays.

hardware/ must not import companion/, so the caller passes the path
(the app passes ``companion.paths.config_path()``); ``default_path()`` repeats
those few lines for the ``maya-companion devices`` command on purpose.
See docs/hardware.md for the reference and an example.
"""
from __future__ import annotations

import os
import pathlib
import tomllib
from dataclasses import dataclass, field

PROTOCOLS = ("rdm6300", "id12", "pn532")
DEFAULT_BAUD = {"rdm6300": 9600, "id12": 9600, "pn532": 115200}
PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "pigpio", "native", "mock")

# Free BCM pins on a Pi 4/5 that avoid the UART (14, 15), I2C (2, 3) and SPI.
DEFAULT_SEAT_PINS = (5, 6, 13, 19, 26)
DEFAULT_LED_PINS = (12, 16, 20, 21, 25)


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
    buttons: tuple = ()
    leds: tuple = ()
    readers: tuple = ()
    pin_factory: str = "auto"
    source: pathlib.Path | None = None  # the file read, or None for built-in defaults

    @property
    def from_file(self) -> bool:
        return self.source is not None


def default_buttons() -> tuple:
    return tuple(ButtonConfig(f"seat{i + 1}", pin) for i, pin in enumerate(DEFAULT_SEAT_PINS))


def default_leds() -> tuple:
    return tuple(LedConfig(f"seat{i + 1}", pin) for i, pin in enumerate(DEFAULT_LED_PINS))


def defaults() -> HardwareConfig:
    """The configuration used with no file: five seat buttons, five seat LEDs, one RDM6300."""
    return HardwareConfig(default_buttons(), default_leds(), (ReaderConfig(),))


def default_path() -> pathlib.Path:
    """$MAYA_COMPANION_CONFIG, else $XDG_CONFIG_HOME/maya-companion/config.toml, else
    ~/.config/maya-companion/config.toml.

    Duplicates companion.paths.config_path() on purpose: hardware/ may not import
    companion/, and the `devices` command must find the same file as the app."""
    override = os.environ.get("MAYA_COMPANION_CONFIG")
    if override:
        return pathlib.Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(pathlib.Path.home() / ".config")
    return pathlib.Path(base) / "maya-companion" / "config.toml"


def load(path: str | os.PathLike | None) -> HardwareConfig:
    """Read the config file at path; a missing file (or None) gives the defaults."""
    if path is None:
        return defaults()
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return defaults()
    except OSError as e:
        raise BadConfig(f"{path.name}: cannot be read ({e.strerror}).") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BadConfig(f"{path.name}: is not valid TOML ({e}).") from None
    return parse(data, source=path)


def parse(data: dict, source: pathlib.Path | None = None) -> HardwareConfig:
    """Validate the parsed TOML; sections that are absent keep their defaults."""
    v = _Validator(source.name if source else "config.toml")
    gpio = v.table(data, "gpio")
    pin_factory = v.choice(gpio, "gpio", "pin_factory", PIN_FACTORIES, "auto")
    bdef = v.table(data, "button_defaults")
    base = ButtonConfig("", 0)
    base_pull = v.boolean(bdef, "button_defaults", "pull_up", base.pull_up)
    base_debounce = v.seconds(bdef, "button_defaults", "debounce", base.debounce, hi=1.0)
    base_hold = v.seconds(bdef, "button_defaults", "hold_time", base.hold_time, lo=0.05, hi=30.0)

    if "buttons" in data:
        buttons = []
        for i, b in enumerate(v.array(data, "buttons")):
            key = f"buttons[{i}]"
            buttons.append(ButtonConfig(
                name=v.name(b, key, f"button{i + 1}"),
                pin=v.pin(b, key),
                pull_up=v.boolean(b, key, "pull_up", base_pull),
                debounce=v.seconds(b, key, "debounce", base_debounce, hi=1.0),
                hold_time=v.seconds(b, key, "hold_time", base_hold, lo=0.05, hi=30.0),
            ))
        buttons = tuple(buttons)
    else:
        buttons = tuple(ButtonConfig(b.name, b.pin, base_pull, base_debounce, base_hold)
                        for b in default_buttons())
    if "leds" in data:
        leds = tuple(LedConfig(v.name(t, f"leds[{i}]", f"led{i + 1}"), v.pin(t, f"leds[{i}]"),
                               v.boolean(t, f"leds[{i}]", "active_high", True))
                     for i, t in enumerate(v.array(data, "leds")))
    elif "buttons" in data:
        leds = ()  # LEDs are optional; default pins could clash with the buttons given
    else:
        leds = default_leds()
    if "readers" in data:
        readers = tuple(_reader(v, t, f"readers[{i}]", i) for i, t in enumerate(v.array(data, "readers")))
    else:
        readers = (ReaderConfig(),)
    v.unique_names(buttons, "buttons")
    v.unique_names(leds, "leds")
    v.unique_names(readers, "readers")
    v.unique_pins(buttons, leds)
    return HardwareConfig(buttons, leds, readers, pin_factory, source)


def _reader(v: "_Validator", t: dict, key: str, i: int) -> ReaderConfig:
    protocol = v.choice(t, key, "protocol", PROTOCOLS, "rdm6300")
    lo = v.seconds(t, key, "reconnect_min", 0.2, lo=0.01, hi=60.0)
    return ReaderConfig(
        name=v.name(t, key, "reader" if i == 0 else f"reader{i + 1}"),
        port=v.text(t, key, "port", "/dev/rfid"),
        protocol=protocol,
        baud=v.integer(t, key, "baud", DEFAULT_BAUD[protocol], 300, 4_000_000),
        unseen=v.seconds(t, key, "unseen", 0.5, lo=0.05, hi=60.0),
        poll=v.seconds(t, key, "poll", 0.1, lo=0.01, hi=10.0),
        reconnect_min=lo,
        reconnect_max=v.seconds(t, key, "reconnect_max", max(5.0, lo), lo=lo, hi=600.0),
    )


@dataclass
class _Validator:
    file: str
    _known: dict = field(default_factory=dict)

    def fail(self, key: str, what: str, value) -> BadConfig:
        return BadConfig(f"{self.file}: {key} must be {what}, not {value!r}.")

    def table(self, data: dict, key: str) -> dict:
        t = data.get(key, {})
        if not isinstance(t, dict):
            raise self.fail(key, "a table ([" + key + "])", t)
        return t

    def array(self, data: dict, key: str) -> list:
        a = data[key]
        if not isinstance(a, list) or not all(isinstance(t, dict) for t in a):
            raise self.fail(key, f"an array of tables ([[{key}]])", a)
        return a

    def name(self, t: dict, key: str, default: str) -> str:
        n = t.get("name", default)
        if not isinstance(n, str) or not n.strip():
            raise self.fail(f"{key}.name", "a non-empty text", n)
        return n.strip()

    def pin(self, t: dict, key: str) -> int:
        if "pin" not in t:
            raise BadConfig(f"{self.file}: {key}.pin is missing; give the BCM pin number (0-27).")
        p = t["pin"]
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 27:
            raise self.fail(f"{key}.pin", "a BCM pin number 0-27", p)
        return p

    def boolean(self, t: dict, key: str, item: str, default: bool) -> bool:
        b = t.get(item, default)
        if not isinstance(b, bool):
            raise self.fail(f"{key}.{item}", "true or false", b)
        return b

    def seconds(self, t: dict, key: str, item: str, default: float, lo: float = 0.0, hi: float = 3600.0) -> float:
        s = t.get(item, default)
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not lo <= s <= hi:
            raise self.fail(f"{key}.{item}", f"a number of seconds from {lo:g} to {hi:g}", s)
        return float(s)

    def integer(self, t: dict, key: str, item: str, default: int, lo: int, hi: int) -> int:
        n = t.get(item, default)
        if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
            raise self.fail(f"{key}.{item}", f"a whole number from {lo} to {hi}", n)
        return n

    def text(self, t: dict, key: str, item: str, default: str) -> str:
        s = t.get(item, default)
        if not isinstance(s, str) or not s.strip():
            raise self.fail(f"{key}.{item}", "a port path or URL such as /dev/serial0 or loop://", s)
        return s.strip()

    def choice(self, t: dict, key: str, item: str, choices: tuple, default: str) -> str:
        c = t.get(item, default)
        if c not in choices:
            raise self.fail(f"{key}.{item}", "one of " + ", ".join(choices), c)
        return c

    def unique_names(self, items: tuple, key: str) -> None:
        seen = {}
        for i, item in enumerate(items):
            if item.name in seen:
                raise BadConfig(f"{self.file}: {key}[{i}].name {item.name!r} is already used by {key}[{seen[item.name]}].")
            seen[item.name] = i

    def unique_pins(self, buttons: tuple, leds: tuple) -> None:
        seen = {}
        for key, items in (("buttons", buttons), ("leds", leds)):
            for i, item in enumerate(items):
                if item.pin in seen:
                    raise BadConfig(f"{self.file}: {key}[{i}].pin {item.pin} is already used by {seen[item.pin]}.")
                seen[item.pin] = f"{key}[{i}]"

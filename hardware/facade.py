"""The one object the app holds: every configured device, real or simulated.

    hw = hardware.start(config, sink, simulate=None)
    hw.simulated            # True when the twins stand in for the devices
    hw.buttons["seat1"].is_pressed ; hw.buttons.names
    hw.leds.on("seat1") ; hw.leds.blink("seat2") ; hw.leds.off("seat1") ; hw.leds.state("seat2")
    hw.readers["reader"].status
    hw.sim.buttons["seat1"].press() / .release() / .tap() / .hold() / .bounce()   (None when real)
    hw.sim.reader.present("62E3086CED") / .remove() / .noise(8) / .unplug() / .replug()
    hw.describe()           # [{"device", "kind", "where", "status", "detail"}, ...]
    hw.close()

``simulate=None`` picks real devices when running on a Raspberry Pi with a
config file, simulated ones otherwise, and says which (and why) in a
DeviceStatus event and in ``describe()``. A device that cannot be opened in
real mode is reported as an error; the rest keeps working.
"""
from __future__ import annotations

import logging
import os
import pathlib
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import config as config_mod
from .buttons import Buttons
from .config import HardwareConfig
from .events import ERROR, READY, SIMULATED, DeviceEvent, DeviceStatus
from .i18n import _
from .leds import Leds
from .rfid.reader import Reader
from .timers import Timers

if TYPE_CHECKING:
    from .sim import SimButton, SimReader

Sink = Callable[[DeviceEvent], None]

MODEL_FILE = pathlib.Path("/proc/device-tree/model")
log = logging.getLogger(__name__)


def guarded(sink: Sink) -> Sink:
    """The sink as devices call it: an exception in the app's sink is logged, and
    never stops a reader thread, a timer or gpiozero's callback thread."""
    def post(event: DeviceEvent) -> None:
        try:
            sink(event)
        except Exception:
            log.exception("the event sink failed on %r", event)
    return post


def raspberry_pi_model() -> str | None:
    """"Raspberry Pi 5 Model B Rev 1.0" on a Pi, None elsewhere."""
    try:
        model = MODEL_FILE.read_bytes().rstrip(b"\x00").decode(errors="replace")
    except OSError:
        return None
    return model if "Raspberry Pi" in model else None


def pin_factory_for(name: str) -> Any:
    """A gpiozero pin factory by config name; "auto" leaves gpiozero to choose
    (it tries lgpio first, the one that works on a Pi 5)."""
    if name == "auto":
        return None
    if name == "lgpio":
        from gpiozero.pins.lgpio import LGPIOFactory
        return LGPIOFactory()
    if name == "rpigpio":
        from gpiozero.pins.rpigpio import RPiGPIOFactory
        return RPiGPIOFactory()
    if name == "pigpio":
        from gpiozero.pins.pigpio import PiGPIOFactory
        return PiGPIOFactory()
    if name == "native":
        from gpiozero.pins.native import NativeFactory
        return NativeFactory()
    from gpiozero.pins.mock import MockFactory
    return MockFactory()


class Sim:
    """The simulated twins: ``buttons`` by name, ``readers`` by name, ``reader`` the first."""

    def __init__(self) -> None:
        self.buttons: dict[str, SimButton] = {}
        self.readers: dict[str, SimReader] = {}

    @property
    def reader(self) -> SimReader | None:
        return next(iter(self.readers.values()), None)

    def close(self) -> None:
        for r in self.readers.values():
            r.close()


class Hardware:
    def __init__(self, config: HardwareConfig, sink: Sink, simulated: bool, why: str):
        self.config = config
        self.simulated = simulated
        self.why = why
        self._sink = sink
        self._timers = Timers()
        self.sim: Sim | None = Sim() if simulated else None
        self.readers: dict[str, Reader] = {}
        self._errors: dict[str, str] = {}
        self.factory: Any = None
        self.buttons = Buttons((), sink, self._timers)
        self.leds = Leds(())
        sink(DeviceStatus("hardware", SIMULATED if simulated else READY, why))
        self._open_gpio()
        self._open_readers()

    def _open_gpio(self) -> None:
        if not (self.config.buttons or self.config.leds):
            return
        try:
            if self.simulated:
                from .sim import SimFactory
                self.factory = SimFactory()
            else:
                self.factory = pin_factory_for(self.config.pin_factory)
            self.buttons = Buttons(self.config.buttons, self._sink, self._timers, pin_factory=self.factory)
            self.leds = Leds(self.config.leds, pin_factory=self.factory)
        except Exception as e:  # no GPIO library, pin busy, not a Pi: say so, keep the rest
            detail = _("The buttons and LEDs could not be opened ({error}).", error=type(e).__name__ + ": " + str(e))
            self._errors["gpio"] = detail
            self._sink(DeviceStatus("gpio", ERROR, detail))
            return
        if self.sim is not None:
            from .sim import SimButton
            for c in self.config.buttons:
                self.sim.buttons[c.name] = SimButton(c.name, self.buttons[c.name].pin, c, self.factory)

    def _open_readers(self) -> None:
        for c in self.config.readers:
            if self.sim is not None:
                from .sim import SimReader
                twin = SimReader(c.protocol, name=c.name)
                self.sim.readers[c.name] = twin
                c = replace(c, port=twin.path)
            self.readers[c.name] = Reader(c, self._sink).start()

    def describe(self) -> list[dict[str, str]]:
        """Every configured device with where it is and its status, for the check screen."""
        rows: list[dict[str, str]] = []
        status = SIMULATED if self.simulated else READY
        gpio_error = self._errors.get("gpio")
        for c in self.config.buttons:
            pull = _("pull-up, to GND") if c.pull_up else _("pull-down, to 3V3")
            rows.append({"device": f"button {c.name}", "kind": "button",
                         "where": _("BCM {pin} ({pull}); hold {hold} s, debounce {debounce} ms", pin=c.pin, pull=pull,
                                    hold=format(c.hold_time, "g"), debounce=format(c.debounce * 1000, "g")),
                         "status": ERROR if gpio_error else status, "detail": gpio_error or ""})
        for led in self.config.leds:
            rows.append({"device": f"led {led.name}", "kind": "led", "where": f"BCM {led.pin}",
                         "status": ERROR if gpio_error else status, "detail": gpio_error or ""})
        for rc in self.config.readers:  # the configured port; a twin's pty is added below
            r = self.readers[rc.name]
            if self.simulated:
                where = _("{port} ({protocol}, {baud} baud), simulated at {twin}", port=rc.port,
                          protocol=rc.protocol, baud=r.config.baud, twin=r.config.port)
            else:
                where = _("{port} ({protocol}, {baud} baud)", port=rc.port, protocol=rc.protocol, baud=r.config.baud)
            rows.append({"device": r.device, "kind": "reader", "where": where, "status": r.status, "detail": r.detail})
        return rows

    def close(self) -> None:
        for r in self.readers.values():
            r.close()
        if self.sim is not None:
            self.sim.close()
        self.buttons.close()
        self.leds.close()
        self._timers.close()


def start(config: HardwareConfig | str | os.PathLike[str] | None = None, sink: Sink | None = None,
          simulate: bool | None = None) -> Hardware:
    """Open every configured device and return the Hardware facade.

    config: a HardwareConfig, a path to config.toml, or None (defaults, no file).
    sink: called with every event from any thread (default: events are dropped).
    simulate: True forces the twins, False forces real devices, None decides:
    real on a Raspberry Pi with a config file, simulated otherwise.
    Raises config.BadConfig for a bad config file; never for a missing device.
    """
    if not isinstance(config, HardwareConfig):
        config = config_mod.load(config)
    sink = guarded(sink or (lambda event: None))
    model = raspberry_pi_model()
    if simulate is None:
        simulate = not (model and config.from_file)
        if model is None:
            why = _("This is not a Raspberry Pi, so the buttons and RFID readers are simulated.")
        elif not config.from_file:
            why = _("There is no config file, so the buttons and RFID readers are simulated.")
        else:
            why = _("Using the real devices on this {model}.", model=model)
    else:
        why = _("Simulated devices, as asked.") if simulate else _("Real devices, as asked.")
    return Hardware(config, sink, bool(simulate), why)

"""Seat LEDs on GPIO pins: on, off, blink (the app uses them for "your turn" and
"your private view is open").

Wiring: BCM pin -> resistor (220-330 ohm) -> LED anode, cathode -> GND
(``active_high = true``). Arcade buttons with built-in LEDs often need 5 V or
12 V: drive those through a transistor or a ULN2803 and keep ``active_high``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gpiozero import LED

from .config import LedConfig
from .i18n import _


class Leds:
    """The configured LEDs by name; unknown names raise KeyError naming the LEDs there are."""

    def __init__(self, configs: Iterable[LedConfig], *, pin_factory: Any = None):
        self._leds: dict[str, LED] = {}
        self._state: dict[str, str] = {}
        try:
            for c in configs:
                self._leds[c.name] = LED(c.pin, active_high=c.active_high, initial_value=False,
                                         pin_factory=pin_factory)
                self._state[c.name] = "off"
        except Exception:
            self.close()
            raise

    @property
    def names(self) -> list[str]:
        return list(self._leds)

    def _led(self, name: str) -> LED:
        try:
            return self._leds[name]
        except KeyError:
            known = ", ".join(self._leds) or "none"
            raise KeyError(_("There is no LED called {name}; the LEDs are: {known}.", name=repr(name),
                             known=known)) from None

    def on(self, name: str) -> None:
        self._led(name).on()
        self._state[name] = "on"

    def off(self, name: str) -> None:
        self._led(name).off()
        self._state[name] = "off"

    def blink(self, name: str, on_time: float = 0.5, off_time: float = 0.5) -> None:
        """Blink in the background until on() or off() is called."""
        self._led(name).blink(on_time=on_time, off_time=off_time, background=True)
        self._state[name] = "blinking"

    def state(self, name: str) -> str:
        """"on", "off" or "blinking" (what was asked; the simulated panel draws this)."""
        self._led(name)
        return self._state[name]

    def is_lit(self, name: str) -> bool:
        """Whether the LED is lit at this instant (while blinking it alternates)."""
        return bool(self._led(name).value)

    def off_all(self) -> None:
        for name in self._leds:
            self.off(name)

    def close(self) -> None:
        for led in self._leds.values():
            led.close()

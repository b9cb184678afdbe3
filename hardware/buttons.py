"""Arcade buttons on GPIO pins: our own debounce, and press / hold / release events.

What a player gets (also in docs/hardware.md):

* short press (let go before ``hold_time``): ``press`` then ``release``, both
  posted the moment the button is let go;
* long press: ``hold`` the moment ``hold_time`` is reached while still down,
  then ``release`` when let go; never ``press`` as well.

Debounce works on the edge timestamps the pin factory reports (gpiozero's own
``bounce_time`` is unreliable across pin factories and not simulated under
MockFactory): the first edge that changes the state is accepted at once; any
edge less than ``debounce`` seconds after an accepted one is contact bounce and
ignored. When the debounce window ends a timer reads the pin once more, so a
bounce that ends in the other state (a very short tap) is never lost.

Callbacks come from the pin factory's thread on a Pi (synchronously under
MockFactory) and from the timer thread; a lock per button keeps the two
in order, and events are posted to the sink while holding it.

Wiring: one leg of the button to the BCM pin, the other to GND; the Pi's
internal pull-up keeps the pin high until pressed (``pull_up = true``).

    from gpiozero.pins.mock import MockFactory
    events = []
    b = DebouncedButton(ButtonConfig("seat1", 5), events.append, Timers(), pin_factory=MockFactory())
    b.pin.drive_low(); time.sleep(0.05); b.pin.drive_high()
    # events == [ButtonEvent("seat1", "press"), ButtonEvent("seat1", "release")]
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from gpiozero import GPIODevice

from .config import ButtonConfig
from .events import HOLD, PRESS, RELEASE, ButtonEvent, DeviceEvent
from .timers import Timers


class ButtonLogic:
    """Debounce and press/hold/release as a pure state machine over edge ticks.

    ``edge`` returns (events, start_timers): when start_timers is true the caller
    must call ``settle(accept_id)`` after ``debounce`` seconds and, for a press,
    ``hold(press_id)`` after ``hold_time`` seconds (ids read right after edge()).
    """

    def __init__(self, debounce: float, hold_time: float,
                 ticks_diff: Callable[[Any, Any], float] = lambda later, earlier: later - earlier):
        self.debounce = debounce
        self.hold_time = hold_time
        self._diff = ticks_diff
        self.pressed = False  # the debounced state
        self.held = False  # hold already posted for the current press
        self.accept_id = 0  # counts accepted edges; a settle for an older one is stale
        self.press_id = 0  # counts accepted presses; a hold for an older one is stale
        self._last_accept: Any = None  # tick of the last accepted edge
        self._last_edge: Any = None  # tick of the last edge seen, accepted or not

    def edge(self, tick: Any, pressed: bool) -> tuple[list[str], bool]:
        self._last_edge = tick
        if self._last_accept is not None and self._diff(tick, self._last_accept) < self.debounce:
            return [], False  # bounce: the pending settle() will look at the final state
        return self._accept(tick, pressed)

    def settle(self, accept_id: int, pressed_now: bool) -> tuple[list[str], bool]:
        """The debounce window of accepted edge accept_id is over; pressed_now is the pin as it is."""
        if accept_id != self.accept_id:
            return [], False
        return self._accept(self._last_edge, pressed_now)

    def hold(self, press_id: int) -> list[str]:
        if self.pressed and press_id == self.press_id and not self.held:
            self.held = True
            return [HOLD]
        return []

    def _accept(self, tick: Any, pressed: bool) -> tuple[list[str], bool]:
        if pressed == self.pressed:
            return [], False
        self.pressed = pressed
        self._last_accept = tick
        self.accept_id += 1
        if pressed:
            self.press_id += 1
            self.held = False
            return [], True
        return ([RELEASE] if self.held else [PRESS, RELEASE]), True


class DebouncedButton(GPIODevice):  # type: ignore[misc]  # gpiozero has no type hints
    """One arcade button on a BCM pin, posting ButtonEvents to sink."""

    def __init__(self, config: ButtonConfig, sink: Callable[[DeviceEvent], None], timers: Timers, *,
                 pin_factory: Any = None):
        super().__init__(config.pin, pin_factory=pin_factory)
        self.name = config.name
        self._sink = sink
        self._timers = timers
        self._lock = threading.Lock()
        try:
            self.pin.function = "input"
            self.pin.pull = "up" if config.pull_up else "down"
            self.pin.bounce = None  # we debounce ourselves, on timestamps
            self.pin.edges = "both"
            self._active_state = not config.pull_up  # pulled up: pressed pulls the pin low
            self._inactive_state = config.pull_up
            self.logic = ButtonLogic(config.debounce, config.hold_time, self.pin_factory.ticks_diff)
            self.pin.when_changed = self._pin_changed
        except Exception:
            self.close()
            raise

    @property
    def is_pressed(self) -> bool:
        """The debounced state."""
        return self.logic.pressed

    def _pressed_now(self) -> bool:
        return bool(self.pin.state == self._active_state)

    def _pin_changed(self, ticks: Any, state: Any) -> None:
        with self._lock:
            events, timers = self.logic.edge(ticks, state == self._active_state)
            self._after(events, timers)

    def _settle(self, accept_id: int) -> None:
        with self._lock:
            if self.closed:
                return
            events, timers = self.logic.settle(accept_id, self._pressed_now())
            self._after(events, timers)

    def _hold(self, press_id: int) -> None:
        with self._lock:
            if not self.closed:
                self._post(self.logic.hold(press_id))

    def _after(self, events: list[str], timers: bool) -> None:
        if timers:
            accept_id = self.logic.accept_id
            self._timers.after(self.logic.debounce, lambda: self._settle(accept_id))
            if self.logic.pressed:
                press_id = self.logic.press_id
                self._timers.after(self.logic.hold_time, lambda: self._hold(press_id))
        self._post(events)

    def _post(self, events: list[str]) -> None:
        for kind in events:
            self._sink(ButtonEvent(self.name, kind))

    def close(self) -> None:
        pin = getattr(self, "_pin", None)
        if pin is not None:
            pin.when_changed = None
        super().close()


class Buttons:
    """The configured buttons by name: ``buttons["seat1"].is_pressed``, ``names``, ``close()``."""

    def __init__(self, configs: Iterable[ButtonConfig], sink: Callable[[DeviceEvent], None], timers: Timers, *,
                 pin_factory: Any = None):
        self._buttons: dict[str, DebouncedButton] = {}
        try:
            for c in configs:
                self._buttons[c.name] = DebouncedButton(c, sink, timers, pin_factory=pin_factory)
        except Exception:
            self.close()
            raise

    @property
    def names(self) -> list[str]:
        return list(self._buttons)

    def __getitem__(self, name: str) -> DebouncedButton:
        return self._buttons[name]

    def __iter__(self) -> Iterator[DebouncedButton]:
        return iter(self._buttons.values())

    def __len__(self) -> int:
        return len(self._buttons)

    def close(self) -> None:
        for b in self._buttons.values():
            b.close()

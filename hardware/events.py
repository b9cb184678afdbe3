"""The plain events every device posts to the app's sink.

A sink is any callable taking one event; devices call it from their own
threads (gpiozero's callback threads, the serial reader thread, timer
threads), so the sink must be safe to call from any thread (a
``queue.Queue().put`` is; the Kivy app uses ``Clock.schedule_once``).

What a player gets from a button (see docs/hardware.md):

* a short press (let go before the hold time): ``press`` then ``release``,
  both posted when the button is let go;
* a long press: ``hold`` the moment the hold time is reached, then only
  ``release`` when it is let go (never ``press`` as well).
"""
from __future__ import annotations

from dataclasses import dataclass

PRESS = "press"
HOLD = "hold"
RELEASE = "release"

# DeviceStatus.status values
CONNECTED = "connected"
DISCONNECTED = "disconnected"
RECONNECTING = "reconnecting"
SIMULATED = "simulated"
READY = "ready"
ERROR = "error"


@dataclass(frozen=True)
class ButtonEvent:
    """A button was pressed (short), held (long) or released."""

    button: str
    kind: str  # PRESS, HOLD or RELEASE


@dataclass(frozen=True)
class TagEvent:
    """A tag was presented to a reader: exactly one per presentation.

    uid is upper-case hex without separators ("62E3086CED", "04A224E2C15C80").
    """

    uid: str
    reader: str


@dataclass(frozen=True)
class TagRemoved:
    """The tag of the last TagEvent left the reader (unseen for the configured
    time, or a PN532 poll found no target). Apps that only care about taps can
    ignore it."""

    uid: str
    reader: str


@dataclass(frozen=True)
class DeviceStatus:
    """A device's state changed: connected, disconnected, reconnecting,
    simulated, ready or error; detail is a sentence for the person at the table."""

    device: str
    status: str
    detail: str = ""

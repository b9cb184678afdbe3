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

Telling events apart: each class has its own ``topic`` (a class constant, not a
field: ``"tag"``, ``"tag_removed"``, ``"button"``, ``"device"``), so a consumer
that may not import hardware/ (companion's table controller) can dispatch on
``event.topic`` through a small ``typing.Protocol`` of its own, and one that may
uses ``isinstance`` on the classes. A tag read and a tag removal have the same
fields (uid, reader); only the class and its topic tell them apart.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from .i18n import N_, _

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

    topic: ClassVar[Literal["button"]] = "button"
    button: str
    kind: str  # PRESS, HOLD or RELEASE


@dataclass(frozen=True)
class TagEvent:
    """A tag was presented to a reader: exactly one per presentation.

    uid is upper-case hex without separators ("62E3086CED", "04A224E2C15C80").
    The tag was confirmed before it is posted (docs/hardware.md, "Confirmed
    tags"), and a tag that lay on the reader before a reconnect is not posted
    again when the reader comes back.
    """

    topic: ClassVar[Literal["tag"]] = "tag"
    uid: str
    reader: str


@dataclass(frozen=True)
class TagRemoved:
    """The tag of the last TagEvent left the reader (unseen for the configured
    time, or a PN532 poll found no target; after a reconnect, not read again
    within the grace time). Not posted when the connection is lost: the tag is
    held over (rfid/presence.py). Apps that only care about taps can ignore it."""

    topic: ClassVar[Literal["tag_removed"]] = "tag_removed"
    uid: str
    reader: str


@dataclass(frozen=True)
class DeviceStatus:
    """A device's state changed: connected, disconnected, reconnecting,
    simulated, ready or error; detail is a sentence for the person at the table."""

    topic: ClassVar[Literal["device"]] = "device"
    device: str
    status: str
    detail: str = ""


#: The words of the states above, translated where shown (`word`).
WORDS = {PRESS: N_("press"), HOLD: N_("hold"), RELEASE: N_("release"), CONNECTED: N_("connected"),
         DISCONNECTED: N_("disconnected"), RECONNECTING: N_("reconnecting"), SIMULATED: N_("simulated"),
         READY: N_("ready"), ERROR: N_("error")}


def word(value: str) -> str:
    """A button's or a device's state in the current language ("press" / "gedrückt");
    one the devices do not know, as it is."""
    return _(WORDS[value]) if value in WORDS else value


def device_name(device: str) -> str:
    """A device as a player reads it, in the current language: "button seat1",
    "led seat1", "rfid reader" (DeviceStatus.device, the describe() rows) become
    "Taste seat1", "LED seat1", "Leser reader"; the name as configured."""
    kind, _sep, name = device.partition(" ")
    if kind == "button":
        return _("button {name}", name=name)
    if kind == "led":
        return _("LED {name}", name=name)
    if kind == "rfid":
        return _("rfid {name}", name=name)
    return device


# Every event a device posts (a sink takes one of these).
DeviceEvent = ButtonEvent | TagEvent | TagRemoved | DeviceStatus
TOPICS = {cls.topic: cls for cls in (ButtonEvent, TagEvent, TagRemoved, DeviceStatus)}

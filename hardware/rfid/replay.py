"""Decode a byte stream offline, on a virtual clock, exactly as the reader thread would.

The family's decoder, its tag confirmation and Presence run as in Reader._pump,
minus the port: bytes arrive at the family's baud rate (10 bits a byte, 8N1) in
chunks, and the clock moves with them. A PN532 is answered its configuration
commands and ACKed its polls at once, so it polls all the time and a target
response in the stream that follows the ACK cleanly counts as the answer. Used by the noise benchmark and the tests
(false tags per MB of adversarial noise) and handy for a line captured with
``spy://``.

    events = replay("rdm6300", stream)   # -> [TagEvent, TagRemoved, ...]
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..events import DeviceEvent
from . import pn532
from .families import Family, family
from .presence import Presence


class _Line:
    """The PN532's side of the line, as far as the replay needs it: every command
    is ACKed at once, as the chip does, and configuration commands are answered;
    the answers to polls are left to the stream (so the stream has every chance
    to pass for the chip's answer)."""

    def __init__(self) -> None:
        self.replies: list[bytes] = []

    def write(self, data: bytes) -> None:
        for item in pn532.FrameParser().feed(data):
            if item[0] == "frame" and item[2]:
                if item[2][0] == pn532.IN_LIST_PASSIVE_TARGET:
                    self.replies.append(pn532.ACK)
                else:
                    self.replies.append(pn532.ACK + pn532.response(bytes([item[2][0] + 1])))


def replay(protocol: str | Family, stream: bytes, *, chunk: int = 16, start: float = 0.0,
           gaps: Iterable[tuple[int, float]] = (), unseen: float = 0.5, poll: float = 0.1) -> list[DeviceEvent]:
    """The events the reader would post for stream. gaps: (offset, seconds) pairs, a
    silence of that many seconds on the line before the byte at offset."""
    fam = protocol if isinstance(protocol, Family) else family(protocol)
    byte_time = 10.0 / fam.baud
    now = start
    events: list[DeviceEvent] = []
    clock = lambda: now  # noqa: E731 - read by the decoder and Presence as the time
    presence = Presence("replay", unseen, events.append, clock, reads=fam.confirm_reads,
                        window=fam.confirm_window, continuous=fam.continuous)
    decoder: Any = fam.decoder(poll)
    if hasattr(decoder, "_clock"):
        decoder._clock = clock
    decoder.seen = presence.seen
    decoder.absent = presence.absent
    decoder.garbled = presence.garbled
    line = _Line()
    decoder.connection_made(line)
    presence.connected()
    pauses = dict(gaps)
    cuts = sorted({*range(0, len(stream), chunk), *pauses})
    for i, offset in enumerate(cuts):
        now += pauses.get(offset, 0.0)
        _tick(decoder, presence, line, now)
        end = cuts[i + 1] if i + 1 < len(cuts) else len(stream)
        data = stream[offset:end]
        now += len(data) * byte_time
        decoder.data_received(data)
        _tick(decoder, presence, line, now)
    now += 1.0  # the line falls quiet: whatever waits for quiet is decided
    _tick(decoder, presence, line, now)
    return events


def _tick(decoder: Any, presence: Presence, line: _Line, now: float) -> None:
    while line.replies:
        decoder.data_received(line.replies.pop(0))
    decoder.tick(now)
    presence.expire(now)
    while line.replies:
        decoder.data_received(line.replies.pop(0))

"""The protocol interface shared by the decoders (pyserial serial.threaded style)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Protocol:
    """Frames bytes into tag reads. The reader sets ``seen`` (called with a uid for
    every frame that names a tag), ``absent`` (called when the reader says no
    tag is there, PN532 only) and ``garbled`` (bytes that belong to no frame
    came between two frames: a confirmation in progress starts over). Decoders
    never raise on any input."""

    transport: Any = None

    def __init__(self) -> None:
        self.seen: Callable[[str], None] = lambda uid: None
        self.absent: Callable[[], None] = lambda: None
        self.garbled: Callable[[], None] = lambda: None  # bytes that belong to no frame were dropped

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        for uid in self.feed(data):
            if uid is None:
                self.absent()
            else:
                self.seen(uid)

    def feed(self, data: bytes) -> list[str | None]:
        """Pure framing: the uids (str) found in data so far, None for "no tag"."""
        raise NotImplementedError

    def tick(self, now: float) -> None:
        """Called by the reader thread at least every read timeout; readers that poll write here."""

    def due(self) -> float | None:
        """When (time.monotonic) tick() must run next for something pending, else None;
        the reader thread shortens its read timeout to meet it."""
        return None

    def connection_lost(self, exc: BaseException | None) -> None:
        self.transport = None

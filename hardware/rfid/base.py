"""The protocol interface shared by the decoders (pyserial serial.threaded style)."""
from __future__ import annotations


class Protocol:
    """Frames bytes into tag reads. The reader sets ``seen`` (called with a uid for
    every frame that names a tag) and ``absent`` (called when the reader says no
    tag is there, PN532 only). Decoders never raise on any input."""

    transport = None

    def __init__(self):
        self.seen = lambda uid: None
        self.absent = lambda: None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        for uid in self.feed(data):
            if uid is None:
                self.absent()
            else:
                self.seen(uid)

    def feed(self, data: bytes) -> list:
        """Pure framing: the uids (str) found in data so far, None for "no tag"."""
        raise NotImplementedError

    def tick(self, now: float) -> None:
        """Called by the reader thread at least every read timeout; readers that poll write here."""

    def connection_lost(self, exc) -> None:
        self.transport = None

"""Decoders for 125 kHz readers that send ASCII hex frames.

RDM6300:        STX, 10 ASCII hex (5 bytes), 2 ASCII hex checksum, ETX           (14 bytes)
ID-12LA/ID-20LA: STX, 10 ASCII hex (5 bytes), 2 ASCII hex checksum, CR, LF, ETX  (16 bytes)

The checksum is the XOR of the 5 data bytes. The RDM6300 repeats its frame
while a tag stays in the field; the ID-12LA sends it once per presentation
(Presence in presence.py turns both into one TagEvent per presentation).

An XOR checksum lets some two-bit errors through (flip the same bit in two data
bytes). On the RDM6300 the repetition catches them (two identical frames are
needed, presence.py). The ID-12LA sends once, so its decoder is stricter:
upper-case hex digits only (its datasheet's only output; a flipped 0x20 bit
turns 'A' into 'a') and a quiet line: a frame counts only if nothing arrived
for ``QUIET`` seconds before its STX and nothing arrives for ``QUIET`` seconds
after its ETX. The reader sends nothing but its frames, so bytes right before
or after one mean the line is noisy and that frame is not trusted.

Resynchronisation: a candidate frame starts at each STX; as soon as a byte
cannot belong to a frame (or the checksum is wrong) only that STX is dropped
and the search goes on from the next byte, so a good frame right after noise,
or inside a broken one, is still found.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

from .base import Protocol

STX, ETX, CR, LF = 0x02, 0x03, 0x0D, 0x0A
HEX = frozenset(b"0123456789ABCDEFabcdef")
UPPER_HEX = frozenset(b"0123456789ABCDEF")
MAX_BUFFER = 64


def checksum(data: bytes) -> int:
    c = 0
    for b in data:
        c ^= b
    return c


def encode(uid: str, trailer: bytes = b"") -> bytes:
    """The frame a reader sends for a 5-byte uid ("62E3086CED"); trailer b"\\r\\n" for ID-12LA."""
    data = bytes.fromhex(uid)
    if len(data) != 5:
        raise ValueError(f"A 125 kHz tag id is 10 hex digits, not {uid!r}.")
    return bytes([STX]) + data.hex().upper().encode() + b"%02X" % checksum(data) + trailer + bytes([ETX])


class _AsciiHex(Protocol):
    TRAILER = b""
    DIGITS = HEX

    def __init__(self) -> None:
        super().__init__()
        self._buf = bytearray()
        self._base = 0  # stream offset of self._buf[0] (bytes received before it)
        self._junk = False  # bytes were dropped since the last frame
        self._size = 1 + 12 + len(self.TRAILER) + 1

    def _plausible(self, i: int, b: int) -> bool:
        """Can byte b sit at offset i (1..size-1) of a frame?"""
        if i <= 12:
            return b in self.DIGITS
        if i < self._size - 1:
            return b == self.TRAILER[i - 13]
        return b == ETX

    def _drop(self, n: int) -> None:
        if n > 0:
            del self._buf[:n]
            self._base += n
            self._junk = True

    def _scan(self, data: bytes) -> list[tuple[str | None, int, int]]:
        """What data completes, in order: (uid, stream offset of STX, offset after ETX)
        for a frame, (None, 0, 0) where bytes that belong to no frame were dropped."""
        buf = self._buf
        buf += data
        found: list[tuple[str | None, int, int]] = []
        self._junk = False
        while True:
            start = buf.find(STX)
            if start < 0:
                self._drop(len(buf))
                break
            self._drop(start)
            bad = next((i for i in range(1, min(len(buf), self._size)) if not self._plausible(i, buf[i])), None)
            if bad is not None:
                self._drop(1)  # drop this STX only; the next one may start a good frame
                continue
            if len(buf) < self._size:
                break  # a good start so far: wait for more bytes
            value = bytes.fromhex(bytes(buf[1:13]).decode("ascii"))
            if checksum(value[:5]) == value[5]:
                if self._junk:
                    found.append((None, 0, 0))
                    self._junk = False
                found.append((value[:5].hex().upper(), self._base, self._base + self._size))
                del buf[: self._size]
                self._base += self._size
            else:
                self._drop(1)
        if len(buf) > MAX_BUFFER:  # cannot happen with a plausible prefix, kept as a guard
            self._drop(len(buf) - MAX_BUFFER)
        if self._junk:
            found.append((None, 0, 0))
        return found

    def feed(self, data: bytes) -> list[str | None]:
        return [uid for uid, _, _ in self._scan(data) if uid is not None]

    def data_received(self, data: bytes) -> None:
        for uid, _, _ in self._scan(data):
            if uid is None:
                self.garbled()
            else:
                self.seen(uid)


class RDM6300(_AsciiHex):
    """RDM6300 (and clones): 9600 baud, 8N1, frame repeated while the tag stays.

    Bytes that belong to no frame are reported (``garbled``): the confirmation
    needs two identical frames with nothing broken between them."""

    TRAILER = b""
    DIGITS = UPPER_HEX


class ID12(_AsciiHex):
    """ID-12LA / ID-20LA in ASCII mode: 9600 baud, 8N1, one frame per presentation.

    ``feed`` frames (upper-case digits only); ``data_received`` also asks for a
    quiet line around the frame (module docstring), so a frame is passed on
    ``QUIET`` seconds after its last byte, from ``tick``."""

    TRAILER = b"\r\n"
    DIGITS = UPPER_HEX
    QUIET = 0.02  # seconds: about 19 byte times at 9600 baud

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._clock = clock
        self._total = 0  # bytes received on this connection
        self._chunks: deque[tuple[int, float]] = deque(maxlen=64)  # (offset of first byte, arrival time)
        self._pending: tuple[str, float] | None = None  # a frame waiting for its quiet time after

    def _arrival(self, offset: int) -> float:
        for first, t in reversed(self._chunks):
            if first <= offset:
                return t
        return float("-inf")  # long ago

    def data_received(self, data: bytes, now: float | None = None) -> None:
        if not data:
            return
        now = self._clock() if now is None else now
        self._flush(now)  # a frame whose quiet time passed before these bytes came stands
        self._pending = None  # bytes right after a frame: the line is noisy, it is not trusted
        self._chunks.append((self._total, now))
        self._total += len(data)
        for uid, start, end in self._scan(data):
            if uid is None:
                continue  # noise is judged by the quiet time around each frame
            quiet_before = start == 0 or self._arrival(start) - self._arrival(start - 1) >= self.QUIET
            self._pending = (uid, now) if quiet_before and end == self._total else None

    def tick(self, now: float) -> None:
        self._flush(now)

    def due(self) -> float | None:
        return None if self._pending is None else self._pending[1] + self.QUIET

    def _flush(self, now: float) -> None:
        if self._pending is not None and now - self._pending[1] >= self.QUIET:
            uid, self._pending = self._pending[0], None
            self.seen(uid)

    def connection_lost(self, exc: Any) -> None:
        self._pending = None
        super().connection_lost(exc)

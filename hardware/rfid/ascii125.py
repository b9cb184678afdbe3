"""Decoders for 125 kHz readers that send ASCII hex frames.

RDM6300:        STX, 10 ASCII hex (5 bytes), 2 ASCII hex checksum, ETX           (14 bytes)
ID-12LA/ID-20LA: STX, 10 ASCII hex (5 bytes), 2 ASCII hex checksum, CR, LF, ETX  (16 bytes)

The checksum is the XOR of the 5 data bytes. The RDM6300 repeats its frame
while a tag stays in the field; the ID-12LA sends it once per presentation
(Presence in presence.py turns both into one TagEvent per presentation).

Resynchronisation: a candidate frame starts at each STX; as soon as a byte
cannot belong to a frame (or the checksum is wrong) only that STX is dropped
and the search goes on from the next byte, so a good frame right after noise,
or inside a broken one, is still found.
"""
from __future__ import annotations

from .base import Protocol

STX, ETX, CR, LF = 0x02, 0x03, 0x0D, 0x0A
HEX = frozenset(b"0123456789ABCDEFabcdef")
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

    def __init__(self):
        super().__init__()
        self._buf = bytearray()
        self._size = 1 + 12 + len(self.TRAILER) + 1

    def _plausible(self, i: int, b: int) -> bool:
        """Can byte b sit at offset i (1..size-1) of a frame?"""
        if i <= 12:
            return b in HEX
        if i < self._size - 1:
            return b == self.TRAILER[i - 13]
        return b == ETX

    def feed(self, data: bytes) -> list:
        buf = self._buf
        buf += data
        found = []
        while True:
            start = buf.find(STX)
            if start < 0:
                buf.clear()
                break
            del buf[:start]
            bad = next((i for i in range(1, min(len(buf), self._size)) if not self._plausible(i, buf[i])), None)
            if bad is not None:
                del buf[:1]  # drop this STX only; the next one may start a good frame
                continue
            if len(buf) < self._size:
                break  # a good start so far: wait for more bytes
            digits = bytes(buf[1:13])
            value = bytes.fromhex(digits.decode("ascii"))
            if checksum(value[:5]) == value[5]:
                found.append(value[:5].hex().upper())
                del buf[: self._size]
            else:
                del buf[:1]
        if len(buf) > MAX_BUFFER:  # cannot happen with a plausible prefix, kept as a guard
            del buf[:-MAX_BUFFER]
        return found


class RDM6300(_AsciiHex):
    """RDM6300 (and clones): 9600 baud, 8N1, frame repeated while the tag stays."""

    TRAILER = b""


class ID12(_AsciiHex):
    """ID-12LA / ID-20LA in ASCII mode: 9600 baud, 8N1, one frame per presentation."""

    TRAILER = b"\r\n"

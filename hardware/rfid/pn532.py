"""PN532 (13.56 MHz NFC) over HSU, the module's UART mode (115200 baud, 8N1).

Frames (PN532 user manual, section 6.2):

    information  00 00 FF LEN LCS TFI PD0..PDn DCS 00
                 LEN counts TFI and data; LEN + LCS = 0 (mod 256);
                 TFI + PD0 + ... + PDn + DCS = 0 (mod 256);
                 TFI is D4 host -> PN532 and D5 PN532 -> host
    extended     00 00 FF FF FF LENM LENL LCS TFI ... DCS 00   (LENM + LENL + LCS = 0)
    ACK          00 00 FF 00 FF 00
    NACK         00 00 FF FF 00 00
    error        00 00 FF 01 FF 7F 81 00

The reader side (this protocol) wakes the chip (0x55 0x55 and zeros: HSU
wake-up), sends SAMConfiguration (normal mode), RFConfiguration MaxRetries
(so an empty field answers "no target" instead of waiting forever) and then
polls with InListPassiveTarget (one target, 106 kbps type A) every ``poll``
seconds. Every command is first ACKed, then answered with command code + 1.
A response with NbTg = 0 means the tag left. No answer within ``timeout``
seconds starts again from the wake-up (the chip was reset or replugged).

Confirmed tags, as the other readers confirm theirs over several frames:
``data_received`` passes on only a target response that answers the poll this
side sent, as the chip answers it: the chip's ACK of that poll, then the
response, with nothing but the frames' 00 pre- and postambles between. Any byte
that belongs to no frame (noise), and any target response that answers nothing,
is reported as ``garbled``, so a confirmation in progress starts over, and the
poll it fell into is asked again at once. A new uid counts after
``confirm_reads`` such answers in a row (families.py, Presence); the polls that
confirm it are sent at once, not after the poll interval. Before, the answers
only had to come while a poll was outstanding, and a line carrying one wrong
tag's frames with random checksums (one in 256 passes) gave ~26 false tags per
MB: the passing frames answered three polls in a row (tests/bench/bench_hardware.py,
noise kinds start_codes and near_valid).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .base import Protocol

ACK = bytes([0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
NACK = bytes([0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00])
WAKEUP = bytes([0x55, 0x55]) + bytes(14)
HOST, CHIP = 0xD4, 0xD5

GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
RF_CONFIGURATION = 0x32
IN_LIST_PASSIVE_TARGET = 0x4A

SAM_NORMAL = bytes([SAM_CONFIGURATION, 0x01, 0x14, 0x01])  # normal mode, 1 s virtual-card timeout, use IRQ
MAX_RETRIES = bytes([RF_CONFIGURATION, 0x05, 0xFF, 0x01, 0x02])  # MxRtyATR, MxRtyPSL, MxRtyPassiveActivation
POLL_TYPE_A = bytes([IN_LIST_PASSIVE_TARGET, 0x01, 0x00])  # MaxTg 1, 106 kbps type A
MAX_BUFFER = 600
CONFIRM_READS = 3  # answers naming a new uid in a row before it counts (families.py)


def frame(tfi: int, data: bytes) -> bytes:
    """An information frame (extended when longer than 254 bytes)."""
    body = bytes([tfi]) + bytes(data)
    dcs = (-sum(body)) & 0xFF
    n = len(body)
    if n <= 254:
        head = bytes([0x00, 0x00, 0xFF, n, (-n) & 0xFF])
    else:
        hi, lo = n >> 8, n & 0xFF
        head = bytes([0x00, 0x00, 0xFF, 0xFF, 0xFF, hi, lo, (-(hi + lo)) & 0xFF])
    return head + body + bytes([dcs, 0x00])


def command(data: bytes) -> bytes:
    return frame(HOST, data)


def response(data: bytes) -> bytes:
    return frame(CHIP, data)


def target_response(uid: bytes | None) -> bytes:
    """The chip's answer to InListPassiveTarget: one ISO 14443-A target, or none."""
    if uid is None:
        return response(bytes([IN_LIST_PASSIVE_TARGET + 1, 0x00]))
    # SENS_RES/SEL_RES of a MIFARE Classic 1K (4-byte uid) or an NTAG21x sticker (7-byte uid)
    sens, sel = (b"\x00\x04", 0x08) if len(uid) == 4 else (b"\x00\x44", 0x00)
    return response(bytes([IN_LIST_PASSIVE_TARGET + 1, 0x01, 0x01]) + sens + bytes([sel, len(uid)]) + uid)


TFIS = (HOST, CHIP, 0x7F)  # 0x7F: the chip's "syntax error" frame
NOISE = ("noise",)


class FrameParser:
    """Finds ACK, NACK and checksum-valid information frames in a byte stream.

    ``feed`` returns a list of ("ack",), ("nack",), ("frame", tfi, data) and, where
    bytes that belong to no frame were dropped, ("noise",) in its place in the
    stream (the 00 pre- and postambles around frames are not noise). A start
    code with a bad length or data checksum is skipped one byte at a time, so a
    good frame inside noise is still found; an unfinished candidate that a complete
    good frame further on overlaps is noise too (real frames never overlap), so a
    false length in noise cannot hold back the frames after it. Never raises.
    """

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[tuple[Any, ...]]:
        buf = self._buf
        buf += data
        out: list[tuple[Any, ...]] = []

        def drop(n: int) -> None:
            if buf[:n].strip(b"\x00") and (not out or out[-1] != NOISE):
                out.append(NOISE)
            del buf[:n]

        while True:
            i = buf.find(b"\x00\xff")
            if i < 0:
                drop(max(0, len(buf) - 1))  # a trailing 00 may start the next start code
                break
            drop(i)
            status, size, item = _parse_at(buf, 0)
            if status == "ok" and item is not None:
                out.append(item)
                del buf[:size]
            elif status == "bad" or self._good_frame_after(buf) or len(buf) > MAX_BUFFER:
                drop(1)
                if buf[:1] == b"\xff":
                    drop(1)  # the FF of a start code that led nowhere: noise, even after a 00
            else:
                break  # a good start so far: wait for more bytes
        return out

    @staticmethod
    def _good_frame_after(buf: bytearray) -> bool:
        j = buf.find(b"\x00\xff", 1)
        while j >= 0:
            if _parse_at(buf, j)[0] == "ok":
                return True
            j = buf.find(b"\x00\xff", j + 1)
        return False


def _parse_at(buf: bytearray, i: int) -> tuple[str, int, tuple[Any, ...] | None]:
    """("ok", size, item), ("bad", 0, None) or ("short", 0, None) for a start code at buf[i]."""
    if len(buf) < i + 4:
        return "short", 0, None
    length, lcs = buf[i + 2], buf[i + 3]
    if length == 0x00 and lcs == 0xFF:
        return "ok", 4, ("ack",)
    if length == 0xFF and lcs == 0x00:
        return "ok", 4, ("nack",)
    if length == 0xFF and lcs == 0xFF:  # extended frame
        if len(buf) < i + 7:
            return "short", 0, None
        hi, lo, xcs = buf[i + 4], buf[i + 5], buf[i + 6]
        if (hi + lo + xcs) & 0xFF or (hi << 8 | lo) == 0:
            return "bad", 0, None
        start, length = 7, hi << 8 | lo
    elif (length + lcs) & 0xFF == 0 and length > 0:
        start = 4
    else:
        return "bad", 0, None
    if len(buf) > i + start and buf[i + start] not in TFIS:
        return "bad", 0, None
    if len(buf) < i + start + length + 1:
        return "short", 0, None
    body = bytes(buf[i + start:i + start + length])
    if (sum(body) + buf[i + start + length]) & 0xFF:
        return "bad", 0, None
    return "ok", start + length + 1, ("frame", body[0], body[1:])


def parse_targets(data: bytes) -> list[str] | None:
    """The uids in an InListPassiveTarget response body (after TFI), [] for no target,
    None when the body is not such a response or is malformed."""
    if len(data) < 2 or data[0] != IN_LIST_PASSIVE_TARGET + 1:
        return None
    if data[1] == 0:
        return []
    # Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1 ... (we poll for one target only)
    rest = data[2:]
    if len(rest) < 5:
        return None
    n = rest[4]
    if n not in (4, 7, 10) or len(rest) < 5 + n:
        return None
    return [rest[5:5 + n].hex().upper()]


class PN532(Protocol):
    """Reader side of a PN532 in HSU mode: sends the commands, frames the answers."""

    def __init__(self, poll: float = 0.1, timeout: float = 1.0, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.poll = poll
        self.timeout = timeout
        self._clock = clock
        self._parser = FrameParser()
        self._step: int | None = None  # the command we wait an answer for
        self._deadline = 0.0
        self._next_poll = 0.0
        self._last_answer: str | None = None  # the uid the last answered poll named
        self._acked = False  # the chip ACKed the poll outstanding, and nothing but frames came since
        self._confirming = 0  # answers naming _last_answer in a row since it was new
        self.confirm_reads = CONFIRM_READS  # answers that confirm a new uid: its polls follow at once

    # --- framing (pure) -----------------------------------------------------
    def feed(self, data: bytes) -> list[str | None]:
        """The uids of every target response framed (None: no target), asked for or not."""
        return [uid for kind, uid, _ in self._answers(data) if kind == "target"]

    def data_received(self, data: bytes) -> None:
        """Only the chip's own answers to our poll count; noise breaks a confirmation
        (module docstring)."""
        for _, uid, asked in self._answers(data):
            if not asked:
                self.garbled()
            elif uid is None:
                self.absent()
            else:
                self.seen(uid)

    def _answers(self, data: bytes) -> list[tuple[str, str | None, bool]]:
        """("target", uid or None, answers our poll) for each target response and
        ("noise", None, False) for noise, in the order they came."""
        found: list[tuple[str, str | None, bool]] = []
        for item in self._parser.feed(data):
            polling = self._step == IN_LIST_PASSIVE_TARGET
            if item == NOISE:
                found.append(("noise", None, False))
                if polling and self._acked:
                    self._ask_again()  # the answer to this poll may be what the noise hid
            elif item[0] == "ack":
                self._acked = self._step is not None
            elif item[0] == "frame" and item[1] == CHIP:
                uids = parse_targets(item[2])
                uid = uids[0] if uids else None
                if uids is not None:
                    asked = polling and self._acked
                    found.append(("target", uid, asked))
                    if polling and not asked:
                        self._ask_again()
                        continue
                self._answered(item[2][:1], uid)
            elif item[0] == "nack":
                self._step = None  # resend at the next tick
        return found

    def _ask_again(self) -> None:
        """Poll again at once: the answer outstanding cannot be trusted."""
        self._step = None
        self._acked = False
        self._next_poll = self._clock()

    # --- the command sequence -----------------------------------------------
    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._last_answer = None
        self._send(WAKEUP + command(SAM_NORMAL), SAM_CONFIGURATION)

    def tick(self, now: float) -> None:
        if self.transport is None:
            return
        if self._step is None and now >= self._next_poll:
            self._send(command(POLL_TYPE_A), IN_LIST_PASSIVE_TARGET)
        elif self._step is not None and now >= self._deadline:
            self._send(WAKEUP + command(SAM_NORMAL), SAM_CONFIGURATION)

    def due(self) -> float | None:
        return self._next_poll if self._step is None else self._deadline

    def _send(self, data: bytes, step: int) -> None:
        self._step = step
        self._acked = False
        self._deadline = self._clock() + self.timeout
        if self.transport is not None:
            self.transport.write(data)

    def _answered(self, code: bytes, uid: str | None) -> None:
        if not code or self._step is None or code[0] != self._step + 1:
            return
        if self._step == SAM_CONFIGURATION:
            self._send(command(MAX_RETRIES), RF_CONFIGURATION)
            return
        self._step = None
        self._acked = False
        wait = 0.0
        if code[0] == IN_LIST_PASSIVE_TARGET + 1:
            # a uid the last poll did not name is confirmed by the next polls at once
            self._confirming = self._confirming + 1 if uid is not None and uid == self._last_answer else 1
            wait = 0.0 if uid is not None and self._confirming < self.confirm_reads else self.poll
            self._last_answer = uid
        self._next_poll = self._clock() + wait

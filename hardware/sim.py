"""Simulated twins of the buttons and RFID readers, shipped in the package.

They speak the hardware's language, so everything above them is the real code:

* ``SimPin`` / ``SimFactory``: gpiozero's MockFactory with a replaceable clock,
  and each pin's ``states`` history bounded to the last ``PIN_HISTORY`` changes
  (gpiozero's MockPin keeps every change forever: a blinking LED in the
  hardware-free app grew it by two entries a second, for as long as it ran).
* ``SimButton`` drives a gpiozero MockFactory pin as a contact would:
  ``press()`` closes the contact, ``release()`` opens it, ``tap()`` and
  ``hold()`` do both with a short / long time between, ``bounce()`` chatters.
* ``SimReader`` writes the byte stream of a real RDM6300, ID-12LA or PN532 into a
  pseudo-terminal that the real Reader opens by path through pyserial:
  ``present(uid)``, ``remove()``, ``noise(n)``, ``unplug()``, ``replug()``.
  The path is a symlink in a temp directory (like the udev /dev/rfid link):
  unplug closes the pty and removes the link, replug makes a new pty and points
  the link at it. The PN532 twin reads the reader's commands and answers as the
  chip does (ACK, then the response frame). What a family sends comes from its
  record in hardware/rfid/families.py.

Example::

    sim = SimReader("rdm6300")
    reader = Reader(ReaderConfig(port=sim.path), events.put).start()
    sim.present("62E3086CED")     # -> TagEvent("62E3086CED", "reader")
"""
from __future__ import annotations

import collections
import os
import random
import select
import shutil
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin, PinState

from .config import ButtonConfig
from .rfid import pn532
from .rfid.families import Family, family

PIN_HISTORY = 256  # changes kept per simulated pin (gpiozero's assert_states reads the first ones in tests)


class SimPin(MockPin):  # type: ignore[misc]  # gpiozero has no type hints
    """A MockPin whose edge timestamps come from the factory's clock (tests use a
    manual clock to control the timing of edge bursts exactly) and whose
    ``states`` history keeps only the last PIN_HISTORY changes."""

    def clear_states(self) -> None:
        super().clear_states()
        self.states: collections.deque[PinState] = collections.deque(self.states, maxlen=PIN_HISTORY)

    def _change_state(self, value: bool) -> bool:
        if self._state != value:
            t: float = self._factory.ticks()
            self._state: bool = value
            self.states.append(PinState(t - self._last_change, value))
            self._last_change: float = t
            return True
        return False


class SimFactory(MockFactory):  # type: ignore[misc]  # gpiozero has no type hints
    """MockFactory with SimPins and a replaceable clock (``clock()`` and ``sleep(s)``)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__(pin_class=SimPin)
        self.clock = clock
        self.sleep = sleep

    def ticks(self) -> float:
        return self.clock()

    @staticmethod
    def ticks_diff(later: float, earlier: float) -> float:
        return later - earlier


class SimButton:
    """The contact of one simulated button (see the module docstring)."""

    def __init__(self, name: str, pin: Any, config: ButtonConfig, factory: SimFactory):
        self.name = name
        self.pin = pin
        self.config = config
        self._factory = factory

    @property
    def closed(self) -> bool:
        return bool(self.pin.state == (not self.config.pull_up))

    def _set(self, closed: bool) -> None:
        if closed == (not self.config.pull_up):
            self.pin.drive_high()
        else:
            self.pin.drive_low()

    def press(self) -> None:
        """Close the contact (the player pushes the button down)."""
        self._set(True)

    def release(self) -> None:
        """Open the contact (the player lets go)."""
        self._set(False)

    def tap(self) -> threading.Timer:
        """Push and let go after a short moment: a ``press`` and a ``release`` event."""
        self.press()
        return self._later(max(2 * self.config.debounce, 0.05), self.release)

    def hold(self, seconds: float | None = None) -> threading.Timer:
        """Push and keep it down past the hold time (or ``seconds``), then let go:
        a ``hold`` event, then a ``release``. Returns at once."""
        self.press()
        return self._later(self.config.hold_time + 0.2 if seconds is None else seconds, self.release)

    def bounce(self, edges: int = 7, gap: float = 0.0005) -> None:
        """Chatter: ``edges`` changes ``gap`` seconds apart, ending in the other state
        (an odd count: a bouncing press if it was open, a bouncing release if closed)."""
        closed = self.closed
        for i in range(edges):
            closed = not closed
            self._set(closed)
            if i < edges - 1:
                self._factory.sleep(gap)

    @staticmethod
    def _later(seconds: float, fn: Callable[[], object]) -> threading.Timer:
        t = threading.Timer(seconds, fn)
        t.daemon = True
        t.start()
        return t


class SimReader:
    """A simulated RFID reader behind a pseudo-terminal at ``path``."""

    def __init__(self, protocol: str = "rdm6300", name: str = "rfid", repeat: float = 0.05):
        try:
            self.family: Family = family(protocol)
        except KeyError as e:
            raise ValueError(f"There is no simulated reader for {protocol!r}: {e.args[0]}") from None
        self.protocol = self.family.name
        self.repeat = repeat  # rdm6300: seconds between repeated frames (33 ms to read a tag, 15 to send)
        self._dir = tempfile.mkdtemp(prefix="maya-rfid-")
        self.path = os.path.join(self._dir, name)
        self.tag: bytes | None = None
        self._reads = 0  # frames sent / polls answered naming the current tag
        self._leaving = False  # remove() came before the tag was read often enough to be confirmed
        self.commands: collections.deque[int] = collections.deque(maxlen=64)  # pn532: the last command codes
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self._stop = threading.Event()
        self._presented = threading.Event()  # present() was called: the repeat beat starts again
        self._thread: threading.Thread | None = None
        self.replug()

    # --- plugging -----------------------------------------------------------
    @property
    def plugged(self) -> bool:
        return self._master is not None

    def replug(self) -> None:
        """Plug the reader (back) in: a new pty, the symlink pointed at it."""
        if self.plugged:
            return
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line discipline: bytes pass as they are, before pyserial opens it
        tmp = self.path + ".new"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.path)  # atomic: the reader never sees a half-made link
        self._master, self._slave = master, slave
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"sim-{self.protocol}", daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        """Pull the reader out: the pty closes (the reader's reads fail) and the link goes."""
        if not self.plugged:
            return
        self._stop.set()
        self._presented.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2)
        with self._lock:
            master, slave, self._master, self._slave = self._master, self._slave, None, None
        for fd in (master, slave):
            if fd is None:
                continue
            try:
                os.close(fd)
            except OSError:
                pass
        if os.path.lexists(self.path):
            os.unlink(self.path)

    def close(self) -> None:
        self.unplug()
        shutil.rmtree(self._dir, ignore_errors=True)

    # --- what a player does -------------------------------------------------
    def present(self, uid: str) -> None:
        """Put a tag on the reader (uid in hex: 10 digits for 125 kHz, 8 or 14 for NFC)."""
        data = _uid_bytes(uid, self.family)
        with self._lock:
            self.tag = data
            self._reads = 1 if not self.family.polls else 0  # present() sends the first frame itself
            self._leaving = False
        if not self.family.polls:
            self.write(self.frame(data))  # at once; a repeating reader repeats from its thread
            self._presented.set()

    @property
    def tap_reads(self) -> int:
        """How many reads a quick tap lasts: twice what the reader needs to confirm a
        tag (six RDM6300 frames, about 0.3 s, as a hand's tap lasts a few tenths of a
        second). Twice, so a reader thread held up past the confirmation window by
        a busy machine still sees a full run of reads after the hold-up."""
        return 2 * self.family.confirm_reads

    def remove(self) -> None:
        """Take the tag away. A tag not yet read ``tap_reads`` times stays until it has
        been, so present() then remove() at once is a quick tap, not a tap too fast
        to read."""
        with self._lock:
            if self.tag is not None and self.family.continuous and self._reads < self.tap_reads:
                self._leaving = True
            else:
                self.tag = None

    def _read(self) -> bytes | None:
        """The tag the reader reads now (lock held); a leaving tag goes once confirmed."""
        tag = self.tag
        if tag is not None:
            self._reads += 1
            if self._leaving and self._reads >= self.tap_reads:
                self.tag, self._leaving = None, False
        return tag

    def noise(self, n: int = 16, rng: random.Random | None = None) -> bytes:
        """Write n random bytes (a noisy line); returns them."""
        data = bytes((rng or random).getrandbits(8) for _ in range(n))
        self.write(data)
        return data

    def frame(self, data: bytes) -> bytes:
        """The frame this reader family sends for a tag."""
        return self.family.encode(data)

    def write(self, data: bytes) -> None:
        """Raw bytes onto the line, as the reader's UART would send them."""
        with self._lock:
            if self._master is None:
                return  # unplugged: nobody hears it
            os.write(self._master, data)

    # --- the twin's own thread ----------------------------------------------
    def _run(self) -> None:
        if self.family.polls:
            self._answer_commands()
        elif self.family.continuous:
            while not self._stop.is_set():
                # the reader starts its repeats when a tag enters: present() restarts the beat
                if self._presented.wait(self.repeat):
                    self._presented.clear()
                    continue
                with self._lock:
                    tag = self._read()
                if tag is not None:
                    self.write(self.frame(tag))
        else:
            self._stop.wait()  # the ID-12LA sends once per presentation only

    def _answer_commands(self) -> None:
        parser = pn532.FrameParser()
        master = self._master
        if master is None:
            return
        while not self._stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.1)
            if not ready:
                continue
            try:
                data = os.read(master, 1024)
            except OSError:
                return  # the reader side closed; wait for unplug()
            for item in parser.feed(data):
                if item[0] == "frame" and item[1] == pn532.HOST and item[2]:
                    self.commands.append(item[2][0])
                    self.write(pn532.ACK + self._respond(item[2]))

    def _respond(self, cmd: bytes) -> bytes:
        code = cmd[0]
        if code == pn532.IN_LIST_PASSIVE_TARGET:
            with self._lock:
                tag = self._read()
            return pn532.target_response(tag)
        if code == pn532.GET_FIRMWARE_VERSION:
            return pn532.response(bytes([code + 1, 0x32, 0x01, 0x06, 0x07]))
        return pn532.response(bytes([code + 1]))


def _uid_bytes(uid: str, fam: Family) -> bytes:
    try:
        data = bytes.fromhex(uid)
    except ValueError:
        data = b""
    if len(data) not in fam.uid_sizes:
        digits = " or ".join(str(2 * n) for n in fam.uid_sizes)
        raise ValueError(f"A {fam.name} tag id is {digits} hex digits, not {uid!r}.")
    return data


# --- adversarial line noise (tests, benchmarks, the soak) --------------------
NOISE_KINDS = ("random", "hex", "almost", "flipped", "start_codes", "near_valid")


def noise_stream(kind: str, protocol: str, size: int, rng: random.Random, uid: str | None = None) -> bytes:
    """size bytes of one kind of noise a reader's line might carry, made to fool its decoder:

    * ``random``: uniform random bytes;
    * ``hex``: bytes a frame is made of (hex digits with STX, ETX, CR, LF for the
      125 kHz readers; 00 00 FF start codes, D5 4B and lengths for the PN532);
    * ``almost``: back-to-back frames of random tags whose checksum byte is random
      (one in 256 passes);
    * ``flipped``: back-to-back frames of one real tag (``uid``, default the
      family's sample) with two random bits flipped in each;
    * ``start_codes``: the line thick with frame starts (``00 00 FF`` and a
      length, or STX and hex digits) cut off after a few bytes, and between
      them one wrong tag's frame with one or two bytes changed;
    * ``near_valid``: back-to-back frames of one wrong tag (the same uid each
      time), each with a random checksum: one in 256 passes, always naming that
      tag, so only a confirmation that noise interrupts can refuse it.
    """
    fam = family(protocol)
    out = bytearray()
    if kind == "random":
        return rng.randbytes(size)
    if kind == "hex":
        if fam.polls:
            alphabet = b"\x00\x00\x00\xff\xff\xd5\x4b\x01\x01\x04\x07\x08\x44" + bytes(range(0x0A, 0x14))
        else:
            alphabet = b"0123456789ABCDEFabcdef0123456789ABCDEF" + b"\x02\x02\x03\x03\r\n"
        return bytes(rng.choice(alphabet) for _ in range(size))
    real = bytes.fromhex(uid or fam.sample_uid)
    good = fam.encode(real)
    wrong = fam.encode(rng.randbytes(len(real)))  # one tag that is not there
    while len(out) < size:
        if kind == "start_codes":
            if rng.random() < 0.5:
                frame = bytearray(wrong)
                for _ in range(rng.randint(1, 2)):
                    frame[rng.randrange(len(frame))] ^= rng.randint(1, 255)  # a byte changed
            elif fam.polls:
                n = rng.randint(1, 30)
                frame = bytearray(b"\x00\x00\xff" + bytes([n, -n & 0xFF, pn532.CHIP, pn532.IN_LIST_PASSIVE_TARGET + 1])
                                  + rng.randbytes(rng.randint(0, 6)))
            else:
                frame = bytearray(b"\x02" + bytes(rng.choice(b"0123456789ABCDEF") for _ in range(rng.randint(0, 12))))
        elif kind == "near_valid":
            frame = bytearray(wrong)
            if fam.polls:
                frame[-2] = rng.getrandbits(8)  # the data checksum (DCS)
            else:
                frame[11:13] = b"%02X" % rng.getrandbits(8)  # the two checksum digits
        elif kind == "almost":
            n = rng.choice(fam.uid_sizes)
            frame = bytearray(fam.encode(rng.randbytes(n)))
            if fam.polls:
                frame[-2] = rng.getrandbits(8)  # the data checksum (DCS)
            else:
                frame[11:13] = b"%02X" % rng.getrandbits(8)  # the two checksum digits
        elif kind == "flipped":
            frame = bytearray(good)
            for bit in rng.sample(range(len(frame) * 8), 2):
                frame[bit // 8] ^= 1 << (bit % 8)
        else:
            raise ValueError(f"There is no noise kind {kind!r}; the kinds are: {', '.join(NOISE_KINDS)}.")
        out += frame
    return bytes(out[:size])

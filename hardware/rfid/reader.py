"""The reader thread: opens the port by URL, reads with a timeout, reconnects.

It only does I/O (as pyserial's serial.threaded.ReaderThread): bytes go to the
protocol (decoders in this package), which frames them and calls Presence.
When the port cannot be opened or fails (a USB adapter pulled out), the thread
posts DeviceStatus(disconnected), then tries again after a back-off that starts
at ``reconnect_min`` and doubles up to ``reconnect_max`` seconds, posting
DeviceStatus(reconnecting) for each try and DeviceStatus(connected) when the
port is back. Reads block in select() with a timeout, so nothing busy-loops.
"""
from __future__ import annotations

import logging
import threading
import time

import serial

from ..config import ReaderConfig
from ..events import CONNECTED, DISCONNECTED, RECONNECTING, DeviceStatus
from . import make_protocol
from .presence import Presence

log = logging.getLogger(__name__)
READ_TIMEOUT = 0.1  # seconds; also how often unseen tags and PN532 polls are checked
STABLE = 1.0  # a connection that lasted this long resets the back-off


class Reader:
    """One RFID reader. ``start()`` runs it on a daemon thread; ``close()`` stops it."""

    def __init__(self, config: ReaderConfig, sink):
        self.config = config
        self.name = config.name
        self._sink = sink
        self.presence = Presence(config.name, config.unseen, sink)
        self.status = DISCONNECTED
        self.detail = "not started"
        self._stop = threading.Event()
        self._serial = None
        self._thread = threading.Thread(target=self.run, name=f"rfid-{config.name}", daemon=True)

    @property
    def device(self) -> str:
        return f"rfid {self.name}"

    def start(self) -> "Reader":
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        ser = self._serial
        if ser is not None:
            try:
                ser.cancel_read()  # wakes a blocked read at once (posix)
            except Exception:
                pass
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(2)

    def _post(self, status: str, detail: str) -> None:
        self.status, self.detail = status, detail
        self._sink(DeviceStatus(self.device, status, detail))

    def run(self) -> None:
        delay = self.config.reconnect_min
        tries = 0
        while not self._stop.is_set():
            try:
                # exclusive: a second program on the same port (the app and `devices` at once)
                # would each get half the bytes; this way the second one is told.
                ser = serial.serial_for_url(self.config.port, baudrate=self.config.baud,
                                            timeout=READ_TIMEOUT, exclusive=True)
            except (serial.SerialException, OSError, ValueError) as e:
                if self.status != RECONNECTING:
                    self._post(DISCONNECTED, f"RFID reader {self.name!r} is not connected at {self.config.port} "
                                             f"({_reason(e)}); retrying in {delay:g} s.")
                delay, tries = self._back_off(delay, tries)
                continue
            tries = 0
            self._serial = ser
            self._post(CONNECTED, f"RFID reader {self.name!r} ({self.config.protocol}) is connected at {self.config.port}.")
            since = time.monotonic()
            error = self._pump(ser)
            self._serial = None
            try:
                ser.close()
            except Exception:
                pass
            if self._stop.is_set():
                break
            self.presence.absent()  # what lies on a reader we lost is unknown
            if time.monotonic() - since >= STABLE:
                delay = self.config.reconnect_min
            self._post(DISCONNECTED, f"RFID reader {self.name!r} was disconnected ({_reason(error)}); "
                                     f"retrying in {delay:g} s.")
            delay, tries = self._back_off(delay, tries)

    def _back_off(self, delay: float, tries: int) -> tuple[float, int]:
        """Wait (interruptibly), then announce the next try; returns the next delay."""
        if not self._stop.wait(delay):
            tries += 1
            self._post(RECONNECTING, f"Trying RFID reader {self.name!r} at {self.config.port} again (try {tries}).")
        return min(delay * 2, self.config.reconnect_max), tries

    def _pump(self, ser) -> Exception | None:
        """Read until the port fails or we are stopped; returns the error."""
        protocol = make_protocol(self.config.protocol, self.config.poll)
        protocol.seen = self.presence.seen
        protocol.absent = self.presence.absent
        try:
            protocol.connection_made(ser)
            while not self._stop.is_set():
                data = ser.read(ser.in_waiting or 1)
                if data:
                    protocol.data_received(data)
                now = time.monotonic()
                protocol.tick(now)
                self.presence.expire(now)
        except (serial.SerialException, OSError, TypeError) as e:  # TypeError: pyserial on a closed fd
            protocol.connection_lost(e)
            return e
        except Exception as e:  # a bug must not end the thread: log it and reconnect
            log.exception("RFID reader %s failed", self.name)
            protocol.connection_lost(e)
            return e
        protocol.connection_lost(None)
        return None


def _reason(e) -> str:
    if e is None:
        return "closed"
    text = str(e)
    if "[Errno 2]" in text or isinstance(e, FileNotFoundError):
        return "no such device"
    if "exclusively lock" in text:
        return "it is in use by another program"
    if "Errno 5" in text or "returned no data" in text:
        return "the device went away"
    return text or type(e).__name__

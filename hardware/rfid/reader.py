"""The reader thread: opens the port by URL, reads with a timeout, reconnects.

It only does I/O (as pyserial's serial.threaded.ReaderThread): bytes go to the
protocol (decoders in this package), which frames them and calls Presence.
When the port cannot be opened or fails (a USB adapter pulled out), the thread
posts DeviceStatus(disconnected), then tries again after a back-off that starts
at ``reconnect_min`` and doubles up to ``reconnect_max`` seconds, posting
DeviceStatus(reconnecting) for each try and DeviceStatus(connected) when the
port is back. Every successful open resets the back-off, so a few short
connections in a row (a wobbly USB plug) never leave the reader deaf for
seconds after it is back. While a port given as a device path does not exist
(the adapter is out), the thread looks for it every ``APPEAR_CHECK`` seconds
and opens it as soon as it reappears, whatever the back-off has reached.
Reads block in select() with a timeout, so nothing busy-loops.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

import serial

from ..config import ReaderConfig
from ..events import CONNECTED, DISCONNECTED, RECONNECTING, DeviceStatus
from ..i18n import _
from .families import family
from .presence import Presence, Sink

log = logging.getLogger(__name__)
READ_TIMEOUT = 0.1  # seconds; also how often unseen tags and PN532 polls are checked
APPEAR_CHECK = 0.05  # seconds between looks for a missing device path (a stat: costs nothing)


class Reader:
    """One RFID reader. ``start()`` runs it on a daemon thread; ``close()`` stops it."""

    def __init__(self, config: ReaderConfig, sink: Sink):
        self.config = config
        self.name = config.name
        self.family = family(config.protocol)
        self._sink = sink
        f = self.family
        self.presence = Presence(config.name, config.unseen, sink, reads=f.confirm_reads, window=f.confirm_window,
                                 continuous=f.continuous, grace=max(2.0, 2 * config.unseen, 3 * config.poll))
        self.status = DISCONNECTED
        self.detail = "not started"
        self._stop = threading.Event()
        self._serial: Any = None
        self._thread = threading.Thread(target=self.run, name=f"rfid-{config.name}", daemon=True)

    @property
    def device(self) -> str:
        return f"rfid {self.name}"

    def start(self) -> Reader:
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
                ser = open_port(self.config.port, self.config.baud)
            except (serial.SerialException, OSError, ValueError) as e:
                if self.status != RECONNECTING:
                    self._post(DISCONNECTED, _("RFID reader {name} is not connected at {port} ({reason}); {retry}",
                                               name=repr(self.name), port=self.config.port, reason=_reason(e),
                                               retry=self._retry(delay)))
                delay, tries = self._back_off(delay, tries)
                continue
            tries = 0
            delay = self.config.reconnect_min  # it opened: the next loss starts the back-off afresh
            self._serial = ser
            self.presence.connected()
            self._post(CONNECTED, _("RFID reader {name} ({protocol}) is connected at {port}.", name=repr(self.name),
                                    protocol=self.config.protocol, port=self.config.port))
            error = self._pump(ser)
            self._serial = None
            try:
                ser.close()
            except Exception:
                pass
            if self._stop.is_set():
                break
            self.presence.lost()  # what lay on it is held over until it is read again (presence.py)
            self._post(DISCONNECTED, _("RFID reader {name} was disconnected ({reason}); {retry}", name=repr(self.name),
                                       reason=_reason(error), retry=self._retry(delay)))
            delay, tries = self._back_off(delay, tries)

    def _missing(self) -> bool:
        """The port is a device path that is not there (the adapter is out)."""
        return self.config.port.startswith("/") and not os.path.exists(self.config.port)

    def _retry(self, delay: float) -> str:
        if self._missing():
            return _("it will be used again as soon as it is plugged back in.")
        return _("retrying in {seconds} s.", seconds=format(delay, "g"))

    def _back_off(self, delay: float, tries: int) -> tuple[float, int]:
        """Wait (interruptibly; cut short when a missing device path reappears), then
        announce the next try; returns the next delay."""
        missing = self._missing()
        end = time.monotonic() + delay
        while not self._stop.is_set():
            if missing and not self._missing():
                break  # plugged back in: try at once
            left = end - time.monotonic()
            if left <= 0 and not missing:
                break
            # a missing path is looked for until it is back: opening nothing would only fail
            self._stop.wait(APPEAR_CHECK if missing else left)
        if not self._stop.is_set():
            tries += 1
            self._post(RECONNECTING, _("Trying RFID reader {name} at {port} again (try {n}).", name=repr(self.name),
                                       port=self.config.port, n=tries))
        return min(delay * 2, self.config.reconnect_max), tries

    def _pump(self, ser: Any) -> Exception | None:
        """Read until the port fails or we are stopped; returns the error."""
        protocol = self.family.decoder(self.config.poll)
        protocol.seen = self.presence.seen
        protocol.absent = self.presence.absent
        protocol.garbled = self.presence.garbled
        timeout = READ_TIMEOUT
        try:
            protocol.connection_made(ser)
            while not self._stop.is_set():
                data = ser.read(ser.in_waiting or 1)
                if data:
                    protocol.data_received(data)
                now = time.monotonic()
                protocol.tick(now)
                self.presence.expire(now)
                due = protocol.due()  # something pending sooner than the read timeout: wake for it
                wanted = READ_TIMEOUT if due is None else min(READ_TIMEOUT, max(0.001, due - time.monotonic()))
                if abs(wanted - timeout) > 0.0005:
                    ser.timeout = timeout = wanted
        except (serial.SerialException, OSError, TypeError) as e:  # TypeError: pyserial on a closed fd
            protocol.connection_lost(e)
            return e
        except Exception as e:  # a bug must not end the thread: log it and reconnect
            log.exception("RFID reader %s failed", self.name)
            protocol.connection_lost(e)
            return e
        protocol.connection_lost(None)
        return None


def open_port(url: str, baud: int) -> Any:
    """The port, opened without discarding what it received before (pyserial's open()
    flushes the input). An ID-12LA sends a tag once: a tap made while the adapter
    was coming back (plugged in, powered up, not yet opened by this thread) is in
    that input, and flushing it lost the tap (9 of 60 taps 0-100 ms after a replug).
    exclusive: a second program on the same port (the app and `devices` at once)
    would each get half the bytes; this way the second one is told."""
    ser = serial.serial_for_url(url, baudrate=baud, timeout=READ_TIMEOUT, exclusive=True, do_not_open=True)
    ser._reset_input_buffer = _keep_input  # for open() only: the class's own is back after it
    try:
        ser.open()
    finally:
        del ser._reset_input_buffer
    return ser


def _keep_input() -> None:
    """Stands in for reset_input_buffer while the port opens."""


def _reason(e: BaseException | None) -> str:
    if e is None:
        return _("closed")
    text = str(e)
    if "[Errno 2]" in text or isinstance(e, FileNotFoundError):
        return _("no such device")
    if "exclusively lock" in text:
        return _("it is in use by another program")
    if "Errno 5" in text or "returned no data" in text:
        return _("the device went away")
    return text or type(e).__name__

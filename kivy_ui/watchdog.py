"""systemd's notify protocol for the kiosk service (Type=notify, WatchdogSec=).

The app says READY=1 once its first frame is on the screen, then WATCHDOG=1
from Kivy's clock, on the main thread, every half of the unit's WatchdogSec
(WATCHDOG_USEC). A main thread that hangs stops the pings, so systemd restarts
the app as it does after a crash; a thread that pinged by itself would keep a
frozen screen alive. Outside systemd (no NOTIFY_SOCKET) every call does nothing.

The protocol is a datagram of "KEY=value" lines to the AF_UNIX socket named by
$NOTIFY_SOCKET, an abstract socket when it starts with "@" (sd_notify(3)): a
few lines of the standard library instead of a dependency.
"""
from __future__ import annotations

import os
import socket
from collections.abc import Callable, Mapping
from typing import Any


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send one notification to systemd; True when it was sent. Never raises:
    a service manager that went away must not stop the game."""
    address = (os.environ if environ is None else environ).get("NOTIFY_SOCKET", "")
    if address.startswith("@"):
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        return False  # not under systemd (or a vsock address, which a Pi's systemd does not use)
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
            s.sendto(message.encode(), address)
    except OSError:
        return False
    return True


def ping_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between two WATCHDOG=1: half the unit's WatchdogSec, or None when
    the watchdog is off or meant for another process (WATCHDOG_PID)."""
    env = os.environ if environ is None else environ
    pid = env.get("WATCHDOG_PID", "").strip()
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 2e6 if usec > 0 else None


class Watchdog:
    """Ready once, then pings from `clock` (Kivy's Clock: `schedule_interval`)."""

    def __init__(self, clock: Any, environ: Mapping[str, str] | None = None,
                 send: Callable[[str], bool] | None = None):
        self.clock = clock
        self.environ = os.environ if environ is None else environ
        self.send = send or (lambda message: notify(message, self.environ))
        self.event: Any = None
        self.stopped = False

    def ready(self, status: str = "") -> bool:
        """The first frame is drawn: READY=1, then the pings start."""
        sent = self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))
        interval = ping_interval(self.environ)
        if sent and interval and self.event is None:
            self.event = self.clock.schedule_interval(self.ping, interval)
        return sent

    def ping(self, _dt: float = 0.0) -> None:
        self.send("WATCHDOG=1")

    def stopping(self) -> None:
        """The app is closing (Kivy may say so twice): the pings end, systemd is told once."""
        if self.event is not None:
            self.event.cancel()
            self.event = None
        if not self.stopped:
            self.stopped = True
            self.send("STOPPING=1")

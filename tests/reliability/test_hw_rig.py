"""A simulated reader and the real Reader thread on a pty, with the events they post
(shared by the test_hw_* reliability tests; uses only interfaces that predate them)."""
from __future__ import annotations

import queue
import time

from hardware.config import ReaderConfig
from hardware.events import DeviceStatus, TagEvent, TagRemoved
from hardware.rfid.reader import Reader
from hardware.sim import SimReader


class Rig:
    def __init__(self, protocol: str, **config: object) -> None:
        self.sim = SimReader(protocol)
        self.q: queue.Queue = queue.Queue()
        self.log: list = []
        self.reader = Reader(ReaderConfig(port=self.sim.path, protocol=protocol, **config), self.put).start()
        self.wait_status("connected")

    def put(self, event: object) -> None:
        self.q.put((time.monotonic(), event))

    def next(self, predicate, timeout: float = 3.0):
        """(time, event) of the first event from now on matching predicate, or None."""
        end = time.monotonic() + timeout
        while True:
            try:
                t, e = self.q.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                return None
            self.log.append(e)
            if predicate(e):
                return t, e

    def wait_status(self, status: str, timeout: float = 3.0):
        return self.next(lambda e: isinstance(e, DeviceStatus) and e.status == status, timeout)

    def tags(self, seconds: float) -> list:
        """Every TagEvent and TagRemoved posted in the next seconds."""
        out = []
        end = time.monotonic() + seconds
        while (got := self.next(lambda e: isinstance(e, (TagEvent, TagRemoved)), max(0.0, end - time.monotonic()))):
            out.append(got[1])
        return out

    def close(self) -> None:
        self.reader.close()
        self.sim.close()

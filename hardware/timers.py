"""One background thread that runs short callbacks at given times.

Buttons need a timer per press (hold time) and per accepted edge (debounce
settle); a thread per timer (threading.Timer) would start dozens of threads
per bouncing press. This thread sleeps on a condition until the next deadline,
so it costs nothing while idle.
"""
from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable


class Timers:
    def __init__(self, name: str = "hardware-timers"):
        self._heap: list[tuple[float, int, Callable[[], object]]] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._cancelled: set[int] = set()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def after(self, delay: float, fn: Callable[[], object]) -> int:
        """Call fn() on the timer thread after delay seconds; returns a handle for cancel()."""
        handle = next(self._seq)
        with self._cond:
            heapq.heappush(self._heap, (time.monotonic() + delay, handle, fn))
            self._cond.notify()
        return handle

    def cancel(self, handle: int | None) -> None:
        if handle is not None:
            with self._cond:
                self._cancelled.add(handle)

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()
        if threading.current_thread() is not self._thread:
            self._thread.join(2)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._stop:
                    if self._heap:
                        wait = self._heap[0][0] - time.monotonic()
                        if wait <= 0:
                            break
                        self._cond.wait(wait)
                    else:
                        self._cond.wait()
                if self._stop:
                    return
                _, handle, fn = heapq.heappop(self._heap)
                if handle in self._cancelled:
                    self._cancelled.discard(handle)
                    continue
            try:
                fn()
            except Exception:  # a device callback must never kill the timer thread
                import logging
                logging.getLogger(__name__).exception("timer callback failed")

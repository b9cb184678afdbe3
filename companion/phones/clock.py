"""The turn clock on a seat's phone (issue 25 §1): that seat's own time only.

A phone is not sent a message a second. With each message (a change, a page
connecting) and whenever the clock pauses or resumes (the privacy gate, Home), the
seat's message carries the clock's state — the seconds left as of the moment the
message was built, whether they run, whether the table paused them — and the page
counts locally from its own monotonic time (static/seat.js, `performance.now()` at
receipt). A timer shows the time left of the seat's own turn (then +overtime) and
nothing between its turns; a chess clock shows the seat's bank at all times.

    clocks = SeatClocks(lambda: session.clock)
    clocks.take()                 # main thread: a few numbers, copied (after a change, a pause)
    clocks.of(seat)               # anywhere (the server's loop): {"left": 41.2, "running": True, ...}

The state is copied on the main thread (`take`, cheap: no message is built there)
and read where messages are built; the copy is immutable, so reading it on
another thread is safe. The time is public at the table; only the seat's own page
is sent its own.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.table.clock import WARN_AT, SeatTime


@dataclass(frozen=True)
class _Taken:
    now: Callable[[], float]  # the clock's monotonic time source
    at: float  # when the copy was made, on that source
    times: tuple[SeatTime, ...]
    paused: bool
    acting: frozenset[int]


class SeatClocks:
    """The newest copy of the table's turn clock (None when it runs none)."""

    def __init__(self, clock_of: Callable[[], Any]):
        self._clock_of = clock_of
        self._taken: _Taken | None = None

    def take(self) -> None:
        """Main thread: copy the clock's state as it is now."""
        clock = self._clock_of()
        if clock is None or not getattr(clock, "setting", None) or not clock.setting.on:
            self._taken = None
            return
        self._taken = _Taken(clock.now, clock.now(), clock.times(), bool(clock.paused), frozenset(clock.acting))

    def of(self, seat: int) -> dict[str, Any] | None:
        """What seat's page shows: None (nothing), or its seconds left now (negative:
        overtime), whether they run, whether the table paused them, and when the
        page warns (seconds left)."""
        taken = self._taken
        if taken is None or not 0 <= seat < len(taken.times):
            return None
        st = taken.times[seat]
        if st.left is None:
            return None
        left = st.left - (taken.now() - taken.at if st.running else 0.0)
        return {"left": round(left, 2), "running": st.running, "paused": taken.paused and seat in taken.acting,
                "warn": WARN_AT}

    def add(self, msg: dict[str, Any], seat: int) -> dict[str, Any]:
        """A view message with seat's clock as it is now (no clock: none in it)."""
        if msg.get("type") == "view":
            clock = self.of(seat)
            if clock is None:
                msg.pop("clock", None)
            else:
                msg["clock"] = clock
        return msg

    def again(self, last: Mapping[str, Any] | None, seat: int) -> dict[str, Any] | None:
        """`last` (the seat's newest view message) with the clock as it is now; None
        when there is nothing to send again (no view, or the same clock)."""
        if not last or last.get("type") != "view":
            return None
        msg = self.add(dict(last), seat)
        return msg if msg != last else None


__all__ = ["SeatClocks"]

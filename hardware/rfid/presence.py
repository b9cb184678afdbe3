"""One TagEvent per presentation of a confirmed tag, whatever the reader family does.

RDM6300 repeats its frame while a tag stays; the ID-12LA sends it once; a
PN532 answers every poll. A reader holds one tag at a time, so: a uid that is
not the current one is a new presentation (the previous tag, if any, is
removed first); the current one is removed when unseen for ``unseen`` seconds
or when the reader says no tag is there.

Confirmed tags: a new uid counts only after ``reads`` identical reads, each
within ``window`` seconds of the one before and with no noise between them
(``garbled``), families.py says how many each family needs. One corrupted frame
that passes the checksum is therefore never a tag on a reader that repeats: the
next frame names the real tag.

Reconnects: when the connection is lost (``lost()``), what lay on the reader is
kept as *held over* instead of being removed. When the reader is back
(``connected()``), the held-over tag read again within ``grace`` seconds is
the same presentation going on: nothing is posted. It is removed (TagRemoved)
only if it is not read again within ``grace`` seconds of the reconnect, or a
different tag or "no tag" is read first. So a fob left on the reader never
opens a view by itself after a USB blip. For a reader that sends one frame per
presentation (``continuous=False``), the tag read last before the blip is held
over, since whether it still lies there cannot be known until the reader,
powered up again, reads it.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..events import DeviceEvent, TagEvent, TagRemoved

Sink = Callable[[DeviceEvent], None]


class Presence:
    def __init__(self, reader: str, unseen: float, sink: Sink, clock: Callable[[], float] = time.monotonic,
                 *, reads: int = 1, window: float = 0.3, continuous: bool = True, grace: float = 1.0):
        self.reader = reader
        self.unseen = unseen
        self.reads = max(1, reads)
        self.window = window
        self.continuous = continuous
        self.grace = grace
        self._sink = sink
        self._clock = clock
        self._lock = threading.Lock()
        self.current: str | None = None
        self._last_seen = 0.0
        self._last_uid: str | None = None  # the last confirmed tag, present or not
        self._candidate: str | None = None  # a new uid read fewer than `reads` times so far
        self._count = 0
        self._candidate_at = 0.0
        self.held: str | None = None  # what lay on the reader when the connection was lost
        self._connected_at: float | None = None

    # --- reads --------------------------------------------------------------
    def seen(self, uid: str) -> None:
        """The decoder framed uid (checksum good)."""
        with self._lock:
            now = self._clock()
            if self.held is not None:
                if uid == self.held and self._within_grace(now):
                    self._resume(uid, now)  # the same presentation as before the blip
                    return
                self._release_held()
            if uid == self.current:
                self._last_seen = now
                self._candidate = None
                return
            if uid == self._candidate and now - self._candidate_at <= self.window:
                self._count += 1
            else:
                self._candidate, self._count = uid, 1
            self._candidate_at = now
            if self._count < self.reads:
                return
            self._candidate = None
            if self.current is not None:
                self._sink(TagRemoved(self.current, self.reader))
            self.current = self._last_uid = uid
            self._last_seen = now
            self._sink(TagEvent(uid, self.reader))

    def garbled(self) -> None:
        """Noise came between two frames: a new tag must be confirmed by frames with none between."""
        with self._lock:
            self._candidate = None

    def absent(self) -> None:
        """The reader says no tag is there (a PN532 poll with no target)."""
        with self._lock:
            self._candidate = None
            self._release_held()
            if self.current is not None:
                self._sink(TagRemoved(self.current, self.reader))
                self.current = None

    def expire(self, now: float | None = None) -> None:
        """Remove the current tag when it has been unseen too long (called every read timeout)."""
        now = self._clock() if now is None else now
        with self._lock:
            if self.held is not None:
                if self._connected_at is not None and now - self._connected_at > self.grace:
                    self._release_held()
                return  # the last sighting is from before the blip: not a measure of absence
            if self.current is not None and now - self._last_seen >= self.unseen:
                self._sink(TagRemoved(self.current, self.reader))
                self.current = None

    # --- the connection -----------------------------------------------------
    def lost(self) -> None:
        """The port failed: hold over what lay on the reader (see the module docstring)."""
        with self._lock:
            self._connected_at = None
            self._candidate = None
            if self.held is None:
                self.held = self.current if self.continuous else (self.current or self._last_uid)

    def connected(self, now: float | None = None) -> None:
        """The port is open again: the held-over tag has ``grace`` seconds to be read again."""
        with self._lock:
            self._connected_at = self._clock() if now is None else now

    # --- helpers (lock held) ------------------------------------------------
    def _within_grace(self, now: float) -> bool:
        return self._connected_at is None or now - self._connected_at <= self.grace

    def _resume(self, uid: str, now: float) -> None:
        self.held = None
        self._candidate = None
        self._last_uid = uid
        if self.current == uid:
            self._last_seen = now
        # a one-frame reader's tag that expired before the blip stays unannounced: it
        # was announced once already, and its TagRemoved was posted then

    def _release_held(self) -> None:
        """The held-over tag was not read again: it left while the reader was away."""
        if self.held is not None and self.current == self.held:
            self._sink(TagRemoved(self.current, self.reader))
            self.current = None
        self.held = None

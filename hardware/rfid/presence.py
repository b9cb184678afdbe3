"""One TagEvent per presentation, whatever the reader family does.

RDM6300 repeats its frame while a tag stays; the ID-12LA sends it once; a
PN532 answers every poll. A reader holds one tag at a time, so: a uid that is
not the current one is a new presentation (the previous tag, if any, is
removed first); the current one is removed when unseen for ``unseen`` seconds
or when the reader says no tag is there.
"""
from __future__ import annotations

import threading
import time

from ..events import TagEvent, TagRemoved


class Presence:
    def __init__(self, reader: str, unseen: float, sink, clock=time.monotonic):
        self.reader = reader
        self.unseen = unseen
        self._sink = sink
        self._clock = clock
        self._lock = threading.Lock()
        self.current: str | None = None
        self._last_seen = 0.0

    def seen(self, uid: str) -> None:
        with self._lock:
            self._last_seen = self._clock()
            if uid == self.current:
                return
            if self.current is not None:
                self._sink(TagRemoved(self.current, self.reader))
            self.current = uid
            self._sink(TagEvent(uid, self.reader))

    def absent(self) -> None:
        with self._lock:
            if self.current is not None:
                self._sink(TagRemoved(self.current, self.reader))
                self.current = None

    def expire(self, now: float | None = None) -> None:
        now = self._clock() if now is None else now
        with self._lock:
            if self.current is not None and now - self._last_seen >= self.unseen:
                self._sink(TagRemoved(self.current, self.reader))
                self.current = None

"""Phones: a hub on a real table controller (on a real Session) and a real server on loopback."""
from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

import pytest

from companion.phones.hub import PhoneHub
from companion.store.journal import Journal
from companion.table.controller import TableController
from companion.table.session import Session


class MainThread:
    """Stands in for Kivy's Clock: the server thread posts, the test runs what was posted."""

    def __init__(self) -> None:
        self.q: queue.Queue[Any] = queue.Queue()

    def post(self, fn: Any) -> None:
        self.q.put(fn)

    def run(self, timeout: float = 0.0) -> int:
        n = 0
        try:
            fn = self.q.get(timeout=timeout) if timeout else self.q.get_nowait()
        except queue.Empty:
            return 0
        while True:
            fn()
            n += 1
            try:
                fn = self.q.get_nowait()
            except queue.Empty:
                return n


def make_hub(session: Session, main: MainThread) -> PhoneHub:
    """The hub as the app wires it: on the session's table controller, subscribed once."""
    table = TableController(session, settle=0)
    hub = PhoneHub(table, main.post)
    table.subscribe(hub.changed)
    return hub


@pytest.fixture
def journal(tmp_path) -> Iterator[Journal]:
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


@pytest.fixture
def main() -> MainThread:
    return MainThread()

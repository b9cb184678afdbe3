"""The app's phone service follows the game on the table: a link works only while
its game is the one on the table (issue 20: after Home -> Abandon the abandoned
game's links still opened, showed that seat's hand and took moves into it)."""
from __future__ import annotations

import asyncio
import os
import types
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty

import kivy_ui.phones as P
from companion.table.controller import TableController
from companion.table.session import Session

from .conftest import MainThread
from .test_server import next_of


class App(EventDispatcher):
    table = ObjectProperty(None, allownone=True)


@pytest.fixture
def app(journal, main: MainThread, monkeypatch) -> Iterator[tuple[App, P.PhoneService, Session]]:
    monkeypatch.setattr(P, "Clock", types.SimpleNamespace(schedule_once=lambda fn, t=0: main.post(lambda: fn(0))))
    a = App()
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=1)
    a.table = TableController(s, settle=0)
    svc = P.PhoneService(a, "127.0.0.1", 0)
    assert svc.start(), svc.problem
    yield a, svc, s
    svc.stop()


async def closed(ws: aiohttp.ClientWebSocketResponse, main: MainThread) -> tuple[int, str]:
    """Wait for the server to close this page: (code, the sentence it gave)."""
    for _ in range(300):
        main.run()
        try:
            msg = await ws.receive(timeout=0.02)
        except TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.CLOSE:
            return int(msg.data), str(msg.extra or "")
        if msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            return int(ws.close_code or 0), ""
    raise AssertionError("the page was not closed")


def abandon(a: App, journal: Any, s: Session) -> None:
    """What Home -> Abandon does to the game open in the app (kivy_ui/screens/home.py)."""
    journal.abandon(s.id)
    a.table.close_gate()
    s.close()
    a.table = None


def test_after_abandon_the_games_links_open_nothing_and_say_it_was_abandoned(app, journal, main):
    a, svc, s = app
    url = svc.url(0)
    origin = svc.address

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(url.replace("/s/", "/ws/"), origin=origin)
            view = await next_of(ws, main, "view")
            assert view["secrets"]
            entries = len(journal.entries(s.id))
            abandon(a, journal, s)
            assert await closed(ws, main) == (4001, "This game was abandoned at the table.")  # the page says why
            r = await c.get(url)
            page = await r.text()
            assert r.status == 404 and "This game was abandoned at the table." in page
            again = await c.ws_connect(url.replace("/s/", "/ws/"), origin=origin)  # the page reconnecting
            assert await closed(again, main) == (4001, "This game was abandoned at the table.")
            await asyncio.sleep(0.2)
            main.run()
            assert len(journal.entries(s.id)) == entries  # nothing reached the abandoned game

    asyncio.run(go())


def test_a_new_game_on_the_table_closes_the_old_games_pages_and_links(app, journal, main):
    a, svc, _s = app
    old = svc.url(1)
    origin = svc.address

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(old.replace("/s/", "/ws/"), origin=origin)
            await next_of(ws, main, "view")
            s2 = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=2)
            a.table = TableController(s2, settle=0)
            code, why = await closed(ws, main)
            assert code == 4001 and why.startswith("Another game is on the table now")
            r = await c.get(old)
            assert r.status == 404 and "Another game is on the table now" in await r.text()
            r = await c.get(svc.url(1))
            assert r.status == 200  # the new game's link opens its seat

    asyncio.run(go())


def test_a_move_on_the_table_makes_the_phones_messages_once(app, main):
    """Issue 21: the service subscribed the hub to the table and to the session, so
    every move made every phone's message twice. One subscription, one refresh."""
    a, svc, s = app
    svc.hub.gateway().connected(0)
    main.run()
    seat = next(x for x in sorted(s.actors(), key=str) if isinstance(x, int))
    before = svc.hub.refreshes
    assert a.table.play(s.legal_actions(seat)[0])
    main.run()
    assert svc.hub.refreshes == before + 1

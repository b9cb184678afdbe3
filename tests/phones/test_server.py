"""The phones' web server on loopback: tokens, origin, rate limit, tabs, catch-up."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from companion.phones.server import BAD_TOKEN_LIMIT, PhoneServer
from companion.session import Session

from .conftest import MainThread, make_hub


@pytest.fixture
def served(journal, main) -> Iterator[tuple[Any, Any, PhoneServer, MainThread]]:
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=9)
    hub = make_hub(s, main)
    server = PhoneServer(hub.gateway(), "127.0.0.1", 0)
    server.start()
    hub.attach(server)
    yield s, hub, server, main
    server.stop()


async def pump(main: MainThread, seconds: float = 0.3) -> None:
    """Let the 'main thread' run what the server posted, for a while."""
    end = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < end:
        main.run()
        await asyncio.sleep(0.01)


async def next_of(ws: aiohttp.ClientWebSocketResponse, main: MainThread, kind: str) -> dict:
    for _ in range(200):
        main.run()
        try:
            msg = await ws.receive(timeout=0.02)
        except TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.TEXT:
            data = json.loads(msg.data)
            if data["type"] == kind:
                return data
        elif msg.type == aiohttp.WSMsgType.CLOSE:
            return {"type": "closed", "code": msg.data}
        elif msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            return {"type": "closed", "code": ws.close_code}
    raise AssertionError(f"no {kind} message")


def url(server: PhoneServer, path: str) -> str:
    return f"http://127.0.0.1:{server.port}{path}"


def test_the_seat_page_and_its_assets_come_from_the_companion(served):
    _s, hub, server, _main = served

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            r = await c.get(url(server, f"/s/{hub.token(0)}"))
            page = await r.text()
            assert r.status == 200 and "/static/seat.js" in page
            assert "http://" not in page and "https://" not in page  # nothing from a CDN
            for name in ("seat.js", "seat.css"):
                r = await c.get(url(server, f"/static/{name}"))
                assert r.status == 200
                assert "https://" not in await r.text()

    asyncio.run(go())


def test_a_bad_token_gets_a_plain_page_and_too_many_are_refused(served):
    _s, hub, server, _main = served

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            r = await c.get(url(server, "/s/not-a-token"))
            assert r.status == 404 and "does not open a seat" in await r.text()
            for _ in range(BAD_TOKEN_LIMIT):
                await c.get(url(server, "/s/guess"))
            r = await c.get(url(server, f"/s/{hub.token(0)}"))
            assert r.status == 429  # even a good token waits: the address was guessing

    asyncio.run(go())


def test_a_websocket_from_another_site_is_refused(served):
    _s, hub, server, _main = served

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await c.ws_connect(url(server, f"/ws/{hub.token(0)}"), origin="http://evil.example")
            assert e.value.status == 403

    asyncio.run(go())


def test_a_phone_sees_its_view_plays_and_a_second_tab_replaces_the_first(served):
    s, hub, server, main = served
    origin = url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(url(server, f"/ws/{hub.token(0)}"), origin=origin)
            view = await next_of(ws, main, "view")
            assert view["name"] == "Ana" and view["secrets"]
            assert view["actions"] and all(a["action"]["actor"] == 0 for a in view["actions"])
            await ws.send_json({"type": "act", "action": view["actions"][0]["action"]})
            said = await next_of(ws, main, "said")
            assert said["ok"] is True
            assert s.actions and any(a.get("actor") == 0 for a in s.actions)
            tab2 = await c.ws_connect(url(server, f"/ws/{hub.token(0)}"), origin=origin)
            assert (await next_of(tab2, main, "view"))["name"] == "Ana"  # caught up at once
            closed = await next_of(ws, main, "nothing but the close")
            assert closed == {"type": "closed", "code": 4000}
            await tab2.close()

    asyncio.run(go())


def test_a_revoked_phone_is_disconnected_and_its_link_is_dead(served):
    _s, hub, server, main = served
    origin = url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            old = hub.token(1)
            ws = await c.ws_connect(url(server, f"/ws/{old}"), origin=origin)
            await next_of(ws, main, "view")
            hub.revoke(1)
            assert (await next_of(ws, main, "nothing but the close")) == {"type": "closed", "code": 4001}
            r = await c.get(url(server, f"/s/{old}"))
            assert r.status == 404

    asyncio.run(go())


def test_a_phone_that_slept_reconnects_and_catches_up(served):
    s, hub, server, main = served
    origin = url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(url(server, f"/ws/{hub.token(1)}"), origin=origin)
            first = await next_of(ws, main, "view")
            await ws.close()
            await pump(main)
            s.act(s.legal_actions(0)[0])  # the table moves on while Ben's phone sleeps
            hub.refresh()
            ws = await c.ws_connect(url(server, f"/ws/{hub.token(1)}"), origin=origin)
            again = await next_of(ws, main, "view")
            assert again != first  # what happened while it slept
            await ws.close()

    asyncio.run(go())


def test_a_message_nested_deep_enough_to_break_the_parser_is_ignored(served):
    _s, hub, server, main = served
    origin = url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(url(server, f"/ws/{hub.token(0)}"), origin=origin)
            view = await next_of(ws, main, "view")
            await ws.send_str("[" * 8000)
            await ws.send_json({"type": "act", "action": view["actions"][0]["action"]})
            assert (await next_of(ws, main, "said"))["ok"] is True  # the same socket still works

    asyncio.run(go())

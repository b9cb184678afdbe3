"""The phones' web server on loopback: tokens, origin, rate limit, tabs, catch-up."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from companion.phones.server import BAD_TOKEN_LIMIT, PhoneServer
from companion.table.session import Session

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


def choice_keys(view: dict) -> list[str]:
    """The keys of the choices a page was offered, in the order it shows them."""
    return [c["key"] for g in view["groups"] for c in g["choices"]]


def choose(key: str, **more: Any) -> dict:
    return {"type": "choose", "choice": key, **more}


def url(server: PhoneServer, path: str) -> str:
    return f"http://127.0.0.1:{server.port}{path}"


async def seat_socket(c: aiohttp.ClientSession, server: PhoneServer, hub: Any,
                      seat: int) -> aiohttp.ClientWebSocketResponse:
    """A seat's page's websocket, from the server's own origin (as its page opens it)."""
    return await c.ws_connect(url(server, f"/ws/{hub.token(seat)}"), origin=url(server, ""))


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
    url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await seat_socket(c, server, hub, 0)
            view = await next_of(ws, main, "view")
            assert view["name"] == "Ana" and view["secrets"]
            assert choice_keys(view) and all(c.seat == 0 for c in hub.table.seat_frame(0).choices)
            await ws.send_json(choose(choice_keys(view)[0]))
            said = await next_of(ws, main, "said")
            assert said["ok"] is True
            assert s.actions and any(a.get("actor") == 0 for a in s.actions)
            tab2 = await seat_socket(c, server, hub, 0)
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
    url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await seat_socket(c, server, hub, 1)
            first = await next_of(ws, main, "view")
            await ws.close()
            await pump(main)
            s.act(s.legal_actions(0)[0])  # the table moves on while Ben's phone sleeps
            hub.refresh()
            ws = await seat_socket(c, server, hub, 1)
            again = await next_of(ws, main, "view")
            assert again != first  # what happened while it slept
            await ws.close()

    asyncio.run(go())


def test_a_message_nested_deep_enough_to_break_the_parser_is_ignored(served):
    _s, hub, server, main = served
    url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await seat_socket(c, server, hub, 0)
            view = await next_of(ws, main, "view")
            await ws.send_str("[" * 8000)
            await ws.send_json(choose(choice_keys(view)[0]))
            assert (await next_of(ws, main, "said"))["ok"] is True  # the same socket still works

    asyncio.run(go())


# --- a hostile or broken phone cannot slow the table (issue 20) ------------------------------
@pytest.fixture
def quick(journal, main) -> Iterator[tuple[Any, Any, PhoneServer, MainThread]]:
    """A server whose deadlines are short, so the tests wait little: a connection has
    0.5 s to become a seat's page, a page is pinged every 0.5 s."""
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=9)
    hub = make_hub(s, main)
    server = PhoneServer(hub.gateway(), "127.0.0.1", 0, heartbeat=0.5, link_deadline=0.5)
    server.start()
    hub.attach(server)
    yield s, hub, server, main
    server.stop()


async def said(ws: aiohttp.ClientWebSocketResponse, n: int, main: MainThread | None = None) -> list[dict]:
    """The next n 'said' answers on this page (main runs only when given)."""
    out: list[dict] = []
    for _ in range(500):
        if main is not None:
            main.run()
        try:
            msg = await ws.receive(timeout=0.02)
        except TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.TEXT and json.loads(msg.data)["type"] == "said":
            out.append(json.loads(msg.data))
            if len(out) == n:
                return out
    raise AssertionError(f"{len(out)} answers of {n}: {out}")


def test_refused_actions_are_answered_without_the_tables_main_thread(served):
    """phone_flood.py: every refused action was posted to the main thread, so a flood
    delayed the table's next tap by seconds."""
    s, hub, server, main = served
    url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await seat_socket(c, server, hub, 0)
            key = choice_keys(await next_of(ws, main, "view"))[0]
            main.run()
            odd = [choose(key, picks={"x": 1}), choose(key, picks=[1]), choose(True), "bid", None, [key],
                   choose(key, confirmed="yes"), {"type": "act", "action": {"type": "play"}}]
            for bad in odd + [choose("nonsense")] * 40:
                await ws.send_json(bad)
            answers = await said(ws, 20)  # the first twenty are read at once (then the socket is read slower)
            assert all(a["ok"] is False and a["sentence"] for a in answers)
            assert main.q.qsize() == 0  # nothing of it waits for the table
            assert not [a for a in s.actions if a.get("actor") == 0]

    asyncio.run(go())


def test_a_flood_of_one_move_leaves_at_most_a_few_queued_and_the_rest_are_told_to_slow_down(served):
    from companion.phones.server import MAX_WAITING, SLOW_DOWN

    s, hub, server, main = served
    url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await seat_socket(c, server, hub, 0)
            view = await next_of(ws, main, "view")
            main.run()
            key = choice_keys(view)[0]
            for _ in range(MAX_WAITING + 6):  # the table is busy (main does not run): they pile up
                await ws.send_json(choose(key))
            slow = await said(ws, 6)  # (a page keeps its newest 8 notes)
            assert [a["sentence"] for a in slow] == [SLOW_DOWN] * 6
            assert main.q.qsize() == MAX_WAITING and server.waiting(0) == MAX_WAITING
            answers = await said(ws, MAX_WAITING, main)  # the table gets to them: one move, entered once
            assert [a["ok"] for a in answers] == [True] + [False] * (MAX_WAITING - 1)
            assert sum(1 for a in s.actions if a.get("actor") == 0) == 1
            await pump(main)
            assert server.waiting(0) == 0  # answered: the phone may act again

    asyncio.run(go())


def test_a_hostile_phone_is_told_why_in_a_sentence_and_nothing_is_played(served):
    """Issue 21: a phone answers with a choice's key (and its picks). A key its page
    was not offered, another seat's choice, a malformed picks object, a key too long,
    a message too big: each gets its sentence back, and nothing reaches the game."""
    from companion.phones.server import MAX_KEY, MAX_MESSAGE, NOT_A_CHOICE, NOT_NOW, TOO_BIG

    s, hub, server, main = served
    seat = next(a for a in sorted(s.actors(), key=str) if isinstance(a, int))
    other = 1 - seat

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            mine = await seat_socket(c, server, hub, seat)
            theirs = await seat_socket(c, server, hub, other)
            key = choice_keys(await next_of(mine, main, "view"))[0]
            await next_of(theirs, main, "view")
            cases = [
                (theirs, choose(key), NOT_NOW),  # this seat's choice, from the other seat's phone
                (mine, choose("not offered"), NOT_NOW),
                (mine, choose(key, picks={"card": 1}), NOT_NOW),  # picks it was not offered with it
                (mine, choose(key, picks=["card"]), NOT_A_CHOICE),
                (mine, choose(key, picks="card"), NOT_A_CHOICE),
                (mine, choose(key, confirmed=1), NOT_A_CHOICE),
                (mine, choose(7), NOT_A_CHOICE),
                (mine, choose("k" * (MAX_KEY + 1)), NOT_A_CHOICE),
                (mine, choose(key, padding="x" * MAX_MESSAGE), TOO_BIG),
                (mine, {"type": "act", "action": {"actor": seat, "type": "play"}}, NOT_A_CHOICE),  # the old form
            ]
            for ws, data, sentence in cases:
                await ws.send_json(data)
                got = (await said(ws, 1, main))[0]
                assert got == {"type": "said", "ok": False, "sentence": sentence}, data
            assert not [a for a in s.actions if a.get("actor") in (0, 1)]
            await mine.send_json(choose(key))  # the page itself still plays
            assert (await said(mine, 1, main))[0]["ok"] is True

    asyncio.run(go())


def _closed_by_server(sock: Any, seconds: float = 10.0) -> bool:
    """True once the server has closed this raw connection (read returns nothing or resets)."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


def test_a_connection_that_presents_no_link_is_closed(quick):
    """phones_attack.py idle: 200 idle or half-sent connections stayed open for a
    minute. A connection that has not become a seat's page soon is closed."""
    import socket

    _s, hub, server, _main = quick
    idle = socket.create_connection(("127.0.0.1", server.port))
    half = socket.create_connection(("127.0.0.1", server.port))
    half.sendall(b"GET /s/" + hub.token(0).encode()[:5])  # half a request line, never finished
    served_page = socket.create_connection(("127.0.0.1", server.port))
    served_page.sendall(f"GET /s/{hub.token(0)} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    try:
        assert served_page.recv(12).startswith(b"HTTP/1.1 200")
        for sock in (idle, half, served_page):
            assert _closed_by_server(sock)
        assert server.pending() == 0
    finally:
        for sock in (idle, half, served_page):
            sock.close()


def test_connections_from_one_address_are_capped_and_a_phone_elsewhere_still_joins(journal, main):
    import socket

    from companion.phones.server import MAX_PENDING_PER_ADDRESS

    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=9)
    hub = make_hub(s, main)
    server = PhoneServer(hub.gateway(), "127.0.0.1", 0, link_deadline=60.0)  # only the cap closes here
    server.start()
    hub.attach(server)
    held = []
    try:
        for _ in range(MAX_PENDING_PER_ADDRESS):
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))  # another device on the network
            sock.connect(("127.0.0.1", server.port))
            held.append(sock)
        extra = socket.socket()
        extra.bind(("127.0.0.2", 0))
        extra.connect(("127.0.0.1", server.port))
        held.append(extra)
        assert _closed_by_server(extra)  # one too many from that address
        url(server, "")

        async def go() -> None:
            async with aiohttp.ClientSession() as c:
                ws = await seat_socket(c, server, hub, 0)
                assert (await next_of(ws, main, "view"))["name"] == "Ana"
                await ws.close()

        asyncio.run(go())
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_a_page_that_stops_answering_is_no_longer_shown_connected(quick):
    """The browser quit or the phone left the Wi-Fi without closing its socket: the
    table showed it connected for good. Pings go unanswered: it is disconnected."""
    _s, hub, server, main = quick
    origin = url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(url(server, f"/ws/{hub.token(0)}"), origin=origin, autoping=False)
            await next_of(ws, main, "view")
            main.run()
            assert hub.connected() == [0]
            for _ in range(500):  # the page says nothing now, not even to a ping
                main.run()
                if not hub.connected():
                    break
                await asyncio.sleep(0.02)
            assert hub.connected() == []

    asyncio.run(go())


def test_a_page_that_answers_stays_connected(quick):
    _s, hub, server, main = quick
    url(server, "")

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            ws = await seat_socket(c, server, hub, 0)
            await next_of(ws, main, "view")
            reader = asyncio.ensure_future(ws.receive())  # a live page: it answers pings
            await pump(main, 2.0)  # four pings, past the link deadline too
            assert hub.connected() == [0] and not ws.closed
            reader.cancel()
            await ws.close()

    asyncio.run(go())

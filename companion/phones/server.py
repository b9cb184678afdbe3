"""The phones' web server: aiohttp on its own thread and asyncio loop.

It moves bytes, and it is where the phones' messages are built: the hub hands
each change over with on_loop(fn) (thread-safe, in order) and, on this loop,
builds each connected seat's message once and send()s it here (the message is
encoded to JSON once, and its offers listed once). A seat's page is /s/<token>
(bytes made once, the same for every seat: the token is only in the address);
its live channel is the websocket /ws/<token>. Everything that touches the game
goes to the app's main thread through the Gateway (PhoneHub), so a slow phone
never slows the table: each seat has a small outbox and only the newest view
matters.

Security (see docs/phones.md): tokens are per seat and per game, compared in
constant time; bad tokens are rate-limited per address; the websocket's Origin
must be this server; no access log (paths carry tokens).

A phone cannot slow the table: its answer ({"type": "choose", "choice": key,
"picks": {...}, "confirmed": bool}) is checked here, on the server's loop,
against the choices (with their complete picks) that seat's page was last
offered, and refused here, in a sentence, when it is not one of them, is
malformed or is too big; a seat has at most MAX_WAITING choices waiting for the
main thread (more get "slow down"); a socket is read at most MESSAGE_RATE messages a
second (beyond that it simply is not read, so a flood backs up in the phone's own
network buffers). A connection that has not become a seat's websocket within
LINK_DEADLINE seconds is closed, and at most MAX_PENDING such connections are
open (MAX_PENDING_PER_ADDRESS from one address). A seat's websocket is pinged
every `heartbeat` seconds and closed when its page stops answering, so "connected"
on the table means the page answers.

Languages (issue 24): a seat's page is served in its phone's language
(companion/phones/languages.py: the page's chooser ``?lang=de``, the remembered
player's, the phone's cookie, Accept-Language, the table's), with `<html lang>`,
its words (messages.page_words) and a chooser of the languages shipped; the page's
bytes are made once per language. The page opens its live channel with the same
``?lang=``; everything said to that seat (the hub's messages, this server's
refusals, a close) is in that language.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import pathlib
import threading
import time
from collections import OrderedDict, defaultdict, deque
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from companion.i18n import language

from .hub import Gateway
from .i18n import N_, _
from .languages import COOKIE, COOKIE_AGE, decide, shipped
from .messages import answer_key, offers
from .pages import gone_page, seat_page, visitor_language

STATIC = pathlib.Path(__file__).with_name("static")
BAD_TOKEN_LIMIT = 10  # bad tokens an address may try in BAD_TOKEN_WINDOW seconds
BAD_TOKEN_WINDOW = 60.0
MAX_MESSAGE = 8192  # bytes a phone may send in one message (more: TOO_BIG)
MAX_FRAME = 4 * MAX_MESSAGE  # a websocket message past this closes the socket (aiohttp: 1009)
MAX_KEY = 1000  # characters of a choice's key a phone may send back
MAX_WAITING = 3  # a seat's actions waiting for the main thread; more are refused with SLOW_DOWN
MESSAGE_RATE = 20.0  # messages a second one socket is read at, after a burst of MESSAGE_BURST
MESSAGE_BURST = 20
LINK_DEADLINE = 5.0  # seconds a connection has to become a seat's websocket
MAX_PENDING = 32  # connections not (yet) a seat's websocket, in all
MAX_PENDING_PER_ADDRESS = 8  # ... and from one address (a browser opens up to six)
HEARTBEAT = 5.0  # seconds between pings to a seat's page; no answer in half that: closed
CLOSE_WAIT = 1.0  # seconds a closing websocket waits for the page's close answer
RETIRED = 256  # old links remembered, to tell a visitor why they no longer open a seat

# What this server says to a phone: English here, translated in the phone's language where said.
SLOW_DOWN = N_("Slow down: the table is still entering your last moves.")
NOT_NOW = N_("That cannot be done from this phone now.")
NOT_A_CHOICE = N_("That is not one of your choices.")
TOO_BIG = N_("That message is too big for the table.")
TOO_MANY = N_("Too many wrong links from this device; wait a minute.")
ELSEWHERE = N_("This page belongs to another site.")
ANOTHER_TAB = N_("Opened on another tab.")
TABLE_CLOSED = N_("The table closed.")

_PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
_UNKNOWN = N_("It is old, was replaced at the table, or the game is over. "
              "Scan your seat's QR code on the table screen again.")
MAX_REASON = 120  # bytes of a websocket close's reason (the protocol allows 123)


def _reason(sentence: str) -> bytes:
    """A close's reason: at most MAX_REASON bytes, never cut inside a letter."""
    data = sentence.encode("utf-8")
    if len(data) <= MAX_REASON:
        return data
    return data[:MAX_REASON].decode("utf-8", "ignore").encode("utf-8")


def _digest(token: str) -> bytes:
    # retired links are remembered by hash, never in clear, and looked up without comparing secrets
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


class PhoneServer:
    """Start with start(); stop with stop(). send/drop may be called from any thread."""

    def __init__(self, gateway: Gateway, host: str = "0.0.0.0", port: int = 0, heartbeat: float = HEARTBEAT,
                 link_deadline: float = LINK_DEADLINE):
        self.gateway = gateway
        self.host, self.port = host, port
        self.heartbeat, self.link_deadline = heartbeat, link_deadline
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0  # the loop's thread ident, once it runs
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._sockets: dict[int, web.WebSocketResponse] = {}
        self._latest: dict[int, str] = {}  # the newest view per seat (a slow phone skips older ones)
        self._notes: dict[int, deque[str]] = defaultdict(lambda: deque(maxlen=8))  # "said", "over", …
        self._sent: dict[int, str] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._bad: dict[str, deque[float]] = defaultdict(deque)
        self._offers: dict[int, frozenset[str]] = {}  # the answers each seat's page was last offered
        self._lang: dict[int, str] = {}  # the language each seat's open page reads
        self._page_bytes: dict[str, bytes] = {}  # seat.html in each language, made once
        self._waiting: dict[int, int] = defaultdict(int)  # a seat's choices not yet answered by the main thread
        self._pending: dict[Any, tuple[str, asyncio.TimerHandle]] = {}  # connection -> (address, deadline)
        self._retired: OrderedDict[bytes, str] = OrderedDict()
        self._retired_lock = threading.Lock()
        self._ready = threading.Event()
        self._error: BaseException | None = None

    # --- life -------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("The phone server did not start in time.")
        if self._error is not None:
            raise self._error
        return self.host, self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._loop_thread = threading.get_ident()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve())
        except BaseException as e:  # reported to start(); the thread ends
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.run_until_complete(self._shutdown())
        loop.close()

    async def _serve(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([
            web.get("/s/{token}", self._page),
            web.get("/ws/{token}", self._socket),
            web.get("/static/{name}", self._static),
            web.get("/", self._root),
        ])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        self._guard(self._runner.server)
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None)
        if sockets:  # port 0: the one the OS chose
            self.port = int(sockets[0].getsockname()[1])

    async def _shutdown(self) -> None:
        for seat, ws in list(self._sockets.items()):
            with language(self._lang.get(seat)):
                closed = _reason(_(TABLE_CLOSED))
            await ws.close(code=WSCloseCode.GOING_AWAY, message=closed)
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)

    # --- connections: a deadline to present a link, and a cap ---------------------------
    def _guard(self, server: Any) -> None:
        """Watch every connection aiohttp's server accepts. aiohttp has no hook for
        a new connection, so its server's two connection callbacks are wrapped."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: Any, transport: Any) -> None:
            made(handler, transport)
            self._opened(handler, transport)

        def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
            self._forget(handler)
            lost(handler, exc)

        server.connection_made, server.connection_lost = connection_made, connection_lost

    def _opened(self, handler: Any, transport: Any) -> None:
        peer = transport.get_extra_info("peername")
        who = str(peer[0]) if peer else "?"
        same = sum(1 for w, _ in self._pending.values() if w == who)
        assert self._loop is not None
        if len(self._pending) >= MAX_PENDING or same >= MAX_PENDING_PER_ADDRESS:
            # Too many connections that are no seat's page: this one is refused, once
            # aiohttp has started its handler (aborted before, the handler trips).
            self._loop.call_soon(transport.abort)
            return
        self._pending[handler] = (who, self._loop.call_later(self.link_deadline, self._expire, handler, transport))

    def _forget(self, handler: Any) -> None:
        entry = self._pending.pop(handler, None)
        if entry is not None:
            entry[1].cancel()

    def _expire(self, handler: Any, transport: Any) -> None:
        if self._pending.pop(handler, None) is not None:
            transport.abort()  # no seat's websocket after LINK_DEADLINE: idle, half-sent, or a page long served

    def pending(self) -> int:
        """Connections open that are not a seat's websocket (for tests and the bench)."""
        return len(self._pending)

    # --- from the hub (its messages are built on this loop; notes come from the main thread)
    def on_loop(self, fn: Any) -> None:
        """fn() on this server's loop, after what was asked before it (any thread)."""
        self._call(fn)

    def send(self, seat: int, message: dict[str, Any]) -> None:
        if self._loop is None:
            return
        data = json.dumps(message)
        allowed = None
        if message.get("type") == "view":
            allowed = offers(message)
        elif message.get("type") in ("over", "error"):
            allowed = frozenset()  # the page shows no choice now
        if threading.get_ident() == self._loop_thread:
            self._queue(seat, data, message.get("type") == "view", allowed)  # built here: no hop
        else:
            self._call(self._queue, seat, data, message.get("type") == "view", allowed)

    def retire(self, token: str, sentence: str) -> None:
        """An old link (any thread): its page will read `sentence` instead of opening a seat."""
        with self._retired_lock:
            self._retired[_digest(token)] = sentence
            while len(self._retired) > RETIRED:
                self._retired.popitem(last=False)

    def drop(self, seat: int, reason: str) -> None:
        self._call(lambda: asyncio.ensure_future(self._drop(seat, reason)))

    def _call(self, fn: Any, *args: Any) -> None:
        """fn(*args) on the server's loop; nothing once the server has stopped."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # closed just now: the server stopped, nobody to tell
            pass

    def _queue(self, seat: int, data: str, is_view: bool, offers: frozenset[str] | None = None) -> None:
        if offers is not None:
            self._offers[seat] = offers
        if is_view:
            self._latest[seat] = data
        else:
            self._notes[seat].append(data)
        self._wake.setdefault(seat, asyncio.Event()).set()

    async def _drop(self, seat: int, reason: str) -> None:
        ws = self._sockets.pop(seat, None)
        self._offers.pop(seat, None)
        self._latest.pop(seat, None)
        self._notes.pop(seat, None)
        self._sent.pop(seat, None)
        if ws is not None:
            await ws.close(code=4001, message=_reason(reason))

    # --- HTTP ----------------------------------------------------------------------------
    def _limited(self, request: web.Request) -> bool:
        who = request.remote or "?"
        now = time.monotonic()
        q = self._bad[who]
        while q and now - q[0] > BAD_TOKEN_WINDOW:
            q.popleft()
        return len(q) >= BAD_TOKEN_LIMIT

    def _why(self, token: str) -> str:
        """Why a link that once opened a seat does not now; "" for one that never did."""
        why = self.gateway.gone(token)
        if not why:
            with self._retired_lock:
                why = self._retired.get(_digest(token), "")
        return why

    def _bad_token(self, request: web.Request) -> web.Response:
        lang = visitor_language(request)
        with language(lang):
            why = self._why(request.match_info.get("token", ""))
        if why:  # a link that was real: say why it is closed (not a guess, not counted)
            return web.Response(status=404, text=gone_page(why, lang), content_type="text/html")
        self._bad[request.remote or "?"].append(time.monotonic())
        with language(lang):
            unknown = _(_UNKNOWN)
        return web.Response(status=404, text=gone_page(unknown, lang), content_type="text/html")

    def _too_many(self, request: web.Request) -> web.Response:
        with language(visitor_language(request)):
            return web.Response(status=429, text=_(TOO_MANY))

    def _seat(self, request: web.Request) -> int | None:
        return self.gateway.seat_of(request.match_info.get("token", ""))

    async def _root(self, request: web.Request) -> web.Response:
        lang = visitor_language(request)
        with language(lang):
            unknown = _(_UNKNOWN)
        return web.Response(status=404, text=gone_page(unknown, lang), content_type="text/html")

    def _page_language(self, seat: int, request: web.Request) -> str:
        asked, cookie = request.query.get("lang"), request.cookies.get(COOKIE)
        accept = request.headers.get("Accept-Language")
        choose = getattr(self.gateway, "page_language", None)
        if choose is None:  # a gateway that keeps no languages: the phone's own, else the table's
            return decide(asked, None, cookie, accept)
        return str(choose(seat, asked, cookie, accept))

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if self._limited(request):
            return self._too_many(request)
        seat = self._seat(request)
        if seat is None:
            return self._bad_token(request)
        lang = self._page_language(seat, request)
        # The same bytes for every seat reading a language (the token is only in the address);
        # never kept by a cache, shared or not: a seat's address is its key.
        response = web.Response(body=self._seat_page(lang), content_type="text/html", charset="utf-8",
                                headers=_PAGE_HEADERS)
        if shipped(request.query.get("lang")) == lang:  # chosen on this phone: it keeps the choice
            response.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, path="/", samesite="Strict", httponly=True)
        return response

    def _seat_page(self, lang: str = "en") -> bytes:
        """seat.html in `lang` (pages.seat_page), encoded once per language."""
        found = self._page_bytes.get(lang)
        if found is None:
            found = self._page_bytes[lang] = seat_page(STATIC / "seat.html", lang)
        return found

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in ("seat.js", "seat.css"):
            raise web.HTTPNotFound()
        return web.FileResponse(STATIC / name)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if self._limited(request):
            return self._too_many(request)
        origin = request.headers.get("Origin")
        if origin is not None and origin not in (f"http://{request.host}", f"https://{request.host}"):
            with language(visitor_language(request)):
                return web.Response(status=403, text=_(ELSEWHERE))
        seat = self._seat(request)
        asked = shipped(request.query.get("lang"))  # the page's language; bogus: the seat's or the table's
        if seat is None:
            with language(asked or visitor_language(request)):
                why = self._why(request.match_info.get("token", ""))
            if not why:
                return self._bad_token(request)
            # An old page reconnecting (its game was abandoned, is over, or its link was
            # replaced): opened only to be closed at once with the sentence it shows.
            gone = web.WebSocketResponse(timeout=CLOSE_WAIT)
            await gone.prepare(request)
            await gone.close(code=4001, message=_reason(why))
            return gone
        # timeout: how long a close waits for the page's answer, reading what it still
        # sends; short, so closing a flooding phone cannot keep the loop busy for long.
        ws = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=MAX_FRAME, timeout=CLOSE_WAIT)
        await ws.prepare(request)
        self._forget(request.protocol)  # a seat's page: no deadline now, the heartbeat watches it
        old = self._sockets.get(seat)
        self._sockets[seat] = ws
        known_of = getattr(self.gateway, "language_of", None)
        lang = self._lang[seat] = asked or (str(known_of(seat)) if known_of is not None else decide(
            None, None, request.cookies.get(COOKIE), request.headers.get("Accept-Language")))
        self._sent.pop(seat, None)  # a new page (another tab): it gets the newest view at once
        self._offers.pop(seat, None)  # ... and may act once the hub has sent it what it may do
        self._wake[seat] = asyncio.Event()  # this socket's own: the old one's pump never wakes again
        self._wake[seat].set()
        if old is not None:  # a second tab with the same link replaces the first
            with language(lang):
                elsewhere = _reason(_(ANOTHER_TAB))
            await old.close(code=4000, message=elsewhere)
        self.gateway.connected(seat, lang)
        sender = asyncio.ensure_future(self._pump(seat, ws))
        token = request.match_info["token"]
        allowance, last = float(MESSAGE_BURST), time.monotonic()
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                if self.gateway.seat_of(token) != seat:  # revoked, over, or its game left the table
                    with language(lang):
                        why = self._why(token) or _(_UNKNOWN)
                    await ws.close(code=4001, message=_reason(why))
                    break
                # At most MESSAGE_RATE messages a second: past the burst, this socket is
                # not read until it may be (aiohttp then stops reading the connection).
                now = time.monotonic()
                allowance = min(float(MESSAGE_BURST), allowance + (now - last) * MESSAGE_RATE)
                last = now
                if allowance < 1.0:
                    await asyncio.sleep((1.0 - allowance) / MESSAGE_RATE)
                    allowance, last = 1.0, time.monotonic()
                allowance -= 1.0
                if len(msg.data) > MAX_MESSAGE:
                    self._refuse(seat, TOO_BIG)
                    continue
                try:
                    data = json.loads(msg.data)
                except (ValueError, RecursionError):  # garbage, or nesting deep enough to exhaust the parser
                    continue
                if isinstance(data, dict) and data.get("type") == "choose":
                    self._choose(seat, data)
                else:
                    self._refuse(seat, NOT_A_CHOICE)
        finally:
            sender.cancel()
            if self._sockets.get(seat) is ws:
                del self._sockets[seat]
                self._latest.pop(seat, None)  # the next page gets the hub's fresh view, not a stale one
                self._offers.pop(seat, None)
            self.gateway.disconnected(seat)
        return ws

    def _choose(self, seat: int, data: dict[str, Any]) -> None:
        """A phone's choice: refused here unless its page was offered it (the key and
        its complete picks); only those, at most MAX_WAITING a seat, reach the main
        thread."""
        key, picks, confirmed = data.get("choice"), data.get("picks"), data.get("confirmed", False)
        if not isinstance(key, str) or len(key) > MAX_KEY or not (picks is None or isinstance(picks, dict)) \
                or not isinstance(confirmed, bool):
            self._refuse(seat, NOT_A_CHOICE)
            return
        try:
            answer = answer_key(key, picks)
        except (TypeError, ValueError, RecursionError):
            self._refuse(seat, NOT_A_CHOICE)
            return
        if answer not in self._offers.get(seat, ()):
            self._refuse(seat, NOT_NOW)
            return
        if self._waiting[seat] >= MAX_WAITING:
            self._refuse(seat, SLOW_DOWN)
            return
        self._waiting[seat] += 1

        def answered() -> None:  # on the main thread, once the hub has answered it (never raises)
            self._call(self._answered, seat)

        self.gateway.choose(seat, key, json.loads(answer)["picks"], confirmed, answered)

    def _answered(self, seat: int) -> None:
        self._waiting[seat] = max(0, self._waiting[seat] - 1)

    def _refuse(self, seat: int, word: str) -> None:
        """One of this server's refusals (a constant above), in the seat's page's language."""
        with language(self._lang.get(seat)):
            sentence = _(word)
        self._queue(seat, json.dumps({"type": "said", "ok": False, "sentence": sentence}), False)

    def waiting(self, seat: int) -> int:
        """A seat's actions handed to the main thread and not yet answered."""
        return self._waiting[seat]

    async def _pump(self, seat: int, ws: web.WebSocketResponse) -> None:
        wake = self._wake[seat]
        while not ws.closed:
            await wake.wait()
            wake.clear()
            out = []
            notes = self._notes.get(seat)
            while notes:
                out.append(notes.popleft())
            data = self._latest.get(seat)
            if data is not None and data != self._sent.get(seat):
                out.insert(0, data)
                self._sent[seat] = data
            for item in out:
                if ws.closed:
                    return
                try:
                    await ws.send_str(item)
                except (ConnectionError, RuntimeError):
                    return


__all__ = ["PhoneServer"]

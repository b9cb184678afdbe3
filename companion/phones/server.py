"""The phones' web server: aiohttp on its own thread and asyncio loop.

It only moves bytes. A seat's page is /s/<token>; its live channel is the
websocket /ws/<token>. Everything that touches the game goes to the app's main
thread through the Gateway (PhoneHub), and what the hub sends comes back here
with send() (thread-safe), so a slow phone never slows the table: each seat has
a small outbox and only the newest view matters.

Security (see docs/phones.md): tokens are per seat and per game, compared in
constant time; bad tokens are rate-limited per address; the websocket's Origin
must be this server; no access log (paths carry tokens).
"""
from __future__ import annotations

import asyncio
import json
import pathlib
import threading
import time
from collections import defaultdict, deque
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from .hub import Gateway

STATIC = pathlib.Path(__file__).with_name("static")
BAD_TOKEN_LIMIT = 10  # bad tokens an address may try in BAD_TOKEN_WINDOW seconds
BAD_TOKEN_WINDOW = 60.0
MAX_MESSAGE = 8192  # bytes a phone may send in one message

_GONE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Maya companion</title>
<style>body{font-family:sans-serif;background:#1d1a16;color:#f3ead8;padding:2em;font-size:20px}</style>
</head><body><h1>This link does not open a seat</h1>
<p>It is old, was replaced at the table, or the game is over.
Scan your seat's QR code on the table screen again.</p></body></html>"""


class PhoneServer:
    """Start with start(); stop with stop(). send/drop may be called from any thread."""

    def __init__(self, gateway: Gateway, host: str = "0.0.0.0", port: int = 0):
        self.gateway = gateway
        self.host, self.port = host, port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._sockets: dict[int, web.WebSocketResponse] = {}
        self._latest: dict[int, str] = {}  # the newest view per seat (a slow phone skips older ones)
        self._notes: dict[int, deque[str]] = defaultdict(lambda: deque(maxlen=8))  # "said", "over", …
        self._sent: dict[int, str] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._bad: dict[str, deque[float]] = defaultdict(deque)
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
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None)
        if sockets:  # port 0: the one the OS chose
            self.port = int(sockets[0].getsockname()[1])

    async def _shutdown(self) -> None:
        for ws in list(self._sockets.values()):
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"The table closed.")
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)

    # --- from the main thread ---------------------------------------------------------
    def send(self, seat: int, message: dict[str, Any]) -> None:
        data = json.dumps(message)
        if self._loop is None:
            return
        self._loop.call_soon_threadsafe(self._queue, seat, data, message.get("type") == "view")

    def drop(self, seat: int, reason: str) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._drop(seat, reason)))

    def _queue(self, seat: int, data: str, is_view: bool) -> None:
        if is_view:
            self._latest[seat] = data
        else:
            self._notes[seat].append(data)
        self._wake.setdefault(seat, asyncio.Event()).set()

    async def _drop(self, seat: int, reason: str) -> None:
        ws = self._sockets.pop(seat, None)
        self._latest.pop(seat, None)
        self._notes.pop(seat, None)
        self._sent.pop(seat, None)
        if ws is not None:
            await ws.close(code=4001, message=reason.encode()[:120])

    # --- HTTP ----------------------------------------------------------------------------
    def _limited(self, request: web.Request) -> bool:
        who = request.remote or "?"
        now = time.monotonic()
        q = self._bad[who]
        while q and now - q[0] > BAD_TOKEN_WINDOW:
            q.popleft()
        return len(q) >= BAD_TOKEN_LIMIT

    def _bad_token(self, request: web.Request) -> web.Response:
        self._bad[request.remote or "?"].append(time.monotonic())
        return web.Response(status=404, text=_GONE_PAGE, content_type="text/html")

    def _seat(self, request: web.Request) -> int | None:
        return self.gateway.seat_of(request.match_info.get("token", ""))

    async def _root(self, request: web.Request) -> web.Response:
        return web.Response(status=404, text=_GONE_PAGE, content_type="text/html")

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if self._limited(request):
            return web.Response(status=429, text="Too many wrong links from this device; wait a minute.")
        if self._seat(request) is None:
            return self._bad_token(request)
        return web.FileResponse(STATIC / "seat.html", headers={"Cache-Control": "no-store",
                                                                 "Referrer-Policy": "no-referrer"})

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in ("seat.js", "seat.css"):
            raise web.HTTPNotFound()
        return web.FileResponse(STATIC / name)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if self._limited(request):
            return web.Response(status=429, text="Too many wrong links from this device; wait a minute.")
        seat = self._seat(request)
        if seat is None:
            return self._bad_token(request)
        origin = request.headers.get("Origin")
        if origin is not None and origin not in (f"http://{request.host}", f"https://{request.host}"):
            return web.Response(status=403, text="This page belongs to another site.")
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        old = self._sockets.get(seat)
        self._sockets[seat] = ws
        self._sent.pop(seat, None)  # a new page (another tab): it gets the newest view at once
        self._wake[seat] = asyncio.Event()  # this socket's own: the old one's pump never wakes again
        self._wake[seat].set()
        if old is not None:  # a second tab with the same link replaces the first
            await old.close(code=4000, message=b"Opened on another tab.")
        self.gateway.connected(seat)
        sender = asyncio.ensure_future(self._pump(seat, ws))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                if self.gateway.seat_of(request.match_info["token"]) != seat:
                    break  # revoked while connected
                try:
                    data = json.loads(msg.data)
                except (ValueError, RecursionError):  # garbage, or nesting deep enough to exhaust the parser
                    continue
                if isinstance(data, dict) and data.get("type") == "act":
                    self.gateway.action(seat, data.get("action"))
        finally:
            sender.cancel()
            if self._sockets.get(seat) is ws:
                del self._sockets[seat]
                self._latest.pop(seat, None)  # the next page gets the hub's fresh view, not a stale one
            self.gateway.disconnected(seat)
        return ws

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


def lan_address() -> str:
    """This machine's address on the local network, for the QR codes (no traffic sent)."""
    import socket

    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127."):
            return addr
    return "127.0.0.1"


__all__ = ["PhoneServer", "lan_address"]

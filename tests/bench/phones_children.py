"""The child processes of bench_phones.py (kept apart so that file stays short).

TABLE_CHILD: the app under Xvfb, a Mayan Curse game for six, phones on, and a
CLIENTS process playing six phones on loopback (another device: its CPU is not
the table's). Touchscreen moves alternate between phases with the six phones
connected and phases with none (the same process, the same game). Each move
gives:

* frame: from the move entered on the main thread to the return of the
  Window.flip that shows it (the app's swap gate wraps flip; this wraps it again);
* phone (connected phases): from the move's commit to the sixth phone's receipt
  of its new message (the main thread meanwhile runs as the app's does at 60 Hz:
  a frame, then asleep until the next), and from the table's own frame (the
  flip's return) to that receipt; right after, the anchor: the same six messages' bytes
  pushed from the main thread through a bare aiohttp websocket server (its own
  thread and loop, like the phone server) to six sockets of the same CLIENTS
  process, to the sixth receipt.

PAGE_CHILD (no window): the phone server's seat page against a bare aiohttp
`Response` of the same bytes and headers on a second server of the same kind,
both in this process, loaded in turn by a client process with 4 connections
(kept alive, then a new connection per request) in interleaved one-second windows.
"""

TABLE_CHILD = r'''
import asyncio, json, os, random, subprocess, sys, threading, time
os.environ["KIVY_NO_ARGS"] = "1"
from kivy.config import Config
Config.set("graphics", "maxfps", "0")
from kivy_ui.driver import AppDriver
from aiohttp import web
from kivy.core.window import Window
from companion.rules.engine import CHANCE
from companion.table.session import Session

MOVES, PHASE = int(sys.argv[1]), int(sys.argv[2])
clients_code = sys.argv[3]
FSYNC_MS = float(os.environ.get("PHONES_BENCH_FSYNC_MS", "0"))
if FSYNC_MS:  # an SD card: the journal's explicit fsync delayed (companion/store/durable.py)
    from companion.store import durable
    _real_fsync = durable.fsync
    def _slow_fsync(fd):
        time.sleep(FSYNC_MS / 1000)
        return _real_fsync(fd)
    durable.fsync = _slow_fsync
d = AppDriver(simulate=True); d.start()
d.until(lambda: d.app.journal is not None)
app = d.app
players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
games = [7]
def new_game():
    games[0] += 1
    s = Session.create(app.journal, "mayan-curse", players, seed=games[0])
    commits = []
    s.subscribe(lambda _s, what: commits.append(time.perf_counter()) if what == "action" else None)
    app._attach(s); d.frames(3)
    return s, commits
s, commits = new_game()
from kivy_ui.phones import service
svc = service(); assert svc.start(), svc.problem
port = svc.server.port
d.frames(2)
orig_flip = Window.flip
flips = []
def flip(*a, **k):
    out = orig_flip(*a, **k)
    flips.append(time.perf_counter())
    return out
Window.flip = flip  # "on screen": the return of flip (held by the swap gate until the fsync returned)

# the bare anchor: a websocket server that only pushes what it is given
bare_loop = asyncio.new_event_loop()
bare_ws = {}
async def bare_socket(request):
    ws = web.WebSocketResponse(); await ws.prepare(request)
    bare_ws[int(request.match_info["seat"])] = ws
    async for _m in ws:
        pass
    return ws
async def bare_start():
    a = web.Application(); a.add_routes([web.get("/b/{seat}", bare_socket)])
    r = web.AppRunner(a, access_log=None, handle_signals=False); await r.setup()
    site = web.TCPSite(r, "127.0.0.1", 0); await site.start()
    return site._server.sockets[0].getsockname()[1]
threading.Thread(target=lambda: (asyncio.set_event_loop(bare_loop), bare_loop.run_forever()), daemon=True).start()
bare_port = asyncio.run_coroutine_threadsafe(bare_start(), bare_loop).result(10)

cl = subprocess.Popen([sys.executable, "-c", clients_code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
got = []  # (kind, seat, time, text) as the clients report them
def reader():
    for line in cl.stdout:
        kind, seat, t, text = line.rstrip("\n").split(" ", 3)
        got.append((kind, int(seat), float(t), text))
threading.Thread(target=reader, daemon=True).start()
def tell(*words):
    cl.stdin.write(" ".join(map(str, words)) + "\n"); cl.stdin.flush()
tell("bare", f"ws://127.0.0.1:{bare_port}/b/")
d.until(lambda: len(bare_ws) == 6, 20)

def connect():
    tell("phones", f"http://127.0.0.1:{port}", *[svc.hub.token(seat) for seat in range(6)])
    ok = d.until(lambda: len(svc.connected()) == 6, 20)
    d.until(lambda: len({seat for k, seat, _t, _x in got if k == "phone"}) == 6, 5)
    d.frames(5)
    return ok
def disconnect():
    tell("close")
    d.until(lambda: not svc.connected(), 20); d.frames(5)

def sixth(kind, t0, n0, timeout=2.0):
    """The sixth seat's first message of `kind` received after got[n0:], in seconds
    after t0, and the six texts; None if not all six came. Meanwhile the main
    thread runs as the app's does at 60 Hz: asleep until the next tick, then a frame."""
    end = time.perf_counter() + timeout
    slot = time.perf_counter()
    while time.perf_counter() < end:
        seen = {}
        for k, seat, t, text in got[n0:]:
            if k == kind and t > t0 and seat not in seen:
                seen[seat] = (t, text)
        if len(seen) == 6:
            return max(t for t, _x in seen.values()) - t0, [seen[i][1] for i in range(6)]
        if time.perf_counter() - slot >= 1 / 60:
            slot = time.perf_counter()
            d.frames(1)
        else:
            time.sleep(0.0005)
    return None

rows = []  # (phase, frame_s, phone_s, bare_s, main_s, after_frame_s): None where not measured
rng = random.Random(3)
connected = False
phase_left = 0
moves = 0
while moves < MOVES:
    if phase_left == 0:
        if connected:
            disconnect(); connected = False
        else:
            connected = connect()
        phase_left = PHASE
    if s.is_over():
        if connected:
            disconnect(); connected = False
        s, commits = new_game(); phase_left = 0
        continue
    seats = sorted(a for a in s.actors() if a != CHANCE)
    if not seats:
        d.frames(1); continue
    legal = [a for a in s.legal_actions(seats[0]) if a["type"] != "escape"] or s.legal_actions(seats[0])
    d.frames(2)
    n_flips, n_got, n_commits = len(flips), len(got), len(commits)
    taken = getattr(svc.hub, "main_seconds", None)
    n_taken = len(taken) if taken is not None else 0
    t0 = time.perf_counter()
    if not app.table.play(rng.choice(legal)):
        d.frames(1); continue
    d.until(lambda: len(flips) > n_flips, 2)
    frame = next((f for f in flips[n_flips:] if f > t0), None)
    phone = bare = main_s = after = None
    if connected and len(commits) > n_commits:
        r = sixth("phone", commits[n_commits], n_got)
        if r is not None:
            phone, texts = r
            if frame is not None:
                after = commits[n_commits] + phone - frame
            if taken is not None and len(taken) > n_taken:
                main_s = sum(taken[n_taken:])
            d.frames(3); time.sleep(0.002)
            n_got = len(got)
            t1 = time.perf_counter()
            def push(texts=texts):
                for seat, text in enumerate(texts):
                    asyncio.ensure_future(bare_ws[seat].send_str(text))
            bare_loop.call_soon_threadsafe(push)
            rb = sixth("bare", t1, n_got)
            bare = rb[0] if rb is not None else None
    if frame is not None:
        rows.append(("on" if connected else "off", frame - t0, phone, bare, main_s, after))
    moves += 1; phase_left -= 1
    d.frames(3)
print("BENCH " + json.dumps({"rows": rows, "bytes": [len(x[3]) for x in got if x[0] == "phone"][-6:]}), flush=True)
tell("quit")
svc.stop(); d.stop()
'''

CLIENTS = r'''
import asyncio, sys, time
import aiohttp
out = sys.stdout
def say(kind, seat, text):
    out.write(f"{kind} {seat} {time.perf_counter()!r} {text}\n"); out.flush()
async def hold(c, kind, seat, url, origin, box):
    ws = await c.ws_connect(url, origin=origin, heartbeat=None)
    box.append(ws)
    async for m in ws:
        if m.type == aiohttp.WSMsgType.TEXT:
            say(kind, seat, m.data.replace("\n", " "))
async def main():
    loop = asyncio.get_running_loop()
    lines = asyncio.Queue()
    loop.add_reader(sys.stdin.fileno(), lambda: lines.put_nowait(sys.stdin.readline()))
    async with aiohttp.ClientSession() as c:
        phones, tasks = [], []
        while True:
            words = (await lines.get()).split()
            if not words or words[0] == "quit":
                return
            if words[0] == "bare":
                for seat in range(6):
                    asyncio.ensure_future(hold(c, "bare", seat, words[1] + str(seat), None, []))
            elif words[0] == "phones":
                base, tokens = words[1], words[2:]
                for seat, tok in enumerate(tokens):
                    tasks.append(asyncio.ensure_future(hold(c, "phone", seat, f"{base}/ws/{tok}", base, phones)))
            elif words[0] == "close":
                for ws in phones:
                    await ws.close()
                for t in tasks:
                    t.cancel()
                phones, tasks = [], []
asyncio.run(main())
'''

PAGE_CHILD = r'''
import asyncio, json, os, subprocess, sys, tempfile, threading
from aiohttp import web
from companion.store.journal import Journal
from companion.phones.hub import PhoneHub
from companion.phones.server import PhoneServer
from companion.table.session import Session
from companion.table.controller import TableController

ROUNDS, SECONDS = int(sys.argv[1]), float(sys.argv[2])
load_code = sys.argv[3]
j = Journal.open(os.path.join(tempfile.mkdtemp(prefix="bench-page-"), "journal.sqlite3"))
s = Session.create(j, "mayan-curse", ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"], seed=7)
table = TableController(s)
posted = []
hub = PhoneHub(table, posted.append)
table.subscribe(hub.changed)
server = PhoneServer(hub.gateway(), "127.0.0.1", 0)
server.start(); hub.attach(server)
ours = f"http://127.0.0.1:{server.port}/s/{hub.token(2)}"

import urllib.request
with urllib.request.urlopen(ours) as r:
    body, headers = r.read(), {k: v for k, v in r.headers.items() if k in ("Cache-Control", "Referrer-Policy")}
    ctype = r.headers.get_content_type()

loop = asyncio.new_event_loop()
async def bare_page(_request):
    return web.Response(body=body, content_type=ctype, charset="utf-8", headers=headers)
async def start():
    a = web.Application(); a.add_routes([web.get("/s/{token}", bare_page)])
    r = web.AppRunner(a, access_log=None, handle_signals=False); await r.setup()
    site = web.TCPSite(r, "127.0.0.1", 0); await site.start()
    return site._server.sockets[0].getsockname()[1]
threading.Thread(target=lambda: (asyncio.set_event_loop(loop), loop.run_forever()), daemon=True).start()
bare = f"http://127.0.0.1:{asyncio.run_coroutine_threadsafe(start(), loop).result(10)}/s/{hub.token(2)}"
out = subprocess.run([sys.executable, "-c", load_code, str(ROUNDS), str(SECONDS), ours, bare, str(len(body))],
                     capture_output=True, text=True, timeout=600)
line = next((x for x in out.stdout.splitlines() if x.startswith("LOAD ")), None)
print("BENCH " + json.dumps({"bytes": len(body), "load": json.loads(line[5:]) if line else None,
                             "error": out.stderr[-1500:]}), flush=True)
server.stop()
'''

LOAD = r'''
import asyncio, json, sys, time
import aiohttp
rounds, seconds, ours, bare, size = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
async def window(c, url):
    n, bad, end = 0, 0, time.perf_counter() + seconds
    async def one():
        nonlocal n, bad
        while time.perf_counter() < end:
            async with c.get(url) as r:
                data = await r.read()
                if r.status == 200 and len(data) == size:
                    n += 1
                else:
                    bad += 1
    t0 = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(4)))
    return n / (time.perf_counter() - t0), bad
async def main():
    res = {}
    # kept: 4 keep-alive connections; fresh: a new connection per request (a phone
    # opening its link: the companion's connection guard sees each one)
    for how in ("kept", "fresh"):
        r = res[how] = {"ours": [], "bare": [], "bad": 0}
        conn = aiohttp.TCPConnector(limit=4, force_close=how == "fresh")
        async with aiohttp.ClientSession(connector=conn) as c:
            await window(c, ours); await window(c, bare)  # warm up
            for i in range(rounds):
                for name in (("ours", "bare") if i % 2 == 0 else ("bare", "ours")):
                    rate, bad = await window(c, ours if name == "ours" else bare)
                    r[name].append(rate); r["bad"] += bad
    print("LOAD " + json.dumps(res), flush=True)
asyncio.run(main())
'''

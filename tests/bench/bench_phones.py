"""Phones and the table: figures against anchors measured in the same run.

    python tests/bench/run.py phones
    python tests/bench/bench_phones.py table|page|flood     # one part

* table (phones_children.py TABLE_CHILD: one app process under Xvfb, a Mayan Curse
  game for six, six phones in another process on loopback): the table's frame
  (a touchscreen move to the return of the Window.flip that shows it) in phases
  of 10 moves with six phones connected and 10 with none, alternating; the
  figure is the median of the neighbouring phases' ratios, with their spread
  (target <= 1.1x). A move to the sixth phone: from its commit to the sixth
  receipt, against a bare websocket push of the same six messages' bytes from
  the main thread to six sockets of the same phone process, right after each
  move (p50 target <= 2x, p99 reported); also from the table's frame to the
  sixth receipt, and the main thread's time for the peeks phones journal;
* page (PAGE_CHILD): the seat page's requests/s against a bare aiohttp
  `Response` of the same bytes and headers on a second server in the same
  process, 4 connections kept alive and 4 new connections per request,
  interleaved one-second windows (target >= 0.8x);

* flood (no window): a table tap under phone traffic: the time from a tap being posted to the main
  thread to its move being entered (session, controller, hub and phone server as
  the app wires them, the main thread a queue like Kivy's clock), with a phone in
  another process sending refused actions as fast as it can ("refused"), or
  opening connections with wrong links as fast as it can ("links"), against the
  same taps with no traffic, in interleaved windows of the same run; the figure is
  the median of the per-window ratios with their spread, and the added time at
  the median and p90 against one frame (16.7 ms).

PHONES_BENCH_CHECKOUT=DIR measures another checkout's code (the code before a
change) with this bench, for every part. PHONES_BENCH_FSYNC_MS=10 delays the
journal's explicit fsync in the table's process (an SD card; needs
companion/store/durable.py).
"""
from __future__ import annotations

import itertools
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import display_env, pct
from phones_children import CLIENTS, LOAD, PAGE_CHILD, TABLE_CHILD

ROOT = pathlib.Path(__file__).resolve().parents[2]


FLOOD_CHILD = r'''
import json, os, queue, random, resource, select, subprocess, sys, tempfile, threading, time
from companion.rules.engine import CHANCE
from companion.store.journal import Journal
from companion.phones.hub import PhoneHub
from companion.phones.server import PhoneServer
from companion.table.session import Session
from companion.table.controller import TableController

WINDOWS, TAPS, GAP = int(sys.argv[1]), int(sys.argv[2]), 0.02
STUCK = 60.0  # a tap not answered in this long is counted as this long, and ends its window
NICE = int(os.environ.get("PHONES_BENCH_FLOODER_NICE", "10"))
kinds = sys.argv[3].split(",")
flooder_code = sys.argv[4]
q = queue.Queue()
errors = []
def main_loop():  # the app's main thread: runs what is posted, in order (Kivy's Clock)
    while True:
        fn = q.get()
        if fn is None:
            return
        try:
            fn()
        except Exception as e:  # noqa: BLE001 -- counted and shown: the bench must not hang on one
            errors.append(repr(e))
threading.Thread(target=main_loop, daemon=True).start()
def call(fn):
    box, ev = {}, threading.Event()
    def run():
        try:
            box["v"] = fn()
        finally:
            ev.set()
    q.put(run)
    if not ev.wait(STUCK):
        raise TimeoutError
    return box.get("v")

folder = tempfile.mkdtemp(prefix="bench-flood-")
state = {}
def new_game(seed):
    if "journal" not in state:
        state["journal"] = Journal.open(os.path.join(folder, "journal.sqlite3"))
    s = Session.create(state["journal"], "maya", ["Ana", "Ben", "Cy"], seed=seed)
    state["session"], state["table"] = s, TableController(s, settle=0)
    return s
server = None
def fresh(seed):
    """A new game and its phones' hub on the same server, as the app does (kivy_ui/phones.py):
    each window starts one, so no window sees a game end (its links would close)."""
    s = new_game(seed)
    hub = PhoneHub(state["table"], q.put)
    state["table"].subscribe(hub.changed)
    if server is not None:
        server.gateway = hub.gateway()
        hub.attach(server)
    state["hub"] = hub
    return hub
call(lambda: fresh(1))
server = PhoneServer(state["hub"].gateway(), "127.0.0.1", 0)
server.start()
state["hub"].attach(server)
def url():
    return f"http://127.0.0.1:{server.port}/ws/{state['hub'].token(0)}"
rng = random.Random(5)
games = [1]
def tap():  # a touch on the table: the current player's move, entered like a touch
    s = state["session"]
    if s.is_over():
        return False
    seats = [a for a in sorted(s.actors(), key=str) if a != CHANCE]
    legal = s.legal_actions(seats[0]) if seats else []
    return state["table"].play(rng.choice(legal)) if legal else False

def taps(n, kind, which):
    out = []
    r0, w0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    for _ in range(n):
        t0 = time.perf_counter()
        try:
            call(tap)
        except TimeoutError:  # the table is stuck behind the phone: counted, and the window ends
            out.append(STUCK)
            result[kind]["stuck"] += 1
            break
        out.append(time.perf_counter() - t0)
        time.sleep(GAP)
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    # this process's CPU seconds per wall second in the window
    result[kind]["cpu_" + which].append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
                                        / (time.perf_counter() - w0))
    return out

for _ in range(10):  # warm up
    call(tap)
result = {k: {"quiet": [], "busy": [], "sent": 0, "stuck": 0, "cpu_quiet": [], "cpu_busy": []} for k in kinds}
for w in range(WINDOWS):
    for kind in kinds:
        order = ("quiet", "busy") if w % 2 == 0 else ("busy", "quiet")
        for which in order:
            games[0] += 1
            call(lambda: fresh(games[0]))
            if which == "quiet":
                result[kind]["quiet"].append(taps(TAPS, kind, "quiet"))
                continue
            errfile = tempfile.TemporaryFile(mode="w+")
            # The phone is another device: its own CPU is not the table's. On a shared
            # bench machine it runs niced so it does not take the table's core; its
            # messages still arrive as fast as it can send them.
            f = subprocess.Popen([sys.executable, "-c", flooder_code, kind, url()], stdout=subprocess.PIPE,
                                 stderr=errfile, text=True, preexec_fn=lambda: os.nice(NICE))
            if not select.select([f.stdout], [], [], 60)[0] or f.stdout.readline().strip() != "go":
                f.kill()
                errfile.seek(0)
                raise SystemExit(f"BENCH-STUCK the flooding phone ({kind}, window {w}) could not connect: "
                                 + errfile.read()[-600:])
            time.sleep(0.5)  # let the flood build up a backlog, as in phone_flood.py
            result[kind]["busy"].append(taps(TAPS, kind, "busy"))
            f.terminate()
            try:
                out, _ = f.communicate(timeout=10)
                result[kind]["sent"] += int((out.strip().splitlines() or ["0"])[-1] or 0)
            except (subprocess.TimeoutExpired, ValueError):
                f.kill()
            t0 = time.perf_counter()
            try:
                call(lambda: None)  # what the flood left queued for the main thread drains before the next window
            except TimeoutError:
                pass
            result[kind].setdefault("drain", []).append(time.perf_counter() - t0)
result["errors"] = errors[:5]
print("BENCH " + json.dumps(result), flush=True)
server.stop()
q.put(None)
'''

FLOODER = r'''
import asyncio, json, os, signal, sys
import aiohttp
kind, url = sys.argv[1], sys.argv[2]
sent = 0
def bye(*_):
    print(sent, flush=True)
    os._exit(0)
signal.signal(signal.SIGTERM, bye)
async def refused():
    global sent
    bad = json.dumps({"type": "choose", "choice": "nonsense"})
    told = False
    while True:
        try:
            # from an address of its own (127.0.0.3): another device than the one guessing links
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.3", 0))) as cs:
                ws = await cs.ws_connect(url)
                if not told:
                    print("go", flush=True); told = True
                while True:  # as fast as a websocket allows; never reads, never answers a ping
                    await ws.send_str(bad)
                    sent += 1
                    if sent % 200 == 0:
                        await asyncio.sleep(0)
        except (aiohttp.ClientError, ConnectionError, OSError):
            await asyncio.sleep(0.05)  # dropped: come back at once
async def links():
    global sent
    base = url.split("/ws/")[0]
    print("go", flush=True)
    async def one(i):
        global sent
        while True:
            try:
                host, port = base.split("//")[1].split(":")
                r, w = await asyncio.open_connection(host, int(port), local_addr=("127.0.0.2", 0))
                w.write(f"GET /s/guess{i}-{sent} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
                await r.read(1000)
                w.close()
                sent += 1
            except OSError:
                await asyncio.sleep(0.01)
    await asyncio.gather(*(one(i) for i in range(16)))
asyncio.run(refused() if kind == "refused" else links())
'''


def flood(windows: int = 8, taps: int = 25, kinds: str = "refused,links"):
    """A table tap under phone traffic against the same taps without (see the docstring)."""
    checkout = pathlib.Path(os.environ.get("PHONES_BENCH_CHECKOUT", ROOT))
    env = dict(os.environ, PYTHONPATH=str(checkout))
    out = subprocess.run([sys.executable, "-c", FLOOD_CHILD, str(windows), str(taps), kinds, FLOODER], cwd=checkout,
                         env=env, capture_output=True, text=True, timeout=1800)
    lines = [json.loads(x[6:]) for x in out.stdout.splitlines() if x.startswith("BENCH ")]
    if not lines:
        yield {"bench": "phones", "figure": "table_tap_under_phone_traffic", "ok": False, "checkout": str(checkout),
               "error": out.stderr[-2000:] + out.stdout[-1000:]}
        return
    ms = lambda v: round(v * 1000, 2)  # noqa: E731
    errors = lines[0].pop("errors", [])
    for kind, r in lines[0].items():
        ratios = [statistics.median(b) / statistics.median(q) for q, b in zip(r["quiet"], r["busy"])]
        quiet = [x for w in r["quiet"] for x in w]
        busy = [x for w in r["busy"] for x in w]
        added50 = statistics.median(busy) - statistics.median(quiet)
        added90 = pct(busy, 0.9) - pct(quiet, 0.9)
        yield {"bench": "phones", "figure": f"table_tap_under_{kind}_flood", "checkout": str(checkout),
               "ratio": round(statistics.median(ratios), 2), "spread": [round(min(ratios), 2), round(max(ratios), 2)],
               "quiet_p50_ms": ms(statistics.median(quiet)), "busy_p50_ms": ms(statistics.median(busy)),
               "quiet_p90_ms": ms(pct(quiet, 0.9)), "busy_p90_ms": ms(pct(busy, 0.9)),
               "added_p50_ms": ms(added50), "added_p90_ms": ms(added90), "worst_busy_ms": ms(max(busy)),
               "drain_after_flood_ms": ms(max(r.get("drain") or [0])), "flood_messages": r["sent"],
               "target": "added p90 < one frame (16.7 ms)", "ok": added90 < 1 / 60,
               "windows": len(ratios), "taps_per_window": len(r["quiet"][0]) if r["quiet"] else 0,
               "main_thread_errors": errors, "flooder_nice": int(os.environ.get("PHONES_BENCH_FLOODER_NICE", "10")),
               "table_process_cpu_s_per_s": {"quiet": round(statistics.median(r["cpu_quiet"]), 3),
                                             "busy": round(statistics.median(r["cpu_busy"]), 3)},
               "taps_stuck_over_60s": r["stuck"]}


def _spread(values):
    return [round(min(values), 2), round(max(values), 2)] if values else None


def table(moves: int = 240, phase: int = 10):
    """The table's frame with six phones connected against none, and a move to the
    sixth phone against a bare websocket push of the same bytes (phones_children.py)."""
    checkout = pathlib.Path(os.environ.get("PHONES_BENCH_CHECKOUT", ROOT))
    env, xvfb = display_env()
    env["PYTHONPATH"] = str(checkout)
    env["MAYA_COMPANION_DATA"] = tempfile.mkdtemp(prefix="bench-phones-")
    env["KIVY_HOME"] = tempfile.mkdtemp(prefix="bench-phones-kivy-")
    env["SDL_AUDIODRIVER"] = "dummy"
    try:
        out = subprocess.run([sys.executable, "-c", TABLE_CHILD, str(moves), str(phase), CLIENTS], cwd=checkout,
                             env=env, capture_output=True, text=True, timeout=1200)
    finally:
        if xvfb is not None:
            xvfb.terminate()
    lines = [json.loads(x[6:]) for x in out.stdout.splitlines() if x.startswith("BENCH ")]
    if not lines:
        yield {"bench": "phones", "figure": "table_frame_six_phones", "ok": False, "checkout": str(checkout),
               "error": out.stderr[-2000:] + out.stdout[-1000:]}
        return
    rows = lines[0]["rows"]
    ms = lambda v: round(v * 1000, 2)  # noqa: E731
    # Phases alternate (10 moves with six phones, 10 with none): each pair of
    # neighbouring phases gives one ratio, so a slow stretch of the machine hits both.
    phases, last = [], None
    for phase_name, frame, *_ in rows:
        if phase_name != last:
            phases.append((phase_name, []))
            last = phase_name
        phases[-1][1].append(frame)
    ratios = []
    for (a, fa), (b, fb) in itertools.pairwise(phases):
        if a != b:
            on, off = (fa, fb) if a == "on" else (fb, fa)
            ratios.append(statistics.median(on) / statistics.median(off))
    on = [r[1] for r in rows if r[0] == "on"]
    off = [r[1] for r in rows if r[0] == "off"]
    taken = [r[4] for r in rows if r[4] is not None]
    if on and off:
        r = statistics.median(ratios) if ratios else float("nan")
        yield {"bench": "phones", "figure": "table_frame_six_phones", "anchor": "the same moves with no phone",
               "checkout": str(checkout), "ratio": round(r, 3), "spread": _spread(ratios), "phase_pairs": len(ratios),
               "fsync_delay_ms": float(os.environ.get("PHONES_BENCH_FSYNC_MS", "0")),
               "on_p50_ms": ms(statistics.median(on)), "off_p50_ms": ms(statistics.median(off)),
               "on_p99_ms": ms(pct(on, 0.99)), "off_p99_ms": ms(pct(off, 0.99)),
               "p99_ratio": round(pct(on, 0.99) / pct(off, 0.99), 2), "samples": [len(on), len(off)],
               "main_thread_ms_per_phone_peek": {"p50": ms(statistics.median(taken)), "p99": ms(pct(taken, 0.99)),
                                                 "peeks": len(taken)} if taken else None,
               "target": "<= 1.1x", "ok": r <= 1.1}
    pairs = [(r[2], r[3]) for r in rows if r[2] is not None and r[3] is not None]
    after = [r[5] for r in rows if r[5] is not None]
    if pairs:
        phone, bare = [p for p, _b in pairs], [b for _p, b in pairs]
        per_move = [p / b for p, b in pairs]
        for q, name in ((0.5, "p50"), (0.99, "p99")):
            r = pct(phone, q) / pct(bare, q)
            yield {"bench": "phones", "figure": f"move_to_sixth_phone_{name}",
                   "anchor": "a bare websocket push of the same bytes to six sockets", "checkout": str(checkout),
                   "ms": ms(pct(phone, q)), "anchor_ms": ms(pct(bare, q)), "ratio": round(r, 2),
                   "per_move_ratio_p50": round(statistics.median(per_move), 2),
                   "per_move_p10_p90": [round(pct(per_move, 0.1), 2), round(pct(per_move, 0.9), 2)],
                   "samples": len(pairs), "bytes": lines[0]["bytes"],
                   "fsync_delay_ms": float(os.environ.get("PHONES_BENCH_FSYNC_MS", "0")),
                   "from_the_tables_frame_ms": ms(pct(after, q)) if after else None,
                   "from_the_tables_frame_ratio": round(pct(after, q) / pct(bare, q), 2) if after else None,
                   "target": "<= 2x" if name == "p50" else "(reported)", "ok": r <= 2 if name == "p50" else None}


def page(rounds: int = 8, seconds: float = 1.0):
    """The seat page's requests/s against a bare aiohttp Response of the same bytes."""
    checkout = pathlib.Path(os.environ.get("PHONES_BENCH_CHECKOUT", ROOT))
    env = dict(os.environ, PYTHONPATH=str(checkout))
    out = subprocess.run([sys.executable, "-c", PAGE_CHILD, str(rounds), str(seconds), LOAD], cwd=checkout, env=env,
                         capture_output=True, text=True, timeout=900)
    lines = [json.loads(x[6:]) for x in out.stdout.splitlines() if x.startswith("BENCH ")]
    if not lines or not lines[0]["load"]:
        yield {"bench": "phones", "figure": "seat_page_requests_per_s", "ok": False, "checkout": str(checkout),
               "error": out.stderr[-2000:] + (lines[0]["error"] if lines else "")}
        return
    for how, load in lines[0]["load"].items():
        ratios = [o / b for o, b in zip(load["ours"], load["bare"])]
        r = statistics.median(ratios)
        yield {"bench": "phones", "figure": f"seat_page_requests_per_s_{how}",
               "anchor": "a bare aiohttp Response, same bytes and headers", "checkout": str(checkout),
               "connections": "4 kept alive" if how == "kept" else "4 at a time, a new one per request",
               "ratio": round(r, 2), "spread": _spread(ratios),
               "per_s": round(statistics.median(load["ours"])), "anchor_per_s": round(statistics.median(load["bare"])),
               "bytes": lines[0]["bytes"], "failed_requests": load["bad"], "windows": len(ratios),
               "target": ">= 0.8x", "ok": r >= 0.8}


def run():
    yield from page()
    yield from table()
    yield from flood()


if __name__ == "__main__":
    # bench_phones.py [flood|table|page]: only those figures
    args = sys.argv[1:]
    parts = {"flood": flood, "table": table, "page": page}
    for line in (parts[args[0]]() if args[:1] and args[0] in parts else run()):
        print(json.dumps(line), flush=True)

"""Phones under load: six phones and the table through a whole Mayan Curse game.

    python tests/bench/run.py phones

One app process under Xvfb (started here when there is no DISPLAY), the frame cap
off, a Mayan Curse game for six; six websocket clients (one per seat) on loopback
in a thread of their own. Turns alternate between the touchscreen and a phone:

* phone → frame: from the phone sending its move to the frame that shows it on the
  table (Window.on_flip), against the anchor touchscreen → frame: from the same kind
  of move entered on the main thread to its frame, in the same run;
* table → phones: from the move being committed to the moment the last of the six
  phones has received its new view (p99; target under 100 ms);
* idle CPU: the app with six phones connected and nothing happening, against the
  same app with phones off, interleaved 5 s windows.
"""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import display_env, pct

ROOT = pathlib.Path(__file__).resolve().parents[2]

CHILD = r'''
import asyncio, json, os, random, resource, statistics, sys, threading, time
os.environ["KIVY_NO_ARGS"] = "1"
from kivy.config import Config
Config.set("graphics", "maxfps", "0")
from kivy_ui.driver import AppDriver
import aiohttp
from kivy.core.window import Window
from companion.engine import CHANCE
from companion.session import Session

d = AppDriver(simulate=True); d.start()
d.until(lambda: d.app.journal is not None)
app = d.app
players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
s = Session.create(app.journal, "mayan-curse", players, seed=7)
app._attach(s); d.frames(3)
from kivy_ui.phones import service
svc = service(); assert svc.start(), svc.problem
port = svc.server.port
flips = []
Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))

got = {seat: [] for seat in range(6)}   # (time, message) per phone
loop = asyncio.new_event_loop()
sockets = {}
async def client(seat):
    async with aiohttp.ClientSession() as c:
        ws = await c.ws_connect(f"http://127.0.0.1:{port}/ws/{svc.hub.token(seat)}", origin=f"http://127.0.0.1:{port}")
        sockets[seat] = ws
        async for m in ws:
            if m.type == aiohttp.WSMsgType.TEXT:
                got[seat].append((time.perf_counter(), json.loads(m.data)))
threading.Thread(target=lambda: (asyncio.set_event_loop(loop), loop.run_forever()), daemon=True).start()
for seat in range(6):
    asyncio.run_coroutine_threadsafe(client(seat), loop)
d.until(lambda: len(svc.connected()) == 6, 20)

def frame_after(t):
    d.until(lambda: any(f > t for f in flips), 2)
    return next((f for f in flips if f > t), None)

commits = []
s.subscribe(lambda _s, _what: commits.append(time.perf_counter()))  # the moment a move is committed
rng = random.Random(3)
touch, phone, fanout = [], [], []
private_types = s.game.private_action_types
turn = skipped = 0
while not s.is_over() and turn < 400:
    seats = sorted(a for a in s.actors() if a != CHANCE)
    if not seats:
        d.frames(1); continue
    seat = seats[0]
    legal = [a for a in s.legal_actions(seat) if a["type"] != "escape"] or s.legal_actions(seat)
    private = [a for a in legal if a["type"] in private_types]
    n = len(s.actions)
    counts = {k: len(v) for k, v in got.items()}
    by_phone = bool(turn % 2 and private)
    action = rng.choice(private if by_phone else legal)
    t0 = time.perf_counter()
    if by_phone:
        asyncio.run_coroutine_threadsafe(sockets[seat].send_json({"type": "act", "action": action}), loop)
        d.until(lambda: len(s.actions) > n, 5)
    else:
        app.table.play(action)
    if len(s.actions) <= n:
        skipped += 1; turn += 1; continue
    committed = commits[-1]  # the phone's move was committed inside the frames run above
    frame = frame_after(committed)
    if frame is not None:
        (phone if by_phone else touch).append(frame - t0)
    d.until(lambda: all(len(got[k]) > counts[k] for k in range(6)), 5)
    if all(len(got[k]) > counts[k] for k in range(6)):
        fanout.append(max(got[k][-1][0] for k in range(6)) - committed)
    turn += 1

def cpu(seconds):
    r0 = resource.getrusage(resource.RUSAGE_SELF); t = time.monotonic()
    d.until(lambda: time.monotonic() - t > seconds, seconds + 5)
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    return (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
Config.set("graphics", "maxfps", "60")
from kivy.clock import Clock
Clock._max_fps = 60
with_phones, without = [], []
for _ in range(3):
    with_phones.append(cpu(5))
    svc.stop(); d.frames(2)
    without.append(cpu(5))
    svc.start(); d.frames(2)
print("BENCH " + json.dumps({"touch": touch, "phone": phone, "fanout": fanout, "turns": turn, "skipped": skipped,
                            "over": s.is_over(), "idle_with": with_phones, "idle_without": without}), flush=True)
svc.stop(); d.stop()
'''


def run():
    env, xvfb = display_env()
    env["MAYA_COMPANION_DATA"] = tempfile.mkdtemp(prefix="bench-phones-")
    env["KIVY_HOME"] = tempfile.mkdtemp(prefix="bench-phones-kivy-")
    env["SDL_AUDIODRIVER"] = "dummy"
    try:
        out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=900)
    finally:
        if xvfb is not None:
            xvfb.terminate()
    lines = [json.loads(x[6:]) for x in out.stdout.splitlines() if x.startswith("BENCH ")]
    if not lines:
        yield {"bench": "phones", "ok": False, "error": out.stderr[-2000:] + out.stdout[-2000:]}
        return
    r = lines[0]
    if not r["phone"] or not r["touch"] or not r["fanout"]:
        yield {"bench": "phones", "ok": False, "error": "too few samples",
               **{k: (len(v) if isinstance(v, list) else v) for k, v in r.items()}}
        return
    ms = lambda v: round(v * 1000, 2)  # noqa: E731
    for q, name in ((0.5, "p50"), (0.99, "p99")):
        p, t = pct(r["phone"], q), pct(r["touch"], q)
        yield {"bench": "phones", "figure": f"phone_to_frame_{name}", "ms": ms(p), "anchor": "touch_to_frame",
               "anchor_ms": ms(t), "ratio": round(p / t, 2), "target": "<= 2x and < 100 ms",
               "ok": p / t <= 2 and p < 0.1, "samples": len(r["phone"])}
    f99 = pct(r["fanout"], 0.99)
    yield {"bench": "phones", "figure": "table_to_six_phones_p99", "ms": ms(f99), "p50_ms": ms(pct(r["fanout"], 0.5)),
           "target": "< 100 ms", "ok": f99 < 0.1, "samples": len(r["fanout"]), "game_over": r["over"]}
    ratios = [a / b for a, b in zip(r["idle_with"], r["idle_without"]) if b > 0]
    median = round(sorted(ratios)[len(ratios) // 2], 2) if ratios else None
    yield {"bench": "phones", "figure": "idle_cpu_six_phones", "anchor": "phones off", "ratio": median,
           "spread": [round(min(ratios), 2), round(max(ratios), 2)] if ratios else None,
           "cpu_s_with": r["idle_with"], "cpu_s_without": r["idle_without"]}

"""Hardware benchmarks: tag latency through a pty, button latency, idle reader CPU.

    python tests/bench/run.py hardware

* tag latency: from the moment the last byte of a frame is written into the
  pseudo-terminal to the TagEvent reaching the sink (target p99 < 5 ms), per protocol;
* button latency: from a pin edge driven on another thread (as gpiozero's callback
  thread does on a Pi) to the ButtonEvent taken off a queue.Queue by the consumer;
* idle CPU: CPU time of an idle reader thread (no tag; the PN532 keeps polling)
  over 10 s, read from the thread's own CPU clock (target < 1% of one core).
"""
from __future__ import annotations

import pathlib
import queue
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import pct  # noqa: E402
from hardware.buttons import Buttons
from hardware.config import ButtonConfig, ReaderConfig
from hardware.events import ButtonEvent, DeviceStatus, TagEvent
from hardware.rfid import ascii125, pn532
from hardware.rfid.reader import Reader
from hardware.sim import SimFactory, SimReader
from hardware.timers import Timers

ROUNDS = 300
IDLE_SECONDS = 10.0


def _connected(q: queue.Queue) -> None:
    while True:
        e = q.get(timeout=5)
        if isinstance(e, DeviceStatus) and e.status == "connected":
            return


def tag_latency(protocol: str) -> dict:
    sim = SimReader(protocol)
    arrived = queue.Queue()
    status = queue.Queue()

    def sink(e):
        if isinstance(e, TagEvent):
            arrived.put((time.perf_counter(), e.uid))
        else:
            status.put(e)

    reader = Reader(ReaderConfig(port=sim.path, protocol=protocol, unseen=60.0, poll=0.005), sink).start()
    _connected(status)
    written = {}
    uids = ["DEADBEEF", "04A224E2C15C80"] if protocol == "pn532" else ["62E3086CED", "0102030405"]
    if protocol == "pn532":
        # the twin answers polls; note when the last byte of each answer naming a tag is written
        real_write = sim.write

        def timed_write(data):
            # noted just before the write: the reader may post the event before this
            # thread runs again (it only adds the few microseconds of the write itself)
            for uid in uids:
                if bytes.fromhex(uid) in data:
                    written.setdefault(uid, time.perf_counter())
            real_write(data)
        sim.write = timed_write
    lat = []
    for i in range(ROUNDS):
        uid = uids[i % 2]  # a different tag each time: each frame is a new presentation
        written.pop(uid, None)
        if protocol == "pn532":
            sim.present(uid)
        else:
            sim.write(ascii125.encode(uid, b"\r\n" if protocol == "id12" else b""))
            written[uid] = time.perf_counter()
        t, got = arrived.get(timeout=5)
        assert got == uid, (got, uid)
        lat.append((t - written[uid]) * 1000)
    reader.close()
    sim.close()
    p99 = pct(lat, 0.99)
    return {"bench": f"hardware.tag_latency.{protocol}", "rounds": ROUNDS,
            "p50_ms": round(pct(lat, 0.5), 3), "p99_ms": round(p99, 3), "max_ms": round(max(lat), 3),
            "target": "p99 < 5 ms", "ok": p99 < 5.0}


def button_latency() -> dict:
    timers = Timers()
    factory = SimFactory()
    q = queue.Queue()
    buttons = Buttons([ButtonConfig("seat1", 5, debounce=0.002, hold_time=10.0)], q.put, timers, pin_factory=factory)
    pin = buttons["seat1"].pin
    edges = queue.Queue()

    def gpio_thread():  # stands in for gpiozero's callback thread on a Pi
        for _ in range(ROUNDS):
            pin.drive_low()
            time.sleep(0.004)
            t0 = time.perf_counter()
            pin.drive_high()  # the release edge: a short press is posted now
            edges.put(t0)
            time.sleep(0.004)

    threading.Thread(target=gpio_thread, daemon=True).start()
    lat = []
    for _ in range(ROUNDS):
        e = q.get(timeout=5)
        t = time.perf_counter()
        assert e == ButtonEvent("seat1", "press"), e
        assert q.get(timeout=5).kind == "release"
        lat.append((t - edges.get(timeout=5)) * 1000)
    buttons.close()
    timers.close()
    p99 = pct(lat, 0.99)
    return {"bench": "hardware.button_latency", "rounds": ROUNDS, "p50_ms": round(pct(lat, 0.5), 3),
            "p99_ms": round(p99, 3), "target": "p99 < 5 ms (edge to consumer)", "ok": p99 < 5.0}


def idle_cpu() -> list[dict]:
    rows = []
    rigs = []
    for protocol in ("rdm6300", "pn532"):
        sim = SimReader(protocol)
        status = queue.Queue()
        reader = Reader(ReaderConfig(port=sim.path, protocol=protocol), status.put).start()
        _connected(status)
        rigs.append((protocol, sim, reader, time.pthread_getcpuclockid(reader._thread.ident)))
    start = [(time.clock_gettime(clk), time.monotonic()) for *_, clk in rigs]
    time.sleep(IDLE_SECONDS)
    for (protocol, sim, reader, clk), (cpu0, wall0) in zip(rigs, start):
        share = (time.clock_gettime(clk) - cpu0) / (time.monotonic() - wall0) * 100
        rows.append({"bench": f"hardware.idle_reader_cpu.{protocol}", "seconds": IDLE_SECONDS,
                     "cpu_percent_of_one_core": round(share, 3), "target": "< 1%", "ok": share < 1.0})
        reader.close()
        sim.close()
    return rows


def run() -> list[dict]:
    rows = [tag_latency(p) for p in ("rdm6300", "id12", "pn532")]
    rows.append(button_latency())
    rows += idle_cpu()
    return rows


if __name__ == "__main__":
    import json
    for row in run():
        print(json.dumps(row))

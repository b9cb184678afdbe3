"""A quick measurement, not a test: what a Maya Madness move costs in the real app
from `table.play` to the return of `Window.flip` (the swap, as the benchmarks
measure "on screen"), with the journal's fsync inline or deferred (the swap
gate), with `durable.fsync` slowed by 10 ms (an SD card) or a no-op. The modes
take turns move by move, in one process. The real benchmark is tests/bench's.

    xvfb-run -a .venv/bin/python tests/reliability/fsync_move_cost.py [moves per mode] [fsync ms]
    .venv/bin/python tests/reliability/fsync_move_cost.py session [moves per mode] [fsync ms]

`session`: no window; how long `Session.act` holds the main thread, and act ->
the swap: `frame ms` of CPU work on the main thread (the frame being prepared,
GIL held), then `wait_synced`, inline against deferred.

    .venv/bin/python tests/reliability/fsync_move_cost.py session [moves per mode] [fsync ms] [frame ms]
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("MAYA_COMPANION_DATA", tempfile.mkdtemp(prefix="maya-fsync-"))
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(moves: int = 150, delay_ms: float = 10.0) -> None:
    from kivy.config import Config

    Config.set("graphics", "maxfps", "0")  # a frame as soon as there is one to draw, as the benchmarks do
    from kivy.core.window import Window

    from companion.bots import get_bot
    from companion.rules.engine import CHANCE
    from companion.store import durable
    from kivy_ui.driver import AppDriver

    real = durable.fsync

    def slow(fd: int) -> None:
        time.sleep(delay_ms / 1000)
        real(fd)

    def none(fd: int) -> None:
        pass

    d = AppDriver(simulate=True)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    journal = d.app.journal
    flips: list[float] = []
    swap = Window.flip  # the swap gate's flip: its return is "on screen"

    def timed_flip() -> None:
        swap()
        flips.append(time.perf_counter())

    Window.flip = timed_flip
    modes = {"inline, 10 ms fsync": (False, slow), "deferred, 10 ms fsync": (True, slow),
             "inline, no fsync": (False, none), "deferred, no fsync": (True, none)}
    times: dict[str, list[float]] = {m: [] for m in modes}
    rng, bot = random.Random(23), get_bot("maya-madness", "random")

    def new_game() -> None:
        assert d.app.start_game("maya-madness", ["Ana", "Ben", "Cy"], {"deck": "full"}, {}) is None
        d.frames(3)

    new_game()
    for i in range(moves * len(modes) + 20):
        table = d.app.table
        if table.session.is_over():
            new_game()
            table = d.app.table
        name = list(modes)[i % len(modes)]
        deferred, fsync = modes[name]
        journal.wait_synced()
        journal.defer_sync(deferred)
        durable.fsync = fsync
        d.frames(2)  # nothing left over from the move before
        seats = [a for a in table.session.actors() if a != CHANCE]
        action = bot.choose(table.session.game, table.session.state, rng.choice(seats), rng)
        flips.clear()
        t0 = time.perf_counter()
        table.play(action)
        while not flips and time.perf_counter() - t0 < 2:
            d.frames(1)
        if i >= 20 and flips:  # the first moves warm up (first renders); a move that draws nothing is left out
            times[name].append((flips[0] - t0) * 1000)
    durable.fsync = real
    journal.defer_sync(True)
    for name, ms in times.items():
        ms.sort()
        q = statistics.quantiles(ms, n=100)
        print(f"{name:24} n={len(ms)} p50 {statistics.median(ms):6.2f} ms  p90 {q[89]:6.2f}  p99 {q[98]:6.2f}")
    d.stop()


def session(moves: int = 300, delay_ms: float = 10.0, frame_ms: float = 0.0) -> None:
    from companion.bots import get_bot
    from companion.rules.engine import CHANCE
    from companion.store import durable
    from companion.store.journal import Journal
    from companion.table.session import Session

    real = durable.fsync

    def slow(fd: int) -> None:
        time.sleep(delay_ms / 1000)
        real(fd)

    durable.fsync = slow
    j = Journal.open(os.path.join(os.environ["MAYA_COMPANION_DATA"], "journal.sqlite3"))
    rng, bot = random.Random(23), get_bot("maya-madness", "random")
    acts: dict[bool, list[float]] = {False: [], True: []}
    synced: dict[bool, list[float]] = {False: [], True: []}
    s = None
    for i in range(2 * moves):
        if s is None or s.is_over():
            s = Session.create(j, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full"})
        deferred = bool(i % 2)
        j.defer_sync(deferred)
        seats = [a for a in s.actors() if a != CHANCE]
        action = bot.choose(s.game, s.state, rng.choice(seats), rng)
        t0 = time.perf_counter()
        s.act(action)
        t1 = time.perf_counter()
        while time.perf_counter() - t1 < frame_ms / 1000:
            pass  # the frame is prepared: widgets, layout, drawing
        j.wait_synced()
        t2 = time.perf_counter()
        acts[deferred].append((t1 - t0) * 1000)
        synced[deferred].append((t2 - t0) * 1000)
    for deferred in (False, True):
        name = "deferred" if deferred else "inline"
        print(f"{name:9} {delay_ms:g} ms fsync, {frame_ms:g} ms frame: act() p50 "
              f"{statistics.median(acts[deferred]):6.2f} ms, act -> swap p50 {statistics.median(synced[deferred]):6.2f}"
              f" ms (n={len(acts[deferred])})")
    j.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    run = session if args[:1] == ["session"] else main
    args = args[1:] if run is session else args
    run(*(float(a) if i else int(a) for i, a in enumerate(args)))  # type: ignore[operator]

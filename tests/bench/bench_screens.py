"""Issue 13's journal-size targets measured to the frame, in the app.

    python tests/bench/run.py screens

* past_games_to_frame: on Home, the tap on "Past games" -> the Window.on_flip
  of the frame showing its first page (the rows filled), with a journal of
  10,000 finished games against the same with an empty journal; target <= 1.5x.
  The same with 100 finished games is reported beside it.
* home_to_frame: on Past games, the tap on "Back" -> the frame showing Home
  with its games in progress listed (Home refreshes on every show), with 100
  unfinished games against 1; target <= 1.5x.

Each child is a fresh app (kivy_ui.driver.AppDriver, frame cap off) under Xvfb
(started here when there is no DISPLAY) whose data folder is a temporary copy
of a journal prepared once in this process (MAYA_COMPANION_DATA: the user's own
journal is never touched). Children share a bytecode cache in the bench's
temporary folder (PYTHONPYCACHEPREFIX), filled by a first child that is not
counted, as an installed app has its modules compiled. A child opens Past games and goes back Home REPS
times, timing both taps; the kinds of journal alternate child by child, round
by round. The first opening of Past games also builds the screen (its .kv, its
widgets), so it is reported apart ("first_*", one per child); the figure is
the later ones ("warm"): the median of the round-by-round ratios of the
children's medians, and their spread (min, max); each kind's median in ms is
of all its samples. A warm opening shows the same page as the one before (as
reopening Past games does), so unchanged rows keep their textures. For Home,
the first sample is the first return to Home.
"""
from __future__ import annotations

import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from bench_history import fill  # 10,000 finished games in one transaction
from common import display_env

from companion.store.journal import FILENAME, Journal

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROUNDS = 5
REPS = 10
TARGET = 1.5

# kind -> (finished games, unfinished games) in its journal
KINDS = {"empty": (0, 0), "past100": (100, 0), "past10k": (10_000, 0), "open1": (0, 1), "open100": (0, 100)}

CHILD = r"""
import json, os, sys, time
os.environ["KIVY_NO_ARGS"] = "1"
from kivy.config import Config
from kivy_ui.driver import AppDriver, configure_window
configure_window()
Config.set("graphics", "maxfps", "0")
REPS = int(sys.argv[1])
d = AppDriver(simulate=True); d.start()
if not d.until(lambda: d.app.journal is not None and d.app.devices is not None, 30):
    raise SystemExit("the journal never opened")
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
app, sm = d.app, d.app.sm
flips = []
Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))
finished, unfinished = app.journal.history_count(), app.journal.in_progress_count()

def shown(name, rows):
    # the screen is the only one in the manager (the switch is over) and its list is filled
    s = sm.current_screen
    return (s is not None and s.name == name and not sm.transition.is_active and sm.children == [s]
            and len(rows(s).children) == want[name])

want = {"history": min(6, finished) or 1, "home": min(3, unfinished)}
rows = {"history": lambda s: s.ids.games, "home": lambda s: s.ids.resume_list}

def tap_to_frame(widget, name):
    d.frames(3)
    x, y = widget.to_window(*widget.center)
    n = len(flips)
    t0 = time.perf_counter()
    touch = UnitTestTouch(x, y); touch.touch_down(); touch.touch_up()
    for _ in range(500):
        d.loop.idle()
        if len(flips) > n and shown(name, rows[name]):
            return (flips[-1] - t0) * 1000
    raise SystemExit(f"no frame showed {name}: {sm.current} {[len(rows[k](app.screen(k)).children) for k in want]}")

past, home = [], []
assert shown("home", rows["home"]), (sm.current, want)
for _ in range(REPS):
    past.append(tap_to_frame(app.screen("home").ids.history, "history"))
    home.append(tap_to_frame(app.screen("history").ids.back, "home"))
print("BENCH " + json.dumps({"past_ms": past, "home_ms": home, "finished": finished, "unfinished": unfinished}),
      flush=True)
d.stop()
"""


def _unfinished(journal: Journal, n: int) -> None:
    """n Maya Madness games in progress, a few moves each, made through Session
    (the app's own path). Only for the bench: the file is not synced move by move."""
    from companion.bots import get_bot, move
    from companion.store import durable
    from companion.table.session import Session

    rng = random.Random(5)
    bot = get_bot("maya-madness", "random")
    names = ["Ana", "Ben", "Cleo", "Dev", "Eve"]
    with durable.unsynced():
        _fill(journal, n, rng, bot, names, Session, move)


def _fill(journal, n, rng, bot, names, Session, move) -> None:
    for i in range(n):
        s = Session.create(journal, "maya-madness", rng.sample(names, 3), seed=i,
                           meta={"colours": ["Red", "Blue", "Green"]})
        for _ in range(3):
            if s.is_over() or not s.actors():
                break
            seat = next(iter(s.actors()))
            s.act(move(bot, s.game, s.state, seat, rng))
        s.close()


def prepare(folder: pathlib.Path) -> dict[str, pathlib.Path]:
    """One journal file per kind, closed (checkpointed), to be copied into each child's data folder."""
    out = {}
    for kind, (finished, unfinished) in KINDS.items():
        path = folder / kind / FILENAME
        journal = Journal.open(path)
        if finished:
            fill(journal, finished)
        if unfinished:
            _unfinished(journal, unfinished)
        assert journal.history_count() == finished and journal.in_progress_count() == unfinished
        journal.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        journal.close()
        out[kind] = path
    return out


def _child(env: dict, journal: pathlib.Path, reps: int, timeout: float = 180) -> dict:
    """One fresh app on a copy of `journal`; its BENCH report."""
    home = tempfile.mkdtemp(prefix="maya-bench-screens-")
    data = os.path.join(home, "data")
    os.makedirs(data, mode=0o700)
    shutil.copyfile(journal, os.path.join(data, FILENAME))
    env = dict(env, KIVY_HOME=os.path.join(home, "kivy"), MAYA_COMPANION_DATA=data,
               MAYA_COMPANION_CONFIG=os.path.join(home, "none.toml"))
    script = os.path.join(home, "child.py")  # a file: Kivy's App looks for its class's source
    with open(script, "w") as f:
        f.write(CHILD)
    try:
        out = subprocess.run([sys.executable, script, str(reps)], env=env, cwd=ROOT, capture_output=True,
                             text=True, timeout=timeout)
        for line in out.stdout.splitlines():
            if line.startswith("BENCH "):
                return json.loads(line[6:])
        raise RuntimeError(f"benchmark child (exit {out.returncode}) reported nothing:\n"
                           f"{out.stdout[-1500:]}\n{out.stderr[-1500:]}")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _ratios(subject: list[float], anchor: list[float]) -> tuple[float, list[float]]:
    """The median and the (min, max) of round-by-round ratios."""
    per_round = [x / y for x, y in zip(subject, anchor)]
    return round(statistics.median(per_round), 2), [round(min(per_round), 2), round(max(per_round), 2)]


def _figure(bench: str, warm: dict[str, list[list[float]]], first: dict[str, list[float]], subject: str,
            anchor: str, **extra) -> dict:
    """warm[kind]: the warm ms of each child of that kind, round by round; first[kind]:
    each child's first one. The figure is the median of the round-by-round ratios of
    the children's medians, with their spread; each kind's median is of every sample."""
    med = {k: [statistics.median(child) for child in v] for k, v in warm.items()}
    ratio, spread = _ratios(med[subject], med[anchor])
    first_ratio, first_spread = _ratios(first[subject], first[anchor])
    return {"bench": bench, subject + "_median_ms": round(statistics.median(x for c in warm[subject] for x in c), 2),
            anchor + "_median_ms": round(statistics.median(x for c in warm[anchor] for x in c), 2),
            "ratio": ratio, "spread": spread, **extra,
            "first_" + subject + "_median_ms": round(statistics.median(first[subject]), 2),
            "first_" + anchor + "_median_ms": round(statistics.median(first[anchor]), 2),
            "first_ratio": first_ratio, "first_spread": first_spread, "first_ok": first_ratio <= TARGET,
            "rounds": len(warm[subject]), "reps_per_child": len(warm[subject][0]),
            "target": f"<= {TARGET}x {anchor}", "ok": ratio <= TARGET}


def run() -> Iterator[dict]:
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-screens-"))
    env, xvfb = display_env(bytecode_cache=str(folder / "pycache"))
    try:
        t0 = time.perf_counter()
        journals = prepare(folder)
        prepared_s = round(time.perf_counter() - t0, 1)
        # a first child, not counted, fills the children's bytecode cache (common.display_env)
        _child(env, journals["past10k"], 1)
        warm: dict[str, list[list[float]]] = {k: [] for k in KINDS}
        first: dict[str, list[float]] = {k: [] for k in KINDS}
        for rnd in range(ROUNDS):
            order = list(KINDS) if rnd % 2 == 0 else list(reversed(KINDS))
            for kind in order:
                report = _child(env, journals[kind], REPS)
                assert (report["finished"], report["unfinished"]) == KINDS[kind], (kind, report)
                # Past games' kinds are timed opening Past games; the others, going back Home.
                key = "home_ms" if kind.startswith("open") else "past_ms"
                first[kind].append(report[key][0])
                warm[kind].append(report[key][1:])
        yield _figure("past_games_to_frame", warm, first, "past10k", "empty",
                      past100_median_ms=round(statistics.median(x for c in warm["past100"] for x in c), 2),
                      first_past100_median_ms=round(statistics.median(first["past100"]), 2),
                      journals_prepared_s=prepared_s)
        yield _figure("home_to_frame", warm, first, "open100", "open1")
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    for line in run():
        print(json.dumps(line))

"""UI benchmarks, each a ratio against a bare Kivy window measured in the same run
(fresh subprocesses under Xvfb, started here when there is no DISPLAY; the kinds
alternate round by round; medians, with the spread):

    python tests/bench/run.py ui

* ui_startup: spawn -> the first frame flipped with home interactive (New game
  answers a touch), against a bare Kivy App showing one Label; target <= 1.15x.
  Both kinds read bytecode from one cache, filled by a first uncounted pair.
  The journal, tags and devices start after that frame (services_s says when).
* (retired, issue 23) ui_move_to_frame, a move's frame against a bare label in
  a window of its own: Kivy redraws the whole window, so that anchor measured
  the screen's size, not the move. bench_frame.py's frame_move_to_frame
  replaces it (the same screen with one label changed, each game, through touches).
* ui_idle_cpu: CPU seconds over 30 s with nothing happening, Home and a Maya
  Madness table screen, against a bare Kivy window; target <= 1.0x.
* ui_rss_games: resident memory after 30 whole games played through the table
  screen in one app process (BENCH_RSS_GAMES=300 for an evening), against a
  bare Kivy window; target <= 1.2x, and flat (at the end within 5 % of after 10).
"""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import display_env, pct

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROUNDS = 5
IDLE_S = 30
GAMES = int(os.environ.get("BENCH_RSS_GAMES", "30"))  # 300 for the evening-long figure (~15 min)

COMMON = r"""
import json, os, resource, sys, time
os.environ["KIVY_NO_ARGS"] = "1"
def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
def cpu_s():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
def report(**kw):
    kw["t"] = time.time()
    kw["rss_mb"] = rss_mb()
    print("BENCH " + json.dumps(kw), flush=True)
"""

BARE = COMMON + r"""
from kivy_ui.driver import configure_window
configure_window()
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.label import Label
IDLE = float(sys.argv[1]) if len(sys.argv) > 1 else 0
class Bare(App):
    def build(self):
        Window.bind(on_flip=self.flipped)
        return Label(text="bare", font_size="30sp")
    def flipped(self, *_):
        Window.unbind(on_flip=self.flipped)
        report(kind="bare")
        if not IDLE:
            self.stop()
            return
        Clock.schedule_once(self.begin, 3)
    def begin(self, _dt):
        self.cpu0 = cpu_s()
        Clock.schedule_once(self.end, IDLE)
    def end(self, _dt):
        report(kind="bare_idle", cpu_s=cpu_s() - self.cpu0)
        self.stop()
Bare().run()
"""

APP = COMMON + r"""
import kivy_ui.app as A
from kivy.clock import Clock
from kivy.core.window import Window
IDLE = float(sys.argv[1]) if len(sys.argv) > 1 else 0
WHERE = sys.argv[2] if len(sys.argv) > 2 else "home"
on_start = A.MayaApp.on_start
def patched(self):
    on_start(self)
    def flipped(*_):
        Window.unbind(on_flip=flipped)
        report(kind="app", screen=self.sm.current)
        if not IDLE:
            Clock.schedule_once(lambda _dt: services(self), 0)
        else:
            Clock.schedule_once(lambda _dt: idle(self), 1)
    Window.bind(on_flip=flipped)
def services(app):
    if app.journal is None or app.devices is None:
        Clock.schedule_once(lambda _dt: services(app), 0)
        return
    report(kind="services")
    app.stop()
def idle(app):
    if app.journal is None or app.devices is None:
        Clock.schedule_once(lambda _dt: idle(app), 0.1)
        return
    if WHERE == "game":
        app.start_game("maya-madness", ["Ana", "Ben", "Cy"], {}, {})
        app.table.play({"type": "start_card", "card": "+2"})
    def begin(_dt):
        app._cpu0 = cpu_s()
        Clock.schedule_once(end, IDLE)
    def end(_dt):
        report(kind="app_idle", screen=app.sm.current, cpu_s=cpu_s() - app._cpu0)
        app.stop()
    Clock.schedule_once(begin, 3)
A.MayaApp.on_start = patched
from kivy_ui.main import main
main(["--sim", "--window"])
"""

GAMES_RSS = COMMON + r"""
import random
from kivy_ui.driver import AppDriver
d = AppDriver(simulate=True); d.start()
d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
from companion.bots import get_bot
app, rng = d.app, random.Random(3)
bot = get_bot("maya-madness", "greedy")
marks = {}
for g in range(int(sys.argv[1])):
    app.start_game("maya-madness", ["Ana", "Ben", "Cy"], {"deck": "full"}, {})
    table, session = app.table, app.session
    moves = 0
    d.frames(2)
    while session.result() is None:
        acting = table.acting()  # the player at turn, or the dealer naming a Wild's count
        if not acting:
            d.frames(1)
            continue
        seat = acting[0]
        table.play(bot.choose(session.game, session.view(seat), session.legal_actions(seat), rng))
        moves += 1
        if moves % 4 == 0:
            d.frames(1)  # the screen follows (each move renders; a frame every few keeps the run short)
    d.frames(3)
    app.show("home")
    d.wait(0.6)  # Home on screen for a moment, as between two games at a table
    if g + 1 in (1, 10, 20, 30) or (g + 1) % 50 == 0:
        import gc; gc.collect()
        marks[g + 1] = rss_mb()
report(kind="games", marks=marks)
d.stop()
"""


def _child(code: str, env: dict, *args: str, kind: str | None = None, timeout: float = 300) -> tuple[dict, float]:
    """Run one fresh child; returns its BENCH report (the first, or the first of
    `kind`) and the spawn time."""
    home = tempfile.mkdtemp(prefix="maya-bench-")
    env = dict(env, KIVY_HOME=os.path.join(home, "kivy"), MAYA_COMPANION_DATA=os.path.join(home, "data"),
               MAYA_COMPANION_CONFIG=os.path.join(home, "none.toml"))
    script = os.path.join(home, "child.py")  # a file: Kivy's App looks for its class's source
    with open(script, "w") as f:
        f.write(code)
    try:
        spawned = time.time()
        out = subprocess.run([sys.executable, script, *args], env=env, cwd=ROOT, capture_output=True,
                             text=True, timeout=timeout)
        for line in out.stdout.splitlines():
            if line.startswith("BENCH "):
                report = json.loads(line[6:])
                if kind is None or report.get("kind") == kind:
                    return report, spawned
        raise RuntimeError(f"benchmark child {args} (exit {out.returncode}) reported nothing:\n"
                           f"{out.stdout[-1500:]}\n{out.stderr[-1500:]}")
    finally:
        shutil.rmtree(home, ignore_errors=True)


#: what bench_maya.py and bench_curse.py import for their move-to-frame children (display_env moved to common)
_display_env = display_env


def p99(values: list[float]) -> float:
    return pct(values, 0.99)


def spread(values: list[float]) -> list[float]:
    return [round(min(values), 3), round(max(values), 3)]


def run() -> Iterator[dict]:
    """Each figure as soon as it is measured (a late failure keeps the earlier ones)."""
    pycache = tempfile.mkdtemp(prefix="maya-bench-pycache-")
    env, xvfb = display_env(bytecode_cache=pycache)
    try:
        # a first pair of children, not counted, fills the bytecode cache for both kinds
        _child(BARE, env)
        _child(APP, env, kind="app")
        start: dict[str, list[float]] = {"bare": [], "app": [], "app_de": []}
        german = dict(env, LANG="de_DE.UTF-8", LANGUAGE="de")  # issue 24: a German table's start
        for _ in range(ROUNDS):
            report, spawned = _child(BARE, env)
            start["bare"].append(report["t"] - spawned)
            report, spawned = _child(APP, env, kind="app")
            start["app"].append(report["t"] - spawned)
            report, spawned = _child(APP, german, kind="app")
            start["app_de"].append(report["t"] - spawned)
        t_bare, t_app = statistics.median(start["bare"]), statistics.median(start["app"])
        t_de = statistics.median(start["app_de"])
        yield {"bench": "ui_startup", "app_first_frame_s": round(t_app, 3), "bare_kivy_s": round(t_bare, 3),
               "ratio": round(t_app / t_bare, 2), "app_spread_s": spread(start["app"]),
               "bare_spread_s": spread(start["bare"]), "rounds": ROUNDS,
               "target": "<= 1.15x bare window", "ok": t_app <= 1.15 * t_bare}
        yield {"bench": "ui_startup_german", "app_de_first_frame_s": round(t_de, 3),
               "app_en_first_frame_s": round(t_app, 3), "ratio_de_en": round(t_de / t_app, 2),
               "ratio_de_bare": round(t_de / t_bare, 2), "app_de_spread_s": spread(start["app_de"]),
               "rounds": ROUNDS, "target": "German start <= 1.15x bare window (catalogs load lazily)",
               "ok": t_de <= 1.15 * t_bare}

        idle: dict[str, list[float]] = {"bare": [], "home": [], "game": []}
        rss_bare = []
        for _ in range(2):
            report = _child(BARE, env, str(IDLE_S), kind="bare_idle")[0]
            idle["bare"].append(report["cpu_s"])
            rss_bare.append(report["rss_mb"])
            idle["home"].append(_child(APP, env, str(IDLE_S), "home", kind="app_idle")[0]["cpu_s"])
            idle["game"].append(_child(APP, env, str(IDLE_S), "game", kind="app_idle")[0]["cpu_s"])
        i_bare = statistics.median(idle["bare"])
        i_home, i_game = statistics.median(idle["home"]), statistics.median(idle["game"])
        yield {"bench": "ui_idle_cpu", "seconds": IDLE_S, "home_cpu_s": round(i_home, 3),
               "game_cpu_s": round(i_game, 3), "bare_kivy_cpu_s": round(i_bare, 3),
               "ratio_home": round(i_home / i_bare, 2), "ratio_game": round(i_game / i_bare, 2),
               "spread": {k: spread(v) for k, v in idle.items()},
               "target": "<= 1.0x bare window", "ok": max(i_home, i_game) <= i_bare}

        marks = _child(GAMES_RSS, env, str(GAMES), timeout=max(1200, 12 * GAMES))[0]["marks"]
        r_bare = statistics.median(rss_bare)
        r10, r_end = marks["10"], marks[str(GAMES)]
        yield {"bench": "ui_rss_games", "games": GAMES, "rss_after_mb": {k: round(v, 1) for k, v in marks.items()},
               "bare_kivy_mb": round(r_bare, 1), "ratio": round(r_end / r_bare, 2),
               f"growth_10_to_{GAMES}": round(r_end / r10, 3), "target": "<= 1.2x bare window, flat",
               "ok": r_end <= 1.2 * r_bare and r_end <= 1.05 * r10}
    finally:
        shutil.rmtree(pycache, ignore_errors=True)
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)


if __name__ == "__main__":
    for line in run():
        print(json.dumps(line))

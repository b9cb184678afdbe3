"""What a frame of a screen costs to draw: its canvas instructions, and the time to
redraw it with nothing changed but one small label, against a bare Kivy window
with one label (the same change), in the same run.

    python tests/bench/drawcost.py maya maya-madness mayan-curse [--size 800x480] [--rounds 5]

prints one JSON line per game: `instructions` (the whole window's canvas tree:
every instruction, groups counted, recursively), `bare_instructions`, and
`redraw_ratio`: the median over rounds of (this screen's median redraw) /
(the bare window's median redraw), with its spread (min, max) and both sides'
medians in ms. The kinds alternate round by round, each a fresh child process
under Xvfb (one is started when there is no DISPLAY), frame cap off, the
simulated-device panel removed (a Pi does not draw it).

In a process of your own (an AppDriver already on the screen you want):

    from drawcost import count, redraw_ms
    count(Window)                 # instructions drawn each frame
    redraw_ms(d.loop, 50)         # 50 redraws with one label changed, in ms
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
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import display_env

ROOT = pathlib.Path(__file__).resolve().parents[2]


def count(widget: Any) -> int:
    """Canvas instructions under widget (the Window, or any widget): every
    instruction and group in its canvas tree (before, canvas, after; a child
    widget's canvas is inside its parent's), recursively."""
    canvas = widget.canvas
    roots = [canvas]
    if getattr(canvas, "has_before", False):
        roots.insert(0, canvas.before)
    if getattr(canvas, "has_after", False):
        roots.append(canvas.after)
    n = 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        n += 1
        for name in ("before", "after"):
            if getattr(node, f"has_{name}", False):
                stack.append(getattr(node, name))
        stack.extend(getattr(node, "children", ()) or ())
    return n


def redraw_ms(loop: Any, n: int = 50) -> list[float]:
    """n redraws of the window as it is, one small label (added bottom left for
    the measurement) changed each time: ms from the change to the buffer swap's
    return (Window.flip wrapped here: the swap gate, if any, is inside it)."""
    from kivy.core.window import Window
    from kivy.uix.label import Label

    flips: list[float] = []
    real_flip = Window.flip

    def flip(*a: Any) -> Any:
        out = real_flip(*a)
        flips.append(time.perf_counter())
        return out

    Window.flip = flip
    label = Label(text="0", size=(40, 20), size_hint=(None, None), pos=(0, 0))
    Window.add_widget(label)
    out = []
    try:
        for _ in range(3):
            loop.idle()
        for i in range(n):
            loop.idle()
            loop.idle()
            k = len(flips)
            t0 = time.perf_counter()
            label.text = str(i + 1)
            while len(flips) == k:
                loop.idle()
            out.append((flips[-1] - t0) * 1000)
    finally:
        Window.remove_widget(label)
        Window.flip = real_flip
    return out


BARE = r"""
import json, os, sys
sys.path.insert(0, sys.argv[3])
os.environ["KIVY_NO_ARGS"] = "1"
from kivy_ui.driver import configure_window
w, h = map(int, sys.argv[2].split("x"))
configure_window(w, h)
from kivy.config import Config
Config.set("graphics", "maxfps", "0")
from kivy.base import EventLoop, runTouchApp
from kivy.core.window import Window
from kivy.uix.label import Label
runTouchApp(Label(text="bare", font_size="30sp"), embedded=True)
from drawcost import count, redraw_ms
ms = redraw_ms(EventLoop, int(sys.argv[1]))
print("BENCH " + json.dumps({"ms": ms, "instructions": count(Window)}), flush=True)
"""

APP = r"""
import json, os, sys
sys.path.insert(0, sys.argv[3])
os.environ["KIVY_NO_ARGS"] = "1"
from kivy.config import Config
from kivy_ui.driver import AppDriver, configure_window
w, h = map(int, sys.argv[2].split("x"))
configure_window(w, h)
Config.set("graphics", "maxfps", "0")
d = AppDriver(simulate=True, width=w, height=h); d.start()
d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
panel = getattr(d.app, "sim_panel", None)
if panel is not None and panel.parent is not None:
    panel.parent.remove_widget(panel)
game = sys.argv[4]
players = {"maya": ["Ana", "Ben", "Cy"], "maya-madness": ["Ana", "Ben", "Cy"],
           "mayan-curse": ["Ana", "Ben", "Cy"]}[game]
d.app.start_game(game, players, {}, {})
d.frames(5)
d.wait(0.5)
from kivy.core.window import Window
from drawcost import count, redraw_ms
ms = redraw_ms(d.loop, int(sys.argv[1]))
print("BENCH " + json.dumps({"ms": ms, "instructions": count(Window), "screen": d.app.sm.current}), flush=True)
d.stop()
"""


def _child(code: str, env: dict, *args: str) -> dict:
    home = tempfile.mkdtemp(prefix="maya-drawcost-")
    env = dict(env, KIVY_HOME=os.path.join(home, "kivy"), MAYA_COMPANION_DATA=os.path.join(home, "data"),
               MAYA_COMPANION_CONFIG=os.path.join(home, "none.toml"))
    script = os.path.join(home, "child.py")
    with open(script, "w") as f:
        f.write(code)
    try:
        out = subprocess.run([sys.executable, script, *args], env=env, cwd=ROOT, capture_output=True, text=True,
                             timeout=300)
        for line in out.stdout.splitlines():
            if line.startswith("BENCH "):
                return json.loads(line[6:])
        raise RuntimeError(f"drawcost child {args} (exit {out.returncode}) reported nothing:\n"
                           f"{out.stdout[-1500:]}\n{out.stderr[-1500:]}")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def measure(games: list[str], size: str = "800x480", rounds: int = 5, n: int = 40) -> list[dict]:
    """Each game's screen against the bare window, interleaved round by round."""
    env, xvfb = display_env()
    here = str(pathlib.Path(__file__).resolve().parent)
    try:
        bare: list[float] = []
        bare_instr = 0
        per: dict[str, dict[str, Any]] = {g: {"medians": [], "instructions": 0, "screen": ""} for g in games}
        ratios: dict[str, list[float]] = {g: [] for g in games}
        for r in range(rounds):
            order = ["bare", *games]
            if r % 2:
                order.reverse()
            got: dict[str, float] = {}
            for kind in order:
                if kind == "bare":
                    rep = _child(BARE, env, str(n), size, here)
                    bare_instr = rep["instructions"]
                else:
                    rep = _child(APP, env, str(n), size, here, kind)
                    per[kind]["instructions"], per[kind]["screen"] = rep["instructions"], rep.get("screen", "")
                got[kind] = statistics.median(rep["ms"])
            bare.append(got["bare"])
            for g in games:
                per[g]["medians"].append(got[g])
                ratios[g].append(got[g] / got["bare"])
        return [{"bench": "redraw_unchanged_screen", "game": g, "size": size, "screen": per[g]["screen"],
                 "instructions": per[g]["instructions"], "bare_instructions": bare_instr,
                 "redraw_ratio": round(statistics.median(ratios[g]), 2),
                 "spread": [round(min(ratios[g]), 2), round(max(ratios[g]), 2)],
                 "median_ms": round(statistics.median(per[g]["medians"]), 3),
                 "bare_median_ms": round(statistics.median(bare), 3), "rounds": rounds, "redraws": n,
                 "target": "<= 2x a bare one-label window", "ok": statistics.median(ratios[g]) <= 2}
                for g in games]
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)


def main(argv: list[str]) -> int:
    games, size, rounds = [], "800x480", 5
    it = iter(argv)
    for a in it:
        if a == "--size":
            size = next(it)
        elif a == "--rounds":
            rounds = int(next(it))
        else:
            games.append(a)
    for line in measure(games or ["maya", "maya-madness", "mayan-curse"], size, rounds):
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

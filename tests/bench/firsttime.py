"""First-time work inside a move (issue 23 §3): what the first occurrence of a
thing costs against its later ones, in one app process, on a Maya Madness table.

    python tests/bench/firsttime.py [--rounds 3] [--games 2]

Each round is a fresh child process under Xvfb (one is started when there is no
DISPLAY; SDL's dummy audio driver, so sounds load as they would on a Pi), frame
cap off, the simulated-device panel removed. The app is left idle a moment after
its services start (as at a table, where Home is on screen before a game), then:

* `move`: every move of `--games` whole games played by bots through the table
  controller, ms from the move to the buffer swap's return (Window.flip wrapped:
  a swap gate, if any, is inside it); the first move of the process, the moves
  that played a sound (the first of them apart), the moves that ended a game
  (the first of them apart: the end screen), the others' median.
* `play_sound`: the time inside app.play_sound, its first call against the others.
* `gate`, `log`, `undo_question`, `confirm_choice`: the seat's hold -> the
  privacy gate's question on screen, Log -> the log on screen, an Undo question
  and a choice's confirmation -> on screen, each the first time and again.

prints one JSON line per figure: `first_ms` (median over rounds of the first
occurrence), `later_ms` (median over rounds of the later ones' median), `ratio`.
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import display_env

ROOT = pathlib.Path(__file__).resolve().parents[2]

CHILD = r"""
import json, os, random, sys, time
sys.path.insert(0, sys.argv[3])
os.environ["KIVY_NO_ARGS"] = "1"
from kivy.config import Config
from kivy_ui.driver import AppDriver, configure_window
configure_window(800, 480)
Config.set("graphics", "maxfps", "0")
d = AppDriver(simulate=True); d.start()
d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
panel = getattr(d.app, "sim_panel", None)
if panel is not None and panel.parent is not None:
    panel.parent.remove_widget(panel)
d.wait(1.5)  # Home on screen a moment, as at a table before a game (the app is idle)
from kivy.core.window import Window
from hardware.events import ButtonEvent
from companion.bots import get_bot
app = d.app
flips = []
real_flip = Window.flip
def flip(*a):
    out = real_flip(*a)
    flips.append(time.perf_counter())
    return out
Window.flip = flip
sounds = []
where = ["start"]
real_play = app.play_sound
def play_sound(name, *a, **kw):
    t = time.perf_counter()
    try:
        return real_play(name, *a, **kw)
    finally:
        sounds.append((name, (time.perf_counter() - t) * 1000, where[0]))
app.play_sound = play_sound
def to_frame(act):
    d.frames(2)
    k = len(flips)
    t0 = time.perf_counter()
    act()
    while len(flips) == k:
        d.loop.idle()
    return (flips[-1] - t0) * 1000
out = {"move": [], "sound_move": [], "end_move": [], "play_sound": [], "gate": [], "log": [],
       "undo_question": [], "confirm_choice": []}
rng = random.Random(int(sys.argv[2]))
bot = get_bot("maya-madness", "greedy")
first_move = None
for g in range(int(sys.argv[1])):
    app.start_game("maya-madness", ["Ana", "Ben", "Cy"], {}, {})
    d.frames(3)
    d.wait(0.3)
    table, session, screen = app.table, app.session, d.screen()
    if g == 0:
        for _ in range(2):
            where[0] = "gate"
            # a seat button held: the gate's question on screen
            out["gate"].append(to_frame(lambda: app.on_device_event(ButtonEvent("seat2", "hold"))))
            app.on_device_event(ButtonEvent("seat2", "release"))
            table.cancel_peek()
            d.until(lambda: screen.gate_view.overlay is None, 2)
            out["log"].append(to_frame(screen.open_log))
            screen._log_overlay.dismiss(animation=False)
            out["undo_question"].append(to_frame(lambda: screen.ask_undo("Undo the token Ana won?")))
            screen._confirm_undo.dismiss(animation=False)
            from kivy_ui.screens.fix import ConfirmChoice
            def confirm():
                screen._confirm_choice = getattr(screen, "_confirm_choice", None) or ConfirmChoice()
                screen._confirm_choice.show("Pass? You cannot take it back.", lambda: None)
            out["confirm_choice"].append(to_frame(confirm))
            screen._confirm_choice.dismiss(animation=False)
            d.frames(2)
    where[0] = f"game {g}"
    while session.result() is None:
        acting = table.acting()
        if not acting:
            d.frames(1)
            continue
        action = bot.choose(session.game, session.view(acting[0]), session.legal_actions(acting[0]), rng)
        n = len(sounds)
        ms = to_frame(lambda: table.play(action))
        ended = session.result() is not None
        if first_move is None:
            first_move = ms
        elif ended:
            out["end_move"].append(ms)
        elif len(sounds) > n:
            out["sound_move"].append(ms)
        else:
            out["move"].append(ms)
        d.frames(2)
        for w in list(Window.children):  # a celebration, dismissed as a tap would
            if w.__class__.__name__ == "Celebration":
                w.dismiss(animation=False)
    d.frames(3)
    app.show("home")
    d.wait(0.6)
out["first_move"] = [first_move]
out["play_sound"] = [ms for _name, ms, _w in sounds]
out["sounds"] = sounds
print("BENCH " + json.dumps(out), flush=True)
d.stop()
"""

FIGURES = ("move", "sound_move", "end_move", "play_sound", "gate", "log", "undo_question", "confirm_choice")


def _child(env: dict, games: int, seed: int) -> dict:
    home = tempfile.mkdtemp(prefix="maya-firsttime-")
    env = dict(env, KIVY_HOME=os.path.join(home, "kivy"), MAYA_COMPANION_DATA=os.path.join(home, "data"),
               MAYA_COMPANION_CONFIG=os.path.join(home, "none.toml"))
    script = os.path.join(home, "child.py")
    with open(script, "w") as f:
        f.write(CHILD)
    here = str(pathlib.Path(__file__).resolve().parent)
    try:
        out = subprocess.run([sys.executable, script, str(games), str(seed), here], env=env, cwd=ROOT,
                             capture_output=True, text=True, timeout=1800)
        for line in out.stdout.splitlines():
            if line.startswith("BENCH "):
                return json.loads(line[6:])
        raise RuntimeError(f"firsttime child (exit {out.returncode}) reported nothing:\n"
                           f"{out.stdout[-1500:]}\n{out.stderr[-3000:]}")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def measure(rounds: int = 3, games: int = 2) -> list[dict]:
    env, xvfb = display_env()
    try:
        reps = [_child(env, games, seed) for seed in range(rounds)]
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    lines = []
    first_moves = [r["first_move"][0] for r in reps]
    later_moves = [statistics.median(r["move"]) for r in reps if r["move"]]
    for name in FIGURES:
        firsts, laters = [], []
        for r in reps:
            values = r.get(name) or []
            if name == "move":
                values = r["first_move"] + values  # the process's first move against the plain moves
            if values:
                firsts.append(values[0])
            if len(values) > 1:
                laters.append(statistics.median(values[1:]))
        if name in ("sound_move", "end_move"):
            laters = later_moves  # against the plain moves of the same process
        if not firsts or not laters:
            continue
        first, later = statistics.median(firsts), statistics.median(laters)
        lines.append({"bench": "first_time", "figure": name, "first_ms": round(first, 2), "later_ms": round(later, 2),
                      "ratio": round(first / later, 2) if later else None,
                      "firsts": [round(v, 2) for v in firsts], "rounds": rounds})
    del first_moves
    return lines


def main(argv: list[str]) -> int:
    rounds, games = 3, 2
    it = iter(argv)
    for a in it:
        if a == "--rounds":
            rounds = int(next(it))
        elif a == "--games":
            games = int(next(it))
    if os.environ.get("FIRSTTIME_RAW"):
        env, _x = display_env()
        print(json.dumps(_child(env, games, 0)))
        return 0
    for line in measure(rounds, games):
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

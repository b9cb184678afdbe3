"""One child of bench_frame.py: a game played through touches in the app, each
move timed from its touch to the return of the Window.flip of the frame that
shows it, interleaved with the anchor (a small label added to the window, its
text changed, to the return of that frame's Window.flip).

    python tests/bench/frame_child.py GAME MOVES FSYNC FSYNC_MS SEED

FSYNC: "real" (the app as it is), "slow" (companion.store.durable.fsync sleeps
FSYNC_MS then calls the real one: an SD card) or "none" (a no-op). Without a
durable module, "slow" and "none" print `{"skipped": ...}`. Prints one line
"BENCH {json}" with the samples.

The bots pick each move; the driver finds the buttons a player taps for it (the
public choice's button, then each value of its picker, then Yes when it asks;
behind the gate, opened as a fob opens it: Maya's card under its quarry, a
Curse stone) and taps them through Kivy's touch dispatch. Only the last tap,
the one that plays the move, is timed. A move no button was found for is
played through the table controller, untimed, and counted (`untouched`).
The simulated-device panel is removed (a Pi does not draw it); the frame cap
is off. Window.flip is wrapped twice: at class level before the app is built
(the real buffer swap, inside any swap gate) and on the instance after (what
"on screen" means: the gate's hold included), so the gate's part (its wait
for the fsync, and the effects it runs after the swap) is the difference.
Each move and anchor also records the main thread's CPU time over the same
interval (time.thread_time: Kivy, the rules, the commit, the GL calls;
not Mesa's rasterizing threads, which a Pi's GPU replaces, nor the time spent
waiting for them or for another process), which a machine loaded by other work
inflates far less than the wall clock.
"""
from __future__ import annotations

import json
import os
import pathlib
import random
import sys
import time
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
os.environ["KIVY_NO_ARGS"] = "1"

PLAYERS = ["Ana", "Ben", "Cy"]


def report(**kw: Any) -> None:
    print("BENCH " + json.dumps(kw), flush=True)


def patch_fsync(mode: str, delay_ms: float) -> list[float] | None:
    """Replace durable.fsync as the brief's seam says; the list collects each fsync's ms."""
    if mode == "real":
        try:
            import companion.store.durable as durable
        except ImportError:
            return None
        real = durable.fsync
        spent: list[float] = []

        def timed(fd: int) -> Any:
            t = time.perf_counter()
            try:
                return real(fd)
            finally:
                spent.append((time.perf_counter() - t) * 1000)

        durable.fsync = timed
        return spent
    try:
        import companion.store.durable as durable
    except ImportError:
        report(skipped="no durable module yet (companion/store/durable.py): the fsync cannot be replaced")
        raise SystemExit(0) from None
    real = durable.fsync
    spent = []

    def slow(fd: int) -> Any:
        t = time.perf_counter()
        time.sleep(delay_ms / 1000)
        out = real(fd)
        spent.append((time.perf_counter() - t) * 1000)
        return out

    def none(fd: int) -> None:
        spent.append(0.0)

    durable.fsync = slow if mode == "slow" else none
    return spent


class Clocks:
    """What the wrappers record: flips (entry, return) on the instance, the real swap's
    duration at class level, the journal's commit time and the end of the last commit."""

    def __init__(self) -> None:
        self.flips: list[tuple[float, float, float]] = []  # (entry, return, main-thread CPU at return)
        self.swap_ms: list[float] = []
        self.commit_s = 0.0
        self.commit_end = 0.0
        self.commit_end_cpu = 0.0
        self.flip_entry_cpu: list[float] = []
        self.gated = False  # Window.flip was already an instance attribute (a swap gate) when wrapped

    def wrap_class_flip(self, cls: Any) -> None:
        real = cls.flip
        clocks = self

        def flip(self_: Any, *a: Any) -> Any:
            t = time.perf_counter()
            try:
                return real(self_, *a)
            finally:
                clocks.swap_ms.append((time.perf_counter() - t) * 1000)

        cls.flip = flip

    def wrap_window_flip(self, window: Any) -> None:
        self.gated = "flip" in vars(window)
        real = window.flip  # the swap gate's, when the app installed one

        def flip(*a: Any) -> Any:
            t = time.perf_counter()
            self.flip_entry_cpu.append(time.thread_time())
            out = real(*a)
            self.flips.append((t, time.perf_counter(), time.thread_time()))
            return out

        window.flip = flip

    def wrap_commit(self) -> None:
        import companion.store.journal as J

        real = J.Journal.commit
        clocks = self

        def commit(self_: Any, *a: Any, **kw: Any) -> Any:
            t = time.perf_counter()
            try:
                return real(self_, *a, **kw)
            finally:
                clocks.commit_end = time.perf_counter()
                clocks.commit_end_cpu = time.thread_time()
                clocks.commit_s += clocks.commit_end - t

        J.Journal.commit = commit


def route(choices: Any, action: dict) -> tuple[Any, list] | None:
    """(the choice, its picks in the order a picker takes them) whose completion is `action`."""
    from companion.rules.choices import complete

    for c in choices:
        if not c.enabled or c.extra.get("opens"):
            continue
        if not c.parts:
            if dict(c.action) == action:
                return c, []
            continue
        for combo in c.legal:
            if complete(c, combo) == action:
                picks: list = []
                for part in c.parts:
                    value = combo[part.key]
                    picks += [(part.key, v) for v in value] if part.count > 1 else [(part.key, value)]
                return c, picks
    return None


class Player:
    """Finds and taps, in one app, the buttons a player would tap for a move."""

    def __init__(self, d: Any, clocks: Clocks) -> None:
        self.d, self.clocks = d, clocks

    def live(self) -> list[Any]:
        from kivy.core.window import Window

        out = []
        for w in self.d.walk():
            if w is Window or getattr(w, "disabled", False) or not self.d.visible(w):
                continue
            out.append(w)
        return out

    def button_for(self, key: str) -> Any:
        for w in self.live():
            c = getattr(w, "choice", None)
            if getattr(c, "key", None) == key or getattr(w, "intent", None) == ("choice", key) \
                    or getattr(w, "payload", None) == key:
                return w
        return None

    def pick_button(self, part: str, value: Any) -> Any:
        for w in self.live():
            if getattr(w, "choice", None) == ("pick", value) or getattr(w, "intent", None) == ("pick", part, value) \
                    or getattr(w, "payload", None) == ("option", value):
                return w
        return None

    def confirm_button(self) -> Any:
        ask = getattr(self.d.screen(), "_confirm_choice", None)
        return ask.yes if ask is not None and ask.parent is not None else None

    def steps(self, action: dict) -> list[Any] | None:
        """The taps for `action`, each a function returning its widget (looked up when
        its turn comes: a picker's buttons show after the tap before); None: not found."""
        table, screen = self.d.app.table, self.d.screen()
        found = route(table.frame().choices, action)
        if found is not None:
            choice, picks = found
            out = [lambda: self.button_for(choice.key)]
            out += [lambda p=p, v=v: self.pick_button(p, v) for p, v in picks]
            if choice.confirm and not choice.parts:
                out.append(self.confirm_button)
            return out
        seat = action.get("actor")
        if not isinstance(seat, int):
            return None
        table.open_gate(seat, "fob")  # as the seat's fob on the reader does
        self.d.frames(2)
        gate = table.frame().gate
        found = route(gate.choices, action)
        if found is None:
            return None
        choice, picks = found
        kind = action["type"]
        if kind == "place_worker" and getattr(screen, "_private", None) is not None:
            private = screen._private
            return [lambda: private.picks[action["quarry"]].buttons.get(action["card"])]
        if kind == "pass" and getattr(screen, "_private", None) is not None:
            return [lambda: screen._private.pass_button, self.confirm_button]
        if kind == "play_stone" and getattr(screen, "_secret_panel", None) is not None:
            panel = screen._secret_panel
            stones = list(gate.view["you"]["stones"])

            def stone() -> Any:
                buttons = list(reversed(panel.stones.children))
                i = stones.index(action["stone"]) if action["stone"] in stones else -1
                return buttons[i] if 0 <= i < len(buttons) else None
            return [stone]
        return None


def close_overlays(d: Any) -> None:
    """What a move left over the screen (a round's summary, a celebration) is closed, and
    the gate, so the next move starts from the table screen."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from kivy_ui.widgets.gate import GateModal

    screen = d.screen()
    summary = getattr(screen, "_summary", None)
    if summary is not None and getattr(summary, "shown", False):
        summary.close()
    for w in list(Window.children):
        if isinstance(w, ModalView) and not isinstance(w, GateModal):
            w.dismiss(animation=False)
    table = d.app.table
    if table is not None and table.frame().gate.open:
        table.close_gate()
    d.frames(1)


def main(argv: list[str]) -> None:
    game, moves, mode, delay_ms, seed = argv[0], int(argv[1]), argv[2], float(argv[3]), int(argv[4])
    fsyncs = patch_fsync(mode, delay_ms)
    from kivy.config import Config

    from kivy_ui.driver import AppDriver, configure_window

    configure_window()
    Config.set("graphics", "maxfps", "0")
    from kivy.core.window import Window

    clocks = Clocks()
    clocks.wrap_class_flip(type(Window))
    clocks.wrap_commit()
    d = AppDriver(simulate=True)
    d.start()
    d.until(lambda: d.app.journal is not None and d.app.devices is not None, 20)
    panel = getattr(d.app, "sim_panel", None)
    if panel is not None and panel.parent is not None:
        panel.parent.remove_widget(panel)  # a Pi does not draw it
    clocks.wrap_window_flip(Window)
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.label import Label

    from companion.bots import get_bot
    from companion.rules.engine import CHANCE
    from companion.table.session import Session

    label = Label(text="0", size=(40, 20), size_hint=(None, None), pos=(0, 0))
    bot, rng = get_bot(game, "greedy"), random.Random(seed)
    player = Player(d, clocks)
    samples: dict[str, list] = {k: [] for k in ("move_ms", "anchor_ms", "kind", "commit_ms", "fsync_ms",
                                                 "gate_wait_ms", "after_commit_ms", "swap_ms", "move_cpu_ms",
                                                 "anchor_cpu_ms", "after_commit_cpu_ms")}
    untouched, missed, games = 0, 0, 0
    session = None

    def new_game() -> Any:
        s = Session.create(d.app.journal, game, PLAYERS, options={}, seed=seed + games,
                           meta={"colours": [None] * len(PLAYERS), "fobs": [None] * len(PLAYERS)})
        d.app._attach(s)
        d.frames(3)
        if label.parent is None:
            Window.add_widget(label)
        d.frames(2)
        return s

    def frame_after(t0: float, ready: Any) -> tuple[float, float, float] | None:
        """The first flip after t0 whose frame shows ready(): (entry, return, CPU at return)."""
        n = len(clocks.flips)
        for _ in range(300):
            d.loop.idle()
            if len(clocks.flips) > n and ready():
                return clocks.flips[-1]
        return None

    def anchor(i: int) -> None:
        d.frames(2)
        c0, t0 = time.thread_time(), time.perf_counter()
        label.text = str(i)
        flip = frame_after(t0, lambda: True)
        assert flip is not None
        samples["anchor_ms"].append((flip[1] - t0) * 1000)
        samples["anchor_cpu_ms"].append((flip[2] - c0) * 1000)

    def move(widget: Any, kind: str) -> bool:
        nonlocal missed
        before = len(session.actions)
        x, y = widget.to_window(*widget.center)
        clocks.commit_s, clocks.commit_end = 0.0, 0.0
        f0, s0 = len(fsyncs or ()), len(clocks.swap_ms)
        c0, t0 = time.thread_time(), time.perf_counter()
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        flip = frame_after(t0, lambda: len(session.actions) > before)
        if flip is None:
            missed += 1
            return False
        samples["move_ms"].append((flip[1] - t0) * 1000)
        samples["kind"].append(kind)
        samples["move_cpu_ms"].append((flip[2] - c0) * 1000)
        samples["after_commit_cpu_ms"].append(
            max(0.0, (clocks.flip_entry_cpu[-1] - clocks.commit_end_cpu) * 1000) if clocks.commit_end else 0.0)
        samples["commit_ms"].append(clocks.commit_s * 1000)
        samples["after_commit_ms"].append(max(0.0, (flip[0] - clocks.commit_end) * 1000) if clocks.commit_end else 0.0)
        swap = clocks.swap_ms[-1] if len(clocks.swap_ms) > s0 else 0.0
        samples["swap_ms"].append(swap)
        samples["gate_wait_ms"].append(max(0.0, (flip[1] - flip[0]) * 1000 - swap))
        samples["fsync_ms"].append(sum((fsyncs or [])[f0:]))
        return True

    session = new_game()
    i = 0
    while len(samples["move_ms"]) < moves and i < moves * 4:
        i += 1
        close_overlays(d)
        if session.result() is not None:
            games += 1
            session = new_game()
            continue
        actors = [a for a in sorted(session.actors(), key=str) if a != CHANCE]
        if not actors:
            d.frames(1)
            continue
        actor = rng.choice(actors)
        action = bot.choose(session.game, session.view(actor), session.legal_actions(actor), rng)
        steps = player.steps(dict(action))
        widgets = []
        if steps:
            for step in steps[:-1]:
                w = step()
                if w is None:
                    break
                d.tap(w)
                widgets.append(w)
        last = steps[-1]() if steps and len(widgets) == len(steps) - 1 else None
        if last is None:
            untouched += 1
            getattr(d.screen(), "reset_input", lambda: None)()  # a picker left open goes back to its first step
            if d.app.table.frame().gate.open:
                d.app.table.close_gate()
            if len(session.actions) == 0 or session.actions[-1] != action:
                d.app.table.play(action)
            d.frames(1)
            continue
        view = d.app.table.frame().view
        before = (view.get("round"), view.get("phase"))
        kind = action["type"]
        first = len(samples["move_ms"]) % 2 == 0
        if not first:
            anchor(len(samples["anchor_ms"]) + 1)
        d.frames(2)
        if not move(last, kind):
            getattr(d.screen(), "reset_input", lambda: None)()
            continue
        after = d.app.table.frame().view
        if before[0] is not None and after.get("round") != before[0]:
            samples["kind"][-1] = kind + " (round end)"
        elif before[1] is not None and after.get("phase") != before[1]:
            samples["kind"][-1] = kind + " (phase end)"
        if first:
            anchor(len(samples["anchor_ms"]) + 1)
    report(game=game, fsync=mode, fsync_delay_ms=delay_ms, untouched=untouched, missed=missed,
           games=games + (session.result() is not None), durable=fsyncs is not None,
           gate=clocks.gated,
           **samples)
    d.stop()


if __name__ == "__main__":
    main(sys.argv[1:])

"""The app at one supported size, walked through the states every `sizes_*.py`
module in this folder yields (issue 22 §3): at each state the screen is checked as
a player would look at it — text big enough for its place (theme.GLANCE_PX and
theme.MIN_PX times the panel's scale), nothing cut off, nothing drawn over other
text — and a screenshot is saved as artifacts/screenshots/size-WxH-NAME.png.

    python tests/kivy_ui/sizes_child.py WIDTH HEIGHT SHOTS_DIR [MODULE ...]

prints one JSON line: the window, the scale, and for each state its problems and
its smallest font (px, and in sp: px / scale). A `sizes_*.py` module provides

    def states(d):            # d: the AppDriver, at Home when called
        ...                   # drive the app with d.tap / d.fill_new_game / ...
        yield "maya-build"    # this state is on screen now: check and shoot it

and the harness goes back Home after each module (one broken module is reported by
name; the others still run). tests/kivy_ui/test_sizes.py runs this per size.
"""
from __future__ import annotations

import importlib
import json
import os
import pathlib
import sys
import traceback

HERE = pathlib.Path(__file__).resolve().parent
SIZES = ((800, 480), (1024, 600), (1280, 720), (720, 1280))


def modules(names: list[str]) -> list[str]:
    found = sorted(p.stem for p in HERE.glob("sizes_*.py") if p.stem != "sizes_child")
    return [m for m in found if not names or m in names or m.removeprefix("sizes_") in names]


def on_top(d):
    """An opaque overlay open over the screen (the log, a question, a private view):
    what a player sees then, and all that is checked; else the screen."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    tops = [w for w in d.window_widgets() if isinstance(w, ModalView) and w.parent is not None
            and w.background_color[3] >= 1 and w.width >= Window.width]
    # the screen itself, without the simulated-device panel (a developer's stand-in for
    # the real buttons and reader, not something a player reads)
    return tops[0] if tops else d.app.sm


def check(d, name: str, tag: str, shots: str) -> dict:
    from kivy.metrics import Metrics

    d.frames(3)
    d.screenshot(f"{tag}-{name}", shots)
    root = on_top(d)
    problems = [f"small: {t!r} {px} px < {need}" for t, px, need in d.small_text(root)]
    problems += [f"cut off: {t!r} texture {ts} in {ws}" for t, ts, ws in d.cut_off(root)]
    problems += [f"overlap: {a!r} over {b!r}" for a, b in d.overlaps(root)]
    smallest = d.smallest_font(root)
    return {"screen": d.screen().name, "problems": problems, "smallest_px": round(smallest, 1),
            "smallest_sp": round(smallest / float(Metrics.density), 1)}


def child(width: int, height: int, shots: str, names: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    from kivy_ui.driver import AppDriver

    d = AppDriver(simulate=True, width=width, height=height)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    from kivy.core.window import Window
    from kivy.metrics import Metrics

    tag = f"size-{width}x{height}"
    report: dict = {"window": list(Window.size), "scale": float(Metrics.density), "states": {}, "errors": {}}
    for module in modules(names):
        d.app.show("home")
        d.frames(2)
        try:
            for name in importlib.import_module(module).states(d):
                report["states"][name] = check(d, name, tag, shots)
        except Exception:  # reported by name; the next module still runs
            report["errors"][module] = traceback.format_exc(limit=6)[-2500:]
        try:
            d.app.show("home")
        except Exception:
            pass
    print(json.dumps(report), flush=True)
    d.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    w, h, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    raise SystemExit(child(w, h, out, sys.argv[4:]))

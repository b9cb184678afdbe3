"""Finished games for the history UI tests, played through real Sessions into the
app's own journal (random legal moves; a few undos), spread over several days."""
from __future__ import annotations

import importlib.util
import pathlib
import random
import sys

STEPS = pathlib.Path(__file__).resolve().parents[1] / "companion" / "history_steps.py"


def _steps():
    if "history_steps" not in sys.modules:
        spec = importlib.util.spec_from_file_location("history_steps", STEPS)
        module = importlib.util.module_from_spec(spec)
        sys.modules["history_steps"] = module
        spec.loader.exec_module(module)
    return sys.modules["history_steps"]


def fill(journal, count=9, seed=1):
    """Make sure the journal holds at least `count` finished games, two thirds of them
    Maya and the rest Maya Madness, whatever games the UI tests before finished
    (the filter tests look for both titles)."""
    rng = random.Random(seed)
    names = [["Ana", "Ben", "Cleo"], ["Ana", "Ben", "Dev"], ["Ben", "Cleo", "Dev", "Ana"]]
    colours = ["Red", "Blue", "Green", "Yellow"]
    slots = {"maya": [i for i in range(count) if i % 3 != 2],
             "maya-madness": [i for i in range(count) if i % 3 == 2]}
    have = journal.history_counts()
    todo = sorted(i for game, places in slots.items() for i in places[have.get(game, 0):])
    for i in todo:
        game = "maya" if i % 3 != 2 else "maya-madness"
        who = names[i % 3] if game == "maya" else names[i % 3][:3]
        s = _steps().play_session(journal, game, who, rng, undo_rate=0.02,
                                  meta={"colours": colours[: len(who)]},
                                  options={"deck": "full"} if game == "maya-madness" else None)
        t0 = 1_790_000_000 + i * 86_400
        journal.conn.execute("UPDATE sessions SET started = ?, finished = ?, crc = NULL WHERE id = ?",
                             (t0, t0 + 1500 + 120 * i, s.id))


def open_past_games(ui):
    """At least nine finished games, and Past games open (what the `past` fixtures do)."""
    fill(ui.app.journal, count=9)
    ui.tap(ui.screen().ids.history)
    assert ui.screen().name == "history"
    return ui


def _labels(d, root):
    from kivy.uix.label import Label

    return [w for w in d.walk(root) if isinstance(w, Label) and w.text and w.opacity > 0]


def assert_readable(d, root, at_a_glance=()):
    """Nothing smaller than 16 px; what the table reads at a glance at least 24 px."""
    small = [(w.text[:30], w.font_size) for w in _labels(d, root) if w.font_size < 16]
    assert small == [], small
    for w in at_a_glance:
        assert w.font_size >= 24, (w.text, w.font_size)


def tap_until(d, button, done, most=12):
    """Tap a cycling filter button until `done()`; a filter that never gets there fails
    the test instead of tapping for ever."""
    for _ in range(most):
        if done():
            return
        d.tap(button)
    assert done(), f"{button.text!r}: still not there after {most} taps"

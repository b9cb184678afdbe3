"""What a tap does never surprises (issue 22, section 1), through the touch layer:
the top bar's buttons keep their places (a Redo that is not available is greyed
out, never folded away, so Undo never moves), a confirmation never appears under
the finger that asked for it, and Cancel goes back to where it was opened from.

A player's finger does not aim at a widget: it comes down where the button was a
moment ago. So these tests tap window coordinates, read once, not widgets.
"""
from __future__ import annotations

import random

from companion.engine import CHANCE

from .test_app import harmless, new_game, pad
from .test_curse_screen import curse_game, press
from .test_maya_table import attach, play_until


def spot(widget) -> tuple[float, float]:
    """Where a finger comes down to tap this widget now (its centre, in window coordinates)."""
    return widget.to_window(*widget.center)


def tap_at(d, xy, frames: int = 2) -> None:
    """A finger down and up at a point of the window, whatever is drawn there now."""
    from kivy.tests.common import UnitTestTouch

    d.touches += 1
    touch = UnitTestTouch(*xy)
    touch.touch_down()
    d.frames(1)
    touch.touch_up()
    d.frames(frames)


def player_moves(session) -> int:
    return sum(1 for a in session.actions if a.get("actor") != CHANCE)


def undo_twice_on_one_spot(d, table) -> None:
    """Two taps where Undo is: two moves taken back, nothing put back."""
    session = table.session
    screen = d.screen()
    where = spot(screen.ids.undo)
    greyed = screen.ids.redo.disabled
    moves = player_moves(session)
    tap_at(d, where)
    assert player_moves(session) == moves - 1, (screen.message, screen.summary)
    tap_at(d, where)
    assert player_moves(session) == moves - 2, "the second tap put the move back: Redo had taken Undo's place"
    assert screen.summary.startswith("Took back"), screen.summary
    assert greyed and screen.ids.redo.width > 0 and not screen.ids.redo.disabled, \
        "Redo keeps its place: greyed out before the undo, available after it"


def test_maya_madness_two_taps_on_undo_undo_twice(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+2")  # Ben deals
    pad(d, harmless(table))
    pad(d, harmless(table))
    undo_twice_on_one_spot(d, table)
    d.shot("places-01-maya-madness-after-two-undos")


def test_mayan_curse_two_taps_on_undo_undo_twice(ui):
    d = ui
    table = curse_game(d, ("Ana", "Ben"))
    press(d, "Backpack…")
    press(d, "Elixir\n+1 slide")
    press(d, "End turn")
    undo_twice_on_one_spot(d, table)
    d.shot("places-02-curse-after-two-undos")


def test_maya_two_taps_on_undo_undo_twice(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    rng = random.Random(5)
    assert play_until(d, session, rng, lambda: player_moves(session) >= 2)
    undo_twice_on_one_spot(d, d.app.table)
    d.shot("places-03-maya-after-two-undos")

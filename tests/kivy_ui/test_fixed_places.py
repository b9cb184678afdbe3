"""What a tap does never surprises (issue 22, section 1), through the touch layer:
the top bar's buttons keep their places (a Redo that is not available is greyed
out, never folded away, so Undo never moves), a confirmation never appears under
the finger that asked for it, and Cancel goes back to where it was opened from.

A player's finger does not aim at a widget: it comes down where the button was a
moment ago. So these tests tap window coordinates, read once, not widgets.
"""
from __future__ import annotations

import random

from companion.rules.engine import CHANCE

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
    press(d, "Backpack …")
    press(d, "Elixir: +1 slide")
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


# --- a confirmation never appears under the finger that asked for it ---------------------

def double_tap(d, widget) -> tuple[float, float]:
    """Two quick taps where the widget is: the second comes down on whatever is there then."""
    where = spot(widget)
    tap_at(d, where, frames=1)
    tap_at(d, where, frames=1)
    d.frames(2)
    return where


def asked_away_from(d, screen, where):
    """The choice's question is open, and its Yes is not under the finger at `where`."""
    ask = screen._confirm_choice
    if ask.parent is None:  # the second tap answered No: ask again
        return None
    assert not ask.yes.collide_point(*ask.yes.to_widget(*where)), "the confirmation opened under the finger"
    return ask


def test_maya_a_double_tap_on_pass_in_the_private_view_does_not_pass(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    assert play_until(d, session, random.Random(2), lambda: session.state.phase == "quarrying")
    screen = d.screen()
    seat = session.state.turn
    d.app.table.open_gate(seat, "touch")  # what her fob does
    d.frames(2)
    panel = screen._private
    where = double_tap(d, panel.pass_button)
    assert session.state.passed[seat] is False, "a double tap on Pass passed"
    ask = asked_away_from(d, screen, where)
    if ask is None:
        d.tap(panel.pass_button)  # Pass asks again
        ask = asked_away_from(d, screen, where)
    d.shot("places-04-maya-pass-confirm")
    d.tap(ask.yes)
    assert session.state.passed[seat] is True


def test_maya_a_double_tap_on_a_public_pass_does_not_pass(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    assert play_until(d, session, random.Random(4), lambda: session.state.phase == "building"
                      and any(a["type"] == "pass" for a in session.legal_actions(session.state.turn)))
    screen = d.screen()
    passing = next(b for b in screen.choice_buttons() if b.text.startswith("Pass"))
    before = len(session.actions)
    where = double_tap(d, passing)
    assert len(session.actions) == before, "a double tap on Pass passed"
    ask = asked_away_from(d, screen, where)
    if ask is None:
        d.tap(passing)
        ask = asked_away_from(d, screen, where)
    d.tap(ask.yes)
    assert session.actions[before]["type"] == "pass"


def test_mayan_curse_a_double_tap_on_escaped_or_entrance_does_neither(ui):
    """The game's question comes up at the first tap; the second tap of a double tap
    lands on No or on the question, never on Yes."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"))
    screen = d.screen()

    def question():
        return next((w for w in d.window_widgets() if type(w).__name__ == "ConfirmChoice"), None)

    escaped = next(b for b in screen.ids.actions.children if b.text == "Escaped")
    where = double_tap(d, escaped)
    assert table.public_view()["escaped"] == [], "a double tap on Escaped escaped"
    ask = question()
    if ask is not None and ask.parent is not None:
        d.tap(ask.no)
    press(d, "Escaped")
    ask = question()
    assert ask is not None and not ask.yes.collide_point(*where), "Yes under the finger that asked"
    d.shot("places-06-curse-escape-confirm")
    d.tap(ask.no)
    assert table.public_view()["escaped"] == [] and escaped.text == "Escaped"
    press(d, "Temple board")  # every trigger token comes off: the boulders tumble at the round's end
    press(d, "End turn")
    press(d, "End turn")
    assert table.public_view()["phase"] == "boulders"
    entrance = next(b for b in screen.ids.cue_buttons.children if b.text == "Entrance")
    where = double_tap(d, entrance)
    v = table.public_view()
    assert v["phase"] == "boulders" and v["boulders_at_entrance"] == 0, "a double tap on Entrance reported it"
    ask = question()
    assert ask is not None and ask.parent is not None and not ask.yes.collide_point(*where)
    d.shot("places-05-curse-entrance-confirm")
    d.tap(ask.yes)
    assert table.public_view()["boulders_at_entrance"] == 1


# --- Back and Cancel return where you came from ---------------------------------------------

def test_cancel_on_fix_a_number_goes_back_to_the_log_it_was_opened_from(ui):
    """Log → Fix a number… → Cancel → the log again, whose Back then goes to the table;
    the table's Undo under the log's Back is never tapped by it."""
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    screen = d.screen()
    pad(d, "+3")  # Ben deals
    moves = player_moves(table.session)
    d.tap(screen.log_button)
    log = next(w for w in d.window_widgets() if type(w).__name__ == "LogOverlay")
    back = spot(log.close_button)
    d.tap(log.fix_button)
    fix = next(w for w in d.window_widgets() if type(w).__name__ == "FixOverlay")
    d.tap_text("Cancel", widget=fix, exact=True)
    assert fix.parent is None and log.parent is not None, "Cancel went to the table, not back to the log"
    tap_at(d, back)  # the log's Back, where the finger remembers it
    assert log.parent is None and player_moves(table.session) == moves, "nothing was undone"
    assert d.screen() is screen

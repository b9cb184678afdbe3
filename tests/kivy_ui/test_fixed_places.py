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


# --- one top bar: the same chrome in every game ------------------------------------------

def chrome(screen) -> dict[str, tuple]:
    """Each chrome button's place on the window and size, and its font."""
    out = {}
    for name in ("home", "log", "undo", "redo"):
        w = screen.ids[name]
        x, y = w.to_window(w.x, w.y)
        out[name] = (round(x), round(y), round(w.width), round(w.height), round(w.font_size), w.text)
    return out


def attach_game(d, game, names, seed=3):
    from companion.table.session import Session

    session = Session.create(d.app.journal, game, list(names), seed=seed,
                             meta={"colours": ["Red", "Blue", "Green", "Yellow"][:len(names)],
                                   "fobs": [None] * len(names)})
    d.app._attach(session)
    d.frames(3)
    return session


def a_move(d, session, rng) -> None:
    """One random move of whoever acts (through the table, as a tap on its choice would)."""
    actor = rng.choice(sorted((a for a in session.actors() if a != CHANCE), key=str))
    d.app.table.play(rng.choice(session.legal_actions(actor)))
    d.frames(2)


def test_the_chrome_buttons_are_the_same_in_every_game_and_stay_put_after_undo(ui, tmp_path):
    """Home, Log, Undo and Redo: the same size and font on the four table screens (the
    fourth game is played on the generic one), greyed out in place when not available,
    and exactly where they were after an Undo and a Redo."""
    from .test_fourth_game_app import _fourth

    d = ui
    seen = {}
    with _fourth().installed(tmp_path / "site"):
        for game, names in (("maya-madness", ("Ana", "Ben")), ("mayan-curse", ("Ana", "Ben")),
                            ("maya", ("Ana", "Ben", "Cy")), ("charms", ("Ana", "Ben"))):
            session = attach_game(d, game, names)
            screen = d.screen()
            assert screen.ids.redo.disabled, f"{game}: Redo greyed out before any Undo"
            rng = random.Random(1)
            for _ in range(50):
                if d.app.table.frame().undo.can:
                    break
                a_move(d, session, rng)
            assert d.app.table.frame().undo.can, game
            before = chrome(screen)
            seen[game] = {k: v[2:] for k, v in before.items()}
            tap_at(d, spot(screen.ids.undo))
            assert chrome(screen) == before, f"{game}: a chrome button moved after Undo"
            assert not screen.ids.redo.disabled, f"{game}: Redo available after an Undo"
            tap_at(d, spot(screen.ids.redo))
            assert chrome(screen) == before, f"{game}: a chrome button moved after Redo"
            d.screenshot(f"places-07-chrome-{game}", d.shots)  # (each game's own labels: its own tests)
    sizes = {game: {k: v[:3] for k, v in s.items()} for game, s in seen.items()}
    first = next(iter(sizes.values()))
    assert all(s == first for s in sizes.values()), sizes
    assert len({v for v in first.values()}) == 1, f"the four chrome buttons differ: {first}"


def test_a_guess_and_undoing_a_token_ask_with_yes_away_from_the_finger(ui):
    """Maya Madness: the guess's question (asked from the number pad) and the Undo of the
    token it won (asked from Undo) each put Yes away from the tap that opened them."""
    from kivy_ui.widgets.gate import last_tap

    from .test_app import secret_of, yes

    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"advanced": True})
    screen = d.screen()
    pad(d, "+1")  # Ben deals
    d.tap(screen.ids.extra)
    pad(d, "Ben")
    pad(d, str(secret_of(table, 1)))
    where = last_tap()
    ask = screen._confirm_choice
    assert ask.parent is not None and where is not None
    assert not ask.yes.collide_point(*ask.yes.to_widget(*where)), "the guess's Yes opened under the finger"
    d.shot("places-08-madness-guess-confirm")
    yes(d)
    assert table.public_view()["players"][0]["tokens"] == 1
    for w in d.window_widgets():
        if type(w).__name__ == "Celebration":
            w.dismiss(animation=False)
    d.frames(2)
    where = spot(screen.ids.undo)
    tap_at(d, where)
    undo = next(w for w in d.window_widgets() if type(w).__name__ == "ConfirmUndo")
    assert not undo.yes.collide_point(*undo.yes.to_widget(*where)), "Undo anyway opened under the finger"
    d.shot("places-09-madness-undo-token-confirm")
    tap_at(d, where)  # a second tap where Undo was: it keeps the token
    assert table.public_view()["players"][0]["tokens"] == 1


def test_the_gates_look_away_question_is_not_under_the_finger_on_the_players_row(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    screen = d.screen()
    pad(d, "+1")  # Ben deals
    row = next(w for w in d.walk(screen) if type(w).__name__ == "SeatRow")
    where = spot(row)
    tap_at(d, where)
    ask = next((w for w in d.window_widgets() if type(w).__name__ == "ConfirmPeek" and w.parent is not None), None)
    assert ask is not None, "a tap on a player's row asks everyone else to look away"
    show = ask.ids_show
    assert not show.collide_point(*show.to_widget(*where)), "'show me' opened under the finger"
    d.shot("places-10-gate-look-away")
    tap_at(d, where)  # a second tap where the row was shows nothing
    assert table.frame().gate.seat is None
    d.tap(ask.ids_cancel)


def test_on_a_narrow_screen_the_bars_middle_goes_under_the_buttons_which_stay_put(ui):
    """The portrait arrangement of the one top bar: Home, Log, Undo and Redo keep their
    row and sizes; the screen's middle (players, prompt) takes a row of its own under it."""
    from kivy.metrics import dp
    from kivy.uix.label import Label

    from kivy_ui import theme
    from kivy_ui.widgets.top_bar import TableTopBar

    bar = TableTopBar()
    middle = Label(text="Ana's turn")
    bar.add_widget(middle)  # what a screen's .kv gives the bar goes in its middle
    row = bar.ids.row
    assert middle.parent == bar.ids.middle
    bar.width = dp(800)
    assert bar.ids.middle.parent == row and bar.height == row.height
    order = [c for c in reversed(row.children)]
    assert order[0] == bar.ids.home and order[1] == bar.ids.middle and order[-3:] == [
        bar.ids.log, bar.ids.undo, bar.ids.redo]
    bar.width = dp(480)
    assert bar.ids.middle.parent == bar and bar.ids.middle.height == bar.middle_height
    assert bar.height == row.height + bar.spacing + bar.middle_height
    order = [c for c in reversed(row.children)]
    assert order[0] == bar.ids.home and order[-3:] == [bar.ids.log, bar.ids.undo, bar.ids.redo]
    assert {(b.width, b.height) for b in (bar.ids.home, bar.ids.log, bar.ids.undo, bar.ids.redo)} == {
        (dp(theme.CHROME_W), dp(theme.CHROME_H))}
    bar.width = dp(800)
    assert bar.ids.middle.parent == row and bar.height == row.height

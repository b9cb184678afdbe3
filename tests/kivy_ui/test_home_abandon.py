"""Home: abandoning a game needs a confirmation, and the list of games in
progress shows the newest few with "Show all" for the rest. Thin: the journal
side is tested in tests/companion/test_abandon.py."""
from __future__ import annotations

import pytest

from companion.table.session import Session
from kivy_ui.screens.home import NEWEST


def dialogs(d):
    return [w for w in d.window_widgets() if type(w).__name__ == "AbandonConfirm"]


def rows(d):
    return list(reversed(d.screen().ids.resume_list.children))  # top to bottom


def in_progress_ids(d):
    return [g["id"] for g in d.app.journal.in_progress()]


def settled(d, widget) -> bool:
    """The widget is on the window and has not moved over the last few frames."""
    from kivy.core.window import Window

    seen = []
    for _ in range(4):
        seen.append(tuple(widget.to_window(*widget.center)))
        d.frames(1)
    x, y = seen[-1]
    return len(set(seen)) == 1 and 0 <= x <= Window.width and 0 <= y <= Window.height


def touch_at(d, x, y):
    """A finger down and up at a window position (a stray touch, not aimed at a widget)."""
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(x, y)
    touch.touch_down()
    d.frames(1)
    touch.touch_up()
    # A dismissed view fades out before it leaves the window, and takes touches until
    # then: wait it out (a slow frame, e.g. Home handing memory back, can stretch it).
    d.wait(0.3)
    d.until(lambda: dialogs(d) == [], 3)


@pytest.fixture
def five_games(ui):
    """Five new games in progress (newest last), abandoned again afterwards so
    the other UI tests find the journal as they left it."""
    d = ui
    made = [Session.create(d.app.journal, "maya-madness", names, seed=i)
            for i, names in enumerate([["Ana", "Ben"], ["Cy", "Dee", "Eve"], ["Fay", "Gus"],
                                       ["Hal", "Ivy", "Jo", "Kim"], ["Lou", "Max", "Ned"]])]
    newest = made[-1]
    seat = next(iter(newest.actors()))
    newest.act(newest.legal_actions(seat)[0])  # one move made in the newest game
    d.app.show("home")
    d.frames(2)
    # Home reads its list off the main thread: on a loaded machine two frames are not
    # always enough, and a tap then lands on a row that is about to be replaced.
    assert d.until(lambda: bool(rows(d)) and rows(d)[0].session_id == newest.id, 15)
    # ...and the list at rest where a finger can reach it. After the whole suite's games
    # Home has over fifty in progress: going back from "Show all" to the newest three,
    # the scrolling list glides back into place, and a tap while it moves only stops it.
    assert d.until(lambda: settled(d, rows(d)[0].ids.abandon), 20)
    yield d, made
    for s in made:
        if s.id in in_progress_ids(d):
            d.app.journal.abandon(s.id)
    d.app.show("home")


def test_home_lists_the_newest_games_and_shows_the_rest_on_request(five_games):
    d, made = five_games
    home = d.screen()
    total = len(d.app.journal.in_progress())
    assert len(rows(d)) == NEWEST
    assert rows(d)[0].session_id == made[-1].id, "the newest game comes first"
    assert "Lou, Max and Ned" in rows(d)[0].ids.resume.text and "Maya Madness" in rows(d)[0].ids.resume.text
    assert home.ids.more.text == f"Show all {total}"
    d.shot("01c-home-newest-games")
    d.tap(home.ids.more)
    assert len(rows(d)) == min(total, 50)
    assert d.cut_off() == []  # the extra games are in the scrolling list, not off the screen
    d.tap(home.ids.more)
    assert len(rows(d)) == NEWEST and home.ids.more.text == f"Show all {total}"


def test_one_stray_touch_never_abandons_a_game(five_games):
    d, made = five_games
    newest = made[-1].id
    button = rows(d)[0].ids.abandon
    x, y = button.to_window(*button.center)
    d.tap(button)
    assert len(dialogs(d)) == 1, "abandoning asks first"
    assert newest in in_progress_ids(d)
    touch_at(d, x, y)  # the same finger lands again where Abandon was
    assert newest in in_progress_ids(d)
    d.tap(rows(d)[0].ids.abandon)
    d.tap(dialogs(d)[0].ids.keep)
    assert dialogs(d) == [] and newest in in_progress_ids(d)
    assert rows(d)[0].session_id == newest
    d.tap(rows(d)[0].ids.abandon)
    touch_at(d, 5, 5)  # a touch outside the question closes it and keeps the game
    assert dialogs(d) == [] and newest in in_progress_ids(d)


def test_abandon_a_game_after_confirming(five_games):
    d, made = five_games
    newest = made[-1]
    d.tap(rows(d)[0].ids.abandon)
    (dialog,) = dialogs(d)
    assert dialog.ids.question.text == "Abandon Maya Madness with Lou, Max and Ned?"
    moves = len(newest.actions)  # what the journal keeps: every action in effect, the deal's too
    assert moves > 1 and dialog.ids.consequence.text.endswith(f"Its {moves} moves stay in the journal.")
    d.shot("01d-home-abandon-confirm")
    d.tap(dialog.ids.confirm)
    assert dialogs(d) == []
    assert newest.id not in in_progress_ids(d)
    assert newest.id in [g["id"] for g in d.app.journal.abandoned()]
    assert newest.id not in [g["id"] for g in d.app.journal.history()]
    assert rows(d)[0].session_id == made[-2].id, "the list moves up; the game is gone from it"
    assert d.screen().ids.notice.text == "Maya Madness with Lou, Max and Ned was abandoned."
    d.shot("01e-home-after-abandon")


def test_abandoning_the_game_the_app_has_open_closes_it(five_games):
    d, made = five_games
    open_game = made[-1]
    d.tap(rows(d)[0].ids.resume)
    assert d.until(lambda: d.app.sm.current == "maya-madness", 10)  # a loaded machine: generous
    assert d.app.session.id == open_game.id
    d.app.leave_game()
    d.frames(2)
    d.tap(rows(d)[0].ids.abandon)
    d.tap(dialogs(d)[0].ids.confirm)
    assert d.app.session is None and d.app.table is None
    assert open_game.id not in in_progress_ids(d)

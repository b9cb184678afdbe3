"""Nothing a move shows is built for the first time inside that move (issue 23 §3):
the sounds and the end screen are ready while Home is still on screen, a table
screen's overlays while the players sit down, so the first token won, the first
look behind the gate and the first game's end answer as fast as the later ones."""
from __future__ import annotations

from companion.table.log import LogEntry


def test_the_sounds_and_the_end_screen_are_ready_before_the_first_game(ui):
    from kivy_ui.sounds import TUNES

    d = ui
    d.app.show("home")
    assert d.until(lambda: d.app.screen("end") is not None, 10)  # built while idle, not shown
    assert d.app.sm.current == "home"
    if d.app.sounds_on:
        sounds = d.app.sounds
        assert sounds is not None and (not sounds.available or set(sounds._loaded) == set(TUNES))


def test_a_table_screen_builds_its_overlays_while_idle_not_in_the_first_hold(ui):
    d = ui
    d.app.start_game("maya-madness", ["Ana", "Ben", "Cy"], {}, {})
    screen = d.screen()
    assert d.until(lambda: screen.gate_view._confirm is not None and screen._log_overlay is not None, 5)
    confirm = screen.gate_view._confirm
    assert screen.gate_view._private is not None and screen._confirm_undo is not None
    d.app.table.request_peek(1)
    d.frames(2)
    assert screen.gate_view.overlay is confirm  # the one built ahead
    d.app.table.cancel_peek()
    d.frames(2)
    d.app.leave_game()


def _e(n: int) -> LogEntry:
    return LogEntry(n, 0, (f"move {n}",))


def test_the_log_follower_takes_the_sessions_entries_as_they_are():
    from kivy_ui.screens.log import LogFollower

    a, b, c = _e(0), _e(1), _e(2)
    f = LogFollower(lambda: ())
    assert f.update((a, b)) == ([a, b], False)
    log = (a, b, c)
    assert f.update(log) == ([c], False) and f.entries is log  # kept, not copied
    assert f.update((a, b)) == ([a, b], True)  # Undo took c back: rebuilt, nothing in it is news
    c2 = _e(2)
    assert f.update((a, b, c2)) == ([c2], False)
    b3, c3 = _e(1), _e(2)
    assert f.update((a, b3, c3)) == ([a, b3, c3], True)  # two taken back, two others made since

"""The turn clock's "then the turn ends" (issue 25 §1: the clock "never ends a turn by
itself unless the table chose that"), in the app: Mayan Curse (which declares its
end-turn action) with a 30 s timer that ends the turn. The clock reads a fake time:
nothing waits 30 real seconds."""
from __future__ import annotations

from companion.table.clock import TIMER, Setting
from kivy_ui.i18n import _

from .test_turn_clock import _abandon, _choose_clock, _fake_time, _reset


def _ended_by_clock(session, since: int, seat: int) -> bool:
    return any(a.get("type") == "end_turn" and a.get("actor") == seat for a in list(session.actions)[since:])


def test_a_curse_turn_ends_by_itself_at_zero_but_never_behind_the_gate_or_mid_choice(ui):
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Mayan Curse", ["Ana", "Ben"])
    wanted = Setting(TIMER, 30, end=True)
    _choose_clock(d, s, wanted)  # offered to Mayan Curse only: its turn ends with one move
    d.shot("clock-new-game-then-end")
    d.tap(s.ids.start)
    assert d.until(lambda: d.screen().name == "mayan-curse", 3), s.ids.notice.text
    _reset(d, s)
    session, table, game = d.app.session, d.app.table, d.screen()
    assert session.meta["clock"] == {"mode": "timer", "seconds": 30, "end": True}
    fake = _fake_time(d)
    seat = table.acting()[0]
    since = len(session.actions)

    table.request_peek(seat)  # behind the gate: the time stands still, nothing ends
    table.confirm_peek()
    assert d.until(lambda: table.frame().gate.open, 2)
    fake.t += 100
    d.app.turn_clock.tick()
    assert table.acting() == [seat] and not _ended_by_clock(session, since, seat)
    table.close_gate()
    d.frames(2)
    d.app.turn_clock.tick()
    assert game.seat_clocks[seat].text == "0:30"

    game.act(("choice", "stela"))  # a stela's colour half picked: the turn is not ended under a finger
    d.frames(1)
    fake.t += 31
    d.app.turn_clock.tick()
    assert table.acting() == [seat] and not _ended_by_clock(session, since, seat)
    game.act(("cancel", None))
    d.frames(1)
    d.app.turn_clock.tick()  # nothing half entered now: the time ran out, the turn ends
    assert d.until(lambda: _ended_by_clock(session, since, seat), 3)
    name = session.players[seat]
    assert table.frame().notice == _("{name}'s time ran out: the turn ended.", name=name)
    assert d.until(lambda: game.summary == table.frame().notice, 2)  # the table line says so
    assert any(e.actor == seat for e in table.log())  # journaled and in the log, as a tap is
    d.shot("clock-curse-time-ran-out")
    fake.t += 5
    d.app.turn_clock.tick()
    assert sum(a.get("type") == "end_turn" for a in list(session.actions)[since:]) == 1  # asked once
    _abandon(d)


class _Phones:
    """Stands in for the phone service: counts what the clock tells it."""

    def __init__(self):
        self.told = 0

    def clock_changed(self):
        self.told += 1


def test_the_phones_are_told_when_the_gate_or_home_pauses_the_clock_and_when_it_resumes(ui):
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Mayan Curse", ["Ana", "Ben"])
    _choose_clock(d, s, Setting(TIMER, 60))
    d.tap(s.ids.start)
    assert d.until(lambda: d.screen().name == "mayan-curse", 3), s.ids.notice.text
    _reset(d, s)
    table, kept = d.app.table, getattr(d.app, "phones", None)
    phones = d.app.phones = _Phones()
    try:
        fake = _fake_time(d)
        seat = table.acting()[0]
        d.app.turn_clock.tick()
        fake.t += 3
        d.app.turn_clock.tick()
        assert phones.told == 0  # a running clock sends nothing a second
        table.request_peek(seat)
        table.confirm_peek()
        assert d.until(lambda: phones.told == 1, 2)  # the gate paused it
        table.close_gate()
        assert d.until(lambda: phones.told == 2, 2)  # ... and closing it resumed it
        d.app.leave_game()  # Home
        assert phones.told == 3
    finally:
        d.app.phones = kept
    _abandon(d)


def test_an_untimed_game_after_a_timed_one_shows_no_time_left_over_in_its_tiles(ui):
    """The tiles are the screen's own from game to game: a chess bank's "9:57" stayed in
    the next, untimed game's row (in place of the player's name)."""
    from companion.table.clock import CHESS

    d = ui
    for setting in (Setting(CHESS, 600), Setting()):
        d.app.show("home")
        d.frames(2)
        s = d.fill_new_game("Mayan Curse", ["Ana", "Ben"])
        _choose_clock(d, s, setting)
        d.tap(s.ids.start)
        assert d.until(lambda: d.screen().name == "mayan-curse", 3), s.ids.notice.text
        _reset(d, s)
        d.app.turn_clock.tick()
        d.frames(2)
        texts = [label.text for label in d.screen().seat_clocks.values()]
        assert texts == (["10:00", "10:00"] if setting.on else ["", ""])
        _abandon(d)

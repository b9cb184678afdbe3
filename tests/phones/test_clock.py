"""The turn clock on a seat's phone (issue 25 §1: "works on the phones where it
applies"): each seat's message carries its own time as of when it was built, once
per change (never a message a second), and a pause or resume (the privacy gate,
Home) sends it again; the clock reads a fake time here."""
from __future__ import annotations

import pytest

from companion.table.clock import CHESS, TIMER, Setting, TurnClock, for_session
from companion.table.session import Session

from .conftest import make_hub
from .test_hub import connect


class Fake:
    def __init__(self):
        self.t = 500.0

    def __call__(self):
        return self.t


def _timed(journal, main, setting: Setting, game: str = "mayan-curse"):
    s = Session.create(journal, game, ["Ana", "Ben"], seed=3, meta={"clock": setting.to_meta()})
    fake = Fake()
    s.clock = for_session(s, now=fake)  # as the app attaches it (kivy_ui/turn_clock.py)
    hub = make_hub(s, main)
    rec = connect(hub, main, 0, 1)
    return s, hub, rec, fake


def _views(rec, seat):
    return rec.of(seat, "view")


def test_a_seats_message_carries_its_own_timer_and_the_other_seat_gets_none(journal, main):
    _s, hub, rec, fake = _timed(journal, main, Setting(TIMER, 60))
    seat = hub.table.acting()[0]
    other = 1 - seat
    fake.t += 12
    hub.refresh()
    main.run()
    mine = _views(rec, seat)[-1]["clock"]
    assert mine == {"left": pytest.approx(48.0), "running": True, "paused": False, "warn": 10.0}
    assert "clock" not in _views(rec, other)[-1]  # a timer: nothing between a seat's turns


def test_pausing_and_resuming_the_clock_sends_the_seats_time_again_and_nothing_else(journal, main):
    s, hub, rec, fake = _timed(journal, main, Setting(TIMER, 60))
    seat = hub.table.acting()[0]
    fake.t += 20
    sent, refreshes = len(rec.sent), hub.refreshes
    s.clock.pause()  # the privacy gate opened on the table (or Home)
    hub.clock_changed()
    paused = _views(rec, seat)[-1]
    assert paused["clock"] == {"left": pytest.approx(40.0), "running": False, "paused": True, "warn": 10.0}
    assert {k: v for k, v in paused.items() if k != "clock"} == \
        {k: v for k, v in _views(rec, seat)[-2].items() if k != "clock"}  # the same view, its clock again
    assert hub.refreshes == refreshes  # no change of the game was made for it
    fake.t += 300  # a paused clock does not run: asking again sends nothing new
    hub.clock_changed()
    assert len(rec.sent) == sent + 1
    s.clock.resume()
    hub.clock_changed()
    assert _views(rec, seat)[-1]["clock"] == {"left": pytest.approx(40.0), "running": True, "paused": False,
                                             "warn": 10.0}
    assert len(rec.sent) == sent + 2


def test_a_chess_clock_shows_each_seat_its_own_bank_and_a_move_starts_the_next_seats(journal, main):
    _s, hub, rec, fake = _timed(journal, main, Setting(CHESS, 600))
    seat = hub.table.acting()[0]
    other = 1 - seat
    fake.t += 30
    assert hub.table.play({"actor": seat, "type": "end_turn"}).ok  # Mayan Curse step 2c
    main.run()
    main.run()
    assert _views(rec, seat)[-1]["clock"] == {"left": pytest.approx(570.0), "running": False, "paused": False,
                                             "warn": 10.0}
    theirs = _views(rec, other)[-1]["clock"]
    assert theirs["running"] and theirs["left"] == pytest.approx(600.0)


def test_a_table_without_a_clock_sends_no_clock(journal, main):
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], seed=3)
    s.clock = None
    hub = make_hub(s, main)
    rec = connect(hub, main, 0, 1)
    hub.clock_changed()
    assert rec.sent and all("clock" not in m for _seat, m in rec.sent)


def test_only_the_seats_own_page_gets_its_time(journal, main):
    s, hub, rec, fake = _timed(journal, main, Setting(CHESS, 600))
    fake.t += 7
    s.clock.pause()
    hub.clock_changed()
    clocks = {seat: _views(rec, seat)[-1]["clock"] for seat in (0, 1)}
    acting = hub.table.acting()[0]
    assert clocks[acting]["left"] == pytest.approx(593.0) and clocks[1 - acting]["left"] == pytest.approx(600.0)
    assert isinstance(s.clock, TurnClock)

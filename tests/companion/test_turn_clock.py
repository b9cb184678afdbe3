"""The optional turn clock (issue 25 §1), on a fake monotonic clock: a timer's
warning and overtime, chess banks, several seats at once, pause and resume,
what undo does (nothing is refunded), and the record the session journals."""
from __future__ import annotations

import pytest

from companion.rules.engine import CHANCE
from companion.table.clock import (
    CHESS,
    OFF,
    OFFERED,
    TIMER,
    Setting,
    Spent,
    TurnClock,
    average_turns,
    clock_text,
    record_of,
)


class Fake:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t

    def wait(self, s):
        self.t += s


def _commit(clock, moved, after):
    spent = clock.settle(moved, after)
    clock.settled(spent, after)
    return spent


def test_the_clock_is_off_unless_chosen_and_a_bad_choice_is_off():
    assert not Setting.from_meta({}).on
    assert Setting.from_meta({"clock": {"mode": "timer", "seconds": 60}}) == Setting(TIMER, 60)
    for bad in ({"mode": "timer", "seconds": -5}, {"mode": "sundial", "seconds": 60}, "60", {"mode": "chess"},
                {"mode": "chess", "seconds": True}):
        assert Setting.from_meta({"clock": bad}) == Setting(OFF, 0)


def test_new_games_row_cycles_every_offer_and_back_to_off():
    s, seen = Setting(), []
    for _ in OFFERED:
        seen.append((s.mode, s.seconds))
        s = s.following()
    assert seen == list(OFFERED) and s == Setting()
    assert Setting(TIMER, 60).label() == "Turn clock: 60 s per turn"
    assert Setting(CHESS, 1200).label() == "Turn clock: chess, 20 min each"
    assert Setting().label() == "Turn clock: off"


def test_m_ss_rounds_up_while_time_is_left_and_overtime_has_a_plus():
    assert [clock_text(x) for x in (60, 59.2, 9.01, 0.4, 0, -0.5, -12.9, -75)] == [
        "1:00", "1:00", "0:10", "0:01", "+0:00", "+0:00", "+0:12", "+1:15"]


def test_a_timer_warns_once_near_its_end_then_shows_overtime_and_never_acts():
    t = Fake()
    clock = TurnClock(Setting(TIMER, 30), 2, t, acting=[0])
    assert clock.seat_time(0).text == "0:30" and clock.seat_time(1).text == ""  # only the running seat shows a timer
    t.wait(15)
    assert clock.warnings() == [] and not clock.seat_time(0).warning
    t.wait(6)
    assert clock.seat_time(0).warning and clock.warnings() == [0]
    t.wait(1)
    assert clock.warnings() == []  # the sound once a turn
    t.wait(20)
    st = clock.seat_time(0)
    assert st.over and st.text == "+0:12" and st.running
    _commit(clock, True, [1])  # the player moved: the next turn starts fresh
    assert clock.seat_time(1).text == "0:30" and clock.seat_time(0).text == ""
    t.wait(25)
    assert clock.warnings() == [1]
    _commit(clock, True, [0])
    t.wait(21)
    assert clock.warnings() == [0]  # a new turn warns again


def test_a_chess_bank_counts_down_across_turns_and_goes_below_zero():
    t = Fake()
    clock = TurnClock(Setting(CHESS, 600), 2, t, acting=[0])
    t.wait(100)
    _commit(clock, True, [1])
    t.wait(40)
    _commit(clock, True, [0])
    t.wait(10)
    assert [st.text for st in clock.times()] == ["8:10", "9:20"]
    assert clock.seat_time(0).running and not clock.seat_time(1).running
    t.wait(490)
    assert clock.warnings() == [] and clock.seat_time(0).over  # past the warning unseen: no late sound
    assert clock.seat_time(0).text == "+0:00"
    t.wait(3)
    assert clock.seat_time(0).text == "+0:03"


def test_several_seats_at_once_each_run_their_own_time_and_chance_is_nobodys():
    t = Fake()
    clock = TurnClock(Setting(CHESS, 600), 3, t, acting=[0, 1, 2])
    t.wait(10)
    _commit(clock, True, [0, 2])  # seat 1 sealed its bid
    t.wait(20)
    _commit(clock, True, [2])
    t.wait(5)
    spent = _commit(clock, True, [CHANCE])
    t.wait(60)  # the draw is nobody's time
    assert spent.total == (30.0, 10.0, 35.0) and spent.turns == (1, 1, 1)
    assert [round(clock.used(s)) for s in range(3)] == [30, 10, 35]
    assert average_turns(spent) == [(1, 30.0), (1, 10.0), (1, 35.0)]


def test_paused_behind_the_gate_and_on_home_and_going_on_after():
    t = Fake()
    clock = TurnClock(Setting(TIMER, 60), 2, t, acting=[0])
    t.wait(10)
    clock.pause()
    assert not clock.seat_time(0).running
    t.wait(300)
    assert clock.seat_time(0).text == "0:50"
    clock.resume()
    t.wait(5)
    assert clock.seat_time(0).text == "0:45" and clock.seat_time(0).running
    clock.pause()
    clock.observe([1])  # a move made meanwhile (a phone): the new seat waits for the resume too
    t.wait(50)
    clock.resume()
    assert clock.seat_time(1).text == "1:00"


def test_undo_refunds_nothing_and_an_undone_turn_is_not_an_average_turn():
    t = Fake()
    clock = TurnClock(Setting(CHESS, 600), 2, t, acting=[0])
    t.wait(20)
    _commit(clock, True, [1])  # Ana moved after 20 s
    t.wait(7)
    spent = _commit(clock, False, [0])  # Undo: Ben's 7 s stay spent, and Ana starts a fresh turn
    assert spent.total == (20.0, 7.0) and spent.turns == (1, 0) and spent.run == (0.0, 0.0)
    t.wait(5)
    spent = _commit(clock, True, [1])
    assert spent.total == (25.0, 7.0) and spent.turns == (2, 0) and spent.turn_s == (25.0, 0.0)


def test_a_failed_commit_changes_nothing():
    t = Fake()
    clock = TurnClock(Setting(TIMER, 60), 2, t, acting=[0])
    t.wait(20)
    clock.settle(True, [1])  # the disk refused: settled() is never called
    t.wait(5)
    assert clock.seat_time(0).text == "0:35" and clock.spent == Spent.none(2)


def test_a_multi_part_turn_runs_on_until_the_seat_no_longer_acts():
    t = Fake()
    clock = TurnClock(Setting(TIMER, 60), 2, t, acting=[0])
    t.wait(20)
    spent = _commit(clock, True, [0])  # moved a worker, still Ana's turn
    assert spent.run == (20.0, 0.0) and spent.turns == (0, 0)
    t.wait(15)
    assert clock.seat_time(0).text == "0:25"
    spent = _commit(clock, True, [1])
    assert spent.turns == (1, 0) and spent.turn_s == (35.0, 0.0)


def test_the_record_reads_back_and_a_damaged_one_is_a_clock_that_has_not_run():
    spent = Spent((30.5, 10.0), (2, 1), (30.5, 10.0), (0.0, 4.25))
    assert Spent.from_json(spent.to_json(), 2) == spent
    for bad in (None, [], {"total": [1, 2]}, {**spent.to_json(), "turns": [1]},
                {**spent.to_json(), "total": [float("nan"), 1]}, {**spent.to_json(), "run": [-1, 0]}):
        assert Spent.from_json(bad, 2) == Spent.none(2)
    assert record_of({"entries": 3}, 2) is None
    assert record_of({"clock": spent.to_json()}, 2) == spent


def test_a_resumed_chess_clock_starts_from_its_bank_minus_the_recorded_seconds():
    t = Fake()
    spent = Spent((100.0, 40.0), (3, 2), (90.0, 40.0), (10.0, 0.0))
    clock = TurnClock(Setting(CHESS, 600), 2, t, spent, acting=[0])
    assert [st.text for st in clock.times()] == ["8:20", "9:20"]
    timer = TurnClock(Setting(TIMER, 60), 2, t, spent, acting=[0])
    assert timer.seat_time(0).text == "0:50"  # the turn under way goes on where it was


@pytest.mark.parametrize("mode", [TIMER, CHESS])
def test_a_seat_beyond_the_table_is_never_run(mode):
    clock = TurnClock(Setting(mode, 60), 2, Fake(), acting=[5, True, "chance"])
    assert [st.running for st in clock.times()] == [False, False]

"""The turn clock's seconds in the journal (issue 25 §1): written with the move
that ends a turn, in the same commit (no extra write per move), read back on
resume (a chess bank is its bank minus them), kept going Home, and taken back
with a move the disk did not keep."""
from __future__ import annotations

import errno
import random

import pytest

from companion.bots import RandomBot
from companion.errors import JournalError
from companion.rules.engine import CHANCE
from companion.store import durable
from companion.store.journal import Journal
from companion.table import clock as turn_clock
from companion.table.clock import CHESS, Setting, Spent
from companion.table.session import Session

NAMES = ["Ana", "Ben", "Cy"]


class Fake:
    def __init__(self):
        self.t = 50.0

    def __call__(self):
        return self.t


def _timed(journal, t, setting=None, seed=3):
    setting = setting or Setting(CHESS, 600)
    s = Session.create(journal, "maya-madness", NAMES, seed=seed, meta={"clock": setting.to_meta()})
    s.clock = turn_clock.for_session(s, t)
    return s


def _move(s, rng):
    seat = min(a for a in s.actors() if a != CHANCE)
    return RandomBot().choose(s.game, s.state, seat, rng)


def _play(s, t, rng, moves, seconds=7.0):
    for _ in range(moves):
        t.t += seconds
        s.act(_move(s, rng))


def test_the_choice_lives_in_the_meta_and_an_untimed_game_has_no_clock(journal):
    t = Fake()
    s = _timed(journal, t)
    assert Session.resume(journal, s.id).meta["clock"] == {"mode": "chess", "seconds": 600}
    plain = Session.create(journal, "maya-madness", NAMES, seed=3)
    assert turn_clock.for_session(plain) is None
    plain.act(_move(plain, random.Random(1)))
    assert "clock" not in journal.session(plain.id)["summary"]


def test_turn_seconds_ride_the_moves_commit_and_survive_a_reopen(tmp_path, monkeypatch):
    syncs = []
    real = durable.fsync
    monkeypatch.setattr(durable, "fsync", lambda fd: (syncs.append(fd), real(fd)))
    t, rng = Fake(), random.Random(4)
    with Journal.open(tmp_path / "j.sqlite3") as j:
        s = _timed(j, t)
        before = len(syncs)
        _play(s, t, rng, 12)
        assert len(syncs) - before == 12  # one fsync a move, the clock's seconds included
        spent = s.clock.spent
        assert sum(spent.total) == pytest.approx(84.0) and 8 <= sum(spent.turns) <= 12  # a turn may take two taps
        assert sum(spent.turn_s) + sum(spent.run) == pytest.approx(84.0)
    with Journal.open(tmp_path / "j.sqlite3") as j:
        again = Session.resume(j, s.id)
        t2 = Fake()
        clock = turn_clock.for_session(again, t2)
        assert clock.spent == Spent.from_json(spent.to_json(), 3)
        for seat in range(3):  # the bank on resume: bank minus the recorded seconds
            assert clock.seat_time(seat).left == pytest.approx(600 - spent.total[seat])


def test_undo_keeps_the_seconds_spent(journal):
    t, rng = Fake(), random.Random(2)
    s = _timed(journal, t)
    _play(s, t, rng, 3)
    used = sum(s.clock.spent.total)
    t.t += 4
    s.undo()
    assert sum(s.clock.spent.total) == pytest.approx(used + 4)  # nothing refunded
    assert sum(s.clock.spent.turns) == 3  # the undo itself is no one's turn
    again = Session.resume(journal, s.id)
    assert Spent.from_json(again.clock_record, 3) == s.clock.spent


def test_going_home_keeps_the_seconds_since_the_last_move(journal):
    t, rng = Fake(), random.Random(5)
    s = _timed(journal, t)
    _play(s, t, rng, 2)
    seat = min(a for a in s.actors() if a != CHANCE)
    t.t += 33
    s.clock.pause()
    s.save_clock()
    again = turn_clock.for_session(Session.resume(journal, s.id), Fake())
    assert again.used(seat) == pytest.approx(s.clock.used(seat))
    assert again.this_turn(seat) == pytest.approx(33)


def test_a_commit_the_disk_refused_changes_no_seconds(tmp_path, monkeypatch):
    t, rng = Fake(), random.Random(6)
    with Journal.open(tmp_path / "j.sqlite3") as j:
        s = _timed(j, t)
        _play(s, t, rng, 2)
        kept = s.clock.spent

        def full(fd):
            raise OSError(errno.ENOSPC, "No space left")

        monkeypatch.setattr(durable, "fsync", full)
        t.t += 9
        with pytest.raises(JournalError):
            s.act(_move(s, rng))
        assert s.clock.spent == kept  # the turn is still under way: 9 s into it
        monkeypatch.undo()


def test_a_deferred_move_taken_back_takes_its_seconds_back(tmp_path, monkeypatch):
    t, rng = Fake(), random.Random(7)
    with Journal.open(tmp_path / "j.sqlite3") as j:
        j.defer_sync(True)
        s = _timed(j, t)
        _play(s, t, rng, 3)
        j.wait_synced()
        kept = s.clock.spent
        clock = s.clock

        def eio(fd):
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(durable, "fsync", eio)
        t.t += 5
        s.act(_move(s, rng))
        with pytest.raises(JournalError) as failed:
            j.wait_synced()
        monkeypatch.undo()
        s.take_back_unsaved(failed.value)
        assert s.clock is clock and clock.spent == kept  # memory follows the disk, the clock too
        assert Spent.from_json(Session.resume(j, s.id, deal=False).clock_record, 3) == kept


def _finish(s, t, rng, seconds=5.0):
    while not s.is_over():
        t.t += seconds
        s.act(_move(s, rng))


def test_averages_come_from_timed_games_only_in_past_games_statistics_and_the_cli(journal):
    from companion.cli.history import stats_text
    from companion.history import stats

    t, rng = Fake(), random.Random(8)
    timed = _timed(journal, t, Setting("timer", 60))
    _finish(timed, t, rng)
    plain = Session.create(journal, "maya-madness", NAMES, seed=9)
    _finish(plain, t, rng)
    spent = timed.clock.spent
    detail = stats.game_detail(journal, timed.id)
    assert detail["turn_times"] == [(n, s / n) for n, s in zip(spent.turns, spent.turn_s)]
    assert all(avg >= 5.0 for _n, avg in detail["turn_times"])  # 5 s a tap, a turn of one tap or more
    assert stats.game_detail(journal, plain.id)["turn_times"] is None  # untimed: nothing, not 0
    plays = stats.load(journal)
    ana = stats.player_stats(plays, "Ana", "maya-madness")
    average = round(spent.turn_s[0] / spent.turns[0], 1)
    assert ana["plays"] == 2 and ana["turns"] == spent.turns[0] and ana["average_turn_s"] == average
    assert turn_clock.turn_average(12, 5.0) == "12 timed turns, 0:05 a turn on average"
    only_plain = [p for p in plays if p.id == plain.id]
    assert stats.player_stats(only_plain, "Ana")["average_turn_s"] is None
    assert turn_clock.turn_average(ana["turns"], average) in stats_text(stats.summary(plays), None)

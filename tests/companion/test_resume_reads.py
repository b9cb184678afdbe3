"""What a resume reads: each payload parsed through the journal's own `loads`
(json.loads's value and errors, quicker), and the latest snapshot looked up
first, with the older ones still used when it is missing."""
from __future__ import annotations

import json
import random

import pytest

import companion.table.session as session_module
from companion.bots import RandomBot
from companion.rules.engine import CHANCE
from companion.store.journal import Journal, loads
from companion.table.session import SNAPSHOT_EVERY, Session, replay


def _outcome(fn, text):
    try:
        value = fn(text)
    except Exception as e:  # whatever it is, both must raise the same
        return "raised", type(e), str(e)
    return "value", repr(value), type(value)


@pytest.mark.parametrize("text", [
    '{"actor":0,"type":"play","card":"+2"}', '[1,2.5,"é",null,true]', '"x"', "7", "NaN", "-Infinity",
    ' {"a": 1}', '{"a": 1} ', '{"a":1}x', "", "{", "\ufeff{}", b'{"a":1}', bytearray(b"[1]"), None, 3,
    '{"a":"\\ud800"}', '{"a":1,"a":2}',
])
def test_the_journals_loads_is_json_loads(text):
    assert _outcome(loads, text) == _outcome(json.loads, text)


def _played(journal, moves):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"],
                       options={"deck": "full", "tokens_to_win": 10}, seed=5)
    rng, bot = random.Random(5), RandomBot()
    while len(s.actions) < moves and not s.is_over():
        seats = sorted(a for a in s.actors() if a != CHANCE)
        s.act(bot.choose(s.game, s.state, rng.choice(seats), rng))
    assert len(s.actions) >= 3 * SNAPSHOT_EVERY
    return s


def _applies_to_resume(journal, sid, monkeypatch):
    """(the resumed session, how many actions its replay applied)."""
    applied = [0]
    real = session_module.stepper

    def counting(game):
        step = real(game)

        def counted(state, action):
            applied[0] += 1
            return step(state, action)
        return counted

    monkeypatch.setattr(session_module, "stepper", counting)
    resumed = Session.resume(journal, sid, deal=False)
    monkeypatch.setattr(session_module, "stepper", real)
    return resumed, applied[0]


def test_a_resume_starts_from_the_latest_snapshot_and_from_an_older_one_when_it_is_gone(tmp_path, monkeypatch):
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        s = _played(journal, 3 * SNAPSHOT_EVERY + 5)
        n = len(s.actions)
        latest = n - n % SNAPSHOT_EVERY
        resumed, applied = _applies_to_resume(journal, s.id, monkeypatch)
        assert resumed.state == s.state and applied == n - latest
        journal._conn.execute("DELETE FROM snapshots WHERE session = ? AND idx = ?", (s.id, latest))
        resumed, applied = _applies_to_resume(journal, s.id, monkeypatch)
        assert resumed.state == s.state == replay("maya-madness", s.players, s.options, s.actions)
        assert applied == n - (latest - SNAPSHOT_EVERY)


def test_a_commit_seals_the_row_over_the_values_it_wrote(tmp_path):
    """The summary, result and checksum are one UPDATE: the checksum must be of
    the values as the row holds them (a whole-number time is stored as REAL)."""
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.create_session("maya", ["Ana", "Ben"], {}, {}, 1, "digital", started=100.0)
        journal.commit(sid, 0, [("action", '{"actor":0,"type":"pass"}')], summary={"entries": 1, "actions": 1},
                       result={"scores": [1, 2], "winners": [1]}, when=200)
        row = journal.session(sid)  # a checksum that does not match sets the game aside (JournalError)
        assert row["finished"] == 200.0 and row["result"]["winners"] == [1] and row["summary"]["entries"] == 1
        journal.commit(sid, 1, [("action", '{"actor":1,"type":"pass"}')], summary={"entries": 2, "actions": 2},
                       result=None)
        row = journal.session(sid)
        assert row["finished"] is None and row["result"] is None and row["summary"]["actions"] == 2
        assert journal.in_progress()[0]["id"] == sid and journal.history() == []


def test_a_snapshot_reached_by_a_move_and_its_draws_is_saved_with_the_next_single_entry(tmp_path):
    """A Mayan Curse round end (a move and the dealer's draws, one commit) leaves
    the pickling of a snapshot it reached to the next commit of one entry; resume
    is exact either way."""
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        s = Session.create(journal, "mayan-curse", ["Ana", "Ben", "Cy"], seed=5)
        rng, bot = random.Random(5), RandomBot()
        saved = lambda: {i for (i,) in journal._conn.execute(  # noqa: E731
            "SELECT idx FROM snapshots WHERE session = ?", (s.id,))}
        seen_deferred = False
        while not s.is_over():
            before, entries = len(s.actions), s._seq
            seats = sorted(a for a in s.actors() if a != CHANCE)
            s.act(bot.choose(s.game, s.state, rng.choice(seats), rng))
            reached = {i for i in range(before + 1, len(s.actions) + 1) if i % SNAPSHOT_EVERY == 0}
            if s._seq - entries > 1 and reached:
                assert not reached & saved()
                deferred, seen_deferred = reached, True
            elif s._seq - entries == 1 and seen_deferred and not s.is_over():
                assert deferred <= saved()
                break
        assert seen_deferred
        assert Session.resume(journal, s.id, deal=False).state == s.state

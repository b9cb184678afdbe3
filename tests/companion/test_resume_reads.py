"""What a resume reads: each payload parsed through the journal's own `loads`
(json.loads's value and errors, quicker), and the latest snapshot looked up
first, with the older ones still used when it is missing."""
from __future__ import annotations

import json
import random

import pytest

import companion.session as session_module
from companion.bots import RandomBot
from companion.engine import CHANCE
from companion.journal import Journal, loads
from companion.session import SNAPSHOT_EVERY, Session, replay


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

"""Corrections (issue 10, section 1): "Fix a number…" for the public numbers a real
table drifts from - journaled as a correction with who made it, shown in the log,
never touching a secret, undone like a move, rebuilt on resume."""
from __future__ import annotations

import random
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.cli.main import simulation_options
from companion.errors import IllegalAction
from companion.rules.engine import CHANCE, TABLE
from companion.store.journal import MIGRATIONS, Journal
from companion.table.controller import TableController
from companion.table.log import game_log
from companion.table.session import SNAPSHOT_EVERY, Session, replay

TITLES = ["maya", "maya-madness", "mayan-curse"]


def madness(journal, seed=1):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=seed)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    s.act({"actor": 0, "type": "play", "card": "+2"})
    return s


def test_ana_fixes_the_count_and_the_log_says_so(journal):
    """The rulebook's tip ("Be sure to remember the current count!") is why the count
    can be fixed: the table says it is 7, Ana fixes it."""
    s = madness(journal)
    assert [c.key for c in s.corrections()] == ["count"] and s.view(TABLE)["count"] == 3
    s.correct("count", 7, 0)
    assert s.view(TABLE)["count"] == 7
    kind, payload = journal.entries(s.id)[-1][1:]
    assert kind == "correction" and '"actor":0' in payload and '"key":"count"' in payload
    log = game_log(s.game, s.players, s.options, s.actions)
    assert log[-1]["sentences"] == ["Ana fixed the count to 7."] and log[-1]["actor"] == 0
    r = Session.resume(journal, s.id)
    assert r.state == s.state and r.view(TABLE)["count"] == 7
    assert game_log(r.game, r.players, r.options, r.actions)[-1]["sentences"] == ["Ana fixed the count to 7."]


def test_a_correction_is_undone_and_redone_like_a_move(journal):
    s = madness(journal)
    before = s.state
    s.correct("count", 7, 1)
    assert s.can_undo() == (True, "Undo Ben's fix.")
    s.undo()
    assert s.state == before and s.view(TABLE)["count"] == 3
    assert s.can_redo() == (True, "Redo Ben's move.")
    s.redo()
    assert s.view(TABLE)["count"] == 7
    s.undo()
    assert Session.resume(journal, s.id).state == before


def test_a_bad_correction_is_a_sentence_and_changes_nothing(journal):
    s = madness(journal)
    entries = journal.entries(s.id)
    for key, value, seat, said in [
        ("count", 7, 5, "There is no seat 5 at this table."),
        ("secret", 7, 0, "That number cannot be fixed now."),
        ("count", 1000, 0, "The count must be a whole number from -99 to 99."),
        ("count", True, 0, "The count must be a whole number from -99 to 99."),
        ("count", 3, 0, "The count is already 3; nothing to fix."),
    ]:
        with pytest.raises(IllegalAction) as e:
            s.correct(key, value, seat)
        assert str(e.value) == said
    assert journal.entries(s.id) == entries
    with pytest.raises(IllegalAction, match="Fix a number"):
        s.act({"actor": 0, "type": "correction", "key": "count", "value": 7})


def test_a_peek_at_an_unchanged_secret_does_not_stop_a_correction_being_undone(journal):
    s = madness(journal)
    s.correct("count", 9, 0)
    s.mark_seen(1)
    assert s.can_undo() == (True, "Undo Ana's fix.")


def test_the_controller_fixes_a_number_and_says_who(journal):
    s = madness(journal)
    table = TableController(s)
    assert not table.correct("count", 500, 1) and table.message == "The count must be a whole number from -99 to 99."
    assert table.correct("count", 6, 1)
    assert table.notice == "Ben fixed the count to 6." and table.public_view()["count"] == 6
    assert table.undo() and table.notice == "Took back Ben's fix." and table.public_view()["count"] == 3


def test_corrections_are_rebuilt_from_snapshots_on_resume(tmp_path):
    """Past several snapshots, with corrections in between: resuming reads the latest
    snapshot and applies what follows, corrections included."""
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full"}, seed=3)
        rng = random.Random(3)
        while len(s.actions) < 3 * SNAPSHOT_EVERY and not s.is_over():
            fixes = s.corrections()
            if fixes and rng.random() < 0.3:
                c = fixes[0]
                s.correct(c.key, c.value + 1 if c.value < c.hi else c.value - 1, rng.randrange(3))
            else:
                seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
                s.act(rng.choice(s.legal_actions(seat)))
        assert any(a.get("type") == "correction" for a in s.actions)
        assert journal._conn.execute("SELECT count(*) FROM snapshots WHERE session = ?", (s.id,)).fetchone()[0]
        r = Session.resume(journal, s.id, deal=False)
        assert r.state == s.state == replay("maya-madness", s.players, s.options, s.actions)


def test_a_journal_from_before_corrections_is_upgraded_and_takes_them(tmp_path):
    path = tmp_path / "journal.sqlite3"
    conn = sqlite3.connect(path)
    for script in MIGRATIONS[:5]:
        conn.executescript(script)
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    with Journal.open(path) as journal:
        s = madness(journal)
        s.correct("count", 7, 0)
        assert Session.resume(journal, s.id).view(TABLE)["count"] == 7


@pytest.mark.parametrize("name", TITLES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_a_correction_never_touches_a_secret(tmp_path_factory, name, seed, moves):
    """Over random games of every title: after any offered fix, every seat's private
    view is what it was, the table's log names who fixed it, and undo restores it."""
    game = games.get_game(name)
    players = ["Ana", "Ben", "Cy"]
    rng = random.Random(seed)
    with Journal.open(tmp_path_factory.mktemp("j") / "journal.sqlite3") as journal:
        s = Session.create(journal, name, players, options=simulation_options(game, {}), seed=seed)
        for _ in range(moves):
            if s.is_over():
                break
            seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
            s.act(rng.choice(s.legal_actions(seat)))
        for c in s.corrections():
            value = rng.choice([v for v in (c.lo, c.hi, c.value + 1, c.value - 1)
                                if c.lo <= v <= c.hi and v != c.value])
            secrets = [s.view(seat)["you"] for seat in range(len(players))]
            before = s.state
            by = rng.randrange(len(players))
            s.correct(c.key, value, by)
            assert [s.view(seat)["you"] for seat in range(len(players))] == secrets
            log = game_log(s.game, s.players, s.options, s.actions)
            assert log[-1]["sentences"][0].startswith(f"{players[by]} fixed ")
            assert log[-1]["sentences"][0].endswith(f" to {value}.")
            s.undo()
            assert s.state == before

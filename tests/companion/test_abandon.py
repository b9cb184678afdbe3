"""Abandoning a game, and the migration of a version-1 journal that brought it."""
import sqlite3

import pytest

from companion.errors import JournalError
from companion.rules.engine import TABLE
from companion.store.journal import MIGRATIONS, SCHEMA_VERSION, Journal
from companion.table.session import Session


def play(session, moves):
    for _ in range(moves):
        session.act({"actor": next(iter(session.actors())), "type": "roll"})


def finish(session):
    while not session.is_over():
        play(session, 1)


def test_an_abandoned_game_leaves_the_games_in_progress_and_keeps_its_moves(journal, toy):
    kept = Session.create(journal, "toy", ["Ana", "Ben"], seed=1)
    gone = Session.create(journal, "toy", ["Cy", "Di"], seed=2)
    play(gone, 3)
    entries = journal.entries(gone.id)
    journal.abandon(gone.id)
    assert [g["id"] for g in journal.in_progress()] == [kept.id]
    assert journal.history() == [], "an abandoned game is not a finished game"
    (a,) = journal.abandoned()
    assert a["id"] == gone.id and a["players"] == ["Cy", "Di"] and a["actions"] == len(gone.actions)
    assert a["abandoned"] >= a["started"]
    assert journal.entries(gone.id) == entries, "its moves stay in the journal"


def test_abandoning_is_committed_at_once(tmp_path, toy):
    path = tmp_path / "journal.sqlite3"
    j = Journal.open(path)
    s = Session.create(j, "toy", ["Ana", "Ben"], seed=1)
    j.abandon(s.id)
    # Another connection (a restarted app) sees it without j being closed.
    with Journal.open(path) as again:
        assert again.in_progress() == [] and [g["id"] for g in again.abandoned()] == [s.id]
    j.close()


def test_an_abandoned_game_cannot_be_resumed(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=1)
    journal.abandon(s.id)
    with pytest.raises(JournalError, match=f"Game {s.id} was abandoned, so it cannot be resumed."):
        Session.resume(journal, s.id)


def test_abandoning_twice_keeps_the_first_time(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=1)
    journal.abandon(s.id, when=1000.0)
    journal.abandon(s.id, when=2000.0)
    assert journal.session(s.id)["abandoned"] == 1000.0


def test_a_finished_game_cannot_be_abandoned_and_stays_in_the_past_games(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], options={"target": 5}, seed=7)
    finish(s)
    with pytest.raises(JournalError, match="already finished, so it stays in the past games"):
        journal.abandon(s.id)
    assert [h["id"] for h in journal.history()] == [s.id]
    assert journal.abandoned() == []


def test_abandoning_a_game_that_is_not_there_is_a_sentence(journal):
    with pytest.raises(JournalError, match="There is no game number 99 in the journal."):
        journal.abandon(99)


def test_a_game_abandoned_elsewhere_and_then_finished_is_not_counted_as_history(journal, toy):
    """Two windows: one abandons the game while the other plays it to the end.
    The abandon stands; the past games (statistics) do not count it."""
    s = Session.create(journal, "toy", ["Ana", "Ben"], options={"target": 5}, seed=7)
    journal.abandon(s.id)
    finish(s)
    assert journal.history() == [] and journal.in_progress() == []
    assert [g["id"] for g in journal.abandoned()] == [s.id]


# --- the migration from version 1 -------------------------------------------------

V1_SESSION_COLUMNS = "id, game, players, options, meta, seed, randomness, started, finished, result"


def write_version_1_file(path, source: Journal):
    """A journal exactly as version 1 wrote it: the version-1 schema (MIGRATIONS[0],
    append-only, so it is the released text) holding the source journal's rows."""
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(MIGRATIONS[0])
    old.execute("PRAGMA user_version = 1")
    for row in source._conn.execute(f"SELECT {V1_SESSION_COLUMNS} FROM sessions").fetchall():
        old.execute(f"INSERT INTO sessions ({V1_SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
    for row in source._conn.execute("SELECT session, seq, kind, payload, time FROM entries").fetchall():
        old.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?)", row)
    old.close()


def test_a_version_1_journal_is_migrated_in_place_and_its_games_carry_on(tmp_path, toy):
    assert SCHEMA_VERSION >= 2
    with Journal.open(tmp_path / "source.sqlite3") as source:
        going = Session.create(source, "toy", ["Ana", "Ben"], seed=3)
        play(going, 4)
        going.undo()
        done = Session.create(source, "toy", ["Cy", "Di"], options={"target": 5}, seed=7)
        finish(done)
        view, history = going.view(TABLE), source.history()
        path = tmp_path / "journal.sqlite3"
        write_version_1_file(path, source)

    with Journal.open(path) as j:
        assert j.notice is None, "an old file is upgraded, not moved aside"
        assert j.schema_version == SCHEMA_VERSION
        assert sorted(p.name for p in tmp_path.iterdir() if ".damaged-" in p.name or ".newer-" in p.name) == []
        assert [g["id"] for g in j.in_progress()] == [going.id]
        assert j.history() == history and j.abandoned() == []
        resumed = Session.resume(j, going.id)
        assert resumed.view(TABLE) == view and resumed.can_redo()[0]
        # The new column works on the old games.
        j.abandon(going.id)
        assert j.in_progress() == [] and [g["id"] for g in j.abandoned()] == [going.id]
    with Journal.open(path) as j:
        assert j.schema_version == SCHEMA_VERSION and [g["id"] for g in j.abandoned()] == [going.id]

"""Remembered players (companion/table/players.py): names, colours, fobs and the last
table survive a restart; a renamed player keeps their games; the file is private,
written whole or not at all, and a damaged one is moved aside, never lost."""
from __future__ import annotations

import json
import os
import pathlib
import random
import stat
import sys

import pytest

from companion.errors import BadOption
from companion.history import stats
from companion.table.players import PlayersNotSaved, Roster

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from history_steps import play_session


def test_players_colours_fobs_and_the_last_table_survive_a_restart(tmp_path):
    path = tmp_path / "players.json"
    r = Roster.open(path)
    r.remember_table("maya", [{"name": "Ana", "colour": "Red", "symbol": "●", "fob": "04a2"},
                              {"name": "Ben", "colour": "Blue", "symbol": "■"}])
    again = Roster.open(path)
    game, seats = again.last_table()
    assert game == "maya"
    assert [(p.name, p.colour, p.symbol, p.fob) for p in seats] == [
        ("Ana", "Red", "●", "04A2"), ("Ben", "Blue", "■", None)]
    assert again.by_fob("04A2").name == "Ana"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_a_fob_belongs_to_one_player_at_a_time(tmp_path):
    r = Roster.open(tmp_path / "players.json")
    ana = r.add("Ana", fob="AA01")
    ben = r.add("Ben")
    r.update(ben.id, fob="aa01")
    assert r.get(ana.id).fob is None and r.get(ben.id).fob == "AA01"


def test_a_name_already_in_the_list_is_refused_with_a_sentence(tmp_path):
    r = Roster.open(tmp_path / "players.json")
    r.add("Ana")
    with pytest.raises(BadOption, match="Ana is already in the list"):
        r.add(" ana ")
    with pytest.raises(BadOption, match="needs a name"):
        r.add("   ")


def test_renaming_keeps_the_games_played_under_the_old_name(tmp_path, journal, toy):
    r = Roster.open(tmp_path / "players.json")
    ana = r.add("Ana")
    rng = random.Random(5)
    before = [play_session(journal, "toy", ["Ana", "Ben"], rng) for _ in range(3)]
    t = max(s.started for s in before) + 1
    r.rename(ana.id, "Anna", when=t)
    plays = stats.load(journal, r)
    assert stats.player_stats(plays, "Anna")["plays"] == 3
    assert stats.player_stats(plays, "Ana")["plays"] == 0
    # Someone new may take the old name: games after the rename are theirs, not Anna's.
    new_ana = r.add("Ana")
    assert r.owner("Ana", started=t - 10).id == ana.id
    assert r.owner("Ana", started=t + 10).id == new_ana.id
    assert r.names_of(ana.id) == ["Anna", "Ana"]


def test_renaming_follows_into_the_last_table(tmp_path):
    r = Roster.open(tmp_path / "players.json")
    (ana, _ben) = r.remember_table("maya", [{"name": "Ana"}, {"name": "Ben"}])
    r.rename(ana.id, "Anna")
    assert [p.name for p in Roster.open(tmp_path / "players.json").last_table()[1]] == ["Anna", "Ben"]


def test_a_damaged_list_is_moved_aside_not_deleted(tmp_path):
    path = tmp_path / "players.json"
    path.write_text("{not json")
    r = Roster.open(path)
    assert "damaged" in r.notice and "nothing was deleted" in r.notice
    assert r.players() == []
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("players.json.damaged")]
    assert len(aside) == 1 and aside[0].read_text() == "{not json"


def test_a_full_disk_is_a_sentence_and_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "players.json"
    r = Roster.open(path)
    r.add("Ana")

    def full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(PlayersNotSaved, match="No space left on device.*nothing was changed"):
        r.add("Ben")
    monkeypatch.undo()
    assert [p.name for p in r.players()] == ["Ana"]
    assert [p["name"] for p in json.loads(path.read_text())["players"]] == ["Ana"]
    assert [p.name for p in tmp_path.iterdir()] == ["players.json"]  # no temporary file left behind


def test_past_games_of_a_renamed_player_include_their_games_under_the_old_name(tmp_path, journal, toy):
    r = Roster.open(tmp_path / "players.json")
    ana = r.add("Ana")
    rng = random.Random(9)
    before = [play_session(journal, "toy", ["Ana", "Ben"], rng) for _ in range(3)]
    t = max(s.started for s in before) + 1
    anna = r.rename(ana.id, "Anna", when=t)
    after = play_session(journal, "toy", ["Anna", "Cleo"], rng)  # Anna under her new name
    other = play_session(journal, "toy", ["Ana", "Ben"], rng)  # a new Ana, after the rename
    for s in (after, other):
        journal.conn.execute("UPDATE sessions SET started = ?, crc = NULL WHERE id = ?", (t + 100 + s.id, s.id))
    rows, total = stats.player_history(journal, anna, limit=2, offset=0)
    assert total == 4 and len(rows) == 2 and rows[0]["id"] == after.id
    rest, _ = stats.player_history(journal, anna, limit=10, offset=2)
    assert sorted(h["id"] for h in rows + rest) == sorted([after.id] + [s.id for s in before])
    assert other.id not in {h["id"] for h in rows + rest}

"""Export (companion/history/export.py): jsonl replays to the same result, csv has one
row per player per play, bgstats validates against the BG Stats play-file
structure, and nothing that leaves the companion as results shows a secret."""
from __future__ import annotations

import csv
import io
import pathlib
import random
import sys

import jsonschema
import pytest

from companion.cli.history import export_command
from companion.cli.main import replay_lines
from companion.errors import CompanionError
from companion.history import export
from companion.table.players import Roster
from companion.table.session import Session

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from history_steps import play_session, random_history

# The BG Stats play file ("This is a Play file that can be read by Board Game
# Stats"), written from the files the app itself shares and exports: tables of
# players, locations and games, and plays that point into them by id, each
# play's playerScores naming a player, a score (text), winner, seat order.
BGSTATS_SCHEMA = {
    "type": "object",
    "required": ["about", "players", "locations", "games", "plays"],
    "properties": {
        "about": {"type": "string"},
        "players": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name", "isAnonymous"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string", "format": "uuid"},
                           "name": {"type": "string", "minLength": 1}, "isAnonymous": {"type": "boolean"},
                           "modificationDate": {"$ref": "#/$defs/date"}, "bggUsername": {"type": "string"}}}},
        "locations": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "name": {"type": "string"},
                           "modificationDate": {"$ref": "#/$defs/date"}}}},
        "games": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name", "cooperative", "highestWins", "noPoints"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "name": {"type": "string"},
                           "cooperative": {"type": "boolean"}, "highestWins": {"type": "boolean"},
                           "noPoints": {"type": "boolean"}, "usesTeams": {"type": "boolean"},
                           "bggId": {"type": "integer"}, "modificationDate": {"$ref": "#/$defs/date"}}}},
        "plays": {"type": "array", "items": {
            "type": "object", "required": ["uuid", "playDate", "durationMin", "gameRefId", "playerScores"],
            "properties": {
                "uuid": {"type": "string"}, "playDate": {"$ref": "#/$defs/date"},
                "entryDate": {"$ref": "#/$defs/date"}, "durationMin": {"type": "integer", "minimum": 0},
                "gameRefId": {"type": "integer"}, "locationRefId": {"type": "integer"},
                "ignored": {"type": "boolean"}, "manualWinner": {"type": "boolean"},
                "rounds": {"type": "integer"}, "board": {"type": "string"}, "comments": {"type": "string"},
                "playerScores": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "required": ["playerRefId", "score", "winner", "seatOrder"],
                    "properties": {"playerRefId": {"type": "integer"}, "score": {"type": "string"},
                                   "winner": {"type": "boolean"}, "newPlayer": {"type": "boolean"},
                                   "startPlayer": {"type": "boolean"}, "seatOrder": {"type": "integer", "minimum": 1},
                                   "rank": {"type": "integer"}, "role": {"type": "string"}}}}}}},
    },
    "$defs": {"date": {"type": "string", "pattern": r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"}},
}


@pytest.mark.parametrize("seed", range(4))
def test_every_exported_game_replays_to_the_same_result(journal, toy, seed):
    random_history(journal, random.Random(seed), count=5)
    rows = export.select(journal)
    files = export.render(journal, "jsonl", rows)
    assert len(files) == len(rows) == 5
    for h in rows:
        out = replay_lines(files[f"maya-game-{h['id']}.jsonl"].splitlines())
        assert out["result"] == journal.session(h["id"])["result"]
        assert out["actions"] == len(Session.resume(journal, h["id"], deal=False).actions)


def test_csv_has_one_row_per_player_per_play(journal, toy):
    random_history(journal, random.Random(1), count=4)
    rows = export.select(journal)
    table = list(csv.DictReader(io.StringIO(export.to_csv(journal, rows))))
    assert len(table) == sum(len(h["players"]) for h in rows)
    first = rows[0]
    mine = [r for r in table if int(r["game_id"]) == first["id"]]
    assert [r["player"] for r in mine] == first["players"]
    assert [float(r["score"]) for r in mine] == [float(s) for s in first["scores"]]
    assert [r["winner"] == "yes" for r in mine] == [i in first["winners"] for i in range(len(mine))]


def test_bgstats_file_validates_and_points_at_its_own_players_and_games(journal, toy):
    random_history(journal, random.Random(2), count=5)
    data = export.to_bgstats(journal, export.select(journal))
    jsonschema.validate(data, BGSTATS_SCHEMA, format_checker=jsonschema.FormatChecker())
    player_ids = {p["id"] for p in data["players"]}
    game_ids = {g["id"] for g in data["games"]}
    assert len(data["plays"]) == 5
    for play in data["plays"]:
        assert play["gameRefId"] in game_ids
        assert {s["playerRefId"] for s in play["playerScores"]} <= player_ids
        assert sum(s["winner"] for s in play["playerScores"]) >= 1


def test_exporting_twice_gives_the_same_play_ids_so_bg_stats_does_not_double_them(journal, toy):
    random_history(journal, random.Random(3), count=2)
    a = export.to_bgstats(journal, export.select(journal))
    b = export.to_bgstats(journal, export.select(journal))
    assert [p["uuid"] for p in a["plays"]] == [p["uuid"] for p in b["plays"]]


def test_a_renamed_player_is_one_player_in_bg_stats(journal, toy, tmp_path):
    roster = Roster.open(tmp_path / "players.json")
    ana = roster.add("Ana")
    random_history(journal, random.Random(4), count=3)
    roster.rename(ana.id, "Anna", when=2_000_000_000)
    data = export.to_bgstats(journal, export.select(journal), roster)
    assert "Anna" in {p["name"] for p in data["players"]} and "Ana" not in {p["name"] for p in data["players"]}


def test_a_game_still_being_played_is_not_exported(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"])
    with pytest.raises(CompanionError, match="still being played"):
        export.select(journal, s.id)


def test_export_command_writes_one_file_per_game_for_jsonl(journal, toy, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(journal.path.parent))
    random_history(journal, random.Random(6), count=3)
    journal.conn.execute("PRAGMA wal_checkpoint")
    assert export_command(["--format", "jsonl", "--all", "--out", str(tmp_path / "out")]) == 0
    assert "Exported 3 games" in capsys.readouterr().out
    assert len(list((tmp_path / "out").glob("maya-game-*.jsonl"))) == 3
    assert export_command(["--format", "csv", "--all", "--out", str(tmp_path / "plays.csv")]) == 0
    assert (tmp_path / "plays.csv").read_text().startswith("game_id,")


@pytest.mark.parametrize("title", ["maya-madness", "maya", "mayan-curse"])
def test_real_games_round_trip_through_replay_and_verify(journal, title):
    from companion.history.fairness import verify_lines

    rng = random.Random(title)
    options = {"deck": "full"} if title == "maya-madness" else None
    sessions = [play_session(journal, title, ["Ana", "Ben", "Cleo"], rng, options=options, undo_rate=0.05)
                for _ in range(2)]
    for s in sessions:
        text = export.jsonl(journal, s.id)
        out = replay_lines(text.splitlines())
        assert out["result"] == s.result().to_json()
        verified = verify_lines(text.splitlines())
        draws = sum(a.get("actor") == "chance" for a in s.actions)
        assert verified.draws >= draws and verified.actions == len(s.actions)  # undone draws count too

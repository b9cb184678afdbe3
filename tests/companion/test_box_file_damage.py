"""A box file a text editor mangled is a sentence naming the file, never a traceback
(issue 12 point 6; the audit found UTF-16 and a non-list 'unconfirmed')."""
from __future__ import annotations

import shutil

import pytest

from companion.errors import BadComponents
from companion.games import get_game
from companion.rules.components import override_path


@pytest.fixture
def box(tmp_path, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path))
    path = override_path("mayan-curse")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_a_box_file_saved_as_utf16_is_a_sentence(box):
    spec = get_game("mayan-curse").box_spec()
    box.write_bytes(spec.shipped.read_text(encoding="utf-8").encode("utf-16"))
    with pytest.raises(BadComponents) as e:
        get_game("mayan-curse").setup(["Ana", "Ben"])
    assert "not UTF-8" in str(e.value) and str(box) in str(e.value)


def test_unconfirmed_that_is_not_a_list_is_a_sentence(box):
    spec = get_game("mayan-curse").box_spec()
    shutil.copy(spec.shipped, box)
    text = box.read_text(encoding="utf-8")
    box.write_text(text.replace('unconfirmed = ["symbols", "single", "dual"]', "unconfirmed = 5", 1), encoding="utf-8")
    with pytest.raises(BadComponents) as e:
        get_game("mayan-curse").setup(["Ana", "Ben"])
    assert "unconfirmed must be a list" in str(e.value)


def test_a_broken_box_file_never_sets_a_game_in_progress_aside(journal, monkeypatch):
    """The audit's first finding: resuming while the box file is broken must not lose
    the game; once the file is fixed (here: deleted), the game resumes as it was."""
    import pytest as _pytest

    from companion.errors import JournalError
    from companion.table.session import Session

    monkeypatch.setenv("MAYA_COMPANION_DATA", str(journal.path.parent))
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=3)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    state = s.state
    box = override_path("maya-madness")
    box.parent.mkdir(parents=True, exist_ok=True)
    box.write_text("[[[", encoding="utf-8")
    with _pytest.raises(JournalError) as e:
        Session.resume(journal, s.id)
    assert "box file is broken" in str(e.value) and "the game is kept" in str(e.value)
    assert [g["id"] for g in journal.in_progress()] == [s.id]  # still offered on Home
    box.unlink()
    assert Session.resume(journal, s.id).state == state

"""A box file a text editor mangled is a sentence naming the file, never a traceback
(issue 12 point 6; the audit found UTF-16 and a non-list 'unconfirmed')."""
from __future__ import annotations

import shutil

import pytest

from companion.components import override_path
from companion.errors import BadComponents
from companion.games import get_game


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

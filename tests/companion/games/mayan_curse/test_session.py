"""Mayan Curse through the session and journal: the dealer draws in digital mode,
a person enters the real draw in physical mode, resume and undo keep secrets."""
import pytest

from companion.errors import IllegalAction
from companion.rules.engine import CHANCE, TABLE
from companion.store.journal import Journal
from companion.table.session import Session


@pytest.fixture
def journal(tmp_path):
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


def test_digital_session_draws_every_hand_and_stela_value(journal):
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], randomness="digital", seed=3)
    assert s.view(TABLE)["phase"] == "turn"  # the dealer already drew both hands
    assert [p["stones"] for p in s.view(TABLE)["players"]] == [3, 3]
    assert len(s.view(0)["you"]["stones"]) == 3
    s.act({"actor": 0, "type": "discover_stela", "colour": "gray", "place": "passage"})
    assert s.view(0)["you"]["stelae"][0]["value"] in (2, 3, 4, 5)
    with pytest.raises(IllegalAction, match="companion makes the draws"):
        s.act({"actor": CHANCE, "type": "draw_stones", "seat": 0, "stones": ["dog", "dog", "dog"]})


def test_physical_session_waits_for_the_player_to_enter_their_stones(journal):
    """Rounds: physical mode — the player enters what they drew from the real purse."""
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], randomness="physical")
    assert s.waiting_for_chance()
    s.act({"actor": CHANCE, "type": "draw_stones", "seat": 0, "stones": ["dog", "serpent/bird", "bird"]})
    s.act({"actor": CHANCE, "type": "draw_stones", "seat": 1, "stones": ["dog", "dog", "jaguar"]})
    assert not s.waiting_for_chance()
    assert s.view(0)["you"]["stones"] == ["dog", "bird", "serpent/bird"]
    assert s.view(TABLE)["purse"] == 14


def test_resume_rebuilds_the_game_with_its_secrets(journal, tmp_path):
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben", "Cy"], randomness="digital", seed=11)
    s.act({"actor": 0, "type": "discover_stela", "colour": "brown", "place": "passage"})
    s.act({"actor": 0, "type": "end_turn"})
    s.act({"actor": 1, "type": "reach_temple_board"})
    views = {v: s.view(v) for v in (TABLE, 0, 1, 2)}
    r = Session.resume(journal, s.id)
    assert {v: r.view(v) for v in (TABLE, 0, 1, 2)} == views


def test_undo_of_a_discovery_does_not_redraw_its_value(journal):
    """Undo never re-rolls chance: redoing the discovery gives the same hidden value."""
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], randomness="digital", seed=5)
    s.act({"actor": 0, "type": "discover_stela", "colour": "beige", "place": "passage"})
    value = s.view(0)["you"]["stelae"][0]["value"]
    ok, _ = s.can_undo()
    assert ok
    s.undo()
    assert s.view(TABLE)["players"][0]["stelae"] == []
    s.act({"actor": 0, "type": "discover_stela", "colour": "beige", "place": "passage"})
    assert s.view(0)["you"]["stelae"][0]["value"] == value

"""Reaching the Temple: the transition board, cameras; Using Your Backpack."""
import pytest

from companion.errors import IllegalAction


def test_reaching_the_top_claims_one_camera_per_player(driver):
    """Reaching the Top: claim the camera token, worth 15 knowledge; replace it with another while
    any remain. Each player can only claim 1 camera."""
    d = driver(2)
    d.draws()
    with pytest.raises(IllegalAction, match="has not reached the temple"):
        d.do(0, "claim_camera")
    d.do(0, "reach_temple_board")
    d.do(0, "claim_camera")
    assert d.table["cameras_left"] == 5 and d.table["players"][0]["camera"]
    assert {"actor": 0, "type": "claim_camera"} not in d.g.legal_actions(d.s, 0)
    with pytest.raises(IllegalAction, match="only one"):
        d.do(0, "claim_camera")


def test_no_camera_when_none_are_left(driver):
    d = driver(2)
    box = d.s.box
    from dataclasses import replace
    d = driver(2, components=replace(box, cameras=1))
    d.draws()
    d.do(0, "reach_temple_board")
    d.do(0, "claim_camera")
    d.end(0)
    d.do(1, "reach_temple_board")
    assert not any(a["type"] == "claim_camera" for a in d.g.legal_actions(d.s, 1))
    with pytest.raises(IllegalAction, match="No camera tokens are left"):
        d.do(1, "claim_camera")


def test_only_the_first_arrival_at_the_temple_board_removes_the_tokens(driver):
    """Leaving the Passage: the first time a player reaches the temple transition board, they remove
    all trigger tokens left on the boulders."""
    d = driver(2)
    d.draws()
    d.do(0, "reach_temple_board")
    assert "first" in d.said and d.table["temple_reached"]
    assert [b["tokens"] for b in d.table["boulders"]] == [0, 0, 0]
    d.end(0)
    d.do(1, "reach_temple_board")
    assert "first" not in d.said
    with pytest.raises(IllegalAction, match="already reached"):
        d.do(1, "reach_temple_board")


def test_the_backpack_is_used_once_per_game(driver):
    """Using Your Backpack: you can only use one of the 4 items each game; flip the card."""
    d = driver(2)
    d.draws()
    items = [a["item"] for a in d.g.legal_actions(d.s, 0) if a["type"] == "use_backpack"]
    assert items == ["machete", "map", "compass", "elixir"]
    d.do(0, "use_backpack", item="compass")
    assert d.table["players"][0]["backpack"] == "compass"
    assert not any(a["type"] == "use_backpack" for a in d.g.legal_actions(d.s, 0))
    with pytest.raises(IllegalAction, match="already used their backpack"):
        d.do(0, "use_backpack", item="map")
    d.end(0)
    with pytest.raises(IllegalAction, match="not 'rope'"):
        d.do(1, "use_backpack", item="rope")

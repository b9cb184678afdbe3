"""Quarrying: cards laid face down in turn, low cards first, quarry limits, passing."""
import pytest

from companion.errors import IllegalAction

BLUE, RED, GREEN = range(3)


def quarrying(maya, n=3, b=None):
    s = maya.fresh(n, b=b)
    while s.phase == "setup":
        (seat,) = maya.GAME.actors(s)
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    return s


def test_the_first_card_at_a_quarry_must_be_low(maya):
    s = quarrying(maya)
    assert s.turn == BLUE
    legal = maya.GAME.legal_actions(s, BLUE)
    assert {a["card"] for a in legal if a["type"] == "place_worker"} == {3, 4, 5}
    with pytest.raises(IllegalAction, match="must be a low card"):
        maya.act(s, BLUE, "place_worker", quarry=0, card=8)
    s = maya.act(s, BLUE, "place_worker", quarry=0, card=4)
    assert {a["card"] for a in maya.GAME.legal_actions(s, RED) if a.get("quarry") == 0} == {-3, 3, 4, 5, 6, 7, 8}


def test_a_quarry_takes_no_more_cards_than_printed(maya):
    b = maya.box(3, quarries=[([3, 1], 2, "free_pass"), ([4, 2], 5, "free_double")])
    s = quarrying(maya, b=b)
    s = maya.act(s, BLUE, "place_worker", quarry=0, card=3)
    s = maya.act(s, RED, "place_worker", quarry=0, card=7)
    assert not [a for a in maya.GAME.legal_actions(s, GREEN) if a.get("quarry") == 0]
    with pytest.raises(IllegalAction, match="Quarry 1 is full"):
        maya.act(s, GREEN, "place_worker", quarry=0, card=5)


def test_a_passed_player_lays_no_more_cards(maya):
    s = quarrying(maya)
    s = maya.act(s, BLUE, "pass")
    s = maya.act(s, RED, "place_worker", quarry=0, card=3)
    s = maya.act(s, GREEN, "place_worker", quarry=1, card=3)
    assert s.turn == RED  # Blue is skipped for the rest of the phase


def test_a_player_without_a_legal_card_passes_by_themselves(maya):
    b = maya.box(3, quarries=[([3, 1], 3, "free_pass")])
    s = quarrying(maya, b=b)
    s = maya.act(s, BLUE, "place_worker", quarry=0, card=3)
    s = maya.act(s, RED, "place_worker", quarry=0, card=3)
    s = maya.act(s, GREEN, "place_worker", quarry=0, card=3)
    # the only quarry is full: nobody can lay a card, so the phase ends
    assert s.phase != "quarrying"


def test_the_table_sees_low_or_high_but_never_the_value(maya):
    s = quarrying(maya)
    s = maya.act(s, BLUE, "place_worker", quarry=2, card=5)
    s = maya.act(s, RED, "place_worker", quarry=2, card=8)
    table = maya.GAME.view(s, maya.TABLE)
    assert table["quarries"][2]["cards"] == [{"seat": BLUE, "low": True}, {"seat": RED, "low": False}]
    mine = maya.GAME.view(s, RED)
    assert mine["quarries"][2]["cards"] == table["quarries"][2]["cards"]  # the public part is the table's
    assert mine["you"]["laid"] == [{"quarry": 2, "index": 1, "value": 8}]
    assert mine["you"]["cards"] == [-3, 3, 4, 4, 5, 6, 7]
    assert "cards" not in mine["players"][BLUE] and table["players"][RED]["cards_left"] == 7
    assert [e["sentence"] for e in table["events"]] == ["Red lays a high card at quarry 3."]


def test_all_passed_reveals_the_right_hand_quarry_and_cannot_be_undone(maya):
    s = quarrying(maya)
    q = len(s.quarries) - 1
    s = maya.act(s, BLUE, "place_worker", quarry=q, card=5)
    s = maya.act(s, RED, "pass")
    s = maya.act(s, GREEN, "pass")
    before = s
    action = {"actor": BLUE, "type": "pass"}
    s = maya.GAME.apply(s, action)
    assert s.quarries[q].revealed
    assert maya.GAME.undoable(before, action, s) is False
    assert maya.GAME.view(s, maya.TABLE)["quarries"][q]["cards"] == [{"seat": BLUE, "low": True, "value": 5}]


def test_no_card_of_that_value_left(maya):
    s = quarrying(maya)
    s = maya.act(s, BLUE, "place_worker", quarry=0, card=3)
    s = maya.act(s, RED, "pass")
    s = maya.act(s, GREEN, "pass")
    with pytest.raises(IllegalAction, match="Blue has no worker card 3 left"):
        maya.act(s, BLUE, "place_worker", quarry=1, card=3)

"""Sacred stones: secret in hand, public once played, the real purse entered behind the gate."""
import pytest

from companion.errors import IllegalAction
from companion.games.mayan_curse.state import TURN
from companion.rules.engine import CHANCE, TABLE
from companion.table.log import game_log


def test_a_played_stone_is_shown_to_the_table_and_the_rest_stay_secret(driver):
    """Step 1: Draw — "You may look at your stones but should keep them secret from other
    players until you play them." A stone played shows its symbol on the table view and in the
    log; the stones not played stay hidden and go back to the purse at the end of the turn
    (Step 2c)."""
    d = driver(2)
    d.draws(["dog", "jaguar", "serpent/bird"], ["bird", "bird", "dog"])
    assert d.table["players"][0]["played"] == [] and d.table["players"][0]["stones"] == 3
    d.do(0, "play_stone", stone="serpent/bird")
    table = d.table
    assert table["players"][0]["played"] == ["serpent/bird"] and table["players"][0]["stones"] == 2
    assert d.said == "Ana plays the Serpent / Bird stone."
    assert "dog" not in str(table["players"]) and "jaguar" not in str(table["players"])
    assert d.g.view(d.s, 0)["you"]["stones"] == ["dog", "jaguar"]
    with pytest.raises(IllegalAction, match="holds no such stone"):
        d.do(0, "play_stone", stone="serpent/bird")
    d.end(0)
    assert sum(d.s.purse) == 20 - 3  # Ana's three are back; Ben still holds his
    assert d.table["players"][0]["played"] == []


def test_the_log_names_played_stones_but_never_a_stone_in_hand():
    actions = [
        {"actor": CHANCE, "type": "draw_stones", "seat": 0, "stones": ["dog", "jaguar", "jaguar"]},
        {"actor": CHANCE, "type": "draw_stones", "seat": 1, "stones": ["bird", "bird", "serpent"]},
        {"actor": 0, "type": "play_stone", "stone": "jaguar"},
        {"actor": 0, "type": "end_turn"},
    ]
    from companion.games.mayan_curse import GAME

    table = [s for e in game_log(GAME, ["Ana", "Ben"], {}, actions, TABLE) for s in e["sentences"]]
    assert "Ana plays the Jaguar stone." in table
    assert not any("Dog" in s or "Bird" in s or "Serpent" in s for s in table)
    ana = [s for e in game_log(GAME, ["Ana", "Ben"], {}, actions, 0) for s in e["sentences"]]
    assert "You drew Dog, Jaguar, Jaguar." in ana


def test_with_the_real_purse_each_player_enters_their_draw_on_their_turn(driver):
    """Issue 11: with the real purse the players draw from the bag; the companion makes no
    draw and the player at turn enters their three stones behind the privacy gate."""
    d = driver(2, {"purse": "real"})
    assert d.s.phase == TURN and CHANCE not in d.g.actors(d.s)
    assert "enter your stones" in d.table["waiting_for"]["sentence"]
    assert d.g.view(d.s, 0)["you"]["to_enter"] is True
    with pytest.raises(IllegalAction, match="has not entered the stones"):
        d.do(0, "play_stone", stone="dog")
    d.do(0, "enter_stones", stones=["dog", "dog/jaguar", "bird"])
    assert d.said == "Ana entered the stones they drew."
    assert "dog" not in str(d.table) and d.g.view(d.s, 0)["you"]["stones"] == ["dog", "bird", "dog/jaguar"]
    with pytest.raises(IllegalAction, match="already entered"):
        d.do(0, "enter_stones", stones=["dog", "dog", "dog"])
    d.do(0, "play_stone", stone="dog/jaguar")
    d.end(0)
    assert sum(d.s.purse) == 20
    # a player may also end a turn without entering: the real stones go back to the real bag
    d.end(1)
    assert d.s.round == 2 and d.s.phase == TURN


def test_the_real_purse_refuses_a_hand_the_box_cannot_hold(driver):
    d = driver(2, {"purse": "real"})
    with pytest.raises(IllegalAction, match="The bag cannot have given you 2 Dog / Jaguar stones now"):
        d.do(0, "enter_stones", stones=["dog/jaguar", "dog/jaguar", "dog"])  # the box has one
    with pytest.raises(IllegalAction, match="exactly 3 sacred stones"):
        d.do(0, "enter_stones", stones=["dog"])


def test_companion_draws_cannot_be_entered_by_hand(driver):
    d = driver(2)
    d.draws()
    with pytest.raises(IllegalAction, match="companion draws the stones"):
        d.do(0, "enter_stones", stones=["dog", "dog", "dog"])

"""Rounds & Turns: the draw, turn order, discarding stones, the first-player token, escaping."""
import pytest

from companion.errors import IllegalAction
from companion.games.mayan_curse.state import DRAW, TURN
from companion.rules.engine import CHANCE


def test_each_player_draws_three_stones_at_the_start_of_the_round(driver):
    """Step 1: Draw — each player draws 3 sacred stones from the purse; one chance action each."""
    d = driver(3)
    assert d.s.phase == DRAW and d.g.actors(d.s) == {CHANCE}
    d.do(CHANCE, "draw_stones", seat=0, stones=["dog", "dog", "bird"])
    assert d.table["purse"] == 17
    assert [p["stones"] for p in d.table["players"]] == [3, 0, 0]
    d.draws()
    assert d.table["purse"] == 11
    assert [p["stones"] for p in d.table["players"]] == [3, 3, 3]
    assert d.s.phase == TURN and d.g.actors(d.s) == {0}


def test_a_draw_must_come_from_the_purse(driver):
    d = driver(2)
    d.do(CHANCE, "draw_stones", seat=0, stones=["dog/jaguar", "serpent", "bird"])
    with pytest.raises(IllegalAction, match="The bag cannot have given you a Dog / Jaguar stone now"):
        d.do(CHANCE, "draw_stones", seat=1, stones=["dog/jaguar", "dog", "dog"])
    with pytest.raises(IllegalAction, match="exactly 3"):
        d.do(CHANCE, "draw_stones", seat=1, stones=["dog"])
    with pytest.raises(IllegalAction, match="Ben draws next"):
        d.do(CHANCE, "draw_stones", seat=0, stones=["dog", "dog", "dog"])


def test_draw_outcomes_are_every_hand_with_probabilities_summing_to_one(driver):
    d = driver(2)
    outcomes = d.g.chance_outcomes(d.s)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    hands = {tuple(a["stones"]) for a, _ in outcomes}
    assert ("dog", "dog", "dog") in hands and ("dog", "dog/jaguar", "serpent/bird") in hands
    assert len(hands) == len(outcomes)


def test_stones_go_back_into_the_purse_at_the_end_of_the_turn_used_or_not(driver):
    """Step 2c: discard all 3 stones, whether or not you used them, directly into the purse."""
    d = driver(2)
    d.draws()
    assert d.table["purse"] == 14
    d.end(0)
    assert d.table["purse"] == 17
    assert d.table["players"][0]["stones"] == 0
    d.end(1)
    assert d.s.round == 2 and d.table["purse"] == 20


def test_turns_go_clockwise_from_the_first_player_and_the_token_passes_clockwise(driver):
    d = driver(3)
    d.draws()
    order = []
    while d.s.phase == TURN:
        order.append(d.current())
        d.end(d.current())
    assert order == [0, 1, 2]
    assert d.table["first_player"] == 1
    d.draws()
    assert d.table["turn_order"] == [1, 2, 0] and d.current() == 1


def test_it_is_not_your_turn_is_a_sentence(driver):
    d = driver(2)
    d.draws()
    with pytest.raises(IllegalAction, match="It is Ana's turn, not Ben's."):
        d.end(1)


def test_an_escaped_player_is_skipped_for_the_rest_of_the_game(driver):
    """Making It Back: once you reach the entrance board, your turn is skipped for the rest of the game."""
    d = driver(3)
    d.draws()
    d.do(0, "escape")
    assert d.table["escaped"] == [0] and d.table["purse"] == 14
    d.end(1)
    d.end(2)
    assert d.s.round == 2
    assert d.s.queue == (1, 2)  # only players still in the passage draw
    d.draws()
    assert d.table["players"][0]["stones"] == 0 and d.table["purse"] == 14


def test_first_player_token_skips_escaped_players_by_default(driver):
    d = driver(3)
    d.draws()
    d.end(0)
    d.do(1, "escape")
    d.end(2)
    assert d.table["first_player"] == 2  # passed over Ben, who escaped


def test_first_player_token_can_pass_to_every_seat(driver):
    d = driver(3, {"token_skips_escaped": False})
    d.draws()
    d.end(0)
    d.do(1, "escape")
    d.end(2)
    assert d.table["first_player"] == 1
    assert d.table["turn_order"] == [2, 0]  # Ben holds the token but Cy plays first


def test_the_game_ends_when_every_player_has_escaped(driver):
    d = driver(2)
    d.draws()
    d.do(0, "escape")
    d.do(1, "escape")
    assert d.g.result(d.s) is not None
    assert d.g.actors(d.s) == frozenset()
    with pytest.raises(IllegalAction, match="game is over"):
        d.end(0)


def test_an_illegal_action_changes_nothing(driver):
    d = driver(2)
    d.draws()
    before = d.s
    for bad in ({"actor": 0, "type": "discover_stela", "colour": "purple"},
                {"actor": 0, "type": "claim_camera"},
                {"actor": 0, "type": "fly"},
                {"actor": 7, "type": "end_turn"},
                {"type": "end_turn"}):
        with pytest.raises(IllegalAction):
            d.g.apply(d.s, bad)
        assert d.s is before and d.s == before


def test_legal_actions_are_exactly_the_actions_apply_accepts(driver):
    """Every listed action applies; a few unlisted variants do not."""
    d = driver(2, {"stelae": "physical"})
    d.draws()
    d.discover(0, "gray")
    legal = d.g.legal_actions(d.s, 0)
    for a in legal:
        d.g.apply(d.s, a)
    types = {a["type"] for a in legal}
    assert types == {"play_stone", "discover_stela", "reach_temple_board", "use_backpack", "enter_stela_value",
                     "escape", "end_turn"}
    assert d.g.legal_actions(d.s, 1) == []
    with pytest.raises(IllegalAction):
        d.do(0, "discover_stela", colour="beige", place="temple")  # not at the temple yet


def test_refusals_are_sentences_that_name_the_players(driver):
    """Errors a player can hit are sentences a player understands, with names, and change nothing."""
    d = driver(2)
    d.draws()
    before = d.s
    cases = [
        ("not an action", "That is not an action: it needs an actor and a type."),
        ({"type": "end_turn"}, "That is not an action: it needs an actor and a type."),
        ({"actor": 0, "type": "boulder_stopped", "boulder": "left", "where": "entrance"},
         "The boulders tumble after every player has taken a turn; now it is Ana's turn."),
        ({"actor": 0, "type": "stela_crushed", "colour": "brown"},
         "The boulders tumble after every player has taken a turn; now it is Ana's turn."),
        ({"actor": 0, "type": "draw_stones", "seat": 0, "stones": ["dog", "dog", "dog"]},
         "Draws are made for the players, not by Ana."),
        ({"actor": 0, "type": "fly"}, "Mayan Curse has no action called 'fly'; on a turn a player may play a "
         "stone, discover a stela, reach the temple board, claim a camera, use the backpack, escape or end the turn."),
        ({"actor": CHANCE, "type": "draw_stones", "seat": 0, "stones": ["dog", "dog", "dog"]},
         "Nothing is to be drawn now: Ana is to act."),
    ]
    for action, sentence in cases:
        with pytest.raises(IllegalAction) as e:
            d.g.apply(d.s, action)
        assert str(e.value) == sentence
        assert d.s is before


def test_at_the_end_a_player_with_nothing_to_enter_is_told_who_is_awaited(driver):
    """End of the Game (physical stelae): escaped players reveal their stelae; the companion waits
    for those whose values are not entered yet and says so by name."""
    d = driver(4, {"stelae": "physical"})
    d.draws()
    d.do(0, "escape")
    for seat in (1, 2, 3):
        d.do(seat, "discover_stela", colour="brown", place="passage")
        d.do(seat, "escape")
    assert d.s.phase == "reveal"
    with pytest.raises(IllegalAction, match="^The game is over and Ana has no stela value to enter; "
                                            "waiting for Ben, Cy and Dee.$"):
        d.do(0, "enter_stela_value", stela=0, value=1)

"""The advanced game's sealed auction of the blue markers."""
import pytest

from companion.errors import IllegalAction
from companion.rules.engine import CHANCE

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


def at_auction(maya, n=5, starting=BLUE):
    s = maya.fresh(n, {"advanced": True})
    while s.phase == "setup":
        seat = next(iter(maya.GAME.actors(s)))
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    return s


def test_advanced_game_starts_with_ten_gold_each(maya):
    assert at_auction(maya).gold == (10,) * 5
    assert maya.fresh(5).gold == (0,) * 5


def test_five_players_bid_for_all_four_markers_at_once(maya):
    s = at_auction(maya)
    assert s.phase == "bidding" and maya.GAME.actors(s) == {0, 1, 2, 3, 4}
    assert s.blue_drawn == ("transport4", "joker", "extra_block", "two_points")
    assert len(maya.GAME.legal_actions(s, RED)) == 11  # 0 to 10 gold


def test_fewer_players_draw_the_markers_at_random_as_a_chance_action(maya):
    s = at_auction(maya, n=3)
    assert maya.GAME.actors(s) == {CHANCE}
    outcomes = maya.GAME.chance_outcomes(s)
    assert len(outcomes) == 6 and abs(sum(p for _, p in outcomes) - 1) < 1e-9  # 2 of 4
    s = maya.GAME.apply(s, {"actor": CHANCE, "type": "draw_blue_markers", "markers": ["joker", "transport4"]})
    assert s.blue_drawn == ("transport4", "joker") and s.phase == "bidding"
    with pytest.raises(IllegalAction):
        maya.GAME.apply(at_auction(maya, n=3), {"actor": CHANCE, "type": "draw_blue_markers", "markers": ["joker"]})


def test_a_bid_is_hidden_until_all_are_in(maya):
    s = at_auction(maya)
    s = maya.act(s, RED, "bid", gold=7)
    table = maya.GAME.view(s, maya.TABLE)
    assert table["players"][RED]["has_bid"] is True
    other = maya.act(at_auction(maya), RED, "bid", gold=2)
    assert maya.GAME.view(other, maya.TABLE) == table  # nothing of the amount shows
    assert [e["sentence"] for e in table["events"]] == ["Red seals a bid."]
    assert maya.GAME.view(s, RED)["you"]["bid"] == 7
    assert maya.GAME.view(s, BLUE) == maya.GAME.view(other, BLUE)
    assert maya.GAME.actors(s) == {BLUE, GREEN, YELLOW, PURPLE}
    with pytest.raises(IllegalAction, match="Waiting for"):
        maya.act(s, RED, "bid", gold=3)


def test_highest_bidder_chooses_first_ties_in_turn_order_lowest_gets_nothing(maya):
    s = at_auction(maya)
    bids = {BLUE: 2, RED: 5, GREEN: 2, YELLOW: 1, PURPLE: 3}
    for seat, g in bids.items():
        s = maya.act(s, seat, "bid", gold=g)
    assert s.phase == "auction_choice"
    assert s.choosers == (RED, PURPLE, BLUE, GREEN)  # Yellow bid least
    assert s.last["bids"] == [2, 5, 2, 1, 3]
    assert s.gold == (8, 5, 8, 10, 7)  # winners pay; Yellow keeps his gold
    with pytest.raises(IllegalAction, match="Red's turn"):
        maya.act(s, PURPLE, "choose_blue_marker", marker="joker")
    s = maya.act(s, RED, "choose_blue_marker", marker="joker")
    assert {a["marker"] for a in maya.GAME.legal_actions(s, PURPLE)} == {"transport4", "extra_block", "two_points"}
    for seat in (PURPLE, BLUE, GREEN):
        s = maya.act(s, seat, "choose_blue_marker", marker=maya.GAME.legal_actions(s, seat)[0]["marker"])
    assert s.phase == "quarrying"
    assert sorted(m for ms in s.markers for m in ms) == sorted(["joker", "transport4", "extra_block", "two_points"])
    assert s.markers[YELLOW] == ()


def test_a_player_who_bids_nothing_gets_no_marker(maya):
    s = at_auction(maya)
    for seat, g in {BLUE: 0, RED: 0, GREEN: 4, YELLOW: 0, PURPLE: 1}.items():
        s = maya.act(s, seat, "bid", gold=g)
    assert s.choosers == (GREEN, PURPLE)


def test_tied_bids_choose_from_the_starting_player_clockwise(maya):
    from dataclasses import replace
    s = replace(at_auction(maya), starting=YELLOW)
    for seat in range(5):
        s = maya.act(s, seat, "bid", gold=3)
    assert s.choosers == (YELLOW, PURPLE, BLUE, RED)


def test_a_bid_above_ones_gold_is_refused(maya):
    s = at_auction(maya)
    with pytest.raises(IllegalAction, match="only 10 gold"):
        maya.act(s, RED, "bid", gold=11)
    assert s.bids == (None,) * 5


def test_revealing_the_bids_cannot_be_undone(maya):
    s = at_auction(maya)
    for seat in range(4):
        s = maya.act(s, seat, "bid", gold=1)
    action = {"actor": PURPLE, "type": "bid", "gold": 2}
    after = maya.GAME.apply(s, action)
    assert maya.GAME.undoable(s, action, after) is False


def test_refusals_name_the_markers_as_players_know_them(maya):
    """An IllegalAction is a sentence for the table: marker names as printed
    ("+4 transport"), not the engine's keys."""
    s = at_auction(maya)
    for seat, g in {BLUE: 2, RED: 5, GREEN: 2, YELLOW: 1, PURPLE: 3}.items():
        s = maya.act(s, seat, "bid", gold=g)
    with pytest.raises(IllegalAction) as e:
        maya.act(s, RED, "choose_blue_marker", marker="teleport")
    assert str(e.value) == "Red may choose one of: +4 transport, joker, extra block, +2 points."


def test_a_malformed_draw_is_refused_not_a_crash(maya):
    s = at_auction(maya, n=4)
    for bad in ([["joker"], "transport4", "two_points"], "joker", ["joker", "joker", "two_points"]):
        with pytest.raises(IllegalAction, match="Draw 3 different blue markers"):
            maya.GAME.apply(s, {"actor": CHANCE, "type": "draw_blue_markers", "markers": bad})


def test_a_tie_for_the_lowest_bid_the_later_player_from_the_starting_player_goes_without(maya):
    """Rulebook, advanced game: "In case of a tie, the players concerned -
    starting with the starting player - may choose in clockwise order. The
    player with the lowest bid receives no Special Property marker and is given
    back the gold he offered." Three players, two markers: Blue bids 4, Red
    and Green 1 each; Red (before Green from the starting player) takes the
    second marker and pays; Green gets none and keeps his gold."""
    s = maya.GAME.apply(at_auction(maya, n=3),
                        {"actor": CHANCE, "type": "draw_blue_markers", "markers": ["joker", "two_points"]})
    for seat, g in {BLUE: 4, RED: 1, GREEN: 1}.items():
        s = maya.act(s, seat, "bid", gold=g)
    assert s.choosers == (BLUE, RED) and s.gold == (6, 9, 10)
    from dataclasses import replace
    s = maya.GAME.apply(at_auction(maya, n=3),
                        {"actor": CHANCE, "type": "draw_blue_markers", "markers": ["joker", "two_points"]})
    s = replace(s, starting=GREEN)
    for seat, g in {BLUE: 4, RED: 1, GREEN: 1}.items():
        s = maya.act(s, seat, "bid", gold=g)
    assert s.choosers == (BLUE, GREEN) and s.gold == (6, 10, 9)


def test_option_none_every_player_tied_for_the_lowest_bid_goes_without(maya):
    """The same bids with the table's other reading (lowest_bid_tie = "none",
    docs/rules-notes.md): "the player with the lowest bid receives no Special
    Property marker" read as every player with that bid: Red and Green both
    keep their gold and only Blue chooses; a marker stays unused."""
    s = maya.fresh(3, {"advanced": True, "lowest_bid_tie": "none"})
    while s.phase == "setup":
        seat = next(iter(maya.GAME.actors(s)))
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    s = maya.GAME.apply(s, {"actor": CHANCE, "type": "draw_blue_markers", "markers": ["joker", "two_points"]})
    for seat, g in {BLUE: 4, RED: 1, GREEN: 1}.items():
        s = maya.act(s, seat, "bid", gold=g)
    assert s.choosers == (BLUE,) and s.gold == (6, 10, 10)
    s = maya.act(s, BLUE, "choose_blue_marker", marker="joker")
    assert s.phase == "quarrying" and s.markers[BLUE] == ("joker",) and s.markers[RED] == s.markers[GREEN] == ()


def test_option_none_when_everybody_bids_the_same_the_tie_order_still_chooses(maya):
    s = maya.fresh(3, {"advanced": True, "lowest_bid_tie": "none"})
    while s.phase == "setup":
        seat = next(iter(maya.GAME.actors(s)))
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    s = maya.GAME.apply(s, {"actor": CHANCE, "type": "draw_blue_markers", "markers": ["joker", "two_points"]})
    for seat in (BLUE, RED, GREEN):
        s = maya.act(s, seat, "bid", gold=2)
    assert s.choosers == (BLUE, RED)

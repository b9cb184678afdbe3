"""Distribution of blocks: the rulebook's three examples, the -3 cards, ties,
the protection marker and a quarry where nobody scores."""
import pytest

from companion.errors import IllegalAction

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


def one_quarry(maya, blocks, max_cards=6, marker="transport2", n=5):
    return maya.box(n, quarries=[(blocks, max_cards, marker)])


def test_rulebook_distribution_example_1(maya):
    """Rulebook, "Examples for the distribution of pyramid blocks", first example:
    fewer cards than permitted were placed; Blue with 11 points gets 4 blocks
    and the Special Property marker, Red with 6 gets 3; the block for third
    place is not awarded."""
    b = one_quarry(maya, [4, 3, 2], max_cards=5, marker="free_pass")
    s = maya.at_distribution([[(BLUE, 5), (RED, 6), (BLUE, 6)]], b=b)
    assert s.hand[BLUE] == 4 and s.hand[RED] == 3
    assert sum(s.hand) == 7  # the third place's 2 blocks stay in the pool
    assert "free_pass" in s.markers[BLUE]
    assert s.results[-1]["points"] == {str(BLUE): 11, str(RED): 6}


def test_rulebook_distribution_example_2(maya):
    """Rulebook, second distribution example: Green deducts 3 from Purple's
    score, reducing it to 4. Green wins with 5 points, 4 blocks and the marker,
    as he was the first to place a card; Blue, also 5, comes second with 2
    blocks; Purple comes third and receives no blocks."""
    b = one_quarry(maya, [4, 2], max_cards=5, marker="free_pass")
    s = maya.at_distribution([[(GREEN, 5), (BLUE, 5), (PURPLE, 7), (GREEN, -3)]], b=b)
    assert s.pending[0].kind == "minus_three" and s.pending[0].seat == GREEN
    assert {a.get("target") for a in maya.GAME.legal_actions(s, GREEN)} == {BLUE, PURPLE, None}  # None: decline
    s = maya.act(s, GREEN, "minus_three", target=PURPLE)
    assert s.results[-1]["points"] == {str(GREEN): 5, str(BLUE): 5, str(PURPLE): 4}
    assert (s.hand[GREEN], s.hand[BLUE], s.hand[PURPLE]) == (4, 2, 0)
    assert "free_pass" in s.markers[GREEN]


def test_rulebook_distribution_example_3(maya):
    """Rulebook, third distribution example: Blue, first in the starting order,
    deducts 3 from Red, leaving one point; Yellow deducts from Red too, who
    goes negative. Yellow with 7 gets 4 blocks and the marker, Blue with 5 gets
    2, Red nothing because of his negative score."""
    b = one_quarry(maya, [4, 2], max_cards=5, marker="free_double")
    s = maya.at_distribution([[(RED, 4), (BLUE, 5), (YELLOW, 7), (BLUE, -3), (YELLOW, -3)]], b=b, starting=BLUE)
    assert [p.seat for p in s.pending] == [BLUE, YELLOW]  # owners choose in starting-player order
    with pytest.raises(IllegalAction, match="Blue's turn, not Yellow's"):
        maya.act(s, YELLOW, "minus_three", target=RED)
    s = maya.act(s, BLUE, "minus_three", target=RED)
    s = maya.act(s, YELLOW, "minus_three", target=RED)
    assert s.results[-1]["points"] == {str(RED): -2, str(BLUE): 5, str(YELLOW): 7}
    assert (s.hand[YELLOW], s.hand[BLUE], s.hand[RED]) == (4, 2, 0)
    assert "free_double" in s.markers[YELLOW]


def test_minus_three_order_follows_the_starting_player(maya):
    b = one_quarry(maya, [4, 2], max_cards=5)
    s = maya.at_distribution([[(RED, 4), (BLUE, 5), (YELLOW, 7), (BLUE, -3), (YELLOW, -3)]], b=b, starting=GREEN)
    assert [p.seat for p in s.pending] == [YELLOW, BLUE]


def test_a_zero_score_gets_nothing_and_the_next_player_moves_up(maya):
    b = one_quarry(maya, [4, 2], max_cards=5)
    s = maya.at_distribution([[(RED, 3), (BLUE, 4), (BLUE, -3)]], b=b)
    s = maya.act(s, BLUE, "minus_three", target=RED)
    assert s.hand[RED] == 0 and s.hand[BLUE] == 4


def test_distribution_starts_with_the_right_hand_quarry(maya):
    b = maya.box(5, quarries=[([3], 4, "transport2"), ([3], 4, "free_pass")])
    s = maya.at_distribution([[(BLUE, 3), (RED, -3)], [(RED, 3), (BLUE, -3)]], b=b)
    # the right-hand quarry (index 1) is revealed first: Blue's -3 is asked for
    assert s.pending[0].seat == BLUE and s.current == 1
    assert s.quarries[1].revealed and not s.quarries[0].revealed


def test_protection_marker_shields_its_owner_at_a_later_quarry(maya):
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass"), ([4, 2], 5, "protect")])
    s = maya.at_distribution([[(RED, 5), (BLUE, 4), (BLUE, -3)], [(RED, 6), (GREEN, 3)]], b=b)
    # Red wins the right-hand quarry and its protection marker, placed at once
    assert s.pending[0].kind == "protect" and s.pending[0].seat == RED
    assert maya.GAME.legal_actions(s, RED) == [{"actor": RED, "type": "place_protection", "quarry": 0}]
    s = maya.act(s, RED, "place_protection", quarry=0)
    # at quarry 0 Blue's -3 has nobody to take points from: Red is shielded
    assert s.phase == "building" and s.hand[RED] == 4 + 4


def test_protection_is_lost_when_no_concealed_quarry_remains(maya):
    b = maya.box(5, quarries=[([4, 2], 5, "protect"), ([4, 2], 5, "free_pass")])
    s = maya.at_distribution([[(RED, 5)], [(BLUE, 5)]], b=b)
    assert s.phase == "building" and not s.pending
    assert "protect" not in s.markers[RED]


def test_a_quarry_where_nobody_scores_keeps_its_marker(maya):
    # Green scores at the left-hand quarry, so the round stops at building
    b = maya.box(5, quarries=[([2], 5, "free_double"), ([4, 2], 5, "free_pass")])
    columns = [[(GREEN, 5)], [(RED, 3), (BLUE, -3)]]
    s = maya.at_distribution(columns, b=b)
    s = maya.act(s, BLUE, "minus_three", target=RED)
    assert s.results[0]["points"] == {str(RED): 0, str(BLUE): 0}
    assert s.hand[RED] == 0 and "free_pass" not in s.markers[RED]
    s2 = maya.at_distribution(columns, b=b, options={"unscored_marker": "highest"})
    s2 = maya.act(s2, BLUE, "minus_three", target=RED)
    assert s2.hand[RED] == 0 and "free_pass" in s2.markers[RED]


def test_a_lone_minus_three_card_has_nobody_to_hit(maya):
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass"), ([4, 2], 5, "transport2")])
    s = maya.at_distribution([[(BLUE, 4), (BLUE, -3)], [(RED, 4)]], b=b)
    assert s.phase == "building" and s.hand[BLUE] == 4


def test_blocks_won_are_limited_by_the_pool(maya):
    b = one_quarry(maya, [4, 2], max_cards=5, marker="free_pass")
    pyr = [[list(level) for level in p] for p in maya.empty_pyramids(b, 5)]
    pyr[0][0][BLUE] = 9  # 9 blue blocks built...
    pyr[1][0][BLUE] = 7  # ...and 7 more
    pyr[2][0][BLUE] = 6
    pyr[3][0][BLUE] = 4  # 26 of 28: two left in Blue's pool
    s = maya.at_distribution([[(BLUE, 5)]], b=b, pyramids=tuple(tuple(map(tuple, p)) for p in pyr))
    assert s.hand[BLUE] == 2 and s.pool[BLUE] == 0


def test_minus_three_cannot_target_a_protected_player(maya):
    b = one_quarry(maya, [4, 2], max_cards=5)
    s = maya.at_distribution([[(RED, 5), (BLUE, 4), (GREEN, 3), (BLUE, -3)]], b=b, protected={0: [RED]})
    assert maya.GAME.legal_actions(s, BLUE) == [{"actor": BLUE, "type": "minus_three", "target": GREEN},
                                                {"actor": BLUE, "type": "decline"}]
    with pytest.raises(IllegalAction, match="not protected"):
        maya.act(s, BLUE, "minus_three", target=RED)


def test_illegal_minus_three_target_changes_nothing(maya):
    b = one_quarry(maya, [4, 2], max_cards=5)
    s = maya.at_distribution([[(GREEN, 5), (BLUE, 5), (PURPLE, 7), (GREEN, -3)]], b=b)
    with pytest.raises(IllegalAction, match="another player at this quarry"):
        maya.act(s, GREEN, "minus_three", target=GREEN)
    with pytest.raises(IllegalAction):
        maya.act(s, GREEN, "minus_three", target=RED)  # Red has no card here
    assert s.pending[0].seat == GREEN and s.deductions == ()

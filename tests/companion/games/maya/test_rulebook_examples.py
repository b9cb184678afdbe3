"""Every example of the Maya rulebook (../shared/rules/maya.txt) played with the
SHIPPED box (components.toml as it ships, no box made for the test): the
distribution, transport, building, payment and erosion examples give the
printed result. The replays in tests/rulebook/maya/ play the first four as
whole games through `maya-companion replay`."""
from __future__ import annotations

from companion.games.maya import GAME, scoring
from companion.games.maya.components import load_box

from .conftest import BLUE, GREEN, PURPLE, RED, YELLOW, act, at_building, at_distribution

BOX = load_box(5)  # the shipped five-player tile and pyramids
FOUR_THREE_ONE = next(i for i, q in enumerate(BOX.quarries) if q.blocks == (4, 3, 1))
FOUR_TWO = next(i for i, q in enumerate(BOX.quarries) if q.blocks == (4, 2))


def columns(at, column):
    return [column if q == at else [] for q in range(len(BOX.quarries))]


def test_the_shipped_tiles_hold_the_examples_quarries():
    """Example 1 needs a quarry paying 4, 3 and 1 that takes more than 3 cards;
    example 3 lays five cards at a quarry paying 4 and 2."""
    for n in (3, 4, 5):
        tile = load_box(n).quarries
        assert any(q.blocks == (4, 3, 1) and q.max_cards > 3 for q in tile)
        assert any(q.blocks == (4, 2) and q.max_cards >= 5 for q in tile)


def test_distribution_example_1():
    """"Blue has a score of 11 points, which gives him 4 blocks and the Special
    Property marker. Red comes in second with 6 points and receives 3 blocks.
    The remaining block for third place is not awarded.\""""
    s = at_distribution(columns(FOUR_THREE_ONE, [(BLUE, 4), (RED, 6), (BLUE, 7)]))
    (r,) = [r for r in s.results if r["quarry"] == FOUR_THREE_ONE]
    assert r["points"] == {str(BLUE): 11, str(RED): 6}
    assert (s.hand[BLUE], s.hand[RED]) == (4, 3) and sum(s.hand) == 7  # the third block stays
    assert r["marker_to"] == BLUE


def test_distribution_example_2():
    """"Green decides to deduct the 3 points off Purple's score reducing it to 4.
    Green wins with 5 points giving him 4 blocks and the Special Property
    marker, as he was also the first one to place a card. Blue, also with a
    score of 5, comes in second and receives 2 blocks. Purple comes third ...
    and receives no blocks.\""""
    s = at_distribution(columns(FOUR_TWO, [(GREEN, 5), (BLUE, 5), (PURPLE, 7), (GREEN, -3)]))
    s = act(s, GREEN, "minus_three", target=PURPLE)
    (r,) = [r for r in s.results if r["quarry"] == FOUR_TWO]
    assert r["points"] == {str(GREEN): 5, str(BLUE): 5, str(PURPLE): 4}
    assert (s.hand[GREEN], s.hand[BLUE], s.hand[PURPLE]) == (4, 2, 0) and r["marker_to"] == GREEN


def test_distribution_example_3():
    """"Blue was first in the starting order and decides to deduct 3 points off
    Red's score ... Yellow decides against Red, too, who now has a negative
    score. Yellow with a score of 7 points receives 4 blocks and the Special
    Property marker. Blue comes in second with 5 points and collects 2 blocks.
    Red receives nothing because of his negative score.\""""
    s = at_distribution(columns(FOUR_TWO, [(RED, 4), (BLUE, 5), (YELLOW, 7), (BLUE, -3), (YELLOW, -3)]))
    assert [p.seat for p in s.pending] == [BLUE, YELLOW]
    s = act(act(s, BLUE, "minus_three", target=RED), YELLOW, "minus_three", target=RED)
    (r,) = [r for r in s.results if r["quarry"] == FOUR_TWO]
    assert r["points"][str(RED)] == -2
    assert (s.hand[YELLOW], s.hand[BLUE], s.hand[RED]) == (4, 2, 0) and r["marker_to"] == YELLOW


def test_the_owner_of_a_minus_three_card_may_decline():
    """"the owner of this card can take 3 points off the score of another player"
    (can, not must): Green declines, so Purple keeps 7 points and wins."""
    s = at_distribution(columns(FOUR_TWO, [(GREEN, 5), (BLUE, 5), (PURPLE, 7), (GREEN, -3)]))
    s = act(s, GREEN, "decline")
    (r,) = [r for r in s.results if r["quarry"] == FOUR_TWO]
    assert r["deductions"] == [] and r["marker_to"] == PURPLE
    assert (s.hand[PURPLE], s.hand[GREEN], s.hand[BLUE]) == (4, 2, 0)


def test_transport_example():
    """"Blue has acquired 9 blocks. As he has only 7 workers left for transport,
    he has to return 2 blocks to the supply.\""""
    top = len(BOX.quarries) - 1  # pays 8 to first place
    cols = columns(top, [(BLUE, 3), (BLUE, 8), (BLUE, 6), (BLUE, 5), (BLUE, 4)])
    cols[FOUR_THREE_ONE] = [(RED, 5), (GREEN, 4), (BLUE, 4)]  # Blue third: 1 block
    s = at_distribution(cols)
    assert sum(v for v in s.cards[BLUE] if v != -3) == 7
    (carry,) = [e for e in s.events if e["event"] == "transport"]
    assert carry["players"][str(BLUE)] == {"kept": 7, "returned": 2, "extra": 0, "blocks": 7}


def building_example():
    """Five players; the example shows Palenque, Copan and Uxmal, and the five-player
    layout has no Palenque, so Chichen Itza stands in for it (rules-notes.md). First
    levels full; Chichen Itza's second level full with Purple's sole majority and
    his bonus block above it; Tikal's second level not full."""
    tikal, chichen, copan, uxmal = ([[0] * 5 for _ in p.levels] for p in BOX.pyramids)
    tikal[0] = [0, 3, 2, 2, 2]
    tikal[1] = [0, 1, 0, 0, 0]
    chichen[0] = [2, 2, 1, 1, 2]
    chichen[1] = [1, 1, 1, 1, 2]
    chichen[2] = [0, 0, 0, 0, 1]
    copan[0] = [2, 2, 1, 1, 1]
    copan[1] = [0, 2, 1, 1, 0]
    uxmal[0] = [0, 2, 2, 1, 1]
    uxmal[1] = [0, 0, 0, 1, 1]
    return at_building([tikal, chichen, copan, uxmal], hands=[1, 0, 3, 0, 1], turn=BLUE)  # Purple builds after Green


def test_building_example():
    """"Blue cannot place his block in Uxmal as he did not have a block in the
    first level. The third level of Palenque is not an option, either, as the
    second levels of the other pyramids are not completed yet. Therefore, Blue
    has to place his block in Copan. The blue block completes the second level
    of Copan and Red, who has the majority, receives a bonus block ... in the
    third level of Copan. Next, it is Green's turn ... Green buys a double move
    by paying a block into the pool. He places the two blocks both in the
    second level in Uxmal and receives a bonus block ... in the third level of
    Uxmal.\""""
    s = building_example()
    names = [p.name for p in BOX.pyramids]
    copan, uxmal = names.index("Copan"), names.index("Uxmal")
    places = {a["pyramid"] for a in GAME.legal_actions(s, BLUE) if a["type"] == "place_block"}
    assert places == {copan}
    s = act(s, BLUE, "place_block", pyramid=copan)
    assert s.pyramids[copan][2][RED] == 1  # Red's bonus block
    assert s.turn == GREEN
    pool = s.pool[GREEN]
    s = act(s, GREEN, "double_move", pyramids=[uxmal, uxmal], free=False)
    assert s.pyramids[uxmal][1][GREEN] == 2 and s.pyramids[uxmal][2][GREEN] == 1
    assert s.pool[GREEN] == pool + 1 - 1  # one block paid in, one bonus block out
    assert s.turn == PURPLE


def scored(pyramids, n=5):
    b = load_box(n)
    s = at_building(pyramids, hands=[0] * n, n=n, b=b, turn=None)
    return scoring.score(s, last_round=False)


def empty(n=5):
    return [[[0] * n for _ in p.levels] for p in load_box(n).pyramids]


def test_payment_example_1_everyone_tied_for_the_most():
    """"All four players have the most blocks in that level and each receives the
    sum of 3 in gold coins. There is no payment for second place.\""""
    pyr = empty(4)
    pyr[0][0] = [1, 1, 1, 1]
    assert scored(pyr, 4).gold == (3, 3, 3, 3)


def test_payment_example_2_an_incomplete_level_is_scored():
    """"Although the level has not been completed, Red has the majority and
    receives 4 gold coins. No gold is paid for second place.\""""
    pyr = empty()
    pyr[0][0] = [0, 2, 0, 0, 0]  # Red's blocks below, so the second level may hold his
    pyr[0][1] = [0, 2, 0, 0, 0]
    assert BOX.pyramids[0].levels[1].most == 4
    s = scored(pyr)
    assert s.history[-1]["payments"][0][1] == [0, 4, 0, 0, 0]


def test_payment_example_3():
    """"Green has 3 blocks and therefore the majority. He receives 3 gold coins.
    Blue and Red have the second most blocks and each receives 1 gold coin.\""""
    pyr = empty()
    pyr[0][0] = [1, 1, 3, 0, 0]
    assert scored(pyr).history[-1]["payments"][0][0] == [1, 1, 3, 0, 0]


def test_payment_example_4():
    """"Blue and Yellow have the most blocks and each receives 3 gold coins.
    Green, Red and Purple tie in second place and therefore receive 1 gold coin each.\""""
    pyr = empty()
    pyr[0][0] = [2, 1, 1, 2, 1]
    assert scored(pyr).history[-1]["payments"][0][0] == [3, 1, 1, 3, 1]


def test_erosion_example():
    """"Purple, Blue and Yellow have each received 3 gold coins for the majority in
    the first level. ... Red has the second most blocks and receives 1 gold coin
    (A). As every player has received gold coins, every player, too, has to
    remove one of his blocks from the first level. Red therefore loses his only
    block (B). In consequence, Red also has to remove all his blocks from all
    higher levels (C).\""""
    pyr = empty()
    pyr[0][0] = [2, 1, 0, 2, 2]
    pyr[0][1] = [1, 1, 0, 0, 0]
    pyr[0][2] = [0, 1, 0, 0, 0]
    s = scored(pyr)
    assert s.history[-1]["payments"][0][0] == [3, 1, 0, 3, 3]
    assert s.pyramids[0][0] == (1, 0, 0, 1, 1)  # (B)
    assert s.pyramids[0][1][RED] == 0 and s.pyramids[0][2][RED] == 0  # (C)
    removed = s.history[-1]["removed"][0]
    assert [removed[lv][RED] for lv in range(3)] == [1, 1, 1]

"""Scoring: the rulebook's four payment examples and its erosion example."""
from companion.games.maya import scoring

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


def test_rulebook_payment_example_1_four_tied_for_most(maya):
    """Rulebook, "Examples of payment", first: all four players have the most
    blocks in the level and each receives 3 gold; no payment for second place."""
    assert scoring.level_payments((2, 2, 2, 2, 0), 3, 1) == [3, 3, 3, 3, 0]


def test_rulebook_payment_example_2_an_incomplete_level_is_paid(maya):
    """Rulebook, second payment example: although the level has not been
    completed, Red has the majority and receives 4 gold; no gold is paid for
    second place."""
    b = maya.box(5, pyramids=[("Copan", [(6, 4, 2)])])
    s = maya.at_building([[[0, 2, 0, 0, 0]]], (0,) * 5, b=b)
    assert scoring.payments(s) == [[[0, 4, 0, 0, 0]]]


def test_rulebook_payment_example_3_majority_and_two_seconds(maya):
    """Rulebook, third payment example: Green has 3 blocks and the majority,
    receiving 3 gold; Blue and Red have the second most and receive 1 each."""
    assert scoring.level_payments((2, 2, 3, 0, 0), 3, 1) == [1, 1, 3, 0, 0]


def test_rulebook_payment_example_4_ties_for_most_and_for_second(maya):
    """Rulebook, fourth payment example: Blue and Yellow have the most blocks
    and each receives 3 gold; Green, Red and Purple tie in second place and
    receive 1 gold each."""
    assert scoring.level_payments((2, 1, 1, 2, 1), 3, 1) == [3, 1, 1, 3, 1]


def test_no_second_place_after_a_tie_with_that_option():
    assert scoring.level_payments((2, 1, 1, 2, 1), 3, 1, second_after_tie=False) == [3, 0, 0, 3, 0]


def test_scoring_pays_every_level_of_every_pyramid_once_building_ends(maya):
    b = maya.box(5, pyramids=[("Copan", [(4, 3, 1), (2, 6, 3)]), ("Uxmal", [(3, 3, 1)])])
    pyr = [[[2, 1, 0, 0, 0], [1, 0, 0, 0, 0]], [[0, 0, 1, 0, 0]]]
    s = maya.at_building(pyr, (1, 0, 0, 0, 0), b=b, turn=BLUE)
    s = maya.act(s, BLUE, "place_block", pyramid=1)  # Blue's last block: the round is scored
    # Copan level 1: Blue 3, Red 1; level 2: Blue 6; Uxmal: Blue and Green tie with 1 each
    assert s.gold == (3 + 6 + 3, 1, 3, 0, 0)
    assert s.round == 2


def test_rulebook_extreme_erosion_example(maya):
    """Rulebook, "An extreme example of erosion": Purple, Blue and Yellow get 3
    gold each for the majority in the first level; Red has the second most and
    gets 1 gold (A). Every player paid removes one block from the first level,
    so Red loses his only block there (B) and with it all his blocks in the
    higher levels (C). Blocks are removed only after the whole pyramid is scored."""
    b = maya.box(5, pyramids=[("Tikal", [(9, 3, 1), (5, 4, 2), (3, 6, 3)])])
    level1 = [2, 1, 0, 2, 2]  # Blue, Red, Green, Yellow, Purple
    level2 = [1, 2, 0, 0, 0]
    level3 = [0, 1, 0, 0, 0]
    s = maya.at_building([[level1, level2, level3]], (0,) * 5, b=b)
    pay = scoring.payments(s)[0]
    assert pay[0] == [3, 1, 0, 3, 3]  # (A)
    assert pay[1] == [2, 4, 0, 0, 0] and pay[2] == [0, 6, 0, 0, 0]  # Red is still paid above
    after = scoring.erode_pyramid(s.pyramids[0], pay)
    assert after[0] == (1, 0, 0, 1, 1)  # (B)
    assert after[1] == (0, 0, 0, 0, 0) and after[2] == (0, 0, 0, 0, 0)  # (C); Blue's level-2 block was paid too


def test_erosion_returns_blocks_to_the_pool_and_not_after_the_last_round(maya):
    b = maya.box(5, pyramids=[("Tikal", [(9, 3, 1), (5, 4, 2)])])
    pyr = [[[2, 1, 0, 0, 0], [1, 1, 0, 0, 0]]]
    s = maya.at_building(pyr, (1, 0, 0, 0, 0), b=b, turn=BLUE)
    after = maya.act(s, BLUE, "place_block", pyramid=0)  # Blue's third block in level 2... level 1 open
    assert after.round == 2
    assert after.pyramids[0][0] == (2, 0, 0, 0, 0) and after.pyramids[0][1] == (0, 0, 0, 0, 0)
    for seat in range(5):
        assert maya.blocks_total(after, seat) == 28
    last = s.__class__(**{**s.__dict__, "round": 3})
    final = maya.act(last, BLUE, "place_block", pyramid=0)
    assert final.phase == "over" and final.pyramids[0][0] == (3, 1, 0, 0, 0)


def over(maya, gold, pool, options=None):
    from companion.games.maya.state import replace
    return replace(maya.fresh(3, options), phase="over", gold=tuple(gold), pool=tuple(pool))


def test_most_gold_wins(maya):
    r = maya.GAME.result(over(maya, (20, 31, 25), (10, 12, 9)))
    assert r.winners == (RED,) and r.ranking == (RED, GREEN, BLUE) and r.ranks == (3, 1, 2)
    assert r.tiebreak is None


def test_a_tie_on_gold_goes_to_the_fewest_blocks_in_the_pool(maya):
    r = maya.GAME.result(over(maya, (30, 30, 25), (12, 9, 3)))
    assert r.winners == (RED,) and r.ranks == (2, 1, 3)
    assert "Red has the fewest blocks in the pool (9)" in r.tiebreak


def test_a_tie_on_gold_and_pool_is_shared(maya):
    r = maya.GAME.result(over(maya, (30, 30, 25), (9, 9, 3)))
    assert r.winners == (BLUE, RED) and r.ranks == (1, 1, 3) and "shared" in r.tiebreak


def test_without_the_pool_tiebreak_a_tie_on_gold_is_shared(maya):
    r = maya.GAME.result(over(maya, (30, 30, 25), (12, 9, 3), {"tiebreak": "none"}))
    assert r.winners == (BLUE, RED) and "shared" in r.tiebreak

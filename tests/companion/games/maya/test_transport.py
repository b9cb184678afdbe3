"""Transport: blocks kept up to the points on the remaining worker cards."""
BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


def nine_for_blue(maya, markers=None, options=None):
    """Blue wins 9 blocks (4 and 5 at two quarries) with 5+4 = 9 points of
    cards laid, keeping 3, 4 and the -3 (7 points: the -3 is ignored) and 6, 7, 8
    at a third quarry nobody else contests."""
    b = maya.box(5, quarries=[([5], 8, "free_pass"), ([4], 8, "free_double"), ([1], 8, "move_block")])
    columns = [[(BLUE, 5)], [(BLUE, 4), (BLUE, 6), (BLUE, 7), (BLUE, 8)], [(RED, 3)]]
    return maya.at_distribution(columns, b=b, markers=markers, options=options)


def test_rulebook_transport_example(maya):
    """Rulebook, "Transport", example: Blue has acquired 9 blocks; with only 7
    points of workers left for transport he returns 2 blocks to the supply."""
    s = nine_for_blue(maya)
    assert s.cards[BLUE] == (-3, 3, 4)
    assert s.last["players"][str(BLUE)] == {"kept": 7, "returned": 2, "extra": 0, "blocks": 7}
    assert s.hand[BLUE] == 7 and s.pool[BLUE] == 28 - 7
    assert s.phase == "building"


def test_rulebook_transport_marker_example(maya):
    """Rulebook, Special Properties, +2 transport: a player who acquired 9
    blocks but kept only 7 worker points may nevertheless transport all."""
    s = nine_for_blue(maya, markers=[("transport2",), (), (), (), ()])
    assert s.hand[BLUE] == 9
    assert "transport2" not in s.markers[BLUE]  # used up


def test_blue_markers_add_four_transport_and_an_extra_block(maya):
    s = nine_for_blue(maya, markers=[("transport4", "extra_block"), (), (), (), ()], options={"advanced": True})
    assert s.hand[BLUE] == 9 + 1  # all nine carried, one more from the pool
    assert s.last["players"][str(BLUE)]["extra"] == 1


def test_block_counts_are_public_after_transport(maya):
    s = nine_for_blue(maya)
    view = maya.GAME.view(s, maya.TABLE)
    assert [p["blocks"] for p in view["players"]] == list(s.hand)


def test_the_won_plus_two_marker_and_a_joker_standing_for_it_both_count(maya):
    """Rulebook, blue markers: the joker "may choose any Special Property
    marker of the basic game ... and use it according to the rules"; the +2
    transport marker gives "2 extra points for transporting blocks". A player
    holding both (the joker used as +2, the green +2 won at a quarry) has
    4 extra points, not 2."""
    b = maya.box(5, quarries=[([9], 8, "free_pass"), ([4], 8, "transport2"), ([1], 8, "move_block")])
    columns = [[(BLUE, 5)], [(BLUE, 4), (BLUE, 6), (BLUE, 7), (BLUE, 8)], [(RED, 3)]]
    s = maya.at_distribution(columns, b=b, markers=[("joker",), (), (), (), ()], options={"advanced": True})
    while s.pending[0].kind == "joker":  # kept when quarrying ends and between quarries,
        s = maya.act(s, BLUE, "decline")  # used once the results are known:
    s = maya.act(s, BLUE, "use_joker", **{"as": "transport2"})
    # 13 blocks won; 7 worker points (3, 4; the -3 ignored) + 2 + 2 carry 11
    assert s.last["players"][str(BLUE)] == {"kept": 11, "returned": 2, "extra": 0, "blocks": 11}
    assert not any("transport2" in m for m in s.markers[BLUE])

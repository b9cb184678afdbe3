"""The green Special Property markers and the blue markers of the advanced game."""
import pytest

from companion.errors import IllegalAction

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


def won_by_red(maya, marker, pyramids=None, extra_quarry=True, starting=BLUE):
    """Red wins the right-hand quarry and its `marker`; Green scores at the
    left-hand one, so the round does not end under the test."""
    b = maya.box(5, quarries=[([3], 5, "free_pass"), ([4, 2], 5, marker)])
    return maya.at_distribution([[(GREEN, 5)], [(RED, 5), (BLUE, 3)]], b=b, pyramids=pyramids, starting=starting)


def some_pyramids(maya):
    b = maya.box(5)
    pyr = [[list(level) for level in p] for p in maya.empty_pyramids(b, 5)]
    pyr[0][0][RED] = 1
    pyr[1][0][BLUE] = 1
    return tuple(tuple(tuple(level) for level in p) for p in pyr)


def test_first_player_marker_appoints_a_starting_player_at_once(maya):
    s = won_by_red(maya, "first_player")
    assert s.pending[0].kind == "appoint"
    assert len(maya.GAME.legal_actions(s, RED)) == 5
    s = maya.act(s, RED, "appoint_starting_player", seat=YELLOW)
    assert s.starting == YELLOW and s.fp_holder == YELLOW


def test_first_player_holder_chooses_who_starts_next_round(maya):
    s = won_by_red(maya, "first_player")
    s = maya.act(s, RED, "appoint_starting_player", seat=YELLOW)
    while s.round == 1:
        seat = next(iter(maya.GAME.actors(s)))
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    assert s.phase == "first_player" and maya.GAME.actors(s) == {YELLOW}
    s = maya.act(s, YELLOW, "choose_starting_player", seat=GREEN)
    assert s.starting == GREEN and s.fp_holder is None and s.phase == "quarrying"


@pytest.mark.parametrize("rule,expected", [("keep", BLUE), ("clockwise", RED)])
def test_starting_player_when_nobody_holds_the_first_player_marker(maya, rule, expected):
    s = maya.fresh(5, {"starting_player": rule})
    while s.round == 1:
        seat = next(iter(maya.GAME.actors(s)))
        legal = maya.GAME.legal_actions(s, seat)
        s = maya.GAME.apply(s, next((a for a in legal if a["type"] == "pass"), legal[0]))
    assert s.starting == expected and s.phase == "quarrying"


def test_move_block_marker_moves_one_of_yours_to_a_first_level(maya):
    s = won_by_red(maya, "move_block", pyramids=some_pyramids(maya))
    legal = maya.GAME.legal_actions(s, RED)
    assert {"actor": RED, "type": "decline"} in legal
    assert all(a["pyramid"] == 0 for a in legal if a["type"] == "move_block")
    s = maya.act(s, RED, "move_block", pyramid=0, level=0, to=2)
    assert s.pyramids[0][0][RED] == 0 and s.pyramids[2][0][RED] == 1
    assert maya.blocks_total(s, RED) == 28


def test_pool_block_marker_places_a_block_without_transport(maya):
    s = won_by_red(maya, "pool_block")
    pool = s.pool[RED]
    s = maya.act(s, RED, "pool_block", pyramid=3)
    assert s.pyramids[3][0][RED] == 1 and s.pool[RED] == pool - 1
    assert s.hand[RED] == 4  # the quarry's blocks are still to be transported


def test_declining_an_optional_marker(maya):
    s = won_by_red(maya, "pool_block")
    s = maya.act(s, RED, "decline")
    assert sum(s.pyramids[3][0]) == 0 and not s.pending


def test_a_pending_marker_decision_comes_first(maya):
    s = won_by_red(maya, "first_player")
    with pytest.raises(IllegalAction, match="appoint the starting player"):
        maya.act(s, RED, "decline")


def test_two_points_marker_counts_at_a_quarry_where_its_owner_has_no_cards(maya):
    """Rulebook, blue markers: "These 2 points are added to the worker cards
    he played there. The marker may also be placed in a quarry in which the
    player has no worker cards." Green, with no card at the right-hand quarry,
    lays the 2 points there and comes second behind Red."""
    b = maya.box(5, quarries=[([3], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[(YELLOW, 4)], [(RED, 5), (BLUE, 3), (BLUE, -3)]], b=b, options={"advanced": True},
                             markers=[(), (), ("two_points",), (), ()])
    # the quarry end asks Green where to lay the 2 points
    assert s.phase == "quarry_end" and s.pending[0].kind == "two_points"
    s = maya.act(s, GREEN, "place_two_points", quarry=1)
    # Blue's -3 may now take points from Green too: Green is at this quarry
    assert {a.get("target") for a in maya.GAME.legal_actions(s, BLUE)} == {RED, GREEN, None}
    s = maya.act(s, BLUE, "minus_three", target=RED)
    assert s.results[0]["points"] == {str(RED): 2, str(BLUE): 3, str(GREEN): 2}
    assert (s.hand[BLUE], s.hand[RED], s.hand[GREEN]) == (4, 2, 0)  # Red placed first: second place
    assert "free_double" in s.markers[BLUE]


def test_two_points_marker_goes_beside_a_column_of_cards(maya):
    """Rulebook, blue markers: "he places the marker in a quarry of his choice
    next to the concealed column of cards" - a quarry nobody laid a card at
    has no column, so the marker cannot win it alone."""
    b = maya.box(5, quarries=[([3], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[], [(RED, 5), (BLUE, 3)]], b=b, options={"advanced": True},
                             markers=[(), (), ("two_points",), (), ()])
    assert {a.get("quarry") for a in maya.GAME.legal_actions(s, GREEN)} == {1, None}  # quarry 1 or decline
    with pytest.raises(IllegalAction, match="no cards at quarry 1"):
        maya.act(s, GREEN, "place_two_points", quarry=0)
    assert s.pending[0].kind == "two_points"


def test_two_points_marker_in_scoring_only_mode_may_go_at_any_quarry(maya):
    """Scoring-only: the columns are entered only at the reveal, so the
    companion offers every quarry and trusts the table."""
    b = maya.box(5, quarries=[([3], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[], []], b=b, options={"advanced": True, "quarries": "scoring-only"},
                             markers=[(), (), ("two_points",), (), ()])
    assert {a.get("quarry") for a in maya.GAME.legal_actions(s, GREEN)} == {0, 1, None}


def test_two_points_beside_a_quarry_entered_with_no_cards_count_for_nothing(maya):
    """Rulebook, blue markers: "he places the marker in a quarry of his choice next to the
    concealed column of cards. These 2 points are added to the worker cards he played there."
    One rule in both modes (docs/rules-notes.md): scoring-only offers every quarry, since the
    columns are entered later, and a quarry entered with no card is not won by the 2 points."""
    b = maya.box(5, quarries=[([3], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[], []], b=b, options={"advanced": True, "quarries": "scoring-only"},
                             markers=[(), (), ("two_points",), (), ()])
    s = maya.act(s, GREEN, "place_two_points", quarry=0)
    s = maya.act(s, BLUE, "enter_card", seat=RED, card=5)
    s = maya.act(s, BLUE, "close_column")  # quarry 2: Red's 5
    s = maya.act(s, BLUE, "close_column")  # quarry 1: no card, only Green's 2 points beside it
    first = next(r for r in s.results if r["quarry"] == 0)
    assert first["points"] == {} and first["blocks"] == {} and first["marker_to"] is None
    assert s.hand[GREEN] == 0 and "free_pass" not in s.markers[GREEN]
    sentences = [e["sentence"] for e in maya.GAME.view(s, maya.TABLE)["events"]]
    assert ("Quarry 1: no cards. Green's +2 points lie beside no column of cards and count for nothing."
            in sentences)


def test_two_points_marker_can_lift_its_owner_over_a_rival(maya):
    b = maya.box(5, quarries=[([4, 2], 5, "free_double")])
    s = maya.at_distribution([[(RED, 5), (GREEN, 4)]], b=b, options={"advanced": True},
                             markers=[(), (), ("two_points",), (), ()])
    s = maya.act(s, GREEN, "place_two_points", quarry=0)
    assert s.hand[GREEN] == 4 and s.hand[RED] == 2


def test_joker_when_quarrying_ends_offers_protection_a_block_or_keeping_it(maya):
    """Rulebook, blue markers: "The player has a joker. For this he may choose any
    Special Property marker of the basic game with the exception of the First
    Player marker and use it according to the rules." The holder decides at the
    moment of use: protection must be placed before the cards are turned."""
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass")])
    s = maya.at_distribution([[(RED, 5), (BLUE, 4), (BLUE, -3)]], b=b, options={"advanced": True},
                             markers=[(), ("joker",), (), (), ()])
    assert s.pending[0].kind == "joker"
    legal = maya.GAME.legal_actions(s, RED)
    assert {a.get("as") for a in legal} == {"protect", "pool_block", None}  # None: keep it for later
    s = maya.act(s, RED, "use_joker", **{"as": "protect", "quarry": 0})
    assert s.hand[RED] == 4 and s.hand[BLUE] == 2  # Blue's -3 had no target
    assert "joker" not in s.markers[RED]


def red_wins_nine_blocks_with_eight_points_left(maya):
    b = maya.box(5, quarries=[([9], 8, "free_pass")])
    column = [(RED, 3), (RED, 4), (RED, 4), (RED, 5), (RED, 6), (RED, 7)]  # 8 and -3 kept: 8 points to carry
    s = maya.at_distribution([column], b=b, options={"advanced": True}, markers=[(), ("joker",), (), (), ()])
    return maya.act(s, RED, "decline")  # keeps the joker when quarrying ends


def test_a_kept_joker_can_be_plus_two_transport_once_the_quarry_results_are_known(maya):
    """Issue 11: +2 transport after the quarry results are known (Red won 9 blocks
    with 8 points of cards left: the joker carries them all)."""
    s = red_wins_nine_blocks_with_eight_points_left(maya)
    assert s.pending[0].kind == "joker_carry" and s.results[-1]["blocks"] == {str(RED): 9}
    assert {"as": "transport2"}.items() <= maya.GAME.legal_actions(s, RED)[0].items()
    s = maya.act(s, RED, "use_joker", **{"as": "transport2"})
    assert s.phase == "building" and s.hand[RED] == 9


def test_without_the_joker_the_ninth_block_goes_back(maya):
    s = red_wins_nine_blocks_with_eight_points_left(maya)
    s = maya.act(s, RED, "decline")
    assert s.phase == "building" and s.hand[RED] == 8 and "joker" in s.markers[RED]


def test_a_joker_kept_until_building_is_a_free_double_move_once(maya):
    s = red_wins_nine_blocks_with_eight_points_left(maya)
    s = maya.act(s, RED, "decline")
    while maya.GAME.actors(s) != {RED}:
        (seat,) = maya.GAME.actors(s)
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    jokers = [a for a in maya.GAME.legal_actions(s, RED) if a["type"] == "use_joker"]
    assert {a["as"] for a in jokers} == {"free_pass", "free_double", "pool_block"}  # no block of Red's to move
    double = next(a for a in jokers if a["as"] == "free_double")
    pool = s.pool[RED]
    s = maya.GAME.apply(s, double)
    assert s.hand[RED] == 6 and s.pool[RED] == pool  # two blocks built, none paid
    assert "joker" not in s.markers[RED]
    while maya.GAME.actors(s) != {RED}:
        (seat,) = maya.GAME.actors(s)
        s = maya.GAME.apply(s, maya.GAME.legal_actions(s, seat)[0])
    assert not any(a["type"] == "use_joker" for a in maya.GAME.legal_actions(s, RED)), "once per round"


def test_joker_cannot_be_the_first_player_marker(maya):
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass")])
    s = maya.at_distribution([[(RED, 5)]], b=b, options={"advanced": True}, markers=[(), ("joker",), (), (), ()])
    with pytest.raises(IllegalAction, match="any green marker but First Player"):
        maya.act(s, RED, "use_joker", **{"as": "first_player"})


def test_the_joker_refusal_names_the_green_markers(maya):
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass")])
    s = maya.at_distribution([[(RED, 5)]], b=b, options={"advanced": True}, markers=[(), ("joker",), (), (), ()])
    with pytest.raises(IllegalAction) as e:
        maya.act(s, RED, "use_joker", **{"as": "first_player"})
    assert str(e.value) == ("The joker stands for any green marker but First Player: protection against -3, "
                            "move a block, block from the pool, +2 transport, free pass, free double move.")


def test_the_joker_may_stand_for_protection_after_a_quarry_result_while_another_is_concealed(maya):
    """Rulebook, blue markers: the joker may be "any Special Property marker of the basic game
    ... use it according to the rules"; the protection marker is placed "in one of the other
    quarries that still has concealed worker cards", the moment it is won at a quarry. So the
    joker kept when quarrying ends is offered again after quarry 2's result, quarry 1 still
    concealed: Red protects himself there and Blue's -3 finds no target."""
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[(RED, 5), (BLUE, 4), (BLUE, -3)], [(GREEN, 5)]], b=b, options={"advanced": True},
                             markers=[(), ("joker",), (), (), ()])
    s = maya.act(s, RED, "decline")  # kept when quarrying ends
    assert s.results[-1]["quarry"] == 1 and s.pending[0].kind == "joker"
    legal = maya.GAME.legal_actions(s, RED)
    assert {a["quarry"] for a in legal if a.get("as") == "protect"} == {0}
    s = maya.act(s, RED, "use_joker", **{"as": "protect", "quarry": 0})
    assert not s.pending or s.pending[0].kind != "minus_three"  # Blue's -3: nobody to hit
    assert s.results[-1]["quarry"] == 0 and s.hand[RED] == 4 and s.hand[BLUE] == 2


def test_no_joker_question_after_the_last_concealed_quarry_is_turned(maya):
    """After the last quarry's result nothing is concealed any more: the joker's next
    chance is before transport (+2 transport, or a block)."""
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[], [(GREEN, 5)]], b=b, options={"advanced": True},
                             markers=[(), ("joker",), (), (), ()])
    s = maya.act(s, RED, "decline")
    assert s.pending[0].kind == "joker_carry"  # quarry 1 has no cards: no protection to place


def _red_builds_with_the_joker(maya):
    pyr = some_pyramids(maya)  # Red has a block in the first level of pyramid 0
    return maya.at_building(pyr, (0, 2, 0, 0, 0), turn=RED, options={"advanced": True},
                            markers=[(), ("joker",), (), (), ()])


def test_on_a_building_turn_the_joker_may_move_a_block_or_place_one_from_the_pool(maya):
    """Rulebook, blue markers: the joker is "any Special Property marker of the basic game"
    used "according to the rules"; "move a block" ("one of his blocks in any pyramid at once
    ... in the first level of the same or another pyramid") and "a block from the pool" ("at
    once ... in the lowest level of any pyramid") are used the moment their holder chooses, so
    on a building turn too. It is no building move: Red's turn goes on."""
    s = _red_builds_with_the_joker(maya)
    uses = {a["as"] for a in maya.GAME.legal_actions(s, RED) if a["type"] == "use_joker"}
    assert uses == {"free_pass", "free_double", "move_block", "pool_block"}
    pool = s.pool[RED]
    after = maya.act(s, RED, "use_joker", **{"as": "pool_block", "pyramid": 3})
    assert after.pyramids[3][0][RED] == 1 and after.pool[RED] == pool - 1 and after.hand[RED] == 2
    assert after.turn == RED and "joker" not in after.markers[RED]
    assert not any(a["type"] == "use_joker" for a in maya.GAME.legal_actions(after, RED)), "once per round"
    moved = maya.act(s, RED, "use_joker", **{"as": "move_block", "pyramid": 0, "level": 0, "to": 2})
    assert moved.pyramids[0][0][RED] == 0 and moved.pyramids[2][0][RED] == 1 and moved.turn == RED
    assert maya.blocks_total(moved, RED) == 28


def test_the_joker_s_blocks_on_a_building_turn_are_in_the_markers_row(maya):
    """The markers' moves are a row of their own (docs/rules-notes.md, issue 22): the joker's
    block moved and block from the pool sit there after the free pass and double move."""
    from companion.games.maya import menu

    s = _red_builds_with_the_joker(maya)
    row = {c.key: c.slot for c in maya.GAME.menu(s, RED) if c.group == menu.group_title(menu.G_MARKERS)}
    assert row == {"joker:free_double": 1, "joker:free_pass": 3, "joker_build:move_block": 4,
                   "joker_build:pool_block": 5}
    assert menu.places(maya.GAME.view(s, maya.TABLE), menu.G_MARKERS) == tuple(range(6))


def test_on_a_building_turn_the_joker_is_no_protection(maya):
    """Protection goes on a quarry "that still has concealed worker cards": none is left
    while building, so the refusal names what the joker can be now."""
    s = _red_builds_with_the_joker(maya)
    with pytest.raises(IllegalAction) as e:
        maya.act(s, RED, "use_joker", **{"as": "protect", "quarry": 0})
    assert str(e.value) == ("On a building turn the joker stands for free pass, free double move, move a block, "
                            "block from the pool.")


def test_the_joker_s_block_is_never_the_highlighted_move(maya):
    """A held marker's use spends it: with no block fitting (the bank's pass is no default
    either) nothing is highlighted, never the joker's block."""
    # Red's only block is in Copan's full first level; Uxmal's first level is full without
    # him and its second level is the open one: no block of his fits
    b = maya.box(5, pyramids=[("Copan", [(2, 3, 1)]), ("Uxmal", [(2, 3, 1), (2, 4, 2)])])
    s = maya.at_building([[[1, 1, 0, 0, 0]], [[0, 0, 1, 1, 0], [0, 0, 0, 0, 0]]], (0, 2, 0, 0, 0), b=b,
                         turn=RED, options={"advanced": True}, markers=[(), ("joker",), (), (), ()])
    menu = maya.GAME.menu(s, RED)
    assert not any(c.key.startswith("build:") and c.enabled for c in menu)
    assert any(c.key == "joker_build:pool_block" and c.enabled for c in menu)
    assert not [c.key for c in menu if c.extra.get("usual")]

"""Building the pyramids: the rulebook's examples for 3 pyramids and 5
players, the double move, the passes and the bonus block's limits."""
import pytest

from companion.errors import IllegalAction

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)

# Copan, Uxmal and Palenque as in the rulebook's building pictures (spaces per
# level chosen to fit the story told there).
THREE = [
    ("Copan", [(5, 3, 1), (3, 4, 2), (2, 6, 3)]),
    ("Uxmal", [(4, 3, 1), (3, 5, 2), (1, 8, 4)]),
    ("Palenque", [(4, 3, 1), (3, 5, 2), (2, 8, 4)]),
]


def example_pyramids():
    """Every first level full; Blue has no block in Uxmal's first level.
    Copan's second level lacks one block (Red has two there); Uxmal's second
    has one of Yellow's; Palenque's second holds Purple and Blue, one space left."""
    copan = [[1, 1, 1, 1, 1], [0, 2, 0, 0, 0], [0, 0, 0, 0, 0]]
    uxmal = [[0, 1, 1, 1, 1], [0, 0, 0, 1, 0], [0, 0, 0, 0, 0]]
    palenque = [[1, 1, 1, 0, 1], [1, 0, 0, 0, 1], [0, 0, 0, 0, 0]]
    return [copan, uxmal, palenque]


def at_example(maya, turn, hands=(3, 3, 3, 3, 3), options=None):
    b = maya.box(5, pyramids=THREE)
    return maya.at_building(example_pyramids(), hands, b=b, turn=turn, options=options)


def test_rulebook_building_example_purple_wins_a_bonus_block_in_palenque(maya):
    """Rulebook, "Examples for 3 pyramids and 5 players": when the second level
    of Palenque had been filled, Purple had the sole majority and received a
    bonus block from the pool, placed at once in the third level."""
    s = at_example(maya, PURPLE)
    pool = s.pool[PURPLE]
    s = maya.act(s, PURPLE, "place_block", pyramid=2)
    assert s.pyramids[2][1][PURPLE] == 2
    assert s.pyramids[2][2][PURPLE] == 1  # the bonus block, in the third level
    assert s.pool[PURPLE] == pool - 1 and s.hand[PURPLE] == 2
    assert s.last == {"event": "built", "seat": PURPLE, "placed": [[2, 1]],
                      "bonus": [{"event": "bonus_block", "seat": PURPLE, "pyramid": 2, "level": 2}]}


def test_rulebook_building_example_blue_must_build_in_copan(maya):
    """Rulebook, building examples: Blue cannot build in Uxmal (no block in its
    first level), nor in Palenque's third level (the second levels of the other
    pyramids are not complete), so Blue must build in Copan. The blue block
    completes Copan's second level and Red, who has the majority there,
    receives a bonus block in Copan's third level."""
    s = maya.act(at_example(maya, PURPLE), PURPLE, "place_block", pyramid=2)  # Palenque's second level full
    s = s.__class__(**{**s.__dict__, "turn": BLUE})
    places = [a["pyramid"] for a in maya.GAME.legal_actions(s, BLUE) if a["type"] == "place_block"]
    assert places == [0]
    with pytest.raises(IllegalAction, match="Blue has no block in level 1 of Uxmal"):
        maya.act(s, BLUE, "place_block", pyramid=1)
    s_before = s
    s = maya.act(s, BLUE, "place_block", pyramid=0)
    assert s.pyramids[0][1] == (1, 2, 0, 0, 0)
    assert s.pyramids[0][2][RED] == 1  # Red's bonus block
    assert s_before.pyramids[0][2][RED] == 0


def test_palenque_third_level_is_not_open_until_every_second_level_is_full(maya):
    s = maya.act(at_example(maya, PURPLE), PURPLE, "place_block", pyramid=2)
    s = s.__class__(**{**s.__dict__, "turn": RED})
    with pytest.raises(IllegalAction, match="level 3 is not open yet"):
        maya.act(s, RED, "place_block", pyramid=2)


def test_bonus_goes_only_to_the_completer_with_that_option(maya):
    s = maya.act(at_example(maya, PURPLE, options={"bonus_block": "completer"}), PURPLE, "place_block", pyramid=2)
    assert s.pyramids[2][2][PURPLE] == 1  # Purple completed and has the majority
    s = s.__class__(**{**s.__dict__, "turn": BLUE})
    s = maya.act(s, BLUE, "place_block", pyramid=0)
    assert s.pyramids[0][2][RED] == 0


def test_rulebook_building_example_green_double_move_in_uxmal(maya):
    """Rulebook, building examples: Green buys a double move by paying a block
    into the pool, places both blocks in Uxmal's second level and receives a
    bonus block, placed at once in Uxmal's third level."""
    s = at_example(maya, GREEN)
    pool = s.pool[GREEN]
    s = maya.act(s, GREEN, "double_move", pyramids=[1, 1], free=False)
    assert s.pyramids[1][1][GREEN] == 2
    assert s.pyramids[1][2][GREEN] == 1
    assert s.hand[GREEN] == 0  # 3 blocks: one paid, two placed
    assert s.pool[GREEN] == pool + 1 - 1  # paid one, the bonus came from the pool


def test_double_move_needs_three_blocks(maya):
    s = at_example(maya, GREEN, hands=(3, 3, 2, 3, 3))
    assert not [a for a in maya.GAME.legal_actions(s, GREEN) if a["type"] == "double_move"]
    with pytest.raises(IllegalAction, match="three blocks"):
        maya.act(s, GREEN, "double_move", pyramids=[1, 1], free=False)


def test_free_double_move_marker_needs_no_payment(maya):
    b = maya.box(5, pyramids=THREE)
    s = maya.at_building(example_pyramids(), (3, 3, 2, 3, 3), b=b, turn=GREEN,
                         markers=[(), (), ("free_double",), (), ()])
    s = maya.act(s, GREEN, "double_move", pyramids=[1, 1], free=True)
    assert s.pyramids[1][1][GREEN] == 2 and s.hand[GREEN] == 0
    assert "free_double" not in s.markers[GREEN]


def test_no_bonus_where_the_next_level_holds_blocks_from_earlier_rounds(maya):
    b = maya.box(5, pyramids=THREE)
    pyr = example_pyramids()
    pyr[2][2] = [0, 0, 0, 1, 0]  # a yellow block left in Palenque's third level by an earlier round
    old = ((5, 2, 0), (4, 1, 0), (4, 2, 1))
    s = maya.at_building(pyr, (3, 3, 3, 3, 3), b=b, turn=PURPLE, old=old)
    s = maya.act(s, PURPLE, "place_block", pyramid=2)
    assert s.pyramids[2][2][PURPLE] == 0


def test_no_bonus_for_the_top_level(maya):
    b = maya.box(5, pyramids=[("Uxmal", [(1, 3, 1), (2, 5, 2)])])
    s = maya.at_building([[[1, 0, 0, 0, 0], [1, 0, 0, 0, 0]]], (2, 0, 0, 0, 0), b=b, turn=BLUE)
    after = maya.act(s, BLUE, "place_block", pyramid=0)
    assert after.pyramids[0][1] == (2, 0, 0, 0, 0)  # completed with the sole majority
    assert after.pool[BLUE] == s.pool[BLUE]  # but no bonus block: it is the top level
    assert after.turn == BLUE and after.hand[BLUE] == 1


def test_involuntary_pass_pays_a_block_and_earns_a_gold(maya):
    s = at_example(maya, BLUE)
    # Blue is the only one who may not build anywhere once Copan is full
    b = maya.box(5, pyramids=THREE)
    pyr = example_pyramids()
    pyr[0][1] = [0, 3, 0, 0, 0]
    pyr[2][1] = [1, 0, 0, 0, 2]
    s = maya.at_building(pyr, (2, 2, 2, 2, 2), b=b, turn=BLUE)
    assert maya.GAME.legal_actions(s, BLUE) == [{"actor": BLUE, "type": "pass", "free": False}]
    after = maya.act(s, BLUE, "pass", free=False)
    assert after.gold[BLUE] == s.gold[BLUE] + 1
    assert after.hand[BLUE] == 1 and after.pool[BLUE] == s.pool[BLUE] + 1
    assert after.turn == RED


def test_voluntary_pass_pays_a_block_and_earns_nothing(maya):
    s = at_example(maya, RED)
    after = maya.act(s, RED, "pass", free=False)
    assert after.gold[RED] == s.gold[RED] and after.hand[RED] == 2 and after.pool[RED] == s.pool[RED] + 1


def test_free_pass_marker(maya):
    b = maya.box(5, pyramids=THREE)
    s = maya.at_building(example_pyramids(), (3, 3, 3, 3, 3), b=b, turn=RED, markers=[(), ("free_pass",), (), (), ()])
    after = maya.act(s, RED, "pass", free=True)
    assert after.hand[RED] == 3 and after.pool[RED] == s.pool[RED] and after.markers[RED] == ()
    with pytest.raises(IllegalAction, match="no free pass"):
        maya.act(s.__class__(**{**s.__dict__, "turn": GREEN}), GREEN, "pass", free=True)


def test_a_player_out_of_blocks_is_skipped(maya):
    s = at_example(maya, RED, hands=(1, 1, 0, 0, 1))
    s = maya.act(s, RED, "place_block", pyramid=0)
    assert s.turn == PURPLE  # Green and Yellow have no blocks


def test_wrong_turn_and_illegal_blocks_change_nothing(maya):
    s = at_example(maya, RED)
    with pytest.raises(IllegalAction, match="It is Red's turn, not Blue's"):
        maya.act(s, BLUE, "place_block", pyramid=0)
    with pytest.raises(IllegalAction, match="no pyramid 7"):
        maya.act(s, RED, "place_block", pyramid=7)
    assert maya.GAME.view(s, maya.TABLE) == maya.GAME.view(at_example(maya, RED), maya.TABLE)


def _last_space_filled(maya, full_pyramids):
    """Two one-level pyramids with one space left; Blue fills it and still holds a block,
    Red holds one; every pyramid is full after Blue's block."""
    b = maya.box(5, pyramids=[("Copan", [(2, 3, 1)]), ("Uxmal", [(2, 3, 1)])])
    s = maya.at_building([[[1, 1, 0, 0, 0]], [[0, 0, 1, 0, 0]]], (2, 1, 0, 0, 0), b=b, turn=BLUE,
                         options={"full_pyramids": full_pyramids})
    return maya.act(s, BLUE, "place_block", pyramid=1)


def test_every_pyramid_full_each_block_left_is_an_involuntary_pass_by_default(maya):
    """Rulebook, Phase 2: "If a player has blocks but cannot place them according to the rules
    he has to pass and pay one block into the pool. As this is an involuntary pass, however, he
    receives 1 gold coin from the bank." The rule as written (docs/rules-notes.md, option
    full_pyramids, default "pass")."""
    s = _last_space_filled(maya, "pass")
    assert s.turn == RED and maya.GAME.legal_actions(s, RED) == [{"actor": RED, "type": "pass", "free": False}]
    gold = s.gold
    s = maya.act(s, RED, "pass", free=False)
    assert s.gold[RED] == gold[RED] + 1 and s.turn == BLUE


def test_every_pyramid_full_may_end_the_building_phase(maya):
    """Rulebook, Phase 2: "The other players continue to play until all blocks have been
    placed" - with every pyramid full no block can be placed any more; option full_pyramids =
    "end" ends the phase there: the blocks held go back to the pool, no gold is paid for them."""
    ended = _last_space_filled(maya, "end")
    assert ended.phase != "building" and ended.hand == (0,) * 5
    full = next(e for e in ended.events if e["event"] == "pyramids_full")
    assert full["returned"] == {str(BLUE): 1, str(RED): 1}
    sentences = [e["sentence"] for e in maya.GAME.view(ended, maya.TABLE)["events"]]
    assert ("Every pyramid is full: building ends, and the blocks still held go back to the pool "
            "(Blue 1 block and Red 1 block).") in sentences
    passed = _last_space_filled(maya, "pass")
    while passed.phase == "building":
        (seat,) = maya.GAME.actors(passed)
        passed = maya.GAME.apply(passed, maya.GAME.legal_actions(passed, seat)[0])
    assert [p - e for p, e in zip(passed.gold, ended.gold)] == [1, 1, 0, 0, 0]
    assert passed.pool == ended.pool

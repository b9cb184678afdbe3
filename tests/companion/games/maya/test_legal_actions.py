"""legal_actions is complete and exact in the tricky states of building:
the double move across two pyramids and across a level, the free markers,
the involuntary pass, and a player out of blocks."""
import json

import pytest

from companion.errors import IllegalAction

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)
# two small pyramids: levels of (spaces, gold for most, gold for second)
SMALL = [("Copan", [(3, 3, 1), (2, 5, 2), (1, 8, 4)]), ("Uxmal", [(3, 3, 1), (2, 5, 2), (1, 8, 4)])]


def at(maya, pyramids, hands, turn=BLUE, markers=None):
    return maya.at_building(pyramids, hands, b=maya.box(5, pyramids=SMALL), turn=turn, markers=markers)


def legal_set(maya, s, seat):
    return {json.dumps(a, sort_keys=True) for a in maya.GAME.legal_actions(s, seat)}


def as_set(actions):
    return {json.dumps(a, sort_keys=True) for a in actions}


def test_double_move_into_two_pyramids_of_the_same_level(maya):
    """Rulebook, building: "He may place the blocks in two different pyramids."
    Copan's first level has two spaces, Uxmal's one: the two blocks may go
    into Copan twice or once into each, never twice into Uxmal."""
    s = at(maya, [[[1, 0, 0, 0, 0], [0] * 5, [0] * 5], [[1, 1, 0, 0, 0], [0] * 5, [0] * 5]], (3, 1, 0, 0, 0))

    def double(a: int, b: int) -> dict[str, object]:
        return {"actor": BLUE, "type": "double_move", "pyramids": [a, b], "free": False}

    assert legal_set(maya, s, BLUE) == as_set([
        {"actor": BLUE, "type": "place_block", "pyramid": 0},
        {"actor": BLUE, "type": "place_block", "pyramid": 1},
        double(0, 0), double(0, 1), double(1, 0),
        {"actor": BLUE, "type": "pass", "free": False},
    ])
    after = maya.act(s, BLUE, "double_move", pyramids=[1, 0], free=False)
    assert after.pyramids[0][0][BLUE] == 2 and after.pyramids[1][0][BLUE] == 2
    # the first block completed Uxmal's first level with Blue's sole majority: a bonus block
    assert after.pyramids[1][1][BLUE] == 1
    assert after.hand[BLUE] == 0 and after.pool[BLUE] == s.pool[BLUE] + 1 - 1
    with pytest.raises(IllegalAction, match="Uxmal"):
        maya.act(s, BLUE, "double_move", pyramids=[1, 1], free=False)


def test_double_move_whose_first_block_opens_the_next_level(maya):
    """Rulebook, building: the two blocks are placed "according to the
    building rules", one after the other. Blue's first block completes the last
    gap of the first levels (and wins Copan's bonus block), so the second may
    go into the second level of either pyramid."""
    s = at(maya, [[[1, 1, 0, 0, 0], [0] * 5, [0] * 5], [[1, 1, 1, 0, 0], [0] * 5, [0] * 5]], (3, 1, 0, 0, 0))

    def double(a: int, b: int) -> dict[str, object]:
        return {"actor": BLUE, "type": "double_move", "pyramids": [a, b], "free": False}

    assert legal_set(maya, s, BLUE) == as_set([
        {"actor": BLUE, "type": "place_block", "pyramid": 0},
        double(0, 0), double(0, 1),
        {"actor": BLUE, "type": "pass", "free": False},
    ])
    after = maya.act(s, BLUE, "double_move", pyramids=[0, 1], free=False)
    assert after.pyramids[0][0][BLUE] == 2
    assert after.pyramids[0][1][BLUE] == 1  # the bonus block for the sole majority in Copan's first level
    assert after.pyramids[1][1][BLUE] == 1  # the second block, in Uxmal's second level
    assert after.last["double_move"] == "paid" and len(after.last["bonus"]) == 1


def test_with_two_blocks_only_the_free_double_move_is_offered(maya):
    """Rulebook: a double move needs three blocks (one to pay); the free
    double move marker needs no payment, so two blocks are enough."""
    pyr = [[[1, 0, 0, 0, 0], [0] * 5, [0] * 5], [[1, 0, 0, 0, 0], [0] * 5, [0] * 5]]
    s = at(maya, pyr, (2, 1, 0, 0, 0), markers=[("free_double",), (), (), (), ()])
    doubles = [a for a in maya.GAME.legal_actions(s, BLUE) if a["type"] == "double_move"]
    assert doubles and all(a["free"] for a in doubles)
    assert {tuple(a["pyramids"]) for a in doubles} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    with pytest.raises(IllegalAction, match="needs three blocks"):
        maya.act(s, BLUE, "double_move", pyramids=[0, 1], free=False)
    after = maya.act(s, BLUE, "double_move", pyramids=[0, 1], free=True)
    assert after.hand[BLUE] == 0 and after.pool[BLUE] == s.pool[BLUE] and after.markers[BLUE] == ()
    assert after.turn == RED


def test_forced_pass_with_a_free_pass_marker_offers_both(maya):
    """Rulebook: a player who has blocks but cannot place them passes, pays a
    block and receives 1 gold; with the free pass marker he may pass without
    paying instead (and then earns no gold)."""
    full = [[[1, 1, 1, 0, 0], [1, 1, 0, 0, 0], [0] * 5], [[1, 1, 1, 0, 0], [1, 1, 0, 0, 0], [0] * 5]]
    # third levels are open; Green has no block in either second level
    s = at(maya, full, (0, 0, 2, 0, 0), turn=GREEN, markers=[(), (), ("free_pass",), (), ()])
    assert legal_set(maya, s, GREEN) == as_set([
        {"actor": GREEN, "type": "pass", "free": False},
        {"actor": GREEN, "type": "pass", "free": True},
    ])
    free = maya.act(s, GREEN, "pass", free=True)
    assert free.gold[GREEN] == s.gold[GREEN] and free.hand[GREEN] == 2 and free.markers[GREEN] == ()
    assert free.turn == GREEN  # nobody else has blocks: Green goes on alone
    paid = maya.act(free, GREEN, "pass", free=False)
    assert paid.gold[GREEN] == s.gold[GREEN] + 1 and paid.hand[GREEN] == 1
    assert paid.pool[GREEN] == s.pool[GREEN] + 1


def test_players_out_of_blocks_are_skipped_until_all_are_placed(maya):
    """Rulebook: "If a player does not have any blocks left, he has to announce
    this when it is his turn to play. The other players continue to play until
    all blocks have been placed." Only the players with blocks are asked."""
    pyr = [[[0] * 5, [0] * 5, [0] * 5], [[0] * 5, [0] * 5, [0] * 5]]
    s = at(maya, pyr, (0, 2, 0, 1, 0), turn=RED)
    order = []
    while s.phase == "building" and s.round == 1:
        (seat,) = maya.GAME.actors(s)
        order.append(seat)
        for other in range(5):
            if other != seat:
                assert maya.GAME.legal_actions(s, other) == []
        s = maya.act(s, seat, "place_block", pyramid=0)
    assert order == [RED, YELLOW, RED]
    assert s.round == 2  # building ended when the last block was placed

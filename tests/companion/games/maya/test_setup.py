"""Preparation: the tile and pyramids for the player count and the two starting blocks."""
import pytest

from companion.errors import BadOption, IllegalAction

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


@pytest.mark.parametrize("n,names", [
    (3, ["Chichen Itza", "Copan", "Uxmal", "Palenque"]),
    (4, ["Tikal", "Copan", "Uxmal", "Palenque"]),
    (5, ["Tikal", "Chichen Itza", "Copan", "Uxmal"]),
])
def test_pyramids_for_each_player_count(maya, n, names):
    s = maya.GAME.setup(maya.NAMES[:n])
    assert [p.name for p in s.box.pyramids] == names
    assert s.cards == ((-3, 3, 4, 4, 5, 6, 7, 8),) * n
    assert s.hand == (2,) * n and s.pool == (26,) * n


def test_two_or_six_players_are_refused(maya):
    with pytest.raises(BadOption, match="3 to 5 players"):
        maya.GAME.setup(["A", "B"])


def test_starting_blocks_go_in_turn_then_a_second_round_never_the_same_pyramid(maya):
    s = maya.GAME.setup(maya.NAMES[:3])
    order = []
    for _ in range(6):
        (seat,) = maya.GAME.actors(s)
        order.append(seat)
        s = maya.act(s, seat, "setup_block", pyramid=seat if len(order) <= 3 else (seat + 1) % 4)
    assert order == [0, 1, 2, 0, 1, 2]
    assert s.phase == "quarrying"
    for seat in range(3):
        assert sum(lv[seat] for p in s.pyramids for lv in p) == 2
        assert all(p[0][seat] <= 1 for p in s.pyramids)


def test_second_block_may_not_share_a_pyramid(maya):
    s = maya.GAME.setup(maya.NAMES[:3])
    for seat in range(3):
        s = maya.act(s, seat, "setup_block", pyramid=0)
    assert 0 not in [a["pyramid"] for a in maya.GAME.legal_actions(s, 0)]
    with pytest.raises(IllegalAction, match="already has a block in Chichen Itza"):
        maya.act(s, 0, "setup_block", pyramid=0)


def test_unknown_option_is_refused(maya):
    with pytest.raises(BadOption, match="Unknown option"):
        maya.GAME.setup(maya.NAMES[:3], {"turbo": True})
    with pytest.raises(BadOption, match="quarries"):
        maya.GAME.setup(maya.NAMES[:3], {"quarries": "dice"})

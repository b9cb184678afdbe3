"""A new round and the end of the game: worker cards return, unused markers
go back above their quarries (blue ones are spent), the auction is held again."""
from companion.rules.engine import CHANCE

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)


def finish_building(maya, s):
    while s.phase == "building":
        (seat,) = maya.GAME.actors(s)
        legal = maya.GAME.legal_actions(s, seat)
        s = maya.GAME.apply(s, next(a for a in legal if a["type"] in ("place_block", "pass")))
    return s


def test_a_new_round_returns_cards_and_markers_and_keeps_gold(maya):
    """Rulebook, "A new round": every player once again owns his 8 worker
    cards and the gold he has won; nobody owns any blocks; the Special
    Property markers go back above the quarries. Advanced game: the blue
    markers won "may be used once in the current round"."""
    b = maya.box(5, quarries=[([4, 2], 5, "free_pass"), ([4, 2], 5, "free_double")])
    s = maya.at_distribution([[(RED, 5)], [(GREEN, 4), (GREEN, 8)]], b=b, options={"advanced": True},
                             markers=[("transport4",), (), (), (), ("joker",)])
    s = maya.act(s, PURPLE, "decline")  # the joker is kept when quarrying ends...
    s = maya.act(s, PURPLE, "decline")  # ...after quarry 2's result, quarry 1 still concealed...
    s = maya.act(s, PURPLE, "decline")  # ...and after the quarry results, for building
    assert s.phase == "building"
    assert "free_pass" in s.markers[RED] and "free_double" in s.markers[GREEN]
    assert s.markers[PURPLE] == ("joker",)
    s = finish_building(maya, s)
    assert s.round == 2 and s.phase == "bidding"  # five players: all four blue markers, no draw
    assert s.markers == ((),) * 5  # unused green markers went back, the blue ones are spent
    assert [q.marker for q in s.quarries] == ["free_pass", "free_double"]
    assert all(not q.cards and not q.revealed for q in s.quarries)
    assert s.cards == (b.worker_cards,) * 5 and s.hand == (0,) * 5
    won = [sum(level[seat] for pyr in s.history[0]["payments"] for level in pyr) for seat in range(5)]
    assert any(won) and s.gold == tuple(10 + g for g in won)  # nobody bid yet: the gold won is kept


def test_fewer_players_draw_the_blue_markers_again_each_round(maya):
    """Rulebook, advanced game: "The next round starts once again with an
    auction. In the case of fewer than 5 players, the markers are shuffled again."""
    s = maya.fresh(3, {"advanced": True})
    draws = 0
    while maya.GAME.result(s) is None:
        (actor, *_) = sorted(maya.GAME.actors(s), key=str)
        if actor == CHANCE:
            draws += 1
            assert s.phase == "auction_draw" and s.round == draws
        legal = maya.GAME.legal_actions(s, actor)
        s = maya.GAME.apply(s, next((a for a in legal if a["type"] == "pass"), legal[0]))
    assert draws == 3

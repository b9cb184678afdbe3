"""Step 3: Boulders and Sealing the Entrance — tests built on the rulebook's examples."""
import pytest

from companion.errors import IllegalAction
from companion.games.mayan_curse.state import BOULDERS, DRAW, OVER


def _release_left(d):
    """Two gray stelae take both tokens off the leftmost boulder."""
    d.draws()
    d.discover(d.current(), "gray")
    d.discover(d.current(), "gray")


def test_boulders_with_tokens_left_do_not_tumble(driver):
    """Step 3: each boulder that has no trigger tokens left tumbles; example (3): the final
    boulder still has trigger tokens left, so it doesn't tumble (yet!)."""
    d = driver(2)
    d.finish_round()
    assert d.s.phase == DRAW and d.s.round == 2  # no boulder without tokens: straight to the next round
    _release_left(d)
    d.finish_round()
    assert d.s.phase == BOULDERS
    assert d.table["tumbling"] == {"now": "left", "order": ["left"], "done": []}


def test_boulder_already_in_the_passage_tumbles_first_and_only_towards_the_entrance(driver):
    """Rulebook Step 3, examples (1)-(3): one boulder is already in the passage, so it tumbles first;
    it must tumble to a symbol between it and the entrance. Next, a boulder is released from the
    central board. The final boulder still has trigger tokens, so it doesn't tumble."""
    d = driver(2)
    _release_left(d)
    d.finish_round()
    d.stop("passage", row=4)
    assert d.s.phase == DRAW and d.table["boulders"][0] == {
        "name": "left", "letter": "L", "tokens": 0, "where": "passage", "row": 4, "column": 0, "tumbles": True}
    d.draws()
    d.discover(d.current(), "gray")
    d.discover(d.current(), "beige")  # the centre boulder's two tokens
    d.finish_round()
    assert d.table["tumbling"]["order"] == ["left", "centre"]  # right still has tokens
    reporter = next(iter(d.g.actors(d.s)))
    for row in (5, 6):
        with pytest.raises(IllegalAction, match="towards the entrance"):
            d.do(reporter, "boulder_stopped", boulder="left", where="passage", row=row)
    with pytest.raises(IllegalAction, match="The left boulder tumbles now, not the centre one."):
        d.do(reporter, "boulder_stopped", boulder="centre", where="passage", row=6)
    rows = [a.get("row") for a in d.g.legal_actions(d.s, reporter) if a["type"] == "boulder_stopped"]
    assert rows == [1, 2, 3, 4, None]  # rows nearer the entrance (or its own, if blocked), or the entrance
    d.stop("passage", row=2)
    assert d.table["tumbling"] == {"now": "centre", "order": ["centre"], "done": ["left"]}
    d.stop("passage", row=5)
    assert d.s.phase == DRAW


def test_boulders_at_the_same_distance_tumble_left_to_right(driver):
    """Step 3: if multiple boulders are the same distance from the entrance, trigger them from left
    to right. Leaving the Passage: the first player to reach the temple transition board removes
    all trigger tokens, releasing every boulder at the end of the round."""
    d = driver(3)
    d.draws()
    d.do(0, "reach_temple_board")
    assert [b["tokens"] for b in d.table["boulders"]] == [0, 0, 0]
    d.finish_round()
    assert d.table["tumbling"]["order"] == ["left", "centre", "right"]
    d.stop("passage", row=3)
    d.stop("passage", row=6)
    d.stop("passage", row=3)
    d.finish_round()
    # closest first (row 3, row 3, row 6); the two on row 3 left to right
    assert d.table["tumbling"]["order"] == ["left", "right", "centre"]


def test_a_blocked_boulder_stops_where_it_stands_and_tumbles_again_next_round(driver):
    """Important notes, Boulders — OBSTACLES: if a boulder's path is blocked by an empty space or
    another boulder while it is moving towards the entrance, it tumbles sideways to get around the
    obstacle; if it is blocked while moving sideways along a slab, it will stop. So a boulder in the
    passage may end its tumble on the row it started from; it never moves away from the entrance."""
    d = driver(2)
    _release_left(d)
    d.finish_round()
    rows = [a.get("row", a["where"]) for a in d.g.legal_actions(d.s, 0) if a["type"] == "boulder_stopped"]
    # from the central board: onto any row of the first river, staying on its board, or the entrance
    assert rows == [1, 2, 3, 4, 5, 6, 7, "stays", "entrance"]
    d.stop("passage", row=4)
    d.finish_round()
    with pytest.raises(IllegalAction, match=r"from 1 to 4 \(counted from the entrance; 4 if it was blocked"):
        d.do(1, "boulder_stopped", boulder="left", where="passage", row=5)
    d.stop("passage", row=4)
    assert d.table["boulders"][0] == {"name": "left", "letter": "L", "tokens": 0, "where": "passage", "row": 4,
                                      "column": 0, "tumbles": True}
    assert d.said.startswith("The left boulder was blocked and stays on row 4 of the passage.")
    d.finish_round()
    assert d.s.phase == BOULDERS and d.table["tumbling"]["now"] == "left"  # it tumbles again


def test_a_boulder_reaching_the_entrance_resets_the_first_seven_slabs(driver):
    """Sealing the Entrance: whenever a boulder reaches the entrance, reset the first 7 slabs of the
    passage so they are flush with the entrance board (the example: 5 spaces from its symbol but
    3 from the entrance board, it tumbles onto the entrance board)."""
    d = driver(2)
    _release_left(d)
    d.finish_round()
    d.stop("entrance")
    assert "reset the first 7 slabs" in d.said
    assert d.table["boulders"][0]["where"] == "entrance"
    assert d.table["boulders_at_entrance"] == 1
    assert d.g.result(d.s) is None  # one boulder does not seal the entrance
    d.finish_round()
    assert d.s.phase == DRAW and d.s.round == 3  # a boulder at the entrance never tumbles again


def test_three_boulders_at_the_entrance_seal_it_and_end_the_game_at_once(driver):
    """Sealing the Entrance: once all 3 boulders have blocked the marked entrance spaces, the
    entrance is sealed and the game ends immediately; End of the Game: anyone who did not escape
    doesn't count their knowledge; if no one makes it back, the temple wins."""
    d = driver(3)
    d.draws()
    d.do(0, "escape")
    d.do(1, "reach_temple_board")
    d.finish_round()
    d.stop("entrance")
    d.stop("entrance")
    assert d.s.phase == BOULDERS
    d.stop("entrance")
    assert d.s.phase == OVER and d.table["sealed"]
    assert "sealed" in d.said
    r = d.g.result(d.s)
    assert r.winners == (0,) and r.detail["escaped"] == [True, False, False]
    assert r.detail["knowledge"][1] is None


def test_nobody_escaped_before_the_seal_means_the_temple_wins(driver):
    """End of the Game: if no one makes it back, the temple wins!"""
    d = driver(2)
    d.draws()
    d.do(0, "reach_temple_board")
    d.finish_round()
    for _ in range(3):
        d.stop("entrance")
    r = d.g.result(d.s)
    assert r.winners == () and r.detail["temple_wins"]
    assert "temple wins" in r.detail["sentence"]


def test_boulder_reports_come_from_the_first_player(driver):
    d = driver(3)
    d.draws()
    d.do(0, "reach_temple_board")
    d.finish_round()
    assert d.g.actors(d.s) == {0} and d.table["waiting_for"]["actors"] == [0]
    assert d.table["waiting_for"]["sentence"] == "The left boulder tumbles: Ana, where did it stop?"
    with pytest.raises(IllegalAction):
        d.do(1, "boulder_stopped", boulder="left", where="entrance")


def test_a_boulder_released_mid_round_waits_for_every_turn_of_the_round(driver):
    """Discovering Stelae: if there are no tokens left on a boulder, it will be released at the
    end of the round; Step 3: after each player has taken a turn, each boulder without tokens
    tumbles. (Solo Mode tumbles at the end of each turn instead: see test_solo.)"""
    d = driver(3)
    d.draws()
    d.discover(0, "gray")
    d.discover(0, "beige")
    assert d.table["boulders"][0]["tokens"] == 0 and d.table["boulders"][0]["tumbles"]
    d.end(0)
    assert d.s.phase == "turn" and d.current() == 1  # Ben and Cy still play before it tumbles
    d.end(1)
    assert d.s.phase == "turn" and d.current() == 2
    d.end(2)
    assert d.s.phase == BOULDERS and d.table["tumbling"]["now"] == "left"
    assert d.table["round"] == 1 and d.table["first_player"] == 0  # the token passes after the boulders
    d.stop("passage", row=6)
    assert d.s.phase == DRAW and d.table["round"] == 2 and d.table["first_player"] == 1


def test_a_boulder_may_be_reported_as_staying_on_its_board(driver):
    """Issue 11 and Important notes, Boulders — OBSTACLES: "if it is blocked while moving sideways
    along a slab, it will stop": a boulder released from the central board may not reach the first
    river's rows at all. It stays there, with no tokens, and tumbles again next round."""
    d = driver(2)
    _release_left(d)
    d.finish_round()
    d.do(0, "boulder_stopped", boulder="left", where="stays")
    assert d.table["boulders"][0]["where"] == "start" and d.table["boulders"][0]["tumbles"]
    assert d.said.startswith("The left boulder was blocked and stays on its board.")
    d.finish_round()
    assert d.table["tumbling"]["now"] == "left"
    d.stop("passage", row=5)
    d.finish_round()
    with pytest.raises(IllegalAction, match="is on row 5: if it was blocked there, report row 5"):
        d.do(next(iter(d.g.actors(d.s))), "boulder_stopped", boulder="left", where="stays")


def test_two_boulders_on_one_row_tumble_left_to_right_as_they_lie_not_by_name(driver):
    """Step 3: "If multiple boulders are the same distance from the entrance, trigger them from
    left to right." A boulder landing on a row that holds another is reported left or right of it,
    and the next round tumbles them in that order, whatever their names."""
    d = driver(2)
    d.draws()
    for _ in range(4):  # four gray stelae: the left and centre boulders lose both tokens
        d.discover(d.current(), "gray")
    d.finish_round()
    assert d.table["tumbling"]["order"] == ["left", "centre"]  # on the central board: left to right
    d.stop("passage", row=3)
    stops = [a for a in d.g.legal_actions(d.s, 0) if a["type"] == "boulder_stopped" and a.get("row") == 3]
    assert [a.get("place") for a in stops] == [0, 1]  # left of the left boulder, or right of it
    d.do(0, "boulder_stopped", boulder="centre", where="passage", row=3, place=0)
    assert [b["column"] for b in d.table["boulders"][:2]] == [1, 0]
    d.finish_round()
    assert d.table["tumbling"]["order"] == ["centre", "left"]


def test_the_round_end_summary_names_each_tumble_in_order_and_what_it_crushed(driver):
    """Issue 10: which boulders tumbled in which order, what each crushed, the reset cue."""
    d = driver(2)
    d.draws()
    for _ in range(4):
        d.discover(d.current(), "gray")
    d.finish_round()
    d.do(0, "stela_crushed", colour="brown")
    d.stop("entrance")
    d.stop("passage", row=6)
    end = d.table["round_end"]
    assert end["round"] == 1 and [t["boulder"] for t in end["tumbles"]] == ["left", "centre"]
    assert end["tumbles"][0]["crushed"] == ["brown"] and end["tumbles"][1]["crushed"] == []
    assert end["tumbles"][0]["sentence"] == ("The left boulder tumbled from its board to the entrance. "
                                             "It crushed a brown stela.")
    assert end["tumbles"][1]["sentence"] == "The centre boulder tumbled from its board to row 6."
    assert end["reset_slabs"] == 7 and "reset the first 7 slabs" in end["sentence"]

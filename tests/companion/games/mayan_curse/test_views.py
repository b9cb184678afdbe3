"""What the table and each seat see: everything the UI needs, no secret."""
import json

from companion.rules.engine import CHANCE, TABLE


def test_table_view_has_what_the_table_screen_shows(driver):
    d = driver(3)
    d.do("chance", "draw_stones", seat=0, stones=["dog", "dog", "bird"])
    d.do("chance", "draw_stones", seat=1, stones=["jaguar", "serpent", "dog/jaguar"])
    v = d.table
    assert v["round"] == 1 and v["phase"] == "draw"
    assert v["purse"] == 14
    assert [p["stones"] for p in v["players"]] == [3, 3, 0]
    assert v["turn_order"] == [0, 1, 2] and v["first_player"] == 0
    assert v["waiting_for"] == {"actors": ["chance"], "sentence": "Draw 3 sacred stones for Cy."}
    assert v["cameras_left"] == 6 and v["escaped"] == []
    assert [b["name"] for b in v["boulders"]] == ["left", "centre", "right"]
    assert v["boulders"][0] == {"name": "left", "letter": "L", "tokens": 2, "where": "start", "row": None, "column": 0,
                              "tumbles": False}
    assert v["tumbling"] == {"now": None, "order": [], "done": []}
    assert "you" not in v
    for secret in ("dog", "jaguar", "bird", "serpent"):
        assert secret not in json.dumps(v)


def test_a_seat_sees_its_own_stones_and_stelae_only(driver):
    d = driver(2)
    d.draws(["dog", "dog", "bird"], ["jaguar", "serpent", "dog/jaguar"])
    d.discover(0, "gray", 5)
    ana, ben = d.g.view(d.s, 0), d.g.view(d.s, 1)
    assert ana["you"]["stones"] == ["dog", "dog", "bird"]
    assert ana["you"]["stelae"] == [{"colour": "gray", "place": "passage", "value": 5}]
    assert ana["you"]["knowledge"] == 7  # 5 + 2 for the unused backpack
    assert ben["you"]["stones"] == ["jaguar", "serpent", "dog/jaguar"]
    assert "dog\", \"dog" not in json.dumps(ben) and ben["players"][0]["stelae"] == ["gray"]
    assert '"value": 5' not in json.dumps(ben)


def test_boulder_cue_lists_which_boulder_tumbles_now_in_order(driver):
    d = driver(2)
    d.draws()
    d.do(0, "reach_temple_board")
    d.finish_round()
    v = d.table
    assert v["phase"] == "boulders"
    assert v["tumbling"] == {"now": "left", "order": ["left", "centre", "right"], "done": []}
    assert all(b["tumbles"] for b in v["boulders"])
    d.stop("entrance")
    v = d.table
    assert v["tumbling"] == {"now": "centre", "order": ["centre", "right"], "done": ["left"]}
    assert v["boulders_at_entrance"] == 1 and v["slabs_to_reset"] == 7


def test_views_are_json_safe(driver):
    d = driver(1, {"scenario": 5})
    d.draws()
    d.do(0, "reach_temple_board")
    d.do(0, "claim_camera")
    d.do(0, "escape")
    for viewer in (TABLE, 0):
        assert json.loads(json.dumps(d.g.view(d.s, viewer)))["result"]["winners"] == [0]


def test_the_view_lists_what_the_last_action_caused_for_sounds_and_highlights(driver):
    def kinds():
        return [{k: v for k, v in e.items() if k != "sentence"} for e in d.table["events"]]

    d = driver(2)
    d.draws()
    d.do(0, "discover_stela", colour="gray", place="passage")
    assert kinds() == [{"kind": "stela_discovered", "seat": 0, "colour": "gray", "place": "passage",
                        "token_removed": True, "beyond_layout": False}]
    d.do(CHANCE, "stela_value", seat=0, colour="gray", value=5)
    d.do(0, "reach_temple_board")
    assert kinds() == [{"kind": "temple_board", "seat": 0, "first": True}]
    d.finish_round()
    d.stop("entrance")
    assert kinds() == [{"kind": "boulder_at_entrance", "boulder": "left", "reset_slabs": 7, "at": 1, "of": 3}]
    d.stop("passage", row=2)
    assert kinds()[0] == {"kind": "boulder_stopped", "boulder": "centre", "row": 2}
    d.stop("entrance")
    d.finish_round()
    d.stop("entrance")
    assert kinds() == [{"kind": "sealed", "boulder": "centre", "at": 3}, {"kind": "game_over", "sealed": True}]
    assert "5" not in " ".join(e["sentence"] for e in d.table["events"])

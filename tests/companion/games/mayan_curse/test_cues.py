"""The cues and end lines of Mayan Curse come from the game with their sentences
(issue 21): the boulder report while one tumbles, the round's summary, the
knowledge breakdown at the end (Result.detail). A screen only shows them."""
from companion.games.mayan_curse.state import BOULDERS
from companion.rules.engine import TABLE


def test_the_boulder_cue_names_the_boulder_its_tokens_and_who_reports(driver):
    d = driver(3)
    d.draws()
    d.do(0, "reach_temple_board")
    d.finish_round()
    assert d.s.phase == BOULDERS
    cue = d.g.view(d.s, TABLE)["boulder_cue"]
    assert cue["boulder"] == "left" and cue["tokens"] == 0 and cue["from"] is None
    assert cue["then"] == ["centre", "right"] and cue["reporter"] == 0
    assert cue["title"] == "The LEFT boulder tumbles!"
    assert cue["sentence"] == "From its board. Then: centre, right. Ana: where did it stop?"
    assert cue["does"]
    d.stop(row=3)
    cue = d.g.view(d.s, TABLE)["boulder_cue"]
    assert cue["boulder"] == "centre" and cue["sentence"] == "From its board. Then: right. Ana: where did it stop?"


def test_the_round_summary_has_its_title_lines_and_what_closes_it(driver):
    d = driver(2)
    d.draws()
    d.do(0, "reach_temple_board")
    d.finish_round()
    d.stop(row=3)
    d.stop("entrance")
    d.stop(row=2)
    end = d.g.view(d.s, TABLE)["round_end"]
    assert end["title"] == "Round 1: the boulders tumbled"
    assert end["lines"] == [
        "The left boulder tumbled from its board to row 3.",
        "The centre boulder tumbled from its board to the entrance.",
        "The right boulder tumbled from its board to row 2.",
        "A boulder reached the entrance: reset the first 7 slabs of the passage.",
        "Entrance spaces blocked: 1 of 3.",
    ]
    assert end["close"] == "Tap when the board matches."


def test_the_end_explains_each_players_knowledge(driver):
    d = driver(2)
    d.draws()
    d.discover(0, "gray", value=4)
    d.do(0, "reach_temple_board")
    d.do(0, "claim_camera")
    d.do(0, "escape")
    d.do(1, "end_turn")
    # the boulders tumble; the left one seals nothing: Ben is still in
    while d.s.phase == BOULDERS:
        d.stop(row=7)
    d.draws()
    d.do(1, "use_backpack", item="map")
    d.do(1, "escape")
    result = d.g.result(d.s)
    assert result.detail["lines"] == [
        "Ana: stelae 4, camera 15, backpack unused 2 = 21 knowledge (1 stela)",
        "Ben: no stelae = 0 knowledge (0 stelae)",
    ]
    assert result.detail["breakdown"][0] == {"stelae": [4], "camera": 15, "backpack_unused": 2, "total": 21}

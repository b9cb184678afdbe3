"""End of the Game: only escaped players count; +15 camera, +2 unused backpack; ties."""
from companion.games.mayan_curse.state import OVER


def _three(driver, script):
    """Ana, Ben and Cy each run their events in round 1; 'escape' ends their turn."""
    d = driver(3)
    d.draws()
    for seat, events in enumerate(script):
        for ev in events:
            if ev.startswith("stela:"):
                colour, value = ev[6:].split("=")
                d.discover(seat, colour, int(value))
            elif ev == "temple":
                d.do(seat, "reach_temple_board")
                d.do(seat, "claim_camera")
            elif ev.startswith("backpack:"):
                d.do(seat, "use_backpack", item=ev[9:])
            else:
                d.do(seat, ev)
    return d


def test_knowledge_is_stelae_plus_camera_plus_unused_backpack(driver):
    """End of the Game: each player who escaped reveals their stelae and adds +15 knowledge for a
    camera and +2 if they haven't used their backpack. The player with the most knowledge wins."""
    d = _three(driver, [
        ["stela:brown=3", "stela:gray=5", "temple", "backpack:machete", "escape"],  # 3+5+15 = 23
        ["stela:beige=6", "stela:brown=1", "escape"],  # 6+1+2 = 9
        ["stela:gray=4", "escape"],  # 4+2 = 6
    ])
    r = d.g.result(d.s)
    assert r.scores == (23, 9, 6)
    assert r.winners == (0,) and r.ranking == (0, 1, 2) and r.tiebreak is None
    assert d.table["players"][0]["stela_values"] == [3, 5]
    assert d.table["players"][0]["knowledge"] == 23


def test_players_who_did_not_escape_do_not_count(driver):
    """End of the Game: if the passage was sealed, anyone who did not escape doesn't get to count
    their knowledge and can not win."""
    d = driver(2)
    d.draws()
    d.discover(0, "brown", 1)
    d.do(0, "escape")
    for v in (6, 6, 6):
        d.discover(1, "beige", v)
    d.discover(1, "gray", 5)
    d.end(1)  # four gray or beige took the left and centre boulders' tokens
    for _ in range(2):
        d.stop("entrance")
    d.draws()
    d.do(1, "reach_temple_board")
    d.end(1)
    d.stop("entrance")
    assert d.s.phase == OVER and d.s.sealed
    r = d.g.result(d.s)
    assert r.winners == (0,) and r.scores == (3, 0) and r.detail["knowledge"] == [3, None]
    table = d.table
    assert "stela_values" not in table["players"][1]  # Ben's stelae stay secret


def test_a_tie_goes_to_the_player_with_more_stelae(driver):
    """End of the Game: if there is a tie for most knowledge, the tied player who discovered the
    most stelae wins."""
    d = _three(driver, [
        ["stela:gray=5", "stela:brown=1", "escape"],  # 8 knowledge, 2 stelae
        ["stela:brown=2", "stela:brown=2", "stela:brown=2", "escape"],  # 8 knowledge, 3 stelae
        ["escape"],  # 2
    ])
    r = d.g.result(d.s)
    assert r.scores == (8, 8, 2)
    assert r.winners == (1,) and r.ranking == (1, 0, 2)
    assert r.tiebreak == "Ana and Ben tied on 8 knowledge; Ben discovered the most stelae (3)."


def test_a_tie_on_knowledge_and_stelae_is_shared(driver):
    """End of the Game: if there's still a tie, victory is shared."""
    d = _three(driver, [
        ["stela:gray=5", "escape"],
        ["stela:beige=5", "escape"],
        ["stela:brown=1", "escape"],
    ])
    r = d.g.result(d.s)
    assert r.winners == (0, 1) and r.ranks == (1, 1, 3)
    assert "victory is shared" in r.tiebreak
    assert r.detail["sentence"] == "Ana and Ben win with 7 knowledge."


def test_result_is_none_while_the_game_goes_on(driver):
    d = driver(2)
    d.draws()
    d.do(0, "escape")
    assert d.g.result(d.s) is None and d.table["result"] is None


def test_the_end_reveal_cannot_be_undone(driver):
    d = driver(2)
    d.draws()
    before = d.s
    d.do(0, "escape")
    assert d.g.undoable(before, {"actor": 0, "type": "escape"}, d.s) is True
    before = d.s
    d.do(1, "escape")
    assert d.g.undoable(before, {"actor": 1, "type": "escape"}, d.s) is False

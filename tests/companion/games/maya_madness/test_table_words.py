"""The words the Maya Madness table reads (issue 22 §4): how many tokens win, and
with the full deck how a card is played (the hands are behind the privacy gate)."""
from madness_steps import NAMES, G, draw_all, play

from companion.rules.engine import CHANCE, TABLE


def physical(n=2, **options):
    s = G.setup(NAMES[:n], {"deck": "physical", **options})
    s = G.apply(s, {"actor": 1 if n == 2 else n - 1, "type": "start_card", "card": "0"})
    return draw_all(s, [1, 10, 3, 4][:n])


def test_each_player_reads_how_many_tokens_they_have_of_how_many_win():
    s = physical(tokens_to_win=3)
    v = G.view(s, TABLE)
    assert [p["tokens_label"] for p in v["players"]] == ["★ 0 of 3", "★ 0 of 3"]
    s = draw_all(play(s, 0, "+1"), [5])  # Ana's secret is 1: she wins the token 1
    assert G.view(s, TABLE)["players"][0]["tokens_label"] == "★ 1 of 3 (1)"


def test_in_advanced_play_the_values_stay_face_down_but_the_goal_is_read():
    s = draw_all(play(physical(advanced=True, tokens_to_win=4), 0, "+1"), [5])
    assert G.view(s, TABLE)["players"][0]["tokens_label"] == "★ 1 of 4"


def test_the_full_deck_pad_offers_the_way_to_the_hand_of_the_player_at_turn():
    s = G.setup(NAMES[:2], {"deck": "full"})
    assert G.view(s, TABLE)["look_label"] == ""  # nothing dealt yet
    box = {"+1": 7, "-1": 7, "+2": 7, "-2": 7, "+3": 4, "-3": 4, "+4": 4, "-4": 4, "+5": 3, "-5": 3,
           "0": 7, "wild": 4, "skip": 3, "reverse": 3, "temple": 2}  # the rulebook's 69 cards
    order = [card for card, k in box.items() for _ in range(k)]  # deals number cards; a +2 turned over
    s = draw_all(G.apply(s, {"actor": CHANCE, "type": "shuffle", "order": order}), [6, 9])
    v = G.view(s, TABLE)
    turn = v["turn"]
    assert v["look_label"] == f"{NAMES[turn]}'s hand" and v["hand_hint"] == "Play a card from your hand"
    assert G.view(physical(), TABLE)["look_label"] == ""  # the physical deck: the cards are on the pad

"""Maya Madness with the full deck modelled: shuffle, deal, hands of five, refills, reshuffles.

Rulebook (../shared/rules/maya-madness.txt): "Contents" (69 cards), "Setup" (deal five,
turn over the top card), "Game Play Overview" (draw after playing), Temple of Zero
(draw two), "Tips" (reshuffle the discard pile when the draw pile runs out).
"""
import random
from collections import Counter

import pytest
from madness_steps import NAMES, G, draw_all, play, said

from companion.errors import IllegalAction
from companion.games.maya_madness.rules import deck_in_play
from companion.rules.engine import CHANCE, TABLE

BOX = Counter({"+1": 7, "-1": 7, "+2": 7, "-2": 7, "+3": 4, "-3": 4, "+4": 4, "-4": 4, "+5": 3, "-5": 3,
               "0": 7, "wild": 4, "skip": 3, "reverse": 3, "temple": 2})


def order_for(hands, start, next_cards=()):
    """A shuffle that deals `hands` (seat 0 first, one card at a time), turns over `start`,
    and puts `next_cards` on top of the draw pile."""
    n = len(hands)
    order = [hands[i % n][i // n] for i in range(5 * n)] + [start] + list(next_cards)
    rest = BOX - Counter(order)
    return order + sorted(rest.elements())


def started(hands, start="+1", next_cards=(), secrets=(6, 9, 3, 4), **options):
    s = G.setup(NAMES[:len(hands)], {"deck": "full", **options})
    s = G.apply(s, {"actor": CHANCE, "type": "shuffle", "order": order_for(hands, start, next_cards)})
    return draw_all(s, list(secrets))

def test_the_box_holds_the_69_cards_of_the_rulebook():
    """Rulebook, Contents: 69 cards, 7 each of ±1 and ±2, 4 each of ±3 and ±4, 3 each of ±5,
    7 Zero, 4 Wild, 3 Skip, 3 Reverse, 2 Temple of Zero; 20 tokens, two sets of 1 to 10."""
    s = G.setup(["Ana", "Ben"], {"deck": "full"})
    assert Counter(s.deck) == BOX and len(s.deck) == 69
    outcomes = G.chance_outcomes(G.apply(
        G.setup(["Ana", "Ben"], {"deck": "full"}),
        {"actor": CHANCE, "type": "shuffle", "order": order_for([["0"] * 5, ["+1"] * 5], "+1")}))
    assert {a["token"]: p for a, p in outcomes} == {v: 0.1 for v in range(1, 11)}


def test_the_shuffle_deals_five_each_and_turns_over_the_next_card():
    """Rulebook, Setup: deal five cards to each player; stack the rest; turn over the top card."""
    hands = [["+4", "-2", "+1", "-1", "0"], ["+3", "+2", "-3", "-4", "+5"]]
    s = started(hands, start="+3")
    v = G.view(s, TABLE)
    assert v["count"] == 3 and v["discard_top"] == "+3" and v["draw_pile"] == 69 - 11
    assert [x["hand_size"] for x in v["players"]] == [5, 5]
    assert sorted(G.view(s, 0)["you"]["hand"]) == sorted(hands[0])
    assert sorted(G.view(s, 1)["you"]["hand"]) == sorted(hands[1])
    def keys(x):  # every key anywhere in the view
        if isinstance(x, dict):
            return set(x) | set().union(*(keys(y) for y in x.values()))
        if isinstance(x, list):
            return set().union(*(keys(y) for y in x))
        return set()

    assert "hand" not in keys(v) and "you" not in keys(v)  # the table sees the sizes, not the cards


def test_a_shuffle_that_is_not_the_deck_is_refused():
    s = G.setup(["Ana", "Ben"], {"deck": "full"})
    good = order_for([["0"] * 5, ["+1"] * 5], "+1")
    G.apply(s, {"actor": CHANCE, "type": "shuffle", "order": good})  # the real deck is accepted
    for bad in (good[:-1], good[:-1] + ["temple"], ["+1"] * 69, None):
        with pytest.raises(IllegalAction, match="must hold each of the 69 cards exactly once"):
            G.apply(s, {"actor": CHANCE, "type": "shuffle", "order": bad})
    assert G.view(s, TABLE)["phase"] == "shuffle"


def test_example_of_play_with_the_deck():
    """Rulebook, Example of Play: your secret is 6 and the count 1; you play the 4 and pick another
    card from the draw pile; your opponent plays a 3; you play the −2, reveal your 6, pick a new secret
    number and draw another card to bring your hand back up to five."""
    hands = [["+4", "-2", "+1", "-1", "0"], ["+3", "+2", "-3", "-4", "+5"]]
    s = started(hands, start="+1", next_cards=["skip", "wild", "temple"], secrets=(6, 2))
    s = play(s, 0, "+4")
    assert sorted(G.view(s, 0)["you"]["hand"]) == sorted(["-2", "+1", "-1", "0", "skip"])
    s = play(s, 1, "+3")
    assert "wild" in G.view(s, 1)["you"]["hand"]
    s = play(s, 0, "-2")
    v = G.view(s, TABLE)
    assert v["count"] == 6 and v["players"][0]["token_values"] == [6]
    assert len(G.view(s, 0)["you"]["hand"]) == 5 and "temple" in G.view(s, 0)["you"]["hand"]


def test_you_can_only_play_a_card_you_hold():
    s = started([["+4", "-2", "+1", "-1", "0"], ["+3", "+2", "-3", "-4", "+5"]])
    with pytest.raises(IllegalAction, match="Ana does not hold a Temple of Zero."):
        play(s, 0, "temple")
    assert {a["card"] for a in G.legal_actions(s, 0)} == {"+4", "-2", "+1", "-1", "0"}


def test_temple_of_zero_plays_again_and_draws_two():
    """Rulebook, Temple of Zero: play another card right away, then draw two cards at the end of your turn."""
    s = started([["temple", "+3", "+1", "-1", "0"], ["+3", "+2", "-3", "-4", "+5"]], start="+4",
                next_cards=["-5", "wild"], secrets=(9, 8))
    s = play(s, 0, "temple")
    assert G.view(s, 0)["you"]["hand"] == ["+3", "+1", "-1", "0"] and G.view(s, TABLE)["turn"] == 0
    s = play(s, 0, "+3")
    hand = G.view(s, 0)["you"]["hand"]
    assert len(hand) == 5 and {"-5", "wild"} <= set(hand)
    assert G.view(s, TABLE)["count"] == 3 and G.view(s, TABLE)["turn"] == 1


def test_a_bonus_play_with_an_empty_hand_ends_the_turn():
    """Two Temples of Zero and three Skips in a two-player hand: every card gives another play,
    so the fifth ends the turn and the hand is refilled to five (docs/rules-notes.md)."""
    s = started([["temple", "temple", "skip", "skip", "skip"], ["+3", "+2", "-3", "-4", "+5"]], secrets=(9, 8))
    for card in ("temple", "skip", "temple", "skip"):
        s = play(s, 0, card)
        assert G.view(s, TABLE)["turn"] == 0 and G.view(s, TABLE)["bonus"]
    s = play(s, 0, "skip")
    v = G.view(s, TABLE)
    assert v["turn"] == 1 and not v["bonus"] and v["players"][0]["hand_size"] == 5
    assert said(v).endswith("Ana has no card left to play; the turn passes.")


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    """Rulebook, Tips: if the draw pile runs out, shuffle the discard pile to start a new draw pile.
    The top card stays face up (docs/rules-notes.md)."""
    rng = random.Random(5)
    s = G.setup(["Ana", "Ben"], {"deck": "full"})
    seen_reshuffle = False
    while not seen_reshuffle and G.result(s) is None:
        (actor,) = G.actors(s)
        if actor == CHANCE and G.view(s, TABLE)["phase"] == "reshuffle":
            top = G.view(s, TABLE)["discard_top"]
            under = s.discard[:-1]
            with pytest.raises(IllegalAction, match="reshuffle of the discard pile"):
                G.apply(s, {"actor": CHANCE, "type": "reshuffle", "order": list(under) + ["wild"]})
            need = 5 - len(s.hands[s.refill])
            s = G.apply(s, G.sample_chance(s, rng))
            v = G.view(s, TABLE)
            assert v["discard_top"] == top and v["discard_size"] == 1
            assert v["draw_pile"] == len(under) - need
            assert all(x["hand_size"] == 5 for x in v["players"])
            assert "shuffled into a new draw pile" in said(v)
            seen_reshuffle = True
        else:
            a = G.sample_chance(s, rng) if actor == CHANCE else rng.choice(G.legal_actions(s, actor))
            s = G.apply(s, a)
        assert deck_in_play(s) == BOX
    assert seen_reshuffle


def test_shuffle_outcomes_are_a_small_representative_list():
    """docs/rules-notes.md: a shuffle has too many orders to list; chance_outcomes gives three."""
    s = G.setup(["Ana", "Ben"], {"deck": "full"})
    outcomes = G.chance_outcomes(s)
    assert len(outcomes) == 3 and sum(p for _, p in outcomes) == pytest.approx(1)
    for a, _ in outcomes:
        G.apply(s, a)  # each is a real shuffle
    a, b = G.sample_chance(s, random.Random(1)), G.sample_chance(s, random.Random(1))
    assert a == b and a != G.sample_chance(s, random.Random(2))

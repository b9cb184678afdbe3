"""Maya Madness choices (companion/games/maya_madness/menu.py, issue 21): the pad
keeps every card in its place from player to player and turn to turn, the choices
are exactly the legal moves, pickers instead of a button per combination, and a
public choice never names what only one seat knows."""
from __future__ import annotations

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from madness_steps import NAMES, G, draw_all
from test_maya_madness_properties import games, random_state, twin

from companion.errors import IllegalAction
from companion.rules.choices import complete, next_part, options_for
from companion.rules.engine import CHANCE

PAD = ["-5", "-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4", "+5", "wild", "skip", "reverse", "temple"]


def acting(s):
    return [a for a in G.actors(s) if a != CHANCE]


def combos(choice):
    """Every way of filling the choice's pickers that the pickers themselves offer."""
    if not choice.parts:
        return [{}]
    out, todo = [], [{}]
    while todo:
        picks = todo.pop()
        if next_part(choice, picks) is None:
            out.append(picks)
            continue
        part = next_part(choice, picks)
        for o in options_for(choice, picks):
            todo.append({**picks, part.key: o.value})
    return out


def played(choice):
    return [complete(choice, p) for p in combos(choice)]


def key(action):
    return json.dumps(action, sort_keys=True)


# --- the places of the choices ----------------------------------------------------------

SEEN: dict[tuple[str, str], tuple[str, int]] = {}


@given(games)
@settings(max_examples=150)
def test_every_choice_keeps_its_place_from_player_to_player_and_turn_to_turn(g):
    s = random_state(g)
    for seat in acting(s):
        menu = G.menu(s, seat)
        assert len({c.key for c in menu}) == len(menu)
        assert len({(c.group, c.slot) for c in menu}) == len(menu), "two choices in one place"
        for c in menu:
            # one place per choice across every game, seat and turn: the pad never shifts
            assert SEEN.setdefault((s.deck_mode, c.key), (c.group, c.slot)) == (c.group, c.slot), c.key
            card = c.action.get("card")
            if card is not None:
                assert c.slot == PAD.index(card), "a card kind's slot is the same in every group"


def test_the_pad_is_minus_five_to_plus_five_then_the_powers():
    s = G.setup(NAMES[:3])
    menu = G.menu(s, 2)  # Cy deals
    assert [c.label for c in menu] == ["−5", "−4", "−3", "−2", "−1", "0", "+1", "+2", "+3", "+4", "+5",
                                       "Wild", "Skip", "Reverse", "Temple of 0"]
    assert [c.slot for c in menu] == list(range(15)) and {c.group for c in menu} == {"Starting card"}


def test_with_the_full_deck_the_hand_is_the_seats_own_each_card_in_its_slot():
    s = G.setup(NAMES[:2], {"deck": "full"})
    s = G.apply(s, {"actor": CHANCE, "type": "shuffle", "order": list(s.deck)})
    while G.actors(s) == {CHANCE} or G.view(s, "table")["phase"] == "start_count":
        s = draw_all(s, [3, 4]) if G.actors(s) == {CHANCE} else G.apply(
            s, {"actor": s.dealer, "type": "start_count", "count": 1})
    seat = acting(s)[0]
    hand = [c for c in G.menu(s, seat) if c.group == "Your hand"]
    held = sorted(s.hands[seat])
    assert sorted({c.action["card"] for c in hand}) == sorted(set(held)), "the cards held, each kind once"
    for c in hand:
        assert c.seat == seat, "the hand is shown only behind the gate"
        assert c.slot == PAD.index(c.action["card"])
        n = held.count(c.action["card"])
        assert c.label.endswith(f" ×{n}") == (n > 1)


# --- the choices are the legal moves ---------------------------------------------------------

@given(games)
@settings(max_examples=150)
def test_completing_every_choice_gives_exactly_the_legal_actions(g):
    s = random_state(g)
    for seat in acting(s):
        menu = G.menu(s, seat)
        made = [key(a) for c in menu if c.enabled for a in played(c)]
        assert sorted(made) == sorted(key(a) for a in G.legal_actions(s, seat))
        for c in menu:
            if not c.enabled:
                assert c.why and not c.legal


def test_a_seat_not_to_act_has_no_choices():
    s = G.setup(NAMES[:3])
    assert G.menu(s, 0) == [] and G.menu(s, 1) == [] and G.menu(s, 2)


def test_a_wild_is_one_choice_with_its_value_as_a_picker():
    s = G.setup(NAMES[:2])
    s = draw_all(G.apply(s, {"actor": 1, "type": "start_card", "card": "+2"}), [4, 9])
    (wild,) = [c for c in G.menu(s, 0) if c.action.get("card") == "wild"]
    assert wild.label == "Wild" and wild.public and wild.confirm is None
    assert [o.label for o in options_for(wild, {})] == ["−5", "−4", "−3", "−2", "−1", "+1", "+2", "+3", "+4", "+5"]
    assert next_part(wild, {}).label == "Wild counts as"
    assert complete(wild, {"value": -3}) == {"actor": 0, "type": "play", "card": "wild", "value": -3}
    try:
        complete(wild, {"value": 0})
    except IllegalAction as e:
        assert "not possible" in str(e)
    else:
        raise AssertionError("a Wild as 0")


def test_a_wild_starting_card_gives_the_dealer_a_count_picker():
    s = G.apply(G.setup(NAMES[:2]), {"actor": 1, "type": "start_card", "card": "wild"})
    (count,) = G.menu(s, 1)
    assert count.group == "Starting count" and count.parts[0].label == "Starting count"
    assert complete(count, {"count": 5}) == {"actor": 1, "type": "start_count", "count": 5}


def test_a_guess_picks_a_target_then_a_number_and_asks_first():
    s = G.setup(NAMES[:3], {"advanced": True})
    s = draw_all(G.apply(s, {"actor": 2, "type": "start_card", "card": "+1"}), [4, 9, 2])
    (guess,) = [c for c in G.menu(s, 0) if c.key == "guess"]
    assert guess.public and guess.confirm and "everybody" in guess.confirm
    assert [o.label for o in options_for(guess, {})] == ["Ben", "Cy"]  # not Ana herself
    assert [o.value for o in options_for(guess, {"target": 1})] == list(range(1, 11))
    s = G.apply(s, complete(guess, {"target": 1, "number": 5}))  # wrong: Ben takes Ana's token
    s = draw_all(s, [7])
    for seat in (1, 2):  # Ben and Cy play on
        s = G.apply(s, {"actor": seat, "type": "play", "card": "0"})
    (guess,) = [c for c in G.menu(s, 0) if c.key == "guess"]
    assert [o.label for o in options_for(guess, {})] == ["Cy"], "one guess per token: Ben keeps the same one"


def test_ending_a_turn_in_a_bonus_play_is_public_and_asks_nothing():
    s = G.setup(NAMES[:2])
    s = draw_all(G.apply(s, {"actor": 1, "type": "start_card", "card": "+2"}), [4, 9])
    s = G.apply(s, {"actor": 0, "type": "play", "card": "temple"})
    menu = G.menu(s, 0)
    (end,) = [c for c in menu if c.key == "end_turn"]
    assert end.label == "End turn" and end.public and end.confirm is None and end.group == "Your turn"
    assert not [c for c in menu if c.key == "guess"]


# --- privacy ------------------------------------------------------------------------------

def public_menu(s):
    return [c for seat in acting(s) for c in G.menu(s, seat) if c.public]


@given(games, st.randoms(use_true_random=False))
@settings(max_examples=150)
def test_no_public_choice_names_a_hidden_value(g, rng):
    """The public choices of two games that differ only in what the table cannot see
    are the same: labels, sentences, pickers, legal combinations, reasons."""
    s = random_state(g)
    assert public_menu(twin(s, rng)) == public_menu(s)


@given(games, st.randoms(use_true_random=False))
@settings(max_examples=100)
def test_a_seats_own_choices_change_only_with_its_own_secrets(g, rng):
    s = random_state(g)
    for seat in acting(s):
        assert G.menu(twin(s, rng, keep=seat), seat) == G.menu(s, seat)


def test_the_twins_give_different_hands_to_choose_from():
    """The property above would be empty if the hidden hands never changed a choice:
    the acting seat's own choices do change with its hand, its public ones do not."""
    import random

    differ = 0
    for seed, n in itertools.product(range(20), (2, 3)):
        s = random_state({"seed": seed, "n": n, "deck": "full", "advanced": seed % 2 == 0, "steps": 4 + seed})
        t = twin(s, random.Random(seed))
        for seat in acting(s):
            differ += G.menu(t, seat) != G.menu(s, seat)
            assert public_menu(t) == public_menu(s)
    assert differ >= 10


def test_the_result_says_each_players_tokens():
    s = G.setup(NAMES[:2], {"tokens_to_win": 3})
    s = draw_all(G.apply(s, {"actor": 1, "type": "start_card", "card": "0"}), [1, 9])
    tokens = [2, 3, 8]
    for _ in range(3):
        s = draw_all(G.apply(s, {"actor": 0, "type": "play", "card": "+1"}), tokens)
        if G.result(s) is None:
            s = G.apply(s, {"actor": 1, "type": "play", "card": "0"})
    r = G.result(s)
    assert r.detail["players"] == [{"seat": 0, "tokens": 3, "sentence": "Ana: 3 tokens (1, 2, 3)."},
                                   {"seat": 1, "tokens": 0, "sentence": "Ben: 0 tokens."}]

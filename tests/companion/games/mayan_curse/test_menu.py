"""Mayan Curse's choices (issue 21): what a player can do, from the game, as the
table screen and the phones render it. Properties over random games: every
choice keeps its group and slot for every player and turn; completing every
legal combination of every choice gives exactly the game's legal actions (a
seat's entry of its own hidden draw offers more: what the table knows is
possible, the game refusing the rest); no public choice names a hidden value;
the purse picker offers every kind the table can know is in the bag (issue 22)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from companion.errors import IllegalAction
from companion.games.mayan_curse import GAME
from companion.games.mayan_curse import actions as A
from companion.games.mayan_curse.state import BOULDERS, DRAW, OVER, REVEAL, TURN, VALUE
from companion.rules.choices import complete, next_part, options_for
from companion.rules.engine import CHANCE

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
OPTIONS = ({}, {"purse": "real"}, {"stelae": "physical"}, {"purse": "real", "stelae": "physical"})


def canon(action) -> str:
    """An action as one string; a hand of stones in any order is the same draw."""
    a = dict(action)
    if "stones" in a:
        a["stones"] = sorted(a["stones"])
    return json.dumps(a, sort_keys=True)


def all_combinations(choice):
    """Every action the choice can complete to (each legal combination of its parts)."""
    if not choice.parts:
        return [dict(choice.action)]
    return [complete(choice, combo) for combo in choice.legal]


def seats_to_ask(state):
    """Whoever may choose now: the acting seats, or the seat a draw is for (the
    physical randomness entry of its own stones or stela value)."""
    actors = GAME.actors(state)
    seats = [a for a in actors if a != CHANCE]
    if CHANCE in actors and state.queue:
        seats.append(state.queue[0])
    return seats


def random_games(n, seed=0, moves=160):
    """States along random games of every option set and table size, with the
    physical randomness draws made from the chance outcomes."""
    rng = random.Random(seed)
    for k in range(n):
        players = rng.randint(1, 6)
        options = dict(OPTIONS[k % len(OPTIONS)])
        if players == 1 and rng.random() < 0.5:
            options["scenario"] = rng.randint(1, 12)
        state = GAME.setup(NAMES[:players], options)
        for _ in range(moves):
            yield state
            if state.phase == OVER:
                break
            actors = sorted(GAME.actors(state), key=str)
            actor = rng.choice(actors)
            legal = GAME.legal_actions(state, actor)
            weights = [0.2 if a["type"] in (A.ESCAPE,) else 1 for a in legal]
            state = GAME.apply(state, rng.choices(legal, weights)[0])


STATES = list(random_games(40))
# A seat entering its own hidden draw (issue 22): offered what the table knows possible.
ENTRIES = {"enter_stones", "draw_stones", "draw_value"}
ENTRY_TYPES = {A.ENTER_STONES, A.DRAW_STONES, A.STELA_VALUE}


def test_the_random_games_reach_every_phase():
    assert {s.phase for s in STATES} >= {DRAW, TURN, VALUE, BOULDERS, REVEAL, OVER}


def test_every_legal_combination_of_every_choice_is_exactly_a_legal_action():
    for state in STATES:
        for seat in seats_to_ask(state):
            offered, entries = Counter(), Counter()
            for choice in GAME.menu(state, seat):
                if choice.enabled:
                    (entries if choice.key in ENTRIES else offered).update(canon(a) for a in all_combinations(choice))
                else:
                    assert not choice.legal and choice.why, choice
            legal = {canon(a) for a in GAME.legal_actions(state, seat) + [
                a for a in (GAME.legal_actions(state, CHANCE) if CHANCE in GAME.actors(state) else [])
                if a.get("seat") == seat]}
            entered = {a for a in legal if json.loads(a)["type"] in ENTRY_TYPES}
            assert set(offered) == legal - entered, (state.phase, seat)
            assert set(entries) >= entered, (state.phase, seat)
            for a in set(entries) - entered:  # offered, since the table cannot know it impossible: refused
                with pytest.raises(IllegalAction):
                    GAME.apply(state, json.loads(a))


def test_a_choice_keeps_its_group_and_slot_for_every_player_and_turn():
    places: dict[str, tuple] = {}
    for state in STATES:
        for seat in seats_to_ask(state):
            menu = GAME.menu(state, seat)
            assert len({c.key for c in menu}) == len(menu), "keys are unique in a menu"
            assert len({(c.group, c.slot) for c in menu}) == len(menu), "one choice per place"
            for c in menu:
                assert places.setdefault(c.key, (c.group, c.slot)) == (c.group, c.slot), c.key
                for part in c.parts:
                    seen = places.setdefault(f"{c.key}/{part.key}", part.options)
                    if part.key != "place" and part.key != "stela":  # labels name what is there now
                        assert [o.value for o in seen] == [o.value for o in part.options]


def test_every_turn_shows_the_same_reports_in_the_same_places():
    for state in STATES:
        if state.phase == TURN:
            public = [c for c in GAME.menu(state, state.queue[0]) if c.public]
            assert [(c.key, c.slot) for c in public] == [
                ("stela", 0), ("temple_stela", 1), ("temple_board", 2), ("camera", 3), ("backpack", 4),
                ("escape", 5), ("end_turn", 6)]


def test_no_public_choice_names_a_hidden_value():
    """A public choice's every word is the same whatever the hands and values are:
    the menu of a state with the secrets swapped out says the same."""
    for state in STATES:
        for seat in seats_to_ask(state):
            public = [c for c in GAME.menu(state, seat) if c.public]
            stones = {A.stone_name(k).split(" / ")[0].lower() for k in state.box.kinds}
            for c in public:
                words = " ".join([c.label, c.sentence, c.confirm or "", c.why]
                                 + [o.label for p in c.parts for o in p.options]).lower()
                assert not any(k in words for k in stones), (c.key, words)
                assert c.action.get("type") not in A.PRIVATE and c.action.get("actor") != CHANCE
                assert "stones" not in c.action and "value" not in c.action
            own = [c for c in GAME.menu(state, seat) if not c.public]
            assert all(c.seat == seat for c in own)
            for c in own:
                assert c.action["type"] in A.PRIVATE | set(A.CHANCE_TYPES), "only secrets are private"


def test_public_choices_do_not_change_when_only_secrets_differ():
    """Two games with the same reports, other stones and stela values drawn: the same
    public choices, word for word."""
    def play(seed):
        rng = random.Random(seed)
        state = GAME.setup(NAMES[:3], {})
        reports = [{"actor": 0, "type": "discover_stela", "colour": "gray", "place": "passage"},
                   {"actor": 0, "type": "end_turn"}, {"actor": 1, "type": "reach_temple_board"},
                   {"actor": 1, "type": "end_turn"}, {"actor": 2, "type": "end_turn"}]
        out, hands = [], []
        for report in reports + [None]:
            while CHANCE in GAME.actors(state):
                outcomes = GAME.chance_outcomes(state)
                state = GAME.apply(state, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            seats = seats_to_ask(state)
            out.append([c for s in seats for c in GAME.menu(state, s) if c.public])
            hands.append([(s.stones, s.stelae) for s in state.seats])
            if report is not None:
                state = GAME.apply(state, report)
        return out, hands

    (a, hands_a), (b, hands_b) = play(1), play(7)
    assert hands_a != hands_b, "the two seeds dealt other stones or values"
    assert a == b


def test_the_purse_picker_offers_every_kind_and_the_game_refuses_what_the_bag_cannot_hold():
    """Issue 22: the companion's count of the bag follows the others' hidden hands, so the
    picker offers every kind (greying out only what the table sees is not in the bag: a
    kind the box has one of, once picked); an entry that count cannot have given is
    refused in a sentence for the seat entering."""
    state = GAME.setup(NAMES[:2], {"purse": "real"})
    # a purse with one dual stone of a kind left, and some kinds gone
    purse = list(state.purse)
    purse[0], purse[1], purse[4] = 1, 0, 1  # 1 dog, no jaguar, 1 dog/jaguar
    from dataclasses import replace
    state = replace(state, purse=tuple(purse))
    choice = next(c for c in GAME.menu(state, 0) if c.key == "enter_stones")
    (part,) = choice.parts
    assert part.count == 3 and [o.value for o in part.options] == list(state.box.kinds), "stable slots"
    assert [o.value for o in options_for(choice, {})] == list(state.box.kinds), "every kind, the jaguar too"
    after_dual = [o.value for o in options_for(choice, {"stones": ("dog/jaguar",)})]
    assert "dog/jaguar" not in after_dual and "dog" in after_dual, "the box has one dog/jaguar stone"
    assert next_part(choice, {"stones": ("dog", "dog/jaguar", "bird")}) is None
    action = complete(choice, {"stones": ["bird", "dog", "dog/jaguar"]})  # any order the stones come in
    assert action["type"] == A.ENTER_STONES and sorted(action["stones"]) == ["bird", "dog", "dog/jaguar"]
    GAME.apply(state, action)
    with pytest.raises(IllegalAction, match="The bag cannot have given you a Jaguar stone now: look at"):
        GAME.apply(state, complete(choice, {"stones": ["bird", "jaguar", "dog"]}))
    with pytest.raises(IllegalAction, match="The bag cannot have given you 2 Dog stones now"):
        GAME.apply(state, complete(choice, {"stones": ["dog", "bird", "dog"]}))


def test_every_purse_state_of_the_random_games_offers_what_the_table_knows_is_in_the_bag():
    for state in STATES:
        played = Counter(k for s in state.seats for k in s.played)
        seen = {k: n - played[k] for k, n in zip(state.box.kinds, state.box.stones)}
        for seat in seats_to_ask(state):
            for c in GAME.menu(state, seat):
                if c.key in ("enter_stones", "draw_stones"):
                    offered = {o.value for o in options_for(c, {"stones": ()})}
                    assert offered == {k for k, n in seen.items() if n > 0}


def ready(players, options=None):
    """A fresh game with its first draws made: the first player's turn."""
    state = GAME.setup(NAMES[:players], options or {})
    while CHANCE in GAME.actors(state):
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


def test_irreversible_moves_ask_first_with_the_question():
    state = ready(2)
    turn = {c.key: c for c in GAME.menu(state, 0)}
    assert turn["escape"].confirm == "Did Ana leave the passage? Ana takes no more turns this game."
    assert all(turn[k].confirm is None for k in ("stela", "end_turn", "temple_board", "backpack"))
    assert turn["end_turn"].extra.get("usual")
    state = GAME.apply(state, {"actor": 0, "type": "reach_temple_board"})
    state = GAME.apply(state, {"actor": 0, "type": "end_turn"})
    state = GAME.apply(state, {"actor": 1, "type": "end_turn"})
    assert state.phase == BOULDERS
    stops = {c.key: c for c in GAME.menu(state, state.first)}
    assert stops["stop:entrance"].confirm == ("Did the left boulder reach the entrance? "
                                              "The table resets the first 7 slabs.")
    assert stops["stop:row:3"].confirm is None and stops["stop:row:3"].label == "Row 3"


def test_the_last_boulder_at_the_entrance_says_it_seals_it():
    from dataclasses import replace
    state = ready(2)
    state = GAME.apply(state, {"actor": 0, "type": "reach_temple_board"})
    state = GAME.apply(state, {"actor": 0, "type": "end_turn"})
    state = GAME.apply(state, {"actor": 1, "type": "end_turn"})
    state = replace(state, boulders=((0, 8), (0, 0), (0, 0)))
    stop = next(c for c in GAME.menu(state, state.first) if c.key == "stop:entrance")
    assert stop.confirm.endswith("All 3 boulders then block it: the entrance is sealed and the game ends.")


def test_a_row_holding_a_boulder_asks_left_or_right_of_it():
    state = ready(2)
    for a in ({"actor": 0, "type": "reach_temple_board"}, {"actor": 0, "type": "end_turn"},
              {"actor": 1, "type": "end_turn"}):
        state = GAME.apply(state, a)
    state = GAME.apply(state, {"actor": 0, "type": "boulder_stopped", "boulder": "left", "where": "passage",
                               "row": 3})
    row3 = next(c for c in GAME.menu(state, 0) if c.key == "stop:row:3")
    assert [o.label for o in row3.parts[0].options] == ["Left of left", "Right of left"]
    assert complete(row3, {"place": 0})["place"] == 0


def test_stelae_in_the_hand_are_picked_then_their_value():
    state = ready(1, {"stelae": "physical"})
    state = GAME.apply(state, {"actor": 0, "type": "discover_stela", "colour": "beige", "place": "passage"})
    state = GAME.apply(state, {"actor": 0, "type": "discover_stela", "colour": "brown", "place": "passage"})
    value = next(c for c in GAME.menu(state, 0) if c.key == "stela_value")
    assert value.seat == 0 and [p.key for p in value.parts] == ["stela", "value"]
    assert [o.label for o in options_for(value, {})] == ["Beige stela 1", "Brown stela 2"]
    assert [o.value for o in options_for(value, {"stela": 1})] == [1, 2, 3, 4]
    assert [o.value for o in options_for(value, {"stela": 0})] == [3, 4, 5, 6]


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seat_not_at_turn_has_no_choices(seat):
    state = ready(3)
    assert GAME.menu(state, seat) == []
    assert GAME.menu(state, 0) != []


def test_the_escape_of_the_last_player_says_the_game_ends():
    state = ready(1)
    escape = next(c for c in GAME.menu(state, 0) if c.key == "escape")
    assert escape.confirm == ("Did Ana leave the passage? The game then ends and every escaped player's "
                              "stelae are revealed.")

"""Maya Madness on the engine contract (issue 9): the one view schema, moves as
data, sentences from the engine, the box file through the shared Checker, the
count a table may fix."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from madness_steps import NAMES, G, draw_all, play, table

from companion.errors import BadComponents, IllegalAction
from companion.games.maya_madness import actions
from companion.games.maya_madness.cards import BOX_SPEC, validate_box
from companion.rules import viewschema
from companion.rules.components import BoxNumber
from companion.rules.engine import CHANCE, TABLE
from companion.table.log import game_log

OPTIONS = [{}, {"deck": "full"}, {"advanced": True}, {"deck": "full", "advanced": True}]


def random_game(seed, n, options):
    """(states, actions) of one random game, every step kept."""
    rng = random.Random(seed)
    s = G.setup(list(NAMES[:n]), options)
    states, done = [s], []
    while G.result(s) is None and len(done) < 400:
        (actor,) = G.actors(s)
        a = G.sample_chance(s, rng) if actor == CHANCE else rng.choice(G.legal_actions(s, actor))
        s = G.apply(s, a)
        states.append(s)
        done.append(a)
    return states, done


def hidden_changed(s, rng):
    """The same public game with every hidden thing dealt anew: other secret
    numbers, hands swapped between seats, the draw pile reordered and, in
    advanced play, the values of tokens won (they lie face down)."""
    secrets = tuple(None if v is None else rng.randint(1, 10) for v in s.secrets)
    hands = list(s.hands)
    for i in range(len(hands)):
        j = rng.randrange(len(hands))
        if len(hands[i]) == len(hands[j]):
            hands[i], hands[j] = hands[j], hands[i]
    pile = list(s.pile)
    rng.shuffle(pile)
    won = s.won if not s.advanced else tuple(tuple(rng.randint(1, 10) for _ in w) for w in s.won)
    return s._replace(secrets=secrets, hands=tuple(hands), pile=tuple(pile), won=won)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4), which=st.integers(0, 3))
def test_every_view_follows_the_schema_and_the_table_view_holds_no_secret(seed, n, which):
    states, _ = random_game(seed, n, OPTIONS[which])
    rng = random.Random(seed)
    for s in states[::3] + states[-1:]:
        for viewer in (TABLE, *range(n)):
            assert viewschema.problems(G.view(s, viewer), viewer, n) == []
        # The table's view is the same whatever the hidden things are.
        if not (s.last and s.last[-1][0] == "game_over" and s.advanced):
            assert G.view(hidden_changed(s, rng), TABLE) == G.view(s, TABLE)


@pytest.mark.parametrize("options", OPTIONS)
def test_the_log_tells_every_action_in_sentences_and_never_a_token_drawn(options):
    _states, done = random_game(11, 3, options)
    log = game_log(G, NAMES[:3], options, done)
    assert len(log) == len(done) and all(e["sentences"] and all(e["sentences"]) for e in log)
    for entry, action in zip(log, done):
        if action["type"] == actions.DRAW_TOKEN:
            assert entry["sentences"] == [f"{NAMES[action['seat']]} draws a secret token."]


def test_a_draw_after_a_win_is_its_own_event_not_the_win_again():
    """Each view's events are what the last action caused: the token drawn after a
    win is one event, so a log never shows the win twice."""
    s = draw_all(G.apply(G.setup(["Ana", "Ben"]), {"actor": 1, "type": "start_card", "card": "+1"}), [6, 9])
    s = play(s, 0, "+5")
    assert [e["kind"] for e in table(s)["events"]] == ["play", "win_token"]
    s = draw_all(s, [3])
    assert [e["kind"] for e in table(s)["events"]] == ["draw_token"]


def test_describe_action_says_what_the_table_hears():
    v = table(G.setup(["Ana", "Ben"]))
    assert actions.describe_action(v, {"actor": 0, "type": actions.PLAY, "card": "-3"}) == "Ana plays a −3."
    assert actions.describe_action(v, {"actor": 0, "type": actions.PLAY, "card": "wild", "value": 2}) == \
        "Ana plays a Wild as 2."
    assert actions.describe_action(v, {"actor": "chance", "type": actions.DRAW_TOKEN, "seat": 1, "token": 7}) == \
        "Ben draws a secret token."


@pytest.mark.parametrize("action, sentence", [
    ({"actor": 0, "type": "fly"}, "no action 'fly'"),
    ({"actor": 0, "type": "play", "card": "+1", "value": True}, "Only a Wild card takes a value"),
    ({"actor": 0, "type": "guess", "target": 1, "number": 3}, "only part of advanced play"),
    ({"actor": "chance", "type": "shuffle", "order": []}, "Nothing is to be drawn now: Ana is to act."),
    ({"actor": 0, "type": "play", "card": 10 ** 18}, "Card must be a short name"),
    ({"actor": 1, "type": "play", "card": "+1"}, "It is Ana's turn, not Ben's."),
])
def test_a_move_the_table_cannot_make_is_a_sentence(action, sentence):
    s = draw_all(G.apply(G.setup(["Ana", "Ben"]), {"actor": 1, "type": "start_card", "card": "+1"}), [6, 9])
    with pytest.raises(IllegalAction, match=sentence):
        G.apply(s, action)


# --- the box file --------------------------------------------------------------------
def shipped():
    return BOX_SPEC.shipped_data()


def test_every_number_of_the_box_is_editable_with_its_rulebook_line():
    numbers = BOX_SPEC.numbers(shipped(), shipped())
    assert all(isinstance(n, BoxNumber) and n.source.startswith("Contents") for n in numbers)
    by_key = {n.key: n for n in numbers}
    assert by_key["deck.+1"].value == 7 and by_key["deck.temple"].value == 2 and by_key["tokens.sets"].value == 2
    assert sum(n.value for n in numbers if n.key.startswith("deck.")) == 69  # rulebook: 69 cards
    assert all(n.hi <= 1000 for n in numbers)


@pytest.mark.parametrize("change, key", [
    ({"deck": {"+1": 10 ** 18}}, "deck.+1"),
    ({"deck": {"+1": -1}}, "deck.+1"),
    ({"deck": {"+9": 3}}, "deck.+9"),
    ({"deck": {"+1": 1}}, "deck"),
    ({"tokens": {"sets": 10 ** 18}}, "tokens.sets"),
    ({"tokens": {"values": [1, 10 ** 18]}}, "tokens.values[1]"),
    ({"tokens": "two"}, "tokens"),
])
def test_a_bad_box_number_is_a_sentence_naming_its_key(change, key):
    data = shipped() | change
    with pytest.raises(BadComponents) as e:
        validate_box(data, "my-box.toml")
    assert f"In the box file my-box.toml, {key} " in str(e.value)


def test_the_shipped_box_gives_the_rulebook_deck_and_tokens():
    deck, pool = validate_box(shipped(), "shipped")
    assert len(deck) == 69 and sum(pool) == 20 and pool[1:] == (2,) * 10


# --- fixing the count -------------------------------------------------------------------
def test_the_count_can_be_fixed_and_wins_nothing():
    """A table that lost the count sets it; a count equal to someone's secret wins
    nothing: a token is won only by a card on one's own turn (rulebook, Notes)."""
    s = draw_all(G.apply(G.setup(["Ana", "Ben"]), {"actor": 1, "type": "start_card", "card": "+1"}), [6, 9])
    (fix,) = G.corrections(s)
    assert (fix.key, fix.value) == ("count", 1)
    s = G.correct(s, "count", 6)
    v = table(s)
    assert v["count"] == 6 and v["players"][0]["tokens"] == 0
    assert [e["sentence"] for e in v["events"]] == ["The table fixes the count: it is 6."]
    assert G.legal_actions(s, 0)  # play goes on
    with pytest.raises(IllegalAction, match="whole number from −99 to 99"):
        G.correct(s, "count", 10 ** 18)
    with pytest.raises(IllegalAction):
        G.correct(s, "secret", 3)


def test_before_the_starting_card_there_is_no_count_to_fix():
    s = G.setup(["Ana", "Ben"])
    assert G.corrections(s) == []
    with pytest.raises(IllegalAction, match="cannot be fixed now"):
        G.correct(s, "count", 3)

"""The engine contract, checked the same way for every game (and a toy game).

Random play to the end; every action and view JSON-safe; apply never mutates
its input; an illegal action raises IllegalAction and leaves state equal;
replaying the recorded actions reproduces the final views; chance outcomes'
probabilities sum to 1. A game registered in companion.games is picked up
automatically; so is the test-only fourth game (tests/companion/fourth_game).
"""
import copy
import importlib.util
import json
import math
import pathlib
import random
import sys

import pytest

from companion import games
from companion.errors import IllegalAction
from companion.rules.engine import CHANCE, TABLE

SEEDS = range(6)
WATCH_EVERY = 7  # deep checks (copying states) on every 7th step keep the suite fast


pytestmark = pytest.mark.usefixtures("toy", "charms")  # the toy and fourth games are registered for every test here
NAMES = games.available() + ["toy", "charms"]


@pytest.fixture
def charms():
    path = pathlib.Path(__file__).with_name("fourth.py")
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", path)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    yield sys.modules["fourth"].register()
    sys.modules["fourth"].unregister()


def get(name):
    return games.get_game(name)


def option_sets(game):
    """The defaults, and each choice/bool option flipped one at a time."""
    sets = [{}]
    for o in game.options:
        if o.kind == "bool":
            sets.append({o.name: not o.default})
        elif o.kind == "choice":
            sets += [{o.name: c} for c in o.choices if c != o.default][:2]
    return sets


def players_for(game, seed):
    n = game.min_players + seed % (game.max_players - game.min_players + 1)
    return [f"P{i}" for i in range(n)]


def json_roundtrip(x):
    return json.loads(json.dumps(x, allow_nan=False))


def wrong_actor_variants(game, state, action):
    """The same action sent by someone who may not act now."""
    now = game.actors(state)
    out = []
    for other in [*range(game.max_players + 1), CHANCE, "nobody", -1]:
        if other not in now:
            out.append({**action, "actor": other})
    return out[:3]


def play(game, players, options, seed, deep):
    rng = random.Random(seed)
    state = game.setup(players, game.resolve_options(options))
    viewers = [TABLE, *range(len(players))]
    actions = []
    for step in range(100_000):
        res = game.result(state)
        if res is not None:
            break
        now = sorted(game.actors(state), key=str)
        assert now, "the game is not over but nobody may act"
        actor = rng.choice(now)
        check = deep and step % WATCH_EVERY == 0
        if actor == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert outcomes, "chance must act but lists no outcome"
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            assert all(p > 0 for _, p in outcomes)
            if check:
                for a, _ in outcomes[:50]:
                    assert json_roundtrip(a) == a
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state, actor)
            assert legal, f"{actor} must act but has no legal action"
            if check:
                for a in legal:
                    assert json_roundtrip(a) == a, f"not JSON-safe: {a!r}"
            action = rng.choice(legal)
        assert json_roundtrip(action) == action
        if check:
            before, action_before = copy.deepcopy(state), copy.deepcopy(action)
            for bad in wrong_actor_variants(game, state, action) + [
                {"actor": actor, "type": "no-such-move"}, {"actor": actor}, {},
            ]:
                with pytest.raises(IllegalAction) as info:
                    game.apply(state, bad)
                assert str(info.value).strip(), "an illegal action needs a sentence"
                assert state == before, f"an illegal action {bad!r} changed the state"
            for v in viewers:
                view = game.view(state, v)
                assert json_roundtrip(view) == view, f"view for {v!r} is not JSON-safe"
        new = game.apply(state, action)
        if check:
            assert state == before, "apply changed the state it was given"
            assert action == action_before, "apply changed the action it was given"
        state = new
        actions.append(action)
    else:
        pytest.fail("the game did not end")
    return state, actions


@pytest.mark.parametrize("name", NAMES)
def test_random_games_end_and_keep_the_contract(name):
    game = get(name)
    for i, options in enumerate(option_sets(game)):
        for seed in SEEDS:
            final, _actions = play(game, players_for(game, seed + i), options, seed * 31 + i, deep=seed < 2)
            res = game.result(final)
            assert res is not None and len(res.scores) == len(players_for(game, seed + i))
            assert not game.actors(final), "nobody may act once the game is over"
            assert json_roundtrip(res.to_json()) == res.to_json()
            for v in [TABLE, *range(len(res.scores))]:
                view = game.view(final, v)
                assert json_roundtrip(view) == view


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_recorded_actions_reproduces_the_game(name):
    game = get(name)
    for seed in SEEDS:
        players = players_for(game, seed)
        options = option_sets(game)[seed % len(option_sets(game))]
        final, actions = play(game, players, options, seed, deep=False)
        state = game.setup(players, game.resolve_options(options))
        for a in json_roundtrip(actions):  # exactly what the journal gives back
            state = game.apply(state, a)
        assert state == final
        for v in [TABLE, *range(len(players))]:
            assert game.view(state, v) == game.view(final, v)
        assert game.result(state) == game.result(final)


@pytest.mark.parametrize("name", NAMES)
def test_options_are_validated_with_sentences(name):
    game = get(name)
    from companion.errors import BadOption
    with pytest.raises(BadOption, match="Unknown option"):
        game.resolve_options({"no_such_option": 1})
    with pytest.raises(BadOption):
        game.check_players(["P"] * (game.max_players + 1))
    assert set(game.resolve_options({})) == {o.name for o in game.options}

"""One view schema for every game (issue 9, point 2; docs/architecture.md, "The view
schema"), checked as a property over random games of every title and the test-only
fourth game: every view, for the table and for each seat, after every action, has
`game`, `phase`, `round`, `players` (public, one per seat), `you` only in a seat's
view, `waiting_for` {"actors", "sentence"} naming exactly who may act, `events`
[{"kind", "sentence"}] and `result`; and the game's log is sentences from views."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games
from companion.rules.engine import CHANCE, TABLE
from companion.rules.viewschema import problems
from companion.table.log import game_log

NAMES = [*games.available(), "charms"]
MAX_STEPS = 400  # a random game's first 400 actions: every phase of every title is reached


def _register_fourth():
    path = pathlib.Path(__file__).with_name("fourth.py")
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", path)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["fourth"]


@pytest.fixture(autouse=True)
def charms():
    fourth = _register_fourth()
    yield fourth.register()
    fourth.unregister()


def random_game(game, seed, steps=MAX_STEPS):
    """(players, state after each action, the actions) of a random game."""
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    players = [f"P{i}" for i in range(n)]
    state = game.setup(players, {})
    states, actions = [state], []
    for _ in range(steps):
        if game.result(state) is not None:
            break
        actor = rng.choice(sorted(game.actors(state), key=str))
        action = game.sample_chance(state, rng) if actor == CHANCE else rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return players, states, actions


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_view_of_a_random_game_keeps_the_schema(name, seed):
    game = games.get_game(name)
    players, states, _ = random_game(game, seed)
    for state in states[:: max(1, len(states) // 60)] + states[-1:]:
        waiting = sorted(game.actors(state), key=str)
        for viewer in [TABLE, *range(len(players))]:
            view = game.view(state, viewer)
            found = problems(view, viewer, len(players))
            assert found == [], f"{name}, view for {viewer!r}: {found}"
            assert view["game"] == name
            assert sorted(view["waiting_for"]["actors"], key=str) == waiting, "waiting_for names who may act"
            assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_log_is_one_entry_of_sentences_per_action(name, seed):
    game = games.get_game(name)
    players, _, actions = random_game(game, seed, steps=150)
    log = game_log(game, players, {}, actions)
    assert [e["n"] for e in log] == list(range(len(actions)))
    for entry, action in zip(log, actions):
        assert entry["actor"] == action["actor"]
        assert entry["sentences"] and all(isinstance(s, str) and s.strip() for s in entry["sentences"])


def test_the_schema_check_catches_a_seat_secret_on_the_table_view():
    view = {"game": "charms", "phase": "play", "round": None, "players": [{"seat": 0, "name": "A"}],
            "waiting_for": {"actors": [0], "sentence": "A plays."}, "events": [], "result": None,
            "you": {"charm": 3}}
    assert problems(view, TABLE, 1) == ["a TABLE view has no 'you'"]
    del view["you"]
    assert problems(view, 0, 1) == ["a seat view has its secrets under 'you'"]


def test_the_run_time_check_of_the_typed_view_names_what_is_wrong():
    """View is a TypedDict for the type checker; checked_view keeps the run-time check."""
    from companion.rules.viewschema import BadView, checked_view

    game = games.get_game("maya-madness")
    view = game.view(game.setup(["Ana", "Ben"]), TABLE)
    assert checked_view(view, TABLE, 2) is view
    broken = {k: v for k, v in view.items() if k != "waiting_for"}
    with pytest.raises(BadView, match="missing 'waiting_for'"):
        checked_view(broken, TABLE, 2)

"""Fixtures shared by the companion tests: the toy game and a journal file.

The toy game (toy_game.py beside this file) is a tiny dice race that uses every
part of the engine contract; tests of the journal, session, undo, CLI and
contract run it next to the real games. It is loaded by path because the tests
run with --import-mode=importlib (they are not a package)."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

import pytest

from companion import games
from companion.errors import IllegalAction
from companion.store.journal import Journal

TOY_PATH = pathlib.Path(__file__).with_name("toy_game.py")


def load_toy():
    """The toy_game module, loaded once per process (as `toy_game`)."""
    if "toy_game" not in sys.modules:
        spec = importlib.util.spec_from_file_location("toy_game", TOY_PATH)
        module = importlib.util.module_from_spec(spec)
        sys.modules["toy_game"] = module
        spec.loader.exec_module(module)
    return sys.modules["toy_game"]


@pytest.fixture
def toy(monkeypatch):
    """The toy game, registered as "toy" for this test only."""
    game = load_toy().GAME
    monkeypatch.setitem(games._LOADED, "toy", game)
    return game


@pytest.fixture
def journal(tmp_path):
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


def _applies_exactly_when_listed(game, state, seat, candidates, where=()) -> int:
    """Assert that each candidate action applies exactly when legal_actions(state,
    seat) lists it; returns how many candidates were checked."""
    def key(action):
        return json.dumps(action, sort_keys=True)

    legal = {key(a) for a in game.legal_actions(state, seat)}
    for action in candidates:
        try:
            game.apply(state, action)
            applied = True
        except IllegalAction:
            applied = False
        assert applied == (key(action) in legal), (*where, action)
    return len(candidates)


@pytest.fixture
def applies_exactly_when_listed():
    """The check behind the "legal_actions is exact" tests of every game."""
    return _applies_exactly_when_listed

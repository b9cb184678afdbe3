"""Fixtures shared by the companion tests: the toy game and a journal file.

The toy game (toy_game.py beside this file) is a tiny dice race that uses every
part of the engine contract; tests of the journal, session, undo, CLI and
contract run it next to the real games. It is loaded by path because the tests
run with --import-mode=importlib (they are not a package)."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

from companion import games
from companion.journal import Journal

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

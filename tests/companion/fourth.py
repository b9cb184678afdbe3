"""Load the test-only fourth game (tests/companion/fourth_game) and register it.

    game = fourth.register()      # companion.games.get_game("charms") is it now
    fourth.unregister()

It is loaded by path (the tests are not a package) under the module name
`fourth_game`, once per process.
"""
from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

from companion import games
from companion.engine import Game

FOLDER = pathlib.Path(__file__).with_name("fourth_game")
NAME = "charms"


def module() -> ModuleType:
    if "fourth_game" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth_game", FOLDER / "__init__.py",
                                                      submodule_search_locations=[str(FOLDER)])
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules["fourth_game"] = mod
        spec.loader.exec_module(mod)
    return sys.modules["fourth_game"]


def register() -> Game:
    game = games.register(NAME, module())
    assert game is not None
    return game


def unregister() -> None:
    games.unregister(NAME)

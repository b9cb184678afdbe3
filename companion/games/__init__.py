"""The registry of games by name. Each game module registers one Game instance."""
from __future__ import annotations

import importlib

from ..engine import Game
from ..errors import UnknownGame

# name -> module path; modules are imported on first use so start-up stays fast.
_MODULES = {
    "maya": "companion.games.maya",
    "maya-madness": "companion.games.maya_madness",
    "mayan-curse": "companion.games.mayan_curse",
}
_LOADED: dict[str, Game] = {}


def get_game(name: str) -> Game:
    """The game registered under `name`; UnknownGame with the known names otherwise."""
    if name in _LOADED:
        return _LOADED[name]
    if name not in _MODULES:
        raise UnknownGame(f"There is no game called {name!r}; the games are: {', '.join(sorted(_MODULES))}.")
    module = importlib.import_module(_MODULES[name])
    game = module.GAME
    _LOADED[name] = game
    return game


def available() -> list[str]:
    """Names of the games whose module can be imported, in name order."""
    names = []
    for name in sorted(_MODULES):
        try:
            get_game(name)
        except ImportError:
            continue
        names.append(name)
    return names

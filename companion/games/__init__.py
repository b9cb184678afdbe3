"""The registry of games by name. Each game module registers one Game instance.

A game's package exposes `GAME` (its Game instance); the one line per game below
names its module, imported on first use so start-up stays fast. Tests add a game
of their own with `register(name, module)` and take it away with `unregister`.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from ..engine import Game
from ..errors import UnknownGame

# name -> module path; modules are imported on first use so start-up stays fast.
_MODULES: dict[str, str] = {
    "maya": "companion.games.maya",
    "maya-madness": "companion.games.maya_madness",
    "mayan-curse": "companion.games.mayan_curse",
}
_LOADED: dict[str, Game] = {}


def register(name: str, module: ModuleType | str) -> Game | None:
    """Add a game under `name`: a module (already imported, with GAME) or a module
    path imported on first use. Returns the Game when it is already loaded."""
    if isinstance(module, str):
        _MODULES[name] = module
        _LOADED.pop(name, None)
        return None
    game: Game = module.GAME
    _MODULES[name] = module.__name__
    _LOADED[name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game added with register (tests clean up with this)."""
    _MODULES.pop(name, None)
    _LOADED.pop(name, None)


def get_game(name: str) -> Game:
    """The game registered under `name`; UnknownGame with the known names otherwise."""
    if name in _LOADED:
        return _LOADED[name]
    if name not in _MODULES:
        raise UnknownGame(f"There is no game called {name!r}; the games are: {', '.join(sorted(_MODULES))}.")
    module = importlib.import_module(_MODULES[name])
    game: Game = module.GAME
    _LOADED[name] = game
    return game


def names() -> list[str]:
    """Every registered name, importable or not, in name order (imports nothing)."""
    return sorted(_MODULES)


def available() -> list[str]:
    """Names of the games whose module can be imported, in name order."""
    found = []
    for name in names():
        try:
            get_game(name)
        except ImportError:
            continue
        found.append(name)
    return found


def loaded() -> dict[str, Game]:
    """The games imported so far (a child process of `simulate --jobs` gets these)."""
    return dict(_LOADED)

"""The registry of games by name. Each game module registers one Game instance.

A game's package exposes `GAME` (its Game instance); the one line per game below
names its module, imported on first use so start-up stays fast. Tests add a game
of their own with `register(name, module)` and take it away with `unregister`.
"""
from __future__ import annotations

import importlib
import json
import os
import pathlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import UnknownGame

if TYPE_CHECKING:
    from ..engine import Game

# name -> module path; modules are imported on first use so start-up stays fast.
_MODULES: dict[str, str] = {
    "maya": "companion.games.maya",
    "maya-madness": "companion.games.maya_madness",
    "mayan-curse": "companion.games.mayan_curse",
}
_LOADED: dict[str, Game] = {}
# The shipped games' titles, so a list of past games can name them without importing
# their rules (about 30 ms for Maya's); tests/companion/test_cli.py checks each is the
# title its Game gives.
_TITLES: dict[str, str] = {
    "maya": "Maya",
    "maya-madness": "Maya Madness",
    "mayan-curse": "Mayan Curse",
}


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


def title(name: str) -> str:
    """A game's title for lists (Home, Past games): a shipped game's without importing
    it; another's from its Game; an unknown or unloadable name as it is."""
    if name in _LOADED:
        return _LOADED[name].title or name
    if name in _TITLES and _MODULES.get(name, "").startswith(__name__ + "."):
        return _TITLES[name]
    try:
        return get_game(name).title or name
    except Exception:  # an engine that cannot load must not take a list down with it
        return name


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


# --- what `maya-companion games` prints, without importing every game each time ---------
_HERE = pathlib.Path(__file__).resolve().parent
_ENGINE = _HERE.parent / "engine.py"


def _stamp(module: str) -> list[Any] | None:
    """The size and modification time of every file of a game shipped in this package
    (and of the engine), or None for a game from elsewhere (it is simply imported)."""
    prefix = __name__ + "."
    if not module.startswith(prefix) or "." in module[len(prefix):]:
        return None
    base = _HERE / module[len(prefix):]
    files = [_ENGINE]
    if base.is_dir():
        files += sorted(p for p in base.rglob("*") if p.suffix in (".py", ".toml"))
    else:
        files.append(base.with_suffix(".py"))
    try:
        return [sys.version, *[(str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files]]
    except OSError:
        return None


def _cache_path() -> pathlib.Path | None:
    from ..paths import data_dir

    try:
        return data_dir() / "cache" / "games.json"
    except OSError:  # DataFolderError: no data folder, no cache
        return None


def descriptions() -> list[dict[str, Any]]:
    """Game.describe() of every available game, in name order. A game shipped here is
    described from a small cache while none of its files (nor the engine) changed, so
    listing the games does not import them all."""
    path = _cache_path()
    try:
        if path is None:
            raise OSError
        cached = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(cached, dict):
            cached = {}
    except (OSError, ValueError):
        cached = {}
    out, fresh = [], {}
    for name in names():
        stamp = _stamp(_MODULES[name])
        hit = cached.get(name)
        if stamp is not None and isinstance(hit, dict) and hit.get("stamp") == json.loads(json.dumps(stamp)):
            out.append(hit["describe"])
            fresh[name] = hit
            continue
        try:
            described = get_game(name).describe()
        except ImportError:
            continue
        out.append(described)
        if stamp is not None:
            fresh[name] = {"stamp": stamp, "describe": described}
    if fresh != cached and path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".games.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(fresh), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only home: the next listing imports the games again
    return out

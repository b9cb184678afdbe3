"""The registry of games by name (issue 21: a new game is its package).

A game registers itself as an entry point of the group `maya_companion.games`
(in its distribution's pyproject.toml), naming its Game instance:

    [project.entry-points."maya_companion.games"]
    maya = "companion.games.maya:GAME"

and declares what lists of games show in a `game.toml` beside its module (its
package folder): title, player counts, the player counts an option applies to,
its BoardGameGeek entry. Lists (Home, New game, Past games, `maya-companion
games`) read that file — through a small cache — and never import the rules;
a game is imported on first use (`get_game`). Tests add a game of their own with
`register(name, module)` and take it away with `unregister`, or put a
distribution with an entry point on sys.path.

    info("maya").title, info("maya").players, info("maya").applies("advanced", 4)
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import os
import pathlib
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import UnknownGame

if TYPE_CHECKING:
    from companion.rules.engine import Game

GROUP = "maya_companion.games"
META = "game.toml"  # a game's metadata file, beside its module

# Games added by hand (tests): name -> module path ("" for a Game with no module).
_MODULES: dict[str, str] = {}
_LOADED: dict[str, Game] = {}
_INFO: dict[str, GameInfo] = {}


class GameInfo:
    """What a list of games knows of one without importing it (its game.toml). A
    plain class: a dataclass imports inspect and a NamedTuple builds code at import,
    milliseconds of every start.

    players: (fewest, most). bgg: (id, name, year) on BoardGameGeek, or None.
    option_players: option name -> (fewest, most) players it is asked of; an option
    not named here applies to every table.
    """

    __slots__ = ("bgg", "module", "name", "option_players", "players", "title")

    def __init__(self, name: str, module: str, title: str, players: tuple[int, int],
                 bgg: tuple[int, str, int] | None = None,
                 option_players: Mapping[str, tuple[int, int]] | None = None) -> None:
        self.name, self.module, self.title, self.players = name, module, title, players
        self.bgg = bgg
        self.option_players: Mapping[str, tuple[int, int]] = dict(option_players or {})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameInfo) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GameInfo({self.to_json()!r})"

    def applies(self, option: str, players: int) -> bool:
        """Whether a table of `players` is asked about `option` (the others play its default)."""
        lo, hi = self.option_players.get(option, (0, 10**6))
        return lo <= players <= hi

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "module": self.module, "title": self.title, "players": list(self.players),
                "bgg": list(self.bgg) if self.bgg else None,
                "option_players": {k: list(v) for k, v in self.option_players.items()}}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> GameInfo:
        lo, hi = d["players"]
        bgg = d.get("bgg")
        return cls(str(d["name"]), str(d["module"]), str(d["title"]), (int(lo), int(hi)),
                   (int(bgg[0]), str(bgg[1]), int(bgg[2])) if bgg else None,
                   {str(k): (int(v[0]), int(v[1])) for k, v in (d.get("option_players") or {}).items()})


def _entry_points() -> dict[str, str]:
    from companion.store.entrypoints import scan

    return scan(GROUP)


def modules() -> dict[str, str]:
    """name -> "module:attribute" of every game (entry points, then those added by
    hand; a test's Game put straight into _LOADED is found by get_game only)."""
    out = _entry_points()
    out.update({name: module for name, module in _MODULES.items()})
    return out


def _module_of(value: str) -> str:
    return value.split(":", 1)[0].strip()


def register(name: str, module: ModuleType | str) -> Game | None:
    """Add a game under `name`: a module (already imported, with GAME) or a module
    path imported on first use. Returns the Game when it is already loaded."""
    _INFO.pop(name, None)
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
    _INFO.pop(name, None)


def get_game(name: str) -> Game:
    """The game registered under `name`; UnknownGame with the known names otherwise."""
    if name in _LOADED:
        return _LOADED[name]
    known = modules()
    if name not in known:
        raise UnknownGame(f"There is no game called {name!r}; the games are: {', '.join(sorted(known))}.")
    value = known[name]
    module = importlib.import_module(_module_of(value))
    attr = value.split(":", 1)[1].strip() if ":" in value else "GAME"
    game: Game = getattr(module, attr)
    _LOADED[name] = game
    return game


def names() -> list[str]:
    """Every registered name, importable or not, in name order (imports nothing)."""
    return sorted(modules())


def _spec_file(module: str) -> pathlib.Path | None:
    """The file of a game's module, found without importing it (a parent package is
    imported, as any import would)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not os.path.exists(spec.origin):
        return None
    return pathlib.Path(spec.origin).resolve()


def _folder(module: str) -> pathlib.Path | None:
    """A game package's folder (where its game.toml is), or None for a module that is
    not a package or cannot be found."""
    found = _spec_file(module) if module else None
    return found.parent if found is not None and found.name == "__init__.py" else None


def available() -> list[str]:
    """Names of the games whose module is there to import, in name order (none is imported)."""
    found = []
    for name, value in sorted(modules().items()):
        if name in _LOADED or _spec_file(_module_of(value)) is not None:
            found.append(name)
    return found


def loaded() -> dict[str, Game]:
    """The games imported so far (a child process of `simulate --jobs` gets these)."""
    return dict(_LOADED)


# --- what lists know of a game, without importing it --------------------------------------
def _read_meta(name: str, module: str, path: pathlib.Path) -> GameInfo:
    import tomllib

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    lo, hi = data["players"]
    bgg = data.get("bgg")
    options = data.get("options") or {}
    return GameInfo(name, module, str(data["title"]), (int(lo), int(hi)),
                    (int(bgg["id"]), str(bgg["name"]), int(bgg["year"])) if bgg else None,
                    {str(k): (int(v["players"][0]), int(v["players"][1])) for k, v in options.items()})


def _from_game(name: str, module: str, game: Game) -> GameInfo:
    """A game with no game.toml (one a test registered): what its Game says."""
    bgg = (game.bgg.id, game.bgg.name, game.bgg.year) if game.bgg else None
    return GameInfo(name, module, game.title or name, (game.min_players, game.max_players), bgg, {})


def info(name: str) -> GameInfo:
    """What lists show of a game: from its game.toml (cached), else from its Game.
    UnknownGame for a name nobody registered."""
    if name in _INFO:
        return _INFO[name]
    value = modules().get(name)
    if value is None and name in _LOADED:
        return _from_game(name, "", _LOADED[name])
    if value is None:
        raise UnknownGame(f"There is no game called {name!r}; the games are: {', '.join(names())}.")
    module = _module_of(value)
    folder = _folder(module)
    meta = folder / META if folder is not None else None
    if folder is not None and meta is not None and meta.is_file():
        found = _cached(name, module, folder, "info")
        if found is not None:
            got = GameInfo.from_json(found)
        else:
            got = _read_meta(name, module, meta)
            _store(name, module, folder, "info", got.to_json())
    else:
        got = _from_game(name, module, get_game(name))
    _INFO[name] = got
    return got


def title(name: str) -> str:
    """A game's title for lists (Home, Past games) without importing it; an unknown
    or unreadable name as it is."""
    try:
        return info(name).title or name
    except Exception:  # a game that cannot be read must not take a list down with it
        return name


# --- the cache: game.toml and describe() of each game, while none of its files changed --
_ENGINE = pathlib.Path(__file__).resolve().parent.parent / "rules" / "engine.py"


def _stamp(folder: pathlib.Path, module: str) -> list[Any] | None:
    """The size and modification time of every file of a game (and of the engine)."""
    files = [_ENGINE, *sorted(p for p in folder.rglob("*") if p.suffix in (".py", ".toml"))]
    try:
        return [sys.version, *[(str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files]]
    except OSError:
        return None


def _cache_path() -> pathlib.Path | None:
    from companion.store.paths import data_dir

    try:
        return data_dir() / "cache" / "games.json"
    except OSError:  # DataFolderError: no data folder, no cache
        return None


_CACHE: dict[str, Any] | None = None


def _cache() -> dict[str, Any]:
    global _CACHE
    if _CACHE is None:
        path = _cache_path()
        try:
            if path is None:
                raise OSError
            loaded_ = json.loads(path.read_text(encoding="utf-8"))
            _CACHE = loaded_ if isinstance(loaded_, dict) else {}
        except (OSError, ValueError):
            _CACHE = {}
    return _CACHE


def _cached(name: str, module: str, folder: pathlib.Path, what: str) -> Any:
    hit = _cache().get(name)
    stamp = _stamp(folder, module)
    if stamp is None or not isinstance(hit, dict) or hit.get("stamp") != json.loads(json.dumps(stamp)):
        return None
    return hit.get(what)


def _store(name: str, module: str, folder: pathlib.Path, what: str, value: Any) -> None:
    stamp = _stamp(folder, module)
    if stamp is None:
        return
    cache = _cache()
    stamp_json = json.loads(json.dumps(stamp))
    hit = cache.get(name)
    if not isinstance(hit, dict) or hit.get("stamp") != stamp_json:
        hit = {"stamp": stamp_json}
    hit[what] = value
    cache[name] = hit
    path = _cache_path()
    if path is None:
        return
    from companion.store.paths import write_cache

    write_cache(path, cache)  # a read-only home: the next listing reads the files again


def descriptions() -> list[dict[str, Any]]:
    """Game.describe() of every available game, in name order. A game is described
    from a small cache while none of its files (nor the engine) changed, so listing
    the games does not import them all."""
    out = []
    for name in names():
        module = _module_of(modules()[name])
        folder = _folder(module) if name not in _MODULES else None
        hit = _cached(name, module, folder, "describe") if folder is not None else None
        if isinstance(hit, dict):
            out.append(hit)
            continue
        try:
            described = get_game(name).describe()
        except ImportError:
            continue
        out.append(described)
        if folder is not None:
            _store(name, module, folder, "describe", described)
    return out


def forget() -> None:
    """Read the entry points, game.toml files and cache again (tests)."""
    global _CACHE
    from companion.store.entrypoints import forget as forget_entry_points

    forget_entry_points()
    _INFO.clear()
    _CACHE = None

"""Load the test-only fourth game (tests/companion/fourth_game) and register it.

    game = fourth.register()      # companion.games.get_game("charms") is it now
    fourth.unregister()
    with fourth.installed(tmp_path):   # or found through an entry point, as installed
        ...

It is loaded by path (the tests are not a package) under the module name
`fourth_game`, once per process.
"""
from __future__ import annotations

import contextlib
import importlib.util
import pathlib
import sys
from collections.abc import Iterator
from types import ModuleType

from companion import games
from companion.rules.engine import Game

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


@contextlib.contextmanager
def installed(folder: pathlib.Path, board: bool = False) -> Iterator[str]:
    """The fourth game installed as a distribution would install it (issue 21): a
    `charms_game-1.0.dist-info` in `folder` whose entry_points.txt names its Game in
    `maya_companion.games`, `folder` and the game's parent folder on sys.path, so the
    registry (and importlib.metadata) finds it with no register() and no file outside
    its package touched. board: its screen entry point names its own board
    (fourth_game/board.py) for the generic table screen. Everything is taken away
    again on exit."""
    dist = folder / "charms_game-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: charms-game\nVersion: 1.0\n", encoding="utf-8")
    points = f"[maya_companion.games]\n{NAME} = fourth_game:GAME\n"
    if board:
        points += f"\n[maya_companion.screens]\n{NAME} = fourth_game.board:CharmBoard\n"
    (dist / "entry_points.txt").write_text(points, encoding="utf-8")
    added = [str(folder), str(FOLDER.parent)]
    sys.path[:0] = added
    games.forget()
    try:
        yield NAME
    finally:
        for entry in added:
            sys.path.remove(entry)
        games.unregister(NAME)
        games.forget()

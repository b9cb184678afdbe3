"""Screens: one .py + .kv pair each, loaded the first time they are shown.

GAME_SCREENS maps a game's registry name to its table screen; adding Maya or
Mayan Curse to the app is adding their screen files and one line here.
A game screen subclasses game_screen.GameScreen (which follows the table
controller, holds the private-view overlay and does Undo/Redo) and provides
`render()` and `private_content(seat, seat_view) -> Widget`.
"""
from __future__ import annotations

import importlib
import pathlib

from kivy.lang import Builder

HERE = pathlib.Path(__file__).resolve().parent

SCREENS = {
    "home": "home:HomeScreen",
    "new_game": "new_game:NewGameScreen",
    "history": "history:HistoryScreen",
    "end": "end:EndScreen",
    "box_setup": "box_setup:BoxSetupScreen",
    "tags": "tags:TagsScreen",
    "phones": "phones:PhonesScreen",
}

GAME_SCREENS = {
    "maya-madness": "maya_madness:MayaMadnessScreen",
    "maya": "maya:MayaScreen",
    "mayan-curse": "mayan_curse:MayanCurseScreen",
}

_loaded_kv: set[str] = set()


def screen_class(spec: str):
    """Import a screen's module, load its .kv beside it once, return the class."""
    module_name, cls_name = spec.split(":")
    # The module first: it registers the widget classes its .kv names.
    module = importlib.import_module(f"{__name__}.{module_name}")
    if module_name not in _loaded_kv:
        kv = HERE / f"{module_name}.kv"
        if kv.exists():
            Builder.load_file(str(kv))
        _loaded_kv.add(module_name)
    return getattr(module, cls_name)


def playable_games() -> list[str]:
    """Games that have a table screen and whose engine can be imported."""
    from companion.games import available

    names = available()
    return [n for n in GAME_SCREENS if n in names]

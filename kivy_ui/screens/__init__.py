"""Screens: one .py + .kv pair each, loaded the first time they are shown.

A game's table screen is found through entry points (issue 21: a new game is its
package): the group `maya_companion.screens` names either a game's own screen (a
game_screen.GameScreen subclass with `render()` and `private_content(seat,
seat_view) -> Widget`, its .kv beside its module) or a board widget for the
generic table screen (any other widget class, built as `Board(screen)` with
`render(frame)`). A game with no own screen is played on the generic table screen
(table_screen.TableScreen), with its board or the generic one.
GAME_SCREENS[name] is the spec of a game's entry point, else the generic screen's;
screen_class(spec) is always a Screen class.
"""
from __future__ import annotations

import importlib
import pathlib
from collections.abc import Iterator, Mapping

from kivy.lang import Builder

from ..i18n import install_kv

install_kv()  # `tr` in every screen's .kv rules (kivy_ui/i18n.py)

HERE = pathlib.Path(__file__).resolve().parent

SCREEN_GROUP = "maya_companion.screens"
GENERIC = "table_screen:TableScreen"

SCREENS = {
    "home": "home:HomeScreen",
    "new_game": "new_game:NewGameScreen",
    "history": "history:HistoryScreen",
    "end": "end:EndScreen",
    "box_setup": "box_setup:BoxSetupScreen",
    "tags": "tags:TagsScreen",
    "phones": "phones:PhonesScreen",
    "settings": "settings:SettingsScreen",
}


class _GameScreens(Mapping[str, str]):
    """name -> screen spec of every registered game: its own screen's entry point,
    else the generic table screen. Read from the entry points on each use (cheap:
    companion.store.entrypoints keeps them), so a game installed or registered by a test
    is seen."""

    def _own(self) -> dict[str, str]:
        from companion.store.entrypoints import scan

        return scan(SCREEN_GROUP)

    def __getitem__(self, name: str) -> str:
        from companion.games import names

        own = self._own()
        if name in own:
            return own[name]
        if name in names():
            return GENERIC
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        from companion.games import names

        return iter(names())

    def __len__(self) -> int:
        from companion.games import names

        return len(names())


GAME_SCREENS: Mapping[str, str] = _GameScreens()

_loaded_kv: set[str] = set()


def _load(spec: str):
    """The object a spec names: "module:Name", the module relative to this package
    when it has no dot, else absolute; its .kv beside it is loaded once."""
    module_name, attr = spec.split(":")
    full = module_name if "." in module_name else f"{__name__}.{module_name}"
    # The module first: it registers the widget classes its .kv names.
    module = importlib.import_module(full)
    if full not in _loaded_kv:
        kv = pathlib.Path(module.__file__ or "").with_suffix(".kv")
        if kv.exists():
            Builder.load_file(str(kv))
        _loaded_kv.add(full)
    return getattr(module, attr.strip())


def screen_class(spec: str):
    """Import a screen's module, load its .kv beside it once, return the class: the
    screen itself, or the generic table screen for an entry point naming a board."""
    from kivy.uix.screenmanager import Screen

    found = _load(spec)
    if isinstance(found, type) and issubclass(found, Screen):
        return found
    return _load(GENERIC)


def board_class(game: str):
    """The board widget a game's screen entry point names for the generic table
    screen, or None (no entry point, or one naming a screen of its own)."""
    from kivy.uix.screenmanager import Screen

    from companion.store.entrypoints import scan

    spec = scan(SCREEN_GROUP).get(game)
    found = _load(spec) if spec else None
    return None if found is None or (isinstance(found, type) and issubclass(found, Screen)) else found


def playable_games() -> list[str]:
    """Every game whose engine is there (each has a table screen: its own or the
    generic one); none is imported."""
    from companion.games import available

    return available()

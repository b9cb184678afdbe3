"""Box setup: every component number our rulebook text does not print, for Maya
and Mayan Curse, with the value in force, where it comes from (the shipped
default or the user's own box file) and how to change it.

The list of numbers is the shipped file's `unconfirmed` marks
(companion.components.unconfirmed); the values come from the file in force
(companion.components.load_components), checked by the game's own loader, so
a broken box file shows its sentence here instead of at the start of a game.
"""
from __future__ import annotations

import pathlib
import re
import tomllib
from dataclasses import dataclass

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.screenmanager import Screen

from companion.components import load_components, override_path, unconfirmed
from companion.errors import CompanionError

from .. import theme


@dataclass(frozen=True)
class BoxReport:
    game: str
    title: str
    default_path: pathlib.Path
    source: str  # "shipped default" or "your box file"
    path: pathlib.Path  # the file in force
    problem: str  # a sentence when the file in force does not validate, else ""
    rows: tuple  # (what, values) per table holding unconfirmed numbers


def _games():
    """(name, title, default file, check(data, path)) for the games with unconfirmed numbers."""
    from companion.games.maya import components as maya
    from companion.games.mayan_curse import components as curse

    def check_maya(data, path):
        for players in (3, 4, 5):
            maya.validate(data, players, str(path))

    def check_curse(data, path):
        curse.parse_box(data, str(path))

    return (("maya", "Maya", maya.DEFAULT_PATH, check_maya),
            ("mayan-curse", "Mayan Curse", curse.DEFAULT_PATH, check_curse))


def lookup(data, key: str):
    """The value at a dotted key such as "tiles.3.quarries[0].blocks" (None when missing)."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key):
        if part.startswith("["):
            i = int(part[1:-1])
            data = data[i] if isinstance(data, list) and i < len(data) else None
        else:
            data = data.get(part) if isinstance(data, dict) else None
        if data is None:
            return None
    return data


def show_value(v) -> str:
    if v is None:
        return "missing"
    if isinstance(v, dict):
        return ", ".join(f"{k} {show_value(x)}" for k, x in v.items())
    if isinstance(v, list):
        if all(isinstance(x, list) for x in v):
            return ", ".join("/".join(map(str, x)) for x in v)
        return " · ".join(map(str, v))
    return str(v)


# What a table calls the parts of the files (the rest reads well as it is).
FIELD_NAMES = {
    "blocks": "blocks won by place",
    "max_cards": "most worker cards",
    "marker": "marker",
    "spaces": "spaces",
    "gold": "gold (most · second)",
    "symbols": "symbols",
    "single": "single stones per symbol",
    "dual": "dual stones",
    "values": "tokens per value",
    "tokens": "trigger tokens per boulder",
}


def place_name(parent: str) -> str:
    m = re.fullmatch(r"tiles\.(\d)\.quarries\[(\d+)\]", parent)
    if m:
        return f"{m.group(1)}-player tile, quarry {int(m.group(2)) + 1}"
    m = re.fullmatch(r"pyramids\.(.+)\.levels\[(\d+)\]", parent)
    if m:
        return f"{m.group(1)}, level {int(m.group(2)) + 1}"
    m = re.fullmatch(r"stelae\.(\w+)", parent)
    if m:
        return f"{m.group(1).capitalize()} stelae"
    return {"stones": "Sacred stones", "boulders": "Boulders", "layout": "Stelae laid out"}.get(parent, parent)


def field_name(parent: str, field: str) -> str:
    if parent == "layout" and field.isdigit():
        return f"{field} player{'s' if field != '1' else ''}"
    return FIELD_NAMES.get(field, field.replace("_", " "))


def report(game: str, title: str, default_path, check) -> BoxReport:
    default_path = pathlib.Path(default_path)
    with open(default_path, "rb") as f:
        shipped = tomllib.load(f)
    keys = unconfirmed(shipped)  # what the rulebook does not print, whoever's file is in force
    problem = ""
    try:
        data, path = load_components(game, default_path)
        check(data, path)
    except CompanionError as e:
        data, path = {}, override_path(game)
        problem = str(e)
    source = "your box file" if pathlib.Path(path) == override_path(game) else "shipped default"
    groups: dict[str, list] = {}
    for key in keys:
        parent, _, field = key.rpartition(".")
        groups.setdefault(parent, []).append(f"{field_name(parent, field)} {show_value(lookup(data, key))}")
    rows = tuple((place_name(parent), "; ".join(values)) for parent, values in groups.items())
    return BoxReport(game, title, default_path, source, pathlib.Path(path), problem, rows)


def reports() -> list[BoxReport]:
    return [report(*g) for g in _games()]


def how_to_override(r: BoxReport) -> str:
    return (f"Your box is the truth. To use its numbers, copy {r.default_path} to "
            f"{override_path(r.game)}, change the numbers there and start a new game: "
            f"that file then replaces ours whole.")


class BoxSetupScreen(Screen):
    back_to = "home"

    def refresh(self):
        from kivy.app import App

        came_from = App.get_running_app().sm.current
        if came_from != self.name:
            self.back_to = came_from  # Back returns to New game (or Home)
        box = self.ids.rows
        box.clear_widgets()

        def add(widget):
            if widget.size_hint_y is None:
                widget.bind(width=lambda w, x: setattr(w, "text_size", (x, None)),
                            texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(6)))
            box.add_widget(widget)

        for r in reports():
            add(Factory.Heading(text=f"{r.title} — {r.source}", height=dp(44)))
            add(Factory.Dim(text=f"In force: {r.path}", size_hint_y=None, font_size="16sp"))
            if r.problem:
                add(Factory.Body(text=f"This file does not work: {r.problem} A new game of {r.title} "
                                      f"cannot start until it is fixed or removed.",
                                 size_hint_y=None, color=theme.DANGER))
            add(Factory.Body(text=how_to_override(r), size_hint_y=None, font_size="17sp"))
            for what, values in r.rows:
                add(Factory.Body(text=f"[b]{what}[/b]: {values}", markup=True, size_hint_y=None,
                                 font_size="17sp", font_name=theme.SYMBOL_FONT))

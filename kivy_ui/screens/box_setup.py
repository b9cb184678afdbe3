"""Box setup: the numbers of each game's box that a table may set on the touchscreen.

Every game that has a box file (Game.box_spec(), companion.rules.components.BoxSpec)
gets a section: each editable number (BoxNumber) is a row with what a player
calls it, a stepper (− and +, within its allowed range), where the rulebook
prints it (or why it does not) and "not printed" when the rulebooks do not give
it, and a button back to the shipped value. Save checks the whole file with the
game's own validator and only then writes the table's own box file
(<data dir>/boxes/<game>.toml, TOML written with tomli-w); a bad value is refused
with the validator's sentence and nothing is saved. The screen names no game.
"""
from __future__ import annotations

import copy
import os
import pathlib
from dataclasses import dataclass, field
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from companion.games import available, get_game
from companion.rules.components import BoxNumber, BoxSpec, set_path

from .. import theme
from ..i18n import _
from .home import game_title


@dataclass
class Section:
    """One game's box on the screen: the file in force and the values being edited."""

    spec: BoxSpec
    data: dict  # the file in force (or the shipped one when that file cannot be used)
    mine: bool  # the table's own box file is in force
    problem: str  # why the file in force does not work, or ""
    numbers: list[BoxNumber]
    values: dict[str, int] = field(default_factory=dict)  # key -> the value shown now

    def changed(self) -> bool:
        return any(self.values[n.key] != n.value for n in self.numbers)


def load_section(spec: BoxSpec) -> Section:
    shipped = spec.shipped_data()
    problem = ""
    try:
        data, path = spec.load()
        spec.validate(data, str(path))
        mine = pathlib.Path(path) == spec.override()
    except CompanionError as e:
        data, mine, problem = shipped, False, str(e)
    try:
        numbers = spec.numbers(data, shipped)
    except (KeyError, IndexError, TypeError):  # a file without some number: edit from the shipped one
        data, numbers = shipped, spec.numbers(shipped, shipped)
    section = Section(spec, data, mine, problem, numbers)
    section.values = {n.key: n.value for n in numbers}
    return section


def in_words(sentence: str, numbers: list[BoxNumber], title: str) -> str:
    """The validator's sentence with each key named as the screen names it."""
    for n in sorted(numbers, key=lambda n: -len(n.key)):
        sentence = sentence.replace(n.key, f"“{n.label}”")
    return sentence.replace(f"In the box file for {title}, ", "")


def save(section: Section) -> str:
    """Write the table's box file if the game's validator accepts it whole; the
    sentence for the screen. Raises CompanionError (nothing written) otherwise."""
    spec = section.spec
    data = copy.deepcopy(section.data)
    for key, value in section.values.items():
        set_path(data, key, value)
    spec.validate(data, f"for {spec.title}")  # BadComponents names the bad key
    import tomli_w

    path = spec.override()
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            tomli_w.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise CompanionError(_("The box could not be saved ({problem}); nothing was changed.",
                               problem=e.strerror or e)) from None
    return _("Saved. A new game of {title} uses these numbers.", title=game_title(spec.game))


class NumberRow(BoxLayout):
    """One number: label and source on the left, − value + and the shipped value on the right
    (on a portrait panel: below them)."""

    narrow = BooleanProperty(False)  # the .kv sets it from the window's shape


class BoxSetupScreen(Screen):
    """One game's box at a time (a button per game with a box); a step or a reset
    changes that row and the Save button in place, the rows are built once per visit."""

    back_to = "home"

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.sections: dict[str, Section] = {}
        self.current: str | None = None
        self.messages: dict[str, tuple[str, bool]] = {}  # game -> (sentence, refused)
        self._rows: dict[str, NumberRow] = {}
        self._save: Any = None
        self._message: Any = None

    def refresh(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        came_from = app.sm.current
        if came_from != self.name:
            self.back_to = came_from  # Back returns to New game (or Home)
            self.messages = {}
            chosen = getattr(app.screen("new_game"), "game", None) if came_from == "new_game" else None
            self.current = chosen
        self.sections = {}
        for name in available():
            spec = get_game(name).box_spec()
            if spec is not None:
                self.sections[name] = load_section(spec)
        if self.current not in self.sections:
            self.current = next(iter(self.sections), None)
        self._fill()

    # --- what a player does ------------------------------------------------------
    def choose(self, game: str) -> None:
        self.current = game
        self._fill()

    def step(self, game: str, key: str, by: int) -> None:
        section = self.sections[game]
        number = next(n for n in section.numbers if n.key == key)
        self._set(game, number, max(number.lo, min(number.hi, section.values[key] + by)))

    def reset(self, game: str, key: str) -> None:
        number = next(n for n in self.sections[game].numbers if n.key == key)
        self._set(game, number, number.default)

    def save(self, game: str) -> bool:
        section = self.sections[game]
        try:
            sentence = save(section)
        except CompanionError as e:
            why = in_words(str(e), section.numbers, section.spec.title)
            self.messages[game] = (_("Not saved: {why} Nothing was changed.", why=why), True)
            self._show_message(game)
            return False
        self.sections[game] = load_section(section.spec)
        self.messages[game] = (sentence, False)
        self._fill()
        return True

    def _set(self, game: str, number: BoxNumber, value: int) -> None:
        self.sections[game].values[number.key] = value
        self.messages.pop(game, None)
        if game == self.current and number.key in self._rows:
            self._show_value(self._rows[number.key], number, value)
            self._show_message(game)

    # --- the rows -----------------------------------------------------------------
    def _fill(self) -> None:
        box = self.ids.rows
        box.clear_widgets()
        self._rows = {}
        chooser = self.ids.games
        chooser.clear_widgets()
        if len(self.sections) > 1:
            for game in self.sections:
                cls = Factory.AccentButton if game == self.current else Factory.BigButton
                b = cls(text=game_title(game), font_size="18sp", height=dp(48))
                b.bind(on_release=lambda _b, g=game: self.choose(g))
                chooser.add_widget(b)

        def text(widget: Any) -> Any:
            widget.bind(width=lambda w, x: setattr(w, "text_size", (x, None)),
                        texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(6)))
            box.add_widget(widget)
            return widget

        if self.current is None:
            text(Factory.Body(text=_("No game here has box numbers to set."), size_hint_y=None))
            return
        game, section = self.current, self.sections[self.current]
        spec = section.spec
        box.add_widget(Factory.Heading(text=game_title(game), font_size="24sp", height=dp(40)))
        whose = _("In use: your own box numbers.") if section.mine else _(
            "In use: the numbers shipped with the companion.")
        text(Factory.Dim(text=whose, size_hint_y=None, font_size="18sp"))
        if section.problem:
            text(Factory.Body(text=_("Your box file does not work, so the shipped numbers are shown: {problem}",
                                     problem=in_words(section.problem, section.numbers, spec.title)),
                              size_hint_y=None, font_size="18sp", color=theme.DANGER))
        for number in section.numbers:
            row = self._row(game, number)
            self._rows[number.key] = row
            box.add_widget(row)
            self._show_value(row, number, section.values[number.key])
        self._message = text(Factory.Body(text="", size_hint_y=None, font_size="18sp", bold=True))
        bar = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
        self._save = Factory.BigButton(text=_("Save {title}", title=game_title(game)), height=dp(56))
        self._save.bind(on_release=lambda _b: self.save(game))
        self._save.box_game = game
        bar.add_widget(self._save)
        box.add_widget(bar)
        text(Factory.Dim(text=_("file: {path}", path=spec.override()), size_hint_y=None, font_size="18sp"))
        self._show_message(game)

    def _show_message(self, game: str) -> None:
        if self._message is None or self._save is None:
            return
        message, refused = self.messages.get(game, ("", False))
        self._message.text = message
        self._message.color = theme.DANGER if refused else theme.GOOD
        self._save.disabled = not self.sections[game].changed()

    def _row(self, game: str, number: BoxNumber) -> NumberRow:
        row = NumberRow()
        row.box_key = number.key
        row.ids.label.text = number.label
        note = "  ·  [color=#f0b04a]" + _("not printed") + "[/color]" if number.unconfirmed else ""
        row.ids.source.text = _("{lo} to {hi}", lo=number.lo, hi=number.hi) + f"  ·  {number.source}{note}"
        row.ids.minus.bind(on_release=lambda _b: self.step(game, number.key, -1))
        row.ids.plus.bind(on_release=lambda _b: self.step(game, number.key, +1))
        row.ids.reset.text = _("Shipped: {n}", n=number.default)
        row.ids.reset.bind(on_release=lambda _b: self.reset(game, number.key))
        return row

    @staticmethod
    def _show_value(row: NumberRow, number: BoxNumber, value: int) -> None:
        row.ids.value.text = str(value)
        row.ids.minus.disabled = value <= number.lo
        row.ids.plus.disabled = value >= number.hi
        row.ids.reset.disabled = value == number.default

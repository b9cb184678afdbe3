"""The Maya round's end, as a summary that stays until tapped: tables with a row
per player in their colour and symbol (the gold each gets per pyramid level, the
blocks each takes off the real board) and then the game's lines the tables do not
show (each quarry's result). Refilled from the scoring event's `summary`: every
word and number comes from the game; this widget only draws them."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from .. import theme
from .maya_board import FONT

CELL = sp(22)  # a table's numbers: read from a chair, above theme.MIN_PX
ROW = dp(36)


def _cell(text: str, colour: Any = theme.TEXT, bold: bool = False, halign: str = "center",
          size: float = CELL, pad: float = 0) -> Label:
    lab = Label(text=text, font_size=size, bold=bold, color=colour, font_name=FONT, markup=True,
                halign=halign, valign="middle", size_hint_y=None, height=ROW, padding=(pad, 0))
    lab.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - dp(4), None)))
    lab.bind(texture_size=lambda w, ts: setattr(w, "height", max(ROW, ts[1] + dp(4))))
    return lab


class SummaryTable(BoxLayout):
    """One table: its title, a header row (the pyramids), a row per player."""

    def __init__(self, table: dict, seats: dict, **kw: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(2), **kw)
        title = _cell(escape_markup(table["title"]), theme.ACCENT, bold=True, halign="left", size=sp(24))
        grid = GridLayout(cols=len(table["columns"]) + 1, size_hint_y=None, spacing=dp(2))
        grid.bind(minimum_height=grid.setter("height"))
        grid.add_widget(_cell(""))
        # the pyramids' names: smaller where many columns share a narrow screen, whole words
        head = sp(theme.MIN_PX) if len(table["columns"]) >= 4 else CELL
        for column in table["columns"]:
            grid.add_widget(_cell(escape_markup(column), theme.TEXT_DIM, bold=head == CELL, size=head))
        for row in table["rows"]:
            _, symbol, rgba = seats.get(row["seat"], ("", "●", theme.TEXT))
            name = _cell(f"[color={theme.hex_colour(rgba)}]{symbol}[/color] {escape_markup(row['name'])}",
                         bold=True, halign="left", pad=dp(8))
            _stripe(name, rgba)
            grid.add_widget(name)
            for text in row["cells"]:
                grid.add_widget(_cell(escape_markup(text), theme.TEXT_DIM if text == "—" else theme.TEXT))
        self.add_widget(title)
        self.add_widget(grid)
        self.bind(minimum_height=self.setter("height"))


def _stripe(widget: Any, rgba: Any) -> None:
    """A player's colour as a bar at the left of their row."""
    with widget.canvas.before:
        Color(*rgba)
        bar = Rectangle(size=(dp(5), widget.height), pos=widget.pos)
    widget.bind(pos=lambda w, p: setattr(bar, "pos", p), size=lambda w, s: setattr(bar, "size", (dp(5), s[1])))


class RoundSummary(ModalView):
    def __init__(self, **kw: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(1, 1), **kw)
        self.background = ""
        self.background_color = theme.BACKGROUND
        self.overlay_color = (0, 0, 0, 0.6)
        box = BoxLayout(orientation="vertical", padding=dp(8), spacing=dp(6))
        self.title = Label(font_size=sp(theme.GLANCE_PX + 4), bold=True, color=theme.ACCENT,
                           size_hint_y=None, height=dp(40), halign="left", valign="middle")
        self.title.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.content = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(10))
        self.content.bind(minimum_height=self.content.setter("height"))
        self.body = Label(font_size=sp(theme.MIN_PX + 4), color=theme.TEXT, markup=True, size_hint_y=None,
                          halign="left", valign="top", font_name=FONT)
        self.body.bind(width=lambda w, x: setattr(w, "text_size", (x, None)),
                       texture_size=lambda w, s: setattr(w, "height", s[1]))
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(8))
        self.scroll.add_widget(self.content)
        self.ok = Factory.AccentButton(text="", height=dp(56))
        self.ok.bind(on_release=lambda *_: self.close())
        for w in (self.title, self.scroll, self.ok):
            box.add_widget(w)
        self.add_widget(box)
        self.tables: list[SummaryTable] = []
        self.shown = False
        self.on_close: Callable[[], None] | None = None

    def show(self, summary: dict, seats: dict | None = None) -> None:
        """summary: the scoring event's `summary` (title, tables, sections of lines, the
        button's words); seats: seat -> (colour name, symbol, rgba)."""
        accent = theme.hex_colour(theme.ACCENT)
        self.title.text = summary["title"]
        self.content.clear_widgets()
        self.tables = [SummaryTable(t, seats or {}) for t in summary.get("tables") or []]
        for table in self.tables:
            self.content.add_widget(table)
        parts = []
        for section in summary["sections"]:
            if section.get("table") and self.tables:
                continue  # a table shows it
            parts.append(f"[b][color={accent}]{escape_markup(section['title'])}[/color][/b]")
            parts += [escape_markup(line) for line in section["lines"]]
        self.body.text = "\n".join(parts)
        self.content.add_widget(self.body)
        self.scroll.scroll_y = 1
        self.ok.text = summary["done"]
        if not self.shown:
            self.open(animation=False)
        self.shown = True

    def text(self) -> str:
        """Everything it says, tables and lines (for a test)."""
        cells = [w.text for t in self.tables for w in t.walk() if isinstance(w, Label)]
        return "\n".join([*cells, self.body.text])

    def close(self) -> None:
        self.shown = False
        self.dismiss(animation=False)
        if self.on_close is not None:
            self.on_close()

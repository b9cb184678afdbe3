"""The Maya round's end, as a summary that stays until tapped: tables with a row
per player in their colour and symbol (the gold each gets per pyramid level, the
blocks each takes off the real board) and then the game's lines the tables do not
show (each quarry's result). Refilled from the scoring event's `summary`: every
word and number comes from the game; this widget only draws them."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.window import Window
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
          size: float = CELL, pad: float = 0, markup: bool = False) -> Label:
    """A table's cell; plain text (a markup label lays out each word in Python: a
    round's end renders its tables inside the move, 3x slower with markup)."""
    lab = Label(text=text, font_size=size, bold=bold, color=colour, font_name=FONT, markup=markup,
                halign=halign, valign="middle", size_hint_y=None, height=ROW, padding=(pad, 0))
    lab.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - dp(4), None)))
    lab.bind(texture_size=lambda w, ts: setattr(w, "height", max(ROW, ts[1] + dp(4))))
    return lab


class SummaryTable(BoxLayout):
    """One table: its title, a header row (the pyramids), a row per player. Built for
    a shape (columns, rows) and refilled: a round's end fills the tables built ahead."""

    def __init__(self, columns: int, rows: int, **kw: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(2), **kw)
        self.shape = (columns, rows)
        self.title = _cell("", theme.ACCENT, bold=True, halign="left", size=sp(24))
        grid = GridLayout(cols=columns + 1, size_hint_y=None, spacing=dp(2))
        grid.bind(minimum_height=grid.setter("height"))
        grid.add_widget(_cell(""))
        self.heads = [_cell("", theme.TEXT_DIM) for _ in range(columns)]
        for head in self.heads:
            grid.add_widget(head)
        self.names: list[Label] = []
        self.stripes: list[Color] = []
        self.cells: list[list[Label]] = []
        for _ in range(rows):
            name = _cell("", bold=True, halign="left", pad=dp(8), markup=True)  # the symbol in its colour
            self.stripes.append(_stripe(name))
            self.names.append(name)
            grid.add_widget(name)
            self.cells.append([_cell("") for _ in range(columns)])
            for cell in self.cells[-1]:
                grid.add_widget(cell)
        self.add_widget(self.title)
        self.add_widget(grid)
        self.bind(minimum_height=self.setter("height"))

    def fill(self, table: dict, seats: dict) -> SummaryTable:
        self.title.text = table["title"]
        # the pyramids' names: smaller where many columns share a narrow screen, whole words
        head = sp(theme.MIN_PX) if len(table["columns"]) >= 4 else CELL
        for cell, column in zip(self.heads, table["columns"]):
            cell.text, cell.font_size, cell.bold = column, head, head == CELL
        for name, stripe, cells, row in zip(self.names, self.stripes, self.cells, table["rows"]):
            _, symbol, rgba = seats.get(row["seat"], ("", "●", theme.TEXT))
            name.text = f"[color={theme.hex_colour(rgba)}]{symbol}[/color] {escape_markup(row['name'])}"
            stripe.rgba = rgba
            for cell, text in zip(cells, row["cells"]):
                cell.text = text
                cell.color = theme.TEXT_DIM if text == "—" else theme.TEXT
        return self


def _shape(table: dict) -> tuple[int, int]:
    return len(table["columns"]), len(table["rows"])


def _stripe(widget: Any) -> Color:
    """A player's colour as a bar at the left of their row (its Color, to fill)."""
    with widget.canvas.before:
        colour = Color(0, 0, 0, 0)
        bar = Rectangle(size=(dp(5), widget.height), pos=widget.pos)
    widget.bind(pos=lambda w, p: setattr(bar, "pos", p), size=lambda w, s: setattr(bar, "size", (dp(5), s[1])))
    return colour


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
        self._built: list[SummaryTable] = []  # tables built ahead or for an earlier round
        self.shown = False
        self.on_close: Callable[[], None] | None = None

    def prepare(self, shapes: list[tuple[int, int]]) -> None:
        """Tables of these shapes (columns, rows) built ahead, when the app is idle: the
        move that ends a round then only fills them."""
        have = [t.shape for t in self._built]
        for shape in shapes:
            if shape in have:
                have.remove(shape)
            else:
                self._built.append(SummaryTable(*shape))
        if not self.shown:  # laid out at the window's width now: the round's end renders each cell once
            self.size = Window.size  # (a ModalView takes the window's size only once open)
            self.content.clear_widgets()
            for table in self._built:
                self.content.add_widget(table)

    def _table(self, table: dict, seats: dict, taken: list) -> SummaryTable:
        made = next((t for t in self._built if t.shape == _shape(table) and t not in taken), None)
        if made is None:
            made = SummaryTable(*_shape(table))
            self._built.append(made)
        return made.fill(table, seats)

    def show(self, summary: dict, seats: dict | None = None) -> None:
        """summary: the scoring event's `summary` (title, tables, sections of lines, the
        button's words); seats: seat -> (colour name, symbol, rgba)."""
        accent = theme.hex_colour(theme.ACCENT)
        self.title.text = summary["title"]
        self.content.clear_widgets()
        self.tables = []
        for t in summary.get("tables") or []:
            self.tables.append(self._table(t, seats or {}, self.tables))
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

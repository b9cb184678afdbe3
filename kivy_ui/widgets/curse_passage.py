"""Mayan Curse drawn for the table: the passage and the sacred stones as symbols.

`Passage` draws, with Kivy graphics, the first river board's slab rows between
the entrance (left) and the central board (right): each row a strip with its
number, the entrance's three blocking spaces, each boulder where the last
report put it (its place left to right in the passage is top to bottom here,
as the table sees it from the entrance) with its trigger tokens as pips. Its
widgets are built once; `show(view)` moves them and redraws only when the
boulders changed.

Stones and stela colours are never colour alone: each stone symbol has its own
shape, each stela colour its letters (colour-blind safe).
"""
from __future__ import annotations

from typing import Any

from kivy.graphics import Callback, Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from .. import theme
from ..i18n import pgettext
from .fit import natural_width
from .ink import InkLabel
from .opaque import blended, opaque_colour

# A symbol's shape and colour; symbols a box names beyond these take the spares in turn.
STONE_LOOK = {"dog": ("●", (0.95, 0.55, 0.20, 1)), "jaguar": ("■", (0.95, 0.85, 0.25, 1)),
              "serpent": ("◆", (0.35, 0.80, 0.40, 1)), "bird": ("▲", (0.40, 0.70, 1.00, 1))}
SPARE_LOOKS = (("★", (0.85, 0.50, 0.95, 1)), ("✚", (0.90, 0.90, 0.90, 1)), ("♥", (1.0, 0.45, 0.5, 1)))
# Stela colours as they look on the table, each with letters of its own.
STELA_LOOK = {"brown": ("br", (0.63, 0.41, 0.23, 1)), "gray": ("gy", (0.66, 0.66, 0.66, 1)),
              "beige": ("be", (0.91, 0.84, 0.66, 1))}
BOULDER_RGBA = (0.55, 0.50, 0.45, 1)
TUMBLING_RGBA = (0.98, 0.45, 0.20, 1)
# A pip is ~10 px across: 36 sides are its circle to the pixel (Kivy's default 180
# cost ~0.1 ms a pip each frame on software GL, 12 pips at the start of a round).
PIP_SEGMENTS = 36


def symbol_look(symbol: str) -> tuple[str, tuple]:
    if symbol in STONE_LOOK:
        return STONE_LOOK[symbol]
    return SPARE_LOOKS[sum(map(ord, symbol)) % len(SPARE_LOOKS)]


def stone_markup(kind: str) -> str:
    """A stone as coloured shapes in Kivy markup ("●" or "●/■" for a dual stone)."""
    parts = []
    for sym in str(kind).split("/"):
        glyph, rgba = symbol_look(sym)
        parts.append(f"[color={theme.hex_colour(rgba)}]{glyph}[/color]")
    return "/".join(parts)


def stela_letters(colour: str) -> str:
    """The letters beside a stela colour's chip (colour-blind safe), in the table's language."""
    said = {"brown": pgettext("the letters of the stela colour brown", "br"),
            "gray": pgettext("the letters of the stela colour gray", "gy"),
            "beige": pgettext("the letters of the stela colour beige", "be")}
    return said.get(colour) or STELA_LOOK[colour][0]


def stela_markup(colours: list[str]) -> str:
    """Face-down stelae per colour: a coloured ■ with the colour's letters and the count."""
    out = []
    for c, (_letters, rgba) in STELA_LOOK.items():
        n = colours.count(c)
        if n:
            out.append(f"[color={theme.hex_colour(rgba)}]■{stela_letters(c)}[/color]{n}")
    return " ".join(out)


class Passage(Widget):
    """The passage from the entrance (left) to the central board (right)."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self._key: Any = None
        self._view: dict | None = None
        self._board_name_width = 0.0
        self.rows = 7
        self.row_labels: list[Label] = []
        # the entrance's and the central board's names, from the view (show)
        self.end_labels = [InkLabel(text="", font_size=sp(18), bold=True, color=theme.TEXT_DIM),
                           InkLabel(text="", font_size=sp(18), color=theme.TEXT_DIM)]
        for lab in self.end_labels:
            self.add_widget(lab)
        self.boulder_labels = [InkLabel(text="", font_size=sp(24), bold=True, color=(0.05, 0.05, 0.05, 1))
                               for _ in range(3)]
        for lab in self.boulder_labels:
            lab.glance = True
            self.add_widget(lab)
        self.bind(pos=self._redraw, size=self._redraw)

    def _ensure_rows(self, rows: int) -> None:
        while len(self.row_labels) < rows:
            lab = InkLabel(text=str(len(self.row_labels) + 1), font_size=sp(24), bold=True, color=theme.TEXT)
            lab.glance = True  # the boulder rows are read at a glance
            self.row_labels.append(lab)
            self.add_widget(lab)
        for i, lab in enumerate(self.row_labels):
            lab.opacity = 1 if i < rows else 0
        self.rows = rows

    def show(self, view: dict) -> None:
        """Draw the boulders of this view; nothing is redrawn when they did not change."""
        b = view["boulders"]
        now = view["tumbling"]["now"]
        key = (view["rows"], now, tuple((x["tokens"], x["where"], x["row"], x["column"], x.get("letter")) for x in b),
               tuple(sorted((view.get("words") or {}).items())))  # the words too: the language may change
        if key == self._key:
            return
        self._key = key
        self._view = view
        self._ensure_rows(view["rows"])
        words = view.get("words") or {}
        for lab, word in zip(self.end_labels, ("entrance", "board")):
            lab.text = str(words.get(word, ""))
        board = self.end_labels[1]
        self._board_name_width = natural_width(board.text, board.font_size, board.font_name) + dp(6)
        self._redraw()

    def strip(self, index: int) -> tuple[float, float]:
        """(x, width) of strip `index`: 0 the entrance, 1..rows the slab rows, rows+1 the central
        board (half as wide again, for its name; wider if its name needs it)."""
        board = max(self.width / (self.rows + 2.5) * 1.5, self._board_name_width)
        w = (self.width - board) / (self.rows + 1)
        return self.x + index * w, (board if index == self.rows + 1 else w)

    def _redraw(self, *_: Any) -> None:
        v = self._view
        self.canvas.before.clear()
        n = self.rows + 2
        label_h = dp(30)
        top = self.top
        body_y, body_h = self.y + label_h, self.height - label_h
        with self.canvas.before:
            Callback(opaque_colour)  # the strips are opaque: written with blending off (widgets/opaque.py)
            for i in range(n):
                x, w = self.strip(i)
                if i == 0:
                    Color(0.30, 0.18, 0.14, 1)  # the entrance board
                elif i == n - 1:
                    Color(0.20, 0.20, 0.24, 1)  # the central board
                else:
                    Color(*(theme.SURFACE_HI if i % 2 else theme.SURFACE))
                Rectangle(pos=(x + dp(1), body_y), size=(w - dp(2), body_h))
            blended()
            # the three entrance spaces a boulder blocks
            x, w = self.strip(0)
            Color(*theme.DANGER)
            for k in range(3):
                cy = top - body_h * (k + 0.5) / 3
                Line(rectangle=(x + w * 0.15, cy - w * 0.35, w * 0.7, w * 0.7), width=dp(1.2))
        for i, lab in enumerate(self.row_labels[:self.rows]):
            x, w = self.strip(i + 1)
            lab.pos, lab.size = (x, self.y), (w, label_h)
        for lab, i in zip(self.end_labels, (0, n - 1)):
            x, w = self.strip(i)
            lab.pos, lab.size = (x, self.y), (w, label_h)
        if v is None:
            return
        self._draw_boulders(v, body_y, body_h)

    def _draw_boulders(self, v: dict, body_y: float, body_h: float) -> None:
        rows = self.rows
        with self.canvas.before:
            for b, lab in zip(v["boulders"], self.boulder_labels):
                index = 0 if b["where"] == "entrance" else (rows + 1 if b["where"] == "start" else b["row"])
                x, w = self.strip(index)
                side = min(self.width / (rows + 2.5) * 0.92, body_h / 3 * 0.86)
                cx = x + w / 2
                cy = body_y + body_h - body_h * (b["column"] + 0.5) / 3
                Color(*(TUMBLING_RGBA if b["name"] == v["tumbling"]["now"] else BOULDER_RGBA))
                RoundedRectangle(pos=(cx - side / 2, cy - side / 2), size=(side, side), radius=[dp(4)])
                lab.text = str(b.get("letter") or b["name"][:1].upper())  # the game's letter, in its language
                # the letter's box: the boulder's whole band of the strip (as tall as its 24sp
                # text, never over the next boulder's or the line above the passage)
                band = body_h / 3
                lab.pos, lab.size = (cx - side / 2, cy - band / 2), (side, band)
                # trigger tokens as pips along the boulder's foot
                pip = max(dp(7), side / 4.2)
                Color(*theme.ACCENT)
                total = b["tokens"] * pip * 1.15
                for k in range(b["tokens"]):
                    Ellipse(pos=(cx - total / 2 + k * pip * 1.15, cy - side / 2 + dp(1)),
                            size=(pip, pip), segments=PIP_SEGMENTS)

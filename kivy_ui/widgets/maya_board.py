"""Maya's table drawn from the TABLE view: a quarry's column of face-down cards
(owner colour and symbol, low or high; values once revealed) and a pyramid's
levels with the blocks of each colour.

The widgets only render what they are given; they never see a seat's view.
Each is built once per quarry or pyramid and refilled after every move.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from .. import theme
from companion.games.maya.words import number, short_marker_name


def hex_colour(rgba) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgba[:3])


class Chip(Label):
    """A small coloured tag: a card at a quarry (owner's colour and symbol)."""

    def __init__(self, **kw):
        kw.setdefault("font_name", theme.SYMBOL_FONT)
        kw.setdefault("font_size", sp(13))
        super().__init__(**kw)
        with self.canvas.before:
            self._colour = Color(*theme.SURFACE_HI)
            self._rect = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._fit, size=self._fit)

    def _fit(self, *_):
        self._rect.pos = (self.x + dp(1), self.y + dp(1))
        self._rect.size = (self.width - dp(2), self.height - dp(2))

    def paint(self, rgba, text, bold=False):
        self._colour.rgba = rgba
        self.color = theme.ink_on(rgba)
        self.text = text
        self.bold = bold


class _Framed(BoxLayout):
    """A panel with an optional gold frame (the quarry being scored)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        with self.canvas.before:
            Color(*theme.SURFACE)
            self._bg = Rectangle(pos=self.pos, size=self.size)
            self._frame_colour = Color(0, 0, 0, 0)
            self._frame = Line(rectangle=(0, 0, 1, 1), width=dp(1.5))
        self.bind(pos=self._fit, size=self._fit)

    def _fit(self, *_):
        self._bg.pos, self._bg.size = self.pos, self.size
        self._frame.rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2)

    def framed(self, on: bool):
        self._frame_colour.rgba = theme.ACCENT if on else (0, 0, 0, 0)


def _line(size=13, bold=False, dim=False, height=17):
    lab = Factory.Label(font_size=sp(size), bold=bold, color=theme.TEXT_DIM if dim else theme.TEXT,
                        font_name=theme.SYMBOL_FONT, size_hint_y=None, height=dp(height),
                        halign="center", valign="middle", shorten=True, shorten_from="right")
    lab.bind(size=lambda w, s: setattr(w, "text_size", s))
    return lab


class QuarryColumn(_Framed):
    """One quarry: its number, the blocks it pays by place, its card limit, the
    marker above it, then its cards in placement order."""

    def __init__(self, **kw):
        super().__init__(orientation="vertical", padding=dp(2), spacing=dp(1), **kw)
        self.title = _line(14, bold=True)
        self.pays = _line(13, dim=True)
        self.marker = _line(12, dim=True)
        self.marker.markup = True
        self.cards = GridLayout(cols=2, spacing=dp(2), row_force_default=True, row_default_height=dp(20))
        for w in (self.title, self.pays, self.marker, self.cards):
            self.add_widget(w)
        self._chips: list[Chip] = []

    def rows_for(self, max_cards: int) -> int:
        return -(-max_cards // self.cards.cols)

    def height_for(self, max_cards: int) -> float:
        """The height that shows every card this quarry can take."""
        return dp(4 + 3 * 17 + 3) + self.rows_for(max_cards) * dp(22)

    def show(self, q: dict, seats: dict, current: bool, result: dict | None = None):
        """q: the quarry from the TABLE view; seats: seat -> (name, symbol, rgba);
        result: this round's result at this quarry once it is scored."""
        wide = self.width > dp(100)
        self.title.text = f"{'Quarry ' if wide else 'Q'}{q['quarry'] + 1} · {len(q['cards'])}/{q['max_cards']}"
        self.pays.text = "·".join(map(str, q["blocks"])) + (" blocks" if wide else "")
        if result is not None:
            # scored: the blocks each player won here, in place order
            won = sorted(((int(k), b) for k, b in result["blocks"].items() if b), key=lambda sb: -sb[1])
            self.marker.text = " ".join(f"[color={hex_colour(seats[s][2])}]{seats[s][1]}[/color]{b}"
                                        for s, b in won) or "no blocks"
        else:
            self.marker.text = short_marker_name(q["marker"]) if q["marker"] else "—"
        self.framed(current)
        cols = self.cards.cols = 3 if self.width > dp(105) else 2
        # every chip the same width, even when a quarry holds one card
        self.cards.col_force_default = True
        self.cards.col_default_width = (self.width - dp(4) - (cols - 1) * dp(2)) / cols
        items = []
        for card in q["cards"]:
            _, symbol, rgba = seats[card["seat"]]
            if "value" in card:
                items.append((rgba, f"{symbol} {number(card['value'])}", True, 13))
            else:
                items.append((rgba, f"{symbol} {'lo' if card['low'] else 'hi'}", False, 13))
        if q["two_points"] is not None:
            _, symbol, rgba = seats[q["two_points"]]
            items.append((rgba, f"{symbol} +2", True, 13))
        for s in q["protected"]:
            # protected here against -3 cards
            items.append((theme.SURFACE_HI, f"{seats[s][1]}safe", False, 11))
        while len(self._chips) < len(items):
            self._chips.append(Chip())
        self.cards.clear_widgets()
        for chip, (rgba, text, bold, size) in zip(self._chips, items):
            chip.paint(rgba, text, bold)
            chip.font_size = sp(size)
            self.cards.add_widget(chip)


class PyramidColumn(_Framed):
    """One pyramid: its name, then its levels from the top down; each level shows
    how full it is and the blocks of each colour. (The gold each level pays is
    printed on the board and listed on the box-setup screen; five players' blocks
    need the width.)"""

    def __init__(self, **kw):
        super().__init__(orientation="vertical", padding=dp(2), spacing=dp(1), **kw)
        self.title = _line(15, bold=True, height=19)
        self.add_widget(self.title)
        self.levels = BoxLayout(orientation="vertical", spacing=dp(1))
        self.add_widget(self.levels)
        self._rows: list[tuple] = []

    def _row(self):
        row = BoxLayout(spacing=dp(2))
        fill = _line(13, dim=True)
        fill.size_hint = (None, 1)
        fill.width = dp(30)
        blocks = _line(13)
        blocks.size_hint_y = 1
        blocks.halign = "left"
        blocks.markup = True  # each symbol in its player's colour
        for w in (fill, blocks):
            row.add_widget(w)
        with row.canvas.before:
            colour = Color(*theme.SURFACE_HI)
            rect = Rectangle()
        row.bind(pos=lambda w, p: setattr(rect, "pos", p), size=lambda w, s: setattr(rect, "size", s))
        return row, fill, blocks, colour

    def show(self, p: dict, seats: dict):
        self.title.text = p["name"]
        levels = p["levels"]
        while len(self._rows) < len(levels):
            self._rows.append(self._row())
        self.levels.clear_widgets()
        for row, level in reversed(list(zip(self._rows, levels))):
            _, fill, blocks, colour = row
            placed = sum(level["blocks"])
            fill.text = f"{placed}/{level['spaces']}"
            blocks.text = "\u2009".join(f"[color={hex_colour(seats[s][2])}]{seats[s][1]}[/color]{n}"
                                    for s, n in enumerate(level["blocks"]) if n)
            full = placed >= level["spaces"]
            colour.rgba = theme.SURFACE if full else theme.SURFACE_HI
            self.levels.add_widget(row[0])

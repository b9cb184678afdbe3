"""Maya's table drawn from the TABLE view, readable across the table at 800x480:
a player's tile (name, gold, blocks, what they hold), a quarry's column of
face-down cards (owner colour and symbol, low or high; values once revealed)
and a pyramid's levels with the blocks of each colour.

What the table reads at a glance (whose turn, gold, blocks, quarry numbers and
the blocks they pay, the blocks in each level) is at least GLANCE_PX; nothing
is below MIN_PX. Every widget is built once per game and refilled in place
after a move: no widget is added or removed while a game goes on.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import Any

from kivy.graphics import Color, Line, Mesh, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.maya import words
from companion.games.maya.words import short_marker_name
from companion.i18n import current

from .. import theme
from .ink import InkLabel
from .opaque import blended, opaque
from .seat_clock import seat_clock

# Kivy caches a font found by a name without ".ttf" under the name with it, so each
# label would look the name up on disk again (a few stat() calls per text change).
FONT = theme.SYMBOL_FONT if theme.SYMBOL_FONT.endswith(".ttf") else theme.SYMBOL_FONT + ".ttf"

GLANCE = sp(theme.GLANCE_PX)
SMALL = sp(theme.MIN_PX)

Seats = dict  # seat -> (colour name, symbol, rgba)


def label(size: float = GLANCE, bold: bool = False, dim: bool = False, halign: str = "center",
          markup: bool = False, shorten: bool = True, wrap: bool = True, **kw: Any) -> Label:
    lab = InkLabel(font_size=size, bold=bold, color=theme.TEXT_DIM if dim else theme.TEXT,
                font_name=FONT, halign=halign, valign="middle", shorten=shorten,
                shorten_from="right", markup=markup, **kw)
    lab.glance = size >= GLANCE  # read at a glance across the table (AppDriver.small_text checks it)
    if wrap:  # else the text keeps its natural size (and the label takes its width)
        # as wide as the label, as tall as its lines: Kivy centres the texture on the label
        # (valign middle), and a texture as tall as the label would fill its every pixel
        lab.bind(width=lambda w, x: setattr(w, "text_size", (x, None)))
    return lab


def show_in_place(widget: Any, on: bool) -> None:
    """Shown or hidden in its place: its opacity (what a finger and a test read) and
    whether it is drawn at all. Kivy draws a widget at opacity 0 all the same (each of
    its pixels, transparent), so a hidden widget's canvas leaves its parent's while the
    widget keeps its place in the tree and the layout."""
    if widget.opacity != (1 if on else 0):
        widget.opacity = 1 if on else 0
    parent = widget.parent
    if parent is None:
        return
    inside = widget.canvas in parent.canvas.children
    if on and not inside:
        parent.canvas.add(widget.canvas)
    elif not on and inside:
        parent.canvas.remove(widget.canvas)


def snug(lab: Label, inset: float = 0.0, clip: bool = False) -> Label:
    """A centred label's texture only as large as its text (Kivy centres the texture on
    the label): its natural size when that fits the label's width less `inset`, else
    wrapped at that width (shortened where the label shortens); clip: a label of a
    fixed height draws a text taller than itself in its box, as a full text_size
    does (its middle rows). Every pixel of a texture is filled each frame, its
    transparent margins too."""

    def fit(*_: Any) -> None:
        room = max(1.0, lab.width - inset)
        tall = clip and lab.texture_size[1] > lab.height + 1 > 1  # taller than a crowded row
        if lab.text_size[0] is None and lab.texture_size[0] > room:
            lab.text_size = (room, None)
        elif lab.text_size[1] is None and tall:  # drawn in the label's box (its middle rows)
            lab.text_size = (room, lab.height)

    def again(*_: Any) -> None:  # a new text or width: measured at its natural size first
        if lab.text_size[0] is not None:
            lab.text_size = (None, None)
            # measured now: the texture may still be the natural one (a wrap set before its
            # render), and then no texture_size event would come to wrap it at the new width
            lab._trigger_texture.cancel()
            lab.texture_update()  # (its texture_size event fits it: a wrap renders next frame)
        fit()

    lab.text_size = (None, None)
    lab.bind(text=again, width=again, texture_size=fit)
    if clip:  # (a label whose height follows its text must not measure again on it)
        lab.bind(height=again)
    return lab


@lru_cache(maxsize=64)
def _symbol(rgba: tuple, symbol: str) -> str:
    return f"[color={theme.hex_colour(rgba)}][size={int(SMALL + 2)}]{symbol}[/size][/color]"


def mark(seats: Seats, seat: int, text: str) -> str:
    """A player's symbol in their colour (a smaller symbol beside a glance-size number)."""
    return _symbol(tuple(seats[seat][2]), seats[seat][1]) + text


def set_rgba(colour: Color, rgba: Any) -> None:
    if tuple(colour.rgba) != tuple(rgba):
        colour.rgba = rgba


def uncovered(outer: tuple, holes: list) -> list[tuple]:
    """The parts of the rectangle `outer` (x, y, w, h) that no rectangle of `holes`
    covers, as rectangles: a background drawn only there fills no pixel that an opaque
    child fills again (on a software-rendered GL each pixel filled costs, seen or not)."""
    x0, y0, w, h = outer
    x1, y1 = x0 + w, y0 + h
    cut = [(max(x0, x), max(y0, y), min(x1, x + hw), min(y1, y + hh)) for x, y, hw, hh in holes]
    cut = [c for c in cut if c[2] > c[0] and c[3] > c[1]]
    ys = sorted({y0, y1, *(c[1] for c in cut), *(c[3] for c in cut)})
    out = []
    for lo, hi in pairwise(ys):
        at = x0
        for a, b in sorted((c[0], c[2]) for c in cut if c[1] <= lo and c[3] >= hi):
            if a > at:
                out.append((at, lo, a - at, hi - lo))
            at = max(at, b)
        if at < x1:
            out.append((at, lo, x1 - at, hi - lo))
    return out


def quads(rects: list[tuple]) -> tuple[list[float], list[int]]:
    """One Mesh's vertices (x, y, u, v) and triangle indices for these rectangles."""
    vertices: list[float] = []
    indices: list[int] = []
    for i, (x, y, w, h) in enumerate(rects):
        vertices += [x, y, 0, 0, x + w, y, 1, 0, x + w, y + h, 1, 1, x, y + h, 0, 1]
        k = 4 * i
        indices += [k, k + 1, k + 2, k, k + 2, k + 3]
    return vertices, indices


class BoardPanel(BoxLayout):
    """A panel with a background and an optional gold frame (whose turn, the quarry scored).
    Not named Panel: app.kv's <Panel@BoxLayout> rule would match it by name and draw a
    second background under this one (every pixel of every tile and column twice).
    The background is one Mesh around what `covered()` names (children that paint
    their own opaque background); a frame not shown is not drawn."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        with self.canvas.before:  # opaque: written with blending off (widgets/opaque.py)
            self._bg_colour = Color(*theme.SURFACE)
            opaque(self._bg_colour)
            self._bg = Mesh(mode="triangles")
            self._frame_colour = Color(0, 0, 0, 0)
            opaque(self._frame_colour)
            self._frame = Line(points=[], width=1)
            blended()
        self.bind(pos=self._fit, size=self._fit)
        self._inputs: tuple | None = None

    def same(self, *inputs: Any) -> bool:
        """True when show() is handed what the panel shows already, in the same language:
        then nothing of it is touched (a move changes one quarry and one or two tiles)."""
        key = (current(), inputs)
        if key == self._inputs:
            return True
        self._inputs = key
        return False

    def covered(self) -> list[tuple]:
        """Rectangles inside the panel that a child paints over (none here)."""
        return []

    def _fit(self, *_: Any) -> None:
        self._bg.vertices, self._bg.indices = quads(uncovered((self.x, self.y, self.width, self.height),
                                                              self.covered()))
        if self._frame_colour.a > 0:
            self._frame.width = dp(2)
            self._frame.rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2)
        elif self._frame.points:  # a 1-wide Line with no points draws nothing at all
            self._frame.width, self._frame.points = 1, []

    def framed(self, on: bool, frame: Any = (0, 0, 0, 0)) -> None:
        """Only what changed is touched: an unchanged canvas costs the next frame nothing.
        A frame is drawn opaque (a translucent one is blended over the panel here): Kivy
        draws a wide Line of alpha < 1 inside a stencil of its own, and a stencil cleared
        mid-frame costs a software GL a pass over the whole window, per line."""
        was = self._frame_colour.a > 0
        rgba = theme.ACCENT if on else tuple(frame)
        if 0 < rgba[3] < 1:
            rgba = (*(rgba[3] * c + (1 - rgba[3]) * b for c, b in zip(rgba[:3], theme.SURFACE[:3])), 1)
        set_rgba(self._frame_colour, rgba)
        set_rgba(self._bg_colour, theme.SURFACE_HI if on else theme.SURFACE)
        if (self._frame_colour.a > 0) != was:
            self._fit()


class PlayerTile(BoardPanel):
    """One player: symbol and name; gold and blocks in hand, then cards left,
    markers and what they are doing (smaller). Tapping it asks for their private view."""

    def __init__(self, on_tap: Any, **kw: Any) -> None:
        super().__init__(orientation="vertical", padding=(dp(3), dp(1)), **kw)
        self.seat = 0
        self.on_tap = on_tap
        bottom = BoxLayout(spacing=dp(3))
        self.name_row = BoxLayout(spacing=dp(3))
        self.name = label(halign="left")
        self._name = ("", "")  # (the whole name line, the seat's symbol)
        self._name_shown = ""
        # the turn clock (none when off): beside the name when both fit; else the running seat's
        # time takes its name's place (the symbol and the gold frame say whose; the prompt names them)
        self.clock = seat_clock(font_size=GLANCE, bold=False)  # five tiles at 800 px: every pixel counts
        self.clock.on_change = self._fit_clock
        self.name_row.bind(width=lambda *_: self._fit_clock())
        self.name_row.add_widget(self.name)
        self.name_row.add_widget(self.clock)
        self.gold = label(bold=True, halign="left", size_hint_x=None, shorten=False, wrap=False)
        self.gold.color = theme.ACCENT
        self.blocks = label(halign="left", size_hint_x=None, shorten=False, markup=True, wrap=False)
        for w in (self.gold, self.blocks):  # as wide as their text: the status gets the rest
            w.bind(texture_size=lambda w, s: setattr(w, "width", s[0] + dp(2) if w.text else 0))
        self.status = label(SMALL, dim=True, halign="left", shorten=False, wrap=False)
        self.status.bind(size=lambda *_: self._fit_status())
        self._status = ""
        for w in (self.gold, self.blocks, self.status):
            bottom.add_widget(w)
        self.add_widget(self.name_row)
        self.add_widget(bottom)

    def on_touch_up(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and touch.grab_current is None:
            self.on_tap(self.seat)
            return True
        return bool(super().on_touch_up(touch))

    def show(self, p: dict, seats: Seats, acting: bool, status: str) -> None:
        if self.same(p, dict(seats), acting, status):
            return
        self.seat = p["seat"]
        # whose turn: the name turns gold in a gold frame (a colour change redraws no text)
        whole = f"{seats[p['seat']][1]} {p['name']}"
        if self._name != (whole, seats[p["seat"]][1]):
            self._name = (whole, seats[p["seat"]][1])
            self._fit_clock()
        self.name.color = theme.ACCENT if acting else theme.TEXT
        self.gold.text = f"{p['gold']}g"
        self.name.glance = self.gold.glance = self.blocks.glance = True
        # no blocks in hand (before transport): the room goes to what they are doing
        self.blocks.text = f"{p['blocks']}[size={int(SMALL + 2)}]▣[/size]" if p["blocks"] else ""
        if status != self._status:
            self._status = status
            self._fit_status()
        self.framed(acting, frame=(*seats[p["seat"]][2][:3], 0.9))


    def _fit_clock(self) -> None:
        """The name and the turn clock on one line when both fit; else the running
        seat's time in its name's place (five tiles at 800 px), and an idle seat's bank
        left out (it shows when that seat's turn comes)."""
        whole, symbol = self._name
        text = self.clock.fit(self.name, whole, symbol)
        if self._name_shown != text:  # an unchanged name is not rendered again
            self._name_shown = self.name.text = text

    def _fit_status(self) -> None:
        """The game's status ("8 cards · starts · 1st player"): as many of its pieces as
        fit whole (a narrow tile shows the first ones, never a cut word)."""
        bits = self._status.split(" · ") if self._status else []
        room = self.status.width
        self.status.text_size = (None, None)  # measured at its natural width
        while bits:
            self.status.text = " · ".join(bits)
            self.status.texture_update()
            if self.status.texture_size[0] <= room:
                break
            bits.pop()
        else:
            self.status.text = ""
        self.status.text_size = (self.status.width, None)


class Chip(Label):
    """A card at a quarry: its owner's colour and symbol, low/high or its value."""

    color: Any  # Label's ColorProperty, for the type checker (Kivy is untyped)

    def __init__(self, **kw: Any) -> None:
        super().__init__(font_name=FONT, font_size=GLANCE, bold=True, markup=True, **kw)
        self.glance = True  # a card's owner and low/high: read across the table
        with self.canvas.before:
            self._colour = Color(0, 0, 0, 0)
            opaque(self._colour)
            self._rect = Rectangle(pos=self.pos, size=self.size)
            blended()
        self.bind(pos=self._fit, size=self._fit)

    def _fit(self, *_: Any) -> None:
        self._rect.pos = (self.x + dp(1), self.y + dp(1))
        self._rect.size = (max(0, self.width - dp(2)), max(0, self.height - dp(2)))

    def paint(self, rgba: Any, text: str) -> None:
        set_rgba(self._colour, rgba)
        ink = theme.ink_on(rgba)
        if tuple(self.color) != tuple(ink):
            self.color = ink
        self.text = text

    def blank(self) -> None:
        set_rgba(self._colour, (0, 0, 0, 0))
        self.text = ""


class QuarryColumn(BoardPanel):
    """One quarry: its number and cards laid of its limit, the blocks it pays by
    place, the marker above it (or, once scored, who won how many blocks), then
    its cards in placement order."""

    CHIP_ROW = GLANCE + dp(6)
    PER_ROW = 3

    def __init__(self, chips: int, **kw: Any) -> None:
        super().__init__(orientation="vertical", padding=dp(2), spacing=dp(1), **kw)
        self.title = snug(label(bold=True, markup=True, size_hint_y=None, height=GLANCE + dp(4), wrap=False))
        # its cards laid of its limit and its marker: two lines at glance size
        self.marker = label(GLANCE, dim=True, markup=True, size_hint_y=None, height=2 * GLANCE + dp(8),
                            shorten=False, wrap=False)
        self.marker.bind(width=lambda w, x: setattr(w, "text_size", (x - dp(2), None)),
                         texture_size=lambda w, ts: setattr(w, "height", max(2 * w.font_size + dp(8), ts[1])))
        self.cards = GridLayout(cols=self.PER_ROW, spacing=dp(2), row_force_default=True,
                                row_default_height=self.CHIP_ROW)
        self.chips = [Chip() for _ in range(chips)]
        for chip in self.chips:
            self.cards.add_widget(chip)
        for w in (self.title, self.marker, self.cards):
            self.add_widget(w)
        self._laid = 0
        self.bind(size=self._fit_cards)
        self.marker.bind(height=self._fit_cards)

    @classmethod
    def height_for(cls, chips: int) -> float:
        """Tall enough for its number, what it pays, its marker line and `chips` cards."""
        rows = -(-chips // cls.PER_ROW)
        return GLANCE + dp(4) + 2 * GLANCE + dp(8) + rows * (cls.CHIP_ROW + dp(2)) + dp(8)

    def show(self, q: dict, seats: Seats, current: bool, result: dict | None) -> None:
        if self.same(q, dict(seats), current, result):
            return
        pays = "·".join(map(str, q["blocks"]))
        # the blocks it pays are the glance text; where four places pay, its number
        # moves to the line below (seven quarries side by side leave ~110 px each)
        long = len(q["blocks"]) >= 4
        self.title.text = ("" if long else words.quarry_short(q["quarry"]) + " ") + \
            f"[color={theme.hex_colour(theme.ACCENT)}]{pays}[/color]"
        number = words.quarry_short(q["quarry"]) + " " if long else ""  # said once, on this line
        count = number + f"{len(q['cards'])}/{q['max_cards']}\n"
        if result is not None:  # scored: the blocks each player won here, most first
            won = sorted(((int(k), b) for k, b in result["blocks"].items() if b), key=lambda sb: -sb[1])
            self.marker.text = number + (" ".join(mark(seats, s, str(b)) for s, b in won) or words.no_blocks_label())
            self.marker.color = theme.TEXT
        else:
            self.marker.text = count + (short_marker_name(q["marker"]) if q["marker"] else "—")
            self.marker.color = theme.TEXT_DIM
        if q["protected"]:  # shielded here against -3 cards
            self.marker.text = words.safe_label() + " " + "".join(mark(seats, s, "") for s in q["protected"]) + " " + \
                self.marker.text
        self.framed(current)
        items = []
        for card in q["cards"]:
            _, symbol, rgba = seats[card["seat"]]
            # a narrow hyphen in a chip: seven quarries side by side leave a chip ~35 px
            items.append((rgba, _chip(symbol, str(card["value"]) if "value" in card else words.card_back(card["low"]))))
        if q["two_points"] is not None:
            _, symbol, rgba = seats[q["two_points"]]
            items.append((rgba, _chip(symbol, "+2")))
        self._laid = len(items)
        for chip, item in zip(self.chips, items):
            chip.paint(*item)
            show_in_place(chip, True)
        for chip in self.chips[len(items):]:
            chip.blank()
            show_in_place(chip, False)
        self._fit_cards()

    def _fit_cards(self, *_: Any) -> None:
        """The marker line and the chips at glance size where the column has room for
        them; in a full column on a crowded screen, both smaller (theme.MIN_PX) and more
        chips a row, never drawn past the column. Decided from the glance layout's
        height, so the choice does not flip back and forth."""
        room = self.height - self.title.height - dp(10)
        glance_rows = -(-self._laid // self._cols(GLANCE))
        # smaller too where a word of the marker is wider than the column (a longer
        # language's "Versetzen"): a word is never broken in two
        compact = _text_size(self.marker.text, GLANCE, self.marker.width - dp(2))[1] + \
            glance_rows * (self.CHIP_ROW + dp(2)) > room or \
            _widest_word(self.marker.text, GLANCE) > self.marker.width - dp(2)
        size = SMALL if compact else GLANCE
        cols, row = self._cols(size), (SMALL + dp(6) if compact else self.CHIP_ROW)
        if (self.cards.cols, self.cards.row_default_height) != (cols, row):
            self.cards.cols, self.cards.row_default_height = cols, row
        if self.marker.font_size != size:
            self.marker.font_size = size
            self.marker.glance = not compact
            for chip in self.chips:
                chip.font_size = size
                chip.glance = not compact

    def _cols(self, size: float) -> int:
        """How many chips of the widest text laid here fit side by side (1 to 4)."""
        widest = max((_text_size(c.text, size)[0] for c in self.chips if c.text), default=dp(30))
        return max(1, min(self.PER_ROW + 1, int((self.width - dp(2)) // (widest + dp(4)))))


@lru_cache(maxsize=512)
def _widest_word(text: str, size: float) -> float:
    """How wide the widest word of `text` (markup aside) is at `size`."""
    words = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", " ", text).split()
    return max((_text_size(w, size)[0] for w in words), default=0.0)


@lru_cache(maxsize=512)
def _text_size(text: str, size: float, width: float | None = None) -> tuple[float, float]:
    """How wide and tall `text` is at `size` (wrapped in `width`: at least two lines)."""
    from kivy.core.text.markup import MarkupLabel

    lab = MarkupLabel(text=text, font_size=size, font_name=FONT, markup=True, bold=True, halign="center",
                      text_size=(max(1, width), None) if width is not None else (None, None))
    lab.refresh()
    w, h = lab.texture.size if lab.texture else (0, 0)
    return float(w), (max(2 * size + dp(8), float(h)) if width is not None else float(h))


@lru_cache(maxsize=256)
def _chip(symbol: str, text: str) -> str:
    """A chip's text: the owner's symbol (a little smaller) and the card's low/high or value."""
    return f"[size={int(SMALL)}]{symbol}[/size]{text}"


class LevelRow(Widget):
    """One level of a pyramid: a bar filled as far as the level is, and the blocks
    of each colour on it."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        with self.canvas.before:  # opaque: written with blending off (widgets/opaque.py)
            back = Color(*theme.SURFACE_HI)
            opaque(back)
            self._back = Rectangle()
            self._fill_colour = Color(*theme.SURFACE)
            self._fill = Rectangle()
            blended()
        self.text = snug(label(markup=True, halign="center", shorten=False, wrap=False), clip=True)
        self.add_widget(self.text)
        self.fraction = 0.0
        self.bind(pos=self._fit, size=self._fit)

    def bar(self) -> tuple:
        """The level's bar (x, y, w, h): what it paints, fill and the rest, each pixel once."""
        return self.x, self.y + dp(1), self.width, self.height - dp(2)

    def _fit(self, *_: Any) -> None:
        x, y, w, h = self.bar()
        filled = w * self.fraction
        self._fill.pos, self._fill.size = (x, y), (filled, h)
        self._back.pos, self._back.size = (x + filled, y), (w - filled, h)
        self.text.pos, self.text.size = self.pos, self.size

    def show(self, level: dict, seats: Seats) -> None:
        placed = sum(level["blocks"])
        fraction = min(1.0, placed / max(1, level["spaces"]))
        full = placed >= level["spaces"]
        set_rgba(self._fill_colour, (0.20, 0.34, 0.24, 1) if full else (0.30, 0.30, 0.38, 1))
        if fraction != self.fraction:
            self.fraction = fraction
            self._fit()
        shown = " ".join(mark(seats, s, str(n)) for s, n in enumerate(level["blocks"]) if n)
        self.text.text = shown or f"[color={theme.hex_colour(theme.TEXT_DIM)}]0/{level['spaces']}[/color]"


class PyramidColumn(BoardPanel):
    """One pyramid: its name, then its levels from the top down."""

    def __init__(self, levels: int, **kw: Any) -> None:
        super().__init__(orientation="vertical", padding=dp(2), spacing=0, **kw)
        # the name whole, in two lines where the column is narrow ("Chichen / Itza" in portrait)
        self.title = snug(label(GLANCE, bold=True, shorten=False, wrap=False, size_hint_y=None,
                                height=GLANCE + dp(8)))
        self.title.bind(texture_size=lambda w, ts: setattr(w, "height", max(GLANCE + dp(8), ts[1] + dp(4))))
        self.add_widget(self.title)
        self.rows = [LevelRow() for _ in range(levels)]
        for row in reversed(self.rows):  # the top level first
            self.add_widget(row)
            row.bind(pos=self._fit, size=self._fit)

    def covered(self) -> list[tuple]:
        return [row.bar() for row in self.rows]

    def show(self, p: dict, seats: Seats) -> None:
        if self.same(p, dict(seats)):
            return
        self.title.text = p["name"]
        for row, level in zip(self.rows, p["levels"]):
            row.show(level, seats)


"""A Maya numeral drawn with canvas instructions: dot = 1, bar = 5, shell = 0.

As the Maya Madness rulebook's "About the Maya" explains, the system is
vigesimal: the bottom level counts 1..19, the one above it units of 20, then
400, and so on; a level worth nothing shows the shell. Negative numbers have
no Maya form, so the widget draws a heavy minus mark beside the glyphs (and
the screens always show our digits too).
"""
from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.widget import Widget


def maya_levels(value: int) -> list[int]:
    """Base-20 digits of abs(value), most significant first (0 -> [0])."""
    n = abs(int(value))
    digits = []
    while True:
        digits.append(n % 20)
        n //= 20
        if n == 0:
            break
    return digits[::-1]


def glyph_parts(digit: int) -> tuple[int, int]:
    """(dots, bars) for one level's digit 1..19; (0, 0) means the shell."""
    return digit % 5, digit // 5


class MayaNumeral(Widget):
    value = NumericProperty(0)
    ink = ListProperty([0.98, 0.76, 0.25, 1])
    minus_ink = ListProperty([1.0, 0.45, 0.40, 1])

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(value=self.redraw, pos=self.redraw, size=self.redraw, ink=self.redraw)
        self.redraw()

    def redraw(self, *_):
        self.canvas.clear()
        levels = maya_levels(self.value)
        negative = self.value < 0
        x, y, w, h = self.x, self.y, self.width, self.height
        if w <= 0 or h <= 0:
            return
        sign_w = w * 0.22 if negative else 0
        gx, gw = x + sign_w, w - sign_w
        level_h = h / len(levels)
        with self.canvas:
            if negative:
                Color(*self.minus_ink)
                bar_h = max(5.0, min(h, w) * 0.1)
                Rectangle(pos=(x + sign_w * 0.05, y + h / 2 - bar_h / 2), size=(sign_w * 0.8, bar_h))
            for i, digit in enumerate(levels):
                # The most significant level sits on top; a small gap separates levels.
                cy = y + h - (i + 1) * level_h
                self._draw_level(digit, gx, cy + level_h * 0.06, gw, level_h * 0.88)

    def _draw_level(self, digit, x, y, w, h):
        Color(*self.ink)
        if digit == 0:
            self._draw_shell(x, y, w, h)
            return
        dots, bars = glyph_parts(digit)
        rows = bars + (1 if dots else 0)
        unit = min(h / max(rows, 1), w * 0.3)
        bar_h = unit * 0.55
        bar_w = min(w * 0.9, unit * 4.2)
        bx = x + (w - bar_w) / 2
        # Bars at the bottom, dots above them, the whole stack centred vertically.
        total = rows * unit
        cur = y + (h - total) / 2
        for _ in range(bars):
            RoundedRectangle(pos=(bx, cur + (unit - bar_h) / 2), size=(bar_w, bar_h), radius=[bar_h / 3])
            cur += unit
        if dots:
            d = unit * 0.6
            step = bar_w / 4
            left = x + w / 2 - (dots - 1) * step / 2
            for k in range(dots):
                Ellipse(pos=(left + k * step - d / 2, cur + (unit - d) / 2), size=(d, d))

    def _draw_shell(self, x, y, w, h):
        sw = min(w * 0.8, h * 1.6)
        sh = sw * 0.55
        sx, sy = x + (w - sw) / 2, y + (h - sh) / 2
        lw = max(1.5, sh * 0.08)
        Line(ellipse=(sx, sy, sw, sh), width=lw)
        # The shell's ridges: two arcs inside make it read as a shell, not an O.
        Line(ellipse=(sx + sw * 0.18, sy + sh * 0.25, sw * 0.64, sh * 0.5, 90, 270), width=lw * 0.8)
        Line(points=[sx + sw * 0.5, sy + sh * 0.2, sx + sw * 0.5, sy + sh * 0.8], width=lw * 0.8)

"""Small plots drawn with Kivy graphics instructions: lines over time and bars.

No plotting library is loaded: a plot is a few Line/Rectangle instructions on
the widget's canvas plus a handful of Labels for the axes and the legend, so it
costs next to nothing on a Pi and is redrawn only when its data or size change.
Every series has a name and a colour *and* a symbol (colour-blind safe); every
label is at least 16 px, the title and legend 20 px, readable at 800x480.

    plot = LinePlot(title="Scores over time")
    plot.set_series([("● Ana", (0.9, 0.25, 0.22, 1), [3, 9, 7]), ...], x_labels=["12 Nov", ...])
    bars = BarPlot(title="Wins by seat")
    bars.set_bars(["Seat 1", "Seat 2"], [5, 2], colour=theme.ACCENT)
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from .. import theme
from ..i18n import N_, _

AXIS = (0.55, 0.55, 0.6, 1)
GRID = (0.25, 0.25, 0.3, 1)


def nice_ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    """About `count` round tick values covering lo..hi (1, 2, 5 times a power of ten)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, count)
    power = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    start = (lo // step) * step
    ticks = [start]
    while ticks[-1] < hi - step * 1e-9:  # the last tick at or above hi: every value inside the frame
        ticks.append(ticks[-1] + step)
    return ticks


class _Plot(Widget):
    """Shared frame: title, plot area, axis labels (child Labels, reused)."""

    title = StringProperty("")
    empty_text = StringProperty(N_("Nothing to draw yet."))  # translated where drawn

    def __init__(self, **kw):
        super().__init__(**kw)
        self._labels: list[Label] = []
        self._used = 0
        self._redraw = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        self.bind(pos=self._redraw, size=self._redraw, title=self._redraw)

    def _label(self, text: str, size: float, pos: tuple[float, float], anchor: str = "center",
               colour=theme.TEXT_DIM, bold: bool = False, wrap: float | None = None) -> Label:
        if self._used < len(self._labels):
            lab = self._labels[self._used]
        else:
            lab = Label(size_hint=(None, None))
            self._labels.append(lab)
            self.add_widget(lab)
        self._used += 1
        lab.text, lab.font_size, lab.color, lab.bold, lab.opacity = text, size, colour, bold, 1
        lab.font_name = theme.SYMBOL_FONT
        lab.text_size = (wrap, None) if wrap else (None, None)
        lab.halign = "center"
        lab.texture_update()
        lab.size = lab.texture_size
        x, y = pos
        if anchor == "center":
            lab.center = (x, y)
        elif anchor == "right":
            lab.right, lab.center_y = x, y
        elif anchor == "left":
            lab.x, lab.center_y = x, y
        elif anchor == "top":
            lab.center_x, lab.top = x, y
        return lab

    def _axis_label(self, text: str, cx: float, y: float, left: float) -> Label:
        """A label under the x axis, kept right of the y axis's numbers and inside the plot."""
        lab = self._label(text, sp(18), (cx, y), "center")
        lab.x = max(left, min(lab.x, self.right - dp(2) - lab.width))
        return lab

    @staticmethod
    def _every(names, slot: float) -> int:
        """Label every n-th step so labels this wide never touch (measured: a language's words differ)."""
        from .fit import natural_width

        widest = max((natural_width(str(n), sp(18), theme.SYMBOL_FONT) for n in names), default=sp(10)) + dp(16)
        # the first label may be pushed right by half its width (kept clear of the y axis)
        need = widest + max(0.0, widest - slot) / 2
        return max(1, -(-int(need) // max(1, int(slot))))

    def _begin(self) -> tuple[float, float, float, float]:
        """Clear; draw the title; return the plot area (x, y, w, h)."""
        self.canvas.before.clear()
        self._used = 0
        with self.canvas.before:
            Color(*theme.SURFACE)
            Rectangle(pos=self.pos, size=self.size)
        top = self.top - dp(6)
        if self.title:  # wrapped to the plot's width when it is narrow (a portrait panel)
            lab = self._label(self.title, sp(20), (self.center_x, top), "top", theme.TEXT, bold=True,
                              wrap=self.width - dp(12))
            top -= lab.height + dp(2)
        left, bottom = self.x + dp(52), self.y + dp(30)
        return left, bottom, max(dp(10), self.right - dp(14) - left), max(dp(10), top - dp(8) - bottom)

    def _end(self) -> None:
        for lab in self._labels[self._used:]:
            lab.opacity = 0
            lab.text = ""

    def _y_axis(self, x: float, y: float, w: float, h: float, lo: float, hi: float) -> None:
        ticks = nice_ticks(lo, hi)
        lo, hi = ticks[0], ticks[-1] if ticks[-1] > ticks[0] else ticks[0] + 1
        with self.canvas.before:
            for t in ticks:
                ty = y + (t - lo) / (hi - lo) * h
                Color(*GRID)
                Line(points=[x, ty, x + w, ty], width=1)
        for t in ticks:
            ty = y + (t - lo) / (hi - lo) * h
            self._label(f"{t:g}", sp(18), (x - dp(6), ty), "right")
        with self.canvas.before:
            Color(*AXIS)
            Line(points=[x, y + h, x, y, x + w, y], width=1.2)
        self._scale = (lo, hi)

    def _empty(self) -> None:
        self._label(_(self.empty_text), sp(20), self.center, "center", theme.TEXT_DIM)
        self._end()


class LinePlot(_Plot):
    """Several series of numbers over the same x steps (games, rounds)."""

    def __init__(self, **kw):
        self.series: list[tuple[str, tuple, list[float]]] = []
        self.x_labels: list[str] = []
        super().__init__(**kw)

    def set_series(self, series, x_labels=None) -> None:
        """series: [(name with symbol, rgba, [y per x])]; x_labels: one per x (thinned to fit)."""
        self.series = [(n, c, list(ys)) for n, c, ys in series if ys]
        self.x_labels = list(x_labels or [])
        self._redraw()

    def _legend_lines(self, left: float) -> int:
        """How many lines the legend takes at this width (about 10 sp a letter, bold)."""
        lines, lx = 1, left
        for name, _rgba, _ys in self.series:
            width = len(name) * sp(11) + dp(14)
            if lx + width > self.right - dp(4) and lx > left:
                lines, lx = lines + 1, left
            lx += width
        return lines

    def redraw(self) -> None:
        x, y, w, h = self._begin()
        values = [v for _n, _c, ys in self.series for v in ys if v is not None]
        if not values:
            return self._empty()
        steps = max(len(ys) for _n, _c, ys in self.series)
        legend_h = sp(26) * self._legend_lines(x)
        h -= legend_h
        y0 = y
        y += 0
        self._y_axis(x, y0, w, h, min(0, min(values)), max(values))
        lo, hi = self._scale

        def px(i: int) -> float:
            return x + (w * (i + 0.5) / steps)

        with self.canvas.before:
            for _name, rgba, ys in self.series:
                # None is a step this series has no value for (a game the player sat out):
                # the line joins the values it has, so it never invents one.
                pts = []
                for i, v in enumerate(ys):
                    if v is not None:
                        pts += [px(i), y0 + (v - lo) / (hi - lo) * h]
                Color(*rgba)
                if len(pts) >= 4:
                    Line(points=pts, width=dp(2))
                for i in range(0, len(pts), 2):
                    Ellipse(pos=(pts[i] - dp(4), pts[i + 1] - dp(4)), size=(dp(8), dp(8)))
        # x labels: as many as fit without overlapping (about 70 px each)
        if self.x_labels:
            every = self._every(self.x_labels[:steps], w / steps)
            for i in range(0, min(steps, len(self.x_labels)), every):
                self._axis_label(self.x_labels[i], px(i), y0 - dp(14), x)
        # legend above the plot area, on as many lines as the names need
        lx = x
        ly = y0 + h + legend_h - sp(13)
        for name, rgba, _ys in self.series:
            lab = self._label(name, sp(18), (lx, ly), "left", rgba, bold=True)
            if lab.right > self.right - dp(4) and lx > x:
                lx, ly = x, ly - sp(26)
                lab.x, lab.center_y = lx, ly
            lx = lab.right + dp(14)
        self._end()
        return None


class BarPlot(_Plot):
    """One bar per category, the value written on it."""

    def __init__(self, **kw):
        self.names: list[str] = []
        self.values: list[float] = []
        self.colour = theme.ACCENT
        super().__init__(**kw)

    def set_bars(self, names, values, colour=None) -> None:
        self.names, self.values = list(names), list(values)
        if colour is not None:
            self.colour = colour
        self._redraw()

    def redraw(self) -> None:
        x, y, w, h = self._begin()
        if not self.values or not any(self.values):
            return self._empty()
        self._y_axis(x, y, w, h, 0, max(self.values))
        lo, hi = self._scale
        n = len(self.values)
        slot = w / n
        bar = slot * 0.7
        with self.canvas.before:
            Color(*self.colour)
            for i, v in enumerate(self.values):
                Rectangle(pos=(x + i * slot + (slot - bar) / 2, y), size=(bar, (v - lo) / (hi - lo) * h))
        for i, (name, v) in enumerate(zip(self.names, self.values)):
            cx = x + i * slot + slot / 2
            top = y + (v - lo) / (hi - lo) * h
            if top + sp(22) <= y + h:  # above the bar
                self._label(f"{v:g}", sp(18), (cx, top + sp(12)), "center", theme.TEXT, bold=True)
            else:  # the tallest bar: the number inside its top, in ink that reads on the bar
                self._label(f"{v:g}", sp(18), (cx, top - sp(12)), "center", theme.ink_on(self.colour), bold=True)
            if i % self._every(self.names, slot) == 0:
                self._axis_label(name, cx, y - dp(14), x)
        self._end()
        return None

"""A seat's turn clock in its tile (issue 25): "0:42", "+0:05" past zero, nothing
when the table runs no clock or (a timer) it is not that seat's turn.

Every table screen puts one in each seat's tile (`seat_clock()`), keeps them in
`screen.seat_clocks` (seat -> label), and kivy_ui/turn_clock.py sets their text
once a second: only these labels are redrawn, never the screen. As wide as its
text (none when empty), so a tile without a clock keeps all its room.
"""
from __future__ import annotations

from typing import Any

from kivy.metrics import sp
from kivy.uix.label import Label

from .. import theme

FONT = theme.SYMBOL_FONT if theme.SYMBOL_FONT.endswith(".ttf") else theme.SYMBOL_FONT + ".ttf"


class SeatClock(Label):
    """The seat's time, bold at glance size; gold while it runs, red in its last seconds
    and past zero, dim while it waits (a chess bank) or the clock is paused."""

    def __init__(self, **kw: Any) -> None:
        kw.setdefault("font_size", sp(theme.GLANCE_PX))
        kw.setdefault("bold", True)
        super().__init__(font_name=FONT, size_hint_x=None, width=0, halign="right", valign="middle",
                         color=theme.TEXT_DIM, **kw)
        self.glance = True  # read across the table (AppDriver.small_text holds it to GLANCE_PX)
        self.running = False
        self.hidden = False  # left out by a tile with no room for it (its place is none)
        #: called after the text or whether it runs changed: a tight tile fits its name and clock again
        self.on_change: Any = None
        self.bind(texture_size=self._fit)

    def _fit(self, *_: Any) -> None:
        me: Any = self
        me.width = me.texture_size[0] + 4 if me.text and not self.hidden else 0

    def show(self, text: str, running: bool, warning: bool) -> None:
        """Only what changed is set: an unchanged text is not rendered again."""
        me: Any = self
        changed = running != self.running or len(text) != len(me.text)
        self.running = running
        if text != me.text:
            me.text = text
        colour = theme.DANGER if warning else theme.ACCENT if running else theme.TEXT_DIM
        if tuple(me.color) != tuple(colour):
            me.color = colour
        if changed and self.on_change is not None:
            me.texture_update()
            self.on_change()

    def fit(self, name: Any, whole: str, short: str = "") -> str:
        """The text for the name beside this clock, in a row (a BoxLayout) where the name
        is the one flexible widget: the whole name when both fit; else, while this seat's
        time runs, `short` (its symbol, or nothing) so the time takes the name's place, and
        for a waiting seat the clock is left out (its time shows when its turn comes)."""
        row = self.parent
        room = float("inf")
        if row is not None:
            fixed = sum(c.width for c in row.children if c is not self and c is not name and c.size_hint_x is None)
            pad = row.padding[0] + row.padding[2] if len(row.padding) == 4 else 2 * row.padding[0]
            room = row.width - fixed - row.spacing * (len(row.children) - 1) - pad
        me: Any = self
        fits = not me.text or self._natural(name, whole) + self.natural_width <= room
        if fits or not self.running:
            text = whole
        else:
            text = short if short and self._natural(name, short) + self.natural_width <= room else ""
        shown = bool(me.text) and (fits or self.running)
        if self.hidden == shown:
            self.hidden = not shown
            self._fit()
        if me.opacity != (1 if shown else 0):
            me.opacity = 1 if shown else 0
        return text

    def _natural(self, name: Any, text: str) -> float:
        """A text's natural width in the name label's font (measured once per text)."""
        widths = self.__dict__.setdefault("_widths", {})
        width = widths.get(text)
        if width is None:
            from kivy.core.text import Label as CoreLabel

            core = CoreLabel(text=text, font_size=name.font_size, font_name=name.font_name, bold=name.bold)
            core.refresh()
            width = widths[text] = float(core.content_width)
        return float(width)

    @property
    def natural_width(self) -> float:
        me: Any = self
        return float(me.texture_size[0] + 4) if me.text else 0.0


def seat_clock(**kw: Any) -> SeatClock:
    return SeatClock(**kw)

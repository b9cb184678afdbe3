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

    @property
    def natural_width(self) -> float:
        me: Any = self
        return float(me.texture_size[0] + 4) if me.text else 0.0


def seat_clock(**kw: Any) -> SeatClock:
    return SeatClock(**kw)

"""The first-game guide's card over a table screen (issue 25 §1): the card's title and
its lines (companion/table/teach.py, in the game's words), read from across the table
(the title at least 26 sp, the lines 24 sp, wrapped, never shortened), and a last
dim line saying one tap goes on. One tap anywhere on it dismisses it: the finger's
lift, so the touch ends on the card and never reaches the table beneath.

Built once per table screen ahead of any move (GameScreen.prepare, or when the
screen first shows a table) and refilled for each card. GameScreen shows it only
while the privacy gate is closed: it never covers a private view.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout

from .. import theme
from ..i18n import _, kept
from .fit import fit_font
from .gate import GateModal
from .help_overlay import LINE_SP, _escape

TITLE_SP = 30


class TeachOverlay(GateModal):
    """`show(card, on_dismiss)`: the card over the whole window until one tap."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(6))
        self.title = Factory.Heading(height=dp(theme.CHROME_H), color=theme.ACCENT)
        fit_font(self.title, sp(TITLE_SP), sp(26))
        box.add_widget(self.title)
        # a card is two to four short lines: no scrolling (a drag is a tap too)
        self.lines = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(8))
        self.lines.bind(minimum_height=self.lines.setter("height"))
        box.add_widget(self.lines)
        box.add_widget(BoxLayout())
        # i18n: the foot of a first-game guide's card; one tap anywhere closes it
        self.hint = kept(Factory.Body(size_hint_y=None, height=dp(36), font_size=sp(LINE_SP), halign="center",
                                      color=theme.TEXT_DIM), lambda: _("Tap anywhere to go on"))
        box.add_widget(self.hint)
        self.add_widget(box)
        self.card: Any = None
        self._then: Any = None
        self._down: Any = None

    def show(self, card: Any, then: Any = None) -> None:
        """Lay out `card` (companion.table.teach.Card) and open; `then(card)` when dismissed."""
        self.card, self._then = card, then
        self.title.text = card.title
        self.lines.clear_widgets()
        for line in card.lines:
            label = Factory.Body(text=_escape(line), markup=True, font_size=sp(LINE_SP), size_hint_y=None)
            label.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(4)))
            self.lines.add_widget(label)
        if not self._is_open:
            self.open(animation=False)

    def on_touch_down(self, touch: Any) -> bool:
        if self._below(touch):
            return False
        self._down = touch.uid
        return True

    def on_touch_move(self, touch: Any) -> bool:
        return not self._below(touch)

    def on_touch_up(self, touch: Any) -> bool:
        if self._below(touch):
            return False
        if self._down == touch.uid:  # one tap: down and up on the card
            self._down = None
            self.close(dismissed=True)
        return True

    def close(self, dismissed: bool = False) -> None:
        """Shut it; dismissed: by the table's tap (the card is not shown again)."""
        card, then = self.card, self._then
        self.card, self._then = None, None
        if self._is_open:
            self.dismiss(animation=False)
        if dismissed and then is not None and card is not None:
            then(card)

    def texts(self) -> list[str]:
        """What the card shows, title first (tests)."""
        return [self.title.text, *(w.text for w in reversed(self.lines.children))]


__all__ = ["TeachOverlay"]
